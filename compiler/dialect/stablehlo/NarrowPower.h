//===- NarrowPower.h - pow for f32, f16 and bf16 ----------------*- C++ -*-===//
//
// power(x, y) for floats narrower than f64 is computed in f64 and rounded
// once to the element type, by both backends. The exponents that models
// write as constants (x^2, x^3 in GELU's tanh form as PyTorch exports it,
// x^4, x^-1, x^1) are products or a quotient in f64: x^2 is exact, x^3 =
// x^2 x, x^4 = (x^2)^2 and 1 / x are rounded once, so each is the correctly
// rounded f64 power, as the C library's pow gives it, and every special
// value (+-0, +-inf, NaN) comes out as pow's. Other exponents call the
// f64 C library pow. Compiled code evaluates this selection with the
// exponent's value; where the exponent is a constant, the selects fold and
// x^3 over a vector is two f64 multiplies per lane instead of one library
// call per element (VectorMath.cpp). The interpreter runs the same
// selection on scalars, so both compute the same bits.
//
// `Ops` provides a 64-bit float type Double, a Bool, and: wideConstant
// wideMul wideDiv wideEqual select(Bool, Double, Double) libraryPow.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_NARROWPOWER_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_NARROWPOWER_H

#include <cmath>

namespace axle::f32math {

/// pow(x, y) in f64 for x and y widened from a narrower float type.
template <typename Ops>
typename Ops::Double narrowPower(Ops &ops, typename Ops::Double x,
                                 typename Ops::Double y) {
  auto exponentIs = [&](double value) {
    return ops.wideEqual(y, ops.wideConstant(value));
  };
  typename Ops::Double square = ops.wideMul(x, x);
  typename Ops::Double result = ops.libraryPow(x, y);
  result = ops.select(exponentIs(-1.0), ops.wideDiv(ops.wideConstant(1.0), x),
                      result);
  result = ops.select(exponentIs(1.0), x, result);
  result = ops.select(exponentIs(4.0), ops.wideMul(square, square), result);
  result = ops.select(exponentIs(3.0), ops.wideMul(square, x), result);
  return ops.select(exponentIs(2.0), square, result);
}

/// The interpreter's scalar form.
struct ScalarPowerOps {
  using Double = double;
  using Bool = bool;
  Double wideConstant(double value) { return value; }
  Double wideMul(Double a, Double b) { return a * b; }
  Double wideDiv(Double a, Double b) { return a / b; }
  Bool wideEqual(Double a, Double b) { return a == b; }
  Double select(Bool condition, Double a, Double b) {
    return condition ? a : b;
  }
  Double libraryPow(Double a, Double b) { return std::pow(a, b); }
};

inline double narrowPower(double x, double y) {
  ScalarPowerOps ops;
  return narrowPower(ops, x, y);
}

} // namespace axle::f32math

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_NARROWPOWER_H

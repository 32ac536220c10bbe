//===- F32Trigonometry.h - f32 sin, cos and tan -----------------*- C++ -*-===//
//
// The specification leaves the accuracy of sine, cosine and tan to the
// implementation. axle evaluates them for f32 (and bf16, through f32) with
// the recipe below, run by both backends as F32Exponentials.h's are: the
// interpreter over scalars, compiled code over vectors (VectorMath.cpp),
// from the same exactly rounded IEEE operations, so both compute the same
// bits. Unlike those recipes it works in f64 (8 lanes per AVX-512
// register instead of 16): the reduction modulo pi / 2 then needs no
// double-f32 arithmetic, and the f64 value is within ~2^-50 of the true
// one: an exhaustive sweep found every f32 input to round to the same bits
// as the f64 C library function does (worst 0.50 ULP).
//
//   |x| < 2^30: n = round(|x| 2 / pi) and r = |x| - n pi / 2, with pi / 2
//     in three f64 parts (Cody and Waite): the first product comes out
//     exact, so r keeps its relative accuracy even where |x| lies close to
//     a multiple of pi / 2. sin(r) and cos(r) are Taylor polynomials
//     (|r| <= pi / 4, truncation below 2^-50 relative), and n mod 4 picks
//     +-sin(r) or +-cos(r); tan(|x|) is sin(r) / cos(r) for even n and
//     -cos(r) / sin(r) for odd n, one f64 division. sine and tan are odd:
//     their sign is x's (so -0 stays -0).
//   larger |x|, infinities and NaN: the f64 C library function, rounded
//     once (as the interpreter computes every other transcendental
//     function); these are rare in models, and reducing them needs pi to
//     hundreds of bits.
//
// Beyond F32Exponentials.h's `Ops`, this recipe needs a 64-bit float type
// Double and: widen (Float -> Double) narrow (Double -> Float, rounded
// once), wideConstant(double), wideMul wideNeg wideFma wideRoundEven,
// wideToInt (of an integer-valued Double below 2^31), select over Doubles,
// andInt(Int, Int), nonZero(Int), and
// library(Bool reduced, Float x, Float value, TrigFunction f): `value`
// where `reduced`, elsewhere the C library's f64 f(x) rounded to f32.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_F32TRIGONOMETRY_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_F32TRIGONOMETRY_H

#include "compiler/dialect/stablehlo/F32Exponentials.h"

namespace axle::f32math {

enum class TrigFunction { Sine, Cosine, Tangent };

/// From this magnitude on (and for infinities and NaN), the C library.
inline constexpr float kTrigLibraryFrom = 0x1p30f;
inline constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
// pi / 2 = kHalfPi1 + kHalfPi2 + kHalfPi3 to 2^-163. n kHalfPi1 is exact
// in a fused multiply-add for n < 2^30, and so is |x| - n kHalfPi1 (a
// multiple of 2^-52 below 1 in magnitude).
inline constexpr double kHalfPi1 = 0x1.921fb54442d18p0;
inline constexpr double kHalfPi2 = 0x1.1a62633145c07p-54;
inline constexpr double kHalfPi3 = -0x1.f1976b7ed8fbcp-110;
// (-1)^k / (2k + 1)! for k = 1..7: sin(r) = r + r z S(z), z = r^2, to
// degree 15 (truncation 7e-17 relative on |r| <= pi / 4).
inline constexpr double kSineTerms[] = {
    -0x1.5555555555555p-3, 0x1.1111111111111p-7,   -0x1.a01a01a01a01ap-13,
    0x1.71de3a556c734p-19, -0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33,
    -0x1.ae7f3e733b81fp-41};
// (-1)^k / (2k)! for k = 1..7: cos(r) = 1 + z C(z), to degree 14
// (truncation 1e-15 relative).
inline constexpr double kCosineTerms[] = {-0x1.0p-1,
                                          0x1.5555555555555p-5,
                                          -0x1.6c16c16c16c17p-10,
                                          0x1.a01a01a01a01ap-16,
                                          -0x1.27e4fb7789f5cp-22,
                                          0x1.1eed8eff8d898p-29,
                                          -0x1.93974a8c07c9dp-37};

/// c[0] + z (c[1] + z (... c[N - 1])) in f64.
template <typename Ops, size_t N>
typename Ops::Double widePolynomial(Ops &ops, typename Ops::Double z,
                                    const double (&c)[N]) {
  typename Ops::Double p = ops.wideConstant(c[N - 1]);
  for (size_t k = N - 1; k-- > 0;)
    p = ops.wideFma(p, z, ops.wideConstant(c[k]));
  return p;
}

/// sin(x), cos(x) or tan(x) for f32 x.
template <typename Ops>
typename Ops::Float sinOrCos(Ops &ops, typename Ops::Float x,
                             TrigFunction function) {
  using Double = typename Ops::Double;
  typename Ops::Float a = ops.abs(x);
  // NaN compares false and goes to the library too.
  typename Ops::Bool reduced = ops.less(a, ops.constant(kTrigLibraryFrom));
  // The other lanes compute from 0, so no conversion overflows.
  Double w = ops.widen(ops.select(reduced, a, ops.constant(0.0f)));
  Double n = ops.wideRoundEven(ops.wideMul(w, ops.wideConstant(kTwoOverPi)));
  Double minusN = ops.wideNeg(n);
  Double r = ops.wideFma(minusN, ops.wideConstant(kHalfPi1), w);
  r = ops.wideFma(minusN, ops.wideConstant(kHalfPi2), r);
  r = ops.wideFma(minusN, ops.wideConstant(kHalfPi3), r);
  Double z = ops.wideMul(r, r);
  Double sine =
      ops.wideFma(ops.wideMul(r, z), widePolynomial(ops, z, kSineTerms), r);
  Double cosine = ops.wideFma(z, widePolynomial(ops, z, kCosineTerms),
                              ops.wideConstant(1.0));
  // The quadrant: sin(|x|) is sin(r), cos(r), -sin(r), -cos(r) for n mod 4
  // = 0, 1, 2, 3; cos(|x|) is the same sequence one quadrant on.
  typename Ops::Int quadrant = ops.wideToInt(n);
  if (function == TrigFunction::Cosine)
    quadrant = ops.addInt(quadrant, ops.intConstant(1));
  typename Ops::Bool odd =
      ops.nonZero(ops.andInt(quadrant, ops.intConstant(1)));
  Double value;
  if (function == TrigFunction::Tangent) {
    value = ops.wideDiv(ops.select(odd, ops.wideNeg(cosine), sine),
                        ops.select(odd, sine, cosine));
  } else {
    value = ops.select(odd, cosine, sine);
    value = ops.select(ops.nonZero(ops.andInt(quadrant, ops.intConstant(2))),
                       ops.wideNeg(value), value);
  }
  typename Ops::Float result = ops.narrow(value);
  if (function != TrigFunction::Cosine)
    result = ops.mul(result, ops.copySign(ops.constant(1.0f), x));
  return ops.library(reduced, x, result, function);
}

/// F32Exponentials.h's scalar arithmetic plus the f64 operations above
/// (the interpreter's).
struct ScalarTrigOps : ScalarOps {
  using Double = double;
  using ScalarOps::select;

  Double widen(Float a) { return a; }
  Float narrow(Double a) { return static_cast<Float>(a); }
  Double wideConstant(double value) { return value; }
  Double wideMul(Double a, Double b) { return a * b; }
  Double wideDiv(Double a, Double b) { return a / b; }
  Double wideNeg(Double a) { return -a; }
  Double wideFma(Double a, Double b, Double c) { return std::fma(a, b, c); }
  Double wideRoundEven(Double a) { return std::nearbyint(a); }
  Int wideToInt(Double a) { return static_cast<Int>(a); }
  Double select(Bool condition, Double a, Double b) {
    return condition ? a : b;
  }
  Int andInt(Int a, Int b) { return a & b; }
  Bool nonZero(Int a) { return a != 0; }
  Float library(Bool reduced, Float x, Float value, TrigFunction function) {
    if (reduced)
      return value;
    double wide = x;
    switch (function) {
    case TrigFunction::Sine:
      return static_cast<Float>(std::sin(wide));
    case TrigFunction::Cosine:
      return static_cast<Float>(std::cos(wide));
    case TrigFunction::Tangent:
      return static_cast<Float>(std::tan(wide));
    }
    return x;
  }
};

inline float sin(float x) {
  ScalarTrigOps ops;
  return sinOrCos(ops, x, TrigFunction::Sine);
}
inline float cos(float x) {
  ScalarTrigOps ops;
  return sinOrCos(ops, x, TrigFunction::Cosine);
}
inline float tan(float x) {
  ScalarTrigOps ops;
  return sinOrCos(ops, x, TrigFunction::Tangent);
}

} // namespace axle::f32math

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_F32TRIGONOMETRY_H

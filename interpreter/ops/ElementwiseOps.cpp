//===- ElementwiseOps.cpp - evaluators of elementwise ops -----------------===//
//
// Integer semantics follow the specification and, where it leaves a choice,
// XLA: x / 0 = -1 (all ones), x % 0 = x, INT_MIN / -1 = INT_MIN, shifts by
// the bit width or more give 0 (sign fill for arithmetic shifts). Float
// arithmetic is IEEE in the element type's own precision (APFloat);
// transcendental functions are evaluated in double and rounded to the type,
// except f32 and bf16 exp, expm1, tanh, log, log1p, sine, cosine and
// chlo.erf and chlo.erfc (the chlo ops --axle-legalize-chlo keeps, for f32
// and bf16), which follow axle's f32 recipes (compiler/dialect/stablehlo/
// F32Exponentials.h, F32Trigonometry.h and F32Erf.h), as compiled code
// does.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/F32Erf.h"
#include "compiler/dialect/stablehlo/F32Exponentials.h"
#include "compiler/dialect/stablehlo/F32Trigonometry.h"
#include "compiler/dialect/stablehlo/NarrowPower.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APSInt.h"

#include <cmath>
#include <complex>

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

constexpr auto kRound = APFloat::rmNearestTiesToEven;

using Args = ArrayRef<Element>;
using Types = ArrayRef<Type>;
using MaybeElement = std::optional<Element>;

bool isFloat(Type type) { return llvm::isa<FloatType>(type); }
bool isComplex(Type type) { return llvm::isa<ComplexType>(type); }
bool isInt(Type type) { return llvm::isa<IntegerType>(type); }

Element fromComplex(Type type, std::complex<double> value) {
  return Element::fromComplex(type, value);
}

APFloat floatOp(APFloat a, const APFloat &b,
                APFloat::opStatus (APFloat::*fn)(const APFloat &,
                                                 APFloat::roundingMode)) {
  (a.*fn)(b, kRound);
  return a;
}

//===----------------------------------------------------------------------===//
// Binary arithmetic
//===----------------------------------------------------------------------===//

MaybeElement add(Args a, Types t, Type r) {
  if (t[0].isInteger(1))
    return Element(a[0].getInt() | a[1].getInt());
  if (isInt(t[0]))
    return Element(a[0].getInt() + a[1].getInt());
  if (isFloat(t[0]))
    return Element(floatOp(a[0].getFloat(), a[1].getFloat(), &APFloat::add));
  auto [ar, ai] = a[0].getComplex();
  auto [br, bi] = a[1].getComplex();
  return Element(floatOp(ar, br, &APFloat::add),
                 floatOp(ai, bi, &APFloat::add));
}

MaybeElement subtract(Args a, Types t, Type r) {
  if (isInt(t[0]))
    return Element(a[0].getInt() - a[1].getInt());
  if (isFloat(t[0]))
    return Element(
        floatOp(a[0].getFloat(), a[1].getFloat(), &APFloat::subtract));
  auto [ar, ai] = a[0].getComplex();
  auto [br, bi] = a[1].getComplex();
  return Element(floatOp(ar, br, &APFloat::subtract),
                 floatOp(ai, bi, &APFloat::subtract));
}

MaybeElement multiply(Args a, Types t, Type r) {
  if (t[0].isInteger(1))
    return Element(a[0].getInt() & a[1].getInt());
  if (isInt(t[0]))
    return Element(a[0].getInt() * a[1].getInt());
  if (isFloat(t[0]))
    return Element(
        floatOp(a[0].getFloat(), a[1].getFloat(), &APFloat::multiply));
  return fromComplex(r, a[0].toComplexDouble() * a[1].toComplexDouble());
}

MaybeElement divide(Args a, Types t, Type r) {
  if (isInt(t[0])) {
    const APInt &x = a[0].getInt(), &y = a[1].getInt();
    if (y.isZero())
      return Element(APInt::getAllOnes(x.getBitWidth()));
    if (isUnsignedInt(t[0]))
      return Element(x.udiv(y));
    if (x.isMinSignedValue() && y.isAllOnes())
      return Element(x);
    return Element(x.sdiv(y));
  }
  if (isFloat(t[0]))
    return Element(floatOp(a[0].getFloat(), a[1].getFloat(), &APFloat::divide));
  return fromComplex(r, a[0].toComplexDouble() / a[1].toComplexDouble());
}

MaybeElement remainder(Args a, Types t, Type r) {
  if (isInt(t[0])) {
    const APInt &x = a[0].getInt(), &y = a[1].getInt();
    if (y.isZero())
      return Element(x);
    if (isUnsignedInt(t[0]))
      return Element(x.urem(y));
    if (x.isMinSignedValue() && y.isAllOnes())
      return Element(APInt(x.getBitWidth(), 0));
    return Element(x.srem(y));
  }
  if (isFloat(t[0])) {
    // fmod: the result has the sign of the dividend.
    APFloat x = a[0].getFloat();
    x.mod(a[1].getFloat());
    return Element(x);
  }
  return std::nullopt;
}

/// IEEE maximum/minimum: NaN propagates, -0 < +0.
MaybeElement maxOrMin(Args a, Types t, bool isMax) {
  if (isInt(t[0])) {
    const APInt &x = a[0].getInt(), &y = a[1].getInt();
    bool xGreater = isUnsignedInt(t[0]) ? x.ugt(y) : x.sgt(y);
    return Element(xGreater == isMax ? x : y);
  }
  if (isFloat(t[0]))
    return Element(isMax ? llvm::maximum(a[0].getFloat(), a[1].getFloat())
                         : llvm::minimum(a[0].getFloat(), a[1].getFloat()));
  // Complex: lexicographic on (real, imag).
  std::complex<double> x = a[0].toComplexDouble(), y = a[1].toComplexDouble();
  bool xGreater =
      x.real() > y.real() || (x.real() == y.real() && x.imag() > y.imag());
  return xGreater == isMax ? a[0] : a[1];
}

MaybeElement power(Args a, Types t, Type r) {
  if (isInt(t[0])) {
    APInt base = a[0].getInt();
    APInt exponent = a[1].getInt();
    unsigned width = base.getBitWidth();
    if (!isUnsignedInt(t[0]) && exponent.isNegative()) {
      // Integer x^-n is 0 except for x = 1 (1) and x = -1 (+-1).
      if (base.isOne())
        return Element(base);
      if (base.isAllOnes())
        return Element(exponent[0] ? base : APInt(width, 1));
      return Element(APInt(width, 0));
    }
    APInt result(width, 1);
    while (!exponent.isZero()) {
      if (exponent[0])
        result *= base;
      base *= base;
      exponent = exponent.lshr(1);
    }
    return Element(result);
  }
  if (isFloat(t[0])) {
    double x = a[0].toDouble(), y = a[1].toDouble();
    // Narrower floats: in f64 with small constant-like exponents as
    // products, as compiled code computes them (NarrowPower.h).
    return Element::fromDouble(r, t[0].isF64() ? std::pow(x, y)
                                               : f32math::narrowPower(x, y));
  }
  return fromComplex(r,
                     std::pow(a[0].toComplexDouble(), a[1].toComplexDouble()));
}

MaybeElement atan2Kernel(Args a, Types t, Type r) {
  if (isFloat(t[0]))
    return Element::fromDouble(r, std::atan2(a[0].toDouble(), a[1].toDouble()));
  // Complex atan2(y, x) = -i * log((x + iy) / sqrt(x^2 + y^2)).
  std::complex<double> y = a[0].toComplexDouble(), x = a[1].toComplexDouble();
  std::complex<double> i(0, 1);
  return fromComplex(r, -i * std::log((x + i * y) / std::sqrt(x * x + y * y)));
}

MaybeElement bitwise(Args a, Types t, char kind) {
  const APInt &x = a[0].getInt(), &y = a[1].getInt();
  switch (kind) {
  case '&':
    return Element(x & y);
  case '|':
    return Element(x | y);
  default:
    return Element(x ^ y);
  }
}

MaybeElement shift(Args a, Types t, char kind) {
  const APInt &x = a[0].getInt(), &y = a[1].getInt();
  unsigned width = x.getBitWidth();
  // The shift amount is read as unsigned: negative amounts are huge.
  bool outOfRange = y.uge(width);
  unsigned amount = outOfRange ? 0 : static_cast<unsigned>(y.getZExtValue());
  switch (kind) {
  case 'l':
    return Element(outOfRange ? APInt(width, 0) : x.shl(amount));
  case 'a':
    if (outOfRange)
      return Element(x.isNegative() ? APInt::getAllOnes(width)
                                    : APInt(width, 0));
    return Element(x.ashr(amount));
  default:
    return Element(outOfRange ? APInt(width, 0) : x.lshr(amount));
  }
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

/// Total order key of a float: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
APInt totalOrderKey(const APFloat &value) {
  APInt bits = value.bitcastToAPInt();
  unsigned width = bits.getBitWidth();
  // Flip all bits of negatives, and the sign bit of non-negatives, so that
  // unsigned order of the keys is the total order.
  if (bits.isSignBitSet())
    return ~bits;
  bits.setBit(width - 1);
  return bits;
}

MaybeElement compare(Args a, Types t, hlo::ComparisonDirection direction,
                     std::optional<hlo::ComparisonType> compareType) {
  using D = hlo::ComparisonDirection;
  int order = 0;          // -1, 0, 1
  bool unordered = false; // a NaN under FLOAT comparison
  Type type = t[0];
  if (isInt(type)) {
    const APInt &x = a[0].getInt(), &y = a[1].getInt();
    bool isUnsigned = isUnsignedInt(type);
    if (compareType == hlo::ComparisonType::SIGNED)
      isUnsigned = false;
    else if (compareType == hlo::ComparisonType::UNSIGNED)
      isUnsigned = true;
    if (x == y)
      order = 0;
    else
      order = (isUnsigned ? x.ult(y) : x.slt(y)) ? -1 : 1;
  } else if (isFloat(type)) {
    const APFloat &x = a[0].getFloat(), &y = a[1].getFloat();
    if (compareType == hlo::ComparisonType::TOTALORDER) {
      APInt kx = totalOrderKey(x), ky = totalOrderKey(y);
      order = kx == ky ? 0 : (kx.ult(ky) ? -1 : 1);
    } else {
      APFloat::cmpResult result = x.compare(y);
      unordered = result == APFloat::cmpUnordered;
      order = result == APFloat::cmpLessThan      ? -1
              : result == APFloat::cmpGreaterThan ? 1
                                                  : 0;
    }
  } else {
    std::complex<double> x = a[0].toComplexDouble(), y = a[1].toComplexDouble();
    bool equal = x == y;
    if (direction == D::EQ)
      return Element(APInt(1, equal));
    if (direction == D::NE)
      return Element(APInt(1, !equal));
    return std::nullopt;
  }
  bool value = false;
  if (unordered) {
    value = direction == D::NE;
  } else {
    switch (direction) {
    case D::EQ:
      value = order == 0;
      break;
    case D::NE:
      value = order != 0;
      break;
    case D::GE:
      value = order >= 0;
      break;
    case D::GT:
      value = order > 0;
      break;
    case D::LE:
      value = order <= 0;
      break;
    case D::LT:
      value = order < 0;
      break;
    }
  }
  return Element(APInt(1, value));
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

/// A float or complex function evaluated in double precision.
ElementKernel
transcendental(double (*real)(double),
               std::complex<double> (*complex)(const std::complex<double> &)) {
  return [=](Args a, Types t, Type r) -> MaybeElement {
    if (isFloat(t[0]))
      return Element::fromDouble(r, real(a[0].toDouble()));
    if (isComplex(t[0]) && complex)
      return fromComplex(r, complex(a[0].toComplexDouble()));
    return std::nullopt;
  };
}

/// exponential, exponential_minus_one, tanh, log, log_plus_one, sine or
/// cosine: f32 and bf16 with axle's f32 recipe (F32Exponentials.h,
/// F32Trigonometry.h, which compiled code runs too; bf16 rounds its f32
/// result once), other floats and complex numbers in double precision.
ElementKernel exponentialFamily(
    float (*f32Recipe)(float), double (*real)(double),
    std::complex<double> (*complex)(const std::complex<double> &)) {
  ElementKernel wide = transcendental(real, complex);
  return [=](Args a, Types t, Type r) -> MaybeElement {
    if (t[0].isF32() || t[0].isBF16())
      return Element::fromDouble(
          r, f32Recipe(static_cast<float>(a[0].toDouble())));
    return wide(a, t, r);
  };
}

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }
std::complex<double> logisticComplex(const std::complex<double> &x) {
  return 1.0 / (1.0 + std::exp(-x));
}
double rsqrt(double x) { return 1.0 / std::sqrt(x); }
std::complex<double> rsqrtComplex(const std::complex<double> &x) {
  return 1.0 / std::sqrt(x);
}
std::complex<double> expComplex(const std::complex<double> &x) {
  return std::exp(x);
}
std::complex<double> expm1Complex(const std::complex<double> &x) {
  return std::exp(x) - 1.0;
}
std::complex<double> logComplex(const std::complex<double> &x) {
  return std::log(x);
}
std::complex<double> log1pComplex(const std::complex<double> &x) {
  return std::log(1.0 + x);
}
std::complex<double> sinComplex(const std::complex<double> &x) {
  return std::sin(x);
}
std::complex<double> cosComplex(const std::complex<double> &x) {
  return std::cos(x);
}
std::complex<double> tanComplex(const std::complex<double> &x) {
  return std::tan(x);
}
std::complex<double> tanhComplex(const std::complex<double> &x) {
  return std::tanh(x);
}
std::complex<double> sqrtComplex(const std::complex<double> &x) {
  return std::sqrt(x);
}
std::complex<double> cbrtComplex(const std::complex<double> &x) {
  return std::pow(x, 1.0 / 3.0);
}

MaybeElement absKernel(Args a, Types t, Type r) {
  if (isInt(t[0])) {
    const APInt &x = a[0].getInt();
    return Element(x.isNegative() ? -x : x); // INT_MIN stays INT_MIN
  }
  if (isFloat(t[0])) {
    APFloat x = a[0].getFloat();
    x.clearSign();
    return Element(x);
  }
  return Element::fromDouble(r, std::abs(a[0].toComplexDouble()));
}

MaybeElement negate(Args a, Types t, Type r) {
  if (isInt(t[0]))
    return Element(-a[0].getInt());
  if (isFloat(t[0])) {
    APFloat x = a[0].getFloat();
    x.changeSign();
    return Element(x);
  }
  APFloat re = a[0].getComplex().first, im = a[0].getComplex().second;
  re.changeSign();
  im.changeSign();
  return Element(re, im);
}

MaybeElement sign(Args a, Types t, Type r) {
  if (isInt(t[0])) {
    const APInt &x = a[0].getInt();
    int64_t s = x.isZero() ? 0 : (x.isNegative() ? -1 : 1);
    return Element(APInt(x.getBitWidth(), s, /*isSigned=*/true));
  }
  if (isFloat(t[0])) {
    const APFloat &x = a[0].getFloat();
    if (x.isNaN() || x.isZero())
      return Element(x);
    APFloat one = APFloat::getOne(x.getSemantics(), x.isNegative());
    return Element(one);
  }
  std::complex<double> x = a[0].toComplexDouble();
  if (std::isnan(x.real()) || std::isnan(x.imag()))
    return fromComplex(r, {NAN, NAN});
  if (x == 0.0)
    return a[0];
  return fromComplex(r, x / std::abs(x));
}

MaybeElement roundKernel(Args a, APFloat::roundingMode mode) {
  APFloat x = a[0].getFloat();
  x.roundToIntegral(mode);
  return Element(x);
}

MaybeElement notKernel(Args a, Types, Type) { return Element(~a[0].getInt()); }

MaybeElement popcnt(Args a, Types, Type) {
  const APInt &x = a[0].getInt();
  return Element(APInt(x.getBitWidth(), x.popcount()));
}

MaybeElement clz(Args a, Types, Type) {
  const APInt &x = a[0].getInt();
  return Element(APInt(x.getBitWidth(), x.countl_zero()));
}

MaybeElement isFinite(Args a, Types, Type) {
  return Element(APInt(1, a[0].getFloat().isFinite()));
}

MaybeElement realPart(Args a, Types t, Type) {
  if (isComplex(t[0]))
    return Element(a[0].getComplex().first);
  return a[0];
}

MaybeElement imagPart(Args a, Types t, Type r) {
  if (isComplex(t[0]))
    return Element(a[0].getComplex().second);
  return Element::zero(r);
}

MaybeElement makeComplex(Args a, Types, Type) {
  return Element(a[0].getFloat(), a[1].getFloat());
}

/// convert: ints and floats round to nearest even; float -> int saturates
/// and NaN gives 0 (XLA); anything -> bool is `!= 0`; complex -> real
/// keeps the real part.
MaybeElement convert(Args a, Types t, Type r) {
  Type from = t[0];
  const Element &x = a[0];
  if (r.isInteger(1)) {
    if (isInt(from))
      return Element(APInt(1, !x.getInt().isZero()));
    if (isFloat(from))
      return Element(APInt(1, !x.getFloat().isZero()));
    auto [re, im] = x.getComplex();
    return Element(APInt(1, !re.isZero() || !im.isZero()));
  }
  if (isInt(r)) {
    unsigned width = r.getIntOrFloatBitWidth();
    bool toUnsigned = r.isUnsignedInteger();
    if (isInt(from)) {
      const APInt &v = x.getInt();
      return Element(isUnsignedInt(from) ? v.zextOrTrunc(width)
                                         : v.sextOrTrunc(width));
    }
    APFloat v = isFloat(from) ? x.getFloat() : x.getComplex().first;
    if (v.isNaN())
      return Element(APInt(width, 0));
    llvm::APSInt result(width, toUnsigned);
    bool exact = false;
    v.convertToInteger(result, APFloat::rmTowardZero, &exact);
    return Element(APInt(result)); // convertToInteger saturates
  }
  if (isFloat(r)) {
    if (isInt(from)) {
      APFloat result(semanticsOf(r));
      result.convertFromAPInt(x.getInt(), !isUnsignedInt(from), kRound);
      return Element(result);
    }
    APFloat v = isFloat(from) ? x.getFloat() : x.getComplex().first;
    bool losesInfo = false;
    v.convert(semanticsOf(r), kRound, &losesInfo);
    return Element(v);
  }
  // To complex.
  Type part = llvm::cast<ComplexType>(r).getElementType();
  if (isComplex(from)) {
    auto [re, im] = x.getComplex();
    bool losesInfo = false;
    re.convert(semanticsOf(part), kRound, &losesInfo);
    im.convert(semanticsOf(part), kRound, &losesInfo);
    return Element(re, im);
  }
  MaybeElement real = convert(a, t, part);
  return Element(real->getFloat(), APFloat::getZero(semanticsOf(part)));
}

/// reduce_precision: round to `mantissaBits` fraction bits (nearest even)
/// and to the exponent range of `exponentBits`, keeping the type.
Element reducePrecision(const Element &x, int exponentBits, int mantissaBits) {
  APFloat value = x.getFloat();
  const llvm::fltSemantics &semantics = value.getSemantics();
  if (value.isNaN() || value.isInfinity() || value.isZero())
    return x;
  int fractionBits = llvm::APFloat::semanticsPrecision(semantics) - 1;
  APInt bits = value.bitcastToAPInt();
  unsigned width = bits.getBitWidth();
  bool negative = value.isNegative();
  if (mantissaBits < fractionBits) {
    // Round the fraction to nearest even at the new last bit.
    unsigned dropped = fractionBits - mantissaBits;
    APInt lastKept = bits.lshr(dropped) & 1;
    APInt half = APInt::getOneBitSet(width, dropped - 1) - 1;
    bits += half + lastKept;
    bits &= ~APInt::getLowBitsSet(width, dropped);
  }
  APFloat rounded(semantics, bits);
  // Exponent range: values above the largest finite value of the narrower
  // format overflow to infinity, values below its smallest normal flush to
  // zero (the reduced format has no subnormals).
  int maxExponent = (1 << (exponentBits - 1)) - 1;
  int exponent = llvm::ilogb(rounded);
  if (rounded.isInfinity() || exponent > maxExponent)
    return Element(APFloat::getInf(semantics, negative));
  if (exponent < 1 - maxExponent)
    return Element(APFloat::getZero(semantics, negative));
  return Element(rounded);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

OpEvaluator elementwise(ElementKernel kernel) {
  return [kernel = std::move(kernel)](
             Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
    return evalElementwise(op, operands, kernel);
  };
}

template <typename Fn> ElementKernel floatOnly(Fn fn) {
  return [fn](Args a, Types t, Type r) -> MaybeElement {
    if (!isFloat(t[0]))
      return std::nullopt;
    return fn(a, t, r);
  };
}

} // namespace

void registerElementwiseOps(OpRegistry &registry) {
  auto add_ = [&](StringRef name, ElementKernel kernel) {
    registry.add(name, elementwise(std::move(kernel)));
  };
  add_(hlo::AddOp::getOperationName(), add);
  add_(hlo::SubtractOp::getOperationName(), subtract);
  add_(hlo::MulOp::getOperationName(), multiply);
  add_(hlo::DivOp::getOperationName(), divide);
  add_(hlo::RemOp::getOperationName(), remainder);
  add_(hlo::MaxOp::getOperationName(),
       [](Args a, Types t, Type) { return maxOrMin(a, t, true); });
  add_(hlo::MinOp::getOperationName(),
       [](Args a, Types t, Type) { return maxOrMin(a, t, false); });
  add_(hlo::PowOp::getOperationName(), power);
  add_(hlo::Atan2Op::getOperationName(), atan2Kernel);
  add_(hlo::AndOp::getOperationName(),
       [](Args a, Types t, Type) { return bitwise(a, t, '&'); });
  add_(hlo::OrOp::getOperationName(),
       [](Args a, Types t, Type) { return bitwise(a, t, '|'); });
  add_(hlo::XorOp::getOperationName(),
       [](Args a, Types t, Type) { return bitwise(a, t, '^'); });
  add_(hlo::ShiftLeftOp::getOperationName(),
       [](Args a, Types t, Type) { return shift(a, t, 'l'); });
  add_(hlo::ShiftRightArithmeticOp::getOperationName(),
       [](Args a, Types t, Type) { return shift(a, t, 'a'); });
  add_(hlo::ShiftRightLogicalOp::getOperationName(),
       [](Args a, Types t, Type) { return shift(a, t, 'r'); });
  add_(hlo::ComplexOp::getOperationName(), makeComplex);

  add_(hlo::AbsOp::getOperationName(), absKernel);
  add_(hlo::NegOp::getOperationName(), negate);
  add_(hlo::SignOp::getOperationName(), sign);
  add_(hlo::NotOp::getOperationName(), notKernel);
  add_(hlo::PopulationCountOp::getOperationName(), popcnt);
  add_(hlo::ClzOp::getOperationName(), clz);
  add_(hlo::IsFiniteOp::getOperationName(), isFinite);
  add_(hlo::RealOp::getOperationName(), realPart);
  add_(hlo::ImagOp::getOperationName(), imagPart);
  add_(hlo::ConvertOp::getOperationName(), convert);
  add_(hlo::CeilOp::getOperationName(), floatOnly([](Args a, Types, Type) {
         return roundKernel(a, APFloat::rmTowardPositive);
       }));
  add_(hlo::FloorOp::getOperationName(), floatOnly([](Args a, Types, Type) {
         return roundKernel(a, APFloat::rmTowardNegative);
       }));
  add_(hlo::RoundOp::getOperationName(), floatOnly([](Args a, Types, Type) {
         return roundKernel(a, APFloat::rmNearestTiesToAway);
       }));
  add_(hlo::RoundNearestEvenOp::getOperationName(),
       floatOnly([](Args a, Types, Type) {
         return roundKernel(a, APFloat::rmNearestTiesToEven);
       }));
  add_(hlo::ExpOp::getOperationName(),
       exponentialFamily(f32math::exp,
                         static_cast<double (*)(double)>(std::exp),
                         expComplex));
  add_(hlo::Expm1Op::getOperationName(),
       exponentialFamily(f32math::expm1,
                         static_cast<double (*)(double)>(std::expm1),
                         expm1Complex));
  add_(hlo::LogOp::getOperationName(),
       exponentialFamily(f32math::log,
                         static_cast<double (*)(double)>(std::log),
                         logComplex));
  add_(hlo::Log1pOp::getOperationName(),
       exponentialFamily(f32math::log1p,
                         static_cast<double (*)(double)>(std::log1p),
                         log1pComplex));
  add_(hlo::LogisticOp::getOperationName(),
       transcendental(logistic, logisticComplex));
  add_(hlo::SineOp::getOperationName(),
       exponentialFamily(f32math::sin,
                         static_cast<double (*)(double)>(std::sin),
                         sinComplex));
  add_(hlo::CosineOp::getOperationName(),
       exponentialFamily(f32math::cos,
                         static_cast<double (*)(double)>(std::cos),
                         cosComplex));
  add_(hlo::TanOp::getOperationName(),
       exponentialFamily(f32math::tan,
                         static_cast<double (*)(double)>(std::tan),
                         tanComplex));
  add_(hlo::TanhOp::getOperationName(),
       exponentialFamily(f32math::tanh,
                         static_cast<double (*)(double)>(std::tanh),
                         tanhComplex));
  add_("chlo.erf",
       exponentialFamily(f32math::erf,
                         static_cast<double (*)(double)>(std::erf), nullptr));
  add_("chlo.erfc",
       exponentialFamily(f32math::erfc,
                         static_cast<double (*)(double)>(std::erfc), nullptr));
  add_(hlo::SqrtOp::getOperationName(),
       transcendental(static_cast<double (*)(double)>(std::sqrt), sqrtComplex));
  add_(hlo::RsqrtOp::getOperationName(), transcendental(rsqrt, rsqrtComplex));
  add_(hlo::CbrtOp::getOperationName(),
       transcendental(static_cast<double (*)(double)>(std::cbrt), cbrtComplex));

  registry.add(
      hlo::CompareOp::getOperationName(),
      [](Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
        auto compareOp = llvm::cast<hlo::CompareOp>(op);
        hlo::ComparisonDirection direction = compareOp.getComparisonDirection();
        std::optional<hlo::ComparisonType> type = compareOp.getCompareType();
        return evalElementwise(op, operands, [&](Args a, Types t, Type) {
          return compare(a, t, direction, type);
        });
      });
  registry.add(hlo::SelectOp::getOperationName(),
               elementwise([](Args a, Types, Type) -> MaybeElement {
                 return a[0].getInt().isZero() ? a[2] : a[1];
               }));
  registry.add(hlo::ClampOp::getOperationName(),
               elementwise([](Args a, Types t, Type) -> MaybeElement {
                 // clamp(min, x, max) = minimum(maximum(x, min), max).
                 SmallVector<Type, 2> types = {t[1], t[1]};
                 SmallVector<Element, 2> first = {a[1], a[0]};
                 MaybeElement lowered = maxOrMin(first, types, true);
                 SmallVector<Element, 2> second = {*lowered, a[2]};
                 return maxOrMin(second, types, false);
               }));
  registry.add(
      hlo::ReducePrecisionOp::getOperationName(),
      [](Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
        auto reduceOp = llvm::cast<hlo::ReducePrecisionOp>(op);
        int exponentBits = reduceOp.getExponentBits();
        int mantissaBits = reduceOp.getMantissaBits();
        return evalElementwise(
            op, operands, [&](Args a, Types t, Type) -> MaybeElement {
              if (!isFloat(t[0]))
                return std::nullopt;
              return reducePrecision(a[0], exponentBits, mantissaBits);
            });
      });
}

} // namespace axle::interp

//===- ChloTrig.cpp - real inverse trig and hyperbolic functions ----------===//
//
// asin/acos go through atan2 with sqrt((1 - x)(1 + x)), which is accurate
// near |x| = 1; acosh/asinh/atanh use log1p forms near their small-argument
// ends and log(2) + log(x) where x^2 would overflow; sinh uses expm1 for
// |x| < 1; cosh and sinh square exp(|x|/2) where exp(|x|) overflows but the
// result does not.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/ChloFunctions.h"

#include <cmath>
#include <numbers>

using namespace mlir;

namespace axle::chlo::fn {

/// sqrt((1 - x)(1 + x)), NaN for |x| > 1.
static Value sqrtOneMinusSquare(MathBuilder &m, Value x) {
  Value one = m.cst(x, 1.0);
  return m.sqrt(m.mul(m.sub(one, x), m.add(one, x)));
}

Value asin(MathBuilder &m, Value x) {
  return m.atan2(x, sqrtOneMinusSquare(m, x));
}

Value acos(MathBuilder &m, Value x) {
  return m.atan2(sqrtOneMinusSquare(m, x), x);
}

Value atan(MathBuilder &m, Value x) { return m.atan2(x, m.cst(x, 1.0)); }

/// Past this magnitude x^2 + 1 rounds to x^2 and asinh/acosh(x) equal
/// log(2x) to working precision.
static double largeArgument(Value x) {
  Type type = MathBuilder::elementType(x);
  return std::ldexp(1.0, MathBuilder::mantissaBits(type) / 2 + 1);
}

Value acosh(MathBuilder &m, Value x) {
  Value one = m.cst(x, 1.0);
  // Near 1: log1p(t + sqrt(t (t + 2))), t = x - 1 exact.
  Value t = m.sub(x, one);
  Value nearOne = m.log1p(m.add(t, m.sqrt(m.mul(t, m.add(t, m.cst(x, 2.0))))));
  Value moderate = m.log(m.add(x, m.sqrt(m.mul(t, m.add(x, one)))));
  Value large = m.add(m.log(x), m.cst(x, std::numbers::ln2));
  Value result = m.select(m.lt(x, m.cst(x, 2.0)), nearOne, moderate);
  result = m.select(m.gt(x, m.cst(x, largeArgument(x))), large, result);
  return m.select(m.lt(x, one), m.nan(x), result);
}

Value asinh(MathBuilder &m, Value x) {
  Value one = m.cst(x, 1.0);
  Value a = m.abs(x);
  // log1p(a + a^2 / (1 + sqrt(1 + a^2))) = log(a + sqrt(a^2 + 1)).
  Value square = m.mul(a, a);
  Value moderate =
      m.log1p(m.add(a, m.div(square, m.add(one, m.sqrt(m.add(one, square))))));
  Value large = m.add(m.log(a), m.cst(x, std::numbers::ln2));
  Value result = m.select(m.gt(a, m.cst(x, largeArgument(x))), large, moderate);
  return m.copySign(result, x);
}

Value atanh(MathBuilder &m, Value x) {
  // atanh(|x|) = log1p(2|x| / (1 - |x|)) / 2, odd: the log1p argument stays
  // positive, so there is no cancellation near x = -1. inf at |x| = 1.
  Value a = m.abs(x);
  Value ratio = m.div(m.add(a, a), m.sub(m.cst(x, 1.0), a));
  Value result = m.copySign(m.mul(m.cst(x, 0.5), m.log1p(ratio)), x);
  return m.select(m.gt(a, m.cst(x, 1.0)), m.nan(x), result);
}

/// The largest argument whose exp is finite.
static double expLimit(Value x) {
  return std::log(MathBuilder::largest(MathBuilder::elementType(x)));
}

/// exp(a) / 2 for a >= 0, finite whenever the result is.
static Value halfExp(MathBuilder &m, Value a) {
  Value direct = m.mul(m.cst(a, 0.5), m.exp(a));
  Value root = m.exp(m.mul(m.cst(a, 0.5), a));
  Value squared = m.mul(m.mul(m.cst(a, 0.5), root), root);
  return m.select(m.lt(a, m.cst(a, expLimit(a))), direct, squared);
}

Value cosh(MathBuilder &m, Value x) {
  Value a = m.abs(x);
  return m.add(halfExp(m, a), m.mul(m.cst(x, 0.5), m.exp(m.neg(a))));
}

Value sinh(MathBuilder &m, Value x) {
  Value a = m.abs(x);
  // |x| < 1: (e + e / (e + 1)) / 2 with e = expm1(|x|) keeps small x exact.
  Value e = m.expm1(a);
  Value small =
      m.mul(m.cst(x, 0.5), m.add(e, m.div(e, m.add(e, m.cst(x, 1.0)))));
  Value large = m.sub(halfExp(m, a), m.mul(m.cst(x, 0.5), m.exp(m.neg(a))));
  Value result = m.select(m.lt(a, m.cst(x, 1.0)), small, large);
  return m.copySign(result, x);
}

Value tan(MathBuilder &m, Value x) { return m.tan(x); }

} // namespace axle::chlo::fn

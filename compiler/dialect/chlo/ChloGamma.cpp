//===- ChloGamma.cpp - lgamma, digamma, zeta, polygamma as stablehlo ------===//
//
// lgamma: a Chebyshev fit of lgamma(x) / ((x - 1)(x - 2)) on [0.5, 2.5]
// (full relative accuracy at the roots 1 and 2), the recurrence
// lgamma(x) = lgamma(x - n) + log((x - 1)...(x - n)) up to 8.5, Lanczos's
// approximation (as a ratio of positive polynomials) beyond, and for x <= 0
// the reflection lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1 - x).
//
// digamma: a fit of digamma(x) / (x - x0) on [1, 2] (x0 its positive
// root), the recurrence digamma(x) = digamma(x - n) + sum 1/(x - k) up to
// 10, the asymptotic series beyond, and digamma(x) = digamma(1 - x) -
// pi / tan(pi x) for x <= 0. Poles (x = 0, -1, ...) give NaN, as XLA does.
//
// zeta(s, q) (Hurwitz): Euler-Maclaurin summation with 9 explicit terms and
// 12 Bernoulli terms; q < 0 is first shifted into (0, 1] by up to 16 terms
// (q < -16 gives NaN). polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) for
// integer n >= 1 and digamma for n = 0; other n give NaN.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/ChloCoefficients.h"
#include "compiler/dialect/chlo/ChloFunctions.h"

#include <cmath>
#include <numbers>

using namespace mlir;

namespace axle::chlo::fn {

static bool isF64(Value x) { return MathBuilder::elementType(x).isF64(); }

/// Maps x in a piece [lo, hi] to s in [-1, 1].
static Value toUnit(MathBuilder &m, Value x, Value lo, Value hi) {
  return m.div(m.sub(m.add(x, x), m.add(lo, hi)), m.sub(hi, lo));
}

//===----------------------------------------------------------------------===//
// lgamma
//===----------------------------------------------------------------------===//

/// lgamma(y) for y in [0.5, 2.5].
static Value lgammaNearRoots(MathBuilder &m, Value y) {
  PiecewiseChebyshev table =
      isF64(y)
          ? makeTable(coeff::kLgammaRootsF64, coeff::kLgammaRootsF64Bounds)
          : makeTable(coeff::kLgammaRootsF32, coeff::kLgammaRootsF32Bounds);
  Value series = m.piecewiseChebyshev(
      y, table, [&](Value lo, Value hi) { return toUnit(m, y, lo, hi); });
  // y - 1 and y - 2 are exact on this interval.
  return m.mul(m.mul(m.sub(y, m.cst(y, 1.0)), m.sub(y, m.cst(y, 2.0))), series);
}

/// Lanczos: lgamma(y) = log(sqrt(2 pi)) + (y - 1/2) log(t) - t + log(A(y)),
/// t = y + g - 1/2, for y >= 1/2 (+inf gives +inf).
static Value lgammaLanczos(MathBuilder &m, Value y) {
  bool f64 = isF64(y);
  double g = f64 ? coeff::kLanczosGF64 : coeff::kLanczosGF32;
  ArrayRef<double> p = f64 ? ArrayRef<double>(coeff::kLanczosPF64)
                           : ArrayRef<double>(coeff::kLanczosPF32);
  ArrayRef<double> q = f64 ? ArrayRef<double>(coeff::kLanczosQF64)
                           : ArrayRef<double>(coeff::kLanczosQF32);
  // P and Q have one degree; past y = 1 evaluate both reversed in 1/y so
  // that powers of y cannot overflow.
  SmallVector<double> pRev(llvm::reverse(p)), qRev(llvm::reverse(q));
  Value inv = m.div(m.cst(y, 1.0), y);
  Value ratioNear = m.div(m.polynomial(y, p), m.polynomial(y, q));
  Value ratioFar = m.div(m.polynomial(inv, pRev), m.polynomial(inv, qRev));
  Value a = m.select(m.le(y, m.cst(y, 1.0)), ratioNear, ratioFar);
  Value t = m.add(y, m.cst(y, g - 0.5));
  Value result =
      m.add(m.sub(m.add(m.cst(y, 0.5 * std::log(2 * std::numbers::pi)),
                        m.mul(m.sub(y, m.cst(y, 0.5)), m.log(t))),
                  t),
            m.log(a));
  return m.select(m.eq(y, m.inf(y)), m.inf(y), result);
}

/// lgamma(y) for y >= 1/2.
static Value lgammaPositive(MathBuilder &m, Value y) {
  constexpr int kMaxSteps = 6;
  // Shift y in (2.5, 8.5) down by n = floor(y - 1.5) into [1.5, 2.5).
  Value n = m.min(m.max(m.floor(m.sub(y, m.cst(y, 1.5))), m.cst(y, 0.0)),
                  m.cst(y, kMaxSteps));
  Value f = m.sub(y, n);
  Value product = m.cst(y, 1.0);
  for (int k = 1; k <= kMaxSteps; ++k) {
    Value use = m.le(m.cst(y, k), n);
    product =
        m.mul(product, m.select(use, m.sub(y, m.cst(y, k)), m.cst(y, 1.0)));
  }
  Value nearRoots =
      lgammaNearRoots(m, m.min(m.max(f, m.cst(y, 0.5)), m.cst(y, 2.5)));
  Value recurrence = m.add(nearRoots, m.log(product));
  Value lanczos = lgammaLanczos(m, y);
  return m.select(m.lt(y, m.cst(y, 2.5 + kMaxSteps)), recurrence, lanczos);
}

Value lgamma(MathBuilder &m, Value x) {
  Value half = m.cst(x, 0.5);
  Value one = m.cst(x, 1.0);
  Value zero = m.cst(x, 0.0);
  // One evaluation for y >= 1/2: y = x, x + 1 for 0 < x < 1/2 (then
  // lgamma(x) = lgamma(x + 1) - log(x)), 1 - x for x <= 0 (reflection).
  Value isPositive = m.gt(x, zero);
  Value y = m.select(m.ge(x, half), x,
                     m.select(isPositive, m.add(x, one), m.sub(one, x)));
  Value base = lgammaPositive(m, y);
  Value shifted = m.sub(base, m.log(x));
  // Reflection: log(pi / |sin(pi x)|) - lgamma(1 - x), with
  // |sin(pi x)| = sin(pi |r|) for r = x - round(x), which is exact.
  Value r = m.abs(m.sub(x, m.round(x)));
  Value sinPi = m.sin(m.mul(m.cst(x, std::numbers::pi), r));
  Value reflected =
      m.sub(m.sub(m.cst(x, std::log(std::numbers::pi)), m.log(sinPi)), base);
  // Poles give log(0) = -inf, hence +inf; -inf itself is +inf too.
  reflected = m.select(m.eq(x, m.neg(m.inf(x))), m.inf(x), reflected);
  Value result = m.select(isPositive, shifted, reflected);
  return m.select(m.ge(x, half), base, result);
}

//===----------------------------------------------------------------------===//
// digamma
//===----------------------------------------------------------------------===//

/// digamma(f) for f in [1, 2], relative to the root x0.
static Value digammaNearRoot(MathBuilder &m, Value f) {
  bool f64 = isF64(f);
  ArrayRef<double> coeffs = f64 ? ArrayRef<double>(coeff::kDigammaRootF64[0])
                                : ArrayRef<double>(coeff::kDigammaRootF32[0]);
  // x0 = hi + lo in the compute type; f - hi is exact near the root.
  double hi = coeff::kDigammaRootHi;
  double lo = coeff::kDigammaRootLo;
  if (!f64) {
    float hi32 = static_cast<float>(hi);
    lo = static_cast<float>((hi - hi32) + lo);
    hi = hi32;
  }
  Value s = m.sub(m.add(f, f), m.cst(f, 3.0));
  Value series = m.chebyshev(s, coeffs);
  // (f - hi - lo) D as (f - hi) D - lo D: a compiler may fold the constants
  // of (f - hi) - lo into f - (hi + lo), which drops lo.
  return m.sub(m.mul(m.sub(f, m.cst(f, hi)), series),
               m.mul(m.cst(f, lo), series));
}

/// digamma(y) for y >= 1.
static Value digammaPositive(MathBuilder &m, Value y) {
  constexpr int kMaxSteps = 8;
  constexpr double kAsymptoticFrom = 10.0;
  // y in [1, 10): y = f + n with f in [1, 2); digamma(y) = digamma(f) +
  // sum_{k=1..n} 1/(y - k), smallest terms first.
  Value n = m.min(m.max(m.sub(m.floor(y), m.cst(y, 1.0)), m.cst(y, 0.0)),
                  m.cst(y, kMaxSteps));
  Value f = m.min(m.sub(y, n), m.cst(y, 2.0));
  Value sum = m.cst(y, 0.0);
  for (int k = 1; k <= kMaxSteps; ++k) {
    Value use = m.le(m.cst(y, k), n);
    Value term = m.div(m.cst(y, 1.0), m.sub(y, m.cst(y, k)));
    sum = m.add(sum, m.select(use, term, m.cst(y, 0.0)));
  }
  Value recurrence = m.add(digammaNearRoot(m, f), sum);

  // y >= 10: log(y) - 1/(2y) - sum_k B_2k / (2k y^2k).
  ArrayRef<double> bernoulli(coeff::kDigammaAsymptotic);
  SmallVector<double> series{0.0};
  series.append(bernoulli.begin(), bernoulli.begin() + (isF64(y) ? 9 : 4));
  Value z = m.div(m.cst(y, 1.0), m.mul(y, y));
  Value asymptotic =
      m.sub(m.sub(m.log(y), m.div(m.cst(y, 0.5), y)), m.polynomial(z, series));
  return m.select(m.lt(y, m.cst(y, kAsymptoticFrom)), recurrence, asymptotic);
}

Value digamma(MathBuilder &m, Value x) {
  Value one = m.cst(x, 1.0);
  Value zero = m.cst(x, 0.0);
  // One evaluation for y >= 1: y = x, x + 1 for 0 < x < 1 (then
  // digamma(x) = digamma(x + 1) - 1/x), 1 - x for x <= 0 (reflection).
  Value isPositive = m.gt(x, zero);
  Value y = m.select(m.ge(x, one), x,
                     m.select(isPositive, m.add(x, one), m.sub(one, x)));
  Value base = digammaPositive(m, y);
  Value shifted = m.sub(base, m.div(one, x));
  // Reflection: digamma(1 - x) - pi / tan(pi x), tan(pi x) = tan(pi r) for
  // r = x - round(x). Near half-integers (|r| > 1/4) tan(pi r) is close to
  // its pole and amplifies the rounding error of pi r; there
  // 1 / tan(pi r) = sign(r) tan(pi (1/2 - |r|)), whose argument is exact.
  Value pi = m.cst(x, std::numbers::pi);
  Value r = m.sub(x, m.round(x));
  Value absR = m.abs(r);
  Value nearHalf = m.gt(absR, m.cst(x, 0.25));
  Value cotNearHalf =
      m.copySign(m.tan(m.mul(pi, m.sub(m.cst(x, 0.5), absR))), r);
  Value cotElsewhere = m.div(one, m.tan(m.mul(pi, r)));
  Value cot = m.mul(pi, m.select(nearHalf, cotNearHalf, cotElsewhere));
  Value reflected = m.sub(base, cot);
  Value result = m.select(isPositive, shifted, reflected);
  result = m.select(m.ge(x, one), base, result);
  // Poles at 0, -1, -2, ... (and -inf) have no value.
  Value pole = m.andOp(m.le(x, zero), m.eq(x, m.floor(x)));
  return m.select(pole, m.nan(x), result);
}

//===----------------------------------------------------------------------===//
// zeta and polygamma
//===----------------------------------------------------------------------===//

Value zeta(MathBuilder &m, Value s, Value q) {
  constexpr int kTerms = 9;
  constexpr int kBernoulliTerms = 12;
  constexpr int kMaxNegativeShift = 16;
  Value one = m.cst(s, 1.0);
  Value zero = m.cst(s, 0.0);
  Value negS = m.neg(s);

  // q < 0 (meaningful for integer s): zeta(s, q) = sum_{k<m} (q + k)^-s +
  // zeta(s, q + m) with m = ceil(-q), so the series starts in (0, 1].
  Value shift =
      m.min(m.max(m.neg(m.floor(q)), zero), m.cst(s, kMaxNegativeShift));
  Value sum = zero;
  for (int k = 0; k < kMaxNegativeShift; ++k) {
    Value use = m.lt(m.cst(s, k), shift);
    Value term = m.pow(m.add(q, m.cst(s, k)), negS);
    sum = m.add(sum, m.select(use, term, zero));
  }
  Value qOriginal = q;
  q = m.add(q, shift);

  for (int k = 0; k < kTerms; ++k)
    sum = m.add(sum, m.pow(m.add(q, m.cst(s, k)), negS));

  // Tail from a = q + N: a^(1-s)/(s-1) + a^-s/2 + sum_j c_j t_j with
  // t_j = s (s+1) ... (s+2j-2) a^(-s-2j+1), grown by ratios so that it
  // underflows to 0 instead of multiplying inf by 0.
  Value a = m.add(q, m.cst(s, kTerms));
  Value tail = m.add(m.div(m.pow(a, m.sub(one, s)), m.sub(s, one)),
                     m.mul(m.cst(s, 0.5), m.pow(a, negS)));
  Value t = m.mul(s, m.pow(a, m.sub(negS, one)));
  for (int j = 0; j < kBernoulliTerms; ++j) {
    tail = m.add(tail, m.mul(m.cst(s, coeff::kZetaEulerMaclaurin[j]), t));
    t = m.mul(m.mul(t, m.div(m.add(s, m.cst(s, 2 * j + 1)), a)),
              m.div(m.add(s, m.cst(s, 2 * j + 2)), a));
  }
  Value result = m.add(sum, tail);

  // Outside the formula's domain:
  // s = inf: only the first term counts (0, 1 or inf for q >, =, < 1).
  result = m.select(m.eq(s, m.inf(s)), m.pow(qOriginal, negS), result);
  // q a pole (0, -1, ...): inf; q below -kMaxNegativeShift: not supported.
  Value qPole =
      m.andOp(m.le(qOriginal, zero), m.eq(qOriginal, m.floor(qOriginal)));
  result =
      m.select(m.lt(qOriginal, m.cst(s, -kMaxNegativeShift)), m.nan(s), result);
  result = m.select(qPole, m.inf(s), result);
  // s = 1: the pole of zeta; s < 1: not defined by the series.
  result = m.select(m.lt(s, one), m.nan(s), result);
  return m.select(m.eq(s, one), m.inf(s), result);
}

Value polygamma(MathBuilder &m, Value n, Value x) {
  Type type = MathBuilder::elementType(x);
  Value one = m.cst(x, 1.0);
  Value zero = m.cst(x, 0.0);
  // n! exactly by products up to kProductLimit, exp(lgamma) beyond.
  int productLimit = type.isF64() ? 40 : 34;
  Value factorial = one;
  for (int k = 2; k <= productLimit; ++k)
    factorial =
        m.mul(factorial, m.select(m.le(m.cst(x, k), n), m.cst(x, k), one));
  Value large = m.exp(lgamma(m, m.add(n, one)));
  factorial = m.select(m.gt(n, m.cst(x, productLimit)), large, factorial);
  // (-1)^(n+1): + for odd n, - for even n.
  Value odd = m.eq(m.rem(n, m.cst(x, 2.0)), one);
  Value sign = m.select(odd, one, m.cst(x, -1.0));
  Value higher = m.mul(m.mul(sign, factorial), zeta(m, m.add(n, one), x));
  Value result = m.select(m.eq(n, zero), digamma(m, x), higher);
  Value validOrder = m.andOp(m.ge(n, zero), m.eq(n, m.floor(n)));
  validOrder = m.andOp(validOrder, m.isFinite(n));
  return m.select(validOrder, result, m.nan(x));
}

} // namespace axle::chlo::fn

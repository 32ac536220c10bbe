//===- ChloErf.cpp - erf, erfc and erf_inv as stablehlo -------------------===//
//
// erf(x) = x P(x^2) for |x| < 1 and erfc(x) = exp(-x^2) R(1/x) / x for
// x >= 1/2, with P and R Chebyshev interpolants (ChloCoefficients.h). The
// exponential is split (MathBuilder::expNegSquare) so that large x keeps
// full relative accuracy in erfc. f32 erf (and f16 / bf16 erf, computed in
// f32) is one polynomial whose coefficients each element picks from four
// pieces of |x| instead: no exponential, no division, no second branch.
// erf_inv uses Giles' variable w = -log(1 - x^2): a series in w near 0 and
// in sqrt(w) in the tails; for f32 one polynomial whose coefficients each
// element picks between the two.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/ChloCoefficients.h"
#include "compiler/dialect/chlo/ChloFunctions.h"

using namespace mlir;

namespace axle::chlo::fn {

static bool isF64(Value x) { return MathBuilder::elementType(x).isF64(); }

/// erf(x) for |x| <= 1: x times a series in t = x^2.
static Value erfSmall(MathBuilder &m, Value x) {
  ArrayRef<double> coeffs = isF64(x) ? ArrayRef<double>(coeff::kErfSmallF64[0])
                                     : ArrayRef<double>(coeff::kErfSmallF32[0]);
  Value s = m.sub(m.mul(m.cst(x, 2.0), m.mul(x, x)), m.cst(x, 1.0));
  return m.mul(x, m.chebyshev(s, coeffs));
}

/// erfc(a) for a >= 1/2 (a = +inf gives 0; values past the table's last
/// bound underflow to 0).
static Value erfcPositive(MathBuilder &m, Value a) {
  PiecewiseChebyshev table =
      isF64(a) ? makeTable(coeff::kErfcScaledF64, coeff::kErfcScaledF64Bounds)
               : makeTable(coeff::kErfcScaledF32, coeff::kErfcScaledF32Bounds);
  Value u = m.div(m.cst(a, 1.0), a);
  // The pieces are intervals of x; the series variable maps u = 1/x on
  // [1/hi, 1/lo] to [-1, 1].
  Value scaled = m.piecewiseChebyshev(a, table, [&](Value lo, Value hi) {
    Value invLo = m.div(m.cst(a, 1.0), lo);
    Value invHi = m.div(m.cst(a, 1.0), hi);
    return m.div(m.sub(m.add(u, u), m.add(invLo, invHi)), m.sub(invLo, invHi));
  });
  Value result = m.mul(m.div(scaled, a), m.expNegSquare(a));
  Value beyond = m.ge(a, m.cst(a, table.bounds.back()));
  return m.select(beyond, m.cst(a, 0.0), result);
}

/// f32 erf from the pieces of kErfF32Pieces: for |x| below 0.75,
/// |x| + |x| r(x^2); below 1.375 the polynomial itself; below 3.92
/// 1 - the polynomial (erfc); from there on 1; the sign of x last. The
/// variable of the last three pieces, |x| - center, is exact. One Horner
/// evaluation (a multiply and an add per degree, each rounded in f32) with
/// coefficients picked per element. An exhaustive sweep of every f32 input
/// against the f64 erf: at most 0.87 ULP (gen_coefficients.py fits the
/// pieces, check_erf_f32.py measures them; tests/differential/
/// test_erf_f32.py checks the compiled code).
static Value erfF32(MathBuilder &m, Value x) {
  constexpr int64_t kPieces = std::size(coeff::kErfF32Pieces);
  constexpr int64_t kWidth = std::size(coeff::kErfF32Pieces[0]);
  static_assert(kPieces == 4 && std::size(coeff::kErfF32PieceBounds) == 4 &&
                std::size(coeff::kErfF32PieceCenters) == 3);
  Value a = m.abs(x);
  // below[i]: |x| lies in piece i or an earlier one; the latest true one
  // in pick's order (the narrowest range) decides.
  SmallVector<Value> below;
  for (int64_t i = kPieces - 2; i >= 0; --i)
    below.push_back(m.lt(a, m.cst(x, coeff::kErfF32PieceBounds[i])));
  auto pickPiece = [&](function_ref<double(int64_t)> value) {
    SmallVector<double> values;
    for (int64_t i = kPieces - 1; i >= 0; --i)
      values.push_back(value(i));
    return m.pick(x, below, values);
  };
  Value small = below.back();
  Value center = pickPiece([](int64_t i) {
    return i == 0 ? 0.0 : coeff::kErfF32PieceCenters[i - 1];
  });
  Value v = m.select(small, m.mul(a, a), m.sub(a, center));
  Value p =
      pickPiece([](int64_t i) { return coeff::kErfF32Pieces[i][kWidth - 1]; });
  for (int64_t k = kWidth - 2; k >= 0; --k)
    p = m.add(m.mul(p, v),
              pickPiece([k](int64_t i) { return coeff::kErfF32Pieces[i][k]; }));
  // y = offset + scale * p: |x| + |x| r, p, or 1 - p.
  Value one = m.cst(x, 1.0);
  Value polynomialItself = below[below.size() - 2];
  Value offset =
      m.select(small, a, m.select(polynomialItself, m.cst(x, 0.0), one));
  Value scale =
      m.select(small, a, m.select(polynomialItself, one, m.cst(x, -1.0)));
  Value y = m.add(offset, m.mul(scale, p));
  // Also infinities, whose polynomial is NaN; NaN fails the comparison.
  y = m.select(m.ge(a, m.cst(x, coeff::kErfF32PieceBounds[kPieces - 1])), one,
               y);
  return m.copySign(y, x);
}

Value erf(MathBuilder &m, Value x) {
  if (MathBuilder::elementType(x).isF32())
    return erfF32(m, x);
  Value a = m.abs(x);
  Value small = erfSmall(m, x);
  // 1 - erfc(|x|) with the sign of x; erfc is evaluated at >= 1/2 only.
  Value tail = m.sub(m.cst(x, 1.0), erfcPositive(m, m.max(a, m.cst(x, 0.5))));
  Value large = m.copySign(tail, x);
  return m.select(m.lt(a, m.cst(x, 1.0)), small, large);
}

Value erfc(MathBuilder &m, Value x) {
  Value a = m.abs(x);
  Value small = m.sub(m.cst(x, 1.0), erfSmall(m, x));
  Value positive = erfcPositive(m, m.max(a, m.cst(x, 0.5)));
  Value large = m.select(m.lt(x, m.cst(x, 0.0)), m.sub(m.cst(x, 2.0), positive),
                         positive);
  // NaN fails both comparisons and reaches `large`, which is NaN.
  return m.select(m.lt(a, m.cst(x, 0.5)), small, large);
}

/// f32 erf_inv as x p(w), w = -log(1 - x^2) from one logarithm (of 1 - x^2
/// below 1/2, of (1 - |x|)(1 + |x|) above, where 1 - |x| is exact), p one
/// Horner evaluation in w or, from w = kErfInvF32Split (6.25) on, in
/// sqrt(w) - kErfInvF32TailCenter (2.5), with the coefficients of
/// kErfInvF32Pieces picked per element. Every f32 input: at most 2.38 ULP
/// (check_f32_sweep.py).
static Value erfInvF32(MathBuilder &m, Value x) {
  constexpr int64_t kWidth = std::size(coeff::kErfInvF32Pieces[0]);
  Value a = m.abs(x);
  Value one = m.cst(x, 1.0);
  Value t = m.select(m.lt(a, m.cst(x, 0.5)), m.sub(one, m.mul(a, a)),
                     m.mul(m.sub(one, a), m.add(one, a)));
  Value w = m.neg(m.log(t));
  Value central = m.lt(w, m.cst(x, coeff::kErfInvF32Split));
  Value v = m.select(central, w,
                     m.sub(m.sqrt(w), m.cst(x, coeff::kErfInvF32TailCenter)));
  auto coefficient = [&](int64_t k) {
    return m.pick(
        x, central,
        {coeff::kErfInvF32Pieces[1][k], coeff::kErfInvF32Pieces[0][k]});
  };
  Value p = coefficient(kWidth - 1);
  for (int64_t k = kWidth - 2; k >= 0; --k)
    p = m.add(m.mul(p, v), coefficient(k));
  Value result = m.mul(x, p);
  // erf_inv(+-1) = +-inf; |x| > 1 gives NaN through the logarithm.
  result = m.select(m.eq(a, one), m.mul(x, m.inf(x)), result);
  return m.select(m.gt(a, one), m.nan(x), result);
}

Value erfInv(MathBuilder &m, Value x) {
  if (MathBuilder::elementType(x).isF32())
    return erfInvF32(m, x);
  bool f64 = isF64(x);
  Value a = m.abs(x);
  // w = -log(1 - a^2): as log1p(-a^2) for small a, as log((1 - a)(1 + a))
  // near 1, where 1 - a is exact.
  Value one = m.cst(x, 1.0);
  Value wSmall = m.neg(m.log1p(m.neg(m.mul(a, a))));
  Value wLarge = m.neg(m.log(m.mul(m.sub(one, a), m.add(one, a))));
  Value w = m.select(m.lt(a, m.cst(x, 0.5)), wSmall, wLarge);

  ArrayRef<double> central =
      f64 ? ArrayRef<double>(coeff::kErfInvCentralF64[0])
          : ArrayRef<double>(coeff::kErfInvCentralF32[0]);
  double centralHi = coeff::kErfInvCentralF64Bounds[1];
  Value sCentral =
      m.div(m.sub(m.add(w, w), m.cst(x, centralHi)), m.cst(x, centralHi));
  Value pCentral = m.chebyshev(sCentral, central);

  PiecewiseChebyshev tail =
      f64 ? makeTable(coeff::kErfInvTailF64, coeff::kErfInvTailF64Bounds)
          : makeTable(coeff::kErfInvTailF32, coeff::kErfInvTailF32Bounds);
  Value r = m.sqrt(w);
  Value pTail = m.piecewiseChebyshev(w, tail, [&](Value lo, Value hi) {
    Value rLo = m.sqrt(lo), rHi = m.sqrt(hi);
    return m.div(m.sub(m.add(r, r), m.add(rLo, rHi)), m.sub(rHi, rLo));
  });

  Value p = m.select(m.lt(w, m.cst(x, centralHi)), pCentral, pTail);
  Value result = m.mul(x, p);
  // erf_inv(+-1) = +-inf; |x| > 1 gives NaN through the logarithm.
  Value atOne = m.eq(a, one);
  result = m.select(atOne, m.mul(x, m.inf(x)), result);
  return m.select(m.gt(a, one), m.nan(x), result);
}

} // namespace axle::chlo::fn

//===- F32Erf.h - how axle computes f32 erf and erfc ------------*- C++ -*-===//
//
// chlo.erf and chlo.erfc of f32 (and of bf16, through f32) are not
// decomposed into stablehlo: both backends run the recipes below,
// templates over the `Ops` of F32Exponentials.h (the interpreter over
// scalar floats, the compiler over vectors, VectorMath.cpp), so they
// compute the same bits by construction. The exact GELU is
// x (1 + erf(x / sqrt(2))) / 2 as PyTorch exports it and
// x erfc(-x / sqrt(2)) / 2 as JAX does, which made these the hot functions
// of such models.
//
// Worst errors over every f32 input, against the exact value
// (compiler/dialect/chlo/check_f32_sweep.py): erf 0.82 ULP; erfc 2.07
// ULP for x >= 0 and 0.97 for x < 0. The stablehlo decompositions they
// replace reached 0.87 (erf: four pieces picked by selects) and 4.02 (erfc:
// two branches, three divisions, an exponential).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_F32ERF_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_F32ERF_H

#include "compiler/dialect/stablehlo/F32ErfTables.h"
#include "compiler/dialect/stablehlo/F32Exponentials.h"

namespace axle::f32math {

/// The piece of a (clamped to the last piece's end: nonnegative, not NaN)
/// in the tables of F32ErfTables.h.
template <typename Ops>
typename Ops::Int erfPiece(Ops &ops, typename Ops::Float a) {
  static_assert(kErfEntries == 16 && kErfPieces <= kErfEntries &&
                    kErfcPieces <= kErfEntries,
                "Ops::lookup takes tables of 16");
  return ops.subDownToZero(ops.shiftRight(ops.toBits(a), kErfShift),
                           kErfFirstHalf);
}

/// erf(x) from a = |x| by pieces (F32ErfTables.h, gen_erf_tables.py), each
/// piece's coefficients looked up per element (one permute per 16 lanes on
/// AVX-512), one Horner evaluation for every element: below a = 0.5,
/// a + a p(a^2); from 0.5 on, p(a - c) = c0 + v s(v), with c0 = erf(c) in
/// two parts so that p is rounded once, after the small terms (v = a - c
/// is exact); 1 from kErfOneFrom on. copysign restores the sign (and -0);
/// NaN stays NaN. No division and no exponential.
template <typename Ops>
typename Ops::Float erf(Ops &ops, typename Ops::Float x) {
  using Float = typename Ops::Float;
  Float magnitude = ops.abs(x);
  // NaN becomes kErfOneFrom; it is selected at the end.
  Float a = atMost(ops, magnitude, kErfOneFrom);
  typename Ops::Int piece = erfPiece(ops, a);
  typename Ops::Bool small = ops.less(a, ops.constant(kErfSmallBelow));
  Float v = ops.select(small, ops.mul(a, a),
                       ops.sub(a, ops.lookup(kErfCenters, piece)));
  Float s = ops.lookup(kErfSlope[kErfDegree - 1], piece);
  for (int k = kErfDegree - 2; k >= 0; --k)
    s = ops.fma(s, v, ops.lookup(kErfSlope[k], piece));
  Float p = ops.add(ops.lookup(kErfConstantHigh, piece),
                    ops.fma(s, v, ops.lookup(kErfConstantLow, piece)));
  Float y = ops.select(small, ops.fma(a, p, a), p);
  y = ops.select(ops.less(magnitude, ops.constant(kErfOneFrom)), y,
                 ops.constant(1.0f));
  return ops.select(ops.isNaN(x), x, ops.copySign(y, x));
}

/// erfc(x) from a = |x| by pieces (F32ErfTables.h, gen_erf_tables.py),
/// each piece's coefficients looked up per element (one permute per 16
/// lanes on AVX-512), one Horner evaluation for every element:
/// - below a = 0.5, erf(a) = a + a p(a^2) and erfc(x) = 1 -+ erf(a);
/// - from 0.5 on, erfc(a) = exp(-a^2) p(a - c), with p = g the smooth
///   erfc(a) exp(a^2), and erfc(x) = 2 - erfc(a) for negative x. a^2 =
///   h + l exactly (l from a fused multiply-add); exp(-h - l) is reduced
///   as the exp recipe reduces its argument, l joining the small remainder
///   r, and the product p e^r = p + (v s + p expm1(r)), p = c0 + v s, is
///   rounded once before the exact scaling by 2^n (rounded once more where
///   the result is subnormal). No division and no second branch.
/// From kErfcZeroFrom on, erfc rounds to 0 (2 for negative x). NaN stays
/// NaN.
template <typename Ops>
typename Ops::Float erfc(Ops &ops, typename Ops::Float x) {
  using Float = typename Ops::Float;
  Float magnitude = ops.abs(x);
  // Clamped, so that the pieces and exp(-a^2)'s reduction stay in range
  // (NaN becomes kErfcZeroFrom; it is selected at the end).
  Float a = atMost(ops, magnitude, kErfcZeroFrom);
  typename Ops::Int piece = erfPiece(ops, a);
  typename Ops::Bool small = ops.less(a, ops.constant(kErfSmallBelow));
  Float h = ops.mul(a, a);
  Float v = ops.select(small, h, ops.sub(a, ops.lookup(kErfcCenters, piece)));
  Float s = ops.lookup(kErfcCoefficients[kErfcDegree], piece);
  for (int k = kErfcDegree - 1; k >= 1; --k)
    s = ops.fma(s, v, ops.lookup(kErfcCoefficients[k], piece));
  Float c0 = ops.lookup(kErfcCoefficients[0], piece);
  Float p = ops.fma(s, v, c0);

  // Below 0.5: 1 -+ erf(a).
  Float one = ops.constant(1.0f);
  Float erfOfA = ops.fma(a, p, a);
  typename Ops::Bool negative = ops.less(x, ops.constant(0.0f));
  Float nearZero =
      ops.select(negative, ops.add(one, erfOfA), ops.sub(one, erfOfA));

  // From 0.5 on: exp(-h - l) = 2^n e^r, then p e^r.
  Float minusH = ops.neg(h);
  Reduced<Ops> reduced = reduce(ops, minusH, ops.fma(a, a, minusH));
  Float scaled =
      ops.add(c0, ops.fma(p, expm1Reduced(ops, reduced), ops.mul(v, s)));
  Float tail =
      ops.select(ops.less(magnitude, ops.constant(kErfcZeroFrom)),
                 ops.scaleByPowerOfTwo(scaled, reduced.n), ops.constant(0.0f));
  Float farFromZero =
      ops.select(negative, ops.sub(ops.constant(2.0f), tail), tail);

  Float result = ops.select(small, nearZero, farFromZero);
  return ops.select(ops.isNaN(x), x, result);
}

inline float erf(float x) {
  ScalarOps ops;
  return erf(ops, x);
}
inline float erfc(float x) {
  ScalarOps ops;
  return erfc(ops, x);
}

} // namespace axle::f32math

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_F32ERF_H

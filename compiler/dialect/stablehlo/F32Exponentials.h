//===- F32Exponentials.h - how axle computes f32 exp, expm1, tanh, log -*-===//
//
// The specification leaves the accuracy of exponential,
// exponential_minus_one, tanh and log to the implementation. axle evaluates
// them for f32 (and for bf16, through f32) with the recipes below: f32
// arithmetic only, so that compiled code computes 16 results per AVX-512
// instruction, as XLA's and IREE's f32 polynomials do.
//
// The recipes are templates over an arithmetic `Ops`, and both backends
// run them: the interpreter over scalar floats, the compiler over MLIR
// vector operations (compiler/codegen/cpu/VectorMath.cpp). Every step is an
// exactly rounded IEEE operation (add, sub, mul, div, fused multiply-add,
// round to integer, compare, select, bit casts, integer add and shifts) or
// an exact table lookup, so both compute the same bits by construction.
//
// Worst errors against the correctly rounded result, measured over every
// f32 input (docs/architecture.md, "Numerics of compiled code"): exp 1 ULP,
// expm1 2 ULP, tanh 1 ULP, log 1 ULP; subnormal results and inputs
// included.
//
// `Ops` provides the types Float, Int (32-bit) and Bool, and:
//   constant(float) intConstant(int32_t)
//   add sub mul div fma(a, b, c) = a * b + c rounded once, neg abs
//   roundEven copySign toInt (of an integer-valued float)
//   addInt subInt shiftLeft(Int, n) shiftRight(Int, n) (arithmetic)
//   subDownToZero(a, c) = max(a - c, 0) for 0 <= a < 2^15
//   fromBits (Int -> Float) toBits (Float -> Int) intToFloat (exact here)
//   less greater equal isNaN select(Bool, a, b)
//   scaleByPowerOfTwo(a, n) = a 2^n rounded once, n an integer-valued Float
//   scaleByPowerOfTwoOrZero(a, n, zero) = +0 where zero, else a 2^n, with
//     no product computed where zero (scaleOrZeroBySelects, or a masked
//     scaling instruction)
//   lookup(table, i) = table[i mod 16] for a table of 16 floats (the
//     low four bits of i, as AVX-512's permutes take them)
//   quietUnderflow(): whether products that underflow cost no more than
//   others on the target (only exp's speed depends on it, not its bits)
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_F32EXPONENTIALS_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_F32EXPONENTIALS_H

#include "compiler/dialect/stablehlo/F32TanhTable.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>

namespace axle::f32math {

inline constexpr float kLog2E = 0x1.715476p0f;
// ln2 = kLn2Hi + kLn2Lo (to 2^-53). kLn2Hi is ln2 rounded to f32. For
// |x| <= 104 and n = round(x / ln2), x - n kLn2Hi is a multiple of x's or
// kLn2Hi's ULP below 2^-1 in size, so a fused multiply-add computes it
// exactly; the second one adds -n kLn2Lo with one rounding.
inline constexpr float kLn2Hi = 0x1.62e430p-1f;
inline constexpr float kLn2Lo = -0x1.05c610p-29f;
// 1 / (k + 1)! for k = 0..6, rounded to f32: P(r) = sum of r^k / (k + 1)!
// gives exp(r) = 1 + r P(r) to degree 7, whose truncation error on
// |r| <= 0.347 is 4e-9 relative (0.03 ULP).
inline constexpr float kInverseFactorials[] = {
    0x1.0p0f,       0x1.0p-1f,       0x1.555556p-3f, 0x1.555556p-5f,
    0x1.111112p-7f, 0x1.6c16c2p-10f, 0x1.a01a02p-13f};
inline constexpr int kTerms = 7;
// exp's own q, with exp(r) = 1 + r + r^2 q(r): the polynomial of degree 4
// closest to (e^r - 1 - r) / r^2 on |r| <= ln2 / 2 (gen_exp_polynomial.py),
// within 1.1e-8 of exp(r) relative (0.09 ULP), one fused multiply-add
// fewer than the Taylor series above, which expm1 and erfc keep.
inline constexpr float kExpQuotient[] = {
    0x1.0p-1f, 0x1.5554dep-3f, 0x1.5554ep-5f, 0x1.120accp-7f, 0x1.6d57dcp-10f};

// exp(-104) is below half the smallest subnormal and exp(89) above the
// largest float, so clamping there keeps every f32 result (0 and inf),
// and 2^n stays a product of two normal floats (-150 <= n <= 128). The
// low clamp is needed only where underflow is quiet (below).
inline constexpr float kExpLow = -104.0f;
inline constexpr float kExpHigh = 89.0f;
// exp(x) rounds to +0 below ln(2^-150) = -103.97208. Where underflow is
// slow, those results are +0 without being scaled
// (scaleByPowerOfTwoOrZero), so that no multiply underflows: a product
// that underflows to 0 or a subnormal takes a microcode assist of ~100
// cycles on Intel x86 cores (70 ns per vscalefps on an Emerald Rapids
// core), and masked softmax scores (-inf) are common (attention at one
// thread on an Intel Xeon: 55 -> 71 ms without this). There x needs no
// lower clamp: the other steps of those lanes compute values that are
// discarded (NaN for -inf, none of them subnormal: r is within ln2 of 0 or
// far from it), which saves a max per vector (exp over 32 x 4096 floats in
// cache 24.1 -> 22.1 us on that Xeon; the same bits for every f32 from -80
// down, -inf and the negative NaNs). AMD Zen 4 underflows at full speed,
// and there the compare and the selects cost 8% of a softmax. Without
// them the result is the same: x clamped to kExpLow gives n = -150 and
// e = exp(x + 150 ln2) < 1, so e 2^-150 rounds to +0 too (the unit test
// ExpWithoutZeroSelectsIsTheSame checks every f32 around and below).
inline constexpr float kExpZeroBelow = -103.972084f;
// expm1(-25) rounds to -1, as does expm1 of every x below -17.4.
inline constexpr float kExpm1Low = -25.0f;

/// min(x, hi); NaN becomes hi.
template <typename Ops>
typename Ops::Float atMost(Ops &ops, typename Ops::Float x, float hi) {
  typename Ops::Float high = ops.constant(hi);
  return ops.select(ops.less(x, high), x, high);
}

/// x clamped to [lo, hi]; NaN becomes lo, so that no later step sees NaN
/// (the recipes select NaN inputs at the end).
template <typename Ops>
typename Ops::Float clamp(Ops &ops, typename Ops::Float x, float lo, float hi) {
  typename Ops::Float low = ops.constant(lo);
  return atMost(ops, ops.select(ops.greater(x, low), x, low), hi);
}

/// x, at most hi; NaN stays NaN (minps on x86).
template <typename Ops>
typename Ops::Float atMostKeepingNaN(Ops &ops, typename Ops::Float x,
                                     float hi) {
  typename Ops::Float high = ops.constant(hi);
  return ops.select(ops.greater(x, high), high, x);
}

/// x clamped to [lo, hi]; NaN stays NaN (maxps and minps on x86).
template <typename Ops>
typename Ops::Float clampKeepingNaN(Ops &ops, typename Ops::Float x, float lo,
                                    float hi) {
  typename Ops::Float low = ops.constant(lo);
  return atMostKeepingNaN(ops, ops.select(ops.less(x, low), low, x), hi);
}

/// 2^k for an integer k in [-126, 127], from its exponent bits.
template <typename Ops>
typename Ops::Float powerOfTwo(Ops &ops, typename Ops::Int k) {
  return ops.fromBits(
      ops.shiftLeft(ops.addInt(k, ops.intConstant(127)), /*amount=*/23));
}

/// e 2^n for e in [0.7, 1.42] and an integer n in [-150, 128] (a float),
/// rounded once: ldexp(e, n), from two multiplies. With h = floor(n / 2),
/// e 2^h is exact (a normal float) and times 2^(n - h) rounds once (to a
/// subnormal, 0 or inf where the result is one); both powers are normal.
/// This is how `scaleByPowerOfTwo` is computed where the target has no
/// scaling instruction. NaN e and n (exp of NaN) give NaN: n is made a
/// number first, since converting NaN to an integer is undefined.
template <typename Ops>
typename Ops::Float scaleByTwoMultiplies(Ops &ops, typename Ops::Float e,
                                         typename Ops::Float exponent) {
  typename Ops::Int n = ops.toInt(atMost(ops, exponent, 128.0f));
  typename Ops::Int half = ops.shiftRight(n, 1);
  return ops.mul(ops.mul(e, powerOfTwo(ops, half)),
                 powerOfTwo(ops, ops.subInt(n, half)));
}

/// +0 where `zero`, else a 2^n, where no instruction can skip lanes: n is
/// made 0 in the lanes of `zero` first, so that their scaling cannot
/// underflow, and their results are selected.
template <typename Ops>
typename Ops::Float scaleOrZeroBySelects(Ops &ops, typename Ops::Float a,
                                         typename Ops::Float n,
                                         typename Ops::Bool zero) {
  typename Ops::Float zeros = ops.constant(0.0f);
  return ops.select(zero, zeros,
                    ops.scaleByPowerOfTwo(a, ops.select(zero, zeros, n)));
}

/// x - t = n ln2 + r with |r| <= ln2 / 2 (plus the rounding of x log2(e)),
/// for |x| <= 104 and a small t (none: 0; erfc's low part of a^2): n from x
/// alone, x - n kLn2Hi exact by one fused multiply-add, t subtracted from
/// it, then n kLn2Lo by a second one.
template <typename Ops> struct ReducedArgument {
  typename Ops::Float n;
  typename Ops::Float r;
};

template <typename Ops>
ReducedArgument<Ops>
reduceArgument(Ops &ops, typename Ops::Float x,
               std::optional<typename Ops::Float> t = std::nullopt) {
  typename Ops::Float n = ops.roundEven(ops.mul(x, ops.constant(kLog2E)));
  typename Ops::Float minusN = ops.neg(n);
  typename Ops::Float r = ops.fma(minusN, ops.constant(kLn2Hi), x);
  if (t)
    r = ops.sub(r, *t);
  return {n, ops.fma(minusN, ops.constant(kLn2Lo), r)};
}

/// The reduced argument and q = Q(r) with exp(r) = 1 + r + r^2 Q(r).
template <typename Ops> struct Reduced {
  typename Ops::Float n;
  typename Ops::Float r;
  typename Ops::Float q;
};

template <typename Ops>
Reduced<Ops> reduce(Ops &ops, typename Ops::Float x,
                    std::optional<typename Ops::Float> t = std::nullopt) {
  auto [n, r] = reduceArgument(ops, x, t);
  typename Ops::Float q = ops.constant(kInverseFactorials[kTerms - 1]);
  for (int k = kTerms - 2; k >= 1; --k)
    q = ops.fma(q, r, ops.constant(kInverseFactorials[k]));
  return {n, r, q};
}

/// expm1(r) = r + r^2 Q(r), rounded once after the small term: within
/// about half an ULP, where r P(r) would add P's rounding error.
template <typename Ops>
typename Ops::Float expm1Reduced(Ops &ops, const Reduced<Ops> &reduced) {
  return ops.fma(ops.mul(reduced.r, reduced.r), reduced.q, reduced.r);
}

/// exp(x) = (1 + r + r^2 q(r)) 2^n (q: kExpQuotient), the scaling rounded
/// once (to a subnormal, 0 or inf where the result is one). +inf gives inf,
/// -inf +0; NaN flows through every step and comes out NaN (no select for
/// it). Where underflow is slow, results that round to 0 are not scaled
/// (kExpZeroBelow).
template <typename Ops>
typename Ops::Float exp(Ops &ops, typename Ops::Float x) {
  using Float = typename Ops::Float;
  // Where results below kExpZeroBelow are made +0 without being scaled,
  // their lanes' other steps are discarded, so x needs no lower bound.
  Float clamped = ops.quietUnderflow()
                      ? clampKeepingNaN(ops, x, kExpLow, kExpHigh)
                      : atMostKeepingNaN(ops, x, kExpHigh);
  auto [n, r] = reduceArgument(ops, clamped);
  constexpr int kQuotientTerms = std::size(kExpQuotient);
  Float q = ops.constant(kExpQuotient[kQuotientTerms - 1]);
  for (int k = kQuotientTerms - 2; k >= 0; --k)
    q = ops.fma(q, r, ops.constant(kExpQuotient[k]));
  Float one = ops.constant(1.0f);
  Float e = ops.fma(r, ops.fma(q, r, one), one);
  if (ops.quietUnderflow())
    return ops.scaleByPowerOfTwo(e, n);
  return ops.scaleByPowerOfTwoOrZero(
      e, n, ops.less(clamped, ops.constant(kExpZeroBelow)));
}

/// expm1(x) for x in [kExpm1Low, kExpHigh]. For n = 0 (|x| < ln2 / 2) it is
/// r P(r) with r = x: accurate relative to tiny x, with no cancellation
/// against 1. Otherwise 2 (s r P(r) + (s - 1/2)) with s = 2^(n - 1), which
/// stays a normal float up to n = 128; s - 1/2 is exact for the n where it
/// matters, and doubling is exact (or overflows to inf, as it should).
template <typename Ops>
typename Ops::Float expm1InRange(Ops &ops, typename Ops::Float x) {
  Reduced<Ops> reduced = reduce(ops, x);
  typename Ops::Float rp = expm1Reduced(ops, reduced);
  typename Ops::Float halfScale =
      powerOfTwo(ops, ops.subInt(ops.toInt(reduced.n), ops.intConstant(1)));
  typename Ops::Float sum =
      ops.fma(halfScale, rp, ops.sub(halfScale, ops.constant(0.5f)));
  typename Ops::Float e = ops.mul(sum, ops.constant(2.0f));
  return ops.select(ops.equal(reduced.n, ops.constant(0.0f)), rp, e);
}

/// expm1 with -0 kept, inf for large x, -1 for -inf, NaN itself.
template <typename Ops>
typename Ops::Float expm1(Ops &ops, typename Ops::Float x) {
  typename Ops::Float e = expm1InRange(ops, clamp(ops, x, kExpm1Low, kExpHigh));
  e = ops.select(ops.equal(x, ops.constant(0.0f)), x, e);
  return ops.select(ops.isNaN(x), x, e);
}

/// tanh(|x|) by pieces (F32TanhTable.h, gen_tanh_table.py): the piece of
/// a = |x| (clamped to kTanhHigh, where tanh has rounded to 1) from its
/// exponent and leading significand bit, then that piece's polynomial of
/// degree 7 in t = a - c (exact) by Horner's rule, its center and
/// coefficients looked up per element (one permute per 16 lanes on
/// AVX-512). No division and no exponential: half the operations of
/// 1 - 2 / (e^2a + 1) with t = expm1(2a), the recipe before it (worst
/// 1.66 ULP), and within 1 ULP. copysign restores the sign (and -0). NaN
/// needs no select of its own (two instructions per 16 lanes, 7% of the
/// gelu chain): it passes the clamp, its piece is some table entry (the
/// index modulo 16), t is NaN and so is every step after it, each keeping
/// x's payload; the result is x, quieted where it was a signaling NaN.
template <typename Ops>
typename Ops::Float tanh(Ops &ops, typename Ops::Float x) {
  static_assert(kTanhPieces == 16, "Ops::lookup takes tables of 16");
  typename Ops::Float a = atMostKeepingNaN(ops, ops.abs(x), kTanhHigh);
  typename Ops::Int piece = ops.subDownToZero(
      ops.shiftRight(ops.toBits(a), kTanhShift), kTanhFirstHalf);
  typename Ops::Float t = ops.sub(a, ops.lookup(kTanhCenters, piece));
  typename Ops::Float p = ops.lookup(kTanhCoefficients[kTanhDegree], piece);
  for (int k = kTanhDegree - 1; k >= 0; --k)
    p = ops.fma(p, t, ops.lookup(kTanhCoefficients[k], piece));
  return ops.copySign(p, x);
}

// log: ln2 = kLogLn2Hi + kLogLn2Lo, kLogLn2Hi with 16 significant bits, so
// that k kLogLn2Hi is exact for every exponent k of an f32 (|k| < 2^8).
inline constexpr float kLogLn2Hi = 0x1.62e4p-1f;
inline constexpr float kLogLn2Lo = 0x1.7f7d1cp-20f;
// 2 / (2j + 1) for j = 1..5: 2 atanh(s) = 2s + s T(s^2), T(z) = sum of
// 2 z^j / (2j + 1); with |s| <= 0.1716 the first omitted term is below
// 2^-34 of the result.
inline constexpr float kAtanhTerms[] = {0x1.555556p-1f, 0x1.99999ap-2f,
                                        0x1.24924ap-2f, 0x1.c71c72p-3f,
                                        0x1.745d18p-3f};
// The bits of sqrt(1/2): x = 2^k m with m in [sqrt(1/2), sqrt(2)).
inline constexpr int32_t kSqrtHalfBits = 0x3f3504f3;

/// log(x) + extra for finite x > 0 and a small `extra` (none: 0):
/// k ln2 + log(m), x = 2^k m with m in [sqrt(1/2), sqrt(2)) taken from the
/// bits (subnormal x scaled by 2^23 first, exactly). With f = m - 1
/// (exact) and s = f / (2 + f), log(m) = 2 atanh(s) = f - s (f - T(s^2)):
/// f exact, the correction within a few of its ULPs, which are below 2^-3
/// of the result's; k ln2 and `extra` join the correction before f.
template <typename Ops>
typename Ops::Float
logOfPositive(Ops &ops, typename Ops::Float x,
              std::optional<typename Ops::Float> extra = std::nullopt) {
  typename Ops::Bool subnormal = ops.less(ops.abs(x), ops.constant(0x1p-126f));
  typename Ops::Float scaled =
      ops.select(subnormal, ops.mul(x, ops.constant(0x1p23f)), x);
  typename Ops::Int bits = ops.toBits(scaled);
  typename Ops::Int k = ops.shiftRight(
      ops.subInt(bits, ops.intConstant(kSqrtHalfBits)), /*amount=*/23);
  typename Ops::Float m =
      ops.fromBits(ops.subInt(bits, ops.shiftLeft(k, /*amount=*/23)));
  typename Ops::Float exponent =
      ops.add(ops.intToFloat(k),
              ops.select(subnormal, ops.constant(-23.0f), ops.constant(0.0f)));
  typename Ops::Float f = ops.sub(m, ops.constant(1.0f));
  typename Ops::Float s = ops.div(f, ops.add(ops.constant(2.0f), f));
  typename Ops::Float z = ops.mul(s, s);
  typename Ops::Float t = ops.constant(kAtanhTerms[4]);
  for (int j = 3; j >= 0; --j)
    t = ops.fma(t, z, ops.constant(kAtanhTerms[j]));
  typename Ops::Float correction = ops.mul(s, ops.sub(f, ops.mul(t, z)));
  typename Ops::Float small =
      extra ? ops.sub(*extra, correction) : ops.neg(correction);
  typename Ops::Float tail = ops.fma(exponent, ops.constant(kLogLn2Lo), small);
  return ops.fma(exponent, ops.constant(kLogLn2Hi), ops.add(f, tail));
}

/// `result` of a logarithm with a pole at `pole`, with the IEEE special
/// values put in: -inf at the pole, NaN below it, inf at inf, NaN itself.
template <typename Ops>
typename Ops::Float withLogSpecialValues(Ops &ops, typename Ops::Float x,
                                         float pole,
                                         typename Ops::Float result) {
  typename Ops::Float at = ops.constant(pole);
  typename Ops::Float infinity =
      ops.constant(std::numeric_limits<float>::infinity());
  result = ops.select(ops.equal(x, at), ops.neg(infinity), result);
  result = ops.select(ops.equal(x, infinity), infinity, result);
  result =
      ops.select(ops.less(x, at),
                 ops.constant(std::numeric_limits<float>::quiet_NaN()), result);
  return ops.select(ops.isNaN(x), x, result);
}

/// log(x); log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, NaN itself.
template <typename Ops>
typename Ops::Float log(Ops &ops, typename Ops::Float x) {
  return withLogSpecialValues(ops, x, 0.0f, logOfPositive(ops, x));
}

/// log1p(x) = log(u) + c / u with u = 1 + x rounded and c = x - (u - 1)
/// its rounding error (exact where it matters: u - 1 is exact for u in
/// [1/2, 2^24]; beyond, c / u is below the result's ULP). Tiny x gives
/// u = 1 and c = x: the result is x, -0 included (selected).
/// log1p(-1) = -inf, log1p(x < -1) = NaN, log1p(inf) = inf, NaN itself.
template <typename Ops>
typename Ops::Float log1p(Ops &ops, typename Ops::Float x) {
  typename Ops::Float one = ops.constant(1.0f);
  typename Ops::Float u = ops.add(one, x);
  typename Ops::Float c = ops.sub(x, ops.sub(u, one));
  typename Ops::Float result = logOfPositive(ops, u, ops.div(c, u));
  result = ops.select(ops.equal(x, ops.constant(0.0f)), x, result);
  return withLogSpecialValues(ops, x, -1.0f, result);
}

/// The recipes' arithmetic on scalar floats (the interpreter's). Each
/// operation is its own expression, so no compiler contracts a multiply
/// and an add into a fused multiply-add (clang contracts only within one
/// expression; the interpreter is also built with -ffp-contract=off).
struct ScalarOps {
  using Float = float;
  using Int = int32_t;
  using Bool = bool;

  /// exp's selects of results that round to 0 (the same bits either way).
  bool selectExpZeros = true;
  bool quietUnderflow() const { return !selectExpZeros; }

  Float constant(float value) { return value; }
  Int intConstant(int32_t value) { return value; }
  Float add(Float a, Float b) { return a + b; }
  Float sub(Float a, Float b) { return a - b; }
  Float mul(Float a, Float b) { return a * b; }
  Float div(Float a, Float b) { return a / b; }
  Float fma(Float a, Float b, Float c) { return std::fma(a, b, c); }
  Float neg(Float a) { return -a; }
  Float abs(Float a) { return std::fabs(a); }
  // The default rounding mode is to nearest, ties to even.
  Float roundEven(Float a) { return std::nearbyint(a); }
  Float copySign(Float magnitude, Float sign) {
    return std::copysign(magnitude, sign);
  }
  Int toInt(Float a) { return static_cast<Int>(a); }
  Int addInt(Int a, Int b) { return a + b; }
  Int subInt(Int a, Int b) { return a - b; }
  Int subDownToZero(Int a, int32_t c) { return std::max(a - c, 0); }
  Int shiftLeft(Int a, int amount) {
    return static_cast<Int>(static_cast<uint32_t>(a) << amount);
  }
  Int shiftRight(Int a, int amount) { return a >> amount; }
  Float fromBits(Int bits) { return std::bit_cast<Float>(bits); }
  Int toBits(Float a) { return std::bit_cast<Int>(a); }
  Float intToFloat(Int a) { return static_cast<Float>(a); }
  // a 2^n rounded once, as scaleByTwoMultiplies and AVX-512's vscalefps
  // compute it; NaN for NaN n (exp of NaN), whose conversion to int would
  // be undefined.
  Float scaleByPowerOfTwo(Float a, Float n) {
    if (std::isnan(n))
      return a + n;
    return std::ldexp(a, static_cast<int>(n));
  }
  Float scaleByPowerOfTwoOrZero(Float a, Float n, Bool zero) {
    return scaleOrZeroBySelects(*this, a, n, zero);
  }
  Bool less(Float a, Float b) { return a < b; }
  Bool greater(Float a, Float b) { return a > b; }
  Bool equal(Float a, Float b) { return a == b; }
  Bool isNaN(Float a) { return std::isnan(a); }
  Float select(Bool condition, Float a, Float b) { return condition ? a : b; }
  Float lookup(const float (&table)[16], Int index) {
    return table[index & 15];
  }
};

inline float exp(float x) {
  ScalarOps ops;
  return exp(ops, x);
}
inline float expm1(float x) {
  ScalarOps ops;
  return expm1(ops, x);
}
inline float tanh(float x) {
  ScalarOps ops;
  return tanh(ops, x);
}
inline float log(float x) {
  ScalarOps ops;
  return log(ops, x);
}
inline float log1p(float x) {
  ScalarOps ops;
  return log1p(ops, x);
}

} // namespace axle::f32math

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_F32EXPONENTIALS_H

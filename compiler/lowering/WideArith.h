//===- WideArith.h - f64 or double-double scalar arithmetic -----*- C++ -*-===//
//
// Internal header of compiler/lowering, used by the linear algebra and fft
// lowerings. The interpreter computes those ops in long double (64-bit
// significand) and rounds once; the lowered program computes them in f64
// for f32/f16/bf16 results, where f64's 53 bits leave the final rounding
// alone. For f64 results plain f64 differs from the interpreter by the
// accumulated f64 rounding error (hundreds of ulps on results that cancel),
// and even double-double (an unevaluated sum hi + lo of two f64, about 106
// bits) differs by the interpreter's own long double rounding error (up to
// ~150 ulps in the fft corpus). Extended mode therefore rounds every
// double-double result to the grid of a 64-bit significand, with ties to
// even, which gives the long double (x87) result of each operation; the
// results then match the interpreter's bit for bit (measured: 0 ulps on
// the fft, triangular_solve and cholesky tests). It costs about 20x plain
// f64.
//
// The double-double algorithms are the classical error-free ones (Dekker,
// Knuth; fma for exact products). Where a hi part is not finite the result
// is the plain f64 result (inf stays inf instead of turning into NaN
// through inf - inf in the error terms).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_LOWERING_WIDEARITH_H
#define AXLE_COMPILER_LOWERING_WIDEARITH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"

namespace axle::lowering {

/// A real number: an f64 `hi`, plus an f64 `lo` in double-double mode.
struct WideReal {
  mlir::Value hi, lo;
};

/// Builds scalar arithmetic on WideReal values at one insertion point.
class WideArith {
public:
  /// Plain f64, double-double, or double-double rounded after each
  /// operation to the values an x87 long double takes (`extended`).
  WideArith(mlir::OpBuilder &b, mlir::Location loc, bool doubleDouble,
            bool extended = false)
      : b(b), loc(loc), dd(doubleDouble || extended), extended(extended) {}

  bool isDoubleDouble() const { return dd; }
  /// How many f64 values one WideReal takes.
  int64_t width() const { return dd ? 2 : 1; }

  mlir::Value f64(double value) {
    return mlir::arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
  }
  WideReal constant(double hi, double lo = 0.0) {
    return make(f64(hi), dd ? f64(lo) : mlir::Value());
  }
  /// The exact f64 `value` as a WideReal.
  WideReal fromF64(mlir::Value value) {
    return make(value, dd ? f64(0.0) : mlir::Value());
  }
  /// `parts` (width() values, hi first) as a WideReal.
  WideReal fromParts(mlir::ValueRange parts) {
    return make(parts[0], dd ? parts[1] : mlir::Value());
  }
  void appendParts(WideReal x, llvm::SmallVectorImpl<mlir::Value> &parts) {
    parts.push_back(x.hi);
    if (dd)
      parts.push_back(x.lo);
  }
  /// The f64 nearest to x.
  mlir::Value round(WideReal x) { return dd ? addf(x.hi, x.lo) : x.hi; }

  WideReal neg(WideReal x) {
    return make(negf(x.hi), dd ? negf(x.lo) : mlir::Value());
  }

  // The operations round their result to the long double grid in
  // extended mode (see round64).
  WideReal add(WideReal x, WideReal y) {
    if (!dd)
      return make(addf(x.hi, y.hi), {});
    return round64(ddAdd(x, y));
  }
  WideReal sub(WideReal x, WideReal y) {
    if (!dd)
      return make(subf(x.hi, y.hi), {});
    return round64(ddAdd(x, neg(y)));
  }
  WideReal mul(WideReal x, WideReal y) {
    if (!dd)
      return make(mulf(x.hi, y.hi), {});
    return round64(ddMul(x, y));
  }
  WideReal div(WideReal x, WideReal y) {
    if (!dd)
      return make(divf(x.hi, y.hi), {});
    return round64(ddDiv(x, y));
  }
  WideReal sqrt(WideReal x) {
    if (!dd)
      return make(mlir::math::SqrtOp::create(b, loc, x.hi), {});
    return round64(ddSqrt(x));
  }

  mlir::Value addf(mlir::Value x, mlir::Value y) {
    return mlir::arith::AddFOp::create(b, loc, x, y);
  }
  mlir::Value subf(mlir::Value x, mlir::Value y) {
    return mlir::arith::SubFOp::create(b, loc, x, y);
  }
  mlir::Value mulf(mlir::Value x, mlir::Value y) {
    return mlir::arith::MulFOp::create(b, loc, x, y);
  }
  mlir::Value divf(mlir::Value x, mlir::Value y) {
    return mlir::arith::DivFOp::create(b, loc, x, y);
  }
  mlir::Value negf(mlir::Value x) {
    return mlir::arith::NegFOp::create(b, loc, x);
  }
  mlir::Value select(mlir::Value c, mlir::Value x, mlir::Value y) {
    return mlir::arith::SelectOp::create(b, loc, c, x, y);
  }

private:
  using Pair = std::pair<mlir::Value, mlir::Value>;

  static WideReal make(mlir::Value hi, mlir::Value lo) { return {hi, lo}; }

  WideReal ddAdd(WideReal x, WideReal y) {
    auto [s, e] = twoSum(x.hi, y.hi);
    auto [t, f] = twoSum(x.lo, y.lo);
    e = addf(e, t);
    std::tie(s, e) = fastTwoSum(s, e);
    e = addf(e, f);
    return guard(addf(x.hi, y.hi), fastTwoSum(s, e));
  }
  WideReal ddMul(WideReal x, WideReal y) {
    auto [p, e] = twoProd(x.hi, y.hi);
    e = addf(e, addf(mulf(x.hi, y.lo), mulf(x.lo, y.hi)));
    return guard(p, fastTwoSum(p, e));
  }
  WideReal ddDiv(WideReal x, WideReal y) {
    // Three quotient digits, each from the remainder of the previous ones.
    mlir::Value q1 = divf(x.hi, y.hi);
    WideReal r = ddAdd(x, neg(ddMul(y, fromF64(q1))));
    mlir::Value q2 = divf(r.hi, y.hi);
    r = ddAdd(r, neg(ddMul(y, fromF64(q2))));
    mlir::Value q3 = divf(r.hi, y.hi);
    auto [h, l] = fastTwoSum(q1, q2);
    return guard(q1, ddAdd(make(h, l), fromF64(q3)));
  }
  WideReal ddSqrt(WideReal x) {
    mlir::Value root = mlir::math::SqrtOp::create(b, loc, x.hi);
    // One Newton step: root + (x - root^2) / (2 root).
    auto [p, e] = twoProd(root, root);
    mlir::Value residual = addf(subf(subf(x.hi, p), e), x.lo);
    mlir::Value correction = divf(residual, addf(root, root));
    auto [h, l] = fastTwoSum(root, correction);
    // sqrt(0) = 0 (the correction would be 0 / 0), sqrt(inf) = inf and
    // sqrt(negative) = NaN stay as they are.
    mlir::Value isZero = mlir::arith::CmpFOp::create(
        b, loc, mlir::arith::CmpFPredicate::OEQ, root, f64(0.0));
    WideReal refined = guard(root, make(h, l));
    return make(select(isZero, root, refined.hi),
                select(isZero, f64(0.0), refined.lo));
  }

  /// x rounded to nearest even on the grid of a 64-bit significand (x87
  /// long double), in extended mode: lo becomes a multiple of
  /// q = ulp(hi) / 2^11, or of q / 2 where hi is a power of two and lo
  /// points into the binade below. Values so small that q would be
  /// subnormal keep their lo (long double has the wider exponent range;
  /// such values are far below anything the ops produce from normal data).
  WideReal round64(WideReal x) {
    if (!extended)
      return x;
    mlir::Type i64 = b.getI64Type();
    auto i64Const = [&](int64_t value) -> mlir::Value {
      return mlir::arith::ConstantOp::create(b, loc,
                                             b.getI64IntegerAttr(value));
    };
    mlir::Value bits = mlir::arith::BitcastOp::create(b, loc, i64, x.hi);
    mlir::Value exponent = mlir::arith::AndIOp::create(
        b, loc, mlir::arith::ShRUIOp::create(b, loc, bits, i64Const(52)),
        i64Const(0x7ff));
    mlir::Value mantissa = mlir::arith::AndIOp::create(
        b, loc, bits, i64Const((int64_t(1) << 52) - 1));
    mlir::Value powerOfTwo = mlir::arith::CmpIOp::create(
        b, loc, mlir::arith::CmpIPredicate::eq, mantissa, i64Const(0));
    auto negative = [&](mlir::Value v) -> mlir::Value {
      return mlir::arith::CmpFOp::create(
          b, loc, mlir::arith::CmpFPredicate::OLT, v, f64(0.0));
    };
    mlir::Value opposite = mlir::arith::AndIOp::create(
        b, loc,
        mlir::arith::XOrIOp::create(b, loc, negative(x.hi), negative(x.lo)),
        mlir::arith::CmpFOp::create(b, loc, mlir::arith::CmpFPredicate::ONE,
                                    x.lo, f64(0.0)));
    mlir::Value below =
        mlir::arith::AndIOp::create(b, loc, powerOfTwo, opposite);
    // Biased exponent of q: 63 below hi's (52 + 11 bits), one more below
    // in the lower binade.
    mlir::Value qExponent = mlir::arith::SubIOp::create(
        b, loc, exponent,
        mlir::arith::SelectOp::create(b, loc, below, i64Const(64),
                                      i64Const(63)));
    mlir::Value normalQ = mlir::arith::CmpIOp::create(
        b, loc, mlir::arith::CmpIPredicate::sgt, qExponent, i64Const(0));
    mlir::Value q = mlir::arith::BitcastOp::create(
        b, loc, b.getF64Type(),
        mlir::arith::ShLIOp::create(
            b, loc,
            mlir::arith::SelectOp::create(b, loc, normalQ, qExponent,
                                          i64Const(1)),
            i64Const(52)));
    mlir::Value rounded =
        mulf(mlir::math::RoundEvenOp::create(b, loc, divf(x.lo, q)), q);
    return make(x.hi, select(normalQ, rounded, x.lo));
  }

  /// s + e = x + y exactly, s = fl(x + y).
  Pair twoSum(mlir::Value x, mlir::Value y) {
    mlir::Value s = addf(x, y);
    mlir::Value v = subf(s, x);
    mlir::Value e = addf(subf(x, subf(s, v)), subf(y, v));
    return {s, e};
  }
  /// As twoSum for |x| >= |y| (or x = 0).
  Pair fastTwoSum(mlir::Value x, mlir::Value y) {
    mlir::Value s = addf(x, y);
    return {s, subf(y, subf(s, x))};
  }
  /// p + e = x * y exactly, p = fl(x * y).
  Pair twoProd(mlir::Value x, mlir::Value y) {
    mlir::Value p = mulf(x, y);
    mlir::Value e = mlir::math::FmaOp::create(b, loc, x, y, negf(p));
    return {p, e};
  }
  /// `result`, or (plain, 0) where the plain f64 result is not finite.
  WideReal guard(mlir::Value plain, Pair result) {
    return guard(plain, make(result.first, result.second));
  }
  WideReal guard(mlir::Value plain, WideReal result) {
    mlir::Value finite = mlir::math::IsFiniteOp::create(b, loc, plain);
    return make(select(finite, result.hi, plain),
                select(finite, result.lo, f64(0.0)));
  }

  mlir::OpBuilder &b;
  mlir::Location loc;
  bool dd;
  bool extended;
};

} // namespace axle::lowering

#endif // AXLE_COMPILER_LOWERING_WIDEARITH_H

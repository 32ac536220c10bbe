//===- VectorMath.cpp - inline f64 exp, expm1 and tanh for f32 ------------===//
//
// f32 math.exp, math.expm1 and math.tanh, scalar or vector, become
//   extf to f64 -> inline f64 arithmetic -> truncf to f32
// instead of one scalar C library call per element. The f64 value is within
// about 3 f64 ULP (2^-51 relative) of the true one, so rounding it once to
// f32 gives the same f32 as the interpreter's "f64 library function, then
// round" unless the true value lies within a few 2^-52 of an f32 rounding
// midpoint: about one input in 10^8, and then both are within 0.5 + 2^-28
// f32 ULP. Vectors stay vectors (8 f64 lanes per AVX-512 register).
//
// Only exactly rounded IEEE operations with vector forms are used (mul,
// add, sub, neg, div, the polynomial's fused multiply-adds, compare, select,
// roundeven, abs, copysign, bit casts, integer shift and add), without
// fastmath flags, so that every target computes the same bits. Under
// --fast-math (reassociation, contraction) the code stays accurate to
// ~2^-45 relative: nothing relies on an exact add-then-subtract.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

namespace axle::cpu {
namespace {

using namespace mlir;

/// Builds f64 (or vector of f64) arithmetic of one shape.
class F64Builder {
public:
  F64Builder(PatternRewriter &rewriter, Location loc, Type shape)
      : rewriter(rewriter), loc(loc) {
    floatType = rewriter.getF64Type();
    intType = rewriter.getI64Type();
    if (auto vector = dyn_cast<VectorType>(shape)) {
      floatType = vector.clone(floatType);
      intType = vector.clone(intType);
    }
  }

  Type getFloatType() const { return floatType; }

  Value constant(double value) {
    TypedAttr attr = rewriter.getF64FloatAttr(value);
    if (auto vector = dyn_cast<VectorType>(floatType))
      attr = SplatElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(rewriter, loc, floatType, attr);
  }
  Value intConstant(int64_t value) {
    TypedAttr attr = rewriter.getI64IntegerAttr(value);
    if (auto vector = dyn_cast<VectorType>(intType))
      attr = SplatElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(rewriter, loc, intType, attr);
  }

  Value add(Value a, Value b) {
    return arith::AddFOp::create(rewriter, loc, a, b);
  }
  Value sub(Value a, Value b) {
    return arith::SubFOp::create(rewriter, loc, a, b);
  }
  Value neg(Value a) { return arith::NegFOp::create(rewriter, loc, a); }
  Value mul(Value a, Value b) {
    return arith::MulFOp::create(rewriter, loc, a, b);
  }
  /// a * b + c rounded once (an instruction where the CPU has FMA, the C
  /// library's exactly rounded fma elsewhere: the same bits everywhere).
  Value fma(Value a, Value b, Value c) {
    return math::FmaOp::create(rewriter, loc, a, b, c);
  }
  Value div(Value a, Value b) {
    return arith::DivFOp::create(rewriter, loc, a, b);
  }
  Value cmp(arith::CmpFPredicate predicate, Value a, Value b) {
    return arith::CmpFOp::create(rewriter, loc, predicate, a, b);
  }
  Value select(Value condition, Value a, Value b) {
    return arith::SelectOp::create(rewriter, loc, condition, a, b);
  }
  Value isNaN(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  /// min(x, hi) with compare and select; NaN becomes hi.
  Value atMost(Value x, double hi) {
    Value high = constant(hi);
    return select(cmp(arith::CmpFPredicate::OLT, x, high), x, high);
  }
  /// x clamped to [lo, hi]; NaN becomes lo, so that no later step sees NaN
  /// (callers select NaN inputs at the end).
  Value clamp(Value x, double lo, double hi) {
    Value low = constant(lo);
    return atMost(select(cmp(arith::CmpFPredicate::OGT, x, low), x, low), hi);
  }
  Value toBits(Value x) {
    return arith::BitcastOp::create(rewriter, loc, intType, x);
  }
  Value fromBits(Value bits) {
    return arith::BitcastOp::create(rewriter, loc, floatType, bits);
  }
  Value shiftLeft(Value bits, int64_t amount) {
    return arith::ShLIOp::create(rewriter, loc, bits, intConstant(amount));
  }
  Value addInt(Value a, Value b) {
    return arith::AddIOp::create(rewriter, loc, a, b);
  }
  Value abs(Value x) { return math::AbsFOp::create(rewriter, loc, x); }
  Value roundEven(Value x) {
    return math::RoundEvenOp::create(rewriter, loc, x);
  }
  Value copySign(Value magnitude, Value sign) {
    return math::CopySignOp::create(rewriter, loc, magnitude, sign);
  }

private:
  PatternRewriter &rewriter;
  Location loc;
  Type floatType;
  Type intType;
};

/// x = n ln2 + r with |r| <= ln2 / 2 (plus the rounding error of
/// x log2(e)): scale = 2^n and poly = P(r), with exp(r) = 1 + r P(r) and
/// expm1(r) = r P(r). x must lie in [kExpLow, kExpHigh].
struct Reduced {
  Value n;
  Value r;
  Value poly;
  Value scale;
};

// 2^52 + 2^51: adding it to an integer n with |n| < 2^51 leaves n in the
// low mantissa bits (exactly, so --fast-math's reassociation cannot change
// it, unlike rounding by adding and subtracting this constant).
constexpr double kIntegerShift = 0x1.8p52;
constexpr double kLog2E = 0x1.71547652b82fep0;
// ln2 = kLn2Hi + kLn2Lo; kLn2Hi has 32 significant bits, so n * kLn2Hi is
// exact for |n| < 2^21 (here |n| <= 159), and x - n * kLn2Hi is exact as
// well (x and n ln2 are within a factor of 2 of each other unless n = 0).
constexpr double kLn2Hi = 0x1.62e42fee00000p-1;
constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
// P(r) = sum over k < kTerms of r^k / (k + 1)!: exp(r) to degree 13, whose
// truncation error on |r| <= 0.347 is about 6e-18 relative (0.05 f64 ULP).
constexpr int kTerms = 13;
// exp(-110) and exp(90) lie beyond f32's range (the smallest subnormal is
// exp(-103.3), the largest finite float exp(88.7)), so clamping there keeps
// the f32 results, while every f64 intermediate, 2^n included, stays normal.
constexpr double kExpLow = -110.0;
constexpr double kExpHigh = 90.0;

Reduced reduce(F64Builder &b, Value x) {
  Value n = b.roundEven(b.mul(x, b.constant(kLog2E)));
  // x - n kLn2Hi is exact, so one fused multiply-add computes it; the
  // second rounds n kLn2Lo and the difference once (instead of twice).
  Value minusN = b.neg(n);
  Value r =
      b.fma(minusN, b.constant(kLn2Lo), b.fma(minusN, b.constant(kLn2Hi), x));
  // Horner from the highest term. 1 / (k + 1)! is a correctly rounded
  // quotient of exact doubles (14! < 2^53).
  double factorial[kTerms + 1] = {1.0};
  for (int k = 1; k <= kTerms; ++k)
    factorial[k] = factorial[k - 1] * k;
  Value poly = b.constant(1.0 / factorial[kTerms]);
  for (int k = kTerms - 2; k >= 0; --k)
    poly = b.fma(poly, r, b.constant(1.0 / factorial[k + 1]));
  // The low 12 bits of n + 1.5 * 2^52 hold n mod 2^12; shifted into the
  // exponent field and biased they make 2^n (-159 <= n <= 130). This needs
  // no f64 -> i64 conversion, which AVX2 lacks for vectors.
  Value shifted = b.add(n, b.constant(kIntegerShift));
  Value bits = b.shiftLeft(b.toBits(shifted), 52);
  Value scale = b.fromBits(b.addInt(bits, b.intConstant(int64_t(1023) << 52)));
  return {n, r, poly, scale};
}

/// exp(x) = 2^n (1 + r P(r)); +inf gives exp(90) (inf in f32), -inf
/// exp(-110) (+0 in f32), NaN itself.
Value expF64(F64Builder &b, Value x) {
  Reduced red = reduce(b, b.clamp(x, kExpLow, kExpHigh));
  Value e = b.mul(b.fma(red.r, red.poly, b.constant(1.0)), red.scale);
  return b.select(b.isNaN(x), x, e);
}

/// expm1(x) = 2^n r P(r) + (2^n - 1) for x in [kExpLow, kExpHigh]: for
/// n = 0 (|x| < ln2 / 2) that is r P(r) with r = x, accurate relative to
/// tiny x (no cancellation against 1); otherwise 2^n - 1 is exact (or
/// rounds to -1 for n < -53) and the sum loses at most 2 bits. -0 gives +0.
/// The select on n = 0 changes no IEEE result, but keeps --fast-math's
/// reassociation from computing (2^n r P(r) + 2^n) - 1 for tiny x.
Value expm1InRange(F64Builder &b, Value x) {
  Reduced red = reduce(b, x);
  Value rp = b.mul(red.r, red.poly);
  Value e = b.fma(red.scale, rp, b.sub(red.scale, b.constant(1.0)));
  Value small = b.cmp(arith::CmpFPredicate::OEQ, red.n, b.constant(0.0));
  return b.select(small, rp, e);
}

/// expm1 with -0 kept, inf in f32 for large x, -1 for -inf and NaN kept.
Value expm1F64(F64Builder &b, Value x) {
  Value e = expm1InRange(b, b.clamp(x, kExpLow, kExpHigh));
  Value zero = b.cmp(arith::CmpFPredicate::OEQ, x, b.constant(0.0));
  e = b.select(zero, x, e);
  return b.select(b.isNaN(x), x, e);
}

/// tanh(|x|) = t / (t + 2) with t = expm1(2 |x|): no cancellation, and the
/// quotient's relative error is at most t's plus two roundings. tanh(20) is
/// 1 - 8.5e-18, so clamping |x| to 20 changes no f32 (or f64) result and
/// keeps t finite (NaN becomes 20 here and is selected at the end).
/// copysign restores the sign (and -0).
Value tanhF64(F64Builder &b, Value x) {
  Value a = b.atMost(b.abs(x), 20.0);
  Value t = expm1InRange(b, b.add(a, a));
  Value result = b.copySign(b.div(t, b.add(t, b.constant(2.0))), x);
  return b.select(b.isNaN(x), x, result);
}

using F64Function = Value (*)(F64Builder &, Value);

/// An f32 (scalar or vector) math op as extf, f64 code, truncf.
template <typename MathOp, F64Function compute>
struct InlineInF64 : public OpRewritePattern<MathOp> {
  using OpRewritePattern<MathOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    F64Builder b(rewriter, op.getLoc(), type);
    Value wide = arith::ExtFOp::create(rewriter, op.getLoc(), b.getFloatType(),
                                       op.getOperand());
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, compute(b, wide));
    return success();
  }
};

} // namespace

void populateVectorMathPatterns(RewritePatternSet &patterns,
                                PatternBenefit benefit) {
  patterns.add<InlineInF64<math::ExpOp, expF64>,
               InlineInF64<math::ExpM1Op, expm1F64>,
               InlineInF64<math::TanhOp, tanhF64>>(patterns.getContext(),
                                                   benefit);
}

} // namespace axle::cpu

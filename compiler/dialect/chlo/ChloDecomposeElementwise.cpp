//===- ChloDecomposeElementwise.cpp - elementwise chlo ops to stablehlo ---===//
//
// Math functions are computed in f32 for narrower floats (f16, bf16, f8)
// and converted back; f32, f64 and complex values are computed in their own
// type. The formulas live in ChloFunctions.h.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/ChloDecompose.h"
#include "compiler/dialect/chlo/ChloFunctions.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::chlo {
namespace {

using Function = Value (*)(MathBuilder &, Value);
using BinaryFunction = Value (*)(MathBuilder &, Value, Value);

/// The decompositions build values of the operand's type; a result type
/// that only refines the shape cannot be produced without a cast
/// (checkDecomposable reports it).
LogicalResult checkSameType(Operation *op, Value operand,
                            PatternRewriter &rewriter) {
  auto operandType = llvm::cast<RankedTensorType>(operand.getType());
  auto resultType = llvm::cast<RankedTensorType>(op->getResult(0).getType());
  if (operandType.getShape() == resultType.getShape())
    return success();
  return rewriter.notifyMatchFailure(op, "result shape differs");
}

/// A unary float function with an optional complex form.
template <typename OpTy> struct UnaryFunctionPattern : OpRewritePattern<OpTy> {
  UnaryFunctionPattern(MLIRContext *context, Function real,
                       Function complex = nullptr)
      : OpRewritePattern<OpTy>(context), real(real), complex(complex) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getOperand();
    if (failed(checkSameType(op, x, rewriter)))
      return failure();
    if (isKeptByLegalization(op))
      return rewriter.notifyMatchFailure(op, "computed by the backends");
    Type element = MathBuilder::elementType(x);
    MathBuilder m(rewriter, op.getLoc(), x);
    Value result;
    if (llvm::isa<ComplexType>(element)) {
      if (!complex)
        return rewriter.notifyMatchFailure(op, "no complex form");
      result = complex(m, x);
    } else {
      result = m.narrow(real(m, m.widen(x)), element);
    }
    rewriter.replaceOp(op, result);
    return success();
  }

  Function real;
  Function complex;
};

/// A binary float function of two operands of one type.
template <typename OpTy> struct BinaryFunctionPattern : OpRewritePattern<OpTy> {
  BinaryFunctionPattern(MLIRContext *context, BinaryFunction function,
                        bool widen = true)
      : OpRewritePattern<OpTy>(context), function(function), widen(widen) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    if (failed(checkSameType(op, lhs, rewriter)))
      return failure();
    if (lhs.getType() != rhs.getType())
      return rewriter.notifyMatchFailure(op, "operand shapes differ");
    Type element = MathBuilder::elementType(lhs);
    MathBuilder m(rewriter, op.getLoc(), lhs);
    Value result =
        widen ? m.narrow(function(m, m.widen(lhs), m.widen(rhs)), element)
              : function(m, lhs, rhs);
    rewriter.replaceOp(op, result);
    return success();
  }

  BinaryFunction function;
  bool widen;
};

/// is_inf, is_pos_inf, is_neg_inf: comparisons with infinities.
template <typename OpTy> struct InfinityTestPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getOperand();
    if (failed(checkSameType(op, x, rewriter)))
      return failure();
    MathBuilder m(rewriter, op.getLoc(), x);
    Value result;
    if constexpr (std::is_same_v<OpTy, IsInfOp>)
      result = m.eq(m.abs(x), m.inf(x));
    else if constexpr (std::is_same_v<OpTy, IsPosInfOp>)
      result = m.eq(x, m.inf(x));
    else
      result = m.eq(x, m.neg(m.inf(x)));
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConjPattern : OpRewritePattern<ConjOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConjOp op,
                                PatternRewriter &rewriter) const override {
    Value z = op.getOperand();
    if (failed(checkSameType(op, z, rewriter)))
      return failure();
    if (!llvm::isa<ComplexType>(MathBuilder::elementType(z))) {
      rewriter.replaceOp(op, z);
      return success();
    }
    MathBuilder m(rewriter, op.getLoc(), z);
    rewriter.replaceOp(op, m.complex(m.real(z), m.neg(m.imag(z))));
    return success();
  }
};

struct SquarePattern : OpRewritePattern<SquareOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SquareOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getOperand();
    if (failed(checkSameType(op, x, rewriter)))
      return failure();
    MathBuilder m(rewriter, op.getLoc(), x);
    if (!llvm::isa<ComplexType>(MathBuilder::elementType(x))) {
      rewriter.replaceOp(op, m.mul(x, x));
      return success();
    }
    // (a + ib)^2 = (a - b)(a + b) + 2iab: no cancellation in a^2 - b^2.
    Value a = m.real(x), b = m.imag(x);
    Value re = m.mul(m.sub(a, b), m.add(a, b));
    Value im = m.mul(m.add(a, a), b);
    rewriter.replaceOp(op, m.complex(re, im));
    return success();
  }
};

/// The high half of an N-bit product: through a 2N-bit product for N <= 32,
/// from 32-bit halves for 64-bit integers.
struct MulhiPattern : OpRewritePattern<MulhiOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MulhiOp op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op.getLhs(), rhs = op.getRhs();
    if (failed(checkSameType(op, lhs, rewriter)))
      return failure();
    auto type = llvm::cast<IntegerType>(MathBuilder::elementType(lhs));
    MathBuilder m(rewriter, op.getLoc(), lhs);
    unsigned width = type.getWidth();
    bool isUnsigned = type.isUnsigned();
    if (width <= 32) {
      Type wide =
          IntegerType::get(type.getContext(), 2 * width, type.getSignedness());
      Value product = m.mul(m.convert(lhs, wide), m.convert(rhs, wide));
      Value shift = m.splatInt(wide, width);
      Value high = isUnsigned ? m.shiftRightLogical(product, shift)
                              : m.shiftRightArithmetic(product, shift);
      rewriter.replaceOp(op, m.convert(high, type));
      return success();
    }
    Type u64 = IntegerType::get(type.getContext(), 64, IntegerType::Unsigned);
    Value a = isUnsigned ? lhs : m.bitcast(lhs, u64);
    Value b = isUnsigned ? rhs : m.bitcast(rhs, u64);
    Value mask = m.splatInt(u64, 0xffffffffLL);
    Value thirtyTwo = m.splatInt(u64, 32);
    Value aLo = m.andOp(a, mask), aHi = m.shiftRightLogical(a, thirtyTwo);
    Value bLo = m.andOp(b, mask), bHi = m.shiftRightLogical(b, thirtyTwo);
    Value loLo = m.mul(aLo, bLo);
    Value hiLo = m.mul(aHi, bLo);
    Value loHi = m.mul(aLo, bHi);
    Value hiHi = m.mul(aHi, bHi);
    // Each partial sum stays below 2^64.
    Value cross = m.add(
        m.add(m.shiftRightLogical(loLo, thirtyTwo), m.andOp(hiLo, mask)), loHi);
    Value high = m.add(m.add(hiHi, m.shiftRightLogical(hiLo, thirtyTwo)),
                       m.shiftRightLogical(cross, thirtyTwo));
    if (!isUnsigned) {
      // Signed: subtract b where a < 0 and a where b < 0 (mod 2^64).
      Value zero = m.splatInt(u64, 0);
      Value aNeg = m.lt(lhs, m.splatInt(type, 0));
      Value bNeg = m.lt(rhs, m.splatInt(type, 0));
      high = m.sub(high, m.select(aNeg, b, zero));
      high = m.sub(high, m.select(bNeg, a, zero));
      high = m.bitcast(high, type);
    }
    rewriter.replaceOp(op, high);
    return success();
  }
};

struct ConstantPattern : OpRewritePattern<ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConstantOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, op.getValue());
    return success();
  }
};

struct ConstantLikePattern : OpRewritePattern<ConstantLikeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConstantLikeOp op,
                                PatternRewriter &rewriter) const override {
    TypedAttr value = op.getValue();
    if (!llvm::isa<FloatAttr, IntegerAttr>(value))
      return rewriter.notifyMatchFailure(op, "unsupported value");
    auto resultType = llvm::cast<RankedTensorType>(op.getType());
    if (resultType.hasStaticShape()) {
      rewriter.replaceOpWithNewOp<hlo::ConstantOp>(
          op, DenseElementsAttr::get(resultType, value));
      return success();
    }
    if (failed(checkSameType(op, op.getOperand(), rewriter)))
      return failure();
    MathBuilder m(rewriter, op.getLoc(), op.getOperand());
    Value splat;
    if (auto floatValue = llvm::dyn_cast<FloatAttr>(value))
      splat = m.splat(value.getType(), floatValue.getValueAsDouble());
    else
      splat = m.splatInt(value.getType(),
                         llvm::cast<IntegerAttr>(value).getValue());
    rewriter.replaceOp(op, splat);
    return success();
  }
};

} // namespace

void populateElementwisePatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<UnaryFunctionPattern<AcosOp>>(ctx, fn::acos, fn::acosComplex);
  patterns.add<UnaryFunctionPattern<AcoshOp>>(ctx, fn::acosh, fn::acoshComplex);
  patterns.add<UnaryFunctionPattern<AsinOp>>(ctx, fn::asin, fn::asinComplex);
  patterns.add<UnaryFunctionPattern<AsinhOp>>(ctx, fn::asinh, fn::asinhComplex);
  patterns.add<UnaryFunctionPattern<AtanOp>>(ctx, fn::atan, fn::atanComplex);
  patterns.add<UnaryFunctionPattern<AtanhOp>>(ctx, fn::atanh, fn::atanhComplex);
  patterns.add<UnaryFunctionPattern<CoshOp>>(ctx, fn::cosh, fn::coshComplex);
  patterns.add<UnaryFunctionPattern<SinhOp>>(ctx, fn::sinh, fn::sinhComplex);
  patterns.add<UnaryFunctionPattern<TanOp>>(ctx, fn::tan, fn::tanComplex);
  patterns.add<UnaryFunctionPattern<BesselI1eOp>>(ctx, fn::besselI1e);
  patterns.add<UnaryFunctionPattern<DigammaOp>>(ctx, fn::digamma);
  patterns.add<UnaryFunctionPattern<ErfOp>>(ctx, fn::erf);
  patterns.add<UnaryFunctionPattern<ErfcOp>>(ctx, fn::erfc);
  patterns.add<UnaryFunctionPattern<ErfInvOp>>(ctx, fn::erfInv);
  patterns.add<UnaryFunctionPattern<LgammaOp>>(ctx, fn::lgamma);
  patterns.add<BinaryFunctionPattern<NextAfterOp>>(ctx, fn::nextAfter,
                                                   /*widen=*/false);
  patterns.add<BinaryFunctionPattern<PolygammaOp>>(ctx, fn::polygamma);
  patterns.add<BinaryFunctionPattern<ZetaOp>>(ctx, fn::zeta);
  patterns.add<InfinityTestPattern<IsInfOp>, InfinityTestPattern<IsPosInfOp>,
               InfinityTestPattern<IsNegInfOp>, ConjPattern, SquarePattern,
               MulhiPattern, ConstantPattern, ConstantLikePattern>(ctx);
}

} // namespace axle::chlo

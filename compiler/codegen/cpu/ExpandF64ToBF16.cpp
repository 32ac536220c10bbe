//===- ExpandF64ToBF16.cpp - f64 -> bf16 without double rounding ----------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_EXPANDF64TOBF16PASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

struct TruncF64ToBF16 : public OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getIn().getType()).isF64() ||
        !getElementTypeOrSelf(op.getType()).isBF16())
      return failure();
    Location loc = op.getLoc();
    Value x = op.getIn();
    // Scalars or vectors (of the same shape throughout).
    auto shaped = [&](Type element) -> Type {
      if (auto vector = dyn_cast<VectorType>(x.getType()))
        return vector.clone(element);
      return element;
    };
    Type f32 = shaped(rewriter.getF32Type()),
         i32 = shaped(rewriter.getI32Type());
    // Round to nearest, then step toward zero when that rounded away, and
    // make the last bit 1 when inexact: the f32 value rounded to odd.
    Value nearest = arith::TruncFOp::create(rewriter, loc, f32, x);
    Value back = arith::ExtFOp::create(rewriter, loc, x.getType(), nearest);
    Value exact = arith::CmpFOp::create(rewriter, loc,
                                        arith::CmpFPredicate::OEQ, back, x);
    Value absBack = math::AbsFOp::create(rewriter, loc, back);
    Value absX = math::AbsFOp::create(rewriter, loc, x);
    Value roundedAway = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGT, absBack, absX);
    Value bits = arith::BitcastOp::create(rewriter, loc, i32, nearest);
    TypedAttr oneAttr = rewriter.getI32IntegerAttr(1);
    if (auto vector = dyn_cast<VectorType>(i32))
      oneAttr = SplatElementsAttr::get(vector, oneAttr);
    Value one = arith::ConstantOp::create(rewriter, loc, i32, oneAttr);
    Value towardZero = arith::SelectOp::create(
        rewriter, loc, roundedAway,
        arith::SubIOp::create(rewriter, loc, bits, one), bits);
    Value odd = arith::OrIOp::create(rewriter, loc, towardZero, one);
    Value isNaN =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, x, x);
    Value keep = arith::OrIOp::create(rewriter, loc, exact, isNaN);
    Value resultBits = arith::SelectOp::create(rewriter, loc, keep, bits, odd);
    Value narrowed = arith::BitcastOp::create(rewriter, loc, f32, resultBits);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), narrowed);
    return success();
  }
};

struct ExpandF64ToBF16Pass
    : public impl::ExpandF64ToBF16PassBase<ExpandF64ToBF16Pass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<TruncF64ToBF16>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

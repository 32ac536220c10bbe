//===- FoldFillTransfers.cpp - accumulators that start from constants -----===//
//
// A contraction tile whose k loop runs once (k of a 1x1 convolution or of
// a matmul no deeper than one cache block) ends up, after its C tile is
// hoisted out of the k loop, as
//   %c = linalg.fill ins(%zero) outs(%slice)
//   %acc0 = vector.transfer_read %c      // the accumulators' start
//   ... k loop on vectors ...
//   %r = vector.transfer_write %acc, %c  // overwrites all of %c
// Left alone, the fill is written to memory (by scalar stores), read back
// at once (stalling on store forwarding), and written again by the final
// write. Here the read of a fill becomes a broadcast of its value, and a
// write that covers a whole fill result writes into the fill's destination
// instead, so the fill dies: the accumulators start as a constant in
// registers and C is written once.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_FOLDFILLTRANSFERSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// The fill on tensors that produced `value`, if any.
linalg::FillOp fillOf(Value value) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  return fill && fill.hasPureTensorSemantics() ? fill : linalg::FillOp();
}

bool allInBounds(VectorTransferOpInterface transfer) {
  for (unsigned dim = 0, e = transfer.getTransferRank(); dim < e; ++dim)
    if (!transfer.isDimInBounds(dim))
      return false;
  return true;
}

/// transfer_read of a fill, in bounds: the fill's value in every lane.
struct ReadOfFill : public OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    linalg::FillOp fill = fillOf(read.getBase());
    if (!fill || read.getMask() || !allInBounds(read))
      return failure();
    Value value = fill.getInputs()[0];
    if (value.getType() != read.getVectorType().getElementType())
      return failure();
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     value);
    return success();
  }
};

/// transfer_write covering every element of a fill result: written into
/// the fill's destination, which it overwrites just as well.
struct WriteOverFill : public OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    linalg::FillOp fill = fillOf(write.getBase());
    if (!fill || write.getMask() || !allInBounds(write) ||
        !write.getPermutationMap().isMinorIdentity())
      return failure();
    auto tensorType = dyn_cast<RankedTensorType>(write.getBase().getType());
    if (!tensorType || !tensorType.hasStaticShape())
      return failure();
    for (Value index : write.getIndices())
      if (!isZeroInteger(index))
        return failure();
    // Leading dimensions of 1, then exactly the vector's shape.
    ArrayRef<int64_t> shape = tensorType.getShape();
    ArrayRef<int64_t> lanes = write.getVectorType().getShape();
    size_t leading = shape.size() - lanes.size();
    if (!llvm::all_of(shape.take_front(leading),
                      [](int64_t size) { return size == 1; }) ||
        shape.drop_front(leading) != lanes)
      return failure();
    rewriter.modifyOpInPlace(
        write, [&] { write.getBaseMutable().assign(fill.getOutputs()[0]); });
    return success();
  }
};

struct FoldFillTransfersPass
    : public impl::FoldFillTransfersPassBase<FoldFillTransfersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ReadOfFill, WriteOverFill>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

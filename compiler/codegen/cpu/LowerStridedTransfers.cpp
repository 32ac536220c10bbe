//===- LowerStridedTransfers.cpp - transfers on strided memrefs -----------===//
//
// After convert-vector-to-scf every vector transfer is at most 1-D. The LLVM
// conversion turns one into a vector load or store only when the memref is
// contiguous in its last dimension; transfers of 0-D vectors, and of 1-D
// vectors on buffers with a non-unit or dynamic innermost stride (views of
// strided slices), are left over and would fail to translate. This pass
// makes them scalar loads and stores (0-D ones always: one element needs no
// vector load).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_LOWERSTRIDEDTRANSFERSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// A 1-D, unmasked, in-bounds transfer along the last memref dimension of a
/// buffer that is not contiguous there.
bool isStridedMinorTransfer(VectorTransferOpInterface op) {
  auto memref = dyn_cast<MemRefType>(op.getShapedType());
  if (!memref || op.getVectorType().getRank() != 1 || op.getMask() ||
      !op.getPermutationMap().isMinorIdentity() || op.hasOutOfBoundsDim())
    return false;
  return !memref.isLastDimUnitStride();
}

/// Indices of element `i` of the transfer: the last index moves.
SmallVector<Value> elementIndices(OpBuilder &b, Location loc,
                                  ValueRange indices, int64_t i) {
  SmallVector<Value> result(indices);
  Value offset = arith::ConstantIndexOp::create(b, loc, i);
  result.back() = arith::AddIOp::create(b, loc, result.back(), offset);
  return result;
}

/// A 0-D transfer: one element at the transfer's indices.
bool isScalarTransfer(VectorTransferOpInterface op) {
  return isa<MemRefType>(op.getShapedType()) &&
         op.getVectorType().getRank() == 0 && !op.getMask();
}

struct ScalarizeScalarRead : public OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp op,
                                PatternRewriter &rewriter) const override {
    if (!isScalarTransfer(op))
      return failure();
    Value element = memref::LoadOp::create(rewriter, op.getLoc(), op.getBase(),
                                           op.getIndices());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, op.getVectorType(),
                                                     element);
    return success();
  }
};

struct ScalarizeScalarWrite : public OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp op,
                                PatternRewriter &rewriter) const override {
    if (!isScalarTransfer(op))
      return failure();
    Value element = vector::ExtractOp::create(
        rewriter, op.getLoc(), op.getVector(), ArrayRef<int64_t>{});
    memref::StoreOp::create(rewriter, op.getLoc(), element, op.getBase(),
                            op.getIndices());
    rewriter.eraseOp(op);
    return success();
  }
};

struct ScalarizeStridedRead : public OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp op,
                                PatternRewriter &rewriter) const override {
    if (!isStridedMinorTransfer(op))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> elements;
    for (int64_t i = 0, e = op.getVectorType().getNumElements(); i < e; ++i)
      elements.push_back(memref::LoadOp::create(
          rewriter, loc, op.getBase(),
          elementIndices(rewriter, loc, op.getIndices(), i)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, op.getVectorType(),
                                                        elements);
    return success();
  }
};

struct ScalarizeStridedWrite
    : public OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp op,
                                PatternRewriter &rewriter) const override {
    if (!isStridedMinorTransfer(op))
      return failure();
    Location loc = op.getLoc();
    for (int64_t i = 0, e = op.getVectorType().getNumElements(); i < e; ++i) {
      Value element =
          vector::ExtractOp::create(rewriter, loc, op.getVector(), i);
      memref::StoreOp::create(
          rewriter, loc, element, op.getBase(),
          elementIndices(rewriter, loc, op.getIndices(), i));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerStridedTransfersPass
    : public impl::LowerStridedTransfersPassBase<LowerStridedTransfersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ScalarizeScalarRead, ScalarizeScalarWrite,
                 ScalarizeStridedRead, ScalarizeStridedWrite>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

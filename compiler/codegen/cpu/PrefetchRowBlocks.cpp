//===- PrefetchRowBlocks.cpp - fetch the next block of rows early ---------===//
//
// A softmax-like cluster (FuseRowBlocks.cpp) runs block after block of 16
// rows: its first pass reads the block's rows of x from memory, and the
// passes after it compute on the block in L2 while memory sits idle.
// softmax over 4096 x 4096 at one thread took 15.8 ms where 8 times 512
// rows, whose x stays in the caches, take 12.2. So the last elementwise
// pass of a block that reads x also prefetches (into L2) the same elements
// of the next block: the reads of block b + 1 overlap the computation of
// block b, and its first pass finds x in L2 (softmax: 16.8 -> 14.4 ms).
// Only clusters that divide or call a math function per element compute
// long enough for that to pay.
//
// The prefetches are memref.prefetch ops on a read-only view of x
// (bufferization.to_buffer), one per cache line that the pass's vector
// reads touch, at the vector's position moved down one block (the last
// block prefetches itself again, which is harmless). They change no
// result.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/PrefetchRowBlocks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace axle::cpu {

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kRowBlockLoop = "axle.row_block_loop";
/// Sources smaller than this stay in L2 (2 MiB) from block to block.
constexpr int64_t kMinSourceBytes = 4 << 20;
constexpr int64_t kLineBytes = 64;
/// Into L2 (prefetcht1): L1 is busy with the current block.
constexpr uint32_t kLocalityL2 = 2;

/// Whether `slice` is a block of rows of a tensor defined outside
/// `blockLoop`, at the loop's row induction variable: `blockRows` rows,
/// whole along the dimensions after them, unit strides.
bool isBlockOfRows(tensor::ExtractSliceOp slice, scf::ForallOp blockLoop,
                   int64_t blockRows) {
  RankedTensorType source = slice.getSourceType();
  if (blockLoop->isAncestor(
          slice.getSource().getParentRegion()->getParentOp()) ||
      !source.hasStaticShape() || source.getRank() < 2 ||
      slice.getResultType().getRank() != source.getRank() ||
      !llvm::all_of(slice.getMixedStrides(), isOneInteger) ||
      !source.getElementType().isIntOrFloat())
    return false;
  int64_t bytes = source.getNumElements() * source.getElementTypeBitWidth() / 8;
  unsigned rowDim = source.getRank() - 2;
  ArrayRef<int64_t> sizes = slice.getStaticSizes();
  return bytes >= kMinSourceBytes && sizes[rowDim] == blockRows &&
         sizes.back() == source.getShape().back() &&
         slice.getMixedOffsets()[rowDim] ==
             OpFoldResult(blockLoop.getInductionVars().back()) &&
         isZeroInteger(slice.getMixedOffsets().back());
}

/// The reads of `block` in `loop`: vector reads of it or of a slice of it
/// (unit strides, same rank), one vector along the innermost dimension.
SmallVector<vector::TransferReadOp> readsOf(Value block, scf::ForallOp loop) {
  SmallVector<vector::TransferReadOp> reads;
  loop.walk([&](vector::TransferReadOp read) {
    Value source = read.getBase();
    if (auto slice = source.getDefiningOp<tensor::ExtractSliceOp>()) {
      if (slice.getSource() != block ||
          slice.getResultType().getRank() != slice.getSourceType().getRank() ||
          !llvm::all_of(slice.getMixedStrides(), isOneInteger))
        return;
    } else if (source != block) {
      return;
    }
    VectorType type = read.getVectorType();
    if (read.getMask() || !read.getPermutationMap().isMinorIdentity() ||
        llvm::any_of(type.getShape().drop_back(),
                     [](int64_t size) { return size != 1; }))
      return;
    reads.push_back(read);
  });
  return reads;
}

/// Prefetches, next to `read`, the lines of `buffer` that the same read
/// of the next block touches. `blockOffsets` are the block's offsets in
/// the source, with the next block's row.
void prefetchAfter(RewriterBase &rewriter, vector::TransferReadOp read,
                   Value buffer, ArrayRef<Value> blockOffsets) {
  Location loc = read.getLoc();
  rewriter.setInsertionPoint(read);
  SmallVector<Value> indices(blockOffsets);
  if (auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>()) {
    for (auto [index, offset] :
         llvm::zip_equal(indices, slice.getMixedOffsets()))
      index = arith::AddIOp::create(
          rewriter, loc, index,
          getValueOrCreateConstantIndexOp(rewriter, loc, offset));
  }
  for (auto [index, offset] : llvm::zip_equal(indices, read.getIndices()))
    index = arith::AddIOp::create(rewriter, loc, index, offset);
  VectorType type = read.getVectorType();
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  int64_t lineElements = std::max<int64_t>(kLineBytes / elementBytes, 1);
  int64_t bytes = type.getNumElements() * elementBytes;
  Value column = indices.back();
  for (int64_t line = 0; line * kLineBytes < bytes; ++line) {
    if (line > 0)
      indices.back() = arith::AddIOp::create(
          rewriter, loc, column,
          arith::ConstantIndexOp::create(rewriter, loc, line * lineElements));
    memref::PrefetchOp::create(rewriter, loc, buffer, indices,
                               /*isWrite=*/rewriter.getBoolAttr(false),
                               rewriter.getI32IntegerAttr(kLocalityL2),
                               /*isDataCache=*/rewriter.getBoolAttr(true));
  }
}

/// Whether the block's passes divide or call a math function per element
/// (vector ops). Only then do they compute long enough that memory would
/// otherwise wait: layer norm's passes (adds and multiplies) are bound by
/// memory, and the prefetch instructions made it slower (6.4 -> 6.9 ms at
/// one thread), while softmax's exp and division gained.
bool computesPerElement(scf::ForallOp blockLoop) {
  WalkResult found = blockLoop.walk([](Operation *op) {
    bool heavy = isa<math::MathDialect>(op->getDialect()) ||
                 isa<arith::DivFOp, arith::RemFOp>(op);
    if (heavy && op->getNumResults() == 1 &&
        isa<VectorType>(op->getResult(0).getType()))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

void prefetchNextBlock(RewriterBase &rewriter, scf::ForallOp blockLoop) {
  std::optional<int64_t> blockRows =
      getConstantIntValue(blockLoop.getMixedStep().back());
  if (!blockRows || !computesPerElement(blockLoop))
    return;
  SmallVector<tensor::ExtractSliceOp> blocks;
  for (Operation &op : blockLoop.getBody()->without_terminator())
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
      if (isBlockOfRows(slice, blockLoop, *blockRows))
        blocks.push_back(slice);
  for (tensor::ExtractSliceOp block : blocks) {
    // The last parallel pass over the block that reads it.
    scf::ForallOp pass;
    SmallVector<vector::TransferReadOp> reads;
    for (Operation &op : blockLoop.getBody()->without_terminator()) {
      auto inner = dyn_cast<scf::ForallOp>(op);
      if (!inner)
        continue;
      SmallVector<vector::TransferReadOp> found = readsOf(block, inner);
      if (!found.empty()) {
        pass = inner;
        reads = std::move(found);
      }
    }
    if (!pass)
      continue;
    Location loc = block.getLoc();
    RankedTensorType sourceType = block.getSourceType();
    // A read-only view of the whole source, before the block loop.
    rewriter.setInsertionPoint(blockLoop);
    auto layout = StridedLayoutAttr::get(
        rewriter.getContext(), ShapedType::kDynamic,
        SmallVector<int64_t>(sourceType.getRank(), ShapedType::kDynamic));
    auto bufferType = MemRefType::get(sourceType.getShape(),
                                      sourceType.getElementType(), layout);
    Value buffer = bufferization::ToBufferOp::create(
        rewriter, loc, bufferType, block.getSource(), /*read_only=*/true);
    // The next block's offsets, before the pass.
    rewriter.setInsertionPoint(pass);
    SmallVector<Value> offsets =
        getValueOrCreateConstantIndexOp(rewriter, loc, block.getMixedOffsets());
    unsigned rowDim = sourceType.getRank() - 2;
    int64_t lastRow = sourceType.getDimSize(rowDim) - *blockRows;
    offsets[rowDim] = arith::MinSIOp::create(
        rewriter, loc,
        arith::AddIOp::create(
            rewriter, loc, offsets[rowDim],
            arith::ConstantIndexOp::create(rewriter, loc, *blockRows)),
        arith::ConstantIndexOp::create(rewriter, loc, lastRow));
    for (vector::TransferReadOp read : reads)
      prefetchAfter(rewriter, read, buffer, offsets);
  }
}

} // namespace

void markRowBlockLoop(scf::ForallOp loop) {
  loop->setAttr(kRowBlockLoop, UnitAttr::get(loop->getContext()));
}

void prefetchNextRowBlocks(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<scf::ForallOp> loops;
  func.walk([&](scf::ForallOp loop) {
    if (loop->hasAttr(kRowBlockLoop))
      loops.push_back(loop);
  });
  for (scf::ForallOp loop : loops) {
    loop->removeAttr(kRowBlockLoop);
    prefetchNextBlock(rewriter, loop);
  }
}

} // namespace axle::cpu

//===- Prefetch.cpp - software prefetches for streamed inputs -------------===//
//
// On this kind of machine (a VM on a server CPU) the hardware prefetchers
// leave a loop that streams a large input through the core waiting on
// memory: each 4 KiB page starts with misses. Three places get
// memref.prefetch ops, which change no result (1 and 2 into L2,
// prefetcht1; 3 into L1):
//
//  1. Elementwise loop nests that read a large function argument (4 MiB or
//     more) one vector at a time prefetch it 8 KiB ahead in memory order,
//     one prefetch per cache line the vector touches. One thread, 16 Mi
//     floats: exp 10.9 -> 8.8 ms, x * 2 + 2 7.0 -> 6.2 ms, gelu_chain
//     19.1 -> 17.4 ms; exp on two threads 5.8 -> 3.4 ms.
//  2. Softmax-like clusters (FuseRowBlocks.cpp) run block after block of 16
//     rows: the first pass reads the block's rows of x from memory, and the
//     passes after it compute on the block in L2 while memory sits idle.
//     The last parallel pass that reads x also prefetches the same
//     elements of the next block (the last block prefetches itself again,
//     harmlessly): softmax over 4096 x 4096 at one thread 16.8 -> 14.4 ms.
//     Where the passes only add and multiply (layer norm), the last
//     reduction over a buffer the block computed (the sums of squares of
//     the centered rows, read from L2) prefetches the next block as well:
//     that pass leaves memory idle, while the parallel pass streams the
//     previous block's results out (PipelineRowBlocks.cpp) and some of its
//     prefetches seem to find no free miss buffer. Layer norm 8192 x 1024, one
//     thread, interleaved runs: 4.28 ms without prefetches, 3.64 with the
//     parallel pass's, 3.85 with the reduction's, 3.27 with both. Softmax's
//     exponentials keep the vector units busy; on an Emerald Rapids core
//     its sums prefetching too measured 8.7 -> 9.0 ms. Where its sums add
//     each row in order (lane-wise, a 16 x 16 transpose per step), they
//     take about as long as the exponentials and prefetch the next block
//     instead of the exponential pass (see prefetchNextBlock).
//  3. Matmul blocks (MatmulBlock.cpp) mark two reads: each row of B that a
//     panel copy reads prefetches the row 32 ahead in the same panel (B's
//     rows are a page or more apart, and each row of the panel is a new
//     page that the hardware prefetchers do not reach ahead of time), and
//     each register tile's read of C prefetches the next tile's rows, for
//     writing, while this tile computes. One thread, paired runs: f32
//     1024^3 and 2048^3 4-5% faster. The panel copy's read also has the
//     register tiles that run over the panel prefetch the rows of the
//     next panel into L2, a few rows each (prefetchNextPanel): the copies
//     read L2 instead of waiting on L3 (14% of a 1024^3 matmul's samples
//     at one thread before, 3% after; 1024^3 3-6% faster, mlp_infer 5%).
//     Where the panel stays in L1, the tile's k loop issues them, a row
//     per iteration, so they overlap its multiply-adds (1024^3 2-3%).
//     A transposed B's copy (16 x 16 blocks from the panel's 64 rows of
//     B, 64 streams) gets the same from the tiles over the previous
//     panel, kc elements of a row of B in pieces of 4 lines
//     (prefetchNextTransposedPanel): 256 x 1024 x 1024 with B transposed
//     10% faster, its copies 21% of the samples before, 4% after.
//
//  4. Row reductions (TileAndVectorize.cpp) read 16 rows a step of k, each
//     row a stream of its own: 16 streams (the rows of sum_rows, 16 KiB
//     apart; the chunks of an in-order full sum, 2 MiB apart), more than
//     the hardware prefetchers follow. Where the rows belong to a large
//     tensor of the function (not a block of a row-block cluster, which
//     2 covers), each row of a read prefetches the same row 2 KiB further
//     on (clamped to the row's last vector). Sums of 4096 x 4096 f32,
//     paired runs: rows 5-11% faster at one thread and 10% at two, the
//     in-order full sum 7%, reassociated rows 13-24%.
//
// The prefetched addresses come from a read-only view of the tensor
// (bufferization.to_buffer), made before the loop (1, 2), at the read (3;
// the next panel's: right after B is defined) or right after the tensor
// is defined, once per tensor (4). Marked reads get
// theirs at the end of tiling, after the clean-ups that erase dead loops: a
// prefetch is a side effect, so a loop holding one would not be erased (a
// matmul whose epilogue fusion left the original unused would run twice).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Prefetch.h"
#include "compiler/codegen/cpu/MatmulBlock.h"

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
constexpr llvm::StringLiteral kRowReductionLoop = "axle.row_reduction_loop";
/// On a marked row reduction loop whose rows fold in order.
constexpr llvm::StringLiteral kFoldsInOrder = "axle.folds_in_order";
/// On a marked vector read: [dimension, distance, write] (see
/// markReadForPrefetch).
constexpr llvm::StringLiteral kPrefetchShifted = "axle.prefetch_shifted";
/// On a matmul block's panel copy read of B: [mr, rowsPerTile] (see
/// markReadForNextPanelPrefetch).
constexpr llvm::StringLiteral kPrefetchNextPanel = "axle.prefetch_next_panel";
/// On a matmul block's copy read of a transposed B: [mr, nr, rowsPerTile]
/// (see markTransposedReadForNextPanelPrefetch).
constexpr llvm::StringLiteral kPrefetchNextTransposedPanel =
    "axle.prefetch_next_transposed_panel";
/// Smaller tensors stay in L2 (2 MiB) from one use to the next.
constexpr int64_t kMinSourceBytes = 4 << 20;
constexpr int64_t kLineBytes = 64;
/// How far ahead streamed reads prefetch (4 to 16 KiB did equally well).
constexpr int64_t kStreamDistanceBytes = 8 << 10;
/// How far ahead each row of a row reduction prefetches (2 KiB did better
/// than 1, 4 or 8 on sums of 4096 x 4096 f32: 16 rows in flight).
constexpr int64_t kRowDistanceBytes = 2 << 10;
/// Into L2 (prefetcht1): L1 is busy with the data in use.
constexpr uint32_t kLocalityL2 = 2;
/// Into L1 (prefetcht0, prefetchw): the marked reads use the data soon.
constexpr uint32_t kLocalityL1 = 3;

/// A static tensor of whole-byte elements (so that a line holds a whole
/// number of them) of kMinSourceBytes or more.
bool isLarge(RankedTensorType type) {
  return type.hasStaticShape() && type.getElementType().isIntOrFloat() &&
         type.getElementTypeBitWidth() % 8 == 0 &&
         type.getNumElements() * type.getElementTypeBitWidth() / 8 >=
             kMinSourceBytes;
}

/// The unit-stride slices of the same rank that `base` is taken through,
/// innermost first, up to the first tensor for which `stop` holds, or up
/// to the first that is not such a slice when `stop` never does; with that
/// tensor. None when a slice on the way has other strides or drops
/// dimensions, or `stop` never holds on the way.
std::optional<std::pair<Value, SmallVector<tensor::ExtractSliceOp>>>
sliceChain(Value base, function_ref<bool(Value)> stop) {
  SmallVector<tensor::ExtractSliceOp> slices;
  while (!stop(base)) {
    auto slice = base.getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice)
      return std::make_pair(base, std::move(slices));
    if (!llvm::all_of(slice.getMixedStrides(), isOneInteger) ||
        slice.getResultType().getRank() != slice.getSourceType().getRank())
      return std::nullopt;
    slices.push_back(slice);
    base = slice.getSource();
  }
  return std::make_pair(base, std::move(slices));
}

/// sliceChain of the tensor `read` reads.
std::optional<std::pair<Value, SmallVector<tensor::ExtractSliceOp>>>
sliceChain(vector::TransferReadOp read, function_ref<bool(Value)> stop) {
  return sliceChain(read.getBase(), stop);
}

/// `indices` plus the offsets of `slices`, at the insertion point.
void addSliceOffsets(RewriterBase &rewriter, Location loc,
                     MutableArrayRef<Value> indices,
                     ArrayRef<tensor::ExtractSliceOp> slices) {
  for (tensor::ExtractSliceOp slice : slices)
    for (auto [index, offset] :
         llvm::zip_equal(indices, slice.getMixedOffsets()))
      index = arith::AddIOp::create(
          rewriter, loc, index,
          getValueOrCreateConstantIndexOp(rewriter, loc, offset));
}

/// The indices of `read`'s first element in the tensor its `slices`
/// (sliceChain) start from, plus `shift` when given (one value per
/// dimension), built before the read.
SmallVector<Value> indicesThrough(RewriterBase &rewriter,
                                  vector::TransferReadOp read,
                                  ArrayRef<tensor::ExtractSliceOp> slices,
                                  ArrayRef<Value> shift = {}) {
  Location loc = read.getLoc();
  rewriter.setInsertionPoint(read);
  auto add = [&](SmallVector<Value> &indices, ArrayRef<OpFoldResult> terms) {
    for (auto [index, term] : llvm::zip_equal(indices, terms))
      index = arith::AddIOp::create(
          rewriter, loc, index,
          getValueOrCreateConstantIndexOp(rewriter, loc, term));
  };
  SmallVector<Value> indices(shift.empty() ? ValueRange(read.getIndices())
                                           : ValueRange(shift));
  addSliceOffsets(rewriter, loc, indices, slices);
  if (!shift.empty())
    add(indices, getAsOpFoldResult(ValueRange(read.getIndices())));
  return indices;
}

/// The reads of `source` in `loop`: vector reads of it or of a slice of
/// it (unit strides, same rank), one vector along the innermost dimension;
/// each with its slice, if any.
SmallVector<
    std::pair<vector::TransferReadOp, SmallVector<tensor::ExtractSliceOp>>>
readsOf(Value source, Operation *loop) {
  SmallVector<
      std::pair<vector::TransferReadOp, SmallVector<tensor::ExtractSliceOp>>>
      reads;
  loop->walk([&](vector::TransferReadOp read) {
    auto chain = sliceChain(read, [&](Value value) { return value == source; });
    if (!chain || chain->first != source || chain->second.size() > 1)
      return;
    VectorType type = read.getVectorType();
    if (read.getMask() || !read.getPermutationMap().isMinorIdentity() ||
        type.isScalable() ||
        llvm::any_of(type.getShape().drop_back(),
                     [](int64_t size) { return size != 1; }))
      return;
    reads.push_back({read, std::move(chain->second)});
  });
  return reads;
}

/// At the insertion point: min(index + distance, last), an index that
/// many elements (or rows) further on, kept inside the tensor.
Value aheadWithin(RewriterBase &rewriter, Location loc, Value index,
                  int64_t distance, int64_t last) {
  return arith::MinSIOp::create(
      rewriter, loc,
      arith::AddIOp::create(
          rewriter, loc, index,
          arith::ConstantIndexOp::create(rewriter, loc, distance)),
      arith::ConstantIndexOp::create(rewriter, loc, last));
}

/// At the insertion point: one prefetch of `buffer` per cache line of a
/// vector of `type` whose first element is at `indices`; the last index
/// steps by a line, then `clamp` (when given) bounds it.
void prefetchLines(RewriterBase &rewriter, Location loc, VectorType type,
                   Value buffer, SmallVector<Value> indices, Value clamp = {},
                   bool forWrite = false, uint32_t locality = kLocalityL2) {
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  int64_t bytes = type.getNumElements() * elementBytes;
  Value first = indices.back();
  for (int64_t line = 0; line * kLineBytes < bytes; ++line) {
    Value index = first;
    if (line > 0)
      index = arith::AddIOp::create(
          rewriter, loc, first,
          arith::ConstantIndexOp::create(rewriter, loc,
                                         line * kLineBytes / elementBytes));
    if (clamp)
      index = arith::MinSIOp::create(rewriter, loc, index, clamp);
    indices.back() = index;
    memref::PrefetchOp::create(rewriter, loc, buffer, indices,
                               /*isWrite=*/rewriter.getBoolAttr(forWrite),
                               rewriter.getI32IntegerAttr(locality),
                               /*isDataCache=*/rewriter.getBoolAttr(true));
  }
}

/// At the insertion point: prefetchLines for each row (last dimension) of
/// a vector of `type` whose first element is at `indices`, its dimensions
/// the last ones of `buffer`.
void prefetchRows(RewriterBase &rewriter, Location loc, VectorType type,
                  Value buffer, ArrayRef<Value> indices, bool forWrite,
                  uint32_t locality) {
  unsigned firstVectorDim = indices.size() - type.getRank();
  ArrayRef<int64_t> leading = type.getShape().drop_back();
  int64_t rows = type.getNumElements() / type.getShape().back();
  auto rowType =
      VectorType::get({type.getShape().back()}, type.getElementType());
  for (int64_t row = 0; row < rows; ++row) {
    SmallVector<Value> rowIndices(indices);
    int64_t rest = row;
    for (int64_t d = leading.size() - 1; d >= 0; --d) {
      int64_t offset = rest % leading[d];
      rest /= leading[d];
      if (offset)
        rowIndices[firstVectorDim + d] = arith::AddIOp::create(
            rewriter, loc, rowIndices[firstVectorDim + d],
            arith::ConstantIndexOp::create(rewriter, loc, offset));
    }
    prefetchLines(rewriter, loc, rowType, buffer, rowIndices, /*clamp=*/{},
                  forWrite, locality);
  }
}

/// A read-only view, of any layout, of the tensor `source`, at the
/// insertion point.
Value readOnlyView(RewriterBase &rewriter, Location loc, Value source) {
  auto type = cast<RankedTensorType>(source.getType());
  auto layout = StridedLayoutAttr::get(
      rewriter.getContext(), ShapedType::kDynamic,
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic));
  return bufferization::ToBufferOp::create(
      rewriter, loc,
      MemRefType::get(type.getShape(), type.getElementType(), layout), source,
      /*read_only=*/true);
}

/// Whether `loop` divides or calls a math function per element (vector
/// ops): then its passes keep the vector units busy, and a reduction over
/// a block buffer gains nothing from prefetching too.
bool computesPerElement(scf::ForallOp loop) {
  WalkResult found = loop.walk([](Operation *op) {
    bool heavy = isa<math::MathDialect>(op->getDialect()) ||
                 isa<arith::DivFOp, arith::RemFOp>(op);
    if (heavy && op->getNumResults() == 1 &&
        isa<VectorType>(op->getResult(0).getType()))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

//===-- 1. Streamed function arguments ------------------------------------===//

void prefetchStreamedArguments(RewriterBase &rewriter, func::FuncOp func) {
  if (func.isExternal())
    return;
  Block &entry = func.getBody().front();
  SmallVector<scf::ForallOp> loops;
  for (Operation &op : entry)
    if (auto loop = dyn_cast<scf::ForallOp>(op))
      if (!loop->hasAttr(kRowBlockLoop))
        loops.push_back(loop);
  // One flat read-only view per argument, made at the function's start.
  llvm::DenseMap<Value, Value> flatViews;
  auto flatView = [&](BlockArgument argument) -> Value {
    Value &view = flatViews[argument];
    if (view)
      return view;
    auto type = cast<RankedTensorType>(argument.getType());
    Location loc = func.getLoc();
    rewriter.setInsertionPointToStart(&entry);
    Value buffer = bufferization::ToBufferOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
        argument, /*read_only=*/true);
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    view = memref::CollapseShapeOp::create(rewriter, loc, buffer,
                                           ArrayRef<ReassociationIndices>{all});
    return view;
  };
  for (scf::ForallOp loop : loops) {
    for (BlockArgument argument : entry.getArguments()) {
      auto type = dyn_cast<RankedTensorType>(argument.getType());
      if (!type || !isLarge(type))
        continue;
      auto reads = readsOf(argument, loop);
      if (reads.empty())
        continue;
      Value view = flatView(argument);
      int64_t elementBytes = type.getElementTypeBitWidth() / 8;
      for (auto &[read, slices] : reads) {
        Location loc = read.getLoc();
        rewriter.setInsertionPoint(read);
        SmallVector<Value> zeros(
            type.getRank(), arith::ConstantIndexOp::create(rewriter, loc, 0));
        SmallVector<Value> indices =
            indicesThrough(rewriter, read, slices, zeros);
        // Row-major position, kStreamDistanceBytes further on.
        Value linear = arith::ConstantIndexOp::create(
            rewriter, loc, kStreamDistanceBytes / elementBytes);
        int64_t stride = 1;
        for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
          linear = arith::AddIOp::create(
              rewriter, loc, linear,
              arith::MulIOp::create(
                  rewriter, loc, indices[dim],
                  arith::ConstantIndexOp::create(rewriter, loc, stride)));
          stride *= type.getDimSize(dim);
        }
        Value last = arith::ConstantIndexOp::create(rewriter, loc, stride - 1);
        prefetchLines(rewriter, read.getLoc(), read.getVectorType(), view,
                      {linear}, last);
      }
    }
  }
}

//===-- 2. The next block of a row-block cluster --------------------------===//

/// The tensor `slice` takes its rows from, as seen before `blockLoop`: its
/// source, or, for the loop's own output (a result written into the
/// tensor it reads: FuseRowBlocks.cpp), the tensor that output starts as.
Value sourceBefore(tensor::ExtractSliceOp slice, scf::ForallOp blockLoop) {
  Value source = slice.getSource();
  if (auto output = dyn_cast<BlockArgument>(source))
    if (OpOperand *init = blockLoop.getTiedLoopInit(output))
      return init->get();
  return source;
}

/// Whether `slice` is a block of rows of a large tensor defined outside
/// `blockLoop` (or of the loop's output that starts as one), at the loop's
/// row induction variable: `blockRows` rows, whole along the last
/// dimension, unit strides.
bool isBlockOfRows(tensor::ExtractSliceOp slice, scf::ForallOp blockLoop,
                   int64_t blockRows) {
  RankedTensorType source = slice.getSourceType();
  if (blockLoop->isAncestor(
          sourceBefore(slice, blockLoop).getParentRegion()->getParentOp()) ||
      !isLarge(source) || source.getRank() < 2 ||
      slice.getResultType().getRank() != source.getRank() ||
      !llvm::all_of(slice.getMixedStrides(), isOneInteger))
    return false;
  unsigned rowDim = source.getRank() - 2;
  ArrayRef<int64_t> sizes = slice.getStaticSizes();
  return sizes[rowDim] == blockRows &&
         sizes.back() == source.getShape().back() &&
         slice.getMixedOffsets()[rowDim] ==
             OpFoldResult(blockLoop.getInductionVars().back()) &&
         isZeroInteger(slice.getMixedOffsets().back());
}

/// Whether `pass` reduces: a loop inside it runs in order.
bool reduces(scf::ForallOp pass) {
  return pass.walk([](scf::ForOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Whether `pass` folds rows in order, one lane per row (a row reduction
/// loop marked so): each 16 x 16 step transposes its tile (64 shuffles)
/// and adds the columns one after another, a pass about as long as a
/// computing one, where OrderFreeReductions' folds take a few cycles a
/// step.
bool foldsLaneWise(scf::ForallOp pass) {
  return pass
      .walk([](scf::ForOp loop) {
        return loop->hasAttr(kFoldsInOrder) ? WalkResult::interrupt()
                                            : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The reads in `pass` of a tensor of `block`'s type that `blockLoop`'s
/// body computes (softmax's exponentials, layer norm's centered rows), each
/// with the indices in that tensor of its first element (through the
/// unit-stride slices the pass takes of it) plus `shift`. Element (i, j)
/// of such a tensor is computed from element (i, j) of the block, so the
/// indices address the block's rows too.
SmallVector<std::pair<vector::TransferReadOp, SmallVector<Value>>>
readsOfBlockBuffers(RewriterBase &rewriter, scf::ForallOp pass,
                    scf::ForallOp blockLoop, tensor::ExtractSliceOp block,
                    ArrayRef<Value> shift) {
  SmallVector<std::pair<vector::TransferReadOp, SmallVector<Value>>> found;
  pass.walk([&](vector::TransferReadOp read) {
    VectorType type = read.getVectorType();
    if (read.getMask() || !read.getPermutationMap().isMinorIdentity() ||
        type.isScalable())
      return;
    auto chain = sliceChain(read, [](Value) { return false; });
    if (!chain)
      return;
    auto &[base, slices] = *chain;
    Operation *producer = base.getDefiningOp();
    if (base == block.getResult() || base.getType() != block.getType() ||
        !producer || producer->getBlock() != blockLoop.getBody())
      return;
    found.push_back({read, indicesThrough(rewriter, read, slices, shift)});
  });
  return found;
}

/// Before each read in `reduction` of a buffer that `blockLoop`'s body
/// computes (readsOfBlockBuffers), prefetches the same rows of the next
/// block (at `offsets`) from `buffer`, into L2; whether there was such a
/// read.
bool prefetchAtBufferReads(RewriterBase &rewriter, scf::ForallOp reduction,
                           scf::ForallOp blockLoop,
                           tensor::ExtractSliceOp block, Value buffer,
                           ArrayRef<Value> offsets) {
  auto reads =
      readsOfBlockBuffers(rewriter, reduction, blockLoop, block, offsets);
  for (auto &[read, next] : reads)
    prefetchRows(rewriter, read.getLoc(), read.getVectorType(), buffer, next,
                 /*forWrite=*/false, kLocalityL2);
  return !reads.empty();
}

/// At the insertion point: the offsets of the block after `block` (the
/// last block for the last one) in the source it is a block of rows of.
SmallVector<Value> nextBlockOffsets(RewriterBase &rewriter,
                                    tensor::ExtractSliceOp block,
                                    int64_t blockRows) {
  Location loc = block.getLoc();
  RankedTensorType sourceType = block.getSourceType();
  SmallVector<Value> offsets =
      getValueOrCreateConstantIndexOp(rewriter, loc, block.getMixedOffsets());
  unsigned rowDim = sourceType.getRank() - 2;
  int64_t lastBlockRow = sourceType.getDimSize(rowDim) - blockRows;
  offsets[rowDim] =
      aheadWithin(rewriter, loc, offsets[rowDim], blockRows, lastBlockRow);
  return offsets;
}

/// The 16 x 16 (two-dimensional) reads in `pass` of `block` itself, each
/// with the slices it takes of the block.
SmallVector<
    std::pair<vector::TransferReadOp, SmallVector<tensor::ExtractSliceOp>>>
tileReadsOf(tensor::ExtractSliceOp block, scf::ForallOp pass) {
  SmallVector<
      std::pair<vector::TransferReadOp, SmallVector<tensor::ExtractSliceOp>>>
      found;
  pass.walk([&](vector::TransferReadOp read) {
    if (read.getVectorType().getRank() != 2 || read.getMask() ||
        !read.getPermutationMap().isMinorIdentity() ||
        read.getVectorType().isScalable())
      return;
    auto chain = sliceChain(
        read, [&](Value value) { return value == block.getResult(); });
    if (chain && chain->first == block.getResult())
      found.push_back({read, std::move(chain->second)});
  });
  return found;
}

void prefetchNextBlock(RewriterBase &rewriter, scf::ForallOp blockLoop) {
  std::optional<int64_t> blockRows =
      getConstantIntValue(blockLoop.getMixedStep().back());
  if (!blockRows)
    return;
  bool perElement = computesPerElement(blockLoop);
  SmallVector<tensor::ExtractSliceOp> blocks;
  for (Operation &op : blockLoop.getBody()->without_terminator())
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
      if (isBlockOfRows(slice, blockLoop, *blockRows))
        blocks.push_back(slice);
  for (tensor::ExtractSliceOp block : blocks) {
    // The last parallel pass over the block that reads it, and, where the
    // passes only add and multiply, the last reduction over a buffer that
    // the body computes from the block, or over the block itself after an
    // earlier pass read it from memory (rereading).
    // Where the body computes per element (softmax's exponentials), the
    // last reduction over a buffer that folds its rows lane-wise, in order.
    scf::ForallOp pass, bufferPass, rereading, laneWisePass;
    decltype(readsOf(block, nullptr)) reads;
    decltype(tileReadsOf(block, nullptr)) rereads;
    bool blockRead = false;
    for (Operation &op : blockLoop.getBody()->without_terminator()) {
      auto inner = dyn_cast<scf::ForallOp>(op);
      if (!inner)
        continue;
      auto found = readsOf(block, inner);
      auto tiles = tileReadsOf(block, inner);
      bool readsBlock = !found.empty() || !tiles.empty();
      if (!found.empty()) {
        pass = inner;
        reads = std::move(found);
      }
      if (!perElement && reduces(inner)) {
        bufferPass = inner;
        rereading = readsBlock && blockRead ? inner : scf::ForallOp();
        rereads = std::move(tiles);
      }
      if (perElement && reduces(inner))
        laneWisePass = foldsLaneWise(inner) ? inner : scf::ForallOp();
      blockRead |= readsBlock;
    }
    if (!pass)
      continue;
    Location loc = block.getLoc();
    // A read-only view of the whole source, before the block loop (any
    // layout: the source may be a slice itself).
    rewriter.setInsertionPoint(blockLoop);
    Value buffer = readOnlyView(rewriter, loc, sourceBefore(block, blockLoop));
    // A layer norm whose passes compute x - mean from x (no buffer): its
    // sums of squares reread the block from L2, so they prefetch the next
    // block, each 16 x 16 step its 16 rows, and the writer after them,
    // which streams its results out, does not (8192 x 1024 on an Emerald
    // Rapids core, paired: 6-9% faster at one thread, 9-15% at two, than
    // the writer prefetching).
    if (rereading && rereading->isBeforeInBlock(pass)) {
      rewriter.setInsertionPoint(rereading);
      SmallVector<Value> offsets =
          nextBlockOffsets(rewriter, block, *blockRows);
      for (auto &[read, slices] : rereads)
        prefetchRows(rewriter, read.getLoc(), read.getVectorType(), buffer,
                     indicesThrough(rewriter, read, slices, offsets),
                     /*forWrite=*/false, kLocalityL2);
      continue;
    }
    // Softmax in order: its row sums transpose every 16 x 16 step of the
    // exponentials (read from L2) and leave memory idle for about as long
    // as the exponentials take, while the exponential pass also streams
    // the previous block's quotients out (PipelineRowBlocks.cpp). So the
    // sums prefetch the next block, each 16 x 16 step its 16 rows, and the
    // exponential pass does not: 4096 x 4096 on a Sapphire Rapids core, 21
    // paired rounds, median 13.3 -> 12.7 ms and minimum 11.7 -> 11.0 at
    // one thread, 7.1 -> 6.7 ms at two (both passes prefetching: no
    // faster than the exponential pass alone). Reassociated sums take a
    // few cycles a step, too few to bring the block in (11.6 -> 13.0 ms),
    // so there the exponential pass prefetches. Sums that read no such
    // buffer leave it to the exponential pass too.
    if (laneWisePass && pass->isBeforeInBlock(laneWisePass)) {
      rewriter.setInsertionPoint(laneWisePass);
      SmallVector<Value> offsets =
          nextBlockOffsets(rewriter, block, *blockRows);
      if (prefetchAtBufferReads(rewriter, laneWisePass, blockLoop, block,
                                buffer, offsets))
        continue;
    }
    // The next block's offsets, before the first pass that prefetches.
    rewriter.setInsertionPoint(pass);
    SmallVector<Value> offsets = nextBlockOffsets(rewriter, block, *blockRows);
    for (auto &[read, slices] : reads)
      prefetchLines(rewriter, loc, read.getVectorType(), buffer,
                    indicesThrough(rewriter, read, slices, offsets));
    if (bufferPass && !bufferPass->isBeforeInBlock(pass))
      (void)prefetchAtBufferReads(rewriter, bufferPass, blockLoop, block,
                                  buffer, offsets);
  }
}

//===-- 4. Rows of a row reduction ----------------------------------------===//

void prefetchReductionRows(RewriterBase &rewriter, scf::ForOp loop,
                           Block &entry, llvm::DenseMap<Value, Value> &views) {
  auto inBlockLoop = [](Operation *op) {
    for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
         forall = forall->getParentOfType<scf::ForallOp>())
      if (forall->hasAttr(kRowBlockLoop))
        return true;
    return false;
  };
  if (inBlockLoop(loop))
    return;
  SmallVector<vector::TransferReadOp> reads;
  loop.walk([&](vector::TransferReadOp read) {
    VectorType type = read.getVectorType();
    if (!read.getMask() && read.getPermutationMap().isMinorIdentity() &&
        type.getRank() == 2 && !type.isScalable() &&
        type.getElementTypeBitWidth() % 8 == 0)
      reads.push_back(read);
  });
  for (vector::TransferReadOp read : reads) {
    // The tensor defined outside loops that the rows belong to.
    auto chain = sliceChain(
        read, [&](Value value) { return value.getParentBlock() == &entry; });
    if (!chain || chain->first.getParentBlock() != &entry)
      continue;
    Value source = chain->first;
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    if (!sourceType || !isLarge(sourceType))
      continue;
    SmallVector<Value> indices = indicesThrough(rewriter, read, chain->second);
    VectorType type = read.getVectorType();
    Location loc = read.getLoc();
    Value &buffer = views[source];
    if (!buffer) {
      rewriter.setInsertionPointAfterValue(source);
      buffer = readOnlyView(rewriter, loc, source);
    }
    rewriter.setInsertionPoint(read);
    int64_t distance = kRowDistanceBytes / (type.getElementTypeBitWidth() / 8);
    int64_t last = sourceType.getShape().back() - type.getShape().back();
    indices.back() = aheadWithin(rewriter, loc, indices.back(), distance, last);
    prefetchRows(rewriter, loc, type, buffer, indices, /*forWrite=*/false,
                 kLocalityL2);
  }
}

//===-- 3. Marked reads -----------------------------------------------===//

/// The prefetches `markReadForPrefetch` asked for, before `read`.
void prefetchShifted(RewriterBase &rewriter, vector::TransferReadOp read,
                     ArrayRef<int64_t> mark) {
  auto source = dyn_cast<RankedTensorType>(read.getBase().getType());
  VectorType type = read.getVectorType();
  int64_t dimension = mark[0], distance = mark[1];
  bool forWrite = mark[2] != 0;
  if (!source || !source.hasStaticShape() || read.getMask() ||
      !read.getPermutationMap().isMinorIdentity() || type.isScalable() ||
      dimension < 0 || dimension >= source.getRank() ||
      type.getElementTypeBitWidth() % 8)
    return;
  // The vector covers the last type.getRank() dimensions; the shifted
  // block must stay inside the source.
  unsigned firstVectorDim = source.getRank() - type.getRank();
  int64_t extent = dimension >= firstVectorDim
                       ? type.getDimSize(dimension - firstVectorDim)
                       : 1;
  int64_t last = source.getDimSize(dimension) - extent;
  if (last < 0)
    return;
  Location loc = read.getLoc();
  rewriter.setInsertionPoint(read);
  Value buffer = readOnlyView(rewriter, loc, read.getBase());
  SmallVector<Value> base(read.getIndices());
  base[dimension] = aheadWithin(rewriter, loc, base[dimension], distance, last);
  prefetchRows(rewriter, loc, type, buffer, base, forWrite, kLocalityL1);
}

/// At the insertion point: prefetches into L2 of `rows` rows (the second
/// last dimension) of `elements` elements (the last) from `indices` of
/// `slice`, one per cache line. They may lie past `slice`, not past the
/// tensor its unit-stride slices start from: indices are clamped to keep
/// each row inside it. Nothing where `slice` comes through other slices or
/// from a tensor of dynamic shape.
void prefetchPastSlice(RewriterBase &rewriter, Location loc, Value slice,
                       ArrayRef<Value> indices, int64_t rows,
                       int64_t elements) {
  auto chain = sliceChain(slice, [](Value) { return false; });
  if (!chain)
    return;
  auto [whole, slices] = *chain;
  auto type = dyn_cast<RankedTensorType>(whole.getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 2 ||
      !type.getElementType().isIntOrFloat() ||
      type.getElementTypeBitWidth() % 8 ||
      indices.size() != static_cast<size_t>(type.getRank()) ||
      type.getShape().back() < elements)
    return;
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfterValue(whole);
    buffer = readOnlyView(rewriter, loc, whole);
  }
  SmallVector<Value> first(indices);
  addSliceOffsets(rewriter, loc, first, slices);
  // Past the slice is not past the tensor: each index stays where the
  // elements it starts fit.
  unsigned rowDim = type.getRank() - 2;
  auto last = [&](unsigned dimension) {
    return type.getDimSize(dimension) -
           (dimension == rowDim + 1 ? elements : 1);
  };
  for (auto [dimension, index] : llvm::enumerate(first))
    if (dimension != rowDim)
      index = aheadWithin(rewriter, loc, index, 0, last(dimension));
  auto rowType = VectorType::get({elements}, type.getElementType());
  for (int64_t row = 0; row < rows; ++row) {
    SmallVector<Value> at(first);
    at[rowDim] = aheadWithin(rewriter, loc, first[rowDim], row, last(rowDim));
    prefetchLines(rewriter, loc, rowType, buffer, at, /*clamp=*/{},
                  /*forWrite=*/false, kLocalityL2);
  }
}

/// The k loop of a register tile in the body of `rows`, the loop over row
/// tiles: the loop there that carries the tile of C as one vector.
scf::ForOp registerTileKLoop(scf::ForOp rows) {
  for (Operation &op : *rows.getBody())
    if (auto loop = dyn_cast<scf::ForOp>(op);
        loop && loop.getNumResults() == 1 &&
        isa<VectorType>(loop.getResult(0).getType()))
      return loop;
  return nullptr;
}

/// At most how many bytes of one row of B a register tile's k iteration
/// prefetches for the next panel: a row of a 64-column f32 panel.
constexpr int64_t kNextPanelPieceBytes = 256;

/// The loop over row tiles that runs over the panel `copy` makes: the one
/// beside it that uses its result.
scf::ForOp rowTileLoopOf(scf::ForOp copy) {
  scf::ForOp rows;
  for (Operation *user : copy->getResult(0).getUsers())
    if (Operation *ancestor = copy->getBlock()->findAncestorOpInBlock(*user))
      rows = dyn_cast<scf::ForOp>(ancestor);
  return rows;
}

/// In each iteration of `rows`, the loop over row tiles that runs over a
/// panel of B copied by `read`'s loop (at `column`, nr columns of C),
/// prefetches into L2 of `rowsPerTile` rows of B that the next copy
/// reads: those of the next nr columns of the block of B, or after its
/// last column, its first in the next k block; clamped inside B. B is kc
/// x nc, or `transposed`, nc x kc: a row of B is then kc elements of a
/// column of C. Where the panel stays in L1 (at most kPanelRowsInL1 rows
/// of k) and the tile's k loop has a constant step, its first iterations
/// issue them, a piece of a row (at most kNextPanelPieceBytes) each;
/// otherwise they all go at the start of the tile.
void prefetchNextPanelFromTiles(RewriterBase &rewriter,
                                vector::TransferReadOp read, scf::ForOp rows,
                                Value column, int64_t mr, int64_t nr,
                                int64_t rowsPerTile, bool transposed) {
  auto block = cast<RankedTensorType>(read.getBase().getType());
  unsigned rank = block.getRank();
  unsigned kDim = transposed ? rank - 1 : rank - 2;
  unsigned nDim = transposed ? rank - 2 : rank - 1;
  int64_t kc = block.getDimSize(kDim), nc = block.getDimSize(nDim);
  int64_t runElements = transposed ? kc : nr;
  Location loc = read.getLoc();
  rewriter.setInsertionPointToStart(rows.getBody());
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  Value firstRow = arith::MulIOp::create(
      rewriter, loc,
      arith::DivUIOp::create(rewriter, loc, rows.getInductionVar(),
                             constant(mr)),
      constant(rowsPerTile));
  Value next = arith::AddIOp::create(rewriter, loc, column, constant(nr));
  Value lastPanel = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::sge, next, constant(nc));
  SmallVector<Value> indices(read.getIndices());
  indices[nDim] =
      arith::SelectOp::create(rewriter, loc, lastPanel, constant(0), next);
  indices[kDim] = arith::SelectOp::create(rewriter, loc, lastPanel,
                                          constant(kc), constant(0));
  // The rows of B (the second last dimension) this tile prefetches.
  indices[rank - 2] =
      arith::AddIOp::create(rewriter, loc, firstRow, indices[rank - 2]);
  scf::ForOp kLoop = registerTileKLoop(rows);
  std::optional<int64_t> step =
      kLoop ? getConstantIntValue(kLoop.getStep()) : std::nullopt;
  if (kc > kPanelRowsInL1 || !step || *step <= 0) {
    prefetchPastSlice(rewriter, loc, read.getBase(), indices, rowsPerTile,
                      runElements);
    return;
  }
  int64_t pieceElements = std::min<int64_t>(
      runElements, kNextPanelPieceBytes / (block.getElementTypeBitWidth() / 8));
  int64_t pieces = llvm::divideCeil(runElements, pieceElements);
  rewriter.setInsertionPointToStart(kLoop.getBody());
  Value iteration = arith::DivUIOp::create(
      rewriter, loc, kLoop.getInductionVar(), constant(*step));
  Value early =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, iteration,
                            constant(rowsPerTile * pieces));
  auto onlyEarly =
      scf::IfOp::create(rewriter, loc, early, /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(onlyEarly.thenBlock());
  indices[rank - 2] = arith::AddIOp::create(
      rewriter, loc, indices[rank - 2],
      arith::DivUIOp::create(rewriter, loc, iteration, constant(pieces)));
  indices[rank - 1] = arith::AddIOp::create(
      rewriter, loc, indices[rank - 1],
      arith::MulIOp::create(
          rewriter, loc,
          arith::RemUIOp::create(rewriter, loc, iteration, constant(pieces)),
          constant(pieceElements)));
  prefetchPastSlice(rewriter, loc, read.getBase(), indices, /*rows=*/1,
                    pieceElements);
}

/// The prefetches `markReadForNextPanelPrefetch` asked for
/// (prefetchNextPanelFromTiles). Issued together at the start of the tile,
/// they held up the loads of the tile of C that follow them (10% of
/// 1024^3's samples fell on the two); one row per k iteration overlaps
/// them with the tile's multiply-adds: 1024^3 0.971 of the time at one
/// thread (56 of 80 paired rounds faster), 0.977 at two (33 of 60),
/// mlp_infer 0.990. Not where the k loop itself reads its 512-row panel
/// from L2 and needs the miss buffers (1024 x 4096 x 1024 1.02-1.03).
void prefetchNextPanel(RewriterBase &rewriter, vector::TransferReadOp read,
                       int64_t mr, int64_t rowsPerTile) {
  auto block = dyn_cast<RankedTensorType>(read.getBase().getType());
  auto copy = read->getParentOfType<scf::ForOp>();
  VectorType type = read.getVectorType();
  if (!block || !block.hasStaticShape() || block.getRank() < 2 || !copy ||
      type.getRank() != 1 || copy->getNumResults() != 1)
    return;
  scf::ForOp rows = rowTileLoopOf(copy);
  Value column = read.getIndices()[block.getRank() - 1];
  if (!rows || !column.getParentRegion()->isAncestor(&rows.getBodyRegion()))
    return;
  prefetchNextPanelFromTiles(rewriter, read, rows, column, mr,
                             type.getDimSize(0), rowsPerTile,
                             /*transposed=*/false);
}

/// The prefetches `markTransposedReadForNextPanelPrefetch` asked for: the
/// same for a transposed B (nc x kc), which the copy reads by 16 x 16
/// blocks at (column + c, k), k outermost.
void prefetchNextTransposedPanel(RewriterBase &rewriter,
                                 vector::TransferReadOp read, int64_t mr,
                                 int64_t nr, int64_t rowsPerTile) {
  auto block = dyn_cast<RankedTensorType>(read.getBase().getType());
  auto inner = read->getParentOfType<scf::ForOp>();
  auto copy = inner ? inner->getParentOfType<scf::ForOp>() : scf::ForOp();
  if (!block || !block.hasStaticShape() || block.getRank() < 2 || !copy ||
      copy->getNumResults() != 1)
    return;
  scf::ForOp rows = rowTileLoopOf(copy);
  auto row =
      read.getIndices()[block.getRank() - 2].getDefiningOp<arith::AddIOp>();
  if (!rows || !row ||
      !row.getLhs().getParentRegion()->isAncestor(&rows.getBodyRegion()))
    return;
  prefetchNextPanelFromTiles(rewriter, read, rows, row.getLhs(), mr, nr,
                             rowsPerTile, /*transposed=*/true);
}

} // namespace

void markReadForPrefetch(vector::TransferReadOp read, int64_t dimension,
                         int64_t distance, bool forWrite) {
  read->setAttr(kPrefetchShifted,
                DenseI64ArrayAttr::get(read->getContext(),
                                       {dimension, distance, forWrite}));
}

void markReadForNextPanelPrefetch(vector::TransferReadOp read, int64_t mr,
                                  int64_t rowsPerTile) {
  read->setAttr(kPrefetchNextPanel,
                DenseI64ArrayAttr::get(read->getContext(), {mr, rowsPerTile}));
}

void markTransposedReadForNextPanelPrefetch(vector::TransferReadOp read,
                                            int64_t mr, int64_t nr,
                                            int64_t rowsPerTile) {
  read->setAttr(
      kPrefetchNextTransposedPanel,
      DenseI64ArrayAttr::get(read->getContext(), {mr, nr, rowsPerTile}));
}

void insertMarkedPrefetches(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<vector::TransferReadOp> marked;
  func.walk([&](vector::TransferReadOp read) {
    if (read->hasAttr(kPrefetchShifted) || read->hasAttr(kPrefetchNextPanel) ||
        read->hasAttr(kPrefetchNextTransposedPanel))
      marked.push_back(read);
  });
  for (vector::TransferReadOp read : marked) {
    if (auto mark = read->getAttrOfType<DenseI64ArrayAttr>(
            kPrefetchNextTransposedPanel)) {
      read->removeAttr(kPrefetchNextTransposedPanel);
      if (mark.size() == 3)
        prefetchNextTransposedPanel(rewriter, read, mark[0], mark[1], mark[2]);
    }
    if (auto mark =
            read->getAttrOfType<DenseI64ArrayAttr>(kPrefetchNextPanel)) {
      read->removeAttr(kPrefetchNextPanel);
      if (mark.size() == 2)
        prefetchNextPanel(rewriter, read, mark[0], mark[1]);
    }
    auto mark = read->getAttrOfType<DenseI64ArrayAttr>(kPrefetchShifted);
    if (!mark)
      continue;
    SmallVector<int64_t> values(mark.asArrayRef());
    read->removeAttr(kPrefetchShifted);
    if (values.size() == 3)
      prefetchShifted(rewriter, read, values);
  }
}

void markRowBlockLoop(scf::ForallOp loop) {
  loop->setAttr(kRowBlockLoop, UnitAttr::get(loop->getContext()));
}

void markRowReductionLoop(scf::ForOp loop, bool inOrder) {
  loop->setAttr(kRowReductionLoop, UnitAttr::get(loop->getContext()));
  if (inOrder)
    loop->setAttr(kFoldsInOrder, UnitAttr::get(loop->getContext()));
}

void insertPrefetches(RewriterBase &rewriter, func::FuncOp func,
                      bool reductionRows) {
  prefetchStreamedArguments(rewriter, func);
  SmallVector<scf::ForOp> reductionLoops;
  func.walk([&](scf::ForOp loop) {
    if (loop->hasAttr(kRowReductionLoop))
      reductionLoops.push_back(loop);
  });
  llvm::DenseMap<Value, Value> views;
  for (scf::ForOp loop : reductionLoops) {
    loop->removeAttr(kRowReductionLoop);
    if (reductionRows && !func.isExternal())
      prefetchReductionRows(rewriter, loop, func.getBody().front(), views);
  }
  SmallVector<scf::ForallOp> blockLoops;
  func.walk([&](scf::ForallOp loop) {
    if (loop->hasAttr(kRowBlockLoop))
      blockLoops.push_back(loop);
  });
  for (scf::ForallOp loop : blockLoops) {
    loop->removeAttr(kRowBlockLoop);
    prefetchNextBlock(rewriter, loop);
  }
  for (scf::ForOp loop : reductionLoops)
    loop->removeAttr(kFoldsInOrder);
}

} // namespace axle::cpu

//===- TileAndVectorize.cpp - fusion, tiling and vectorization on tensors -===//
//
// Makes the loops that later come out of linalg fast without changing a
// single result bit:
//  1. elementwise producers fuse into their consumers, so that a chain of
//     elementwise ops becomes one loop nest and no temporary tensor, and
//     sibling reductions of one input merge (FuseSiblingReductions.cpp);
//  2. elementwise results overwrite an input that dies there
//     (WriteIntoDeadInputs.cpp), and elementwise epilogues of matmuls and
//     convolutions are computed tile by tile with them (FuseEpilogues.cpp),
//     and softmax / layer norm clusters by blocks of 16 rows
//     (FuseRowBlocks.cpp);
//  3. float matmuls and convolutions get register tiles
//     (ContractionTiles.cpp): each output element still sums its products
//     in order with one fused multiply-add each, exactly as the
//     interpreter does, so results are identical;
//  4. reductions along the innermost dimension with a parallel loop around
//     it are vectorized across 16 rows (fewer in a block padded to 16),
//     each row in its own lane and in order (tileAndVectorizeRowReduction;
//     bodies the linalg vectorizer does not take, such as argmax's, by
//     FoldRowsInLanes.cpp);
//  5. transposes of the two innermost dimensions (32-bit elements), and
//     permutations that merge into one, go by 16 x 16 blocks transposed in
//     registers (narrower blocks for the rest where 16 does not divide a
//     dimension), and gathers of whole rows by one vector load per piece
//     of a row;
//  6. every other linalg op whose innermost loop is parallel, reads its
//     operands contiguously (or broadcast) along that loop and computes
//     with arith/math ops only is tiled to one vector along the innermost
//     dimension and vectorized. Reductions over outer dimensions stay in
//     order because their tile size is 1; where their row of results fits
//     in 16 registers, it is one vector, carried in them through the loops,
//     and a row wider than a page goes in pieces of a page, in parallel.
// Tile sizes always divide the static loop bounds, so no masks or
// remainder loops are needed; an op without a good divisor is left to the
// scalar loops of convert-linalg-to-loops.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/ContractionTiles.h"
#include "compiler/codegen/cpu/FoldRowsInLanes.h"
#include "compiler/codegen/cpu/FuseEpilogues.h"
#include "compiler/codegen/cpu/FuseRowBlocks.h"
#include "compiler/codegen/cpu/FuseSiblingReductions.h"
#include "compiler/codegen/cpu/OrderFreeReductions.h"
#include "compiler/codegen/cpu/Passes.h"
#include "compiler/codegen/cpu/Prefetch.h"
#include "compiler/codegen/cpu/TilingUtils.h"
#include "compiler/codegen/cpu/WriteIntoDeadInputs.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/raw_ostream.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace axle::cpu {

#define GEN_PASS_DEF_TILEANDVECTORIZEPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// Linalg ops (other than matmuls) whose innermost loop is parallel and
/// that every operand reads contiguously along it or not at all: one vector
/// along that loop per iteration of the others.
/// The lanes of one vector step along a loop of `size` elements of `bits`
/// bits: two 512-bit registers, or the largest power of two that divides
/// the size, down to half a register; 0 below that. LLVM widens other
/// vector lengths to the next power of two and moves them piece by piece
/// (4096 x 784 and 4096 x 1000 f32 elementwise, 28 and 25 lanes: 35-40%
/// slower per element than 4096 x 768 and 4096 x 800).
int64_t powerOfTwoLanes(int64_t size, unsigned bits) {
  int64_t width = 1;
  while (width * 2 <= 1024 / bits && size % (width * 2) == 0)
    width *= 2;
  return width < 256 / bits ? 0 : width;
}

/// Bits of the 16 vector registers that a reduction over outer loops may
/// keep its row of partial results in (tileAndVectorizeInnermost).
constexpr int64_t kRegisterRowBits = 16 * 512;
/// Bits of a 4 KiB page: the widest piece of a row that a fold down columns
/// runs in parallel with the others (tileAndVectorizeInnermost).
constexpr int64_t kPageBits = 4096 * 8;

void tileAndVectorizeInnermost(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!hasStaticVectorizableOperands(op) || !hasVectorizableBody(op))
    return;
  unsigned loops = op.getNumLoops();
  if (loops == 0 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::parallel)
    return;
  unsigned innermost = loops - 1;
  unsigned widest = 8;
  if (!readsContiguouslyAlong(op, innermost))
    return;
  for (OpOperand &operand : op->getOpOperands()) {
    widest = std::max(
        widest,
        getElementTypeOrSelf(operand.get().getType()).getIntOrFloatBitWidth());
  }
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (map.getNumResults() == 0 ||
        !map.getResults().back().isFunctionOfDim(innermost))
      return;
  }
  int64_t size = op.getStaticLoopRanges()[innermost];
  // Narrower sizes (10 logits) keep their largest divisor.
  int64_t width = powerOfTwoLanes(size, widest);
  if (width < 256 / widest)
    width = largestDivisor(size, 1024 / widest);
  if (width < 2)
    return;
  SmallVector<int64_t> sizes(loops, 1);
  sizes.back() = width;
  Operation *target = op;
  // Reduction loops make the tile loops sequential. Parallel loops before
  // the first of them go into a parallel loop of their own first: the
  // chunks of a large reassociated sum, [chunks, rows, columns] folded down
  // the columns, then run on threads of their own. (Stopping before the
  // innermost loop, the leading parallel loops stop at a reduction.)
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned leading = 0;
  while (leading < innermost &&
         iterators[leading] == utils::IteratorType::parallel)
    ++leading;
  // A reduction over outer loops (a fold down columns) whose row of
  // results is wider than a page goes in pieces of a page (the largest
  // divisor up to it), which join the parallel loop: each piece runs down
  // the rows on a thread of its own, where the rows' loop alone is
  // sequential, and still reads each page of a row whole. Column sums of
  // 4096 x 4096 f32, the same bits, paired runs: two threads 6.6-6.9 ->
  // 3.7-3.9 ms, one thread 6.8-7.2 -> 7.2-7.5 (pieces of 256 columns, with
  // their results in registers: 3.8 and 7.8-8.0, a page visited four times
  // per row).
  bool reducesOuterLoops =
      llvm::is_contained(iterators, utils::IteratorType::reduction);
  int64_t piece = size;
  if (reducesOuterLoops && size * widest > kPageBits) {
    int64_t divisor = largestDivisor(size, kPageBits / widest);
    if (divisor % width == 0)
      piece = divisor;
  }
  if ((leading > 0 && leading < innermost) || piece != size) {
    SmallVector<int64_t> outer(loops, 0);
    for (unsigned d = 0; d < leading; ++d)
      outer[d] = 1;
    if (piece != size)
      outer.back() = piece;
    FailureOr<TilingInterface> tiled =
        tile(rewriter, cast<TilingInterface>(op.getOperation()), outer);
    if (failed(tiled))
      return;
    target = *tiled;
  }
  // Such a reduction (column sums; a reassociated full sum, folded down 256
  // columns) whose whole row of results fits in 16 registers takes the row
  // as one vector: its partial results then stay in registers across the
  // reduction loops (hoisted below) instead of being read and written back
  // for every row, and each column still adds its elements in order.
  bool rowInRegisters = reducesOuterLoops && size * widest <= kRegisterRowBits;
  if (rowInRegisters)
    sizes.back() = size;
  Block *home = target->getBlock();
  SmallVector<int64_t> ranges =
      cast<linalg::LinalgOp>(target).getStaticLoopRanges();
  if (!llvm::equal(sizes, ranges)) {
    // No loops of one iteration, which would hide that the row is the
    // same in every iteration of the others.
    if (rowInRegisters)
      for (auto [tileSize, range] : llvm::zip(sizes, ranges))
        if (tileSize == range)
          tileSize = 0;
    FailureOr<TilingInterface> tiled =
        tile(rewriter, cast<TilingInterface>(target), sizes);
    if (failed(tiled))
      return;
    target = *tiled;
  }
  Operation *parent = target->getParentOp();
  if (failed(vectorizeOp(rewriter, target)) || !rowInRegisters)
    return;
  // The reads and writes of the results' row, the same in every iteration,
  // move out of the reduction loops (innermost first) into iter_args.
  while (auto loop = dyn_cast_or_null<scf::ForOp>(parent)) {
    if (loop->getBlock() == home)
      parent = nullptr;
    else
      parent = loop->getParentOp();
    // (Constants first: the subsets' indices must come from outside.)
    moveLoopInvariantCode(loop);
    hoistLoopInvariantSubsets(rewriter, loop);
  }
}

/// A row reduction's block of fewer than 16 rows, vector<R x 16> reduced
/// over its 16 columns, becomes the first R rows of a 16 x 16 block (the
/// other rows 0, their results dropped): the InnerParallel lowering then
/// transposes it with the 16 x 16 shuffles and adds its columns lane by
/// lane, each row in order in its own lane, instead of transposing
/// R x 16 element by element.
struct PadRowBlock : public OpRewritePattern<vector::MultiDimReductionOp> {
  PadRowBlock(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp reduction,
                                PatternRewriter &rewriter) const override {
    VectorType type = reduction.getSourceVectorType();
    if (type.getRank() != 2 || type.isScalable() || type.getDimSize(1) != 16 ||
        type.getDimSize(0) < 2 || type.getDimSize(0) >= 16 ||
        reduction.getReductionMask() != ArrayRef<bool>{false, true})
      return failure();
    Location loc = reduction.getLoc();
    Type element = type.getElementType();
    int64_t rows = type.getDimSize(0);
    auto block = VectorType::get({16, 16}, element);
    auto lanes = VectorType::get({16}, element);
    Value zero = arith::ConstantOp::create(rewriter, loc, element,
                                           rewriter.getZeroAttr(element));
    Value source = vector::InsertStridedSliceOp::create(
        rewriter, loc, reduction.getSource(),
        vector::BroadcastOp::create(rewriter, loc, block, zero),
        ArrayRef<int64_t>{0, 0}, ArrayRef<int64_t>{1, 1});
    Value acc = vector::InsertStridedSliceOp::create(
        rewriter, loc, reduction.getAcc(),
        vector::BroadcastOp::create(rewriter, loc, lanes, zero),
        ArrayRef<int64_t>{0}, ArrayRef<int64_t>{1});
    Value total = vector::MultiDimReductionOp::create(
        rewriter, loc, source, acc, ArrayRef<bool>{false, true},
        reduction.getKind());
    rewriter.replaceOpWithNewOp<vector::ExtractStridedSliceOp>(
        reduction, total, ArrayRef<int64_t>{0}, ArrayRef<int64_t>{rows},
        ArrayRef<int64_t>{1});
    return success();
  }
};

/// Reductions along the innermost dimension (row sums, maxima, the
/// softmax and layernorm statistics) whose next loop out is parallel: 16
/// rows at a time, each in its own vector lane, so that every row still
/// combines its elements in order k = 0, 1, ... from its initial value.
/// The tile is [.., rows, 16 of k]: its vector form reduces a 16 x 16
/// block over k, which the InnerParallel lowering turns into a transpose
/// and 16 lane-wise steps in k order.
void tileAndVectorizeRowReduction(RewriterBase &rewriter, linalg::LinalgOp op,
                                  bool reassociateFloats) {
  if (!hasStaticVectorizableOperands(op) || !hasVectorizableBody(op))
    return;
  unsigned loops = op.getNumLoops();
  if (loops < 2 || op.getNumReductionLoops() != 1)
    return;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned k = loops - 1, row = loops - 2;
  if (iterators[k] != utils::IteratorType::reduction ||
      iterators[row] != utils::IteratorType::parallel)
    return;
  if (!readsContiguouslyAlong(op, k))
    return;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap outMap = op.getMatchingIndexingMap(&init);
    if (outMap.getNumResults() == 0 || outMap.isFunctionOfDim(k) ||
        outMap.getResults().back() != getAffineDimExpr(row, op->getContext()))
      return;
  }
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  // Whole 16 x 16 blocks only: they transpose with 16-lane shuffles,
  // other shapes element by element (slower than the scalar loops). Rows
  // or k that 16 does not divide split into the largest multiple of 16,
  // vectorized, and the rest, scalar: a split along k continues each row
  // from the first part's results, in k order. (softmax over 4096 rows of
  // 1000 at one thread: 14.8 -> 5.9 ms, 1000 rows of 4096: 13.5 -> 4.4;
  // XLA 6.6 and 4.8.)
  // The rest of k (fewer than 16) stays scalar; the rest of the rows
  // (fewer than 16) is a block of its own.
  auto splitAt = [&](unsigned dimension, int64_t point) {
    if (auto parts = splitInTwo(rewriter, op, dimension, point);
        succeeded(parts)) {
      tileAndVectorizeRowReduction(rewriter, parts->first, reassociateFloats);
      if (dimension == row)
        tileAndVectorizeRowReduction(rewriter, parts->second,
                                     reassociateFloats);
    }
  };
  if (bounds[k] % 16 != 0 && bounds[k] > 16)
    return splitAt(k, bounds[k] / 16 * 16);
  if (bounds[row] % 16 != 0 && bounds[row] > 16)
    return splitAt(row, bounds[row] / 16 * 16);
  // Fewer than 16 rows (a batch of 8 rows of logits), but more than one,
  // are one block of rows x 16, which PadRowBlock reduces as a 16 x 16
  // block: each row keeps its own lane and its order, where a scalar loop
  // ran one row's chain of dependent adds at a time (softmax at one
  // thread, bit-identical: 8 x 32000 315 -> 122 us, XLA 206; 4 x 10^6
  // 6.1 -> 3.5 ms, XLA 5.2). One row stays a scalar loop, its sum one
  // chain of dependent adds either way, unless its reduction does not
  // depend on the order (a maximum; a sum where reductions may
  // reassociate): then k goes in steps of four registers (or two, or one,
  // whichever divides it), whose partial results OrderFreeReductions keeps
  // across the loop and reduces across lanes once after it (softmax over
  // 1 x 32000 at one thread with --reassociate-reductions: 37.9 -> 11.7
  // us, XLA 32; by default its maximum only, 37.8 -> 36.7).
  int64_t rows = bounds[row] % 16 == 0 ? 16 : bounds[row] > 1 ? bounds[row] : 0;
  int64_t depth = bounds[k] % 16 == 0 ? 16 : 0;
  bool orderFree = isOrderFreeReduction(op, reassociateFloats);
  if (bounds[row] == 1 && depth && orderFree) {
    rows = 1;
    depth = bounds[k] % 64 == 0 ? 64 : bounds[k] % 32 == 0 ? 32 : 16;
  }
  if (rows == 0 || depth == 0)
    return;
  SmallVector<int64_t> parallel(loops, 1);
  parallel[row] = rows;
  parallel[k] = 0;
  FailureOr<TilingInterface> tiled =
      tile(rewriter, cast<TilingInterface>(op.getOperation()), parallel);
  if (failed(tiled))
    return;
  SmallVector<int64_t> reduction(loops, 0);
  reduction[k] = depth;
  if (depth != bounds[k]) {
    tiled = tile(rewriter, *tiled, reduction);
    if (failed(tiled))
      return;
    // Each of the block's rows is a stream of its own (Prefetch.cpp, 4).
    if (auto kLoop = (*tiled)->getParentOfType<scf::ForOp>(); kLoop && rows > 1)
      markRowReductionLoop(kLoop, /*inOrder=*/!orderFree);
  }
  // A body that the linalg vectorizer does not take (argmax's compares
  // and selects) is folded lane by lane, in the same order.
  if (failed(vectorizeOp(rewriter, *tiled)))
    if (auto generic = dyn_cast<linalg::GenericOp>(tiled->getOperation()))
      (void)foldRowsInLanes(rewriter, generic);
}

/// A permutation (a generic or linalg.transpose moving data, output read
/// along the identity) whose dimensions that follow each other in the input
/// too merge into a swap of the two innermost, such as (2, 0, 1) of
/// 64 x 256 x 512 (512 x 16384 of 16384 x 512) or NHWC to NCHW: replaced by
/// that transpose of the collapsed input into the collapsed output, its
/// result expanded back; returned, for tiling by 16 x 16 blocks. Null, with
/// nothing changed, where the merged form is not such a swap or where the
/// output's rows are the shorter: the blocks run along the output's rows,
/// each reading 16 rows of the input, so NCHW to NHWC (64 channels against
/// 56 x 56) would stream many long rows at once, and the element-by-element
/// loops did better at two threads (8 x 64 x 56 x 56: 0.55 ms against 0.72
/// merged).
linalg::GenericOp mergeIntoInnerSwap(RewriterBase &rewriter,
                                     linalg::LinalgOp op) {
  unsigned loops = op.getNumLoops();
  MLIRContext *ctx = op->getContext();
  AffineMap in = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  auto position = [&](unsigned d) {
    return *in.getResultPosition(getAffineDimExpr(d, ctx));
  };
  SmallVector<ReassociationIndices> groups;
  for (unsigned d = 0; d < loops; ++d) {
    if (d == 0 || position(groups.back().back()) + 1 != position(d))
      groups.push_back({});
    groups.back().push_back(d);
  }
  unsigned merged = groups.size();
  if (merged < 2 || merged == loops)
    return nullptr;
  // The groups in the input's order must be those of the output with the
  // last two swapped.
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, merged));
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return position(groups[a].front()) < position(groups[b].front());
  });
  SmallVector<unsigned> swapped =
      llvm::to_vector(llvm::seq<unsigned>(0, merged));
  std::swap(swapped[merged - 1], swapped[merged - 2]);
  if (order != swapped)
    return nullptr;
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  auto sizeOf = [&](unsigned g) {
    int64_t size = 1;
    for (int64_t d : groups[g])
      size *= bounds[d];
    return size;
  };
  int64_t outputRow = sizeOf(merged - 1), inputRow = sizeOf(merged - 2);
  if (outputRow < 16 || inputRow < 16 || outputRow < inputRow)
    return nullptr;
  // The input's dimensions grouped in its own order, the output's in the
  // loops' order.
  SmallVector<ReassociationIndices> inputGroups;
  for (unsigned g : order) {
    int64_t first = position(groups[g].front());
    inputGroups.push_back(llvm::to_vector(llvm::seq<int64_t>(
        first, first + static_cast<int64_t>(groups[g].size()))));
  }
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value input = tensor::CollapseShapeOp::create(
      rewriter, loc, op.getDpsInputOperand(0)->get(), inputGroups);
  Value init = tensor::CollapseShapeOp::create(
      rewriter, loc, op.getDpsInitOperand(0)->get(), groups);
  auto transpose = linalg::GenericOp::create(
      rewriter, loc, init.getType(), input, init,
      ArrayRef<AffineMap>{AffineMap::getPermutationMap(swapped, ctx),
                          AffineMap::getMultiDimIdentityMap(merged, ctx)},
      SmallVector<utils::IteratorType>(merged, utils::IteratorType::parallel),
      [](OpBuilder &nested, Location nestedLoc, ValueRange arguments) {
        linalg::YieldOp::create(nested, nestedLoc, arguments.front());
      });
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
      op, op->getResult(0).getType(), transpose.getResult(0), groups);
  return transpose;
}

/// Inputs larger than this (twice L2) are transposed walking along their
/// rows (tileAndVectorizeTranspose).
constexpr int64_t kTransposeRowWalkBytes = 4 << 20;

/// Transposes of 32-bit elements that swap the two innermost dimensions:
/// 16 x 16 blocks, each read row by row, transposed in registers by
/// shuffles and written row by row, instead of an element-wise copy that
/// touches a new cache line on every read. Where 16 does not divide one of
/// the two dimensions (both 16 or more), the whole blocks go first and the
/// rest (fewer than 16 rows or columns) after, as a transpose of its own
/// in blocks of that width (4096 x 1000 on one core: 33 ms element by
/// element, as long as XLA takes). `rest` marks such a part. A
/// permutation whose dimensions merge into such a swap is collapsed into
/// it first (mergeIntoInnerSwap).
bool tileAndVectorizeTranspose(RewriterBase &rewriter, linalg::LinalgOp op,
                               bool rest = false) {
  if (!hasStaticVectorizableOperands(op) || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 ||
      op.getNumParallelLoops() != op.getNumLoops() || op.getNumLoops() < 2 ||
      !llvm::hasSingleElement(op->getRegion(0).front()) ||
      getElementTypeOrSelf(op->getOperand(0).getType())
              .getIntOrFloatBitWidth() != 32)
    return false;
  unsigned loops = op.getNumLoops();
  MLIRContext *ctx = op->getContext();
  AffineMap in = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<unsigned> swapped =
      llvm::to_vector(llvm::seq<unsigned>(0, loops));
  std::swap(swapped[loops - 1], swapped[loops - 2]);
  if (out != AffineMap::getMultiDimIdentityMap(loops, ctx) ||
      !in.isPermutation())
    return false;
  if (in != AffineMap::getPermutationMap(swapped, ctx)) {
    linalg::GenericOp merged =
        rest ? nullptr : mergeIntoInnerSwap(rewriter, op);
    if (!merged)
      return false;
    tileAndVectorizeTranspose(rewriter, merged);
    return true;
  }
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  SmallVector<unsigned> inner = {loops - 2, loops - 1};
  if (!rest && llvm::any_of(inner, [&](unsigned d) { return bounds[d] < 16; }))
    return false;
  for (unsigned d : inner) {
    if (bounds[d] <= 16 || bounds[d] % 16 == 0)
      continue;
    FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>> parts =
        splitInTwo(rewriter, op, d, bounds[d] / 16 * 16);
    if (failed(parts))
      return false;
    tileAndVectorizeTranspose(rewriter, parts->first, /*rest=*/true);
    tileAndVectorizeTranspose(rewriter, parts->second, /*rest=*/true);
    return true;
  }
  SmallVector<int64_t> sizes(loops, 1);
  for (unsigned d : inner)
    sizes[d] = std::min<int64_t>(bounds[d], 16);
  // The blocks go along the output's rows, the input read down a column
  // of 16 elements (one cache line of each of the next 16 rows) a block;
  // where the input is larger than twice L2 it comes from L3 or memory,
  // line by line on demand, and the blocks go along the input's rows
  // instead: 16 sequential streams the hardware prefetchers follow, the
  // output written down its columns. One thread, paired rounds: 4096 x
  // 1024 f32 0.35 of the time (1024 x 4096 0.34, 2048 x 1024 0.79; two
  // threads 0.65); 1024 x 1024, 512 x 1024 and smaller, which stay in the
  // caches, 3-4% slower that way (but two threads at 1024 x 1024: 0.94).
  SmallVector<int64_t> order;
  auto inputType = cast<ShapedType>(op->getOperand(0).getType());
  if (inputType.getNumElements() * 4 > kTransposeRowWalkBytes) {
    order = llvm::to_vector(llvm::seq<int64_t>(0, loops));
    std::swap(order[loops - 1], order[loops - 2]);
  }
  FailureOr<TilingInterface> tiled =
      tile(rewriter, cast<TilingInterface>(op.getOperation()), sizes,
           /*sequential=*/false, order);
  if (failed(tiled))
    return false;
  (void)vectorizeOp(rewriter, *tiled);
  return true;
}

/// Whether `value`, in or above the body of `op`, depends on the loop
/// `dim` (through linalg.index or the body's arguments, conservatively).
bool dependsOnLoop(linalg::LinalgOp op, Value value, unsigned dim) {
  Region &body = op->getRegion(0);
  if (!body.isAncestor(value.getParentRegion()))
    return false;
  Operation *def = value.getDefiningOp();
  if (!def)
    return true;
  if (auto index = dyn_cast<linalg::IndexOp>(def))
    return index.getDim() == dim;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return dependsOnLoop(op, operand, dim);
  });
}

/// A gather of whole rows as the lowering builds it (an embedding lookup):
/// a generic with no inputs whose body reads tables with tensor.extract,
/// the last index the innermost loop and the others computed from the
/// outer loops (a clamped start index read from the indices tensor), and
/// otherwise only arith ops. Tiled by one vector along the innermost loop
/// and vectorized with its extracts, each tile reads its piece of the row
/// with one vector load instead of element by element (4096 rows of 768
/// from a 50257 x 768 table on one core: 4.4 -> 1.2 ms, XLA 2.6).
bool tileAndVectorizeRowGather(RewriterBase &rewriter, linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || !hasStaticVectorizableOperands(op) ||
      op.getNumDpsInputs() != 0 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() == 0 || op.getNumParallelLoops() != op.getNumLoops() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  unsigned innermost = op.getNumLoops() - 1;
  bool readsRows = false;
  for (Operation &nested : generic.getRegion().front()) {
    if (isa<linalg::YieldOp, linalg::IndexOp>(nested))
      continue;
    if (auto extract = dyn_cast<tensor::ExtractOp>(nested)) {
      OperandRange indices = extract.getIndices();
      for (auto [position, index] : llvm::enumerate(indices)) {
        auto loop = index.getDefiningOp<linalg::IndexOp>();
        if (position + 1 == indices.size() && loop &&
            loop.getDim() == innermost) {
          readsRows = true;
          continue;
        }
        if (dependsOnLoop(op, index, innermost))
          return false;
      }
      continue;
    }
    if (!isa<arith::ArithDialect>(nested.getDialect()) ||
        nested.getNumRegions() != 0)
      return false;
  }
  if (!readsRows)
    return false;
  int64_t width = powerOfTwoLanes(
      op.getStaticLoopRanges()[innermost],
      getElementTypeOrSelf(op->getResult(0).getType()).getIntOrFloatBitWidth());
  if (width == 0)
    return false;
  SmallVector<int64_t> sizes(op.getNumLoops(), 1);
  sizes.back() = width;
  FailureOr<TilingInterface> tiled =
      tile(rewriter, cast<TilingInterface>(op.getOperation()), sizes);
  if (failed(tiled))
    return false;
  (void)vectorizeOp(rewriter, *tiled, /*tensorExtracts=*/true);
  return true;
}

/// Every loop of `map` indexes one result of its own, alone (d0, 31 - d0):
/// the map is a bijection between the loop iterations and the elements.
bool readsEachElementOnce(AffineMap map) {
  if (map.getNumResults() != map.getNumDims())
    return false;
  llvm::SmallBitVector seen(map.getNumDims());
  for (AffineExpr result : map.getResults()) {
    int found = -1;
    for (unsigned d = 0; d < map.getNumDims(); ++d)
      if (result.isFunctionOfDim(d)) {
        if (found >= 0 || seen.test(d))
          return false;
        found = d;
      }
    if (found < 0)
      return false;
    seen.set(found);
  }
  return true;
}

/// A producer whose body is one float add, subtract, multiply or negation
/// (a layer norm's x - mean): computing it again in each consumer costs an
/// instruction per element, less than writing a buffer and reading it back
/// once per consumer.
bool isOneCheapFloatOp(linalg::GenericOp producer) {
  Block *body = producer.getBody();
  return producer->getNumResults() == 1 && body->getOperations().size() == 2 &&
         isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::NegFOp>(
             body->front());
}

/// Whether computing a cheap producer (isOneCheapFloatOp) in each of its
/// `uses` consumers moves no more data than computing it once into a
/// buffer: with k inputs of its full size (the others broadcast), each
/// consumer reads k arrays (k n in all), while the buffer costs k reads,
/// one write and n reads. So any n for k = 1 (x - mean), n <= 3 for k = 2.
bool recomputingMovesLess(linalg::GenericOp producer, int64_t uses) {
  int64_t full =
      llvm::count_if(producer.getDpsInputOperands(), [&](OpOperand *input) {
        return readsEachElementOnce(producer.getMatchingIndexingMap(input));
      });
  return full * uses <= full + 1 + uses;
}

/// Gives each use of a cheap producer (isOneCheapFloatOp) a copy of its
/// own where every use is an input of a generic that reads each element
/// once and recomputingMovesLess: each copy then has one use and fuses
/// into its consumer, and no buffer holds the values (a layer norm's
/// x - mean, read by the sums of squares and by the normalization).
/// Upstream's fusion of a producer with other uses would instead make the
/// fused op write the producer's result for them.
void copyCheapProducersPerUse(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<linalg::GenericOp> producers;
  func.walk([&](linalg::GenericOp op) {
    int64_t uses = llvm::range_size(op->getUses());
    if (uses > 1 && isOneCheapFloatOp(op) && recomputingMovesLess(op, uses) &&
        llvm::all_of(op->getUses(), [](OpOperand &use) {
          auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
          return consumer && consumer.isDpsInput(&use) &&
                 readsEachElementOnce(consumer.getMatchingIndexingMap(&use));
        }))
      producers.push_back(op);
  });
  for (linalg::GenericOp producer : producers) {
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        producer->getUses(), [](OpOperand &use) { return &use; });
    rewriter.setInsertionPointAfter(producer);
    for (OpOperand *use : llvm::drop_begin(uses)) {
      Operation *copy = rewriter.clone(*producer);
      rewriter.modifyOpInPlace(use->getOwner(),
                               [&] { use->set(copy->getResult(0)); });
    }
  }
}

/// Fuse a producer into its consumer when it only moves data (a broadcast,
/// transpose or copy costs nothing to recompute), or when it has no other
/// use and the consumer reads each of its elements once. A consumer that
/// reads the operand along a map without some of its loops (the softmax
/// divide feeding a batched matmul, a bias broadcast over rows) would
/// compute every fused element once per iteration of the missing loops.
bool shouldFuse(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  if (!producer)
    return false;
  if (llvm::hasSingleElement(producer.getBody()->getOperations()))
    return true;
  auto consumer = cast<linalg::LinalgOp>(fused->getOwner());
  return producer->hasOneUse() &&
         readsEachElementOnce(consumer.getMatchingIndexingMap(fused));
}

/// Kernels: the linalg ops outside loops (each becomes one loop nest),
/// and the loops of fused epilogues (a contraction and its epilogue in one
/// scf.forall).
unsigned countKernels(func::FuncOp func) {
  unsigned count = 0;
  func.walk([&](Operation *op) {
    // An epilogue that AMX tiles run with their matmul is part of it.
    if (!isa<linalg::LinalgOp, scf::ForallOp>(op) ||
        op->getParentOfType<LoopLikeOpInterface>() ||
        op->hasAttr(kAmxEpilogueAttr))
      return;
    if (isa<linalg::LinalgOp>(op) || op->walk([](linalg::LinalgOp) {
                                         return WalkResult::interrupt();
                                       }).wasInterrupted())
      ++count;
  });
  return count;
}

/// Marks the only consumer of each AMX matmul, where it is lane-wise (its
/// truncation to bf16, a bias, an activation), to run on each block of
/// sums while it is in L1 (AmxMatmuls.cpp) instead of as a pass over the
/// f32 sums. Run after the other fusions, which leave such a consumer
/// alone or make it no longer one. Appends its decisions to `decisions`
/// where given.
void markAmxEpilogues(func::FuncOp func, std::string *decisions) {
  func.walk([&](linalg::GenericOp matmul) {
    if (!matmul->hasAttr(kAmxTilesAttr) || matmul->getNumResults() != 1)
      return;
    // Sums padded to multiples of 32 rows and columns are computed whole
    // and then cut (AmxMatmuls.cpp): no block to run a consumer on.
    Value sums = matmul->getResult(0);
    ArrayRef<int64_t> shape = cast<ShapedType>(sums.getType()).getShape();
    if (amxPaddedSize(shape.back()) != shape.back() ||
        amxPaddedSize(shape[shape.size() - 2]) != shape[shape.size() - 2])
      return;
    auto consumer = dyn_cast<linalg::GenericOp>(
        sums.use_empty() ? nullptr : sums.getUses().begin()->getOwner());
    if (!consumer || consumer->getParentOfType<LoopLikeOpInterface>())
      return;
    // It may read the sums through several inputs, and write its output
    // into their own buffer.
    if (!llvm::all_of(sums.getUsers(),
                      [&](Operation *user) { return user == consumer; }) ||
        !isAmxEpilogue(consumer, sums))
      return;
    consumer->setAttr(kAmxEpilogueAttr, UnitAttr::get(func.getContext()));
    if (decisions)
      *decisions += "  run " + describeOp(consumer) +
                    "\n    on the AMX tiles' blocks of " + describeOp(matmul) +
                    "\n";
  });
}

struct TileAndVectorizePass
    : public impl::TileAndVectorizePassBase<TileAndVectorizePass> {
  using TileAndVectorizePassBase::TileAndVectorizePassBase;

  ContractionTarget contractionTarget() const {
    return {bf16PairDot, l1DataBytes, vectorBits};
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    {
      IRRewriter rewriter(context);
      // Convolutions read their filters from aligned copies, made before
      // the epilogues tile them (once, not per tile) and counted as the
      // kernels they are.
      SmallVector<linalg::LinalgOp> topLevel;
      func.walk([&](linalg::LinalgOp op) {
        if (!op->getParentOfType<LoopLikeOpInterface>())
          topLevel.push_back(op);
      });
      for (linalg::LinalgOp op : topLevel)
        copyConvolutionFilter(rewriter, op);
      unsigned before = countKernels(func);
      std::string decisions;
      if (fuse)
        copyCheapProducersPerUse(rewriter, func);
      RewritePatternSet patterns(context);
      linalg::populateElementwiseOpsFusionPatterns(
          patterns, [&](OpOperand *fused) {
            bool fuse = this->fuse && shouldFuse(fused);
            if (fuse && report)
              decisions += "  fuse " +
                           describeOp(fused->get().getDefiningOp()) +
                           "\n    into " + describeOp(fused->getOwner()) + "\n";
            return fuse;
          });
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
      // bf16 matmuls that AMX tiles compute stay linalg ops until
      // AmxMatmuls.cpp writes them after bufferization; no epilogue fuses
      // into them (they are not register-tile contractions once marked).
      if (amxTiles)
        func.walk([&](linalg::LinalgOp op) {
          if (!op->getParentOfType<LoopLikeOpInterface>() &&
              isAmxTileMatmul(op))
            op->setAttr(kAmxTilesAttr, UnitAttr::get(context));
        });
      if (fuse)
        fuseSiblingReductions(rewriter, func, report ? &decisions : nullptr);
      // Elementwise results overwrite an input that dies there (after
      // fusion, which decides which ops remain), then epilogues fuse into
      // the matmuls and convolutions they follow, in the same buffer.
      writeIntoDeadInputs(rewriter, func);
      if (fuse) {
        fuseEpilogues(rewriter, func, report ? &decisions : nullptr,
                      contractionTarget());
        fuseRowBlocks(rewriter, func, report ? &decisions : nullptr);
        if (amxTiles)
          markAmxEpilogues(func, report ? &decisions : nullptr);
      }
      if (report)
        llvm::outs() << "fusion report for @" << func.getName() << ": "
                     << before << " kernels before fusion, "
                     << countKernels(func) << " after\n"
                     << decisions;
    }

    // Ops already inside loops (scf nests built by the lowering) are left
    // alone: tiling them again gains little.
    SmallVector<linalg::LinalgOp> contractions, others;
    func.walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<scf::ForOp>() && isRegisterTileContraction(op))
        contractions.push_back(op);
    });
    IRRewriter rewriter(context);
    for (linalg::LinalgOp op : contractions)
      tileAndVectorizeContraction(rewriter, op, contractionTarget());
    // The others after the contractions, which may have taken in their
    // epilogues (MatmulBlock.cpp).
    func.walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<scf::ForOp>() &&
          !isRegisterTileContraction(op) && !isa<linalg::FillOp>(op) &&
          !op->hasAttr(kAmxTilesAttr) && !op->hasAttr(kAmxEpilogueAttr))
        others.push_back(op);
    });
    for (linalg::LinalgOp op : others) {
      if (op.getIteratorTypesArray().back() == utils::IteratorType::reduction)
        tileAndVectorizeRowReduction(rewriter, op, reassociateReductions);
      else if (!tileAndVectorizeTranspose(rewriter, op) &&
               !tileAndVectorizeRowGather(rewriter, op))
        tileAndVectorizeInnermost(rewriter, op);
    }

    insertPrefetches(rewriter, func, reductionRowPrefetches);
    // Order-free row reductions keep partial results across k first (full
    // slices of their loop's tensor fold away so that the pattern sees it).
    {
      RewritePatternSet hoist(context);
      populateOrderFreeReductionPatterns(hoist, reassociateReductions);
      tensor::ExtractSliceOp::getCanonicalizationPatterns(hoist, context);
      tensor::InsertSliceOp::getCanonicalizationPatterns(hoist, context);
      scf::ForOp::getCanonicalizationPatterns(hoist, context);
      if (failed(applyPatternsGreedily(func, std::move(hoist))))
        return signalPassFailure();
    }
    // A register tile's k step reduces over a unit dimension: that is one
    // add per element, in order. Unit dimensions of 1 x ... x N tiles go.
    RewritePatternSet patterns(context);
    vector::MultiDimReductionOp::getCanonicalizationPatterns(patterns, context);
    // Row reductions: reduce over k lane-wise in k order (a transpose, then
    // one vector op per k), never across lanes.
    patterns.add<PadRowBlock>(context);
    vector::populateVectorMultiReductionLoweringPatterns(
        patterns, vector::VectorMultiReductionLowering::InnerParallel);
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::Shuffle16x16);
    // Transposing reads become row reads and a vector.transpose.
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns, context);
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    insertMarkedPrefetches(rewriter, func);
  }
};

} // namespace
} // namespace axle::cpu

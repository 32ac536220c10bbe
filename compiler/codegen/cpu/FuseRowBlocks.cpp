//===- FuseRowBlocks.cpp - softmax-like clusters by blocks of rows --------===//
//
// softmax(x) over rows of a 4096 x 4096 tensor is, after elementwise
// fusion, four loop nests: the row maxima m, e = exp(x - m), the row sums s
// of e, and e / s. Each streams 64 MiB through memory; e is written out and
// read back twice. The rows are independent, though: here the last op (the
// "root") is tiled into blocks of 16 rows and every producer that only
// feeds the cluster is computed inside each block (tile-and-fuse through
// the slices of rows each op reads). A block of x is then read from memory
// once, and m, e and s of its 16 rows stay in L2 between the passes. Each
// element is computed by the same operations in the same order, so results
// are bit-identical; the row reductions of a block are still vectorized
// across its 16 rows.
//
// A producer joins the cluster when all of its users are in it (nothing
// is computed twice) and it indexes the root's row dimensions the same way
// (its result rows are the root's rows); producers read by several
// cluster ops (e above) are fused once per reader and merged again by CSE.
// A row reduction also read by ops after the root (logsumexp's maxima,
// added to the logarithm of the sums; maxima returned with a softmax)
// joins too, and the block loop returns its rows as a second result:
// logsumexp over 4096 x 4096 at one thread 9.5 -> 9.1 ms.
// The root may reduce the rows itself (the sums of exp(x - m) alone, or a
// variance: the sums of (x - mean)^2) when a reduction comes before it: a
// block's rows are then read from memory by the first pass only (the
// variance of 8192 rows of 1024 at one thread: 2.7 -> 2.1 ms).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/FuseRowBlocks.h"
#include "compiler/codegen/cpu/ContractionTiles.h"
#include "compiler/codegen/cpu/Prefetch.h"
#include "compiler/codegen/cpu/TilingUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/SetVector.h"

namespace axle::cpu {

using namespace mlir;

namespace {

/// Rows per block: the row reductions are vectorized across 16 rows.
constexpr int64_t kBlockRows = 16;
/// Roots smaller than this stay as they are: their passes already run in
/// the 2 MiB L2.
constexpr int64_t kMinRootBytes = 1 << 20;

/// Whether `map`'s first `rows` results are d0 .. d(rows - 1): the operand
/// it reads has the loop's row dimensions first.
bool leadsWithRows(AffineMap map, unsigned rows) {
  if (map.getNumResults() < rows)
    return false;
  for (unsigned i = 0; i < rows; ++i)
    if (map.getResult(i) != getAffineDimExpr(i, map.getContext()))
      return false;
  return true;
}

/// A linalg op whose first `rows` loops are parallel and index the first
/// `rows` dimensions of every result.
bool isRowAligned(linalg::LinalgOp op, unsigned rows) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() < rows ||
      !isa<linalg::GenericOp, linalg::FillOp>(op))
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned i = 0; i < rows; ++i)
    if (iterators[i] != utils::IteratorType::parallel)
      return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!leadsWithRows(op.getMatchingIndexingMap(&init), rows))
      return false;
  return true;
}

/// Whether `producer`, a row reduction (one value per row), may join the
/// cluster of `root` although ops outside it read its result too: the
/// block loop then also returns its rows (logsumexp's maxima, read by the
/// sums of exp(x - max) and added to their logarithm after). Its other
/// users must come after the root, where the loop will be.
bool mayYieldRows(linalg::LinalgOp producer, linalg::GenericOp root,
                  unsigned rows, const llvm::SetVector<Operation *> &cluster) {
  if (producer.getNumReductionLoops() == 0 || producer->getNumResults() != 1 ||
      producer.getNumDpsInits() != 1 ||
      producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
              .getNumResults() != rows)
    return false;
  return llvm::all_of(producer->getUsers(), [&](Operation *user) {
    return cluster.contains(user) || (user->getBlock() == root->getBlock() &&
                                      root->isBeforeInBlock(user));
  });
}

/// The ops of the cluster rooted at `root` (root included), or empty when
/// it has no reduction to keep in cache: some op before the root must
/// reduce the rows (a root that reduces them itself is a pass of its own
/// only when another pass, such as the row maxima, comes before it).
/// Row reductions that ops after the root read too go into `yielded` as
/// well (mayYieldRows).
llvm::SetVector<Operation *> clusterOf(linalg::GenericOp root, unsigned rows,
                                       llvm::SetVector<Operation *> &yielded) {
  llvm::SetVector<Operation *> cluster;
  cluster.insert(root);
  SmallVector<linalg::LinalgOp> worklist{root};
  while (!worklist.empty()) {
    linalg::LinalgOp consumer = worklist.pop_back_val();
    for (OpOperand &operand : consumer->getOpOperands()) {
      auto producer = operand.get().getDefiningOp<linalg::LinalgOp>();
      // Matmuls left for AMX tiles stay whole (AmxMatmuls.cpp).
      if (!producer || cluster.contains(producer) ||
          producer->hasAttr(kAmxTilesAttr) || !isRowAligned(producer, rows))
        continue;
      // The consumer must read the rows of its own loop (a tile of rows
      // of the consumer is then a tile of rows of the producer).
      if (isa<linalg::FillOp>(consumer) ||
          !leadsWithRows(consumer.getMatchingIndexingMap(&operand), rows))
        continue;
      bool onlyFeedsCluster =
          llvm::all_of(producer->getUsers(),
                       [&](Operation *user) { return cluster.contains(user); });
      if (!onlyFeedsCluster) {
        if (!mayYieldRows(producer, root, rows, cluster))
          continue;
        yielded.insert(producer);
      }
      cluster.insert(producer);
      worklist.push_back(producer);
    }
  }
  bool reduces = llvm::any_of(cluster, [&](Operation *op) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    return op != root.getOperation() && linalgOp &&
           linalgOp.getNumReductionLoops() > 0;
  });
  if (!reduces) {
    cluster.clear();
    yielded.clear();
  }
  return cluster;
}

/// The root's loops to tile: all but the last (the row itself), with
/// blocks of 16 along the last of them. The root is elementwise (softmax's
/// divide, layer norm's scale and shift) or reduces its rows (logsumexp's
/// sum of exp(x - max): the last loop is its only reduction, and its
/// result has one value per row).
std::optional<SmallVector<int64_t>> blockSizes(linalg::GenericOp root) {
  unsigned loops = root.getNumLoops();
  if (loops < 2 || root.getNumDpsInits() != 1 || !root.hasPureTensorSemantics())
    return std::nullopt;
  AffineMap initMap = root.getMatchingIndexingMap(root.getDpsInitOperand(0));
  if (root.getNumReductionLoops() == 0) {
    if (!initMap.isIdentity())
      return std::nullopt;
  } else if (root.getNumReductionLoops() != 1 ||
             root.getIteratorTypesArray().back() !=
                 utils::IteratorType::reduction ||
             initMap.getNumResults() != loops - 1 ||
             !leadsWithRows(initMap, loops - 1)) {
    return std::nullopt;
  }
  auto type = dyn_cast<RankedTensorType>(root->getResult(0).getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  // The elements the root's loops cover (a reduction's input, not its
  // result), at the result's width.
  SmallVector<int64_t> bounds = root.getStaticLoopRanges();
  int64_t elements = 1;
  for (int64_t bound : bounds) {
    if (ShapedType::isDynamic(bound))
      return std::nullopt;
    elements *= bound;
  }
  if (elements * type.getElementTypeBitWidth() / 8 < kMinRootBytes)
    return std::nullopt;
  int64_t rows = bounds[loops - 2];
  if (rows % kBlockRows || rows / kBlockRows < 2)
    return std::nullopt;
  SmallVector<int64_t> sizes(loops - 2, 1);
  sizes.append({kBlockRows, 0});
  return sizes;
}

/// Rows of a reduction often reach their users through a reshape that adds
/// a unit dimension (8192 -> 8192 x 1, from keepdims), which tiling cannot
/// see through. A generic reading such an expansion reads its source
/// instead, with the unit dimensions' map results dropped (their index is
/// always 0).
void readThroughUnitExpansions(RewriterBase &rewriter, func::FuncOp func) {
  func.walk([&](linalg::GenericOp generic) {
    if (!generic.hasPureTensorSemantics())
      return;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>();
      if (!expand || !expand.getSrcType().hasStaticShape() ||
          !expand.getResultType().hasStaticShape())
        continue;
      ArrayRef<int64_t> shape = expand.getResultType().getShape();
      AffineMap map = generic.getMatchingIndexingMap(input);
      // From each group, the one dimension that is not a unit one (the
      // first when all are).
      SmallVector<AffineExpr> results;
      for (ReassociationIndices group : expand.getReassociationIndices()) {
        SmallVector<int64_t> kept;
        for (int64_t dim : group)
          if (shape[dim] != 1)
            kept.push_back(dim);
        if (kept.size() > 1)
          break;
        results.push_back(
            map.getResult(kept.empty() ? group.front() : kept.front()));
      }
      if (int64_t(results.size()) != expand.getSrcType().getRank())
        continue;
      SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
      maps[input->getOperandNumber()] = AffineMap::get(
          map.getNumDims(), map.getNumSymbols(), results, map.getContext());
      // Every loop must still be indexed by some operand (its bound comes
      // from one), e.g. not a reduction over just the unit dimension.
      bool everyLoopIndexed = llvm::all_of(
          llvm::seq<unsigned>(0, map.getNumDims()), [&](unsigned dim) {
            return llvm::any_of(maps, [&](AffineMap m) {
              return llvm::any_of(m.getResults(), [&](AffineExpr e) {
                return e.isFunctionOfDim(dim);
              });
            });
          });
      if (!everyLoopIndexed)
        continue;
      rewriter.modifyOpInPlace(generic, [&] {
        input->set(expand.getSrc());
        generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
      });
      // A dead expansion would still count as a user of its source.
      if (expand->use_empty())
        rewriter.eraseOp(expand);
    }
  });
}

/// The block loop's result may take the place of a tensor the cluster
/// reads and nothing reads after it, such as the attention scores a softmax
/// turns into probabilities: then one buffer serves both, and the result
/// needs no memory of its own (transformer_long: 133 -> 68 MiB planned
/// peak). Each block reads its rows of that tensor before it writes its
/// rows of the result, and no block reads another's rows, so the reads go
/// through the loop's own output (the form in which bufferization keeps
/// it in place): `loop`'s shared output starts as `source` instead of an
/// empty tensor, and the slices of `source` in its body become the same
/// slices of the output. Only a tensor that an op of this function writes
/// (not an argument: the caller's inputs are read-only) of the result's
/// type, every use of which is such a slice of the rows the iteration
/// writes.
void writeIntoDeadSource(RewriterBase &rewriter, scf::ForallOp loop) {
  if (loop.getNumResults() != 1)
    return;
  BlockArgument output = loop.getRegionIterArgs().front();
  OpOperand *init = loop.getTiedLoopInit(output);
  if (!init->get().getDefiningOp<tensor::EmptyOp>())
    return;
  auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(
      &*loop.getTerminator().getYieldingOps().begin());
  if (!insert || insert.getDest() != output)
    return;
  auto sameBlock = [&](tensor::ExtractSliceOp slice) {
    return slice->getParentOp() == loop.getOperation() &&
           slice.getResultType() == insert.getSourceType() &&
           slice.getMixedOffsets() == insert.getMixedOffsets() &&
           slice.getMixedSizes() == insert.getMixedSizes() &&
           slice.getMixedStrides() == insert.getMixedStrides();
  };
  SetVector<Value> candidates;
  loop.getBody()->walk([&](tensor::ExtractSliceOp slice) {
    Value source = slice.getSource();
    if (source.getType() == init->get().getType() &&
        !loop->isAncestor(source.getParentRegion()->getParentOp()))
      candidates.insert(source);
  });
  for (Value source : candidates) {
    Operation *producer = source.getDefiningOp();
    if (!producer || !isa<DestinationStyleOpInterface>(producer))
      continue;
    SmallVector<tensor::ExtractSliceOp> slices;
    bool onlyBlockSlices = llvm::all_of(source.getUses(), [&](OpOperand &use) {
      auto slice = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
      if (!slice || !sameBlock(slice))
        return false;
      slices.push_back(slice);
      return true;
    });
    if (!onlyBlockSlices || slices.empty())
      continue;
    Operation *empty = init->get().getDefiningOp();
    rewriter.modifyOpInPlace(loop, [&] { init->set(source); });
    for (tensor::ExtractSliceOp slice : slices)
      rewriter.modifyOpInPlace(slice,
                               [&] { slice.getSourceMutable().set(output); });
    if (empty->use_empty())
      rewriter.eraseOp(empty);
    return;
  }
}

} // namespace

unsigned fuseRowBlocks(RewriterBase &rewriter, func::FuncOp func,
                       std::string *report) {
  readThroughUnitExpansions(rewriter, func);
  SmallVector<linalg::GenericOp> roots;
  func.walk([&](linalg::GenericOp generic) {
    if (!generic->getParentOfType<LoopLikeOpInterface>() &&
        !generic->hasAttr(kAmxTilesAttr))
      roots.push_back(generic);
  });
  unsigned formed = 0;
  llvm::DenseSet<Operation *> taken;
  // Last op first: a root takes in the producers before it.
  for (linalg::GenericOp root : llvm::reverse(roots)) {
    if (taken.contains(root))
      continue;
    std::optional<SmallVector<int64_t>> sizes = blockSizes(root);
    if (!sizes)
      continue;
    unsigned rows = root.getNumLoops() - 1;
    llvm::SetVector<Operation *> yielded;
    llvm::SetVector<Operation *> cluster = clusterOf(root, rows, yielded);
    if (cluster.size() < 2)
      continue;
    std::string rootName = describeOp(root);
    FailureOr<scf::SCFTileAndFuseResult> result = tileAndFuseInForall(
        rewriter, cast<TilingInterface>(root.getOperation()), *sizes,
        [&](Operation *producer) { return cluster.contains(producer); },
        [&](Operation *producer) { return yielded.contains(producer); });
    if (failed(result))
      continue;
    auto blockLoop = cast<scf::ForallOp>(result->loops.front().getOperation());
    markRowBlockLoop(blockLoop);
    // A producer read by two cluster ops was fused for each: merge the
    // copies (same slices, same op) so it is computed once per block.
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, blockLoop);
    // The fused producers' originals are dead now (they fed the cluster
    // only, or their other users read the loop's result instead). A
    // producer joined the cluster after all of its users, so in that order
    // each is unused when its turn comes.
    for (Operation *op : cluster) {
      taken.insert(op);
      if (op != root.getOperation() && op->use_empty())
        rewriter.eraseOp(op);
    }
    writeIntoDeadSource(rewriter, blockLoop);
    ++formed;
    if (report)
      *report += "  fuse " + std::to_string(cluster.size()) +
                 " ops by blocks of " + std::to_string(kBlockRows) +
                 " rows into " + rootName + "\n";
  }
  return formed;
}

} // namespace axle::cpu

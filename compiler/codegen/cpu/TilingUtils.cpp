//===- TilingUtils.cpp - tiling and vectorization helpers -----------------===//

#include "compiler/codegen/cpu/TilingUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace axle::cpu {

using namespace mlir;

// i1 is out: LLVM packs vectors of i1 into bits while a memref of i1 holds
// one byte per element.
bool isVectorizableElement(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// The largest divisor of `size` that is at most `limit`.
int64_t largestDivisor(int64_t size, int64_t limit) {
  for (int64_t d = std::min(size, limit); d > 1; --d)
    if (size % d == 0)
      return d;
  return 1;
}

/// The body computes only with arith and math ops that have an exact
/// vector counterpart in our pipeline.
bool hasVectorizableBody(linalg::LinalgOp op) {
  for (Operation &nested : op->getRegion(0).front()) {
    if (isa<linalg::YieldOp, linalg::IndexOp>(nested))
      continue;
    Dialect *dialect = nested.getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect))
      return false;
    if (nested.getNumRegions() != 0)
      return false;
    // axle-expand-f64-to-bf16 rewrites only scalar truncations; LLVM would
    // call a runtime routine for the vector form. f64 -> f16 likewise.
    if (auto trunc = dyn_cast<arith::TruncFOp>(nested))
      if (getElementTypeOrSelf(trunc.getIn().getType()).isF64() &&
          getElementTypeOrSelf(trunc.getType()).getIntOrFloatBitWidth() <= 16)
        return false;
    // Values in registers may also be i1 (comparisons, selects).
    for (Type type : llvm::concat<const Type>(nested.getOperandTypes(),
                                              nested.getResultTypes()))
      if (!isVectorizableElement(type) && !isa<IndexType>(type) &&
          !type.isInteger(1))
        return false;
  }
  return true;
}

bool hasStaticVectorizableOperands(linalg::LinalgOp op) {
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!type || !type.hasStaticShape() ||
        !isVectorizableElement(type.getElementType()))
      return false;
  }
  return op.hasPureTensorSemantics();
}

bool readsContiguouslyAlong(linalg::LinalgOp op, unsigned dim) {
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return false;
    for (auto [i, result] : llvm::enumerate(map.getResults()))
      if (result.isFunctionOfDim(dim) && i + 1 != map.getNumResults())
        return false;
  }
  return true;
}

/// Tiles `op` with `sizes` (0 = not tiled) and returns the tiled op. When
/// every tiled dimension is parallel and `sequential` is not set, the loops
/// are one scf.forall, which later runs on the runtime's kernel threads
/// (--axle-parallelize-loops); otherwise scf.for loops.
FailureOr<TilingInterface> tile(RewriterBase &rewriter, TilingInterface op,
                                ArrayRef<int64_t> sizes, bool sequential,
                                ArrayRef<int64_t> interchange) {
  if (llvm::all_of(sizes, [](int64_t size) { return size == 0; }))
    return op;
  scf::SCFTilingOptions options;
  bool allParallel =
      !sequential &&
      llvm::all_of(llvm::zip(sizes, op.getLoopIteratorTypes()), [](auto pair) {
        return std::get<0>(pair) == 0 ||
               std::get<1>(pair) == utils::IteratorType::parallel;
      });
  options.setLoopType(allParallel ? scf::SCFTilingOptions::LoopType::ForallOp
                                  : scf::SCFTilingOptions::LoopType::ForOp);
  options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  if (!interchange.empty())
    options.setInterchange(interchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return cast<TilingInterface>(result->tiledOps.back());
}

FailureOr<scf::SCFTileAndFuseResult>
tileAndFuseInForall(RewriterBase &rewriter, TilingInterface consumer,
                    ArrayRef<int64_t> sizes,
                    function_ref<bool(Operation *producer)> fuse,
                    function_ref<bool(Operation *producer)> yield) {
  scf::SCFTilingOptions tiling;
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  tiling.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!fuse(producer.getOwner()))
          return std::nullopt;
        scf::SCFTileAndFuseOptions::ControlFnResult fused;
        fused.yieldProducerReplacement = yield && yield(producer.getOwner());
        return fused;
      });
  rewriter.setInsertionPoint(consumer);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, consumer, options);
  if (failed(result))
    return failure();
  for (auto [value, replacement] : result->replacements)
    rewriter.replaceAllUsesWith(value, replacement);
  rewriter.eraseOp(consumer);
  return result;
}

FailureOr<TilingInterface> tileFusingInitFills(RewriterBase &rewriter,
                                               TilingInterface op,
                                               ArrayRef<int64_t> sizes) {
  if (llvm::all_of(sizes, [](int64_t size) { return size == 0; }))
    return op;
  SmallVector<Value> inits =
      cast<DestinationStyleOpInterface>(op.getOperation()).getDpsInits();
  FailureOr<scf::SCFTileAndFuseResult> result =
      tileAndFuseInForall(rewriter, op, sizes, [&](Operation *producer) {
        return isa<linalg::FillOp>(producer) &&
               llvm::is_contained(inits, producer->getResult(0));
      });
  if (failed(result))
    return failure();
  for (Operation *fill : result->fusedProducers)
    if (fill->use_empty())
      rewriter.eraseOp(fill);
  return cast<TilingInterface>(result->tiledAndFusedOps.front());
}

FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
splitInTwo(RewriterBase &rewriter, linalg::LinalgOp op, unsigned dimension,
           int64_t point) {
  rewriter.setInsertionPoint(op);
  auto [first, second] =
      linalg::splitOp(rewriter, cast<TilingInterface>(op.getOperation()),
                      dimension, rewriter.getIndexAttr(point));
  if (!first || !second)
    return failure();
  return std::make_pair(cast<linalg::LinalgOp>(first.getOperation()),
                        cast<linalg::LinalgOp>(second.getOperation()));
}

std::string describeOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName() << " ";
  op->getLoc().print(os);
  return text;
}

/// Vectorizes `op` (static shapes) and replaces it.
LogicalResult vectorizeOp(RewriterBase &rewriter, Operation *op,
                          bool tensorExtracts) {
  if (failed(linalg::vectorizeOpPrecondition(op, {}, {}, tensorExtracts)))
    return failure();
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::VectorizationResult> result =
      linalg::vectorize(rewriter, op, {}, {}, tensorExtracts);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return success();
}

} // namespace axle::cpu

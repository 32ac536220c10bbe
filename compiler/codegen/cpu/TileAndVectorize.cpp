//===- TileAndVectorize.cpp - fusion, tiling and vectorization on tensors -===//
//
// Makes the loops that later come out of linalg fast without changing a
// single result bit:
//  1. elementwise producers fuse into their consumers, so that a chain of
//     elementwise ops becomes one loop nest and no temporary tensor, and
//     sibling reductions of one input merge (FuseSiblingReductions.cpp);
//  2. float matmuls (plain and batched) are tiled for the caches, then for
//     the registers (4 rows x up to 64 columns, k innermost with step 1) and
//     the register tile is vectorized (bf16 and f16 operands of an f32
//     sum are widened in registers). Each output element still sums its
//     products in the order k = 0, 1, ... with one fused multiply-add each,
//     exactly as the interpreter does, so results are identical. Other
//     contractions of the same shape (convolutions in NHWC x HWIO layout:
//     output columns x output features) get the same register tile, with
//     the window and input-feature loops in order around it;
//  3. reductions along the innermost dimension with a parallel loop around
//     it are vectorized across 16 rows, each row in its own lane and in
//     order (tileAndVectorizeRowReduction);
//  4. every other linalg op whose innermost loop is parallel, reads its
//     operands contiguously (or broadcast) along that loop and computes
//     with arith/math ops only is tiled to one vector along the innermost
//     dimension and vectorized. Reductions over outer dimensions stay in
//     order because their tile size is 1.
// Tile sizes always divide the static loop bounds, so no masks or
// remainder loops are needed; an op without a good divisor is left to the
// scalar loops of convert-linalg-to-loops.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/FuseSiblingReductions.h"
#include "compiler/codegen/cpu/Passes.h"
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
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_TILEANDVECTORIZEPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// Element types whose vectors lower exactly like their scalars. i1 is out:
/// LLVM packs vectors of i1 into bits while a memref of i1 holds one byte
/// per element.
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

/// Tiles `op` with `sizes` (0 = not tiled) and returns the tiled op. When
/// every tiled dimension is parallel the loops are one scf.forall, which
/// later runs on the runtime's kernel threads (--axle-parallelize-loops);
/// otherwise scf.for loops.
FailureOr<TilingInterface> tile(RewriterBase &rewriter, TilingInterface op,
                                ArrayRef<int64_t> sizes) {
  if (llvm::all_of(sizes, [](int64_t size) { return size == 0; }))
    return op;
  scf::SCFTilingOptions options;
  bool allParallel =
      llvm::all_of(llvm::zip(sizes, op.getLoopIteratorTypes()), [](auto pair) {
        return std::get<0>(pair) == 0 ||
               std::get<1>(pair) == utils::IteratorType::parallel;
      });
  options.setLoopType(allParallel ? scf::SCFTilingOptions::LoopType::ForallOp
                                  : scf::SCFTilingOptions::LoopType::ForOp);
  options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return cast<TilingInterface>(result->tiledOps.back());
}

/// Vectorizes `op` (static shapes) and replaces it.
LogicalResult vectorizeOp(RewriterBase &rewriter, Operation *op) {
  if (failed(linalg::vectorizeOpPrecondition(op)))
    return failure();
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::VectorizationResult> result =
      linalg::vectorize(rewriter, op);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return success();
}

/// A contraction the register tile can compute: two inputs and one
/// static output, accumulating in f32 or f64 with the body
/// acc = fma(lhs, rhs, acc), where the inputs are of the accumulator's type
/// or (f32 accumulators) both bf16 or both f16, widened exactly by extf.
bool hasRegisterTileBody(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || !hasStaticVectorizableOperands(op))
    return false;
  Type acc = getElementTypeOrSelf(op->getOperand(2).getType());
  Type input = getElementTypeOrSelf(op->getOperand(0).getType());
  if (getElementTypeOrSelf(op->getOperand(1).getType()) != input)
    return false;
  bool widened = input != acc;
  if (!(acc.isF64() && !widened) &&
      !(acc.isF32() && (!widened || input.isBF16() || input.isF16())))
    return false;
  Block &body = generic.getRegion().front();
  auto fma = dyn_cast<math::FmaOp>(
      body.getTerminator()->getOperand(0).getDefiningOp());
  if (!fma || fma.getC() != body.getArgument(2) ||
      !llvm::hasNItems(body.getOperations(), widened ? 4 : 2))
    return false;
  auto isInput = [&](Value value, unsigned index) {
    if (widened)
      if (auto extf = value.getDefiningOp<arith::ExtFOp>())
        value = extf.getIn();
    return value == body.getArgument(index);
  };
  return isInput(fma.getA(), 0) && isInput(fma.getB(), 1);
}

/// A plain or batched float matmul as the lowering builds it: a generic
/// with loops ([b,] m, n, k), maps ([b,] m, k), ([b,] k, n) -> ([b,] m, n),
/// one element type (f32 or f64) and the body acc = fma(a, b, acc).
bool isFloatMatmul(linalg::LinalgOp op) {
  if (!hasRegisterTileBody(op))
    return false;
  unsigned loops = op.getNumLoops();
  if (loops != 3 && loops != 4)
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned i = 0; i < loops; ++i)
    if (iterators[i] != (i + 1 == loops ? utils::IteratorType::reduction
                                        : utils::IteratorType::parallel))
      return false;
  MLIRContext *ctx = op->getContext();
  unsigned batch = loops - 3;
  auto map = [&](unsigned row, unsigned column) {
    SmallVector<AffineExpr> exprs;
    if (batch)
      exprs.push_back(getAffineDimExpr(0, ctx));
    exprs.push_back(getAffineDimExpr(batch + row, ctx));
    exprs.push_back(getAffineDimExpr(batch + column, ctx));
    return AffineMap::get(loops, 0, exprs, ctx);
  };
  return op.getIndexingMapsArray() ==
         SmallVector<AffineMap>{map(0, 2), map(2, 1), map(0, 1)};
}

/// Replaces a static contraction tile whose loops all have size 1 but m
/// (mr) and n (nr), e.g. a ([1,] mr, nr, 1) matmul tile, by vector code
/// (the operands are as `matchRegisterContraction` checks): the C
/// tile is one vector<mr x nr> (read and written once, so that the k loop's
/// subset hoisting keeps it in registers); each row adds the broadcast
/// element of A times the row of B with one fused multiply-add, as the
/// scalar body does.
/// (linalg::vectorize would build the same from 3-D vectors with a unit k
/// dimension, whose transposes lower to shuffles.)
LogicalResult emitRegisterTile(RewriterBase &rewriter, Operation *tileOp,
                               unsigned mDim) {
  auto op = cast<linalg::LinalgOp>(tileOp);
  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1];
  Value acc = op.getDpsInits()[0];
  auto accType = cast<RankedTensorType>(acc.getType());
  if (!accType.hasStaticShape())
    return failure();
  unsigned rank = accType.getRank();
  int64_t mr = accType.getDimSize(rank - 2), nr = accType.getDimSize(rank - 1);
  Type element = accType.getElementType();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value padding = ub::PoisonOp::create(rewriter, loc, element);
  auto tileType = VectorType::get({mr, nr}, element);
  auto rowType = VectorType::get({nr}, element);
  auto indices = [&](unsigned count, ArrayRef<Value> trailing) {
    SmallVector<Value> result(count - trailing.size(), zero);
    result.append(trailing.begin(), trailing.end());
    return result;
  };
  // Batched tiles have a leading unit dimension: read the trailing 2-D (C)
  // and 1-D (B) minor parts only.
  auto minor = [&](unsigned sourceRank, unsigned vectorRank) {
    return AffineMap::getMinorIdentityMap(sourceRank, vectorRank,
                                          rewriter.getContext());
  };
  SmallVector<bool> inBounds2(2, true), inBounds1(1, true);
  Value tile = vector::TransferReadOp::create(rewriter, loc, tileType, acc,
                                              indices(rank, {}), padding,
                                              minor(rank, 2), inBounds2);
  // bf16 / f16 inputs are widened to the f32 accumulator exactly.
  Type input = getElementTypeOrSelf(rhs.getType());
  auto widen = [&](Value value, Type type) -> Value {
    if (input == element)
      return value;
    return arith::ExtFOp::create(rewriter, loc, type, value);
  };
  Value row =
      widen(vector::TransferReadOp::create(
                rewriter, loc, VectorType::get({nr}, input), rhs,
                indices(rank, {}), ub::PoisonOp::create(rewriter, loc, input),
                minor(rank, 1), inBounds1),
            rowType);
  // Row i of the tile reads A where the lhs map puts loop point (m = i,
  // every other loop 0): (.., i, 0) for a matmul, (0, 0, i * stride, 0)
  // for a convolution's output column i.
  AffineMap lhsMap = op.getMatchingIndexingMap(&op->getOpOperand(0));
  MLIRContext *ctx = rewriter.getContext();
  for (int64_t i = 0; i < mr; ++i) {
    SmallVector<AffineExpr> point(op.getNumLoops(),
                                  getAffineConstantExpr(0, ctx));
    point[mDim] = getAffineConstantExpr(i, ctx);
    SmallVector<Value> aIndices;
    for (AffineExpr result : lhsMap.getResults()) {
      auto position =
          dyn_cast<AffineConstantExpr>(result.replaceDimsAndSymbols(point, {}));
      if (!position)
        return failure();
      aIndices.push_back(
          arith::ConstantIndexOp::create(rewriter, loc, position.getValue()));
    }
    Value a =
        widen(tensor::ExtractOp::create(rewriter, loc, lhs, aIndices), element);
    Value broadcast = vector::BroadcastOp::create(rewriter, loc, rowType, a);
    Value sum =
        math::FmaOp::create(rewriter, loc, broadcast, row,
                            vector::ExtractOp::create(rewriter, loc, tile, i));
    tile = vector::InsertOp::create(rewriter, loc, sum, tile, i);
  }
  Value result = vector::TransferWriteOp::create(rewriter, loc, tile, acc,
                                                 indices(rank, {}),
                                                 minor(rank, 2), inBounds2)
                     .getResult();
  rewriter.replaceOp(op, result);
  return success();
}

void tileAndVectorizeMatmul(RewriterBase &rewriter, linalg::LinalgOp op) {
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  unsigned batch = bounds.size() - 3;
  int64_t m = bounds[batch], n = bounds[batch + 1], k = bounds[batch + 2];
  unsigned bits =
      getElementTypeOrSelf(op->getOperand(2).getType()).getIntOrFloatBitWidth();
  // Register tile: up to 4 rows and 4 zmm registers of columns, 16
  // accumulators; k innermost so that the tile of C stays in registers.
  int64_t lanes = 512 / bits;
  int64_t nr = largestDivisor(n, 4 * lanes);
  int64_t mr = largestDivisor(m, 4);
  // Too narrow a tile gains nothing over the scalar loops.
  if (nr < 4)
    return;
  // Cache tile: a block of B (kc x nc) stays in L2, rows of A stream.
  auto cacheTile = [](int64_t size, int64_t tileSize) {
    return size > tileSize && size % tileSize == 0 ? tileSize : 0;
  };
  // The parallel dimensions first (one scf.forall: the kernel threads
  // share its tiles), then k.
  SmallVector<int64_t> cache(batch, 1);
  cache.append({cacheTile(m, 64), cacheTile(n, 256), 0});
  FailureOr<TilingInterface> tiled =
      tile(rewriter, cast<TilingInterface>(op.getOperation()), cache);
  if (failed(tiled))
    return;
  if (int64_t kc = cacheTile(k, 256)) {
    SmallVector<int64_t> depth(batch + 2, 0);
    depth.push_back(kc);
    tiled = tile(rewriter, *tiled, depth);
    if (failed(tiled))
      return;
  }
  SmallVector<int64_t> registers(batch, 1);
  registers.append({mr, nr, 1});
  FailureOr<TilingInterface> registerTile = tile(rewriter, *tiled, registers);
  if (failed(registerTile))
    return;
  (void)emitRegisterTile(rewriter, *registerTile, batch);
}

/// A float contraction other than a matmul that the register tile fits:
/// body acc = fma(lhs, rhs, acc), one element type (f32 or f64), the
/// parallel loops first and the output indexed by exactly them, in order;
/// n, the last parallel loop, is the innermost dimension of the output and
/// of the rhs and absent from the lhs; m, the one before it, is the
/// output's next-to-last dimension and absent from the rhs. A convolution
/// in NHWC x HWIO layout is one: m = output column, n = output feature.
/// Returns m.
std::optional<unsigned> matchRegisterContraction(linalg::LinalgOp op) {
  if (!hasRegisterTileBody(op))
    return std::nullopt;
  unsigned parallel = op.getNumParallelLoops();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (parallel < 2 || parallel == op.getNumLoops())
    return std::nullopt;
  for (unsigned i = 0; i < iterators.size(); ++i)
    if ((i < parallel) != (iterators[i] == utils::IteratorType::parallel))
      return std::nullopt;
  AffineMap lhsMap = op.getMatchingIndexingMap(&op->getOpOperand(0));
  AffineMap rhsMap = op.getMatchingIndexingMap(&op->getOpOperand(1));
  AffineMap outMap = op.getMatchingIndexingMap(&op->getOpOperand(2));
  if (outMap.getNumResults() != parallel)
    return std::nullopt;
  for (unsigned i = 0; i < parallel; ++i)
    if (outMap.getResult(i) != getAffineDimExpr(i, op->getContext()))
      return std::nullopt;
  unsigned m = parallel - 2, n = parallel - 1;
  if (rhsMap.getNumResults() == 0 ||
      rhsMap.getResults().back() != getAffineDimExpr(n, op->getContext()) ||
      lhsMap.isFunctionOfDim(n) || rhsMap.isFunctionOfDim(m))
    return std::nullopt;
  for (AffineExpr result : rhsMap.getResults().drop_back())
    if (result.isFunctionOfDim(n))
      return std::nullopt;
  return m;
}

/// Tiles a contraction matched by `matchRegisterContraction` into register
/// tiles of up to 4 values of m by 4 vectors of n: one scf.forall over the
/// parallel loops (other parallel loops step 1), the reductions as
/// scf.for loops of step 1 inside, in their order (so each sum keeps the
/// scalar code's order), and the tile as vector code.
void tileAndVectorizeContraction(RewriterBase &rewriter, linalg::LinalgOp op,
                                 unsigned m) {
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  unsigned n = m + 1;
  unsigned bits =
      getElementTypeOrSelf(op->getOperand(2).getType()).getIntOrFloatBitWidth();
  int64_t nr = largestDivisor(bounds[n], 4 * (512 / bits));
  int64_t mr = largestDivisor(bounds[m], 4);
  if (nr < 4)
    return;
  SmallVector<int64_t> parallel(bounds.size(), 0);
  for (unsigned i = 0; i <= n; ++i)
    parallel[i] = 1;
  parallel[m] = mr;
  parallel[n] = nr;
  FailureOr<TilingInterface> tiled =
      tile(rewriter, cast<TilingInterface>(op.getOperation()), parallel);
  if (failed(tiled))
    return;
  SmallVector<int64_t> reductions(bounds.size(), 1);
  for (unsigned i = 0; i <= n; ++i)
    reductions[i] = 0;
  tiled = tile(rewriter, *tiled, reductions);
  if (failed(tiled))
    return;
  (void)emitRegisterTile(rewriter, *tiled, m);
}

/// Linalg ops (other than matmuls) whose innermost loop is parallel and
/// that every operand reads contiguously along it or not at all: one vector
/// along that loop per iteration of the others.
void tileAndVectorizeInnermost(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!hasStaticVectorizableOperands(op) || !hasVectorizableBody(op))
    return;
  unsigned loops = op.getNumLoops();
  if (loops == 0 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::parallel)
    return;
  unsigned innermost = loops - 1;
  unsigned widest = 8;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return;
    for (auto [i, result] : llvm::enumerate(map.getResults()))
      if (result.isFunctionOfDim(innermost) && i + 1 != map.getNumResults())
        return;
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
  // Two 512-bit registers of the widest element per iteration.
  int64_t width = largestDivisor(size, 1024 / widest);
  if (width < 2)
    return;
  SmallVector<int64_t> sizes(loops, 1);
  sizes.back() = width;
  Operation *target = op;
  if (!llvm::equal(sizes, op.getStaticLoopRanges())) {
    FailureOr<TilingInterface> tiled =
        tile(rewriter, cast<TilingInterface>(op.getOperation()), sizes);
    if (failed(tiled))
      return;
    target = *tiled;
  }
  (void)vectorizeOp(rewriter, target);
}

/// Reductions along the innermost dimension (row sums, maxima, the
/// softmax and layernorm statistics) whose next loop out is parallel: 16
/// rows at a time, each in its own vector lane, so that every row still
/// combines its elements in order k = 0, 1, ... from its initial value.
/// The tile is [.., rows, 16 of k]: its vector form reduces a 16 x 16
/// block over k, which the InnerParallel lowering turns into a transpose
/// and 16 lane-wise steps in k order.
void tileAndVectorizeRowReduction(RewriterBase &rewriter, linalg::LinalgOp op) {
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
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return;
    // Contiguous along k, or not reading along it at all.
    for (auto [i, result] : llvm::enumerate(map.getResults()))
      if (result.isFunctionOfDim(k) && i + 1 != map.getNumResults())
        return;
  }
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap outMap = op.getMatchingIndexingMap(&init);
    if (outMap.getNumResults() == 0 || outMap.isFunctionOfDim(k) ||
        outMap.getResults().back() != getAffineDimExpr(row, op->getContext()))
      return;
  }
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  int64_t rows = largestDivisor(bounds[row], 16);
  int64_t depth = largestDivisor(bounds[k], 16);
  if (rows < 4 || depth < 4)
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
  }
  (void)vectorizeOp(rewriter, *tiled);
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

std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName() << " ";
  op->getLoc().print(os);
  return text;
}

/// Kernels: the linalg ops outside loops (each becomes one loop nest).
unsigned countKernels(func::FuncOp func) {
  unsigned count = 0;
  func.walk([&](linalg::LinalgOp op) {
    if (!op->getParentOfType<LoopLikeOpInterface>())
      ++count;
  });
  return count;
}

struct TileAndVectorizePass
    : public impl::TileAndVectorizePassBase<TileAndVectorizePass> {
  using TileAndVectorizePassBase::TileAndVectorizePassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    {
      unsigned before = countKernels(func);
      std::string decisions;
      RewritePatternSet patterns(context);
      linalg::populateElementwiseOpsFusionPatterns(
          patterns, [&](OpOperand *fused) {
            bool fuse = this->fuse && shouldFuse(fused);
            if (fuse && report)
              decisions += "  fuse " + describe(fused->get().getDefiningOp()) +
                           "\n    into " + describe(fused->getOwner()) + "\n";
            return fuse;
          });
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
      if (fuse) {
        IRRewriter rewriter(context);
        fuseSiblingReductions(rewriter, func, report ? &decisions : nullptr);
      }
      if (report)
        llvm::outs() << "fusion report for @" << func.getName() << ": "
                     << before << " kernels before fusion, "
                     << countKernels(func) << " after\n"
                     << decisions;
    }

    // Elementwise results overwrite an input that dies there (after
    // fusion, which decides which ops remain).
    {
      IRRewriter rewriter(context);
      writeIntoDeadInputs(rewriter, func);
    }

    SmallVector<linalg::LinalgOp> matmuls, others;
    SmallVector<std::pair<linalg::LinalgOp, unsigned>> contractions;
    func.walk([&](linalg::LinalgOp op) {
      // Ops already inside loops (scf nests built by the lowering) are left
      // alone: tiling them again gains little.
      if (op->getParentOfType<scf::ForOp>())
        return;
      if (isFloatMatmul(op))
        matmuls.push_back(op);
      else if (std::optional<unsigned> m = matchRegisterContraction(op))
        contractions.push_back({op, *m});
      else if (!isa<linalg::FillOp>(op))
        others.push_back(op);
    });
    IRRewriter rewriter(context);
    for (linalg::LinalgOp op : matmuls)
      tileAndVectorizeMatmul(rewriter, op);
    for (auto [op, m] : contractions)
      tileAndVectorizeContraction(rewriter, op, m);
    for (linalg::LinalgOp op : others) {
      if (op.getIteratorTypesArray().back() == utils::IteratorType::reduction)
        tileAndVectorizeRowReduction(rewriter, op);
      else
        tileAndVectorizeInnermost(rewriter, op);
    }

    // A register tile's k step reduces over a unit dimension: that is one
    // add per element, in order. Unit dimensions of 1 x ... x N tiles go.
    RewritePatternSet patterns(context);
    vector::MultiDimReductionOp::getCanonicalizationPatterns(patterns, context);
    // Row reductions: reduce over k lane-wise in k order (a transpose, then
    // one vector op per k), never across lanes.
    vector::populateVectorMultiReductionLoweringPatterns(
        patterns, vector::VectorMultiReductionLowering::InnerParallel);
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::Shuffle16x16);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns, context);
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

//===- ContractionTiles.cpp - register tiles for contractions -------------===//
//
// Float matmuls are tiled for the caches (the parallel m x n blocks form
// one scf.forall, each filling its block of C with the accumulator's start
// value, then k), and each block is written as vector code with packed
// panels of B and register tiles of 16 accumulators (4 rows x 64 columns,
// 8 x 32 or 16 x 16) by MatmulBlock.cpp. Other
// contractions of the same shape (convolutions in NHWC x HWIO layout:
// output columns x output features) get a register tile of their own here,
// inside one scf.forall over their parallel loops, the window and
// input-feature loops in order around it: the same 4 rows x up to 4
// vectors of columns of C (8 x 2, 16 x 1) held in registers while the
// reductions run innermost with step 1, each row adding a broadcast element of
// the input times a row of the filter with one fused multiply-add, exactly as
// the scalar body does. Where a column of tiles would read more of the
// filter than L2 keeps, its tiles run over the filter block by block
// (reductionBlock), the blocks in the reductions' order; where it is more
// than L1 keeps but a window position's part and a row of sums fit, each
// row of output points runs position by position (runsByWindowPosition).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/ContractionTiles.h"
#include "compiler/codegen/cpu/MatmulBlock.h"
#include "compiler/codegen/cpu/TilingUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <optional>

namespace axle::cpu {

using namespace mlir;

namespace {

/// Per-core L2, and the part of L1 a block of the rhs may take.
constexpr int64_t kL2Bytes = 2 << 20;
constexpr int64_t kBlockBytes = 32 << 10;

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
/// with loops ([b,] m, n, k), maps ([b,] m, k), ([b,] k, n) -> ([b,] m, n)
/// (or ([b,] n, k) for B: a transposed B, which MatmulBlock.cpp packs by
/// 16 x 16 blocks), one element type (f32 or f64) and the body
/// acc = fma(a, b, acc).
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
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  return maps == SmallVector<AffineMap>{map(0, 2), map(2, 1), map(0, 1)} ||
         maps == SmallVector<AffineMap>{map(0, 2), map(1, 2), map(0, 1)};
}

/// Replaces a static contraction tile whose loops all have size 1 but m
/// (mr) and n (nr), a convolution's register tile, by vector code (the
/// operands are as `matchRegisterContraction` checks): the C
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

/// The accumulators of a register tile on a target whose vector registers
/// are `vectorBits` wide: 16 of AVX-512's 32 zmm registers, 8 of AVX2's 16
/// ymm ones (the others hold the row of B and the broadcast element of A;
/// 16 ymm accumulators would leave none, and LLVM spills).
int64_t tileAccumulators(int64_t vectorBits) {
  return vectorBits >= 512 ? 16 : 8;
}

/// The most vector registers in one row of a register tile: 4 zmm, 2 ymm.
/// (Zen 1, one core, 1024^3: 4 x 2 ymm tiles reach the FMA chains' rate in
/// a C loop; 4 x 64-lane tiles, 32 ymm accumulators, took 110 ms, spilling,
/// against 54 ms with 4 x 16.)
int64_t tileRowRegisters(int64_t vectorBits) {
  return vectorBits >= 512 ? 4 : 2;
}

/// The columns of a register tile's full row of `bits`-wide elements.
int64_t tileRowLanes(unsigned bits, int64_t vectorBits) {
  return vectorBits / bits * tileRowRegisters(vectorBits);
}

/// The columns of a register tile of `bits`-wide accumulators over `n`
/// columns, with vector registers `vectorBits` wide: the largest divisor of
/// n that is 4, 2 or 1 whole registers (tileRowRegisters), else as many
/// half-width ones, else quarter-width ones down to xmm (784 columns get 16
/// on AVX-512: 56 = 3.5 zmm rows would be assembled element by element and
/// spill). Never 3 registers: LLVM widens a 48-lane vector to 64 lanes and
/// builds the tile's rows lane by lane through the stack (1024 x 1024 x 96
/// took 17.8 ms with 48 columns against 2.5 ms for 1024 x 1024 x 128). A
/// narrow n with no such divisor (a classifier's 10 logits) takes the whole
/// row, which still beats the scalar loops; 0 below 4.
int64_t registerTileColumns(int64_t n, unsigned bits, int64_t vectorBits) {
  for (int64_t unitBits = vectorBits; unitBits >= 128; unitBits /= 2)
    for (int64_t registers : {4, 2, 1})
      if (int64_t d = unitBits / bits * registers;
          registers <= tileRowRegisters(vectorBits) && d <= n && n % d == 0)
        return d;
  int64_t d = largestDivisor(n, tileRowLanes(bits, vectorBits));
  return d >= 4 ? d : 0;
}

/// Cache tile of a matmul dimension: a block of B (kc x nc) stays in L2,
/// rows of A stream. Its size: the largest multiple of the register tile's
/// `unit` that divides the dimension, at most `target` and at least a
/// quarter of it (784 = 4 x 196 gets k tiles of 196); 0 (untiled) when the
/// dimension fits or no such divisor exists.
int64_t cacheTile(int64_t size, int64_t target, int64_t unit) {
  if (size <= target)
    return 0;
  for (int64_t d = target / unit * unit; d >= target / 4 && d >= unit;
       d -= unit)
    if (size % d == 0)
      return d;
  return 0;
}

/// The rows of a register tile `columns` wide (of `bits`-wide elements)
/// that keep tileAccumulators: on AVX-512 4 rows of 4 zmm registers, 8 of
/// 2, 16 of 1; on AVX2 4 rows of 2 ymm registers, 8 of 1. Columns of less
/// than a whole register still take one (a narrower one) each.
int64_t registerTileRows(int64_t columns, unsigned bits, int64_t vectorBits) {
  int64_t vectors = std::max<int64_t>(1, columns * bits / vectorBits);
  return tileAccumulators(vectorBits) /
         (vectors <= 2 ? vectors : tileRowRegisters(vectorBits));
}

/// The register tile (mr rows x nr columns) of a contraction whose output
/// rows are `m` and columns `n`; nr is 0 when no register tile fits.
std::pair<int64_t, int64_t> registerTile(linalg::LinalgOp op, int64_t m,
                                         int64_t n, int64_t vectorBits) {
  unsigned bits =
      getElementTypeOrSelf(op->getOperand(2).getType()).getIntOrFloatBitWidth();
  // 16 accumulators (AVX-512): up to 4 rows of 4 zmm registers, 8 rows of
  // 2 or 16 rows of 1. Two FMA units with a 4-cycle latency keep 8
  // independent sums busy at the least, so a narrow tile of 4 rows would
  // wait on its own results (attention's probabilities times V with heads
  // of 32: a 2-layer transformer with 1024 tokens ran 46.6 -> 44.3 ms at
  // one thread with 8 rows). AVX2 has room for 8 (tileAccumulators).
  int64_t columns = registerTileColumns(n, bits, vectorBits);
  return {largestDivisor(m, registerTileRows(columns, bits, vectorBits)),
          columns};
}

/// Whether the register tiles of `matmul` add bf16 products in pairs with
/// vdpbf16ps (emitMatmulBlock): with `bf16PairDot`, bf16 inputs into f32
/// and a B that is not transposed.
bool usesPairDot(linalg::LinalgOp matmul, bool bf16PairDot) {
  return bf16PairDot &&
         getElementTypeOrSelf(matmul->getOperand(0).getType()).isBF16() &&
         getElementTypeOrSelf(matmul->getOperand(2).getType()).isF32() &&
         !hasTransposedB(matmul);
}

/// The matmul's tiles over its parallel loops for the caches, one
/// scf.forall (the kernel threads share its tiles): ([1, ] mc, nc), up to
/// 256 x 256 (512 x 256 with `pairDot` or deep k). Each block of B is packed
/// once per block of C, so taller blocks pack less often (1024^3 on one core,
/// before the k loop was unrolled: 64 rows gave 90-115 GFLOP/s, 128 rows
/// 120-125; after it, in paired runs, 256 rows took 14.4 ms where 128 took 15.0
/// and 512 15.0).
SmallVector<int64_t> matmulCacheTiles(linalg::LinalgOp op, bool pairDot,
                                      int64_t vectorBits) {
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  unsigned batch = bounds.size() - 3;
  int64_t m = bounds[batch], n = bounds[batch + 1];
  auto [mr, nr] = registerTile(op, m, n, vectorBits);
  SmallVector<int64_t> cache(batch, 1);
  // 256 x 256 blocks where that leaves at least 4 blocks of C for the
  // kernel threads (a 256 x 256 matmul in one block ran slower on two
  // threads than on one). Otherwise blocks 128 columns wide where that
  // leaves 4 of 256 rows, else 128 rows high: a narrower block copies half
  // as many panels of B per row of C, each still serving 64 row tiles
  // (GPT-2's 256 x 768 x 768 and 256 x 3072 x 768 as 256 x 128 blocks
  // rather than 128 x 256 ones, one thread, paired rounds: 0.935 and
  // 0.926 of the time, gpt2_block 0.958; two threads 0.973 for the
  // second, gpt2_block 0.965).
  auto blocksOf = [&](int64_t rows, int64_t columns) {
    return std::max<int64_t>(m / rows, 1) * std::max<int64_t>(n / columns, 1);
  };
  int64_t rows = 256, columns = 256;
  if (blocksOf(256, 256) < 4) {
    if (m >= 256 && blocksOf(256, 128) >= 4)
      columns = 128;
    else
      rows = 128;
  }
  // 512 rows where that still leaves 4 blocks, so that each panel of B
  // serves twice as many row tiles, where a panel costs the most to copy:
  // vdpbf16ps panels, interleaved from pairs of rows (Zen 4, one core: bf16
  // 1024^3 10.1 -> 9.7 ms, 2048^3 84 -> 79), and the 512-deep panels of
  // f32 matmuls with k >= 2048 (2048^3 161 -> 156 ms, 1024 x 4096 x 1024
  // 81 -> 79; two cores 2048^3 80 -> 78). f32 at 1024^3 and the widened
  // bf16 path gained nothing.
  int64_t k = bounds[batch + 2];
  bool sameTypes = getElementTypeOrSelf(op->getOperand(0).getType()) ==
                   getElementTypeOrSelf(op->getOperand(2).getType());
  if ((pairDot || (sameTypes && k >= 2048)) && blocksOf(512, 256) >= 4)
    rows = 512;
  // A matmul inside an epilogue's tile (FuseEpilogues.cpp tiled it by
  // these same tiles) is one block: the rule above had split such a tile
  // of 256 rows into two of 128, so each panel of B served half as many
  // row tiles (one core: mlp_infer 9.35 -> 9.03 ms, gpt2_block 39.5 ->
  // 39.1, attention 43.6 -> 42.0; bf16 1024^3 with vdpbf16ps, whose
  // result is rounded to bf16 by such an epilogue, 10.1 -> 9.7).
  if (op->getParentOfType<scf::ForallOp>() && m <= 512)
    rows = m;
  cache.append({cacheTile(m, rows, mr), cacheTile(n, columns, nr ? nr : 1)});
  return cache;
}

void tileAndVectorizeMatmul(RewriterBase &rewriter, linalg::LinalgOp op,
                            const ContractionTarget &target) {
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  unsigned batch = bounds.size() - 3;
  int64_t m = bounds[batch], n = bounds[batch + 1], k = bounds[batch + 2];
  // Columns that no whole zmm register divides (a classifier's 1000) would
  // give the whole matmul a narrow register tile; the largest multiple of
  // 4 registers of columns goes first, at full width, and the rest after
  // it, as a matmul of its own (1024 x 1024 x 1000 on one core: 50 ms
  // with 4 x 8 tiles throughout, 33 with 16 x 8 (registerTile), 17 split).
  // Rows likewise: the register tile's rows must divide m, and 197 rows
  // (prime) would get tiles of one row, 1023 of three; the largest
  // multiple of the full tile's rows goes first (197 x 768 x 768 on one
  // core, paired runs: 2.7 -> 1.8 ms; 196 x 768 x 768 takes 1.6).
  unsigned bits =
      getElementTypeOrSelf(op->getOperand(2).getType()).getIntOrFloatBitWidth();
  int64_t rowLanes = tileRowLanes(bits, target.vectorBits);
  auto splitAt = [&](unsigned dimension, int64_t point) {
    if (auto parts = splitInTwo(rewriter, op, dimension, point);
        succeeded(parts)) {
      tileAndVectorizeMatmul(rewriter, parts->first, target);
      tileAndVectorizeMatmul(rewriter, parts->second, target);
    }
  };
  if (n % (target.vectorBits / bits) != 0 && n > rowLanes)
    return splitAt(batch + 1, n / rowLanes * rowLanes);
  // k innermost in the register tile, so that the tile of C stays in
  // registers.
  auto [mr, nr] = registerTile(op, m, n, target.vectorBits);
  if (nr == 0)
    return;
  int64_t rows = registerTileRows(nr, bits, target.vectorBits);
  if (m % rows != 0 && m > rows)
    return splitAt(batch, m / rows * rows);
  // bf16 or f16 inputs, widened to f32 while packed.
  bool widened = getElementTypeOrSelf(op->getOperand(0).getType()) !=
                 getElementTypeOrSelf(op->getOperand(2).getType());
  bool pairDot = usesPairDot(op, target.bf16PairDot);
  // The parallel dimensions first, then k.
  SmallVector<int64_t> cache = matmulCacheTiles(op, pairDot, target.vectorBits);
  cache.push_back(0);
  // A kc x 64 panel of B should stay in L1 (48 KiB) while the row tiles
  // of the block run over it: kc = 128. But every k block also reads and
  // writes each tile of C once more, and from 16 k blocks on (k >= 2048)
  // that costs more than the panel's L2 reads with kc = 512 (one thread,
  // paired runs: 1024 x 4096 x 1024, 2048^3, 1024 x 2048 x 1024,
  // 512 x 8192 x 512, 768 x 3072 x 768 4-6% faster; with kc = 512 for
  // every k, mlp_infer and gpt2_block were 5-7% slower). The same where C
  // is one register tile wide (n <= nr: B's rows are the panel's, no copy),
  // as in attention's probabilities times V: attention 10% faster,
  // 4096 x 1024 x 64 12-15%. Not for bf16 or
  // f16 inputs, whose A block is widened into an mc x kc copy
  // (matmul_bf16_2048 was 3-5% slower).
  // A transposed B is packed by 16 x 16 blocks, so its k blocks are
  // multiples of 16.
  // Where L1 holds less than 48 KiB (Zen 4: 32 KiB), the 32 KiB panel
  // does not stay in it anyway, and 512-deep blocks, which read and write
  // C a quarter as often, are faster at every k (Zen 4, one core: 1024^3
  // 20.1 -> 19.7 ms, mlp_infer 9.0 -> 8.8, gpt2_block 38.8 -> 37.9).
  bool smallL1 = target.l1DataBytes > 0 && target.l1DataBytes < (48 << 10);
  int64_t kcTarget =
      (k >= 2048 || n <= nr || smallL1) && !widened ? 512 : kPanelRowsInL1;
  int64_t kc = cacheTile(k, kcTarget, hasTransposedB(op) ? 16 : 1);
  // A matmul that is one block of C and of k, with an elementwise
  // epilogue fused into its tile (FuseEpilogues.cpp), applies the epilogue
  // to each register tile as it leaves the k loop: C is never stored and
  // read back, and the result has one writer, which StreamingStores.cpp
  // can turn into non-temporal stores where the result is large
  // (attention's q k^T, k = 32, and its scale as a function's result,
  // 4 x 2048 x 2048 on one core: 13.3 -> 10.8 ms; the matmul alone 10.0).
  if (linalg::GenericOp epilogue = findRegisterEpilogue(op);
      epilogue && kc == 0 &&
      llvm::all_of(llvm::seq<unsigned>(0, batch + 2),
                   [&](unsigned dim) {
                     return dim < batch
                                ? bounds[dim] == 1
                                : cache[dim] == 0 || cache[dim] >= bounds[dim];
                   }) &&
      succeeded(emitMatmulBlock(rewriter, op, mr, nr, pairDot, epilogue)))
    return;
  FailureOr<TilingInterface> tiled = tileFusingInitFills(
      rewriter, cast<TilingInterface>(op.getOperation()), cache);
  if (failed(tiled))
    return;
  if (kc) {
    SmallVector<int64_t> depth(batch + 2, 0);
    depth.push_back(kc);
    tiled = tile(rewriter, *tiled, depth);
    if (failed(tiled))
      return;
  }
  (void)emitMatmulBlock(rewriter, cast<linalg::LinalgOp>(tiled->getOperation()),
                        mr, nr, pairDot);
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

/// The block of the last reduction loop (a convolution's input features)
/// for a contraction whose column of register tiles, `nr` wide at loop
/// `n`, reads more of the rhs than a quarter of L2 (a 3 x 3 convolution
/// over 512 features: 1.2 MB per column of 64 features; over 256, 590 KB):
/// the largest divisor of that loop whose block of the column
/// (depth x nr elements) fits in 32 KiB, L1 with room for the inputs. 0
/// where the slice is smaller, the whole loop fits one block, or no block
/// of at least 16 exists. On one core, 8 x 7 x 7 x 512 -> 512: 50 -> 17 ms
/// (XLA 18-20); 8 x 14 x 14 x 256 -> 256: 39 -> 16 ms (XLA 16); with a
/// quarter of L2 as the bound, 8 x 28 x 28 x 128 (295 KB) is not blocked.
int64_t reductionBlock(linalg::LinalgOp op, unsigned n, int64_t nr) {
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  int64_t bytes = getElementTypeOrSelf(op->getOperand(1).getType())
                      .getIntOrFloatBitWidth() /
                  8;
  int64_t slice = nr * bytes;
  for (unsigned i = n + 1; i < bounds.size(); ++i)
    slice *= bounds[i];
  if (slice <= kL2Bytes / 4 || bounds.size() <= n + 1)
    return 0;
  int64_t depth = largestDivisor(bounds.back(), kBlockBytes / (nr * bytes));
  return depth >= 16 && depth < bounds.back() ? depth : 0;
}

/// Whether the register tiles of a convolution (several reduction loops:
/// the window's, then the input features) should run window position by
/// window position over a whole row of output points: where the filter's
/// slice for one column of tiles (every reduction step, nr features) is
/// larger than an L1 block, but one window position's part of it (the
/// input features) and the row's sums (m x nr) fit one together. Each
/// position's part of the filter then stays in L1 for all the row's
/// tiles, instead of every tile reading the whole slice from L2; the row's
/// sums are read and written once per position, from L1. A ResNet stage's
/// 3 x 3 convolution over 64 features (slice 147 KiB; row 56 x 64, 14 KiB,
/// and a position 16 KiB), paired rounds: 0.967 of the time at one thread
/// (14 of 20 rounds faster), 0.954 at two (15 of 20).
bool runsByWindowPosition(linalg::LinalgOp op, unsigned m, unsigned n,
                          int64_t nr) {
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  if (bounds.size() < n + 3)
    return false;
  int64_t filterBytes = getElementTypeOrSelf(op->getOperand(1).getType())
                            .getIntOrFloatBitWidth() /
                        8;
  int64_t sumBytes = getElementTypeOrSelf(op->getOperand(2).getType())
                         .getIntOrFloatBitWidth() /
                     8;
  int64_t position = nr * filterBytes * bounds.back();
  int64_t slice = position;
  for (unsigned i = n + 1; i + 1 < bounds.size(); ++i)
    slice *= bounds[i];
  int64_t row = bounds[m] * nr * sumBytes;
  return slice > kBlockBytes && position + row <= kBlockBytes;
}

/// Tiles a contraction matched by `matchRegisterContraction` into register
/// tiles (`registerTile`: up to 4 values of m by 4 vectors of n, or 8 by 2,
/// 16 by 1): one scf.forall over the parallel loops (other parallel loops
/// step 1), the reductions as scf.for loops of step 1 inside, in their
/// order (so each sum keeps the scalar code's order), and the tile as
/// vector code.
void tileRegisterContraction(RewriterBase &rewriter, linalg::LinalgOp op,
                             unsigned m, int64_t vectorBits) {
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  unsigned n = m + 1;
  auto [mr, nr] = registerTile(op, bounds[m], bounds[n], vectorBits);
  if (nr == 0)
    return;
  // The tile's rows must divide m: 7 output columns (a 3 x 3 convolution
  // over 7 x 7 images) would get tiles of one row, four accumulators that
  // wait on their own sums. The largest multiple of the full tile's rows
  // goes first, the rest after it (3 x 3 convolution, 8 x 7 x 7 x 512 to
  // 512 features: 171 -> 53 ms on one core; XLA 20.7).
  unsigned bits =
      getElementTypeOrSelf(op->getOperand(2).getType()).getIntOrFloatBitWidth();
  int64_t rows = registerTileRows(nr, bits, vectorBits);
  if (bounds[m] % rows != 0 && bounds[m] > rows) {
    if (auto parts = splitInTwo(rewriter, op, m, bounds[m] / rows * rows);
        succeeded(parts)) {
      tileRegisterContraction(rewriter, parts->first, m, vectorBits);
      tileRegisterContraction(rewriter, parts->second, m, vectorBits);
    }
    return;
  }
  SmallVector<int64_t> parallel(bounds.size(), 0);
  for (unsigned i = 0; i <= n; ++i)
    parallel[i] = 1;
  parallel[m] = mr;
  parallel[n] = nr;
  SmallVector<int64_t> reductions(bounds.size(), 1);
  for (unsigned i = 0; i <= n; ++i)
    reductions[i] = 0;
  FailureOr<TilingInterface> tiled = cast<TilingInterface>(op.getOperation());
  // The tiles of one scf.forall iteration (`outer`, fusing the fills of
  // the inits) run over blocks of the reductions (`blocks`), each block
  // over the register tiles (`inner`, sequential).
  auto tileByBlocks = [&](ArrayRef<int64_t> outer, ArrayRef<int64_t> blocks,
                          ArrayRef<int64_t> inner) {
    tiled = tileFusingInitFills(rewriter, *tiled, outer);
    if (succeeded(tiled))
      tiled = tile(rewriter, *tiled, blocks);
    if (succeeded(tiled))
      tiled = tile(rewriter, *tiled, inner, /*sequential=*/true);
  };
  if (int64_t depth = reductionBlock(op, n, nr)) {
    // A column of register tiles reads its slice of the filter (every
    // reduction step, nr features) once per tile; where that slice is
    // larger than L2 it streams from memory for every tile. Instead the
    // tiles of one column of features (one scf.forall over them) run over
    // one block of the slice at a time, the last reduction (the input
    // features) cut into blocks of `depth` that stay in L1, the other
    // reductions one step per block, so that each sum still adds its
    // products in the scalar code's order: (kh, kw, block of c, c).
    // (Inside an epilogue's tile the column is already one.)
    SmallVector<int64_t> columns(bounds.size(), 0);
    columns[n] = bounds[n] == nr ? 0 : nr;
    SmallVector<int64_t> blocks = reductions;
    blocks.back() = depth;
    parallel[n] = 0;
    tileByBlocks(columns, blocks, parallel);
  } else if (runsByWindowPosition(op, m, n, nr)) {
    // One scf.forall iteration per row of output points (and column of
    // features), in it a loop per window dimension, one position a step,
    // then the row's register tiles over all input features: each sum
    // still adds its products in the scalar code's order (kh, kw, c).
    SmallVector<int64_t> rows(bounds.size(), 0);
    for (unsigned i = 0; i < m; ++i)
      rows[i] = 1;
    rows[n] = bounds[n] == nr ? 0 : nr;
    SmallVector<int64_t> positions = reductions;
    positions.back() = 0;
    for (unsigned i = 0; i < m; ++i)
      parallel[i] = 0;
    parallel[n] = 0;
    tileByBlocks(rows, positions, parallel);
  } else {
    tiled = tileFusingInitFills(rewriter, *tiled, parallel);
  }
  if (failed(tiled))
    return;
  tiled = tile(rewriter, *tiled, reductions);
  if (failed(tiled))
    return;
  (void)emitRegisterTile(rewriter, *tiled, m);
}

} // namespace

void copyConvolutionFilter(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (isFloatMatmul(op))
    return;
  std::optional<unsigned> m = matchRegisterContraction(op);
  if (!m)
    return;
  Value filter = op.getDpsInputs()[1];
  // Buffers the function computes and its constants (globals) are already
  // 64-byte aligned.
  if (filter.getDefiningOp<linalg::LinalgOp>() ||
      filter.getDefiningOp<arith::ConstantOp>())
    return;
  // Each element of the filter is read once per output point of a feature
  // (the loops up to m): copying it costs that much less than the
  // convolution reads it.
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  int64_t reuse = 1;
  for (unsigned i = 0; i <= *m; ++i)
    reuse *= bounds[i];
  if (reuse < 64)
    return;
  auto type = cast<RankedTensorType>(filter.getType());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                        type.getElementType());
  Value copy =
      linalg::CopyOp::create(rewriter, loc, filter, empty).getResult(0);
  rewriter.modifyOpInPlace(op, [&] { op.getDpsInputOperand(1)->set(copy); });
}

bool isRegisterTileContraction(linalg::LinalgOp op) {
  if (op->hasAttr(kAmxTilesAttr))
    return false;
  return isFloatMatmul(op) || matchRegisterContraction(op).has_value();
}

bool isAmxTileMatmul(linalg::LinalgOp op) {
  // isFloatMatmul has checked that the shapes are static and that both
  // inputs have one element type, widened into an f32 accumulator.
  if (!isFloatMatmul(op) || !getElementTypeOrSelf(op->getOperand(0)).isBF16() ||
      !getElementTypeOrSelf(op->getOperand(2)).isF32())
    return false;
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  unsigned batched = bounds.size() == 4;
  int64_t batches = batched ? bounds[0] : 1;
  int64_t m = bounds[batched], n = bounds[batched + 1], k = bounds[batched + 2];
  // Other sizes are padded to multiples of 32 (AmxMatmuls.cpp), where that
  // at most doubles the work: the tiles run about 15 times as fast as f32
  // FMAs, but their zero rows, columns and k still cost load and packing.
  // At least one 32 x 32 x 32 block: even one that small gains (one
  // thread, 32 x 32 x 64: 0.4 us against 1.2 widened; 64 x 64 x 128: 1.7
  // against 9.9; asking Linux for tile state costs well under that).
  return batches * m * n * k >= (1 << 15) &&
         amxPaddedSize(m) * amxPaddedSize(n) * amxPaddedSize(k) <=
             2 * m * n * k;
}

bool isAmxEpilogue(linalg::GenericOp epilogue, Value sums) {
  auto sumsType = dyn_cast<ShapedType>(sums.getType());
  unsigned loops = epilogue.getNumLoops();
  if (!sumsType || sumsType.getRank() != loops || loops < 2 || loops > 3 ||
      epilogue.getNumDpsInits() != 1 || epilogue.getNumParallelLoops() != loops)
    return false;
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(loops, epilogue.getContext());
  if (epilogue.getMatchingIndexingMap(epilogue.getDpsInitOperand(0)) !=
      identity)
    return false;
  // The sums may come through the output too, where it is their buffer
  // (the consumer writes in place).
  bool sumsInPlace = epilogue.getDpsInitOperand(0)->get() == sums;
  bool readsSums = sumsInPlace;
  for (OpOperand *input : epilogue.getDpsInputOperands())
    if (input->get() == sums) {
      if (epilogue.getMatchingIndexingMap(input) != identity)
        return false;
      readsSums = true;
    }
  if (!readsSums)
    return false;
  // Every input (the sums among them) is read per element or broadcast
  // along rows or columns, its dimensions in the loops' order: a vector of
  // 32 of a row of C reads 32 consecutive elements of it, or one.
  for (OpOperand *input : epilogue.getDpsInputOperands()) {
    AffineMap map = epilogue.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation() ||
        !getElementTypeOrSelf(input->get().getType()).isIntOrFloat())
      return false;
    for (unsigned i = 1; i < map.getNumResults(); ++i)
      if (map.getDimPosition(i) <= map.getDimPosition(i - 1))
        return false;
  }
  // A body of lane-wise operations that reads the output only where it
  // holds the sums.
  Block &body = epilogue.getRegion().front();
  if (!sumsInPlace && !body.getArgument(epilogue.getNumDpsInputs()).use_empty())
    return false;
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions() != 0 ||
        !(isa<arith::ConstantOp>(op) ||
          OpTrait::hasElementwiseMappableTraits(&op)))
      return false;
    for (Type type : op.getResultTypes())
      if (!type.isIntOrFloat())
        return false;
  }
  return true;
}

SmallVector<int64_t> epilogueTileSizes(linalg::LinalgOp op,
                                       const ContractionTarget &target) {
  if (isFloatMatmul(op))
    return matmulCacheTiles(op, usesPairDot(op, target.bf16PairDot),
                            target.vectorBits);
  std::optional<unsigned> m = matchRegisterContraction(op);
  if (!m)
    return {};
  // One tile per output row (all of m and n): the register tiles inside
  // it run over the row, then the epilogue while it is in L1. Where the
  // reductions are blocked (reductionBlock), one tile per column of
  // register tiles instead, all output points: per row, every block of
  // the filter would be read again from memory.
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  int64_t nr =
      registerTile(op, bounds[*m], bounds[*m + 1], target.vectorBits).second;
  if (nr && reductionBlock(op, *m + 1, nr)) {
    SmallVector<int64_t> sizes(*m + 1, 0);
    sizes.push_back(nr);
    return sizes;
  }
  SmallVector<int64_t> sizes(*m, 1);
  sizes.append({0, 0});
  return sizes;
}

void tileAndVectorizeContraction(RewriterBase &rewriter, linalg::LinalgOp op,
                                 const ContractionTarget &target) {
  if (isFloatMatmul(op))
    tileAndVectorizeMatmul(rewriter, op, target);
  else if (std::optional<unsigned> m = matchRegisterContraction(op))
    tileRegisterContraction(rewriter, op, *m, target.vectorBits);
}

} // namespace axle::cpu

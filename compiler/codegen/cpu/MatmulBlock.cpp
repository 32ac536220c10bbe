//===- MatmulBlock.cpp - one cache block of a matmul as vector code -------===//
//
// The innermost part of a matmul, after the cache tiling of
// ContractionTiles.cpp: a block of C (mc x nc, at most 256 x 256) to which
// the products over one block of k (kc) are added. As loops on tensors:
//
//   for j in 0 .. nc/nr:                          (column tiles)
//     P[k][:] = B[k][j*nr : (j+1)*nr]             (when B is packed)
//     for i in 0 .. mc step mr:                   (row tiles)
//       acc = C[i : i+mr][j*nr : (j+1)*nr]        (mr vectors of nr)
//       for k in 0 .. kc:                         (4 steps per iteration)
//         b = P[k][:]
//         acc[r] = fma(broadcast(A[i+r][k]), b, acc[r])   r = 0 .. mr-1
//       C[i : i+mr][j*nr : (j+1)*nr] = acc
//
// Each row tile also prefetches a few rows of B that the next panel copy
// reads into L2 (Prefetch.cpp). The accumulators are the k loop's vector
// iter_arg, so they live in registers; each k step loads nr / 16 vectors
// of the panel and mr broadcasts for mr * nr / 16 fused multiply-adds.
//
// bf16 inputs are widened to f32 while A's block and B's panels are copied,
// except with --fast-math on CPUs with AVX512-BF16 (bf16PairDot): there
// the k loop runs over pairs of k, P[p] holds B's rows 2p and 2p + 1
// interleaved, and each vdpbf16ps adds a broadcast pair of A times 16
// columns of such a row: two products per lane, k + 1 first.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/MatmulBlock.h"
#include "compiler/codegen/cpu/Prefetch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/IR/IRMapping.h"

namespace axle::cpu {

using namespace mlir;

namespace {

/// k steps per iteration of a register tile's k loop.
constexpr int64_t kUnroll = 4;
/// How many rows ahead a panel copy prefetches B (Prefetch.cpp): 16 did
/// as well at 1024^3 as 32, 64 slightly worse.
constexpr int64_t kPackPrefetchRows = 32;
/// At most how many rows of B's next panel each register tile prefetches.
constexpr int64_t kNextPanelRowsPerTile = 8;
/// How many rows ahead a k loop that reads B in place prefetches it.
constexpr int64_t kInPlacePrefetchRows = 16;

/// Builds `for iv in [0, upper) step step` with one iter_arg; `body`
/// returns the value to yield. `built` receives the loop.
Value buildLoop(OpBuilder &builder, Location loc, int64_t upper, int64_t step,
                Value init, function_ref<Value(Value iv, Value arg)> body,
                scf::ForOp *built = nullptr) {
  Value lower = arith::ConstantIndexOp::create(builder, loc, 0);
  Value end = arith::ConstantIndexOp::create(builder, loc, upper);
  Value stride = arith::ConstantIndexOp::create(builder, loc, step);
  auto loop = scf::ForOp::create(
      builder, loc, lower, end, stride, ValueRange{init},
      [&](OpBuilder &nested, Location loc, Value iv, ValueRange args) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(nested.getInsertionBlock());
        Value result = body(iv, args.front());
        scf::YieldOp::create(builder, loc, result);
      });
  if (built)
    *built = loop;
  return loop.getResult(0);
}

/// Where C's block starts from a zero fill (tileFusingInitFills fills each
/// block of C right before its k blocks), the accumulators of the first k
/// block can start from the fill value in registers: the fill's memset and
/// the first reads of C go away.
struct FillStart {
  linalg::FillOp fill;
  scf::ForOp kLoop; ///< The loop over k blocks, when k is tiled.
};

/// The fill C starts from: `acc` itself, or the init of the k-block loop
/// whose iter_arg `acc` is (possibly through a full-size extract_slice).
/// Only a fill used nowhere else qualifies, since it is removed.
std::optional<FillStart> findFillStart(Value acc) {
  auto fillOf = [](Value value) -> linalg::FillOp {
    auto fill = value.getDefiningOp<linalg::FillOp>();
    return fill && fill.hasPureTensorSemantics() && fill->hasOneUse()
               ? fill
               : linalg::FillOp();
  };
  if (linalg::FillOp fill = fillOf(acc))
    return FillStart{fill, scf::ForOp()};
  if (auto slice = acc.getDefiningOp<tensor::ExtractSliceOp>()) {
    auto sourceType = cast<RankedTensorType>(slice.getSourceType());
    if (!slice.getResultType().hasStaticShape() ||
        slice.getResultType().getShape() != sourceType.getShape() ||
        !llvm::all_of(slice.getMixedOffsets(), isZeroInteger))
      return std::nullopt;
    acc = slice.getSource();
  }
  auto iterArg = dyn_cast<BlockArgument>(acc);
  auto kLoop = iterArg ? dyn_cast<scf::ForOp>(iterArg.getOwner()->getParentOp())
                       : scf::ForOp();
  if (!kLoop || kLoop.getNumRegionIterArgs() != 1 ||
      kLoop.getRegionIterArgs()[0] != iterArg)
    return std::nullopt;
  if (linalg::FillOp fill = fillOf(kLoop.getInitArgs()[0]))
    return FillStart{fill, kLoop};
  return std::nullopt;
}

} // namespace

bool hasTransposedB(linalg::LinalgOp matmul) {
  unsigned batch = matmul.getNumLoops() - 3;
  AffineMap rhsMap =
      matmul.getMatchingIndexingMap(matmul.getDpsInputOperand(1));
  return rhsMap.getResult(batch + 1) ==
         getAffineDimExpr(batch + 2, matmul->getContext());
}

linalg::GenericOp findRegisterEpilogue(linalg::LinalgOp matmul) {
  if (matmul->getNumResults() != 1 ||
      !matmul->getParentOfType<scf::ForallOp>() ||
      !matmul->getResult(0).hasOneUse())
    return {};
  Value result = matmul->getResult(0);
  auto epilogue = dyn_cast<linalg::GenericOp>(*result.getUsers().begin());
  if (!epilogue || epilogue->getBlock() != matmul->getBlock() ||
      !epilogue.hasPureTensorSemantics() ||
      epilogue.getNumLoops() != epilogue.getNumParallelLoops() ||
      epilogue.getNumLoops() != matmul.getNumParallelLoops() ||
      epilogue.getNumDpsInits() != 1)
    return {};
  for (OpOperand &operand : epilogue->getOpOperands()) {
    AffineMap map = epilogue.getMatchingIndexingMap(&operand);
    bool init = epilogue.isDpsInit(&operand);
    if (!map.isProjectedPermutation() ||
        ((operand.get() == result || init) && !map.isIdentity()))
      return {};
    // An init other than the matmul's result is only written.
    if (init && operand.get() != result &&
        !epilogue.getMatchingBlockArgument(&operand).use_empty())
      return {};
  }
  for (Operation &op : epilogue.getRegion().front().without_terminator()) {
    if (!isa<arith::ArithDialect, math::MathDialect>(op.getDialect()) ||
        op.getNumRegions() != 0)
      return {};
    for (Type type :
         llvm::concat<const Type>(op.getOperandTypes(), op.getResultTypes()))
      if (!type.isIntOrFloat())
        return {};
  }
  return epilogue;
}

LogicalResult emitMatmulBlock(RewriterBase &rewriter, linalg::LinalgOp block,
                              int64_t mr, int64_t nr, bool pairDot,
                              linalg::GenericOp epilogue) {
  Value lhs = block.getDpsInputs()[0], rhs = block.getDpsInputs()[1];
  Value acc = block.getDpsInits()[0];
  auto accType = cast<RankedTensorType>(acc.getType());
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  if (!accType.hasStaticShape() || !lhsType.hasStaticShape() ||
      !rhsType.hasStaticShape())
    return failure();
  unsigned rank = accType.getRank();
  unsigned batch = rank - 2;
  int64_t mc = accType.getDimSize(batch), nc = accType.getDimSize(batch + 1);
  int64_t kc = lhsType.getDimSize(batch + 1);
  if (mr <= 0 || nr <= 0 || mc % mr || nc % nr)
    return failure();
  Type element = accType.getElementType();
  Type input = rhsType.getElementType();
  Location loc = block.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  Value blockResult = block->getResult(0);
  // The loops take the epilogue's place, after every operand it reads.
  if (epilogue)
    rewriter.setInsertionPoint(epilogue);
  else
    rewriter.setInsertionPoint(block);

  auto index = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  // Indices into a [1,] x y tensor: the batch index 0, then x and y.
  auto at = [&](Value x, Value y) {
    SmallVector<Value> indices(batch, index(0));
    indices.append({x, y});
    return indices;
  };
  auto minor = [&](unsigned sourceRank, unsigned vectorRank) {
    return AffineMap::getMinorIdentityMap(sourceRank, vectorRank, ctx);
  };
  auto widen = [&](Value value, Type type) -> Value {
    if (input == element)
      return value;
    return arith::ExtFOp::create(rewriter, loc, type, value);
  };
  auto rowType = VectorType::get({nr}, element);
  auto inputRowType = VectorType::get({nr}, input);
  auto tileType = VectorType::get({mr, nr}, element);
  Value inputPadding = ub::PoisonOp::create(rewriter, loc, input);
  Value padding = ub::PoisonOp::create(rewriter, loc, element);
  SmallVector<bool> inBounds1(1, true), inBounds2(2, true);

  // Start from the fill in registers (first k block) where C comes from
  // one; `first` is then true in the first k block (always, when k is not
  // tiled).
  std::optional<FillStart> start = findFillStart(acc);
  if (start && start->fill.getInputs()[0].getType() != element)
    start.reset();
  // An epilogue applies to C's final values: k must not be tiled.
  if (epilogue && start && start->kLoop)
    return failure();
  Value first, startTile;
  if (start) {
    startTile = vector::BroadcastOp::create(rewriter, loc, tileType,
                                            start->fill.getInputs()[0]);
    if (start->kLoop)
      first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                    start->kLoop.getInductionVar(),
                                    start->kLoop.getLowerBound());
    else
      acc = start->fill.getOutputs()[0];
  }

  // Where the tiles of C go: the epilogue's result when there is one (C
  // itself then is only read, where it does not start from a fill), else
  // C. An epilogue that writes into C's own tensor writes there.
  Value dest = acc;
  Type outElement = element;
  if (epilogue) {
    if (epilogue.getDpsInits()[0] != blockResult)
      dest = epilogue.getDpsInits()[0];
    outElement = getElementTypeOrSelf(epilogue->getResult(0).getType());
  }

  // Copy each kc x nr panel of B into a contiguous one (right before the
  // row tiles use it, so one panel is alive at a time) when several row
  // tiles reuse it and B's rows are not already the panel's rows. bf16 and
  // f16 operands are widened (exactly) while they are copied: B's panels
  // always, A's block once before the column tiles, so that the k loop is
  // the f32 one instead of converting every element mc / mr (B) or nc / nr
  // (A) times.
  //
  // A transposed B (nc x kc, the lowering's form of a dot_general whose rhs
  // has its contracting dimension last, such as attention's K) is always
  // packed: 16 x 16 blocks of it are read row by row, transposed in
  // registers and written as 16 rows of the panel.
  bool widened = input != element;
  int64_t panels = nc / nr;
  bool transposedB = hasTransposedB(block);
  // Panels of a transposed B that whole 16 x 16 blocks do not cover (the
  // few columns a split leaves over) are gathered one row of the panel at
  // a time, element by element.
  bool wholeBlocks = kc % 16 == 0 && nr % 16 == 0;
  bool pack = widened || transposedB ||
              (mc / mr >= 4 && nr != rhsType.getDimSize(batch + 1));
  // Where the caller chose vdpbf16ps (usesPairDot: --fast-math on a CPU
  // with AVX512-BF16, bf16 inputs into f32, B not transposed), bf16
  // operands stay bf16: each instruction adds the products of two k steps
  // to each f32 lane (k + 1 first, then k; bf16 subnormal inputs read as
  // zero, subnormal sums flushed), at twice the rate of f32 fused
  // multiply-adds on Zen 4. B's panels hold rows k and k + 1 interleaved,
  // A's pairs are broadcast as one 32-bit word.
  bool pairs = pairDot && kc % 2 == 0 && nr % 16 == 0;
  if (pairs)
    widened = false;
  auto packTransposedPanel = [&](Value column) -> Value {
    Value empty = tensor::EmptyOp::create(rewriter, loc,
                                          ArrayRef<int64_t>{kc, nr}, element);
    if (!wholeBlocks) {
      // Row k of the panel is column k of B's nr rows.
      AffineMap alongRows =
          AffineMap::get(rank, 0, getAffineDimExpr(batch, ctx), ctx);
      return buildLoop(rewriter, loc, kc, 1, empty, [&](Value k, Value p) {
        Value row = widen(vector::TransferReadOp::create(
                              rewriter, loc, inputRowType, rhs, at(column, k),
                              inputPadding, alongRows, inBounds1),
                          rowType);
        return vector::TransferWriteOp::create(rewriter, loc, row, p,
                                               ValueRange{k, index(0)},
                                               minor(2, 1), inBounds1)
            .getResult();
      });
    }
    auto blockType = VectorType::get({16, 16}, element);
    auto inputBlockType = VectorType::get({16, 16}, input);
    return buildLoop(rewriter, loc, kc, 16, empty, [&](Value k, Value panel) {
      return buildLoop(rewriter, loc, nr, 16, panel, [&](Value c, Value p) {
        Value row = arith::AddIOp::create(rewriter, loc, column, c);
        auto read = vector::TransferReadOp::create(
            rewriter, loc, inputBlockType, rhs, at(row, k), inputPadding,
            minor(rank, 2), inBounds2);
        // The copy reads nr rows of B at once, a few cache lines of each,
        // more streams than the hardware prefetchers follow: the row tiles
        // over the previous panel bring them into L2 meanwhile.
        markTransposedReadForNextPanelPrefetch(read, mr, nr,
                                               llvm::divideCeil(nr, mc / mr));
        Value square = widen(read, blockType);
        Value transposed = vector::TransposeOp::create(rewriter, loc, square,
                                                       ArrayRef<int64_t>{1, 0});
        return vector::TransferWriteOp::create(rewriter, loc, transposed, p,
                                               ValueRange{k, c}, minor(2, 2),
                                               inBounds2)
            .getResult();
      });
    });
  };
  // Row p of a pair panel: B[2p][c], B[2p + 1][c] for each column c.
  auto packPairPanel = [&](Value column) -> Value {
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, ArrayRef<int64_t>{kc / 2, 2 * nr}, input);
    return buildLoop(
        rewriter, loc, kc / 2, 1, empty, [&](Value p, Value panel) {
          Value k = arith::MulIOp::create(rewriter, loc, p, index(2));
          Value next = arith::AddIOp::create(rewriter, loc, k, index(1));
          SmallVector<Value, 2> rows;
          for (Value row : {k, next}) {
            auto read = vector::TransferReadOp::create(
                rewriter, loc, inputRowType, rhs, at(row, column), inputPadding,
                minor(rank, 1), inBounds1);
            markReadForPrefetch(read, batch, kPackPrefetchRows,
                                /*forWrite=*/false);
            rows.push_back(read);
          }
          Value interleaved =
              vector::InterleaveOp::create(rewriter, loc, rows[0], rows[1]);
          return vector::TransferWriteOp::create(rewriter, loc, interleaved,
                                                 panel, ValueRange{p, index(0)},
                                                 minor(2, 1), inBounds1)
              .getResult();
        });
  };
  auto packPanel = [&](Value column) -> Value {
    if (pairs)
      return packPairPanel(column);
    if (transposedB)
      return packTransposedPanel(column);
    Value empty = tensor::EmptyOp::create(rewriter, loc,
                                          ArrayRef<int64_t>{kc, nr}, element);
    return buildLoop(rewriter, loc, kc, 1, empty, [&](Value k, Value panel) {
      auto read = vector::TransferReadOp::create(
          rewriter, loc, inputRowType, rhs, at(k, column), inputPadding,
          minor(rank, 1), inBounds1);
      markReadForPrefetch(read, batch, kPackPrefetchRows, /*forWrite=*/false);
      // While the row tiles run over this panel, they bring the rows of B
      // that the next copy reads into L2: copied from L3 on demand, the
      // panels had taken 14% of the time of a 1024^3 matmul on one core.
      markReadForNextPanelPrefetch(
          read, mr,
          std::min<int64_t>(kNextPanelRowsPerTile,
                            llvm::divideCeil(kc, mc / mr)));
      Value row = widen(read, rowType);
      return vector::TransferWriteOp::create(rewriter, loc, row, panel,
                                             ValueRange{k, index(0)},
                                             minor(2, 1), inBounds1)
          .getResult();
    });
  };
  Value lhsBlock = lhs;
  if (widened) {
    Value empty = tensor::EmptyOp::create(rewriter, loc,
                                          ArrayRef<int64_t>{mc, kc}, element);
    lhsBlock = buildLoop(rewriter, loc, mc, 1, empty, [&](Value i, Value a) {
      Value row =
          widen(vector::TransferReadOp::create(
                    rewriter, loc, VectorType::get({kc}, input), lhs,
                    at(i, index(0)), inputPadding, minor(rank, 1), inBounds1),
                VectorType::get({kc}, element));
      return vector::TransferWriteOp::create(rewriter, loc, row, a,
                                             ValueRange{i, index(0)},
                                             minor(2, 1), inBounds1)
          .getResult();
    });
  }
  // A's element (row, k), from the widened block when there is one.
  auto lhsAt = [&](Value row, Value k) -> Value {
    if (widened)
      return tensor::ExtractOp::create(rewriter, loc, lhsBlock,
                                       ValueRange{row, k});
    return tensor::ExtractOp::create(rewriter, loc, lhs, at(row, k));
  };

  // An operand of the epilogue other than C, for the nr columns from
  // `column` of `row` of C: a vector read along the columns, or one
  // element broadcast where the operand does not vary along them.
  auto readEpilogueOperand = [&](OpOperand &operand, Value row,
                                 Value column) -> Value {
    AffineMap map = epilogue.getMatchingIndexingMap(&operand);
    auto type = cast<RankedTensorType>(operand.get().getType());
    auto vectorType = VectorType::get({nr}, type.getElementType());
    SmallVector<Value> indices;
    std::optional<unsigned> alongColumns;
    for (unsigned result = 0; result < map.getNumResults(); ++result) {
      unsigned dim = map.getDimPosition(result);
      // C's block has one element along each batch dimension.
      indices.push_back(dim < batch ? index(0) : dim == batch ? row : column);
      if (dim == batch + 1)
        alongColumns = result;
    }
    if (!alongColumns)
      return vector::BroadcastOp::create(
          rewriter, loc, vectorType,
          tensor::ExtractOp::create(rewriter, loc, operand.get(), indices));
    return vector::TransferReadOp::create(
        rewriter, loc, vectorType, operand.get(), indices,
        ub::PoisonOp::create(rewriter, loc, type.getElementType()),
        AffineMap::get(type.getRank(), 0, getAffineDimExpr(*alongColumns, ctx),
                       ctx),
        inBounds1);
  };
  // The epilogue's body on each row of a register tile of C's final values,
  // as vector ops of nr lanes: the same scalar ops, lane by lane.
  auto applyEpilogue = [&](ArrayRef<Value> rows, Value column,
                           Value tile) -> Value {
    Block &body = epilogue.getRegion().front();
    auto lanes = [&](Type scalar) { return VectorType::get({nr}, scalar); };
    Value out = ub::PoisonOp::create(rewriter, loc,
                                     VectorType::get({mr, nr}, outElement));
    for (int64_t r = 0; r < mr; ++r) {
      IRMapping mapping;
      Value row = vector::ExtractOp::create(rewriter, loc, tile, r);
      for (OpOperand &operand : epilogue->getOpOperands()) {
        BlockArgument argument = epilogue.getMatchingBlockArgument(&operand);
        if (operand.get() == blockResult)
          mapping.map(argument, row);
        else if (!epilogue.isDpsInit(&operand))
          mapping.map(argument, readEpilogueOperand(operand, rows[r], column));
      }
      for (Operation &op : body.without_terminator()) {
        if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
          mapping.map(constant.getResult(),
                      arith::ConstantOp::create(
                          rewriter, loc,
                          DenseElementsAttr::get(lanes(constant.getType()),
                                                 constant.getValue())));
          continue;
        }
        // Scalars from outside the body are the same in every lane.
        for (Value operand : op.getOperands())
          if (!mapping.contains(operand))
            mapping.map(operand,
                        vector::BroadcastOp::create(
                            rewriter, loc, lanes(operand.getType()), operand));
        Operation *copy = rewriter.clone(op, mapping);
        for (Value result : copy->getResults())
          result.setType(lanes(result.getType()));
      }
      Value yielded = body.getTerminator()->getOperand(0);
      if (!mapping.contains(yielded))
        mapping.map(yielded,
                    vector::BroadcastOp::create(
                        rewriter, loc, lanes(yielded.getType()), yielded));
      out = vector::InsertOp::create(rewriter, loc, mapping.lookup(yielded),
                                     out, r);
    }
    return out;
  };

  Value result =
      buildLoop(rewriter, loc, panels, 1, dest, [&](Value j, Value c) {
        Value column = arith::MulIOp::create(rewriter, loc, j, index(nr));
        Value panel = pack ? packPanel(column) : Value();
        return buildLoop(rewriter, loc, mc, mr, c, [&](Value i, Value c2) {
          // Each read of a tile of C also prefetches the next one, which
          // is written back too.
          auto readTile = [&]() -> Value {
            auto read = vector::TransferReadOp::create(
                rewriter, loc, tileType, dest == acc ? c2 : acc, at(i, column),
                padding, minor(rank, 2), inBounds2);
            markReadForPrefetch(read, batch, mr, /*forWrite=*/true);
            return read;
          };
          Value tile;
          if (!start) {
            tile = readTile();
          } else if (!first) {
            tile = startTile;
          } else {
            auto branch = scf::IfOp::create(
                rewriter, loc, first,
                [&](OpBuilder &nested, Location loc) {
                  scf::YieldOp::create(nested, loc, startTile);
                },
                [&](OpBuilder &nested, Location loc) {
                  OpBuilder::InsertionGuard guard(rewriter);
                  rewriter.setInsertionPointToStart(nested.getInsertionBlock());
                  scf::YieldOp::create(rewriter, loc, readTile());
                });
            tile = branch.getResult(0);
          }
          SmallVector<Value> rows;
          for (int64_t r = 0; r < mr; ++r)
            rows.push_back(
                r == 0 ? i : arith::AddIOp::create(rewriter, loc, i, index(r)));
          scf::ForOp kLoop;
          // One step of the pair loop: k = 2p and 2p + 1 for every row of
          // the tile, 16 columns per vdpbf16ps.
          auto pairStep = [&](Value p, Value t) -> Value {
            Value k = arith::MulIOp::create(rewriter, loc, p, index(2));
            auto pieceType = VectorType::get({32}, input);
            SmallVector<Value> pieces;
            for (int64_t q = 0; q < nr / 16; ++q)
              pieces.push_back(vector::TransferReadOp::create(
                  rewriter, loc, pieceType, panel, ValueRange{p, index(32 * q)},
                  inputPadding, minor(2, 1), inBounds1));
            auto pairType = VectorType::get({2}, input);
            auto wordType = VectorType::get({1}, rewriter.getI32Type());
            auto wordsType = VectorType::get({16}, rewriter.getI32Type());
            for (int64_t r = 0; r < mr; ++r) {
              Value pair = vector::TransferReadOp::create(
                  rewriter, loc, pairType, lhs, at(rows[r], k), inputPadding,
                  minor(rank, 1), inBounds1);
              Value word = vector::ExtractOp::create(
                  rewriter, loc,
                  vector::BitCastOp::create(rewriter, loc, wordType, pair), 0);
              Value a = vector::BitCastOp::create(
                  rewriter, loc, pieceType,
                  vector::BroadcastOp::create(rewriter, loc, wordsType, word));
              Value row = vector::ExtractOp::create(rewriter, loc, t, r);
              for (int64_t q = 0; q < nr / 16; ++q) {
                Value lanes = vector::ExtractStridedSliceOp::create(
                    rewriter, loc, row, ArrayRef<int64_t>{16 * q},
                    ArrayRef<int64_t>{16}, ArrayRef<int64_t>{1});
                Value summed = x86vector::DotBF16Op::create(
                    rewriter, loc, lanes, a, pieces[q]);
                row = vector::InsertStridedSliceOp::create(
                    rewriter, loc, summed, row, ArrayRef<int64_t>{16 * q},
                    ArrayRef<int64_t>{1});
              }
              t = vector::InsertOp::create(rewriter, loc, row, t, r);
            }
            return t;
          };
          // One k step: a row of the panel times a broadcast element of A
          // for every row of the tile, one fused multiply-add per vector.
          auto fmaStep = [&](Value k, Value t) -> Value {
            Value b;
            if (pack) {
              b = vector::TransferReadOp::create(
                  rewriter, loc, rowType, panel, ValueRange{k, index(0)},
                  padding, minor(2, 1), inBounds1);
            } else {
              auto read = vector::TransferReadOp::create(
                  rewriter, loc, rowType, rhs, at(k, column), padding,
                  minor(rank, 1), inBounds1);
              // Few row tiles (a matmul of a handful of rows streams B
              // once) read B's rows in place, a page or more apart where
              // they are wider than the tile: 16 rows ahead, 8 x 4096 x
              // 4096 on one core 12.6 -> 9.0 ms (64 rows ahead: 10.1).
              if (nr != rhsType.getDimSize(batch + 1))
                markReadForPrefetch(read, batch, kInPlacePrefetchRows,
                                    /*forWrite=*/false);
              b = read;
            }
            for (int64_t r = 0; r < mr; ++r) {
              Value a = lhsAt(rows[r], k);
              Value broadcast =
                  vector::BroadcastOp::create(rewriter, loc, rowType, a);
              Value updated = math::FmaOp::create(
                  rewriter, loc, broadcast, b,
                  vector::ExtractOp::create(rewriter, loc, t, r));
              t = vector::InsertOp::create(rewriter, loc, updated, t, r);
            }
            return t;
          };
          Value sum =
              pairs
                  ? buildLoop(rewriter, loc, kc / 2, 1, tile, pairStep, &kLoop)
                  : buildLoop(rewriter, loc, kc, 1, tile, fmaStep, &kLoop);
          // Four k steps per iteration: one step's fused multiply-adds
          // (mr * nr / 16) alone leave the FMA units waiting on the loop's
          // overhead and the next step's loads (86-90% of peak for a 4 x 64
          // tile in a C probe of this loop, 100% unrolled). LLVM does not
          // unroll it: it prices each 64-lane vector op as several.
          int64_t steps = pairs ? kc / 2 : kc;
          if (steps % kUnroll == 0 && steps > kUnroll)
            (void)loopUnrollByFactor(kLoop, kUnroll);
          if (epilogue)
            sum = applyEpilogue(rows, column, sum);
          return vector::TransferWriteOp::create(rewriter, loc, sum, c2,
                                                 at(i, column), minor(rank, 2),
                                                 inBounds2)
              .getResult();
        });
      });
  if (epilogue) {
    rewriter.replaceOp(epilogue, result);
    rewriter.eraseOp(block);
  } else {
    rewriter.replaceOp(block, result);
  }
  if (start) {
    // Every element of C's block is written (mc and nc are multiples of the
    // register tile) and none is read before, in the first k block: the
    // fill's destination serves as well as the filled tensor.
    if (start->kLoop)
      rewriter.modifyOpInPlace(start->kLoop, [&] {
        start->kLoop.getInitArgsMutable()[0].set(start->fill.getOutputs()[0]);
      });
    rewriter.eraseOp(start->fill);
  }
  return success();
}

} // namespace axle::cpu

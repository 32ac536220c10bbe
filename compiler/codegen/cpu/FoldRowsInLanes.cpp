//===- FoldRowsInLanes.cpp - row reductions of any body, 16 rows at once -===//
//
// Row reductions whose results combine by one known operation (sums,
// maxima) reach the linalg vectorizer as tiles of 16 rows x 16 steps of k
// and become vector.multi_reduction (TileAndVectorize.cpp). The vectorizer
// takes no other body: argmax along rows (jnp.argmax(x, axis=1)) is a
// reduce of x and an iota with two results, chosen by compares and
// selects, and stayed a scalar loop, one dependent compare-and-select
// chain per row: 4096 x 4096 f32 at one thread took 40 ms (XLA:CPU 78 ms),
// some sixteen times what reading x takes.
//
// Here such a tile is vectorized the way the row sums are: each row in a
// lane of its own. The inputs' blocks are transposed in registers (lane r
// of vector k is element (r, k)), the index of k is a constant of the
// unrolled step, and the body's ops are cloned on vectors of 16 lanes for
// k = 0, 1, ..., 15 in that order, starting from the tile's accumulators
// (the k loop around the tile carries them, and later hoisting keeps them
// in registers). Every row folds its elements in the interpreter's order,
// with the same operations, so the results are bit-identical. Values that
// do not vary across rows (the index of k, constants) stay scalar and are
// broadcast where they meet a row's values.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/FoldRowsInLanes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

namespace axle::cpu {

using namespace mlir;

namespace {

/// Rows per tile at most (one vector lane a row), and steps of k per tile.
constexpr int64_t kLanes = 16;

/// How a tile operand is read: along rows and k (a block, transposed so
/// that each row is a lane), along rows only (a value per row, such as an
/// accumulator), or along neither (one value for the whole tile).
enum class Reading { Block, PerRow, Uniform };

/// How `map` reads an operand of a tile whose rows and k are loops `row`
/// and `row + 1`, the last two (the loops before them have extent 1): its
/// results are leading loops or constants, then the rows and k it reads
/// along, in that order.
std::optional<Reading> readingOf(AffineMap map, unsigned row) {
  SmallVector<unsigned> along;
  for (AffineExpr result : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(result)) {
      if (dim.getPosition() >= row)
        along.push_back(dim.getPosition());
      else if (!along.empty())
        return std::nullopt;
      continue;
    }
    if (!isa<AffineConstantExpr>(result) || !along.empty())
      return std::nullopt;
  }
  if (along.empty())
    return Reading::Uniform;
  if (along.size() == 1 && along[0] == row)
    return Reading::PerRow;
  if (along.size() == 2 && along[0] == row && along[1] == row + 1)
    return Reading::Block;
  return std::nullopt;
}

/// The indices of an operand's first element: each constant result of
/// `map` where it has one, else 0 (a loop of extent 1, or the tile's first
/// row or k).
SmallVector<Value> firstIndices(RewriterBase &rewriter, Location loc,
                                AffineMap map) {
  SmallVector<Value> indices;
  for (AffineExpr result : map.getResults()) {
    int64_t value = 0;
    if (auto constant = dyn_cast<AffineConstantExpr>(result))
      value = constant.getValue();
    indices.push_back(arith::ConstantIndexOp::create(rewriter, loc, value));
  }
  return indices;
}

/// Integer division and remainder trap on a zero divisor, which the lanes
/// of rows that a short tile pads with zeros would meet.
bool mayTrap(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
             arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op);
}

/// The values of `tile`'s body that differ from row to row (the block
/// arguments of operands read along the rows, the index of the row, and
/// what is computed from them), or nothing where the body has ops this
/// file cannot clone on vectors. It can: arith and math ops on scalars,
/// without regions, that do not trap; the indices of loops; and index
/// arithmetic (affine.apply, from tiling) on values the same in every row.
std::optional<llvm::DenseSet<Value>> varyingValues(linalg::GenericOp tile,
                                                   unsigned row,
                                                   ArrayRef<Reading> readings) {
  llvm::DenseSet<Value> varying;
  for (OpOperand &operand : tile->getOpOperands())
    if (readings[operand.getOperandNumber()] != Reading::Uniform)
      varying.insert(tile.getMatchingBlockArgument(&operand));
  for (Operation &op : tile.getBody()->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(op)) {
      if (index.getDim() == row)
        varying.insert(index);
      continue;
    }
    if (op.getNumRegions() != 0 || mayTrap(&op))
      return std::nullopt;
    for (Type type :
         llvm::concat<const Type>(op.getOperandTypes(), op.getResultTypes()))
      if (!type.isIntOrIndexOrFloat())
        return std::nullopt;
    bool lanes = llvm::any_of(op.getOperands(), [&](Value operand) {
      return varying.contains(operand);
    });
    if (isa<affine::AffineApplyOp>(op) && !lanes)
      continue;
    if (!isa_and_nonnull<arith::ArithDialect, math::MathDialect>(
            op.getDialect()))
      return std::nullopt;
    if (lanes)
      varying.insert(op.result_begin(), op.result_end());
  }
  return varying;
}

/// `value`, of a scalar type, in every lane.
Value splat(RewriterBase &rewriter, Location loc, Value value) {
  return vector::BroadcastOp::create(
      rewriter, loc, VectorType::get({kLanes}, value.getType()), value);
}

/// A vector of `rows` values per row made a vector of 16: the lanes of
/// rows the tile does not have hold zeros.
Value padLanes(RewriterBase &rewriter, Location loc, Value rowValues,
               int64_t rows) {
  if (rows == kLanes)
    return rowValues;
  auto type = cast<VectorType>(rowValues.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.front() = kLanes;
  auto padded = VectorType::get(shape, type.getElementType());
  Value zeros = arith::ConstantOp::create(
      rewriter, loc, padded,
      DenseElementsAttr::get(padded,
                             rewriter.getZeroAttr(type.getElementType())));
  SmallVector<int64_t> offsets(shape.size(), 0), strides(shape.size(), 1);
  return vector::InsertStridedSliceOp::create(rewriter, loc, rowValues, zeros,
                                              offsets, strides);
}

/// Step j of a transposed block: the 16 rows' elements of type `element`
/// (narrowed back from their 32-bit lanes where they are narrower).
Value stepOfBlock(RewriterBase &rewriter, Location loc, Value transposed,
                  int64_t j, Type element) {
  Value lanes = vector::ExtractOp::create(rewriter, loc, transposed, j);
  unsigned width = element.getIntOrFloatBitWidth();
  if (width == 32)
    return lanes;
  auto bitsType = VectorType::get({kLanes}, rewriter.getIntegerType(width));
  Value bits = arith::TruncIOp::create(rewriter, loc, bitsType, lanes);
  if (!isa<FloatType>(element))
    return bits;
  return arith::BitcastOp::create(rewriter, loc,
                                  VectorType::get({kLanes}, element), bits);
}

} // namespace

LogicalResult foldRowsInLanes(RewriterBase &rewriter, linalg::GenericOp tile) {
  if (!tile.hasPureTensorSemantics() || tile.getNumLoops() < 2)
    return failure();
  unsigned row = tile.getNumLoops() - 2, k = row + 1;
  SmallVector<int64_t> ranges = tile.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = tile.getIteratorTypesArray();
  int64_t rows = ranges[row];
  if (ranges[k] != kLanes || rows < 2 || rows > kLanes ||
      iterators[k] != utils::IteratorType::reduction ||
      iterators[row] != utils::IteratorType::parallel)
    return failure();
  for (unsigned d = 0; d < row; ++d)
    if (ranges[d] != 1)
      return failure();
  SmallVector<Reading> readings;
  for (OpOperand &operand : tile->getOpOperands()) {
    std::optional<Reading> reading =
        readingOf(tile.getMatchingIndexingMap(&operand), row);
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!reading || !type || !type.hasStaticShape() ||
        !type.getElementType().isIntOrFloat())
      return failure();
    // Blocks go through the 16 x 16 transpose of 32-bit lanes (narrower
    // elements widened to them and back); a result is one value per row.
    if ((*reading == Reading::Block &&
         !llvm::is_contained({8u, 16u, 32u},
                             type.getElementType().getIntOrFloatBitWidth())) ||
        (tile.isDpsInit(&operand) && *reading != Reading::PerRow))
      return failure();
    readings.push_back(*reading);
  }
  std::optional<llvm::DenseSet<Value>> varying =
      varyingValues(tile, row, readings);
  if (!varying)
    return failure();

  Location loc = tile.getLoc();
  rewriter.setInsertionPoint(tile);
  MLIRContext *ctx = rewriter.getContext();
  auto minor = [&](unsigned rank, unsigned vectorRank) {
    return AffineMap::getMinorIdentityMap(rank, vectorRank, ctx);
  };
  // Each input as the lanes of step j (a block: its transpose, one vector
  // per j), and each result's accumulator, one row per lane.
  unsigned operands = tile->getNumOperands();
  SmallVector<Value> transposed(operands), perRow(operands), uniform(operands);
  for (OpOperand &operand : tile->getOpOperands()) {
    unsigned n = operand.getOperandNumber();
    Value source = operand.get();
    auto type = cast<RankedTensorType>(source.getType());
    Type element = type.getElementType();
    SmallVector<Value> indices =
        firstIndices(rewriter, loc, tile.getMatchingIndexingMap(&operand));
    Value padding = ub::PoisonOp::create(rewriter, loc, element);
    switch (readings[n]) {
    case Reading::Block: {
      Value block =
          padLanes(rewriter, loc,
                   vector::TransferReadOp::create(
                       rewriter, loc, VectorType::get({rows, kLanes}, element),
                       source, indices, padding, minor(type.getRank(), 2),
                       SmallVector<bool>(2, true)),
                   rows);
      // bf16, f16 and 8-bit elements travel as the low bits of 32-bit
      // lanes (vpmovzx), which the shuffles move, and are narrowed back
      // per step of k.
      if (unsigned width = element.getIntOrFloatBitWidth(); width < 32) {
        auto bitsType =
            VectorType::get({kLanes, kLanes}, rewriter.getIntegerType(width));
        Value bits =
            isa<FloatType>(element)
                ? arith::BitcastOp::create(rewriter, loc, bitsType, block)
                : block;
        block = arith::ExtUIOp::create(
            rewriter, loc,
            VectorType::get({kLanes, kLanes}, rewriter.getI32Type()), bits);
      }
      transposed[n] = vector::TransposeOp::create(rewriter, loc, block,
                                                  ArrayRef<int64_t>{1, 0});
      break;
    }
    case Reading::PerRow:
      perRow[n] = padLanes(
          rewriter, loc,
          vector::TransferReadOp::create(
              rewriter, loc, VectorType::get({rows}, element), source, indices,
              padding, minor(type.getRank(), 1), SmallVector<bool>(1, true)),
          rows);
      break;
    case Reading::Uniform:
      uniform[n] = tensor::ExtractOp::create(rewriter, loc, source, indices);
      break;
    }
  }

  SmallVector<Value> accumulators;
  for (OpOperand &init : tile.getDpsInitsMutable())
    accumulators.push_back(perRow[init.getOperandNumber()]);
  Value rowIndices = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(
          VectorType::get({kLanes}, rewriter.getIndexType()),
          llvm::to_vector(llvm::map_range(llvm::seq<int64_t>(0, kLanes),
                                          [&](int64_t r) -> Attribute {
                                            return rewriter.getIndexAttr(r);
                                          }))));
  Block *body = tile.getBody();
  for (int64_t j = 0; j < kLanes; ++j) {
    // The body's values at step j: vectors of 16 lanes for the varying
    // ones, scalars for the others.
    IRMapping mapping;
    for (OpOperand *input : tile.getDpsInputOperands()) {
      unsigned n = input->getOperandNumber();
      BlockArgument argument = tile.getMatchingBlockArgument(input);
      if (readings[n] == Reading::Block)
        mapping.map(argument, stepOfBlock(rewriter, loc, transposed[n], j,
                                          argument.getType()));
      else if (readings[n] == Reading::PerRow)
        mapping.map(argument, perRow[n]);
      else
        mapping.map(argument, uniform[n]);
    }
    for (auto [argument, accumulator] :
         llvm::zip(tile.getRegionOutputArgs(), accumulators))
      mapping.map(argument, accumulator);
    for (Operation &op : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(op)) {
        uint64_t dim = index.getDim();
        mapping.map(index, dim == row ? rowIndices
                                      : arith::ConstantIndexOp::create(
                                            rewriter, loc, dim == k ? j : 0));
        continue;
      }
      if (!varying->contains(op.getResult(0))) {
        rewriter.clone(op, mapping);
        continue;
      }
      IRMapping lanes;
      for (Value operand : op.getOperands()) {
        Value mapped = mapping.lookupOrDefault(operand);
        lanes.map(operand, varying->contains(operand)
                               ? mapped
                               : splat(rewriter, loc, mapped));
      }
      Operation *copy = rewriter.clone(op, lanes);
      for (auto [result, cloned] :
           llvm::zip(op.getResults(), copy->getResults())) {
        cloned.setType(VectorType::get({kLanes}, result.getType()));
        mapping.map(result, cloned);
      }
    }
    auto yield = cast<linalg::YieldOp>(body->getTerminator());
    for (auto [slot, yielded] : llvm::zip(accumulators, yield.getOperands())) {
      Value mapped = mapping.lookupOrDefault(yielded);
      slot = varying->contains(yielded) ? mapped : splat(rewriter, loc, mapped);
    }
  }

  SmallVector<Value> results;
  for (auto [init, accumulator] :
       llvm::zip(tile.getDpsInitsMutable(), accumulators)) {
    Value values = accumulator;
    if (rows != kLanes)
      values = vector::ExtractStridedSliceOp::create(
          rewriter, loc, values, ArrayRef<int64_t>{0}, ArrayRef<int64_t>{rows},
          ArrayRef<int64_t>{1});
    auto type = cast<RankedTensorType>(init.get().getType());
    results.push_back(
        vector::TransferWriteOp::create(
            rewriter, loc, values, init.get(),
            firstIndices(rewriter, loc, tile.getMatchingIndexingMap(&init)),
            minor(type.getRank(), 1), SmallVector<bool>(1, true))
            .getResult());
  }
  rewriter.replaceOp(tile, results);
  return success();
}

} // namespace axle::cpu

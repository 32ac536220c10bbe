//===- ChloDecomposeRaggedDot.cpp - ragged_dot as masked dot_general ------===//
//
// From group_sizes, group g covers positions [start_g, end_g) of the lhs
// ragged dimension (end = inclusive cumulative sum, start = end - size).
// A mask[..., g, pos] selects each group's positions:
//   - ragged non-contracting dimension: the lhs is copied once per group
//     with the other groups' rows zeroed, and a dot_general batched over the
//     group (paired with the rhs group dimension) is summed over the groups;
//   - ragged contracting dimension: both operands are masked per group and
//     the group becomes the leading batch dimension of the result;
//   - ragged batch dimension: a plain dot_general (as XLA computes it).
// In the first two modes positions past the last group contribute nothing.
// Masking uses select, so values in other groups (inf, NaN) cannot leak in
// through 0 * x.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/ChloDecompose.h"
#include "compiler/dialect/chlo/RaggedDotShape.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::chlo {
namespace {

RankedTensorType withElement(RankedTensorType type, Type element) {
  return RankedTensorType::get(type.getShape(), element);
}

/// A splat zero of `type` (any element type, static shape).
Value zeros(OpBuilder &b, Location loc, RankedTensorType type) {
  Type element = type.getElementType();
  if (auto complex = llvm::dyn_cast<ComplexType>(element)) {
    Value part = zeros(b, loc, withElement(type, complex.getElementType()));
    return hlo::ComplexOp::create(b, loc, TypeRange{type},
                                  ValueRange{part, part});
  }
  return hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getZeroAttr(element)));
}

Value convertTo(OpBuilder &b, Location loc, Value value, Type element) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  if (type.getElementType() == element)
    return value;
  return hlo::ConvertOp::create(b, loc, TypeRange{withElement(type, element)},
                                ValueRange{value});
}

Value broadcast(OpBuilder &b, Location loc, Value value,
                ArrayRef<int64_t> shape, ArrayRef<int64_t> dims) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  return hlo::BroadcastInDimOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value, dims);
}

/// Sum of `value` over dimension `dim`.
Value sumOver(OpBuilder &b, Location loc, Value value, int64_t dim) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  Type element = type.getElementType();
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  auto resultType = RankedTensorType::get(shape, element);
  auto scalar = RankedTensorType::get({}, element);
  Value init = zeros(b, loc, scalar);
  auto reduce =
      hlo::ReduceOp::create(b, loc, TypeRange{resultType}, ValueRange{value},
                            ValueRange{init}, ArrayRef<int64_t>{dim});
  OpBuilder::InsertionGuard guard(b);
  Block *block =
      b.createBlock(&reduce.getBody(), {}, {scalar, scalar}, {loc, loc});
  Value sum = hlo::AddOp::create(
      b, loc, TypeRange{scalar},
      ValueRange{block->getArgument(0), block->getArgument(1)});
  hlo::ReturnOp::create(b, loc, ValueRange{sum});
  return reduce.getResult(0);
}

/// mask[prefix..., g, pos] = start_g <= pos < end_g for a ragged dimension
/// of `length` positions; group_sizes is [prefix..., G].
Value groupMask(OpBuilder &b, Location loc, Value groupSizes, int64_t length) {
  auto sizesType = llvm::cast<RankedTensorType>(groupSizes.getType());
  Type i64 = b.getI64Type();
  Value sizes = convertTo(b, loc, groupSizes, i64);
  int64_t rank = sizesType.getRank();
  int64_t numGroups = sizesType.getShape().back();
  ArrayRef<int64_t> prefix = sizesType.getShape().drop_back();

  // end[..., g] = sum over h <= g of sizes[..., h], via a [.., G, G] mask.
  SmallVector<int64_t> squareShape(prefix);
  squareShape.append({numGroups, numGroups});
  auto squareI64 = RankedTensorType::get(squareShape, i64);
  auto squareI1 = RankedTensorType::get(squareShape, b.getI1Type());
  SmallVector<int64_t> sizesDims =
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  sizesDims.push_back(rank); // h
  Value spread = broadcast(b, loc, sizes, squareShape, sizesDims);
  Value g =
      hlo::IotaOp::create(b, loc, squareI64, static_cast<uint64_t>(rank - 1));
  Value h = hlo::IotaOp::create(b, loc, squareI64, static_cast<uint64_t>(rank));
  MLIRContext *ctx = b.getContext();
  auto cmp = [&](Type type, Value x, Value y, hlo::ComparisonDirection dir) {
    return hlo::CompareOp::create(
        b, loc, type, x, y, hlo::ComparisonDirectionAttr::get(ctx, dir),
        hlo::ComparisonTypeAttr::get(ctx, hlo::ComparisonType::SIGNED));
  };
  Value upTo = cmp(squareI1, h, g, hlo::ComparisonDirection::LE);
  Value kept =
      hlo::SelectOp::create(b, loc, TypeRange{squareI64},
                            ValueRange{upTo, spread, zeros(b, loc, squareI64)});
  Value end = sumOver(b, loc, kept, rank);
  Value start = hlo::SubtractOp::create(b, loc, TypeRange{end.getType()},
                                        ValueRange{end, sizes});

  // Compare against positions: [prefix..., G, length].
  SmallVector<int64_t> maskShape(prefix);
  maskShape.append({numGroups, length});
  auto maskI64 = RankedTensorType::get(maskShape, i64);
  auto maskI1 = RankedTensorType::get(maskShape, b.getI1Type());
  SmallVector<int64_t> bounds = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  Value pos = hlo::IotaOp::create(b, loc, maskI64, static_cast<uint64_t>(rank));
  Value startB = broadcast(b, loc, start, maskShape, bounds);
  Value endB = broadcast(b, loc, end, maskShape, bounds);
  Value afterStart = cmp(maskI1, pos, startB, hlo::ComparisonDirection::GE);
  Value beforeEnd = cmp(maskI1, pos, endB, hlo::ComparisonDirection::LT);
  return hlo::AndOp::create(b, loc, TypeRange{maskI1},
                            ValueRange{afterStart, beforeEnd});
}

/// Copies `operand` once per group (new leading dimension) with positions
/// outside the group zeroed. `raggedDim` is the operand dimension the mask's
/// position axis maps to, `batchDims` the operand dimensions the mask's
/// prefix axes map to.
Value maskPerGroup(OpBuilder &b, Location loc, Value operand, Value mask,
                   int64_t raggedDim, ArrayRef<int64_t> batchDims) {
  auto type = llvm::cast<RankedTensorType>(operand.getType());
  auto maskType = llvm::cast<RankedTensorType>(mask.getType());
  int64_t numGroups = maskType.getShape()[maskType.getRank() - 2];
  SmallVector<int64_t> shape{numGroups};
  shape.append(type.getShape().begin(), type.getShape().end());
  SmallVector<int64_t> operandDims =
      llvm::to_vector(llvm::seq<int64_t>(1, type.getRank() + 1));
  Value spread = broadcast(b, loc, operand, shape, operandDims);
  SmallVector<int64_t> maskDims;
  // A rank-1 group_sizes has no prefix; otherwise the prefix follows the
  // batch dimensions.
  if (maskType.getRank() > 2)
    for (int64_t d : batchDims)
      maskDims.push_back(d + 1);
  maskDims.append({0, raggedDim + 1});
  Value maskB = broadcast(b, loc, mask, shape, maskDims);
  auto spreadType = llvm::cast<RankedTensorType>(spread.getType());
  return hlo::SelectOp::create(
      b, loc, TypeRange{spreadType},
      ValueRange{maskB, spread, zeros(b, loc, spreadType)});
}

SmallVector<int64_t> shifted(ArrayRef<int64_t> dims) {
  return llvm::map_to_vector(dims, [](int64_t d) { return d + 1; });
}

struct RaggedDotPattern : OpRewritePattern<RaggedDotOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(RaggedDotOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = llvm::cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = llvm::cast<RankedTensorType>(op.getRhs().getType());
    auto sizesType = llvm::cast<RankedTensorType>(op.getGroupSizes().getType());
    auto resultType = llvm::cast<RankedTensorType>(op.getType());
    if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !sizesType.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shapes");
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    RaggedDotDimensionNumbersAttr dims = op.getRaggedDotDimensionNumbers();
    ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
    ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
    ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
    ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
    int64_t ragged = dims.getLhsRaggedDimensions().front();
    Type element = resultType.getElementType();
    Value lhs = convertTo(rewriter, loc, op.getLhs(), element);
    Value rhs = convertTo(rewriter, loc, op.getRhs(), element);

    ArrayAttr precision;
    if (std::optional<ArrayAttr> config = op.getPrecisionConfig()) {
      SmallVector<Attribute> values;
      for (Attribute attr : *config)
        values.push_back(hlo::PrecisionAttr::get(
            ctx, llvm::cast<PrecisionAttr>(attr).getValue()));
      precision = rewriter.getArrayAttr(values);
    }
    auto dot = [&](Value l, Value r, ArrayRef<int64_t> lb, ArrayRef<int64_t> rb,
                   ArrayRef<int64_t> lc, ArrayRef<int64_t> rc,
                   RankedTensorType type) -> Value {
      auto numbers = hlo::DotDimensionNumbersAttr::get(ctx, lb, rb, lc, rc);
      return hlo::DotGeneralOp::create(rewriter, loc, type, l, r, numbers,
                                       precision, nullptr);
    };

    int64_t numGroups = sizesType.getShape().back();
    RaggedDotMode mode = raggedDotMode(dims);
    Value mask;
    if (mode != RaggedDotMode::Batch)
      mask = groupMask(rewriter, loc, op.getGroupSizes(),
                       lhsType.getDimSize(ragged));
    Value result;
    switch (mode) {
    case RaggedDotMode::NonContracting: {
      int64_t group = dims.getRhsGroupDimensions().front();
      Value masked = maskPerGroup(rewriter, loc, lhs, mask, ragged, lhsBatch);
      SmallVector<int64_t> lb{0}, rb{group};
      llvm::append_range(lb, shifted(lhsBatch));
      llvm::append_range(rb, rhsBatch);
      SmallVector<int64_t> perGroup{numGroups};
      perGroup.append(resultType.getShape().begin(),
                      resultType.getShape().end());
      Value grouped =
          dot(masked, rhs, lb, rb, shifted(lhsContract), rhsContract,
              RankedTensorType::get(perGroup, element));
      result = sumOver(rewriter, loc, grouped, 0);
      break;
    }
    case RaggedDotMode::Contracting: {
      int64_t rhsRagged =
          rhsContract[llvm::find(lhsContract, ragged) - lhsContract.begin()];
      Value lhsMasked =
          maskPerGroup(rewriter, loc, lhs, mask, ragged, lhsBatch);
      Value rhsMasked =
          maskPerGroup(rewriter, loc, rhs, mask, rhsRagged, rhsBatch);
      SmallVector<int64_t> lb{0}, rb{0};
      llvm::append_range(lb, shifted(lhsBatch));
      llvm::append_range(rb, shifted(rhsBatch));
      result = dot(lhsMasked, rhsMasked, lb, rb, shifted(lhsContract),
                   shifted(rhsContract), resultType);
      break;
    }
    case RaggedDotMode::Batch:
      // Every batch entry has both operands: the groups change nothing.
      result = dot(lhs, rhs, lhsBatch, rhsBatch, lhsContract, rhsContract,
                   resultType);
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateRaggedDotPatterns(RewritePatternSet &patterns) {
  patterns.add<RaggedDotPattern>(patterns.getContext());
}

} // namespace axle::chlo

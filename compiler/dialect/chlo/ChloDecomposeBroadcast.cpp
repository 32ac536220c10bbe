//===- ChloDecomposeBroadcast.cpp - broadcasting chlo ops to stablehlo ----===//
//
// Each operand is expanded to the result shape with broadcast_in_dim (or
// dynamic_broadcast_in_dim, with the result shape computed from the operand
// sizes at run time), then the same-shape stablehlo op applies.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/ChloDecompose.h"
#include "compiler/dialect/chlo/ChloFunctions.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::chlo {
namespace {

/// One operand of a broadcast: its value and the result dimension each of
/// its dimensions maps to.
struct Operand {
  Value value;
  SmallVector<int64_t> dims;
};

/// The run-time size of result dimension `dim` (an i64 tensor<1xi64>): the
/// static size when known, else an operand's size that is not 1.
Value resultDimSize(OpBuilder &b, Location loc, ArrayRef<Operand> operands,
                    int64_t dim, int64_t staticSize) {
  auto oneType = RankedTensorType::get({1}, b.getI64Type());
  auto scalarI64 = RankedTensorType::get({}, b.getI64Type());
  if (!ShapedType::isDynamic(staticSize))
    return hlo::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(oneType, b.getI64IntegerAttr(staticSize)));
  Value size;
  for (const Operand &operand : operands) {
    auto type = llvm::cast<RankedTensorType>(operand.value.getType());
    const auto *it = llvm::find(operand.dims, dim);
    if (it == operand.dims.end())
      continue;
    int64_t operandDim = it - operand.dims.begin();
    if (type.getDimSize(operandDim) == 1)
      continue;
    Value here = hlo::GetDimensionSizeOp::create(
        b, loc, RankedTensorType::get({}, b.getI32Type()), operand.value,
        static_cast<uint64_t>(operandDim));
    here =
        hlo::ConvertOp::create(b, loc, TypeRange{scalarI64}, ValueRange{here});
    if (!size) {
      size = here;
      continue;
    }
    // Sizes are equal or one of them is 1: the larger one is the result.
    size = hlo::MaxOp::create(b, loc, TypeRange{scalarI64},
                              ValueRange{size, here});
  }
  if (!size)
    size = hlo::ConstantOp::create(
        b, loc, DenseElementsAttr::get(scalarI64, b.getI64IntegerAttr(1)));
  return hlo::ReshapeOp::create(b, loc, oneType, size);
}

/// Broadcasts every operand to `shape` (the result shape); the element type
/// of each operand is kept.
SmallVector<Value> broadcastAll(OpBuilder &b, Location loc,
                                ArrayRef<Operand> operands,
                                ArrayRef<int64_t> shape) {
  Value shapeTensor;
  bool dynamic = llvm::any_of(shape, ShapedType::isDynamic);
  if (dynamic) {
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
      sizes.push_back(resultDimSize(b, loc, operands, d, shape[d]));
    auto type = RankedTensorType::get({static_cast<int64_t>(shape.size())},
                                      b.getI64Type());
    shapeTensor = sizes.size() == 1
                      ? sizes.front()
                      : hlo::ConcatenateOp::create(b, loc, type, sizes,
                                                   static_cast<uint64_t>(0))
                            .getResult();
  }
  SmallVector<Value> results;
  for (const Operand &operand : operands) {
    auto type = llvm::cast<RankedTensorType>(operand.value.getType());
    auto target = RankedTensorType::get(shape, type.getElementType());
    // A dynamic size may be 1 at run time and still need expanding.
    bool identity =
        type == target && type.hasStaticShape() &&
        llvm::equal(operand.dims, llvm::seq<int64_t>(0, shape.size()));
    if (identity) {
      results.push_back(operand.value);
    } else if (!dynamic) {
      results.push_back(hlo::BroadcastInDimOp::create(
          b, loc, target, operand.value, operand.dims));
    } else {
      results.push_back(hlo::DynamicBroadcastInDimOp::create(
          b, loc, target, operand.value, shapeTensor, operand.dims, nullptr,
          nullptr));
    }
  }
  return results;
}

/// Broadcasts lhs and rhs of a broadcasting binary op to the result shape.
template <typename OpTy>
SmallVector<Value> broadcastOperands(OpTy op, PatternRewriter &rewriter) {
  Value lhs = op.getLhs(), rhs = op.getRhs();
  auto lhsType = llvm::cast<RankedTensorType>(lhs.getType());
  auto rhsType = llvm::cast<RankedTensorType>(rhs.getType());
  auto resultType = llvm::cast<RankedTensorType>(op.getType());
  int64_t rank = resultType.getRank();
  std::optional<ArrayRef<int64_t>> dims = op.getBroadcastDimensions();
  Operand operands[] = {
      {lhs, broadcastOperandDims(lhsType.getRank(), rank, dims)},
      {rhs, broadcastOperandDims(rhsType.getRank(), rank, dims)}};
  return broadcastAll(rewriter, op.getLoc(), operands, resultType.getShape());
}

/// broadcast_<op> -> broadcasts + stablehlo.<op>.
template <typename OpTy, typename HloOpTy>
struct BroadcastBinaryPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> operands = broadcastOperands(op, rewriter);
    rewriter.replaceOpWithNewOp<HloOpTy>(op, TypeRange{op.getType()},
                                         ValueRange(operands));
    return success();
  }
};

/// broadcast_<function> -> broadcasts + the function's formula.
template <typename OpTy>
struct BroadcastFunctionPattern : OpRewritePattern<OpTy> {
  using Function = Value (*)(MathBuilder &, Value, Value);
  BroadcastFunctionPattern(MLIRContext *context, Function function, bool widen)
      : OpRewritePattern<OpTy>(context), function(function), widen(widen) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> operands = broadcastOperands(op, rewriter);
    Type element = MathBuilder::elementType(operands[0]);
    MathBuilder m(rewriter, op.getLoc(), operands[0]);
    Value result =
        widen
            ? m.narrow(function(m, m.widen(operands[0]), m.widen(operands[1])),
                       element)
            : function(m, operands[0], operands[1]);
    rewriter.replaceOp(op, result);
    return success();
  }

  Function function;
  bool widen;
};

struct BroadcastComparePattern : OpRewritePattern<BroadcastCompareOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastCompareOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> operands = broadcastOperands(op, rewriter);
    MLIRContext *ctx = op.getContext();
    hlo::ComparisonTypeAttr compareType;
    if (std::optional<hlo::ComparisonType> kind = op.getCompareType())
      compareType = hlo::ComparisonTypeAttr::get(ctx, *kind);
    rewriter.replaceOpWithNewOp<hlo::CompareOp>(
        op, op.getType(), operands[0], operands[1],
        hlo::ComparisonDirectionAttr::get(ctx, op.getComparisonDirection()),
        compareType);
    return success();
  }
};

struct BroadcastSelectPattern : OpRewritePattern<BroadcastSelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastSelectOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = llvm::cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    SmallVector<Operand> operands;
    for (Value value : op->getOperands()) {
      int64_t operandRank =
          llvm::cast<RankedTensorType>(value.getType()).getRank();
      operands.push_back(
          {value, broadcastOperandDims(operandRank, rank, std::nullopt)});
    }
    SmallVector<Value> values =
        broadcastAll(rewriter, op.getLoc(), operands, resultType.getShape());
    rewriter.replaceOpWithNewOp<hlo::SelectOp>(op, TypeRange{resultType},
                                               ValueRange(values));
    return success();
  }
};

} // namespace

void populateBroadcastPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<BroadcastBinaryPattern<BroadcastAddOp, hlo::AddOp>,
               BroadcastBinaryPattern<BroadcastSubOp, hlo::SubtractOp>,
               BroadcastBinaryPattern<BroadcastMulOp, hlo::MulOp>,
               BroadcastBinaryPattern<BroadcastDivOp, hlo::DivOp>,
               BroadcastBinaryPattern<BroadcastRemOp, hlo::RemOp>,
               BroadcastBinaryPattern<BroadcastMaxOp, hlo::MaxOp>,
               BroadcastBinaryPattern<BroadcastMinOp, hlo::MinOp>,
               BroadcastBinaryPattern<BroadcastPowOp, hlo::PowOp>,
               BroadcastBinaryPattern<BroadcastAtan2Op, hlo::Atan2Op>,
               BroadcastBinaryPattern<BroadcastAndOp, hlo::AndOp>,
               BroadcastBinaryPattern<BroadcastOrOp, hlo::OrOp>,
               BroadcastBinaryPattern<BroadcastXorOp, hlo::XorOp>,
               BroadcastBinaryPattern<BroadcastShiftLeftOp, hlo::ShiftLeftOp>,
               BroadcastBinaryPattern<BroadcastShiftRightArithmeticOp,
                                      hlo::ShiftRightArithmeticOp>,
               BroadcastBinaryPattern<BroadcastShiftRightLogicalOp,
                                      hlo::ShiftRightLogicalOp>,
               BroadcastBinaryPattern<BroadcastComplexOp, hlo::ComplexOp>,
               BroadcastComparePattern, BroadcastSelectPattern>(ctx);
  patterns.add<BroadcastFunctionPattern<BroadcastNextAfterOp>>(
      ctx, fn::nextAfter, /*widen=*/false);
  patterns.add<BroadcastFunctionPattern<BroadcastPolygammaOp>>(
      ctx, fn::polygamma, /*widen=*/true);
  patterns.add<BroadcastFunctionPattern<BroadcastZetaOp>>(ctx, fn::zeta,
                                                          /*widen=*/true);
}

} // namespace axle::chlo

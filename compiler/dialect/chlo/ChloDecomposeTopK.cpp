//===- ChloDecomposeTopK.cpp - top_k as sort + slice ----------------------===//
//
// The operand and an iota of positions are sorted together along the last
// dimension, descending and stable (equal values keep the lower index
// first); floats compare in total order, so NaN sorts above +inf and -NaN
// below -inf, as XLA's TopK does. The first k columns are the result.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/ChloDecompose.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::chlo {
namespace {

hlo::ComparisonType comparisonTypeFor(Type element) {
  if (llvm::isa<FloatType>(element))
    return hlo::ComparisonType::TOTALORDER;
  if (element.isUnsignedInteger() || element.isInteger(1))
    return hlo::ComparisonType::UNSIGNED;
  return hlo::ComparisonType::SIGNED;
}

struct TopKPattern : OpRewritePattern<TopKOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TopKOp op,
                                PatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getOperand().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shape");
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    int64_t last = type.getRank() - 1;
    Type i32 = rewriter.getI32Type();
    auto indexType = RankedTensorType::get(type.getShape(), i32);
    Value iota = hlo::IotaOp::create(rewriter, loc, indexType,
                                     static_cast<uint64_t>(last));

    auto sort = hlo::SortOp::create(rewriter, loc, TypeRange{type, indexType},
                                    ValueRange{op.getOperand(), iota},
                                    static_cast<uint64_t>(last),
                                    /*is_stable=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      auto valueScalar = RankedTensorType::get({}, type.getElementType());
      auto indexScalar = RankedTensorType::get({}, i32);
      Block *block = rewriter.createBlock(
          &sort.getComparator(), {},
          {valueScalar, valueScalar, indexScalar, indexScalar},
          {loc, loc, loc, loc});
      Value greater = hlo::CompareOp::create(
          rewriter, loc, RankedTensorType::get({}, rewriter.getI1Type()),
          block->getArgument(0), block->getArgument(1),
          hlo::ComparisonDirectionAttr::get(ctx, hlo::ComparisonDirection::GT),
          hlo::ComparisonTypeAttr::get(
              ctx, comparisonTypeFor(type.getElementType())));
      hlo::ReturnOp::create(rewriter, loc, ValueRange{greater});
    }

    SmallVector<int64_t> start(type.getRank(), 0);
    SmallVector<int64_t> limit(type.getShape());
    limit.back() = op.getK();
    SmallVector<int64_t> strides(type.getRank(), 1);
    SmallVector<Value> results;
    for (auto [value, resultType] :
         llvm::zip(sort.getResults(), op.getResultTypes()))
      results.push_back(hlo::SliceOp::create(rewriter, loc, resultType, value,
                                             start, limit, strides));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateTopKPatterns(RewritePatternSet &patterns) {
  patterns.add<TopKPattern>(patterns.getContext());
}

} // namespace axle::chlo

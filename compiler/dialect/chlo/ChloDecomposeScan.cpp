//===- ChloDecomposeScan.cpp - scan as a stablehlo.while loop -------------===//
//
// The loop state is (i, inputs..., carries..., outputs...). Step i reads
// position p = i (or length - 1 - i when reversed) of every input with
// dynamic_slice, runs a copy of the scan body on those slices and the
// carries, and writes the body's outputs at position p with
// dynamic_update_slice. The inputs travel in the state so that the loop
// body uses no value from outside.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/ChloDecompose.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::chlo {
namespace {

RankedTensorType withUnitDim(RankedTensorType type, int64_t dim) {
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + dim, 1);
  return RankedTensorType::get(shape, type.getElementType());
}

Value zeros(OpBuilder &b, Location loc, RankedTensorType type) {
  Type element = type.getElementType();
  if (auto complex = llvm::dyn_cast<ComplexType>(element)) {
    Value part =
        zeros(b, loc,
              RankedTensorType::get(type.getShape(), complex.getElementType()));
    return hlo::ComplexOp::create(b, loc, TypeRange{type},
                                  ValueRange{part, part});
  }
  return hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getZeroAttr(element)));
}

Value scalarI64(OpBuilder &b, Location loc, int64_t value) {
  auto type = RankedTensorType::get({}, b.getI64Type());
  return hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getI64IntegerAttr(value)));
}

bool isStatic(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return !tensor || tensor.hasStaticShape();
}

struct ScanPattern : OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    int64_t length = op.getScanLength();
    bool allStatic = !ShapedType::isDynamic(length) &&
                     llvm::all_of(op->getOperandTypes(), isStatic) &&
                     llvm::all_of(op->getResultTypes(), isStatic);
    if (!allStatic)
      return rewriter.notifyMatchFailure(op, "dynamic shapes");
    Location loc = op.getLoc();
    int64_t dim = op.getDimension();
    bool reverse = op.getIsReverse().value_or(false);
    size_t numInputs = op.getInputs().size();
    size_t numCarries = op.getInits().size();
    size_t numOutputs = op.getOutputs().size();

    SmallVector<Value> state{scalarI64(rewriter, loc, 0)};
    llvm::append_range(state, op.getInputs());
    llvm::append_range(state, op.getInits());
    for (Value output : op.getOutputs())
      state.push_back(
          zeros(rewriter, loc, llvm::cast<RankedTensorType>(output.getType())));
    SmallVector<Type> stateTypes =
        llvm::map_to_vector(state, [](Value value) { return value.getType(); });
    SmallVector<Location> locs(state.size(), loc);

    auto loop = hlo::WhileOp::create(rewriter, loc, stateTypes, state);
    auto scalarI1 = RankedTensorType::get({}, rewriter.getI1Type());
    MLIRContext *ctx = op.getContext();
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *cond = rewriter.createBlock(&loop.getCond(), {}, stateTypes, locs);
      Value more = hlo::CompareOp::create(
          rewriter, loc, scalarI1, cond->getArgument(0),
          scalarI64(rewriter, loc, length),
          hlo::ComparisonDirectionAttr::get(ctx, hlo::ComparisonDirection::LT),
          hlo::ComparisonTypeAttr::get(ctx, hlo::ComparisonType::SIGNED));
      hlo::ReturnOp::create(rewriter, loc, ValueRange{more});
    }

    OpBuilder::InsertionGuard guard(rewriter);
    Block *body = rewriter.createBlock(&loop.getBody(), {}, stateTypes, locs);
    auto scalarType = RankedTensorType::get({}, rewriter.getI64Type());
    Value i = body->getArgument(0);
    Value position = i;
    if (reverse)
      position = hlo::SubtractOp::create(
          rewriter, loc, TypeRange{scalarType},
          ValueRange{scalarI64(rewriter, loc, length - 1), i});
    Value zero = scalarI64(rewriter, loc, 0);

    IRMapping mapping;
    Block &scanBody = op.getBody().front();
    for (size_t k = 0; k < numInputs; ++k) {
      Value input = body->getArgument(1 + k);
      auto type = llvm::cast<RankedTensorType>(input.getType());
      SmallVector<Value> starts(type.getRank(), zero);
      starts[dim] = position;
      SmallVector<int64_t> sizes(type.getShape());
      sizes[dim] = 1;
      Value slice = hlo::DynamicSliceOp::create(
          rewriter, loc, RankedTensorType::get(sizes, type.getElementType()),
          input, starts, sizes);
      Type argType = scanBody.getArgument(k).getType();
      mapping.map(scanBody.getArgument(k),
                  hlo::ReshapeOp::create(rewriter, loc, argType, slice));
    }
    for (size_t k = 0; k < numCarries; ++k)
      mapping.map(scanBody.getArgument(numInputs + k),
                  body->getArgument(1 + numInputs + k));
    for (Operation &inner : scanBody.without_terminator())
      rewriter.clone(inner, mapping);
    Operation *terminator = scanBody.getTerminator();

    SmallVector<Value> next{
        hlo::AddOp::create(rewriter, loc, TypeRange{scalarType},
                           ValueRange{i, scalarI64(rewriter, loc, 1)})};
    for (size_t k = 0; k < numInputs; ++k)
      next.push_back(body->getArgument(1 + k));
    for (size_t k = 0; k < numCarries; ++k)
      next.push_back(
          mapping.lookupOrDefault(terminator->getOperand(numOutputs + k)));
    for (size_t k = 0; k < numOutputs; ++k) {
      Value accumulator = body->getArgument(1 + numInputs + numCarries + k);
      auto type = llvm::cast<RankedTensorType>(accumulator.getType());
      Value slice = mapping.lookupOrDefault(terminator->getOperand(k));
      Value update = hlo::ReshapeOp::create(
          rewriter, loc,
          withUnitDim(llvm::cast<RankedTensorType>(slice.getType()), dim),
          slice);
      SmallVector<Value> starts(type.getRank(), zero);
      starts[dim] = position;
      next.push_back(hlo::DynamicUpdateSliceOp::create(
          rewriter, loc, type, accumulator, update, starts));
    }
    hlo::ReturnOp::create(rewriter, loc, next);

    SmallVector<Value> results;
    for (size_t k = 0; k < numOutputs; ++k)
      results.push_back(loop.getResult(1 + numInputs + numCarries + k));
    for (size_t k = 0; k < numCarries; ++k)
      results.push_back(loop.getResult(1 + numInputs + k));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateScanPatterns(RewritePatternSet &patterns) {
  patterns.add<ScanPattern>(patterns.getContext());
}

} // namespace axle::chlo

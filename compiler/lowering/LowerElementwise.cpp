//===- LowerElementwise.cpp - elementwise ops, constant, iota -------------===//
//
// Every op with the Elementwise trait becomes one linalg.generic over the
// result's index space whose body is the op's scalar code (ScalarOps.cpp).
// Constants become arith.constant; iota becomes a generic on linalg.index.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// Any stablehlo op with the Elementwise trait whose scalar code
/// emitScalarOp knows.
struct ElementwiseToGeneric : public ConversionPattern {
  ElementwiseToGeneric(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<hlo::StablehloDialect>(op->getDialect()) ||
        !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1)
      return failure();
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    if (!resultType || !resultType.hasStaticShape())
      return unsupported(op, "needs a static shape");
    SmallVector<Type> operandTypes;
    for (Value operand : op->getOperands())
      operandTypes.push_back(elementTypeOf(operand.getType()));
    Type resultElement = elementTypeOf(op->getResult(0).getType());

    bool failed = false;
    Value result =
        buildMapGeneric(rewriter, op->getLoc(), resultType, operands,
                        [&](OpBuilder &b, Location, ValueRange args) -> Value {
                          FailureOr<Value> scalar = emitScalarOp(
                              b, op, operandTypes, resultElement, args);
                          if (succeeded(scalar))
                            return *scalar;
                          failed = true;
                          return args.empty() ? Value() : args[0];
                        });
    if (failed) {
      // The partially built generic is erased with the failed rewrite.
      return failure();
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConstantToArith : public OpConversionPattern<hlo::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !value)
      return unsupported(op, "constant of this type");
    if (value.getType().getElementType() != type.getElementType())
      value = value.bitcast(type.getElementType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

struct IotaToGeneric : public OpConversionPattern<hlo::IotaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type || !type.hasStaticShape())
      return unsupported(op, "needs a static shape");
    Type original = elementTypeOf(op.getType());
    int64_t dimension = op.getIotaDimension();
    Value result = buildMapGeneric(
        rewriter, op.getLoc(), type, {},
        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
          Value index = linalg::IndexOp::create(b, loc, dimension);
          Value asInt =
              arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
          return emitScalarConvert(
              b, loc, asInt, b.getIntegerType(64, /*isSigned=*/true), original);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<ElementwiseToGeneric, ConstantToArith, IotaToGeneric>(
      converter, patterns.getContext());
}

} // namespace axle::lowering

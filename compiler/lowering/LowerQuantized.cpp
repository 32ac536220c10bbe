//===- LowerQuantized.cpp - quantized types to integer storage ------------===//
//
// --axle-lower-quantized rewrites a module so that no !quant.uniform type is
// left, staying in stablehlo:
//
//  1. Ops that compute on quantized values (elementwise ops, select, clamp,
//     contractions, convolutions, batch norms, linear solves, iota) get the
//     specification's dequantize_op_quantize: their quantized operands go
//     through uniform_dequantize, the op runs on the expressed (float) type
//     and quantized results go through uniform_quantize. Check ops compare
//     dequantized values, as the interpreter's checks do.
//  2. A dialect conversion then turns every quantized tensor into a tensor
//     of its storage integer type (function signatures, block arguments,
//     constants, ops that only move values such as reshape, transpose,
//     gather, while, sort or reduce, whose region bodies step 1 already
//     rewrote), and expands uniform_dequantize and uniform_quantize into
//     integer and float arithmetic.
//
// The arithmetic mirrors the interpreter's dequantize / quantize
// (interpreter/ops/EvalHelpers.cpp) operation for operation, so the lowered
// program gives the same bits:
//
//  dequantize(q) = convert<E>(convert<i64>(q) - zero_point) * scale
//     The difference is exact in i64; its conversion to the expressed type
//     E rounds once to nearest even; scale is rounded to E; the product is
//     one E multiplication.
//  quantize(x) = convert<S>(clamp(lo, convert<f64>(
//                    round_nearest_even(x / scale + zero_point)), hi))
//     The division, addition and rounding happen in E (scale and zero point
//     rounded to E), the clamp to [storage_min, storage_max] in f64 where
//     every bound is exact (also i32 bounds with an f32 expressed type),
//     and NaN becomes 0 through convert's float -> int rule.
//
// Per-axis types broadcast their scale and zero-point vectors along the
// quantized dimension.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Passes.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace axle::lowering {

#define GEN_PASS_DEF_LOWERQUANTIZEDPASS
#include "compiler/lowering/Passes.h.inc"

namespace {

using namespace mlir;
namespace hlo = axle::stablehlo;

quant::QuantizedType quantizedElement(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return dyn_cast<quant::QuantizedType>(shaped.getElementType());
  return dyn_cast<quant::QuantizedType>(type);
}

bool isQuantized(Type type) {
  return static_cast<bool>(quantizedElement(type));
}

bool anyQuantized(TypeRange types) { return llvm::any_of(types, isQuantized); }

/// The integer type a quantized element is stored in, with the signedness
/// stablehlo gives it (i8 for signed storage, ui8 for unsigned).
Type storageTypeOf(quant::QuantizedType type) {
  return IntegerType::get(type.getContext(), type.getStorageTypeIntegralWidth(),
                          type.isSigned() ? IntegerType::Signless
                                          : IntegerType::Unsigned);
}

//===----------------------------------------------------------------------===//
// Step 1: dequantize_op_quantize
//===----------------------------------------------------------------------===//

/// Ops whose value the interpreter computes from dequantized operands (and
/// quantizes when the result is quantized). Ops that only move, select by
/// index or carry values work on the storage directly and are not listed.
bool computesOnValues(Operation *op) {
  if (!isa_and_nonnull<hlo::StablehloDialect>(op->getDialect()))
    return false;
  if (isa<hlo::UniformQuantizeOp, hlo::UniformDequantizeOp>(op))
    return false;
  if (op->getNumRegions() != 0)
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<hlo::SelectOp, hlo::ClampOp, hlo::DotGeneralOp, hlo::DotOp,
             hlo::EinsumOp, hlo::UnaryEinsumOp, hlo::ConvolutionOp,
             hlo::DynamicConvOp, hlo::CholeskyOp, hlo::TriangularSolveOp,
             hlo::BatchNormTrainingOp, hlo::BatchNormInferenceOp,
             hlo::BatchNormGradOp, hlo::IotaOp, hlo::DynamicIotaOp>(op);
}

/// The float tensor type a quantized tensor type expresses.
Type expressedTypeOf(Type type) {
  quant::QuantizedType quantized = quantizedElement(type);
  if (!quantized)
    return type;
  return cast<RankedTensorType>(type).clone(quantized.getExpressedType());
}

Value dequantizeValue(OpBuilder &b, Location loc, Value value) {
  if (!isQuantized(value.getType()))
    return value;
  return hlo::UniformDequantizeOp::create(
      b, loc, expressedTypeOf(value.getType()), value);
}

/// `op` on quantized values becomes the same op on their dequantized
/// values, its quantized results quantized back.
void dequantizeOpQuantize(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  IRMapping mapping;
  for (Value operand : op->getOperands())
    if (isQuantized(operand.getType()) && !mapping.contains(operand))
      mapping.map(operand, dequantizeValue(b, loc, operand));
  Operation *floatOp = b.clone(*op, mapping);
  b.setInsertionPointAfter(floatOp);
  for (auto [original, computed] :
       llvm::zip(op->getResults(), floatOp->getResults())) {
    Type type = original.getType();
    if (!isQuantized(type)) {
      original.replaceAllUsesWith(computed);
      continue;
    }
    computed.setType(expressedTypeOf(type));
    Value quantized = hlo::UniformQuantizeOp::create(b, loc, type, computed);
    original.replaceAllUsesWith(quantized);
  }
  op->erase();
}

/// Check ops (check.* and custom_call @check.*) compare dequantized values;
/// they get the values dequantized. (The *_const forms cannot take a
/// quantized operand: their verifier wants the literal's type.)
void dequantizeCheckOperands(Operation *op) {
  bool isCheck = op->getName().getStringRef().starts_with("check.");
  if (auto call = dyn_cast<hlo::CustomCallOp>(op))
    isCheck = call.getCallTargetName().starts_with("check.");
  if (!isCheck || !anyQuantized(op->getOperandTypes()))
    return;
  OpBuilder b(op);
  for (OpOperand &operand : op->getOpOperands())
    operand.set(dequantizeValue(b, op->getLoc(), operand.get()));
}

//===----------------------------------------------------------------------===//
// Step 2: storage types and the quantize / dequantize arithmetic
//===----------------------------------------------------------------------===//

class StorageTypeConverter : public TypeConverter {
public:
  StorageTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion(
        [](quant::QuantizedType type) -> Type { return storageTypeOf(type); });
    addConversion([](RankedTensorType type) -> Type {
      if (auto quantized =
              dyn_cast<quant::QuantizedType>(type.getElementType()))
        return type.clone(storageTypeOf(quantized));
      return type;
    });
  }
};

/// Scales (rounded to the expressed type) and zero points of a quantized
/// element type, one per index of `axis` (-1: per tensor, one each).
struct QuantParams {
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
  int64_t axis = -1;
};

QuantParams paramsOf(quant::QuantizedType type) {
  QuantParams params;
  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(type)) {
    params.scales.assign(perAxis.getScales().begin(),
                         perAxis.getScales().end());
    params.zeroPoints.assign(perAxis.getZeroPoints().begin(),
                             perAxis.getZeroPoints().end());
    params.axis = perAxis.getQuantizedDimension();
    return params;
  }
  auto perTensor = cast<quant::UniformQuantizedType>(type);
  params.scales.push_back(perTensor.getScale());
  params.zeroPoints.push_back(perTensor.getZeroPoint());
  return params;
}

/// A tensor of `shape` holding `values` (one, or one per index of `axis`)
/// of `element`, broadcast along `axis`.
Value paramTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  Type element, ArrayRef<Attribute> values, int64_t axis) {
  auto type = RankedTensorType::get(shape, element);
  if (axis < 0)
    return hlo::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, values[0]));
  auto vectorType =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, element);
  Value vector = hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(vectorType, values));
  return hlo::BroadcastInDimOp::create(b, loc, type, vector,
                                       ArrayRef<int64_t>{axis});
}

/// `value` rounded to nearest even into the float type `type`.
FloatAttr floatIn(FloatType type, double value) {
  APFloat rounded(value);
  bool losesInfo = false;
  rounded.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return FloatAttr::get(type, rounded);
}

/// Storage integers `storage` (of the converted type) of quantized type
/// `type` as values of the expressed type.
Value emitDequantize(OpBuilder &b, Location loc, Value storage,
                     quant::QuantizedType type) {
  auto storageType = cast<RankedTensorType>(storage.getType());
  ArrayRef<int64_t> shape = storageType.getShape();
  auto expressed = cast<FloatType>(type.getExpressedType());
  QuantParams params = paramsOf(type);
  SmallVector<Attribute> zeroPoints, scales;
  for (auto [scale, zeroPoint] : llvm::zip(params.scales, params.zeroPoints)) {
    zeroPoints.push_back(b.getI64IntegerAttr(zeroPoint));
    scales.push_back(floatIn(expressed, scale));
  }
  Value wide = hlo::ConvertOp::create(b, loc, storageType.clone(b.getI64Type()),
                                      storage);
  Value difference = hlo::SubtractOp::create(
      b, loc, wide,
      paramTensor(b, loc, shape, b.getI64Type(), zeroPoints, params.axis));
  Value asFloat =
      hlo::ConvertOp::create(b, loc, storageType.clone(expressed), difference);
  return hlo::MulOp::create(
      b, loc, asFloat,
      paramTensor(b, loc, shape, expressed, scales, params.axis));
}

/// Floats `value` (of the expressed type) as storage integers of quantized
/// type `type`.
Value emitQuantize(OpBuilder &b, Location loc, Value value,
                   quant::QuantizedType type) {
  auto valueType = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> shape = valueType.getShape();
  auto expressed = cast<FloatType>(type.getExpressedType());
  QuantParams params = paramsOf(type);
  SmallVector<Attribute> zeroPoints, scales;
  for (auto [scale, zeroPoint] : llvm::zip(params.scales, params.zeroPoints)) {
    zeroPoints.push_back(floatIn(expressed, static_cast<double>(zeroPoint)));
    scales.push_back(floatIn(expressed, scale));
  }
  Value scaled = hlo::DivOp::create(
      b, loc, value,
      paramTensor(b, loc, shape, expressed, scales, params.axis));
  Value shifted = hlo::AddOp::create(
      b, loc, scaled,
      paramTensor(b, loc, shape, expressed, zeroPoints, params.axis));
  Value rounded = hlo::RoundNearestEvenOp::create(b, loc, shifted);
  // Every value of the expressed type and both bounds are exact in f64.
  Type f64 = b.getF64Type();
  if (expressed != f64)
    rounded = hlo::ConvertOp::create(b, loc, valueType.clone(f64), rounded);
  auto bound = [&](int64_t limit) -> Value {
    return hlo::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            RankedTensorType::get({}, f64),
            Attribute(b.getF64FloatAttr(static_cast<double>(limit)))));
  };
  Value clamped =
      hlo::ClampOp::create(b, loc, bound(type.getStorageTypeMin()), rounded,
                           bound(type.getStorageTypeMax()));
  return hlo::ConvertOp::create(b, loc, valueType.clone(storageTypeOf(type)),
                                clamped);
}

/// Quantized tensors the arithmetic can handle: static shapes, uniform
/// (per-tensor or per-axis) types over a float.
LogicalResult checkSupported(Operation *op, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  quant::QuantizedType quantized = quantizedElement(type);
  if (!tensor || !tensor.hasStaticShape())
    return op->emitError() << "axle cannot lower '" << op->getName()
                           << "': quantized tensors need static shapes";
  if (!isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(
          quantized) ||
      !isa<FloatType>(quantized.getExpressedType()))
    return op->emitError() << "axle cannot lower '" << op->getName()
                           << "': unsupported quantized type " << quantized;
  return success();
}

struct DequantizeToArith
    : public OpConversionPattern<hlo::UniformDequantizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::UniformDequantizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getOperand().getType();
    if (failed(checkSupported(op, type)))
      return failure();
    rewriter.replaceOp(op, emitDequantize(rewriter, op.getLoc(),
                                          adaptor.getOperand(),
                                          quantizedElement(type)));
    return success();
  }
};

struct QuantizeToArith : public OpConversionPattern<hlo::UniformQuantizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::UniformQuantizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type operandType = op.getOperand().getType();
    if (failed(checkSupported(op, op.getType())) ||
        (isQuantized(operandType) && failed(checkSupported(op, operandType))))
      return failure();
    Value value = adaptor.getOperand();
    // Requantization: quantize(dequantize(x)), as the interpreter does.
    if (quant::QuantizedType from = quantizedElement(operandType))
      value = emitDequantize(rewriter, op.getLoc(), value, from);
    rewriter.replaceOp(op, emitQuantize(rewriter, op.getLoc(), value,
                                        quantizedElement(op.getType())));
    return success();
  }
};

/// A quantized constant's literal holds the storage values.
struct ConstantToStorage : public OpConversionPattern<hlo::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !value ||
        value.getElementType().getIntOrFloatBitWidth() !=
            type.getElementType().getIntOrFloatBitWidth())
      return op->emitError() << "axle cannot lower a quantized constant "
                                "whose literal is not its storage values";
    if (value.getType() != type)
      value = value.bitcast(type.getElementType()).reshape(type);
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, type, value);
    return success();
  }
};

/// Any other op with quantized types (value-moving stablehlo ops, region
/// ops, func.call / func.return, custom calls): the same op on storage
/// types, its regions' block signatures converted.
struct StorageTypedOp : public ConversionPattern {
  StorageTypedOp(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<FunctionOpInterface, hlo::UniformQuantizeOp,
            hlo::UniformDequantizeOp>(op))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName());
    state.addOperands(operands);
    state.addTypes(resultTypes);
    state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
    state.propertiesAttr = op->getPropertiesAsAttribute();
    state.addSuccessors(op->getSuccessors());
    for (unsigned i = 0; i < op->getNumRegions(); ++i)
      state.addRegion();
    Operation *converted = rewriter.create(state);
    for (auto [from, to] :
         llvm::zip(op->getRegions(), converted->getRegions())) {
      rewriter.inlineRegionBefore(from, to, to.end());
      if (failed(rewriter.convertRegionTypes(&to, *getTypeConverter())))
        return failure();
    }
    rewriter.replaceOp(op, converted->getResults());
    return success();
  }
};

bool hasQuantizedTypes(Operation *op) {
  if (anyQuantized(op->getOperandTypes()) || anyQuantized(op->getResultTypes()))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (anyQuantized(block.getArgumentTypes()))
        return true;
  return false;
}

struct LowerQuantizedPass
    : public impl::LowerQuantizedPassBase<LowerQuantizedPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();

    SmallVector<Operation *> computeOps;
    module.walk([&](Operation *op) {
      dequantizeCheckOperands(op);
      if (computesOnValues(op) && (anyQuantized(op->getOperandTypes()) ||
                                   anyQuantized(op->getResultTypes())))
        computeOps.push_back(op);
    });
    for (Operation *op : computeOps)
      dequantizeOpQuantize(op);

    MLIRContext *ctx = &getContext();
    StorageTypeConverter converter;
    RewritePatternSet patterns(ctx);
    patterns.add<DequantizeToArith, QuantizeToArith, ConstantToStorage,
                 StorageTypedOp>(converter, ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    ConversionTarget target(*ctx);
    target.addIllegalOp<hlo::UniformQuantizeOp, hlo::UniformDequantizeOp>();
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !hasQuantizedTypes(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

} // namespace axle::lowering

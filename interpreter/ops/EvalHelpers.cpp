//===- EvalHelpers.cpp - shared pieces of op evaluators -------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/APSInt.h"

#include <cmath>

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

namespace axle::interp {

Element viaDouble(Type type, const Element &x, double (*fn)(double)) {
  return Element::fromDouble(type, fn(x.toDouble()));
}

/// Scale and zero point of element `linear` of a tensor of `type`.
static std::pair<double, int64_t>
quantParams(RankedTensorType type, const Tensor &tensor, int64_t linear) {
  Type element = type.getElementType();
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(element))
    return {perTensor.getScale(), perTensor.getZeroPoint()};
  auto perAxis = llvm::cast<quant::UniformQuantizedPerAxisType>(element);
  int64_t axisIndex =
      tensor.multiIndex(linear)[perAxis.getQuantizedDimension()];
  return {perAxis.getScales()[axisIndex], perAxis.getZeroPoints()[axisIndex]};
}

Tensor dequantize(const Tensor &tensor) {
  auto quantized =
      llvm::dyn_cast<quant::QuantizedType>(tensor.getElementType());
  if (!quantized)
    return tensor;
  Type expressed = quantized.getExpressedType();
  auto type = RankedTensorType::get(tensor.getShape(), expressed);
  Tensor result(type);
  bool isSigned = quantized.isSigned();
  for (int64_t i = 0; i < tensor.size(); ++i) {
    auto [scale, zeroPoint] = quantParams(tensor.getType(), tensor, i);
    const APInt &stored = tensor[i].getInt();
    int64_t value = isSigned ? stored.getSExtValue()
                             : static_cast<int64_t>(stored.getZExtValue());
    // Computed in the expressed type, as the specification's
    // dequantize does: (stored - zero_point) * scale. The difference is
    // exact (it does not wrap around in the storage type), as the quantized
    // type's definition f = (i - zero_point) * scale has it.
    APFloat difference(static_cast<double>(value - zeroPoint));
    APFloat scaleValue(scale);
    bool losesInfo = false;
    difference.convert(semanticsOf(expressed), APFloat::rmNearestTiesToEven,
                       &losesInfo);
    scaleValue.convert(semanticsOf(expressed), APFloat::rmNearestTiesToEven,
                       &losesInfo);
    difference.multiply(scaleValue, APFloat::rmNearestTiesToEven);
    result.set(i, Element(difference));
  }
  return result;
}

Tensor quantize(const Tensor &tensor, RankedTensorType type) {
  auto quantized = llvm::cast<quant::QuantizedType>(type.getElementType());
  Tensor result(type);
  unsigned width = quantized.getStorageTypeIntegralWidth();
  int64_t low = quantized.getStorageTypeMin();
  int64_t high = quantized.getStorageTypeMax();
  Type expressed = quantized.getExpressedType();
  for (int64_t i = 0; i < tensor.size(); ++i) {
    auto [scale, zeroPoint] = quantParams(type, result, i);
    // round_nearest_even(x / scale + zero_point), clamped to the storage
    // range; computed in the expressed type. Clamping after rounding equals
    // the specification's clamp-then-round because the bounds are integers.
    // The bounds apply exactly, so results stay in [storage_min,
    // storage_max] even where the expressed type cannot represent a bound
    // (e.g. i32 with f32). NaN gives 0 (XLA's float -> int conversion).
    APFloat value = tensor[i].getFloat();
    APFloat scaleValue(scale), zero(static_cast<double>(zeroPoint));
    bool losesInfo = false;
    scaleValue.convert(semanticsOf(expressed), APFloat::rmNearestTiesToEven,
                       &losesInfo);
    zero.convert(semanticsOf(expressed), APFloat::rmNearestTiesToEven,
                 &losesInfo);
    value.divide(scaleValue, APFloat::rmNearestTiesToEven);
    value.add(zero, APFloat::rmNearestTiesToEven);
    value.roundToIntegral(APFloat::rmNearestTiesToEven);
    double rounded = Element(value).toDouble();
    int64_t stored;
    if (std::isnan(rounded))
      stored = 0;
    else
      stored = static_cast<int64_t>(
          std::min(std::max(rounded, static_cast<double>(low)),
                   static_cast<double>(high)));
    result.set(i, Element(APInt(width, stored, /*isSigned=*/true,
                                /*implicitTrunc=*/true)));
  }
  return result;
}

/// `x` of element type `from` as a value of the non-quantized `to`:
/// integers extend by signedness, floats round to nearest even, float ->
/// integer saturates (NaN gives 0), complex -> real keeps the real part.
static Element convertElement(const Element &x, Type from, Type to) {
  auto roundTo = [](APFloat value, Type target) {
    bool losesInfo = false;
    value.convert(semanticsOf(target), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return value;
  };
  auto asFloat = [&](Type target) {
    if (x.isInt()) {
      APFloat value(semanticsOf(target));
      value.convertFromAPInt(x.getInt(), !isUnsignedInt(from),
                             APFloat::rmNearestTiesToEven);
      return value;
    }
    return roundTo(x.isFloat() ? x.getFloat() : x.getComplex().first, target);
  };
  if (auto complex = llvm::dyn_cast<ComplexType>(to)) {
    Type part = complex.getElementType();
    if (x.isComplex())
      return Element(roundTo(x.getComplex().first, part),
                     roundTo(x.getComplex().second, part));
    return Element(asFloat(part), APFloat::getZero(semanticsOf(part)));
  }
  if (llvm::isa<FloatType>(to))
    return Element(asFloat(to));
  unsigned width = to.getIntOrFloatBitWidth();
  if (x.isInt())
    return Element(isUnsignedInt(from) ? x.getInt().zextOrTrunc(width)
                                       : x.getInt().sextOrTrunc(width));
  APFloat value = x.isFloat() ? x.getFloat() : x.getComplex().first;
  if (width == 1)
    return Element(APInt(1, !value.isZero()));
  if (value.isNaN())
    return Element(APInt(width, 0));
  llvm::APSInt integer(width, isUnsignedInt(to));
  bool exact = false;
  value.convertToInteger(integer, APFloat::rmTowardZero, &exact);
  return Element(APInt(integer));
}

Tensor toDestinationType(const Tensor &tensor, Type type) {
  Type from = tensor.getElementType();
  if (from == type)
    return tensor;
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(type))
    return quantize(
        toDestinationType(dequantize(tensor), quantized.getExpressedType()),
        RankedTensorType::get(tensor.getShape(), type));
  if (llvm::isa<quant::QuantizedType>(from))
    return toDestinationType(dequantize(tensor), type);
  Tensor result(RankedTensorType::get(tensor.getShape(), type));
  for (int64_t i = 0; i < tensor.size(); ++i)
    result.set(i, convertElement(tensor[i], from, type));
  return result;
}

FailureOr<Values> evalElementwise(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  const ElementKernel &kernel) {
  RankedTensorType resultType = resultTensorType(op);
  bool quantizedResult =
      llvm::isa<quant::QuantizedType>(resultType.getElementType());
  SmallVector<Tensor> inputs;
  SmallVector<Type> types;
  for (const RuntimeValue &operand : operands) {
    Tensor input = dequantize(operand.getTensor());
    types.push_back(input.getElementType());
    inputs.push_back(std::move(input));
  }
  Type computeType = resultType.getElementType();
  if (quantizedResult)
    computeType =
        llvm::cast<quant::QuantizedType>(computeType).getExpressedType();
  auto computeTensorType =
      RankedTensorType::get(resultType.getShape(), computeType);
  Tensor result(computeTensorType);
  SmallVector<Element> args(inputs.size());
  for (int64_t i = 0; i < result.size(); ++i) {
    for (auto [slot, input] : llvm::zip(args, inputs))
      slot = input.getRank() == 0 ? input[0] : input[i];
    std::optional<Element> value = kernel(args, types, computeType);
    if (!value)
      return op->emitError()
             << "the interpreter does not support '" << op->getName()
             << "' on element type " << types.front();
    result.set(i, std::move(*value));
  }
  if (quantizedResult)
    return Values{quantize(result, resultType)};
  return Values{std::move(result)};
}

FailureOr<RankedTensorType> concreteResultType(Operation *op, unsigned index,
                                               ArrayRef<int64_t> shape) {
  // About 10 GiB of elements; beyond this a shape read from data is far
  // more likely wrong than meant.
  constexpr int64_t kMaxElements = int64_t(1) << 28;
  RankedTensorType declared = resultTensorType(op, index);
  auto describe = [&](InFlightDiagnostic diag) {
    diag << "result #" << index << " shape [";
    llvm::interleaveComma(shape, diag);
    diag << "]";
    return diag;
  };
  if (declared.getRank() != static_cast<int64_t>(shape.size()))
    return describe(op->emitError())
           << " computed from the operands does not have the rank of "
           << declared;
  int64_t count = 1;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (size < 0)
      return describe(op->emitError())
             << " computed from the operands has a negative size";
    if (!declared.isDynamicDim(d) && declared.getDimSize(d) != size)
      return describe(op->emitError())
             << " computed from the operands does not match " << declared;
    if (size != 0 && count > kMaxElements / size)
      count = kMaxElements + 1;
    else
      count *= size;
  }
  if (count > kMaxElements)
    return describe(op->emitError())
           << " has more than " << kMaxElements
           << " elements, more than the interpreter holds";
  return RankedTensorType::get(shape, declared.getElementType());
}

} // namespace axle::interp

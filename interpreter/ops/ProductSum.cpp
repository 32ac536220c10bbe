//===- ProductSum.cpp - sums of products for contractions -----------------===//

#include "interpreter/ops/ProductSum.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

namespace axle::interp {

std::optional<SumKind> sumKindFor(Type resultElement) {
  if (auto integer = llvm::dyn_cast<IntegerType>(resultElement))
    return integer.getWidth() <= 64 ? std::optional(SumKind::Integer)
                                    : std::nullopt;
  Type part = resultElement;
  bool complex = false;
  if (auto complexType = llvm::dyn_cast<ComplexType>(resultElement)) {
    part = complexType.getElementType();
    complex = true;
  }
  auto floatType = llvm::dyn_cast<FloatType>(part);
  if (!floatType)
    return std::nullopt;
  if (floatType.getWidth() <= 32)
    return complex ? SumKind::Complex64 : SumKind::Float32;
  if (floatType.isF64())
    return complex ? SumKind::Complex128 : SumKind::Float64;
  return std::nullopt;
}

namespace {

/// The value of a real (integer or float) element of type `source`,
/// rounded to the float semantics `target`.
APFloat realIn(const Element &element, Type source,
               const llvm::fltSemantics &target) {
  bool losesInfo = false;
  if (element.isFloat()) {
    APFloat value = element.getFloat();
    value.convert(target, APFloat::rmNearestTiesToEven, &losesInfo);
    return value;
  }
  APFloat value(target);
  value.convertFromAPInt(element.getInt(), !isUnsignedInt(source),
                         APFloat::rmNearestTiesToEven);
  return value;
}

/// `value` widened to a C++ float type (exact: `value` is never wider).
template <typename F> F widen(APFloat value) {
  bool losesInfo = false;
  if constexpr (std::is_same_v<F, float>) {
    value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return value.convertToFloat();
  } else {
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return value.convertToDouble();
  }
}

LogicalResult unsupportedConversion(Operation *op, Type source, Type result) {
  return op->emitError() << "the interpreter does not evaluate '"
                         << op->getName() << "' with " << source
                         << " operands and a " << result << " result";
}

template <typename F>
LogicalResult loadReal(Operation *op, const Tensor &tensor, Type resultElement,
                       std::vector<F> &values) {
  Type source = tensor.getElementType();
  if (llvm::isa<ComplexType>(source))
    return unsupportedConversion(op, source, resultElement);
  const llvm::fltSemantics &target = semanticsOf(resultElement);
  values.resize(tensor.size());
  for (int64_t i = 0; i < tensor.size(); ++i)
    values[i] = widen<F>(realIn(tensor[i], source, target));
  return success();
}

template <typename F>
LogicalResult loadComplex(const Tensor &tensor, Type resultElement,
                          std::vector<std::complex<F>> &values) {
  Type source = tensor.getElementType();
  Type part = llvm::cast<ComplexType>(resultElement).getElementType();
  const llvm::fltSemantics &target = semanticsOf(part);
  values.resize(tensor.size());
  for (int64_t i = 0; i < tensor.size(); ++i) {
    const Element &element = tensor[i];
    if (element.isComplex()) {
      APFloat re = element.getComplex().first, im = element.getComplex().second;
      bool losesInfo = false;
      re.convert(target, APFloat::rmNearestTiesToEven, &losesInfo);
      im.convert(target, APFloat::rmNearestTiesToEven, &losesInfo);
      values[i] = {widen<F>(re), widen<F>(im)};
    } else {
      values[i] = {widen<F>(realIn(element, source, target)), F(0)};
    }
  }
  return success();
}

} // namespace

LogicalResult loadOperand(Operation *op, const Tensor &tensor,
                          Type resultElement, std::vector<uint64_t> &values) {
  Type source = tensor.getElementType();
  auto integer = llvm::dyn_cast<IntegerType>(source);
  if (!integer || integer.getWidth() > 64)
    return unsupportedConversion(op, source, resultElement);
  bool isUnsigned = isUnsignedInt(source);
  values.resize(tensor.size());
  for (int64_t i = 0; i < tensor.size(); ++i) {
    const APInt &bits = tensor[i].getInt();
    values[i] = isUnsigned ? bits.getZExtValue()
                           : static_cast<uint64_t>(bits.getSExtValue());
  }
  return success();
}

LogicalResult loadOperand(Operation *op, const Tensor &tensor,
                          Type resultElement, std::vector<float> &values) {
  return loadReal(op, tensor, resultElement, values);
}

LogicalResult loadOperand(Operation *op, const Tensor &tensor,
                          Type resultElement, std::vector<double> &values) {
  return loadReal(op, tensor, resultElement, values);
}

LogicalResult loadOperand(Operation *, const Tensor &tensor, Type resultElement,
                          std::vector<std::complex<float>> &values) {
  return loadComplex(tensor, resultElement, values);
}

LogicalResult loadOperand(Operation *, const Tensor &tensor, Type resultElement,
                          std::vector<std::complex<double>> &values) {
  return loadComplex(tensor, resultElement, values);
}

Element storeSum(uint64_t sum, Type resultElement) {
  return Element(APInt(resultElement.getIntOrFloatBitWidth(), sum,
                       /*isSigned=*/false, /*implicitTrunc=*/true));
}

Element storeSum(float sum, Type resultElement) {
  return Element::fromDouble(resultElement, sum);
}

Element storeSum(double sum, Type resultElement) {
  return Element::fromDouble(resultElement, sum);
}

Element storeSum(std::complex<float> sum, Type resultElement) {
  return Element::fromComplex(resultElement,
                              {double(sum.real()), double(sum.imag())});
}

Element storeSum(std::complex<double> sum, Type resultElement) {
  return Element::fromComplex(resultElement, sum);
}

ContractionInputs dequantizeContraction(const Tensor &lhs, const Tensor &rhs,
                                        RankedTensorType resultType) {
  Type computeElement = resultType.getElementType();
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(computeElement))
    computeElement = quantized.getExpressedType();
  return {dequantize(lhs), dequantize(rhs), computeElement};
}

SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

} // namespace axle::interp

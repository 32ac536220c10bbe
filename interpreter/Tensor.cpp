//===- Tensor.cpp - values the interpreter computes with ------------------===//

#include "interpreter/Tensor.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

using namespace mlir;

namespace axle::interp {

std::optional<int64_t> boundedElementCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape) {
    if (size < 0)
      return std::nullopt;
    if (size == 0)
      return 0;
  }
  for (int64_t size : shape) {
    if (size > kMaxTensorElements / count)
      return std::nullopt;
    count *= size;
  }
  return count;
}

static Type storageTypeOf(Type elementType) {
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(elementType))
    return quantized.getStorageType();
  return elementType;
}

Tensor::Tensor(RankedTensorType type, const Element &fill)
    : type(type), elements(std::make_shared<std::vector<Element>>(
                      type.getNumElements(), fill)) {}

Tensor::Tensor(RankedTensorType type)
    : Tensor(type, Element::zero(storageTypeOf(type.getElementType()))) {}

Type Tensor::storageType() const { return storageTypeOf(getElementType()); }

Tensor Tensor::fromAttr(DenseElementsAttr attr, RankedTensorType type) {
  Tensor result(type);
  Type element = attr.getElementType();
  std::vector<Element> &out = *result.elements;
  if (llvm::isa<FloatType>(element)) {
    int64_t i = 0;
    for (APFloat value : attr.getValues<APFloat>())
      out[i++] = Element(value);
  } else if (auto complex = llvm::dyn_cast<ComplexType>(element)) {
    int64_t i = 0;
    for (std::complex<APFloat> value : attr.getValues<std::complex<APFloat>>())
      out[i++] = Element(value.real(), value.imag());
  } else {
    int64_t i = 0;
    for (APInt value : attr.getValues<APInt>())
      out[i++] = Element(value);
  }
  return result;
}

DenseElementsAttr Tensor::toAttr() const {
  auto storage = RankedTensorType::get(type.getShape(), storageType());
  Type element = storage.getElementType();
  if (llvm::isa<FloatType>(element)) {
    SmallVector<APFloat> values;
    for (const Element &e : *elements)
      values.push_back(e.getFloat());
    return DenseElementsAttr::get(storage, values);
  }
  if (llvm::isa<ComplexType>(element)) {
    SmallVector<std::complex<APFloat>> values;
    for (const Element &e : *elements)
      values.emplace_back(e.getComplex().first, e.getComplex().second);
    return DenseElementsAttr::get(storage, values);
  }
  SmallVector<APInt> values;
  for (const Element &e : *elements)
    values.push_back(e.getInt());
  return DenseElementsAttr::get(storage, values);
}

void Tensor::makeUnique() {
  if (elements.use_count() > 1)
    elements = std::make_shared<std::vector<Element>>(*elements);
}

void Tensor::set(int64_t linear, Element value) {
  makeUnique();
  (*elements)[linear] = std::move(value);
}

int64_t Tensor::linearIndex(ArrayRef<int64_t> index) const {
  int64_t linear = 0;
  for (auto [i, size] : llvm::zip(index, type.getShape()))
    linear = linear * size + i;
  return linear;
}

SmallVector<int64_t> Tensor::multiIndex(int64_t linear) const {
  SmallVector<int64_t> index(type.getRank());
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    int64_t size = type.getDimSize(d);
    index[d] = size ? linear % size : 0;
    linear = size ? linear / size : 0;
  }
  return index;
}

void Tensor::forEachIndex(ArrayRef<int64_t> shape,
                          function_ref<void(ArrayRef<int64_t>)> fn) {
  for (int64_t size : shape)
    if (size == 0)
      return;
  SmallVector<int64_t> index(shape.size(), 0);
  while (true) {
    fn(index);
    int64_t d = static_cast<int64_t>(shape.size()) - 1;
    for (; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}

} // namespace axle::interp

//===- RawBuffer.cpp - tensors as bytes in memory -------------------------===//

#include "interpreter/io/RawBuffer.h"

#include "mlir/IR/BuiltinTypes.h"

namespace axle::interp {

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

unsigned elementBytes(Type type) {
  if (auto complex = llvm::dyn_cast<ComplexType>(type))
    return 2 * elementBytes(complex.getElementType());
  return std::max(1u, (type.getIntOrFloatBitWidth() + 7) / 8);
}

std::string toRawBytes(const Tensor &tensor) {
  Type type = tensor.storageType();
  std::string bytes;
  bytes.reserve(tensor.size() * elementBytes(type));
  auto append = [&](const APInt &bits) {
    unsigned count = std::max(1u, (bits.getBitWidth() + 7) / 8);
    APInt wide = bits.zext(count * 8);
    for (unsigned i = 0; i < count; ++i)
      bytes.push_back(static_cast<char>(wide.extractBitsAsZExtValue(8, 8 * i)));
  };
  for (int64_t i = 0; i < tensor.size(); ++i) {
    const Element &e = tensor[i];
    if (e.isInt())
      append(e.getInt());
    else if (e.isFloat())
      append(e.getFloat().bitcastToAPInt());
    else {
      append(e.getComplex().first.bitcastToAPInt());
      append(e.getComplex().second.bitcastToAPInt());
    }
  }
  return bytes;
}

Tensor fromRawBytes(RankedTensorType type, llvm::StringRef bytes) {
  Tensor tensor(type);
  Type storage = tensor.storageType();
  unsigned size = elementBytes(storage);
  auto readBits = [&](uint64_t offset, unsigned count, unsigned width) {
    APInt value(count * 8, 0);
    for (unsigned i = 0; i < count; ++i)
      value.insertBits(APInt(8, static_cast<unsigned char>(bytes[offset + i])),
                       8 * i);
    return value.trunc(width);
  };
  for (int64_t i = 0; i < tensor.size(); ++i) {
    uint64_t offset = i * size;
    if (storage.isInteger(1)) {
      tensor.set(i, Element(APInt(1, bytes[offset] != 0)));
    } else if (llvm::isa<IntegerType>(storage)) {
      tensor.set(
          i, Element(readBits(offset, size, storage.getIntOrFloatBitWidth())));
    } else if (auto complex = llvm::dyn_cast<ComplexType>(storage)) {
      auto partType = llvm::cast<FloatType>(complex.getElementType());
      unsigned half = size / 2, width = partType.getWidth();
      tensor.set(i, Element(APFloat(partType.getFloatSemantics(),
                                    readBits(offset, half, width)),
                            APFloat(partType.getFloatSemantics(),
                                    readBits(offset + half, half, width))));
    } else {
      auto floatType = llvm::cast<FloatType>(storage);
      tensor.set(
          i, Element(APFloat(floatType.getFloatSemantics(),
                             readBits(offset, size, floatType.getWidth()))));
    }
  }
  return tensor;
}

} // namespace axle::interp

//===- RawBuffer.h - tensors as bytes in memory -----------------*- C++ -*-===//
//
// The in-memory layout compiled code, .npy files and the runtime share:
// row-major elements, little-endian; booleans and sub-byte integers take a
// byte each, complex numbers are (real, imaginary) pairs; quantized tensors
// hold their storage integers.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_IO_RAWBUFFER_H
#define AXLE_INTERPRETER_IO_RAWBUFFER_H

#include "interpreter/Tensor.h"

#include <string>

namespace axle::interp {

/// A tensor as its type and its elements' bytes: how tools hand tensors to
/// compiled code without the interpreter's per-element form (which takes
/// tens of bytes per element).
struct RawTensor {
  mlir::RankedTensorType type;
  std::string bytes;
};

/// Bytes of one element of `storageType` (an integer, float or complex
/// type) in memory.
unsigned elementBytes(mlir::Type storageType);

/// The tensor's elements as bytes.
std::string toRawBytes(const Tensor &tensor);

/// A tensor of `type` read from `bytes`, which must hold exactly its
/// elements (the caller checks the size with elementBytes).
Tensor fromRawBytes(mlir::RankedTensorType type, llvm::StringRef bytes);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_IO_RAWBUFFER_H

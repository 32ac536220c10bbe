//===- EvalHelpers.h - shared pieces of op evaluators -----------*- C++ -*-===//
//
// Elementwise driving (including the dequantize -> compute -> quantize rule
// the specification gives quantized elementwise ops) and small accessors the
// op-family files share.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_OPS_EVALHELPERS_H
#define AXLE_INTERPRETER_OPS_EVALHELPERS_H

#include "interpreter/Interpreter.h"

#include <optional>

namespace axle::interp {

inline mlir::RankedTensorType resultTensorType(mlir::Operation *op,
                                               unsigned index = 0) {
  return llvm::cast<mlir::RankedTensorType>(op->getResult(index).getType());
}

/// Computes one result element from the operand elements. `types` are the
/// element types of the operands (after dequantization); `resultType` is the
/// result element type (after dequantization). nullopt: unsupported types.
using ElementKernel = std::function<std::optional<Element>(
    llvm::ArrayRef<Element> args, llvm::ArrayRef<mlir::Type> types,
    mlir::Type resultType)>;

/// Evaluates an elementwise op: operands of rank 0 broadcast (select, clamp),
/// quantized operands are dequantized and a quantized result quantized.
mlir::FailureOr<Values> evalElementwise(mlir::Operation *op,
                                        llvm::ArrayRef<RuntimeValue> operands,
                                        const ElementKernel &kernel);

/// Dequantizes a quantized tensor to its expressed type (other tensors are
/// returned unchanged).
Tensor dequantize(const Tensor &tensor);
/// Quantizes a float tensor to the quantized tensor type `type`.
Tensor quantize(const Tensor &tensor, mlir::RankedTensorType type);

/// Integer semantics of an element type.
inline bool isUnsignedInt(mlir::Type type) {
  return type.isUnsignedInteger() || type.isInteger(1);
}

/// Applies `fn` to the value of a float element in double precision and
/// rounds the result to `type`'s precision.
Element viaDouble(mlir::Type type, const Element &x,
                  double (*fn)(double));

} // namespace axle::interp

#endif // AXLE_INTERPRETER_OPS_EVALHELPERS_H

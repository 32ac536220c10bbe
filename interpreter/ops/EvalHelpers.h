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

/// The type of result `index` of `op` with `shape`, a shape computed from
/// the operands at run time (declared result types may have dynamic
/// dimensions). Emits an error and fails when a size is negative, a static
/// dimension of the declared type disagrees, or the result would have more
/// elements than the interpreter holds (shapes read from data may be
/// anything).
mlir::FailureOr<mlir::RankedTensorType>
concreteResultType(mlir::Operation *op, unsigned index,
                   llvm::ArrayRef<int64_t> shape);

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

/// `tensor` converted to element type `type` as the specification's
/// to_destination_type does for promotable types (is_promotable): quantized
/// destinations quantize, quantized sources dequantize, integers extend by
/// their signedness, floats and complex parts round to nearest even.
Tensor toDestinationType(const Tensor &tensor, mlir::Type type);

/// Integer semantics of an element type.
inline bool isUnsignedInt(mlir::Type type) {
  return type.isUnsignedInteger() || type.isInteger(1);
}

/// Element `linear` of an integer tensor read as an index or a size, by the
/// signedness of its type. Unsigned values beyond the int64 range saturate
/// (they are out of bounds either way).
inline int64_t indexValue(const Tensor &tensor, int64_t linear) {
  const llvm::APInt &bits = tensor[linear].getInt();
  if (isUnsignedInt(tensor.getElementType()))
    return static_cast<int64_t>(bits.getLimitedValue(INT64_MAX));
  return bits.getSExtValue();
}

/// Applies `fn` to the value of a float element in double precision and
/// rounds the result to `type`'s precision.
Element viaDouble(mlir::Type type, const Element &x, double (*fn)(double));

} // namespace axle::interp

#endif // AXLE_INTERPRETER_OPS_EVALHELPERS_H

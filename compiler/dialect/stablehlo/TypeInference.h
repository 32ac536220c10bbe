//===- TypeInference.h - result type inference helpers ----------*- C++ -*-===//
//
// Ops whose result types the specification determines implement
// InferTypeOpInterface: builders can omit result types, and the verifier
// checks declared result types against the inferred ones. Inference cannot
// know what a program may legitimately refine, so declared types are
// *compatible* with inferred ones when they differ only in
//   - dimension sizes one side leaves dynamic (`?`) and tensor encodings
//     (e.g. `#stablehlo.bounds`), and
//   - quantization parameters (scales, zero points, axis) of quantized
//     element types with the same storage and expressed types.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_TYPEINFERENCE_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_TYPEINFERENCE_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/IR/Value.h"

namespace axle::stablehlo {

/// The isCompatibleReturnTypes rule described above.
bool isCompatibleInferredTypes(mlir::TypeRange inferred,
                               mlir::TypeRange declared);

/// Defines OP::isCompatibleReturnTypes as isCompatibleInferredTypes.
#define AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(OP)                             \
  bool OP::isCompatibleReturnTypes(::mlir::TypeRange l, ::mlir::TypeRange r) { \
    return ::axle::stablehlo::isCompatibleInferredTypes(l, r);                 \
  }

/// Reports (when `loc` is given) why a result type cannot be inferred:
/// "'<op>' op cannot infer the result: <args...>".
template <typename... Args>
mlir::LogicalResult cannotInfer(std::optional<mlir::Location> loc,
                                llvm::StringRef opName, Args &&...args) {
  return mlir::emitOptionalError(
      loc, "'", opName,
      "' op cannot infer the result: ", std::forward<Args>(args)...);
}

/// The ranked tensor type of `value` (which may be null while a builder is
/// still filling in operands); `what` names the operand in the diagnostic.
mlir::FailureOr<mlir::RankedTensorType>
inferenceTensorOperand(std::optional<mlir::Location> loc,
                       llvm::StringRef opName, mlir::Value value,
                       llvm::StringRef what);

} // namespace axle::stablehlo

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_TYPEINFERENCE_H

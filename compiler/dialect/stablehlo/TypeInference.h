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
#include "mlir/IR/TypeRange.h"

namespace axle::stablehlo {

/// The isCompatibleReturnTypes rule described above.
bool isCompatibleInferredTypes(mlir::TypeRange inferred,
                               mlir::TypeRange declared);

} // namespace axle::stablehlo

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_TYPEINFERENCE_H

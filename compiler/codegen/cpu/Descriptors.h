//===- Descriptors.h - memrefs from raw data pointers -----------*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_DESCRIPTORS_H
#define AXLE_COMPILER_CODEGEN_CPU_DESCRIPTORS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace axle::cpu {

/// True when every size, stride and the offset of `type` are static, so a
/// data pointer alone determines the memref.
bool hasStaticDescriptor(mlir::MemRefType type);

/// The memref of static `type` whose aligned data pointer is `data` (an
/// !llvm.ptr): its LLVM descriptor, built field by field, cast to `type`.
mlir::Value memrefFromPointer(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::MemRefType type, mlir::Value data);

} // namespace axle::cpu

#endif // AXLE_COMPILER_CODEGEN_CPU_DESCRIPTORS_H

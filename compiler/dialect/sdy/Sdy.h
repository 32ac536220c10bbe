//===- Sdy.h - the sdy (Shardy) dialect -------------------------*- C++ -*-===//
//
// Public header of the sdy dialect: meshes, tensor shardings and the ops
// that carry them, as JAX exports them.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_SDY_SDY_H
#define AXLE_COMPILER_DIALECT_SDY_SDY_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

#include "compiler/dialect/sdy/SdyDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/dialect/sdy/SdyAttrs.h.inc"

#define GET_OP_CLASSES
#include "compiler/dialect/sdy/SdyOps.h.inc"

#endif // AXLE_COMPILER_DIALECT_SDY_SDY_H

//===- Chlo.h - the chlo dialect --------------------------------*- C++ -*-===//
//
// Public header of the chlo dialect: dialect, attributes and operations.
// The decomposition into stablehlo is declared in Passes.h.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_CHLO_CHLO_H
#define AXLE_COMPILER_DIALECT_CHLO_CHLO_H

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "compiler/dialect/chlo/ChloDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/dialect/chlo/ChloAttrs.h.inc"

#include "compiler/dialect/chlo/ChloVerify.h"

#define GET_OP_CLASSES
#include "compiler/dialect/chlo/ChloOps.h.inc"

#endif // AXLE_COMPILER_DIALECT_CHLO_CHLO_H

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

namespace axle::chlo {

/// Whether `op` stays a chlo op through --axle-legalize-chlo: chlo.erf and
/// chlo.erfc on statically shaped f32 or bf16 tensors, which both backends
/// compute with axle's f32 recipes (compiler/dialect/stablehlo/F32Erf.h)
/// rather than as a decomposition into stablehlo.
bool isKeptByLegalization(mlir::Operation *op);

} // namespace axle::chlo

#endif // AXLE_COMPILER_DIALECT_CHLO_CHLO_H

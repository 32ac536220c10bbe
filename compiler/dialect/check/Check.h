//===- Check.h - the check dialect ------------------------------*- C++ -*-===//
//
// Public header of the `check` dialect: the expectation ops of StableHLO
// test programs (check.expect_eq, check.expect_close, ...).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_CHECK_CHECK_H
#define AXLE_COMPILER_DIALECT_CHECK_CHECK_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "compiler/dialect/check/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "compiler/dialect/check/CheckOps.h.inc"

#endif // AXLE_COMPILER_DIALECT_CHECK_CHECK_H

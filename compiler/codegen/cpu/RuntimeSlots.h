//===- RuntimeSlots.h - globals the runtime fills at load time --*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_RUNTIMESLOTS_H
#define AXLE_COMPILER_CODEGEN_CPU_RUNTIMESLOTS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace axle::cpu {

/// A null-initialized pointer global `name` of `linkage`, created at the
/// insertion point of `b`.
mlir::LLVM::GlobalOp createNullPointerGlobal(mlir::OpBuilder &b,
                                             mlir::Location loc,
                                             llvm::StringRef name,
                                             mlir::LLVM::Linkage linkage);

/// The module's exported, null-initialized pointer global `name`, created
/// at the top of the module on first use. Compiled code calls through such
/// slots (parallel loops, allocation, custom calls); the runtime's loader
/// stores its functions in them, and code run without the runtime sees
/// null and falls back.
mlir::LLVM::GlobalOp getOrCreateRuntimeSlot(mlir::ModuleOp module,
                                            llvm::StringRef name,
                                            mlir::Location loc);

} // namespace axle::cpu

#endif

//===- RegisterCompilerDialects.cpp - what code generation needs ----------===//
//
// Code generation goes through most upstream dialects, and many of their
// interfaces (bufferization, deallocation, conversion to LLVM, inlining)
// are attached as external models. This one translation unit registers
// them all, so that no other file pays for the large headers.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/RegisterDialects.h"

#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

void axle::registerCompilerDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // Subsets of tensors and vector transfers, for hoisting loop-invariant
  // ones (hoistLoopInvariantSubsets).
  mlir::tensor::registerSubsetOpInterfaceExternalModels(registry);
  mlir::vector::registerSubsetOpInterfaceExternalModels(registry);
}

//===- Prefetch.h - software prefetches for streamed inputs -----*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_PREFETCH_H
#define AXLE_COMPILER_CODEGEN_CPU_PREFETCH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

/// Marks the loop over blocks of rows that FuseRowBlocks built, for
/// `insertPrefetches`.
void markRowBlockLoop(mlir::scf::ForallOp loop);

/// After vectorization: elementwise loops that stream a large function
/// argument prefetch it ahead, and the last parallel pass of a marked
/// row-block loop that computes per element prefetches the next block of
/// its large input (Prefetch.cpp). Removes the marks.
void insertPrefetches(mlir::RewriterBase &rewriter, mlir::func::FuncOp func);

} // namespace axle::cpu

#endif // AXLE_COMPILER_CODEGEN_CPU_PREFETCH_H

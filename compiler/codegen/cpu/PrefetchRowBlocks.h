//===- PrefetchRowBlocks.h - fetch the next block of rows early -*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_PREFETCHROWBLOCKS_H
#define AXLE_COMPILER_CODEGEN_CPU_PREFETCHROWBLOCKS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

/// Marks the loop over blocks of rows that FuseRowBlocks built.
void markRowBlockLoop(mlir::scf::ForallOp loop);

/// In each marked loop (the mark is removed), after its passes are
/// vectorized: the last parallel pass that reads a large input's block of
/// rows prefetches the next block's rows into L2.
void prefetchNextRowBlocks(mlir::RewriterBase &rewriter,
                           mlir::func::FuncOp func);

} // namespace axle::cpu

#endif // AXLE_COMPILER_CODEGEN_CPU_PREFETCHROWBLOCKS_H

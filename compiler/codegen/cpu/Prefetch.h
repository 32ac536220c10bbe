//===- Prefetch.h - software prefetches for streamed inputs -----*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_PREFETCH_H
#define AXLE_COMPILER_CODEGEN_CPU_PREFETCH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

/// Marks the loop over blocks of rows that FuseRowBlocks built, for
/// `insertPrefetches`.
void markRowBlockLoop(mlir::scf::ForallOp loop);

/// Marks the loop over k of a row reduction (16 rows a step, each row a
/// stream of its own), for `insertPrefetches`; `inOrder` where its rows
/// fold in order, lane-wise (not an order-free reduction).
void markRowReductionLoop(mlir::scf::ForOp loop, bool inOrder);

/// After vectorization: elementwise loops that stream a large function
/// argument prefetch it ahead, and a pass of a marked row-block loop (the
/// last parallel pass that reads the block, or a reduction after it)
/// prefetches the next block of its large input, and, where
/// `reductionRows`, marked row reductions over a large tensor prefetch each
/// row ahead (Prefetch.cpp). Removes the marks.
void insertPrefetches(mlir::RewriterBase &rewriter, mlir::func::FuncOp func,
                      bool reductionRows);

/// Asks for prefetches of the elements `read` will read `distance` further
/// along `dimension` of its tensor (clamped to stay inside it), one per
/// cache line, into L1, for writing where `forWrite`: made by
/// insertMarkedPrefetches, before the read.
void markReadForPrefetch(mlir::vector::TransferReadOp read, int64_t dimension,
                         int64_t distance, bool forWrite);

/// Asks, for the read of B in a matmul block's copy of a panel, that each
/// register tile of the loop over row tiles (mr rows each) that uses the
/// panel prefetch `rowsPerTile` rows of the next panel into L2: made by
/// insertMarkedPrefetches, at the start of that loop's body.
void markReadForNextPanelPrefetch(mlir::vector::TransferReadOp read, int64_t mr,
                                  int64_t rowsPerTile);
/// The same for the read of a transposed B (nc x kc) by 16 x 16 blocks in
/// a matmul block's copy of a panel of nr of its rows: each register tile
/// prefetches `rowsPerTile` of the rows the next copy reads.
void markTransposedReadForNextPanelPrefetch(mlir::vector::TransferReadOp read,
                                            int64_t mr, int64_t nr,
                                            int64_t rowsPerTile);

/// The prefetches of every read marked in `func`; at the end of tiling,
/// once dead loops are gone.
void insertMarkedPrefetches(mlir::RewriterBase &rewriter,
                            mlir::func::FuncOp func);

} // namespace axle::cpu

#endif // AXLE_COMPILER_CODEGEN_CPU_PREFETCH_H

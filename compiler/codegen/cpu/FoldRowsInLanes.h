//===- FoldRowsInLanes.h - row reductions of any body, 16 rows at once -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_FOLDROWSINLANES_H
#define AXLE_COMPILER_CODEGEN_CPU_FOLDROWSINLANES_H

#include "llvm/Support/LogicalResult.h"

namespace mlir {
class RewriterBase;
namespace linalg {
class GenericOp;
}
} // namespace mlir

namespace axle::cpu {

/// Vectorizes one tile of a row reduction, rows x 16 steps of k (2 to 16
/// rows; loops before them of extent 1), whose body the linalg vectorizer
/// does not take: several results chosen by compares and selects, such as
/// argmax's value and index. Each row gets a vector lane: the inputs'
/// 16 x 16 blocks are transposed, and the body runs on vectors of 16 lanes
/// for k = 0, 1, ..., 15 in order, so every row folds its elements in the
/// interpreter's order and the results are bit-identical. Fails, changing
/// nothing, where the tile does not qualify (inputs of other than 8, 16 or
/// 32 bits,
/// reads other than along (row, k), per row or per tile, ops outside the
/// arith and math dialects, integer division).
llvm::LogicalResult foldRowsInLanes(mlir::RewriterBase &rewriter,
                                    mlir::linalg::GenericOp tile);

} // namespace axle::cpu

#endif

//===- FuseRowBlocks.h - softmax-like clusters by blocks of rows -*- C++
//-*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_FUSEROWBLOCKS_H
#define AXLE_COMPILER_CODEGEN_CPU_FUSEROWBLOCKS_H

#include <string>

namespace mlir {
class RewriterBase;
namespace func {
class FuncOp;
}
} // namespace mlir

namespace axle::cpu {

/// Computes each cluster of row-wise ops (a softmax or layer norm: row
/// reductions, the elementwise ops between them and the op that combines
/// them, which may be a last row reduction) block of rows by block of rows,
/// in one scf.forall, so that a
/// block's intermediates stay in cache between the passes over it. Appends
/// a line per cluster to `report` when it is not null. Returns how many
/// clusters were formed.
unsigned fuseRowBlocks(mlir::RewriterBase &rewriter, mlir::func::FuncOp func,
                       std::string *report);

} // namespace axle::cpu

#endif

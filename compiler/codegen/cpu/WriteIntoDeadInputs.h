//===- WriteIntoDeadInputs.h - elementwise results in dying inputs -*- C++
//-*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_WRITEINTODEADINPUTS_H
#define AXLE_COMPILER_CODEGEN_CPU_WRITEINTODEADINPUTS_H

namespace mlir {
class RewriterBase;
namespace func {
class FuncOp;
}
} // namespace mlir

namespace axle::cpu {

/// Makes each elementwise linalg.generic whose result goes into a fresh
/// tensor write it into an input of the same type and indexing instead,
/// when that op is the input's last user (its only one): bufferization then
/// updates the input's buffer in place rather than allocating another one.
/// Returns how many ops changed.
unsigned writeIntoDeadInputs(mlir::RewriterBase &rewriter,
                             mlir::func::FuncOp func);

} // namespace axle::cpu

#endif

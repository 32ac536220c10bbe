//===- FuseEpilogues.h - elementwise consumers into contractions -*- C++
//-*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_FUSEEPILOGUES_H
#define AXLE_COMPILER_CODEGEN_CPU_FUSEEPILOGUES_H

#include <string>

namespace mlir {
class RewriterBase;
namespace func {
class FuncOp;
}
} // namespace mlir

namespace axle::cpu {

struct ContractionTarget;

/// Fuses each elementwise consumer of a matmul or convolution (bias add,
/// activation, residual add) into it: both are computed tile by tile in
/// one scf.forall, the epilogue right after its tile of the contraction,
/// while that tile is still in cache. Appends a line per fusion to `report`
/// when it is not null. Returns how many were fused. The tiles are the
/// contraction's cache tiles, which depend on the `target` (see
/// tileAndVectorizeContraction).
unsigned fuseEpilogues(mlir::RewriterBase &rewriter, mlir::func::FuncOp func,
                       std::string *report, const ContractionTarget &target);

} // namespace axle::cpu

#endif

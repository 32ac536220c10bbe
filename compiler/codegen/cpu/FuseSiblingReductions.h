//===- FuseSiblingReductions.h - one pass for reductions of one input -*- C++
//-*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_FUSESIBLINGREDUCTIONS_H
#define AXLE_COMPILER_CODEGEN_CPU_FUSESIBLINGREDUCTIONS_H

#include <string>

namespace mlir {
class RewriterBase;
namespace func {
class FuncOp;
}
} // namespace mlir

namespace axle::cpu {

/// Merges reductions (linalg.generic with a reduction loop) over the same
/// iteration space that share an input and do not depend on each other,
/// e.g. sum(x) and sum(x * x) of a layer norm, into one generic with one
/// result per reduction: the input is read once. Appends a line per merge
/// to `report` when it is not null. Returns how many merges were made.
unsigned fuseSiblingReductions(mlir::RewriterBase &rewriter,
                               mlir::func::FuncOp func, std::string *report);

} // namespace axle::cpu

#endif

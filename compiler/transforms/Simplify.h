//===- Simplify.h - the simplifier's rule families --------------*- C++ -*-===//
//
// Internal header of the simplifier: one populate function per family of
// rewrite rules, each in its own Simplify<Family>.cpp with its lit tests in
// test/simplify_<family>.mlir.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_TRANSFORMS_SIMPLIFY_H
#define AXLE_COMPILER_TRANSFORMS_SIMPLIFY_H

#include "mlir/IR/PatternMatch.h"

namespace axle::transforms {

struct SimplifyOptions {
  /// Rules that are exact only for finite, non-NaN values and that ignore
  /// the sign of zero are applied only when this is set.
  bool fastMath = false;
};

/// Arithmetic identities, logic with constants, negation, select, compare,
/// convert chains.
void populateArithmeticSimplifications(mlir::RewritePatternSet &patterns,
                                       const SimplifyOptions &options);
/// Chains and no-ops of reshape, transpose, broadcast_in_dim, slice,
/// concatenate, pad, reverse, iota.
void populateShapeSimplifications(mlir::RewritePatternSet &patterns,
                                  const SimplifyOptions &options);
/// reduce, dot_general, dynamic ops with constant operands, while/if/case.
void populateStructureSimplifications(mlir::RewritePatternSet &patterns,
                                      const SimplifyOptions &options);

} // namespace axle::transforms

#endif // AXLE_COMPILER_TRANSFORMS_SIMPLIFY_H

//===- Simplify.h - the simplifier's rule families --------------*- C++ -*-===//
//
// Internal header of the simplifier: one populate function per family of
// rewrite rules, each in its own Simplify<Family>.cpp with its lit tests in
// test/simplify_<family>.mlir.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_TRANSFORMS_SIMPLIFY_H
#define AXLE_COMPILER_TRANSFORMS_SIMPLIFY_H

#include "mlir/IR/BuiltinTypes.h"
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

//===----------------------------------------------------------------------===//
// Helpers shared by the rule families (SimplifyUtils.cpp)
//===----------------------------------------------------------------------===//

/// `type` as a ranked tensor type when it has a static shape and a
/// non-quantized element type (the only tensors most rules rewrite), else
/// null.
mlir::RankedTensorType getPlainStaticType(mlir::Type type);

/// A stablehlo.constant of the static `type` with every element `element`.
mlir::Value createSplatConstant(mlir::PatternRewriter &rewriter,
                                mlir::Location loc, mlir::RankedTensorType type,
                                mlir::Attribute element);

} // namespace axle::transforms

#endif // AXLE_COMPILER_TRANSFORMS_SIMPLIFY_H

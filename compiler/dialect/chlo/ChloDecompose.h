//===- ChloDecompose.h - pattern sets of the chlo decomposition -*- C++ -*-===//
//
// Private to the chlo folder: each ChloDecompose*.cpp file fills one family
// of rewrite patterns; LegalizeChlo.cpp runs them all.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_CHLO_CHLODECOMPOSE_H
#define AXLE_COMPILER_DIALECT_CHLO_CHLODECOMPOSE_H

#include "mlir/IR/PatternMatch.h"

namespace axle::chlo {

/// Reports, at the op, why a chlo op cannot be decomposed (dynamic shapes
/// where a decomposition needs static ones, a result type that refines the
/// operand shape, a constant_like value that is not a number); success for
/// ops the patterns handle.
llvm::LogicalResult checkDecomposable(mlir::Operation *op);

/// Unary and same-shape binary math ops, predicates, constants.
void populateElementwisePatterns(mlir::RewritePatternSet &patterns);
/// broadcast_* ops.
void populateBroadcastPatterns(mlir::RewritePatternSet &patterns);
/// top_k as sort + slice.
void populateTopKPatterns(mlir::RewritePatternSet &patterns);
/// ragged_dot as masked dot_general.
void populateRaggedDotPatterns(mlir::RewritePatternSet &patterns);
/// scan as a while loop.
void populateScanPatterns(mlir::RewritePatternSet &patterns);

} // namespace axle::chlo

#endif // AXLE_COMPILER_DIALECT_CHLO_CHLODECOMPOSE_H

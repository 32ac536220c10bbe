//===- OrderFreeReductions.h - row reductions that need no order -*- C++
//-*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_ORDERFREEREDUCTIONS_H
#define AXLE_COMPILER_CODEGEN_CPU_ORDERFREEREDUCTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

/// Vectorized row reductions whose result does not depend on the order of
/// their elements (float maximum / minimum, integer ones) keep a block of
/// partial results across their loop over k and reduce it once after the
/// loop, instead of reducing every block into the rows' values in order.
/// With `reassociateFloats` (--reassociate-reductions), float sums and
/// products are treated so too.
void populateOrderFreeReductionPatterns(mlir::RewritePatternSet &patterns,
                                        bool reassociateFloats);

/// Whether every result of `op`, a linalg op with one reduction loop,
/// combines its elements with one operation whose result does not depend
/// on their order, as the patterns above decide it for its vector form
/// (with `reassociateFloats`, float sums and products too).
bool isOrderFreeReduction(mlir::linalg::LinalgOp op, bool reassociateFloats);

} // namespace axle::cpu

#endif // AXLE_COMPILER_CODEGEN_CPU_ORDERFREEREDUCTIONS_H

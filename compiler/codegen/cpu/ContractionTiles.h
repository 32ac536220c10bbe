//===- ContractionTiles.h - register tiles for contractions -----*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_CONTRACTIONTILES_H
#define AXLE_COMPILER_CODEGEN_CPU_CONTRACTIONTILES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

/// Whether `op` is a contraction the register tile computes: a float
/// matmul in the lowering's form, or another contraction of that shape (a
/// convolution in NHWC x HWIO layout).
bool isRegisterTileContraction(mlir::linalg::LinalgOp op);

/// Tiles such a contraction for the caches (matmuls) and for the
/// registers, and writes the register tile as vector code. Every output
/// element still sums its products in order, one fused multiply-add each.
void tileAndVectorizeContraction(mlir::RewriterBase &rewriter,
                                 mlir::linalg::LinalgOp op);

/// The tile sizes over the parallel loops of such a contraction (0 = the
/// whole dimension) at which an elementwise consumer fuses into it: the
/// matmul's cache tiles, a convolution's output rows. All zero (or empty)
/// when the contraction is computed as one tile.
llvm::SmallVector<int64_t> epilogueTileSizes(mlir::linalg::LinalgOp op);

} // namespace axle::cpu

#endif

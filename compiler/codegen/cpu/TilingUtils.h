//===- TilingUtils.h - tiling and vectorization helpers ---------*- C++ -*-===//
//
// What the tiling steps of axle-tile-and-vectorize share: which element
// types and bodies vectorize exactly, tile sizes that divide loop bounds,
// tiling into scf.forall / scf.for, and vectorizing a static tile.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_TILINGUTILS_H
#define AXLE_COMPILER_CODEGEN_CPU_TILINGUTILS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace axle::cpu {

/// Element types whose vectors lower exactly like their scalars.
bool isVectorizableElement(mlir::Type type);

/// The largest divisor of `size` that is at most `limit`.
int64_t largestDivisor(int64_t size, int64_t limit);

/// The body computes only with arith and math ops that have an exact
/// vector counterpart in our pipeline.
bool hasVectorizableBody(mlir::linalg::LinalgOp op);

/// Every operand is a static tensor of a vectorizable element type.
bool hasStaticVectorizableOperands(mlir::linalg::LinalgOp op);

/// Every operand's map is a projected permutation that either indexes its
/// innermost dimension by loop `dim` or does not use `dim` at all: the
/// operands are contiguous (or broadcast) along that loop.
bool readsContiguouslyAlong(mlir::linalg::LinalgOp op, unsigned dim);

/// Tiles `op` with `sizes` (0 = not tiled) and returns the tiled op: one
/// scf.forall when every tiled loop is parallel (it later runs on the
/// runtime's kernel threads) and `sequential` is not set, else scf.for
/// loops; their order is the op's loops permuted by `interchange` when
/// given (as scf::SCFTilingOptions::setInterchange takes it).
mlir::FailureOr<mlir::TilingInterface>
tile(mlir::RewriterBase &rewriter, mlir::TilingInterface op,
     llvm::ArrayRef<int64_t> sizes, bool sequential = false,
     llvm::ArrayRef<int64_t> interchange = {});

/// Tiles `consumer` (its tiled loops parallel) into one scf.forall of
/// tiles of `sizes` (0 = whole) and computes inside each tile the slice of
/// each producer that `fuse` accepts, transitively (through inits too: a
/// fused producer's destination becomes the loop's); then replaces and
/// erases `consumer`. The untiled producers stay for their other users,
/// except those `yield` accepts: the loop also returns their whole result,
/// assembled from the tiles, and their uses outside the loop (which must
/// all come after `consumer`) take it.
mlir::FailureOr<mlir::scf::SCFTileAndFuseResult> tileAndFuseInForall(
    mlir::RewriterBase &rewriter, mlir::TilingInterface consumer,
    llvm::ArrayRef<int64_t> sizes,
    llvm::function_ref<bool(mlir::Operation *producer)> fuse,
    llvm::function_ref<bool(mlir::Operation *producer)> yield = nullptr);

/// Tiles `op`, whose tiled loops are all parallel, into one scf.forall
/// like `tile`, and computes a linalg.fill that produces one of its inits
/// inside each tile: a matmul's or convolution's zero accumulator is then
/// written tile by tile just before the tile adds to it, while in cache,
/// instead of in a pass of its own over the whole result.
mlir::FailureOr<mlir::TilingInterface>
tileFusingInitFills(mlir::RewriterBase &rewriter, mlir::TilingInterface op,
                    llvm::ArrayRef<int64_t> sizes);

/// `linalg.generic loc(...)`: an op as the fusion report names it.
std::string describeOp(mlir::Operation *op);

/// Splits `op` along loop `dimension` at `point` (linalg::splitOp, at the
/// op) into the part before `point` and the part from it on; fails (and
/// changes nothing) when the split does.
mlir::FailureOr<std::pair<mlir::linalg::LinalgOp, mlir::linalg::LinalgOp>>
splitInTwo(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
           unsigned dimension, int64_t point);

/// Vectorizes `op` (static shapes) and replaces it; with `tensorExtracts`,
/// tensor.extract ops in its body become vector reads (contiguous along
/// the innermost loop) or gathers.
mlir::LogicalResult vectorizeOp(mlir::RewriterBase &rewriter,
                                mlir::Operation *op,
                                bool tensorExtracts = false);

} // namespace axle::cpu

#endif

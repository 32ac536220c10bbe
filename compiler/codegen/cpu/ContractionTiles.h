//===- ContractionTiles.h - register tiles for contractions -----*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_CONTRACTIONTILES_H
#define AXLE_COMPILER_CODEGEN_CPU_CONTRACTIONTILES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

/// Whether `op` is a contraction the register tile computes: a float
/// matmul in the lowering's form, or another contraction of that shape (a
/// convolution in NHWC x HWIO layout); not a matmul marked kAmxTilesAttr.
bool isRegisterTileContraction(mlir::linalg::LinalgOp op);

/// Marks the matmuls AmxMatmuls.cpp computes on AMX tiles after
/// bufferization (TileAndVectorize.cpp with its amx-tiles option).
inline constexpr llvm::StringLiteral kAmxTilesAttr = "axle.amx_tiles";

/// `size` rounded up to a multiple of 32, the rows and columns of an AMX
/// block of sums (2 x 2 tiles of 16) and the k of one tile multiply: the
/// size AmxMatmuls.cpp pads a matmul's dimensions to.
inline int64_t amxPaddedSize(int64_t size) { return (size + 31) / 32 * 32; }

/// Whether `op` (on tensors) is a matmul AMX tiles can compute: bf16 x bf16
/// into f32 in the lowering's matmul form, with or without a batch
/// dimension, B as it is or transposed, at least 2^15 multiply-adds in all,
/// and m, n and k padded to multiples of 32 (the 2 x 2 blocks of 16 x 16
/// sums and the tiles' 32 k) at most doubling them (below that, asking the
/// kernel for tile state costs more than the tiles gain).
bool isAmxTileMatmul(mlir::linalg::LinalgOp op);

/// Marks the elementwise consumer of a matmul marked kAmxTilesAttr that
/// AmxMatmuls.cpp applies to each 32 x 32 block of sums as the tiles finish
/// it, instead of storing the f32 sums and reading them back (a bf16
/// matmul's truncation to bf16, with the bias and activation fused into it).
inline constexpr llvm::StringLiteral kAmxEpilogueAttr = "axle.amx_epilogue";

/// Whether `epilogue` can run on a matmul's `sums`, 32 elements of a row at
/// a time: an all-parallel generic over (batches,) rows and columns with one
/// output,
/// reading `sums` (through inputs, or through its output where that is
/// `sums` itself) and writing its output with identity maps, its other
/// inputs read per element or broadcast (no transposes), and a body of
/// lane-wise ops and constants that reads the output only where it is
/// `sums`. On tensors or on buffers.
bool isAmxEpilogue(mlir::linalg::GenericOp epilogue, mlir::Value sums);

/// Where `op` is such a contraction other than a matmul (a convolution)
/// and reads its filter from a buffer of unknown alignment (an argument of
/// the function; not one it computes, nor a constant, whose global is
/// aligned), makes it read a copy instead, in a buffer of axle's own,
/// aligned to 64 bytes: the register tiles load rows of the
/// filter as whole vectors, over and over, and from a buffer 16 bytes off
/// a cache line (NumPy's large arrays are) each such load touches two
/// lines (resnet_stack at one thread: 51 ms from aligned filters, 71 ms
/// from such ones). Skipped when the filter is read too few times to pay
/// for the copy. Any other op is left alone.
void copyConvolutionFilter(mlir::RewriterBase &rewriter,
                           mlir::linalg::LinalgOp op);

/// What the contractions' tiles depend on of the target CPU.
struct ContractionTarget {
  /// bf16 matmuls into f32 add two products per vdpbf16ps (see
  /// emitMatmulBlock).
  bool bf16PairDot = false;
  /// The L1 data cache per core in bytes (0 = unknown).
  int64_t l1DataBytes = 0;
  /// The width of the widest vector registers: 512 (AVX-512, 32 of them)
  /// or 256 (AVX2, 16 of them), which sets how many accumulators a register
  /// tile keeps (16 zmm or 8 ymm registers).
  int64_t vectorBits = 512;
};

/// Tiles such a contraction for the caches (matmuls) and for the
/// registers, and writes the register tile as vector code. Every output
/// element still sums its products in order, one fused multiply-add each,
/// except bf16 matmuls with `target.bf16PairDot` (see emitMatmulBlock).
void tileAndVectorizeContraction(mlir::RewriterBase &rewriter,
                                 mlir::linalg::LinalgOp op,
                                 const ContractionTarget &target = {});

/// The tile sizes over the parallel loops of such a contraction (0 = the
/// whole dimension) at which an elementwise consumer fuses into it: the
/// matmul's cache tiles, a convolution's output rows. All zero (or empty)
/// when the contraction is computed as one tile. `target` as for
/// tileAndVectorizeContraction, whose tiles these must be.
llvm::SmallVector<int64_t>
epilogueTileSizes(mlir::linalg::LinalgOp op,
                  const ContractionTarget &target = {});

} // namespace axle::cpu

#endif

//===- MatmulBlock.h - one cache block of a matmul as vector code -*- C++
//-*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_MATMULBLOCK_H
#define AXLE_COMPILER_CODEGEN_CPU_MATMULBLOCK_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

/// The most rows (k) of a 64-column f32 panel of B that stay in L1 (48
/// KiB) beside the register tiles' reads of A and C: 128 rows, 32 KiB.
/// ContractionTiles.cpp makes k blocks this deep where it can, and
/// Prefetch.cpp knows such a panel's k loop reads L1, not L2.
constexpr int64_t kPanelRowsInL1 = 128;

/// Whether a matmul in the lowering's form (see `emitMatmulBlock`) reads B
/// transposed, ([1,] n, k).
bool hasTransposedB(mlir::linalg::LinalgOp matmul);

/// Replaces `block`, a static matmul tile in the lowering's form
/// ([1,] mc x kc times [1,] kc x nc, or a transposed B [1,] nc x kc, into
/// [1,] mc x nc; acc = fma(a, b, acc), bf16/f16 inputs widened; a
/// transposed B needs kc and `nr` in multiples of 16, since its panels are
/// packed by 16 x 16 blocks), by vector code with `mr` x `nr` register
/// tiles (which divide mc and nc). Columns of register tiles go outermost,
/// so that the kc x nr panel of B they read stays in L1 while every row
/// tile runs over it; when it is reused by several row tiles, B is first
/// copied into such contiguous panels (B's rows may be 4 KiB apart, which
/// would map a panel to a few L1 sets). Each element of C still adds its
/// products in k order with one fused multiply-add each.
/// With `pairDot` (the caller's choice for bf16 inputs into f32 with a B
/// that is not transposed, under fast-math on a CPU with AVX512-BF16), the
/// block adds two k steps per vdpbf16ps instead (k + 1 first, then k;
/// subnormals flushed), from panels of B's rows k and k + 1 interleaved,
/// where kc is even and `nr` a multiple of 16.
/// With an `epilogue` (from `findRegisterEpilogue`), the block must be the
/// whole of k: each register tile of C goes through the epilogue's body in
/// registers as it leaves the k loop, and is written into the epilogue's
/// result, which replaces the epilogue (C itself is never stored).
mlir::LogicalResult emitMatmulBlock(mlir::RewriterBase &rewriter,
                                    mlir::linalg::LinalgOp block, int64_t mr,
                                    int64_t nr, bool pairDot = false,
                                    mlir::linalg::GenericOp epilogue = {});

/// The elementwise epilogue that FuseEpilogues.cpp tiled together with
/// `matmul` and that the register tiles can apply: the only user of
/// `matmul`'s result, beside it in the same scf.forall tile, an all-parallel
/// generic over the same loops that reads the result (as an input or as its
/// init) along the identity, whose other operands are read along projected
/// permutations, and whose body is arith and math ops on scalars. Null when
/// there is none.
mlir::linalg::GenericOp findRegisterEpilogue(mlir::linalg::LinalgOp matmul);

} // namespace axle::cpu

#endif

//===- CpuPipeline.h - linalg on tensors to native code ---------*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_CPUPIPELINE_H
#define AXLE_COMPILER_CODEGEN_CPU_CPUPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace axle::cpu {

/// What the generated code may assume about the machine it runs on.
struct CpuTarget {
  std::string triple;   ///< e.g. x86_64-unknown-linux-gnu
  std::string cpu;      ///< LLVM CPU name, e.g. znver4, x86-64-v3
  std::string features; ///< LLVM feature string, e.g. +avx2,+fma,...
  /// One core's L1 data cache in bytes (this machine's from sysfs, or a
  /// named CPU's from a table); 0 when unknown. Tiling depends on it.
  int64_t l1DataBytes = 0;
};

struct CodegenOptions {
  CpuTarget target;
  bool fastMath = false;
  unsigned optLevel = 3;
};

/// Resolves a user's --target-triple / --target-cpu ("host" = this machine;
/// an empty triple = this machine's) into a target with its features.
/// Fails with a message for unknown triples or CPUs.
mlir::FailureOr<CpuTarget> resolveCpuTarget(llvm::StringRef triple,
                                            llvm::StringRef cpu,
                                            std::string &error);

/// Whether code for `target` may use the LLVM feature `feature` (e.g.
/// "avx512f"), named or implied by its CPU.
bool targetHasFeature(const CpuTarget &target, llvm::StringRef feature);

/// Whether `target`'s CPU computes products that underflow (to subnormals
/// or 0) as fast as others: AMD Zen 4 and 5 do; Intel cores take a
/// microcode assist of ~100 cycles, and unknown CPUs are assumed to.
bool targetUnderflowsQuietly(const CpuTarget &target);

/// Whether `target`'s vdpbf16ps (two bf16 products per f32 lane) outpaces
/// f32 fused multiply-adds on bf16 inputs widened to f32: on AMD Zen 4 and
/// 5 it runs at twice the f32 rate; on Intel Xeons (Sapphire and Emerald
/// Rapids) at half of it, and unknown CPUs are assumed to be as slow.
/// False where the target lacks AVX512-BF16.
bool targetPairsBF16Fast(const CpuTarget &target);

/// Whether `target` has AMX tiles with bf16 multiplies (AMX-TILE and
/// AMX-BF16: Intel Xeons from Sapphire Rapids on), on which one tdpbf16ps
/// does 16384 flops (an Intel Xeon core here: up to 2180 GFLOP/s, 15
/// times its f32 FMA peak).
bool targetHasAmxTiles(const CpuTarget &target);

/// Whether row reductions over large tensors, which read 16 rows at a time
/// (16 streams), run faster with a software prefetch of each row ahead: on
/// AMD Zen 4 and 5 they do; on an Intel Xeon (Emerald Rapids) they ran
/// slower, its hardware prefetchers following the 16 streams, and unknown
/// CPUs are left to their hardware prefetchers too.
bool targetPrefetchesReductionRows(const CpuTarget &target);

/// What shapes the CPU pipeline from linalg on tensors to the LLVM dialect;
/// the defaults are a generic target with nothing reported.
struct LinalgToLLVMOptions {
  /// "text" or "json": print the bufferized program's memory report to
  /// stdout on the way; "" (the default): no report.
  std::string memoryReport;
  /// Print the fusion decisions and kernel counts.
  bool fusionReport = false;
  /// Fuse elementwise chains (off: to measure what fusion gains).
  bool fusion = true;
  /// x86 targets: large write-only results use non-temporal stores.
  bool streamingStores = false;
  /// Linux targets: a library run without the runtime advises huge pages
  /// for its large buffers, as the runtime does.
  bool hugePages = false;
  /// The target has AVX-512F: exp scales by vscalefps, and the math
  /// recipes' table lookups are register permutes (also with `avx2`).
  bool avx512 = false;
  /// The target has AVX2; without AVX-512 its 16 vector registers are 256
  /// bits wide, and the register tiles of contractions fit that.
  bool avx2 = false;
  /// IEEE maximum and minimum of 512-bit vectors use vrange.
  bool avx512dq = false;
  /// targetUnderflowsQuietly: exp computes results that round to 0 instead
  /// of selecting them.
  bool quietUnderflow = false;
  /// Fast-math on a CPU with AVX512-BF16 (where targetPairsBF16Fast, unless
  /// --bf16-pair-dot says otherwise): bf16 matmuls into f32 use vdpbf16ps,
  /// two k steps per instruction.
  bool bf16PairDot = false;
  /// Fast-math on a CPU with AMX-BF16 (targetHasAmxTiles): bf16 matmuls
  /// into f32 that fit (isAmxTileMatmul) run on AMX tiles (AmxMatmuls.cpp).
  bool amxTiles = false;
  /// The L1 data cache per core in bytes (0 = unknown): picks the depth of
  /// f32 matmuls' k blocks.
  int64_t l1DataBytes = 0;
  /// --reassociate-reductions or --fast-math: float row sums and products
  /// keep partial results across their loop, as maxima do.
  bool reassociateReductions = false;
  /// targetPrefetchesReductionRows: row reductions over large tensors
  /// prefetch each of their 16 rows ahead.
  bool reductionRowPrefetches = true;
};

/// Adds the passes from linalg/tensor/scf/arith/math/complex on tensors to
/// the LLVM dialect: inlining, bufferization with out-parameters, loops,
/// math expansion and entry points (see docs/architecture.md), as
/// `options` shape them.
void buildLinalgToLLVMPipeline(mlir::OpPassManager &pm,
                               const LinalgToLLVMOptions &options = {});

/// Translates an LLVM-dialect module to LLVM IR, optimizes it for the
/// target and returns the object file's bytes; nullopt after emitting a
/// diagnostic on failure.
std::optional<std::string> emitObjectFile(mlir::ModuleOp module,
                                          const CodegenOptions &options);

/// Links an object file into a shared library (ELF .so) with ld.lld.
/// Returns the library's bytes, or nullopt with `error` set.
std::optional<std::string> linkSharedLibrary(llvm::StringRef object,
                                             const CpuTarget &target,
                                             std::string &error);

/// Registers the CPU passes and the `axle-linalg-to-llvm` pipeline.
void registerCpuCodegenPasses();

} // namespace axle::cpu

#endif // AXLE_COMPILER_CODEGEN_CPU_CPUPIPELINE_H

//===- Pipeline.h - the whole compiler, source to artifact ------*- C++ -*-===//

#ifndef AXLE_COMPILER_DRIVER_PIPELINE_H
#define AXLE_COMPILER_DRIVER_PIPELINE_H

#include "runtime/Artifact.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>

namespace axle {

struct CompileOptions {
  std::string targetTriple; ///< empty or "host": this machine
  std::string targetCpu = "host";
  /// Allow non-IEEE float rewrites (implies reassociateReductions).
  bool fastMath = false;
  /// Let float sums and products in reductions combine in any order.
  bool reassociateReductions = false;
  /// Under fastMath, whether bf16 matmuls into f32 add pairs of products by
  /// vdpbf16ps; unset: where the target runs it faster than f32 FMAs
  /// (cpu::targetPairsBF16Fast). Setting it without fastMath, or to true
  /// for a target without AVX512-BF16, is an error.
  std::optional<bool> bf16PairDot;
  /// Under fastMath, whether bf16 matmuls into f32 that fit
  /// (cpu::isAmxTileMatmul) run on AMX tiles; unset: where the target has
  /// AMX-BF16 (cpu::targetHasAmxTiles) and bf16PairDot is not set to true.
  /// Setting it without fastMath, or to true for a target without
  /// AMX-BF16, is an error.
  std::optional<bool> amxTiles;
  unsigned optLevel = 3;
  /// Print the IR after each pass (for debugging the compiler).
  bool printIRAfterAll = false;
  /// Print the memory report of the bufferized program to stdout: "" (no),
  /// "text" or "json".
  std::string memoryReport;
  /// Print the fusion decisions and kernel counts to stdout.
  bool fusionReport = false;
  /// Fuse elementwise chains into single loop nests.
  bool fusion = true;
  /// Simplify the program and fold constants before lowering.
  bool simplify = true;
};

/// Adds the phases from stablehlo (with chlo and quantized types) to linalg
/// on tensors: --axle-legalize-chlo, --axle-lower-quantized, --inline,
/// (with `simplify`) --axle-simplify and --axle-fold-constants,
/// --axle-lower-to-linalg (with `reassociateReductions`, its
/// reassociate-reductions option).
void buildStablehloToLinalgPipeline(mlir::OpPassManager &pm,
                                    bool simplify = true,
                                    bool reassociateReductions = false);

/// What compiling a module produces: the artifact (signatures, target,
/// shared library) and the object file the library was linked from.
struct CompiledModule {
  runtime::Artifact artifact;
  std::string object;
};

/// Compiles every public function of `module` (rewritten in place) into an
/// artifact. Diagnostics go to the context's handler; nullopt on failure.
std::optional<CompiledModule> compileModule(mlir::ModuleOp module,
                                            const CompileOptions &options);

/// Registers the named pipelines (`axle-stablehlo-to-linalg`,
/// `axle-linalg-to-llvm`) and every pass they use, for axle-opt.
void registerCompilerPipelines();

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_PIPELINE_H

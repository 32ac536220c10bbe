//===- CpuPipeline.cpp - the pass pipeline from linalg to LLVM ------------===//
//
// One place lists every step from linalg on tensors to the LLVM dialect:
//  1. inline the private functions into the public ones and drop them;
//     i1 constant operands as i8 (vectorizable) ones; fuse elementwise
//     chains, tile matmuls for caches and registers and vectorize them and
//     the innermost dimension of other linalg ops, all in the scalar code's
//     order of operations (bit-identical results); hoist each matmul's C
//     tile out of its k loop while still on tensors, and start the
//     accumulators of a single k block from the fill value in registers;
//     under fast-math on CPUs with AMX-BF16, bf16 matmuls the tiles fit
//     stay whole, marked for AMX;
//  2. a fresh tensor for each public result that aliases an argument or
//     another result, public functions' arguments read-only (the caller's
//     const inputs), and a zero fill of its own for each user of a shared
//     one (so that buffers die with their users); the top-level ops
//     reordered so that fewer buffers are live at once (a greedy list
//     schedule on tensors, kept only when it lowers the largest live set by
//     1% or more; it must see the final op list, so it runs right before
//     bufferization); one-shot bufferization across function boundaries with
//     identity layouts; results become out-parameters, with statically
//     sized result allocations hoisted into the caller (no copy);
//  3. the top-level buffers of each function share one arena where their
//     lifetimes allow (the memory report prints the plan first), then
//     ownership-based deallocation of the remaining temporaries;
//  4. the matmuls marked for AMX as AMX tile code (a parallel loop over
//     panels of C's columns); linalg (and copies between strided buffers)
//     to loops, parallel ones
//     where the iterators are; on x86, stores into large write-only results
//     bypass the caches when aligned (fenced before each function returns),
//     and a loop over row blocks whose last pass streams runs that pass of
//     block b-1 inside an earlier pass of block b;
//     large outer parallel loops run on the runtime's kernel threads; vector
//     transfers to 1-D ones, scalar ones where the buffer is strided;
//  5. complex to real arithmetic, f16/bf16 math in f32; f32 exp, expm1,
//     tanh, log, log1p, sin, cos and tan as inline vector code (the
//     interpreter's recipes), the C library for the other
//     transcendental functions; bf16 arithmetic in f32 with software rounding
//     to bf16 (the AVX-512 conversion instruction flushes subnormals to zero);
//     innermost parallel loops with long chains of vector math software
//     pipelined in two stages (bit-identical);
//  6. the axle entry points, then everything to the LLVM dialect, with
//     allocations through the runtime's slots (malloc when they are empty;
//     on Linux, blocks of 4 MiB or more advised onto huge pages).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/CpuPipeline.h"
#include "compiler/codegen/cpu/Passes.h"

#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassRegistry.h"

#include <regex>

namespace axle::cpu {

namespace {
// clang-format off
// The pipeline in two parts: the memory report (when asked for) runs on the
// bufferized program between them.
constexpr const char *kLinalgToBuffers =
    "inline,symbol-dce,canonicalize,cse,"
    "func.func(axle-widen-bool-constants),"
    "func.func(axle-tile-and-vectorize),canonicalize,"
    "loop-invariant-subset-hoisting,canonicalize,"
    "func.func(axle-fold-fill-transfers),cse,"
    "axle-copy-aliased-results,axle-duplicate-shared-fills,"
    "func.func(axle-schedule-for-memory),"
    "one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops "
        "function-boundary-type-conversion=identity-layout-map},"
    "buffer-results-to-out-params{hoist-static-allocs modify-public-functions},"
    "canonicalize";
constexpr const char *kBuffersToLLVM =
    "buffer-deallocation-pipeline,"
    "axle-lower-strided-copies,"
    "func.func(scf-forall-to-parallel),"
    "convert-linalg-to-parallel-loops,"
    "func.func(axle-streaming-stores),"
    "func.func(axle-pipeline-row-blocks),"
    "axle-parallelize-loops,"
    "func.func(axle-fence-streaming-stores),"
    "convert-vector-to-scf{full-unroll target-rank=1},"
    "axle-lower-strided-transfers,"
    "convert-complex-to-standard,"
    "axle-approximate-math,"
    "func.func(math-extend-to-supported-types{target-type=f32}),"
    "func.func(arith-emulate-unsupported-floats{source-types=bf16 "
        "target-type=f32}),"
    "func.func(axle-expand-f64-to-bf16),"
    "axle-expand-arith,"
    "func.func(axle-pipeline-vector-loops),"
    "axle-emit-entry-points,"
    "convert-scf-to-cf,expand-strided-metadata,lower-affine,"
    "convert-vector-to-llvm,convert-ub-to-llvm,"
    "finalize-memref-to-llvm{use-generic-functions},axle-route-allocations,"
    "convert-to-llvm,reconcile-unrealized-casts,"
    "canonicalize";
// clang-format on
} // namespace

void buildLinalgToLLVMPipeline(mlir::OpPassManager &pm,
                               const LinalgToLLVMOptions &options) {
  // The strings are parsed against the registry, which
  // registerCpuCodegenPasses fills once per process.
  registerCpuCodegenPasses();
  std::string pipeline = kLinalgToBuffers;
  std::string vectorize;
  if (options.fusionReport)
    vectorize += " report=true";
  if (!options.fusion)
    vectorize += " fuse=false";
  if (options.bf16PairDot)
    vectorize += " bf16-pair-dot=true";
  if (options.amxTiles)
    vectorize += " amx-tiles=true";
  if (options.l1DataBytes > 0)
    vectorize += " l1-data-bytes=" + std::to_string(options.l1DataBytes);
  // AVX2 without AVX-512: 16 vector registers of 256 bits, so register
  // tiles keep half the accumulators.
  if (options.avx2 && !options.avx512)
    vectorize += " vector-bits=256";
  if (options.reassociateReductions)
    vectorize += " reassociate-reductions=true";
  if (!options.reductionRowPrefetches)
    vectorize += " reduction-row-prefetches=false";
  if (!vectorize.empty())
    pipeline =
        std::regex_replace(pipeline, std::regex("axle-tile-and-vectorize"),
                           "axle-tile-and-vectorize{" + vectorize + "}");
  if (!options.memoryReport.empty()) {
    // The schedule records its effect for the report.
    pipeline =
        std::regex_replace(pipeline, std::regex("axle-schedule-for-memory"),
                           "axle-schedule-for-memory{annotate=true}");
    pipeline += ",axle-memory-report{format=" + options.memoryReport + "}";
  }
  pipeline += ",axle-plan-buffers,";
  pipeline += kBuffersToLLVM;
  std::string mathOptions;
  if (options.avx512 || options.avx2)
    mathOptions += options.avx512 ? " avx512=true" : " avx2=true";
  if (options.quietUnderflow)
    mathOptions += " quiet-underflow=true";
  if (!mathOptions.empty())
    pipeline = std::regex_replace(pipeline, std::regex("axle-approximate-math"),
                                  "axle-approximate-math{" + mathOptions + "}");
  if (options.avx512dq)
    pipeline = std::regex_replace(pipeline, std::regex("axle-expand-arith"),
                                  "axle-expand-arith{avx512dq=true}");
  std::string vectorToLLVM;
  if (options.bf16PairDot)
    vectorToLLVM += " enable-x86vector";
  if (options.amxTiles) {
    vectorToLLVM += " enable-amx";
    pipeline = std::regex_replace(pipeline,
                                  std::regex("buffer-deallocation-pipeline,"),
                                  "buffer-deallocation-pipeline,"
                                  "axle-amx-matmuls,");
  }
  if (!vectorToLLVM.empty())
    pipeline =
        std::regex_replace(pipeline, std::regex("convert-vector-to-llvm,"),
                           "convert-vector-to-llvm{" + vectorToLLVM + "},");
  if (options.hugePages)
    pipeline =
        std::regex_replace(pipeline, std::regex("axle-route-allocations"),
                           "axle-route-allocations{huge-pages=true}");
  if (!options.streamingStores)
    pipeline = std::regex_replace(
        pipeline,
        std::regex("func\\.func\\(axle-(fence-)?streaming-stores\\),"), "");
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm)))
    llvm::report_fatal_error("axle: malformed built-in CPU pipeline");
}

void registerCpuCodegenPasses() {
  static bool registered = [] {
    mlir::registerAllPasses();
    registerCpuPasses();
    mlir::PassPipelineRegistration<>(
        "axle-linalg-to-llvm",
        "Lower linalg on tensors to the LLVM dialect (axle's CPU pipeline)",
        [](mlir::OpPassManager &pm) { buildLinalgToLLVMPipeline(pm); });
    return true;
  }();
  (void)registered;
}

} // namespace axle::cpu

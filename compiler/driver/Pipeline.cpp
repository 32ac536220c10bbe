//===- Pipeline.cpp - the whole compiler, source to artifact --------------===//
//
// The order of every phase lives here:
//   import     (the caller parsed and verified the module)
//   legalize   chlo -> stablehlo; quantized ops -> integer/float stablehlo
//   simplify   inlining, algebraic simplification, constant folding
//   lower      stablehlo -> linalg / tensor / scf / arith / math / complex
//   codegen    bufferize, loops, LLVM dialect (codegen/cpu/CpuPipeline.cpp)
//   emit       LLVM IR -> optimized object file -> shared library
//   package    signature table + target + code -> runtime::Artifact
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Pipeline.h"
#include "compiler/driver/RegisterDialects.h"

#include "compiler/codegen/cpu/CpuPipeline.h"
#include "compiler/dialect/chlo/Passes.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/lowering/Passes.h"
#include "compiler/transforms/Passes.h"
#include "runtime/CpuFeatures.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

#include <set>

namespace axle {

using namespace mlir;

void buildStablehloToLinalgPipeline(OpPassManager &pm, bool simplify,
                                    bool reassociateReductions) {
  pm.addPass(chlo::createLegalizeChloPass());
  pm.addPass(lowering::createLowerQuantizedPass());
  // Calls (also inside reduction bodies) are inlined while still stablehlo,
  // so that every lowering sees whole computations. The inliner's own
  // clean-up is off: the simplifier below is the one that rewrites.
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  if (simplify) {
    pm.addPass(transforms::createSimplifyPass());
    pm.addPass(transforms::createFoldConstantsPass());
  }
  lowering::LowerToLinalgPassOptions lowerOptions;
  lowerOptions.reassociateReductions = reassociateReductions;
  pm.addPass(lowering::createLowerToLinalgPass(lowerOptions));
}

void registerCompilerPipelines() {
  static bool registered = [] {
    chlo::registerAxlePasses();
    transforms::registerTransformsPasses();
    lowering::registerLoweringPasses();
    cpu::registerCpuCodegenPasses();
    PassPipelineRegistration<>(
        "axle-stablehlo-to-linalg",
        "Legalize chlo and lower stablehlo to linalg on tensors",
        [](OpPassManager &pm) { buildStablehloToLinalgPipeline(pm); });
    return true;
  }();
  (void)registered;
}

namespace {

/// The element type as the artifact records it: the StableHLO spelling,
/// with quantized types replaced by their storage type.
std::string elementTypeName(Type type) {
  if (auto quantized = dyn_cast<quant::QuantizedType>(type))
    type = quantized.getStorageType();
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

/// The signature of `func` for the artifact; fails, at the function, for
/// argument or result types compiled code cannot take.
FailureOr<runtime::FunctionSpec> describeFunction(func::FuncOp func) {
  runtime::FunctionSpec spec;
  spec.name = func.getName().str();
  spec.symbol = "axle_entry_" + spec.name;
  auto describe = [&](Type type, const char *what,
                      unsigned index) -> FailureOr<runtime::TensorSpec> {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape()) {
      func.emitError() << "axle cannot compile @" << func.getName() << ": "
                       << what << " " << index << " has type " << type
                       << "; compiled functions take statically shaped "
                          "tensors";
      return failure();
    }
    // Sizes are products of dimensions; reject shapes whose byte size does
    // not fit in 63 bits rather than let it wrap around.
    uint64_t elements = 1;
    for (int64_t dim : tensor.getShape())
      if (dim != 0 && elements > (uint64_t(1) << 56) / uint64_t(dim)) {
        func.emitError() << "axle cannot compile @" << func.getName() << ": "
                         << what << " " << index << " (" << type
                         << ") is too large";
        return failure();
      } else {
        elements *= uint64_t(dim);
      }
    runtime::TensorSpec spec;
    spec.elementType = elementTypeName(tensor.getElementType());
    spec.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    if (spec.elementBytes() == 0) {
      func.emitError() << "axle cannot compile @" << func.getName() << ": "
                       << what << " " << index << " has element type "
                       << tensor.getElementType()
                       << ", which compiled code does not support yet";
      return failure();
    }
    return spec;
  };
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto tensor = describe(type, "argument", index);
    if (failed(tensor))
      return failure();
    spec.inputs.push_back(*tensor);
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes())) {
    auto tensor = describe(type, "result", index);
    if (failed(tensor))
      return failure();
    spec.outputs.push_back(*tensor);
  }
  return spec;
}

/// The CPU features the runtime can check that `target` enables.
std::vector<std::string> requiredFeatures(const cpu::CpuTarget &target) {
  // The runtime's list names features of its own architecture only.
  llvm::Triple triple(target.triple);
  if (triple.getArchName() != runtime::hostArchitecture())
    return {};
  std::vector<std::string> features;
  for (const std::string &feature : runtime::checkableCpuFeatures())
    if (cpu::targetHasFeature(target, feature))
      features.push_back(feature);
  return features;
}

} // namespace

std::optional<CompiledModule> compileModule(ModuleOp module,
                                            const CompileOptions &options) {
  std::string error;
  FailureOr<cpu::CpuTarget> target =
      cpu::resolveCpuTarget(options.targetTriple, options.targetCpu, error);
  if (failed(target)) {
    emitError(module.getLoc()) << "axle: " << error;
    return std::nullopt;
  }

  if (options.bf16PairDot && !options.fastMath) {
    emitError(module.getLoc())
        << "axle: --bf16-pair-dot changes the order of bf16 "
           "matmuls' sums and flushes subnormals, so it "
           "needs --fast-math";
    return std::nullopt;
  }
  if (options.bf16PairDot.value_or(false) &&
      !cpu::targetHasFeature(*target, "avx512bf16")) {
    emitError(module.getLoc())
        << "axle: --bf16-pair-dot needs AVX512-BF16, which "
           "the target CPU '"
        << target->cpu << "' lacks";
    return std::nullopt;
  }

  if (options.amxTiles && !options.fastMath) {
    emitError(module.getLoc())
        << "axle: --amx-tiles changes the order of bf16 matmuls' sums and "
           "reads bf16 subnormals as zero, so it needs --fast-math";
    return std::nullopt;
  }
  if (options.amxTiles.value_or(false) && !cpu::targetHasAmxTiles(*target)) {
    emitError(module.getLoc())
        << "axle: --amx-tiles needs AMX-TILE and AMX-BF16, which the target "
           "CPU '"
        << target->cpu << "' lacks";
    return std::nullopt;
  }

  runtime::Artifact artifact;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    FailureOr<runtime::FunctionSpec> spec = describeFunction(func);
    if (failed(spec))
      return std::nullopt;
    artifact.functions.push_back(std::move(*spec));
  }
  // Custom-call targets the code will call through runtime-filled slots.
  std::set<std::string> targets;
  module.walk([&](stablehlo::CustomCallOp call) {
    if (!call.getCallTargetName().starts_with("check."))
      targets.insert(call.getCallTargetName().str());
  });
  artifact.customCalls.assign(targets.begin(), targets.end());
  if (artifact.functions.empty()) {
    emitError(module.getLoc())
        << "axle: the module has no public function to compile";
    return std::nullopt;
  }

  registerCompilerPipelines();
  DialectRegistry registry;
  registerCompilerDialects(registry);
  module.getContext()->appendDialectRegistry(registry);
  PassManager pm(module.getContext());
  if (options.printIRAfterAll) {
    module.getContext()->disableMultithreading();
    pm.enableIRPrinting();
  }
  // --fast-math allows reassociation everywhere, reductions included.
  bool reassociateReductions =
      options.reassociateReductions || options.fastMath;
  buildStablehloToLinalgPipeline(pm, options.simplify, reassociateReductions);
  cpu::LinalgToLLVMOptions codegenPipeline;
  codegenPipeline.memoryReport = options.memoryReport;
  codegenPipeline.fusionReport = options.fusionReport;
  codegenPipeline.fusion = options.fusion;
  codegenPipeline.streamingStores = llvm::Triple(target->triple).isX86();
  codegenPipeline.hugePages = llvm::Triple(target->triple).isOSLinux();
  codegenPipeline.avx512 = cpu::targetHasFeature(*target, "avx512f");
  codegenPipeline.avx512dq = cpu::targetHasFeature(*target, "avx512dq");
  codegenPipeline.avx2 = cpu::targetHasFeature(*target, "avx2");
  codegenPipeline.quietUnderflow = cpu::targetUnderflowsQuietly(*target);
  codegenPipeline.bf16PairDot =
      options.fastMath &&
      options.bf16PairDot.value_or(cpu::targetPairsBF16Fast(*target));
  // An explicit --bf16-pair-dot asks for vdpbf16ps, which AMX would
  // otherwise take over.
  codegenPipeline.amxTiles =
      options.fastMath &&
      options.amxTiles.value_or(cpu::targetHasAmxTiles(*target) &&
                                !options.bf16PairDot.value_or(false));
  codegenPipeline.l1DataBytes = target->l1DataBytes;
  codegenPipeline.reassociateReductions = reassociateReductions;
  codegenPipeline.reductionRowPrefetches =
      cpu::targetPrefetchesReductionRows(*target);
  cpu::buildLinalgToLLVMPipeline(pm, codegenPipeline);
  if (failed(pm.run(module)))
    return std::nullopt;

  cpu::CodegenOptions codegen;
  codegen.target = *target;
  codegen.fastMath = options.fastMath;
  codegen.optLevel = options.optLevel;
  std::optional<std::string> object = cpu::emitObjectFile(module, codegen);
  if (!object)
    return std::nullopt;
  std::optional<std::string> library =
      cpu::linkSharedLibrary(*object, *target, error);
  if (!library) {
    emitError(module.getLoc()) << "axle: " << error;
    return std::nullopt;
  }
  artifact.triple = target->triple;
  artifact.cpu = target->cpu;
  artifact.features = requiredFeatures(*target);
  artifact.code = std::move(*library);
  return CompiledModule{std::move(artifact), std::move(*object)};
}

} // namespace axle

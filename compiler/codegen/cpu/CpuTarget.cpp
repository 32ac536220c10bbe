//===- CpuTarget.cpp - resolving --target-triple / --target-cpu -----------===//

#include "compiler/codegen/cpu/CpuPipeline.h"

#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

namespace axle::cpu {

void initializeLLVMTargets() {
  static bool initialized = [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    return true;
  }();
  (void)initialized;
}

mlir::FailureOr<CpuTarget> resolveCpuTarget(llvm::StringRef triple,
                                            llvm::StringRef cpu,
                                            std::string &error) {
  initializeLLVMTargets();
  CpuTarget target;
  bool isHostTriple = triple.empty() || triple == "host";
  target.triple = isHostTriple ? llvm::sys::getDefaultTargetTriple()
                               : llvm::Triple::normalize(triple);
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(target.triple), error);
  if (!llvmTarget) {
    error = "unknown target triple '" + target.triple + "': " + error;
    return mlir::failure();
  }
  if (cpu.empty() || cpu == "host") {
    if (!isHostTriple) {
      // A cross-compilation with no CPU named targets the architecture's
      // baseline.
      target.cpu = "generic";
      return target;
    }
    target.cpu = llvm::sys::getHostCPUName().str();
    std::string features;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      features += (features.empty() ? "" : ",") +
                  std::string(feature.second ? "+" : "-") +
                  feature.first().str();
    target.features = features;
    return target;
  }
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      llvmTarget->createMCSubtargetInfo(llvm::Triple(target.triple), cpu, ""));
  if (!subtarget || !subtarget->isCPUStringValid(cpu)) {
    error = "unknown CPU '" + cpu.str() + "' for target '" + target.triple +
            "' (try --target-cpu=host, x86-64-v3, x86-64-v4, znver4, "
            "skylake-avx512, neoverse-v1, ...)";
    return mlir::failure();
  }
  target.cpu = cpu.str();
  return target;
}

bool targetHasFeature(const CpuTarget &target, llvm::StringRef feature) {
  initializeLLVMTargets();
  std::string error;
  llvm::Triple triple(target.triple);
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return false;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      llvmTarget->createMCSubtargetInfo(triple, target.cpu, target.features));
  if (!subtarget)
    return false;
  // checkFeatures aborts on a feature the architecture does not know.
  if (llvm::none_of(subtarget->getAllProcessorFeatures(),
                    [&](const llvm::SubtargetFeatureKV &known) {
                      return feature == known.Key;
                    }))
    return false;
  return subtarget->checkFeatures(("+" + feature).str());
}

} // namespace axle::cpu

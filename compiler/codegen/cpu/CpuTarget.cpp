//===- CpuTarget.cpp - resolving --target-triple / --target-cpu -----------===//

#include "compiler/codegen/cpu/CpuPipeline.h"

#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cctype>
#include <fstream>
#include <string>

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

namespace {

/// One core's L1 data cache on this machine, from Linux's sysfs; 0 when
/// it cannot be read.
int64_t hostL1DataBytes() {
  for (int index = 0; index < 8; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    auto read = [&](const char *name) {
      std::ifstream file(dir + "/" + name);
      std::string text;
      std::getline(file, text);
      return text;
    };
    if (read("level") != "1" || read("type") != "Data")
      continue;
    std::string size = read("size"); // e.g. "32K"
    int64_t value = 0;
    size_t digits = 0;
    while (digits < size.size() && std::isdigit(size[digits]))
      value = value * 10 + (size[digits++] - '0');
    std::string unit = size.substr(digits);
    if (unit == "K")
      value <<= 10;
    else if (unit == "M")
      value <<= 20;
    else if (!unit.empty())
      return 0;
    return value;
  }
  return 0;
}

/// L1 data caches per core of named CPUs whose tiling depends on it; 0 for
/// the others.
int64_t namedL1DataBytes(llvm::StringRef cpu) {
  static const std::pair<const char *, int64_t> known[] = {
      {"znver1", 32 << 10},         {"znver2", 32 << 10},
      {"znver3", 32 << 10},         {"znver4", 32 << 10},
      {"znver5", 48 << 10},         {"skylake", 32 << 10},
      {"skylake-avx512", 32 << 10}, {"cascadelake", 32 << 10},
      {"cooperlake", 32 << 10},     {"icelake-client", 48 << 10},
      {"icelake-server", 48 << 10}, {"tigerlake", 48 << 10},
      {"sapphirerapids", 48 << 10}, {"emeraldrapids", 48 << 10},
      {"graniterapids", 48 << 10},  {"alderlake", 48 << 10}};
  for (const auto &[name, bytes] : known)
    if (cpu == name)
      return bytes;
  return 0;
}

} // namespace

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
    target.l1DataBytes = hostL1DataBytes();
    return target;
  }
  // Asked with the baseline CPU: a subtarget made for an unknown one prints
  // LLVM's own warning before the message below.
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      llvmTarget->createMCSubtargetInfo(llvm::Triple(target.triple), "", ""));
  if (!subtarget || !subtarget->isCPUStringValid(cpu)) {
    error = "unknown CPU '" + cpu.str() + "' for target '" + target.triple +
            "' (try --target-cpu=host, x86-64-v3, x86-64-v4, znver4, "
            "skylake-avx512, neoverse-v1, ...)";
    return mlir::failure();
  }
  target.cpu = cpu.str();
  target.l1DataBytes = namedL1DataBytes(target.cpu);
  return target;
}

namespace {
/// AMD Zen 4 and 5, for the rules below measured there.
bool isZen4Or5(const CpuTarget &target) {
  return target.cpu == "znver4" || target.cpu == "znver5";
}
} // namespace

bool targetUnderflowsQuietly(const CpuTarget &target) {
  // Measured on Zen 4 (vmulps and vscalefps into subnormals and 0 at the
  // rate of normal results); Zen 5 keeps its floating-point units. Intel
  // cores assist every underflowing product unless flushing to zero.
  return isZen4Or5(target);
}

bool targetPairsBF16Fast(const CpuTarget &target) {
  // Measured with 16 independent accumulators: Zen 4 retires one vdpbf16ps
  // zmm per cycle (64 flops) against one vfmadd231ps zmm (32); an Emerald
  // Rapids core one vdpbf16ps per two cycles against two vfmadd231ps per
  // cycle, so there matmul_bf16_1024 at one thread took 29 ms by pairs and
  // 14.7 ms widened to f32. The feature itself is asked too: a virtual
  // machine may hide AVX512-BF16 from a CPU that LLVM names by its model.
  return isZen4Or5(target) && targetHasFeature(target, "avx512bf16");
}

bool targetHasAmxTiles(const CpuTarget &target) {
  return targetHasFeature(target, "amx-tile") &&
         targetHasFeature(target, "amx-bf16");
}

bool targetPrefetchesReductionRows(const CpuTarget &target) {
  // Sums of 4096 x 4096 f32, paired runs: on Zen 4 the prefetches made row
  // sums 5-11% faster, the in-order full sum 7%; on an Emerald Rapids core
  // row sums ran 14% (one thread) and 21% (two) faster without them, the
  // in-order full sum 9-13%.
  return isZen4Or5(target);
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

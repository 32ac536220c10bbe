//===- CpuFeatures.cpp - CPU feature checks without LLVM ------------------===//

#include "runtime/CpuFeatures.h"

#include <string_view>

namespace axle::runtime {

namespace {

#if defined(__x86_64__)
// __builtin_cpu_supports needs literal names, hence one case per feature.
bool hostHas(std::string_view feature) {
  __builtin_cpu_init();
#define AXLE_FEATURE(name)                                                     \
  if (feature == name)                                                         \
    return __builtin_cpu_supports(name);
  AXLE_FEATURE("sse4.2")
  AXLE_FEATURE("popcnt")
  AXLE_FEATURE("avx")
  AXLE_FEATURE("avx2")
  AXLE_FEATURE("fma")
  AXLE_FEATURE("f16c")
  AXLE_FEATURE("bmi")
  AXLE_FEATURE("bmi2")
  AXLE_FEATURE("avx512f")
  AXLE_FEATURE("avx512dq")
  AXLE_FEATURE("avx512cd")
  AXLE_FEATURE("avx512bw")
  AXLE_FEATURE("avx512vl")
  AXLE_FEATURE("avx512vnni")
  AXLE_FEATURE("avx512bf16")
  AXLE_FEATURE("avx512vbmi")
  AXLE_FEATURE("avx512ifma")
#undef AXLE_FEATURE
  return false;
}
const std::vector<std::string> kCheckable = {
    "sse4.2",     "popcnt",    "avx",      "avx2",       "fma",
    "f16c",       "bmi",       "bmi2",     "avx512f",    "avx512dq",
    "avx512cd",   "avx512bw",  "avx512vl", "avx512vnni", "avx512bf16",
    "avx512vbmi", "avx512ifma"};
#else
bool hostHas(std::string_view) { return false; }
const std::vector<std::string> kCheckable = {};
#endif

} // namespace

const std::vector<std::string> &checkableCpuFeatures() { return kCheckable; }

std::vector<std::string>
missingCpuFeatures(const std::vector<std::string> &required) {
  std::vector<std::string> missing;
  for (const std::string &feature : required)
    if (!hostHas(feature))
      missing.push_back(feature);
  return missing;
}

std::string hostArchitecture() {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  return "unknown";
#endif
}

} // namespace axle::runtime

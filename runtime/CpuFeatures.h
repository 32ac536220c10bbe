//===- CpuFeatures.h - does this CPU run an artifact's code? ----*- C++ -*-===//

#ifndef AXLE_RUNTIME_CPUFEATURES_H
#define AXLE_RUNTIME_CPUFEATURES_H

#include <string>
#include <vector>

namespace axle::runtime {

/// The CPU features (LLVM names) the runtime can test on this machine and
/// therefore records in artifacts: sse4.2, avx, avx2, fma, avx512f, ...
const std::vector<std::string> &checkableCpuFeatures();

/// The features of `required` this CPU lacks (empty when it can run them).
std::vector<std::string>
missingCpuFeatures(const std::vector<std::string> &required);

/// The target architecture this runtime was built for, as the first part
/// of a target triple ("x86_64", "aarch64").
std::string hostArchitecture();

} // namespace axle::runtime

#endif // AXLE_RUNTIME_CPUFEATURES_H

//===- Artifact.h - the .axle file format -----------------------*- C++ -*-===//
//
// One versioned file holds everything a deployed model needs: the target it
// was compiled for (triple, CPU, the CPU features the code uses), the
// signature of each public function, and the native code (an ELF shared
// library). Layout, little-endian:
//
//   magic "AXLEART\n" | u32 format version | u32 0 | u64 metadata bytes |
//   u64 code bytes | metadata (text, one record per line) | code | u32 CRC-32
//   of all preceding bytes
//
// Metadata lines: `triple T`, `cpu C`, `features F1 F2 ...`,
// `custom_call NAME` (a target the code calls, see CustomCall.h),
// `function NAME SYMBOL`, then that function's `input TYPE SHAPE` and
// `output TYPE SHAPE` lines, where TYPE is the element type as StableHLO
// spells it (f32, ui8, i1, complex<f32>, ...) and SHAPE is `2x3` or
// `scalar`.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_RUNTIME_ARTIFACT_H
#define AXLE_RUNTIME_ARTIFACT_H

#include "runtime/Status.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace axle::runtime {

constexpr uint32_t kArtifactVersion = 1;

/// One input or output of a compiled function.
struct TensorSpec {
  std::string elementType;
  std::vector<int64_t> shape;

  int64_t numElements() const;
  /// Bytes of one element (i1 takes a byte, complex<f32> eight).
  int64_t elementBytes() const;
  int64_t byteSize() const { return numElements() * elementBytes(); }
  /// `tensor<2x3xf32>`.
  std::string toString() const;
};

struct FunctionSpec {
  std::string name;   ///< the function's name in the source program
  std::string symbol; ///< its entry point, `void symbol(void **buffers)`
  std::vector<TensorSpec> inputs;
  std::vector<TensorSpec> outputs;
};

struct Artifact {
  std::string triple;
  std::string cpu;
  std::vector<std::string> features;
  std::vector<FunctionSpec> functions;
  std::vector<std::string> customCalls; ///< targets the code calls
  std::string code;                     ///< an ELF shared library

  const FunctionSpec *find(std::string_view name) const;
};

/// Bytes of an element type, or 0 for a type the runtime does not know.
int64_t elementTypeBytes(std::string_view elementType);

std::string serializeArtifact(const Artifact &artifact);
/// Parses and validates (magic, version, sizes, checksum, metadata).
Result<Artifact> parseArtifact(std::string_view bytes);

} // namespace axle::runtime

#endif // AXLE_RUNTIME_ARTIFACT_H

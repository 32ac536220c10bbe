//===- CHeader.h - C headers for compiled libraries -------------*- C++ -*-===//

#ifndef AXLE_COMPILER_DRIVER_CHEADER_H
#define AXLE_COMPILER_DRIVER_CHEADER_H

#include "runtime/Artifact.h"

#include <string>

namespace axle {

/// A C header declaring each function of `artifact`: the raw entry point
/// `void axle_entry_NAME(void **buffers)` and a typed wrapper
/// `PREFIX_NAME(const T *in0, ..., T *out0, ...)` with the shapes in its
/// comment. `prefix` names the wrappers and the include
/// guard.
std::string writeCHeader(const runtime::Artifact &artifact,
                         const std::string &prefix);

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_CHEADER_H

//===- Api.h - the compiler behind the Python package -----------*- C++ -*-===//
//
// A narrow facade over the compiler for the Python extension module. The
// bindings are compiled with RTTI (nanobind needs it) while LLVM and MLIR
// may be built without it; this header therefore uses only standard types
// so that no MLIR or LLVM header ever reaches the binding translation unit.
// Everything MLIR stays in Api.cpp, compiled like the rest of axle.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_PYTHON_SRC_API_H
#define AXLE_PYTHON_SRC_API_H

#include <string>

namespace axle::api {

struct CompileRequest {
  /// StableHLO program text (the pretty or the generic form).
  std::string program;
  /// The name diagnostics give the program: a file path or "<program>".
  std::string bufferName = "<program>";
  std::string targetTriple; ///< empty: this machine
  std::string targetCpu = "host";
  bool fastMath = false;
  /// Float sums and products in reductions may combine in any order.
  bool reassociateReductions = false;
  unsigned optLevel = 3;
  bool fusion = true;
  bool simplify = true;
  /// Reports to collect while compiling: "" (none), "memory" (text),
  /// "json" (the memory report as JSON) or "fusion".
  std::string report;
};

struct CompileResult {
  bool ok = false;
  /// The serialized .axle artifact (when ok).
  std::string artifact;
  /// Every diagnostic the parser, verifier and compiler emitted, with its
  /// location and source line, in the order they were reported.
  std::string diagnostics;
  /// The requested report's text (when ok and a report was requested).
  std::string report;
};

/// Parses, verifies and compiles `request.program` into an artifact. Never
/// throws and never aborts on a bad program: failures come back as
/// diagnostics. Safe to call from several threads at once.
CompileResult compile(const CompileRequest &request);

} // namespace axle::api

#endif // AXLE_PYTHON_SRC_API_H

//===- CompileFlags.h - the compile options tools share ---------*- C++ -*-===//
//
// The command-line flags that shape compiled code (--target-cpu,
// --fast-math, --bf16-pair-dot, --reassociate-reductions, --simplify,
// --fusion), declared
// once for every tool that compiles. A tool creates one CompileFlags in its own
// option category at namespace scope, before main parses the command line.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DRIVER_COMPILEFLAGS_H
#define AXLE_COMPILER_DRIVER_COMPILEFLAGS_H

#include "compiler/driver/Pipeline.h"

#include "llvm/Support/CommandLine.h"

namespace axle {

struct CompileFlags {
  explicit CompileFlags(llvm::cl::OptionCategory &category);

  /// Copies the parsed flags into `options`.
  void apply(CompileOptions &options) const;

  llvm::cl::opt<std::string> targetCpu;
  llvm::cl::opt<bool> fastMath;
  llvm::cl::opt<llvm::cl::boolOrDefault> bf16PairDot;
  llvm::cl::opt<llvm::cl::boolOrDefault> amxTiles;
  llvm::cl::opt<bool> reassociateReductions;
  llvm::cl::opt<bool> simplify;
  llvm::cl::opt<bool> fusion;
};

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_COMPILEFLAGS_H

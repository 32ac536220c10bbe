//===- LargeStack.h - run a tool's work on a thread with a big stack -*- C++
//-*-===//
//
// MLIR's parser, verifier and printer recurse once per nested region, so a
// deeply nested (or hostile) program can exhaust the default 8 MiB stack and
// crash. Tools run their work through runWithLargeStack, which gives it a
// stack of `kToolStackBytes`, enough for hundreds of thousands of levels.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DRIVER_LARGESTACK_H
#define AXLE_COMPILER_DRIVER_LARGESTACK_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace axle {

/// 1 GiB: reserved address space; only the pages a program touches use memory.
constexpr unsigned kToolStackBytes = 1u << 30;

/// Runs `work` on a new thread with a kToolStackBytes stack and returns its
/// result.
int runWithLargeStack(llvm::function_ref<int()> work);

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_LARGESTACK_H

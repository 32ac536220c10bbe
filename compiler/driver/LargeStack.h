//===- LargeStack.h - run a tool's work on a thread with a big stack -*- C++
//-*-===//
//
// MLIR's parser, verifier and printer recurse once per nested region, so a
// deeply nested (or hostile) program can exhaust the default 8 MiB stack and
// crash. Tools run their work through runWithLargeStack, which gives it a
// stack of `kToolStackBytes`, enough for hundreds of thousands of levels
// (less where address space is limited: LargeStack.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DRIVER_LARGESTACK_H
#define AXLE_COMPILER_DRIVER_LARGESTACK_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace axle {

/// 1 GiB: reserved address space; only the pages a program touches use memory.
constexpr unsigned kToolStackBytes = 1u << 30;

/// The smallest stack runWithLargeStack falls back to where a limit on
/// address space refuses larger ones: tens of thousands of levels.
constexpr unsigned kSmallestToolStackBytes = 1u << 26;

/// Runs `work` on a new thread with a kToolStackBytes stack (or the largest
/// of 1/4, 1/16, ... of it down to kSmallestToolStackBytes that can be
/// reserved; else on the calling thread, with a note on stderr) and returns
/// its result.
int runWithLargeStack(llvm::function_ref<int()> work);

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_LARGESTACK_H

//===- ToolErrors.h - how the tools end when memory runs out ----*- C++ -*-===//
//
// LLVM's default reaction to a failed allocation, or to a thread it cannot
// create, is an abort with a stack dump that asks for a bug report to
// LLVM. A program whose tensors do not fit in the memory a process may use
// is not a bug in the tool: the tools install handlers that say so and
// exit with status 1 instead, after removing the temporary files
// registered for removal on signals (AtomicOutput's), so that existing
// output files stay as they were. Other fatal errors keep LLVM's
// behaviour, and a crash asks for a report to axle's developers, not to
// LLVM's.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DRIVER_TOOLERRORS_H
#define AXLE_COMPILER_DRIVER_TOOLERRORS_H

namespace axle {

/// Makes every failed allocation (operator new, LLVM's containers) and
/// failed thread creation print "<tool>: error: out of memory ..." and
/// exit with status 1, and sets the message printed before a crash's stack
/// dump. `tool` must outlive the process (a string literal).
void installToolErrorHandlers(const char *tool);

/// Removes the files registered for removal on signals and exits with
/// status 1, without allocating: for reports of exhausted memory made
/// elsewhere (the runtime's scratch memory).
[[noreturn]] void exitAfterOutOfMemory();

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_TOOLERRORS_H

//===- ToolErrors.cpp - how the tools end when memory runs out ------------===//

#include "compiler/driver/ToolErrors.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Signals.h"

#include <cstring>
#include <string>
#include <unistd.h>

namespace {

void writeToStderr(const char *text) {
  // write(2), not a stream: the heap may be exhausted, nothing may allocate.
  size_t left = std::strlen(text);
  while (left > 0) {
    ssize_t written = ::write(STDERR_FILENO, text, left);
    if (written <= 0)
      return;
    text += written;
    left -= static_cast<size_t>(written);
  }
}

[[noreturn]] void reportOutOfMemory(const char *tool, const char *reason) {
  writeToStderr(tool);
  writeToStderr(": error: out of memory (");
  writeToStderr(reason);
  writeToStderr("): the program's tensors or its compilation need more "
                "memory than this process may use (see ulimit -v and the "
                "machine's free memory)\n");
  axle::exitAfterOutOfMemory();
}

void onBadAlloc(void *tool, const char *reason, bool) {
  reportOutOfMemory(static_cast<const char *>(tool),
                    reason ? reason : "allocation failed");
}

/// Threads that cannot be created (their stacks are address space) mean
/// exhausted memory too; everything else is reported as LLVM would, and
/// LLVM then aborts or exits as it would.
void onFatalError(void *tool, const char *reason, bool) {
  if (reason && (std::strstr(reason, "pthread_create failed") ||
                 std::strstr(reason, "out of memory")))
    reportOutOfMemory(static_cast<const char *>(tool), reason);
  writeToStderr("LLVM ERROR: ");
  writeToStderr(reason ? reason : "");
  writeToStderr("\n");
}

} // namespace

void axle::exitAfterOutOfMemory() {
  llvm::sys::RunInterruptHandlers();
  ::_exit(1);
}

void axle::installToolErrorHandlers(const char *tool) {
  void *name = const_cast<char *>(tool);
  llvm::install_bad_alloc_error_handler(onBadAlloc, name);
  // operator new too (InitLLVM does this, but not every tool calls it).
  llvm::install_out_of_memory_new_handler();
  llvm::install_fatal_error_handler(onFatalError, name);
  // Kept for the process's lifetime: LLVM holds the pointer.
  static const std::string crashMessage =
      std::string(tool) +
      " crashed. If it ran short of memory, the last lines below say so; "
      "otherwise please report the crash to the axle developers with the "
      "program, the command line and this output.\n";
  llvm::setBugReportMsg(crashMessage.c_str());
}

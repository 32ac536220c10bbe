//===- LargeStack.cpp - run a tool's work on a thread with a big stack ----===//
//
// The stack is address space reserved up front; under a limit on address
// space (ulimit -v) a 1 GiB reservation can fail. Then smaller stacks are
// tried, down to kSmallestToolStackBytes, and the work runs on the calling
// thread only when even that fails, with a note that deeply nested
// programs may then exhaust the stack.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/LargeStack.h"

#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <pthread.h>

namespace {

struct Work {
  llvm::function_ref<int()> run;
  int result = 1;
};

void *runWork(void *argument) {
  auto *work = static_cast<Work *>(argument);
  work->result = work->run();
  return nullptr;
}

/// Runs `work` on a new thread with a stack of `bytes`; false when the
/// thread cannot be created (the error number in `error`).
bool runOnThread(Work &work, size_t bytes, int &error) {
  pthread_attr_t attributes;
  if ((error = pthread_attr_init(&attributes)))
    return false;
  pthread_t thread;
  error = pthread_attr_setstacksize(&attributes, bytes);
  if (!error)
    error = pthread_create(&thread, &attributes, runWork, &work);
  pthread_attr_destroy(&attributes);
  if (error)
    return false;
  pthread_join(thread, nullptr);
  return true;
}

} // namespace

int axle::runWithLargeStack(llvm::function_ref<int()> run) {
  Work work{run};
  int error = 0;
  for (size_t bytes = kToolStackBytes; bytes >= kSmallestToolStackBytes;
       bytes /= 4)
    if (runOnThread(work, bytes, error))
      return work.result;
  llvm::errs() << "axle: note: cannot reserve a stack of "
               << (kSmallestToolStackBytes >> 20)
               << " MiB or more for the compiler (" << std::strerror(error)
               << "; is address space limited, ulimit -v?); running on the "
                  "main thread, where very deeply nested programs may "
                  "exhaust the stack\n";
  return run();
}

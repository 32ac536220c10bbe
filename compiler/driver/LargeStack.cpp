//===- LargeStack.cpp - run a tool's work on a thread with a big stack ----===//

#include "compiler/driver/LargeStack.h"

#include "llvm/Support/thread.h"

#include <optional>

int axle::runWithLargeStack(llvm::function_ref<int()> work) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kToolStackBytes),
                      [&] { result = work(); });
  worker.join();
  return result;
}

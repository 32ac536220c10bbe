//===- ResourceLimitsTest.cpp - running short of memory and threads -------===//
//
// A process with little address space (ulimit -v) cannot reserve a 1 GiB
// stack, start every kernel thread or allocate every buffer. Each case
// runs in a child process (gtest's EXPECT_EXIT) that lowers its own
// RLIMIT_AS first, and must end as documented: a smaller stack, fewer
// threads, or a clear message and a chosen exit, never a crash or a hang.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/LargeStack.h"
#include "compiler/driver/ToolErrors.h"
#include "runtime/ParallelFor.h"
#include "runtime/ScratchMemory.h"
#include "runtime/ThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace {

/// This process's mapped address space in bytes (from /proc/self/statm).
uint64_t addressSpaceInUse() {
  std::ifstream statm("/proc/self/statm");
  uint64_t pages = 0;
  statm >> pages;
  return pages * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

/// Limits address space to what is in use plus `extra` bytes.
void limitAddressSpace(uint64_t extra) {
  rlimit limit;
  limit.rlim_cur = limit.rlim_max = addressSpaceInUse() + extra;
  if (setrlimit(RLIMIT_AS, &limit) != 0)
    std::_Exit(90);
}

constexpr uint64_t kMiB = 1 << 20;

TEST(ResourceLimits, LargeStackFallsBackToASmallerOne) {
  // 1 GiB and 256 MiB stacks cannot be reserved, 64 MiB can.
  EXPECT_EXIT(
      {
        limitAddressSpace(160 * kMiB);
        int result = axle::runWithLargeStack([] {
          // Touch 16 MiB of the stack: more than the main thread's 8 MiB.
          volatile char deep[16 << 20];
          deep[0] = 1;
          deep[sizeof deep - 1] = 2;
          return deep[0] + deep[sizeof deep - 1] + 4;
        });
        std::_Exit(result);
      },
      testing::ExitedWithCode(7), "");
}

TEST(ResourceLimits, ThreadPoolStartsTheThreadsItCan) {
  // Each thread reserves an 8 MiB stack: 64 of them do not fit in 96 MiB.
  EXPECT_EXIT(
      {
        limitAddressSpace(96 * kMiB);
        axle::runtime::ThreadPool pool(64);
        std::_Exit(pool.size() >= 1 && pool.size() < 64 ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

TEST(ResourceLimits, ParallelLoopsRunOnTheThreadsThereAre) {
  // Asked for 64 kernel threads, the runtime gets fewer, says so, and every
  // iteration still runs once (a loop waiting for helpers that were never
  // started would hang).
  EXPECT_EXIT(
      {
        limitAddressSpace(96 * kMiB);
        axle::runtime::setKernelThreads(64);
        static std::atomic<int64_t> sum{0};
        axle_parallel_for(
            [](void *, int64_t begin, int64_t end) {
              for (int64_t i = begin; i < end; ++i)
                sum += i;
            },
            nullptr, 10000);
        std::_Exit(sum == int64_t(10000) * 9999 / 2 ? 0 : 1);
      },
      testing::ExitedWithCode(0),
      "could start only [0-9]+ of 64 kernel threads");
}

[[noreturn]] void exitWithThree() { std::_Exit(3); }

TEST(ResourceLimits, ScratchMemoryReportsExhaustion) {
  EXPECT_EXIT(
      {
        axle::runtime::setScratchOutOfMemoryAction(exitWithThree);
        limitAddressSpace(64 * kMiB);
        axle_scratch_alloc(uint64_t(1) << 40);
        std::_Exit(0);
      },
      testing::ExitedWithCode(3),
      "axle: error: out of memory: compiled code needs a buffer of "
      "1099511627776 bytes");
  // A size whose header would overflow is refused, not wrapped around.
  EXPECT_EXIT(
      {
        axle::runtime::setScratchOutOfMemoryAction(exitWithThree);
        axle_scratch_alloc(UINT64_MAX - 8);
        std::_Exit(0);
      },
      testing::ExitedWithCode(3), "out of memory");
  // Without an action set, the runtime aborts (after the same message).
  EXPECT_DEATH(
      {
        limitAddressSpace(64 * kMiB);
        axle_scratch_alloc(uint64_t(1) << 40);
      },
      "out of memory");
}

TEST(ResourceLimits, ToolsExitCleanlyWhenAllocationsFail) {
  EXPECT_EXIT(
      {
        axle::installToolErrorHandlers("axle-test");
        limitAddressSpace(64 * kMiB);
        std::string *huge = new std::string(size_t(1) << 36, 'x');
        std::_Exit(huge->empty() ? 4 : 5);
      },
      testing::ExitedWithCode(1),
      "axle-test: error: out of memory \\(Allocation failed\\)");
}

} // namespace

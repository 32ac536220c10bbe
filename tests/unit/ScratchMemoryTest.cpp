//===- ScratchMemoryTest.cpp - the runtime's cache of buffers -------------===//

#include "runtime/ScratchMemory.h"

#include "runtime/HugePages.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace axle::runtime;

namespace {

bool isAligned(void *p) { return reinterpret_cast<uintptr_t>(p) % 64 == 0; }

TEST(ScratchMemory, BlocksAreAlignedAndWritable) {
  releaseCachedScratch();
  for (uint64_t size : {1u, 100u, 4096u, 1u << 20}) {
    void *block = axle_scratch_alloc(size);
    ASSERT_NE(block, nullptr);
    EXPECT_TRUE(isAligned(block)) << size;
    std::memset(block, 0xab, size);
    axle_scratch_free(block);
  }
  axle_scratch_free(nullptr);
  releaseCachedScratch();
}

TEST(ScratchMemory, LargeBlocksAreReusedOnTheSameThread) {
  releaseCachedScratch();
  const uint64_t size = 3 << 20;
  void *first = axle_scratch_alloc(size);
  axle_scratch_free(first);
  EXPECT_EQ(cachedScratchBytes(), size);
  // A request that fits (within twice its size) gets the cached block.
  void *second = axle_scratch_alloc(size - 1000);
  EXPECT_EQ(second, first);
  EXPECT_EQ(cachedScratchBytes(), 0u);
  axle_scratch_free(second);
  // One that would waste more than half of it does not.
  void *small = axle_scratch_alloc(size / 4);
  EXPECT_NE(small, first);
  EXPECT_EQ(cachedScratchBytes(), size);
  axle_scratch_free(small);
  releaseCachedScratch();
  EXPECT_EQ(cachedScratchBytes(), 0u);
}

TEST(ScratchMemory, BlocksBetweenTheCachedSizesGoBackToTheCLibrary) {
  releaseCachedScratch();
  for (uint64_t size : {kCachedBlockBytes / 2 + 1, kCachedBlockBytes - 1}) {
    void *block = axle_scratch_alloc(size);
    axle_scratch_free(block);
    EXPECT_EQ(cachedScratchBytes(), 0u) << size;
  }
}

TEST(ScratchMemory, SmallBlocksAreReusedByPowerOfTwoCapacity) {
  releaseCachedScratch();
  void *first = axle_scratch_alloc(1000);
  std::memset(first, 1, 1024);
  axle_scratch_free(first);
  EXPECT_EQ(cachedScratchBytes(), 1024u);
  // 513 to 1024 bytes share the block; other sizes do not take it.
  void *other = axle_scratch_alloc(512);
  EXPECT_NE(other, first);
  void *same = axle_scratch_alloc(513);
  EXPECT_EQ(same, first);
  EXPECT_EQ(cachedScratchBytes(), 0u);
  axle_scratch_free(same);
  axle_scratch_free(other);
  EXPECT_EQ(cachedScratchBytes(), 1024u + 512u);
  // The smallest capacity is 64 bytes, the largest half kCachedBlockBytes.
  void *tiny = axle_scratch_alloc(1);
  axle_scratch_free(tiny);
  void *largest = axle_scratch_alloc(kCachedBlockBytes / 2);
  axle_scratch_free(largest);
  EXPECT_EQ(cachedScratchBytes(), 1024u + 512u + 64u + kCachedBlockBytes / 2);
  releaseCachedScratch();
  EXPECT_EQ(cachedScratchBytes(), 0u);
}

TEST(ScratchMemory, EachSmallCapacityKeepsAFewBlocks) {
  releaseCachedScratch();
  std::vector<void *> blocks;
  for (int i = 0; i < 100; ++i)
    blocks.push_back(axle_scratch_alloc(256));
  for (void *block : blocks)
    axle_scratch_free(block);
  size_t kept = cachedScratchBytes() / 256;
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, 100u);
  // A block of the same capacity is one of them.
  void *again = axle_scratch_alloc(200);
  EXPECT_NE(std::find(blocks.begin(), blocks.end(), again), blocks.end());
  axle_scratch_free(again);
  releaseCachedScratch();
}

TEST(ScratchMemory, CachesArePerThread) {
  releaseCachedScratch();
  void *block = axle_scratch_alloc(1 << 20);
  axle_scratch_free(block);
  size_t other = 1;
  std::thread([&] { other = cachedScratchBytes(); }).join();
  EXPECT_EQ(other, 0u);
  EXPECT_EQ(cachedScratchBytes(), size_t(1) << 20);
  releaseCachedScratch();
}

/// The kernel's count of huge pages given to page faults so far, where it
/// reports one.
std::optional<long long> hugePageFaults() {
  std::ifstream vmstat("/proc/vmstat");
  std::string name;
  long long value;
  while (vmstat >> name >> value)
    if (name == "thp_fault_alloc")
      return value;
  return std::nullopt;
}

/// Whether transparent huge pages are on for mappings that ask for them.
bool hugePagesOnRequest() {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  std::getline(mode, line);
  return line.find("[madvise]") != std::string::npos ||
         line.find("[always]") != std::string::npos;
}

TEST(ScratchMemory, LargeFreshBlocksGetHugePages) {
  if (!hugePagesOnRequest() || !hugePageFaults())
    GTEST_SKIP() << "this kernel gives no transparent huge pages on request "
                    "(or does not count them)";
  releaseCachedScratch();
  long long before = *hugePageFaults();
  // Six whole 2 MiB pages (the block's mapping starts on a huge page
  // boundary), touched for the first time.
  const uint64_t size = 12 << 20;
  void *block = axle_scratch_alloc(size);
  std::memset(block, 1, size);
  long long after = *hugePageFaults();
  axle_scratch_free(block);
  releaseCachedScratch();
  EXPECT_GE(after - before, 6);
}

TEST(ScratchMemory, MappedBlocksStartOnAHugePage) {
  for (size_t bytes : {size_t(1), size_t(4096), size_t(5) << 20}) {
    void *block = mapPages(bytes);
    ASSERT_NE(block, nullptr) << bytes;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % (uintptr_t(2) << 20), 0u)
        << bytes;
    std::memset(block, 3, bytes);
    EXPECT_EQ(static_cast<char *>(block)[bytes - 1], 3);
    unmapPages(block, bytes);
  }
}

TEST(ScratchMemory, HugePageAdviceLeavesAnyBufferUsable) {
  // Small, unaligned and empty ranges are no error: the advice covers only
  // whole huge pages inside the range, or nothing.
  std::vector<char> small(5000, 1);
  adviseHugePages(small.data() + 3, small.size() - 3);
  adviseHugePages(small.data(), 0);
  std::vector<char> large(kHugePageAdviceBytes + 12345, 2);
  adviseHugePages(large.data() + 1, large.size() - 1);
  EXPECT_EQ(small[4999], 1);
  EXPECT_EQ(large[0], 2);
  EXPECT_EQ(large.back(), 2);
}

} // namespace

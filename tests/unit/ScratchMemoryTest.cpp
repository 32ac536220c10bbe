//===- ScratchMemoryTest.cpp - the runtime's cache of buffers -------------===//

#include "runtime/ScratchMemory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>

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

TEST(ScratchMemory, SmallBlocksGoBackToTheCLibrary) {
  releaseCachedScratch();
  void *block = axle_scratch_alloc(kCachedBlockBytes - 1);
  axle_scratch_free(block);
  EXPECT_EQ(cachedScratchBytes(), 0u);
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

} // namespace

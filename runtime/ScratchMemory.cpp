//===- ScratchMemory.cpp - buffers of compiled code, reused across calls --===//

#include "runtime/ScratchMemory.h"

#include "runtime/HugePages.h"

#include <atomic>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace axle::runtime {

namespace {

constexpr size_t kAlignment = kScratchAlignment;
/// Each block starts with a header holding its capacity; the caller's
/// pointer is the first aligned byte after it.
struct Header {
  size_t capacity;
  void *raw;
  /// allocateBuffer's mappedBytes for raw.
  size_t mappedBytes;
};
static_assert(sizeof(Header) <= kAlignment);
/// How much one thread may keep cached.
constexpr size_t kCacheLimitBytes = size_t(4) << 30;
constexpr size_t kCacheLimitBlocks = 16;
/// Small blocks get a power-of-two capacity, each its own free list, of at
/// most this many blocks.
constexpr size_t kSmallClassLimitBlocks = 32;

/// The free list for `size` bytes (at most kLargestSmallBlockBytes).
unsigned smallClassOf(uint64_t size) {
  unsigned index = 0;
  while ((kSmallestBlockBytes << index) < size)
    ++index;
  return index;
}

Header *headerOf(void *block) {
  return reinterpret_cast<Header *>(static_cast<char *>(block) - kAlignment);
}

/// Gives a block's memory back to where it came from.
void release(void *block) {
  Header *header = headerOf(block);
  releaseBuffer(header->raw, header->mappedBytes);
}

struct Cache {
  /// Large blocks, oldest first.
  std::vector<void *> blocks;
  /// Small blocks by capacity class, the last freed last.
  std::vector<void *> small[kSmallBlockClasses];
  size_t bytes = 0;

  void clear() {
    for (void *block : blocks)
      release(block);
    blocks.clear();
    for (std::vector<void *> &list : small) {
      for (void *block : list)
        release(block);
      list.clear();
    }
    bytes = 0;
  }
  ~Cache() { clear(); }
};

thread_local Cache cache;

std::atomic<OutOfMemoryAction> outOfMemoryAction{nullptr};

/// The report of axle_scratch_alloc when even a retry fails; formatted on
/// the stack, since the heap is exhausted.
[[noreturn]] void scratchExhausted(uint64_t size) {
  char message[256];
  int length = std::snprintf(
      message, sizeof message,
      "axle: error: out of memory: compiled code needs a buffer of %" PRIu64
      " bytes that this process cannot get (see ulimit -v and the machine's "
      "free memory)\n",
      size);
  if (length > 0)
    std::fwrite(message, 1, static_cast<size_t>(length), stderr);
  std::fflush(stderr);
  if (OutOfMemoryAction action = outOfMemoryAction.load())
    action();
  std::abort();
}

} // namespace

void setScratchOutOfMemoryAction(OutOfMemoryAction action) {
  outOfMemoryAction.store(action);
}

size_t cachedScratchBytes() { return cache.bytes; }

void releaseCachedScratch() { cache.clear(); }

} // namespace axle::runtime

using namespace axle::runtime;

extern "C" void *axle_scratch_alloc(uint64_t size) {
  // Loops over blocks of rows allocate the same few small buffers on every
  // iteration; the C library's malloc and free took 3% of a layer norm.
  if (size <= kLargestSmallBlockBytes) {
    unsigned index = smallClassOf(size);
    size = kSmallestBlockBytes << index;
    std::vector<void *> &list = cache.small[index];
    if (!list.empty()) {
      void *block = list.back();
      list.pop_back();
      cache.bytes -= size;
      return block;
    }
  } else if (size >= kCachedBlockBytes) {
    // The smallest cached block that fits without wasting more than half.
    size_t best = cache.blocks.size();
    for (size_t i = 0; i < cache.blocks.size(); ++i) {
      size_t capacity = headerOf(cache.blocks[i])->capacity;
      if (capacity >= size && capacity <= 2 * size &&
          (best == cache.blocks.size() ||
           capacity < headerOf(cache.blocks[best])->capacity))
        best = i;
    }
    if (best != cache.blocks.size()) {
      void *block = cache.blocks[best];
      cache.blocks.erase(cache.blocks.begin() + best);
      cache.bytes -= headerOf(block)->capacity;
      return block;
    }
  }
  if (size > SIZE_MAX - 2 * kAlignment)
    scratchExhausted(size);
  size_t mappedBytes;
  void *raw = allocateBuffer(size + 2 * kAlignment, mappedBytes);
  if (!raw) {
    // This thread's cached blocks may be what is missing.
    cache.clear();
    raw = allocateBuffer(size + 2 * kAlignment, mappedBytes);
  }
  if (!raw)
    scratchExhausted(size);
  uintptr_t start = reinterpret_cast<uintptr_t>(raw) + kAlignment;
  start = (start + kAlignment - 1) / kAlignment * kAlignment;
  void *block = reinterpret_cast<void *>(start);
  *headerOf(block) = {size, raw, mappedBytes};
  return block;
}

extern "C" void axle_scratch_free(void *block) {
  if (!block)
    return;
  Header *header = headerOf(block);
  if (header->capacity <= kLargestSmallBlockBytes) {
    std::vector<void *> &list = cache.small[smallClassOf(header->capacity)];
    if (list.size() < kSmallClassLimitBlocks) {
      list.push_back(block);
      cache.bytes += header->capacity;
      return;
    }
  } else if (header->capacity >= kCachedBlockBytes &&
             cache.bytes + header->capacity <= kCacheLimitBytes) {
    if (cache.blocks.size() == kCacheLimitBlocks) {
      // Make room: drop the oldest.
      cache.bytes -= headerOf(cache.blocks.front())->capacity;
      release(cache.blocks.front());
      cache.blocks.erase(cache.blocks.begin());
    }
    cache.blocks.push_back(block);
    cache.bytes += header->capacity;
    return;
  }
  release(block);
}

//===- ScratchMemory.cpp - buffers of compiled code, reused across calls --===//

#include "runtime/ScratchMemory.h"

#include <cstdlib>
#include <vector>

namespace axle::runtime {

namespace {

constexpr size_t kAlignment = 64;
/// Each block starts with a header holding its capacity; the caller's
/// pointer is the first aligned byte after it.
struct Header {
  size_t capacity;
  void *raw;
};
static_assert(sizeof(Header) <= kAlignment);
/// How much one thread may keep cached.
constexpr size_t kCacheLimitBytes = size_t(4) << 30;
constexpr size_t kCacheLimitBlocks = 16;

Header *headerOf(void *block) {
  return reinterpret_cast<Header *>(static_cast<char *>(block) - kAlignment);
}

struct Cache {
  std::vector<void *> blocks;
  size_t bytes = 0;

  void clear() {
    for (void *block : blocks)
      std::free(headerOf(block)->raw);
    blocks.clear();
    bytes = 0;
  }
  ~Cache() { clear(); }
};

thread_local Cache cache;

} // namespace

size_t cachedScratchBytes() { return cache.bytes; }

void releaseCachedScratch() { cache.clear(); }

} // namespace axle::runtime

using namespace axle::runtime;

extern "C" void *axle_scratch_alloc(uint64_t size) {
  if (size >= kCachedBlockBytes) {
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
  void *raw = std::malloc(size + 2 * kAlignment);
  if (!raw)
    return nullptr;
  uintptr_t start = reinterpret_cast<uintptr_t>(raw) + kAlignment;
  start = (start + kAlignment - 1) / kAlignment * kAlignment;
  void *block = reinterpret_cast<void *>(start);
  *headerOf(block) = {size, raw};
  return block;
}

extern "C" void axle_scratch_free(void *block) {
  if (!block)
    return;
  Header *header = headerOf(block);
  if (header->capacity >= kCachedBlockBytes &&
      cache.bytes + header->capacity <= kCacheLimitBytes) {
    if (cache.blocks.size() == kCacheLimitBlocks) {
      // Make room: drop the oldest.
      Header *oldest = headerOf(cache.blocks.front());
      cache.bytes -= oldest->capacity;
      std::free(oldest->raw);
      cache.blocks.erase(cache.blocks.begin());
    }
    cache.blocks.push_back(block);
    cache.bytes += header->capacity;
    return;
  }
  std::free(header->raw);
}

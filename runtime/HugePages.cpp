//===- HugePages.cpp - large buffers on huge pages ------------------------===//
//-------------------------===//

#include "runtime/HugePages.h"

#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace axle::runtime {

void adviseHugePages(void *begin, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
  if (bytes < kHugePageAdviceBytes)
    return;
  uintptr_t start = reinterpret_cast<uintptr_t>(begin);
  uintptr_t end = start + bytes;
  // Only whole huge pages inside the buffer: the advice applies to whole
  // pages, and its neighbours' pages are not ours to change.
  uintptr_t first = (start + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t last = end & ~(kHugePage - 1);
  if (first < last)
    (void)madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
#else
  (void)begin;
  (void)bytes;
#endif
}

void *mapPages(size_t bytes) {
#if defined(__linux__)
  void *block = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (block == MAP_FAILED)
    return nullptr;
  adviseHugePages(block, bytes);
  return block;
#else
  return std::malloc(bytes);
#endif
}

void unmapPages(void *block, size_t bytes) {
#if defined(__linux__)
  (void)munmap(block, bytes);
#else
  (void)bytes;
  std::free(block);
#endif
}

} // namespace axle::runtime

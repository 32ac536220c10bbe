//===- HugePages.cpp - large buffers on huge pages ------------------------===//

#include "runtime/HugePages.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace axle::runtime {

namespace {
/// The size of a transparent huge page on x86-64 and on 4 KiB-page AArch64.
constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
} // namespace

void adviseHugePages(void *begin, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
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
  // Map a huge page more than asked and keep the part that starts on a
  // huge page boundary, so that every whole 2 MiB of the block can be one
  // (a block of 4 MiB from a plain mapping would get one huge page, not
  // two).
  if (bytes > SIZE_MAX - kHugePage)
    return nullptr;
  size_t span = bytes + kHugePage;
  void *mapped = mmap(nullptr, span, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED)
    return nullptr;
  uintptr_t raw = reinterpret_cast<uintptr_t>(mapped);
  uintptr_t start = (raw + kHugePage - 1) & ~(kHugePage - 1);
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  uintptr_t end = (start + bytes + page - 1) / page * page;
  if (start > raw)
    (void)munmap(mapped, start - raw);
  if (raw + span > end)
    (void)munmap(reinterpret_cast<void *>(end), raw + span - end);
  void *block = reinterpret_cast<void *>(start);
  adviseHugePages(block, bytes);
  return block;
#else
  return std::aligned_alloc(64, (bytes + 63) / 64 * 64);
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

void *allocateBuffer(size_t bytes, size_t &mappedBytes) {
  if (bytes >= kHugePageAdviceBytes) {
    mappedBytes = bytes;
    return mapPages(bytes);
  }
  mappedBytes = 0;
  return std::aligned_alloc(64, (std::max<size_t>(bytes, 1) + 63) / 64 * 64);
}

void releaseBuffer(void *block, size_t mappedBytes) {
  if (mappedBytes)
    unmapPages(block, mappedBytes);
  else
    std::free(block);
}

} // namespace axle::runtime

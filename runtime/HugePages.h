//===- HugePages.h - ask the kernel to back large buffers with huge pages -===//
//
// Streaming through a buffer of tens of megabytes on 4 KiB pages costs a
// page walk every 64 cache lines, and the hardware prefetchers stop at each
// page's end. Linux backs an anonymous mapping with 2 MiB pages where the
// program asks for it (madvise MADV_HUGEPAGE; transparent huge pages in
// "madvise" mode, the usual default). NumPy asks for it for every large
// array, so this is also what a framework's buffers get.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_RUNTIME_HUGEPAGES_H
#define AXLE_RUNTIME_HUGEPAGES_H

#include <cstddef>

namespace axle::runtime {

/// Buffers at least this large are worth the advice.
constexpr size_t kHugePageAdviceBytes = size_t(4) << 20;

/// Advises the kernel to back the whole 2 MiB pages inside
/// [begin, begin + bytes) with huge pages. Call it before the buffer is
/// first written: pages already touched keep their size. Advice only:
/// where the kernel or the platform does not take it, nothing changes.
void adviseHugePages(void *begin, size_t bytes);

/// `bytes` of fresh memory in a mapping of its own that starts on a 2 MiB
/// boundary, advised onto huge pages before anything touches it (memory
/// from malloc may be pages an earlier block already faulted in at 4 KiB);
/// null when the system has none.
/// Release it with unmapPages. Where there is no mmap, it is
/// aligned_alloc's (64-byte aligned).
void *mapPages(size_t bytes);

/// Returns a block of mapPages(bytes).
void unmapPages(void *block, size_t bytes);

/// A buffer of `bytes`, 64-byte aligned, or null: mapPages' where it is
/// large enough for huge pages (mappedBytes = bytes), aligned_alloc's
/// otherwise (mappedBytes = 0). The one choice that the runtime's scratch
/// blocks, axle-run's buffers and the Python module's outputs share.
void *allocateBuffer(size_t bytes, size_t &mappedBytes);

/// Returns a buffer of allocateBuffer, given the mappedBytes it set.
void releaseBuffer(void *block, size_t mappedBytes);

} // namespace axle::runtime

#endif // AXLE_RUNTIME_HUGEPAGES_H

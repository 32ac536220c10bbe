//===- ScratchMemory.h - buffers of compiled code, reused across calls -*- C++
//-*-===//
//
// Compiled code allocates its intermediate buffers (one arena per call, and
// buffers inside loops) through two slots, `axle_alloc_slot` and
// `axle_free_slot`, which the loader fills with the functions below; a
// library used without the runtime leaves them empty and calls malloc and
// free. Large blocks freed by a thread stay cached on that thread for its
// next call: a model's arena of tens of megabytes would otherwise come
// back from the kernel as fresh pages (and page faults) on every call.
// Small blocks (up to 32 KiB) are cached too, by power-of-two capacity, a
// few of each: loops allocate them on every iteration.
// A large new block is a mapping of its own on huge pages (HugePages.h).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_RUNTIME_SCRATCHMEMORY_H
#define AXLE_RUNTIME_SCRATCHMEMORY_H

#include <cstddef>
#include <cstdint>

namespace axle::runtime {

/// The symbols of the slots compiled code allocates through.
constexpr const char *kAllocSlot = "axle_alloc_slot";
constexpr const char *kFreeSlot = "axle_free_slot";

/// Every block compiled code gets is aligned to this many bytes, the
/// runtime's and the library's own (compiler/codegen/cpu/LibraryAllocator.h)
/// alike; the allocation function tells LLVM so (RouteAllocations.cpp).
constexpr size_t kScratchAlignment = 64;

/// Blocks of at least this many bytes are cached when freed, best fit
/// within twice the size asked for; so are blocks of at most half of it,
/// by power-of-two capacity. Those between go back to the C library.
constexpr size_t kCachedBlockBytes = size_t(64) << 10;

/// Small blocks: capacities are powers of two from kSmallestBlockBytes to
/// kLargestSmallBlockBytes, kSmallBlockClasses of them, each cached on its
/// own (the runtime's and the library's own allocator alike).
constexpr size_t kSmallestBlockBytes = 64;
constexpr unsigned kSmallBlockClasses = 10;
constexpr size_t kLargestSmallBlockBytes = kSmallestBlockBytes
                                           << (kSmallBlockClasses - 1);
static_assert(kLargestSmallBlockBytes == kCachedBlockBytes / 2);

/// Bytes of freed blocks this thread keeps (for tests and reports).
size_t cachedScratchBytes();

/// Frees this thread's cached blocks.
void releaseCachedScratch();

/// What happens after compiled code's scratch memory runs out (the
/// allocation cannot return: compiled code has no way to fail), once
/// "axle: error: out of memory ..." is on stderr: the action set here
/// (tools: exit with status 1), else abort(). It must not return.
using OutOfMemoryAction = void (*)();
void setScratchOutOfMemoryAction(OutOfMemoryAction action);

} // namespace axle::runtime

extern "C" {
/// `size` bytes aligned to 64, from this thread's cache when a cached block
/// fits (a large one of at most twice the size; a small one of the same
/// power-of-two capacity), else new (after freeing this thread's
/// cached blocks, if the first try fails). Out of memory, it reports so and
/// does not return (setScratchOutOfMemoryAction).
void *axle_scratch_alloc(uint64_t size);
/// Returns a block of axle_scratch_alloc (null is ignored).
void axle_scratch_free(void *block);
}

#endif // AXLE_RUNTIME_SCRATCHMEMORY_H

//===- ParallelFor.h - parallel loops of compiled code ----------*- C++ -*-===//
//
// Compiled kernels run their outer parallel loops through one function,
// `void axle_parallel_for(body, ctx, count)`: it calls body(ctx, b, e) on
// chunks [b, e) that cover [0, count) exactly once, on the runtime's kernel
// threads and the calling thread, and returns when all are done. Compiled
// code reaches it through the slot `axle_parallel_for_slot`, which the
// loader fills in; when the slot is empty (a library linked without the
// runtime), the code runs the whole loop on the calling thread.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_RUNTIME_PARALLELFOR_H
#define AXLE_RUNTIME_PARALLELFOR_H

#include <cstdint>

namespace axle::runtime {

using ParallelBody = void (*)(void *ctx, int64_t begin, int64_t end);

/// The symbol of the slot compiled code calls through.
constexpr const char *kParallelForSlot = "axle_parallel_for_slot";

/// Sets how many threads (the caller included) kernels use from now on;
/// 0 means ThreadPool::defaultThreadCount() (AXLE_NUM_THREADS, else the
/// number of cores). 1 runs every loop on the calling thread.
void setKernelThreads(unsigned threads);
unsigned kernelThreads();

} // namespace axle::runtime

extern "C" {
/// The implementation the loader puts in `axle_parallel_for_slot`.
void axle_parallel_for(axle::runtime::ParallelBody body, void *ctx,
                       int64_t count);
}

#endif // AXLE_RUNTIME_PARALLELFOR_H

//===- ParallelFor.cpp - parallel loops of compiled code ------------------===//
//
// Chunks are handed out from an atomic counter. The caller takes chunks
// too and only waits for helpers still inside a chunk, so a loop never
// waits on queued work: nested or concurrent runs cannot deadlock, and
// helpers that start after the last chunk return at once.
//
//===----------------------------------------------------------------------===//

#include "runtime/ParallelFor.h"
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>

namespace axle::runtime {

namespace {

std::mutex poolMutex;
std::unique_ptr<ThreadPool> pool; // the helpers: kernel threads - 1
unsigned threadCount = 0;         // 0: not chosen yet

ThreadPool *helpers(unsigned &threads) {
  std::lock_guard<std::mutex> lock(poolMutex);
  if (threadCount == 0)
    threadCount = ThreadPool::defaultThreadCount();
  if (threadCount > 1 && !pool) {
    pool = std::make_unique<ThreadPool>(threadCount - 1);
    if (pool->size() < threadCount - 1) {
      // Fewer threads than asked for could be created: run on those
      // (a loop waits for each helper it hands work to).
      std::fprintf(stderr,
                   "axle: note: could start only %u of %u kernel threads; "
                   "running on those\n",
                   pool->size() + 1, threadCount);
      threadCount = pool->size() + 1;
      if (threadCount == 1)
        pool.reset();
    }
  }
  threads = threadCount;
  return pool.get();
}

struct Job {
  ParallelBody body;
  void *ctx;
  int64_t count;
  int64_t chunk;
  std::atomic<int64_t> next{0};
  std::mutex mutex;
  std::condition_variable done;
  std::atomic<int> running{0}; // helpers not finished yet

  void runChunks() {
    while (true) {
      int64_t begin = next.fetch_add(chunk);
      if (begin >= count)
        return;
      body(ctx, begin, std::min(count, begin + chunk));
    }
  }
};

} // namespace

void setKernelThreads(unsigned threads) {
  std::lock_guard<std::mutex> lock(poolMutex);
  threadCount = threads ? threads : ThreadPool::defaultThreadCount();
  pool.reset();
}

unsigned kernelThreads() {
  unsigned threads = 0;
  helpers(threads);
  return threads;
}

} // namespace axle::runtime

extern "C" void axle_parallel_for(axle::runtime::ParallelBody body, void *ctx,
                                  int64_t count) {
  using namespace axle::runtime;
  if (count <= 0)
    return;
  unsigned threads = 1;
  ThreadPool *pool = helpers(threads);
  if (!pool || threads <= 1 || count == 1) {
    body(ctx, 0, count);
    return;
  }
  auto job = std::make_shared<Job>();
  job->body = body;
  job->ctx = ctx;
  job->count = count;
  // A few chunks per thread balance uneven iterations.
  job->chunk = std::max<int64_t>(1, count / (int64_t(threads) * 4));
  int64_t chunks = (count + job->chunk - 1) / job->chunk;
  int extra = static_cast<int>(std::min<int64_t>(threads - 1, chunks - 1));
  job->running.store(extra, std::memory_order_relaxed);
  for (int i = 0; i < extra; ++i)
    pool->submit([job] {
      job->runChunks();
      if (job->running.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        // Under the mutex, so that a caller that has just found helpers
        // running and is about to block cannot miss the notification.
        std::lock_guard<std::mutex> lock(job->mutex);
        job->done.notify_all();
      }
    });
  job->runChunks();
  // Helpers finish within microseconds of the caller: spin before
  // blocking.
  auto finished = [&] {
    return job->running.load(std::memory_order_acquire) == 0;
  };
  if (ThreadPool::spinUntil(finished))
    return;
  std::unique_lock<std::mutex> lock(job->mutex);
  job->done.wait(lock, finished);
}

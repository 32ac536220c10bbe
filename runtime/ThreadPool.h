//===- ThreadPool.h - the runtime's worker threads --------------*- C++ -*-===//

#ifndef AXLE_RUNTIME_THREADPOOL_H
#define AXLE_RUNTIME_THREADPOOL_H

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace axle::runtime {

/// A fixed set of threads running queued tasks in order of submission.
/// A thread that runs out of tasks spins for a short while before it
/// sleeps: compiled programs submit one kernel after another, microseconds
/// apart, and waking a sleeping thread costs more than most kernels take.
class ThreadPool {
public:
  /// `threads` = 0 picks defaultThreadCount(). Where the system refuses
  /// to create more threads (a limit on processes or on address space for
  /// their stacks), the pool has the ones it could start: size() says how
  /// many.
  explicit ThreadPool(unsigned threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  void submit(std::function<void()> task);
  unsigned size() const { return static_cast<unsigned>(workers.size()); }

  /// AXLE_NUM_THREADS when set to a positive number, else the number of
  /// hardware threads.
  static unsigned defaultThreadCount();

  /// Waits a little for `ready` to become true, spinning (about 50 us),
  /// before a caller blocks: true if it did.
  static bool spinUntil(const std::function<bool()> &ready);

private:
  /// One more thread running queued tasks; throws std::system_error when
  /// the system refuses it.
  void startWorker();

  std::vector<std::thread> workers;
  std::deque<std::function<void()>> tasks;
  std::mutex mutex;
  std::condition_variable wake;
  /// Set under the mutex (so that no thread misses the wake-up), read
  /// without it by the spinning threads.
  std::atomic<bool> stopping{false};
  /// Tasks queued (readable without the mutex, for the spinning threads).
  std::atomic<int> queued{0};
  /// Threads blocked on `wake` (under the mutex): submit notifies only
  /// when one is.
  int sleeping = 0;
};

} // namespace axle::runtime

#endif // AXLE_RUNTIME_THREADPOOL_H

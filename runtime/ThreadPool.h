//===- ThreadPool.h - the runtime's worker threads --------------*- C++ -*-===//

#ifndef AXLE_RUNTIME_THREADPOOL_H
#define AXLE_RUNTIME_THREADPOOL_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace axle::runtime {

/// A fixed set of threads running queued tasks in order of submission.
class ThreadPool {
public:
  /// `threads` = 0 picks defaultThreadCount().
  explicit ThreadPool(unsigned threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  void submit(std::function<void()> task);
  unsigned size() const { return static_cast<unsigned>(workers.size()); }

  /// AXLE_NUM_THREADS when set to a positive number, else the number of
  /// hardware threads.
  static unsigned defaultThreadCount();

private:
  std::vector<std::thread> workers;
  std::deque<std::function<void()>> tasks;
  std::mutex mutex;
  std::condition_variable wake;
  bool stopping = false;
};

} // namespace axle::runtime

#endif // AXLE_RUNTIME_THREADPOOL_H

//===- ThreadPool.cpp - the runtime's worker threads ----------------------===//

#include "runtime/ThreadPool.h"

#include <cstdlib>

namespace axle::runtime {

unsigned ThreadPool::defaultThreadCount() {
  if (const char *env = std::getenv("AXLE_NUM_THREADS")) {
    char *end = nullptr;
    long value = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && value > 0 && value <= 4096)
      return static_cast<unsigned>(value);
  }
  unsigned hardware = std::thread::hardware_concurrency();
  return hardware ? hardware : 1;
}

ThreadPool::ThreadPool(unsigned threads) {
  if (threads == 0)
    threads = defaultThreadCount();
  for (unsigned i = 0; i < threads; ++i)
    workers.emplace_back([this] {
      while (true) {
        std::function<void()> task;
        {
          std::unique_lock<std::mutex> lock(mutex);
          wake.wait(lock, [this] { return stopping || !tasks.empty(); });
          if (tasks.empty())
            return;
          task = std::move(tasks.front());
          tasks.pop_front();
        }
        task();
      }
    });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  for (std::thread &worker : workers)
    worker.join();
}

void ThreadPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    tasks.push_back(std::move(task));
  }
  wake.notify_one();
}

} // namespace axle::runtime

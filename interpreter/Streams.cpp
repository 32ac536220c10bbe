//===- Streams.cpp - infeed, outfeed and channels of a run ----------------===//

#include "interpreter/Streams.h"

namespace axle::interp {

void Streams::pushInfeed(Tensor tensor) {
  std::lock_guard<std::mutex> lock(mutex);
  infeed.push_back(std::move(tensor));
}

std::optional<std::vector<Tensor>> Streams::popInfeed(size_t count) {
  std::lock_guard<std::mutex> lock(mutex);
  if (infeed.size() < count)
    return std::nullopt;
  std::vector<Tensor> taken(infeed.begin(), infeed.begin() + count);
  infeed.erase(infeed.begin(), infeed.begin() + count);
  return taken;
}

void Streams::pushOutfeed(int64_t process, std::vector<Tensor> tensors) {
  std::lock_guard<std::mutex> lock(mutex);
  written.emplace_back(process, std::move(tensors));
}

std::vector<std::pair<int64_t, std::vector<Tensor>>> Streams::outfeed() const {
  std::lock_guard<std::mutex> lock(mutex);
  return written;
}

void Streams::send(int64_t channel, std::vector<Tensor> values) {
  std::lock_guard<std::mutex> lock(mutex);
  channels[channel].push_back(std::move(values));
  sent.notify_all();
}

std::optional<std::vector<Tensor>>
Streams::receive(int64_t channel, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex);
  auto &queue = channels[channel];
  if (!sent.wait_for(lock, timeout, [&] { return !queue.empty(); }))
    return std::nullopt;
  std::vector<Tensor> values = std::move(queue.front());
  queue.pop_front();
  return values;
}

} // namespace axle::interp

//===- Streams.h - infeed, outfeed and channels of a run --------*- C++ -*-===//
//
// The streaming and point-to-point state a run shares between its
// processes: an infeed queue of tensors the caller fills before the run, the
// outfeed the program writes (with the writing process's id), and one FIFO
// per channel id for send/recv. Safe to use from every process's thread.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_STREAMS_H
#define AXLE_INTERPRETER_STREAMS_H

#include "interpreter/Tensor.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace axle::interp {

class Streams {
public:
  /// Appends a tensor to the infeed (before or during the run).
  void pushInfeed(Tensor tensor);
  /// Takes `count` tensors from the front of the infeed; nullopt (taking
  /// nothing) when fewer are left.
  std::optional<std::vector<Tensor>> popInfeed(size_t count);

  void pushOutfeed(int64_t process, std::vector<Tensor> tensors);
  /// Everything written to the outfeed so far, in order, with the process
  /// that wrote it.
  std::vector<std::pair<int64_t, std::vector<Tensor>>> outfeed() const;

  /// Sends values on `channel`; a later receive on it gets them (FIFO).
  void send(int64_t channel, std::vector<Tensor> values);
  /// Waits up to `timeout` for values sent on `channel`.
  std::optional<std::vector<Tensor>> receive(int64_t channel,
                                             std::chrono::milliseconds timeout);

private:
  mutable std::mutex mutex;
  std::condition_variable sent;
  std::deque<Tensor> infeed;
  std::vector<std::pair<int64_t, std::vector<Tensor>>> written;
  std::map<int64_t, std::deque<std::vector<Tensor>>> channels;
};

} // namespace axle::interp

#endif // AXLE_INTERPRETER_STREAMS_H

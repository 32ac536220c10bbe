//===- ProcessGrid.cpp - StableHLO processes for the interpreter ----------===//

#include "interpreter/ops/ProcessGrid.h"
#include "interpreter/Streams.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/thread.h"

using namespace mlir;

namespace axle::interp {

namespace {
thread_local ProcessContext threadProcess;
} // namespace

const ProcessContext &currentProcess() { return threadProcess; }

std::optional<std::vector<Values>>
Rendezvous::exchange(Operation *op, int64_t self,
                     ArrayRef<int64_t> participants, Values values) {
  std::unique_lock<std::mutex> lock(mutex);
  if (aborted)
    return std::nullopt;
  int64_t occurrence = occurrences[{op, self}]++;
  Key key(op, occurrence,
          std::vector<int64_t>(participants.begin(), participants.end()));
  Meeting &meeting = meetings[key];
  meeting.expected = participants.size();
  meeting.deposits[self] = std::move(values);
  arrived.notify_all();
  bool complete = arrived.wait_for(lock, timeout, [&] {
    return aborted || meeting.deposits.size() == meeting.expected;
  });
  if (!complete || aborted)
    return std::nullopt;
  std::vector<Values> all;
  for (int64_t process : participants)
    all.push_back(meeting.deposits[process]);
  // The last participant to collect closes the meeting.
  if (++meeting.collected == meeting.expected)
    meetings.erase(key);
  return all;
}

void Rendezvous::abort() {
  std::lock_guard<std::mutex> lock(mutex);
  aborted = true;
  arrived.notify_all();
}

FailureOr<std::vector<Values>> runProcessGrid(ModuleOp module,
                                              StringRef function,
                                              ArrayRef<Values> arguments,
                                              InterpreterOptions options) {
  int64_t replicas = options.numReplicas, partitions = options.numPartitions;
  if (replicas < 1 || partitions < 1)
    return module.emitError() << "the process grid needs at least one "
                                 "replica and partition, got "
                              << replicas << " x " << partitions;
  int64_t processes = replicas * partitions;
  if (static_cast<int64_t>(arguments.size()) != processes)
    return module.emitError() << "got arguments for " << arguments.size()
                              << " processes, the grid has " << processes;
  if (processes > 1 && !module.getContext()->isMultithreadingEnabled())
    return module.emitError() << "running " << processes
                              << " processes needs an MLIRContext with "
                                 "multithreading enabled";

  // Every process shares one set of streams and channels.
  if (!options.streams)
    options.streams = std::make_shared<Streams>();
  Rendezvous rendezvous;
  std::vector<FailureOr<Values>> results(processes, failure());
  auto runProcess = [&](int64_t process) {
    threadProcess = {process / partitions, process % partitions, &rendezvous};
    Interpreter interpreter(module, options);
    results[process] = interpreter.call(function, arguments[process]);
    threadProcess = {};
    if (failed(results[process]))
      rendezvous.abort();
  };
  // Interpretation recurses once per nested region; give each process a
  // large stack (address space only until touched), like the tools' main
  // thread (compiler/driver/LargeStack.h).
  constexpr unsigned kProcessStackBytes = 256u << 20;
  std::vector<llvm::thread> threads;
  for (int64_t process = 0; process < processes; ++process)
    threads.emplace_back(std::optional<unsigned>(kProcessStackBytes),
                         runProcess, process);
  for (llvm::thread &thread : threads)
    thread.join();

  std::vector<Values> all;
  for (int64_t process = 0; process < processes; ++process) {
    if (failed(results[process]))
      return failure();
    all.push_back(std::move(*results[process]));
  }
  return all;
}

} // namespace axle::interp

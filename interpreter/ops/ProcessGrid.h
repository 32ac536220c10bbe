//===- ProcessGrid.h - StableHLO processes for the interpreter --*- C++ -*-===//
//
// The specification runs a program on a grid of num_replicas x
// num_partitions processes that meet in collective ops. The interpreter runs
// each process as an Interpreter on its own thread:
//
//   runProcessGrid(module, "main", argumentsPerProcess, options)
//
// starts one thread per process (process p = replica p / num_partitions,
// partition p % num_partitions), each with its own Interpreter, and returns
// every process's results. While a process runs, `currentProcess()` on its
// thread names it and its Rendezvous; collective evaluators use them to
// exchange operands with the other processes of their group.
//
// A plain `Interpreter::call` on a thread outside runProcessGrid is process
// (0, 0) of a 1 x 1 grid; collectives then need num_replicas =
// num_partitions = 1 and act as their one-process meaning.
//
// The module's MLIRContext must have multithreading enabled (evaluators
// create types and attributes from several threads) and its diagnostic
// handlers must tolerate being called from several threads (MLIR serializes
// the calls).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_OPS_PROCESSGRID_H
#define AXLE_INTERPRETER_OPS_PROCESSGRID_H

#include "interpreter/Interpreter.h"

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace axle::interp {

/// Where processes meet for collectives. Each collective evaluation of a
/// process deposits its values under a key (the op and how many times this
/// process has run it before) together with the flattened ids of the
/// processes taking part; when all of them have deposited, each gets every
/// participant's values.
class Rendezvous {
public:
  explicit Rendezvous(
      std::chrono::milliseconds timeout = std::chrono::milliseconds(120000))
      : timeout(timeout) {}

  /// Deposits `values` as process `self` and waits for `participants` (which
  /// include `self`). Returns their values in the order of `participants`;
  /// nullopt when the wait timed out or the rendezvous was aborted.
  std::optional<std::vector<Values>>
  exchange(mlir::Operation *op, int64_t self,
           llvm::ArrayRef<int64_t> participants, Values values);

  /// Wakes every waiting process with a failure (a process failed, so the
  /// others would wait forever).
  void abort();

private:
  struct Meeting {
    std::map<int64_t, Values> deposits;
    size_t expected = 0;
    size_t collected = 0;
  };
  using Key = std::tuple<mlir::Operation *, int64_t, std::vector<int64_t>>;

  std::mutex mutex;
  std::condition_variable arrived;
  std::map<Key, Meeting> meetings;
  /// How many times each process has run each collective op.
  std::map<std::pair<mlir::Operation *, int64_t>, int64_t> occurrences;
  bool aborted = false;
  std::chrono::milliseconds timeout;
};

/// The process a thread runs as.
struct ProcessContext {
  int64_t replicaId = 0;
  int64_t partitionId = 0;
  /// Null outside runProcessGrid.
  Rendezvous *rendezvous = nullptr;
};

/// The process of the calling thread ((0, 0) without a rendezvous outside
/// runProcessGrid).
const ProcessContext &currentProcess();

/// Runs `function` of `module` on every process of the options' grid, each
/// on its own thread and Interpreter, with `arguments[p]` for process p
/// (flattened id replica * num_partitions + partition). Returns the results
/// of every process; fails (with diagnostics emitted) if any process fails.
mlir::FailureOr<std::vector<Values>>
runProcessGrid(mlir::ModuleOp module, llvm::StringRef function,
               llvm::ArrayRef<Values> arguments, InterpreterOptions options);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_OPS_PROCESSGRID_H

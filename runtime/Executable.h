//===- Executable.h - loading and running compiled axle code ----*- C++ -*-===//
//
// The runtime's C++ API. An Executable is a loaded artifact: its native
// code mapped into the process and its function signatures. Running a
// function passes pointers to the caller's own input and output memory
// (no copies); inputs are only read. One Executable may run from many
// threads at once: compiled code keeps no state between calls.
//
//   auto exe = axle::runtime::Executable::loadFile("model.axle");
//   if (!exe) { puts(exe.status().message().c_str()); return 1; }
//   const FunctionSpec *main = (*exe)->find("main");
//   Status s = (*exe)->run(*main, {x.data()}, {y.data()});
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_RUNTIME_EXECUTABLE_H
#define AXLE_RUNTIME_EXECUTABLE_H

#include "runtime/Artifact.h"
#include "runtime/Status.h"

#include <functional>
#include <future>
#include <memory>
#include <string_view>
#include <vector>

namespace axle::runtime {

class ThreadPool;

class Executable {
public:
  /// Reads, validates and loads an artifact file. Fails with a message for
  /// missing, truncated or corrupted files, another format version, another
  /// architecture, or a CPU lacking features the code uses.
  static Result<std::shared_ptr<Executable>> loadFile(const std::string &path);
  static Result<std::shared_ptr<Executable>> loadBytes(std::string_view bytes);

  ~Executable();
  Executable(const Executable &) = delete;
  Executable &operator=(const Executable &) = delete;

  const Artifact &artifact() const { return contents; }
  const std::vector<FunctionSpec> &functions() const {
    return contents.functions;
  }
  const FunctionSpec *find(std::string_view name) const {
    return contents.find(name);
  }

  /// Runs `function` synchronously. `inputs[i]` points at input i's
  /// elements (row-major, function.inputs[i].byteSize() bytes) and
  /// `outputs[i]` at room for output i. Fails when the counts differ.
  Status run(const FunctionSpec &function,
             const std::vector<const void *> &inputs,
             const std::vector<void *> &outputs) const;

  /// Runs on `pool` and returns a future of the run's status; the buffers
  /// must stay alive until it is ready.
  std::future<Status> runAsync(ThreadPool &pool, const FunctionSpec &function,
                               std::vector<const void *> inputs,
                               std::vector<void *> outputs) const;
  /// Runs on `pool` and calls `done` with the status on the worker thread.
  void runAsync(ThreadPool &pool, const FunctionSpec &function,
                std::vector<const void *> inputs, std::vector<void *> outputs,
                std::function<void(Status)> done) const;

private:
  Executable() = default;

  Artifact contents;
  void *library = nullptr;
  int libraryFd = -1;
  using EntryPoint = void (*)(void **);
  std::vector<EntryPoint> entryPoints; ///< parallel to contents.functions
};

} // namespace axle::runtime

#endif // AXLE_RUNTIME_EXECUTABLE_H

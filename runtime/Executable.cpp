//===- Executable.cpp - loading and running compiled axle code ------------===//
//
// The native code is an ELF shared library inside the artifact. It is
// written to an anonymous in-memory file (memfd) and opened with dlopen,
// so loading never touches the file system and two loads of the same
// artifact are independent.
//
//===----------------------------------------------------------------------===//

#include "runtime/Executable.h"
#include "runtime/CpuFeatures.h"
#include "runtime/CustomCall.h"
#include "runtime/ParallelFor.h"
#include "runtime/ScratchMemory.h"
#include "runtime/ThreadPool.h"

#include <dlfcn.h>
#include <fstream>
#include <sstream>
#include <sys/mman.h>
#include <unistd.h>

namespace axle::runtime {

namespace {

bool writeAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written <= 0)
      return false;
    bytes.remove_prefix(static_cast<size_t>(written));
  }
  return true;
}

std::string join(const std::vector<std::string> &items) {
  std::string text;
  for (const std::string &item : items)
    text += (text.empty() ? "" : ", ") + item;
  return text;
}

} // namespace

Result<std::shared_ptr<Executable>>
Executable::loadFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return Status::error("cannot open '" + path + "'");
  std::ostringstream bytes;
  bytes << file.rdbuf();
  auto result = loadBytes(bytes.str());
  if (!result)
    return Status::error(path + ": " + result.status().message());
  return result;
}

Result<std::shared_ptr<Executable>>
Executable::loadBytes(std::string_view bytes) {
  Result<Artifact> artifact = parseArtifact(bytes);
  if (!artifact)
    return artifact.status();
  std::string arch = artifact->triple.substr(0, artifact->triple.find('-'));
  if (arch != hostArchitecture())
    return Status::error("the artifact was compiled for '" + artifact->triple +
                         "', but this machine is " + hostArchitecture());
  std::vector<std::string> missing = missingCpuFeatures(artifact->features);
  if (!missing.empty())
    return Status::error(
        "this CPU lacks features the artifact's code uses (" + join(missing) +
        "; compiled for cpu '" + artifact->cpu +
        "'); recompile with --target-cpu=host on this machine");

  std::shared_ptr<Executable> exe(new Executable());
  exe->contents = std::move(*artifact);
  exe->libraryFd = ::memfd_create("axle-code", MFD_CLOEXEC);
  if (exe->libraryFd < 0)
    return Status::error("cannot create an in-memory file for the code");
  if (!writeAll(exe->libraryFd, exe->contents.code))
    return Status::error("cannot write the code to memory");
  std::string fdPath = "/proc/self/fd/" + std::to_string(exe->libraryFd);
  exe->library = ::dlopen(fdPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!exe->library) {
    const char *why = ::dlerror();
    return Status::error(std::string("cannot load the artifact's code: ") +
                         (why ? why : "unknown error"));
  }
  // Parallel loops run on the runtime's kernel threads.
  if (void *slot = ::dlsym(exe->library, kParallelForSlot))
    *static_cast<void **>(slot) = reinterpret_cast<void *>(&axle_parallel_for);
  // Intermediate buffers come from the per-thread scratch cache.
  if (void *slot = ::dlsym(exe->library, kAllocSlot))
    *static_cast<void **>(slot) = reinterpret_cast<void *>(&axle_scratch_alloc);
  if (void *slot = ::dlsym(exe->library, kFreeSlot))
    *static_cast<void **>(slot) = reinterpret_cast<void *>(&axle_scratch_free);
  // Each custom-call target's slot gets the registered function.
  for (const std::string &target : exe->contents.customCalls) {
    CustomCallFn fn = lookupCustomCall(target);
    if (!fn)
      return Status::error("the artifact calls custom-call target '" + target +
                           "', which is not registered with the runtime "
                           "(axle::runtime::registerCustomCall)");
    void *slot = ::dlsym(exe->library, customCallSlotSymbol(target).c_str());
    if (!slot)
      return Status::error("the artifact's code lacks the slot of custom-call "
                           "target '" +
                           target + "'");
    *static_cast<CustomCallFn *>(slot) = fn;
  }
  for (const FunctionSpec &function : exe->contents.functions) {
    void *symbol = ::dlsym(exe->library, function.symbol.c_str());
    if (!symbol)
      return Status::error("the artifact's code lacks the entry point '" +
                           function.symbol + "' of function '" + function.name +
                           "'");
    exe->entryPoints.push_back(reinterpret_cast<EntryPoint>(symbol));
  }
  return exe;
}

Executable::~Executable() {
  if (library)
    ::dlclose(library);
  if (libraryFd >= 0)
    ::close(libraryFd);
}

Status Executable::run(const FunctionSpec &function,
                       const std::vector<const void *> &inputs,
                       const std::vector<void *> &outputs) const {
  size_t index = &function - contents.functions.data();
  if (index >= contents.functions.size())
    return Status::error("function '" + function.name +
                         "' does not belong to this executable");
  if (inputs.size() != function.inputs.size() ||
      outputs.size() != function.outputs.size())
    return Status::error("function '" + function.name + "' takes " +
                         std::to_string(function.inputs.size()) +
                         " inputs and " +
                         std::to_string(function.outputs.size()) +
                         " outputs, got " + std::to_string(inputs.size()) +
                         " and " + std::to_string(outputs.size()));
  // Zero-sized tensors may come with null pointers; the code never reads
  // them, but a descriptor needs some address.
  static char placeholder;
  std::vector<void *> buffers;
  buffers.reserve(inputs.size() + outputs.size());
  for (const void *input : inputs)
    buffers.push_back(input ? const_cast<void *>(input) : &placeholder);
  for (void *output : outputs)
    buffers.push_back(output ? output : &placeholder);
  for (size_t i = 0; i < buffers.size(); ++i) {
    const TensorSpec &spec = i < inputs.size()
                                 ? function.inputs[i]
                                 : function.outputs[i - inputs.size()];
    if (buffers[i] == &placeholder && spec.byteSize() != 0)
      return Status::error("null buffer for a non-empty " + spec.toString());
  }
  entryPoints[index](buffers.data());
  return Status();
}

std::future<Status> Executable::runAsync(ThreadPool &pool,
                                         const FunctionSpec &function,
                                         std::vector<const void *> inputs,
                                         std::vector<void *> outputs) const {
  auto promise = std::make_shared<std::promise<Status>>();
  std::future<Status> future = promise->get_future();
  runAsync(pool, function, std::move(inputs), std::move(outputs),
           [promise](Status status) { promise->set_value(std::move(status)); });
  return future;
}

void Executable::runAsync(ThreadPool &pool, const FunctionSpec &function,
                          std::vector<const void *> inputs,
                          std::vector<void *> outputs,
                          std::function<void(Status)> done) const {
  pool.submit([this, &function, inputs = std::move(inputs),
               outputs = std::move(outputs), done = std::move(done)] {
    done(run(function, inputs, outputs));
  });
}

} // namespace axle::runtime

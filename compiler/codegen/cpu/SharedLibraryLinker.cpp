//===- SharedLibraryLinker.cpp - object file to shared library ------------===//
//
// The runtime loads compiled code with the system's dynamic loader, so the
// object file is linked into an ELF shared library by ld.lld (the path
// found when axle was configured). Undefined symbols (malloc, free, the C
// math library) resolve against the process that loads the library.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/CpuPipeline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#ifndef AXLE_LLD_PATH
#error "AXLE_LLD_PATH must name the ld.lld executable"
#endif

namespace axle::cpu {

namespace {
/// Removes a temporary file when it goes out of scope.
struct TempFile {
  llvm::SmallString<128> path;
  ~TempFile() {
    if (!path.empty())
      llvm::sys::fs::remove(path);
  }
};
} // namespace

std::optional<std::string> linkSharedLibrary(llvm::StringRef object,
                                             const CpuTarget &target,
                                             std::string &error) {
  TempFile objectFile, libraryFile;
  int fd = -1;
  if (auto ec = llvm::sys::fs::createTemporaryFile("axle", "o", fd,
                                                   objectFile.path)) {
    error = "cannot create a temporary file: " + ec.message();
    return std::nullopt;
  }
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << object;
    if (out.has_error()) {
      error = "cannot write " + objectFile.path.str().str();
      return std::nullopt;
    }
  }
  if (auto ec =
          llvm::sys::fs::createTemporaryFile("axle", "so", libraryFile.path)) {
    error = "cannot create a temporary file: " + ec.message();
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef> args = {
      AXLE_LLD_PATH, "-shared",        "--hash-style=gnu", "-O1",
      "-o",          libraryFile.path, objectFile.path};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(AXLE_LLD_PATH, args, std::nullopt, {},
                                         /*SecondsToWait=*/120,
                                         /*MemoryLimit=*/0, &message);
  if (status != 0) {
    error = "linking the shared library failed (" AXLE_LLD_PATH ")" +
            (message.empty() ? std::string() : ": " + message);
    return std::nullopt;
  }
  auto buffer = llvm::MemoryBuffer::getFile(libraryFile.path);
  if (!buffer) {
    error = "cannot read the linked library: " + buffer.getError().message();
    return std::nullopt;
  }
  (void)target;
  return (*buffer)->getBuffer().str();
}

} // namespace axle::cpu

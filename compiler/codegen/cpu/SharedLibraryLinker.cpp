//===- SharedLibraryLinker.cpp - object file to shared library ------------===//
//
// The runtime loads compiled code with the system's dynamic loader, so the
// object file is linked into an ELF shared library by ld.lld (the path
// found when axle was configured). Undefined symbols (malloc, free, the C
// math library) resolve against the process that loads the library. For
// the host's target the library also names this machine's C math library
// (DT_NEEDED), which a program that does not link it itself would lack
// ("undefined symbol: log" when it loads the library), and links in the
// routines it needs from compiler-rt's builtins archive for this machine's
// architecture (found when axle was configured): LLVM calls some where the
// CPU lacks an instruction (__truncsfbf2, f32 to bf16 without AVX512-BF16),
// and the loading process may not define them (GCC 12's libgcc does not).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/CpuPipeline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cmath>
#include <dlfcn.h>

#ifndef AXLE_LLD_PATH
#error "AXLE_LLD_PATH must name the ld.lld executable"
#endif
#ifndef AXLE_BUILTINS_PATH
#define AXLE_BUILTINS_PATH ""
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
/// The path of the C math library this process uses, found from one of its
/// functions; empty where the loader cannot tell (a static build).
std::string hostMathLibrary() {
  Dl_info info;
  double (*function)(double) = &::log;
  if (::dladdr(reinterpret_cast<void *>(function), &info) == 0 ||
      !info.dli_fname)
    return {};
  return info.dli_fname;
}

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
  std::string mathLibrary;
  if (target.triple == llvm::sys::getDefaultTargetTriple())
    mathLibrary = hostMathLibrary();
  if (!mathLibrary.empty())
    args.append({"--no-as-needed", mathLibrary});
  // A static archive: only the members the object needs are linked, as
  // local symbols of the library.
  llvm::StringRef builtins = AXLE_BUILTINS_PATH;
  if (!builtins.empty() &&
      llvm::Triple(target.triple).getArch() ==
          llvm::Triple(llvm::sys::getProcessTriple()).getArch())
    args.push_back(builtins);
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
  return (*buffer)->getBuffer().str();
}

} // namespace axle::cpu

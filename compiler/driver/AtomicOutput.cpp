//===- AtomicOutput.cpp - keep old output files when a run fails ----------===//

#include "compiler/driver/AtomicOutput.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

namespace axle {

AtomicOutput::AtomicOutput(int argc, char **argv)
    : arguments(argv, argv + argc) {
  for (size_t i = 1; i < arguments.size(); ++i) {
    llvm::StringRef arg = arguments[i];
    std::string *slot = nullptr;
    std::string prefix;
    if ((arg == "-o" || arg == "--o") && i + 1 < arguments.size()) {
      slot = &arguments[i + 1];
    } else if (arg.starts_with("-o=") || arg.starts_with("--o=")) {
      prefix = arg.substr(0, arg.find('=') + 1).str();
      slot = &arguments[i];
    }
    if (!slot)
      continue;
    std::string path = slot->substr(prefix.size());
    if (path == "-")
      continue;
    target = path;
    temporary = path + ".axle-partial-" +
                std::to_string(llvm::sys::Process::getProcessId());
    *slot = prefix + temporary;
    // Also gone when the tool is interrupted or runs out of memory.
    llvm::sys::RemoveFileOnSignal(temporary);
  }
  for (std::string &argument : arguments)
    argvPointers.push_back(argument.data());
  argvPointers.push_back(nullptr);
}

AtomicOutput::~AtomicOutput() {
  if (!temporary.empty()) {
    llvm::sys::fs::remove(temporary);
    llvm::sys::DontRemoveFileOnSignal(temporary);
  }
}

bool AtomicOutput::finish(bool succeeded) {
  if (temporary.empty())
    return true;
  std::string path = std::move(temporary);
  temporary.clear();
  llvm::sys::DontRemoveFileOnSignal(path);
  if (!succeeded) {
    llvm::sys::fs::remove(path);
    return true;
  }
  if (std::error_code ec = llvm::sys::fs::rename(path, target)) {
    llvm::errs() << "error: cannot write '" << target << "': " << ec.message()
                 << "\n";
    llvm::sys::fs::remove(path);
    return false;
  }
  return true;
}

} // namespace axle

//===- axle-conformance.cpp - run corpora of StableHLO test programs ------===//
//
//   axle-conformance [--backend=interpreter|cpu] [--timeout=S] [--jobs=N]
//                    <files or folders>...
//
// Every `.mlir` file (folders are searched recursively) is split at
// `// -----` lines; in each chunk, `@main` is run, or, in a chunk without
// `@main`, every function that takes no arguments. chlo ops are first
// decomposed into stablehlo. A case passes when it runs to the end with no
// failed check. With --backend=cpu each case is compiled and run as native
// code (see CompiledCase.h for how inputs and checks are handled). Each
// chunk runs in a child process with a time limit, so a
// crash or a hang fails that case only; `--jobs` children run at once.
//
// Prints a line per failing or skipped case with its reason, then
//   N passed, N failed, N skipped
// for files whose first line is a RUN line and, separately, for files
// whose interpreter RUN line is disabled (`RUN-DISABLED`).
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Passes.h"
#include "compiler/driver/RegisterDialects.h"
#include "tests/conformance/CompiledCase.h"
#include "interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdio>
#include <map>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace mlir;

namespace {

llvm::cl::OptionCategory toolOptions("axle-conformance options");

llvm::cl::list<std::string> inputPaths(llvm::cl::Positional,
                                       llvm::cl::desc("<files or folders>"),
                                       llvm::cl::OneOrMore,
                                       llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string>
    backend("backend",
            llvm::cl::desc("Backend that runs the programs: interpreter "
                           "(default) or cpu (compiled native code)"),
            llvm::cl::init("interpreter"), llvm::cl::cat(toolOptions));
llvm::cl::opt<unsigned>
    timeoutSeconds("timeout",
                   llvm::cl::desc("Seconds a chunk may run (default 120)"),
                   llvm::cl::init(120), llvm::cl::cat(toolOptions));
llvm::cl::opt<unsigned>
    jobs("jobs", llvm::cl::desc("Chunks run at once (default: all cores)"),
         llvm::cl::init(0), llvm::cl::cat(toolOptions));
llvm::cl::opt<bool> verbose("v", llvm::cl::desc("Also list passing cases"),
                            llvm::cl::cat(toolOptions));
llvm::cl::opt<double> minPassRate(
    "min-pass-rate",
    llvm::cl::desc("Exit with success when at least this fraction of the "
                   "enabled cases that ran (passed + failed) passed; default "
                   "1 (every case)"),
    llvm::cl::init(1.0), llvm::cl::cat(toolOptions));

struct Chunk {
  std::string file;
  size_t index; // 1-based
  size_t count; // chunks in the file
  std::string text;
  bool disabled; // the file's interpreter RUN line is disabled
  std::string name() const {
    return count > 1 ? file + " (chunk " + std::to_string(index) + ")" : file;
  }
};

/// A result line from a child: "PASS <case>", "FAIL <case>: reason",
/// "SKIP <case>: reason".
struct Outcome {
  std::string status;
  std::string text;
};

std::vector<std::string> splitChunks(llvm::StringRef text) {
  std::vector<std::string> chunks(1);
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    if (line.trim() == "// -----")
      chunks.emplace_back();
    else
      chunks.back().append(line.str()).push_back('\n');
    text = rest;
  }
  return chunks;
}

std::string firstLine(const std::string &text) {
  return text.substr(0, std::min(text.find('\n'), text.size()));
}

/// Runs the cases of one chunk; writes one line per case to `out`.
void runChunk(const Chunk &chunk, FILE *out) {
  DialectRegistry registry;
  axle::registerInputDialects(registry);
  MLIRContext context(registry);
  context.disableMultithreading();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error &&
        diagnostics.empty()) {
      llvm::raw_string_ostream os(diagnostics);
      os << diag.getLocation() << ": " << diag.str();
    }
    return success();
  });
  auto report = [&](const char *status, const std::string &name,
                    const std::string &reason) {
    std::string line = std::string(status) + " " + name;
    if (!reason.empty())
      line += ": " + reason;
    std::replace(line.begin(), line.end(), '\n', ' ');
    std::fprintf(out, "%s\n", line.c_str());
  };

  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(chunk.text, &context, chunk.file);
  if (!module) {
    report("FAIL", chunk.name(), "does not parse: " + diagnostics);
    return;
  }
  // chlo ops become stablehlo first.
  PassManager pm(&context);
  if (failed(parsePassPipeline("axle-legalize-chlo", pm)) ||
      failed(pm.run(*module))) {
    report("FAIL", chunk.name(), "chlo decomposition failed: " + diagnostics);
    return;
  }

  std::vector<func::FuncOp> cases;
  if (auto main = module->lookupSymbol<func::FuncOp>("main")) {
    cases.push_back(main);
  } else {
    for (auto function : module->getOps<func::FuncOp>())
      if (!function.isExternal() && function.getNumArguments() == 0)
        cases.push_back(function);
  }
  if (cases.empty()) {
    report("SKIP", chunk.name(), "no @main and no function without arguments");
    return;
  }
  axle::interp::Interpreter interpreter(*module);
  for (func::FuncOp function : cases) {
    std::string name = chunk.name() + " @" + function.getSymName().str();
    if (function.getNumArguments() != 0) {
      report("SKIP", name,
             "@main takes arguments (a shape-polymorphic export without data)");
      continue;
    }
    diagnostics.clear();
    if (backend == "cpu") {
      // Each case rewrites its own copy of the module.
      OwningOpRef<ModuleOp> copy(module->clone());
      std::string reason;
      if (failed(axle::runCompiledCase(*copy, function.getSymName(),
                                       diagnostics, reason)))
        report("FAIL", name, reason);
      else
        report("PASS", name, "");
      continue;
    }
    if (failed(interpreter.call(function, {})))
      report("FAIL", name, diagnostics);
    else
      report("PASS", name, "");
  }
}

void collectFiles(const std::string &path, std::vector<std::string> &files) {
  if (!llvm::sys::fs::is_directory(path)) {
    files.push_back(path);
    return;
  }
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(path, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
}

struct Running {
  pid_t pid;
  int fd;
  const Chunk *chunk;
  time_t started;
  std::string output;
};

} // namespace

int main(int argc, char **argv) {
  axle::chlo::registerAxlePasses();
  llvm::cl::HideUnrelatedOptions(toolOptions);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "axle-conformance: runs StableHLO test programs and reports "
      "pass/fail\n");
  if (backend != "interpreter" && backend != "cpu") {
    llvm::errs() << "error: unknown backend '" << backend
                 << "' (available: interpreter, cpu)\n";
    return 2;
  }
  std::vector<std::string> files;
  for (const std::string &path : inputPaths) {
    if (!llvm::sys::fs::exists(path)) {
      llvm::errs() << "error: no such file or folder: " << path << "\n";
      return 2;
    }
    collectFiles(path, files);
  }
  std::sort(files.begin(), files.end());

  std::vector<Chunk> chunks;
  for (const std::string &file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) {
      llvm::errs() << "error: cannot read " << file << "\n";
      return 2;
    }
    std::string text = (*buffer)->getBuffer().str();
    bool disabled = firstLine(text).find("RUN-DISABLED") != std::string::npos;
    std::vector<std::string> parts = splitChunks(text);
    for (size_t i = 0; i < parts.size(); ++i)
      chunks.push_back({file, i + 1, parts.size(), parts[i], disabled});
  }

  unsigned parallel =
      jobs ? jobs : std::max(1u, std::thread::hardware_concurrency());
  std::map<bool, std::array<size_t, 3>> counts; // disabled -> pass/fail/skip
  counts[false] = {0, 0, 0};
  counts[true] = {0, 0, 0};
  std::vector<std::string> disabledLines;
  auto record = [&](const Chunk &chunk, const std::string &line) {
    size_t slot = line.rfind("PASS", 0) == 0   ? 0
                  : line.rfind("FAIL", 0) == 0 ? 1
                                               : 2;
    ++counts[chunk.disabled][slot];
    if (slot == 0 && !verbose)
      return;
    if (chunk.disabled)
      disabledLines.push_back(line);
    else
      llvm::outs() << line << "\n";
  };

  std::vector<Running> running;
  size_t next = 0;
  while (next < chunks.size() || !running.empty()) {
    while (next < chunks.size() && running.size() < parallel) {
      int fds[2];
      if (pipe(fds) != 0) {
        llvm::errs() << "error: pipe failed\n";
        return 2;
      }
      llvm::outs().flush();
      pid_t pid = fork();
      if (pid == 0) {
        close(fds[0]);
        FILE *out = fdopen(fds[1], "w");
        runChunk(chunks[next], out);
        std::fflush(out);
        _exit(0);
      }
      close(fds[1]);
      running.push_back({pid, fds[0], &chunks[next], time(nullptr), ""});
      ++next;
    }
    // Collect output of finished children; kill children past the limit.
    for (size_t i = 0; i < running.size();) {
      Running &child = running[i];
      int status = 0;
      pid_t done = waitpid(child.pid, &status, WNOHANG);
      bool timedOut = !done && time(nullptr) - child.started >
                                   static_cast<time_t>(timeoutSeconds);
      if (timedOut) {
        kill(child.pid, SIGKILL);
        waitpid(child.pid, &status, 0);
      }
      if (!done && !timedOut) {
        ++i;
        continue;
      }
      char buffer[4096];
      ssize_t n;
      while ((n = read(child.fd, buffer, sizeof(buffer))) > 0)
        child.output.append(buffer, n);
      close(child.fd);
      bool any = false;
      for (llvm::StringRef rest = child.output; !rest.empty();) {
        auto [line, tail] = rest.split('\n');
        if (!line.empty()) {
          record(*child.chunk, line.str());
          any = true;
        }
        rest = tail;
      }
      if (timedOut)
        record(*child.chunk, "FAIL " + child.chunk->name() +
                                 ": timed out after " +
                                 std::to_string(timeoutSeconds) + " s");
      else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !any)
        record(*child.chunk,
               "FAIL " + child.chunk->name() + ": crashed (" +
                   (WIFSIGNALED(status)
                        ? "signal " + std::to_string(WTERMSIG(status))
                        : "exit " + std::to_string(WEXITSTATUS(status))) +
                   ")");
      running.erase(running.begin() + i);
    }
    if (!running.empty())
      usleep(2000);
  }

  auto summary = [&](bool disabled) {
    auto &c = counts[disabled];
    llvm::outs() << c[0] << " passed, " << c[1] << " failed, " << c[2]
                 << " skipped";
  };
  if (!disabledLines.empty() || counts[true][0]) {
    llvm::outs() << "\n--- files with a disabled interpreter RUN line "
                    "(reported separately)\n";
    for (const std::string &line : disabledLines)
      llvm::outs() << line << "\n";
    llvm::outs() << "disabled: ";
    summary(true);
    llvm::outs() << "\n";
  }
  summary(false);
  llvm::outs() << "\n";
  size_t ran = counts[false][0] + counts[false][1];
  double rate = ran ? static_cast<double>(counts[false][0]) / ran : 1.0;
  if (rate + 1e-12 < minPassRate) {
    llvm::outs() << "pass rate " << llvm::format("%.4f", rate)
                 << " is below the required " << minPassRate << "\n";
    return 1;
  }
  return 0;
}

//===- Api.cpp - the compiler behind the Python package ------------------===//

#include "python/src/Api.h"

#include "compiler/driver/LargeStack.h"
#include "compiler/driver/Pipeline.h"
#include "compiler/driver/RegisterDialects.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <mutex>
#include <unistd.h>

namespace axle::api {

namespace {

/// The compiler prints its reports to stdout (they are meant for the
/// command line). To hand them to Python as strings, file descriptor 1 is
/// pointed at a temporary file while a report is being compiled. The mutex
/// keeps two such compiles from swapping the descriptor under each other.
class StdoutCapture {
public:
  StdoutCapture() : lock(mutex) {
    std::fflush(stdout);
    llvm::outs().flush();
    file = std::tmpfile();
    if (!file)
      return;
    saved = ::dup(STDOUT_FILENO);
    if (saved < 0 || ::dup2(::fileno(file), STDOUT_FILENO) < 0) {
      restore();
      std::fclose(file);
      file = nullptr;
    }
  }
  ~StdoutCapture() {
    restore();
    if (file)
      std::fclose(file);
  }

  /// Stops capturing and returns what was printed.
  std::string finish() {
    restore();
    std::string text;
    if (!file)
      return text;
    std::rewind(file);
    char chunk[4096];
    while (size_t n = std::fread(chunk, 1, sizeof(chunk), file))
      text.append(chunk, n);
    return text;
  }

private:
  void restore() {
    if (saved < 0)
      return;
    std::fflush(stdout);
    llvm::outs().flush();
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    saved = -1;
  }

  static std::mutex mutex;
  std::lock_guard<std::mutex> lock;
  std::FILE *file = nullptr;
  int saved = -1;
};

std::mutex StdoutCapture::mutex;

CompileResult compileOnThisThread(const CompileRequest &request) {
  CompileResult result;
  mlir::DialectRegistry registry;
  axle::registerInputDialects(registry);
  mlir::MLIRContext context(registry);
  llvm::raw_string_ostream diagnostics(result.diagnostics);
  llvm::SourceMgr sourceMgr;
  // Locations print as `name:line:col` with the offending source line, just
  // as the command-line tools print them.
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnostics);
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(request.program, request.bufferName),
      llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return result;

  CompileOptions options;
  options.targetTriple = request.targetTriple;
  options.targetCpu = request.targetCpu;
  options.fastMath = request.fastMath;
  options.reassociateReductions = request.reassociateReductions;
  options.optLevel = request.optLevel;
  options.fusion = request.fusion;
  options.simplify = request.simplify;
  if (request.report == "memory")
    options.memoryReport = "text";
  else if (request.report == "json")
    options.memoryReport = "json";
  else if (request.report == "fusion")
    options.fusionReport = true;

  std::optional<CompiledModule> compiled;
  if (request.report.empty()) {
    compiled = compileModule(*module, options);
  } else {
    StdoutCapture capture;
    compiled = compileModule(*module, options);
    result.report = capture.finish();
  }
  if (!compiled)
    return result;
  result.artifact = runtime::serializeArtifact(compiled->artifact);
  result.ok = true;
  return result;
}

} // namespace

CompileResult compile(const CompileRequest &request) {
  CompileResult result;
  // The parser and verifier recurse once per nested region: a deeply
  // nested program would overflow a Python thread's stack.
  runWithLargeStack([&] {
    result = compileOnThisThread(request);
    return 0;
  });
  if (!result.ok && result.diagnostics.empty())
    result.diagnostics = request.bufferName + ": error: compilation failed";
  return result;
}

} // namespace axle::api

//===- axle-compile.cpp - compile StableHLO ahead of time -----------------===//
//
//   axle-compile model.mlir -o model.axle
//   axle-compile model.mlir --emit=shared-lib -o libmodel.so --header=model.h
//   axle-compile model.mlir --target-triple=aarch64-linux-gnu --emit=object
//
// Compiles every public function of a StableHLO program to native code.
// The default output is a .axle artifact for the axle runtime (axle-run
// runs it); shared and static libraries with a C header need no runtime.
// Outputs are written only when compilation succeeds.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/CHeader.h"
#include "compiler/driver/CompileFlags.h"
#include "compiler/driver/LargeStack.h"
#include "compiler/driver/Pipeline.h"
#include "compiler/driver/RegisterDialects.h"
#include "compiler/driver/ToolErrors.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

llvm::cl::OptionCategory toolOptions("axle-compile options");

llvm::cl::opt<std::string> inputPath(llvm::cl::Positional,
                                     llvm::cl::desc("<program.mlir>"),
                                     llvm::cl::Required,
                                     llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string> outputPath("o",
                                      llvm::cl::desc("Output file (required)"),
                                      llvm::cl::value_desc("file"),
                                      llvm::cl::Required,
                                      llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string> emit(
    "emit",
    llvm::cl::desc("What to write: artifact (a .axle file for the axle "
                   "runtime; default), shared-lib (an ELF .so), static-lib "
                   "(an .a archive), object (an .o file)"),
    llvm::cl::init("artifact"), llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string> headerPath(
    "header",
    llvm::cl::desc("Also write a C header declaring the compiled functions "
                   "(for --emit=shared-lib, static-lib or object)"),
    llvm::cl::value_desc("file.h"), llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string> headerPrefix(
    "header-prefix",
    llvm::cl::desc("Prefix of the typed C wrappers in --header (default: "
                   "the header's file name)"),
    llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string> targetTriple(
    "target-triple",
    llvm::cl::desc("Target to compile for, e.g. x86_64-linux-gnu or "
                   "aarch64-linux-gnu (default: this machine)"),
    llvm::cl::cat(toolOptions));
llvm::cl::opt<unsigned>
    optLevel("O", llvm::cl::desc("LLVM optimization level 0-3 (default 3)"),
             llvm::cl::Prefix, llvm::cl::init(3), llvm::cl::cat(toolOptions));
llvm::cl::list<std::string> report(
    "report",
    llvm::cl::desc("Also print a report to stdout (repeatable): memory (the "
                   "bufferized program's planned peak, naive total of "
                   "intermediates and largest live set), json (the same as "
                   "JSON) or fusion (which ops fused into which, and the "
                   "kernel counts before and after)"),
    llvm::cl::CommaSeparated, llvm::cl::cat(toolOptions));
axle::CompileFlags compileFlags(toolOptions);
llvm::cl::opt<bool> printIR(
    "print-ir-after-all",
    llvm::cl::desc("Print the IR after every compiler pass (to stderr)"),
    llvm::cl::cat(toolOptions));

int fail(const llvm::Twine &message) {
  llvm::errs() << "axle-compile: error: " << message << "\n";
  return 1;
}

/// Writes `bytes` to a temporary file beside `path` and renames it into
/// place, so that a failure never leaves a partial file behind.
bool writeFile(const std::string &path, llvm::StringRef bytes) {
  std::string partial = path + ".partial";
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(partial, ec, llvm::sys::fs::OF_None);
    if (ec) {
      fail("cannot write '" + path + "': " + ec.message());
      return false;
    }
    out << bytes;
    out.close();
    if (out.has_error()) {
      llvm::sys::fs::remove(partial);
      fail("cannot write '" + path + "': " + out.error().message());
      return false;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(partial, path)) {
    llvm::sys::fs::remove(partial);
    fail("cannot write '" + path + "': " + ec.message());
    return false;
  }
  return true;
}

int run() {
  if (emit != "artifact" && emit != "shared-lib" && emit != "static-lib" &&
      emit != "object")
    return fail("unknown --emit=" + emit +
                " (artifact, shared-lib, static-lib or object)");
  if (optLevel > 3)
    return fail("-O takes 0, 1, 2 or 3");
  for (const std::string &kind : report)
    if (kind != "memory" && kind != "json" && kind != "fusion")
      return fail("unknown --report=" + kind + " (memory, json or fusion)");
  if (!headerPath.empty() && emit == "artifact")
    return fail("--header goes with --emit=shared-lib, static-lib or object");

  DialectRegistry registry;
  axle::registerInputDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(inputPath, sourceMgr, &context);
  if (!module)
    return 1;

  axle::CompileOptions options;
  options.targetTriple = targetTriple;
  compileFlags.apply(options);
  options.optLevel = optLevel;
  options.printIRAfterAll = printIR;
  for (const std::string &kind : report) {
    if (kind == "fusion")
      options.fusionReport = true;
    else
      options.memoryReport = kind == "json" ? "json" : "text";
  }
  std::optional<axle::CompiledModule> compiled =
      axle::compileModule(*module, options);
  if (!compiled)
    return 1;

  std::string bytes;
  if (emit == "artifact") {
    bytes = axle::runtime::serializeArtifact(compiled->artifact);
  } else if (emit == "shared-lib") {
    bytes = compiled->artifact.code;
  } else if (emit == "object") {
    bytes = compiled->object;
  } else {
    llvm::StringRef member = llvm::sys::path::stem(outputPath);
    std::string memberName = (member + ".o").str();
    std::vector<llvm::NewArchiveMember> members;
    members.emplace_back(llvm::MemoryBufferRef(compiled->object, memberName));
    auto archive = llvm::writeArchiveToBuffer(
        members, llvm::SymtabWritingMode::NormalSymtab,
        llvm::object::Archive::K_GNU, /*Deterministic=*/true, /*Thin=*/false);
    if (!archive)
      return fail("cannot write the archive: " +
                  llvm::toString(archive.takeError()));
    bytes = (*archive)->getBuffer().str();
  }
  if (!writeFile(outputPath, bytes))
    return 1;
  if (!headerPath.empty()) {
    std::string prefix = headerPrefix.empty()
                             ? llvm::sys::path::stem(headerPath).str()
                             : std::string(headerPrefix);
    if (!writeFile(headerPath, axle::writeCHeader(compiled->artifact, prefix)))
      return 1;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  axle::installToolErrorHandlers("axle-compile");
  llvm::cl::HideUnrelatedOptions(toolOptions);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "axle-compile: compiles a StableHLO program to native code for the "
      "axle runtime or as a library with a C header\n");
  return axle::runWithLargeStack(run);
}

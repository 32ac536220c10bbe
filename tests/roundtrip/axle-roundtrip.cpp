//===- axle-roundtrip.cpp - parse/print round trips over a corpus ---------===//
//
// For every `.mlir` file given (directories are searched recursively) and
// every `// -----` chunk in it, checks that the chunk
//   1. parses and verifies,
//   2. prints in the pretty form to a text that parses back and prints
//      identically (print -> parse -> print is a fixed point), and
//   3. prints in the generic form to a text that parses back and then
//      pretty-prints to the same text as in 2,
// each with and without location information. Prints one line per failing
// chunk and the summary line `N passed, N failed`; exits non-zero when any
// chunk fails.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/RegisterDialects.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace mlir;

namespace {

llvm::cl::OptionCategory toolOptions("axle-roundtrip options");

llvm::cl::list<std::string> inputPaths(llvm::cl::Positional,
                                       llvm::cl::desc("<files or folders>"),
                                       llvm::cl::OneOrMore,
                                       llvm::cl::cat(toolOptions));
llvm::cl::opt<bool> verbose("v", llvm::cl::desc("Print every chunk's result"),
                            llvm::cl::cat(toolOptions));

/// Parses `text` as a module in `context`; on failure returns null and puts
/// the first diagnostic into `error`.
OwningOpRef<ModuleOp> parse(MLIRContext &context, llvm::StringRef text,
                            llvm::StringRef name, std::string &error) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                               llvm::SMLoc());
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module) {
    error = diagnostics.empty() ? "parse failed" : diagnostics;
    size_t newline = error.find('\n');
    if (newline != std::string::npos)
      error.resize(newline);
  }
  return module;
}

std::string print(ModuleOp module, OpPrintingFlags flags) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, flags);
  return text;
}

/// Returns an empty string on success, else what went wrong.
std::string checkChunk(MLIRContext &context, llvm::StringRef chunk,
                       llvm::StringRef name) {
  std::string error;
  OwningOpRef<ModuleOp> original = parse(context, chunk, name, error);
  if (!original)
    return "does not parse: " + error;
  for (bool debugInfo : {false, true}) {
    OpPrintingFlags pretty;
    pretty.enableDebugInfo(debugInfo, /*prettyForm=*/false);
    std::string first = print(*original, pretty);
    OwningOpRef<ModuleOp> reparsed = parse(context, first, name, error);
    if (!reparsed)
      return std::string("printed form does not parse") +
             (debugInfo ? " (with locations)" : "") + ": " + error;
    std::string second = print(*reparsed, pretty);
    if (first != second)
      return std::string("print -> parse -> print is not identical") +
             (debugInfo ? " (with locations)" : "");

    OpPrintingFlags generic = pretty;
    generic.printGenericOpForm();
    std::string genericText = print(*original, generic);
    OwningOpRef<ModuleOp> fromGeneric =
        parse(context, genericText, name, error);
    if (!fromGeneric)
      return std::string("generic form does not parse") +
             (debugInfo ? " (with locations)" : "") + ": " + error;
    if (print(*fromGeneric, pretty) != first)
      return std::string("generic -> parse -> pretty differs from pretty") +
             (debugInfo ? " (with locations)" : "");
  }
  return {};
}

/// Splits a file at lines that consist of `// -----`, as --split-input-file
/// does.
std::vector<std::string> splitChunks(llvm::StringRef text) {
  std::vector<std::string> chunks;
  std::string current;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    if (line.trim() == "// -----") {
      chunks.push_back(current);
      current.clear();
    } else {
      current.append(line.begin(), line.end());
      current.push_back('\n');
    }
    text = rest;
  }
  chunks.push_back(current);
  return chunks;
}

void collectFiles(const std::string &path, std::vector<std::string> &files,
                  std::vector<std::string> &missing) {
  if (llvm::sys::fs::is_directory(path)) {
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator it(path, ec), end;
         it != end && !ec; it.increment(ec))
      if (llvm::sys::path::extension(it->path()) == ".mlir" &&
          !llvm::sys::fs::is_directory(it->path()))
        files.push_back(it->path());
    return;
  }
  if (llvm::sys::fs::exists(path))
    files.push_back(path);
  else
    missing.push_back(path);
}

} // namespace

int main(int argc, char **argv) {
  llvm::cl::HideUnrelatedOptions(toolOptions);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "axle-roundtrip: checks that IR files parse, verify and round-trip "
      "through the pretty and generic printed forms\n");
  std::vector<std::string> files, missing;
  for (const std::string &path : inputPaths)
    collectFiles(path, files, missing);
  for (const std::string &path : missing)
    llvm::errs() << "error: no such file or folder: " << path << "\n";
  if (!missing.empty())
    return 2;
  std::sort(files.begin(), files.end());

  DialectRegistry registry;
  axle::registerInputDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);

  size_t passed = 0, failed = 0;
  for (const std::string &file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) {
      llvm::outs() << "FAIL " << file << ": cannot read\n";
      ++failed;
      continue;
    }
    std::vector<std::string> chunks = splitChunks((*buffer)->getBuffer());
    for (size_t i = 0; i < chunks.size(); ++i) {
      std::string name = file;
      if (chunks.size() > 1)
        name += " (chunk " + std::to_string(i + 1) + ")";
      std::string problem = checkChunk(context, chunks[i], name);
      if (problem.empty()) {
        ++passed;
        if (verbose)
          llvm::outs() << "PASS " << name << "\n";
      } else {
        ++failed;
        llvm::outs() << "FAIL " << name << ": " << problem << "\n";
      }
    }
  }
  llvm::outs() << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}

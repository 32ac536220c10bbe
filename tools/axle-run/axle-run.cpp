//===- axle-run.cpp - run a StableHLO program -----------------------------===//
//
//   axle-run model.mlir|model.axle [--backend=cpu|interpreter] [--verify]
//            [--function=main] [--benchmark=N] [--benchmark-json=FILE]
//            --input=2x3xf32=1,2,3,4,5,6 --input=@x.npy [--output=@out.npy]
//
// The cpu backend (the default) compiles a .mlir program for this machine
// and runs the native code, or loads a compiled .axle artifact; the
// interpreter backend evaluates the program op by op. --verify runs both
// and compares. Inputs are literals (see interpreter/io/Literal.h) or .npy
// files; outputs are printed as literals or written as .npy files (one
// --output per result, in order; `-` prints that result).
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Passes.h"
#include "compiler/driver/CompileFlags.h"
#include "compiler/driver/CpuBackend.h"
#include "compiler/driver/LargeStack.h"
#include "compiler/driver/RegisterDialects.h"
#include "compiler/driver/ToolErrors.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Streams.h"
#include "interpreter/io/Literal.h"
#include "interpreter/io/Npy.h"
#include "interpreter/io/RawBuffer.h"
#include "interpreter/ops/ProcessGrid.h"
#include "runtime/HugePages.h"
#include "runtime/ParallelFor.h"
#include "runtime/ScratchMemory.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>

using namespace mlir;
namespace interp = axle::interp;

namespace {

llvm::cl::OptionCategory toolOptions("axle-run options");

llvm::cl::opt<std::string> programPath(llvm::cl::Positional,
                                       llvm::cl::desc("<program.mlir>"),
                                       llvm::cl::Required,
                                       llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string>
    backend("backend",
            llvm::cl::desc("Backend that runs the program: cpu (compile for "
                           "this machine and run native code; the default) "
                           "or interpreter (the reference interpreter)"),
            llvm::cl::init("cpu"), llvm::cl::cat(toolOptions));
llvm::cl::opt<bool>
    verify("verify",
           llvm::cl::desc(
               "Run on both backends and compare the results: integers "
               "and booleans must be equal, floats within "
               "--verify-ulps units in the last place (NaN matches NaN, a zero "
               "only a zero of its sign); "
               "exits 1 on a mismatch"),
           llvm::cl::cat(toolOptions));
llvm::cl::opt<unsigned> verifyUlps(
    "verify-ulps",
    llvm::cl::desc("Largest float difference --verify accepts, in units in "
                   "the last place (default 4)"),
    llvm::cl::init(4), llvm::cl::cat(toolOptions));
llvm::cl::opt<unsigned> benchmark(
    "benchmark",
    llvm::cl::desc("cpu backend: run the function N more times after the "
                   "first run (and an untimed run on the timed runs' "
                   "buffers) and print the median and minimum latency"),
    llvm::cl::init(0), llvm::cl::cat(toolOptions));
llvm::cl::opt<std::string> benchmarkJson(
    "benchmark-json",
    llvm::cl::desc("cpu backend, with --benchmark: also write every timed "
                   "run's latency to FILE as JSON ({\"function\", "
                   "\"runs_us\" in run order, \"median_us\", \"min_us\"}), "
                   "for harnesses that report the spread"),
    llvm::cl::value_desc("file"), llvm::cl::cat(toolOptions));
// --threads=N. LLVM's own libraries already register an option named
// "threads", so axle-run reads this one from argv itself (see main).
unsigned threads = 0;
constexpr const char *kThreadsHelp =
    "  --threads=<uint>   cpu backend: threads compiled kernels run on, the\n"
    "                     calling one included (default: $AXLE_NUM_THREADS,\n"
    "                     else every core)\n";
axle::CompileFlags compileFlags(toolOptions);
llvm::cl::opt<std::string>
    functionName("function", llvm::cl::desc("Function to run (default main)"),
                 llvm::cl::init("main"), llvm::cl::cat(toolOptions));
llvm::cl::list<std::string>
    inputs("input",
           llvm::cl::desc(
               "An argument, in order: SHAPExTYPE=VALUES (e.g. "
               "2x3xf32=1,2,3,4,5,6 or 2x2xi32=[[1,2],[3,4]]) or @file.npy"),
           llvm::cl::cat(toolOptions));
llvm::cl::list<std::string> outputs(
    "output",
    llvm::cl::desc("Where each result goes, in order: @file.npy, or - to "
                   "print it (the default for results without --output); "
                   "with several processes, process P writes file.pP.npy"),
    llvm::cl::cat(toolOptions));
llvm::cl::list<std::string> infeed(
    "infeed",
    llvm::cl::desc("A tensor for the program's infeed, in order (literal or "
                   "@file.npy); each stablehlo.infeed takes as many as it has "
                   "tensor results. The outfeed is printed after the results"),
    llvm::cl::cat(toolOptions));
llvm::cl::opt<int64_t>
    replicas("replicas",
             llvm::cl::desc("Number of replicas (default 1); replicas x "
                            "partitions processes run, each with the "
                            "same inputs"),
             llvm::cl::init(1), llvm::cl::cat(toolOptions));
llvm::cl::opt<int64_t>
    partitions("partitions", llvm::cl::desc("Number of partitions (default 1)"),
               llvm::cl::init(1), llvm::cl::cat(toolOptions));

int fail(const llvm::Twine &message) {
  llvm::errs() << "axle-run: error: " << message << "\n";
  return 1;
}

using Clock = std::chrono::steady_clock;

/// Reads the --input values as bytes, checking each against `expected`
/// (.npy files stay bytes: the interpreter's form of a tensor takes tens of
/// bytes per element).
std::optional<std::vector<interp::RawTensor>>
readArguments(llvm::ArrayRef<Type> expected, MLIRContext *context) {
  if (inputs.size() != expected.size()) {
    fail("@" + functionName + " takes " + llvm::Twine(expected.size()) +
         " arguments, got " + llvm::Twine(inputs.size()) + " --input");
    return std::nullopt;
  }
  std::vector<interp::RawTensor> arguments;
  for (auto [index, text] : llvm::enumerate(inputs)) {
    StringRef spec = text;
    auto want = llvm::dyn_cast<RankedTensorType>(expected[index]);
    llvm::Expected<interp::RawTensor> tensor =
        spec.starts_with("@")
            ? interp::readNpyBytes(spec.drop_front(), context,
                                   want ? want.getElementType() : Type())
            : [&]() -> llvm::Expected<interp::RawTensor> {
      llvm::Expected<interp::Tensor> literal =
          interp::parseLiteral(spec, context);
      if (!literal)
        return literal.takeError();
      return interp::RawTensor{literal->getType(),
                               interp::toRawBytes(*literal)};
    }();
    if (!tensor) {
      fail("argument " + llvm::Twine(index) + ": " +
           llvm::toString(tensor.takeError()));
      return std::nullopt;
    }
    RankedTensorType got = tensor->type;
    bool compatible = want && want.getElementType() == got.getElementType() &&
                      want.getRank() == got.getRank();
    for (int64_t d = 0; compatible && d < got.getRank(); ++d)
      compatible =
          want.isDynamicDim(d) || want.getDimSize(d) == got.getDimSize(d);
    if (!compatible) {
      std::string name;
      llvm::raw_string_ostream os(name);
      os << expected[index];
      fail("argument " + llvm::Twine(index) + " of @" + functionName + " is " +
           name + ", got " + interp::literalTypeName(got));
      return std::nullopt;
    }
    arguments.push_back(std::move(*tensor));
  }
  return arguments;
}

/// Where result `index` of `process` (of `processes`) goes: "-" (print)
/// or a file's path; nullopt after an error message.
std::optional<std::string> outputTarget(size_t index, size_t process,
                                        size_t processes) {
  StringRef target = index < outputs.size() ? StringRef(outputs[index]) : "-";
  if (target == "-")
    return "-";
  if (!target.consume_front("@")) {
    fail("--output takes @file.npy or -, got '" + outputs[index] + "'");
    return std::nullopt;
  }
  // With several processes, process p writes FILE.pP.npy.
  std::string path = target.str();
  if (processes > 1) {
    StringRef stem = StringRef(path).ends_with(".npy")
                         ? StringRef(path).drop_back(4)
                         : StringRef(path);
    path = (stem + ".p" + llvm::Twine(process) + ".npy").str();
  }
  return path;
}

/// Prints or writes every process's results as --output asks.
int emitResults(const std::vector<interp::Values> &perProcess) {
  size_t processes = perProcess.size();
  for (auto [process, results] : llvm::enumerate(perProcess)) {
    if (processes > 1)
      llvm::outs() << "process " << process << " (replica "
                   << process / partitions << ", partition "
                   << process % partitions << "):\n";
    for (auto [index, result] : llvm::enumerate(results)) {
      if (!result.isTensor()) {
        llvm::outs() << (result.isToken() ? "token" : "tuple") << "\n";
        continue;
      }
      std::optional<std::string> target =
          outputTarget(index, process, processes);
      if (!target)
        return 1;
      if (*target == "-") {
        llvm::outs() << interp::printLiteral(result.getTensor()) << "\n";
        continue;
      }
      if (llvm::Error error = interp::writeNpy(result.getTensor(), *target))
        return fail("result " + llvm::Twine(index) + ": " +
                    llvm::toString(std::move(error)));
    }
  }
  return 0;
}

/// Prints or writes compiled code's results as --output asks: files
/// straight from the bytes.
int emitResults(const std::vector<interp::RawTensor> &results) {
  for (auto [index, result] : llvm::enumerate(results)) {
    std::optional<std::string> target = outputTarget(index, 0, 1);
    if (!target)
      return 1;
    if (*target == "-") {
      llvm::outs() << interp::printLiteral(
                          interp::fromRawBytes(result.type, result.bytes))
                   << "\n";
      continue;
    }
    if (llvm::Error error =
            interp::writeNpyBytes(result.type, result.bytes, *target))
      return fail("result " + llvm::Twine(index) + ": " +
                  llvm::toString(std::move(error)));
  }
  return 0;
}

/// Arguments as the interpreter's values.
interp::Values toValues(llvm::ArrayRef<interp::RawTensor> tensors) {
  interp::Values values;
  for (const interp::RawTensor &tensor : tensors)
    values.push_back(interp::fromRawBytes(tensor.type, tensor.bytes));
  return values;
}

/// Runs compiled code: once, then --benchmark more times.
std::optional<std::vector<interp::RawTensor>>
runCompiled(const axle::runtime::Executable &executable,
            llvm::ArrayRef<interp::RawTensor> arguments,
            llvm::ArrayRef<RankedTensorType> resultTypes,
            MLIRContext *context) {
  const axle::runtime::FunctionSpec *function = executable.find(functionName);
  if (!function) {
    fail("no function @" + functionName + " in " + programPath);
    return std::nullopt;
  }
  std::string error;
  auto results = axle::runOnBytes(executable, *function, arguments, resultTypes,
                                  context, error);
  if (!results) {
    fail(error);
    return std::nullopt;
  }
  if (benchmark > 0) {
    // Time the native code alone: buffers are prepared once, in
    // cache-line-aligned blocks, as a framework allocates them (a weight
    // 16 bytes off a line makes every vector load of it touch two lines:
    // resnet_stack ran 27% slower so), large ones on huge pages as NumPy
    // asks for them, and large results are then written around the
    // caches.
    std::vector<std::unique_ptr<void, std::function<void(void *)>>> buffers;
    auto alignedBlock = [&](size_t bytes) -> void * {
      size_t mapped;
      buffers.emplace_back(
          axle::runtime::allocateBuffer(bytes, mapped),
          [mapped](void *p) { axle::runtime::releaseBuffer(p, mapped); });
      if (!buffers.back())
        fail("cannot allocate " + llvm::Twine(bytes) + " bytes for a buffer");
      return buffers.back().get();
    };
    std::vector<const void *> inputPtrs;
    for (const interp::RawTensor &argument : arguments) {
      void *block = alignedBlock(argument.bytes.size());
      if (!block)
        return std::nullopt;
      std::memcpy(block, argument.bytes.data(), argument.bytes.size());
      inputPtrs.push_back(block);
    }
    std::vector<void *> outputPtrs;
    for (const auto &spec : function->outputs) {
      void *block = alignedBlock(spec.byteSize());
      if (!block)
        return std::nullopt;
      outputPtrs.push_back(block);
    }
    // One untimed run on these buffers first: the outputs are fresh pages,
    // and the first run that writes them takes the page faults (64 MiB on
    // huge pages cost one timed run of exp over 16 Mi floats 10-200 ms
    // instead of 3.5; with few runs that was the median).
    (void)executable.run(*function, inputPtrs, outputPtrs);
    std::vector<double> micros;
    for (unsigned i = 0; i < benchmark; ++i) {
      auto start = Clock::now();
      (void)executable.run(*function, inputPtrs, outputPtrs);
      micros.push_back(
          std::chrono::duration<double, std::micro>(Clock::now() - start)
              .count());
    }
    // Run order is kept for the JSON file: a harness may want to see drift.
    std::vector<double> inOrder = micros;
    std::sort(micros.begin(), micros.end());
    double median =
        micros.size() % 2
            ? micros[micros.size() / 2]
            : (micros[micros.size() / 2 - 1] + micros[micros.size() / 2]) / 2;
    llvm::errs() << llvm::format(
        "benchmark: @%s, %u runs: median %.1f us, min %.1f us\n",
        functionName.c_str(), unsigned(benchmark), median, micros.front());
    if (!benchmarkJson.empty()) {
      std::error_code error;
      llvm::raw_fd_ostream file(benchmarkJson, error);
      if (error) {
        fail("cannot write " + benchmarkJson + ": " + error.message());
        return std::nullopt;
      }
      llvm::json::Object report{{"function", std::string(functionName)},
                                {"runs_us", llvm::json::Array(inOrder)},
                                {"median_us", median},
                                {"min_us", micros.front()}};
      file << llvm::json::Value(std::move(report)) << "\n";
    }
  }
  return results;
}

/// Distance between two floats of one type in units in the last place.
uint64_t ulpDistance(const llvm::APFloat &a, const llvm::APFloat &b) {
  auto key = [](const llvm::APFloat &value) -> int64_t {
    llvm::APInt bits = value.bitcastToAPInt();
    unsigned width = bits.getBitWidth();
    bool negative = bits[width - 1];
    bits.clearBit(width - 1);
    int64_t magnitude = static_cast<int64_t>(bits.getZExtValue());
    return negative ? -magnitude : magnitude;
  };
  int64_t ka = key(a), kb = key(b);
  return ka > kb ? uint64_t(ka - kb) : uint64_t(kb - ka);
}

bool elementsAgree(const interp::Element &a, const interp::Element &b) {
  auto floatsAgree = [](const llvm::APFloat &x, const llvm::APFloat &y) {
    if (x.isNaN() || y.isNaN())
      return x.isNaN() && y.isNaN();
    // Zeros of opposite signs are one value numerically but not
    // interchangeable (1 / x, atan2, copysign tell them apart); as
    // ulpDistance counts them 0 apart, they are compared by sign here.
    if (x.isInfinity() || y.isInfinity() || (x.isZero() && y.isZero()))
      return x.bitwiseIsEqual(y);
    return ulpDistance(x, y) <= verifyUlps;
  };
  if (a.isInt())
    return b.isInt() && a.getInt() == b.getInt();
  if (a.isFloat())
    return b.isFloat() && floatsAgree(a.getFloat(), b.getFloat());
  return b.isComplex() &&
         floatsAgree(a.getComplex().first, b.getComplex().first) &&
         floatsAgree(a.getComplex().second, b.getComplex().second);
}

/// Compares compiled results with the interpreter's; prints each mismatch.
int compareResults(const interp::Values &compiled,
                   const interp::Values &reference) {
  int mismatches = 0;
  for (auto [index, pair] : llvm::enumerate(llvm::zip(compiled, reference))) {
    const interp::Tensor &got = std::get<0>(pair).getTensor();
    const interp::Tensor &want = std::get<1>(pair).getTensor();
    for (int64_t i = 0; i < want.size(); ++i) {
      if (elementsAgree(got[i], want[i]))
        continue;
      if (++mismatches <= 10) {
        std::string where;
        for (int64_t d : want.multiIndex(i))
          where += (where.empty() ? "" : ",") + std::to_string(d);
        llvm::errs() << "verify: result " << index << " [" << where << "]: cpu "
                     << got[i].toString(want.storageType()) << ", interpreter "
                     << want[i].toString(want.storageType()) << "\n";
      }
    }
  }
  if (mismatches) {
    llvm::errs() << "verify: " << mismatches
                 << " elements differ between the cpu backend and the "
                    "interpreter\n";
    if (compileFlags.fastMath)
      llvm::errs() << "verify: note: --fast-math lets the compiled code "
                      "reassociate float math and, on AMD Zen 4 "
                      "and 5 or with --bf16-pair-dot, add bf16 matmul "
                      "products in pairs (vdpbf16ps), or on CPUs with "
                      "AMX-BF16 in AMX tiles; compare without "
                      "--fast-math, or allow "
                      "more with --verify-ulps\n";
    else if (compileFlags.reassociateReductions)
      llvm::errs() << "verify: note: --reassociate-reductions lets the "
                      "compiled code add the elements of float sums in "
                      "another order than the interpreter; compare without "
                      "it, or allow more with --verify-ulps\n";
    return 1;
  }
  llvm::errs() << "verify: " << compiled.size()
               << " results agree (cpu vs interpreter)\n";
  return 0;
}

/// Runs a compiled .axle artifact (cpu backend only).
int runArtifact(MLIRContext &context) {
  auto executable = axle::runtime::Executable::loadFile(programPath);
  if (!executable)
    return fail(executable.status().message());
  const axle::runtime::FunctionSpec *function =
      (*executable)->find(functionName);
  if (!function)
    return fail("no function @" + functionName + " in " + programPath);
  SmallVector<Type> inputTypes;
  for (const auto &spec : function->inputs) {
    RankedTensorType type = axle::tensorTypeOf(spec, &context);
    if (!type)
      return fail("unreadable input type " + spec.elementType);
    inputTypes.push_back(type);
  }
  std::optional<std::vector<interp::RawTensor>> arguments =
      readArguments(inputTypes, &context);
  if (!arguments)
    return 1;
  std::optional<std::vector<interp::RawTensor>> results =
      runCompiled(**executable, *arguments, {}, &context);
  if (!results)
    return 1;
  return emitResults(*results);
}

int run() {
  if (backend != "interpreter" && backend != "cpu")
    return fail("unknown backend '" + backend +
                "' (available: cpu, interpreter)");
  if (replicas < 1 || partitions < 1)
    return fail("--replicas and --partitions must be at least 1");
  bool useCpu = backend == "cpu" || verify;
  axle::runtime::setKernelThreads(threads);
  if (useCpu && (replicas * partitions > 1 || !infeed.empty()))
    return fail("several processes and --infeed run only on "
                "--backend=interpreter for now");

  DialectRegistry registry;
  axle::registerInputDialects(registry);
  // Processes of a grid run on threads that share this context.
  MLIRContext context(registry);
  if (StringRef(programPath).ends_with(".axle")) {
    if (backend != "cpu" || verify)
      return fail(".axle artifacts hold native code: they run only on "
                  "--backend=cpu, without --verify");
    return runArtifact(context);
  }
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(programPath, sourceMgr, &context);
  if (!module)
    return 1;
  auto function = module->lookupSymbol<func::FuncOp>(functionName);
  if (!function)
    return fail("no function @" + functionName + " in " + programPath);
  FunctionType signature = function.getFunctionType();
  std::optional<std::vector<interp::RawTensor>> arguments =
      readArguments(signature.getInputs(), &context);
  if (!arguments)
    return 1;
  if (outputs.size() > signature.getNumResults())
    return fail("@" + functionName + " has " +
                llvm::Twine(signature.getNumResults()) + " results, got " +
                llvm::Twine(outputs.size()) + " --output");

  std::optional<std::vector<interp::RawTensor>> compiled;
  if (useCpu) {
    if (!function.isPublic())
      return fail("@" + functionName +
                  " is private; the cpu backend runs public functions");
    axle::CompileOptions options;
    compileFlags.apply(options);
    auto start = Clock::now();
    auto executable = axle::compileAndLoad(*module, options);
    if (failed(executable))
      return 1;
    if (benchmark > 0)
      llvm::errs() << llvm::format(
          "compile: %.3f s\n",
          std::chrono::duration<double>(Clock::now() - start).count());
    SmallVector<RankedTensorType> resultTypes;
    for (Type type : signature.getResults())
      resultTypes.push_back(llvm::cast<RankedTensorType>(type));
    compiled = runCompiled(**executable, *arguments, resultTypes, &context);
    if (!compiled)
      return 1;
    if (!verify)
      return emitResults(*compiled);
  }

  PassManager pm(&context);
  if (failed(parsePassPipeline("axle-legalize-chlo", pm)) ||
      failed(pm.run(*module)))
    return 1;
  function = module->lookupSymbol<func::FuncOp>(functionName);

  interp::InterpreterOptions options;
  options.numReplicas = replicas;
  options.numPartitions = partitions;
  options.streams = std::make_shared<interp::Streams>();
  for (auto [index, text] : llvm::enumerate(infeed)) {
    StringRef spec = text;
    llvm::Expected<interp::Tensor> tensor =
        spec.starts_with("@") ? interp::readNpy(spec.drop_front(), &context)
                              : interp::parseLiteral(spec, &context);
    if (!tensor)
      return fail("infeed " + llvm::Twine(index) + ": " +
                  llvm::toString(tensor.takeError()));
    options.streams->pushInfeed(std::move(*tensor));
  }
  // One process runs on the calling thread; a grid of replicas x partitions
  // runs every process on its own thread, each with the same inputs.
  int64_t processes = replicas * partitions;
  std::vector<interp::Values> perProcess;
  if (processes == 1) {
    interp::Interpreter interpreter(*module, options);
    FailureOr<interp::Values> results =
        interpreter.call(function, toValues(*arguments));
    if (failed(results))
      return 1;
    perProcess.push_back(std::move(*results));
  } else {
    FailureOr<std::vector<interp::Values>> results = interp::runProcessGrid(
        *module, functionName,
        std::vector<interp::Values>(processes, toValues(*arguments)), options);
    if (failed(results))
      return 1;
    perProcess = std::move(*results);
  }
  if (verify) {
    if (int status = compareResults(toValues(*compiled), perProcess.front()))
      return status;
  }
  if (int status = emitResults(perProcess))
    return status;
  for (const auto &[process, tensors] : options.streams->outfeed())
    for (const interp::Tensor &tensor : tensors)
      llvm::outs() << "outfeed"
                   << (processes > 1
                           ? " (process " + std::to_string(process) + ")"
                           : std::string())
                   << ": " << interp::printLiteral(tensor) << "\n";
  return 0;
}

} // namespace

/// Takes `--threads=N` / `--threads N` out of argv into `threads`; false
/// (after an error message) for a malformed value.
bool takeThreadsOption(int &argc, char **argv) {
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    StringRef arg = argv[i];
    std::optional<StringRef> value;
    if (arg.consume_front("--threads=") || arg.consume_front("-threads="))
      value = arg;
    else if ((arg == "--threads" || arg == "-threads") && i + 1 < argc)
      value = StringRef(argv[++i]);
    if (!value) {
      argv[kept++] = argv[i];
      continue;
    }
    if (value->getAsInteger(10, threads) || threads < 1 || threads > 4096) {
      fail("--threads takes a number from 1 to 4096, got '" + *value + "'");
      return false;
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  axle::installToolErrorHandlers("axle-run");
  axle::runtime::setScratchOutOfMemoryAction(axle::exitAfterOutOfMemory);
  if (!takeThreadsOption(argc, argv))
    return 1;
  axle::chlo::registerAxlePasses();
  llvm::cl::HideUnrelatedOptions(toolOptions);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      (std::string("axle-run: runs a StableHLO program on given inputs\n\n") +
       "Also:\n" + kThreadsHelp)
          .c_str());
  return axle::runWithLargeStack(run);
}

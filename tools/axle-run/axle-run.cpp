//===- axle-run.cpp - run a StableHLO program -----------------------------===//
//
//   axle-run model.mlir [--backend=interpreter] [--function=main]
//            --input=2x3xf32=1,2,3,4,5,6 --input=@x.npy [--output=@out.npy]
//
// Inputs are literals (see interpreter/io/Literal.h) or .npy files; outputs
// are printed as literals or written as .npy files (one --output per result,
// in order; `-` prints that result).
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Passes.h"
#include "compiler/driver/LargeStack.h"
#include "compiler/driver/RegisterDialects.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Streams.h"
#include "interpreter/io/Literal.h"
#include "interpreter/io/Npy.h"
#include "interpreter/ops/ProcessGrid.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

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
            llvm::cl::desc("Backend that runs the program: interpreter (the "
                           "reference interpreter)"),
            llvm::cl::init("interpreter"), llvm::cl::cat(toolOptions));
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

int run() {
  if (backend != "interpreter")
    return fail("unknown backend '" + backend + "' (available: interpreter)");
  if (replicas < 1 || partitions < 1)
    return fail("--replicas and --partitions must be at least 1");

  DialectRegistry registry;
  axle::registerInputDialects(registry);
  // Processes of a grid run on threads that share this context.
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(programPath, sourceMgr, &context);
  if (!module)
    return 1;
  PassManager pm(&context);
  if (failed(parsePassPipeline("axle-legalize-chlo", pm)) ||
      failed(pm.run(*module)))
    return 1;
  auto function = module->lookupSymbol<func::FuncOp>(functionName);
  if (!function)
    return fail("no function @" + functionName + " in " + programPath);

  FunctionType signature = function.getFunctionType();
  if (inputs.size() != signature.getNumInputs())
    return fail("@" + functionName + " takes " +
                llvm::Twine(signature.getNumInputs()) + " arguments, got " +
                llvm::Twine(inputs.size()) + " --input");
  interp::Values arguments;
  for (auto [index, text] : llvm::enumerate(inputs)) {
    StringRef spec = text;
    llvm::Expected<interp::Tensor> tensor =
        spec.starts_with("@") ? interp::readNpy(spec.drop_front(), &context)
                              : interp::parseLiteral(spec, &context);
    if (!tensor)
      return fail("argument " + llvm::Twine(index) + ": " +
                  llvm::toString(tensor.takeError()));
    auto expected = llvm::dyn_cast<RankedTensorType>(signature.getInput(index));
    RankedTensorType got = tensor->getType();
    bool compatible = expected &&
                      expected.getElementType() == got.getElementType() &&
                      expected.getRank() == got.getRank();
    for (int64_t d = 0; compatible && d < got.getRank(); ++d)
      compatible = expected.isDynamicDim(d) ||
                   expected.getDimSize(d) == got.getDimSize(d);
    if (!compatible) {
      std::string want;
      llvm::raw_string_ostream os(want);
      os << signature.getInput(index);
      return fail("argument " + llvm::Twine(index) + " of @" + functionName +
                  " is " + want + ", got " + interp::literalTypeName(got));
    }
    arguments.push_back(std::move(*tensor));
  }
  if (outputs.size() > signature.getNumResults())
    return fail("@" + functionName + " has " +
                llvm::Twine(signature.getNumResults()) + " results, got " +
                llvm::Twine(outputs.size()) + " --output");

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
    FailureOr<interp::Values> results = interpreter.call(function, arguments);
    if (failed(results))
      return 1;
    perProcess.push_back(std::move(*results));
  } else {
    FailureOr<std::vector<interp::Values>> results = interp::runProcessGrid(
        *module, functionName,
        std::vector<interp::Values>(processes, arguments), options);
    if (failed(results))
      return 1;
    perProcess = std::move(*results);
  }
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
      StringRef target =
          index < outputs.size() ? StringRef(outputs[index]) : "-";
      if (target == "-") {
        llvm::outs() << interp::printLiteral(result.getTensor()) << "\n";
        continue;
      }
      if (!target.consume_front("@"))
        return fail("--output takes @file.npy or -, got '" + outputs[index] +
                    "'");
      // With several processes, process p writes FILE.pP.npy.
      std::string path = target.str();
      if (processes > 1) {
        StringRef stem = StringRef(path).ends_with(".npy")
                             ? StringRef(path).drop_back(4)
                             : StringRef(path);
        path = (stem + ".p" + llvm::Twine(process) + ".npy").str();
      }
      if (llvm::Error error = interp::writeNpy(result.getTensor(), path))
        return fail("result " + llvm::Twine(index) + ": " +
                    llvm::toString(std::move(error)));
    }
  }
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

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  axle::chlo::registerAxlePasses();
  llvm::cl::HideUnrelatedOptions(toolOptions);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "axle-run: runs a StableHLO program on given inputs\n");
  return axle::runWithLargeStack(run);
}

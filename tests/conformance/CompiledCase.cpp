//===- CompiledCase.cpp - run a conformance case as compiled code ---------===//

#include "tests/conformance/CompiledCase.h"

#include "compiler/dialect/check/Check.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/driver/CpuBackend.h"
#include "interpreter/Interpreter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace axle {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// Check ops: the check dialect and custom calls to `check.*` (`check.eq`
/// also returns true, after failing the run on a mismatch).
bool isCheck(Operation *op) {
  if (op->getDialect() && op->getDialect()->getNamespace() == "check")
    return true;
  if (auto call = dyn_cast<hlo::CustomCallOp>(op))
    return call.getCallTargetName().starts_with("check.");
  return false;
}

/// A function whose body is only constants and a return.
bool isDataFunction(func::FuncOp func) {
  if (func.isExternal() || func.getNumArguments() != 0)
    return false;
  for (Operation &op : func.getBody().front())
    if (!isa<hlo::ConstantOp, func::ReturnOp>(op))
      return false;
  return true;
}

/// Where a check's operand comes from after the rewrite.
struct OperandSource {
  bool isArgument;
  unsigned index;
};

struct PendingCheck {
  func::FuncOp checker; ///< in the checker module: runs the check op alone
  std::vector<OperandSource> sources;
};

} // namespace

LogicalResult runCompiledCase(ModuleOp module, StringRef caseName,
                              const std::string &diagnostics,
                              std::string &reason) {
  MLIRContext *context = module.getContext();
  auto function = module.lookupSymbol<func::FuncOp>(caseName);
  interp::Interpreter interpreter(module);

  // 1. Data functions -> arguments.
  std::vector<interp::Tensor> arguments;
  Block &body = function.getBody().front();
  SmallVector<func::CallOp> calls;
  for (auto call : body.getOps<func::CallOp>())
    calls.push_back(call);
  for (func::CallOp call : calls) {
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!callee || !isDataFunction(callee))
      continue;
    FailureOr<interp::Values> values = interpreter.call(callee, {});
    if (failed(values)) {
      reason = "evaluating @" + callee.getName().str() + ": " + diagnostics;
      return failure();
    }
    for (auto [result, value] : llvm::zip(call.getResults(), *values)) {
      if (!value.isTensor()) {
        reason = "data function returns a non-tensor";
        return failure();
      }
      BlockArgument argument =
          body.addArgument(result.getType(), call.getLoc());
      result.replaceAllUsesWith(argument);
      arguments.push_back(value.getTensor());
    }
    call.erase();
  }

  // 2. Literal tensors in the case itself (programs without data functions
  // keep their inputs there) -> arguments too; splats stay constants.
  SmallVector<hlo::ConstantOp> literals;
  for (auto constant : body.getOps<hlo::ConstantOp>())
    if (auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
        value && !value.isSplat())
      literals.push_back(constant);
  for (hlo::ConstantOp constant : literals) {
    auto type = cast<RankedTensorType>(constant.getType());
    BlockArgument argument = body.addArgument(type, constant.getLoc());
    constant.getResult().replaceAllUsesWith(argument);
    arguments.push_back(interp::Tensor::fromAttr(
        cast<DenseElementsAttr>(constant.getValue()), type));
    constant.erase();
  }

  // 3. Checks -> extra results, each check kept in a module of its own.
  OwningOpRef<ModuleOp> checkers(ModuleOp::create(UnknownLoc::get(context)));
  OpBuilder checkerBuilder = OpBuilder::atBlockEnd(checkers->getBody());
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  // The check results' uses change below, so the returned values are read
  // only at the end; checked values are appended after them.
  unsigned originalResults = ret.getNumOperands();
  SmallVector<Value> extras;
  std::vector<PendingCheck> checks;
  SmallVector<Operation *> checkOps;
  for (Operation &op : body)
    if (isCheck(&op))
      checkOps.push_back(&op);
  for (Operation *op : checkOps) {
    PendingCheck check;
    SmallVector<Type> types;
    for (Value operand : op->getOperands()) {
      types.push_back(operand.getType());
      if (auto arg = dyn_cast<BlockArgument>(operand);
          arg && arg.getOwner() == &body) {
        check.sources.push_back({true, arg.getArgNumber()});
      } else {
        check.sources.push_back(
            {false, static_cast<unsigned>(originalResults + extras.size())});
        extras.push_back(operand);
      }
    }
    auto checker = func::FuncOp::create(
        checkerBuilder, op->getLoc(), "check_" + std::to_string(checks.size()),
        checkerBuilder.getFunctionType(types, {}));
    Block *entry = checker.addEntryBlock();
    OpBuilder inside = OpBuilder::atBlockEnd(entry);
    IRMapping mapping;
    mapping.map(op->getOperands(), entry->getArguments());
    inside.clone(*op, mapping);
    func::ReturnOp::create(inside, op->getLoc());
    check.checker = checker;
    checks.push_back(std::move(check));
    // A check that returns a value (check.eq) returns true when it passes.
    OpBuilder atCheck(op);
    for (Value result : op->getResults()) {
      auto type = cast<RankedTensorType>(result.getType());
      Value passed = hlo::ConstantOp::create(
          atCheck, op->getLoc(),
          DenseElementsAttr::get(type, atCheck.getBoolAttr(true)));
      result.replaceAllUsesWith(passed);
    }
    op->erase();
  }
  SmallVector<Value> results(ret.getOperands());
  results.append(extras);
  OpBuilder builder(ret);
  func::ReturnOp::create(builder, ret.getLoc(), results);
  ret.erase();
  function.setType(FunctionType::get(context, body.getArgumentTypes(),
                                     ValueRange(results).getTypes()));
  // Only the case is compiled; the other functions are its helpers.
  for (auto other : module.getOps<func::FuncOp>())
    if (other != function && !other.isExternal())
      other.setPrivate();
  function.setPublic();

  // 4. Compile and run.
  FailureOr<std::shared_ptr<runtime::Executable>> executable =
      compileAndLoad(module, CompileOptions());
  if (failed(executable)) {
    reason = "compile: " + diagnostics;
    return failure();
  }
  const runtime::FunctionSpec *spec = (*executable)->find(caseName);
  SmallVector<RankedTensorType> resultTypes;
  for (Type type : function.getResultTypes())
    resultTypes.push_back(cast<RankedTensorType>(type));
  std::string error;
  auto outputs =
      runOnTensors(**executable, *spec, arguments, resultTypes, context, error);
  if (!outputs) {
    reason = "run: " + error;
    return failure();
  }

  // 5. The interpreter checks the compiled results.
  interp::Interpreter checkInterpreter(*checkers);
  for (PendingCheck &check : checks) {
    SmallVector<interp::RuntimeValue> values;
    for (OperandSource source : check.sources)
      values.push_back(source.isArgument ? arguments[source.index]
                                         : (*outputs)[source.index]);
    if (failed(checkInterpreter.call(check.checker, values))) {
      reason = diagnostics;
      return failure();
    }
  }
  return success();
}

} // namespace axle

//===- Interpreter.cpp - reference interpreter for stablehlo --------------===//

#include "interpreter/Interpreter.h"
#include "interpreter/Streams.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace axle::interp {

void OpRegistry::add(StringRef opName, OpEvaluator evaluator) {
  evaluators[opName] = std::move(evaluator);
}

const OpEvaluator *OpRegistry::lookup(StringRef opName) const {
  auto it = evaluators.find(opName);
  return it == evaluators.end() ? nullptr : &it->second;
}

Interpreter::Interpreter(ModuleOp module, InterpreterOptions options)
    : module(module), options(std::move(options)) {
  if (!this->options.streams)
    this->options.streams = std::make_shared<Streams>();
  registerAllOps(registry);
}

FailureOr<Values> Interpreter::call(StringRef name,
                                    ArrayRef<RuntimeValue> arguments) {
  auto function = module.lookupSymbol<func::FuncOp>(name);
  if (!function)
    return module.emitError() << "no function named '" << name << "'";
  return call(function, arguments);
}

FailureOr<Values> Interpreter::call(func::FuncOp function,
                                    ArrayRef<RuntimeValue> arguments) {
  if (function.isExternal())
    return function.emitError()
           << "cannot run external function '" << function.getSymName() << "'";
  if (arguments.size() != function.getNumArguments())
    return function.emitError() << "expects " << function.getNumArguments()
                                << " arguments, got " << arguments.size();
  // A function body sees only its arguments.
  return runBlock(function.getBody(), arguments, /*parent=*/nullptr);
}

const RuntimeValue *Interpreter::Scope::lookup(Value value) const {
  for (const Scope *scope = this; scope; scope = scope->parent) {
    auto it = scope->values.find(value);
    if (it != scope->values.end())
      return &it->second;
  }
  return nullptr;
}

const Interpreter::ReleasePlan &Interpreter::releasePlan(Block &block) {
  std::unique_ptr<ReleasePlan> &plan = releasePlans[&block];
  if (plan)
    return *plan;
  plan = std::make_unique<ReleasePlan>();
  auto add = [&](Value value, Operation *definer) {
    Operation *last = definer;
    for (Operation *user : value.getUsers()) {
      Operation *ancestor = block.findAncestorOpInBlock(*user);
      if (ancestor && (!last || last->isBeforeInBlock(ancestor)))
        last = ancestor;
    }
    // A block argument nothing uses stays: the caller holds it anyway.
    if (last)
      (*plan)[last].push_back(value);
  };
  for (BlockArgument argument : block.getArguments())
    add(argument, nullptr);
  for (Operation &op : block)
    for (Value result : op.getResults())
      add(result, &op);
  return *plan;
}

FailureOr<Values> Interpreter::runRegion(Region &region,
                                         ArrayRef<RuntimeValue> arguments) {
  return runBlock(region, arguments, currentScope);
}

FailureOr<Values> Interpreter::runBlock(Region &region,
                                        ArrayRef<RuntimeValue> arguments,
                                        const Scope *parent) {
  if (!region.hasOneBlock())
    return region.getParentOp()->emitError()
           << "the interpreter runs single-block regions only";
  Block &block = region.front();
  if (block.getNumArguments() != arguments.size())
    return region.getParentOp()->emitError()
           << "region takes " << block.getNumArguments() << " arguments, got "
           << arguments.size();
  Scope scope;
  scope.parent = parent;
  for (auto [arg, value] : llvm::zip(block.getArguments(), arguments))
    scope.values[arg] = value;
  const ReleasePlan &release = releasePlan(block);
  // Evaluators of ops with regions call runRegion, which nests in `scope`.
  const Scope *saved = currentScope;
  currentScope = &scope;
  llvm::scope_exit restore([&] { currentScope = saved; });

  for (Operation &op : block) {
    Values operands;
    operands.reserve(op.getNumOperands());
    for (Value operand : op.getOperands()) {
      const RuntimeValue *value = scope.lookup(operand);
      if (!value)
        return op.emitError() << "internal error: operand has no value";
      operands.push_back(*value);
    }
    if (op.hasTrait<OpTrait::IsTerminator>())
      return operands;
    // Refuse results too large to hold before any evaluator allocates them.
    for (Type type : op.getResultTypes()) {
      auto tensor = llvm::dyn_cast<RankedTensorType>(type);
      if (tensor && tensor.hasStaticShape() &&
          !boundedElementCount(tensor.getShape()))
        return op.emitError() << "result " << type
                              << " has more elements than the interpreter "
                                 "holds ("
                              << kMaxTensorElements << ")";
    }
    FailureOr<Values> results = failure();
    if (auto callOp = llvm::dyn_cast<func::CallOp>(op)) {
      auto callee = module.lookupSymbol<func::FuncOp>(callOp.getCallee());
      if (!callee)
        return op.emitError()
               << "no function named '" << callOp.getCallee() << "'";
      results = call(callee, operands);
    } else if (const OpEvaluator *evaluator =
                   registry.lookup(op.getName().getStringRef())) {
      results = (*evaluator)(&op, operands, *this);
    } else {
      return op.emitError()
             << "the interpreter does not support '" << op.getName() << "'";
    }
    if (failed(results))
      return failure();
    if (results->size() != op.getNumResults())
      return op.emitError()
             << "internal error: evaluator produced " << results->size()
             << " results, expected " << op.getNumResults();
    for (auto [result, value] : llvm::zip(op.getResults(), *results))
      scope.values[result] = std::move(value);
    if (auto last = release.find(&op); last != release.end())
      for (Value value : last->second)
        scope.values.erase(value);
  }
  return region.getParentOp()->emitError() << "region has no terminator";
}

} // namespace axle::interp

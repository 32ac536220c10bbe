//===- ControlFlowOps.cpp - evaluators of ops with regions ----------------===//
//
// while, if, case, map and reduce run their regions through the
// interpreter; regions may use values of the enclosing regions.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/ReduceSchedule.h"
#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

bool isTrue(const RuntimeValue &value) {
  return !value.getTensor()[0].getInt().isZero();
}

/// A 0-d tensor of `type`'s element type holding `element`.
Tensor scalar(Type elementType, const Element &element) {
  return Tensor(RankedTensorType::get({}, elementType), element);
}

FailureOr<Values> evalWhile(Operation *op, ArrayRef<RuntimeValue> operands,
                            Interpreter &interpreter) {
  auto whileOp = llvm::cast<hlo::WhileOp>(op);
  Values state(operands.begin(), operands.end());
  while (true) {
    FailureOr<Values> condition =
        interpreter.runRegion(whileOp.getCond(), state);
    if (failed(condition))
      return failure();
    if (!isTrue((*condition)[0]))
      return state;
    FailureOr<Values> next = interpreter.runRegion(whileOp.getBody(), state);
    if (failed(next))
      return failure();
    state = std::move(*next);
  }
}

FailureOr<Values> evalIf(Operation *op, ArrayRef<RuntimeValue> operands,
                         Interpreter &interpreter) {
  auto ifOp = llvm::cast<hlo::IfOp>(op);
  return interpreter.runRegion(
      isTrue(operands[0]) ? ifOp.getTrueBranch() : ifOp.getFalseBranch(), {});
}

FailureOr<Values> evalCase(Operation *op, ArrayRef<RuntimeValue> operands,
                           Interpreter &interpreter) {
  auto caseOp = llvm::cast<hlo::CaseOp>(op);
  int64_t index = operands[0].getTensor()[0].getInt().getSExtValue();
  int64_t count = caseOp.getBranches().size();
  // An out-of-range index selects the last branch.
  if (index < 0 || index >= count)
    index = count - 1;
  return interpreter.runRegion(caseOp.getBranches()[index], {});
}

FailureOr<Values> evalMap(Operation *op, ArrayRef<RuntimeValue> operands,
                          Interpreter &interpreter) {
  auto mapOp = llvm::cast<hlo::MapOp>(op);
  RankedTensorType type = resultTensorType(op);
  Tensor result(type);
  Values args(operands.size());
  for (int64_t i = 0; i < result.size(); ++i) {
    for (auto [slot, operand] : llvm::zip(args, operands)) {
      const Tensor &tensor = operand.getTensor();
      slot = scalar(tensor.getElementType(), tensor[i]);
    }
    FailureOr<Values> value =
        interpreter.runRegion(mapOp.getComputation(), args);
    if (failed(value))
      return failure();
    result.set(i, (*value)[0].getTensor()[0]);
  }
  return Values{std::move(result)};
}

/// Folds `values` (one tensor per operand, all of one element count) into
/// `accs` (0-d, one per operand) in row-major order from `begin` to `end`:
/// acc = body(acc..., x...).
LogicalResult foldRange(hlo::ReduceOp op, ArrayRef<const Tensor *> values,
                        int64_t begin, int64_t end, SmallVector<Tensor> &accs,
                        Interpreter &interpreter) {
  size_t count = accs.size();
  Values args(2 * count);
  for (int64_t i = begin; i < end; ++i) {
    for (size_t k = 0; k < count; ++k) {
      args[k] = accs[k];
      args[count + k] = scalar(values[k]->getElementType(), (*values[k])[i]);
    }
    FailureOr<Values> value = interpreter.runRegion(op.getBody(), args);
    if (failed(value))
      return failure();
    for (size_t k = 0; k < count; ++k)
      accs[k] = (*value)[k].getTensor();
  }
  return success();
}

FailureOr<Values> reduceInChunks(hlo::ReduceOp op,
                                 ArrayRef<RuntimeValue> inputs,
                                 ArrayRef<RuntimeValue> inits, int64_t chunks,
                                 Interpreter &interpreter) {
  size_t count = inputs.size();
  SmallVector<const Tensor *> values;
  for (const RuntimeValue &input : inputs)
    values.push_back(&input.getTensor());
  int64_t chunk = values[0]->size() / chunks;
  // partials[k] holds operand k's partial result of each chunk.
  SmallVector<Tensor> partials;
  for (size_t k = 0; k < count; ++k)
    partials.push_back(Tensor(RankedTensorType::get(
        {chunks}, inits[k].getTensor().getElementType())));
  for (int64_t c = 0; c < chunks; ++c) {
    SmallVector<Tensor> accs;
    for (const RuntimeValue &init : inits)
      accs.push_back(init.getTensor());
    if (failed(foldRange(op, values, c * chunk, (c + 1) * chunk, accs,
                         interpreter)))
      return failure();
    for (size_t k = 0; k < count; ++k)
      partials[k].set(c, accs[k][0]);
  }
  SmallVector<const Tensor *> partialValues;
  for (const Tensor &partial : partials)
    partialValues.push_back(&partial);
  SmallVector<Tensor> results;
  for (const RuntimeValue &init : inits)
    results.push_back(init.getTensor());
  if (failed(foldRange(op, partialValues, 0, chunks, results, interpreter)))
    return failure();
  return Values(results.begin(), results.end());
}

FailureOr<Values> evalReduce(Operation *op, ArrayRef<RuntimeValue> operands,
                             Interpreter &interpreter) {
  auto reduceOp = llvm::cast<hlo::ReduceOp>(op);
  size_t count = reduceOp.getInputs().size();
  ArrayRef<RuntimeValue> inputs = operands.take_front(count);
  ArrayRef<RuntimeValue> inits = operands.drop_front(count);
  ArrayRef<int64_t> dims = reduceOp.getDimensions();
  const Tensor &first = inputs[0].getTensor();
  ArrayRef<int64_t> shape = first.getShape();
  SmallVector<bool> reduced(shape.size(), false);
  for (int64_t d : dims)
    reduced[d] = true;

  // The chunked schedule of a large full reduction (ReduceSchedule.h):
  // each contiguous chunk folds from the init values, then the partial
  // results fold, in order, from the init values.
  if (int64_t chunks = hlo::reduceChunks(reduceOp); chunks > 1)
    return reduceInChunks(reduceOp, inputs, inits, chunks, interpreter);

  // One accumulator per result element, starting at the init values; each
  // input element is folded into the accumulator of its result position in
  // row-major order: acc = body(acc, x).
  SmallVector<Tensor> results;
  for (size_t k = 0; k < count; ++k) {
    RankedTensorType type = resultTensorType(op, k);
    results.push_back(Tensor(type, inits[k].getTensor()[0]));
  }
  Values args(2 * count);
  SmallVector<int64_t> resultIndex;
  LogicalResult status = success();
  Tensor::forEachIndex(shape, [&](ArrayRef<int64_t> index) {
    if (failed(status))
      return;
    resultIndex.clear();
    for (size_t d = 0; d < index.size(); ++d)
      if (!reduced[d])
        resultIndex.push_back(index[d]);
    for (size_t k = 0; k < count; ++k) {
      const Tensor &result = results[k];
      const Tensor &input = inputs[k].getTensor();
      Type accType = inits[k].getTensor().getElementType();
      args[k] = scalar(accType, result.at(resultIndex));
      args[count + k] = scalar(input.getElementType(), input.at(index));
    }
    FailureOr<Values> value = interpreter.runRegion(reduceOp.getBody(), args);
    if (failed(value)) {
      status = failure();
      return;
    }
    for (size_t k = 0; k < count; ++k)
      results[k].set(resultIndex, (*value)[k].getTensor()[0]);
  });
  if (failed(status))
    return failure();
  return Values(results.begin(), results.end());
}

} // namespace

void registerControlFlowOps(OpRegistry &registry) {
  registry.add(hlo::WhileOp::getOperationName(), evalWhile);
  registry.add(hlo::IfOp::getOperationName(), evalIf);
  registry.add(hlo::CaseOp::getOperationName(), evalCase);
  registry.add(hlo::MapOp::getOperationName(), evalMap);
  registry.add(hlo::ReduceOp::getOperationName(), evalReduce);
}

} // namespace axle::interp

//===- SortOps.cpp - evaluator of sort ------------------------------------===//
//
// sort orders the 1-d slices of its inputs along `dimension` together, by
// the comparator region. The sort is always stable (is_stable only permits
// instability), so equal keys keep their order whatever the flag says.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

/// Stable bottom-up merge sort of `items` by `less`. Written out rather than
/// std::stable_sort because the comparator is a user program: with one that
/// is not a strict weak order a merge still only moves items between
/// bounded ranges, so the result is some permutation and never undefined
/// behavior.
void mergeSort(MutableArrayRef<int64_t> items, SmallVectorImpl<int64_t> &buffer,
               function_ref<bool(int64_t, int64_t)> less) {
  size_t n = items.size();
  buffer.resize(n);
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t low = 0; low < n; low += 2 * width) {
      size_t middle = std::min(low + width, n);
      size_t high = std::min(low + 2 * width, n);
      size_t i = low, j = middle, out = low;
      // Take from the right run only when strictly less: ties keep the
      // left (earlier) element first.
      while (i < middle && j < high)
        buffer[out++] = less(items[j], items[i]) ? items[j++] : items[i++];
      while (i < middle)
        buffer[out++] = items[i++];
      while (j < high)
        buffer[out++] = items[j++];
    }
    std::copy(buffer.begin(), buffer.end(), items.begin());
  }
}

FailureOr<Values> evalSort(Operation *op, ArrayRef<RuntimeValue> operands,
                           Interpreter &interpreter) {
  auto sortOp = llvm::cast<hlo::SortOp>(op);
  const Tensor &first = operands[0].getTensor();
  ArrayRef<int64_t> shape = first.getShape();
  int64_t rank = first.getRank();
  int64_t dim = sortOp.getDimension();
  if (dim < 0)
    dim += rank;
  if (dim < 0 || dim >= rank)
    return op->emitError() << "dimension " << sortOp.getDimension()
                           << " is out of range for rank " << rank;
  for (const RuntimeValue &operand : operands)
    if (operand.getTensor().getShape() != shape)
      return op->emitError() << "inputs differ in shape at run time";

  size_t count = operands.size();
  SmallVector<Tensor> results;
  for (const RuntimeValue &operand : operands)
    results.push_back(operand.getTensor());
  Region &comparator = sortOp.getComparator();
  Values args(2 * count);
  LogicalResult status = success();
  // comparator(lhs_0, rhs_0, lhs_1, rhs_1, ...) for the elements at linear
  // positions `lhs` and `rhs`.
  auto less = [&](int64_t lhs, int64_t rhs) {
    if (failed(status))
      return false;
    for (size_t k = 0; k < count; ++k) {
      const Tensor &input = operands[k].getTensor();
      auto scalarType = RankedTensorType::get({}, input.getElementType());
      args[2 * k] = Tensor(scalarType, input[lhs]);
      args[2 * k + 1] = Tensor(scalarType, input[rhs]);
    }
    FailureOr<Values> value = interpreter.runRegion(comparator, args);
    if (failed(value)) {
      status = failure();
      return false;
    }
    return !(*value)[0].getTensor()[0].getInt().isZero();
  };

  int64_t length = shape[dim];
  int64_t stride = 1;
  for (int64_t d = dim + 1; d < rank; ++d)
    stride *= shape[d];
  SmallVector<int64_t> slices(shape);
  slices[dim] = 1;
  SmallVector<int64_t> positions(length), order, buffer;
  Tensor::forEachIndex(slices, [&](ArrayRef<int64_t> index) {
    if (failed(status))
      return;
    int64_t base = first.linearIndex(index);
    for (int64_t i = 0; i < length; ++i)
      positions[i] = base + i * stride;
    order = positions;
    mergeSort(order, buffer, less);
    for (size_t k = 0; k < count; ++k) {
      const Tensor &input = operands[k].getTensor();
      for (int64_t i = 0; i < length; ++i)
        results[k].set(positions[i], input[order[i]]);
    }
  });
  if (failed(status))
    return failure();
  return Values(results.begin(), results.end());
}

} // namespace

void registerSortOps(OpRegistry &registry) {
  registry.add(hlo::SortOp::getOperationName(), evalSort);
}

} // namespace axle::interp

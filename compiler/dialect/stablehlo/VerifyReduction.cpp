//===- VerifyReduction.cpp - verifiers of reductions, windows and sort ----===//
//
// reduce, reduce_window, select_and_scatter and sort. Constraint numbers
// refer to the op's section of the specification. Result shapes are
// inferred from the operands and compared for compatibility: a dynamic
// dimension on either side matches any size.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace axle::stablehlo {

static RankedTensorType tensorTypeOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// Checks that every value in `values` has a shape compatible with the
/// first one's; `what` names the values in diagnostics.
static LogicalResult verifySameShapes(Operation *op, ValueRange values,
                                      StringRef what) {
  if (values.empty())
    return success();
  RankedTensorType first = tensorTypeOf(values.front());
  for (Value value : values.drop_front())
    if (!compatibleShapes(first.getShape(), tensorTypeOf(value).getShape()))
      return op->emitOpError()
             << "requires all " << what << " to have the same shape, got "
             << first << " and " << value.getType();
  return success();
}

/// Checks that each entry of `values` is 0-dimensional and has the element
/// type of the corresponding input.
static LogicalResult verifyInitValues(Operation *op, ValueRange inputs,
                                      ValueRange initValues) {
  for (auto [index, pair] : llvm::enumerate(llvm::zip(inputs, initValues))) {
    auto [input, init] = pair;
    RankedTensorType initType = tensorTypeOf(init);
    if (initType.getRank() != 0)
      return op->emitOpError()
             << "init value " << index
             << " must be a 0-dimensional tensor, got " << initType;
    if (tensorTypeOf(input).getElementType() != initType.getElementType())
      return op->emitOpError()
             << "init value " << index
             << " must have the element type of input " << index << ", "
             << tensorTypeOf(input).getElementType() << ", got "
             << initType.getElementType();
  }
  return success();
}

/// Checks a reducer body for `inputs` (is_promotable(element_type(inputs[i]),
/// Ei)) and that results[i] has element type Ei.
static LogicalResult verifyReducerAgainst(Operation *op, Region &body,
                                          StringRef what, ValueRange inputs,
                                          ValueRange results) {
  SmallVector<Type> accumulators;
  if (failed(verifyReducerComputation(op, body, what, inputs.size(),
                                      accumulators)))
    return failure();
  for (auto [index, input] : llvm::enumerate(inputs)) {
    Type inputElement = tensorTypeOf(input).getElementType();
    if (!isPromotable(inputElement, accumulators[index]))
      return op->emitOpError()
             << "element type " << inputElement << " of input " << index
             << " cannot be promoted to the " << what << " argument type "
             << accumulators[index];
  }
  for (auto [index, result] : llvm::enumerate(results))
    if (tensorTypeOf(result).getElementType() != accumulators[index])
      return op->emitOpError()
             << "result " << index << " must have the element type of the "
             << what << ", " << accumulators[index] << ", got "
             << tensorTypeOf(result).getElementType();
  return success();
}

/// Checks that `values` has one entry per dimension and that each is
/// positive.
static LogicalResult verifyPositiveWindowAttr(Operation *op,
                                              ArrayRef<int64_t> values,
                                              int64_t rank, StringRef what) {
  if (static_cast<int64_t>(values.size()) != rank)
    return op->emitOpError()
           << what << " must have " << rank
           << " entries (the operand rank), got " << values.size();
  for (auto [dim, value] : llvm::enumerate(values))
    if (value <= 0)
      return op->emitOpError() << what << " must be positive, got " << value
                               << " for dimension " << dim;
  return success();
}

/// The padding attribute as (low, high) pairs, zeros when absent.
static SmallVector<std::pair<int64_t, int64_t>>
paddingPairs(std::optional<DenseIntElementsAttr> padding, int64_t rank) {
  SmallVector<std::pair<int64_t, int64_t>> pairs(rank, {0, 0});
  if (!padding)
    return pairs;
  SmallVector<int64_t> flat(padding->getValues<int64_t>());
  for (int64_t dim = 0; dim < rank; ++dim)
    pairs[dim] = {flat[2 * dim], flat[2 * dim + 1]};
  return pairs;
}

/// The shape `shape` would have if every dimension were a window count.
static SmallVector<int64_t>
windowedShape(ArrayRef<int64_t> shape, ArrayRef<int64_t> windowDimensions,
              ArrayRef<int64_t> strides, ArrayRef<int64_t> baseDilations,
              ArrayRef<int64_t> windowDilations,
              ArrayRef<std::pair<int64_t, int64_t>> padding) {
  SmallVector<int64_t> result;
  for (size_t dim = 0; dim < shape.size(); ++dim)
    result.push_back(numWindows(shape[dim], baseDilations[dim], padding[dim],
                                windowDimensions[dim], windowDilations[dim],
                                strides[dim]));
  return result;
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  ValueRange inputs = getInputs();
  // (C3) 0 < size(inputs) = size(init_values) = size(results); the operand
  // segments are equal by SameVariadicOperandSize.
  if (inputs.empty())
    return emitOpError("requires at least one input");
  if (getNumResults() != inputs.size())
    return emitOpError() << "requires one result per input (" << inputs.size()
                         << "), got " << getNumResults();
  // (C1) same(shape(inputs...)).
  if (failed(verifySameShapes(*this, inputs, "inputs")))
    return failure();
  // (C2) element_type(inputs...) = element_type(init_values...), and (I2)
  // init values are 0-dimensional.
  if (failed(verifyInitValues(*this, inputs, getInitValues())))
    return failure();
  // (C4) 0 <= dimensions < rank(inputs[0]), (C5) is_unique(dimensions).
  RankedTensorType inputType = tensorTypeOf(inputs.front());
  ArrayRef<int64_t> dimensions = getDimensions();
  if (failed(verifyDimensions(*this, dimensions, inputType.getRank(),
                              "dimensions")))
    return failure();
  // (C6) body has type (tensor<E0>..., tensor<E0>...) -> (tensor<E0>...)
  // with is_promotable(element_type(inputs[i]), Ei); (C8) results have Ei.
  if (failed(
          verifyReducerAgainst(*this, getBody(), "body", inputs, getResults())))
    return failure();
  // (C7) shape(results...) = shape(inputs...) without `dimensions`.
  for (Value input : inputs) {
    SmallVector<int64_t> expected;
    for (auto [dim, size] : llvm::enumerate(tensorTypeOf(input).getShape()))
      if (!llvm::is_contained(dimensions, static_cast<int64_t>(dim)))
        expected.push_back(size);
    for (auto [index, result] : llvm::enumerate(getResults()))
      if (!compatibleShapes(expected, tensorTypeOf(result).getShape()))
        return emitOpError()
               << "result " << index << " must have shape "
               << formatSizes(expected)
               << " (the input shape without the reduced dimensions), got "
               << result.getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// reduce_window
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::verify() {
  ValueRange inputs = getInputs();
  // (C1) 0 < size(inputs) = size(init_values) = size(results).
  if (inputs.empty())
    return emitOpError("requires at least one input");
  if (getNumResults() != inputs.size())
    return emitOpError() << "requires one result per input (" << inputs.size()
                         << "), got " << getNumResults();
  // (C2) same(shape(inputs...)).
  if (failed(verifySameShapes(*this, inputs, "inputs")))
    return failure();
  // (C3) element_type(inputs...) = element_type(init_values...).
  if (failed(verifyInitValues(*this, inputs, getInitValues())))
    return failure();

  RankedTensorType inputType = tensorTypeOf(inputs.front());
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> ones(rank, 1);
  ArrayRef<int64_t> windowDimensions = getWindowDimensions();
  ArrayRef<int64_t> strides = getWindowStrides().value_or(ones);
  ArrayRef<int64_t> baseDilations = getBaseDilations().value_or(ones);
  ArrayRef<int64_t> windowDilations = getWindowDilations().value_or(ones);
  // (C4)-(C11) one positive entry per dimension in each window attribute.
  if (failed(verifyPositiveWindowAttr(*this, windowDimensions, rank,
                                      "window_dimensions")) ||
      failed(
          verifyPositiveWindowAttr(*this, strides, rank, "window_strides")) ||
      failed(verifyPositiveWindowAttr(*this, baseDilations, rank,
                                      "base_dilations")) ||
      failed(verifyPositiveWindowAttr(*this, windowDilations, rank,
                                      "window_dilations")))
    return failure();
  // (C12) shape(padding) = [rank(inputs[0]), 2].
  std::optional<DenseIntElementsAttr> padding;
  if (DenseIntElementsAttr attr = getPaddingAttr()) {
    if (failed(verifyPaddingShape(*this, attr, rank)))
      return failure();
    padding = attr;
  }
  // (C13) body has type (tensor<E0>..., tensor<E0>...) -> (tensor<E0>...)
  // with is_promotable(element_type(inputs[i]), Ei); (C16) results have Ei.
  if (failed(
          verifyReducerAgainst(*this, getBody(), "body", inputs, getResults())))
    return failure();
  // (C14) same(shape(results...)) and (C15) shape(results[0]) = num_windows.
  SmallVector<int64_t> expected = windowedShape(
      inputType.getShape(), windowDimensions, strides, baseDilations,
      windowDilations, paddingPairs(padding, rank));
  for (auto [index, result] : llvm::enumerate(getResults()))
    if (!compatibleShapes(expected, tensorTypeOf(result).getShape()))
      return emitOpError() << "result " << index << " must have shape "
                           << formatSizes(expected)
                           << " (the number of windows), got "
                           << result.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// select_and_scatter
//===----------------------------------------------------------------------===//

LogicalResult SelectAndScatterOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType sourceType = getSource().getType();
  RankedTensorType initType = getInitValue().getType();
  Type elementType = operandType.getElementType();
  int64_t rank = operandType.getRank();
  // (C1) element_type(operand) = element_type(source).
  if (sourceType.getElementType() != elementType)
    return emitOpError() << "source must have the operand element type "
                         << elementType << ", got "
                         << sourceType.getElementType();
  // (C3) element_type(init_value) = element_type(operand), and (I3)
  // init_value is 0-dimensional.
  if (initType.getRank() != 0)
    return emitOpError() << "init value must be a 0-dimensional tensor, got "
                         << initType;
  if (initType.getElementType() != elementType)
    return emitOpError() << "init value must have the operand element type "
                         << elementType << ", got "
                         << initType.getElementType();
  // (C4)-(C7) window_dimensions and window_strides: one positive entry per
  // dimension (absent: all ones).
  SmallVector<int64_t> ones(rank, 1);
  ArrayRef<int64_t> windowDimensions = getWindowDimensions().value_or(ones);
  ArrayRef<int64_t> strides = getWindowStrides().value_or(ones);
  if (failed(verifyPositiveWindowAttr(*this, windowDimensions, rank,
                                      "window_dimensions")) ||
      failed(verifyPositiveWindowAttr(*this, strides, rank, "window_strides")))
    return failure();
  // (C8) shape(padding) = [rank(operand), 2].
  std::optional<DenseIntElementsAttr> padding;
  if (DenseIntElementsAttr attr = getPaddingAttr()) {
    if (failed(verifyPaddingShape(*this, attr, rank)))
      return failure();
    padding = attr;
  }
  // (C2) shape(source) = num_windows (reduce_window's count with unit
  // dilations).
  SmallVector<int64_t> expected =
      windowedShape(operandType.getShape(), windowDimensions, strides, ones,
                    ones, paddingPairs(padding, rank));
  if (!compatibleShapes(expected, sourceType.getShape()))
    return emitOpError() << "source must have shape " << formatSizes(expected)
                         << " (the number of windows), got " << sourceType;
  // (C9) select has type (tensor<E>, tensor<E>) -> tensor<i1>.
  Type i1 = IntegerType::get(getContext(), 1);
  if (failed(verifyScalarComputation(*this, getSelect(), "select",
                                     {elementType, elementType}, {i1})))
    return failure();
  // (C10) scatter has type (tensor<E>, tensor<E>) -> tensor<E> with
  // is_promotable(element_type(operand), E); (C12) element_type(result) = E.
  if (failed(verifyReducerAgainst(*this, getScatter(), "scatter",
                                  Value(getSource()), Value(getResult()))))
    return failure();
  // (C11) shape(operand) = shape(result).
  if (!compatibleShapes(operandType.getShape(),
                        getResult().getType().getShape()))
    return emitOpError() << "result must have the operand shape "
                         << formatSizes(operandType.getShape()) << ", got "
                         << getResult().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  ValueRange inputs = getInputs();
  // (C1) 0 < size(inputs).
  if (inputs.empty())
    return emitOpError("requires at least one input");
  if (getNumResults() != inputs.size())
    return emitOpError() << "requires one result per input (" << inputs.size()
                         << "), got " << getNumResults();
  // (C2) type(inputs...) = type(results...).
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(inputs.getTypes(), getResultTypes()))) {
    auto [inputType, resultType] = pair;
    if (llvm::cast<RankedTensorType>(inputType).getElementType() !=
        llvm::cast<RankedTensorType>(resultType).getElementType())
      return emitOpError() << "result " << index
                           << " must have the type of input " << index << ", "
                           << inputType << ", got " << resultType;
  }
  // (C3) same(shape(inputs...) + shape(results...)).
  SmallVector<Value> all(inputs);
  llvm::append_range(all, getResults());
  if (failed(verifySameShapes(*this, all, "inputs and results")))
    return failure();
  // (C4) -R <= dimension < R.
  int64_t rank = tensorTypeOf(inputs.front()).getRank();
  int64_t dimension = getDimensionAttr().getInt();
  if (dimension < -rank || dimension >= rank)
    return emitOpError() << "dimension " << dimension << " is out of range ["
                         << -rank << ", " << rank << ")";
  // (C5) comparator has type (tensor<E0>, tensor<E0>, ..., tensor<EN-1>,
  // tensor<EN-1>) -> tensor<i1>.
  SmallVector<Type> argTypes;
  for (Value input : inputs) {
    argTypes.push_back(tensorTypeOf(input).getElementType());
    argTypes.push_back(tensorTypeOf(input).getElementType());
  }
  return verifyScalarComputation(*this, getComparator(), "comparator", argTypes,
                                 {IntegerType::get(getContext(), 1)});
}

} // namespace axle::stablehlo

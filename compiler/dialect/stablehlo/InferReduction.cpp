//===- InferReduction.cpp - result types of reductions, windows, sort -----===//
//
// reduce, reduce_window, select_and_scatter and sort. Constraint numbers
// refer to the op's section of the specification; the verifiers
// (VerifyReduction.cpp) run first on parsed ops and give the detailed
// diagnostics.
//
// The result element types of the reductions are the accumulator types Ei
// that the body declares, which may be wider than the inputs'
// (is_promotable). A builder calls inference before it fills the body; the
// element types of the init values (equal to the inputs' by the
// specification) stand in for Ei then, which is right for every body that
// does not promote.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeInference.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace axle::stablehlo {

/// The ranked tensor types of `values`.
static FailureOr<SmallVector<RankedTensorType>>
tensorTypes(std::optional<Location> loc, StringRef opName, ValueRange values,
            StringRef what) {
  SmallVector<RankedTensorType> result;
  for (Value value : values) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(value.getType());
    if (!tensor)
      return cannotInfer(loc, opName, what, " must be ranked tensors, got ",
                         value.getType());
    result.push_back(tensor);
  }
  return result;
}

/// The element types of the first `count` arguments of the region's block
/// (the accumulator types Ei of a reducer), or `fallback` when the region
/// has no such arguments yet.
static SmallVector<Type> accumulatorTypes(Region *region, size_t count,
                                          ArrayRef<Type> fallback) {
  if (!region || region->empty() || region->front().getNumArguments() < count)
    return SmallVector<Type>(fallback);
  SmallVector<Type> types;
  for (BlockArgument arg : region->front().getArguments().take_front(count)) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(arg.getType());
    if (!tensor)
      return SmallVector<Type>(fallback);
    types.push_back(tensor.getElementType());
  }
  return types;
}

static Region *regionAt(RegionRange regions, size_t index) {
  return index < regions.size() ? regions[index] : nullptr;
}

/// The element types of `tensors`.
static SmallVector<Type> elementTypes(ArrayRef<RankedTensorType> tensors) {
  return llvm::map_to_vector(
      tensors, [](RankedTensorType type) { return type.getElementType(); });
}

/// Checks the operand counts the reductions share: (C3) of reduce, (C1) of
/// reduce_window: 0 < size(inputs) = size(init_values).
static LogicalResult checkInputCounts(std::optional<Location> loc,
                                      StringRef opName, ValueRange inputs,
                                      ValueRange initValues) {
  if (inputs.empty() || inputs.size() != initValues.size())
    return cannotInfer(loc, opName,
                       "needs as many init values as inputs, "
                       "at least one, got ",
                       inputs.size(), " inputs and ", initValues.size(),
                       " init values");
  return success();
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  if (failed(checkInputCounts(loc, name, adaptor.getInputs(),
                              adaptor.getInitValues())))
    return failure();
  auto inputs = tensorTypes(loc, name, adaptor.getInputs(), "inputs");
  if (failed(inputs))
    return failure();
  auto inits = tensorTypes(loc, name, adaptor.getInitValues(), "init values");
  if (failed(inits))
    return failure();
  if (!adaptor.getProperties().dimensions)
    return cannotInfer(loc, name, "the dimensions attribute is missing");
  // (C4) 0 <= dimensions < rank(inputs[0]).
  ArrayRef<int64_t> dimensions = adaptor.getDimensions();
  for (RankedTensorType input : *inputs)
    for (int64_t dim : dimensions)
      if (dim < 0 || dim >= input.getRank())
        return cannotInfer(loc, name, "dimension ", dim,
                           " is out of range for ", input);
  // (C7) the input shape without `dimensions`; (C8) element type Ei.
  SmallVector<Type> elements = accumulatorTypes(
      regionAt(adaptor.getRegions(), 0), inputs->size(), elementTypes(*inits));
  for (auto [input, element] : llvm::zip(*inputs, elements)) {
    SmallVector<int64_t> shape;
    for (auto [dim, size] : llvm::enumerate(input.getShape()))
      if (!llvm::is_contained(dimensions, static_cast<int64_t>(dim)))
        shape.push_back(size);
    types.push_back(RankedTensorType::get(shape, element));
  }
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(ReduceOp)

//===----------------------------------------------------------------------===//
// reduce_window, select_and_scatter
//===----------------------------------------------------------------------===//

/// One window attribute: `rank` positive entries, all ones when absent.
static FailureOr<SmallVector<int64_t>>
windowAttr(std::optional<Location> loc, StringRef opName,
           std::optional<ArrayRef<int64_t>> values, int64_t rank,
           StringRef what) {
  if (!values)
    return SmallVector<int64_t>(rank, 1);
  if (static_cast<int64_t>(values->size()) != rank ||
      llvm::any_of(*values, [](int64_t v) { return v <= 0; }))
    return cannotInfer(loc, opName, what, " must have ", rank,
                       " positive entries, got ", values->size(), " entries");
  return SmallVector<int64_t>(*values);
}

/// The padding attribute as (low, high) pairs, zeros when absent; it must
/// have shape [rank, 2].
static FailureOr<SmallVector<std::pair<int64_t, int64_t>>>
paddingPairs(std::optional<Location> loc, StringRef opName,
             DenseIntElementsAttr padding, int64_t rank) {
  SmallVector<std::pair<int64_t, int64_t>> pairs(rank, {0, 0});
  if (!padding)
    return pairs;
  ShapedType type = padding.getType();
  if (type.getRank() != 2 || type.getDimSize(0) != rank ||
      type.getDimSize(1) != 2)
    return cannotInfer(loc, opName, "padding must have shape [", rank,
                       ", 2], got ", type);
  // APInt reads any integer width, so a builder's i32 padding is safe too.
  SmallVector<int64_t> flat =
      llvm::map_to_vector(padding.getValues<APInt>(),
                          [](const APInt &v) { return v.getSExtValue(); });
  for (int64_t dim = 0; dim < rank; ++dim)
    pairs[dim] = {flat[2 * dim], flat[2 * dim + 1]};
  return pairs;
}

LogicalResult ReduceWindowOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  if (failed(checkInputCounts(loc, name, adaptor.getInputs(),
                              adaptor.getInitValues())))
    return failure();
  auto inputs = tensorTypes(loc, name, adaptor.getInputs(), "inputs");
  if (failed(inputs))
    return failure();
  auto inits = tensorTypes(loc, name, adaptor.getInitValues(), "init values");
  if (failed(inits))
    return failure();
  if (!adaptor.getProperties().window_dimensions)
    return cannotInfer(loc, name, "the window_dimensions attribute is missing");
  // (C4)-(C12) window attributes and padding for rank(inputs[0]).
  RankedTensorType first = inputs->front();
  int64_t rank = first.getRank();
  auto windowDims = windowAttr(loc, name, adaptor.getWindowDimensions(), rank,
                               "window_dimensions");
  if (failed(windowDims))
    return failure();
  auto strides =
      windowAttr(loc, name, adaptor.getWindowStrides(), rank, "window_strides");
  if (failed(strides))
    return failure();
  auto baseDilations =
      windowAttr(loc, name, adaptor.getBaseDilations(), rank, "base_dilations");
  if (failed(baseDilations))
    return failure();
  auto windowDilations = windowAttr(loc, name, adaptor.getWindowDilations(),
                                    rank, "window_dilations");
  if (failed(windowDilations))
    return failure();
  auto padding = paddingPairs(loc, name, adaptor.getPaddingAttr(), rank);
  if (failed(padding))
    return failure();
  // (C14) same(shape(results...)), (C15) shape(results[0]) = num_windows of
  // inputs[0].
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim)
    shape.push_back(numWindows(first.getDimSize(dim), (*baseDilations)[dim],
                               (*padding)[dim], (*windowDims)[dim],
                               (*windowDilations)[dim], (*strides)[dim]));
  // (C16) element_type(results[i]) = Ei.
  for (Type element : accumulatorTypes(regionAt(adaptor.getRegions(), 0),
                                       inputs->size(), elementTypes(*inits)))
    types.push_back(RankedTensorType::get(shape, element));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(ReduceWindowOp)

LogicalResult
SelectAndScatterOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &types) {
  auto operand = tensorTypes(loc, getOperationName(),
                             ValueRange(adaptor.getOperand()), "operand");
  if (failed(operand))
    return failure();
  RankedTensorType type = operand->front();
  // (C11) shape(operand) = shape(result); (C12) element_type(result) = E,
  // the type the scatter region (the second) declares.
  Type element = accumulatorTypes(regionAt(adaptor.getRegions(), 1), 1,
                                  {type.getElementType()})
                     .front();
  types.push_back(RankedTensorType::get(type.getShape(), element));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(SelectAndScatterOp)

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

LogicalResult SortOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  // (C1) 0 < size(inputs); (C2) type(inputs...) = type(results...).
  if (adaptor.getInputs().empty())
    return cannotInfer(loc, getOperationName(), "there are no inputs");
  llvm::append_range(types, adaptor.getInputs().getTypes());
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(SortOp)

} // namespace axle::stablehlo

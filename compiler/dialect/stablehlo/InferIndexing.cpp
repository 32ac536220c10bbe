//===- InferIndexing.cpp - result types of slicing, gather and scatter ----===//
//
// slice, dynamic_slice, dynamic_update_slice, gather, scatter and
// torch_index_select. Constraint numbers refer to the op's section of the
// specification. Inference only checks what it needs to compute a type
// without crashing; the verifiers (VerifyIndexing.cpp) run first on parsed
// ops and give the detailed diagnostics. Results carry no encoding: bounds
// are not determined by the operands, and isCompatibleInferredTypes ignores
// encodings.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeInference.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace axle::stablehlo {

/// Builders may leave required attributes null; inference must not crash.
static LogicalResult requireAttributes(std::optional<Location> loc,
                                       StringRef opName,
                                       ArrayRef<Attribute> attributes) {
  if (llvm::is_contained(attributes, Attribute()))
    return cannotInfer(loc, opName, "a required attribute is missing");
  return success();
}

/// True when every entry of `dims` is in [0, bound) and none repeats.
static bool uniqueInRange(ArrayRef<int64_t> dims, int64_t bound) {
  for (auto [index, dim] : llvm::enumerate(dims))
    if (dim < 0 || dim >= bound ||
        llvm::is_contained(dims.take_front(index), dim))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// slice, dynamic_slice, dynamic_update_slice
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand) ||
      failed(requireAttributes(loc, name,
                               {adaptor.getProperties().start_indices,
                                adaptor.getProperties().limit_indices,
                                adaptor.getProperties().strides})))
    return failure();
  ArrayRef<int64_t> start = adaptor.getStartIndices(),
                    limit = adaptor.getLimitIndices(),
                    strides = adaptor.getStrides();
  int64_t rank = operand->getRank();
  // (C2) one start, limit and stride per dimension.
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return cannotInfer(loc, name,
                       "start_indices, limit_indices and strides "
                       "need ",
                       rank, " entries, got ", start.size(), ", ", limit.size(),
                       " and ", strides.size());
  // (C5) shape(result) = ceil((limit_indices - start_indices) / strides),
  // meaningful under (C3) 0 <= start <= limit and (C4) 0 < strides.
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (start[d] < 0 || start[d] > limit[d] || strides[d] <= 0)
      return cannotInfer(loc, name, "dimension ", d, " has start ", start[d],
                         ", limit ", limit[d], " and stride ", strides[d]);
    shape.push_back(llvm::divideCeil(limit[d] - start[d], strides[d]));
  }
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(SliceOp)

LogicalResult DynamicSliceOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand) || failed(requireAttributes(
                             loc, name, {adaptor.getProperties().slice_sizes})))
    return failure();
  // (C2) size(slice_sizes) = rank(operand); (C5) shape(result) =
  // slice_sizes, which (C4) keeps non-negative.
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  if (static_cast<int64_t>(sizes.size()) != operand->getRank())
    return cannotInfer(loc, name, "slice_sizes needs ", operand->getRank(),
                       " entries, got ", sizes.size());
  if (llvm::any_of(sizes, [](int64_t size) { return size < 0; }))
    return cannotInfer(loc, name, "slice_sizes must be non-negative");
  types.push_back(RankedTensorType::get(sizes, operand->getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(DynamicSliceOp)

LogicalResult DynamicUpdateSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  // (C1) type(operand) = type(result).
  auto operand = inferenceTensorOperand(loc, getOperationName(),
                                        adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  types.push_back(*operand);
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(DynamicUpdateSliceOp)

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  auto indices = inferenceTensorOperand(loc, name, adaptor.getStartIndices(),
                                        "start_indices");
  if (failed(indices) ||
      failed(requireAttributes(loc, name,
                               {adaptor.getProperties().dimension_numbers,
                                adaptor.getProperties().slice_sizes})))
    return failure();
  GatherDimensionNumbersAttr dims = adaptor.getDimensionNumbers();
  ArrayRef<int64_t> sliceSizes = adaptor.getSliceSizes();
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  int64_t operandRank = operand->getRank(), indicesRank = indices->getRank();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  // (C20) size(slice_sizes) = rank(operand); (C2) 0 <= index_vector_dim <=
  // rank(start_indices).
  if (static_cast<int64_t>(sliceSizes.size()) != operandRank)
    return cannotInfer(loc, name, "slice_sizes needs ", operandRank,
                       " entries, got ", sliceSizes.size());
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return cannotInfer(loc, name, "index_vector_dim ", indexVectorDim,
                       " is out of range [0, ", indicesRank, "]");
  // (C22) shape(result) = combine(batch_dim_sizes, offset_dim_sizes):
  // batch sizes are the start_indices dimensions but index_vector_dim,
  // offset sizes the slice sizes of dimensions neither collapsed nor
  // batching, and offset_dims says where the offset sizes go.
  SmallVector<int64_t> batchSizes, offsetSizes;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      batchSizes.push_back(indices->getDimSize(d));
  for (int64_t d = 0; d < operandRank; ++d)
    if (!llvm::is_contained(dims.getCollapsedSliceDims(), d) &&
        !llvm::is_contained(dims.getOperandBatchingDims(), d))
      offsetSizes.push_back(sliceSizes[d]);
  int64_t rank = batchSizes.size() + offsetSizes.size();
  // (C1) and (C4)-(C5): one offset dimension per offset size, each a
  // distinct result dimension (so the remaining ones take the batch sizes).
  if (offsetDims.size() != offsetSizes.size() ||
      !uniqueInRange(offsetDims, rank))
    return cannotInfer(loc, name, "offset_dims must name ", offsetSizes.size(),
                       " distinct result dimensions (the uncollapsed "
                       "operand dimensions) in [0, ",
                       rank, "), got ", offsetDims.size(), " entries");
  SmallVector<int64_t> shape;
  auto nextBatch = batchSizes.begin(), nextOffset = offsetSizes.begin();
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(llvm::is_contained(offsetDims, d) ? *nextOffset++
                                                      : *nextBatch++);
  // (C23) element_type(operand) = element_type(result).
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(GatherOp)

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  ValueRange inputs = adaptor.getInputs();
  // (C5) 0 < size(inputs).
  if (inputs.empty())
    return cannotInfer(loc, name, "there are no inputs");
  // (C25) element_type(results[i]) = Ei, the type update_computation
  // declares for input i, which may be wider than the input's
  // (is_promotable, (C23)). A builder has not filled the region yet; then
  // the inputs' element types, the common case, stand in.
  SmallVector<Type> elementTypes;
  RegionRange regions = adaptor.getRegions();
  if (!regions.empty() && !regions.front()->empty()) {
    Block &block = regions.front()->front();
    if (block.getNumArguments() >= inputs.size())
      for (BlockArgument arg : block.getArguments().take_front(inputs.size()))
        if (auto scalar = llvm::dyn_cast<RankedTensorType>(arg.getType()))
          elementTypes.push_back(scalar.getElementType());
  }
  bool fromRegion = elementTypes.size() == inputs.size();
  // (C24) shape(inputs...) = shape(results...).
  for (auto [index, input] : llvm::enumerate(inputs)) {
    auto type = inferenceTensorOperand(loc, name, input, "input");
    if (failed(type))
      return failure();
    types.push_back(RankedTensorType::get(type->getShape(),
                                          fromRegion ? elementTypes[index]
                                                     : type->getElementType()));
  }
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(ScatterOp)

//===----------------------------------------------------------------------===//
// torch_index_select
//===----------------------------------------------------------------------===//

// A legacy op without a section in the specification (see
// TorchIndexSelectOp::verify): the result shape is operand[:dim] +
// index[batch_dims:] + operand[dim + 1:], with the operand's element type.
LogicalResult
TorchIndexSelectOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  auto index = inferenceTensorOperand(loc, name, adaptor.getIndex(), "index");
  if (failed(index) ||
      failed(requireAttributes(
          loc, name,
          {adaptor.getProperties().dim, adaptor.getProperties().batch_dims})))
    return failure();
  int64_t dim = adaptor.getDimAttr().getInt(),
          batchDims = adaptor.getBatchDimsAttr().getInt();
  if (dim < 0 || dim >= operand->getRank())
    return cannotInfer(loc, name, "dim ", dim, " is out of range [0, ",
                       operand->getRank(), ")");
  if (batchDims < 0 || batchDims > std::min(dim, index->getRank()))
    return cannotInfer(loc, name, "batch_dims ", batchDims,
                       " is out of range [0, ", std::min(dim, index->getRank()),
                       "]");
  SmallVector<int64_t> shape(operand->getShape().take_front(dim));
  llvm::append_range(shape, index->getShape().drop_front(batchDims));
  llvm::append_range(shape, operand->getShape().drop_front(dim + 1));
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(TorchIndexSelectOp)

} // namespace axle::stablehlo

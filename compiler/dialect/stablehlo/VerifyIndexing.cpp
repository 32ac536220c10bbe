//===- VerifyIndexing.cpp - verifiers of slicing, gather and scatter ------===//
//
// Constraint numbers refer to the op's section of the specification. A
// dimension size may be dynamic (`?`): a check that needs the size is skipped
// then, and a result shape inferred from the operands need only be compatible
// with the declared one. Element types are compared with
// sameBaselineElementType, so quantized tensors agree when their storage and
// expressed types do.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace mlir;

namespace axle::stablehlo {

static RankedTensorType tensorTypeOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// is_sorted(dims), ascending.
static LogicalResult verifySorted(Operation *op, ArrayRef<int64_t> dims,
                                  StringRef what) {
  if (!llvm::is_sorted(dims))
    return op->emitOpError()
           << what << " must be sorted, got " << formatSizes(dims);
  return success();
}

/// The "no shared entry" half of is_unique(concatenate(a, b)); uniqueness
/// within each list is checked by verifyDimensions.
static LogicalResult verifyDisjoint(Operation *op, ArrayRef<int64_t> a,
                                    StringRef aName, ArrayRef<int64_t> b,
                                    StringRef bName) {
  for (int64_t dim : a)
    if (llvm::is_contained(b, dim))
      return op->emitOpError()
             << aName << " and " << bName << " both contain dimension " << dim;
  return success();
}

/// The values of `value` when it is produced by a constant op.
static std::optional<SmallVector<int64_t>> constantValues(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return llvm::to_vector(
      llvm::map_range(attr.getValues<APInt>(),
                      [](const APInt &v) { return v.getSExtValue(); }));
}

static LogicalResult verifySameElementType(Operation *op, Value from,
                                           StringRef fromName, Value to,
                                           StringRef toName) {
  Type fromType = tensorTypeOf(from).getElementType();
  Type toType = tensorTypeOf(to).getElementType();
  if (!sameBaselineElementType(fromType, toType))
    return op->emitOpError()
           << toName << " element type " << toType << " must match the "
           << fromName << " element type " << fromType;
  return success();
}

/// The declared shape of `value` must be compatible with `inferred`.
static LogicalResult verifyInferredShape(Operation *op, Value value,
                                         StringRef what,
                                         ArrayRef<int64_t> inferred) {
  RankedTensorType type = tensorTypeOf(value);
  if (type.getRank() != static_cast<int64_t>(inferred.size()))
    return op->emitOpError()
           << what << " must have rank " << inferred.size() << " (shape "
           << formatSizes(inferred) << "), got " << type;
  if (!compatibleShapes(type.getShape(), inferred))
    return op->emitOpError()
           << what << " shape " << formatSizes(type.getShape())
           << " is incompatible with the expected shape "
           << formatSizes(inferred);
  return success();
}

/// (same(type(start_indices...))) of dynamic_slice and dynamic_update_slice.
static LogicalResult verifySameIndexTypes(Operation *op, ValueRange indices) {
  for (Value index : indices)
    if (index.getType() != indices.front().getType())
      return op->emitOpError()
             << "start indices must all have the same type, got "
             << indices.front().getType() << " and " << index.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// slice, dynamic_slice, dynamic_update_slice, real_dynamic_slice
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  int64_t rank = operandType.getRank();
  ArrayRef<int64_t> start = getStartIndices(), limit = getLimitIndices(),
                    strides = getStrides();
  // (C1) element_type(operand) = element_type(result).
  if (failed(verifySameElementType(*this, getOperand(), "operand", getResult(),
                                   "result")))
    return failure();
  // (C2) size(start_indices) = size(limit_indices) = size(strides) =
  // rank(operand).
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitOpError() << "start_indices, limit_indices and strides must "
                            "have one entry per operand dimension ("
                         << rank << "), got " << start.size() << ", "
                         << limit.size() << " and " << strides.size();
  SmallVector<int64_t> inferred;
  for (int64_t d = 0; d < rank; ++d) {
    // (C3) 0 <= start_indices <= limit_indices <= shape(operand).
    int64_t size = operandType.getDimSize(d);
    if (start[d] < 0 || start[d] > limit[d] ||
        (!ShapedType::isDynamic(size) && limit[d] > size))
      return emitOpError() << "dimension " << d << ": requires 0 <= start ("
                           << start[d] << ") <= limit (" << limit[d]
                           << ") <= size (" << formatSize(size) << ")";
    // (C4) 0 < strides.
    if (strides[d] <= 0)
      return emitOpError() << "dimension " << d
                           << ": stride must be positive, got " << strides[d];
    inferred.push_back(llvm::divideCeil(limit[d] - start[d], strides[d]));
  }
  // (C5) shape(result) = ceil((limit_indices - start_indices) / strides).
  return verifyInferredShape(*this, getResult(), "result", inferred);
}

/// (C4) of dynamic_slice: 0 <= slice_sizes <= shape(operand), and (C6) of
/// dynamic_update_slice: 0 <= shape(update) <= shape(operand).
static LogicalResult verifySizesFit(Operation *op, ArrayRef<int64_t> sizes,
                                    StringRef what,
                                    RankedTensorType operandType) {
  for (auto [d, size] : llvm::enumerate(sizes)) {
    if (ShapedType::isDynamic(size))
      continue;
    int64_t bound = operandType.getDimSize(d);
    if (size < 0 || (!ShapedType::isDynamic(bound) && size > bound))
      return op->emitOpError()
             << what << " " << formatSizes(sizes)
             << " must be non-negative and fit in the operand shape "
             << formatSizes(operandType.getShape()) << " (dimension " << d
             << ")";
  }
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  int64_t rank = operandType.getRank();
  ArrayRef<int64_t> sliceSizes = getSliceSizes();
  // (C1) element_type(operand) = element_type(result).
  if (failed(verifySameElementType(*this, getOperand(), "operand", getResult(),
                                   "result")))
    return failure();
  // (C2) size(start_indices) = size(slice_sizes) = rank(operand).
  if (static_cast<int64_t>(getStartIndices().size()) != rank)
    return emitOpError() << "requires one start index per operand dimension ("
                         << rank << "), got " << getStartIndices().size();
  if (static_cast<int64_t>(sliceSizes.size()) != rank)
    return emitOpError() << "slice_sizes must have one entry per operand "
                            "dimension ("
                         << rank << "), got " << sliceSizes.size();
  // (C3) same(type(start_indices...)).
  if (failed(verifySameIndexTypes(*this, getStartIndices())))
    return failure();
  // (C4) 0 <= slice_sizes <= shape(operand).
  if (failed(verifySizesFit(*this, sliceSizes, "slice_sizes", operandType)))
    return failure();
  // (C5) shape(result) = slice_sizes.
  return verifyInferredShape(*this, getResult(), "result", sliceSizes);
}

LogicalResult DynamicUpdateSliceOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType updateType = getUpdate().getType();
  int64_t rank = operandType.getRank();
  // (C1) type(operand) = type(result).
  if (failed(verifySameElementType(*this, getOperand(), "operand", getResult(),
                                   "result")) ||
      failed(verifyInferredShape(*this, getResult(), "result",
                                 operandType.getShape())))
    return failure();
  // (C2) element_type(update) = element_type(operand).
  if (failed(verifySameElementType(*this, getOperand(), "operand", getUpdate(),
                                   "update")))
    return failure();
  // (C3) rank(update) = rank(operand).
  if (updateType.getRank() != rank)
    return emitOpError() << "update rank " << updateType.getRank()
                         << " must match the operand rank " << rank;
  // (C4) size(start_indices) = rank(operand).
  if (static_cast<int64_t>(getStartIndices().size()) != rank)
    return emitOpError() << "requires one start index per operand dimension ("
                         << rank << "), got " << getStartIndices().size();
  // (C5) same(type(start_indices...)).
  if (failed(verifySameIndexTypes(*this, getStartIndices())))
    return failure();
  // (C6) 0 <= shape(update) <= shape(operand).
  return verifySizesFit(*this, updateType.getShape(), "update shape",
                        operandType);
}

// real_dynamic_slice is a legacy op without a section in the specification:
// slice with start_indices, limit_indices and strides given as 1-D tensors.
// Its semantics need one entry per operand dimension in each and a result of
// the operand's rank and element type; when the operands are constants the
// checks of slice's (C3)-(C5) apply to their values.
LogicalResult RealDynamicSliceOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  int64_t rank = operandType.getRank();
  if (failed(verifySameElementType(*this, getOperand(), "operand", getResult(),
                                   "result")))
    return failure();
  if (getResult().getType().getRank() != rank)
    return emitOpError() << "result rank " << getResult().getType().getRank()
                         << " must match the operand rank " << rank;
  std::pair<Value, StringRef> bounds[] = {{getStartIndices(), "start_indices"},
                                          {getLimitIndices(), "limit_indices"},
                                          {getStrides(), "strides"}};
  for (auto [value, name] : bounds) {
    int64_t size = tensorTypeOf(value).getDimSize(0);
    if (!ShapedType::isDynamic(size) && size != rank)
      return emitOpError() << name
                           << " must have one entry per operand dimension ("
                           << rank << "), got " << size;
  }
  std::optional<SmallVector<int64_t>> start = constantValues(getStartIndices());
  std::optional<SmallVector<int64_t>> limit = constantValues(getLimitIndices());
  std::optional<SmallVector<int64_t>> strides = constantValues(getStrides());
  if (strides)
    for (auto [d, stride] : llvm::enumerate(*strides))
      if (stride <= 0)
        return emitOpError() << "dimension " << d
                             << ": stride must be positive, got " << stride;
  if (!start || !limit)
    return success();
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = operandType.getDimSize(d);
    if ((*start)[d] < 0 || (*start)[d] > (*limit)[d] ||
        (!ShapedType::isDynamic(size) && (*limit)[d] > size))
      return emitOpError() << "dimension " << d << ": requires 0 <= start ("
                           << (*start)[d] << ") <= limit (" << (*limit)[d]
                           << ") <= size (" << formatSize(size) << ")";
  }
  if (!strides)
    return success();
  SmallVector<int64_t> inferred;
  for (int64_t d = 0; d < rank; ++d)
    inferred.push_back(
        llvm::divideCeil((*limit)[d] - (*start)[d], (*strides)[d]));
  return verifyInferredShape(*this, getResult(), "result", inferred);
}

//===----------------------------------------------------------------------===//
// gather, dynamic_gather
//===----------------------------------------------------------------------===//

/// gather's constraints (C1)-(C23). `sliceSizes` holds kDynamic where a size
/// is not known when verifying (dynamic_gather with a non-constant operand).
/// dynamic_gather's section is gather's without the batching dimensions; its
/// constraints are the subset of these that mention no batching dimension.
static LogicalResult verifyGather(Operation *op, Value operand,
                                  Value startIndices,
                                  GatherDimensionNumbersAttr dims,
                                  ArrayRef<int64_t> sliceSizes, Value result) {
  RankedTensorType operandType = tensorTypeOf(operand);
  RankedTensorType indicesType = tensorTypeOf(startIndices);
  RankedTensorType resultType = tensorTypeOf(result);
  int64_t operandRank = operandType.getRank();
  int64_t indicesRank = indicesType.getRank();
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  ArrayRef<int64_t> collapsedDims = dims.getCollapsedSliceDims();
  ArrayRef<int64_t> operandBatchingDims = dims.getOperandBatchingDims();
  ArrayRef<int64_t> indicesBatchingDims = dims.getStartIndicesBatchingDims();
  ArrayRef<int64_t> startIndexMap = dims.getStartIndexMap();
  int64_t indexVectorDim = dims.getIndexVectorDim();

  // (C2) 0 <= index_vector_dim <= rank(start_indices).
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return op->emitOpError() << "index_vector_dim " << indexVectorDim
                             << " is out of range [0, " << indicesRank << "]";
  // (C4) is_unique(offset_dims) and is_sorted(offset_dims);
  // (C5) 0 <= offset_dims < rank(result).
  if (failed(verifyDimensions(op, offsetDims, resultType.getRank(),
                              "offset_dims")) ||
      failed(verifySorted(op, offsetDims, "offset_dims")))
    return failure();
  // (C6) is_unique(concatenate(collapsed_slice_dims, operand_batching_dims));
  // (C7) is_sorted(collapsed_slice_dims);
  // (C8) 0 <= collapsed_slice_dims < rank(operand);
  // (C10) is_sorted(operand_batching_dims);
  // (C11) 0 <= operand_batching_dims < rank(operand).
  if (failed(verifyDimensions(op, collapsedDims, operandRank,
                              "collapsed_slice_dims")) ||
      failed(verifySorted(op, collapsedDims, "collapsed_slice_dims")) ||
      failed(verifyDimensions(op, operandBatchingDims, operandRank,
                              "operand_batching_dims")) ||
      failed(verifySorted(op, operandBatchingDims, "operand_batching_dims")) ||
      failed(verifyDisjoint(op, collapsedDims, "collapsed_slice_dims",
                            operandBatchingDims, "operand_batching_dims")))
    return failure();
  // (C13) is_unique(start_indices_batching_dims);
  // (C14) 0 <= start_indices_batching_dims < rank(start_indices).
  if (failed(verifyDimensions(op, indicesBatchingDims, indicesRank,
                              "start_indices_batching_dims")))
    return failure();
  // (C15) index_vector_dim not in start_indices_batching_dims.
  if (llvm::is_contained(indicesBatchingDims, indexVectorDim))
    return op->emitOpError() << "index_vector_dim " << indexVectorDim
                             << " must not be in start_indices_batching_dims";
  // (C16) size(operand_batching_dims) == size(start_indices_batching_dims).
  if (operandBatchingDims.size() != indicesBatchingDims.size())
    return op->emitOpError()
           << "operand_batching_dims and start_indices_batching_dims must "
              "have the same size, got "
           << operandBatchingDims.size() << " and "
           << indicesBatchingDims.size();
  // (C17) dim(operand, operand_batching_dims...) =
  //       dim(start_indices, start_indices_batching_dims...).
  for (auto [operandDim, indicesDim] :
       llvm::zip(operandBatchingDims, indicesBatchingDims))
    if (!compatibleDim(operandType.getDimSize(operandDim),
                       indicesType.getDimSize(indicesDim)))
      return op->emitOpError()
             << "operand batching dimension " << operandDim << " (size "
             << operandType.getDimSize(operandDim)
             << ") must match start_indices batching dimension " << indicesDim
             << " (size " << indicesType.getDimSize(indicesDim) << ")";
  // (C18) is_unique(concatenate(start_index_map, operand_batching_dims));
  // (C19) 0 <= start_index_map < rank(operand).
  if (failed(verifyDimensions(op, startIndexMap, operandRank,
                              "start_index_map")) ||
      failed(verifyDisjoint(op, startIndexMap, "start_index_map",
                            operandBatchingDims, "operand_batching_dims")))
    return failure();
  // (C3) size(start_index_map) = index_vector_dim < rank(start_indices) ?
  //      dim(start_indices, index_vector_dim) : 1.
  int64_t indexVectorSize =
      indexVectorDim < indicesRank ? indicesType.getDimSize(indexVectorDim) : 1;
  if (!compatibleDim(indexVectorSize, startIndexMap.size()))
    return op->emitOpError()
           << "start_index_map has " << startIndexMap.size()
           << " entries but the index vectors have size " << indexVectorSize;
  // (C1) rank(operand) = size(offset_dims) + size(collapsed_slice_dims) +
  //      size(operand_batching_dims).
  if (static_cast<size_t>(operandRank) !=
      offsetDims.size() + collapsedDims.size() + operandBatchingDims.size())
    return op->emitOpError()
           << "operand rank " << operandRank
           << " must equal size(offset_dims) + size(collapsed_slice_dims) + "
              "size(operand_batching_dims) = "
           << offsetDims.size() << " + " << collapsedDims.size() << " + "
           << operandBatchingDims.size();
  // (C20) size(slice_sizes) = rank(operand).
  if (static_cast<int64_t>(sliceSizes.size()) != operandRank)
    return op->emitOpError() << "slice_sizes must have one entry per operand "
                                "dimension ("
                             << operandRank << "), got " << sliceSizes.size();
  // (C21) 0 <= slice_sizes <= shape(operand).
  if (failed(verifySizesFit(op, sliceSizes, "slice_sizes", operandType)))
    return failure();
  // (C9) slice_sizes[collapsed_slice_dims...] <= 1;
  // (C12) slice_sizes[operand_batching_dims...] <= 1.
  for (auto [list, name] :
       {std::pair(collapsedDims, "collapsed_slice_dims"),
        std::pair(operandBatchingDims, "operand_batching_dims")})
    for (int64_t dim : list)
      if (!ShapedType::isDynamic(sliceSizes[dim]) && sliceSizes[dim] > 1)
        return op->emitOpError()
               << "slice size of dimension " << dim << " in " << name
               << " must be at most 1, got " << sliceSizes[dim];
  // (C22) shape(result) = combine(batch_dim_sizes, offset_dim_sizes).
  SmallVector<int64_t> batchSizes, offsetSizes;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      batchSizes.push_back(indicesType.getDimSize(d));
  for (int64_t d = 0; d < operandRank; ++d)
    if (!llvm::is_contained(collapsedDims, d) &&
        !llvm::is_contained(operandBatchingDims, d))
      offsetSizes.push_back(sliceSizes[d]);
  SmallVector<int64_t> inferred;
  auto nextBatch = batchSizes.begin(), nextOffset = offsetSizes.begin();
  for (size_t d = 0, e = batchSizes.size() + offsetSizes.size(); d < e; ++d)
    inferred.push_back(llvm::is_contained(offsetDims, d) ? *nextOffset++
                                                         : *nextBatch++);
  if (failed(verifyInferredShape(op, result, "result", inferred)))
    return failure();
  // (C23) element_type(operand) = element_type(result).
  return verifySameElementType(op, operand, "operand", result, "result");
}

LogicalResult GatherOp::verify() {
  return verifyGather(*this, getOperand(), getStartIndices(),
                      getDimensionNumbers(), getSliceSizes(), getResult());
}

LogicalResult DynamicGatherOp::verify() {
  int64_t operandRank = getOperand().getType().getRank();
  // dynamic_gather (C11) size(slice_sizes) = rank(operand), from the type.
  int64_t count = getSliceSizes().getType().getDimSize(0);
  if (!ShapedType::isDynamic(count) && count != operandRank)
    return emitOpError() << "slice_sizes must have one entry per operand "
                            "dimension ("
                         << operandRank << "), got " << count;
  // Constant slice sizes are checked like gather's; others are unknown.
  SmallVector<int64_t> sliceSizes(operandRank, ShapedType::kDynamic);
  if (std::optional<SmallVector<int64_t>> values =
          constantValues(getSliceSizes()))
    sliceSizes = std::move(*values);
  return verifyGather(*this, getOperand(), getStartIndices(),
                      getDimensionNumbers(), sliceSizes, getResult());
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::verify() {
  OperandRange inputs = getInputs(), updates = getUpdates();
  ScatterDimensionNumbersAttr dims = getScatterDimensionNumbers();
  // (C5) 0 < size(inputs) = size(updates) = N.
  if (inputs.empty())
    return emitOpError() << "requires at least one input";
  if (inputs.size() != updates.size())
    return emitOpError() << "requires as many updates as inputs, got "
                         << updates.size() << " and " << inputs.size();
  size_t n = inputs.size();
  RankedTensorType inputType = tensorTypeOf(inputs[0]);
  RankedTensorType updateType = tensorTypeOf(updates[0]);
  RankedTensorType indicesType = getScatterIndices().getType();
  int64_t inputRank = inputType.getRank();
  int64_t updateRank = updateType.getRank();
  int64_t indicesRank = indicesType.getRank();
  // (C1) same(shape(inputs...)).
  for (Value input : inputs.drop_front())
    if (!compatibleShapes(tensorTypeOf(input).getShape(), inputType.getShape()))
      return emitOpError() << "inputs must have the same shape, got "
                           << inputType << " and " << input.getType();
  // (C3) same(shape(updates...)).
  for (Value update : updates.drop_front())
    if (!compatibleShapes(tensorTypeOf(update).getShape(),
                          updateType.getShape()))
      return emitOpError() << "updates must have the same shape, got "
                           << updateType << " and " << update.getType();

  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  ArrayRef<int64_t> insertedDims = dims.getInsertedWindowDims();
  ArrayRef<int64_t> inputBatchingDims = dims.getInputBatchingDims();
  ArrayRef<int64_t> indicesBatchingDims = dims.getScatterIndicesBatchingDims();
  ArrayRef<int64_t> toOperandDims = dims.getScatterDimsToOperandDims();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  // (C22) 0 <= index_vector_dim <= rank(scatter_indices).
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return emitOpError() << "index_vector_dim " << indexVectorDim
                         << " is out of range [0, " << indicesRank << "]";
  // (C7) is_unique(update_window_dims) and is_sorted(update_window_dims);
  // (C8) 0 <= update_window_dims < rank(updates[0]).
  if (failed(verifyDimensions(*this, windowDims, updateRank,
                              "update_window_dims")) ||
      failed(verifySorted(*this, windowDims, "update_window_dims")))
    return failure();
  // (C9) is_unique(concatenate(inserted_window_dims, input_batching_dims));
  // (C10) is_sorted(inserted_window_dims);
  // (C11) 0 <= inserted_window_dims < rank(inputs[0]);
  // (C12) is_sorted(input_batching_dims);
  // (C13) 0 <= input_batching_dims < rank(inputs[0]).
  if (failed(verifyDimensions(*this, insertedDims, inputRank,
                              "inserted_window_dims")) ||
      failed(verifySorted(*this, insertedDims, "inserted_window_dims")) ||
      failed(verifyDimensions(*this, inputBatchingDims, inputRank,
                              "input_batching_dims")) ||
      failed(verifySorted(*this, inputBatchingDims, "input_batching_dims")) ||
      failed(verifyDisjoint(*this, insertedDims, "inserted_window_dims",
                            inputBatchingDims, "input_batching_dims")))
    return failure();
  // (C14) is_unique(scatter_indices_batching_dims);
  // (C15) 0 <= scatter_indices_batching_dims < rank(scatter_indices).
  if (failed(verifyDimensions(*this, indicesBatchingDims, indicesRank,
                              "scatter_indices_batching_dims")))
    return failure();
  // (C16) index_vector_dim not in scatter_indices_batching_dims.
  if (llvm::is_contained(indicesBatchingDims, indexVectorDim))
    return emitOpError() << "index_vector_dim " << indexVectorDim
                         << " must not be in scatter_indices_batching_dims";
  // (C17) size(input_batching_dims) == size(scatter_indices_batching_dims).
  if (inputBatchingDims.size() != indicesBatchingDims.size())
    return emitOpError()
           << "input_batching_dims and scatter_indices_batching_dims must "
              "have the same size, got "
           << inputBatchingDims.size() << " and " << indicesBatchingDims.size();
  // (C18) dim(inputs[0], input_batching_dims...) =
  //       dim(scatter_indices, scatter_indices_batching_dims...).
  for (auto [inputDim, indicesDim] :
       llvm::zip(inputBatchingDims, indicesBatchingDims))
    if (!compatibleDim(inputType.getDimSize(inputDim),
                       indicesType.getDimSize(indicesDim)))
      return emitOpError() << "input batching dimension " << inputDim
                           << " (size " << inputType.getDimSize(inputDim)
                           << ") must match scatter_indices batching dimension "
                           << indicesDim << " (size "
                           << indicesType.getDimSize(indicesDim) << ")";
  // (C20) is_unique(concatenate(scatter_dims_to_operand_dims,
  //       input_batching_dims));
  // (C21) 0 <= scatter_dims_to_operand_dims < rank(inputs[0]).
  if (failed(verifyDimensions(*this, toOperandDims, inputRank,
                              "scatter_dims_to_operand_dims")) ||
      failed(verifyDisjoint(*this, toOperandDims,
                            "scatter_dims_to_operand_dims", inputBatchingDims,
                            "input_batching_dims")))
    return failure();
  // (C19) size(scatter_dims_to_operand_dims) =
  //       index_vector_dim < rank(scatter_indices) ?
  //       dim(scatter_indices, index_vector_dim) : 1.
  int64_t indexVectorSize =
      indexVectorDim < indicesRank ? indicesType.getDimSize(indexVectorDim) : 1;
  if (!compatibleDim(indexVectorSize, toOperandDims.size()))
    return emitOpError() << "scatter_dims_to_operand_dims has "
                         << toOperandDims.size()
                         << " entries but the index vectors have size "
                         << indexVectorSize;
  // (C2) rank(inputs[0]) = size(update_window_dims) +
  //      size(inserted_window_dims) + size(input_batching_dims).
  if (static_cast<size_t>(inputRank) !=
      windowDims.size() + insertedDims.size() + inputBatchingDims.size())
    return emitOpError()
           << "input rank " << inputRank
           << " must equal size(update_window_dims) + "
              "size(inserted_window_dims) + size(input_batching_dims) = "
           << windowDims.size() << " + " << insertedDims.size() << " + "
           << inputBatchingDims.size();
  // (C4) shape(updates[0]) = combine(update_scatter_dim_sizes,
  //      update_window_dim_sizes), window sizes bounded by the input's.
  SmallVector<int64_t> scatterSizes, windowBounds;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      scatterSizes.push_back(indicesType.getDimSize(d));
  for (int64_t d = 0; d < inputRank; ++d)
    if (!llvm::is_contained(insertedDims, d) &&
        !llvm::is_contained(inputBatchingDims, d))
      windowBounds.push_back(inputType.getDimSize(d));
  if (static_cast<size_t>(updateRank) !=
      scatterSizes.size() + windowBounds.size())
    return emitOpError() << "updates must have rank "
                         << scatterSizes.size() + windowBounds.size()
                         << " (scatter dimensions " << formatSizes(scatterSizes)
                         << " plus window dimensions), got " << updateType;
  auto nextScatter = scatterSizes.begin(), nextWindow = windowBounds.begin();
  for (int64_t d = 0; d < updateRank; ++d) {
    int64_t size = updateType.getDimSize(d);
    if (llvm::is_contained(windowDims, d)) {
      int64_t bound = *nextWindow++;
      if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(bound) &&
          size > bound)
        return emitOpError()
               << "update window dimension " << d << " (size " << size
               << ") exceeds the input dimension size " << bound;
    } else if (!compatibleDim(size, *nextScatter++)) {
      return emitOpError()
             << "update scatter dimension " << d << " (size " << size
             << ") must match the scatter indices, which give shape "
             << formatSizes(scatterSizes);
    }
  }
  // (C6) element_type(updates...) = element_type(inputs...).
  for (auto [input, update] : llvm::zip(inputs, updates))
    if (failed(verifySameElementType(*this, input, "input", update, "update")))
      return failure();

  // (C23) update_computation has type (tensor<E0>, ..., tensor<EN-1>,
  // tensor<E0>, ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>) where
  // is_promotable(element_type(inputs[i]), Ei).
  Region &body = getUpdateComputation();
  if (body.empty() || body.front().getNumArguments() != 2 * n)
    return emitOpError() << "update_computation must take " << 2 * n
                         << " arguments";
  SmallVector<Type> elementTypes;
  for (auto [index, input] : llvm::enumerate(inputs)) {
    Type argType = body.front().getArgument(index).getType();
    auto scalar = llvm::dyn_cast<RankedTensorType>(argType);
    if (!scalar || scalar.getRank() != 0)
      return emitOpError() << "update_computation argument " << index
                           << " must be a 0-dimensional tensor, got "
                           << argType;
    Type inputElement = tensorTypeOf(input).getElementType();
    if (!isPromotable(inputElement, scalar.getElementType()))
      return emitOpError() << "update_computation argument " << index
                           << " has element type " << scalar.getElementType()
                           << ", which cannot hold input element type "
                           << inputElement;
    elementTypes.push_back(scalar.getElementType());
  }
  SmallVector<Type> argTypes(elementTypes);
  argTypes.append(elementTypes);
  if (failed(verifyScalarComputation(*this, body, "update_computation",
                                     argTypes, elementTypes)))
    return failure();
  // (C24) shape(inputs...) = shape(results...);
  // (C25) element_type(results[i]) = Ei.
  if (getNumResults() != n)
    return emitOpError() << "requires one result per input (" << n << "), got "
                         << getNumResults();
  for (auto [index, result] : llvm::enumerate(getResults())) {
    RankedTensorType resultType = tensorTypeOf(result);
    if (!compatibleShapes(resultType.getShape(), inputType.getShape()))
      return emitOpError() << "result " << index << " shape "
                           << formatSizes(resultType.getShape())
                           << " must match the input shape "
                           << formatSizes(inputType.getShape());
    if (!sameBaselineElementType(resultType.getElementType(),
                                 elementTypes[index]))
      return emitOpError() << "result " << index << " element type "
                           << resultType.getElementType()
                           << " must match update_computation's "
                           << elementTypes[index];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// torch_index_select
//===----------------------------------------------------------------------===//

// torch_index_select is a legacy op without a section in the specification:
// result = operand with dimension `dim` replaced by the dimensions of `index`,
// where the first `batch_dims` dimensions of operand and index are shared
// batch dimensions. So result shape = operand[:dim] + index[batch_dims:] +
// operand[dim + 1:].
LogicalResult TorchIndexSelectOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType indexType = getIndex().getType();
  int64_t dim = getDimAttr().getInt();
  int64_t batchDims = getBatchDimsAttr().getInt();
  if (dim < 0 || dim >= operandType.getRank())
    return emitOpError() << "dim " << dim << " is out of range [0, "
                         << operandType.getRank() << ")";
  int64_t maxBatchDims = std::min(dim, indexType.getRank());
  if (batchDims < 0 || batchDims > maxBatchDims)
    return emitOpError() << "batch_dims " << batchDims
                         << " is out of range [0, " << maxBatchDims
                         << "] (at most dim and rank(index))";
  for (int64_t d = 0; d < batchDims; ++d)
    if (!compatibleDim(operandType.getDimSize(d), indexType.getDimSize(d)))
      return emitOpError() << "batch dimension " << d << " has size "
                           << formatSize(operandType.getDimSize(d))
                           << " in the operand but "
                           << formatSize(indexType.getDimSize(d))
                           << " in the index";
  SmallVector<int64_t> inferred(operandType.getShape().take_front(dim));
  llvm::append_range(inferred, indexType.getShape().drop_front(batchDims));
  llvm::append_range(inferred, operandType.getShape().drop_front(dim + 1));
  if (failed(verifyInferredShape(*this, getResult(), "result", inferred)))
    return failure();
  return verifySameElementType(*this, getOperand(), "operand", getResult(),
                               "result");
}

} // namespace axle::stablehlo

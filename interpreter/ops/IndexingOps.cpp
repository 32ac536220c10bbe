//===- IndexingOps.cpp - evaluators of gather, scatter and index_select ---===//
//
// gather and dynamic_gather read slices of an operand at start indices taken
// from a tensor; scatter combines updates into slices of its inputs through
// its update_computation; torch_index_select picks slices along one
// dimension. Out-of-bounds start indices follow XLA: gather (and
// torch_index_select) clamp them so the slice stays inside the operand,
// scatter skips an update window that does not fit as a whole.
//
// Gather and index_select move stored elements (storage values for
// quantized tensors); scatter's update_computation runs on scalars of its
// block argument types, so quantized arithmetic happens in the region's ops.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

/// A 0-d tensor of `elementType` holding `element`.
Tensor scalar(Type elementType, const Element &element) {
  return Tensor(RankedTensorType::get({}, elementType), element);
}

/// The axes of `rank` that are in neither `a` nor `b`, in order.
SmallVector<int64_t> axesNotIn(int64_t rank, ArrayRef<int64_t> a,
                               ArrayRef<int64_t> b) {
  SmallVector<int64_t> axes;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
      axes.push_back(d);
  return axes;
}

/// Reads index vectors out of a start/scatter index tensor. A position in
/// the "batch" space of the tensor (its axes without index_vector_dim)
/// selects one vector; index_vector_dim == rank means vectors of one
/// element, the index tensor's own elements.
class IndexVectors {
public:
  IndexVectors(const Tensor &indices, int64_t indexVectorDim)
      : indices(indices), indexVectorDim(indexVectorDim) {
    for (auto [d, size] : llvm::enumerate(indices.getShape()))
      if (static_cast<int64_t>(d) != indexVectorDim)
        batchShape.push_back(size);
  }

  /// The length of every index vector.
  int64_t vectorSize() const {
    return hasVectorDim() ? indices.getShape()[indexVectorDim] : 1;
  }
  /// The shape of the batch space.
  ArrayRef<int64_t> getBatchShape() const { return batchShape; }

  /// The index vector at `batchIndex`, into `vector`.
  void read(ArrayRef<int64_t> batchIndex, SmallVectorImpl<int64_t> &vector) {
    vector.clear();
    if (!hasVectorDim()) {
      vector.push_back(indexValue(indices, indices.linearIndex(batchIndex)));
      return;
    }
    position.assign(batchIndex.begin(), batchIndex.end());
    position.insert(position.begin() + indexVectorDim, 0);
    for (int64_t k = 0, e = vectorSize(); k < e; ++k) {
      position[indexVectorDim] = k;
      vector.push_back(indexValue(indices, indices.linearIndex(position)));
    }
  }

  /// The position in the batch space of index tensor axis `axis` (which is
  /// not index_vector_dim): axes after index_vector_dim move down by one.
  int64_t batchAxis(int64_t axis) const {
    return axis < indexVectorDim ? axis : axis - 1;
  }

private:
  bool hasVectorDim() const { return indexVectorDim < indices.getRank(); }

  const Tensor &indices;
  int64_t indexVectorDim;
  SmallVector<int64_t> batchShape;
  SmallVector<int64_t> position;
};

/// gather with concrete slice sizes (shared by gather and dynamic_gather).
FailureOr<Tensor> gather(Operation *op, const Tensor &operand,
                         const Tensor &startIndices,
                         hlo::GatherDimensionNumbersAttr dims,
                         ArrayRef<int64_t> sliceSizes) {
  ArrayRef<int64_t> operandShape = operand.getShape();
  int64_t rank = operand.getRank();
  if (static_cast<int64_t>(sliceSizes.size()) != rank)
    return op->emitError() << "has " << sliceSizes.size()
                           << " slice sizes for an operand of rank " << rank;
  for (int64_t d = 0; d < rank; ++d)
    if (sliceSizes[d] < 0 || sliceSizes[d] > operandShape[d])
      return op->emitError()
             << "slice size " << sliceSizes[d] << " of dimension " << d
             << " is out of range [0, " << operandShape[d] << "]";
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  ArrayRef<int64_t> startIndexMap = dims.getStartIndexMap();
  ArrayRef<int64_t> operandBatchingDims = dims.getOperandBatchingDims();
  ArrayRef<int64_t> indicesBatchingDims = dims.getStartIndicesBatchingDims();
  IndexVectors vectors(startIndices, dims.getIndexVectorDim());
  if (vectors.vectorSize() != static_cast<int64_t>(startIndexMap.size()))
    return op->emitError() << "start index vectors have "
                           << vectors.vectorSize()
                           << " elements but start_index_map has "
                           << startIndexMap.size();

  // The operand axes a slice keeps, in the order of offset_dims.
  SmallVector<int64_t> windowAxes =
      axesNotIn(rank, dims.getCollapsedSliceDims(), operandBatchingDims);
  ArrayRef<int64_t> batchShape = vectors.getBatchShape();
  int64_t resultRank = batchShape.size() + offsetDims.size();
  if (windowAxes.size() != offsetDims.size())
    return op->emitError() << "offset_dims has " << offsetDims.size()
                           << " entries for " << windowAxes.size()
                           << " slice dimensions";
  // (C22): offset sizes at offset_dims, batch sizes everywhere else.
  SmallVector<int64_t> shape(resultRank, -1);
  for (auto [j, d] : llvm::enumerate(offsetDims))
    shape[d] = sliceSizes[windowAxes[j]];
  SmallVector<int64_t> batchDims;
  for (int64_t d = 0; d < resultRank; ++d)
    if (!llvm::is_contained(offsetDims, d))
      batchDims.push_back(d);
  for (auto [i, d] : llvm::enumerate(batchDims))
    shape[d] = batchShape[i];
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();

  Tensor result(*type);
  SmallVector<int64_t> batchIndex, start, source;
  int64_t linear = 0;
  LogicalResult status = success();
  Tensor::forEachIndex(shape, [&](ArrayRef<int64_t> index) {
    if (failed(status))
      return;
    batchIndex.clear();
    for (int64_t d : batchDims)
      batchIndex.push_back(index[d]);
    vectors.read(batchIndex, start);
    source.assign(rank, 0);
    // full_start_index: clamped so the whole slice is inside the operand.
    for (auto [k, d] : llvm::enumerate(startIndexMap))
      source[d] =
          std::clamp<int64_t>(start[k], 0, operandShape[d] - sliceSizes[d]);
    // full_batching_index.
    for (auto [operandDim, indicesDim] :
         llvm::zip(operandBatchingDims, indicesBatchingDims))
      source[operandDim] += batchIndex[vectors.batchAxis(indicesDim)];
    // full_offset_index.
    for (auto [j, d] : llvm::enumerate(windowAxes))
      source[d] += index[offsetDims[j]];
    // Only an empty collapsed slice (size 0) can point outside.
    for (int64_t d = 0; d < rank; ++d)
      if (source[d] < 0 || source[d] >= operandShape[d]) {
        status = op->emitError()
                 << "reads outside the operand at dimension " << d << " (index "
                 << source[d] << ", size " << operandShape[d] << ")";
        return;
      }
    result.set(linear++, operand.at(source));
  });
  if (failed(status))
    return failure();
  return result;
}

FailureOr<Values> evalGather(Operation *op, ArrayRef<RuntimeValue> operands,
                             Interpreter &) {
  auto gatherOp = llvm::cast<hlo::GatherOp>(op);
  FailureOr<Tensor> result =
      gather(op, operands[0].getTensor(), operands[1].getTensor(),
             gatherOp.getDimensionNumbers(), gatherOp.getSliceSizes());
  if (failed(result))
    return failure();
  return Values{std::move(*result)};
}

FailureOr<Values> evalDynamicGather(Operation *op,
                                    ArrayRef<RuntimeValue> operands,
                                    Interpreter &) {
  auto gatherOp = llvm::cast<hlo::DynamicGatherOp>(op);
  const Tensor &sizes = operands[2].getTensor();
  SmallVector<int64_t> sliceSizes;
  for (int64_t i = 0; i < sizes.size(); ++i)
    sliceSizes.push_back(indexValue(sizes, i));
  FailureOr<Tensor> result =
      gather(op, operands[0].getTensor(), operands[1].getTensor(),
             gatherOp.getDimensionNumbers(), sliceSizes);
  if (failed(result))
    return failure();
  return Values{std::move(*result)};
}

/// scatter: updates are applied one element at a time in row-major order of
/// the update index space, each through update_computation(current, update).
FailureOr<Values> evalScatter(Operation *op, ArrayRef<RuntimeValue> operands,
                              Interpreter &interpreter) {
  auto scatterOp = llvm::cast<hlo::ScatterOp>(op);
  hlo::ScatterDimensionNumbersAttr dims =
      scatterOp.getScatterDimensionNumbers();
  size_t count = scatterOp.getInputs().size();
  ArrayRef<RuntimeValue> inputs = operands.take_front(count);
  const Tensor &indices = operands[count].getTensor();
  ArrayRef<RuntimeValue> updateValues = operands.drop_front(count + 1);

  ArrayRef<int64_t> inputShape = inputs[0].getTensor().getShape();
  ArrayRef<int64_t> updateShape = updateValues[0].getTensor().getShape();
  for (size_t k = 0; k < count; ++k)
    if (inputs[k].getTensor().getShape() != inputShape ||
        updateValues[k].getTensor().getShape() != updateShape)
      return op->emitError() << "inputs (or updates) differ in shape at run "
                                "time; operand set "
                             << k;
  // Inputs and updates in the update_computation's element types
  // (to_destination_type; is_promotable types only).
  SmallVector<Tensor> results, updates;
  for (size_t k = 0; k < count; ++k) {
    Type element = resultTensorType(op, k).getElementType();
    results.push_back(toDestinationType(inputs[k].getTensor(), element));
    updates.push_back(toDestinationType(updateValues[k].getTensor(), element));
  }

  int64_t inputRank = inputShape.size();
  int64_t updateRank = updateShape.size();
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  ArrayRef<int64_t> inputBatchingDims = dims.getInputBatchingDims();
  ArrayRef<int64_t> indicesBatchingDims = dims.getScatterIndicesBatchingDims();
  ArrayRef<int64_t> toOperandDims = dims.getScatterDimsToOperandDims();
  IndexVectors vectors(indices, dims.getIndexVectorDim());
  if (vectors.vectorSize() != static_cast<int64_t>(toOperandDims.size()))
    return op->emitError() << "scatter index vectors have "
                           << vectors.vectorSize()
                           << " elements but scatter_dims_to_operand_dims has "
                           << toOperandDims.size();
  // The input axes an update window spans, in the order of
  // update_window_dims; the window is one element wide elsewhere.
  SmallVector<int64_t> windowAxes =
      axesNotIn(inputRank, dims.getInsertedWindowDims(), inputBatchingDims);
  if (windowAxes.size() != windowDims.size())
    return op->emitError() << "update_window_dims has " << windowDims.size()
                           << " entries for " << windowAxes.size()
                           << " window dimensions";
  SmallVector<int64_t> windowSize(inputRank, 1);
  for (auto [j, d] : llvm::enumerate(windowAxes))
    windowSize[d] = updateShape[windowDims[j]];
  SmallVector<int64_t> scatterDims;
  for (int64_t d = 0; d < updateRank; ++d)
    if (!llvm::is_contained(windowDims, d))
      scatterDims.push_back(d);
  SmallVector<int64_t> scatterShape;
  for (int64_t d : scatterDims)
    scatterShape.push_back(updateShape[d]);
  if (ArrayRef<int64_t>(scatterShape) != vectors.getBatchShape())
    return op->emitError() << "update scatter dimensions do not match the "
                              "scatter_indices batch dimensions at run time";

  Region &computation = scatterOp.getUpdateComputation();
  Values args(2 * count);
  SmallVector<int64_t> scatterIndex, start, target;
  LogicalResult status = success();
  Tensor::forEachIndex(updateShape, [&](ArrayRef<int64_t> updateIndex) {
    if (failed(status))
      return;
    scatterIndex.clear();
    for (int64_t d : scatterDims)
      scatterIndex.push_back(updateIndex[d]);
    vectors.read(scatterIndex, start);
    target.assign(inputRank, 0);
    // full_start_index + full_batching_index: the window's corner.
    for (auto [k, d] : llvm::enumerate(toOperandDims))
      target[d] = start[k];
    for (auto [inputDim, indicesDim] :
         llvm::zip(inputBatchingDims, indicesBatchingDims))
      target[inputDim] = scatterIndex[vectors.batchAxis(indicesDim)];
    // XLA skips a window that does not fit the inputs as a whole.
    for (int64_t d = 0; d < inputRank; ++d)
      if (target[d] < 0 || target[d] > inputShape[d] - windowSize[d])
        return;
    for (auto [j, d] : llvm::enumerate(windowAxes))
      target[d] += updateIndex[windowDims[j]];
    for (size_t k = 0; k < count; ++k) {
      args[k] = scalar(results[k].getElementType(), results[k].at(target));
      args[count + k] =
          scalar(updates[k].getElementType(), updates[k].at(updateIndex));
    }
    FailureOr<Values> value = interpreter.runRegion(computation, args);
    if (failed(value)) {
      status = failure();
      return;
    }
    for (size_t k = 0; k < count; ++k)
      results[k].set(target, (*value)[k].getTensor()[0]);
  });
  if (failed(status))
    return failure();
  return Values(results.begin(), results.end());
}

/// torch_index_select: result[b..., p..., i..., s...] =
/// operand[b..., p..., index[b..., i...], s...] where b are the batch_dims
/// leading dimensions shared by operand and index, p the rest of the operand
/// dimensions before `dim`, i the remaining index dimensions and s the
/// operand dimensions after `dim`. Indices clamp to the operand (it lowers
/// to gather in XLA).
FailureOr<Values> evalTorchIndexSelect(Operation *op,
                                       ArrayRef<RuntimeValue> operands,
                                       Interpreter &) {
  auto selectOp = llvm::cast<hlo::TorchIndexSelectOp>(op);
  const Tensor &operand = operands[0].getTensor();
  const Tensor &index = operands[1].getTensor();
  int64_t dim = selectOp.getDim();
  int64_t batchDims = selectOp.getBatchDims();
  ArrayRef<int64_t> operandShape = operand.getShape();
  ArrayRef<int64_t> indexShape = index.getShape();
  if (dim < 0 || dim >= operand.getRank() || batchDims < 0 ||
      batchDims > std::min<int64_t>(dim, index.getRank()))
    return op->emitError() << "dim " << dim << " or batch_dims " << batchDims
                           << " is out of range";
  if (operandShape.take_front(batchDims) != indexShape.take_front(batchDims))
    return op->emitError() << "operand and index differ in their batch "
                              "dimensions at run time";
  int64_t selected = index.getRank() - batchDims;
  SmallVector<int64_t> shape(operandShape.take_front(dim));
  llvm::append_range(shape, indexShape.drop_front(batchDims));
  llvm::append_range(shape, operandShape.drop_front(dim + 1));
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();

  Tensor result(*type);
  if (result.size() != 0 && operandShape[dim] == 0)
    return op->emitError() << "selects from an empty dimension " << dim;
  SmallVector<int64_t> position, source;
  int64_t linear = 0;
  Tensor::forEachIndex(shape, [&](ArrayRef<int64_t> resultIndex) {
    position.assign(resultIndex.begin(), resultIndex.begin() + batchDims);
    position.append(resultIndex.begin() + dim,
                    resultIndex.begin() + dim + selected);
    int64_t selectedIndex =
        std::clamp<int64_t>(indexValue(index, index.linearIndex(position)), 0,
                            operandShape[dim] - 1);
    source.assign(resultIndex.begin(), resultIndex.begin() + dim);
    source.push_back(selectedIndex);
    source.append(resultIndex.begin() + dim + selected, resultIndex.end());
    result.set(linear++, operand.at(source));
  });
  return Values{std::move(result)};
}

} // namespace

void registerIndexingOps(OpRegistry &registry) {
  registry.add(hlo::GatherOp::getOperationName(), evalGather);
  registry.add(hlo::DynamicGatherOp::getOperationName(), evalDynamicGather);
  registry.add(hlo::ScatterOp::getOperationName(), evalScatter);
  registry.add(hlo::TorchIndexSelectOp::getOperationName(),
               evalTorchIndexSelect);
}

} // namespace axle::interp

//===- VerifyCommunication.cpp - verifiers of I/O and collective ops ------===//
//
// infeed, send, recv and the collectives. Constraint numbers refer to the
// op's section of the specification. The number of replicas and partitions
// is not known to the verifier, so the upper bounds of process ids
// ("< num_replicas") are left to the runtime; everything the attributes and
// types determine is checked here.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace axle::stablehlo {

/// Channel types as `#stablehlo.channel_handle<type = N>` encodes them.
enum ChannelType : int64_t {
  kDeviceToDevice = 1,
  kDeviceToHost = 2,
  kHostToDevice = 3,
};

static RankedTensorType tensorTypeOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// channel_id of an optional channel handle; absent means 0.
static int64_t channelId(std::optional<ChannelHandleAttr> handle) {
  return handle ? handle->getHandle() : 0;
}

/// What the attributes say about the size of each process group: `exact`
/// when it is `factor`, otherwise it is a multiple of `factor` (empty
/// replica_groups stand for all processes; cross_replica_and_partition
/// multiplies each group by the unknown number of partitions).
struct GroupSize {
  int64_t factor = 1;
  bool exact = false;
};

static GroupSize groupSize(DenseIntElementsAttr groups,
                           bool crossReplicaAndPartition) {
  auto type = llvm::cast<ShapedType>(groups.getType());
  if (type.getNumElements() == 0)
    return {};
  return {type.getDimSize(1), !crossReplicaAndPartition};
}

/// The process-group size of ops that take use_global_device_ids
/// (all_gather, reduce_scatter): cross_replica_and_partition when a channel
/// is given without global device ids.
static GroupSize groupSizeWithGlobalIds(DenseIntElementsAttr groups,
                                        std::optional<ChannelHandleAttr> handle,
                                        bool useGlobalDeviceIds) {
  return groupSize(groups, channelId(handle) > 0 && !useGlobalDeviceIds);
}

/// (C5)/(C6) of all_gather, all_reduce, reduce_scatter: global device ids
/// need a positive channel_id.
static LogicalResult
verifyGlobalDeviceIds(Operation *op, std::optional<ChannelHandleAttr> handle,
                      bool useGlobalDeviceIds) {
  if (useGlobalDeviceIds && channelId(handle) <= 0)
    return op->emitOpError() << "use_global_device_ids requires a positive "
                                "channel_id, got "
                             << channelId(handle);
  return success();
}

/// source_target_pairs of collective_permute, send and recv: (C1) two
/// columns, (C2)/(C3) unique sources and unique targets, (C4) non-negative.
static LogicalResult verifySourceTargetPairs(Operation *op,
                                             DenseIntElementsAttr pairs) {
  if (failed(verifyGroups(op, pairs, "source_target_pairs",
                          /*uniqueIds=*/false, /*expectedColumns=*/2)))
    return failure();
  SmallVector<int64_t> flat(pairs.getValues<int64_t>());
  llvm::SmallDenseSet<int64_t> sources, targets;
  for (size_t row = 0; row + 1 < flat.size(); row += 2) {
    int64_t source = flat[row], target = flat[row + 1];
    if (source < 0 || target < 0)
      return op->emitOpError() << "source_target_pairs has negative id "
                               << std::min(source, target);
    if (!sources.insert(source).second)
      return op->emitOpError()
             << "source_target_pairs has repeated source " << source;
    if (!targets.insert(target).second)
      return op->emitOpError()
             << "source_target_pairs has repeated target " << target;
  }
  return success();
}

/// Checks that there is one result per operand.
static LogicalResult verifyResultCount(Operation *op, size_t expected) {
  if (op->getNumResults() != expected)
    return op->emitOpError()
           << "requires " << expected << " results (one per operand), got "
           << op->getNumResults();
  return success();
}

/// Checks that `result` has the shape of `operand` except at `dim`, where
/// `check(operandSize, resultSize)` decides (both static); `expectation`
/// describes the rule for the diagnostic.
static LogicalResult
verifyShapeExceptDim(Operation *op, size_t index, RankedTensorType operand,
                     RankedTensorType result, int64_t dim,
                     llvm::function_ref<bool(int64_t, int64_t)> check,
                     StringRef expectation) {
  if (operand.getRank() != result.getRank())
    return op->emitOpError() << "result " << index << " must have rank "
                             << operand.getRank() << ", got " << result;
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t in = operand.getDimSize(d), out = result.getDimSize(d);
    if (d != dim) {
      if (!compatibleDim(in, out))
        return op->emitOpError()
               << "result " << index << " dimension " << d << " must be " << in
               << " (as in the operand), got " << out;
      continue;
    }
    if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out) &&
        !check(in, out))
      return op->emitOpError()
             << "result " << index << " dimension " << d << " of size " << out
             << " does not fit operand size " << in << ": " << expectation;
  }
  return success();
}

/// Checks a (tensor<E>, tensor<E>) -> tensor<E> computation with
/// is_promotable(element_type(operands...), E) and element_type(results...)
/// = E, as all_reduce, reduce_scatter and collective_reduce require.
static LogicalResult verifyCollectiveComputation(Operation *op, Region &region,
                                                 ValueRange operands,
                                                 ValueRange results) {
  SmallVector<Type> accumulator;
  if (failed(
          verifyReducerComputation(op, region, "computation", 1, accumulator)))
    return failure();
  Type element = accumulator.front();
  for (auto [index, operand] : llvm::enumerate(operands))
    if (!isPromotable(tensorTypeOf(operand).getElementType(), element))
      return op->emitOpError()
             << "element type " << tensorTypeOf(operand).getElementType()
             << " of operand " << index
             << " cannot be promoted to the computation type " << element;
  for (auto [index, result] : llvm::enumerate(results))
    if (tensorTypeOf(result).getElementType() != element)
      return op->emitOpError()
             << "result " << index << " must have the computation element type "
             << element << ", got " << tensorTypeOf(result).getElementType();
  return success();
}

/// (C1)/(C3) of a dimension attribute: 0 <= dim < rank(operand).
static LogicalResult verifyDimInRange(Operation *op, int64_t dim,
                                      RankedTensorType type, StringRef what) {
  if (dim < 0 || dim >= type.getRank())
    return op->emitOpError() << what << " " << dim << " is out of range [0, "
                             << type.getRank() << ") for " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// infeed, send, recv
//===----------------------------------------------------------------------===//

/// (C1)-(C3) of infeed, and the payload-then-token layout of recv: at least
/// one result, the last a token, the others tensors.
static LogicalResult verifyPayloadAndToken(Operation *op) {
  if (op->getNumResults() == 0)
    return op->emitOpError("requires at least one result (the token)");
  if (!llvm::isa<TokenType>(op->getResults().back().getType()))
    return op->emitOpError() << "last result must be a token, got "
                             << op->getResults().back().getType();
  for (auto [index, result] : llvm::enumerate(op->getResults().drop_back()))
    if (!llvm::isa<RankedTensorType>(result.getType()))
      return op->emitOpError() << "result " << index
                               << " must be a tensor (only the last result "
                                  "is a token), got "
                               << result.getType();
  return success();
}

LogicalResult InfeedOp::verify() { return verifyPayloadAndToken(*this); }

/// (C5) of send/recv: the channel type follows is_host_transfer.
/// `hostTypes` lists the channel types a host transfer may use.
static LogicalResult verifyChannelType(Operation *op, ChannelHandleAttr handle,
                                       bool isHostTransfer,
                                       ArrayRef<int64_t> hostTypes) {
  if (isHostTransfer) {
    if (!llvm::is_contained(hostTypes, handle.getType()))
      return op->emitOpError()
             << "is_host_transfer = true requires a host channel type ("
             << (hostTypes.size() == 1 ? "2, DEVICE_TO_HOST"
                                       : "2 or 3, DEVICE_TO_HOST or "
                                         "HOST_TO_DEVICE")
             << "), got " << handle.getType();
    return success();
  }
  if (handle.getType() != kDeviceToDevice)
    return op->emitOpError() << "is_host_transfer = false requires channel "
                                "type 1 (DEVICE_TO_DEVICE), got "
                             << handle.getType();
  return success();
}

LogicalResult SendOp::verify() {
  // (C1)-(C4) source_target_pairs.
  if (DenseIntElementsAttr pairs = getSourceTargetPairsAttr())
    if (failed(verifySourceTargetPairs(*this, pairs)))
      return failure();
  // (C5) channel_type is DEVICE_TO_HOST for host transfers, else
  // DEVICE_TO_DEVICE.
  return verifyChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                           {kDeviceToHost});
}

LogicalResult RecvOp::verify() {
  // Payload values first, the token last.
  if (failed(verifyPayloadAndToken(*this)))
    return failure();
  // (C1)-(C4) source_target_pairs.
  if (DenseIntElementsAttr pairs = getSourceTargetPairsAttr())
    if (failed(verifySourceTargetPairs(*this, pairs)))
      return failure();
  // (C5) host transfers use a host channel: the specification names
  // DEVICE_TO_HOST; exporters encode receives from the host as
  // HOST_TO_DEVICE, which the channel handle can also express.
  return verifyChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                           {kDeviceToHost, kHostToDevice});
}

//===----------------------------------------------------------------------===//
// all_gather
//===----------------------------------------------------------------------===//

LogicalResult AllGatherOp::verify() {
  if (failed(verifyResultCount(*this, getOperands().size())))
    return failure();
  // (C2) is_unique(replica_groups), (C4) 0 <= replica_groups.
  if (failed(verifyGroups(*this, getReplicaGroups(), "replica_groups",
                          /*uniqueIds=*/true)))
    return failure();
  // (C5) use_global_device_ids needs channel_id > 0.
  if (failed(verifyGlobalDeviceIds(*this, getChannelHandle(),
                                   getUseGlobalDeviceIds())))
    return failure();
  int64_t dim = getAllGatherDimAttr().getInt();
  GroupSize group = groupSizeWithGlobalIds(
      getReplicaGroups(), getChannelHandle(), getUseGlobalDeviceIds());
  std::string rule =
      (group.exact ? "expected operand size times the group size "
                   : "expected a multiple of operand size times ") +
      std::to_string(group.factor);
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getOperands(), getResults()))) {
    RankedTensorType operand = tensorTypeOf(std::get<0>(pair));
    // (C1) 0 <= all_gather_dim < rank(operands...).
    if (failed(verifyDimInRange(*this, dim, operand, "all_gather_dim")))
      return failure();
    // (C6) results are the operands with all_gather_dim multiplied by the
    // process-group size.
    auto fits = [&](int64_t in, int64_t out) {
      int64_t gathered;
      if (llvm::MulOverflow(in, group.factor, gathered))
        return false;
      if (group.exact)
        return out == gathered;
      return gathered == 0 ? out == 0 : out % gathered == 0;
    };
    if (failed(verifyShapeExceptDim(*this, index, operand,
                                    tensorTypeOf(std::get<1>(pair)), dim, fits,
                                    rule)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// all_reduce
//===----------------------------------------------------------------------===//

LogicalResult AllReduceOp::verify() {
  if (failed(verifyResultCount(*this, getOperands().size())))
    return failure();
  // (C1) is_unique(replica_groups), (C3) 0 <= replica_groups.
  if (failed(verifyGroups(*this, getReplicaGroups(), "replica_groups",
                          /*uniqueIds=*/true)))
    return failure();
  // (C4) use_global_device_ids needs channel_id > 0.
  if (failed(verifyGlobalDeviceIds(*this, getChannelHandle(),
                                   getUseGlobalDeviceIds())))
    return failure();
  // (C5) computation has type (tensor<E>, tensor<E>) -> tensor<E> with
  // is_promotable(element_type(operand), E); (C7) results have E. (C6) is
  // the SameOperandsAndResultShape trait.
  return verifyCollectiveComputation(*this, getComputation(), getOperands(),
                                     getResults());
}

//===----------------------------------------------------------------------===//
// reduce_scatter
//===----------------------------------------------------------------------===//

LogicalResult ReduceScatterOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  // (C2) 0 <= scatter_dimension < rank(operand).
  int64_t dim = getScatterDimensionAttr().getInt();
  if (failed(verifyDimInRange(*this, dim, operandType, "scatter_dimension")))
    return failure();
  // (C3) is_unique(replica_groups), (C5) 0 <= replica_groups.
  if (failed(verifyGroups(*this, getReplicaGroups(), "replica_groups",
                          /*uniqueIds=*/true)))
    return failure();
  // (C6) use_global_device_ids needs channel_id > 0.
  if (failed(verifyGlobalDeviceIds(*this, getChannelHandle(),
                                   getUseGlobalDeviceIds())))
    return failure();
  GroupSize group = groupSizeWithGlobalIds(
      getReplicaGroups(), getChannelHandle(), getUseGlobalDeviceIds());
  // (C1) dim(operand, scatter_dimension) % dim(process_groups, 1) = 0.
  int64_t size = operandType.getDimSize(dim);
  if (!ShapedType::isDynamic(size) && size % group.factor != 0)
    return emitOpError() << "scatter dimension size " << size
                         << " is not divisible by the process group size "
                         << (group.exact ? "" : "factor ") << group.factor;
  // (C8) the result is the operand with scatter_dimension divided by the
  // process-group size.
  auto fits = [&](int64_t in, int64_t out) {
    int64_t scattered;
    if (llvm::MulOverflow(out, group.factor, scattered))
      return false;
    if (group.exact)
      return scattered == in;
    return scattered == 0 ? in == 0 : in % scattered == 0;
  };
  std::string rule =
      (group.exact ? "expected operand size divided by the group size "
                   : "expected operand size divided by a multiple of ") +
      std::to_string(group.factor);
  if (failed(verifyShapeExceptDim(*this, 0, operandType, getResult().getType(),
                                  dim, fits, rule)))
    return failure();
  // (C7) computation has type (tensor<E>, tensor<E>) -> tensor<E> with
  // is_promotable(element_type(operand), E); (C9) element_type(result) = E.
  return verifyCollectiveComputation(*this, getComputation(),
                                     Value(getOperand()), Value(getResult()));
}

//===----------------------------------------------------------------------===//
// all_to_all
//===----------------------------------------------------------------------===//

LogicalResult AllToAllOp::verify() {
  if (failed(verifyResultCount(*this, getOperands().size())))
    return failure();
  int64_t splitDim = getSplitDimensionAttr().getInt();
  int64_t concatDim = getConcatDimensionAttr().getInt();
  // (C4) 0 < split_count is the attribute's constraint.
  int64_t count = getSplitCountAttr().getInt();
  // (C5) is_unique(replica_groups), (C7) 0 <= replica_groups, (C8)
  // dim(replica_groups, 1) = split_count.
  if (failed(verifyGroups(*this, getReplicaGroups(), "replica_groups",
                          /*uniqueIds=*/true, /*expectedColumns=*/count)))
    return failure();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getOperands(), getResults()))) {
    RankedTensorType operand = tensorTypeOf(std::get<0>(pair));
    RankedTensorType result = tensorTypeOf(std::get<1>(pair));
    // (C1) 0 <= split_dimension < rank, (C3) 0 <= concat_dimension < rank.
    if (failed(verifyDimInRange(*this, splitDim, operand, "split_dimension")) ||
        failed(verifyDimInRange(*this, concatDim, operand, "concat_dimension")))
      return failure();
    // (C2) dim(operands..., split_dimension) % split_count = 0.
    int64_t splitSize = operand.getDimSize(splitDim);
    if (!ShapedType::isDynamic(splitSize) && splitSize % count != 0)
      return emitOpError() << "split dimension size " << splitSize
                           << " of operand " << index
                           << " is not divisible by split_count " << count;
    // (C9) the result type is the operand type with the split dimension
    // divided and the concat dimension multiplied by split_count.
    SmallVector<int64_t> expected(operand.getShape());
    if (splitDim != concatDim) {
      if (!ShapedType::isDynamic(splitSize))
        expected[splitDim] = splitSize / count;
      int64_t concatSize = expected[concatDim];
      if (!ShapedType::isDynamic(concatSize) &&
          llvm::MulOverflow(concatSize, count, expected[concatDim]))
        expected[concatDim] = ShapedType::kDynamic;
    }
    if (result.getElementType() != operand.getElementType() ||
        !compatibleShapes(expected, result.getShape()))
      return emitOpError() << "result " << index << " must have type "
                           << RankedTensorType::get(expected,
                                                    operand.getElementType())
                           << ", got " << result;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// collective_permute, collective_broadcast, collective_reduce
//===----------------------------------------------------------------------===//

LogicalResult CollectivePermuteOp::verify() {
  // (C1)-(C4) source_target_pairs; (C5) is the SameOperandsAndResultType
  // trait.
  return verifySourceTargetPairs(*this, getSourceTargetPairs());
}

LogicalResult CollectiveBroadcastOp::verify() {
  // (C1) is_unique(replica_groups), (C2) 0 <= replica_groups; (C3) is the
  // SameOperandsAndResultType trait.
  return verifyGroups(*this, getReplicaGroups(), "replica_groups",
                      /*uniqueIds=*/true);
}

LogicalResult CollectiveReduceOp::verify() {
  // (C1) is_unique(replica_groups), (C2) 0 <= replica_groups.
  if (failed(verifyGroups(*this, getReplicaGroups(), "replica_groups",
                          /*uniqueIds=*/true)))
    return failure();
  // (C3) with a dynamic root the last operand is a 1-dimensional si32
  // tensor holding one root per data operand.
  ValueRange data = getOperands();
  if (getHasDynamicRoot()) {
    if (data.size() < 2)
      return emitOpError("has_dynamic_root requires the data operands and a "
                         "root operand");
    RankedTensorType roots = tensorTypeOf(data.back());
    int64_t expected = static_cast<int64_t>(data.size()) - 1;
    if (roots.getRank() != 1 || !roots.getElementType().isSignlessInteger(32) ||
        !compatibleDim(roots.getDimSize(0), expected))
      return emitOpError() << "root operand must be tensor<" << expected
                           << "xi32> (one root per data operand), got "
                           << roots;
    data = data.drop_back();
  }
  if (failed(verifyResultCount(*this, data.size())))
    return failure();
  // (C3) shape(results) = shape(operands).
  for (auto [index, pair] : llvm::enumerate(llvm::zip(data, getResults()))) {
    RankedTensorType operand = tensorTypeOf(std::get<0>(pair));
    RankedTensorType result = tensorTypeOf(std::get<1>(pair));
    if (!compatibleShapes(operand.getShape(), result.getShape()))
      return emitOpError() << "result " << index
                           << " must have the shape of operand " << index
                           << ", " << operand << ", got " << result;
  }
  // (C4) computation has type (tensor<E>, tensor<E>) -> tensor<E> with
  // is_promotable(element_type(operand), E); the reduced results hold E.
  return verifyCollectiveComputation(*this, getComputation(), data,
                                     getResults());
}

} // namespace axle::stablehlo

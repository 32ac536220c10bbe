//===- CommunicationOps.cpp - collectives, process ids, async, I/O --------===//
//
// Collectives split the process grid into process groups (cross_replica,
// cross_partition, cross_replica_and_partition, flattened_ids; see the
// specification's "Collective ops"), exchange operands within the group of
// the running process through its Rendezvous (ProcessGrid.h) and compute
// that process's results. Outside runProcessGrid the grid is one process,
// (0, 0), and each collective has its one-process meaning.
//
// Implementation-defined choices: empty replica_groups mean one group of
// all processes (as XLA); negative ids in replica_groups are padding of
// ragged groups and are ignored; reductions fold the group's values in
// group order, acc = computation(acc, next).
//
// async_start runs its body synchronously; the future is a Tuple of the
// body's results, which async_done unpacks. infeed, outfeed, send and recv
// have no queues or channels in this interpreter and fail with an error.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Streams.h"
#include "interpreter/ops/EvalHelpers.h"
#include "interpreter/ops/ProcessGrid.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

using Groups = SmallVector<SmallVector<int64_t>>;

enum class GroupMode {
  CrossReplica,
  CrossPartition,
  CrossReplicaAndPartition,
  FlattenedIds
};

int64_t channelId(std::optional<hlo::ChannelHandleAttr> handle) {
  return handle && *handle ? handle->getHandle() : 0;
}

/// The mode of all_gather, all_reduce and reduce_scatter.
GroupMode replicaGroupMode(int64_t channel, bool useGlobalDeviceIds) {
  if (channel <= 0)
    return GroupMode::CrossReplica;
  return useGlobalDeviceIds ? GroupMode::FlattenedIds
                            : GroupMode::CrossReplicaAndPartition;
}

/// The mode of all_to_all, collective_permute/broadcast/reduce.
GroupMode channelGroupMode(int64_t channel) {
  return channel > 0 ? GroupMode::CrossPartition : GroupMode::CrossReplica;
}

/// The running process: its flattened id (replica * num_partitions +
/// partition). Fails when the options ask for more processes than run.
FailureOr<int64_t> selfId(Operation *op, Interpreter &interpreter) {
  const InterpreterOptions &options = interpreter.getOptions();
  const ProcessContext &process = currentProcess();
  if (!process.rendezvous && options.numReplicas * options.numPartitions != 1)
    return op->emitError()
           << "the program runs on " << options.numReplicas << " replicas x "
           << options.numPartitions
           << " partitions, but this interpreter is one process; run it "
              "with runProcessGrid";
  return process.replicaId * options.numPartitions + process.partitionId;
}

/// Rows of a 2-d id attribute, dropping negative (padding) ids.
Groups readRows(DenseIntElementsAttr attr) {
  Groups rows;
  if (!attr || attr.getNumElements() == 0)
    return rows;
  auto type = llvm::cast<ShapedType>(attr.getType());
  int64_t width = type.getRank() == 2 ? type.getDimSize(1) : attr.size();
  SmallVector<int64_t> values(attr.getValues<int64_t>());
  for (size_t start = 0; start < values.size(); start += width) {
    SmallVector<int64_t> row;
    for (size_t i = start; i < start + width && i < values.size(); ++i)
      if (values[i] >= 0)
        row.push_back(values[i]);
    rows.push_back(std::move(row));
  }
  return rows;
}

/// The process groups (flattened ids) of `attr` under `mode`.
FailureOr<Groups> processGroups(Operation *op, DenseIntElementsAttr attr,
                                GroupMode mode, Interpreter &interpreter) {
  int64_t replicas = interpreter.getOptions().numReplicas;
  int64_t partitions = interpreter.getOptions().numPartitions;
  int64_t bound = mode == GroupMode::CrossPartition ? partitions
                  : mode == GroupMode::FlattenedIds ? replicas * partitions
                                                    : replicas;
  Groups groups = readRows(attr);
  if (groups.empty()) {
    groups.emplace_back();
    for (int64_t id = 0; id < bound; ++id)
      groups.back().push_back(id);
  }
  for (const auto &group : groups)
    for (int64_t id : group)
      if (id >= bound)
        return op->emitError()
               << "replica group id " << id << " is out of range [0, " << bound
               << ") for " << replicas << " replicas x " << partitions
               << " partitions";
  Groups result;
  switch (mode) {
  case GroupMode::CrossReplica:
    for (const auto &group : groups)
      for (int64_t partition = 0; partition < partitions; ++partition) {
        auto &ids = result.emplace_back();
        for (int64_t replica : group)
          ids.push_back(replica * partitions + partition);
      }
    break;
  case GroupMode::CrossPartition:
    for (const auto &group : groups)
      for (int64_t replica = 0; replica < replicas; ++replica) {
        auto &ids = result.emplace_back();
        for (int64_t partition : group)
          ids.push_back(replica * partitions + partition);
      }
    break;
  case GroupMode::CrossReplicaAndPartition:
    for (const auto &group : groups) {
      auto &ids = result.emplace_back();
      for (int64_t partition = 0; partition < partitions; ++partition)
        for (int64_t replica : group)
          ids.push_back(replica * partitions + partition);
    }
    break;
  case GroupMode::FlattenedIds:
    result = std::move(groups);
    break;
  }
  return result;
}

/// The group of `self` and `self`'s position in it, if any.
std::optional<std::pair<ArrayRef<int64_t>, size_t>>
findGroup(const Groups &groups, int64_t self) {
  for (const auto &group : groups)
    for (auto [index, id] : llvm::enumerate(group))
      if (id == self)
        return std::make_pair(ArrayRef<int64_t>(group), index);
  return std::nullopt;
}

/// Every participant's `mine`, in the order of `participants`.
FailureOr<std::vector<Values>> exchange(Operation *op,
                                        ArrayRef<int64_t> participants,
                                        int64_t self, Values mine) {
  if (participants.size() == 1 && participants[0] == self)
    return std::vector<Values>{std::move(mine)};
  Rendezvous *rendezvous = currentProcess().rendezvous;
  if (!rendezvous)
    return op->emitError() << "internal error: a collective of "
                           << participants.size()
                           << " processes outside a process grid";
  std::optional<std::vector<Values>> all =
      rendezvous->exchange(op, self, participants, std::move(mine));
  if (!all)
    return op->emitError() << "the collective did not complete: a process "
                              "of its group failed or did not arrive";
  return std::move(*all);
}

Tensor scalar(Type elementType, const Element &element) {
  return Tensor(RankedTensorType::get({}, elementType), element);
}

/// `values` (of one shape) folded elementwise in order with `computation`:
/// acc = values[0], then acc = computation(acc, values[i]), each in the
/// computation's element type.
FailureOr<Tensor> combine(Region &computation, ArrayRef<Tensor> values,
                          Interpreter &interpreter) {
  Type type =
      llvm::cast<RankedTensorType>(computation.front().getArgument(0).getType())
          .getElementType();
  SmallVector<Tensor> converted;
  for (const Tensor &value : values)
    converted.push_back(toDestinationType(value, type));
  Tensor result = converted[0];
  for (int64_t i = 0; i < result.size(); ++i) {
    RuntimeValue acc = scalar(type, converted[0][i]);
    for (size_t k = 1; k < converted.size(); ++k) {
      FailureOr<Values> next = interpreter.runRegion(
          computation, {acc, scalar(type, converted[k][i])});
      if (failed(next))
        return failure();
      acc = (*next)[0];
    }
    result.set(i, acc.getTensor()[0]);
  }
  return result;
}

/// The zero of `type` (quantize(0) for quantized types).
Tensor zeros(RankedTensorType type) {
  if (auto quantized =
          llvm::dyn_cast<quant::QuantizedType>(type.getElementType()))
    return quantize(Tensor(RankedTensorType::get(type.getShape(),
                                                 quantized.getExpressedType())),
                    type);
  return Tensor(type);
}

/// Part `part` of `parts` equal parts of `tensor` along `dim`.
Tensor splitPart(const Tensor &tensor, int64_t dim, int64_t part,
                 int64_t parts) {
  SmallVector<int64_t> shape(tensor.getShape());
  int64_t size = shape[dim] / parts;
  shape[dim] = size;
  Tensor result(RankedTensorType::get(shape, tensor.getElementType()));
  SmallVector<int64_t> source;
  int64_t linear = 0;
  Tensor::forEachIndex(shape, [&](ArrayRef<int64_t> index) {
    source.assign(index.begin(), index.end());
    source[dim] += part * size;
    result.set(linear++, tensor.at(source));
  });
  return result;
}

/// `parts` concatenated along `dim`.
Tensor concatenate(ArrayRef<Tensor> parts, int64_t dim) {
  SmallVector<int64_t> shape(parts[0].getShape());
  shape[dim] = 0;
  for (const Tensor &part : parts)
    shape[dim] += part.getShape()[dim];
  Tensor result(RankedTensorType::get(shape, parts[0].getElementType()));
  int64_t offset = 0;
  for (const Tensor &part : parts) {
    SmallVector<int64_t> target;
    int64_t linear = 0;
    Tensor::forEachIndex(part.getShape(), [&](ArrayRef<int64_t> index) {
      target.assign(index.begin(), index.end());
      target[dim] += offset;
      result.set(target, part[linear++]);
    });
    offset += part.getShape()[dim];
  }
  return result;
}

Values tensorsOf(ArrayRef<RuntimeValue> operands) {
  return Values(operands.begin(), operands.end());
}

/// The group of the running process under `mode`, its position in it and
/// every member's operands. Fails if the process is in no group.
struct GroupExchange {
  SmallVector<int64_t> group;
  size_t position;
  std::vector<Values> values;
};
FailureOr<GroupExchange>
exchangeInGroup(Operation *op, DenseIntElementsAttr attr, GroupMode mode,
                ArrayRef<RuntimeValue> operands, Interpreter &interpreter) {
  FailureOr<int64_t> self = selfId(op, interpreter);
  if (failed(self))
    return failure();
  FailureOr<Groups> groups = processGroups(op, attr, mode, interpreter);
  if (failed(groups))
    return failure();
  auto found = findGroup(*groups, *self);
  if (!found)
    return op->emitError() << "process " << *self
                           << " is in no process group of the collective";
  GroupExchange result;
  result.group.assign(found->first.begin(), found->first.end());
  result.position = found->second;
  FailureOr<std::vector<Values>> values =
      exchange(op, result.group, *self, tensorsOf(operands));
  if (failed(values))
    return failure();
  result.values = std::move(*values);
  return result;
}

FailureOr<Values> evalAllGather(Operation *op, ArrayRef<RuntimeValue> operands,
                                Interpreter &interpreter) {
  auto gather = llvm::cast<hlo::AllGatherOp>(op);
  GroupMode mode = replicaGroupMode(channelId(gather.getChannelHandle()),
                                    gather.getUseGlobalDeviceIds());
  FailureOr<GroupExchange> met = exchangeInGroup(op, gather.getReplicaGroups(),
                                                 mode, operands, interpreter);
  if (failed(met))
    return failure();
  int64_t dim = gather.getAllGatherDim();
  Values results;
  for (size_t k = 0; k < operands.size(); ++k) {
    SmallVector<Tensor> parts;
    for (const Values &values : met->values)
      parts.push_back(values[k].getTensor());
    if (dim >= parts[0].getRank())
      return op->emitError()
             << "all_gather_dim " << dim << " is out of range for rank "
             << parts[0].getRank();
    results.push_back(concatenate(parts, dim));
  }
  return results;
}

FailureOr<Values> evalAllReduce(Operation *op, ArrayRef<RuntimeValue> operands,
                                Interpreter &interpreter) {
  auto reduce = llvm::cast<hlo::AllReduceOp>(op);
  GroupMode mode = replicaGroupMode(channelId(reduce.getChannelHandle()),
                                    reduce.getUseGlobalDeviceIds());
  FailureOr<GroupExchange> met = exchangeInGroup(op, reduce.getReplicaGroups(),
                                                 mode, operands, interpreter);
  if (failed(met))
    return failure();
  Values results;
  for (size_t k = 0; k < operands.size(); ++k) {
    SmallVector<Tensor> values;
    for (const Values &member : met->values)
      values.push_back(member[k].getTensor());
    FailureOr<Tensor> reduced =
        combine(reduce.getComputation(), values, interpreter);
    if (failed(reduced))
      return failure();
    results.push_back(std::move(*reduced));
  }
  return results;
}

FailureOr<Values> evalReduceScatter(Operation *op,
                                    ArrayRef<RuntimeValue> operands,
                                    Interpreter &interpreter) {
  auto scatter = llvm::cast<hlo::ReduceScatterOp>(op);
  GroupMode mode = replicaGroupMode(channelId(scatter.getChannelHandle()),
                                    scatter.getUseGlobalDeviceIds());
  FailureOr<GroupExchange> met = exchangeInGroup(op, scatter.getReplicaGroups(),
                                                 mode, operands, interpreter);
  if (failed(met))
    return failure();
  SmallVector<Tensor> values;
  for (const Values &member : met->values)
    values.push_back(member[0].getTensor());
  int64_t dim = scatter.getScatterDimension();
  int64_t parts = met->group.size();
  if (dim >= values[0].getRank() || values[0].getShape()[dim] % parts != 0)
    return op->emitError() << "cannot split dimension " << dim << " of "
                           << values[0].getType() << " into " << parts
                           << " parts";
  FailureOr<Tensor> reduced =
      combine(scatter.getComputation(), values, interpreter);
  if (failed(reduced))
    return failure();
  return Values{splitPart(*reduced, dim, met->position, parts)};
}

FailureOr<Values> evalAllToAll(Operation *op, ArrayRef<RuntimeValue> operands,
                               Interpreter &interpreter) {
  auto allToAll = llvm::cast<hlo::AllToAllOp>(op);
  GroupMode mode = channelGroupMode(channelId(allToAll.getChannelHandle()));
  FailureOr<GroupExchange> met = exchangeInGroup(
      op, allToAll.getReplicaGroups(), mode, operands, interpreter);
  if (failed(met))
    return failure();
  int64_t splitDim = allToAll.getSplitDimension();
  int64_t concatDim = allToAll.getConcatDimension();
  int64_t count = allToAll.getSplitCount();
  if (static_cast<int64_t>(met->group.size()) != count)
    return op->emitError() << "split_count is " << count
                           << " but the process group has " << met->group.size()
                           << " processes";
  Values results;
  for (size_t k = 0; k < operands.size(); ++k) {
    const Tensor &mine = operands[k].getTensor();
    if (splitDim >= mine.getRank() || concatDim >= mine.getRank() ||
        mine.getShape()[splitDim] % count != 0)
      return op->emitError() << "cannot split dimension " << splitDim << " of "
                             << mine.getType() << " into " << count << " parts";
    // Each sender's part for this process, in group order.
    SmallVector<Tensor> parts;
    for (const Values &sender : met->values)
      parts.push_back(
          splitPart(sender[k].getTensor(), splitDim, met->position, count));
    results.push_back(concatenate(parts, concatDim));
  }
  return results;
}

FailureOr<Values> evalCollectivePermute(Operation *op,
                                        ArrayRef<RuntimeValue> operands,
                                        Interpreter &interpreter) {
  auto permute = llvm::cast<hlo::CollectivePermuteOp>(op);
  FailureOr<int64_t> self = selfId(op, interpreter);
  if (failed(self))
    return failure();
  int64_t replicas = interpreter.getOptions().numReplicas;
  int64_t partitions = interpreter.getOptions().numPartitions;
  bool crossPartition = channelId(permute.getChannelHandle()) > 0;
  int64_t bound = crossPartition ? partitions : replicas;
  // Pairs within the slice of the grid this process belongs to.
  int64_t replica = *self / partitions, partition = *self % partitions;
  auto flatten = [&](int64_t id) {
    return crossPartition ? replica * partitions + id
                          : id * partitions + partition;
  };
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  SmallVector<int64_t> participants;
  for (const auto &row : readRows(permute.getSourceTargetPairs())) {
    if (row.size() != 2)
      return op->emitError()
             << "source_target_pairs rows need 2 ids, got " << row.size();
    for (int64_t id : row)
      if (id >= bound)
        return op->emitError() << "source_target_pairs id " << id
                               << " is out of range [0, " << bound << ")";
    pairs.push_back({flatten(row[0]), flatten(row[1])});
    for (int64_t id : row)
      if (!llvm::is_contained(participants, flatten(id)))
        participants.push_back(flatten(id));
  }
  RankedTensorType type = resultTensorType(op);
  if (!llvm::is_contained(participants, *self))
    return Values{zeros(type)};
  llvm::sort(participants);
  FailureOr<std::vector<Values>> values =
      exchange(op, participants, *self, tensorsOf(operands));
  if (failed(values))
    return failure();
  for (auto [source, target] : pairs)
    if (target == *self) {
      size_t index = llvm::find(participants, source) - participants.begin();
      return Values{(*values)[index][0]};
    }
  return Values{zeros(type)};
}

/// The group of the running process under `mode`, or nullopt when it is in
/// none (collective_broadcast and collective_reduce then give zeros).
FailureOr<std::optional<GroupExchange>>
exchangeIfGrouped(Operation *op, DenseIntElementsAttr attr, GroupMode mode,
                  ArrayRef<RuntimeValue> operands, Interpreter &interpreter) {
  FailureOr<int64_t> self = selfId(op, interpreter);
  if (failed(self))
    return failure();
  FailureOr<Groups> groups = processGroups(op, attr, mode, interpreter);
  if (failed(groups))
    return failure();
  if (!findGroup(*groups, *self))
    return std::optional<GroupExchange>();
  FailureOr<GroupExchange> met =
      exchangeInGroup(op, attr, mode, operands, interpreter);
  if (failed(met))
    return failure();
  return std::optional<GroupExchange>(std::move(*met));
}

FailureOr<Values> evalCollectiveBroadcast(Operation *op,
                                          ArrayRef<RuntimeValue> operands,
                                          Interpreter &interpreter) {
  auto broadcast = llvm::cast<hlo::CollectiveBroadcastOp>(op);
  GroupMode mode = channelGroupMode(channelId(broadcast.getChannelHandle()));
  FailureOr<std::optional<GroupExchange>> met = exchangeIfGrouped(
      op, broadcast.getReplicaGroups(), mode, operands, interpreter);
  if (failed(met))
    return failure();
  if (!*met)
    return Values{zeros(resultTensorType(op))};
  return Values{(*met)->values[0][0]};
}

FailureOr<Values> evalCollectiveReduce(Operation *op,
                                       ArrayRef<RuntimeValue> operands,
                                       Interpreter &interpreter) {
  auto reduce = llvm::cast<hlo::CollectiveReduceOp>(op);
  GroupMode mode = channelGroupMode(channelId(reduce.getChannelHandle()));
  bool dynamicRoot = reduce.getHasDynamicRoot();
  size_t count = operands.size() - (dynamicRoot ? 1 : 0);
  FailureOr<std::optional<GroupExchange>> met = exchangeIfGrouped(
      op, reduce.getReplicaGroups(), mode, operands, interpreter);
  if (failed(met))
    return failure();
  Values results;
  for (size_t k = 0; k < count; ++k) {
    RankedTensorType type = resultTensorType(op, k);
    if (!*met) {
      results.push_back(zeros(type));
      continue;
    }
    const GroupExchange &group = **met;
    // The root's position in the group: first, or the dynamic root value.
    int64_t root = 0;
    if (dynamicRoot) {
      const Tensor &roots = operands.back().getTensor();
      if (static_cast<int64_t>(k) >= roots.size())
        return op->emitError()
               << "the dynamic root operand has " << roots.size()
               << " values for " << count << " operands";
      root = roots[k].toSigned();
      if (root < 0 || root >= static_cast<int64_t>(group.group.size()))
        return op->emitError()
               << "dynamic root " << root << " is out of range for a group of "
               << group.group.size();
    }
    if (static_cast<int64_t>(group.position) != root) {
      results.push_back(zeros(type));
      continue;
    }
    SmallVector<Tensor> values;
    for (const Values &member : group.values)
      values.push_back(member[k].getTensor());
    FailureOr<Tensor> reduced =
        combine(reduce.getComputation(), values, interpreter);
    if (failed(reduced))
      return failure();
    results.push_back(std::move(*reduced));
  }
  return results;
}

/// Sum of two elements of a non-quantized element type.
Element addElements(const Element &a, const Element &b) {
  if (a.isInt())
    return Element(a.getInt() + b.getInt());
  if (a.isFloat()) {
    APFloat sum = a.getFloat();
    sum.add(b.getFloat(), APFloat::rmNearestTiesToEven);
    return Element(sum);
  }
  APFloat re = a.getComplex().first, im = a.getComplex().second;
  re.add(b.getComplex().first, APFloat::rmNearestTiesToEven);
  im.add(b.getComplex().second, APFloat::rmNearestTiesToEven);
  return Element(re, im);
}

FailureOr<Values> evalCrossReplicaSum(Operation *op,
                                      ArrayRef<RuntimeValue> operands,
                                      Interpreter &interpreter) {
  auto sum = llvm::cast<hlo::CrossReplicaSumOp>(op);
  const Tensor &operand = operands[0].getTensor();
  Type element = operand.getElementType();
  if (llvm::isa<quant::QuantizedType>(element))
    return op->emitError() << "the interpreter does not support "
                              "'stablehlo.cross-replica-sum' on element type "
                           << element;
  FailureOr<GroupExchange> met =
      exchangeInGroup(op, sum.getReplicaGroups(), GroupMode::CrossReplica,
                      operands, interpreter);
  if (failed(met))
    return failure();
  Tensor result = met->values[0][0].getTensor();
  for (size_t k = 1; k < met->values.size(); ++k) {
    const Tensor &next = met->values[k][0].getTensor();
    for (int64_t i = 0; i < result.size(); ++i)
      result.set(i, addElements(result[i], next[i]));
  }
  return Values{std::move(result)};
}

FailureOr<Values> evalReplicaId(Operation *op, ArrayRef<RuntimeValue>,
                                Interpreter &interpreter) {
  if (failed(selfId(op, interpreter)))
    return failure();
  return Values{Tensor(resultTensorType(op),
                       Element(APInt(32, currentProcess().replicaId)))};
}

FailureOr<Values> evalPartitionId(Operation *op, ArrayRef<RuntimeValue>,
                                  Interpreter &interpreter) {
  if (failed(selfId(op, interpreter)))
    return failure();
  return Values{Tensor(resultTensorType(op),
                       Element(APInt(32, currentProcess().partitionId)))};
}

FailureOr<Values> evalAsyncStart(Operation *op, ArrayRef<RuntimeValue> operands,
                                 Interpreter &interpreter) {
  Region &body = llvm::cast<hlo::AsyncStartOp>(op).getBody();
  // The body may take the operands as block arguments or use them directly.
  ArrayRef<RuntimeValue> arguments =
      body.front().getNumArguments() == 0 ? ArrayRef<RuntimeValue>() : operands;
  FailureOr<Values> results = interpreter.runRegion(body, arguments);
  if (failed(results))
    return failure();
  return Values{Tuple(results->begin(), results->end())};
}

FailureOr<Values> evalAsyncDone(Operation *op, ArrayRef<RuntimeValue> operands,
                                Interpreter &) {
  if (!operands[0].isTuple())
    return op->emitError() << "internal error: the future is not a tuple";
  const Tuple &values = operands[0].getTuple();
  return Values(values.begin(), values.end());
}

/// The tensors among `values` (tokens carry no data).
std::vector<Tensor> streamTensors(ArrayRef<RuntimeValue> values) {
  std::vector<Tensor> tensors;
  for (const RuntimeValue &value : values)
    if (value.isTensor())
      tensors.push_back(value.getTensor());
  return tensors;
}

/// Results of infeed/recv: `tensors` for the tensor results, in order, and a
/// token for the token result; checks the tensors' types against the op's.
FailureOr<Values> streamResults(Operation *op, std::vector<Tensor> tensors,
                                StringRef source) {
  Values results;
  size_t next = 0;
  for (Type type : op->getResultTypes()) {
    if (llvm::isa<hlo::TokenType>(type)) {
      results.push_back(RuntimeValue(Token{}));
      continue;
    }
    auto expected = llvm::cast<RankedTensorType>(type);
    const Tensor &tensor = tensors[next++];
    if (tensor.getType() != expected)
      return op->emitError() << source << " holds " << tensor.getType()
                             << " where the op expects " << expected;
    results.push_back(tensor);
  }
  return results;
}

size_t tensorResultCount(Operation *op) {
  return llvm::count_if(op->getResultTypes(), [](Type type) {
    return llvm::isa<RankedTensorType>(type);
  });
}

FailureOr<Values> evalInfeed(Operation *op, ArrayRef<RuntimeValue>,
                             Interpreter &interpreter) {
  size_t count = tensorResultCount(op);
  std::optional<std::vector<Tensor>> tensors =
      interpreter.getOptions().streams->popInfeed(count);
  if (!tensors)
    return op->emitError() << "the infeed holds fewer than " << count
                           << " tensors (axle-run takes them with --infeed)";
  return streamResults(op, std::move(*tensors), "the infeed");
}

FailureOr<Values> evalOutfeed(Operation *, ArrayRef<RuntimeValue> operands,
                              Interpreter &interpreter) {
  const ProcessContext &process = currentProcess();
  int64_t id = process.replicaId * interpreter.getOptions().numPartitions +
               process.partitionId;
  interpreter.getOptions().streams->pushOutfeed(id, streamTensors(operands));
  return Values{RuntimeValue(Token{})};
}

/// How long recv waits for a matching send before reporting a deadlock.
constexpr std::chrono::seconds kReceiveTimeout(30);

FailureOr<Values> evalSend(Operation *op, ArrayRef<RuntimeValue> operands,
                           Interpreter &interpreter) {
  int64_t channel = llvm::cast<hlo::SendOp>(op).getChannelHandle().getHandle();
  interpreter.getOptions().streams->send(channel, streamTensors(operands));
  return Values{RuntimeValue(Token{})};
}

FailureOr<Values> evalRecv(Operation *op, ArrayRef<RuntimeValue>,
                           Interpreter &interpreter) {
  int64_t channel = llvm::cast<hlo::RecvOp>(op).getChannelHandle().getHandle();
  std::optional<std::vector<Tensor>> values =
      interpreter.getOptions().streams->receive(
          channel, std::chrono::duration_cast<std::chrono::milliseconds>(
                       kReceiveTimeout));
  if (!values)
    return op->emitError() << "nothing was sent on channel " << channel
                           << " within " << kReceiveTimeout.count() << " s";
  if (values->size() != tensorResultCount(op))
    return op->emitError() << "channel " << channel << " carried "
                           << values->size() << " tensors, the op receives "
                           << tensorResultCount(op);
  return streamResults(op, std::move(*values),
                       "channel " + std::to_string(channel));
}

} // namespace

void registerCommunicationOps(OpRegistry &registry) {
  registry.add(hlo::AllGatherOp::getOperationName(), evalAllGather);
  registry.add(hlo::AllReduceOp::getOperationName(), evalAllReduce);
  registry.add(hlo::ReduceScatterOp::getOperationName(), evalReduceScatter);
  registry.add(hlo::AllToAllOp::getOperationName(), evalAllToAll);
  registry.add(hlo::CollectivePermuteOp::getOperationName(),
               evalCollectivePermute);
  registry.add(hlo::CollectiveBroadcastOp::getOperationName(),
               evalCollectiveBroadcast);
  registry.add(hlo::CollectiveReduceOp::getOperationName(),
               evalCollectiveReduce);
  registry.add(hlo::CrossReplicaSumOp::getOperationName(), evalCrossReplicaSum);
  registry.add(hlo::ReplicaIdOp::getOperationName(), evalReplicaId);
  registry.add(hlo::PartitionIdOp::getOperationName(), evalPartitionId);
  registry.add(hlo::AsyncStartOp::getOperationName(), evalAsyncStart);
  registry.add(hlo::AsyncDoneOp::getOperationName(), evalAsyncDone);
  registry.add(hlo::InfeedOp::getOperationName(), evalInfeed);
  registry.add(hlo::OutfeedOp::getOperationName(), evalOutfeed);
  registry.add(hlo::SendOp::getOperationName(), evalSend);
  registry.add(hlo::RecvOp::getOperationName(), evalRecv);
}

} // namespace axle::interp

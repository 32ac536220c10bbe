//===- VerifyControlFlow.cpp - verifiers of regions, calls and structure --===//
//
// while, if, case, optimization_barrier, custom_call, async_start/done, rng,
// rng_bit_generator and the symbol check of composite. Constraint numbers
// refer to the op's section of the specification.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Regex.h"

using namespace mlir;

namespace axle::stablehlo {

/// The types the region's block returns; fails with a diagnostic when the
/// block does not end with a terminator (the generic block check runs only
/// after this op's verifier).
static FailureOr<TypeRange> returnTypes(Operation *op, Region &region,
                                        const Twine &what) {
  Block &block = region.front();
  if (block.empty() || !block.mightHaveTerminator())
    return op->emitOpError() << what << " must end with stablehlo.return";
  return TypeRange(block.getTerminator()->getOperandTypes());
}

/// Checks that `actual` equals `expected`, element by element; `what` and
/// `kind` name the two sides in diagnostics ("body returns" / "operand").
static LogicalResult verifyTypesEqual(Operation *op, TypeRange actual,
                                      TypeRange expected, const Twine &what,
                                      const Twine &kind) {
  if (actual.size() != expected.size())
    return op->emitOpError()
           << what << " " << actual.size() << " values, expected "
           << expected.size() << " (one per " << kind << ")";
  for (auto [index, pair] : llvm::enumerate(llvm::zip(actual, expected))) {
    auto [got, want] = pair;
    if (got != want)
      return op->emitOpError()
             << what << " " << got << " at position " << index << ", expected "
             << want << " (the type of " << kind << " " << index << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

LogicalResult WhileOp::verify() {
  TypeRange operandTypes = getOperand().getTypes();
  // (C1) cond has type (T0, ..., TN-1) -> tensor<i1>.
  if (failed(verifyTypesEqual(*this, getCond().getArgumentTypes(), operandTypes,
                              "cond takes", "operand")))
    return failure();
  FailureOr<TypeRange> condResults = returnTypes(*this, getCond(), "cond");
  if (failed(condResults))
    return failure();
  auto i1Scalar = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (condResults->size() != 1 || condResults->front() != i1Scalar)
    return emitOpError() << "cond must return a single tensor<i1>, got ("
                         << *condResults << ")";
  // (C2) body has type (T0, ..., TN-1) -> (T0, ..., TN-1).
  if (failed(verifyTypesEqual(*this, getBody().getArgumentTypes(), operandTypes,
                              "body takes", "operand")))
    return failure();
  FailureOr<TypeRange> bodyResults = returnTypes(*this, getBody(), "body");
  if (failed(bodyResults) ||
      failed(verifyTypesEqual(*this, *bodyResults, operandTypes, "body returns",
                              "operand")))
    return failure();
  // (C3) type(results...) = type(operand...).
  return verifyTypesEqual(*this, getResultTypes(), operandTypes, "has results",
                          "operand");
}

//===----------------------------------------------------------------------===//
// if, case
//===----------------------------------------------------------------------===//

/// Checks a branch of if/case: no arguments, returns `resultTypes`.
static LogicalResult verifyBranch(Operation *op, Region &branch,
                                  const Twine &name, TypeRange resultTypes) {
  if (branch.getNumArguments() != 0)
    return op->emitOpError() << name << " must take no arguments, got "
                             << branch.getNumArguments();
  FailureOr<TypeRange> returned = returnTypes(op, branch, name);
  if (failed(returned))
    return failure();
  return verifyTypesEqual(op, *returned, resultTypes, name + " returns",
                          "result");
}

LogicalResult IfOp::verify() {
  // (I1) pred is a 0-dimensional tensor.
  if (getPred().getType().getRank() != 0)
    return emitOpError() << "pred must be a 0-dimensional tensor, got "
                         << getPred().getType();
  // (C1) both branches take no arguments; (C2) they return the same types;
  // (C3) which are the result types.
  if (failed(verifyBranch(*this, getTrueBranch(), "true_branch",
                          getResultTypes())) ||
      failed(verifyBranch(*this, getFalseBranch(), "false_branch",
                          getResultTypes())))
    return failure();
  return success();
}

LogicalResult CaseOp::verify() {
  // (C1) 0 < size(branches).
  if (getBranches().empty())
    return emitOpError("requires at least one branch");
  // (C2) branches take no arguments; (C3) they return the same types; (C4)
  // which are the result types.
  for (auto [index, branch] : llvm::enumerate(getBranches()))
    if (failed(verifyBranch(*this, branch, "branch " + Twine(index),
                            getResultTypes())))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// optimization_barrier
//===----------------------------------------------------------------------===//

LogicalResult OptimizationBarrierOp::verify() {
  // (C1) type(operand...) = type(result...).
  return verifyTypesEqual(*this, getResultTypes(), getOperandTypes(),
                          "has results", "operand");
}

//===----------------------------------------------------------------------===//
// custom_call
//===----------------------------------------------------------------------===//

/// The type reached from `type` by following tuple `indices`; fails with a
/// diagnostic naming `what` when an index leaves the tuple structure.
static FailureOr<Type> followTupleIndices(Operation *op, Type type,
                                          ArrayRef<int64_t> indices,
                                          const Twine &what) {
  for (int64_t index : indices) {
    auto tuple = llvm::dyn_cast<TupleType>(type);
    if (!tuple)
      return op->emitOpError() << what << " index " << index
                               << " applies to non-tuple type " << type;
    if (index < 0 || index >= static_cast<int64_t>(tuple.size()))
      return op->emitOpError()
             << what << " index " << index << " is out of range for " << type;
    type = tuple.getType(index);
  }
  return type;
}

/// Appends the tuple paths of every memref (buffer) inside `type`.
static void collectBufferPaths(Type type, SmallVectorImpl<int64_t> &path,
                               SmallVectorImpl<SmallVector<int64_t>> &out) {
  if (llvm::isa<MemRefType>(type)) {
    out.emplace_back(path.begin(), path.end());
    return;
  }
  if (auto tuple = llvm::dyn_cast<TupleType>(type))
    for (auto [index, element] : llvm::enumerate(tuple.getTypes())) {
      path.push_back(index);
      collectBufferPaths(element, path, out);
      path.pop_back();
    }
}

/// The output part of an alias names a result: with several results the
/// first tuple index selects one, then the rest walk into its tuples.
static FailureOr<Type> aliasedOutputType(CustomCallOp op,
                                         OutputOperandAliasAttr alias,
                                         SmallVectorImpl<int64_t> &path) {
  ArrayRef<int64_t> indices = alias.getOutputTupleIndices();
  path.assign(indices.begin(), indices.end());
  if (op.getNumResults() == 0)
    return op.emitOpError("has an output_operand_alias but no results");
  if (op.getNumResults() == 1)
    return followTupleIndices(op, op.getResult(0).getType(), indices,
                              "output_tuple_indices");
  if (indices.empty() ||
      indices.front() >= static_cast<int64_t>(op.getNumResults()) ||
      indices.front() < 0)
    return op.emitOpError()
           << "output_tuple_indices must start with a result index in [0, "
           << op.getNumResults() << ") when there are several results";
  return followTupleIndices(op, op.getResult(indices.front()).getType(),
                            indices.drop_front(), "output_tuple_indices");
}

/// Checks output_operand_aliases: indices in range, aliased parts of the
/// same type, and the buffer rules of the Alias section: a buffer operand
/// appears in at most one alias, a buffer output in exactly one (except for
/// the CreateBuffer, Pin and Unpin targets).
static LogicalResult verifyOutputOperandAliases(CustomCallOp op) {
  ArrayAttr aliases = op.getOutputOperandAliasesAttr();
  StringRef target = op.getCallTargetName();
  bool bufferRules =
      target != "CreateBuffer" && target != "Pin" && target != "Unpin";
  SmallVector<SmallVector<int64_t>> aliasedOutputs, aliasedOperands;
  for (Attribute attr : aliases ? aliases.getValue() : ArrayRef<Attribute>()) {
    auto alias = llvm::cast<OutputOperandAliasAttr>(attr);
    int64_t operandIndex = alias.getOperandIndex();
    if (operandIndex < 0 ||
        operandIndex >= static_cast<int64_t>(op->getNumOperands()))
      return op.emitOpError()
             << "output_operand_alias operand_index " << operandIndex
             << " is out of range [0, " << op->getNumOperands() << ")";
    FailureOr<Type> operandType = followTupleIndices(
        op, op->getOperand(operandIndex).getType(),
        alias.getOperandTupleIndices(), "operand_tuple_indices");
    SmallVector<int64_t> outputPath;
    if (failed(operandType))
      return failure();
    FailureOr<Type> outputType = aliasedOutputType(op, alias, outputPath);
    if (failed(outputType))
      return failure();
    if (*outputType != *operandType)
      return op.emitOpError() << "aliased output type " << *outputType
                              << " differs from the type of operand "
                              << operandIndex << "'s part, " << *operandType;
    if (!bufferRules || !llvm::isa<MemRefType>(*operandType))
      continue;
    SmallVector<int64_t> operandPath{operandIndex};
    llvm::append_range(operandPath, alias.getOperandTupleIndices());
    if (llvm::is_contained(aliasedOperands, operandPath))
      return op.emitOpError() << "buffer operand " << operandIndex
                              << " appears in more than one alias";
    aliasedOperands.push_back(operandPath);
    if (op.getNumResults() == 1)
      outputPath.insert(outputPath.begin(), 0);
    if (llvm::is_contained(aliasedOutputs, outputPath))
      return op.emitOpError() << "buffer result " << outputPath.front()
                              << " appears in more than one alias";
    aliasedOutputs.push_back(outputPath);
  }
  if (!bufferRules)
    return success();
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    SmallVector<int64_t> path{static_cast<int64_t>(index)};
    SmallVector<SmallVector<int64_t>> buffers;
    collectBufferPaths(result.getType(), path, buffers);
    for (const SmallVector<int64_t> &buffer : buffers)
      if (!llvm::is_contained(aliasedOutputs, buffer))
        return op.emitOpError()
               << "buffer result " << index << " (" << result.getType()
               << ") must alias an operand through output_operand_aliases";
  }
  return success();
}

/// Checks that a layout list has one entry per value, each a permutation of
/// the value's dimensions (empty for non-tensors).
static LogicalResult verifyLayouts(Operation *op, ArrayAttr layouts,
                                   TypeRange types, StringRef what) {
  if (!layouts)
    return success();
  if (layouts.size() != types.size())
    return op->emitOpError() << what << " has " << layouts.size()
                             << " entries, expected " << types.size();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(layouts, types))) {
    auto [layout, type] = pair;
    auto dims = llvm::dyn_cast<DenseIntElementsAttr>(layout);
    if (!dims)
      return op->emitOpError()
             << what << " entry " << index
             << " must be a dense integer tensor, got " << layout;
    SmallVector<int64_t> order;
    for (const APInt &dim : dims.getValues<APInt>())
      order.push_back(dim.getSExtValue());
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    int64_t rank = tensor ? tensor.getRank() : 0;
    if (failed(verifyPermutation(op, order, rank,
                                 (what + " entry " + Twine(index)).str())))
      return failure();
  }
  return success();
}

LogicalResult CustomCallOp::verify() {
  // api_version is one of the enum's values (checked by the attribute
  // constraint); a dictionary backend_config is the typed-FFI convention
  // and means nothing to the older calling conventions.
  if (std::optional<Attribute> config = getBackendConfig())
    if (llvm::isa<DictionaryAttr>(*config) &&
        getApiVersion() != CustomCallApiVersion::API_VERSION_TYPED_FFI)
      return emitOpError()
             << "backend_config may be a dictionary only with api_version "
                "API_VERSION_TYPED_FFI, got "
             << stringifyCustomCallApiVersion(getApiVersion());
  // (I7) output_operand_aliases, per the Alias section.
  if (failed(verifyOutputOperandAliases(*this)))
    return failure();
  if (failed(verifyLayouts(*this, getOperandLayoutsAttr(), getOperandTypes(),
                           "operand_layouts")) ||
      failed(verifyLayouts(*this, getResultLayoutsAttr(), getResultTypes(),
                           "result_layouts")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// async_start, async_done
//===----------------------------------------------------------------------===//

LogicalResult AsyncStartOp::verify() {
  Block &block = getBody().front();
  // (C1) body contains a single operation and a return.
  if (block.getOperations().size() != 2 || !block.mightHaveTerminator())
    return emitOpError() << "body must contain exactly one operation and a "
                            "return, got "
                         << block.getOperations().size() << " operations";
  Operation &inner = block.front();
  Operation *terminator = block.getTerminator();
  // (C2) the operation is a collective or a slice.
  if (!llvm::isa<AllReduceOp, AllGatherOp, AllToAllOp, CollectivePermuteOp,
                 ReduceScatterOp, CollectiveBroadcastOp, SliceOp,
                 DynamicSliceOp, DynamicUpdateSliceOp>(inner))
    return emitOpError() << "body operation must be a collective or a slice, "
                            "got "
                         << inner.getName();
  // (C3) the arguments of async_start are those passed to the operation:
  // the block arguments standing for them, or the values themselves.
  ValueRange expected = getOperands();
  if (block.getNumArguments() != 0) {
    if (failed(verifyTypesEqual(*this, block.getArgumentTypes(),
                                getOperandTypes(), "body takes", "operand")))
      return failure();
    expected = block.getArguments();
  }
  if (inner.getOperands() != expected)
    return emitOpError() << "operands of " << inner.getName() << " must be the "
                         << expected.size()
                         << " operands of async_start, in order";
  if (terminator->getOperands() != ValueRange(inner.getResults()))
    return emitOpError() << "body must return the results of "
                         << inner.getName();
  // (C4) if the op returns T, async_start returns future<T>.
  return verifyTypesEqual(*this, getResult().getType().getTypes(),
                          inner.getResultTypes(), "future holds",
                          "result of " + inner.getName().getStringRef());
}

LogicalResult AsyncDoneOp::verify() {
  // (C1) future<T> gives T.
  return verifyTypesEqual(*this, getResultTypes(),
                          getOperand().getType().getTypes(), "has results",
                          "future element");
}

//===----------------------------------------------------------------------===//
// rng, rng_bit_generator
//===----------------------------------------------------------------------===//

LogicalResult RngOp::verify() {
  Type elementType = getResult().getType().getElementType();
  // (C1) element_type(a) = element_type(b) = element_type(result).
  if (getA().getType().getElementType() != elementType ||
      getB().getType().getElementType() != elementType)
    return emitOpError() << "a, b and result must have one element type, got "
                         << getA().getType().getElementType() << ", "
                         << getB().getType().getElementType() << " and "
                         << elementType;
  // (C2) NORMAL needs floating-point numbers.
  if (getRngDistribution() == RngDistribution::NORMAL &&
      !llvm::isa<FloatType>(elementType))
    return emitOpError() << "distribution NORMAL requires a floating-point "
                            "element type, got "
                         << elementType;
  // (C3) shape(result) = shape: the rank is the length of `shape`, and a
  // constant `shape` fixes the sizes.
  RankedTensorType resultType = getResult().getType();
  int64_t length = getShape().getType().getDimSize(0);
  if (!ShapedType::isDynamic(length) && length != resultType.getRank())
    return emitOpError() << "result rank " << resultType.getRank()
                         << " differs from the length of shape, " << length;
  DenseIntElementsAttr shape;
  if (!matchPattern(getShape(), m_Constant(&shape)))
    return success();
  SmallVector<int64_t> sizes;
  for (const APInt &size : shape.getValues<APInt>())
    sizes.push_back(size.getSExtValue());
  if (!compatibleShapes(sizes, resultType.getShape()))
    return emitOpError() << "result type " << resultType
                         << " does not have the shape given by the operand";
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  auto stateType = llvm::cast<RankedTensorType>(getInitialState().getType());
  // (I2) initial_state is a 1-dimensional tensor of ui64.
  if (stateType.getRank() != 1 ||
      !stateType.getElementType().isUnsignedInteger(64))
    return emitOpError() << "initial_state must be a 1-dimensional tensor of "
                            "ui64, got "
                         << stateType;
  // (C1) type(initial_state) = type(output_state).
  if (getOutputState().getType() != stateType)
    return emitOpError() << "output_state must have the initial_state type "
                         << stateType << ", got " << getOutputState().getType();
  // (C2) THREE_FRY takes 2 words of state, PHILOX 2 or 3; DEFAULT is
  // implementation-defined.
  int64_t size = stateType.getDimSize(0);
  if (ShapedType::isDynamic(size))
    return success();
  RngAlgorithm algorithm = getRngAlgorithm();
  if ((algorithm == RngAlgorithm::THREE_FRY && size != 2) ||
      (algorithm == RngAlgorithm::PHILOX && size != 2 && size != 3))
    return emitOpError() << "initial_state of algorithm "
                         << stringifyRngAlgorithm(algorithm) << " must have "
                         << (algorithm == RngAlgorithm::PHILOX ? "2 or 3" : "2")
                         << " elements, got " << size;
  return success();
}

//===----------------------------------------------------------------------===//
// composite
//===----------------------------------------------------------------------===//

LogicalResult CompositeOp::verifySymbolUses(SymbolTableCollection &symbols) {
  // (C1) is_namespaced_op_name(name). The op has no verifier of its own;
  // this hook runs whenever the enclosing module is verified.
  static const llvm::Regex namespaced(
      "^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$");
  if (!namespaced.match(getName()))
    return emitOpError() << "name \"" << getName()
                         << "\" must be a namespaced op name such as "
                            "\"my_namespace.my_op\"";
  // (C2) is_defined_in_parent_scope(decomposition).
  auto function = symbols.lookupNearestSymbolFrom<func::FuncOp>(
      *this, getDecompositionAttr());
  if (!function)
    return emitOpError() << "decomposition " << getDecompositionAttr()
                         << " does not name a func.func in scope";
  // (C3) types(inputs...) = input_types(decomposition), (C4) likewise for
  // results.
  FunctionType type = function.getFunctionType();
  if (failed(verifyTypesEqual(*this, getOperandTypes(), type.getInputs(),
                              "has operands", "decomposition input")) ||
      failed(verifyTypesEqual(*this, getResultTypes(), type.getResults(),
                              "has results", "decomposition result")))
    return failure();
  return success();
}

} // namespace axle::stablehlo

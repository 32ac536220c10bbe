//===- LowerControlFlow.cpp - control flow and single-device collectives --===//
//
// while, if and case become scf.while, scf.if and scf.index_switch: their
// regions are moved into the scf op, block signatures converted, and the
// stablehlo.return terminators become scf.condition / scf.yield (a separate
// pattern, as the returned values are only converted once the region's ops
// are). 0-d predicates and indices are read with tensor.extract.
//
// The compiled program runs as ONE process (a 1 x 1 grid of replicas x
// partitions): replica_id and partition_id are the constant 0, and each
// collective has its one-process meaning from the specification. A
// collective whose groups name any other process cannot run on one device
// and is an unsupported-op error (the interpreter rejects the same program
// run as one process).
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <complex>

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// Converts `types`, failing on a type without a conversion (token, tuple,
/// quantized).
LogicalResult convertAll(const TypeConverter &converter, TypeRange types,
                         SmallVectorImpl<Type> &converted) {
  return converter.convertTypes(types, converted);
}

//===----------------------------------------------------------------------===//
// while / if / case
//===----------------------------------------------------------------------===//

struct WhileToScf : public OpConversionPattern<hlo::WhileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    SmallVector<Type> resultTypes;
    if (failed(convertAll(converter, op.getResultTypes(), resultTypes)))
      return unsupported(op, "carries a token, tuple or quantized value");
    auto whileOp = scf::WhileOp::create(rewriter, op.getLoc(), resultTypes,
                                        adaptor.getOperand());
    rewriter.inlineRegionBefore(op.getCond(), whileOp.getBefore(),
                                whileOp.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), whileOp.getAfter(),
                                whileOp.getAfter().end());
    // Both regions take the loop-carried values, in their converted types.
    if (failed(rewriter.convertRegionTypes(&whileOp.getBefore(), converter)) ||
        failed(rewriter.convertRegionTypes(&whileOp.getAfter(), converter)))
      return failure();
    rewriter.replaceOp(op, whileOp.getResults());
    return success();
  }
};

struct IfToScf : public OpConversionPattern<hlo::IfOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            convertAll(*getTypeConverter(), op.getResultTypes(), resultTypes)))
      return unsupported(op, "returns a token, tuple or quantized value");
    Value pred = extractScalar(rewriter, op.getLoc(), adaptor.getPred());
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), resultTypes, pred,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getTrueBranch(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getFalseBranch(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// case(index, b0, ..., bN-1): index k in [0, N-1) runs b_k; N-1 and every
/// out-of-range index (negative included) run the last branch, which is the
/// switch's default region.
struct CaseToScf : public OpConversionPattern<hlo::CaseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            convertAll(*getTypeConverter(), op.getResultTypes(), resultTypes)))
      return unsupported(op, "returns a token, tuple or quantized value");
    unsigned numBranches = op.getBranches().size();
    if (numBranches == 0)
      return unsupported(op, "has no branch");
    Location loc = op.getLoc();
    Value index = extractScalar(rewriter, loc, adaptor.getIndex());
    // index_cast sign-extends: negative indices stay out of range.
    index = arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                       index);
    SmallVector<int64_t> cases;
    for (int64_t k = 0; k + 1 < static_cast<int64_t>(numBranches); ++k)
      cases.push_back(k);
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, resultTypes,
                                               index, cases, cases.size());
    for (unsigned k = 0; k + 1 < numBranches; ++k)
      rewriter.inlineRegionBefore(op.getBranches()[k],
                                  switchOp.getCaseRegions()[k],
                                  switchOp.getCaseRegions()[k].end());
    rewriter.inlineRegionBefore(op.getBranches()[numBranches - 1],
                                switchOp.getDefaultRegion(),
                                switchOp.getDefaultRegion().end());
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

/// stablehlo.return inside a region moved into scf.while / scf.if /
/// scf.index_switch. Other parents (reduce bodies, comparators) are lowered
/// with their op, which never leaves the return to this pattern.
struct ReturnToScf : public OpConversionPattern<hlo::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      if (op->getParentRegion() == &whileOp.getAfter()) {
        rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getResults());
        return success();
      }
      // The cond region returns one 0-d i1; the loop-carried values go on
      // to the body unchanged.
      if (adaptor.getResults().size() != 1)
        return unsupported(op, "while condition must return one predicate");
      Value pred =
          extractScalar(rewriter, op.getLoc(), adaptor.getResults()[0]);
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(
          op, pred, op->getBlock()->getArguments());
      return success();
    }
    if (isa<scf::IfOp, scf::IndexSwitchOp>(parent)) {
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getResults());
      return success();
    }
    return failure();
  }
};

struct OptimizationBarrierToOperands
    : public OpConversionPattern<hlo::OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            convertAll(*getTypeConverter(), op.getResultTypes(), resultTypes)))
      return unsupported(op, "of tokens, tuples or quantized values");
    // The barrier only orders computation; its values pass through.
    rewriter.replaceOp(op, adaptor.getOperand());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Process ids and collectives on one process
//===----------------------------------------------------------------------===//

/// replica_id / partition_id: the one process is replica 0 of partition 0.
template <typename OpTy>
struct ProcessIdToZero : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    if (!type)
      return unsupported(op, "result type");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type,
        DenseElementsAttr::get(type,
                               rewriter.getZeroAttr(type.getElementType())));
    return success();
  }
};

/// A tensor of `type` filled with zeros (the value collectives give a
/// process that receives nothing).
FailureOr<Value> zerosOf(OpBuilder &b, Location loc, RankedTensorType type) {
  Type element = type.getElementType();
  if (auto complex = dyn_cast<ComplexType>(element)) {
    auto part = dyn_cast<FloatType>(complex.getElementType());
    if (!part)
      return failure();
    APFloat zero = APFloat::getZero(part.getFloatSemantics());
    std::complex<APFloat> value(zero, zero);
    return Value(arith::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, llvm::ArrayRef(value))));
  }
  TypedAttr zero = b.getZeroAttr(element);
  if (!zero)
    return failure();
  return Value(arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, Attribute(zero))));
}

/// Whether process 0, the only one, is in a group of `groups` (rows of ids,
/// negative ids are padding; no rows at all is one group of every
/// process). Fails, with the unsupported-op error, when a group names
/// another process.
FailureOr<bool> inOneProcessGroup(Operation *op, DenseIntElementsAttr groups) {
  if (!groups || groups.getNumElements() == 0)
    return true;
  bool found = false;
  for (int64_t id : groups.getValues<int64_t>()) {
    if (id > 0) {
      (void)unsupported(op, "the compiled program runs as one process, but "
                            "a process group names process " +
                                Twine(id));
      return failure();
    }
    found |= id == 0;
  }
  return found;
}

/// The converted types of `types`, all static; fails (with the
/// unsupported-op error) otherwise.
FailureOr<SmallVector<RankedTensorType>>
convertTensors(Operation *op, const TypeConverter &converter, TypeRange types) {
  SmallVector<RankedTensorType> result;
  for (Type type : types) {
    auto converted =
        dyn_cast_or_null<RankedTensorType>(converter.convertType(type));
    if (!converted || !converted.hasStaticShape()) {
      (void)unsupported(op, "needs static tensors of non-quantized types");
      return failure();
    }
    result.push_back(converted);
  }
  return result;
}

/// Replaces `op` with its operands when every result has its operand's
/// (converted) type: a collective of one process that returns what it got.
LogicalResult forwardOperands(Operation *op, ValueRange operands,
                              const TypeConverter &converter,
                              ConversionPatternRewriter &rewriter) {
  FailureOr<SmallVector<RankedTensorType>> types =
      convertTensors(op, converter, op->getResultTypes());
  if (failed(types))
    return failure();
  if (operands.size() < types->size())
    return unsupported(op, "has fewer operands than results");
  for (auto [operand, type] : llvm::zip(operands, *types))
    if (operand.getType() != type)
      return unsupported(op, "on one process its result is its operand, "
                             "which has another type");
  rewriter.replaceOp(op, operands.take_front(types->size()));
  return success();
}

/// Checks that process 0 is in one of `groups` (see inOneProcessGroup),
/// for the collectives that only have a meaning for a process in a group.
LogicalResult checkInOneProcessGroup(Operation *op,
                                     DenseIntElementsAttr groups) {
  FailureOr<bool> inGroup = inOneProcessGroup(op, groups);
  if (failed(inGroup))
    return failure();
  if (!*inGroup)
    return unsupported(op, "process 0 is in no process group");
  return success();
}

/// Replaces `op` with zeros of each of its (converted) result types: what
/// a collective gives the one process when it receives nothing.
LogicalResult replaceWithZeros(Operation *op, const TypeConverter &converter,
                               ConversionPatternRewriter &rewriter) {
  FailureOr<SmallVector<RankedTensorType>> types =
      convertTensors(op, converter, op->getResultTypes());
  if (failed(types))
    return failure();
  SmallVector<Value> results;
  for (RankedTensorType type : *types) {
    FailureOr<Value> zeros = zerosOf(rewriter, op->getLoc(), type);
    if (failed(zeros))
      return unsupported(op, "zeros of this element type");
    results.push_back(*zeros);
  }
  rewriter.replaceOp(op, results);
  return success();
}

/// all_reduce, reduce_scatter, all_gather, cross-replica-sum: within a
/// group of one, the reduction of one value is that value (the
/// computation never runs), the gather concatenates one part and the
/// scatter keeps the one part.
template <typename OpTy>
struct GroupOfOneForwards : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkInOneProcessGroup(op, op.getReplicaGroups())))
      return failure();
    return forwardOperands(op, adaptor.getOperands(), *this->getTypeConverter(),
                           rewriter);
  }
};

/// all_to_all: the group of one process must split in one part; the
/// process then receives its own operand.
struct AllToAllOneProcess : public OpConversionPattern<hlo::AllToAllOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::AllToAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkInOneProcessGroup(op, op.getReplicaGroups())))
      return failure();
    if (op.getSplitCount() != 1)
      return unsupported(op, "split_count must be 1 on one process");
    return forwardOperands(op, adaptor.getOperands(), *getTypeConverter(),
                           rewriter);
  }
};

/// collective_permute: the one process receives its own operand when the
/// pair (0, 0) is listed, and zeros when no pair targets it.
struct CollectivePermuteOneProcess
    : public OpConversionPattern<hlo::CollectivePermuteOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::CollectivePermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DenseIntElementsAttr pairs = op.getSourceTargetPairs();
    bool received = false;
    for (int64_t id : pairs.getValues<int64_t>()) {
      if (id != 0)
        return unsupported(op, "the compiled program runs as one process, "
                               "but a source-target pair names process " +
                                   Twine(id));
      received = true;
    }
    if (received)
      return forwardOperands(op, adaptor.getOperands(), *getTypeConverter(),
                             rewriter);
    return replaceWithZeros(op, *getTypeConverter(), rewriter);
  }
};

/// collective_broadcast / collective_reduce: a process in a group (of one)
/// gets its own operand (the broadcast's source, the reduction of one
/// value; a dynamic root of a valid program is 0, the only position); a
/// process in no group gets zeros.
template <typename OpTy>
struct RootedOneProcess : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<bool> inGroup = inOneProcessGroup(op, op.getReplicaGroups());
    if (failed(inGroup))
      return failure();
    if (*inGroup)
      return forwardOperands(op, adaptor.getOperands(),
                             *this->getTypeConverter(), rewriter);
    return replaceWithZeros(op, *this->getTypeConverter(), rewriter);
  }
};

} // namespace

namespace {

/// composite -> a call of its decomposition function, which code generation
/// inlines (the composite's name and attributes only matter to backends
/// with a special kernel for it).
struct CompositeToCall : public OpConversionPattern<hlo::CompositeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::CompositeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return unsupported(op, "results of this type");
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getDecomposition(),
                                              resultTypes, adaptor.getInputs());
    return success();
  }
};

} // namespace

void populateControlFlowPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<CompositeToCall>(converter, patterns.getContext());
  patterns.add<
      WhileToScf, IfToScf, CaseToScf, ReturnToScf,
      OptimizationBarrierToOperands, ProcessIdToZero<hlo::ReplicaIdOp>,
      ProcessIdToZero<hlo::PartitionIdOp>, GroupOfOneForwards<hlo::AllReduceOp>,
      GroupOfOneForwards<hlo::ReduceScatterOp>,
      GroupOfOneForwards<hlo::AllGatherOp>,
      GroupOfOneForwards<hlo::CrossReplicaSumOp>, AllToAllOneProcess,
      CollectivePermuteOneProcess, RootedOneProcess<hlo::CollectiveBroadcastOp>,
      RootedOneProcess<hlo::CollectiveReduceOp>>(converter,
                                                 patterns.getContext());
}

} // namespace axle::lowering

//===- SimplifyStructure.cpp - simplifier rules for structured ops -------===//
//
// Rules for reduce, dot_general, the dynamic-shape ops with constant shape
// operands, and the region ops while/if/case, plus a few tuple and
// dimension-size queries. Every rule keeps results bit-identical to the
// reference interpreter for every input: reductions are only rewritten when
// the body is a single op on its arguments and the init value is that op's
// exact identity (so the rewritten result does not depend on the
// accumulation order), and dot_general keeps the order in which it sums
// contracting dimensions. optimization_barrier and custom_call are never
// touched.
//
//===----------------------------------------------------------------------===//

#include "compiler/transforms/Simplify.h"

#include "compiler/dialect/stablehlo/ReduceBody.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

#include <optional>

namespace axle::transforms {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool isQuantized(Type type) {
  return llvm::isa<quant::QuantizedType>(getElementTypeOrSelf(type));
}

/// The values of a constant integer tensor, read as the interpreter reads
/// shapes and indices: signed values sign-extended, unsigned values
/// saturated to INT64_MAX.
std::optional<SmallVector<int64_t>> constantIntegers(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  SmallVector<int64_t> values;
  for (const APInt &v : attr.getValues<APInt>())
    values.push_back(isUnsigned
                         ? static_cast<int64_t>(v.getLimitedValue(INT64_MAX))
                         : v.getSExtValue());
  return values;
}

/// `value` with the type `type`: itself if it already has it, else a
/// reshape (same element count and element type).
Value reshapeTo(PatternRewriter &rewriter, Location loc, Value value,
                RankedTensorType type) {
  if (value.getType() == type)
    return value;
  return hlo::ReshapeOp::create(rewriter, loc, type, value);
}

/// The value of `value` when it is a splat i1 constant (a predicate known
/// at compile time).
std::optional<bool> getConstantPredicate(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      !attr.getElementType().isInteger(1))
    return std::nullopt;
  return attr.getSplatValue<bool>();
}

/// True when `shape` is a constant that spells the shape of the static
/// `type`: what makes a dynamic-shape op's shape operand redundant.
bool isConstantShapeOf(Value shape, RankedTensorType type) {
  std::optional<SmallVector<int64_t>> values = constantIntegers(shape);
  return values && type.getShape() == ArrayRef<int64_t>(*values);
}

/// True when each of `lists` has `rank` entries, one per dimension.
template <typename... Lists>
bool allHaveRank(int64_t rank, const Lists &...lists) {
  return ((static_cast<int64_t>(lists.size()) == rank) && ...);
}

/// Replaces `op` by the branch `region` it is known to take: moves the
/// region's block before `op` and replaces `op`'s results with the operands
/// of the block's terminator. Fails, changing nothing, unless the region is
/// a single block without arguments.
LogicalResult inlineBranchInPlaceOf(PatternRewriter &rewriter, Operation *op,
                                    Region &region) {
  if (!region.hasOneBlock() || region.front().getNumArguments() != 0)
    return failure();
  Block &block = region.front();
  Operation *terminator = block.getTerminator();
  rewriter.inlineBlockBefore(&block, op, ValueRange{});
  SmallVector<Value> results(terminator->getOperands());
  rewriter.replaceOp(op, results);
  rewriter.eraseOp(terminator);
  return success();
}

//===----------------------------------------------------------------------===//
// Reduction bodies
//===----------------------------------------------------------------------===//

enum class ReduceKind { Add, Mul, Max, Min, And, Or };

/// The kind of a reduction body that is exactly one binary op of the two
/// block arguments (in either order) whose result is returned.
std::optional<ReduceKind> matchSimpleBody(Region &body) {
  Operation *combine = hlo::singleBinaryCombiner(body);
  if (!combine)
    return std::nullopt;
  Operation &op = *combine;
  if (llvm::isa<hlo::AddOp>(op))
    return ReduceKind::Add;
  if (llvm::isa<hlo::MulOp>(op))
    return ReduceKind::Mul;
  if (llvm::isa<hlo::MaxOp>(op))
    return ReduceKind::Max;
  if (llvm::isa<hlo::MinOp>(op))
    return ReduceKind::Min;
  if (llvm::isa<hlo::AndOp>(op))
    return ReduceKind::And;
  if (llvm::isa<hlo::OrOp>(op))
    return ReduceKind::Or;
  return std::nullopt;
}

/// On i1 the interpreter's add is logical or and its multiply logical and;
/// max and min compare i1 as a signed number (true = -1), which is too
/// surprising to rely on, so they are not handled.
std::optional<ReduceKind> normalizeForPred(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Add:
  case ReduceKind::Or:
    return ReduceKind::Or;
  case ReduceKind::Mul:
  case ReduceKind::And:
    return ReduceKind::And;
  default:
    return std::nullopt;
  }
}

/// Float formats whose identities are exact: they have infinities, NaN,
/// signed zeros (so -0 is the additive identity and -inf/+inf those of
/// max/min).
bool hasIeeeIdentities(const llvm::fltSemantics &sem) {
  return llvm::APFloat::semanticsHasInf(sem) &&
         llvm::APFloat::semanticsHasNaN(sem) &&
         llvm::APFloat::semanticsHasZero(sem) &&
         llvm::APFloat::semanticsHasSignedRepr(sem);
}

/// True if `init` is a constant that is an exact identity of `kind` on
/// `elementType`: op(init, x) == x bit for bit for every x (quiet NaNs
/// keep their payload).
bool isIdentity(ReduceKind kind, Value init, Type elementType) {
  DenseElementsAttr attr;
  if (!matchPattern(init, m_Constant(&attr)) || !attr.isSplat())
    return false;
  if (auto intType = llvm::dyn_cast<IntegerType>(elementType)) {
    unsigned width = intType.getWidth();
    bool isUnsigned = intType.isUnsigned();
    if (width == 1) {
      std::optional<ReduceKind> pred = normalizeForPred(kind);
      if (!pred)
        return false;
      kind = *pred;
    }
    APInt v = attr.getSplatValue<APInt>();
    switch (kind) {
    case ReduceKind::Add:
    case ReduceKind::Or:
      return v.isZero();
    case ReduceKind::Mul:
      return v.isOne();
    case ReduceKind::And:
      return v.isAllOnes();
    case ReduceKind::Max:
      return isUnsigned ? v.isMinValue() : v.isMinSignedValue();
    case ReduceKind::Min:
      return isUnsigned ? v.isMaxValue() : v.isMaxSignedValue();
    }
    return false;
  }
  if (auto floatType = llvm::dyn_cast<FloatType>(elementType)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    if (!hasIeeeIdentities(sem))
      return false;
    APFloat v = attr.getSplatValue<APFloat>();
    switch (kind) {
    case ReduceKind::Add:
      // -0 + x == x for every x; +0 + -0 would give +0.
      return v.isZero() && v.isNegative();
    case ReduceKind::Mul:
      return v.bitwiseIsEqual(APFloat::getOne(sem));
    case ReduceKind::Max:
      return v.isInfinity() && v.isNegative();
    case ReduceKind::Min:
      return v.isInfinity() && !v.isNegative();
    default:
      return false;
    }
  }
  // Complex numbers: not handled.
  return false;
}

/// A single-input reduce with static, non-quantized types whose input, init,
/// result and body all use one element type, a simple body and an identity
/// init: what the reduce rules below need.
struct SimpleReduce {
  RankedTensorType inputType, resultType;
  ReduceKind kind;
};

std::optional<SimpleReduce> matchSimpleReduce(hlo::ReduceOp op) {
  if (op.getInputs().size() != 1 || op->getNumResults() != 1)
    return std::nullopt;
  RankedTensorType inputType = getPlainStaticType(op.getInputs()[0].getType());
  RankedTensorType resultType = getPlainStaticType(op->getResult(0).getType());
  auto initType =
      llvm::dyn_cast<RankedTensorType>(op.getInitValues()[0].getType());
  if (!inputType || !resultType || !initType)
    return std::nullopt;
  Type element = inputType.getElementType();
  if (resultType.getElementType() != element ||
      initType.getElementType() != element)
    return std::nullopt;
  for (BlockArgument arg : op.getBody().getArguments())
    if (arg.getType() != initType)
      return std::nullopt;
  std::optional<ReduceKind> kind = matchSimpleBody(op.getBody());
  if (!kind || !isIdentity(*kind, op.getInitValues()[0], element))
    return std::nullopt;
  return SimpleReduce{inputType, resultType, *kind};
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

/// reduce over no dimensions, or only over dimensions of size 1, with an
/// identity init: every result element is op(init, x) == x, so the result
/// is the operand reshaped (the operand itself for no dimensions).
struct ReduceOfUnitDims : OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SimpleReduce> simple = matchSimpleReduce(op);
    if (!simple)
      return failure();
    for (int64_t d : op.getDimensions())
      if (simple->inputType.getDimSize(d) != 1)
        return failure();
    rewriter.replaceOp(op, reshapeTo(rewriter, op.getLoc(), op.getInputs()[0],
                                     simple->resultType));
    return success();
  }
};

/// reduce of inputs without elements: no element is folded into any
/// accumulator, so every result is its init value broadcast (whatever the
/// body). Also covers results without elements.
struct ReduceOfEmpty : OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto inputType =
        llvm::dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
    if (!inputType || !llvm::is_contained(inputType.getShape(), 0))
      return failure();
    SmallVector<Value> results;
    for (auto [init, result] :
         llvm::zip(op.getInitValues(), op->getResults())) {
      RankedTensorType type = getPlainStaticType(result.getType());
      if (!type || isQuantized(init.getType()) ||
          getElementTypeOrSelf(init.getType()) != type.getElementType())
        return failure();
    }
    for (auto [init, result] : llvm::zip(op.getInitValues(), op->getResults()))
      results.push_back(hlo::BroadcastInDimOp::create(
          rewriter, op.getLoc(), result.getType(), init, ArrayRef<int64_t>{}));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// reduce(broadcast_in_dim(x)) over dimensions the broadcast added: each
/// result element folds N copies of one element of x into the identity.
/// For idempotent bodies (max, min, and, or; add/mul on i1) that is the
/// element itself; for integer add it is N * x (exact modulo 2^width,
/// whatever the order). Float add is not rewritten (N * x rounds
/// differently from a sum), nor integer multiply.
struct ReduceOfBroadcast : OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SimpleReduce> simple = matchSimpleReduce(op);
    if (!simple)
      return failure();
    auto broadcast = op.getInputs()[0].getDefiningOp<hlo::BroadcastInDimOp>();
    if (!broadcast)
      return failure();
    RankedTensorType sourceType =
        getPlainStaticType(broadcast.getOperand().getType());
    if (!sourceType)
      return failure();
    ArrayRef<int64_t> mapped = broadcast.getBroadcastDimensions();
    ArrayRef<int64_t> reduced = op.getDimensions();
    int64_t count = 1;
    for (int64_t d : reduced) {
      if (llvm::is_contained(mapped, d))
        return failure();
      count *= simple->inputType.getDimSize(d);
    }
    // Without elements the result is the init (ReduceOfEmpty).
    if (count == 0)
      return failure();

    Type element = simple->resultType.getElementType();
    ReduceKind kind = simple->kind;
    if (element.isInteger(1))
      kind = *normalizeForPred(kind); // identity check passed: and/or
    bool idempotent = kind == ReduceKind::Max || kind == ReduceKind::Min ||
                      kind == ReduceKind::And || kind == ReduceKind::Or;
    bool integerAdd =
        kind == ReduceKind::Add && llvm::isa<IntegerType>(element);
    if (!idempotent && !integerAdd)
      return failure();

    // Where each source dimension lands once the reduced ones are gone.
    SmallVector<int64_t> newDims;
    for (int64_t d : mapped) {
      int64_t before =
          llvm::count_if(reduced, [&](int64_t r) { return r < d; });
      newDims.push_back(d - before);
    }
    Value value = broadcast.getOperand();
    bool identity = sourceType == simple->resultType &&
                    llvm::equal(newDims, llvm::seq<int64_t>(0, newDims.size()));
    if (!identity)
      value = hlo::BroadcastInDimOp::create(rewriter, op.getLoc(),
                                            simple->resultType, value, newDims);
    if (integerAdd) {
      unsigned width = llvm::cast<IntegerType>(element).getWidth();
      APInt n = APInt(64, static_cast<uint64_t>(count)).trunc(width);
      Value factor =
          createSplatConstant(rewriter, op.getLoc(), simple->resultType,
                              IntegerAttr::get(element, n));
      value = hlo::MulOp::create(rewriter, op.getLoc(), value, factor);
    }
    rewriter.replaceOp(op, value);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

/// dot_general whose lhs (or rhs) is a transpose: the transpose is folded
/// into the dimension numbers. Batching and contracting dimensions keep
/// their order in the lists (so the result order and the order of
/// summation are unchanged); the free dimensions must keep their relative
/// order, since they give the result's dimension order.
struct DotGeneralOfTranspose : OpRewritePattern<hlo::DotGeneralOp> {
  DotGeneralOfTranspose(MLIRContext *context, bool onLhs)
      : OpRewritePattern(context), onLhs(onLhs) {}

  LogicalResult matchAndRewrite(hlo::DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    Value operand = onLhs ? op.getLhs() : op.getRhs();
    auto transpose = operand.getDefiningOp<hlo::TransposeOp>();
    if (!transpose || isQuantized(op.getLhs().getType()) ||
        isQuantized(op.getRhs().getType()) || isQuantized(op.getType()))
      return failure();
    ArrayRef<int64_t> perm = transpose.getPermutation();
    hlo::DotDimensionNumbersAttr dims = op.getDotDimensionNumbers();
    ArrayRef<int64_t> batch = onLhs ? dims.getLhsBatchingDimensions()
                                    : dims.getRhsBatchingDimensions();
    ArrayRef<int64_t> contract = onLhs ? dims.getLhsContractingDimensions()
                                       : dims.getRhsContractingDimensions();
    int64_t rank = static_cast<int64_t>(perm.size());
    for (int64_t d : llvm::concat<const int64_t>(batch, contract))
      if (d < 0 || d >= rank)
        return failure();
    // Free dimensions, in increasing order, must map to increasing source
    // dimensions.
    int64_t last = -1;
    for (int64_t d = 0; d < rank; ++d) {
      if (llvm::is_contained(batch, d) || llvm::is_contained(contract, d))
        continue;
      if (perm[d] < last)
        return failure();
      last = perm[d];
    }
    auto map = [&](ArrayRef<int64_t> list) {
      SmallVector<int64_t> out;
      for (int64_t d : list)
        out.push_back(perm[d]);
      return out;
    };
    SmallVector<int64_t> newBatch = map(batch), newContract = map(contract);
    auto newDims = hlo::DotDimensionNumbersAttr::get(
        op.getContext(),
        onLhs ? ArrayRef<int64_t>(newBatch) : dims.getLhsBatchingDimensions(),
        onLhs ? dims.getRhsBatchingDimensions() : ArrayRef<int64_t>(newBatch),
        onLhs ? ArrayRef<int64_t>(newContract)
              : dims.getLhsContractingDimensions(),
        onLhs ? dims.getRhsContractingDimensions()
              : ArrayRef<int64_t>(newContract));
    Value lhs = onLhs ? transpose.getOperand() : op.getLhs();
    Value rhs = onLhs ? op.getRhs() : transpose.getOperand();
    rewriter.replaceOpWithNewOp<hlo::DotGeneralOp>(
        op, op.getType(), lhs, rhs, newDims, op.getPrecisionConfigAttr(),
        op.getAlgorithmAttr());
    return success();
  }

  bool onLhs;
};

/// A transpose that swaps the two free dimensions of a dot_general's result
/// (each operand has exactly one; the batching dimensions stay in front,
/// in place) is dot_general with its operands swapped: each element is the
/// same sum of the same products in the same order, since products
/// commute exactly, and the transposed copy of the result goes away
/// (training steps transpose their weight gradients so). Left alone:
/// complex products (compiled code may fuse their terms into multiply-adds
/// in an order that depends on the operand order), quantized ones, an
/// explicit algorithm (its operand types need not be symmetric), and a
/// dot_general with other users.
struct TransposeOfDotGeneral : OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto dot = op.getOperand().getDefiningOp<hlo::DotGeneralOp>();
    if (!dot || !dot->hasOneUse() || dot.getAlgorithmAttr() ||
        isQuantized(dot.getLhs().getType()) ||
        isQuantized(dot.getRhs().getType()) || isQuantized(dot.getType()) ||
        isa<ComplexType>(getElementTypeOrSelf(dot.getType())))
      return failure();
    auto lhsType = dyn_cast<RankedTensorType>(dot.getLhs().getType());
    auto rhsType = dyn_cast<RankedTensorType>(dot.getRhs().getType());
    if (!lhsType || !rhsType)
      return failure();
    hlo::DotDimensionNumbersAttr dims = dot.getDotDimensionNumbers();
    int64_t batch = dims.getLhsBatchingDimensions().size();
    int64_t contract = dims.getLhsContractingDimensions().size();
    if (lhsType.getRank() - batch - contract != 1 ||
        rhsType.getRank() - batch - contract != 1)
      return failure();
    // The result is (batch..., lhs free, rhs free); the transpose must swap
    // the last two and keep the batch dimensions.
    SmallVector<int64_t> swap = llvm::to_vector(llvm::seq<int64_t>(0, batch));
    swap.append({batch + 1, batch});
    if (op.getPermutation() != ArrayRef<int64_t>(swap))
      return failure();
    auto swappedDims = hlo::DotDimensionNumbersAttr::get(
        op.getContext(), dims.getRhsBatchingDimensions(),
        dims.getLhsBatchingDimensions(), dims.getRhsContractingDimensions(),
        dims.getLhsContractingDimensions());
    ArrayAttr precision = dot.getPrecisionConfigAttr();
    if (precision && precision.size() == 2)
      precision = rewriter.getArrayAttr({precision[1], precision[0]});
    rewriter.replaceOpWithNewOp<hlo::DotGeneralOp>(
        op, op.getType(), dot.getRhs(), dot.getLhs(), swappedDims, precision,
        /*algorithm=*/nullptr);
    return success();
  }
};

/// dot_general with a contracting dimension of size 0: every result element
/// is an empty sum, which the interpreter (like XLA) starts at +0.
struct DotGeneralOfEmptyContraction : OpRewritePattern<hlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    auto lhsType = llvm::dyn_cast<RankedTensorType>(op.getLhs().getType());
    if (!type || !lhsType || isQuantized(lhsType) ||
        isQuantized(op.getRhs().getType()))
      return failure();
    bool empty = false;
    for (int64_t d : op.getDotDimensionNumbers().getLhsContractingDimensions())
      if (d >= 0 && d < lhsType.getRank() && lhsType.getDimSize(d) == 0)
        empty = true;
    if (!empty)
      return failure();
    Type element = type.getElementType();
    Attribute zero;
    if (llvm::isa<IntegerType>(element)) {
      zero = IntegerAttr::get(element, 0);
    } else if (auto floatType = llvm::dyn_cast<FloatType>(element)) {
      if (!llvm::APFloat::semanticsHasZero(floatType.getFloatSemantics()))
        return failure();
      zero = FloatAttr::get(element, 0.0);
    } else {
      return failure();
    }
    rewriter.replaceOp(op,
                       createSplatConstant(rewriter, op.getLoc(), type, zero));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// dynamic_slice and dynamic_update_slice
//===----------------------------------------------------------------------===//

/// dynamic_slice with constant start indices: a slice at the indices
/// clamped into [0, size - slice size], as the op clamps them.
struct DynamicSliceOfConstants : OpRewritePattern<hlo::DynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType operandType =
        getPlainStaticType(op.getOperand().getType());
    RankedTensorType type = getPlainStaticType(op.getType());
    ArrayRef<int64_t> sizes = op.getSliceSizes();
    if (!operandType || !type ||
        static_cast<int64_t>(op.getStartIndices().size()) !=
            operandType.getRank() ||
        static_cast<int64_t>(sizes.size()) != operandType.getRank() ||
        type.getShape() != sizes)
      return failure();
    SmallVector<int64_t> starts, limits, strides;
    for (auto [d, index] : llvm::enumerate(op.getStartIndices())) {
      std::optional<SmallVector<int64_t>> value = constantIntegers(index);
      if (!value || value->size() != 1)
        return failure();
      int64_t limit = operandType.getDimSize(d) - sizes[d];
      if (limit < 0)
        return failure();
      int64_t start = std::clamp<int64_t>((*value)[0], 0, limit);
      starts.push_back(start);
      limits.push_back(start + sizes[d]);
      strides.push_back(1);
    }
    rewriter.replaceOpWithNewOp<hlo::SliceOp>(op, type, op.getOperand(), starts,
                                              limits, strides);
    return success();
  }
};

/// dynamic_slice of the whole operand: the start indices clamp to 0.
struct DynamicSliceOfWhole : OpRewritePattern<hlo::DynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType operandType =
        getPlainStaticType(op.getOperand().getType());
    if (!operandType || op.getType() != operandType ||
        operandType.getShape() != op.getSliceSizes())
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// dynamic_update_slice whose update is as large as the operand: the start
/// indices clamp to 0 and the update replaces every element.
struct DynamicUpdateSliceOfWhole : OpRewritePattern<hlo::DynamicUpdateSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicUpdateSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    if (!type || op.getUpdate().getType() != type ||
        op.getOperand().getType() != type)
      return failure();
    rewriter.replaceOp(op, op.getUpdate());
    return success();
  }
};

/// dynamic_update_slice of an update without elements changes nothing.
struct DynamicUpdateSliceOfEmpty : OpRewritePattern<hlo::DynamicUpdateSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicUpdateSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType updateType = getPlainStaticType(op.getUpdate().getType());
    if (!updateType || updateType.getNumElements() != 0 ||
        op.getOperand().getType() != op.getType() || isQuantized(op.getType()))
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Dynamic-shape ops with constant shape operands
//===----------------------------------------------------------------------===//

/// dynamic_reshape to a constant shape equal to its static result type.
struct DynamicReshapeOfConstant : OpRewritePattern<hlo::DynamicReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicReshapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    RankedTensorType operandType =
        getPlainStaticType(op.getOperand().getType());
    if (!type || !operandType ||
        !isConstantShapeOf(op.getOutputShape(), type) ||
        type.getNumElements() != operandType.getNumElements() ||
        type.getElementType() != operandType.getElementType())
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, type, op.getOperand());
    return success();
  }
};

/// dynamic_broadcast_in_dim to a constant shape equal to its static result
/// type: broadcast_in_dim (the expansion hints are only hints).
struct DynamicBroadcastInDimOfConstant
    : OpRewritePattern<hlo::DynamicBroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicBroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    RankedTensorType operandType =
        getPlainStaticType(op.getOperand().getType());
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (!type || !operandType ||
        !isConstantShapeOf(op.getOutputDimensions(), type) ||
        type.getElementType() != operandType.getElementType() ||
        static_cast<int64_t>(dims.size()) != operandType.getRank())
      return failure();
    for (auto [d, target] : llvm::enumerate(dims)) {
      if (target < 0 || target >= type.getRank())
        return failure();
      int64_t size = operandType.getDimSize(d);
      if (size != 1 && size != type.getDimSize(target))
        return failure();
    }
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(op, type,
                                                       op.getOperand(), dims);
    return success();
  }
};

/// dynamic_iota with a constant shape equal to its static result type.
struct DynamicIotaOfConstant : OpRewritePattern<hlo::DynamicIotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicIotaOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    if (!type || !isConstantShapeOf(op.getOutputShape(), type) ||
        static_cast<int64_t>(op.getIotaDimension()) >= type.getRank())
      return failure();
    rewriter.replaceOpWithNewOp<hlo::IotaOp>(op, type, op.getIotaDimension());
    return success();
  }
};

/// real_dynamic_slice with constant, valid bounds and strides: slice.
struct RealDynamicSliceOfConstants : OpRewritePattern<hlo::RealDynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::RealDynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    RankedTensorType operandType =
        getPlainStaticType(op.getOperand().getType());
    std::optional<SmallVector<int64_t>> start =
        constantIntegers(op.getStartIndices());
    std::optional<SmallVector<int64_t>> limit =
        constantIntegers(op.getLimitIndices());
    std::optional<SmallVector<int64_t>> strides =
        constantIntegers(op.getStrides());
    if (!type || !operandType || !start || !limit || !strides ||
        type.getElementType() != operandType.getElementType())
      return failure();
    int64_t rank = operandType.getRank();
    if (!allHaveRank(rank, *start, *limit, *strides) || type.getRank() != rank)
      return failure();
    // Invalid bounds are a run-time error of the op: leave them to it.
    for (int64_t d = 0; d < rank; ++d) {
      int64_t s = (*start)[d], l = (*limit)[d], st = (*strides)[d];
      if (s < 0 || s > l || l > operandType.getDimSize(d) || st <= 0 ||
          static_cast<int64_t>(llvm::divideCeil(l - s, st)) !=
              type.getDimSize(d))
        return failure();
    }
    rewriter.replaceOpWithNewOp<hlo::SliceOp>(op, type, op.getOperand(), *start,
                                              *limit, *strides);
    return success();
  }
};

/// dynamic_pad with constant, valid paddings: pad.
struct DynamicPadOfConstants : OpRewritePattern<hlo::DynamicPadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicPadOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    RankedTensorType operandType =
        getPlainStaticType(op.getOperand().getType());
    std::optional<SmallVector<int64_t>> low =
        constantIntegers(op.getEdgePaddingLow());
    std::optional<SmallVector<int64_t>> high =
        constantIntegers(op.getEdgePaddingHigh());
    std::optional<SmallVector<int64_t>> interior =
        constantIntegers(op.getInteriorPadding());
    if (!type || !operandType || !low || !high || !interior ||
        isQuantized(op.getPaddingValue().getType()) ||
        type.getElementType() != operandType.getElementType())
      return failure();
    int64_t rank = operandType.getRank();
    if (!allHaveRank(rank, *low, *high, *interior) || type.getRank() != rank)
      return failure();
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = operandType.getDimSize(d);
      int64_t in = (*interior)[d];
      // Sizes in 128 bits: the paddings are arbitrary data.
      __int128 padded =
          static_cast<__int128>(size) + (*low)[d] + (*high)[d] +
          static_cast<__int128>(std::max<int64_t>(size - 1, 0)) * in;
      if (in < 0 || padded != type.getDimSize(d))
        return failure();
    }
    rewriter.replaceOpWithNewOp<hlo::PadOp>(op, type, op.getOperand(),
                                            op.getPaddingValue(), *low, *high,
                                            *interior);
    return success();
  }
};

/// set_dimension_size with a static result type: the operand cut to the
/// declared size (the operand itself when the size is unchanged).
struct SetDimensionSizeOfStatic : OpRewritePattern<hlo::SetDimensionSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SetDimensionSizeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getType());
    RankedTensorType operandType =
        getPlainStaticType(op.getOperand().getType());
    int64_t dim = static_cast<int64_t>(op.getDimension());
    if (!type || !operandType || type.getRank() != operandType.getRank() ||
        dim >= type.getRank() ||
        type.getElementType() != operandType.getElementType())
      return failure();
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != dim && type.getDimSize(d) != operandType.getDimSize(d))
        return failure();
    if (type.getDimSize(dim) > operandType.getDimSize(dim))
      return failure();
    if (type == operandType) {
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    SmallVector<int64_t> starts(type.getRank(), 0);
    SmallVector<int64_t> limits(type.getShape());
    SmallVector<int64_t> strides(type.getRank(), 1);
    rewriter.replaceOpWithNewOp<hlo::SliceOp>(op, type, op.getOperand(), starts,
                                              limits, strides);
    return success();
  }
};

/// get_dimension_size of a static dimension: a constant.
struct GetDimensionSizeOfStatic : OpRewritePattern<hlo::GetDimensionSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::GetDimensionSizeOp op,
                                PatternRewriter &rewriter) const override {
    auto operandType =
        llvm::dyn_cast<RankedTensorType>(op.getOperand().getType());
    auto type = llvm::dyn_cast<RankedTensorType>(op.getType());
    int64_t dim = static_cast<int64_t>(op.getDimension());
    if (!operandType || !type || dim >= operandType.getRank() ||
        operandType.isDynamicDim(dim))
      return failure();
    // stablehlo.constant holds signless integers only.
    auto element = llvm::dyn_cast<IntegerType>(type.getElementType());
    int64_t size = operandType.getDimSize(dim);
    if (!element || !element.isSignless() ||
        !llvm::isIntN(element.getWidth(), size))
      return failure();
    rewriter.replaceOp(op,
                       createSplatConstant(rewriter, op.getLoc(), type,
                                           IntegerAttr::get(element, size)));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

/// get_tuple_element(tuple(a, b, ...), i): the i-th element.
struct GetTupleElementOfTuple : OpRewritePattern<hlo::GetTupleElementOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::GetTupleElementOp op,
                                PatternRewriter &rewriter) const override {
    auto tuple = op.getOperand().getDefiningOp<hlo::TupleOp>();
    if (!tuple || op.getIndex() >= tuple.getVal().size())
      return failure();
    Value element = tuple.getVal()[op.getIndex()];
    if (element.getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, element);
    return success();
  }
};

/// tuple(get_tuple_element(t, 0), ..., get_tuple_element(t, n-1)) of one
/// tuple t with n elements, in order: t itself.
struct TupleOfElements : OpRewritePattern<hlo::TupleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TupleOp op,
                                PatternRewriter &rewriter) const override {
    Value source;
    for (auto [i, value] : llvm::enumerate(op.getVal())) {
      auto element = value.getDefiningOp<hlo::GetTupleElementOp>();
      if (!element || element.getIndex() != i)
        return failure();
      if (!source)
        source = element.getOperand();
      else if (source != element.getOperand())
        return failure();
    }
    if (!source || source.getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, source);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// while, if, case
//===----------------------------------------------------------------------===//

/// while whose condition is constant false (and has no effects): the body
/// never runs, so the results are the initial operands.
struct WhileOfFalse : OpRewritePattern<hlo::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &cond = op.getCond().front();
    Operation *terminator = cond.getTerminator();
    // Fails for a condition that is not a constant as well as for true.
    if (terminator->getNumOperands() != 1 ||
        getConstantPredicate(terminator->getOperand(0)) != false)
      return failure();
    for (Operation &inner : cond.without_terminator())
      if (!isMemoryEffectFree(&inner))
        return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// A while result whose body passes its block argument through unchanged
/// keeps its initial value whatever the number of iterations.
struct WhileInvariantResult : OpRewritePattern<hlo::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    Operation *terminator = body.getTerminator();
    if (terminator->getNumOperands() != op->getNumResults() ||
        body.getNumArguments() != op->getNumResults())
      return failure();
    bool changed = false;
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      if (result.use_empty() ||
          terminator->getOperand(i) != body.getArgument(i))
        continue;
      Value init = op.getOperand()[i];
      if (init.getType() != result.getType())
        continue;
      rewriter.replaceAllUsesWith(result, init);
      changed = true;
    }
    return success(changed);
  }
};

/// if with a constant predicate: the chosen branch, inlined.
struct IfOfConstant : OpRewritePattern<hlo::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::IfOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> pred = getConstantPredicate(op.getPred());
    if (!pred)
      return failure();
    return inlineBranchInPlaceOf(
        rewriter, op, *pred ? op.getTrueBranch() : op.getFalseBranch());
  }
};

/// if whose branches both only return the same values: those values,
/// whatever the predicate.
struct IfOfSameResults : OpRewritePattern<hlo::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::IfOp op,
                                PatternRewriter &rewriter) const override {
    Block &thenBlock = op.getTrueBranch().front();
    Block &elseBlock = op.getFalseBranch().front();
    if (thenBlock.getOperations().size() != 1 ||
        elseBlock.getOperations().size() != 1)
      return failure();
    Operation *thenReturn = thenBlock.getTerminator();
    Operation *elseReturn = elseBlock.getTerminator();
    if (thenReturn->getOperands() != elseReturn->getOperands() ||
        thenReturn->getNumOperands() != op->getNumResults())
      return failure();
    for (auto [value, result] :
         llvm::zip(thenReturn->getOperands(), op->getResults()))
      if (value.getType() != result.getType())
        return failure();
    SmallVector<Value> values(thenReturn->getOperands());
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// case with a constant index, or with a single branch: the chosen branch
/// (the last one for an index out of range), inlined.
struct CaseOfConstant : OpRewritePattern<hlo::CaseOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::CaseOp op,
                                PatternRewriter &rewriter) const override {
    int64_t count = op.getBranches().size();
    if (count == 0)
      return failure();
    int64_t index = count - 1;
    if (count > 1) {
      DenseIntElementsAttr attr;
      if (!matchPattern(op.getIndex(), m_Constant(&attr)) || !attr.isSplat())
        return failure();
      int64_t value = attr.getSplatValue<APInt>().getSExtValue();
      if (value >= 0 && value < count)
        index = value;
    }
    return inlineBranchInPlaceOf(rewriter, op, op.getBranches()[index]);
  }
};

} // namespace

void populateStructureSimplifications(RewritePatternSet &patterns,
                                      const SimplifyOptions &options) {
  // No rule here is exact only under fast-math; `options` is unused.
  (void)options;
  MLIRContext *context = patterns.getContext();
  patterns.add<ReduceOfUnitDims, ReduceOfEmpty, ReduceOfBroadcast,
               DotGeneralOfEmptyContraction, DynamicSliceOfConstants,
               DynamicSliceOfWhole, DynamicUpdateSliceOfWhole,
               DynamicUpdateSliceOfEmpty, DynamicReshapeOfConstant,
               DynamicBroadcastInDimOfConstant, DynamicIotaOfConstant,
               RealDynamicSliceOfConstants, DynamicPadOfConstants,
               SetDimensionSizeOfStatic, GetDimensionSizeOfStatic,
               GetTupleElementOfTuple, TupleOfElements, WhileOfFalse,
               WhileInvariantResult, IfOfConstant, IfOfSameResults,
               CaseOfConstant, TransposeOfDotGeneral>(context);
  patterns.add<DotGeneralOfTranspose>(context, /*onLhs=*/true);
  patterns.add<DotGeneralOfTranspose>(context, /*onLhs=*/false);
}

} // namespace axle::transforms

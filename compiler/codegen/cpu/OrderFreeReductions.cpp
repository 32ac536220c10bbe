//===- OrderFreeReductions.cpp - row reductions that need no order --------===//
//
// A vectorized row reduction is a loop over blocks of k whose body reduces
// a block (rows x 16 of k) into the rows' running values:
//
//   for kb: acc = read(out); acc = multi_reduction<kind>(block, acc) [k];
//           out = write(acc, out)
//
// Float sums must combine each row's elements in k order, and the
// lowering does that lane-wise after a transpose, one dependent step per
// element of k. IEEE maximum and minimum, and integer min, max, add, mul,
// and, or and xor, give the same value in any order (NaN in, NaN out; -0
// below +0). For those, the loop keeps a whole block of partial results in
// registers instead, combined elementwise with each block (independent
// operations, no transpose), and reduces them across k once after the
// loop:
//
//   part = identity; for kb: part = combine(part, block)
//   out = write(multi_reduction<kind>(part, read(out)) [k], out)
//
// That takes the transposes and the chain of dependent steps out of the
// loop. softmax over 4096 x 4096 gained only 1-3% at one thread: its row
// maxima are the pass that reads x from memory, which bounds it.
//
// Float sums and products join them where the user lets reductions
// reassociate (--reassociate-reductions, --fast-math): the elements of a
// row then add up in another order than the interpreter's. Row sums of
// 4096 x 4096 floats: 2.5-2.9 -> 2.3-2.4 ms at one thread.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/OrderFreeReductions.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace axle::cpu {

using namespace mlir;

namespace {

using vector::CombiningKind;

/// The value `kind` leaves unchanged when combined with it, for elements
/// of type `element`; null where `kind` depends on the order of its
/// operands (float add and mul, unless `reassociateFloats`) or is not
/// handled.
TypedAttr orderFreeIdentity(CombiningKind kind, Type element,
                            bool reassociateFloats) {
  if (auto floatType = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    switch (kind) {
    case CombiningKind::ADD:
      // -0 + x is x for every x, +0 included.
      if (reassociateFloats)
        return FloatAttr::get(floatType,
                              APFloat::getZero(semantics, /*Negative=*/true));
      return {};
    case CombiningKind::MUL:
      if (reassociateFloats)
        return FloatAttr::get(floatType, APFloat::getOne(semantics));
      return {};
    case CombiningKind::MAXIMUMF:
      return FloatAttr::get(floatType,
                            APFloat::getInf(semantics, /*Negative=*/true));
    case CombiningKind::MINIMUMF:
      return FloatAttr::get(floatType,
                            APFloat::getInf(semantics, /*Negative=*/false));
    default:
      return {};
    }
  }
  auto intType = dyn_cast<IntegerType>(element);
  if (!intType)
    return {};
  unsigned bits = intType.getWidth();
  switch (kind) {
  case CombiningKind::ADD:
  case CombiningKind::OR:
  case CombiningKind::XOR:
  case CombiningKind::MAXUI:
    return IntegerAttr::get(intType, APInt::getZero(bits));
  case CombiningKind::MUL:
    return IntegerAttr::get(intType, APInt(bits, 1));
  case CombiningKind::AND:
  case CombiningKind::MINUI:
    return IntegerAttr::get(intType, APInt::getAllOnes(bits));
  case CombiningKind::MAXSI:
    return IntegerAttr::get(intType, APInt::getSignedMinValue(bits));
  case CombiningKind::MINSI:
    return IntegerAttr::get(intType, APInt::getSignedMaxValue(bits));
  default:
    return {};
  }
}

/// The combining kind of a linalg body's combiner op, as the vectorizer
/// turns it into a multi_reduction.
std::optional<CombiningKind> combiningKindOf(Operation *combiner) {
  using Kind = std::optional<CombiningKind>;
  return llvm::TypeSwitch<Operation *, Kind>(combiner)
      .Case<arith::AddFOp, arith::AddIOp>(
          [](auto) { return CombiningKind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>(
          [](auto) { return CombiningKind::MUL; })
      .Case([](arith::MaximumFOp) { return CombiningKind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return CombiningKind::MINIMUMF; })
      .Case([](arith::AndIOp) { return CombiningKind::AND; })
      .Case([](arith::OrIOp) { return CombiningKind::OR; })
      .Case([](arith::XOrIOp) { return CombiningKind::XOR; })
      .Case([](arith::MaxSIOp) { return CombiningKind::MAXSI; })
      .Case([](arith::MinSIOp) { return CombiningKind::MINSI; })
      .Case([](arith::MaxUIOp) { return CombiningKind::MAXUI; })
      .Case([](arith::MinUIOp) { return CombiningKind::MINUI; })
      .Default([](Operation *) { return Kind(); });
}

/// `partials`, the loop's block of partial results, reduced over the dims
/// of `mask` into `acc`. The block of a single row (all other dims 1), 16
/// or more elements of k wide, is folded in halves down to 16 lanes,
/// elementwise, then across its lanes by a tree (vector.reduction,
/// reassociated: the order is free); any other block by a multi_reduction.
Value reducePartials(RewriterBase &rewriter, Location loc, CombiningKind kind,
                     Value partials, Value acc, ArrayRef<bool> mask) {
  auto type = cast<VectorType>(partials.getType());
  int64_t rank = type.getRank();
  bool oneRow = llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t dim) {
    return dim == rank - 1 ? mask[dim] : type.getDimSize(dim) == 1;
  });
  if (!oneRow || type.getShape().back() < 16)
    return vector::MultiDimReductionOp::create(rewriter, loc, partials, acc,
                                               mask, kind);
  while (type.getShape().back() > 16 && type.getShape().back() % 32 == 0) {
    SmallVector<int64_t> half(type.getShape());
    half.back() /= 2;
    SmallVector<int64_t> strides(rank, 1), low(rank, 0), high(rank, 0);
    high.back() = half.back();
    Value lowHalf = vector::ExtractStridedSliceOp::create(
        rewriter, loc, partials, low, half, strides);
    Value highHalf = vector::ExtractStridedSliceOp::create(
        rewriter, loc, partials, high, half, strides);
    partials =
        vector::makeArithReduction(rewriter, loc, kind, lowHalf, highHalf);
    type = cast<VectorType>(partials.getType());
  }
  auto accType = cast<VectorType>(acc.getType());
  Value lanes = vector::ShapeCastOp::create(
      rewriter, loc,
      VectorType::get({type.getShape().back()}, type.getElementType()),
      partials);
  Value start = vector::ExtractOp::create(
      rewriter, loc, acc, SmallVector<int64_t>(accType.getRank(), 0));
  auto fastMath = isa<FloatType>(type.getElementType())
                      ? arith::FastMathFlags::reassoc
                      : arith::FastMathFlags::none;
  Value total =
      vector::ReductionOp::create(rewriter, loc, kind, lanes, start, fastMath);
  return vector::BroadcastOp::create(rewriter, loc, accType, total);
}

/// `value` where it is defined outside `loop`, a copy of it where it is a
/// constant inside, else null.
Value outsideLoop(RewriterBase &rewriter, scf::ForOp loop, Value value) {
  if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
    return value;
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return {};
  return rewriter.clone(*constant)->getResult(0);
}

/// The pattern of the file comment, for one multi_reduction.
struct HoistOrderFreeReduction
    : public OpRewritePattern<vector::MultiDimReductionOp> {
  HoistOrderFreeReduction(MLIRContext *context, bool reassociateFloats)
      : OpRewritePattern(context, /*benefit=*/2),
        reassociateFloats(reassociateFloats) {}

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp reduction,
                                PatternRewriter &rewriter) const override {
    VectorType sourceType = reduction.getSourceVectorType();
    TypedAttr identity = orderFreeIdentity(
        reduction.getKind(), sourceType.getElementType(), reassociateFloats);
    if (!identity || !reduction->hasOneUse())
      return failure();
    // Only reductions over more than one element gain anything.
    int64_t reduced = 1;
    for (int64_t dim : reduction.getReductionDims())
      reduced *= sourceType.getDimSize(dim);
    if (reduced < 2)
      return failure();
    auto read = reduction.getAcc().getDefiningOp<vector::TransferReadOp>();
    auto write = dyn_cast<vector::TransferWriteOp>(*reduction->user_begin());
    if (!read || !write || write.getVector() != reduction.getDest())
      return failure();
    auto iterArg = dyn_cast<BlockArgument>(read.getBase());
    auto loop = iterArg
                    ? dyn_cast<scf::ForOp>(iterArg.getOwner()->getParentOp())
                    : scf::ForOp();
    if (!loop || write.getBase() != iterArg || !iterArg.hasNUses(2) ||
        !read->hasOneUse() || read.getMask() || write.getMask() ||
        read.getIndices() != write.getIndices() ||
        read.getPermutationMap() != write.getPermutationMap() ||
        read.getInBounds() != write.getInBounds() ||
        reduction->getParentOp() != loop.getOperation())
      return failure();
    unsigned position = iterArg.getArgNumber() - loop.getNumInductionVars();
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    if (yield.getOperand(position) != write.getResult() ||
        !write.getResult().hasOneUse())
      return failure();
    // The read and write are rebuilt after the loop, on its init.
    rewriter.setInsertionPointAfter(loop);
    SmallVector<Value> indices;
    for (Value index : read.getIndices()) {
      Value outside = outsideLoop(rewriter, loop, index);
      if (!outside)
        return failure();
      indices.push_back(outside);
    }
    Value padding = outsideLoop(rewriter, loop, read.getPadding());
    if (!padding)
      return failure();

    // What the rebuilt read, reduction and write need of the old ones.
    VectorType accType = read.getVectorType();
    AffineMap readMap = read.getPermutationMap(),
              writeMap = write.getPermutationMap();
    SmallVector<bool> readInBounds = read.getInBoundsValues(),
                      writeInBounds = write.getInBoundsValues();
    SmallVector<bool> reductionMask = reduction.getReductionMask();

    // The partial results: one more iter_arg, combined elementwise.
    Location loc = reduction.getLoc();
    rewriter.setInsertionPoint(loop);
    Value start =
        arith::ConstantOp::create(rewriter, loc, sourceType,
                                  SplatElementsAttr::get(sourceType, identity));
    Value source = reduction.getSource();
    CombiningKind kind = reduction.getKind();
    FailureOr<LoopLikeOpInterface> widened =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, ValueRange{start},
                /*replaceInitOperandUsesInLoop=*/false,
                [&](OpBuilder &builder, Location,
                    ArrayRef<BlockArgument> partial) -> SmallVector<Value> {
                  OpBuilder::InsertionGuard guard(builder);
                  builder.setInsertionPoint(reduction);
                  return {vector::makeArithReduction(builder, loc, kind, source,
                                                     partial[0])};
                });
    if (failed(widened))
      return failure();
    // The body moved into the new loop; inside it the tensor now passes
    // through unchanged.
    auto newLoop = cast<scf::ForOp>(widened->getOperation());
    rewriter.replaceOp(write, newLoop.getRegionIterArgs()[position]);
    rewriter.eraseOp(reduction);
    rewriter.eraseOp(read);
    // After it, the partial results reduce into the tensor the loop
    // started from.
    rewriter.setInsertionPointAfter(newLoop);
    Value init = newLoop.getInitArgs()[position];
    Value tensorResult = newLoop.getResult(position);
    Value accumulated = vector::TransferReadOp::create(
        rewriter, loc, accType, init, indices, padding, readMap, readInBounds);
    Value total =
        reducePartials(rewriter, loc, kind, newLoop.getResults().back(),
                       accumulated, reductionMask);
    Value written =
        vector::TransferWriteOp::create(rewriter, loc, total, init, indices,
                                        writeMap, writeInBounds)
            .getResult();
    rewriter.replaceAllUsesWith(tensorResult, written);
    return success();
  }

private:
  bool reassociateFloats;
};

} // namespace

bool isOrderFreeReduction(linalg::LinalgOp op, bool reassociateFloats) {
  if (op.getNumReductionLoops() != 1 || op->getNumRegions() != 1)
    return false;
  SmallVector<BlockArgument> outputs(op.getRegionOutputArgs());
  for (unsigned position = 0; position < outputs.size(); ++position) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(outputs, position, combiners) || combiners.size() != 1)
      return false;
    std::optional<CombiningKind> kind = combiningKindOf(combiners.front());
    if (!kind || !orderFreeIdentity(*kind, outputs[position].getType(),
                                    reassociateFloats))
      return false;
  }
  return !outputs.empty();
}

void populateOrderFreeReductionPatterns(RewritePatternSet &patterns,
                                        bool reassociateFloats) {
  patterns.add<HoistOrderFreeReduction>(patterns.getContext(),
                                        reassociateFloats);
}

} // namespace axle::cpu

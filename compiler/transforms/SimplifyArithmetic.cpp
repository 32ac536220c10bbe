//===- SimplifyArithmetic.cpp - arithmetic simplifier rules ---------------===//
//
// Algebraic identities of elementwise ops: neutral and absorbing constants,
// idempotent and involutive ops, select and compare with known outcomes,
// lossless convert chains and folding of splat constants.
//
// Every rule keeps the interpreter's result bit for bit (see
// interpreter/ops/ElementwiseOps.cpp: integers wrap, i1 add/multiply are
// or/and, floats are IEEE in the type's own precision with round to nearest
// even) for every input, NaN, -0 and infinities included. The one liberty
// taken is the one APFloat takes itself: a signaling NaN that an op would
// have quieted may stay signaling when the op is removed. Rules that hold
// only without NaN, infinities and signed zeros are guarded by
// `options.fastMath`.
//
// Rules skip quantized and (unless stated) complex element types, and
// replace an op by a value only when its type is exactly the op's result
// type. New constants are built only for static shapes.
//
//===----------------------------------------------------------------------===//

#include "compiler/transforms/Simplify.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <optional>

namespace axle::transforms {

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace {

constexpr auto kRound = APFloat::rmNearestTiesToEven;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type elementTypeOf(Value value) {
  return getElementTypeOrSelf(value.getType());
}

/// Integers and booleans (i1 is a boolean; the interpreter treats it as an
/// unsigned 1-bit integer).
bool isIntOrBool(Type type) { return llvm::isa<IntegerType>(type); }
bool isInt(Type type) { return isIntOrBool(type) && !type.isInteger(1); }
bool isBool(Type type) { return type.isInteger(1); }
bool isFloat(Type type) { return llvm::isa<FloatType>(type); }
bool isSignedInt(Type type) { return isInt(type) && !type.isUnsignedInteger(); }

/// The one element of a splat constant, looking through a broadcast_in_dim
/// of one (the usual way programs spell a scalar constant of a shape).
Attribute getSplatElement(Value value) {
  if (auto broadcast = value.getDefiningOp<hlo::BroadcastInDimOp>())
    value = broadcast.getOperand();
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return {};
  return attr.getSplatValue<Attribute>();
}

std::optional<APInt> getSplatInt(Value value) {
  if (auto attr = llvm::dyn_cast_or_null<IntegerAttr>(getSplatElement(value)))
    return attr.getValue();
  return std::nullopt;
}

std::optional<APFloat> getSplatFloat(Value value) {
  if (auto attr = llvm::dyn_cast_or_null<FloatAttr>(getSplatElement(value)))
    return attr.getValue();
  return std::nullopt;
}

bool isSplatInt(Value value, llvm::function_ref<bool(const APInt &)> pred) {
  std::optional<APInt> v = getSplatInt(value);
  return v && pred(*v);
}

bool isSplatFloat(Value value, llvm::function_ref<bool(const APFloat &)> pred) {
  std::optional<APFloat> v = getSplatFloat(value);
  return v && pred(*v);
}

bool isIntZero(Value v) {
  return isSplatInt(v, [](const APInt &x) { return x.isZero(); });
}
bool isIntOne(Value v) {
  return isSplatInt(v, [](const APInt &x) { return x.isOne(); });
}
bool isAllOnes(Value v) {
  return isSplatInt(v, [](const APInt &x) { return x.isAllOnes(); });
}
bool isFloatOne(Value v) {
  return isSplatFloat(v,
                      [](const APFloat &x) { return x.isExactlyValue(1.0); });
}

/// The smallest and largest value of an integer element type, by the
/// interpreter's signedness (i1 is unsigned).
APInt intLowest(Type type) {
  unsigned width = type.getIntOrFloatBitWidth();
  return isSignedInt(type) ? APInt::getSignedMinValue(width)
                           : APInt::getMinValue(width);
}
APInt intHighest(Type type) {
  unsigned width = type.getIntOrFloatBitWidth();
  return isSignedInt(type) ? APInt::getSignedMaxValue(width)
                           : APInt::getMaxValue(width);
}

/// A value at or below every value of the float type under IEEE maximum
/// (NaN aside, which maximum propagates anyway): -inf, or the most negative
/// finite value where the type has no infinity.
bool isFloatBottom(const APFloat &x) {
  if (x.isInfinity())
    return x.isNegative();
  if (!APFloat::semanticsHasInf(x.getSemantics()) && x.isFinite() &&
      x.isNegative())
    return x.bitwiseIsEqual(
        APFloat::getLargest(x.getSemantics(), /*Negative=*/true));
  return false;
}
bool isFloatTop(const APFloat &x) {
  if (x.isInfinity())
    return !x.isNegative();
  if (!APFloat::semanticsHasInf(x.getSemantics()) && x.isFinite() &&
      !x.isNegative())
    return x.bitwiseIsEqual(
        APFloat::getLargest(x.getSemantics(), /*Negative=*/false));
  return false;
}

/// Replaces `op` by `value` when the types agree exactly.
LogicalResult replaceWith(PatternRewriter &rewriter, Operation *op,
                          Value value) {
  if (value.getType() != op->getResult(0).getType())
    return rewriter.notifyMatchFailure(op, "type differs from the result");
  rewriter.replaceOp(op, value);
  return success();
}

/// Replaces `op` by `OpTy(x)` of `op`'s result type when `x` has that type
/// too (a unary op that keeps its operand's type).
template <typename OpTy>
LogicalResult replaceWithUnary(PatternRewriter &rewriter, Operation *op,
                               Value x) {
  Type type = op->getResult(0).getType();
  if (x.getType() != type)
    return failure();
  rewriter.replaceOpWithNewOp<OpTy>(op, type, x);
  return success();
}

/// Replaces `op` by a splat constant of its own type whose every element is
/// `element` (an attribute of the result's element type). Fails, creating
/// nothing, for dynamic shapes.
LogicalResult replaceWithSplat(PatternRewriter &rewriter, Operation *op,
                               Attribute element) {
  auto type = llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "dynamic shape");
  rewriter.replaceOp(
      op, createSplatConstant(rewriter, op->getLoc(), type, element));
  return success();
}

/// Replaces `op` by a splat of the integer `value` of its own type.
LogicalResult replaceWithIntSplat(PatternRewriter &rewriter, Operation *op,
                                  const APInt &value) {
  Type element = elementTypeOf(op->getResult(0));
  return replaceWithSplat(rewriter, op, IntegerAttr::get(element, value));
}

/// Replaces `op` by a splat of the float `value` of its own type.
LogicalResult replaceWithFloatSplat(PatternRewriter &rewriter, Operation *op,
                                    const APFloat &value) {
  Type element = elementTypeOf(op->getResult(0));
  return replaceWithSplat(rewriter, op, FloatAttr::get(element, value));
}

/// True when `c` is not(x): the operand of and/or/xor that makes the
/// result a constant whatever x is.
bool isNotOf(Value c, Value x) {
  auto notOp = c.getDefiningOp<hlo::NotOp>();
  return notOp && notOp.getOperand() == x;
}

/// Base of the rules: carries the options.
template <typename OpTy> struct Rule : public OpRewritePattern<OpTy> {
  Rule(MLIRContext *context, const SimplifyOptions &options)
      : OpRewritePattern<OpTy>(context), options(options) {}
  SimplifyOptions options;
};

/// Calls `fn(x, c)` for (lhs, rhs) and, for commutative ops, (rhs, lhs);
/// returns success at the first success.
template <typename Fn>
LogicalResult eitherOrder(Value lhs, Value rhs, bool commutative, Fn fn) {
  if (succeeded(fn(lhs, rhs)))
    return success();
  if (commutative && succeeded(fn(rhs, lhs)))
    return success();
  return failure();
}

//===----------------------------------------------------------------------===//
// add, subtract, multiply, divide, remainder, power
//===----------------------------------------------------------------------===//

/// x + 0 -> x for integers (i1: x or false). For floats only x + (-0.0) is
/// x for every x (+0 + -0 = +0, -0 + -0 = -0); x + (+0.0) turns -0 into +0,
/// so it needs fast-math.
struct AddZero : Rule<hlo::AddOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::AddOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    bool fastMath = options.fastMath;
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value c) {
      bool neutral = false;
      if (isIntOrBool(type))
        neutral = isIntZero(c);
      else if (isFloat(type))
        neutral = isSplatFloat(c, [&](const APFloat &v) {
          return v.isZero() && (v.isNegative() || fastMath);
        });
      if (!neutral)
        return failure();
      return replaceWith(rewriter, op, x);
    });
  }
};

/// x - 0 -> x for integers; for floats x - (+0.0) is x for every x (it is
/// x + (-0.0)); x - (-0.0) turns -0 into +0 and needs fast-math.
struct SubtractZero : Rule<hlo::SubtractOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::SubtractOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    Value c = op.getRhs();
    bool neutral = false;
    if (isIntOrBool(type))
      neutral = isIntZero(c);
    else if (isFloat(type))
      neutral = isSplatFloat(c, [&](const APFloat &v) {
        return v.isZero() && (!v.isNegative() || options.fastMath);
      });
    if (!neutral)
      return failure();
    return replaceWith(rewriter, op, op.getLhs());
  }
};

/// 0 - x -> negate(x) for integers (wrapping: 0 - INT_MIN = INT_MIN =
/// -INT_MIN). Not for floats: 0 - (+0) = +0 but -(+0) = -0.
struct SubtractFromZero : Rule<hlo::SubtractOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::SubtractOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isInt(type) || !isIntZero(op.getLhs()))
      return failure();
    return replaceWithUnary<hlo::NegOp>(rewriter, op, op.getRhs());
  }
};

/// x - x -> 0 for integers. For floats inf - inf and NaN - NaN are NaN, so
/// only under fast-math.
struct SubtractSelf : Rule<hlo::SubtractOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::SubtractOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (op.getLhs() != op.getRhs())
      return failure();
    if (isIntOrBool(type))
      return replaceWithIntSplat(rewriter, op,
                                 APInt(type.getIntOrFloatBitWidth(), 0));
    if (!isFloat(type) || !options.fastMath)
      return failure();
    const llvm::fltSemantics &semantics =
        llvm::cast<FloatType>(type).getFloatSemantics();
    if (!APFloat::semanticsHasZero(semantics))
      return failure();
    return replaceWithFloatSplat(rewriter, op, APFloat::getZero(semantics));
  }
};

/// x - (-y) -> x + y and x + (-y) -> x - y for integers (wrapping
/// arithmetic). Not for floats: the sign of a NaN y would differ.
struct SubtractNegate : Rule<hlo::SubtractOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::SubtractOp op,
                                PatternRewriter &rewriter) const override {
    if (!isInt(elementTypeOf(op.getResult())))
      return failure();
    auto neg = op.getRhs().getDefiningOp<hlo::NegOp>();
    if (!neg)
      return failure();
    rewriter.replaceOpWithNewOp<hlo::AddOp>(op, op.getType(), op.getLhs(),
                                            neg.getOperand());
    return success();
  }
};
struct AddNegate : Rule<hlo::AddOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::AddOp op,
                                PatternRewriter &rewriter) const override {
    if (!isInt(elementTypeOf(op.getResult())))
      return failure();
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value y) {
      auto neg = y.getDefiningOp<hlo::NegOp>();
      if (!neg)
        return failure();
      rewriter.replaceOpWithNewOp<hlo::SubtractOp>(op, op.getType(), x,
                                                   neg.getOperand());
      return success();
    });
  }
};

/// x * 1 -> x for integers (i1: x and true) and floats (IEEE x * 1 is x,
/// NaN keeping its sign and payload).
struct MultiplyOne : Rule<hlo::MulOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::MulOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value c) {
      bool one = (isIntOrBool(type) && isIntOne(c)) ||
                 (isFloat(type) && isFloatOne(c));
      if (!one)
        return failure();
      return replaceWith(rewriter, op, x);
    });
  }
};

/// x * 0 -> 0 for integers (i1: x and false). For floats inf * 0 and
/// NaN * 0 are NaN and -x * 0 is -0, so only under fast-math.
struct MultiplyZero : Rule<hlo::MulOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::MulOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value, Value c) {
      bool zero =
          (isIntOrBool(type) && isIntZero(c)) ||
          (isFloat(type) && options.fastMath &&
           isSplatFloat(c, [](const APFloat &v) { return v.isZero(); }));
      if (!zero)
        return failure();
      return replaceWith(rewriter, op, c);
    });
  }
};

/// x * -1 -> negate(x) for integers wider than one bit (wrapping: both give
/// INT_MIN for INT_MIN; for unsigned types -1 is the all-ones value, and
/// x * (2^n - 1) = -x mod 2^n). Not for floats: NaN * -1 keeps the NaN's
/// sign while negate flips it.
struct MultiplyMinusOne : Rule<hlo::MulOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::MulOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isInt(type))
      return failure();
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value c) {
      if (!isAllOnes(c))
        return failure();
      return replaceWithUnary<hlo::NegOp>(rewriter, op, x);
    });
  }
};

/// x / 1 -> x for integers and floats.
struct DivideOne : Rule<hlo::DivOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::DivOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    bool one = (isInt(type) && isIntOne(op.getRhs())) ||
               (isFloat(type) && isFloatOne(op.getRhs()));
    if (!one)
      return failure();
    return replaceWith(rewriter, op, op.getLhs());
  }
};

/// x / -1 -> negate(x) for signed integers (the interpreter, like XLA,
/// gives INT_MIN / -1 = INT_MIN, which is also -INT_MIN when wrapping).
struct DivideMinusOne : Rule<hlo::DivOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::DivOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isSignedInt(type) || !isAllOnes(op.getRhs()))
      return failure();
    return replaceWithUnary<hlo::NegOp>(rewriter, op, op.getLhs());
  }
};

/// Integer x % 1 -> 0, x % -1 -> 0 (signed), and x % x -> 0 (x % 0 = x is
/// 0 for x = 0; INT_MIN % -1 = 0).
struct RemainderToZero : Rule<hlo::RemOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::RemOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isInt(type))
      return failure();
    bool zero = op.getLhs() == op.getRhs() || isIntOne(op.getRhs()) ||
                (isSignedInt(type) && isAllOnes(op.getRhs()));
    if (!zero)
      return failure();
    return replaceWithIntSplat(rewriter, op,
                               APInt(type.getIntOrFloatBitWidth(), 0));
  }
};

/// Integer x ^ 1 -> x and x ^ 0 -> 1 (0 ^ 0 = 1). Float x ^ 0 -> 1: the
/// interpreter evaluates pow in double, and pow(x, +-0) is 1 for every x,
/// NaN included (C99 F.9.4.4).
struct PowerTrivial : Rule<hlo::PowOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::PowOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (isInt(type)) {
      if (isIntOne(op.getRhs()))
        return replaceWith(rewriter, op, op.getLhs());
      if (isIntZero(op.getRhs()))
        return replaceWithIntSplat(rewriter, op,
                                   APInt(type.getIntOrFloatBitWidth(), 1));
      return failure();
    }
    if (isFloat(type) && isSplatFloat(op.getRhs(), [](const APFloat &v) {
          return v.isZero();
        })) {
      const llvm::fltSemantics &semantics =
          llvm::cast<FloatType>(type).getFloatSemantics();
      return replaceWithFloatSplat(rewriter, op, APFloat::getOne(semantics));
    }
    return failure();
  }
};

//===----------------------------------------------------------------------===//
// and, or, xor, not
//===----------------------------------------------------------------------===//

/// and(x, -1) -> x, and(x, 0) -> 0, and(x, x) -> x, and(x, not x) -> 0.
struct AndIdentities : Rule<hlo::AndOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::AndOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isIntOrBool(type))
      return failure();
    if (op.getLhs() == op.getRhs())
      return replaceWith(rewriter, op, op.getLhs());
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value c) {
      if (isAllOnes(c))
        return replaceWith(rewriter, op, x);
      if (isIntZero(c))
        return replaceWith(rewriter, op, c);
      if (isNotOf(c, x))
        return replaceWithIntSplat(rewriter, op,
                                   APInt(type.getIntOrFloatBitWidth(), 0));
      return failure();
    });
  }
};

/// or(x, 0) -> x, or(x, -1) -> -1, or(x, x) -> x, or(x, not x) -> -1.
struct OrIdentities : Rule<hlo::OrOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::OrOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isIntOrBool(type))
      return failure();
    if (op.getLhs() == op.getRhs())
      return replaceWith(rewriter, op, op.getLhs());
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value c) {
      if (isIntZero(c))
        return replaceWith(rewriter, op, x);
      if (isAllOnes(c))
        return replaceWith(rewriter, op, c);
      if (isNotOf(c, x))
        return replaceWithIntSplat(
            rewriter, op, APInt::getAllOnes(type.getIntOrFloatBitWidth()));
      return failure();
    });
  }
};

/// xor(x, 0) -> x, xor(x, x) -> 0, xor(x, -1) -> not(x),
/// xor(x, not x) -> -1.
struct XorIdentities : Rule<hlo::XorOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::XorOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isIntOrBool(type))
      return failure();
    unsigned width = type.getIntOrFloatBitWidth();
    if (op.getLhs() == op.getRhs())
      return replaceWithIntSplat(rewriter, op, APInt(width, 0));
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value c) {
      if (isIntZero(c))
        return replaceWith(rewriter, op, x);
      if (isAllOnes(c))
        return replaceWithUnary<hlo::NotOp>(rewriter, op, x);
      if (isNotOf(c, x))
        return replaceWithIntSplat(rewriter, op, APInt::getAllOnes(width));
      return failure();
    });
  }
};

/// The comparison direction whose result is the negation of `direction`'s
/// for totally ordered operands.
hlo::ComparisonDirection invertDirection(hlo::ComparisonDirection direction) {
  using D = hlo::ComparisonDirection;
  switch (direction) {
  case D::EQ:
    return D::NE;
  case D::NE:
    return D::EQ;
  case D::LT:
    return D::GE;
  case D::GE:
    return D::LT;
  case D::GT:
    return D::LE;
  case D::LE:
    return D::GT;
  }
  llvm_unreachable("unknown comparison direction");
}

/// Operands of `compare` are totally ordered under its comparison: integers,
/// or floats compared with TOTALORDER.
bool isTotalOrderCompare(hlo::CompareOp op) {
  Type type = elementTypeOf(op.getLhs());
  if (isIntOrBool(type))
    return true;
  return isFloat(type) &&
         op.getCompareType() == hlo::ComparisonType::TOTALORDER;
}

/// not(not x) -> x; not(compare(a, b, d)) -> compare(a, b, !d) for
/// totally ordered operands (for FLOAT comparisons NaN makes both false).
struct NotIdentities : Rule<hlo::NotOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::NotOp op,
                                PatternRewriter &rewriter) const override {
    if (auto inner = op.getOperand().getDefiningOp<hlo::NotOp>())
      return replaceWith(rewriter, op, inner.getOperand());
    auto compare = op.getOperand().getDefiningOp<hlo::CompareOp>();
    if (!compare || !isTotalOrderCompare(compare) ||
        compare.getType() != op.getType())
      return failure();
    rewriter.replaceOpWithNewOp<hlo::CompareOp>(
        op, op.getType(), compare.getLhs(), compare.getRhs(),
        invertDirection(compare.getComparisonDirection()),
        compare.getCompareTypeAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// negate, abs, sign, rounding
//===----------------------------------------------------------------------===//

/// negate(negate x) -> x: integers wrap (-(-INT_MIN) = INT_MIN), floats and
/// complex numbers flip sign bits twice.
struct NegateNegate : Rule<hlo::NegOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::NegOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::NegOp>();
    if (!inner || hlo::isQuantized(elementTypeOf(op.getResult())))
      return failure();
    return replaceWith(rewriter, op, inner.getOperand());
  }
};

/// negate(a - b) -> b - a for integers (wrapping). Not for floats:
/// -(x - x) = -0 but x - x = +0.
struct NegateSubtract : Rule<hlo::NegOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::NegOp op,
                                PatternRewriter &rewriter) const override {
    auto sub = op.getOperand().getDefiningOp<hlo::SubtractOp>();
    if (!sub || !isInt(elementTypeOf(op.getResult())))
      return failure();
    rewriter.replaceOpWithNewOp<hlo::SubtractOp>(op, op.getType(), sub.getRhs(),
                                                 sub.getLhs());
    return success();
  }
};

/// abs(abs x) -> abs x (abs(INT_MIN) = INT_MIN is its own abs; a complex
/// operand's abs is a non-negative float) and abs(negate x) -> abs x
/// (|-x| = |x|: sign bit cleared either way, INT_MIN both ways, complex
/// modulus symmetric in signs).
struct AbsIdentities : Rule<hlo::AbsOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::AbsOp op,
                                PatternRewriter &rewriter) const override {
    if (hlo::isQuantized(elementTypeOf(op.getOperand())))
      return failure();
    if (auto inner = op.getOperand().getDefiningOp<hlo::AbsOp>())
      return replaceWith(rewriter, op, inner.getResult());
    if (auto neg = op.getOperand().getDefiningOp<hlo::NegOp>()) {
      rewriter.modifyOpInPlace(
          op, [&] { op.getOperandMutable().assign(neg.getOperand()); });
      return success();
    }
    return failure();
  }
};

/// sign(sign x) -> sign x for integers and floats (the result is -1, 0, 1,
/// +-0 or NaN, each its own sign). Not complex: z / |z| rounds.
struct SignSign : Rule<hlo::SignOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::SignOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    auto inner = op.getOperand().getDefiningOp<hlo::SignOp>();
    if (!inner || !(isInt(type) || isFloat(type)))
      return failure();
    return replaceWith(rewriter, op, inner.getResult());
  }
};

/// A rounding op (floor, ceil, round_nearest_afz, round_nearest_even) of a
/// value that is already integral (the result of another rounding op) is
/// that value: any rounding of an integral float, +-0, +-inf is itself.
template <typename OpTy> struct RoundOfRounded : Rule<OpTy> {
  using Rule<OpTy>::Rule;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isFloat(elementTypeOf(op.getResult())))
      return failure();
    Operation *inner = op.getOperand().getDefiningOp();
    if (!inner || !llvm::isa<hlo::FloorOp, hlo::CeilOp, hlo::RoundOp,
                             hlo::RoundNearestEvenOp>(inner))
      return failure();
    return replaceWith(rewriter, op, op.getOperand());
  }
};

//===----------------------------------------------------------------------===//
// maximum, minimum, clamp
//===----------------------------------------------------------------------===//

/// max(x, x) -> x and min(x, x) -> x for integers, floats (NaN stays the
/// same NaN) and complex numbers. With a constant: max(x, lowest) -> x,
/// min(x, highest) -> x (floats: -inf/+inf, or the extreme finite value of
/// types without infinity), and for integers max(x, highest) -> highest,
/// min(x, lowest) -> lowest (for floats a NaN x would win).
template <typename OpTy, bool isMax> struct MaxMinIdentities : Rule<OpTy> {
  using Rule<OpTy>::Rule;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (hlo::isQuantized(type))
      return failure();
    if (op.getLhs() == op.getRhs())
      return replaceWith(rewriter, op, op.getLhs());
    return eitherOrder(op.getLhs(), op.getRhs(), true, [&](Value x, Value c) {
      if (isIntOrBool(type)) {
        std::optional<APInt> v = getSplatInt(c);
        if (!v)
          return failure();
        if (*v == (isMax ? intLowest(type) : intHighest(type)))
          return replaceWith(rewriter, op, x);
        if (*v == (isMax ? intHighest(type) : intLowest(type)))
          return replaceWith(rewriter, op, c);
        return failure();
      }
      if (isFloat(type) && isSplatFloat(c, [](const APFloat &v) {
            return isMax ? isFloatBottom(v) : isFloatTop(v);
          }))
        return replaceWith(rewriter, op, x);
      return failure();
    });
  }
};

/// clamp(lowest, x, highest) -> x: clamp is min(max(x, lo), hi), and both
/// steps are the identity by the rule above. Bounds may be 0-d.
struct ClampTrivial : Rule<hlo::ClampOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::ClampOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    bool trivial = false;
    if (isIntOrBool(type)) {
      trivial =
          isSplatInt(op.getMin(),
                     [&](const APInt &v) { return v == intLowest(type); }) &&
          isSplatInt(op.getMax(),
                     [&](const APInt &v) { return v == intHighest(type); });
    } else if (isFloat(type)) {
      trivial = isSplatFloat(op.getMin(), isFloatBottom) &&
                isSplatFloat(op.getMax(), isFloatTop);
    }
    if (!trivial)
      return failure();
    return replaceWith(rewriter, op, op.getOperand());
  }
};

//===----------------------------------------------------------------------===//
// shifts
//===----------------------------------------------------------------------===//

/// Shift by 0 -> x. shift_left / shift_right_logical by the bit width or
/// more (the amount read as unsigned) -> 0.
template <typename OpTy, bool zeroWhenOutOfRange>
struct ShiftTrivial : Rule<OpTy> {
  using Rule<OpTy>::Rule;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    if (!isInt(type))
      return failure();
    std::optional<APInt> amount = getSplatInt(op.getRhs());
    if (!amount)
      return failure();
    unsigned width = type.getIntOrFloatBitWidth();
    if (amount->isZero())
      return replaceWith(rewriter, op, op.getLhs());
    if (zeroWhenOutOfRange && amount->uge(width))
      return replaceWithIntSplat(rewriter, op, APInt(width, 0));
    return failure();
  }
};

//===----------------------------------------------------------------------===//
// select, compare
//===----------------------------------------------------------------------===//

/// select(true, a, b) -> a, select(false, a, b) -> b, select(p, a, a) -> a,
/// select(not p, a, b) -> select(p, b, a).
struct SelectIdentities : Rule<hlo::SelectOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (hlo::isQuantized(elementTypeOf(op.getResult())))
      return failure();
    if (op.getOnTrue() == op.getOnFalse())
      return replaceWith(rewriter, op, op.getOnTrue());
    if (std::optional<APInt> pred = getSplatInt(op.getPred()))
      return replaceWith(rewriter, op,
                         pred->isZero() ? op.getOnFalse() : op.getOnTrue());
    if (auto notOp = op.getPred().getDefiningOp<hlo::NotOp>()) {
      rewriter.modifyOpInPlace(op, [&] {
        Value onTrue = op.getOnTrue(), onFalse = op.getOnFalse();
        op.getPredMutable().assign(notOp.getOperand());
        op.getOnTrueMutable().assign(onFalse);
        op.getOnFalseMutable().assign(onTrue);
      });
      return success();
    }
    return failure();
  }
};

/// compare(x, x): EQ, LE, GE are true and NE, LT, GT false for integers and
/// TOTALORDER floats (a value is equal to itself in the total order). FLOAT
/// comparisons of NaN are unordered, so floats need fast-math. Complex
/// values are not ordered and NaN parts break EQ: skipped.
struct CompareSelf : Rule<hlo::CompareOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::CompareOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return failure();
    Type type = elementTypeOf(op.getLhs());
    if (!isTotalOrderCompare(op) && !(isFloat(type) && options.fastMath))
      return failure();
    using D = hlo::ComparisonDirection;
    D direction = op.getComparisonDirection();
    bool value = direction == D::EQ || direction == D::LE || direction == D::GE;
    return replaceWithIntSplat(rewriter, op, APInt(1, value));
  }
};

//===----------------------------------------------------------------------===//
// convert
//===----------------------------------------------------------------------===//

/// Float types whose conversions between each other are IEEE (signed zero,
/// infinities, NaN payloads carried by shifting): conversions among them
/// depend on the value only.
bool isIeeeFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// True when converting every value of `from` to `to` is exact (the value,
/// NaN and signed zero included, survives).
bool isExactConvert(Type from, Type to) {
  if (from == to)
    return true;
  if (isBool(from))
    return isIntOrBool(to) || isIeeeFloat(to);
  if (isInt(from) && isInt(to)) {
    unsigned fromWidth = from.getIntOrFloatBitWidth();
    unsigned toWidth = to.getIntOrFloatBitWidth();
    if (from.isUnsignedInteger() == to.isUnsignedInteger())
      return toWidth >= fromWidth;
    // Unsigned to a strictly wider signed type.
    return from.isUnsignedInteger() && toWidth > fromWidth;
  }
  if (isInt(from) && isIeeeFloat(to)) {
    // Every integer of at most `precision` significant bits is exact; the
    // IEEE types' exponent range covers any integer width that passes.
    unsigned magnitudeBits =
        from.getIntOrFloatBitWidth() - (from.isUnsignedInteger() ? 0 : 1);
    return magnitudeBits <= APFloat::semanticsPrecision(
                                llvm::cast<FloatType>(to).getFloatSemantics());
  }
  if (isIeeeFloat(from) && isIeeeFloat(to)) {
    const llvm::fltSemantics &a =
        llvm::cast<FloatType>(from).getFloatSemantics();
    const llvm::fltSemantics &b = llvm::cast<FloatType>(to).getFloatSemantics();
    return APFloat::semanticsPrecision(a) <= APFloat::semanticsPrecision(b) &&
           APFloat::semanticsMaxExponent(a) <=
               APFloat::semanticsMaxExponent(b) &&
           APFloat::semanticsMinExponent(a) >= APFloat::semanticsMinExponent(b);
  }
  return false;
}

/// convert to the operand's own type -> operand.
struct ConvertSameType : Rule<hlo::ConvertOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::ConvertOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getOperand().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// convert(convert(x : A -> B) : B -> C) where A -> B is exact: the value of
/// x reaches the outer convert unchanged, and a conversion depends only on
/// the value, except that int -> int wraps where float -> int saturates. So
/// it becomes convert(x : A -> C), or x itself when C = A, unless A and C
/// are integers, B is a float and C cannot hold every A value.
struct ConvertChain : Rule<hlo::ConvertOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::ConvertOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::ConvertOp>();
    if (!inner)
      return failure();
    Value x = inner.getOperand();
    Type a = elementTypeOf(x), b = elementTypeOf(inner.getResult()),
         c = elementTypeOf(op.getResult());
    auto known = [](Type t) { return isIntOrBool(t) || isFloat(t); };
    if (!known(a) || !known(b) || !known(c) || !isExactConvert(a, b))
      return failure();
    if (isIntOrBool(a) && isFloat(b) && isInt(c) && !isExactConvert(a, c))
      return failure();
    if (x.getType() == op.getType()) {
      rewriter.replaceOp(op, x);
      return success();
    }
    rewriter.replaceOpWithNewOp<hlo::ConvertOp>(op, op.getType(), x);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Folding of splat constants
//===----------------------------------------------------------------------===//

/// Evaluates a binary op on two splat constants, the way the interpreter
/// does, and replaces it by the splat result.
template <typename OpTy> struct FoldSplatBinary : Rule<OpTy> {
  using Rule<OpTy>::Rule;

  static std::optional<APInt> evalInt(Type type, const APInt &x,
                                      const APInt &y) {
    bool isUnsigned = !isSignedInt(type);
    if constexpr (std::is_same_v<OpTy, hlo::AddOp>)
      return isBool(type) ? (x | y) : (x + y);
    else if constexpr (std::is_same_v<OpTy, hlo::SubtractOp>)
      return x - y;
    else if constexpr (std::is_same_v<OpTy, hlo::MulOp>)
      return isBool(type) ? (x & y) : (x * y);
    else if constexpr (std::is_same_v<OpTy, hlo::MaxOp>)
      return (isUnsigned ? x.ugt(y) : x.sgt(y)) ? x : y;
    else if constexpr (std::is_same_v<OpTy, hlo::MinOp>)
      return (isUnsigned ? x.ult(y) : x.slt(y)) ? x : y;
    else if constexpr (std::is_same_v<OpTy, hlo::AndOp>)
      return x & y;
    else if constexpr (std::is_same_v<OpTy, hlo::OrOp>)
      return x | y;
    else if constexpr (std::is_same_v<OpTy, hlo::XorOp>)
      return x ^ y;
    return std::nullopt;
  }

  static std::optional<APFloat> evalFloat(APFloat x, const APFloat &y) {
    if constexpr (std::is_same_v<OpTy, hlo::AddOp>) {
      x.add(y, kRound);
      return x;
    } else if constexpr (std::is_same_v<OpTy, hlo::SubtractOp>) {
      x.subtract(y, kRound);
      return x;
    } else if constexpr (std::is_same_v<OpTy, hlo::MulOp>) {
      x.multiply(y, kRound);
      return x;
    } else if constexpr (std::is_same_v<OpTy, hlo::MaxOp>) {
      return llvm::maximum(x, y);
    } else if constexpr (std::is_same_v<OpTy, hlo::MinOp>) {
      return llvm::minimum(x, y);
    }
    return std::nullopt;
  }

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    Attribute element;
    if (isIntOrBool(type)) {
      std::optional<APInt> x = getSplatInt(op.getLhs());
      std::optional<APInt> y = getSplatInt(op.getRhs());
      if (!x || !y)
        return failure();
      std::optional<APInt> r = evalInt(type, *x, *y);
      if (!r)
        return failure();
      element = IntegerAttr::get(type, *r);
    } else if (isFloat(type)) {
      std::optional<APFloat> x = getSplatFloat(op.getLhs());
      std::optional<APFloat> y = getSplatFloat(op.getRhs());
      if (!x || !y)
        return failure();
      std::optional<APFloat> r = evalFloat(*x, *y);
      if (!r)
        return failure();
      element = FloatAttr::get(type, *r);
    } else {
      return failure();
    }
    return replaceWithSplat(rewriter, op, element);
  }
};

/// negate and not of a splat constant.
struct FoldSplatNegate : Rule<hlo::NegOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::NegOp op,
                                PatternRewriter &rewriter) const override {
    Type type = elementTypeOf(op.getResult());
    Attribute element;
    if (isIntOrBool(type)) {
      std::optional<APInt> x = getSplatInt(op.getOperand());
      if (!x)
        return failure();
      element = IntegerAttr::get(type, -*x);
    } else if (isFloat(type)) {
      std::optional<APFloat> x = getSplatFloat(op.getOperand());
      if (!x)
        return failure();
      x->changeSign();
      element = FloatAttr::get(type, *x);
    } else {
      return failure();
    }
    return replaceWithSplat(rewriter, op, element);
  }
};
struct FoldSplatNot : Rule<hlo::NotOp> {
  using Rule::Rule;
  LogicalResult matchAndRewrite(hlo::NotOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<APInt> x = getSplatInt(op.getOperand());
    if (!x)
      return failure();
    return replaceWithIntSplat(rewriter, op, ~*x);
  }
};

} // namespace

void populateArithmeticSimplifications(RewritePatternSet &patterns,
                                       const SimplifyOptions &options) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      AddZero, SubtractZero, SubtractFromZero, SubtractSelf, SubtractNegate,
      AddNegate, MultiplyOne, MultiplyZero, MultiplyMinusOne, DivideOne,
      DivideMinusOne, RemainderToZero, PowerTrivial, AndIdentities,
      OrIdentities, XorIdentities, NotIdentities, NegateNegate, NegateSubtract,
      AbsIdentities, SignSign, RoundOfRounded<hlo::FloorOp>,
      RoundOfRounded<hlo::CeilOp>, RoundOfRounded<hlo::RoundOp>,
      RoundOfRounded<hlo::RoundNearestEvenOp>,
      MaxMinIdentities<hlo::MaxOp, true>, MaxMinIdentities<hlo::MinOp, false>,
      ClampTrivial, ShiftTrivial<hlo::ShiftLeftOp, true>,
      ShiftTrivial<hlo::ShiftRightLogicalOp, true>,
      ShiftTrivial<hlo::ShiftRightArithmeticOp, false>, SelectIdentities,
      CompareSelf, ConvertSameType, ConvertChain, FoldSplatBinary<hlo::AddOp>,
      FoldSplatBinary<hlo::SubtractOp>, FoldSplatBinary<hlo::MulOp>,
      FoldSplatBinary<hlo::MaxOp>, FoldSplatBinary<hlo::MinOp>,
      FoldSplatBinary<hlo::AndOp>, FoldSplatBinary<hlo::OrOp>,
      FoldSplatBinary<hlo::XorOp>, FoldSplatNegate, FoldSplatNot>(context,
                                                                  options);
}

} // namespace axle::transforms

//===- VectorMath.cpp - inline f32 exp, expm1 and tanh --------------------===//
//
// f32 math.exp, math.expm1 and math.tanh, scalar or vector, become inline
// f32 arithmetic instead of one scalar C library call per element: the
// recipes of compiler/dialect/stablehlo/F32Exponentials.h, which the
// interpreter runs on scalars, built here from MLIR operations of the op's
// own shape. Vectors stay vectors (16 f32 lanes per AVX-512 register).
// bf16 ones are extended to f32, computed the same way and rounded once,
// as the interpreter does too.
//
// Only exactly rounded IEEE operations are created, without fastmath
// flags, so every target computes the interpreter's bits. Under
// --fast-math (reassociation, contraction) the results stay close: no step
// relies on an exact add-then-subtract.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "compiler/dialect/stablehlo/F32Exponentials.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

namespace axle::cpu {
namespace {

using namespace mlir;

/// The recipes' arithmetic as MLIR operations on f32 and i32 values of one
/// shape (a scalar or a vector).
class MlirOps {
public:
  using Float = Value;
  using Int = Value;
  using Bool = Value;

  MlirOps(PatternRewriter &rewriter, Location loc, Type shape)
      : rewriter(rewriter), loc(loc) {
    floatType = rewriter.getF32Type();
    intType = rewriter.getI32Type();
    if (auto vector = dyn_cast<VectorType>(shape)) {
      floatType = vector.clone(floatType);
      intType = vector.clone(intType);
    }
  }

  Type getFloatType() const { return floatType; }

  Value constant(float value) {
    return splat(floatType, rewriter.getF32FloatAttr(value));
  }
  Value intConstant(int32_t value) {
    return splat(intType, rewriter.getI32IntegerAttr(value));
  }
  Value add(Value a, Value b) {
    return arith::AddFOp::create(rewriter, loc, a, b);
  }
  Value sub(Value a, Value b) {
    return arith::SubFOp::create(rewriter, loc, a, b);
  }
  Value mul(Value a, Value b) {
    return arith::MulFOp::create(rewriter, loc, a, b);
  }
  Value div(Value a, Value b) {
    return arith::DivFOp::create(rewriter, loc, a, b);
  }
  /// a * b + c rounded once (an instruction where the CPU has FMA, the C
  /// library's exactly rounded fma elsewhere: the same bits everywhere).
  Value fma(Value a, Value b, Value c) {
    return math::FmaOp::create(rewriter, loc, a, b, c);
  }
  Value neg(Value a) { return arith::NegFOp::create(rewriter, loc, a); }
  Value abs(Value a) { return math::AbsFOp::create(rewriter, loc, a); }
  Value roundEven(Value a) {
    return math::RoundEvenOp::create(rewriter, loc, a);
  }
  Value copySign(Value magnitude, Value sign) {
    return math::CopySignOp::create(rewriter, loc, magnitude, sign);
  }
  Value toInt(Value a) {
    return arith::FPToSIOp::create(rewriter, loc, intType, a);
  }
  Value addInt(Value a, Value b) {
    return arith::AddIOp::create(rewriter, loc, a, b);
  }
  Value subInt(Value a, Value b) {
    return arith::SubIOp::create(rewriter, loc, a, b);
  }
  Value shiftLeft(Value a, int amount) {
    return arith::ShLIOp::create(rewriter, loc, a, intConstant(amount));
  }
  Value shiftRight(Value a, int amount) {
    return arith::ShRSIOp::create(rewriter, loc, a, intConstant(amount));
  }
  Value fromBits(Value bits) {
    return arith::BitcastOp::create(rewriter, loc, floatType, bits);
  }
  Value less(Value a, Value b) {
    return compare(arith::CmpFPredicate::OLT, a, b);
  }
  Value greater(Value a, Value b) {
    return compare(arith::CmpFPredicate::OGT, a, b);
  }
  Value equal(Value a, Value b) {
    return compare(arith::CmpFPredicate::OEQ, a, b);
  }
  Value isNaN(Value a) { return compare(arith::CmpFPredicate::UNO, a, a); }
  Value select(Value condition, Value a, Value b) {
    return arith::SelectOp::create(rewriter, loc, condition, a, b);
  }

private:
  Value splat(Type type, TypedAttr attr) {
    if (auto vector = dyn_cast<VectorType>(type))
      attr = SplatElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(rewriter, loc, type, attr);
  }
  Value compare(arith::CmpFPredicate predicate, Value a, Value b) {
    return arith::CmpFOp::create(rewriter, loc, predicate, a, b);
  }

  PatternRewriter &rewriter;
  Location loc;
  Type floatType;
  Type intType;
};

using Recipe = Value (*)(MlirOps &, Value);

/// An f32 or bf16 (scalar or vector) math op as the f32 recipe, bf16
/// through extf and truncf.
template <typename MathOp, Recipe compute>
struct InlineF32Recipe : public OpRewritePattern<MathOp> {
  using OpRewritePattern<MathOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isBF16())
      return failure();
    MlirOps ops(rewriter, op.getLoc(), type);
    Value operand = op.getOperand();
    if (element.isBF16())
      operand = arith::ExtFOp::create(rewriter, op.getLoc(), ops.getFloatType(),
                                      operand);
    Value result = compute(ops, operand);
    if (element.isBF16())
      result = arith::TruncFOp::create(rewriter, op.getLoc(), type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateVectorMathPatterns(RewritePatternSet &patterns,
                                PatternBenefit benefit) {
  patterns.add<InlineF32Recipe<math::ExpOp, f32math::exp<MlirOps>>,
               InlineF32Recipe<math::ExpM1Op, f32math::expm1<MlirOps>>,
               InlineF32Recipe<math::TanhOp, f32math::tanh<MlirOps>>>(
      patterns.getContext(), benefit);
}

} // namespace axle::cpu

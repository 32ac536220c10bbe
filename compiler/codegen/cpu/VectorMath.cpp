//===- VectorMath.cpp - inline f32 math functions and narrow pow ----------===//
//
// f32 math.exp, math.expm1, math.tanh, math.log, math.log1p, math.sin,
// math.cos, math.tan, math.erf and math.erfc, scalar or vector, become
// inline arithmetic instead of one scalar C library call per element: the
// recipes of compiler/dialect/stablehlo/F32Exponentials.h,
// F32Trigonometry.h and F32Erf.h, which the interpreter runs on scalars,
// built here from MLIR operations of the op's own shape. Vectors stay
// vectors (16 f32 lanes per AVX-512 register); tanh's, erf's and erfc's
// table lookups are register permutes on AVX-512 and AVX2 (selects
// elsewhere). sin, cos and tan call the C library only for the lanes of
// |x| >= 2^30, infinities and NaN, behind a branch that vectors without
// such a lane skip. f32, f16 and bf16 math.powf compute NarrowPower.h's
// selection in f64: a constant exponent of 2, 3, 4, 1 or -1 leaves
// products (or a quotient) of f64 vectors, others one library
// pow per lane. bf16 ones are extended to f32, computed the same way and
// rounded once, as the interpreter does too.
//
// Only exactly rounded IEEE operations are created, without fastmath
// flags, so every target computes the interpreter's bits. Under
// --fast-math (reassociation, contraction) the results stay close: no step
// relies on an exact add-then-subtract.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "compiler/dialect/stablehlo/F32Erf.h"
#include "compiler/dialect/stablehlo/F32Exponentials.h"
#include "compiler/dialect/stablehlo/F32Trigonometry.h"
#include "compiler/dialect/stablehlo/NarrowPower.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

namespace axle::cpu {
namespace {

using namespace mlir;

/// The recipes' arithmetic as MLIR operations on f32, f64 and i32 values
/// of one shape (a scalar or a vector).
class MlirOps {
public:
  using Float = Value;
  using Double = Value;
  using Int = Value;
  using Bool = Value;

  MlirOps(PatternRewriter &rewriter, Location loc, Type shape, VectorIsa isa)
      : rewriter(rewriter), loc(loc), target(isa) {
    floatType = rewriter.getF32Type();
    doubleType = rewriter.getF64Type();
    intType = rewriter.getI32Type();
    if (auto vector = dyn_cast<VectorType>(shape)) {
      floatType = vector.clone(floatType);
      doubleType = vector.clone(doubleType);
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
  /// max(a - c, 0) for 0 <= a < 2^15 (a piece index from exponent bits).
  /// Vectors of one dimension take it in 16-bit lanes, where each upper
  /// half is 0 and stays 0 (max(0, c) - c), so that LLVM makes the maximum
  /// and subtraction one unsigned saturating subtraction (vpsubusw): one
  /// instruction of tanh's or erf's 33 per 16 lanes instead of two.
  Value subDownToZero(Value a, int32_t c) {
    auto vector = dyn_cast<VectorType>(a.getType());
    if (!vector || vector.getRank() != 1 || vector.isScalable())
      return arith::MaxSIOp::create(
          rewriter, loc,
          arith::SubIOp::create(rewriter, loc, a, intConstant(c)),
          intConstant(0));
    auto halves =
        VectorType::get({vector.getNumElements() * 2}, rewriter.getI16Type());
    Value wide = vector::BitCastOp::create(rewriter, loc, halves, a);
    Value bound = splat(halves, rewriter.getI16IntegerAttr(c));
    Value index = arith::SubIOp::create(
        rewriter, loc, arith::MaxUIOp::create(rewriter, loc, wide, bound),
        bound);
    return vector::BitCastOp::create(rewriter, loc, vector, index);
  }
  /// table[index] per lane, index in [0, 16): one permute per 16 lanes on
  /// AVX-512 (vpermps), two permutes of the table's halves and a select
  /// per 8 lanes on AVX2; elsewhere four levels of selects between
  /// constants, one per bit of the index.
  Value lookup(const float (&table)[16], Value index) {
    auto vector = dyn_cast<VectorType>(floatType);
    bool wholeRegisters =
        vector && vector.getRank() == 1 && !vector.isScalable();
    if (target.avx512 && wholeRegisters && vector.getNumElements() % 16 == 0)
      return byRegisters(index, 16, [&](ArrayRef<Value> part) {
        return permute("llvm.x86.avx512.permvar.sf.512", table, 16, part[0]);
      });
    if (target.avx2 && wholeRegisters && vector.getNumElements() % 8 == 0)
      return byRegisters(index, 8, [&](ArrayRef<Value> parts) -> Value {
        Value part = parts[0];
        Value upper = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ne,
            arith::AndIOp::create(
                rewriter, loc, part,
                splat(part.getType(), rewriter.getI32IntegerAttr(8))),
            splat(part.getType(), rewriter.getI32IntegerAttr(0)));
        return arith::SelectOp::create(
            rewriter, loc, upper,
            permute("llvm.x86.avx2.permps", table + 8, 8, part),
            permute("llvm.x86.avx2.permps", table, 8, part));
      });
    SmallVector<Value> level;
    for (float value : table)
      level.push_back(constant(value));
    for (int bit = 0; level.size() > 1; ++bit) {
      Value set = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne,
          arith::AndIOp::create(rewriter, loc, index, intConstant(1 << bit)),
          intConstant(0));
      SmallVector<Value> next;
      for (size_t i = 0; i < level.size(); i += 2)
        next.push_back(select(set, level[i + 1], level[i]));
      level = std::move(next);
    }
    return level.front();
  }
  /// `intrinsic`(values, index) with `values` a constant vector of `lanes`
  /// table entries: the permute picking values[index] in each lane.
  Value permute(llvm::StringRef intrinsic, const float *values, int64_t lanes,
                Value index) {
    auto type = VectorType::get({lanes}, rewriter.getF32Type());
    Value table = arith::ConstantOp::create(
        rewriter, loc, type,
        DenseElementsAttr::get(type, ArrayRef<float>(values, lanes)));
    return LLVM::CallIntrinsicOp::create(rewriter, loc, type,
                                         rewriter.getStringAttr(intrinsic),
                                         ValueRange{table, index})
        .getResult(0);
  }
  /// `build` applied to each `lanes`-wide part of the vectors `operands`
  /// (of one length), its f32 results put back together.
  Value byRegisters(ValueRange operands, int64_t lanes,
                    function_ref<Value(ArrayRef<Value>)> build) {
    int64_t total = cast<VectorType>(operands[0].getType()).getNumElements();
    if (total == lanes)
      return build(SmallVector<Value>(operands));
    Value result = constant(0.0f);
    for (int64_t offset = 0; offset < total; offset += lanes) {
      SmallVector<Value> parts;
      for (Value operand : operands)
        parts.push_back(vector::ExtractStridedSliceOp::create(
            rewriter, loc, operand, ArrayRef<int64_t>{offset},
            ArrayRef<int64_t>{lanes}, ArrayRef<int64_t>{1}));
      result = vector::InsertStridedSliceOp::create(
          rewriter, loc, build(parts), result, ArrayRef<int64_t>{offset},
          ArrayRef<int64_t>{1});
    }
    return result;
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
  Value toBits(Value a) {
    return arith::BitcastOp::create(rewriter, loc, intType, a);
  }
  Value intToFloat(Value a) {
    return arith::SIToFPOp::create(rewriter, loc, floatType, a);
  }
  bool quietUnderflow() const { return target.quietUnderflow; }
  /// a 2^n: AVX-512's vscalefps by 16 lanes where the target has it (one
  /// instruction that takes n as a float; llvm.ldexp would convert n to
  /// integers and back), else two multiplies. Both round once.
  Value scaleByPowerOfTwo(Value a, Value n) {
    if (!scalesBy16Lanes())
      return f32math::scaleByTwoMultiplies(*this, a, n);
    return scaleBy16Lanes(a, n, /*zero=*/nullptr);
  }
  /// +0 where `zero`, else a 2^n: on AVX-512 one vscalefps whose mask
  /// zeroes those lanes (a masked lane computes nothing, so nothing
  /// underflows there: no compare-and-blend before and after it).
  Value scaleByPowerOfTwoOrZero(Value a, Value n, Value zero) {
    if (!scalesBy16Lanes())
      return f32math::scaleOrZeroBySelects(*this, a, n, zero);
    return scaleBy16Lanes(a, n, zero);
  }
  bool scalesBy16Lanes() const {
    auto vector = dyn_cast<VectorType>(floatType);
    return target.avx512 && vector && vector.getRank() == 1 &&
           vector.getNumElements() % 16 == 0 && !vector.isScalable();
  }
  /// vscalefps by registers; lanes of `zero` (if given) masked to +0.
  Value scaleBy16Lanes(Value a, Value n, Value zero) {
    auto lanes = VectorType::get({16}, rewriter.getF32Type());
    Value allLanes = arith::ConstantOp::create(
        rewriter, loc, rewriter.getI16IntegerAttr(static_cast<int16_t>(-1)));
    // The rounding operand 4 (_MM_FROUND_CUR_DIRECTION): the current mode,
    // to nearest.
    Value currentRounding =
        arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(4));
    // The mask keeps the lanes not in `zero`. Where `zero` is an ordered
    // a < b, each register's mask is the compare !(a >= b) of its lanes:
    // from a negated compare of whole vectors LLVM makes each register's
    // compare and a separate knot.
    SmallVector<Value> operands{a, n};
    auto compare = zero ? zero.getDefiningOp<arith::CmpFOp>() : nullptr;
    bool lessThan =
        compare && compare.getPredicate() == arith::CmpFPredicate::OLT;
    if (lessThan)
      operands.append({compare.getLhs(), compare.getRhs()});
    else if (zero)
      operands.push_back(zero);
    return byRegisters(operands, 16, [&](ArrayRef<Value> parts) -> Value {
      Value passThrough = parts[0], mask = allLanes;
      if (zero) {
        passThrough = splat(lanes, rewriter.getF32FloatAttr(0.0f));
        Value keep =
            lessThan ? arith::CmpFOp::create(rewriter, loc,
                                             arith::CmpFPredicate::UGE,
                                             parts[2], parts[3])
                     : arith::XOrIOp::create(rewriter, loc, parts[2],
                                             splat(parts[2].getType(),
                                                   rewriter.getBoolAttr(true)))
                           .getResult();
        mask = vector::ExtractOp::create(
            rewriter, loc,
            vector::BitCastOp::create(
                rewriter, loc, VectorType::get({1}, rewriter.getI16Type()),
                keep),
            0);
      }
      return LLVM::CallIntrinsicOp::create(
                 rewriter, loc, lanes,
                 rewriter.getStringAttr("llvm.x86.avx512.mask.scalef.ps.512"),
                 ValueRange{parts[0], parts[1], passThrough, mask,
                            currentRounding})
          .getResult(0);
    });
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
    if (std::optional<double> known = constantValue(condition))
      return *known != 0 ? a : b;
    return arith::SelectOp::create(rewriter, loc, condition, a, b);
  }

  // F32Trigonometry.h's and NarrowPower.h's f64 steps.
  /// a in f64; a float constant stays a constant (exact in f64), so that
  /// wideEqual can decide on it (NarrowPower.h's constant exponents).
  Value widen(Value a) {
    if (std::optional<double> known = constantValue(a))
      return wideConstant(*known);
    return arith::ExtFOp::create(rewriter, loc, doubleType, a);
  }
  Value narrow(Value a) {
    return arith::TruncFOp::create(rewriter, loc, floatType, a);
  }
  Value wideConstant(double value) {
    return splat(doubleType, rewriter.getF64FloatAttr(value));
  }
  Value wideMul(Value a, Value b) { return mul(a, b); }
  Value wideNeg(Value a) { return neg(a); }
  Value wideFma(Value a, Value b, Value c) { return fma(a, b, c); }
  Value wideRoundEven(Value a) { return roundEven(a); }
  Value wideToInt(Value a) {
    return arith::FPToSIOp::create(rewriter, loc, intType, a);
  }
  Value wideDiv(Value a, Value b) { return div(a, b); }
  /// a == b; decided here when both are constants (arith.cmpf does not
  /// fold vectors), so that the selects of NarrowPower.h fold for a
  /// constant exponent and its library call is left unused.
  Value wideEqual(Value a, Value b) {
    std::optional<double> left = constantValue(a), right = constantValue(b);
    if (!left || !right)
      return compare(arith::CmpFPredicate::OEQ, a, b);
    Type type = rewriter.getI1Type();
    if (auto vector = dyn_cast<VectorType>(doubleType))
      type = vector.clone(type);
    return splat(type, rewriter.getBoolAttr(*left == *right));
  }
  /// The f64 math.powf, which the library lowering makes one call per lane.
  Value libraryPow(Value a, Value b) {
    return math::PowFOp::create(rewriter, loc, a, b);
  }
  Value andInt(Value a, Value b) {
    return arith::AndIOp::create(rewriter, loc, a, b);
  }
  Value nonZero(Value a) {
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, a,
                                 intConstant(0));
  }
  /// `value` where `reduced`; the other lanes call the f64 C library
  /// function (math.sin, cos or tan on f64, which the library lowering
  /// makes one call per lane) and round once, inside an scf.if that runs
  /// only when some lane needs it.
  Value library(Value reduced, Value x, Value value,
                f32math::TrigFunction function) {
    Value any = arith::XOrIOp::create(
        rewriter, loc, reduced,
        splat(reduced.getType(),
              rewriter.getIntegerAttr(rewriter.getI1Type(), 1)));
    if (isa<VectorType>(any.getType()))
      any = vector::ReductionOp::create(rewriter, loc,
                                        vector::CombiningKind::OR, any);
    auto branch = scf::IfOp::create(
        rewriter, loc, any,
        [&](OpBuilder &b, Location l) {
          Value wide = arith::ExtFOp::create(b, l, doubleType, x);
          Value called;
          switch (function) {
          case f32math::TrigFunction::Sine:
            called = math::SinOp::create(b, l, wide);
            break;
          case f32math::TrigFunction::Cosine:
            called = math::CosOp::create(b, l, wide);
            break;
          case f32math::TrigFunction::Tangent:
            called = math::TanOp::create(b, l, wide);
            break;
          }
          Value rounded = arith::TruncFOp::create(b, l, floatType, called);
          scf::YieldOp::create(
              b, l,
              ValueRange{arith::SelectOp::create(b, l, reduced, value, rounded)
                             .getResult()});
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, ValueRange{value});
        });
    return branch.getResult(0);
  }

private:
  /// The value of a float or i1 constant (splat for vectors), else none.
  static std::optional<double> constantValue(Value value) {
    Attribute attr;
    if (!matchPattern(value, m_Constant(&attr)))
      return std::nullopt;
    if (auto splat = dyn_cast<SplatElementsAttr>(attr))
      attr = splat.getSplatValue<Attribute>();
    if (auto number = dyn_cast<FloatAttr>(attr))
      return number.getValueAsDouble();
    if (auto flag = dyn_cast<IntegerAttr>(attr))
      return flag.getValue().getBoolValue() ? 1.0 : 0.0;
    return std::nullopt;
  }
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
  VectorIsa target;
  Type floatType;
  Type doubleType;
  Type intType;
};

/// f32, f16 and bf16 (scalar or vector) math.powf as NarrowPower.h's
/// selection in f64, rounded once to the op's type.
struct InlineNarrowPower : public OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isF16() && !element.isBF16())
      return failure();
    Location loc = op.getLoc();
    // Only the f64 steps are used, of the op's shape.
    MlirOps ops(rewriter, loc, type, VectorIsa{});
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(
        op, type,
        f32math::narrowPower(ops, ops.widen(op.getLhs()),
                             ops.widen(op.getRhs())));
    return success();
  }
};

using Recipe = Value (*)(MlirOps &, Value);

template <f32math::TrigFunction function>
Value sinOrCos(MlirOps &ops, Value x) {
  return f32math::sinOrCos(ops, x, function);
}

/// An f32 or bf16 (scalar or vector) math op as the f32 recipe, bf16
/// through extf and truncf.
template <typename MathOp, Recipe compute>
struct InlineF32Recipe : public OpRewritePattern<MathOp> {
  InlineF32Recipe(MLIRContext *context, PatternBenefit benefit, VectorIsa isa)
      : OpRewritePattern<MathOp>(context, benefit), isa(isa) {}

  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isBF16())
      return failure();
    MlirOps ops(rewriter, op.getLoc(), type, isa);
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

private:
  VectorIsa isa;
};

} // namespace

void populateVectorMathPatterns(RewritePatternSet &patterns,
                                PatternBenefit benefit, VectorIsa isa) {
  patterns.add<
      InlineF32Recipe<math::ExpOp, f32math::exp<MlirOps>>,
      InlineF32Recipe<math::ExpM1Op, f32math::expm1<MlirOps>>,
      InlineF32Recipe<math::TanhOp, f32math::tanh<MlirOps>>,
      InlineF32Recipe<math::ErfOp, f32math::erf<MlirOps>>,
      InlineF32Recipe<math::ErfcOp, f32math::erfc<MlirOps>>,
      InlineF32Recipe<math::LogOp, f32math::log<MlirOps>>,
      InlineF32Recipe<math::Log1pOp, f32math::log1p<MlirOps>>,
      InlineF32Recipe<math::SinOp, sinOrCos<f32math::TrigFunction::Sine>>,
      InlineF32Recipe<math::CosOp, sinOrCos<f32math::TrigFunction::Cosine>>,
      InlineF32Recipe<math::TanOp, sinOrCos<f32math::TrigFunction::Tangent>>>(
      patterns.getContext(), benefit, isa);
  patterns.add<InlineNarrowPower>(patterns.getContext(), benefit);
}

} // namespace axle::cpu

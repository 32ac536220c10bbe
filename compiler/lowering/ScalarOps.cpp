//===- ScalarOps.cpp - scalar code of elementwise stablehlo ops -----------===//
//
// The body of every elementwise linalg.generic, and of scalarized regions
// (reduction bodies, comparators), comes from here: one stablehlo op on
// scalars of its ORIGINAL element types becomes arith / math / complex ops
// on the lowered (signless) types. Integer corner cases follow XLA, as the
// interpreter does: x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, shifts by
// the bit width or more give 0 (sign fill for arithmetic shifts); float ->
// int conversion saturates and maps NaN to 0.
//
// hasScalarLowering decides, without building anything, whether an op on
// given element types has scalar code; emitScalarOp checks it first, so it
// either fails before creating any op or builds the complete code.
//
// bf16/f16 math stays in its own type (a later pass extends math ops on
// them to f32); formulas of several ops (logistic) run in f32 for them, so
// that intermediate roundings do not add up.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

bool isFloat(Type type) { return isa<FloatType>(type); }
bool isComplex(Type type) { return isa<ComplexType>(type); }
bool isInt(Type type) { return isa<IntegerType>(type); }

Value intConstant(OpBuilder &b, Location loc, Type type, const APInt &value) {
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
}
Value intConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  unsigned width = type.getIntOrFloatBitWidth();
  return intConstant(b, loc, type,
                     APInt(width, value, /*isSigned=*/true,
                           /*implicitTrunc=*/true));
}
Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
}
Value complexConstant(OpBuilder &b, Location loc, Type type, double re,
                      double im) {
  Type part = cast<ComplexType>(type).getElementType();
  return complex::ConstantOp::create(
      b, loc, type,
      b.getArrayAttr({b.getFloatAttr(part, re), b.getFloatAttr(part, im)}));
}

//===----------------------------------------------------------------------===//
// Which ops and element types have scalar code
//===----------------------------------------------------------------------===//

/// Why scalar code cannot handle element type `type`, or "" when it can:
/// integers of any width, f16, bf16, f32, f64 and complex of f32/f64.
std::string elementTypeGap(Type type) {
  auto describe = [&](StringRef what) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << what << " '" << type << "'";
    return text;
  };
  if (isInt(type))
    return "";
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    if (part.isF32() || part.isF64())
      return "";
    return describe("unsupported element type");
  }
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return "";
  if (isFloat(type))
    return describe("no support yet for element type");
  if (hlo::isQuantizedIntType(type))
    return describe("no support for quantized element type");
  return describe("unsupported element type");
}

enum Kind : unsigned { kInt = 1, kFloat = 2, kComplex = 4, kAll = 7 };

unsigned kindOf(Type type) {
  if (isInt(type))
    return kInt;
  if (isFloat(type))
    return kFloat;
  if (isComplex(type))
    return kComplex;
  return 0;
}

/// Why `op` on these ORIGINAL element types has no scalar code, or "".
std::string scalarLoweringGap(Operation *op, TypeRange operandTypes,
                              Type resultType) {
  if (operandTypes.size() != op->getNumOperands())
    return "wrong number of scalar operands";
  for (Type type : operandTypes)
    if (std::string gap = elementTypeGap(type); !gap.empty())
      return gap;
  if (std::string gap = elementTypeGap(resultType); !gap.empty())
    return gap;

  // The element kinds (of the first operand, or of clamp's operand) each
  // op accepts; std::nullopt for ops without scalar code.
  std::optional<unsigned> allowed =
      llvm::TypeSwitch<Operation *, std::optional<unsigned>>(op)
          .Case<hlo::AddOp, hlo::SubtractOp, hlo::MulOp, hlo::DivOp, hlo::MaxOp,
                hlo::MinOp, hlo::PowOp, hlo::NegOp, hlo::AbsOp, hlo::SignOp,
                hlo::SelectOp, hlo::ClampOp, hlo::ConvertOp>(
              [](Operation *) { return kAll; })
          .Case<hlo::RemOp>([](Operation *) { return kInt | kFloat; })
          .Case<hlo::AndOp, hlo::OrOp, hlo::XorOp, hlo::NotOp, hlo::ShiftLeftOp,
                hlo::ShiftRightArithmeticOp, hlo::ShiftRightLogicalOp,
                hlo::PopulationCountOp, hlo::ClzOp>(
              [](Operation *) { return kInt; })
          .Case<hlo::ExpOp, hlo::Expm1Op, hlo::LogOp, hlo::Log1pOp,
                hlo::LogisticOp, hlo::SineOp, hlo::CosineOp, hlo::TanOp,
                hlo::TanhOp, hlo::SqrtOp, hlo::RsqrtOp, hlo::CbrtOp,
                hlo::Atan2Op, hlo::RealOp, hlo::ImagOp>(
              [](Operation *) { return kFloat | kComplex; })
          .Case<hlo::CeilOp, hlo::FloorOp, hlo::RoundOp,
                hlo::RoundNearestEvenOp, hlo::IsFiniteOp,
                hlo::ReducePrecisionOp, hlo::ComplexOp>(
              [](Operation *) { return kFloat; })
          .Case<hlo::CompareOp>([](hlo::CompareOp compare) -> unsigned {
            using Dir = hlo::ComparisonDirection;
            Dir dir = compare.getComparisonDirection();
            // Complex numbers have no order, only equality.
            if (dir == Dir::EQ || dir == Dir::NE)
              return kAll;
            return kInt | kFloat;
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!allowed)
    return "no scalar lowering for this op";
  if (operandTypes.empty())
    return "no operands";
  Type type =
      isa<hlo::ClampOp, hlo::SelectOp>(op) ? operandTypes[1] : operandTypes[0];
  if (!(kindOf(type) & *allowed)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "no scalar lowering for element type '" << type << "'";
    return text;
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Scalar code
//===----------------------------------------------------------------------===//

/// Builds the scalar code of one op. `types` are the original operand
/// element types, `result` the original result element type. Only called
/// after scalarLoweringGap found nothing missing, so it always succeeds.
class ScalarEmitter {
public:
  ScalarEmitter(OpBuilder &b, Operation *op, TypeRange types, Type result,
                ValueRange args)
      : b(b), loc(op->getLoc()), op(op), types(types), result(result),
        args(args) {}

  Value emit();

private:
  bool evaluatesWide();
  Value emitWide();
  Value emitOp();

  Value x() { return args[0]; }
  Value y() { return args[1]; }
  Type t() { return types[0]; }
  Type lowered(Type type) { return convertElementType(type); }
  Value intConst(Type type, int64_t value) {
    return intConstant(b, loc, lowered(type), value);
  }
  Value cmpi(arith::CmpIPredicate pred, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, pred, lhs, rhs);
  }
  Value cmpf(arith::CmpFPredicate pred, Value lhs, Value rhs) {
    return arith::CmpFOp::create(b, loc, pred, lhs, rhs);
  }
  Value select(Value cond, Value onTrue, Value onFalse) {
    return arith::SelectOp::create(b, loc, cond, onTrue, onFalse);
  }

  template <typename IntOp, typename FloatOp, typename ComplexOp>
  Value arithmetic() {
    if (isInt(t()))
      return IntOp::create(b, loc, x(), y());
    if constexpr (!std::is_same_v<ComplexOp, void>)
      if (isComplex(t()))
        return ComplexOp::create(b, loc, x(), y());
    return FloatOp::create(b, loc, x(), y());
  }

  /// A unary function: math op for floats, complex op for complex numbers.
  template <typename MathOp, typename ComplexOp> Value unary() {
    if (isComplex(t()))
      return ComplexOp::create(b, loc, x());
    return MathOp::create(b, loc, x());
  }

  Value add();
  Value multiply();
  Value divide();
  Value remainder();
  Value maxMin(Type type, Value lhs, Value rhs, bool isMax);
  Value compare(hlo::CompareOp compare);
  Value abs();
  Value sign();
  Value logistic();
  Value expm1();
  Value power();
  Value integerPower();
  Value atan2();
  Value shift(char kind);
  Value reducePrecision(hlo::ReducePrecisionOp reduce);

  OpBuilder &b;
  Location loc;
  Operation *op;
  TypeRange types;
  Type result;
  ValueRange args;
};

Value ScalarEmitter::add() {
  // Booleans add as logical or.
  if (t().isInteger(1))
    return arith::OrIOp::create(b, loc, x(), y());
  return arithmetic<arith::AddIOp, arith::AddFOp, complex::AddOp>();
}

Value ScalarEmitter::multiply() {
  if (t().isInteger(1))
    return arith::AndIOp::create(b, loc, x(), y());
  return arithmetic<arith::MulIOp, arith::MulFOp, complex::MulOp>();
}

Value ScalarEmitter::divide() {
  if (!isInt(t()))
    return arithmetic<arith::DivSIOp, arith::DivFOp, complex::DivOp>();
  Type type = lowered(t());
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  Value allOnes = intConstant(b, loc, type, -1);
  Value byZero = cmpi(arith::CmpIPredicate::eq, y(), zero);
  if (isUnsignedInt(t())) {
    Value divisor = select(byZero, one, y());
    Value quotient = arith::DivUIOp::create(b, loc, x(), divisor);
    return select(byZero, allOnes, quotient);
  }
  unsigned width = type.getIntOrFloatBitWidth();
  Value minValue = intConstant(b, loc, type, APInt::getSignedMinValue(width));
  Value overflow = arith::AndIOp::create(
      b, loc, cmpi(arith::CmpIPredicate::eq, x(), minValue),
      cmpi(arith::CmpIPredicate::eq, y(), allOnes));
  Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
  Value divisor = select(unsafe, one, y());
  Value quotient = arith::DivSIOp::create(b, loc, x(), divisor);
  // INT_MIN / -1 divides by 1 instead, which leaves INT_MIN.
  return select(byZero, allOnes, quotient);
}

Value ScalarEmitter::remainder() {
  // fmod: the result has the sign of the dividend.
  if (isFloat(t()))
    return arith::RemFOp::create(b, loc, x(), y());
  Type type = lowered(t());
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  Value byZero = cmpi(arith::CmpIPredicate::eq, y(), zero);
  if (isUnsignedInt(t())) {
    Value divisor = select(byZero, one, y());
    Value rem = arith::RemUIOp::create(b, loc, x(), divisor);
    return select(byZero, x(), rem);
  }
  // x % -1 is 0 for every x; dividing by 1 instead avoids INT_MIN % -1.
  Value allOnes = intConstant(b, loc, type, -1);
  Value byMinusOne = cmpi(arith::CmpIPredicate::eq, y(), allOnes);
  Value unsafe = arith::OrIOp::create(b, loc, byZero, byMinusOne);
  Value divisor = select(unsafe, one, y());
  Value rem = arith::RemSIOp::create(b, loc, x(), divisor);
  return select(byZero, x(), rem);
}

Value ScalarEmitter::maxMin(Type type, Value lhs, Value rhs, bool isMax) {
  if (isFloat(type)) {
    // NaN-propagating, -0 < +0: the arith ops have exactly this meaning.
    if (isMax)
      return arith::MaximumFOp::create(b, loc, lhs, rhs);
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  }
  if (isInt(type)) {
    if (isUnsignedInt(type))
      return isMax ? Value(arith::MaxUIOp::create(b, loc, lhs, rhs))
                   : Value(arith::MinUIOp::create(b, loc, lhs, rhs));
    return isMax ? Value(arith::MaxSIOp::create(b, loc, lhs, rhs))
                 : Value(arith::MinSIOp::create(b, loc, lhs, rhs));
  }
  // Complex numbers: lexicographic on (real, imaginary); a NaN part makes
  // "lhs is greater" false, as in the interpreter.
  Value lre = complex::ReOp::create(b, loc, lhs);
  Value lim = complex::ImOp::create(b, loc, lhs);
  Value rre = complex::ReOp::create(b, loc, rhs);
  Value rim = complex::ImOp::create(b, loc, rhs);
  Value greater = arith::OrIOp::create(
      b, loc, cmpf(arith::CmpFPredicate::OGT, lre, rre),
      arith::AndIOp::create(b, loc, cmpf(arith::CmpFPredicate::OEQ, lre, rre),
                            cmpf(arith::CmpFPredicate::OGT, lim, rim)));
  return isMax ? select(greater, lhs, rhs) : select(greater, rhs, lhs);
}

Value ScalarEmitter::compare(hlo::CompareOp compare) {
  using Dir = hlo::ComparisonDirection;
  using IPred = arith::CmpIPredicate;
  Dir dir = compare.getComparisonDirection();
  auto compareType = compare.getCompareType();
  auto intPredicate = [&](bool isUnsigned) {
    switch (dir) {
    case Dir::EQ:
      return IPred::eq;
    case Dir::NE:
      return IPred::ne;
    case Dir::LT:
      return isUnsigned ? IPred::ult : IPred::slt;
    case Dir::LE:
      return isUnsigned ? IPred::ule : IPred::sle;
    case Dir::GT:
      return isUnsigned ? IPred::ugt : IPred::sgt;
    case Dir::GE:
      return isUnsigned ? IPred::uge : IPred::sge;
    }
    llvm_unreachable("unknown comparison direction");
  };
  if (isInt(t())) {
    // An explicit SIGNED/UNSIGNED comparison type overrides the type's own
    // signedness.
    bool isUnsigned = isUnsignedInt(t());
    if (compareType == hlo::ComparisonType::SIGNED)
      isUnsigned = false;
    else if (compareType == hlo::ComparisonType::UNSIGNED)
      isUnsigned = true;
    return cmpi(intPredicate(isUnsigned), x(), y());
  }
  if (isFloat(t())) {
    if (compareType == hlo::ComparisonType::TOTALORDER) {
      // Total order: compare the bits as sign-magnitude integers, mapped to
      // two's complement so that signed integer order is the total order:
      // -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
      unsigned width = t().getIntOrFloatBitWidth();
      Type intType = b.getIntegerType(width);
      auto key = [&](Value v) -> Value {
        Value bits = arith::BitcastOp::create(b, loc, intType, v);
        Value signMask = arith::ShRSIOp::create(
            b, loc, bits, intConstant(b, loc, intType, width - 1));
        Value magnitudeMask = arith::ShRUIOp::create(
            b, loc, signMask, intConstant(b, loc, intType, 1));
        return arith::XOrIOp::create(b, loc, bits, magnitudeMask);
      };
      Value kx = key(x()), ky = key(y());
      return cmpi(intPredicate(/*isUnsigned=*/false), kx, ky);
    }
    // Ordered predicates (false on NaN) except NE, which is true on NaN.
    arith::CmpFPredicate pred;
    switch (dir) {
    case Dir::EQ:
      pred = arith::CmpFPredicate::OEQ;
      break;
    case Dir::NE:
      pred = arith::CmpFPredicate::UNE;
      break;
    case Dir::LT:
      pred = arith::CmpFPredicate::OLT;
      break;
    case Dir::LE:
      pred = arith::CmpFPredicate::OLE;
      break;
    case Dir::GT:
      pred = arith::CmpFPredicate::OGT;
      break;
    case Dir::GE:
      pred = arith::CmpFPredicate::OGE;
      break;
    }
    return cmpf(pred, x(), y());
  }
  if (dir == Dir::EQ)
    return complex::EqualOp::create(b, loc, x(), y());
  return complex::NotEqualOp::create(b, loc, x(), y());
}

Value ScalarEmitter::abs() {
  if (isInt(t())) {
    // 0 - x wraps, so INT_MIN stays INT_MIN.
    Value zero = intConst(t(), 0);
    Value negative = cmpi(arith::CmpIPredicate::slt, x(), zero);
    return select(negative, arith::SubIOp::create(b, loc, zero, x()), x());
  }
  if (isFloat(t()))
    return math::AbsFOp::create(b, loc, x());
  // The modulus, a real number.
  return complex::AbsOp::create(b, loc, x());
}

Value ScalarEmitter::sign() {
  if (isInt(t())) {
    // -1 for negatives (the sign bit spread), 1 for positives, 0 for 0.
    Type type = lowered(t());
    unsigned width = type.getIntOrFloatBitWidth();
    Value spread = arith::ShRSIOp::create(b, loc, x(),
                                          intConstant(b, loc, type, width - 1));
    Value positive =
        cmpi(arith::CmpIPredicate::sgt, x(), intConstant(b, loc, type, 0));
    return select(positive, intConstant(b, loc, type, 1), spread);
  }
  if (isFloat(t())) {
    // NaN and +-0 are their own sign ("one" is false for both).
    Value zero = floatConstant(b, loc, t(), 0.0);
    Value unit = select(cmpf(arith::CmpFPredicate::OLT, x(), zero),
                        floatConstant(b, loc, t(), -1.0),
                        floatConstant(b, loc, t(), 1.0));
    return select(cmpf(arith::CmpFPredicate::ONE, x(), zero), unit, x());
  }
  // Complex: x / |x|; NaN in either part gives (NaN, NaN), zero stays.
  Type part = cast<ComplexType>(t()).getElementType();
  Value re = complex::ReOp::create(b, loc, x());
  Value im = complex::ImOp::create(b, loc, x());
  Value modulus = complex::AbsOp::create(b, loc, x());
  Value unit = complex::CreateOp::create(
      b, loc, t(), arith::DivFOp::create(b, loc, re, modulus),
      arith::DivFOp::create(b, loc, im, modulus));
  Value zero = floatConstant(b, loc, part, 0.0);
  Value isZero =
      arith::AndIOp::create(b, loc, cmpf(arith::CmpFPredicate::OEQ, re, zero),
                            cmpf(arith::CmpFPredicate::OEQ, im, zero));
  Value isNaN = cmpf(arith::CmpFPredicate::UNO, re, im);
  double nan = std::numeric_limits<double>::quiet_NaN();
  Value nanValue = complexConstant(b, loc, t(), nan, nan);
  return select(isNaN, nanValue, select(isZero, x(), unit));
}

Value ScalarEmitter::logistic() {
  if (isComplex(t())) {
    // 1 / (1 + exp(-x)).
    Value one = complexConstant(b, loc, t(), 1.0, 0.0);
    Value e =
        complex::ExpOp::create(b, loc, complex::NegOp::create(b, loc, x()));
    return complex::DivOp::create(b, loc, one,
                                  complex::AddOp::create(b, loc, one, e));
  }
  // With e = exp(-|x|) <= 1, nothing overflows: 1 / (1 + e) for x >= 0 and
  // e / (1 + e) for x < 0, which keeps tiny results (they underflow
  // gradually instead of going through 1 / inf). NaN stays NaN.
  Type type = t();
  bool narrow = type.getIntOrFloatBitWidth() < 32;
  Value value = x();
  if (narrow) {
    type = b.getF32Type();
    value = arith::ExtFOp::create(b, loc, type, value);
  }
  Value one = floatConstant(b, loc, type, 1.0);
  Value e = math::ExpOp::create(
      b, loc,
      arith::NegFOp::create(b, loc, math::AbsFOp::create(b, loc, value)));
  Value r =
      arith::DivFOp::create(b, loc, one, arith::AddFOp::create(b, loc, one, e));
  Value negative =
      cmpf(arith::CmpFPredicate::OLT, value, floatConstant(b, loc, type, 0.0));
  Value logistic = select(negative, arith::MulFOp::create(b, loc, e, r), r);
  if (narrow)
    return arith::TruncFOp::create(b, loc, t(), logistic);
  return logistic;
}

Value ScalarEmitter::expm1() {
  if (isFloat(t()))
    return math::ExpM1Op::create(b, loc, x());
  // exp(x + iy) - 1 = (expm1(x) cos(y) - 2 sin^2(y / 2)) + i exp(x) sin(y):
  // no cancellation against 1 in either part for small x or y (the
  // complex dialect's expm1 forms exp(x) as expm1(x) + 1, which loses the
  // imaginary part's bits for negative x).
  Type part = cast<ComplexType>(t()).getElementType();
  Value re = complex::ReOp::create(b, loc, x());
  Value im = complex::ImOp::create(b, loc, x());
  Value halfSine = math::SinOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, im, floatConstant(b, loc, part, 0.5)));
  Value cosMinusOne =
      arith::MulFOp::create(b, loc, floatConstant(b, loc, part, -2.0),
                            arith::MulFOp::create(b, loc, halfSine, halfSine));
  Value real = arith::AddFOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, math::ExpM1Op::create(b, loc, re),
                            math::CosOp::create(b, loc, im)),
      cosMinusOne);
  Value imag = arith::MulFOp::create(b, loc, math::ExpOp::create(b, loc, re),
                                     math::SinOp::create(b, loc, im));
  return complex::CreateOp::create(b, loc, t(), real, imag);
}

Value ScalarEmitter::integerPower() {
  // Square and multiply over the bits of the exponent (read as unsigned),
  // wrapping like the interpreter's APInt arithmetic. A negative signed
  // exponent gives 0, except for the bases 1 (1) and -1 (+-1).
  Type type = lowered(t());
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  Value exponent = y();
  Value negative;
  if (!isUnsignedInt(t())) {
    negative = cmpi(arith::CmpIPredicate::slt, exponent, zero);
    exponent = select(negative, zero, exponent);
  }
  SmallVector<Type> loopTypes(3, type);
  auto loop = scf::WhileOp::create(
      b, loc, loopTypes, ValueRange{one, x(), exponent},
      [&](OpBuilder &nb, Location nl, ValueRange state) {
        Value more = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ne,
                                           state[2], zero);
        scf::ConditionOp::create(nb, nl, more, state);
      },
      [&](OpBuilder &nb, Location nl, ValueRange state) {
        Value acc = state[0], base = state[1], exp = state[2];
        Value odd = arith::TruncIOp::create(nb, nl, nb.getI1Type(), exp);
        Value product = arith::MulIOp::create(nb, nl, acc, base);
        Value nextAcc = arith::SelectOp::create(nb, nl, odd, product, acc);
        Value nextBase = arith::MulIOp::create(nb, nl, base, base);
        Value nextExp = arith::ShRUIOp::create(nb, nl, exp, one);
        scf::YieldOp::create(nb, nl, ValueRange{nextAcc, nextBase, nextExp});
      });
  Value power = loop.getResult(0);
  if (!negative)
    return power;
  Value allOnes = intConstant(b, loc, type, -1);
  Value oddExponent = arith::TruncIOp::create(b, loc, b.getI1Type(), y());
  Value ofMinusOne = select(oddExponent, allOnes, one);
  Value reciprocal = select(
      cmpi(arith::CmpIPredicate::eq, x(), one), one,
      select(cmpi(arith::CmpIPredicate::eq, x(), allOnes), ofMinusOne, zero));
  return select(negative, reciprocal, power);
}

Value ScalarEmitter::power() {
  if (isInt(t()))
    return integerPower();
  if (isComplex(t()))
    return complex::PowOp::create(b, loc, x(), y());
  return math::PowFOp::create(b, loc, x(), y());
}

Value ScalarEmitter::atan2() {
  if (isFloat(t()))
    return math::Atan2Op::create(b, loc, x(), y());
  // Complex atan2(y, x) = -i * log((x + i y) / sqrt(x^2 + y^2)), the
  // interpreter's formula; lhs is y, rhs is x.
  Value lhs = x(), rhs = y();
  Value i = complexConstant(b, loc, t(), 0.0, 1.0);
  Value minusI = complexConstant(b, loc, t(), 0.0, -1.0);
  Value numerator = complex::AddOp::create(
      b, loc, rhs, complex::MulOp::create(b, loc, i, lhs));
  Value squares =
      complex::AddOp::create(b, loc, complex::MulOp::create(b, loc, rhs, rhs),
                             complex::MulOp::create(b, loc, lhs, lhs));
  Value quotient = complex::DivOp::create(
      b, loc, numerator, complex::SqrtOp::create(b, loc, squares));
  return complex::MulOp::create(b, loc, minusI,
                                complex::LogOp::create(b, loc, quotient));
}

Value ScalarEmitter::shift(char kind) {
  // The amount is read as unsigned (negative amounts are huge); amounts of
  // the width or more shift everything out. The shift itself is poison
  // then, which the select discards (arithmetic shifts by width - 1
  // instead, which is their answer: the sign bit everywhere).
  Type type = lowered(t());
  unsigned width = type.getIntOrFloatBitWidth();
  Value widthValue = intConstant(b, loc, type, width);
  Value outOfRange = cmpi(arith::CmpIPredicate::uge, y(), widthValue);
  if (kind == 'a') {
    Value amount =
        select(outOfRange, intConstant(b, loc, type, width - 1), y());
    return arith::ShRSIOp::create(b, loc, x(), amount);
  }
  Value shifted = kind == 'l' ? Value(arith::ShLIOp::create(b, loc, x(), y()))
                              : Value(arith::ShRUIOp::create(b, loc, x(), y()));
  return select(outOfRange, intConstant(b, loc, type, 0), shifted);
}

Value ScalarEmitter::reducePrecision(hlo::ReducePrecisionOp reduce) {
  // On the bits of the float, as the interpreter does: round the fraction
  // to `mantissa` bits (nearest even), then values whose exponent is above
  // the narrow format's largest become infinity and values below its
  // smallest normal exponent become zero (keeping the sign). NaN, infinity
  // and zero stay what they are.
  auto floatType = cast<FloatType>(t());
  const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
  unsigned width = floatType.getWidth();
  int64_t fractionBits = llvm::APFloat::semanticsPrecision(semantics) - 1;
  int64_t typeExponentBits = width - 1 - fractionBits;
  int64_t bias = (int64_t(1) << (typeExponentBits - 1)) - 1;
  int64_t exponentBits = reduce.getExponentBits();
  int64_t mantissaBits = reduce.getMantissaBits();
  // The largest exponent of the narrow format.
  // exponent_bits beyond 40 behave like 40: both range checks are out of
  // reach of every type's values already.
  int64_t maxExponent =
      (int64_t(1) << (std::min<int64_t>(exponentBits, 40) - 1)) - 1;

  Type intType = b.getIntegerType(width);
  auto bitsConstant = [&](const APInt &value) {
    return intConstant(b, loc, intType, value);
  };
  APInt signMask = APInt::getSignMask(width);
  APInt infBits =
      APInt(width, (int64_t(1) << typeExponentBits) - 1).shl(fractionBits);

  Value bits = arith::BitcastOp::create(b, loc, intType, x());
  Value sign = arith::AndIOp::create(b, loc, bits, bitsConstant(signMask));
  Value magnitude =
      arith::AndIOp::create(b, loc, bits, bitsConstant(~signMask));
  Value rounded = magnitude;
  if (mantissaBits < fractionBits) {
    int64_t dropped = fractionBits - mantissaBits;
    Value lastKept = arith::AndIOp::create(
        b, loc,
        arith::ShRUIOp::create(b, loc, magnitude,
                               bitsConstant(APInt(width, dropped))),
        bitsConstant(APInt(width, 1)));
    Value half = bitsConstant(APInt::getLowBitsSet(width, dropped - 1));
    Value sum = arith::AddIOp::create(
        b, loc, magnitude, arith::AddIOp::create(b, loc, half, lastKept));
    rounded = arith::AndIOp::create(
        b, loc, sum, bitsConstant(~APInt::getLowBitsSet(width, dropped)));
  }
  // The exponent grows with the magnitude bits, so both range checks are
  // comparisons of the rounded magnitude with the bits of a power of two.
  // Overflow: at least 2^(maxExponent + 1) (or infinity).
  APInt overflowBits =
      maxExponent >= bias
          ? infBits
          : APInt(width, maxExponent + 1 + bias).shl(fractionBits);
  // Underflow: below 2^(1 - maxExponent), which may be a subnormal of the
  // type or below its smallest one (then nothing underflows).
  int64_t minExponent = 1 - maxExponent;
  APInt underflowBits(width, 0);
  if (minExponent >= 1 - bias) {
    underflowBits = APInt(width, minExponent + bias).shl(fractionBits);
  } else {
    int64_t position = minExponent - (1 - bias - fractionBits);
    if (position >= 0)
      underflowBits = APInt::getOneBitSet(width, position);
  }
  Value overflows =
      cmpi(arith::CmpIPredicate::uge, rounded, bitsConstant(overflowBits));
  Value underflows =
      cmpi(arith::CmpIPredicate::ult, rounded, bitsConstant(underflowBits));
  Value magnitudeResult =
      select(overflows, bitsConstant(infBits),
             select(underflows, bitsConstant(APInt(width, 0)), rounded));
  Value resultBits = arith::OrIOp::create(b, loc, sign, magnitudeResult);
  Value reduced = arith::BitcastOp::create(b, loc, t(), resultBits);
  Value special =
      cmpi(arith::CmpIPredicate::uge, magnitude, bitsConstant(infBits));
  return select(special, x(), reduced);
}

/// complex<f32> products, quotients and functions are evaluated on
/// complex<f64> and rounded once, as the interpreter does: in f32 the
/// cancellation in re = ac - bd (and the several roundings inside the
/// complex dialect's formulas) loses many bits of a small part.
bool ScalarEmitter::evaluatesWide() {
  auto complexType = dyn_cast<ComplexType>(t());
  if (!complexType || !complexType.getElementType().isF32())
    return false;
  return isa<hlo::MulOp, hlo::DivOp, hlo::PowOp, hlo::Atan2Op, hlo::AbsOp,
             hlo::SignOp, hlo::ExpOp, hlo::Expm1Op, hlo::LogOp, hlo::Log1pOp,
             hlo::LogisticOp, hlo::SineOp, hlo::CosineOp, hlo::TanOp,
             hlo::TanhOp, hlo::SqrtOp, hlo::RsqrtOp, hlo::CbrtOp>(op);
}

Value ScalarEmitter::emitWide() {
  Type f64 = b.getF64Type();
  Type wideComplex = ComplexType::get(f64);
  auto widen = [&](Type type) -> Type {
    return isa<ComplexType>(type) ? wideComplex : f64;
  };
  SmallVector<Type> wideTypes;
  SmallVector<Value> wideArgs;
  for (auto [type, arg] : llvm::zip(types, args)) {
    wideTypes.push_back(widen(type));
    Value narrowRe = complex::ReOp::create(b, loc, arg);
    Value narrowIm = complex::ImOp::create(b, loc, arg);
    Value re = arith::ExtFOp::create(b, loc, f64, narrowRe);
    Value im = arith::ExtFOp::create(b, loc, f64, narrowIm);
    wideArgs.push_back(complex::CreateOp::create(b, loc, wideComplex, re, im));
  }
  Value wide =
      ScalarEmitter(b, op, wideTypes, widen(result), wideArgs).emitOp();
  if (!isa<ComplexType>(result))
    return arith::TruncFOp::create(b, loc, result, wide);
  Type f32 = b.getF32Type();
  Value wideRe = complex::ReOp::create(b, loc, wide);
  Value wideIm = complex::ImOp::create(b, loc, wide);
  Value re = arith::TruncFOp::create(b, loc, f32, wideRe);
  Value im = arith::TruncFOp::create(b, loc, f32, wideIm);
  return complex::CreateOp::create(b, loc, result, re, im);
}

Value ScalarEmitter::emit() {
  if (evaluatesWide())
    return emitWide();
  return emitOp();
}

Value ScalarEmitter::emitOp() {
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](hlo::AddOp) { return add(); })
      .Case([&](hlo::SubtractOp) {
        return arithmetic<arith::SubIOp, arith::SubFOp, complex::SubOp>();
      })
      .Case([&](hlo::MulOp) { return multiply(); })
      .Case([&](hlo::DivOp) { return divide(); })
      .Case([&](hlo::RemOp) { return remainder(); })
      .Case([&](hlo::MaxOp) { return maxMin(t(), x(), y(), true); })
      .Case([&](hlo::MinOp) { return maxMin(t(), x(), y(), false); })
      .Case([&](hlo::AndOp) {
        return arithmetic<arith::AndIOp, arith::AndIOp, void>();
      })
      .Case([&](hlo::OrOp) {
        return arithmetic<arith::OrIOp, arith::OrIOp, void>();
      })
      .Case([&](hlo::XorOp) {
        return arithmetic<arith::XOrIOp, arith::XOrIOp, void>();
      })
      .Case([&](hlo::NotOp) -> Value {
        // Bitwise not; for booleans the all-ones constant is `true`.
        return arith::XOrIOp::create(b, loc, x(), intConst(t(), -1));
      })
      .Case([&](hlo::ShiftLeftOp) { return shift('l'); })
      .Case([&](hlo::ShiftRightArithmeticOp) { return shift('a'); })
      .Case([&](hlo::ShiftRightLogicalOp) { return shift('r'); })
      .Case([&](hlo::PopulationCountOp) -> Value {
        return math::CtPopOp::create(b, loc, x());
      })
      .Case([&](hlo::ClzOp) -> Value {
        return math::CountLeadingZerosOp::create(b, loc, x());
      })
      .Case([&](hlo::CompareOp compareOp) { return compare(compareOp); })
      .Case([&](hlo::SelectOp) -> Value {
        return select(args[0], args[1], args[2]);
      })
      .Case([&](hlo::ClampOp) -> Value {
        // clamp(min, x, max) = minimum(maximum(x, min), max).
        Type type = types[1];
        Value low = maxMin(type, args[1], args[0], /*isMax=*/true);
        return maxMin(type, low, args[2], /*isMax=*/false);
      })
      .Case([&](hlo::ConvertOp) -> Value {
        return emitScalarConvert(b, loc, x(), t(), result);
      })
      .Case([&](hlo::NegOp) -> Value {
        if (isInt(t()))
          return arith::SubIOp::create(b, loc, intConst(t(), 0), x());
        if (isFloat(t()))
          return arith::NegFOp::create(b, loc, x());
        return complex::NegOp::create(b, loc, x());
      })
      .Case([&](hlo::AbsOp) { return abs(); })
      .Case([&](hlo::SignOp) { return sign(); })
      .Case([&](hlo::ExpOp) { return unary<math::ExpOp, complex::ExpOp>(); })
      .Case([&](hlo::Expm1Op) { return expm1(); })
      .Case([&](hlo::LogOp) { return unary<math::LogOp, complex::LogOp>(); })
      .Case([&](hlo::Log1pOp) {
        return unary<math::Log1pOp, complex::Log1pOp>();
      })
      .Case([&](hlo::LogisticOp) { return logistic(); })
      .Case([&](hlo::SineOp) { return unary<math::SinOp, complex::SinOp>(); })
      .Case([&](hlo::CosineOp) { return unary<math::CosOp, complex::CosOp>(); })
      .Case([&](hlo::TanOp) { return unary<math::TanOp, complex::TanOp>(); })
      .Case([&](hlo::TanhOp) { return unary<math::TanhOp, complex::TanhOp>(); })
      .Case([&](hlo::SqrtOp) { return unary<math::SqrtOp, complex::SqrtOp>(); })
      .Case([&](hlo::RsqrtOp) {
        return unary<math::RsqrtOp, complex::RsqrtOp>();
      })
      .Case([&](hlo::CbrtOp) -> Value {
        if (isFloat(t()))
          return math::CbrtOp::create(b, loc, x());
        // The principal cube root, x^(1/3), as the interpreter computes it.
        Value third = complexConstant(b, loc, t(), 1.0 / 3.0, 0.0);
        return complex::PowOp::create(b, loc, x(), third);
      })
      .Case([&](hlo::CeilOp) -> Value {
        return math::CeilOp::create(b, loc, x());
      })
      .Case([&](hlo::FloorOp) -> Value {
        return math::FloorOp::create(b, loc, x());
      })
      .Case([&](hlo::RoundOp) -> Value {
        // Ties away from zero.
        return math::RoundOp::create(b, loc, x());
      })
      .Case([&](hlo::RoundNearestEvenOp) -> Value {
        return math::RoundEvenOp::create(b, loc, x());
      })
      .Case([&](hlo::IsFiniteOp) -> Value {
        return math::IsFiniteOp::create(b, loc, x());
      })
      .Case([&](hlo::RealOp) -> Value {
        if (isComplex(t()))
          return complex::ReOp::create(b, loc, x());
        return x();
      })
      .Case([&](hlo::ImagOp) -> Value {
        if (isComplex(t()))
          return complex::ImOp::create(b, loc, x());
        return floatConstant(b, loc, result, 0.0);
      })
      .Case([&](hlo::ComplexOp) -> Value {
        return complex::CreateOp::create(b, loc, result, x(), y());
      })
      .Case([&](hlo::PowOp) { return power(); })
      .Case([&](hlo::Atan2Op) { return atan2(); })
      .Case([&](hlo::ReducePrecisionOp reduce) {
        return reducePrecision(reduce);
      })
      .Default([&](Operation *) -> Value {
        llvm_unreachable("scalarLoweringGap admitted an op without code");
      });
}

} // namespace

bool hasScalarLowering(Operation *op, TypeRange operandTypes, Type resultType,
                       std::string *why) {
  std::string gap = scalarLoweringGap(op, operandTypes, resultType);
  if (why)
    *why = gap;
  return gap.empty();
}

FailureOr<Value> emitScalarOp(OpBuilder &b, Operation *op,
                              TypeRange operandTypes, Type resultType,
                              ValueRange args) {
  // Check everything before creating anything, so that a failure leaves no
  // half-built code behind.
  std::string why;
  if (!hasScalarLowering(op, operandTypes, resultType, &why)) {
    (void)unsupported(op, why);
    return failure();
  }
  return ScalarEmitter(b, op, operandTypes, resultType, args).emit();
}
Value emitScalarConvert(OpBuilder &b, Location loc, Value value, Type from,
                        Type to) {
  if (from == to)
    return value;
  Type target = convertElementType(to);
  // To bool: any nonzero value (NaN included) is true.
  if (to.isInteger(1)) {
    if (isInt(from))
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                   intConstant(b, loc, value.getType(), 0));
    if (isFloat(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   floatConstant(b, loc, from, 0.0));
    auto part = cast<ComplexType>(from).getElementType();
    Value zero = floatConstant(b, loc, part, 0.0);
    Value re = complex::ReOp::create(b, loc, value);
    Value im = complex::ImOp::create(b, loc, value);
    return arith::OrIOp::create(
        b, loc,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, re, zero),
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, im, zero));
  }
  // From complex to a real type: the real part.
  if (auto complexType = dyn_cast<ComplexType>(from)) {
    if (auto toComplex = dyn_cast<ComplexType>(to)) {
      Type part = toComplex.getElementType();
      Value re = emitScalarConvert(b, loc, complex::ReOp::create(b, loc, value),
                                   complexType.getElementType(), part);
      Value im = emitScalarConvert(b, loc, complex::ImOp::create(b, loc, value),
                                   complexType.getElementType(), part);
      return complex::CreateOp::create(b, loc, to, re, im);
    }
    return emitScalarConvert(b, loc, complex::ReOp::create(b, loc, value),
                             complexType.getElementType(), to);
  }
  if (auto toComplex = dyn_cast<ComplexType>(to)) {
    Type part = toComplex.getElementType();
    Value re = emitScalarConvert(b, loc, value, from, part);
    return complex::CreateOp::create(b, loc, to, re,
                                     floatConstant(b, loc, part, 0.0));
  }
  if (isInt(from) && isInt(to)) {
    unsigned fromWidth = from.getIntOrFloatBitWidth();
    unsigned toWidth = to.getIntOrFloatBitWidth();
    if (fromWidth == toWidth)
      return value;
    if (fromWidth > toWidth)
      return arith::TruncIOp::create(b, loc, target, value);
    if (isUnsignedInt(from))
      return arith::ExtUIOp::create(b, loc, target, value);
    return arith::ExtSIOp::create(b, loc, target, value);
  }
  if (isInt(from)) {
    if (isUnsignedInt(from))
      return arith::UIToFPOp::create(b, loc, target, value);
    return arith::SIToFPOp::create(b, loc, target, value);
  }
  if (isFloat(to)) {
    unsigned fromWidth = from.getIntOrFloatBitWidth();
    unsigned toWidth = to.getIntOrFloatBitWidth();
    if (fromWidth < toWidth ||
        (fromWidth == toWidth &&
         APFloat::getSizeInBits(cast<FloatType>(from).getFloatSemantics()) <
             APFloat::getSizeInBits(cast<FloatType>(to).getFloatSemantics())))
      return arith::ExtFOp::create(b, loc, target, value);
    if (fromWidth == toWidth) {
      // f16 <-> bf16: through f32, which holds both exactly.
      Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
      return arith::TruncFOp::create(b, loc, target, wide);
    }
    return arith::TruncFOp::create(b, loc, target, value);
  }
  // Float to integer: saturate, NaN -> 0, round toward zero.
  unsigned width = to.getIntOrFloatBitWidth();
  bool toUnsigned = to.isUnsignedInteger();
  APInt maxInt =
      toUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
  APInt minInt =
      toUnsigned ? APInt::getZero(width) : APInt::getSignedMinValue(width);
  // The bounds as floats: -2^(w-1) (or 0) and 2^(w-1) (or 2^w), exact in
  // every float type or rounded to infinity, which compares the same way.
  auto floatType = cast<FloatType>(from);
  APFloat upper(floatType.getFloatSemantics());
  APInt upperInt =
      APInt::getOneBitSet(width + 1, toUnsigned ? width : width - 1);
  bool losesInfo = false;
  (void)upper.convertFromAPInt(upperInt, /*isSigned=*/false,
                               APFloat::rmNearestTiesToEven);
  APFloat lower(floatType.getFloatSemantics());
  (void)lower.convertFromAPInt(minInt.sext(width + 1), /*isSigned=*/true,
                               APFloat::rmNearestTiesToEven);
  (void)losesInfo;
  Value upperValue =
      arith::ConstantOp::create(b, loc, from, b.getFloatAttr(from, upper));
  Value lowerValue =
      arith::ConstantOp::create(b, loc, from, b.getFloatAttr(from, lower));
  Value tooBig = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, value,
                                       upperValue);
  Value tooSmall = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE,
                                         value, lowerValue);
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  // Feed the conversion only in-range values so it is never poison.
  Value zeroFloat = floatConstant(b, loc, from, 0.0);
  Value unsafe = arith::OrIOp::create(
      b, loc, arith::OrIOp::create(b, loc, tooBig, tooSmall), isNaN);
  Value safe = arith::SelectOp::create(b, loc, unsafe, zeroFloat, value);
  Value converted = toUnsigned
                        ? Value(arith::FPToUIOp::create(b, loc, target, safe))
                        : Value(arith::FPToSIOp::create(b, loc, target, safe));
  Value result = arith::SelectOp::create(
      b, loc, tooBig, intConstant(b, loc, target, maxInt), converted);
  return arith::SelectOp::create(b, loc, tooSmall,
                                 intConstant(b, loc, target, minInt), result);
}

} // namespace axle::lowering

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
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

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
  return intConstant(b, loc, type, APInt(width, value, /*isSigned=*/true));
}
Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
}

/// Builds the scalar code of one op. `types` are the original operand
/// element types, `result` the original result element type.
class ScalarEmitter {
public:
  ScalarEmitter(OpBuilder &b, Operation *op, TypeRange types, Type result,
                ValueRange args)
      : b(b), loc(op->getLoc()), op(op), types(types), result(result),
        args(args) {}

  FailureOr<Value> emit();

private:
  Value x() { return args[0]; }
  Value y() { return args[1]; }
  Type t() { return types[0]; }
  Type lowered(Type type) { return convertElementType(type); }

  FailureOr<Value> fail(const Twine &why) {
    (void)unsupported(op, why);
    return failure();
  }

  template <typename IntOp, typename FloatOp, typename ComplexOp>
  FailureOr<Value> arithmetic() {
    if (isInt(t()))
      return Value(IntOp::create(b, loc, x(), y()));
    if (isFloat(t()))
      return Value(FloatOp::create(b, loc, x(), y()));
    if constexpr (!std::is_same_v<ComplexOp, void>)
      if (isComplex(t()))
        return Value(ComplexOp::create(b, loc, x(), y()));
    return fail("unsupported element type");
  }

  FailureOr<Value> add();
  FailureOr<Value> multiply();
  FailureOr<Value> divide();
  FailureOr<Value> remainder();
  FailureOr<Value> maxMin(bool isMax);
  FailureOr<Value> compare(hlo::CompareOp compare);

  OpBuilder &b;
  Location loc;
  Operation *op;
  TypeRange types;
  Type result;
  ValueRange args;
};

FailureOr<Value> ScalarEmitter::add() {
  // Booleans add as logical or.
  if (t().isInteger(1))
    return Value(arith::OrIOp::create(b, loc, x(), y()));
  return arithmetic<arith::AddIOp, arith::AddFOp, complex::AddOp>();
}

FailureOr<Value> ScalarEmitter::multiply() {
  if (t().isInteger(1))
    return Value(arith::AndIOp::create(b, loc, x(), y()));
  return arithmetic<arith::MulIOp, arith::MulFOp, complex::MulOp>();
}

FailureOr<Value> ScalarEmitter::divide() {
  if (!isInt(t()))
    return arithmetic<arith::DivSIOp, arith::DivFOp, complex::DivOp>();
  Type type = lowered(t());
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  Value allOnes = intConstant(b, loc, type, -1);
  Value byZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y(), zero);
  if (isUnsignedInt(t())) {
    Value divisor = arith::SelectOp::create(b, loc, byZero, one, y());
    Value quotient = arith::DivUIOp::create(b, loc, x(), divisor);
    return Value(arith::SelectOp::create(b, loc, byZero, allOnes, quotient));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  Value minValue = intConstant(b, loc, type, APInt::getSignedMinValue(width));
  Value overflow = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x(), minValue),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y(), allOnes));
  Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
  Value divisor = arith::SelectOp::create(b, loc, unsafe, one, y());
  Value quotient = arith::DivSIOp::create(b, loc, x(), divisor);
  // INT_MIN / -1 divides by 1 instead, which leaves INT_MIN.
  return Value(arith::SelectOp::create(b, loc, byZero, allOnes, quotient));
}

FailureOr<Value> ScalarEmitter::remainder() {
  if (isFloat(t()))
    return Value(arith::RemFOp::create(b, loc, x(), y()));
  if (!isInt(t()))
    return fail("remainder of complex numbers");
  Type type = lowered(t());
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  Value byZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y(), zero);
  if (isUnsignedInt(t())) {
    Value divisor = arith::SelectOp::create(b, loc, byZero, one, y());
    Value rem = arith::RemUIOp::create(b, loc, x(), divisor);
    return Value(arith::SelectOp::create(b, loc, byZero, x(), rem));
  }
  // x % -1 is 0 for every x; dividing by 1 instead avoids INT_MIN % -1.
  Value allOnes = intConstant(b, loc, type, -1);
  Value byMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y(), allOnes);
  Value unsafe = arith::OrIOp::create(b, loc, byZero, byMinusOne);
  Value divisor = arith::SelectOp::create(b, loc, unsafe, one, y());
  Value rem = arith::RemSIOp::create(b, loc, x(), divisor);
  return Value(arith::SelectOp::create(b, loc, byZero, x(), rem));
}

FailureOr<Value> ScalarEmitter::maxMin(bool isMax) {
  if (isFloat(t())) {
    // NaN-propagating, -0 < +0: the arith ops have exactly this meaning.
    if (isMax)
      return Value(arith::MaximumFOp::create(b, loc, x(), y()));
    return Value(arith::MinimumFOp::create(b, loc, x(), y()));
  }
  if (isInt(t())) {
    if (isUnsignedInt(t()))
      return isMax ? Value(arith::MaxUIOp::create(b, loc, x(), y()))
                   : Value(arith::MinUIOp::create(b, loc, x(), y()));
    return isMax ? Value(arith::MaxSIOp::create(b, loc, x(), y()))
                 : Value(arith::MinSIOp::create(b, loc, x(), y()));
  }
  return fail("maximum/minimum of complex numbers");
}

FailureOr<Value> ScalarEmitter::compare(hlo::CompareOp compare) {
  using Dir = hlo::ComparisonDirection;
  Dir dir = compare.getComparisonDirection();
  if (isInt(t())) {
    bool isUnsigned = isUnsignedInt(t());
    arith::CmpIPredicate pred;
    switch (dir) {
    case Dir::EQ:
      pred = arith::CmpIPredicate::eq;
      break;
    case Dir::NE:
      pred = arith::CmpIPredicate::ne;
      break;
    case Dir::LT:
      pred = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      break;
    case Dir::LE:
      pred = isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
      break;
    case Dir::GT:
      pred = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      break;
    case Dir::GE:
      pred = isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
      break;
    }
    return Value(arith::CmpIOp::create(b, loc, pred, x(), y()));
  }
  if (isFloat(t())) {
    auto compareType = compare.getCompareType();
    if (compareType && *compareType == hlo::ComparisonType::TOTALORDER) {
      // Total order: compare the bits as sign-magnitude integers, mapped to
      // two's complement so that signed integer order is the total order.
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
      arith::CmpIPredicate pred;
      switch (dir) {
      case Dir::EQ:
        pred = arith::CmpIPredicate::eq;
        break;
      case Dir::NE:
        pred = arith::CmpIPredicate::ne;
        break;
      case Dir::LT:
        pred = arith::CmpIPredicate::slt;
        break;
      case Dir::LE:
        pred = arith::CmpIPredicate::sle;
        break;
      case Dir::GT:
        pred = arith::CmpIPredicate::sgt;
        break;
      case Dir::GE:
        pred = arith::CmpIPredicate::sge;
        break;
      }
      return Value(arith::CmpIOp::create(b, loc, pred, kx, ky));
    }
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
    return Value(arith::CmpFOp::create(b, loc, pred, x(), y()));
  }
  if (isComplex(t())) {
    if (dir == Dir::EQ)
      return Value(complex::EqualOp::create(b, loc, x(), y()));
    if (dir == Dir::NE)
      return Value(complex::NotEqualOp::create(b, loc, x(), y()));
  }
  return fail("comparison of this element type");
}

FailureOr<Value> ScalarEmitter::emit() {
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](hlo::AddOp) { return add(); })
      .Case([&](hlo::SubtractOp) {
        return arithmetic<arith::SubIOp, arith::SubFOp, complex::SubOp>();
      })
      .Case([&](hlo::MulOp) { return multiply(); })
      .Case([&](hlo::DivOp) { return divide(); })
      .Case([&](hlo::RemOp) { return remainder(); })
      .Case([&](hlo::MaxOp) { return maxMin(true); })
      .Case([&](hlo::MinOp) { return maxMin(false); })
      .Case([&](hlo::AndOp) {
        return arithmetic<arith::AndIOp, arith::AndIOp, void>();
      })
      .Case([&](hlo::OrOp) {
        return arithmetic<arith::OrIOp, arith::OrIOp, void>();
      })
      .Case([&](hlo::XorOp) {
        return arithmetic<arith::XOrIOp, arith::XOrIOp, void>();
      })
      .Case([&](hlo::CompareOp compareOp) { return compare(compareOp); })
      .Case([&](hlo::SelectOp) -> FailureOr<Value> {
        return Value(
            arith::SelectOp::create(b, loc, args[0], args[1], args[2]));
      })
      .Case([&](hlo::ConvertOp) -> FailureOr<Value> {
        return emitScalarConvert(b, loc, x(), t(), result);
      })
      .Case([&](hlo::NegOp) -> FailureOr<Value> {
        if (isInt(t()))
          return Value(arith::SubIOp::create(
              b, loc, intConstant(b, loc, lowered(t()), 0), x()));
        if (isFloat(t()))
          return Value(arith::NegFOp::create(b, loc, x()));
        return Value(complex::NegOp::create(b, loc, x()));
      })
      .Case([&](hlo::ExpOp) -> FailureOr<Value> {
        if (isComplex(t()))
          return Value(complex::ExpOp::create(b, loc, x()));
        return Value(math::ExpOp::create(b, loc, x()));
      })
      .Case([&](hlo::LogOp) -> FailureOr<Value> {
        if (isComplex(t()))
          return Value(complex::LogOp::create(b, loc, x()));
        return Value(math::LogOp::create(b, loc, x()));
      })
      .Case([&](hlo::TanhOp) -> FailureOr<Value> {
        if (isComplex(t()))
          return Value(complex::TanhOp::create(b, loc, x()));
        return Value(math::TanhOp::create(b, loc, x()));
      })
      .Default([&](Operation *) { return fail("no scalar lowering yet"); });
}

} // namespace

FailureOr<Value> emitScalarOp(OpBuilder &b, Operation *op,
                              TypeRange operandTypes, Type resultType,
                              ValueRange args) {
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

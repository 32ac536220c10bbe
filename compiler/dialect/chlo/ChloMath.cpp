//===- ChloMath.cpp - elementwise stablehlo arithmetic builder ------------===//

#include "compiler/dialect/chlo/ChloMath.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::chlo {

MathBuilder::MathBuilder(OpBuilder &builder, Location loc, Value shapeSource)
    : b(builder), location(loc),
      shape(llvm::cast<RankedTensorType>(shapeSource.getType())),
      shapeSource(shapeSource) {}

RankedTensorType MathBuilder::tensorOf(Type elementType) const {
  return RankedTensorType::get(shape.getShape(), elementType);
}

Type MathBuilder::elementType(Value value) {
  return llvm::cast<ShapedType>(value.getType()).getElementType();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// The shape as a 1-D i64 tensor, built once, for dynamic splats.
Value MathBuilder::shapeTensor() {
  if (dynamicShape)
    return dynamicShape;
  Type i64 = b.getI64Type();
  auto scalarType = RankedTensorType::get({}, b.getI32Type());
  auto oneType = RankedTensorType::get({1}, i64);
  SmallVector<Value> dims;
  for (int64_t d = 0; d < shape.getRank(); ++d) {
    Value size = hlo::GetDimensionSizeOp::create(
        b, location, scalarType, shapeSource, static_cast<uint64_t>(d));
    Value wide = hlo::ConvertOp::create(
        b, location, TypeRange{RankedTensorType::get({}, i64)},
        ValueRange{size});
    dims.push_back(hlo::ReshapeOp::create(b, location, oneType, wide));
  }
  auto resultType = RankedTensorType::get({shape.getRank()}, i64);
  if (dims.size() == 1)
    dynamicShape = dims.front();
  else
    dynamicShape = hlo::ConcatenateOp::create(b, location, resultType, dims,
                                              static_cast<uint64_t>(0));
  return dynamicShape;
}

static Value splatOf(OpBuilder &b, Location loc, RankedTensorType shape,
                     Value shapeTensor, TypedAttr scalar) {
  if (shape.hasStaticShape()) {
    auto type = RankedTensorType::get(shape.getShape(), scalar.getType());
    return hlo::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, scalar));
  }
  auto scalarType = RankedTensorType::get({}, scalar.getType());
  Value value = hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(scalarType, scalar));
  auto type = RankedTensorType::get(shape.getShape(), scalar.getType());
  return hlo::DynamicBroadcastInDimOp::create(
      b, loc, type, value, shapeTensor, ArrayRef<int64_t>{}, nullptr, nullptr);
}

Value MathBuilder::splat(Type elementType, double value) {
  TypedAttr attr;
  if (auto floatType = llvm::dyn_cast<FloatType>(elementType)) {
    APFloat converted(value);
    bool lost;
    converted.convert(floatType.getFloatSemantics(),
                      APFloat::rmNearestTiesToEven, &lost);
    attr = FloatAttr::get(floatType, converted);
  } else {
    auto intType = llvm::cast<IntegerType>(elementType);
    attr = IntegerAttr::get(
        intType, APInt(intType.getWidth(),
                       static_cast<uint64_t>(static_cast<int64_t>(value)),
                       /*isSigned=*/true));
  }
  return splatOf(b, location, shape,
                 shape.hasStaticShape() ? Value() : shapeTensor(), attr);
}

Value MathBuilder::splatInt(Type elementType, const APInt &value) {
  auto attr = IntegerAttr::get(elementType, value);
  return splatOf(b, location, shape,
                 shape.hasStaticShape() ? Value() : shapeTensor(), attr);
}

Value MathBuilder::splatInt(Type elementType, int64_t value) {
  unsigned width = llvm::cast<IntegerType>(elementType).getWidth();
  return splatInt(elementType,
                  APInt(width, static_cast<uint64_t>(value), /*isSigned=*/true,
                        /*implicitTrunc=*/true));
}

double MathBuilder::largest(Type floatType) {
  const auto &sem = llvm::cast<FloatType>(floatType).getFloatSemantics();
  return APFloat::getLargest(sem).convertToDouble();
}

double MathBuilder::smallestNormal(Type floatType) {
  const auto &sem = llvm::cast<FloatType>(floatType).getFloatSemantics();
  return APFloat::getSmallestNormalized(sem).convertToDouble();
}

double MathBuilder::epsilon(Type floatType) {
  return std::ldexp(1.0, 1 - mantissaBits(floatType));
}

int MathBuilder::mantissaBits(Type floatType) {
  const auto &sem = llvm::cast<FloatType>(floatType).getFloatSemantics();
  return APFloat::semanticsPrecision(sem);
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

template <typename OpTy> Value MathBuilder::unary(Value a) {
  return OpTy::create(b, location, TypeRange{a.getType()}, ValueRange{a});
}

template <typename OpTy> Value MathBuilder::binary(Value x, Value y) {
  return OpTy::create(b, location, TypeRange{x.getType()}, ValueRange{x, y});
}

Value MathBuilder::add(Value a, Value c) { return binary<hlo::AddOp>(a, c); }
Value MathBuilder::sub(Value a, Value c) {
  return binary<hlo::SubtractOp>(a, c);
}
Value MathBuilder::mul(Value a, Value c) { return binary<hlo::MulOp>(a, c); }
Value MathBuilder::div(Value a, Value c) { return binary<hlo::DivOp>(a, c); }
Value MathBuilder::rem(Value a, Value c) { return binary<hlo::RemOp>(a, c); }
Value MathBuilder::max(Value a, Value c) { return binary<hlo::MaxOp>(a, c); }
Value MathBuilder::min(Value a, Value c) { return binary<hlo::MinOp>(a, c); }
Value MathBuilder::pow(Value a, Value c) { return binary<hlo::PowOp>(a, c); }
Value MathBuilder::atan2(Value y, Value x) {
  return binary<hlo::Atan2Op>(y, x);
}
Value MathBuilder::shiftLeft(Value a, Value c) {
  return binary<hlo::ShiftLeftOp>(a, c);
}
Value MathBuilder::shiftRightLogical(Value a, Value c) {
  return binary<hlo::ShiftRightLogicalOp>(a, c);
}
Value MathBuilder::shiftRightArithmetic(Value a, Value c) {
  return binary<hlo::ShiftRightArithmeticOp>(a, c);
}
Value MathBuilder::neg(Value a) { return unary<hlo::NegOp>(a); }
Value MathBuilder::abs(Value a) { return unary<hlo::AbsOp>(a); }
Value MathBuilder::exp(Value a) { return unary<hlo::ExpOp>(a); }
Value MathBuilder::expm1(Value a) { return unary<hlo::Expm1Op>(a); }
Value MathBuilder::log(Value a) { return unary<hlo::LogOp>(a); }
Value MathBuilder::log1p(Value a) { return unary<hlo::Log1pOp>(a); }
Value MathBuilder::sqrt(Value a) { return unary<hlo::SqrtOp>(a); }
Value MathBuilder::sin(Value a) { return unary<hlo::SineOp>(a); }
Value MathBuilder::cos(Value a) { return unary<hlo::CosineOp>(a); }
Value MathBuilder::tan(Value a) { return unary<hlo::TanOp>(a); }
Value MathBuilder::tanh(Value a) { return unary<hlo::TanhOp>(a); }
Value MathBuilder::floor(Value a) { return unary<hlo::FloorOp>(a); }
Value MathBuilder::round(Value a) { return unary<hlo::RoundNearestEvenOp>(a); }
Value MathBuilder::notOp(Value a) { return unary<hlo::NotOp>(a); }
Value MathBuilder::andOp(Value a, Value c) { return binary<hlo::AndOp>(a, c); }
Value MathBuilder::orOp(Value a, Value c) { return binary<hlo::OrOp>(a, c); }
Value MathBuilder::xorOp(Value a, Value c) { return binary<hlo::XorOp>(a, c); }

Value MathBuilder::isFinite(Value a) {
  return hlo::IsFiniteOp::create(
      b, location, TypeRange{tensorOf(b.getI1Type())}, ValueRange{a});
}

Value MathBuilder::cmp(hlo::ComparisonDirection direction, Value x, Value y) {
  Type element = elementType(x);
  hlo::ComparisonType kind = hlo::ComparisonType::SIGNED;
  if (llvm::isa<FloatType>(element))
    kind = hlo::ComparisonType::FLOAT;
  else if (element.isUnsignedInteger() || element.isInteger(1))
    kind = hlo::ComparisonType::UNSIGNED;
  MLIRContext *ctx = b.getContext();
  return hlo::CompareOp::create(
      b, location, tensorOf(b.getI1Type()), x, y,
      hlo::ComparisonDirectionAttr::get(ctx, direction),
      hlo::ComparisonTypeAttr::get(ctx, kind));
}

Value MathBuilder::select(Value pred, Value onTrue, Value onFalse) {
  return hlo::SelectOp::create(b, location, TypeRange{onTrue.getType()},
                               ValueRange{pred, onTrue, onFalse});
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

Value MathBuilder::convert(Value a, Type elementType) {
  if (MathBuilder::elementType(a) == elementType)
    return a;
  return hlo::ConvertOp::create(b, location, TypeRange{tensorOf(elementType)},
                                ValueRange{a});
}

Value MathBuilder::bitcast(Value a, Type elementType) {
  return hlo::BitcastConvertOp::create(
      b, location, TypeRange{tensorOf(elementType)}, ValueRange{a});
}

Type MathBuilder::bitsType(Type floatType) {
  return b.getIntegerType(floatType.getIntOrFloatBitWidth());
}

Type MathBuilder::computeType(Type floatType) {
  if (floatType.isF32() || floatType.isF64())
    return floatType;
  return Float32Type::get(floatType.getContext());
}

Value MathBuilder::widen(Value a) {
  return convert(a, computeType(elementType(a)));
}

Value MathBuilder::narrow(Value a, Type elementType) {
  return convert(a, elementType);
}

//===----------------------------------------------------------------------===//
// Complex numbers
//===----------------------------------------------------------------------===//

Value MathBuilder::real(Value z) {
  Type part = llvm::cast<ComplexType>(elementType(z)).getElementType();
  return hlo::RealOp::create(b, location, TypeRange{tensorOf(part)},
                             ValueRange{z});
}

Value MathBuilder::imag(Value z) {
  Type part = llvm::cast<ComplexType>(elementType(z)).getElementType();
  return hlo::ImagOp::create(b, location, TypeRange{tensorOf(part)},
                             ValueRange{z});
}

Value MathBuilder::complex(Value re, Value im) {
  Type type = tensorOf(ComplexType::get(elementType(re)));
  return hlo::ComplexOp::create(b, location, TypeRange{type},
                                ValueRange{re, im});
}

//===----------------------------------------------------------------------===//
// Compound helpers
//===----------------------------------------------------------------------===//

Value MathBuilder::copySign(Value mag, Value sign) {
  Type floatType = elementType(mag);
  Type bits = bitsType(floatType);
  unsigned width = floatType.getIntOrFloatBitWidth();
  APInt signMask = APInt::getSignMask(width);
  Value magBits = bitcast(mag, bits);
  Value signBits = bitcast(sign, bits);
  Value cleared = andOp(magBits, splatInt(bits, ~signMask));
  Value signOnly = andOp(signBits, splatInt(bits, signMask));
  return bitcast(orOp(cleared, signOnly), floatType);
}

Value MathBuilder::polynomial(Value x, ArrayRef<double> coeffs) {
  Value result = cst(x, coeffs.back());
  for (double c : llvm::reverse(coeffs.drop_back()))
    result = add(mul(result, x), cst(x, c));
  return result;
}

Value MathBuilder::chebyshev(Value s, ArrayRef<double> coeffs) {
  // b_k = c_k + 2 s b_{k+1} - b_{k+2}; result = c_0 + s b_1 - b_2.
  Value twoS = add(s, s);
  Value b1 = cst(s, 0.0), b2 = cst(s, 0.0);
  for (double c : llvm::reverse(coeffs.drop_front())) {
    Value next = add(sub(mul(twoS, b1), b2), cst(s, c));
    b2 = b1;
    b1 = next;
  }
  return add(sub(mul(s, b1), b2), cst(s, coeffs.front()));
}

Value MathBuilder::pick(Value like, ArrayRef<Value> preds,
                        ArrayRef<double> values) {
  Value result = cst(like, values.front());
  if (llvm::all_equal(values))
    return result;
  for (auto [pred, value] : llvm::zip(preds, values.drop_front()))
    result = select(pred, cst(like, value), result);
  return result;
}

Value MathBuilder::piecewiseChebyshev(
    Value x, const PiecewiseChebyshev &table,
    llvm::function_ref<Value(Value, Value)> mapVariable) {
  int64_t pieces = table.pieces();
  // preds[i]: x lies in piece i + 1 or later.
  SmallVector<Value> preds;
  for (int64_t i = 1; i < pieces; ++i)
    preds.push_back(ge(x, cst(x, table.bounds[i])));
  Value lo = pick(x, preds, table.bounds.drop_back());
  Value hi = pick(x, preds, table.bounds.drop_front());
  Value s = mapVariable(lo, hi);
  // Clenshaw with the coefficients of each element's piece.
  Value twoS = add(s, s);
  Value b1 = cst(s, 0.0), b2 = cst(s, 0.0);
  SmallVector<double> column(pieces);
  auto coefficient = [&](int64_t k) {
    for (int64_t i = 0; i < pieces; ++i)
      column[i] = table.at(i, k);
    return pick(s, preds, column);
  };
  for (int64_t k = table.width - 1; k >= 1; --k) {
    Value next = add(sub(mul(twoS, b1), b2), coefficient(k));
    b2 = b1;
    b1 = next;
  }
  return add(sub(mul(s, b1), b2), coefficient(0));
}

Value MathBuilder::expNegSquare(Value x) {
  // x = hi + lo with hi holding at most half the significand bits, so that
  // hi * hi is exact; then x^2 = hi^2 + lo (x + hi) and
  // exp(-x^2) = exp(-hi^2) exp(-lo (x + hi)).
  Type floatType = elementType(x);
  Type bits = bitsType(floatType);
  int dropped = (mantissaBits(floatType) + 1) / 2;
  unsigned width = floatType.getIntOrFloatBitWidth();
  APInt mask = ~APInt::getLowBitsSet(width, dropped);
  Value hi = bitcast(andOp(bitcast(x, bits), splatInt(bits, mask)), floatType);
  Value lo = sub(x, hi);
  // exp(-hi^2) (1 + expm1(-t)) rather than a product of two exponentials,
  // which compilers may merge back into exp(-(hi^2 + t)).
  Value big = exp(neg(mul(hi, hi)));
  Value small = expm1(neg(mul(lo, add(x, hi))));
  return add(big, mul(big, small));
}

} // namespace axle::chlo

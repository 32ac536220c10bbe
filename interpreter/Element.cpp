//===- Element.cpp - one value of a StableHLO element type ----------------===//

#include "interpreter/Element.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

namespace axle::interp {

const llvm::fltSemantics &semanticsOf(Type floatType) {
  return llvm::cast<FloatType>(floatType).getFloatSemantics();
}

static APFloat roundedFloat(Type floatType, double value) {
  APFloat result(value);
  bool losesInfo = false;
  result.convert(semanticsOf(floatType), APFloat::rmNearestTiesToEven,
                 &losesInfo);
  return result;
}

Element Element::zero(Type type) {
  if (auto complex = llvm::dyn_cast<ComplexType>(type)) {
    const auto &semantics = semanticsOf(complex.getElementType());
    return Element(APFloat::getZero(semantics), APFloat::getZero(semantics));
  }
  if (llvm::isa<FloatType>(type))
    return Element(APFloat::getZero(semanticsOf(type)));
  return Element(APInt(type.getIntOrFloatBitWidth(), 0));
}

Element Element::fromInt(Type type, int64_t value) {
  if (llvm::isa<FloatType, ComplexType>(type))
    return fromDouble(type, static_cast<double>(value));
  return Element(APInt(type.getIntOrFloatBitWidth(), value, /*isSigned=*/true,
                       /*implicitTrunc=*/true));
}

Element Element::fromDouble(Type type, double value) {
  if (auto complex = llvm::dyn_cast<ComplexType>(type))
    return fromComplex(type, {value, 0.0});
  if (llvm::isa<FloatType>(type))
    return Element(roundedFloat(type, value));
  if (type.isInteger(1))
    return Element(APInt(1, value != 0.0));
  return fromInt(type, static_cast<int64_t>(value));
}

Element Element::fromComplex(Type type, std::complex<double> value) {
  Type part = llvm::cast<ComplexType>(type).getElementType();
  return Element(roundedFloat(part, value.real()),
                 roundedFloat(part, value.imag()));
}

double Element::toDouble() const {
  if (isFloat()) {
    APFloat copy = getFloat();
    bool losesInfo = false;
    copy.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
    return copy.convertToDouble();
  }
  if (isComplex())
    return toComplexDouble().real();
  return static_cast<double>(getInt().getSExtValue());
}

std::complex<double> Element::toComplexDouble() const {
  if (!isComplex())
    return {toDouble(), 0.0};
  auto toDoubleOf = [](APFloat part) {
    bool losesInfo = false;
    part.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
    return part.convertToDouble();
  };
  return {toDoubleOf(getComplex().first), toDoubleOf(getComplex().second)};
}

bool Element::bitwiseEqual(const Element &other) const {
  if (isInt() && other.isInt())
    return getInt() == other.getInt();
  if (isFloat() && other.isFloat())
    return getFloat().bitwiseIsEqual(other.getFloat());
  if (isComplex() && other.isComplex())
    return getComplex().first.bitwiseIsEqual(other.getComplex().first) &&
           getComplex().second.bitwiseIsEqual(other.getComplex().second);
  return false;
}

static void printFloat(llvm::raw_ostream &os, const APFloat &value) {
  if (value.isNaN()) {
    os << (value.isNegative() ? "-nan" : "nan");
    return;
  }
  if (value.isInfinity()) {
    os << (value.isNegative() ? "-inf" : "inf");
    return;
  }
  // The shortest decimal that reads back as the same value.
  llvm::SmallString<32> text;
  value.toString(text);
  os << text;
}

std::string Element::toString(Type type) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (isFloat()) {
    printFloat(os, getFloat());
  } else if (isComplex()) {
    os << '(';
    printFloat(os, getComplex().first);
    os << ", ";
    printFloat(os, getComplex().second);
    os << ')';
  } else if (type.isInteger(1)) {
    os << (getInt().isZero() ? "false" : "true");
  } else if (type.isUnsignedInteger()) {
    os << getInt().getZExtValue();
  } else {
    os << getInt().getSExtValue();
  }
  return text;
}

} // namespace axle::interp

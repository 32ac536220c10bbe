//===- Element.h - one value of a StableHLO element type --------*- C++ -*-===//
//
// An Element holds a single value of any element type the interpreter
// evaluates: booleans and integers as APInt (of the type's width), floats as
// APFloat (in the type's own semantics, so every f4/f6/f8/bf16/... rounds as
// that type does), complex numbers as a pair of APFloats. Quantized tensors
// hold their storage integers.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_ELEMENT_H
#define AXLE_INTERPRETER_ELEMENT_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <complex>
#include <string>
#include <variant>

namespace axle::interp {

class Element {
public:
  using Complex = std::pair<llvm::APFloat, llvm::APFloat>;

  Element() = default;
  explicit Element(llvm::APInt value) : value(std::move(value)) {}
  explicit Element(llvm::APFloat value) : value(std::move(value)) {}
  Element(llvm::APFloat real, llvm::APFloat imag)
      : value(Complex(std::move(real), std::move(imag))) {}

  /// The zero of `type` (false, 0, +0.0, (0, 0)).
  static Element zero(mlir::Type type);
  /// `value` converted to `type`: integers from a signed 64-bit value,
  /// floats and complex (real part) rounded to nearest even.
  static Element fromInt(mlir::Type type, int64_t value);
  static Element fromDouble(mlir::Type type, double value);
  static Element fromComplex(mlir::Type type, std::complex<double> value);

  bool isInt() const { return std::holds_alternative<llvm::APInt>(value); }
  bool isFloat() const { return std::holds_alternative<llvm::APFloat>(value); }
  bool isComplex() const { return std::holds_alternative<Complex>(value); }

  const llvm::APInt &getInt() const { return std::get<llvm::APInt>(value); }
  const llvm::APFloat &getFloat() const {
    return std::get<llvm::APFloat>(value);
  }
  const Complex &getComplex() const { return std::get<Complex>(value); }

  /// The value as a double (floats: exact or rounded; integers need the
  /// signedness of their type).
  double toDouble() const;
  std::complex<double> toComplexDouble() const;
  int64_t toSigned() const { return getInt().getSExtValue(); }
  uint64_t toUnsigned() const { return getInt().getZExtValue(); }

  /// Bitwise identity (NaN payloads and the sign of zero count).
  bool bitwiseEqual(const Element &other) const;

  /// Prints the value as a literal of `type` would spell it.
  std::string toString(mlir::Type type) const;

private:
  std::variant<llvm::APInt, llvm::APFloat, Complex> value;
};

/// Semantics of an MLIR float type.
const llvm::fltSemantics &semanticsOf(mlir::Type floatType);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_ELEMENT_H

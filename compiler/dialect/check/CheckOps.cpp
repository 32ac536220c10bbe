//===- CheckOps.cpp - check op syntax and verifiers -----------------------===//
//
// The custom pieces of the check ops' assembly (one written type standing
// for two operands, `, key = value` options) and their verifiers.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/check/Check.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir;
using namespace axle::check;

//===----------------------------------------------------------------------===//
// Assembly helpers
//===----------------------------------------------------------------------===//

/// `check.expect_eq %a, %b : T` writes one type for both operands.
static ParseResult parseSameType(OpAsmParser &parser, Type lhsType,
                                 Type &rhsType) {
  rhsType = lhsType;
  return success();
}

static void printSameType(OpAsmPrinter &printer, Operation *op, Type lhsType,
                          Type rhsType) {}

/// The operand of a `*_const` op has the type of the literal it is compared
/// with: `check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi64>`.
static ParseResult parseTypeOfLiteral(OpAsmParser &parser, Attribute value,
                                      Type &operandType) {
  operandType = llvm::cast<TypedAttr>(value).getType();
  return success();
}

static void printTypeOfLiteral(OpAsmPrinter &printer, Operation *op,
                               Attribute value, Type operandType) {}

/// Parses `, key = value` options until no comma follows. `parseValue`
/// parses the value of `key` or reports an unknown key, naming the valid
/// ones.
static ParseResult
parseKeyValueOptions(OpAsmParser &parser,
                     function_ref<ParseResult(StringRef key)> parseValue) {
  llvm::SmallVector<std::string> seen;
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc keyLoc = parser.getCurrentLocation();
    std::string key;
    if (parser.parseKeywordOrString(&key))
      return failure();
    if (llvm::is_contained(seen, key))
      return parser.emitError(keyLoc, "option '") << key << "' given twice";
    seen.push_back(key);
    if (parser.parseEqual())
      return failure();
    if (parseValue(key))
      return failure();
  }
  return success();
}

/// `, tolerance = 0.1` of check.expect_almost_eq.
static ParseResult parseOptions(OpAsmParser &parser, FloatAttr &tolerance) {
  return parseKeyValueOptions(parser, [&](StringRef key) -> ParseResult {
    llvm::SMLoc loc = parser.getCurrentLocation();
    if (key != "tolerance")
      return parser.emitError(loc, "unknown option '")
             << key << "'; expected 'tolerance'";
    double value;
    if (parser.parseFloat(value))
      return failure();
    tolerance = parser.getBuilder().getF64FloatAttr(value);
    return success();
  });
}

static void printOptions(OpAsmPrinter &printer, Operation *op,
                         FloatAttr tolerance) {
  if (!tolerance)
    return;
  printer << ", tolerance = ";
  printer.printAttributeWithoutType(tolerance);
}

/// `, max_ulp_difference = 3, min_ulp_difference = 1` of check.expect_close,
/// in any order.
static ParseResult parseUlpOptions(OpAsmParser &parser, IntegerAttr &maxUlp,
                                   IntegerAttr &minUlp) {
  return parseKeyValueOptions(parser, [&](StringRef key) -> ParseResult {
    llvm::SMLoc loc = parser.getCurrentLocation();
    IntegerAttr *target = llvm::StringSwitch<IntegerAttr *>(key)
                              .Case("max_ulp_difference", &maxUlp)
                              .Case("min_ulp_difference", &minUlp)
                              .Default(nullptr);
    if (!target)
      return parser.emitError(loc, "unknown option '")
             << key
             << "'; expected 'max_ulp_difference' or "
                "'min_ulp_difference'";
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    *target = parser.getBuilder().getI64IntegerAttr(value);
    return success();
  });
}

static void printUlpOptions(OpAsmPrinter &printer, Operation *op,
                            IntegerAttr maxUlp, IntegerAttr minUlp) {
  if (maxUlp)
    printer << ", max_ulp_difference = " << maxUlp.getInt();
  if (minUlp)
    printer << ", min_ulp_difference = " << minUlp.getInt();
}

//===----------------------------------------------------------------------===//
// Verifier helpers
//===----------------------------------------------------------------------===//

/// The two compared values must have one type: same shape, same element type.
static LogicalResult verifySameTypes(Operation *op, Type actual,
                                     Type expected) {
  if (actual == expected)
    return success();
  return op->emitOpError("compares values of different types: ")
         << actual << " and " << expected;
}

/// A literal compared with an operand must have the operand's type.
static LogicalResult verifyLiteralType(Operation *op, Type operandType,
                                       ElementsAttr literal) {
  if (literal.getType() == operandType)
    return success();
  return op->emitOpError("literal of type ")
         << literal.getType() << " does not match the operand type "
         << operandType;
}

/// Approximate comparisons need floating-point or complex elements.
static LogicalResult verifyInexactElementType(Operation *op, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (llvm::isa<FloatType, ComplexType>(element))
    return success();
  return op->emitOpError("needs floating-point or complex elements, got ")
         << element;
}

static LogicalResult verifyTolerance(Operation *op, double tolerance) {
  // Written as a negated >= so that NaN is rejected too.
  if (tolerance >= 0)
    return success();
  return op->emitOpError("tolerance must be non-negative, got ") << tolerance;
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult ExpectEqOp::verify() {
  return verifySameTypes(*this, getLhs().getType(), getRhs().getType());
}

LogicalResult ExpectEqConstOp::verify() {
  return verifyLiteralType(*this, getLhs().getType(), getValue());
}

LogicalResult ExpectAlmostEqOp::verify() {
  if (failed(verifySameTypes(*this, getLhs().getType(), getRhs().getType())) ||
      failed(verifyInexactElementType(*this, getLhs().getType())))
    return failure();
  return verifyTolerance(*this, getTolerance().convertToDouble());
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  if (failed(verifyLiteralType(*this, getLhs().getType(), getValue())) ||
      failed(verifyInexactElementType(*this, getLhs().getType())))
    return failure();
  return verifyTolerance(*this, getTolerance().convertToDouble());
}

LogicalResult ExpectCloseOp::verify() {
  if (failed(verifySameTypes(*this, getActual().getType(),
                             getExpected().getType())) ||
      failed(verifyInexactElementType(*this, getActual().getType())))
    return failure();
  // I64Attr getters return the stored signed value as uint64_t.
  auto maxUlp = static_cast<int64_t>(getMaxUlpDifference());
  auto minUlp = static_cast<int64_t>(getMinUlpDifference());
  if (minUlp < 0 || maxUlp < 0)
    return emitOpError("ULP differences must be non-negative, got min ")
           << minUlp << " and max " << maxUlp;
  if (minUlp > maxUlp)
    return emitOpError("min_ulp_difference ")
           << minUlp << " exceeds max_ulp_difference " << maxUlp;
  return success();
}

#define GET_OP_CLASSES
#include "compiler/dialect/check/CheckOps.cpp.inc"

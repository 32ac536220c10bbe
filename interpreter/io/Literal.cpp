//===- Literal.cpp - tensors as command-line literals ---------------------===//

#include "interpreter/io/Literal.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

namespace axle::interp {

static llvm::Error literalError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string literalTypeName(RankedTensorType type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (int64_t size : type.getShape())
    os << size << 'x';
  os << type.getElementType();
  return text;
}

llvm::Expected<RankedTensorType> parseLiteralType(StringRef text,
                                                  MLIRContext *context) {
  std::string tensorText = "tensor<" + text.str() + ">";
  size_t consumed = 0;
  Type type = mlir::parseType(tensorText, context, &consumed,
                              /*isKnownNullTerminated=*/false);
  auto tensor = llvm::dyn_cast_or_null<RankedTensorType>(type);
  if (!tensor || consumed != tensorText.size() || !tensor.hasStaticShape())
    return literalError("'" + text +
                        "' is not a static shape and element "
                        "type such as 2x3xf32");
  return tensor;
}

namespace {

/// Reads comma-separated values with optional bracket nesting.
class ValueReader {
public:
  ValueReader(StringRef text) : text(text) {}

  /// Collects scalar tokens; records the nesting so it can be checked.
  llvm::Error read(std::vector<std::string> &tokens,
                   std::vector<int64_t> &nestedShape) {
    skipSpaces();
    if (peek() == '[') {
      if (auto error = readNested(tokens, nestedShape, 0))
        return error;
    } else {
      while (true) {
        std::string token;
        if (auto error = readScalar(token))
          return error;
        tokens.push_back(token);
        skipSpaces();
        if (!consume(','))
          break;
      }
    }
    skipSpaces();
    if (pos != text.size())
      return literalError("unexpected '" + text.substr(pos, 10) + "'");
    return llvm::Error::success();
  }

private:
  llvm::Error readNested(std::vector<std::string> &tokens,
                         std::vector<int64_t> &shape, size_t depth) {
    consume('[');
    int64_t count = 0;
    skipSpaces();
    if (!consume(']')) {
      while (true) {
        skipSpaces();
        if (peek() == '[') {
          if (auto error = readNested(tokens, shape, depth + 1))
            return error;
        } else {
          std::string token;
          if (auto error = readScalar(token))
            return error;
          tokens.push_back(token);
        }
        ++count;
        skipSpaces();
        if (consume(']'))
          break;
        if (!consume(','))
          return literalError("expected ',' or ']' in nested values");
      }
    }
    if (shape.size() <= depth)
      shape.resize(depth + 1, -1);
    if (shape[depth] != -1 && shape[depth] != count)
      return literalError("ragged nesting: rows of different lengths");
    shape[depth] = count;
    return llvm::Error::success();
  }

  llvm::Error readScalar(std::string &token) {
    skipSpaces();
    size_t start = pos;
    if (consume('(')) {
      while (pos < text.size() && text[pos] != ')')
        ++pos;
      if (!consume(')'))
        return literalError("unterminated complex value");
    } else {
      while (pos < text.size() && text[pos] != ',' && text[pos] != ']' &&
             text[pos] != '[' &&
             !isspace(static_cast<unsigned char>(text[pos])))
        ++pos;
    }
    token = text.substr(start, pos - start).str();
    if (token.empty())
      return literalError("missing value");
    return llvm::Error::success();
  }

  void skipSpaces() {
    while (pos < text.size() && isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  bool consume(char c) {
    if (peek() != c)
      return false;
    ++pos;
    return true;
  }

  StringRef text;
  size_t pos = 0;
};

llvm::Expected<APFloat> parseFloat(StringRef token,
                                   const llvm::fltSemantics &semantics) {
  std::string lower = token.lower();
  bool negative = StringRef(lower).starts_with("-");
  StringRef body = StringRef(lower).drop_front(
      negative || StringRef(lower).starts_with("+"));
  if (body == "nan")
    return APFloat::getNaN(semantics, negative);
  if (body == "inf" || body == "infinity")
    return APFloat::getInf(semantics, negative);
  APFloat value(semantics);
  auto status = value.convertFromString(token, APFloat::rmNearestTiesToEven);
  if (!status)
    return literalError("'" + token + "' is not a number");
  return value;
}

llvm::Expected<Element> parseElement(StringRef token, Type type) {
  if (type.isInteger(1)) {
    if (token == "true" || token == "1")
      return Element(APInt(1, 1));
    if (token == "false" || token == "0")
      return Element(APInt(1, 0));
    return literalError("'" + token + "' is not a boolean");
  }
  if (auto integer = llvm::dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    StringRef digits = token;
    bool negative = digits.consume_front("-");
    APInt value;
    unsigned radix = digits.consume_front("0x") ? 16 : 10;
    if (digits.getAsInteger(radix, value))
      return literalError("'" + token + "' is not an integer");
    bool isUnsigned = integer.isUnsigned();
    if (negative && isUnsigned)
      return literalError("'" + token + "' is negative for " +
                          std::to_string(width) + "-bit unsigned");
    unsigned needed = negative ? value.getSignificantBits()
                               : value.getActiveBits() + (isUnsigned ? 0 : 1);
    if (negative && value.isPowerOf2() && value.getActiveBits() == width)
      needed = width; // INT_MIN
    if (needed > width)
      return literalError("'" + token + "' does not fit in " +
                          std::to_string(width) + " bits");
    value = value.zextOrTrunc(width);
    return Element(negative ? -value : value);
  }
  if (auto floatType = llvm::dyn_cast<FloatType>(type)) {
    auto value = parseFloat(token, floatType.getFloatSemantics());
    if (!value)
      return value.takeError();
    return Element(*value);
  }
  if (auto complex = llvm::dyn_cast<ComplexType>(type)) {
    StringRef inner = token;
    if (!inner.consume_front("(") || !inner.consume_back(")"))
      return literalError("'" + token + "' is not a complex (real,imag)");
    auto [realText, imagText] = inner.split(',');
    const auto &semantics =
        llvm::cast<FloatType>(complex.getElementType()).getFloatSemantics();
    auto real = parseFloat(realText.trim(), semantics);
    if (!real)
      return real.takeError();
    auto imag = parseFloat(imagText.trim(), semantics);
    if (!imag)
      return imag.takeError();
    return Element(*real, *imag);
  }
  return literalError("element type is not supported in literals");
}

} // namespace

llvm::Expected<Tensor> parseLiteral(StringRef text, MLIRContext *context) {
  auto [typeText, valueText] = text.split('=');
  if (valueText.empty() && !text.contains('='))
    return literalError("expected SHAPExTYPE=VALUES, e.g. 2x3xf32=1,2,3,4,5,6");
  auto type = parseLiteralType(typeText.trim(), context);
  if (!type)
    return type.takeError();
  if (!boundedElementCount(type->getShape()))
    return literalError(literalTypeName(*type) + " is too large");
  std::vector<std::string> tokens;
  std::vector<int64_t> nestedShape;
  if (auto error = ValueReader(valueText).read(tokens, nestedShape))
    return std::move(error);
  int64_t count = type->getNumElements();
  if (!nestedShape.empty() &&
      llvm::ArrayRef<int64_t>(nestedShape) != type->getShape())
    return literalError("nested values do not have shape " +
                        literalTypeName(*type));
  if (static_cast<int64_t>(tokens.size()) != count && tokens.size() != 1)
    return literalError(literalTypeName(*type) + " needs " +
                        std::to_string(count) + " values, got " +
                        std::to_string(tokens.size()));
  Tensor tensor(*type);
  for (int64_t i = 0; i < count; ++i) {
    const std::string &token = tokens.size() == 1 ? tokens[0] : tokens[i];
    auto element = parseElement(token, type->getElementType());
    if (!element)
      return element.takeError();
    tensor.set(i, *element);
  }
  return tensor;
}

std::string printLiteral(const Tensor &tensor) {
  std::string text = literalTypeName(tensor.getType()) + "=";
  Type type = tensor.storageType();
  ArrayRef<int64_t> shape = tensor.getShape();
  if (shape.empty())
    return text + (tensor.size() ? tensor[0].toString(type) : "");
  // Open a bracket for every dimension that starts at this element and close
  // one for every dimension that ends there.
  for (int64_t i = 0; i < tensor.size() || i == 0; ++i) {
    if (tensor.size() == 0) {
      text += std::string(shape.size(), '[') + std::string(shape.size(), ']');
      break;
    }
    SmallVector<int64_t> index = tensor.multiIndex(i);
    size_t opening = 0;
    for (int64_t d = shape.size() - 1; d >= 0 && index[d] == 0; --d)
      ++opening;
    if (i)
      text += ",";
    text += std::string(opening, '[');
    text += tensor[i].toString(type);
    size_t closing = 0;
    for (int64_t d = shape.size() - 1; d >= 0 && index[d] == shape[d] - 1; --d)
      ++closing;
    text += std::string(closing, ']');
  }
  return text;
}

} // namespace axle::interp

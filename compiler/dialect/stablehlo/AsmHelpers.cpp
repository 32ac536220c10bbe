//===- AsmHelpers.cpp - shared pieces of stablehlo syntax -----------------===//

#include "compiler/dialect/stablehlo/AsmHelpers.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace axle::stablehlo::detail {

ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        [&]() -> ParseResult {
                                          int64_t value;
                                          if (parser.parseInteger(value))
                                            return failure();
                                          values.push_back(value);
                                          return success();
                                        });
}

ParseResult parseDimOrDynamicList(AsmParser &parser,
                                  SmallVectorImpl<int64_t> &values,
                                  bool bracketed) {
  auto parseOne = [&]() -> ParseResult {
    if (succeeded(parser.parseOptionalQuestion())) {
      values.push_back(ShapedType::kDynamic);
      return success();
    }
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    values.push_back(value);
    return success();
  };
  return parser.parseCommaSeparatedList(bracketed ? AsmParser::Delimiter::Square
                                                  : AsmParser::Delimiter::None,
                                        parseOne);
}

void printIntList(raw_ostream &os, ArrayRef<int64_t> values) {
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
}

ParseResult
parseKeywordFields(AsmParser &parser, ArrayRef<StringRef> keys,
                   function_ref<ParseResult(StringRef)> parseValue) {
  llvm::StringSet<> seen;
  do {
    StringRef key;
    llvm::SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key))
      return failure();
    if (!llvm::is_contained(keys, key))
      return parser.emitError(loc, "unknown field '") << key << "'";
    if (!seen.insert(key).second)
      return parser.emitError(loc, "field '") << key << "' given twice";
    if (parser.parseEqual() || parseValue(key))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}

} // namespace axle::stablehlo::detail

//===- StablehloAssembly.cpp - custom syntax directives -------------------===//

#include "compiler/dialect/stablehlo/AsmHelpers.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;

namespace axle::stablehlo {

//===----------------------------------------------------------------------===//
// Type lists
//===----------------------------------------------------------------------===//

ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operandTypes,
                                               Type &resultType) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto function = llvm::dyn_cast<FunctionType>(type)) {
    if (function.getNumInputs() != operandTypes.size() ||
        function.getNumResults() != 1)
      return parser.emitError(loc, "expected a function type with ")
             << operandTypes.size() << " inputs and 1 result";
    for (auto [slot, input] : llvm::zip(operandTypes, function.getInputs()))
      *slot = input;
    resultType = function.getResult(0);
    return success();
  }
  for (Type *slot : operandTypes)
    *slot = type;
  resultType = type;
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        TypeRange operandTypes,
                                        Type resultType) {
  if (llvm::all_of(operandTypes, [&](Type t) { return t == resultType; })) {
    printer << resultType;
    return;
  }
  printer.printFunctionalType(operandTypes, TypeRange(resultType));
}

ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type first;
  if (parser.parseType(first))
    return failure();
  if (auto function = llvm::dyn_cast<FunctionType>(first)) {
    if (function.getNumInputs() != 3 || function.getNumResults() != 1)
      return parser.emitError(loc,
                              "expected a function type with 3 inputs and 1 "
                              "result");
    pred = function.getInput(0);
    onTrue = function.getInput(1);
    onFalse = function.getInput(2);
    result = function.getResult(0);
    return success();
  }
  pred = first;
  if (parser.parseComma() || parser.parseType(result))
    return failure();
  onTrue = onFalse = result;
  return success();
}

void printSelectOpType(OpAsmPrinter &printer, Operation *, Type pred,
                       Type onTrue, Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    printer << pred << ", " << result;
    return;
  }
  printer.printFunctionalType(TypeRange{pred, onTrue, onFalse},
                              TypeRange(result));
}

/// The real-valued type matching a complex tensor type: same shape and
/// encoding, element type the complex's component type.
static Type realPartType(Type complexTensor) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(complexTensor);
  if (!tensor)
    return {};
  auto complex = llvm::dyn_cast<ComplexType>(tensor.getElementType());
  if (!complex)
    return {};
  return RankedTensorType::get(tensor.getShape(), complex.getElementType(),
                               tensor.getEncoding());
}

ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto function = llvm::dyn_cast<FunctionType>(type)) {
    if (function.getNumInputs() != 2 || function.getNumResults() != 1)
      return parser.emitError(loc,
                              "expected a function type with 2 inputs and 1 "
                              "result");
    lhs = function.getInput(0);
    rhs = function.getInput(1);
    result = function.getResult(0);
    return success();
  }
  Type part = realPartType(type);
  if (!part)
    return parser.emitError(loc, "expected a tensor of complex type, got ")
           << type;
  lhs = rhs = part;
  result = type;
  return success();
}

void printComplexOpType(OpAsmPrinter &printer, Operation *, Type lhs, Type rhs,
                        Type result) {
  if (lhs == rhs && realPartType(result) == lhs) {
    printer << result;
    return;
  }
  printer.printFunctionalType(TypeRange{lhs, rhs}, TypeRange(result));
}

ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = llvm::dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc, "expected a tuple type, got ") << result;
  llvm::append_range(operands, tuple.getTypes());
  return success();
}

void printTupleOpType(OpAsmPrinter &printer, Operation *, TypeRange,
                      Type result) {
  printer << result;
}

ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operands,
                                SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

void printPairwiseOpType(OpAsmPrinter &printer, Operation *, TypeRange operands,
                         TypeRange) {
  llvm::interleaveComma(operands, printer);
}

//===----------------------------------------------------------------------===//
// Operand lists and integer lists
//===----------------------------------------------------------------------===//

ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  // `%a, %b, dim = 0`: operands until the comma that precedes a keyword.
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult result = parser.parseOptionalOperand(operand);
    if (!result.has_value())
      return success();
    if (failed(*result))
      return failure();
    operands.push_back(operand);
    if (parser.parseComma())
      return failure();
  }
}

void printVariadicOperandWithAttribute(OpAsmPrinter &printer, Operation *,
                                       OperandRange operands) {
  // `%a, %b,`: the format puts a space before the keyword that follows.
  for (auto [index, operand] : llvm::enumerate(operands)) {
    if (index)
      printer << ' ';
    printer << operand << ',';
  }
}

ParseResult parseDimList(OpAsmParser &parser, DenseI64ArrayAttr &dims) {
  SmallVector<int64_t> values;
  if (detail::parseIntList(parser, values))
    return failure();
  dims = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printDimList(OpAsmPrinter &printer, Operation *, DenseI64ArrayAttr dims) {
  detail::printIntList(printer.getStream(), dims.asArrayRef());
}

ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t first, last, step = 1;
            if (parser.parseInteger(first) || parser.parseColon() ||
                parser.parseInteger(last))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(step))
              return failure();
            starts.push_back(first);
            limits.push_back(last);
            steps.push_back(step);
            return success();
          }))
    return failure();
  MLIRContext *context = parser.getContext();
  start = DenseI64ArrayAttr::get(context, starts);
  limit = DenseI64ArrayAttr::get(context, limits);
  strides = DenseI64ArrayAttr::get(context, steps);
  return success();
}

void printSliceRanges(OpAsmPrinter &printer, Operation *op,
                      DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                      DenseI64ArrayAttr strides) {
  // The verifier guarantees equal lengths; print defensively otherwise.
  size_t count = std::min({start.size(), limit.size(), strides.size()});
  printer << '[';
  for (size_t i = 0; i < count; ++i) {
    if (i)
      printer << ", ";
    printer << start[i] << ':' << limit[i];
    if (strides[i] != 1)
      printer << ':' << strides[i];
  }
  printer << ']';
}

ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef format;
  if (parser.parseKeyword(&format))
    return failure();
  size_t m = format.find('m');
  unsigned exponentBits = 0, mantissaBits = 0;
  if (!format.starts_with("e") || m == StringRef::npos ||
      format.substr(1, m - 1).getAsInteger(10, exponentBits) ||
      format.substr(m + 1).getAsInteger(10, mantissaBits))
    return parser.emitError(loc, "expected a format like e8m23, got '")
           << format << "'";
  Type i32 = IntegerType::get(parser.getContext(), 32);
  exponent = IntegerAttr::get(i32, exponentBits);
  mantissa = IntegerAttr::get(i32, mantissaBits);
  return success();
}

void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                           IntegerAttr exponent, IntegerAttr mantissa) {
  printer << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &name) {
  return parser.parseSymbolName(name);
}

void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                           StringAttr name) {
  printer.printSymbolName(name.getValue());
}

//===----------------------------------------------------------------------===//
// Contraction and convolution syntax
//===----------------------------------------------------------------------===//

ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &dims) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  auto parsePair = [&](SmallVectorImpl<int64_t> &lhs,
                       SmallVectorImpl<int64_t> &rhs) -> ParseResult {
    return failure(parser.parseEqual() || detail::parseIntList(parser, lhs) ||
                   parser.parseKeyword("x") ||
                   detail::parseIntList(parser, rhs));
  };
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parsePair(lhsBatch, rhsBatch) || parser.parseComma())
      return failure();
  }
  if (parser.parseKeyword("contracting_dims") ||
      parsePair(lhsContract, rhsContract))
    return failure();
  dims = DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
  return success();
}

void printDotDimensionNumbers(OpAsmPrinter &printer, Operation *,
                              DotDimensionNumbersAttr dims) {
  raw_ostream &os = printer.getStream();
  if (!dims.getLhsBatchingDimensions().empty() ||
      !dims.getRhsBatchingDimensions().empty()) {
    os << "batching_dims = ";
    detail::printIntList(os, dims.getLhsBatchingDimensions());
    os << " x ";
    detail::printIntList(os, dims.getRhsBatchingDimensions());
    os << ", ";
  }
  os << "contracting_dims = ";
  detail::printIntList(os, dims.getLhsContractingDimensions());
  os << " x ";
  detail::printIntList(os, dims.getRhsContractingDimensions());
}

ParseResult parseDotGeneralOptions(OpAsmParser &parser, ArrayAttr &config,
                                   DotAlgorithmAttr &algorithm) {
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key == "precision" && !config) {
      if (parsePrecisionConfig(parser, config))
        return failure();
    } else if (key == "algorithm" && !algorithm) {
      // Either the full attribute or just its parameters `<...>`.
      Attribute attr;
      OptionalParseResult full = parser.parseOptionalAttribute(attr);
      if (full.has_value() && failed(*full))
        return failure();
      if (!full.has_value())
        attr = DotAlgorithmAttr::parse(parser, Type());
      algorithm = llvm::dyn_cast_or_null<DotAlgorithmAttr>(attr);
      if (!algorithm)
        return attr ? parser.emitError(loc, "expected a dot algorithm, got ")
                          << attr
                    : failure();
    } else {
      return parser.emitError(loc, "expected 'precision' or 'algorithm' "
                                   "(each at most once), got '")
             << key << "'";
    }
  }
  return success();
}

void printDotGeneralOptions(OpAsmPrinter &printer, Operation *op,
                            ArrayAttr config, DotAlgorithmAttr algorithm) {
  if (config) {
    printer << ", precision = ";
    printPrecisionConfig(printer, op, config);
  }
  if (algorithm) {
    printer << ", algorithm = ";
    printer.printStrippedAttrOrType(algorithm);
  }
}

ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &config) {
  SmallVector<Attribute> values;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            llvm::SMLoc loc = parser.getCurrentLocation();
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            std::optional<Precision> precision = symbolizePrecision(keyword);
            if (!precision)
              return parser.emitError(loc, "unknown precision '")
                     << keyword << "'";
            values.push_back(
                PrecisionAttr::get(parser.getContext(), *precision));
            return success();
          }))
    return failure();
  config = ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printPrecisionConfig(OpAsmPrinter &printer, Operation *,
                          ArrayAttr config) {
  printer << '[';
  llvm::interleaveComma(config, printer, [&](Attribute attr) {
    if (auto precision = llvm::dyn_cast<PrecisionAttr>(attr))
      printer << stringifyPrecision(precision.getValue());
    else
      printer << attr;
  });
  printer << ']';
}

ParseResult parseConvolutionDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &dims) {
  dims = parseConvDimensionNumbersBody(parser);
  return success(static_cast<bool>(dims));
}

void printConvolutionDimensions(OpAsmPrinter &printer, Operation *,
                                ConvDimensionNumbersAttr dims) {
  printConvDimensionNumbersBody(printer.getStream(), dims);
}

ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &strides,
                                  DenseIntElementsAttr &padding,
                                  DenseI64ArrayAttr &lhsDilation,
                                  DenseI64ArrayAttr &rhsDilation,
                                  DenseBoolArrayAttr &reversal) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("window") || parser.parseEqual() ||
      parser.parseLBrace())
    return failure();
  MLIRContext *context = parser.getContext();
  auto parseField = [&](StringRef key) -> ParseResult {
    if (key == "pad") {
      SmallVector<int64_t> flat;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SmallVector<int64_t> pair;
                llvm::SMLoc loc = parser.getCurrentLocation();
                if (detail::parseIntList(parser, pair))
                  return failure();
                if (pair.size() != 2)
                  return parser.emitError(loc, "expected [low, high] padding");
                flat.append(pair);
                ++rows;
                return success();
              }))
        return failure();
      auto type =
          RankedTensorType::get({rows, 2}, IntegerType::get(context, 64));
      padding = DenseIntElementsAttr::get(type, flat);
      return success();
    }
    if (key == "reverse") {
      SmallVector<bool> flags;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalKeyword("true"))) {
                  flags.push_back(true);
                  return success();
                }
                if (succeeded(parser.parseOptionalKeyword("false"))) {
                  flags.push_back(false);
                  return success();
                }
                int64_t value;
                if (parser.parseInteger(value))
                  return failure();
                flags.push_back(value != 0);
                return success();
              }))
        return failure();
      reversal = DenseBoolArrayAttr::get(context, flags);
      return success();
    }
    SmallVector<int64_t> values;
    if (detail::parseIntList(parser, values))
      return failure();
    auto attr = DenseI64ArrayAttr::get(context, values);
    if (key == "stride")
      strides = attr;
    else if (key == "lhs_dilate")
      lhsDilation = attr;
    else
      rhsDilation = attr;
    return success();
  };
  if (failed(parser.parseOptionalRBrace())) {
    if (detail::parseKeywordFields(
            parser, {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"},
            parseField) ||
        parser.parseRBrace())
      return failure();
  }
  return success();
}

void printWindowAttributes(OpAsmPrinter &printer, Operation *,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal) {
  if (!strides && !padding && !lhsDilation && !rhsDilation && !reversal)
    return;
  raw_ostream &os = printer.getStream();
  os << ", window = {";
  bool first = true;
  auto separator = [&] {
    if (!first)
      os << ", ";
    first = false;
  };
  if (strides) {
    separator();
    os << "stride = ";
    detail::printIntList(os, strides.asArrayRef());
  }
  if (padding) {
    separator();
    os << "pad = [";
    SmallVector<int64_t> flat(padding.getValues<int64_t>());
    for (size_t i = 0; i + 1 < flat.size(); i += 2) {
      if (i)
        os << ", ";
      os << '[' << flat[i] << ", " << flat[i + 1] << ']';
    }
    os << ']';
  }
  if (lhsDilation) {
    separator();
    os << "lhs_dilate = ";
    detail::printIntList(os, lhsDilation.asArrayRef());
  }
  if (rhsDilation) {
    separator();
    os << "rhs_dilate = ";
    detail::printIntList(os, rhsDilation.asArrayRef());
  }
  if (reversal) {
    separator();
    os << "reverse = [";
    llvm::interleaveComma(reversal.asArrayRef(), os,
                          [&](bool flag) { os << (flag ? "true" : "false"); });
    os << ']';
  }
  os << '}';
}

} // namespace axle::stablehlo

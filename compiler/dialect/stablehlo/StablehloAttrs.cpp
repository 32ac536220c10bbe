//===- StablehloAttrs.cpp - stablehlo attribute syntax --------------------===//
//
// Parsers and printers of the structured attributes. Fields print in the
// specification's order and are omitted when empty; the parsers accept them
// in any order.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/AsmHelpers.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace axle::stablehlo;
using axle::stablehlo::detail::parseIntList;
using axle::stablehlo::detail::parseKeywordFields;
using axle::stablehlo::detail::printIntList;

#define GET_ATTRDEF_CLASSES
#include "compiler/dialect/stablehlo/StablehloAttrs.cpp.inc"
#include "compiler/dialect/stablehlo/StablehloEnums.cpp.inc"

namespace {

/// Prints `key = [..]` unless the list is empty; manages separators.
struct FieldPrinter {
  AsmPrinter &printer;
  bool first = true;

  void separator() {
    if (!first)
      printer << ", ";
    first = false;
  }
  void list(StringRef key, ArrayRef<int64_t> values, bool always = false) {
    if (values.empty() && !always)
      return;
    separator();
    printer << key << " = ";
    printIntList(printer.getStream(), values);
  }
  void integer(StringRef key, int64_t value) {
    separator();
    printer << key << " = " << value;
  }
};

/// A named list field of a dimension-numbers attribute.
struct ListField {
  StringRef key;
  SmallVector<int64_t> *values;
};

/// Parses `<key = [..], ..., scalarKey = N>` in any order, any field
/// omitted (lists default to empty, the scalar to 0). `scalarKey` may be
/// empty when the attribute has no scalar field.
ParseResult parseDimensionFields(AsmParser &parser, ArrayRef<ListField> lists,
                                 StringRef scalarKey, int64_t *scalar) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  SmallVector<StringRef> keys;
  for (const ListField &field : lists)
    keys.push_back(field.key);
  if (!scalarKey.empty())
    keys.push_back(scalarKey);
  return failure(
      parseKeywordFields(parser, keys,
                         [&](StringRef key) -> ParseResult {
                           if (key == scalarKey)
                             return parser.parseInteger(*scalar);
                           for (const ListField &field : lists)
                             if (field.key == key)
                               return parseIntList(parser, *field.values);
                           llvm_unreachable("key checked by the caller");
                         }) ||
      parser.parseGreater());
}

} // namespace

//===----------------------------------------------------------------------===//
// #stablehlo.dot<...>
//===----------------------------------------------------------------------===//

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (failed(
          parseDimensionFields(parser,
                               {{"lhs_batching_dimensions", &lhsBatch},
                                {"rhs_batching_dimensions", &rhsBatch},
                                {"lhs_contracting_dimensions", &lhsContract},
                                {"rhs_contracting_dimensions", &rhsContract}},
                               /*scalarKey=*/"", /*scalar=*/nullptr)))
    return {};
  return DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  FieldPrinter fields{printer};
  fields.list("lhs_batching_dimensions", getLhsBatchingDimensions());
  fields.list("rhs_batching_dimensions", getRhsBatchingDimensions());
  fields.list("lhs_contracting_dimensions", getLhsContractingDimensions());
  fields.list("rhs_contracting_dimensions", getRhsContractingDimensions());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.gather<...>
//===----------------------------------------------------------------------===//

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> offsetDims, collapsed, operandBatching, indicesBatching,
      startIndexMap;
  int64_t indexVectorDim = 0;
  if (failed(parseDimensionFields(
          parser,
          {{"offset_dims", &offsetDims},
           {"collapsed_slice_dims", &collapsed},
           {"operand_batching_dims", &operandBatching},
           {"start_indices_batching_dims", &indicesBatching},
           {"start_index_map", &startIndexMap}},
          "index_vector_dim", &indexVectorDim)))
    return {};
  return GatherDimensionNumbersAttr::get(
      parser.getContext(), offsetDims, collapsed, operandBatching,
      indicesBatching, startIndexMap, indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  FieldPrinter fields{printer};
  fields.list("offset_dims", getOffsetDims());
  fields.list("collapsed_slice_dims", getCollapsedSliceDims());
  fields.list("operand_batching_dims", getOperandBatchingDims());
  fields.list("start_indices_batching_dims", getStartIndicesBatchingDims());
  fields.list("start_index_map", getStartIndexMap());
  if (getIndexVectorDim() != 0)
    fields.integer("index_vector_dim", getIndexVectorDim());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.scatter<...>
//===----------------------------------------------------------------------===//

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> updateWindow, inserted, inputBatching, indicesBatching,
      toOperand;
  int64_t indexVectorDim = 0;
  if (failed(parseDimensionFields(
          parser,
          {{"update_window_dims", &updateWindow},
           {"inserted_window_dims", &inserted},
           {"input_batching_dims", &inputBatching},
           {"scatter_indices_batching_dims", &indicesBatching},
           {"scatter_dims_to_operand_dims", &toOperand}},
          "index_vector_dim", &indexVectorDim)))
    return {};
  return ScatterDimensionNumbersAttr::get(
      parser.getContext(), updateWindow, inserted, inputBatching,
      indicesBatching, toOperand, indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  FieldPrinter fields{printer};
  fields.list("update_window_dims", getUpdateWindowDims());
  fields.list("inserted_window_dims", getInsertedWindowDims());
  fields.list("input_batching_dims", getInputBatchingDims());
  fields.list("scatter_indices_batching_dims", getScatterIndicesBatchingDims());
  fields.list("scatter_dims_to_operand_dims", getScatterDimsToOperandDims());
  if (getIndexVectorDim() != 0)
    fields.integer("index_vector_dim", getIndexVectorDim());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
//===----------------------------------------------------------------------===//

namespace {

/// One bracketed layout such as `[b, 0, 1, f]`: the position of each
/// non-spatial letter and of each numbered spatial dimension.
struct ConvLayout {
  int64_t first = -1;  // b (input/output) or i (kernel)
  int64_t second = -1; // f (input/output) or o (kernel)
  SmallVector<int64_t> spatial;
};

ParseResult parseConvLayout(AsmParser &parser, char firstLetter,
                            char secondLetter, ConvLayout &layout) {
  SmallVector<std::pair<int64_t, int64_t>> spatialAt; // (spatial index, pos)
  int64_t position = 0;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t spatialIndex;
            OptionalParseResult number =
                parser.parseOptionalInteger(spatialIndex);
            if (number.has_value()) {
              if (failed(*number))
                return failure();
              spatialAt.push_back({spatialIndex, position++});
              return success();
            }
            StringRef letter;
            llvm::SMLoc letterLoc = parser.getCurrentLocation();
            if (parser.parseKeyword(&letter))
              return failure();
            int64_t *slot = nullptr;
            if (letter.size() == 1 && letter[0] == firstLetter)
              slot = &layout.first;
            else if (letter.size() == 1 && letter[0] == secondLetter)
              slot = &layout.second;
            if (!slot)
              return parser.emitError(letterLoc, "expected '")
                     << firstLetter << "', '" << secondLetter
                     << "' or a spatial dimension number, got '" << letter
                     << "'";
            if (*slot != -1)
              return parser.emitError(letterLoc, "'")
                     << letter << "' appears twice";
            *slot = position++;
            return success();
          }))
    return failure();
  if (layout.first == -1 || layout.second == -1)
    return parser.emitError(loc, "layout must name both '")
           << firstLetter << "' and '" << secondLetter << "'";
  layout.spatial.assign(spatialAt.size(), -1);
  for (auto [index, pos] : spatialAt) {
    if (index < 0 || index >= static_cast<int64_t>(spatialAt.size()) ||
        layout.spatial[index] != -1)
      return parser.emitError(loc, "spatial dimensions must be numbered 0 to ")
             << spatialAt.size() - 1 << ", each once";
    layout.spatial[index] = pos;
  }
  return success();
}

void printConvLayout(raw_ostream &os, char firstLetter, char secondLetter,
                     int64_t first, int64_t second, ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + spatial.size();
  SmallVector<std::string> names(rank, "?");
  if (first >= 0 && first < rank)
    names[first] = std::string(1, firstLetter);
  if (second >= 0 && second < rank)
    names[second] = std::string(1, secondLetter);
  for (auto [index, pos] : llvm::enumerate(spatial))
    if (pos >= 0 && pos < rank)
      names[pos] = std::to_string(index);
  os << '[';
  llvm::interleaveComma(names, os);
  os << ']';
}

} // namespace

ConvDimensionNumbersAttr
axle::stablehlo::parseConvDimensionNumbersBody(AsmParser &parser) {
  ConvLayout input, kernel, output;
  if (parseConvLayout(parser, 'b', 'f', input) || parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', output))
    return {};
  return ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
}

void axle::stablehlo::printConvDimensionNumbersBody(
    raw_ostream &os, ConvDimensionNumbersAttr dims) {
  printConvLayout(os, 'b', 'f', dims.getInputBatchDimension(),
                  dims.getInputFeatureDimension(),
                  dims.getInputSpatialDimensions());
  os << 'x';
  printConvLayout(os, 'i', 'o', dims.getKernelInputFeatureDimension(),
                  dims.getKernelOutputFeatureDimension(),
                  dims.getKernelSpatialDimensions());
  os << "->";
  printConvLayout(os, 'b', 'f', dims.getOutputBatchDimension(),
                  dims.getOutputFeatureDimension(),
                  dims.getOutputSpatialDimensions());
}

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  // The explicit form names every field: `raw input_batch_dimension = 0, ...`.
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    int64_t inputBatch = 0, inputFeature = 0, kernelIn = 0, kernelOut = 0,
            outputBatch = 0, outputFeature = 0;
    SmallVector<int64_t> inputSpatial, kernelSpatial, outputSpatial;
    if (parseKeywordFields(
            parser,
            {"input_batch_dimension", "input_feature_dimension",
             "input_spatial_dimensions", "kernel_input_feature_dimension",
             "kernel_output_feature_dimension", "kernel_spatial_dimensions",
             "output_batch_dimension", "output_feature_dimension",
             "output_spatial_dimensions"},
            [&](StringRef key) -> ParseResult {
              if (key.ends_with("spatial_dimensions"))
                return parseIntList(
                    parser, key.starts_with("input")    ? inputSpatial
                            : key.starts_with("kernel") ? kernelSpatial
                                                        : outputSpatial);
              int64_t *slot =
                  llvm::StringSwitch<int64_t *>(key)
                      .Case("input_batch_dimension", &inputBatch)
                      .Case("input_feature_dimension", &inputFeature)
                      .Case("kernel_input_feature_dimension", &kernelIn)
                      .Case("kernel_output_feature_dimension", &kernelOut)
                      .Case("output_batch_dimension", &outputBatch)
                      .Default(&outputFeature);
              return parser.parseInteger(*slot);
            }) ||
        parser.parseGreater())
      return {};
    return ConvDimensionNumbersAttr::get(
        parser.getContext(), inputBatch, inputFeature, inputSpatial, kernelIn,
        kernelOut, kernelSpatial, outputBatch, outputFeature, outputSpatial);
  }
  ConvDimensionNumbersAttr dims = parseConvDimensionNumbersBody(parser);
  if (!dims || parser.parseGreater())
    return {};
  return dims;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printConvDimensionNumbersBody(printer.getStream(), *this);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.channel_handle<handle = 1, type = 0>
//===----------------------------------------------------------------------===//

Attribute ChannelHandleAttr::parse(AsmParser &parser, Type) {
  int64_t handle = 0, type = 0;
  if (parser.parseLess() ||
      parseKeywordFields(parser, {"handle", "type"},
                         [&](StringRef key) {
                           return parser.parseInteger(key == "handle" ? handle
                                                                      : type);
                         }) ||
      parser.parseGreater())
    return {};
  return ChannelHandleAttr::get(parser.getContext(), handle, type);
}

void ChannelHandleAttr::print(AsmPrinter &printer) const {
  printer << "<handle = " << getHandle() << ", type = " << getType() << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.output_operand_alias<...>
//===----------------------------------------------------------------------===//

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> outputIndices, operandIndices;
  int64_t operandIndex = 0;
  if (parser.parseLess() ||
      parseKeywordFields(
          parser,
          {"output_tuple_indices", "operand_index", "operand_tuple_indices"},
          [&](StringRef key) -> ParseResult {
            if (key == "operand_index")
              return parser.parseInteger(operandIndex);
            return parseIntList(parser, key == "output_tuple_indices"
                                            ? outputIndices
                                            : operandIndices);
          }) ||
      parser.parseGreater())
    return {};
  return OutputOperandAliasAttr::get(parser.getContext(), outputIndices,
                                     operandIndex, operandIndices);
}

void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  printer << '<';
  FieldPrinter fields{printer};
  fields.list("output_tuple_indices", getOutputTupleIndices(), true);
  fields.integer("operand_index", getOperandIndex());
  fields.list("operand_tuple_indices", getOperandTupleIndices(), true);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.dot_algorithm<...>
//===----------------------------------------------------------------------===//

Attribute DotAlgorithmAttr::parse(AsmParser &parser, Type) {
  Type lhsType, rhsType, accumulationType;
  int64_t lhsCount = 1, rhsCount = 1, primitiveOps = 1;
  bool allowImprecise = false;
  if (parser.parseLess() ||
      parseKeywordFields(
          parser,
          {"lhs_precision_type", "rhs_precision_type", "accumulation_type",
           "lhs_component_count", "rhs_component_count",
           "num_primitive_operations", "allow_imprecise_accumulation"},
          [&](StringRef key) -> ParseResult {
            if (key == "lhs_precision_type")
              return parser.parseType(lhsType);
            if (key == "rhs_precision_type")
              return parser.parseType(rhsType);
            if (key == "accumulation_type")
              return parser.parseType(accumulationType);
            if (key == "allow_imprecise_accumulation") {
              if (succeeded(parser.parseOptionalKeyword("true")))
                allowImprecise = true;
              else if (parser.parseKeyword("false"))
                return failure();
              return success();
            }
            return parser.parseInteger(key == "lhs_component_count" ? lhsCount
                                       : key == "rhs_component_count"
                                           ? rhsCount
                                           : primitiveOps);
          }) ||
      parser.parseGreater())
    return {};
  if (!lhsType || !rhsType || !accumulationType) {
    parser.emitError(parser.getCurrentLocation(),
                     "dot_algorithm needs lhs_precision_type, "
                     "rhs_precision_type and accumulation_type");
    return {};
  }
  return DotAlgorithmAttr::get(parser.getContext(), lhsType, rhsType,
                               accumulationType, lhsCount, rhsCount,
                               primitiveOps, allowImprecise);
}

void DotAlgorithmAttr::print(AsmPrinter &printer) const {
  printer << "<lhs_precision_type = " << getLhsPrecisionType()
          << ", rhs_precision_type = " << getRhsPrecisionType()
          << ", accumulation_type = " << getAccumulationType()
          << ", lhs_component_count = " << getLhsComponentCount()
          << ", rhs_component_count = " << getRhsComponentCount()
          << ", num_primitive_operations = " << getNumPrimitiveOperations()
          << ", allow_imprecise_accumulation = "
          << (getAllowImpreciseAccumulation() ? "true" : "false") << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.result_accuracy<atol = .., rtol = .., ulps = .., mode = ..>
//===----------------------------------------------------------------------===//

Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  double atol = 0.0, rtol = 0.0;
  int64_t ulps = 0;
  ResultAccuracyModeAttr mode = ResultAccuracyModeAttr::get(
      parser.getContext(), ResultAccuracyMode::DEFAULT);
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    if (parseKeywordFields(parser, {"atol", "rtol", "ulps", "mode"},
                           [&](StringRef key) -> ParseResult {
                             if (key == "atol")
                               return parser.parseFloat(atol);
                             if (key == "rtol")
                               return parser.parseFloat(rtol);
                             if (key == "ulps")
                               return parser.parseInteger(ulps);
                             return parser.parseAttribute(mode);
                           }) ||
        parser.parseGreater())
      return {};
  }
  return ResultAccuracyAttr::get(parser.getContext(), APFloat(atol),
                                 APFloat(rtol), ulps, mode);
}

void ResultAccuracyAttr::print(AsmPrinter &printer) const {
  printer << "<atol = ";
  printer.printFloat(getAtol());
  printer << ", rtol = ";
  printer.printFloat(getRtol());
  printer << ", ulps = " << getUlps() << ", mode = ";
  printer.printAttribute(getMode());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.bounds<?, 4>
//===----------------------------------------------------------------------===//

Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> bounds;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    if (detail::parseDimOrDynamicList(parser, bounds, /*bracketed=*/false) ||
        parser.parseGreater())
      return {};
  }
  return TypeExtensionsAttr::get(parser.getContext(), bounds);
}

void TypeExtensionsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getBounds(), printer, [&](int64_t bound) {
    if (ShapedType::isDynamic(bound))
      printer << '?';
    else
      printer << bound;
  });
  printer << '>';
}

//===----------------------------------------------------------------------===//
// Dialect hooks
//===----------------------------------------------------------------------===//

Attribute StablehloDialect::parseAttribute(DialectAsmParser &parser,
                                           Type type) const {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return succeeded(*result) ? attr : Attribute();
  // The long spelling of the bounds encoding.
  if (mnemonic == "type_extensions") {
    SmallVector<int64_t> bounds;
    if (parser.parseLess() || parser.parseKeyword("bounds") ||
        parser.parseEqual() ||
        detail::parseDimOrDynamicList(parser, bounds, /*bracketed=*/true) ||
        parser.parseGreater())
      return {};
    return TypeExtensionsAttr::get(getContext(), bounds);
  }
  parser.emitError(loc, "unknown stablehlo attribute '") << mnemonic << "'";
  return {};
}

void StablehloDialect::printAttribute(Attribute attr,
                                      DialectAsmPrinter &printer) const {
  if (succeeded(generatedAttributePrinter(attr, printer)))
    return;
  llvm_unreachable("unhandled stablehlo attribute");
}

void StablehloDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/dialect/stablehlo/StablehloAttrs.cpp.inc"
      >();
}

//===- ChloDialect.cpp - chlo dialect registration and attributes ---------===//

#include "compiler/dialect/chlo/Chlo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace axle::chlo;

#include "compiler/dialect/chlo/ChloDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/dialect/chlo/ChloAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "compiler/dialect/chlo/ChloOps.cpp.inc"

void ChloDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/dialect/chlo/ChloAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/dialect/chlo/ChloOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #chlo.ragged_dot<lhs_batching_dimensions = [0], ...>
//===----------------------------------------------------------------------===//

namespace {

constexpr llvm::StringLiteral kRaggedDotFields[] = {
    "lhs_batching_dimensions",    "rhs_batching_dimensions",
    "lhs_contracting_dimensions", "rhs_contracting_dimensions",
    "lhs_ragged_dimensions",      "rhs_group_dimensions"};

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

} // namespace

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> fields[6];
  bool seen[6] = {};
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    auto parseField = [&]() -> ParseResult {
      llvm::SMLoc loc = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key) || parser.parseEqual())
        return failure();
      const auto *it = llvm::find(kRaggedDotFields, key);
      if (it == std::end(kRaggedDotFields))
        return parser.emitError(loc)
               << "unknown ragged_dot field '" << key << "'";
      size_t index = it - std::begin(kRaggedDotFields);
      if (seen[index])
        return parser.emitError(loc)
               << "duplicate ragged_dot field '" << key << "'";
      seen[index] = true;
      return parseIntList(parser, fields[index]);
    };
    if (parser.parseCommaSeparatedList(parseField) || parser.parseGreater())
      return {};
  }
  return get(parser.getContext(), fields[0], fields[1], fields[2], fields[3],
             fields[4], fields[5]);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  ArrayRef<int64_t> fields[] = {
      getLhsBatchingDimensions(),    getRhsBatchingDimensions(),
      getLhsContractingDimensions(), getRhsContractingDimensions(),
      getLhsRaggedDimensions(),      getRhsGroupDimensions()};
  printer << "<";
  for (auto [index, values] : llvm::enumerate(fields)) {
    if (index)
      printer << ", ";
    printer << kRaggedDotFields[index] << " = [";
    llvm::interleaveComma(values, printer.getStream());
    printer << "]";
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Result names
//===----------------------------------------------------------------------===//

void TopKOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getValues(), "values");
  setNameFn(getIndices(), "indices");
}

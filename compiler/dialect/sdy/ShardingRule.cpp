//===- ShardingRule.cpp - the #sdy.op_sharding_rule attribute -------------===//
//
//   <([i, j], [j, k])->([i, k]) {i=8, j=4, k=2} reduction={j}, custom>
//
// Factors are named by position: i, j, ..., z for the first 18, then z_1,
// z_2, ... A dimension made of several factors writes their names one after
// another (`[ij]`, `[zz_1]`), so a dimension is one bare identifier.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/sdy/ShardingChecks.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace axle::sdy;

/// Number of factors named by a single letter, `i` to `z`.
static constexpr int64_t kNumLetterFactors = 'z' - 'i' + 1;

static std::string getFactorName(int64_t index) {
  if (index < kNumLetterFactors)
    return std::string(1, static_cast<char>('i' + index));
  return "z_" + std::to_string(index - kNumLetterFactors + 1);
}

/// Splits an identifier such as `ij` or `z_8z_9` into factor indices.
static LogicalResult parseFactorNames(StringRef text,
                                      SmallVectorImpl<int64_t> &factors) {
  while (!text.empty()) {
    char letter = text.front();
    if (letter < 'i' || letter > 'z')
      return failure();
    text = text.drop_front();
    if (letter == 'z' && text.starts_with("_")) {
      StringRef digits = text.drop_front().take_while(llvm::isDigit);
      int64_t number;
      if (digits.empty() || digits.getAsInteger(10, number) || number < 1 ||
          number > std::numeric_limits<int32_t>::max())
        return failure();
      factors.push_back(kNumLetterFactors - 1 + number);
      text = text.drop_front(1 + digits.size());
      continue;
    }
    factors.push_back(letter - 'i');
  }
  return success();
}

/// Parses one factor name into its index.
static ParseResult parseFactor(AsmParser &parser, int64_t &index) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  SmallVector<int64_t> factors;
  if (parser.parseKeyword(&name))
    return failure();
  if (failed(parseFactorNames(name, factors)) || factors.size() != 1)
    return parser.emitError(loc, "expected a factor name (i..z, z_1, z_2, "
                                 "...), got '")
           << name << "'";
  index = factors.front();
  return success();
}

/// `([i, j], [])`: one bracketed list of dimensions per tensor.
static ParseResult
parseTensorMappings(AsmParser &parser,
                    SmallVectorImpl<TensorMappingAttr> &out) {
  MLIRContext *context = parser.getContext();
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Paren, [&]() -> ParseResult {
        SmallVector<DimMappingAttr> dims;
        if (parser.parseCommaSeparatedList(
                AsmParser::Delimiter::Square, [&]() -> ParseResult {
                  SMLoc loc = parser.getCurrentLocation();
                  StringRef name;
                  SmallVector<int64_t> factors;
                  if (parser.parseKeyword(&name))
                    return failure();
                  if (failed(parseFactorNames(name, factors)))
                    return parser.emitError(loc, "expected factor names "
                                                 "(i..z, z_1, z_2, ...), got '")
                           << name << "'";
                  dims.push_back(
                      DimMappingAttr::get(context, ArrayRef<int64_t>(factors)));
                  return success();
                }))
          return failure();
        out.push_back(
            TensorMappingAttr::get(context, ArrayRef<DimMappingAttr>(dims)));
        return success();
      });
}

static void printTensorMappings(AsmPrinter &printer,
                                ArrayRef<TensorMappingAttr> mappings) {
  printer << '(';
  llvm::interleaveComma(
      mappings, printer.getStream(), [&](TensorMappingAttr mapping) {
        printer << '[';
        llvm::interleaveComma(mapping.getDims(), printer.getStream(),
                              [&](DimMappingAttr dim) {
                                for (int64_t factor : dim.getFactors())
                                  printer << getFactorName(factor);
                              });
        printer << ']';
      });
  printer << ')';
}

/// The factor groups after the sizes, in printing order.
static constexpr StringLiteral kFactorGroups[] = {
    "reduction", "need_replication", "permutation", "blocked_propagation"};

Attribute OpShardingRuleAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<TensorMappingAttr> operands, results;
  if (parser.parseLess() || parseTensorMappings(parser, operands) ||
      parser.parseArrow() || parseTensorMappings(parser, results))
    return {};

  // `{i=8, j=4}`: the sizes of factors 0, 1, ... in order.
  SmallVector<int64_t> sizes;
  if (succeeded(parser.parseOptionalLBrace())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          SMLoc factorLoc = parser.getCurrentLocation();
          int64_t index;
          if (parseFactor(parser, index))
            return failure();
          if (index != static_cast<int64_t>(sizes.size()))
            return parser.emitError(factorLoc, "expected the size of factor '")
                   << getFactorName(sizes.size()) << "' here, got factor '"
                   << getFactorName(index) << "'";
          return failure(parser.parseEqual() ||
                         parser.parseInteger(sizes.emplace_back()));
        }) ||
        parser.parseRBrace())
      return {};
  }

  // `reduction={j} need_replication={i, l} ...`, each at most once.
  SmallVector<SmallVector<int64_t>, 4> groups(std::size(kFactorGroups));
  SmallVector<bool, 4> seen(std::size(kFactorGroups), false);
  while (true) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (failed(parser.parseOptionalKeyword(&key)))
      break;
    const StringLiteral *found = llvm::find(kFactorGroups, key);
    if (found == std::end(kFactorGroups)) {
      parser.emitError(keyLoc, "unknown key '")
          << key << "' in a sharding rule; expected one of '"
          << llvm::join(std::begin(kFactorGroups), std::end(kFactorGroups),
                        "', '")
          << "'";
      return {};
    }
    size_t group = found - std::begin(kFactorGroups);
    if (seen[group]) {
      parser.emitError(keyLoc, "key '") << key << "' given twice";
      return {};
    }
    seen[group] = true;
    if (parser.parseEqual() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Braces, [&]() -> ParseResult {
              return parseFactor(parser, groups[group].emplace_back());
            }))
      return {};
  }

  bool isCustom = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("custom"))
      return {};
    isCustom = true;
  }
  if (parser.parseGreater())
    return {};
  // ArrayRef arguments select the generated (verifying) getChecked.
  using Factors = ArrayRef<int64_t>;
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    Factors(sizes), ArrayRef<TensorMappingAttr>(operands),
                    ArrayRef<TensorMappingAttr>(results), Factors(groups[0]),
                    Factors(groups[1]), Factors(groups[2]), Factors(groups[3]),
                    isCustom);
}

void OpShardingRuleAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printTensorMappings(printer, getOperandMappings());
  printer << "->";
  printTensorMappings(printer, getResultMappings());
  if (!getFactorSizes().empty()) {
    printer << " {";
    llvm::interleaveComma(llvm::enumerate(getFactorSizes()),
                          printer.getStream(), [&](auto entry) {
                            printer << getFactorName(entry.index()) << '='
                                    << entry.value();
                          });
    printer << '}';
  }
  ArrayRef<int64_t> groups[] = {
      getReductionFactors(), getNeedReplicationFactors(),
      getPermutationFactors(), getBlockedPropagationFactors()};
  for (auto [name, factors] : llvm::zip_equal(kFactorGroups, groups)) {
    if (factors.empty())
      continue;
    printer << ' ' << name << "={";
    llvm::interleaveComma(factors, printer.getStream(), [&](int64_t factor) {
      printer << getFactorName(factor);
    });
    printer << '}';
  }
  if (getIsCustomRule())
    printer << ", custom";
  printer << '>';
}

LogicalResult OpShardingRuleAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> factorSizes,
    ArrayRef<TensorMappingAttr> operandMappings,
    ArrayRef<TensorMappingAttr> resultMappings,
    ArrayRef<int64_t> reductionFactors,
    ArrayRef<int64_t> needReplicationFactors,
    ArrayRef<int64_t> permutationFactors,
    ArrayRef<int64_t> blockedPropagationFactors, bool isCustomRule) {
  int64_t numFactors = factorSizes.size();
  for (auto [index, size] : llvm::enumerate(factorSizes))
    if (size < 0)
      return emitError() << "factor '" << getFactorName(index)
                         << "' has negative size " << size;
  auto checkFactor = [&](int64_t factor) -> LogicalResult {
    if (factor < numFactors)
      return success();
    return emitError() << "factor '" << getFactorName(factor)
                       << "' is used but the rule gives sizes for "
                       << numFactors << " factors";
  };
  for (ArrayRef<TensorMappingAttr> side : {operandMappings, resultMappings}) {
    for (TensorMappingAttr mapping : side) {
      // Within one tensor, each factor belongs to one dimension once.
      SmallVector<int64_t> used;
      for (DimMappingAttr dim : mapping.getDims()) {
        for (int64_t factor : dim.getFactors()) {
          if (failed(checkFactor(factor)))
            return failure();
          if (llvm::is_contained(used, factor))
            return emitError() << "factor '" << getFactorName(factor)
                               << "' appears twice in one tensor mapping";
          used.push_back(factor);
        }
      }
    }
  }
  // A factor has at most one special kind.
  SmallVector<int64_t> special;
  for (ArrayRef<int64_t> group :
       {reductionFactors, needReplicationFactors, permutationFactors,
        blockedPropagationFactors}) {
    for (int64_t factor : group) {
      if (failed(checkFactor(factor)))
        return failure();
      if (llvm::is_contained(special, factor))
        return emitError() << "factor '" << getFactorName(factor)
                           << "' is listed twice among the special factors";
      special.push_back(factor);
    }
  }
  return success();
}

namespace axle::sdy {

LogicalResult verifyShardingRuleOfOp(OpShardingRuleAttr rule, Operation *op,
                                     EmitErrorFn emitError) {
  auto checkSide = [&](StringRef side, ArrayRef<TensorMappingAttr> mappings,
                       TypeRange types) -> LogicalResult {
    if (mappings.size() != types.size())
      return emitError() << "the rule maps " << mappings.size() << " " << side
                         << "s but the op has " << types.size();
    for (auto [index, entry] : llvm::enumerate(llvm::zip(mappings, types))) {
      auto [mapping, type] = entry;
      auto shaped = llvm::dyn_cast<ShapedType>(type);
      int64_t rank = shaped && shaped.hasRank() ? shaped.getRank() : 0;
      if (static_cast<int64_t>(mapping.getDims().size()) != rank)
        return emitError() << side << " #" << index << " has rank " << rank
                           << " but the rule maps " << mapping.getDims().size()
                           << " dimensions";
    }
    return success();
  };
  if (failed(checkSide("operand", rule.getOperandMappings(),
                       op->getOperandTypes())))
    return failure();
  return checkSide("result", rule.getResultMappings(), op->getResultTypes());
}

} // namespace axle::sdy

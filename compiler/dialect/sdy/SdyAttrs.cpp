//===- SdyAttrs.cpp - syntax and verifiers of sdy attributes --------------===//
//
//   mesh:        <["x"=2, "y"=4]>   <[]>   <[], device_ids=[0]>
//   sharding:    <@mesh, [{"x"}, {"y", ?}p1, {}], replicated={"z":(1)2}>
//                <mesh<["a"=2]>, [{"a"}]>        (inline mesh)
//   per value:   <[<@mesh, [{"x"}]>, <@mesh, []>]>
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/sdy/ShardingChecks.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h" // used by the generated attribute dispatch
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace axle::sdy;

#define GET_ATTRDEF_CLASSES
#include "compiler/dialect/sdy/SdyAttrs.cpp.inc"

void SdyDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/dialect/sdy/SdyAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared pieces of syntax
//===----------------------------------------------------------------------===//

/// Parses `, key=` and returns the key, or an empty string when no comma
/// follows. `keys` lists the valid keys; each may appear once.
static FailureOr<std::string>
parseOptionalKey(AsmParser &parser, ArrayRef<StringRef> keys,
                 SmallVectorImpl<std::string> &seen, StringRef where) {
  if (failed(parser.parseOptionalComma()))
    return std::string();
  SMLoc loc = parser.getCurrentLocation();
  StringRef key;
  std::string expected = "'" + llvm::join(keys, "' or '") + "'";
  if (failed(parser.parseOptionalKeyword(&key)))
    return parser.emitError(loc, "expected ") << expected << " in " << where;
  if (!llvm::is_contained(keys, key))
    return parser.emitError(loc, "unknown key '")
           << key << "' in " << where << "; expected " << expected;
  if (llvm::is_contained(seen, key))
    return parser.emitError(loc, "key '")
           << key << "' given twice in " << where;
  seen.push_back(key.str());
  if (parser.parseEqual())
    return failure();
  return key.str();
}

/// `"x"` or `"x":(pre_size)size`.
static AxisRefAttr parseAxisRef(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  std::string name;
  if (failed(parser.parseOptionalString(&name))) {
    parser.emitError(loc, "expected an axis name in double quotes");
    return {};
  }
  int64_t preSize = 0, size = 0;
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseLParen() || parser.parseInteger(preSize) ||
        parser.parseRParen() || parser.parseInteger(size))
      return {};
  }
  return AxisRefAttr::get(parser.getContext(), name, preSize, size);
}

static void printAxisRef(AsmPrinter &printer, AxisRefAttr axis) {
  printer.printString(axis.getName());
  if (axis.isSubAxis())
    printer << ":(" << axis.getSubPreSize() << ")" << axis.getSubSize();
}

/// `{"x", "y"}`: a list of axis references in braces.
static ParseResult parseAxisRefList(AsmParser &parser,
                                    SmallVectorImpl<AxisRefAttr> &axes) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Braces, [&]() -> ParseResult {
        AxisRefAttr axis = parseAxisRef(parser);
        if (!axis)
          return failure();
        axes.push_back(axis);
        return success();
      });
}

static void printAxisRefList(AsmPrinter &printer, ArrayRef<AxisRefAttr> axes) {
  printer << '{';
  llvm::interleaveComma(axes, printer.getStream(),
                        [&](AxisRefAttr axis) { printAxisRef(printer, axis); });
  printer << '}';
}

std::string AxisRefAttr::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '"';
  llvm::printEscapedString(getName(), os);
  os << '"';
  if (isSubAxis())
    os << ":(" << getSubPreSize() << ")" << getSubSize();
  return text;
}

//===----------------------------------------------------------------------===//
// MeshAttr
//===----------------------------------------------------------------------===//

Attribute MeshAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<MeshAxisAttr> axes;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc axisLoc = parser.getCurrentLocation();
            std::string name;
            int64_t size;
            if (failed(parser.parseOptionalString(&name)))
              return parser.emitError(axisLoc,
                                      "expected an axis name in double quotes");
            if (parser.parseEqual() || parser.parseInteger(size))
              return failure();
            axes.push_back(MeshAxisAttr::get(context, name, size));
            return success();
          }))
    return {};

  SmallVector<int64_t> deviceIds;
  SmallVector<std::string> seen;
  while (true) {
    FailureOr<std::string> key =
        parseOptionalKey(parser, {"device_ids"}, seen, "a mesh");
    if (failed(key))
      return {};
    if (key->empty())
      break;
    if (parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              return parser.parseInteger(deviceIds.emplace_back());
            }))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, context, axes,
                    deviceIds);
}

void MeshAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getAxes(), printer.getStream(), [&](MeshAxisAttr axis) {
    printer.printString(axis.getName());
    printer << '=' << axis.getSize();
  });
  printer << ']';
  if (!getDeviceIds().empty()) {
    printer << ", device_ids=[";
    llvm::interleaveComma(getDeviceIds(), printer.getStream());
    printer << ']';
  }
  printer << '>';
}

/// The product of the axis sizes, or nullopt on overflow.
static std::optional<int64_t> getMeshSize(ArrayRef<MeshAxisAttr> axes) {
  int64_t total = 1;
  for (MeshAxisAttr axis : axes)
    if (llvm::MulOverflow(total, axis.getSize(), total))
      return std::nullopt;
  return total;
}

LogicalResult MeshAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<MeshAxisAttr> axes,
                               ArrayRef<int64_t> deviceIds) {
  for (auto [index, axis] : llvm::enumerate(axes)) {
    if (axis.getSize() <= 0)
      return emitError() << "mesh axis \"" << axis.getName() << "\" has size "
                         << axis.getSize() << "; sizes must be positive";
    for (MeshAxisAttr earlier : axes.take_front(index))
      if (earlier.getName() == axis.getName())
        return emitError() << "mesh axis \"" << axis.getName()
                           << "\" is declared twice";
  }
  for (int64_t id : deviceIds)
    if (id < 0)
      return emitError() << "device id " << id << " is negative";
  if (axes.empty()) {
    // A maximal mesh: one device holds everything.
    if (deviceIds.size() > 1)
      return emitError() << "a mesh without axes takes at most one device id, "
                            "got "
                         << deviceIds.size();
    return success();
  }
  std::optional<int64_t> total = getMeshSize(axes);
  if (!total)
    return emitError() << "the product of the mesh axis sizes overflows";
  if (deviceIds.empty())
    return success();
  if (static_cast<int64_t>(deviceIds.size()) != *total)
    return emitError() << "mesh has " << *total << " devices but device_ids "
                       << "lists " << deviceIds.size();
  // Each device appears exactly once: the ids are a permutation of
  // 0..total-1.
  std::vector<bool> present(*total, false);
  for (int64_t id : deviceIds) {
    if (id >= *total)
      return emitError() << "device id " << id << " is out of range for a "
                         << "mesh of " << *total << " devices";
    if (present[id])
      return emitError() << "device id " << id << " appears twice";
    present[id] = true;
  }
  return success();
}

MeshAxisAttr MeshAttr::findAxis(StringRef name) const {
  for (MeshAxisAttr axis : getAxes())
    if (axis.getName() == name)
      return axis;
  return {};
}

int64_t MeshAttr::getTotalSize() const {
  // Verified not to overflow.
  return getMeshSize(getAxes()).value_or(0);
}

bool MeshAttr::isMaximal() const {
  return getAxes().empty() && getDeviceIds().size() == 1;
}

//===----------------------------------------------------------------------===//
// DimensionShardingAttr
//===----------------------------------------------------------------------===//

/// `{"x", "y"}`, `{"x", ?}`, `{?}` or `{}`, then an optional priority `p<N>`.
static DimensionShardingAttr parseDimensionSharding(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<AxisRefAttr> axes;
  bool isClosed = true;
  if (parser.parseLBrace())
    return {};
  if (failed(parser.parseOptionalRBrace())) {
    while (true) {
      if (succeeded(parser.parseOptionalQuestion())) {
        isClosed = false;
        if (parser.parseRBrace())
          return {};
        break;
      }
      AxisRefAttr axis = parseAxisRef(parser);
      if (!axis)
        return {};
      axes.push_back(axis);
      if (succeeded(parser.parseOptionalRBrace()))
        break;
      if (failed(parser.parseOptionalComma())) {
        parser.emitError(parser.getCurrentLocation(),
                         "expected ',' or '}' after an axis in a dimension "
                         "sharding");
        return {};
      }
    }
  }
  std::optional<int64_t> priority;
  SMLoc priorityLoc = parser.getCurrentLocation();
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    int64_t value;
    StringRef digits = keyword.drop_front();
    if (keyword.front() != 'p' || digits.empty() ||
        !llvm::all_of(digits, llvm::isDigit) ||
        digits.getAsInteger(10, value)) {
      parser.emitError(priorityLoc, "expected a priority 'p<N>' after a "
                                    "dimension sharding, got '")
          << keyword << "'";
      return {};
    }
    priority = value;
  }
  return DimensionShardingAttr::getChecked(
      [&] { return parser.emitError(loc); }, parser.getContext(), axes,
      isClosed, priority);
}

static void printDimensionSharding(AsmPrinter &printer,
                                   DimensionShardingAttr dim) {
  printer << '{';
  llvm::interleaveComma(dim.getAxes(), printer.getStream(),
                        [&](AxisRefAttr axis) { printAxisRef(printer, axis); });
  if (!dim.getIsClosed())
    printer << (dim.getAxes().empty() ? "?" : ", ?");
  printer << '}';
  if (dim.getPriority())
    printer << 'p' << *dim.getPriority();
}

LogicalResult
DimensionShardingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<AxisRefAttr> axes, bool isClosed,
                              std::optional<int64_t> priority) {
  if (priority && *priority < 0)
    return emitError() << "priority " << *priority << " is negative";
  return success();
}

//===----------------------------------------------------------------------===//
// TensorShardingAttr
//===----------------------------------------------------------------------===//

/// `@name` or `mesh<...>`.
static Attribute parseMeshOrRef(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  StringAttr symbol;
  if (succeeded(parser.parseOptionalSymbolName(symbol)))
    return FlatSymbolRefAttr::get(symbol);
  if (succeeded(parser.parseOptionalKeyword("mesh")))
    return MeshAttr::parse(parser, Type());
  parser.emitError(loc,
                   "expected a mesh symbol '@name' or an inline 'mesh<[...]>'");
  return {};
}

Attribute TensorShardingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  Attribute meshOrRef = parseMeshOrRef(parser);
  if (!meshOrRef || parser.parseComma())
    return {};
  SmallVector<DimensionShardingAttr> dims;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            DimensionShardingAttr dim = parseDimensionSharding(parser);
            if (!dim)
              return failure();
            dims.push_back(dim);
            return success();
          }))
    return {};

  SmallVector<AxisRefAttr> replicated, unreduced;
  SmallVector<std::string> seen;
  while (true) {
    FailureOr<std::string> key = parseOptionalKey(
        parser, {"replicated", "unreduced"}, seen, "a sharding");
    if (failed(key))
      return {};
    if (key->empty())
      break;
    if (parseAxisRefList(parser, *key == "replicated" ? replicated : unreduced))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    meshOrRef, dims, replicated, unreduced);
}

void TensorShardingAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (MeshAttr mesh = getInlineMesh()) {
    printer << "mesh";
    mesh.print(printer);
  } else {
    printer.printAttribute(getMeshOrRef());
  }
  printer << ", [";
  llvm::interleaveComma(
      getDimShardings(), printer.getStream(),
      [&](DimensionShardingAttr dim) { printDimensionSharding(printer, dim); });
  printer << ']';
  if (!getReplicatedAxes().empty()) {
    printer << ", replicated=";
    printAxisRefList(printer, getReplicatedAxes());
  }
  if (!getUnreducedAxes().empty()) {
    printer << ", unreduced=";
    printAxisRefList(printer, getUnreducedAxes());
  }
  printer << '>';
}

LogicalResult TensorShardingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, Attribute meshOrRef,
    ArrayRef<DimensionShardingAttr> dimShardings,
    ArrayRef<AxisRefAttr> replicatedAxes, ArrayRef<AxisRefAttr> unreducedAxes) {
  if (!llvm::isa_and_nonnull<FlatSymbolRefAttr, MeshAttr>(meshOrRef))
    return emitError() << "a sharding needs a mesh symbol or an inline mesh, "
                          "got "
                       << meshOrRef;
  if (failed(verifyAxisUses(dimShardings, replicatedAxes, unreducedAxes,
                            emitError)))
    return failure();
  // An inline mesh is at hand: check the axes against it now. Shardings
  // naming a mesh symbol are checked where they are used.
  if (auto mesh = llvm::dyn_cast<MeshAttr>(meshOrRef))
    return verifyAxesInMesh(dimShardings, replicatedAxes, unreducedAxes, mesh,
                            emitError);
  return success();
}

//===----------------------------------------------------------------------===//
// TensorShardingPerValueAttr
//===----------------------------------------------------------------------===//

Attribute TensorShardingPerValueAttr::parse(AsmParser &parser, Type) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&]() -> ParseResult {
            auto sharding = llvm::dyn_cast_or_null<TensorShardingAttr>(
                TensorShardingAttr::parse(parser, Type()));
            if (!sharding)
              return failure();
            shardings.push_back(sharding);
            return success();
          }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), shardings);
}

void TensorShardingPerValueAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      getShardings(), printer.getStream(),
      [&](TensorShardingAttr sharding) { sharding.print(printer); });
  printer << "]>";
}

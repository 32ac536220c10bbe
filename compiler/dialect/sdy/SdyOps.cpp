//===- SdyOps.cpp - sdy op syntax and verifiers ---------------------------===//

#include "compiler/dialect/sdy/ShardingChecks.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace axle::sdy;

//===----------------------------------------------------------------------===//
// ShardingConstraintOp
//===----------------------------------------------------------------------===//

LogicalResult
ShardingConstraintOp::verifySymbolUses(SymbolTableCollection &symbolTables) {
  auto emitError = [&] { return emitOpError(); };
  MeshAttr mesh = verifyShardingOfValue(getSharding(), getInput().getType(),
                                        *this, &symbolTables, emitError);
  return mesh ? success() : failure();
}

//===----------------------------------------------------------------------===//
// ShardingGroupOp
//===----------------------------------------------------------------------===//

LogicalResult ShardingGroupOp::verify() {
  // The I64Attr getter is unsigned; read the signed value.
  int64_t groupId = getGroupIdAttr().getInt();
  if (groupId < 0)
    return emitOpError("group_id must be non-negative, got ") << groupId;
  return success();
}

//===----------------------------------------------------------------------===//
// ManualComputationOp syntax:
//
//   sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>]
//       out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"}
//       (%arg1: tensor<2x8xf32>) {
//     ...
//     sdy.return %v : tensor<2x8xf32>
//   } : (tensor<8x8xf32>) -> tensor<8x8xf32>
//===----------------------------------------------------------------------===//

/// `keyword=[<sharding>, ...]`.
static ParseResult parseShardingList(OpAsmParser &parser, StringRef keyword,
                                     TensorShardingPerValueAttr &result) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseKeyword(keyword) || parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            auto sharding = llvm::dyn_cast_or_null<TensorShardingAttr>(
                TensorShardingAttr::parse(parser, Type()));
            if (!sharding)
              return failure();
            shardings.push_back(sharding);
            return success();
          }))
    return failure();
  result = TensorShardingPerValueAttr::get(parser.getContext(), shardings);
  return success();
}

static void printShardingList(OpAsmPrinter &printer,
                              TensorShardingPerValueAttr shardings) {
  printer << '[';
  llvm::interleaveComma(
      shardings.getShardings(), printer.getStream(),
      [&](TensorShardingAttr sharding) { sharding.print(printer); });
  printer << ']';
}

ParseResult ManualComputationOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  MLIRContext *context = parser.getContext();
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc operandsLoc = parser.getCurrentLocation();
  TensorShardingPerValueAttr inShardings, outShardings;
  SmallVector<Attribute> manualAxes;
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parseShardingList(parser, "in_shardings", inShardings) ||
      parseShardingList(parser, "out_shardings", outShardings) ||
      parser.parseKeyword("manual_axes") || parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Braces, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            std::string axis;
            if (failed(parser.parseOptionalString(&axis)))
              return parser.emitError(loc,
                                      "expected an axis name in double quotes");
            manualAxes.push_back(StringAttr::get(context, axis));
            return success();
          }))
    return failure();
  result.addAttribute(getInShardingsAttrName(result.name), inShardings);
  result.addAttribute(getOutShardingsAttrName(result.name), outShardings);
  result.addAttribute(getManualAxesAttrName(result.name),
                      ArrayAttr::get(context, manualAxes));

  SmallVector<OpAsmParser::Argument> arguments;
  Region *body = result.addRegion();
  if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseRegion(*body, arguments) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();

  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parser.parseColonType(type))
    return failure();
  auto functionType = llvm::dyn_cast<FunctionType>(type);
  if (!functionType)
    return parser.emitError(typeLoc, "expected a function type '(operand "
                                     "types) -> result types', got ")
           << type;
  result.addTypes(functionType.getResults());
  return parser.resolveOperands(operands, functionType.getInputs(), operandsLoc,
                                result.operands);
}

void ManualComputationOp::print(OpAsmPrinter &printer) {
  printer << '(' << getTensors() << ") in_shardings=";
  printShardingList(printer, getInShardings());
  printer << " out_shardings=";
  printShardingList(printer, getOutShardings());
  printer << " manual_axes={";
  llvm::interleaveComma(getManualAxes().getAsValueRange<StringAttr>(),
                        printer.getStream(),
                        [&](StringRef axis) { printer.printString(axis); });
  printer << "} (";
  llvm::interleaveComma(
      getBody().getArguments(), printer.getStream(),
      [&](BlockArgument argument) { printer.printRegionArgument(argument); });
  printer << ") ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs(), {getInShardingsAttrName(),
                                                      getOutShardingsAttrName(),
                                                      getManualAxesAttrName()});
  printer << " : ";
  printer.printFunctionalType(getTensors().getTypes(), getResults().getTypes());
}

//===----------------------------------------------------------------------===//
// ManualComputationOp verification
//===----------------------------------------------------------------------===//

LogicalResult ManualComputationOp::verify() {
  size_t numOperands = getTensors().size();
  size_t numResults = getResults().size();
  if (getInShardings().getShardings().size() != numOperands)
    return emitOpError("has ")
           << numOperands << " operands but "
           << getInShardings().getShardings().size() << " in_shardings";
  if (getOutShardings().getShardings().size() != numResults)
    return emitOpError("has ")
           << numResults << " results but "
           << getOutShardings().getShardings().size() << " out_shardings";
  Block &body = getBody().front();
  if (body.getNumArguments() != numOperands)
    return emitOpError("has ") << numOperands << " operands but its body takes "
                               << body.getNumArguments() << " arguments";
  Operation *terminator = body.getTerminator();
  if (terminator->getNumOperands() != numResults)
    return emitOpError("has ") << numResults << " results but its body returns "
                               << terminator->getNumOperands() << " values";
  ArrayRef<Attribute> axes = getManualAxes().getValue();
  for (auto [index, axis] : llvm::enumerate(axes))
    if (llvm::is_contained(axes.take_front(index), axis))
      return emitOpError("lists manual axis ") << axis << " twice";
  return success();
}

/// Checks the shardings of one side (operands or results) of a manual
/// computation and that `localTypes` (the body's view) are the local types
/// of `globalTypes` under them. All shardings must use `mesh`, which the
/// first one sets when it is null.
static LogicalResult verifyManualSide(ManualComputationOp op, StringRef side,
                                      TensorShardingPerValueAttr shardings,
                                      TypeRange globalTypes,
                                      TypeRange localTypes, StringRef localWhat,
                                      SymbolTableCollection &symbolTables,
                                      MeshAttr &mesh) {
  SmallVector<StringRef> manualAxes(
      op.getManualAxes().getAsValueRange<StringAttr>());
  for (auto [index, sharding] : llvm::enumerate(shardings.getShardings())) {
    auto emitError = [&, index = index] {
      return op.emitOpError() << side << " #" << index << ": ";
    };
    MeshAttr valueMesh = verifyShardingOfValue(sharding, globalTypes[index], op,
                                               &symbolTables, emitError);
    if (!valueMesh)
      return failure();
    if (!mesh) {
      mesh = valueMesh;
      for (StringRef axis : manualAxes)
        if (!mesh.findAxis(axis))
          return op.emitOpError("manual axis \"")
                 << axis << "\" is not in mesh " << mesh;
    } else if (valueMesh != mesh) {
      return emitError() << "uses mesh " << valueMesh
                         << " but the first sharding uses " << mesh
                         << "; all shardings of a manual computation must "
                            "use one mesh";
    }
    Type local =
        getLocalType(globalTypes[index], sharding, mesh, manualAxes, emitError);
    if (!local)
      return failure();
    if (local != localTypes[index])
      return op.emitOpError() << localWhat << " #" << index << " has type "
                              << localTypes[index] << " but " << side << " #"
                              << index << " makes the local type " << local;
  }
  return success();
}

LogicalResult
ManualComputationOp::verifySymbolUses(SymbolTableCollection &symbolTables) {
  MeshAttr mesh;
  Block &body = getBody().front();
  if (failed(verifyManualSide(*this, "in_shardings", getInShardings(),
                              getTensors().getTypes(), body.getArgumentTypes(),
                              "body argument", symbolTables, mesh)))
    return failure();
  return verifyManualSide(*this, "out_shardings", getOutShardings(),
                          getResults().getTypes(),
                          body.getTerminator()->getOperandTypes(),
                          "sdy.return operand", symbolTables, mesh);
}

#define GET_OP_CLASSES
#include "compiler/dialect/sdy/SdyOps.cpp.inc"

//===- StablehloOps.cpp - hand-written op syntax and folders --------------===//
//
// The ops whose syntax is too irregular for a declarative format: constant,
// reduce and while. The generated op definitions are compiled in shards
// (StablehloOpsShard*.cpp, written by CMake) to keep translation units small.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace axle::stablehlo {

//===----------------------------------------------------------------------===//
// constant
//===----------------------------------------------------------------------===//

// `stablehlo.constant dense<1.0> : tensor<f32>` when the literal's type is the
// result type; otherwise (quantized results) the literal and the result type
// are both spelled out: `stablehlo.constant() <{value = dense<1> :
// tensor<i8>}> : () -> tensor<!quant.uniform<...>>`.
ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseRParen())
      return failure();
    if (succeeded(parser.parseOptionalLess())) {
      if (parser.parseAttribute(result.propertiesAttr) || parser.parseGreater())
        return failure();
    }
    FunctionType type;
    llvm::SMLoc typeLoc = parser.getCurrentLocation();
    if (parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseColonType(type))
      return failure();
    if (type.getNumInputs() != 0 || type.getNumResults() != 1)
      return parser.emitError(typeLoc, "expected () -> result type");
    result.addTypes(type.getResults());
    return success();
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  llvm::SMLoc valueLoc = parser.getCurrentLocation();
  Attribute value;
  if (parser.parseAttribute(value))
    return failure();
  auto elements = llvm::dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(valueLoc, "expected a tensor literal, got ")
           << value;
  result.getOrAddProperties<Properties>().value = elements;
  result.addTypes(elements.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  if (getValue().getType() != getType()) {
    printer << "() <{value = ";
    printer.printAttribute(getValue());
    printer << "}>";
    printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
    printer << " : ";
    printer.printFunctionalType(TypeRange{}, TypeRange(getType()));
    return;
  }
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  printer << ' ';
  printer.printAttribute(getValue());
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

/// The op a reduce body consists of, when the body is exactly
/// `%r = op %lhs, %rhs; return %r` on the two block arguments in order, with
/// scalar tensors of the block argument type; such a body prints as
/// `applies <op>` (the inner op then takes the reduce's location).
static Operation *getSimpleReducer(ReduceOp op) {
  Block &body = op.getBody().front();
  if (op.getInputs().size() != 1 || body.getNumArguments() != 2 ||
      !llvm::hasSingleElement(body.without_terminator()))
    return nullptr;
  Operation &inner = body.front();
  auto ret = llvm::dyn_cast<ReturnOp>(body.getTerminator());
  if (!ret || ret.getNumOperands() != 1 ||
      ret.getOperand(0) !=
          (inner.getNumResults() == 1 ? inner.getResult(0) : Value()))
    return nullptr;
  if (inner.getNumOperands() != 2 || inner.getNumRegions() != 0 ||
      !inner.getAttrDictionary().empty() ||
      inner.getOperand(0) != body.getArgument(0) ||
      inner.getOperand(1) != body.getArgument(1))
    return nullptr;
  // The short form rebuilds the body on scalars of the init value's element
  // type, so only such bodies may use it.
  auto initType =
      llvm::dyn_cast<RankedTensorType>(op.getInitValues()[0].getType());
  Type argType = body.getArgument(0).getType();
  if (!initType ||
      argType != RankedTensorType::get({}, initType.getElementType()))
    return nullptr;
  if (body.getArgument(1).getType() != argType ||
      inner.getResult(0).getType() != argType ||
      inner.getDialect() != op->getDialect() ||
      !inner.hasTrait<OpTrait::Elementwise>())
    return nullptr;
  return &inner;
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  // `(%x init: %z), (%y init: %w)`
  do {
    OpAsmParser::UnresolvedOperand input, init;
    if (parser.parseLParen() || parser.parseOperand(input) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(init) || parser.parseRParen())
      return failure();
    inputs.push_back(input);
    inits.push_back(init);
  } while (succeeded(parser.parseOptionalComma()));

  llvm::SMLoc appliesLoc = parser.getCurrentLocation();
  std::optional<OperationName> innerName;
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    llvm::SMLoc nameLoc = parser.getCurrentLocation();
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    innerName = *name;
    if (!innerName->isRegistered())
      return parser.emitError(nameLoc, "unknown operation '")
             << innerName->getStringRef() << "' in reduce";
  }
  DenseI64ArrayAttr dimensions;
  FunctionType type;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseDimList(parser, dimensions) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  result.getOrAddProperties<Properties>().dimensions = dimensions;
  if (type.getNumInputs() != inputs.size() * 2)
    return parser.emitError(appliesLoc, "expected ")
           << inputs.size() * 2 << " operand types, got "
           << type.getNumInputs();
  SmallVector<OpAsmParser::UnresolvedOperand> all(inputs);
  all.append(inits);
  if (parser.resolveOperands(all, type.getInputs(), parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(type.getResults());

  Region *body = result.addRegion();
  if (innerName) {
    // Build `^bb(%lhs: T, %rhs: T): %r = op %lhs, %rhs; return %r` with T the
    // element type of the init value as a 0-d tensor.
    auto initType = llvm::dyn_cast<RankedTensorType>(type.getInput(1));
    if (!initType)
      return parser.emitError(appliesLoc, "init value must be a tensor");
    Type scalar = RankedTensorType::get({}, initType.getElementType());
    Location loc = result.location;
    Block *block = new Block();
    body->push_back(block);
    block->addArguments({scalar, scalar}, {loc, loc});
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToEnd(block);
    OperationState innerState(loc, *innerName);
    innerState.addOperands(block->getArguments());
    innerState.addTypes(scalar);
    Operation *inner = builder.create(innerState);
    ReturnOp::create(builder, loc, inner->getResults());
    return success();
  }

  // `reducer(%a: T, %b: T) (%c: U, %d: U) { ... }`: pairs (input element,
  // accumulator) per operand; block arguments are all first elements, then
  // all second elements.
  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> firsts, seconds;
  while (succeeded(parser.parseOptionalLParen())) {
    OpAsmParser::Argument first, second;
    if (parser.parseArgument(first, /*allowType=*/true) ||
        parser.parseComma() ||
        parser.parseArgument(second, /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
    firsts.push_back(first);
    seconds.push_back(second);
  }
  SmallVector<OpAsmParser::Argument> arguments(firsts);
  arguments.append(seconds);
  return parser.parseRegion(*body, arguments);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  printer << '(';
  llvm::interleave(
      llvm::zip(getInputs(), getInitValues()), printer,
      [&](auto pair) {
        printer << std::get<0>(pair) << " init: " << std::get<1>(pair);
      },
      "), (");
  printer << ')';
  Operation *inner = getSimpleReducer(*this);
  if (inner)
    printer << " applies " << inner->getName().getStringRef();
  printer << " across dimensions = ";
  printDimList(printer, *this, getDimensionsAttr());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  printer << " : ";
  printer.printFunctionalType(*this);
  if (inner)
    return;
  Block &block = getBody().front();
  size_t pairs = block.getNumArguments() / 2;
  printer.printNewline();
  printer << " reducer";
  for (size_t i = 0; i < pairs; ++i) {
    printer << (i ? " (" : "(");
    printer.printRegionArgument(block.getArgument(i));
    printer << ", ";
    printer.printRegionArgument(block.getArgument(i + pairs));
    printer << ')';
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> iterArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      OpAsmParser::Argument arg;
      OpAsmParser::UnresolvedOperand operand;
      if (parser.parseArgument(arg) || parser.parseEqual() ||
          parser.parseOperand(operand))
        return failure();
      iterArgs.push_back(arg);
      operands.push_back(operand);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  SmallVector<Type> types;
  if (!operands.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc, "expected ")
           << operands.size() << " types, got " << types.size();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  result.addTypes(types);
  for (auto [arg, type] : llvm::zip(iterArgs, types))
    arg.type = type;
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, iterArgs) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, iterArgs))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &printer) {
  printer << '(';
  Block &condBlock = getCond().front();
  llvm::interleaveComma(llvm::enumerate(getOperand()), printer, [&](auto it) {
    printer.printOperand(condBlock.getArgument(it.index()));
    printer << " = " << it.value();
  });
  printer << ')';
  if (getNumOperands()) {
    printer << " : ";
    llvm::interleaveComma(getOperand().getTypes(), printer);
  }
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  printer.printNewline();
  printer << " cond ";
  printer.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  printer << " do ";
  // Both regions take the loop-carried values: give their arguments one set
  // of names, the ones printed in the header.
  printer.shadowRegionArgs(getBody(), condBlock.getArguments());
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

} // namespace axle::stablehlo

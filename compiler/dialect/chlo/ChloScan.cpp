//===- ChloScan.cpp - chlo.scan syntax and verifier -----------------------===//
//
//   %r:2 = chlo.scan(%x) inits(%c) dimension=0 attributes {is_reverse = true} {
//   ^bb0(%input: tensor<4xf32>, %carry: tensor<4xf32>):
//     ...
//   } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace axle::chlo;

int64_t ScanOp::getScanLength() {
  for (Value input : getInputs()) {
    int64_t size = llvm::cast<RankedTensorType>(input.getType())
                       .getDimSize(getDimension());
    if (!ShapedType::isDynamic(size))
      return size;
  }
  if (std::optional<uint64_t> size = getScanDimSize())
    return *size;
  return ShapedType::kDynamic;
}

ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  int64_t dimension;
  llvm::SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(inputs, AsmParser::Delimiter::Paren) ||
      parser.parseKeyword("inits") ||
      parser.parseOperandList(inits, AsmParser::Delimiter::Paren) ||
      parser.parseKeyword("dimension") || parser.parseEqual() ||
      parser.parseInteger(dimension) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  FunctionType type;
  if (parser.parseRegion(*body) || parser.parseColonType(type))
    return failure();
  if (type.getNumInputs() != inputs.size() + inits.size())
    return parser.emitError(operandsLoc)
           << "the function type lists " << type.getNumInputs()
           << " operand types for " << inputs.size() + inits.size()
           << " operands";
  if (type.getNumResults() < inits.size())
    return parser.emitError(operandsLoc)
           << "the function type lists " << type.getNumResults()
           << " results, fewer than the " << inits.size() << " carries";
  SmallVector<OpAsmParser::UnresolvedOperand> operands(inputs);
  operands.append(inits);
  if (parser.resolveOperands(operands, type.getInputs(), operandsLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());

  Builder &builder = parser.getBuilder();
  Properties &props = result.getOrAddProperties<Properties>();
  props.dimension = builder.getI64IntegerAttr(dimension);
  props.operandSegmentSizes = {static_cast<int32_t>(inputs.size()),
                               static_cast<int32_t>(inits.size())};
  props.resultSegmentSizes = {
      static_cast<int32_t>(type.getNumResults() - inits.size()),
      static_cast<int32_t>(inits.size())};
  return success();
}

void ScanOp::print(OpAsmPrinter &printer) {
  printer << "(" << getInputs() << ") inits(" << getInits()
          << ") dimension=" << getDimension();
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {"dimension", "operandSegmentSizes", "resultSegmentSizes"});
  printer << " ";
  printer.printRegion(getBody());
  printer << " : ";
  printer.printFunctionalType(getOperandTypes(), getResultTypes());
}

void ScanOp::getAsmBlockArgumentNames(Region &region,
                                      OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  size_t numInputs = getInputs().size();
  for (auto [index, arg] : llvm::enumerate(region.front().getArguments()))
    setNameFn(arg, index < numInputs ? "input" : "carry");
}

/// `type` without dimension `dim`.
static RankedTensorType dropDim(RankedTensorType type, int64_t dim) {
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  return RankedTensorType::get(shape, type.getElementType());
}

static bool compatibleTypes(Type a, Type b) {
  auto ta = llvm::dyn_cast<RankedTensorType>(a);
  auto tb = llvm::dyn_cast<RankedTensorType>(b);
  if (!ta || !tb)
    return a == b;
  if (ta.getElementType() != tb.getElementType() ||
      ta.getRank() != tb.getRank())
    return false;
  for (auto [x, y] : llvm::zip(ta.getShape(), tb.getShape()))
    if (x != y && !ShapedType::isDynamic(x) && !ShapedType::isDynamic(y))
      return false;
  return true;
}

LogicalResult ScanOp::verify() {
  int64_t dim = getDimension();
  size_t numInputs = getInputs().size();
  size_t numInits = getInits().size();
  size_t numOutputs = getOutputs().size();
  if (getCarries().size() != numInits)
    return emitOpError() << "has " << getCarries().size()
                         << " carry results for " << numInits << " inits";

  // Every input has the scanned dimension, all of one length.
  int64_t length = ShapedType::kDynamic;
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto type = llvm::cast<RankedTensorType>(input.getType());
    if (dim >= type.getRank())
      return emitOpError() << "dimension " << dim
                           << " is out of range for input #" << index
                           << " of type " << type;
    int64_t size = type.getDimSize(dim);
    if (ShapedType::isDynamic(size))
      continue;
    if (!ShapedType::isDynamic(length) && size != length)
      return emitOpError() << "input #" << index << " of type " << type
                           << " has length " << size << " along dimension "
                           << dim << ", other inputs have " << length;
    length = size;
  }
  if (std::optional<uint64_t> size = getScanDimSize()) {
    if (!ShapedType::isDynamic(length) && static_cast<int64_t>(*size) != length)
      return emitOpError() << "scan_dim_size = " << *size
                           << " differs from the inputs' length " << length;
  } else if (numInputs == 0) {
    return emitOpError() << "without inputs needs a scan_dim_size attribute";
  }

  Block &block = getBody().front();
  if (block.getNumArguments() != numInputs + numInits)
    return emitOpError() << "body has " << block.getNumArguments()
                         << " arguments, expected " << numInputs + numInits
                         << " (one per input, then one per init)";
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto expected = dropDim(llvm::cast<RankedTensorType>(input.getType()), dim);
    Type actual = block.getArgument(index).getType();
    if (!compatibleTypes(actual, expected))
      return emitOpError() << "body argument #" << index << " has type "
                           << actual << ", expected " << expected << " (input #"
                           << index << " without dimension " << dim << ")";
  }
  for (auto [index, init] : llvm::enumerate(getInits())) {
    Type actual = block.getArgument(numInputs + index).getType();
    if (!compatibleTypes(actual, init.getType()))
      return emitOpError() << "body argument #" << numInputs + index
                           << " has type " << actual
                           << ", expected the type of init #" << index << ", "
                           << init.getType();
  }

  Operation *terminator = block.empty() ? nullptr : &block.back();
  if (!terminator || !terminator->hasTrait<OpTrait::IsTerminator>())
    return emitOpError() << "body must end with a return";
  if (terminator->getNumOperands() != numOutputs + numInits)
    return emitOpError() << "body returns " << terminator->getNumOperands()
                         << " values, expected " << numOutputs + numInits
                         << " (" << numOutputs << " outputs, then " << numInits
                         << " carries)";
  for (size_t i = 0; i < numOutputs; ++i) {
    auto slice =
        llvm::dyn_cast<RankedTensorType>(terminator->getOperand(i).getType());
    auto output = llvm::cast<RankedTensorType>(getOutputs()[i].getType());
    if (!slice || dim > slice.getRank() ||
        output.getRank() != slice.getRank() + 1 ||
        !compatibleTypes(dropDim(output, dim), slice))
      return emitOpError() << "output #" << i << " has type " << output
                           << ", which is not the body's returned type "
                           << terminator->getOperand(i).getType()
                           << " with dimension " << dim << " inserted";
    int64_t outputLength = output.getDimSize(dim);
    if (!ShapedType::isDynamic(length) &&
        !ShapedType::isDynamic(outputLength) && outputLength != length)
      return emitOpError() << "output #" << i << " of type " << output
                           << " has length " << outputLength
                           << " along dimension " << dim
                           << ", the scan has length " << length;
  }
  for (size_t i = 0; i < numInits; ++i) {
    Type returned = terminator->getOperand(numOutputs + i).getType();
    Type init = getInits()[i].getType();
    Type carry = getCarries()[i].getType();
    if (!compatibleTypes(returned, init) || !compatibleTypes(carry, init))
      return emitOpError() << "carry #" << i << ": init type " << init
                           << ", returned type " << returned
                           << " and result type " << carry << " must agree";
  }
  return success();
}

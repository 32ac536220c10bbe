//===- VerifyShape.cpp - verifiers of ops that create or reshape tensors --===//
//
// Constraint numbers refer to the op's section of the specification.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

using namespace mlir;

namespace axle::stablehlo {

static RankedTensorType tensorOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// (C1) of the shape-changing ops: element types are equal, except that
/// per-axis quantized types may differ in their axis, scales and zero points.
static bool sameElementTypeIgnoringAxis(Type a, Type b) {
  if (a == b)
    return true;
  auto qa = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(a);
  auto qb = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(b);
  return qa && qb && qa.getStorageType() == qb.getStorageType() &&
         qa.getExpressedType() == qb.getExpressedType() &&
         qa.getStorageTypeMin() == qb.getStorageTypeMin() &&
         qa.getStorageTypeMax() == qb.getStorageTypeMax();
}

static LogicalResult verifyElementTypeIgnoringAxis(Operation *op, Type operand,
                                                   Type result) {
  if (!sameElementTypeIgnoringAxis(operand, result))
    return op->emitOpError()
           << "result element type " << result
           << " must match the operand element type " << operand;
  return success();
}

/// Number of elements, or nullopt when a dimension is dynamic.
static std::optional<int64_t> staticSize(RankedTensorType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  return type.getNumElements();
}

// constant (C1): type(value) = type(output). A quantized output holds its
// literal in the storage type.
LogicalResult ConstantOp::verify() {
  auto valueType = llvm::cast<ShapedType>(getValue().getType());
  auto outputType = llvm::cast<RankedTensorType>(getOutput().getType());
  if (valueType == outputType)
    return success();
  auto quantized =
      llvm::dyn_cast<quant::QuantizedType>(outputType.getElementType());
  if (quantized && valueType.getShape() == outputType.getShape() &&
      valueType.getElementType() == quantized.getStorageType())
    return success();
  return emitOpError() << "literal of type " << valueType
                       << " does not match the result type " << outputType;
}

// iota (C1): 0 <= iota_dimension < rank(output).
LogicalResult IotaOp::verify() {
  auto type = tensorOf(getOutput());
  if (static_cast<int64_t>(getIotaDimension()) >= type.getRank())
    return emitOpError() << "iota_dimension " << getIotaDimension()
                         << " is out of range for rank " << type.getRank();
  return success();
}

// dynamic_iota (C1): 0 <= iota_dimension < rank(result); (C2)
// size(output_shape) = rank(result).
LogicalResult DynamicIotaOp::verify() {
  auto type = tensorOf(getResult());
  if (static_cast<int64_t>(getIotaDimension()) >= type.getRank())
    return emitOpError() << "iota_dimension " << getIotaDimension()
                         << " is out of range for rank " << type.getRank();
  if (!compatibleDim(tensorOf(getOutputShape()).getDimSize(0), type.getRank()))
    return emitOpError() << "output_shape must have " << type.getRank()
                         << " elements";
  return success();
}

/// The common constraints of broadcast_in_dim and dynamic_broadcast_in_dim.
static LogicalResult verifyBroadcastDimensions(Operation *op,
                                               RankedTensorType operand,
                                               RankedTensorType result,
                                               ArrayRef<int64_t> dims) {
  // (C1)
  if (failed(verifyElementTypeIgnoringAxis(op, operand.getElementType(),
                                           result.getElementType())))
    return failure();
  // (C2)
  if (static_cast<int64_t>(dims.size()) != operand.getRank())
    return op->emitOpError()
           << "broadcast_dimensions has " << dims.size()
           << " entries but the operand has rank " << operand.getRank();
  // (C3), (C4)
  if (failed(
          verifyDimensions(op, dims, result.getRank(), "broadcast_dimensions")))
    return failure();
  // (C5)
  for (auto [d, target] : llvm::enumerate(dims)) {
    int64_t size = operand.getDimSize(d);
    if (size != 1 && !compatibleDim(size, result.getDimSize(target)))
      return op->emitOpError()
             << "operand dimension " << d << " of size " << size
             << " cannot broadcast to result dimension " << target
             << " of size " << result.getDimSize(target);
  }
  // (C6)
  if (auto resultQuant = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(
          result.getElementType())) {
    auto operandQuant = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(
        operand.getElementType());
    if (operandQuant && resultQuant.getQuantizedDimension() !=
                            dims[operandQuant.getQuantizedDimension()])
      return op->emitOpError()
             << "result quantization dimension must be broadcast_dimensions["
             << operandQuant.getQuantizedDimension() << "]";
  }
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastDimensions(*this, tensorOf(getOperand()),
                                   tensorOf(getResult()),
                                   getBroadcastDimensions());
}

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  if (failed(verifyBroadcastDimensions(*this, operand, result,
                                       getBroadcastDimensions())))
    return failure();
  // (C7)
  if (!compatibleDim(tensorOf(getOutputDimensions()).getDimSize(0),
                     result.getRank()))
    return emitOpError() << "output_dimensions must have " << result.getRank()
                         << " elements";
  // (C8)-(C10)
  SmallVector<int64_t> known;
  if (auto expanding = getKnownExpandingDimensions())
    llvm::append_range(known, *expanding);
  if (auto nonExpanding = getKnownNonexpandingDimensions())
    llvm::append_range(known, *nonExpanding);
  return verifyDimensions(*this, known, operand.getRank(),
                          "known_expanding_dimensions + "
                          "known_nonexpanding_dimensions");
}

// broadcast (legacy): result shape = broadcast_sizes ++ shape(operand).
LogicalResult BroadcastOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  ArrayRef<int64_t> sizes = getBroadcastSizes();
  if (operand.getElementType() != result.getElementType())
    return emitOpError() << "result element type must match the operand's";
  SmallVector<int64_t> expected(sizes);
  llvm::append_range(expected, operand.getShape());
  if (llvm::any_of(sizes, [](int64_t s) { return s < 0; }))
    return emitOpError() << "broadcast_sizes must be non-negative";
  if (!compatibleShapes(expected, result.getShape()))
    return emitOpError() << "result shape must be broadcast_sizes followed "
                            "by the operand shape";
  return success();
}

/// (C3) of reshape/dynamic_reshape for per-axis quantized operands: the
/// quantized dimension keeps its size and the element counts before and
/// after it are preserved.
static LogicalResult verifyPerAxisReshape(Operation *op,
                                          RankedTensorType operand,
                                          RankedTensorType result) {
  auto operandQuant = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(
      operand.getElementType());
  auto resultQuant = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(
      result.getElementType());
  if (!operandQuant || !resultQuant || !operand.hasStaticShape() ||
      !result.hasStaticShape())
    return success();
  auto product = [](ArrayRef<int64_t> dims) {
    int64_t p = 1;
    for (int64_t d : dims)
      p *= d;
    return p;
  };
  int64_t od = operandQuant.getQuantizedDimension();
  int64_t rd = resultQuant.getQuantizedDimension();
  if (od >= operand.getRank() || rd >= result.getRank())
    return op->emitOpError() << "quantization dimension out of range";
  ArrayRef<int64_t> os = operand.getShape(), rs = result.getShape();
  if (product(os.take_front(od)) != product(rs.take_front(rd)) ||
      os[od] != rs[rd] ||
      product(os.drop_front(od + 1)) != product(rs.drop_front(rd + 1)))
    return op->emitOpError()
           << "reshape must keep the quantization dimension and the element "
              "counts before and after it";
  return success();
}

// reshape (C1) element types, (C2) size(operand) = size(result), (C3).
LogicalResult ReshapeOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  if (failed(verifyElementTypeIgnoringAxis(*this, operand.getElementType(),
                                           result.getElementType())))
    return failure();
  std::optional<int64_t> in = staticSize(operand), out = staticSize(result);
  if (in && out && *in != *out)
    return emitOpError() << "operand has " << *in << " elements but result has "
                         << *out;
  return verifyPerAxisReshape(*this, operand, result);
}

// dynamic_reshape (C1)-(C3) as reshape, (C4) size(output_shape) = rank.
LogicalResult DynamicReshapeOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  if (failed(verifyElementTypeIgnoringAxis(*this, operand.getElementType(),
                                           result.getElementType())))
    return failure();
  std::optional<int64_t> in = staticSize(operand), out = staticSize(result);
  if (in && out && *in != *out)
    return emitOpError() << "operand has " << *in << " elements but result has "
                         << *out;
  if (!compatibleDim(tensorOf(getOutputShape()).getDimSize(0),
                     result.getRank()))
    return emitOpError() << "output_shape must have " << result.getRank()
                         << " elements";
  return verifyPerAxisReshape(*this, operand, result);
}

// transpose (C1)-(C4).
LogicalResult TransposeOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  if (failed(verifyElementTypeIgnoringAxis(*this, operand.getElementType(),
                                           result.getElementType())))
    return failure();
  ArrayRef<int64_t> perm = getPermutation();
  if (failed(verifyPermutation(*this, perm, operand.getRank(), "permutation")))
    return failure();
  SmallVector<int64_t> expected;
  for (int64_t d : perm)
    expected.push_back(operand.getDimSize(d));
  if (!compatibleShapes(expected, result.getShape()))
    return emitOpError() << "result shape must be the operand shape permuted";
  auto resultQuant = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(
      result.getElementType());
  auto operandQuant = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(
      operand.getElementType());
  if (resultQuant && operandQuant &&
      operandQuant.getQuantizedDimension() !=
          perm[resultQuant.getQuantizedDimension()])
    return emitOpError() << "operand quantization dimension must be "
                            "permutation[result quantization dimension]";
  return success();
}

// reverse (C1) same types (format), (C2) unique dimensions, (C3) in range.
LogicalResult ReverseOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  if (operand.getElementType() != result.getElementType() ||
      !compatibleShapes(operand.getShape(), result.getShape()))
    return emitOpError() << "result type must match the operand type";
  return verifyDimensions(*this, getDimensions(), operand.getRank(),
                          "dimensions");
}

// concatenate (C1)-(C6).
LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "requires at least one input";
  auto first = tensorOf(getInputs().front());
  int64_t dim = getDimension();
  if (dim >= first.getRank())
    return emitOpError() << "dimension " << dim << " is out of range for rank "
                         << first.getRank();
  int64_t total = 0;
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto type = tensorOf(input);
    if (!sameBaselineElementType(type.getElementType(), first.getElementType()))
      return emitOpError() << "input " << index
                           << " has a different element type";
    if (type.getRank() != first.getRank())
      return emitOpError() << "input " << index << " has rank "
                           << type.getRank() << ", expected "
                           << first.getRank();
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != dim && !compatibleDim(type.getDimSize(d), first.getDimSize(d)))
        return emitOpError() << "input " << index << " differs from input 0 "
                             << "in dimension " << d;
    int64_t size = type.getDimSize(dim);
    total = (ShapedType::isDynamic(size) || ShapedType::isDynamic(total))
                ? ShapedType::kDynamic
                : total + size;
  }
  auto result = tensorOf(getResult());
  SmallVector<int64_t> expected(first.getShape());
  expected[dim] = total;
  if (result.getRank() != first.getRank() ||
      !compatibleShapes(expected, result.getShape()))
    return emitOpError() << "result shape is incompatible with the inputs";
  if (!sameBaselineElementType(result.getElementType(), first.getElementType()))
    return emitOpError() << "result element type must match the inputs'";
  return success();
}

// pad (C1)-(C4).
LogicalResult PadOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  auto padValue = tensorOf(getPaddingValue());
  if (padValue.getRank() != 0)
    return emitOpError() << "padding_value must be a 0-dimensional tensor";
  if (!sameBaselineElementType(operand.getElementType(),
                               padValue.getElementType()) ||
      !sameBaselineElementType(operand.getElementType(),
                               result.getElementType()))
    return emitOpError() << "operand, padding_value and result must have the "
                            "same element type";
  ArrayRef<int64_t> low = getEdgePaddingLow(), high = getEdgePaddingHigh(),
                    interior = getInteriorPadding();
  int64_t rank = operand.getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return emitOpError() << "edge_padding_low, edge_padding_high and "
                            "interior_padding must have "
                         << rank << " entries";
  if (result.getRank() != rank)
    return emitOpError() << "result must have rank " << rank;
  for (int64_t d = 0; d < rank; ++d) {
    if (interior[d] < 0)
      return emitOpError() << "interior_padding must be non-negative, got "
                           << interior[d] << " in dimension " << d;
    int64_t size = operand.getDimSize(d);
    if (ShapedType::isDynamic(size))
      continue;
    int64_t expected =
        size + low[d] + high[d] + std::max<int64_t>(size - 1, 0) * interior[d];
    if (expected < 0)
      return emitOpError() << "padding makes dimension " << d << " negative";
    if (!compatibleDim(expected, result.getDimSize(d)))
      return emitOpError() << "result dimension " << d << " must be "
                           << expected << ", got " << result.getDimSize(d);
  }
  return success();
}

// dynamic_pad (legacy): paddings are operands with one entry per dimension.
LogicalResult DynamicPadOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  if (tensorOf(getPaddingValue()).getRank() != 0)
    return emitOpError() << "padding_value must be a 0-dimensional tensor";
  if (result.getRank() != operand.getRank())
    return emitOpError() << "result must have the operand's rank";
  for (Value padding :
       {getEdgePaddingLow(), getEdgePaddingHigh(), getInteriorPadding()})
    if (!compatibleDim(tensorOf(padding).getDimSize(0), operand.getRank()))
      return emitOpError() << "padding operands must have " << operand.getRank()
                           << " elements";
  if (!sameBaselineElementType(operand.getElementType(),
                               result.getElementType()))
    return emitOpError() << "result element type must match the operand's";
  return success();
}

// get_dimension_size (C1): 0 <= dimension < rank(operand).
LogicalResult GetDimensionSizeOp::verify() {
  int64_t rank = tensorOf(getOperand()).getRank();
  if (static_cast<int64_t>(getDimension()) >= rank)
    return emitOpError() << "dimension " << getDimension()
                         << " is out of range for rank " << rank;
  return success();
}

// set_dimension_size (legacy): dimension in range, result keeps the rank.
LogicalResult SetDimensionSizeOp::verify() {
  auto operand = tensorOf(getOperand());
  auto result = tensorOf(getResult());
  if (static_cast<int64_t>(getDimension()) >= operand.getRank())
    return emitOpError() << "dimension " << getDimension()
                         << " is out of range for rank " << operand.getRank();
  if (result.getRank() != operand.getRank() ||
      operand.getElementType() != result.getElementType())
    return emitOpError() << "result must have the operand's rank and element "
                            "type";
  for (int64_t d = 0; d < operand.getRank(); ++d)
    if (d != static_cast<int64_t>(getDimension()) &&
        !compatibleDim(operand.getDimSize(d), result.getDimSize(d)))
      return emitOpError() << "result dimension " << d
                           << " must match the operand";
  return success();
}

// tuple (C1): type(result) = tuple(type(val...)).
LogicalResult TupleOp::verify() {
  auto tuple = llvm::cast<TupleType>(getResult().getType());
  if (TypeRange(tuple.getTypes()) != getVal().getTypes())
    return emitOpError() << "result type " << tuple
                         << " must be the tuple of the operand types";
  return success();
}

// get_tuple_element (C1) index in range, (C2) result type.
LogicalResult GetTupleElementOp::verify() {
  auto tuple = llvm::cast<TupleType>(getOperand().getType());
  uint32_t index = getIndex();
  if (index >= tuple.size())
    return emitOpError() << "index " << index
                         << " is out of range for a tuple of " << tuple.size()
                         << " elements";
  if (tuple.getType(index) != getResult().getType())
    return emitOpError() << "result type must be " << tuple.getType(index)
                         << ", got " << getResult().getType();
  return success();
}

// uniform_quantize (C1) shapes (trait), (C2) expressed type.
LogicalResult UniformQuantizeOp::verify() {
  Type operand = tensorOf(getOperand()).getElementType();
  auto result =
      llvm::cast<quant::QuantizedType>(tensorOf(getResult()).getElementType());
  Type expressed = operand;
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(operand))
    expressed = quantized.getExpressedType();
  if (result.getExpressedType() != expressed)
    return emitOpError() << "result expressed type must be " << expressed
                         << ", got " << result.getExpressedType();
  return success();
}

// uniform_dequantize (C1) shapes (trait), (C2) result is the expressed type.
LogicalResult UniformDequantizeOp::verify() {
  auto operand =
      llvm::cast<quant::QuantizedType>(tensorOf(getOperand()).getElementType());
  Type result = tensorOf(getResult()).getElementType();
  if (operand.getExpressedType() != result)
    return emitOpError() << "result element type must be the expressed type "
                         << operand.getExpressedType() << ", got " << result;
  return success();
}

} // namespace axle::stablehlo

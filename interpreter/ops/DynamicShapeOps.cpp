//===- DynamicShapeOps.cpp - evaluators of ops with shapes as operands ----===//
//
// dynamic_iota, dynamic_broadcast_in_dim, dynamic_reshape, dynamic_pad,
// real_dynamic_slice and set_dimension_size: the static ops' semantics with
// sizes, paddings or bounds read from operand tensors at run time. The
// result shape comes from those values (declared result types may have
// dynamic dimensions; static ones must agree). Elements move without
// arithmetic (storage values for quantized tensors), except for the values
// dynamic_iota creates.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

/// The values of a 1-d integer tensor.
SmallVector<int64_t> readVector(const RuntimeValue &value) {
  const Tensor &tensor = value.getTensor();
  SmallVector<int64_t> values;
  for (int64_t i = 0; i < tensor.size(); ++i)
    values.push_back(indexValue(tensor, i));
  return values;
}

/// A tensor of `type` whose element at each index comes from
/// `source(index)`.
Tensor generate(RankedTensorType type,
                function_ref<Element(ArrayRef<int64_t>)> source) {
  Tensor result(type);
  int64_t linear = 0;
  Tensor::forEachIndex(type.getShape(), [&](ArrayRef<int64_t> index) {
    result.set(linear++, source(index));
  });
  return result;
}

/// Fails with an error unless a vector operand has one entry per dimension.
LogicalResult checkLength(Operation *op, ArrayRef<int64_t> values, int64_t rank,
                          StringRef name) {
  if (static_cast<int64_t>(values.size()) == rank)
    return success();
  return op->emitError() << name << " has " << values.size()
                         << " entries for rank " << rank;
}

FailureOr<Values>
evalDynamicIota(Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
  int64_t dim = llvm::cast<hlo::DynamicIotaOp>(op).getIotaDimension();
  SmallVector<int64_t> shape = readVector(operands[0]);
  if (dim >= static_cast<int64_t>(shape.size()))
    return op->emitError() << "iota_dimension " << dim
                           << " is out of range for output_shape of "
                           << shape.size() << " entries";
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();
  // Quantized results: quantize(index) (spec of iota), computed from the
  // index in the expressed type.
  auto quantized = llvm::dyn_cast<quant::QuantizedType>(type->getElementType());
  Type valueType =
      quantized ? quantized.getExpressedType() : type->getElementType();
  auto valuesType = RankedTensorType::get(type->getShape(), valueType);
  Tensor values = generate(valuesType, [&](ArrayRef<int64_t> index) {
    return Element::fromInt(valueType, index[dim]);
  });
  if (quantized)
    return Values{quantize(values, *type)};
  return Values{std::move(values)};
}

FailureOr<Values> evalDynamicBroadcastInDim(Operation *op,
                                            ArrayRef<RuntimeValue> operands,
                                            Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> dims =
      llvm::cast<hlo::DynamicBroadcastInDimOp>(op).getBroadcastDimensions();
  SmallVector<int64_t> shape = readVector(operands[1]);
  if (failed(checkLength(op, dims, operand.getRank(), "broadcast_dimensions")))
    return failure();
  // (C5) every operand dimension is 1 or the size of its result dimension.
  for (auto [d, target] : llvm::enumerate(dims)) {
    if (target < 0 || target >= static_cast<int64_t>(shape.size()))
      return op->emitError() << "broadcast dimension " << target
                             << " is out of range for output_dimensions of "
                             << shape.size() << " entries";
    int64_t size = operand.getShape()[d];
    if (size != 1 && size != shape[target])
      return op->emitError() << "operand dimension " << d << " of size " << size
                             << " cannot broadcast to size " << shape[target];
  }
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();
  SmallVector<int64_t> source(operand.getRank());
  return Values{generate(*type, [&](ArrayRef<int64_t> index) {
    for (auto [d, target] : llvm::enumerate(dims))
      source[d] = operand.getShape()[d] == 1 ? 0 : index[target];
    return operand.at(source);
  })};
}

FailureOr<Values> evalDynamicReshape(Operation *op,
                                     ArrayRef<RuntimeValue> operands,
                                     Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  SmallVector<int64_t> shape = readVector(operands[1]);
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();
  if (type->getNumElements() != operand.size())
    return op->emitError() << "cannot reshape " << operand.size()
                           << " elements to " << type->getNumElements();
  // Row-major order is unchanged: elements move over one to one.
  Tensor result(*type);
  for (int64_t i = 0; i < result.size(); ++i)
    result.set(i, operand[i]);
  return Values{std::move(result)};
}

FailureOr<Values> evalDynamicPad(Operation *op, ArrayRef<RuntimeValue> operands,
                                 Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  const Element &padding = operands[1].getTensor()[0];
  SmallVector<int64_t> low = readVector(operands[2]);
  SmallVector<int64_t> high = readVector(operands[3]);
  SmallVector<int64_t> interior = readVector(operands[4]);
  int64_t rank = operand.getRank();
  if (failed(checkLength(op, low, rank, "edge_padding_low")) ||
      failed(checkLength(op, high, rank, "edge_padding_high")) ||
      failed(checkLength(op, interior, rank, "interior_padding")))
    return failure();
  // (C4) size + low + max(size - 1, 0) * interior + high, in 128 bits so
  // that no padding read from data overflows.
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (interior[d] < 0)
      return op->emitError() << "interior padding " << interior[d]
                             << " of dimension " << d << " is negative";
    int64_t size = operand.getShape()[d];
    __int128 padded =
        static_cast<__int128>(size) + low[d] + high[d] +
        static_cast<__int128>(std::max<int64_t>(size - 1, 0)) * interior[d];
    if (padded < 0 || padded > INT64_MAX)
      return op->emitError()
             << "padding gives dimension " << d << " a size out of range";
    shape.push_back(static_cast<int64_t>(padded));
  }
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();
  SmallVector<int64_t> source(rank);
  return Values{generate(*type, [&](ArrayRef<int64_t> index) {
    // Result index i comes from operand index (i - low) / (interior + 1)
    // when that divides evenly and is in range (128 bits: paddings are
    // data).
    for (int64_t d = 0; d < rank; ++d) {
      __int128 shifted = static_cast<__int128>(index[d]) - low[d];
      __int128 step = static_cast<__int128>(interior[d]) + 1;
      if (shifted < 0 || shifted % step != 0 ||
          shifted / step >= operand.getShape()[d])
        return padding;
      source[d] = static_cast<int64_t>(shifted / step);
    }
    return operand.at(source);
  })};
}

FailureOr<Values> evalRealDynamicSlice(Operation *op,
                                       ArrayRef<RuntimeValue> operands,
                                       Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  SmallVector<int64_t> start = readVector(operands[1]);
  SmallVector<int64_t> limit = readVector(operands[2]);
  SmallVector<int64_t> strides = readVector(operands[3]);
  int64_t rank = operand.getRank();
  if (failed(checkLength(op, start, rank, "start_indices")) ||
      failed(checkLength(op, limit, rank, "limit_indices")) ||
      failed(checkLength(op, strides, rank, "strides")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = operand.getShape()[d];
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > size)
      return op->emitError()
             << "dimension " << d << ": requires 0 <= start (" << start[d]
             << ") <= limit (" << limit[d] << ") <= size (" << size << ")";
    if (strides[d] <= 0)
      return op->emitError() << "dimension " << d
                             << ": stride must be positive, got " << strides[d];
    shape.push_back(llvm::divideCeil(limit[d] - start[d], strides[d]));
  }
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();
  SmallVector<int64_t> source(rank);
  return Values{generate(*type, [&](ArrayRef<int64_t> index) {
    for (int64_t d = 0; d < rank; ++d)
      source[d] = start[d] + index[d] * strides[d];
    return operand.at(source);
  })};
}

/// set_dimension_size: the operand with dimension `dimension` cut to its
/// new size, the declared static size if there is one, else the `size`
/// operand (XLA's dynamic size: elements past it are padding and go).
FailureOr<Values> evalSetDimensionSize(Operation *op,
                                       ArrayRef<RuntimeValue> operands,
                                       Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  int64_t dim = llvm::cast<hlo::SetDimensionSizeOp>(op).getDimension();
  if (dim >= operand.getRank())
    return op->emitError() << "dimension " << dim
                           << " is out of range for rank " << operand.getRank();
  RankedTensorType declared = resultTensorType(op);
  int64_t size = declared.isDynamicDim(dim)
                     ? indexValue(operands[1].getTensor(), 0)
                     : declared.getDimSize(dim);
  if (size < 0 || size > operand.getShape()[dim])
    return op->emitError() << "size " << size << " of dimension " << dim
                           << " is out of range [0, " << operand.getShape()[dim]
                           << "]";
  SmallVector<int64_t> shape(operand.getShape());
  shape[dim] = size;
  FailureOr<RankedTensorType> type = concreteResultType(op, 0, shape);
  if (failed(type))
    return failure();
  return Values{generate(
      *type, [&](ArrayRef<int64_t> index) { return operand.at(index); })};
}

} // namespace

void registerDynamicShapeOps(OpRegistry &registry) {
  registry.add(hlo::DynamicIotaOp::getOperationName(), evalDynamicIota);
  registry.add(hlo::DynamicBroadcastInDimOp::getOperationName(),
               evalDynamicBroadcastInDim);
  registry.add(hlo::DynamicReshapeOp::getOperationName(), evalDynamicReshape);
  registry.add(hlo::DynamicPadOp::getOperationName(), evalDynamicPad);
  registry.add(hlo::RealDynamicSliceOp::getOperationName(),
               evalRealDynamicSlice);
  registry.add(hlo::SetDimensionSizeOp::getOperationName(),
               evalSetDimensionSize);
}

} // namespace axle::interp

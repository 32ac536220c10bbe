//===- ShapeOps.cpp - evaluators of ops that move elements ----------------===//
//
// Constants, iota, broadcasting, reshaping, transposition, slicing, padding
// and concatenation. These ops copy stored elements (for quantized tensors:
// storage values) without arithmetic.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include <limits>

using namespace mlir;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

/// A result tensor whose element at each index comes from `source(index)`.
Tensor generate(RankedTensorType type,
                function_ref<Element(ArrayRef<int64_t>)> source) {
  Tensor result(type);
  int64_t linear = 0;
  Tensor::forEachIndex(type.getShape(), [&](ArrayRef<int64_t> index) {
    result.set(linear++, source(index));
  });
  return result;
}

int64_t scalarIndex(const RuntimeValue &value) {
  const Tensor &tensor = value.getTensor();
  const APInt &bits = tensor[0].getInt();
  // Unsigned indices past INT64_MAX are huge, not negative: they saturate,
  // so that clamping in the index's own type (the specification) holds.
  if (isUnsignedInt(tensor.getElementType()))
    return bits.getActiveBits() > 63
               ? std::numeric_limits<int64_t>::max()
               : static_cast<int64_t>(bits.getZExtValue());
  return bits.getSExtValue();
}

FailureOr<Values> evalConstant(Operation *op, ArrayRef<RuntimeValue>,
                               Interpreter &) {
  auto constant = llvm::cast<hlo::ConstantOp>(op);
  auto dense = llvm::dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense)
    return op->emitError() << "the interpreter supports dense literals only";
  return Values{Tensor::fromAttr(dense, resultTensorType(op))};
}

FailureOr<Values> evalIota(Operation *op, ArrayRef<RuntimeValue>,
                           Interpreter &) {
  RankedTensorType type = resultTensorType(op);
  int64_t dim = llvm::cast<hlo::IotaOp>(op).getIotaDimension();
  Type element = type.getElementType();
  if (llvm::isa<quant::QuantizedType>(element))
    return op->emitError() << "the interpreter does not support quantized "
                              "iota";
  return Values{generate(type, [&](ArrayRef<int64_t> index) {
    return Element::fromInt(element, index[dim]);
  })};
}

FailureOr<Values> evalBroadcastInDim(Operation *op,
                                     ArrayRef<RuntimeValue> operands,
                                     Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> dims =
      llvm::cast<hlo::BroadcastInDimOp>(op).getBroadcastDimensions();
  SmallVector<int64_t> source(operand.getRank());
  return Values{generate(resultTensorType(op), [&](ArrayRef<int64_t> index) {
    for (auto [d, target] : llvm::enumerate(dims))
      source[d] = operand.getShape()[d] == 1 ? 0 : index[target];
    return operand.at(source);
  })};
}

FailureOr<Values> evalReshape(Operation *op, ArrayRef<RuntimeValue> operands,
                              Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  RankedTensorType type = resultTensorType(op);
  if (!type.hasStaticShape())
    return op->emitError() << "the interpreter needs a static result shape";
  // Row-major order is unchanged: elements move over one to one.
  Tensor result(type);
  for (int64_t i = 0; i < result.size(); ++i)
    result.set(i, operand[i]);
  return Values{std::move(result)};
}

FailureOr<Values> evalTranspose(Operation *op, ArrayRef<RuntimeValue> operands,
                                Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> perm = llvm::cast<hlo::TransposeOp>(op).getPermutation();
  SmallVector<int64_t> source(operand.getRank());
  return Values{generate(resultTensorType(op), [&](ArrayRef<int64_t> index) {
    for (auto [d, p] : llvm::enumerate(perm))
      source[p] = index[d];
    return operand.at(source);
  })};
}

FailureOr<Values> evalReverse(Operation *op, ArrayRef<RuntimeValue> operands,
                              Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> dims = llvm::cast<hlo::ReverseOp>(op).getDimensions();
  SmallVector<int64_t> source;
  return Values{generate(resultTensorType(op), [&](ArrayRef<int64_t> index) {
    source.assign(index.begin(), index.end());
    for (int64_t d : dims)
      source[d] = operand.getShape()[d] - 1 - index[d];
    return operand.at(source);
  })};
}

FailureOr<Values>
evalConcatenate(Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
  int64_t dim = llvm::cast<hlo::ConcatenateOp>(op).getDimension();
  SmallVector<int64_t> source;
  return Values{generate(resultTensorType(op), [&](ArrayRef<int64_t> index) {
    int64_t offset = index[dim];
    for (const RuntimeValue &value : operands) {
      const Tensor &input = value.getTensor();
      int64_t size = input.getShape()[dim];
      if (offset < size) {
        source.assign(index.begin(), index.end());
        source[dim] = offset;
        return input.at(source);
      }
      offset -= size;
    }
    llvm_unreachable("verified concatenate covers its result");
  })};
}

FailureOr<Values> evalSlice(Operation *op, ArrayRef<RuntimeValue> operands,
                            Interpreter &) {
  auto slice = llvm::cast<hlo::SliceOp>(op);
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> start = slice.getStartIndices();
  ArrayRef<int64_t> strides = slice.getStrides();
  SmallVector<int64_t> source(operand.getRank());
  return Values{generate(resultTensorType(op), [&](ArrayRef<int64_t> index) {
    for (size_t d = 0; d < index.size(); ++d)
      source[d] = start[d] + index[d] * strides[d];
    return operand.at(source);
  })};
}

FailureOr<Values> evalPad(Operation *op, ArrayRef<RuntimeValue> operands,
                          Interpreter &) {
  auto pad = llvm::cast<hlo::PadOp>(op);
  const Tensor &operand = operands[0].getTensor();
  const Element &padding = operands[1].getTensor()[0];
  ArrayRef<int64_t> low = pad.getEdgePaddingLow();
  ArrayRef<int64_t> interior = pad.getInteriorPadding();
  SmallVector<int64_t> source(operand.getRank());
  return Values{generate(resultTensorType(op), [&](ArrayRef<int64_t> index) {
    // Result index i comes from operand index (i - low) / (interior + 1)
    // when that divides evenly and is in range.
    for (size_t d = 0; d < index.size(); ++d) {
      int64_t shifted = index[d] - low[d];
      int64_t step = interior[d] + 1;
      if (shifted < 0 || shifted % step != 0 ||
          shifted / step >= operand.getShape()[d])
        return padding;
      source[d] = shifted / step;
    }
    return operand.at(source);
  })};
}

/// Start indices of dynamic_slice / dynamic_update_slice, clamped so the
/// slice stays inside the operand.
SmallVector<int64_t> clampedStarts(ArrayRef<RuntimeValue> indices,
                                   ArrayRef<int64_t> operandShape,
                                   ArrayRef<int64_t> sliceShape) {
  SmallVector<int64_t> starts;
  for (auto [d, value] : llvm::enumerate(indices)) {
    int64_t start = scalarIndex(value);
    int64_t limit = operandShape[d] - sliceShape[d];
    starts.push_back(std::min(std::max<int64_t>(start, 0), limit));
  }
  return starts;
}

FailureOr<Values> evalDynamicSlice(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   Interpreter &) {
  auto slice = llvm::cast<hlo::DynamicSliceOp>(op);
  const Tensor &operand = operands[0].getTensor();
  SmallVector<int64_t> starts = clampedStarts(
      operands.drop_front(), operand.getShape(), slice.getSliceSizes());
  SmallVector<int64_t> source(operand.getRank());
  return Values{generate(resultTensorType(op), [&](ArrayRef<int64_t> index) {
    for (size_t d = 0; d < index.size(); ++d)
      source[d] = starts[d] + index[d];
    return operand.at(source);
  })};
}

FailureOr<Values> evalDynamicUpdateSlice(Operation *op,
                                         ArrayRef<RuntimeValue> operands,
                                         Interpreter &) {
  Tensor result = operands[0].getTensor();
  const Tensor &update = operands[1].getTensor();
  SmallVector<int64_t> starts = clampedStarts(
      operands.drop_front(2), result.getShape(), update.getShape());
  SmallVector<int64_t> target(result.getRank());
  Tensor::forEachIndex(update.getShape(), [&](ArrayRef<int64_t> index) {
    for (size_t d = 0; d < index.size(); ++d)
      target[d] = starts[d] + index[d];
    result.set(target, update.at(index));
  });
  return Values{std::move(result)};
}

FailureOr<Values> evalGetDimensionSize(Operation *op,
                                       ArrayRef<RuntimeValue> operands,
                                       Interpreter &) {
  int64_t dim = llvm::cast<hlo::GetDimensionSizeOp>(op).getDimension();
  RankedTensorType type = resultTensorType(op);
  return Values{
      Tensor(type, Element::fromInt(type.getElementType(),
                                    operands[0].getTensor().getShape()[dim]))};
}

/// bitcast_convert: the bits of the operand's elements, regrouped into the
/// result's elements (little-endian order within a wider element, as XLA
/// does on little-endian hosts).
FailureOr<Values> evalBitcastConvert(Operation *op,
                                     ArrayRef<RuntimeValue> operands,
                                     Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  RankedTensorType type = resultTensorType(op);
  Tensor result(type);
  auto bitsOf = [](const Element &e) -> APInt {
    if (e.isInt())
      return e.getInt();
    if (e.isFloat())
      return e.getFloat().bitcastToAPInt();
    APInt re = e.getComplex().first.bitcastToAPInt();
    APInt im = e.getComplex().second.bitcastToAPInt();
    return im.zext(2 * re.getBitWidth()).shl(re.getBitWidth()) |
           re.zext(2 * re.getBitWidth());
  };
  Type to = result.storageType();
  auto fromBits = [&](const APInt &bits) -> Element {
    if (auto complex = llvm::dyn_cast<ComplexType>(to)) {
      const auto &semantics = semanticsOf(complex.getElementType());
      unsigned half = bits.getBitWidth() / 2;
      return Element(llvm::APFloat(semantics, bits.trunc(half)),
                     llvm::APFloat(semantics, bits.lshr(half).trunc(half)));
    }
    if (llvm::isa<FloatType>(to))
      return Element(llvm::APFloat(semanticsOf(to), bits));
    return Element(bits);
  };
  // Concatenate all bits, then cut them into result-sized pieces.
  unsigned fromWidth = operand.size() ? bitsOf(operand[0]).getBitWidth() : 0;
  unsigned toWidth = llvm::isa<ComplexType>(to)
                         ? 2 * llvm::cast<ComplexType>(to)
                                   .getElementType()
                                   .getIntOrFloatBitWidth()
                         : to.getIntOrFloatBitWidth();
  if (fromWidth == toWidth || fromWidth == 0) {
    for (int64_t i = 0; i < result.size(); ++i)
      result.set(i, fromBits(bitsOf(operand[i])));
  } else if (fromWidth > toWidth) {
    unsigned ratio = fromWidth / toWidth;
    for (int64_t i = 0; i < operand.size(); ++i) {
      APInt bits = bitsOf(operand[i]);
      for (unsigned k = 0; k < ratio; ++k)
        result.set(i * ratio + k,
                   fromBits(bits.lshr(k * toWidth).trunc(toWidth)));
    }
  } else {
    unsigned ratio = toWidth / fromWidth;
    for (int64_t i = 0; i < result.size(); ++i) {
      APInt bits(toWidth, 0);
      for (unsigned k = 0; k < ratio; ++k)
        bits |= bitsOf(operand[i * ratio + k]).zext(toWidth).shl(k * fromWidth);
      result.set(i, fromBits(bits));
    }
  }
  return Values{std::move(result)};
}

FailureOr<Values> forwardOperands(Operation *, ArrayRef<RuntimeValue> operands,
                                  Interpreter &) {
  return Values(operands.begin(), operands.end());
}

} // namespace

void registerShapeOps(OpRegistry &registry) {
  registry.add(hlo::ConstantOp::getOperationName(), evalConstant);
  registry.add(hlo::IotaOp::getOperationName(), evalIota);
  registry.add(hlo::BroadcastInDimOp::getOperationName(), evalBroadcastInDim);
  registry.add(hlo::ReshapeOp::getOperationName(), evalReshape);
  registry.add(hlo::TransposeOp::getOperationName(), evalTranspose);
  registry.add(hlo::ReverseOp::getOperationName(), evalReverse);
  registry.add(hlo::ConcatenateOp::getOperationName(), evalConcatenate);
  registry.add(hlo::SliceOp::getOperationName(), evalSlice);
  registry.add(hlo::PadOp::getOperationName(), evalPad);
  registry.add(hlo::DynamicSliceOp::getOperationName(), evalDynamicSlice);
  registry.add(hlo::DynamicUpdateSliceOp::getOperationName(),
               evalDynamicUpdateSlice);
  registry.add(hlo::GetDimensionSizeOp::getOperationName(),
               evalGetDimensionSize);
  registry.add(hlo::BitcastConvertOp::getOperationName(), evalBitcastConvert);
  registry.add(hlo::OptimizationBarrierOp::getOperationName(), forwardOperands);
  registry.add(hlo::TupleOp::getOperationName(),
               [](Operation *, ArrayRef<RuntimeValue> operands,
                  Interpreter &) -> FailureOr<Values> {
                 return Values{
                     RuntimeValue(Tuple(operands.begin(), operands.end()))};
               });
  registry.add(hlo::GetTupleElementOp::getOperationName(),
               [](Operation *op, ArrayRef<RuntimeValue> operands,
                  Interpreter &) -> FailureOr<Values> {
                 uint32_t index =
                     llvm::cast<hlo::GetTupleElementOp>(op).getIndex();
                 return Values{operands[0].getTuple()[index]};
               });
  registry.add(hlo::AfterAllOp::getOperationName(),
               [](Operation *, ArrayRef<RuntimeValue>,
                  Interpreter &) -> FailureOr<Values> {
                 return Values{RuntimeValue(Token{})};
               });
  registry.add(hlo::CreateTokenOp::getOperationName(),
               [](Operation *, ArrayRef<RuntimeValue>,
                  Interpreter &) -> FailureOr<Values> {
                 return Values{RuntimeValue(Token{})};
               });
}

} // namespace axle::interp

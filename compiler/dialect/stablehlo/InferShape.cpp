//===- InferShape.cpp - result types of shape and structural ops ----------===//
//
// Result types the specification determines from operand types and
// attributes. Invalid operands make inference fail with a diagnostic; the
// op verifiers run first and give the detailed message.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeInference.h"

using namespace mlir;

namespace axle::stablehlo {

#define COMPATIBLE_RETURN_TYPES(OP)                                            \
  bool OP::isCompatibleReturnTypes(TypeRange l, TypeRange r) {                 \
    return isCompatibleInferredTypes(l, r);                                    \
  }

static FailureOr<RankedTensorType> tensorOperand(std::optional<Location> loc,
                                                 Value value,
                                                 StringRef opName) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return emitOptionalError(loc, "'", opName,
                             "' op expects a ranked tensor, got ",
                             value.getType());
  return tensor;
}

static LogicalResult invalid(std::optional<Location> loc, StringRef opName,
                             StringRef what) {
  return emitOptionalError(loc, "'", opName, "' op cannot infer the result: ",
                           what);
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto operand = tensorOperand(loc, adaptor.getOperand(), getOperationName());
  if (failed(operand))
    return failure();
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  if (static_cast<int64_t>(perm.size()) != operand->getRank())
    return invalid(loc, getOperationName(), "permutation size != rank");
  SmallVector<int64_t> shape;
  for (int64_t d : perm) {
    if (d < 0 || d >= operand->getRank())
      return invalid(loc, getOperationName(), "permutation out of range");
    shape.push_back(operand->getDimSize(d));
  }
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
COMPATIBLE_RETURN_TYPES(TransposeOp)

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  types.push_back(adaptor.getOperand().getType());
  return success();
}
COMPATIBLE_RETURN_TYPES(ReverseOp)

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  if (adaptor.getInputs().empty())
    return invalid(loc, getOperationName(), "no inputs");
  auto first =
      tensorOperand(loc, adaptor.getInputs().front(), getOperationName());
  if (failed(first))
    return failure();
  int64_t dim = adaptor.getDimension();
  if (dim < 0 || dim >= first->getRank())
    return invalid(loc, getOperationName(), "dimension out of range");
  SmallVector<int64_t> shape(first->getShape());
  int64_t total = 0;
  for (Value input : adaptor.getInputs()) {
    auto type = tensorOperand(loc, input, getOperationName());
    if (failed(type))
      return failure();
    if (type->getRank() != first->getRank())
      return invalid(loc, getOperationName(), "inputs differ in rank");
    int64_t size = type->getDimSize(dim);
    total = ShapedType::isDynamic(size) || ShapedType::isDynamic(total)
                ? ShapedType::kDynamic
                : total + size;
    // A static size in any input fixes a dimension the first leaves open.
    for (int64_t d = 0; d < type->getRank(); ++d)
      if (d != dim && ShapedType::isDynamic(shape[d]))
        shape[d] = type->getDimSize(d);
  }
  shape[dim] = total;
  types.push_back(RankedTensorType::get(shape, first->getElementType()));
  return success();
}
COMPATIBLE_RETURN_TYPES(ConcatenateOp)

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  auto operand = tensorOperand(loc, adaptor.getOperand(), getOperationName());
  if (failed(operand))
    return failure();
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow(),
                    high = adaptor.getEdgePaddingHigh(),
                    interior = adaptor.getInteriorPadding();
  int64_t rank = operand->getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return invalid(loc, getOperationName(), "padding sizes != rank");
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = operand->getDimSize(d);
    if (ShapedType::isDynamic(size)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t padded =
        size + low[d] + high[d] + std::max<int64_t>(size - 1, 0) * interior[d];
    if (padded < 0 || interior[d] < 0)
      return invalid(loc, getOperationName(), "negative size");
    shape.push_back(padded);
  }
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
COMPATIBLE_RETURN_TYPES(PadOp)

LogicalResult GetDimensionSizeOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location>, Adaptor,
    SmallVectorImpl<Type> &types) {
  types.push_back(RankedTensorType::get({}, IntegerType::get(context, 32)));
  return success();
}
COMPATIBLE_RETURN_TYPES(GetDimensionSizeOp)

LogicalResult BroadcastOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto operand = tensorOperand(loc, adaptor.getOperand(), getOperationName());
  if (failed(operand))
    return failure();
  SmallVector<int64_t> shape(adaptor.getBroadcastSizes());
  llvm::append_range(shape, operand->getShape());
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
COMPATIBLE_RETURN_TYPES(BroadcastOp)

LogicalResult TupleOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  types.push_back(TupleType::get(context, adaptor.getVal().getTypes()));
  return success();
}
COMPATIBLE_RETURN_TYPES(TupleOp)

LogicalResult GetTupleElementOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  auto tuple = llvm::dyn_cast<TupleType>(adaptor.getOperand().getType());
  if (!tuple)
    return invalid(loc, getOperationName(), "operand is not a tuple");
  uint32_t index = adaptor.getIndex();
  if (index >= tuple.size())
    return invalid(loc, getOperationName(), "index out of range");
  types.push_back(tuple.getType(index));
  return success();
}
COMPATIBLE_RETURN_TYPES(GetTupleElementOp)

static Type scalarUI32(MLIRContext *context) {
  return RankedTensorType::get(
      {}, IntegerType::get(context, 32, IntegerType::Unsigned));
}

LogicalResult ReplicaIdOp::inferReturnTypes(MLIRContext *context,
                                            std::optional<Location>, Adaptor,
                                            SmallVectorImpl<Type> &types) {
  types.push_back(scalarUI32(context));
  return success();
}
COMPATIBLE_RETURN_TYPES(ReplicaIdOp)

LogicalResult PartitionIdOp::inferReturnTypes(MLIRContext *context,
                                              std::optional<Location>, Adaptor,
                                              SmallVectorImpl<Type> &types) {
  types.push_back(scalarUI32(context));
  return success();
}
COMPATIBLE_RETURN_TYPES(PartitionIdOp)

LogicalResult OptimizationBarrierOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  llvm::append_range(types, adaptor.getOperand().getTypes());
  return success();
}
COMPATIBLE_RETURN_TYPES(OptimizationBarrierOp)

#undef COMPATIBLE_RETURN_TYPES

} // namespace axle::stablehlo

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

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto operand = inferenceTensorOperand(loc, getOperationName(),
                                        adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  if (static_cast<int64_t>(perm.size()) != operand->getRank())
    return cannotInfer(loc, getOperationName(), "permutation size != rank");
  SmallVector<int64_t> shape;
  for (int64_t d : perm) {
    if (d < 0 || d >= operand->getRank())
      return cannotInfer(loc, getOperationName(), "permutation out of range");
    shape.push_back(operand->getDimSize(d));
  }
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(TransposeOp)

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  types.push_back(adaptor.getOperand().getType());
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(ReverseOp)

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  if (adaptor.getInputs().empty())
    return cannotInfer(loc, getOperationName(), "no inputs");
  auto first = inferenceTensorOperand(loc, getOperationName(),
                                      adaptor.getInputs().front(), "operand");
  if (failed(first))
    return failure();
  int64_t dim = adaptor.getDimension();
  if (dim < 0 || dim >= first->getRank())
    return cannotInfer(loc, getOperationName(), "dimension out of range");
  SmallVector<int64_t> shape(first->getShape());
  int64_t total = 0;
  for (Value input : adaptor.getInputs()) {
    auto type = inferenceTensorOperand(loc, getOperationName(), input, "input");
    if (failed(type))
      return failure();
    if (type->getRank() != first->getRank())
      return cannotInfer(loc, getOperationName(), "inputs differ in rank");
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
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(ConcatenateOp)

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  auto operand = inferenceTensorOperand(loc, getOperationName(),
                                        adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow(),
                    high = adaptor.getEdgePaddingHigh(),
                    interior = adaptor.getInteriorPadding();
  int64_t rank = operand->getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return cannotInfer(loc, getOperationName(), "padding sizes != rank");
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
      return cannotInfer(loc, getOperationName(), "negative size");
    shape.push_back(padded);
  }
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(PadOp)

LogicalResult
GetDimensionSizeOp::inferReturnTypes(MLIRContext *context,
                                     std::optional<Location>, Adaptor,
                                     SmallVectorImpl<Type> &types) {
  types.push_back(RankedTensorType::get({}, IntegerType::get(context, 32)));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(GetDimensionSizeOp)

LogicalResult BroadcastOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto operand = inferenceTensorOperand(loc, getOperationName(),
                                        adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  SmallVector<int64_t> shape(adaptor.getBroadcastSizes());
  llvm::append_range(shape, operand->getShape());
  types.push_back(RankedTensorType::get(shape, operand->getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(BroadcastOp)

LogicalResult TupleOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  types.push_back(TupleType::get(context, adaptor.getVal().getTypes()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(TupleOp)

LogicalResult
GetTupleElementOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  auto tuple = llvm::dyn_cast<TupleType>(adaptor.getOperand().getType());
  if (!tuple)
    return cannotInfer(loc, getOperationName(), "operand is not a tuple");
  uint32_t index = adaptor.getIndex();
  if (index >= tuple.size())
    return cannotInfer(loc, getOperationName(), "index out of range");
  types.push_back(tuple.getType(index));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(GetTupleElementOp)

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
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(ReplicaIdOp)

LogicalResult PartitionIdOp::inferReturnTypes(MLIRContext *context,
                                              std::optional<Location>, Adaptor,
                                              SmallVectorImpl<Type> &types) {
  types.push_back(scalarUI32(context));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(PartitionIdOp)

LogicalResult
OptimizationBarrierOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  llvm::append_range(types, adaptor.getOperand().getTypes());
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(OptimizationBarrierOp)

} // namespace axle::stablehlo

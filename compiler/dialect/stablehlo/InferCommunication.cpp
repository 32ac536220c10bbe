//===- InferCommunication.cpp - result types of collectives ---------------===//
//
// all_reduce, all_to_all and collective_reduce. Constraint numbers refer to
// the op's section of the specification; the verifiers
// (VerifyCommunication.cpp) run first on parsed ops and give the detailed
// diagnostics.
//
// collective_permute, collective_broadcast and cross-replica-sum need
// nothing here: their SameOperandsAndResultType trait makes ODS generate
// the inference. all_gather and reduce_scatter are left out: their result
// shapes depend on the size of a process group, which the types do not
// carry.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeInference.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace axle::stablehlo {

/// The type E that the reduction computation declares for its first
/// argument; nullopt while a builder has not filled the region.
static std::optional<Type> computationElementType(RegionRange regions) {
  if (regions.empty() || regions.front()->empty() ||
      regions.front()->front().getNumArguments() == 0)
    return std::nullopt;
  auto tensor = llvm::dyn_cast<RankedTensorType>(
      regions.front()->front().getArgument(0).getType());
  if (!tensor)
    return std::nullopt;
  return tensor.getElementType();
}

/// Results of a reduction across processes: each operand's shape with the
/// computation's element type E, which may be wider than the operands'
/// (is_promotable). Without a computation yet, the operands' own element
/// types stand in.
static LogicalResult reducedTypes(std::optional<Location> loc, StringRef opName,
                                  ValueRange operands, RegionRange regions,
                                  SmallVectorImpl<Type> &types) {
  std::optional<Type> element = computationElementType(regions);
  for (Value operand : operands) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(operand.getType());
    if (!tensor)
      return cannotInfer(loc, opName, "operands must be ranked tensors, got ",
                         operand.getType());
    types.push_back(RankedTensorType::get(
        tensor.getShape(), element ? *element : tensor.getElementType()));
  }
  return success();
}

LogicalResult AllReduceOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  // (C6) shape(results...) = shape(operands...); (C7)
  // element_type(results...) = E.
  return reducedTypes(loc, getOperationName(), adaptor.getOperands(),
                      adaptor.getRegions(), types);
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(AllReduceOp)

LogicalResult
CollectiveReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &types) {
  // (C3)-(C5) one result per data operand; with a dynamic root the last
  // operand holds the roots and has no result.
  ValueRange data = adaptor.getOperands();
  if (adaptor.getHasDynamicRoot()) {
    if (data.empty())
      return cannotInfer(loc, getOperationName(),
                         "has_dynamic_root needs a root operand");
    data = data.drop_back();
  }
  return reducedTypes(loc, getOperationName(), data, adaptor.getRegions(),
                      types);
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(CollectiveReduceOp)

LogicalResult AllToAllOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  const Properties &props = adaptor.getProperties();
  if (!props.split_dimension || !props.concat_dimension || !props.split_count)
    return cannotInfer(loc, name,
                       "split_dimension, concat_dimension or "
                       "split_count is missing");
  int64_t splitDim = adaptor.getSplitDimensionAttr().getInt();
  int64_t concatDim = adaptor.getConcatDimensionAttr().getInt();
  int64_t count = adaptor.getSplitCountAttr().getInt();
  // (C4) 0 < split_count.
  if (count <= 0)
    return cannotInfer(loc, name, "split_count must be positive, got ", count);
  for (Value operand : adaptor.getOperands()) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(operand.getType());
    if (!tensor)
      return cannotInfer(loc, name, "operands must be ranked tensors, got ",
                         operand.getType());
    // (C1) 0 <= split_dimension < rank, (C3) 0 <= concat_dimension < rank.
    int64_t rank = tensor.getRank();
    if (splitDim < 0 || splitDim >= rank || concatDim < 0 || concatDim >= rank)
      return cannotInfer(loc, name, "split_dimension ", splitDim,
                         " or concat_dimension ", concatDim,
                         " is out of range for ", tensor);
    // (C9) the operand type, except that split_dimension shrinks and
    // concat_dimension grows by split_count when they differ.
    SmallVector<int64_t> shape(tensor.getShape());
    if (splitDim != concatDim) {
      // (C2) dim(operands..., split_dimension) % split_count = 0.
      if (!ShapedType::isDynamic(shape[splitDim]) &&
          shape[splitDim] % count != 0)
        return cannotInfer(loc, name, "split dimension size ", shape[splitDim],
                           " is not divisible by split_count ", count);
      if (!ShapedType::isDynamic(shape[splitDim]))
        shape[splitDim] /= count;
      if (!ShapedType::isDynamic(shape[concatDim]) &&
          llvm::MulOverflow(shape[concatDim], count, shape[concatDim]))
        shape[concatDim] = ShapedType::kDynamic;
    }
    types.push_back(RankedTensorType::get(shape, tensor.getElementType()));
  }
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(AllToAllOp)

} // namespace axle::stablehlo

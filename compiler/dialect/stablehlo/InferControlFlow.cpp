//===- InferControlFlow.cpp - result types of while, if, case, async ------===//
//
// Constraint numbers refer to the op's section of the specification; the
// verifiers (VerifyControlFlow.cpp) run first on parsed ops and give the
// detailed diagnostics.
//
// if, case and async_start take their result types from a region's
// terminator. A builder calls inference before it can fill the regions, so
// these ops are built with explicit result types; inference then checks
// them when the op is verified.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeInference.h"

using namespace mlir;

namespace axle::stablehlo {

/// The operand types of the terminator of the first region in `regions`.
static FailureOr<TypeRange> firstRegionReturnTypes(std::optional<Location> loc,
                                                   StringRef opName,
                                                   RegionRange regions,
                                                   StringRef what) {
  if (regions.empty() || regions.front()->empty() ||
      regions.front()->front().empty() ||
      !regions.front()->front().mightHaveTerminator())
    return emitOptionalError(loc, "'", opName,
                             "' op cannot infer the result: ", what,
                             " has no terminator yet");
  return TypeRange(regions.front()->front().back().getOperandTypes());
}

LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  // (C3) type(results...) = type(operand...).
  llvm::append_range(types, adaptor.getOperand().getTypes());
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(WhileOp)

LogicalResult IfOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &types) {
  // (C3) type(results...) = output_types(true_branch).
  FailureOr<TypeRange> returned = firstRegionReturnTypes(
      loc, getOperationName(), adaptor.getRegions(), "true_branch");
  if (failed(returned))
    return failure();
  llvm::append_range(types, *returned);
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(IfOp)

LogicalResult CaseOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  // (C4) type(results...) = output_types(branches[0]).
  FailureOr<TypeRange> returned = firstRegionReturnTypes(
      loc, getOperationName(), adaptor.getRegions(), "branch 0");
  if (failed(returned))
    return failure();
  llvm::append_range(types, *returned);
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(CaseOp)

LogicalResult AsyncStartOp::inferReturnTypes(MLIRContext *context,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &types) {
  // (C4) if the op in body returns T, async_start returns future<T>; the
  // body returns exactly that op's results ((C1)).
  FailureOr<TypeRange> returned = firstRegionReturnTypes(
      loc, getOperationName(), adaptor.getRegions(), "body");
  if (failed(returned))
    return failure();
  types.push_back(FutureType::get(context, llvm::to_vector(*returned)));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(AsyncStartOp)

LogicalResult AsyncDoneOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  // (C1) future<T> gives T.
  auto future = llvm::dyn_cast<FutureType>(adaptor.getOperand().getType());
  if (!future)
    return emitOptionalError(loc, "'", getOperationName(),
                             "' op cannot infer the result: operand must be a "
                             "future, got ",
                             adaptor.getOperand().getType());
  llvm::append_range(types, future.getTypes());
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(AsyncDoneOp)

} // namespace axle::stablehlo

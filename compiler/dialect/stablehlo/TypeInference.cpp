//===- TypeInference.cpp - result type inference helpers ------------------===//

#include "compiler/dialect/stablehlo/TypeInference.h"

#include "compiler/dialect/stablehlo/TypeUtils.h"

using namespace mlir;

namespace axle::stablehlo {

static bool compatibleElementTypes(Type inferred, Type declared) {
  if (inferred == declared)
    return true;
  return isQuantized(inferred) && isQuantized(declared) &&
         sameBaselineElementType(inferred, declared);
}

static bool compatibleType(Type inferred, Type declared) {
  if (inferred == declared)
    return true;
  auto inferredTensor = llvm::dyn_cast<RankedTensorType>(inferred);
  auto declaredTensor = llvm::dyn_cast<RankedTensorType>(declared);
  if (inferredTensor && declaredTensor)
    return compatibleShapes(inferredTensor.getShape(),
                            declaredTensor.getShape()) &&
           compatibleElementTypes(inferredTensor.getElementType(),
                                  declaredTensor.getElementType());
  auto inferredTuple = llvm::dyn_cast<TupleType>(inferred);
  auto declaredTuple = llvm::dyn_cast<TupleType>(declared);
  if (inferredTuple && declaredTuple)
    return isCompatibleInferredTypes(inferredTuple.getTypes(),
                                     declaredTuple.getTypes());
  return false;
}

FailureOr<RankedTensorType> inferenceTensorOperand(std::optional<Location> loc,
                                                   StringRef opName,
                                                   Value value,
                                                   StringRef what) {
  auto tensor = llvm::dyn_cast_if_present<RankedTensorType>(
      value ? value.getType() : Type());
  if (!tensor)
    return cannotInfer(loc, opName, what, " must be a ranked tensor, got ",
                       value ? value.getType() : Type());
  return tensor;
}

bool isCompatibleInferredTypes(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != declared.size())
    return false;
  for (auto [a, b] : llvm::zip(inferred, declared))
    if (!compatibleType(a, b))
      return false;
  return true;
}

} // namespace axle::stablehlo

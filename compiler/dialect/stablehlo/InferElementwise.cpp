//===- InferElementwise.cpp - result types of elementwise ops -------------===//
//
// Elementwise results have the operands' shape; the element type follows the
// op (itself, the part type of a complex, i1 for predicates). Declared types
// are checked against these with isCompatibleInferredTypes.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeInference.h"

using namespace mlir;

namespace axle::stablehlo {

/// `type` with its element type replaced (shape and encoding kept).
static Type withElementType(Type type, Type elementType) {
  auto tensor = llvm::cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), elementType,
                               tensor.getEncoding());
}

static Type partTypeOf(Type tensorType) {
  Type element = llvm::cast<RankedTensorType>(tensorType).getElementType();
  if (auto complex = llvm::dyn_cast<ComplexType>(element))
    return withElementType(tensorType, complex.getElementType());
  return tensorType;
}

static LogicalResult requireTensor(std::optional<Location> loc, Value value,
                                   StringRef opName) {
  if (!llvm::isa<RankedTensorType>(value.getType()))
    return emitOptionalError(loc, "'", opName,
                             "' op expects ranked tensor operands, got ",
                             value.getType());
  return success();
}

#define SAME_TYPE_INFERENCE(OP, FIRST)                                         \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location>,   \
                                     Adaptor adaptor,                          \
                                     SmallVectorImpl<Type> &types) {           \
    types.push_back(adaptor.FIRST().getType());                                \
    return success();                                                          \
  }                                                                            \
  AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(OP)

SAME_TYPE_INFERENCE(CbrtOp, getOperand)
SAME_TYPE_INFERENCE(CeilOp, getOperand)
SAME_TYPE_INFERENCE(ClzOp, getOperand)
SAME_TYPE_INFERENCE(CosineOp, getOperand)
SAME_TYPE_INFERENCE(ExpOp, getOperand)
SAME_TYPE_INFERENCE(Expm1Op, getOperand)
SAME_TYPE_INFERENCE(FloorOp, getOperand)
SAME_TYPE_INFERENCE(LogOp, getOperand)
SAME_TYPE_INFERENCE(Log1pOp, getOperand)
SAME_TYPE_INFERENCE(LogisticOp, getOperand)
SAME_TYPE_INFERENCE(NotOp, getOperand)
SAME_TYPE_INFERENCE(NegOp, getOperand)
SAME_TYPE_INFERENCE(PopulationCountOp, getOperand)
SAME_TYPE_INFERENCE(RoundOp, getOperand)
SAME_TYPE_INFERENCE(RoundNearestEvenOp, getOperand)
SAME_TYPE_INFERENCE(RsqrtOp, getOperand)
SAME_TYPE_INFERENCE(SignOp, getOperand)
SAME_TYPE_INFERENCE(SineOp, getOperand)
SAME_TYPE_INFERENCE(SqrtOp, getOperand)
SAME_TYPE_INFERENCE(TanOp, getOperand)
SAME_TYPE_INFERENCE(TanhOp, getOperand)
SAME_TYPE_INFERENCE(ReducePrecisionOp, getOperand)
SAME_TYPE_INFERENCE(AddOp, getLhs)
SAME_TYPE_INFERENCE(Atan2Op, getLhs)
SAME_TYPE_INFERENCE(AndOp, getLhs)
SAME_TYPE_INFERENCE(DivOp, getLhs)
SAME_TYPE_INFERENCE(MaxOp, getLhs)
SAME_TYPE_INFERENCE(MinOp, getLhs)
SAME_TYPE_INFERENCE(MulOp, getLhs)
SAME_TYPE_INFERENCE(OrOp, getLhs)
SAME_TYPE_INFERENCE(PowOp, getLhs)
SAME_TYPE_INFERENCE(RemOp, getLhs)
SAME_TYPE_INFERENCE(ShiftLeftOp, getLhs)
SAME_TYPE_INFERENCE(ShiftRightArithmeticOp, getLhs)
SAME_TYPE_INFERENCE(ShiftRightLogicalOp, getLhs)
SAME_TYPE_INFERENCE(SubtractOp, getLhs)
SAME_TYPE_INFERENCE(XorOp, getLhs)
SAME_TYPE_INFERENCE(SelectOp, getOnTrue)
SAME_TYPE_INFERENCE(ClampOp, getOperand)

#undef SAME_TYPE_INFERENCE

// abs, real, imag: complex<E> gives E.
#define PART_TYPE_INFERENCE(OP)                                                \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *, std::optional<Location> loc, Adaptor adaptor,             \
      SmallVectorImpl<Type> &types) {                                          \
    if (failed(requireTensor(loc, adaptor.getOperand(), getOperationName())))  \
      return failure();                                                        \
    types.push_back(partTypeOf(adaptor.getOperand().getType()));               \
    return success();                                                          \
  }                                                                            \
  AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(OP)

PART_TYPE_INFERENCE(AbsOp)
PART_TYPE_INFERENCE(RealOp)
PART_TYPE_INFERENCE(ImagOp)

#undef PART_TYPE_INFERENCE

LogicalResult IsFiniteOp::inferReturnTypes(MLIRContext *context,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  if (failed(requireTensor(loc, adaptor.getOperand(), getOperationName())))
    return failure();
  types.push_back(withElementType(adaptor.getOperand().getType(),
                                  IntegerType::get(context, 1)));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(IsFiniteOp)

LogicalResult CompareOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  if (failed(requireTensor(loc, adaptor.getLhs(), getOperationName())))
    return failure();
  types.push_back(withElementType(adaptor.getLhs().getType(),
                                  IntegerType::get(context, 1)));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(CompareOp)

LogicalResult ComplexOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  if (failed(requireTensor(loc, adaptor.getLhs(), getOperationName())))
    return failure();
  Type lhs = adaptor.getLhs().getType();
  Type part = llvm::cast<RankedTensorType>(lhs).getElementType();
  if (!llvm::isa<FloatType>(part))
    return emitOptionalError(loc, "'", getOperationName(),
                             "' op expects float parts, got ", part);
  types.push_back(withElementType(lhs, ComplexType::get(part)));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(ComplexOp)

// map (C4): the operands' shape with the element type the computation
// returns.
LogicalResult MapOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  if (adaptor.getInputs().empty())
    return cannotInfer(loc, getOperationName(), "no inputs");
  auto first = inferenceTensorOperand(loc, getOperationName(),
                                      adaptor.getInputs().front(), "input");
  if (failed(first))
    return failure();
  Region *computation =
      adaptor.getRegions().empty() ? nullptr : adaptor.getRegions().front();
  if (!computation || computation->empty() || computation->front().empty() ||
      !computation->front().mightHaveTerminator() ||
      computation->front().getTerminator()->getNumOperands() != 1)
    return cannotInfer(loc, getOperationName(),
                       "the computation returns no single value yet");
  auto returned = llvm::dyn_cast<RankedTensorType>(
      computation->front().getTerminator()->getOperand(0).getType());
  if (!returned)
    return cannotInfer(loc, getOperationName(),
                       "the computation must return a tensor");
  types.push_back(
      RankedTensorType::get(first->getShape(), returned.getElementType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(MapOp)

} // namespace axle::stablehlo

//===- VerifyElementwise.cpp - verifiers of elementwise ops ---------------===//
//
// Shapes of elementwise operands and results are checked by the
// SameOperandsAndResultShape trait; these verifiers check element types.
// Constraint numbers refer to the op's section of the specification.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

using namespace mlir;

namespace axle::stablehlo {

static Type elementTypeOf(Value value) {
  return llvm::cast<ShapedType>(value.getType()).getElementType();
}

/// (C1) of most unary ops: baseline_type(operand) = baseline_type(result).
static LogicalResult verifySameElementType(Operation *op) {
  Type result = elementTypeOf(op->getResult(0));
  for (Value operand : op->getOperands())
    if (!sameBaselineElementType(elementTypeOf(operand), result))
      return op->emitOpError()
             << "requires operand and result element types to match, got "
             << operand.getType() << " and " << op->getResult(0).getType();
  return success();
}

#define SAME_ELEMENT_TYPE_VERIFIER(OP)                                         \
  LogicalResult OP::verify() { return verifySameElementType(*this); }

SAME_ELEMENT_TYPE_VERIFIER(CbrtOp)
SAME_ELEMENT_TYPE_VERIFIER(CeilOp)
SAME_ELEMENT_TYPE_VERIFIER(ClzOp)
SAME_ELEMENT_TYPE_VERIFIER(CosineOp)
SAME_ELEMENT_TYPE_VERIFIER(ExpOp)
SAME_ELEMENT_TYPE_VERIFIER(Expm1Op)
SAME_ELEMENT_TYPE_VERIFIER(FloorOp)
SAME_ELEMENT_TYPE_VERIFIER(LogOp)
SAME_ELEMENT_TYPE_VERIFIER(Log1pOp)
SAME_ELEMENT_TYPE_VERIFIER(LogisticOp)
SAME_ELEMENT_TYPE_VERIFIER(NotOp)
SAME_ELEMENT_TYPE_VERIFIER(NegOp)
SAME_ELEMENT_TYPE_VERIFIER(PopulationCountOp)
SAME_ELEMENT_TYPE_VERIFIER(RoundOp)
SAME_ELEMENT_TYPE_VERIFIER(RoundNearestEvenOp)
SAME_ELEMENT_TYPE_VERIFIER(RsqrtOp)
SAME_ELEMENT_TYPE_VERIFIER(SignOp)
SAME_ELEMENT_TYPE_VERIFIER(SineOp)
SAME_ELEMENT_TYPE_VERIFIER(SqrtOp)
SAME_ELEMENT_TYPE_VERIFIER(TanOp)
SAME_ELEMENT_TYPE_VERIFIER(TanhOp)
SAME_ELEMENT_TYPE_VERIFIER(ReducePrecisionOp)
SAME_ELEMENT_TYPE_VERIFIER(AddOp)
SAME_ELEMENT_TYPE_VERIFIER(Atan2Op)
SAME_ELEMENT_TYPE_VERIFIER(AndOp)
SAME_ELEMENT_TYPE_VERIFIER(DivOp)
SAME_ELEMENT_TYPE_VERIFIER(MaxOp)
SAME_ELEMENT_TYPE_VERIFIER(MinOp)
SAME_ELEMENT_TYPE_VERIFIER(MulOp)
SAME_ELEMENT_TYPE_VERIFIER(OrOp)
SAME_ELEMENT_TYPE_VERIFIER(PowOp)
SAME_ELEMENT_TYPE_VERIFIER(RemOp)
SAME_ELEMENT_TYPE_VERIFIER(ShiftLeftOp)
SAME_ELEMENT_TYPE_VERIFIER(ShiftRightArithmeticOp)
SAME_ELEMENT_TYPE_VERIFIER(ShiftRightLogicalOp)
SAME_ELEMENT_TYPE_VERIFIER(SubtractOp)
SAME_ELEMENT_TYPE_VERIFIER(XorOp)

#undef SAME_ELEMENT_TYPE_VERIFIER

/// The element type a complex number's part has, or the type itself.
static Type partType(Type elementType) {
  if (auto complex = llvm::dyn_cast<ComplexType>(elementType))
    return complex.getElementType();
  return elementType;
}

// abs (C1): complex<E> gives E, other types give themselves.
LogicalResult AbsOp::verify() {
  Type operand = elementTypeOf(getOperand());
  Type result = elementTypeOf(getResult());
  if (!sameBaselineElementType(partType(operand), result))
    return emitOpError() << "result element type must be " << partType(operand)
                         << ", got " << result;
  return success();
}

// real, imag (C1): complex<E> gives E, floats give themselves.
static LogicalResult verifyComplexPart(Operation *op) {
  Type operand = elementTypeOf(op->getOperand(0));
  Type result = elementTypeOf(op->getResult(0));
  if (partType(operand) != result)
    return op->emitOpError() << "result element type must be "
                             << partType(operand) << ", got " << result;
  return success();
}
LogicalResult RealOp::verify() { return verifyComplexPart(*this); }
LogicalResult ImagOp::verify() { return verifyComplexPart(*this); }

LogicalResult IsFiniteOp::verify() { return success(); }
LogicalResult ConvertOp::verify() { return success(); }

/// Bit width of an element type as bitcast_convert sees it.
static unsigned bitWidth(Type elementType) {
  if (auto complex = llvm::dyn_cast<ComplexType>(elementType))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(elementType))
    return quantized.getStorageTypeIntegralWidth();
  return elementType.getIntOrFloatBitWidth();
}

// bitcast_convert (C1): shapes agree, except that the narrower side has one
// more trailing dimension of size ratio = wider width / narrower width.
LogicalResult BitcastConvertOp::verify() {
  auto operandType = llvm::cast<RankedTensorType>(getOperand().getType());
  auto resultType = llvm::cast<RankedTensorType>(getResult().getType());
  unsigned operandWidth = bitWidth(operandType.getElementType());
  unsigned resultWidth = bitWidth(resultType.getElementType());
  ArrayRef<int64_t> operandShape = operandType.getShape();
  ArrayRef<int64_t> resultShape = resultType.getShape();
  if (operandWidth == resultWidth) {
    if (!compatibleShapes(operandShape, resultShape))
      return emitOpError() << "operand and result shapes must match when "
                              "element widths are equal";
    return success();
  }
  bool narrowing = operandWidth > resultWidth;
  ArrayRef<int64_t> wide = narrowing ? operandShape : resultShape;
  ArrayRef<int64_t> narrow = narrowing ? resultShape : operandShape;
  unsigned ratio =
      narrowing ? operandWidth / resultWidth : resultWidth / operandWidth;
  if (narrow.size() != wide.size() + 1 ||
      !compatibleShapes(narrow.drop_back(), wide) ||
      !compatibleDim(narrow.back(), ratio))
    return emitOpError() << "the narrower of operand and result must have "
                            "the other's shape plus a last dimension of size "
                         << ratio;
  return success();
}

// complex (C1-C3): lhs and rhs have the same type; the result is complex of it.
LogicalResult ComplexOp::verify() {
  Type lhs = elementTypeOf(getLhs());
  if (lhs != elementTypeOf(getRhs()))
    return emitOpError() << "lhs and rhs must have the same element type";
  Type result = elementTypeOf(getResult());
  if (partType(result) != lhs)
    return emitOpError() << "result element type must be "
                         << ComplexType::get(lhs) << ", got " << result;
  return success();
}

// compare (C1): same element types; (C3) compare_type fits the element type.
LogicalResult CompareOp::verify() {
  Type lhs = elementTypeOf(getLhs());
  if (!sameBaselineElementType(lhs, elementTypeOf(getRhs())))
    return emitOpError() << "lhs and rhs must have the same element type";
  std::optional<ComparisonType> type = getCompareType();
  if (!type || *type == ComparisonType::NOTYPE)
    return success();
  Type base = baselineElementType(lhs);
  bool ok = false;
  if (llvm::isa<FloatType>(base))
    ok = *type == ComparisonType::FLOAT || *type == ComparisonType::TOTALORDER;
  else if (llvm::isa<ComplexType>(base))
    ok = *type == ComparisonType::FLOAT;
  else if (base.isInteger(1))
    ok = *type == ComparisonType::UNSIGNED || *type == ComparisonType::SIGNED;
  else if (base.isUnsignedInteger())
    ok = *type == ComparisonType::UNSIGNED;
  else if (base.isSignlessInteger())
    ok = *type == ComparisonType::SIGNED;
  if (!ok)
    return emitOpError() << "compare_type " << stringifyComparisonType(*type)
                         << " does not fit element type " << lhs;
  if (llvm::isa<ComplexType>(base) &&
      getComparisonDirection() != ComparisonDirection::EQ &&
      getComparisonDirection() != ComparisonDirection::NE)
    return emitOpError() << "complex values only compare with EQ and NE";
  return success();
}

// select (C1): pred is 0-d or has the shape of on_true; (C2) on_true,
// on_false and result share a type.
LogicalResult SelectOp::verify() {
  auto pred = llvm::cast<RankedTensorType>(getPred().getType());
  auto onTrue = llvm::cast<RankedTensorType>(getOnTrue().getType());
  auto onFalse = llvm::cast<RankedTensorType>(getOnFalse().getType());
  auto result = llvm::cast<RankedTensorType>(getResult().getType());
  if (pred.getRank() != 0 &&
      !compatibleShapes(pred.getShape(), onTrue.getShape()))
    return emitOpError() << "pred must be 0-dimensional or have the shape of "
                            "on_true, got "
                         << pred << " and " << onTrue;
  if (!compatibleShapes(onTrue.getShape(), onFalse.getShape()) ||
      !compatibleShapes(onTrue.getShape(), result.getShape()) ||
      !sameBaselineElementType(onTrue.getElementType(),
                               onFalse.getElementType()) ||
      !sameBaselineElementType(onTrue.getElementType(),
                               result.getElementType()))
    return emitOpError() << "on_true, on_false and result must have the same "
                            "type, got "
                         << onTrue << ", " << onFalse << " and " << result;
  return success();
}

// clamp (C1): min and max are 0-d or have the operand's shape; (C2) element
// types agree; (C3) the result has the operand's type.
LogicalResult ClampOp::verify() {
  auto operand = llvm::cast<RankedTensorType>(getOperand().getType());
  for (Value bound : {getMin(), getMax()}) {
    auto type = llvm::cast<RankedTensorType>(bound.getType());
    if (type.getRank() != 0 &&
        !compatibleShapes(type.getShape(), operand.getShape()))
      return emitOpError() << "min and max must be 0-dimensional or have the "
                              "operand's shape, got "
                           << type << " for operand " << operand;
    if (!sameBaselineElementType(type.getElementType(),
                                 operand.getElementType()))
      return emitOpError() << "min, operand and max must have the same "
                              "element type";
  }
  auto result = llvm::cast<RankedTensorType>(getResult().getType());
  if (!compatibleShapes(result.getShape(), operand.getShape()) ||
      !sameBaselineElementType(result.getElementType(),
                               operand.getElementType()))
    return emitOpError() << "result must have the operand's type";
  return success();
}

// map (C1): shapes agree (trait); (C2) computation takes one 0-d tensor per
// input; (C3) dimensions = [0, ..., rank - 1]; (C4) result element type is
// the computation's.
LogicalResult MapOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "requires at least one input";
  auto first = llvm::cast<RankedTensorType>(getInputs().front().getType());
  ArrayRef<int64_t> dims = getDimensions();
  for (auto [index, dim] : llvm::enumerate(dims))
    if (dim != static_cast<int64_t>(index) ||
        dims.size() != static_cast<size_t>(first.getRank()))
      return emitOpError() << "dimensions must be [0, ..., "
                           << first.getRank() - 1 << "]";
  if (dims.size() != static_cast<size_t>(first.getRank()))
    return emitOpError() << "dimensions must be [0, ..., "
                         << first.getRank() - 1 << "]";
  SmallVector<Type> argTypes;
  for (Value input : getInputs())
    argTypes.push_back(elementTypeOf(input));
  Type resultElement = elementTypeOf(getResult());
  return verifyScalarComputation(*this, getComputation(), "computation",
                                 argTypes, {resultElement});
}

} // namespace axle::stablehlo

//===- ChloDecomposable.cpp - what the decomposition cannot handle --------===//
//
// Checked before any rewriting, so that each unsupported op gets exactly one
// diagnostic saying why, and the program is left untouched.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/ChloDecompose.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace axle::chlo {

static bool hasStaticShapes(TypeRange types) {
  return llvm::all_of(types, [](Type type) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    return !tensor || tensor.hasStaticShape();
  });
}

LogicalResult checkDecomposable(Operation *op) {
  auto reason = [&]() -> InFlightDiagnostic {
    return op->emitOpError() << "cannot be decomposed into stablehlo: ";
  };
  // Structured ops: the decompositions build static slices and loops.
  if (llvm::isa<TopKOp, RaggedDotOp, ScanOp>(op)) {
    if (hasStaticShapes(op->getOperandTypes()) &&
        hasStaticShapes(op->getResultTypes()))
      return success();
    return reason() << "it needs static shapes";
  }
  if (auto constantLike = llvm::dyn_cast<ConstantLikeOp>(op)) {
    if (!llvm::isa<FloatAttr, IntegerAttr>(constantLike.getValue()))
      return reason() << "value " << constantLike.getValue()
                      << " is not an integer or float";
    auto result = llvm::cast<RankedTensorType>(constantLike.getType());
    auto operand =
        llvm::cast<RankedTensorType>(constantLike.getOperand().getType());
    if (!result.hasStaticShape() && result.getShape() != operand.getShape())
      return reason() << "result type " << result
                      << " refines the operand's shape " << operand;
    return success();
  }
  // Elementwise ops build their result in the shape of their operands.
  bool sameShape =
      llvm::isa<AcosOp, AcoshOp, AsinOp, AsinhOp, AtanOp, AtanhOp, CoshOp,
                SinhOp, TanOp, ConjOp, SquareOp, BesselI1eOp, DigammaOp, ErfOp,
                ErfInvOp, ErfcOp, LgammaOp, IsInfOp, IsNegInfOp, IsPosInfOp,
                NextAfterOp, PolygammaOp, ZetaOp, MulhiOp>(op);
  if (!sameShape)
    return success();
  auto operand = llvm::cast<RankedTensorType>(op->getOperand(0).getType());
  for (Value value : op->getOperands())
    if (llvm::cast<RankedTensorType>(value.getType()).getShape() !=
        operand.getShape())
      return reason() << "operand types " << operand << " and "
                      << value.getType()
                      << " differ in shape (refine the shapes first)";
  auto result = llvm::cast<RankedTensorType>(op->getResult(0).getType());
  if (result.getShape() != operand.getShape())
    return reason() << "result type " << result
                    << " has a different shape than operand type " << operand
                    << " (refine the shapes first)";
  return success();
}

} // namespace axle::chlo

//===- ChloVerify.cpp - verifiers of the chlo operations ------------------===//

#include "compiler/dialect/chlo/Chlo.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace axle::chlo {

namespace {

bool compatibleDim(int64_t a, int64_t b) {
  return a == b || ShapedType::isDynamic(a) || ShapedType::isDynamic(b);
}

bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  return a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [](auto pair) {
           return compatibleDim(std::get<0>(pair), std::get<1>(pair));
         });
}

std::string dimsToString(ArrayRef<int64_t> dims) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(dims, os);
  os << "]";
  return text;
}

RankedTensorType tensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

} // namespace

LogicalResult verifySameTypeUnary(Operation *op) {
  auto operand = tensorType(op->getOperand(0));
  auto result = tensorType(op->getResult(0));
  if (operand.getElementType() != result.getElementType())
    return op->emitOpError()
           << "result element type " << result.getElementType()
           << " differs from operand element type " << operand.getElementType();
  if (!compatibleShapes(operand.getShape(), result.getShape()))
    return op->emitOpError()
           << "result type " << result
           << " has a different shape than operand type " << operand;
  return success();
}

LogicalResult verifyPredicateUnary(Operation *op) {
  auto operand = tensorType(op->getOperand(0));
  auto result = tensorType(op->getResult(0));
  if (!compatibleShapes(operand.getShape(), result.getShape()))
    return op->emitOpError()
           << "result type " << result
           << " has a different shape than operand type " << operand;
  return success();
}

LogicalResult verifySameTypeBinary(Operation *op) {
  auto lhs = tensorType(op->getOperand(0));
  auto rhs = tensorType(op->getOperand(1));
  auto result = tensorType(op->getResult(0));
  RankedTensorType others[] = {rhs, result};
  for (auto [index, type] : llvm::enumerate(others)) {
    StringRef what = index == 0 ? "second operand" : "result";
    if (type.getElementType() != lhs.getElementType())
      return op->emitOpError()
             << what << " element type " << type.getElementType()
             << " differs from first operand element type "
             << lhs.getElementType();
    if (!compatibleShapes(type.getShape(), lhs.getShape()))
      return op->emitOpError() << what << " type " << type
                               << " has a different shape than first operand "
                                  "type "
                               << lhs;
  }
  return success();
}

SmallVector<int64_t>
broadcastOperandDims(int64_t operandRank, int64_t resultRank,
                     std::optional<ArrayRef<int64_t>> broadcastDims) {
  if (operandRank == resultRank)
    return llvm::to_vector(llvm::seq<int64_t>(0, resultRank));
  if (broadcastDims)
    return llvm::to_vector(*broadcastDims);
  return llvm::to_vector(
      llvm::seq<int64_t>(resultRank - operandRank, resultRank));
}

std::optional<SmallVector<int64_t>>
broadcastShape(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
               std::optional<ArrayRef<int64_t>> broadcastDims,
               std::string &error) {
  int64_t rank = std::max(lhs.size(), rhs.size());
  int64_t lowRank = std::min(lhs.size(), rhs.size());
  if (broadcastDims) {
    if (static_cast<int64_t>(broadcastDims->size()) != lowRank) {
      error = "broadcast_dimensions " + dimsToString(*broadcastDims) +
              " must have one entry per dimension of the lower-rank operand "
              "(rank " +
              std::to_string(lowRank) + ")";
      return std::nullopt;
    }
    for (auto [index, dim] : llvm::enumerate(*broadcastDims)) {
      if (dim < 0 || dim >= rank) {
        error = "broadcast_dimensions " + dimsToString(*broadcastDims) +
                " has entry " + std::to_string(dim) +
                " outside the result rank " + std::to_string(rank);
        return std::nullopt;
      }
      if (index > 0 && dim <= (*broadcastDims)[index - 1]) {
        error = "broadcast_dimensions " + dimsToString(*broadcastDims) +
                " must be strictly increasing";
        return std::nullopt;
      }
    }
  }
  // Start from the higher-rank shape, then fold in the other operand.
  ArrayRef<int64_t> high = lhs.size() >= rhs.size() ? lhs : rhs;
  ArrayRef<int64_t> low = lhs.size() >= rhs.size() ? rhs : lhs;
  SmallVector<int64_t> shape(high);
  SmallVector<int64_t> lowDims =
      broadcastOperandDims(low.size(), rank, broadcastDims);
  for (auto [lowIndex, resultDim] : llvm::enumerate(lowDims)) {
    int64_t a = shape[resultDim];
    int64_t b = low[lowIndex];
    if (a == b || b == 1)
      continue;
    if (a == 1) {
      shape[resultDim] = b;
      continue;
    }
    if (ShapedType::isDynamic(a) || ShapedType::isDynamic(b)) {
      // A dynamic size meets a static one: the static size wins unless it is
      // 1 (handled above), and the dynamic one must match at run time.
      shape[resultDim] = ShapedType::isDynamic(a) ? b : a;
      continue;
    }
    error = "operand shapes " + dimsToString(lhs) + " and " +
            dimsToString(rhs) + " do not broadcast: sizes " +
            std::to_string(a) + " and " + std::to_string(b) +
            " meet in result dimension " + std::to_string(resultDim);
    return std::nullopt;
  }
  return shape;
}

LogicalResult
verifyBroadcastShapes(Operation *op, Type lhsType, Type rhsType,
                      Type resultType,
                      std::optional<ArrayRef<int64_t>> broadcastDims) {
  auto lhs = llvm::cast<RankedTensorType>(lhsType);
  auto rhs = llvm::cast<RankedTensorType>(rhsType);
  auto result = llvm::cast<RankedTensorType>(resultType);
  std::string error;
  std::optional<SmallVector<int64_t>> shape =
      broadcastShape(lhs.getShape(), rhs.getShape(), broadcastDims, error);
  if (!shape)
    return op->emitOpError() << error;
  if (!compatibleShapes(*shape, result.getShape()))
    return op->emitOpError()
           << "result type " << result << " does not have the broadcast shape "
           << dimsToString(*shape) << " of operand types " << lhs << " and "
           << rhs;
  return success();
}

LogicalResult
verifyBroadcastSameType(Operation *op,
                        std::optional<ArrayRef<int64_t>> broadcastDims) {
  auto lhs = tensorType(op->getOperand(0));
  auto rhs = tensorType(op->getOperand(1));
  auto result = tensorType(op->getResult(0));
  if (lhs.getElementType() != rhs.getElementType())
    return op->emitOpError() << "operand element types " << lhs.getElementType()
                             << " and " << rhs.getElementType() << " differ";
  if (result.getElementType() != lhs.getElementType())
    return op->emitOpError()
           << "result element type " << result.getElementType()
           << " differs from operand element type " << lhs.getElementType();
  return verifyBroadcastShapes(op, lhs, rhs, result, broadcastDims);
}

LogicalResult
verifyBroadcastComplex(Operation *op,
                       std::optional<ArrayRef<int64_t>> broadcastDims) {
  auto lhs = tensorType(op->getOperand(0));
  auto rhs = tensorType(op->getOperand(1));
  auto result = tensorType(op->getResult(0));
  if (lhs.getElementType() != rhs.getElementType())
    return op->emitOpError() << "operand element types " << lhs.getElementType()
                             << " and " << rhs.getElementType() << " differ";
  auto complex = llvm::cast<ComplexType>(result.getElementType());
  if (complex.getElementType() != lhs.getElementType())
    return op->emitOpError()
           << "result element type " << result.getElementType()
           << " is not the complex type of " << lhs.getElementType();
  return verifyBroadcastShapes(op, lhs, rhs, result, broadcastDims);
}

//===----------------------------------------------------------------------===//
// Per-op verifiers
//===----------------------------------------------------------------------===//

LogicalResult NextAfterOp::verify() { return verifySameTypeBinary(*this); }
LogicalResult PolygammaOp::verify() { return verifySameTypeBinary(*this); }
LogicalResult ZetaOp::verify() { return verifySameTypeBinary(*this); }
LogicalResult MulhiOp::verify() { return verifySameTypeBinary(*this); }

LogicalResult BroadcastCompareOp::verify() {
  auto lhs = getLhs().getType();
  auto rhs = getRhs().getType();
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError() << "operand element types " << lhs.getElementType()
                         << " and " << rhs.getElementType() << " differ";
  return verifyBroadcastShapes(*this, lhs, rhs, getResult().getType(),
                               getBroadcastDimensions());
}

LogicalResult BroadcastSelectOp::verify() {
  auto pred = getPred().getType();
  auto onTrue = getOnTrue().getType();
  auto onFalse = getOnFalse().getType();
  auto result = getResult().getType();
  if (onTrue.getElementType() != onFalse.getElementType())
    return emitOpError() << "on_true element type " << onTrue.getElementType()
                         << " differs from on_false element type "
                         << onFalse.getElementType();
  if (result.getElementType() != onTrue.getElementType())
    return emitOpError() << "result element type " << result.getElementType()
                         << " differs from operand element type "
                         << onTrue.getElementType();
  // All three operands broadcast numpy-style into the result.
  std::string error;
  auto valueShape = broadcastShape(onTrue.getShape(), onFalse.getShape(),
                                   std::nullopt, error);
  std::optional<SmallVector<int64_t>> shape;
  if (valueShape)
    shape = broadcastShape(pred.getShape(), *valueShape, std::nullopt, error);
  if (!shape)
    return emitOpError() << error;
  if (!compatibleShapes(*shape, result.getShape()))
    return emitOpError() << "result type " << result
                         << " does not have the broadcast shape "
                         << dimsToString(*shape) << " of the operands";
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult ConstantLikeOp::verify() {
  auto result = getResult().getType();
  auto operand = llvm::cast<RankedTensorType>(getOperand().getType());
  if (getValue().getType() != result.getElementType())
    return emitOpError() << "value type " << getValue().getType()
                         << " differs from result element type "
                         << result.getElementType();
  if (!compatibleShapes(operand.getShape(), result.getShape()))
    return emitOpError() << "result type " << result
                         << " has a different shape than operand type "
                         << operand;
  return success();
}

LogicalResult TopKOp::verify() {
  auto operand = getOperand().getType();
  auto values = getValues().getType();
  auto indices = getIndices().getType();
  if (operand.getRank() < 1)
    return emitOpError() << "operand type " << operand
                         << " must have rank at least 1";
  if (llvm::isa<ComplexType>(operand.getElementType()))
    return emitOpError() << "operand element type " << operand.getElementType()
                         << " has no order";
  int64_t last = operand.getShape().back();
  int64_t k = getK();
  if (!ShapedType::isDynamic(last) && k > last)
    return emitOpError() << "k = " << k
                         << " exceeds the size of the last dimension (" << last
                         << ") of operand type " << operand;
  if (values.getElementType() != operand.getElementType())
    return emitOpError() << "values element type " << values.getElementType()
                         << " differs from operand element type "
                         << operand.getElementType();
  SmallVector<int64_t> expected(operand.getShape());
  expected.back() = k;
  for (RankedTensorType type : {values, indices})
    if (!compatibleShapes(type.getShape(), expected))
      return emitOpError() << "result type " << type << " must have shape "
                           << dimsToString(expected)
                           << " (operand shape with last dimension k)";
  return success();
}

} // namespace axle::chlo

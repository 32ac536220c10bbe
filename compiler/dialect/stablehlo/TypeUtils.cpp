//===- TypeUtils.cpp - shape and type checks shared by verifiers ----------===//

#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace axle::stablehlo {

std::string formatSizes(ArrayRef<int64_t> sizes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(sizes, os, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << '?';
    else
      os << size;
  });
  os << ']';
  return text;
}

std::string formatSize(int64_t size) {
  return ShapedType::isDynamic(size) ? "?" : std::to_string(size);
}

int64_t numWindows(int64_t inputSize, int64_t baseDilation,
                   std::pair<int64_t, int64_t> padding, int64_t windowSize,
                   int64_t windowDilation, int64_t stride) {
  if (ShapedType::isDynamic(inputSize))
    return ShapedType::kDynamic;
  int64_t dilatedInput = 0, padded = 0, dilatedWindow = 0;
  if (inputSize != 0 &&
      (llvm::MulOverflow(inputSize - 1, baseDilation, dilatedInput) ||
       llvm::AddOverflow(dilatedInput, int64_t(1), dilatedInput)))
    return ShapedType::kDynamic;
  if (llvm::AddOverflow(padding.first, dilatedInput, padded) ||
      llvm::AddOverflow(padded, padding.second, padded) ||
      llvm::MulOverflow(windowSize - 1, windowDilation, dilatedWindow) ||
      llvm::AddOverflow(dilatedWindow, int64_t(1), dilatedWindow))
    return ShapedType::kDynamic;
  // is_empty_window; a negative padded size has no windows either.
  if (padded <= 0 || dilatedWindow > padded)
    return 0;
  return (padded - dilatedWindow) / stride + 1;
}

bool compatibleDim(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!compatibleDim(x, y))
      return false;
  return true;
}

bool isQuantized(Type elementType) {
  return llvm::isa<quant::QuantizedType>(elementType);
}

Type baselineElementType(Type elementType) {
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(elementType))
    return quantized.getStorageType();
  return elementType;
}

bool sameBaselineElementType(Type a, Type b) {
  if (a == b)
    return true;
  // Quantized types agree up to scales, zero points and axis: storage type
  // (with signedness, which !quant keeps apart from the signless storage
  // integer), storage range and expressed type.
  auto qa = llvm::dyn_cast<quant::QuantizedType>(a);
  auto qb = llvm::dyn_cast<quant::QuantizedType>(b);
  return qa && qb && qa.getStorageType() == qb.getStorageType() &&
         qa.isSigned() == qb.isSigned() &&
         qa.getStorageTypeMin() == qb.getStorageTypeMin() &&
         qa.getStorageTypeMax() == qb.getStorageTypeMax() &&
         qa.getExpressedType() == qb.getExpressedType();
}

LogicalResult verifyDimensions(Operation *op, ArrayRef<int64_t> dims,
                               int64_t rank, StringRef what, bool unique) {
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return op->emitOpError() << what << " entry " << dim
                               << " is out of range [0, " << rank << ")";
    if (unique && !seen.insert(dim).second)
      return op->emitOpError() << what << " has repeated entry " << dim;
  }
  return success();
}

LogicalResult verifyPermutation(Operation *op, ArrayRef<int64_t> dims,
                                int64_t rank, StringRef what) {
  if (static_cast<int64_t>(dims.size()) != rank)
    return op->emitOpError() << what << " has " << dims.size()
                             << " entries but the operand has rank " << rank;
  return verifyDimensions(op, dims, rank, what);
}

LogicalResult verifyPaddingShape(Operation *op, DenseIntElementsAttr padding,
                                 int64_t rank) {
  auto type = llvm::cast<ShapedType>(padding.getType());
  if (type.getRank() != 2 || type.getDimSize(1) != 2 ||
      type.getDimSize(0) != rank)
    return op->emitOpError()
           << "padding must have shape [" << rank << ", 2], got " << type;
  return success();
}

LogicalResult verifyGroups(Operation *op, DenseIntElementsAttr groups,
                           StringRef what, bool uniqueIds,
                           int64_t expectedColumns) {
  auto type = llvm::cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return op->emitOpError()
           << what << " must be a 2-dimensional tensor, got " << type;
  if (expectedColumns >= 0 && type.getDimSize(1) != expectedColumns)
    return op->emitOpError() << what << " must have " << expectedColumns
                             << " columns, got " << type;
  if (!uniqueIds)
    return success();
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t id : groups.getValues<int64_t>()) {
    if (id == -1) // Padding of ragged groups.
      continue;
    if (id < 0)
      return op->emitOpError() << what << " has negative id " << id;
    if (!seen.insert(id).second)
      return op->emitOpError() << what << " has repeated id " << id;
  }
  return success();
}

bool isPromotable(Type from, Type to) {
  if (sameBaselineElementType(from, to))
    return true;
  // Booleans (i1) only promote to themselves; integers of either signedness
  // promote to any integer at least as wide.
  auto fromInt = llvm::dyn_cast<IntegerType>(from);
  auto toInt = llvm::dyn_cast<IntegerType>(to);
  if (fromInt && toInt)
    return fromInt.getWidth() != 1 && toInt.getWidth() != 1 &&
           toInt.getWidth() >= fromInt.getWidth();
  if (auto fromFloat = llvm::dyn_cast<FloatType>(from))
    if (auto toFloat = llvm::dyn_cast<FloatType>(to))
      return toFloat.getWidth() >= fromFloat.getWidth();
  if (auto fromComplex = llvm::dyn_cast<ComplexType>(from))
    if (auto toComplex = llvm::dyn_cast<ComplexType>(to))
      return isPromotable(fromComplex.getElementType(),
                          toComplex.getElementType());
  auto fromQuant = llvm::dyn_cast<quant::QuantizedType>(from);
  auto toQuant = llvm::dyn_cast<quant::QuantizedType>(to);
  if (fromQuant && toQuant)
    return fromQuant.getExpressedType() == toQuant.getExpressedType() &&
           toQuant.getStorageTypeIntegralWidth() >=
               fromQuant.getStorageTypeIntegralWidth();
  return false;
}

TypeRange regionResultTypes(Region &region) {
  if (region.empty() || region.front().empty())
    return {};
  return region.front().getTerminator()->getOperandTypes();
}

LogicalResult verifyScalarComputation(Operation *op, Region &region,
                                      StringRef what,
                                      ArrayRef<Type> argElementTypes,
                                      ArrayRef<Type> resultElementTypes) {
  if (region.empty())
    return op->emitOpError() << what << " must have a block";
  Block &block = region.front();
  if (block.getNumArguments() != argElementTypes.size())
    return op->emitOpError() << what << " must take " << argElementTypes.size()
                             << " arguments, got " << block.getNumArguments();
  for (auto [index, arg] : llvm::enumerate(block.getArguments())) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(arg.getType());
    if (!tensor || tensor.getRank() != 0 ||
        !sameBaselineElementType(tensor.getElementType(),
                                 argElementTypes[index]))
      return op->emitOpError()
             << what << " argument " << index << " must be "
             << RankedTensorType::get({}, argElementTypes[index]) << ", got "
             << arg.getType();
  }
  if (block.empty() || !block.mightHaveTerminator())
    return op->emitOpError() << what << " must end with a return";
  TypeRange results = block.getTerminator()->getOperandTypes();
  if (results.size() != resultElementTypes.size())
    return op->emitOpError()
           << what << " must return " << resultElementTypes.size()
           << " values, got " << results.size();
  for (auto [index, type] : llvm::enumerate(results)) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    if (!tensor || tensor.getRank() != 0)
      return op->emitOpError()
             << what << " result " << index
             << " must be a 0-dimensional tensor, got " << type;
    if (!sameBaselineElementType(tensor.getElementType(),
                                 resultElementTypes[index]))
      return op->emitOpError()
             << what << " result " << index << " must be "
             << RankedTensorType::get({}, resultElementTypes[index]) << ", got "
             << type;
  }
  return success();
}

LogicalResult
verifyReducerComputation(Operation *op, Region &region, StringRef what,
                         size_t numInputs,
                         SmallVectorImpl<Type> &accumulatorTypes) {
  if (region.empty())
    return op->emitOpError() << what << " must have a block";
  Block &block = region.front();
  if (block.getNumArguments() != 2 * numInputs)
    return op->emitOpError() << what << " must take " << 2 * numInputs
                             << " arguments (an element and an accumulator "
                                "per input), got "
                             << block.getNumArguments();
  // The accumulator types Ei are what the first N arguments declare; the
  // remaining arguments and the results must repeat them.
  accumulatorTypes.clear();
  for (BlockArgument arg : block.getArguments().take_front(numInputs)) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(arg.getType());
    if (!tensor || tensor.getRank() != 0)
      return op->emitOpError()
             << what << " argument " << arg.getArgNumber()
             << " must be a 0-dimensional tensor, got " << arg.getType();
    accumulatorTypes.push_back(tensor.getElementType());
  }
  SmallVector<Type> argTypes(accumulatorTypes.begin(), accumulatorTypes.end());
  argTypes.append(accumulatorTypes.begin(), accumulatorTypes.end());
  return verifyScalarComputation(op, region, what, argTypes, accumulatorTypes);
}

} // namespace axle::stablehlo

//===- CumulativeWindow.cpp - reduce_window ops that are running folds ----===//

#include "compiler/dialect/stablehlo/CumulativeWindow.h"

#include "compiler/dialect/stablehlo/ReduceBody.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace axle::stablehlo {

using namespace mlir;

namespace {

bool allOnes(std::optional<ArrayRef<int64_t>> values) {
  return !values || llvm::all_of(*values, [](int64_t v) { return v == 1; });
}

} // namespace

std::optional<CumulativeWindow> matchCumulativeWindow(ReduceWindowOp op) {
  if (op.getInputs().size() != 1 || op.getInitValues().size() != 1)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!type || !type.hasStaticShape() || type.getRank() == 0)
    return std::nullopt;
  int64_t rank = type.getRank();
  ArrayRef<int64_t> window = op.getWindowDimensions();
  if (static_cast<int64_t>(window.size()) != rank ||
      !allOnes(op.getWindowStrides()) || !allOnes(op.getBaseDilations()) ||
      !allOnes(op.getWindowDilations()))
    return std::nullopt;
  // The scanned dimension: the one whose window is longer than 1.
  int64_t scanned = -1;
  for (int64_t d = 0; d < rank; ++d)
    if (window[d] != 1) {
      if (scanned >= 0)
        return std::nullopt;
      scanned = d;
    }
  if (scanned < 0)
    return std::nullopt;
  int64_t n = type.getDimSize(scanned);
  if (n < 2 || window[scanned] != n)
    return std::nullopt;
  SmallVector<int64_t> padding(2 * rank, 0);
  if (std::optional<DenseIntElementsAttr> attr = op.getPadding()) {
    if (attr->getNumElements() != 2 * rank)
      return std::nullopt;
    padding.assign(attr->getValues<int64_t>().begin(),
                   attr->getValues<int64_t>().end());
  }
  for (int64_t d = 0; d < rank; ++d)
    if (d != scanned && (padding[2 * d] != 0 || padding[2 * d + 1] != 0))
      return std::nullopt;
  int64_t low = padding[2 * scanned], high = padding[2 * scanned + 1];
  bool fromEnd = low == 0 && high == n - 1;
  if (!fromEnd && !(low == n - 1 && high == 0))
    return std::nullopt;
  // The body: one op of the accumulator and the element, in one type.
  Operation *combine = singleBinaryCombiner(op.getBody());
  if (!combine || !isa<AddOp, MulOp, MaxOp, MinOp, AndOp, OrOp>(combine))
    return std::nullopt;
  Block &block = op.getBody().front();
  Type element = type.getElementType();
  for (Type other :
       {block.getArgument(0).getType(), block.getArgument(1).getType(),
        op.getResult(0).getType(), op.getInitValues()[0].getType()})
    if (getElementTypeOrSelf(other) != element)
      return std::nullopt;
  return CumulativeWindow{scanned, fromEnd, combine};
}

bool absorbsItself(Operation *combine, const llvm::APFloat &init) {
  if (isa<MaxOp, MinOp>(combine))
    return true;
  if (isa<AddOp>(combine))
    return init.isZero(); // +0 + +0 = +0, -0 + -0 = -0
  if (isa<MulOp>(combine))
    return init.isExactlyValue(1.0);
  return false;
}

bool absorbsItself(Operation *combine, const llvm::APInt &init) {
  if (isa<MaxOp, MinOp, AndOp, OrOp>(combine))
    return true;
  if (isa<AddOp>(combine))
    return init.isZero();
  if (isa<MulOp>(combine))
    return init.isZero() || init.isOne();
  return false;
}

} // namespace axle::stablehlo

//===- ChloRaggedDot.cpp - chlo.ragged_dot verifier and shape rule --------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/RaggedDotShape.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace axle::chlo {

static std::string listText(ArrayRef<int64_t> dims) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(dims, os);
  os << "]";
  return text;
}

static bool sameSize(int64_t a, int64_t b) {
  return a == b || ShapedType::isDynamic(a) || ShapedType::isDynamic(b);
}

RaggedDotMode raggedDotMode(RaggedDotDimensionNumbersAttr dims) {
  int64_t ragged = dims.getLhsRaggedDimensions().front();
  if (llvm::is_contained(dims.getLhsBatchingDimensions(), ragged))
    return RaggedDotMode::Batch;
  if (llvm::is_contained(dims.getLhsContractingDimensions(), ragged))
    return RaggedDotMode::Contracting;
  return RaggedDotMode::NonContracting;
}

SmallVector<int64_t> raggedDotFreeDims(int64_t rank, ArrayRef<int64_t> batch,
                                       ArrayRef<int64_t> contract,
                                       ArrayRef<int64_t> group) {
  SmallVector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(batch, d) && !llvm::is_contained(contract, d) &&
        !llvm::is_contained(group, d))
      free.push_back(d);
  return free;
}

/// Checks that `dims` are in [0, rank) and not already in `used`.
static LogicalResult checkDims(Operation *op, StringRef what,
                               ArrayRef<int64_t> dims, int64_t rank,
                               llvm::SmallSet<int64_t, 8> &used) {
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError()
             << what << " " << listText(dims) << " has dimension " << d
             << " outside the operand rank " << rank;
    if (!used.insert(d).second)
      return op->emitOpError()
             << what << " " << listText(dims) << " repeats dimension " << d;
  }
  return success();
}

LogicalResult RaggedDotOp::verify() {
  auto lhs = llvm::cast<RankedTensorType>(getLhs().getType());
  auto rhs = llvm::cast<RankedTensorType>(getRhs().getType());
  auto groups = llvm::cast<RankedTensorType>(getGroupSizes().getType());
  auto result = llvm::cast<RankedTensorType>(getResult().getType());
  RaggedDotDimensionNumbersAttr dims = getRaggedDotDimensionNumbers();
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
  ArrayRef<int64_t> lhsRagged = dims.getLhsRaggedDimensions();
  ArrayRef<int64_t> rhsGroup = dims.getRhsGroupDimensions();

  if (lhsBatch.size() != rhsBatch.size())
    return emitOpError() << "lhs_batching_dimensions " << listText(lhsBatch)
                         << " and rhs_batching_dimensions "
                         << listText(rhsBatch) << " differ in length";
  if (lhsContract.size() != rhsContract.size())
    return emitOpError() << "lhs_contracting_dimensions "
                         << listText(lhsContract)
                         << " and rhs_contracting_dimensions "
                         << listText(rhsContract) << " differ in length";
  if (lhsRagged.size() != 1)
    return emitOpError() << "lhs_ragged_dimensions " << listText(lhsRagged)
                         << " must hold exactly one dimension";
  if (rhsGroup.size() > 1)
    return emitOpError() << "rhs_group_dimensions " << listText(rhsGroup)
                         << " must hold at most one dimension";

  llvm::SmallSet<int64_t, 8> lhsUsed, rhsUsed, raggedUsed;
  if (failed(checkDims(*this, "lhs_batching_dimensions", lhsBatch,
                       lhs.getRank(), lhsUsed)) ||
      failed(checkDims(*this, "lhs_contracting_dimensions", lhsContract,
                       lhs.getRank(), lhsUsed)) ||
      failed(checkDims(*this, "lhs_ragged_dimensions", lhsRagged, lhs.getRank(),
                       raggedUsed)) ||
      failed(checkDims(*this, "rhs_batching_dimensions", rhsBatch,
                       rhs.getRank(), rhsUsed)) ||
      failed(checkDims(*this, "rhs_contracting_dimensions", rhsContract,
                       rhs.getRank(), rhsUsed)) ||
      failed(checkDims(*this, "rhs_group_dimensions", rhsGroup, rhs.getRank(),
                       rhsUsed)))
    return failure();

  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (!sameSize(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "lhs batching dimension " << l << " (size "
                           << lhs.getDimSize(l) << ") and rhs batching "
                           << "dimension " << r << " (size "
                           << rhs.getDimSize(r) << ") differ in size";
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (!sameSize(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "lhs contracting dimension " << l << " (size "
                           << lhs.getDimSize(l) << ") and rhs contracting "
                           << "dimension " << r << " (size "
                           << rhs.getDimSize(r) << ") differ in size";

  RaggedDotMode mode = raggedDotMode(dims);
  if (mode == RaggedDotMode::NonContracting && rhsGroup.empty())
    return emitOpError() << "the lhs ragged dimension " << lhsRagged.front()
                         << " is a non-contracting dimension, so the rhs "
                            "needs a group dimension (rhs_group_dimensions "
                            "is empty)";
  if (mode != RaggedDotMode::NonContracting && !rhsGroup.empty())
    return emitOpError() << "the lhs ragged dimension " << lhsRagged.front()
                         << " is a batching or contracting dimension, so "
                            "rhs_group_dimensions must be empty, got "
                         << listText(rhsGroup);

  if (groups.getRank() < 1)
    return emitOpError() << "group_sizes type " << groups
                         << " must have rank at least 1";
  int64_t numGroups = groups.getShape().back();
  if (mode == RaggedDotMode::NonContracting &&
      !sameSize(rhs.getDimSize(rhsGroup.front()), numGroups))
    return emitOpError() << "rhs group dimension " << rhsGroup.front()
                         << " has size " << rhs.getDimSize(rhsGroup.front())
                         << ", but group_sizes " << groups << " holds "
                         << numGroups << " groups";
  // group_sizes is [G], or [B..., G] with one size list per batch entry.
  if (groups.getRank() > 1) {
    bool ok = mode != RaggedDotMode::Batch &&
              groups.getRank() == static_cast<int64_t>(lhsBatch.size()) + 1;
    for (size_t i = 0; ok && i < lhsBatch.size(); ++i)
      ok = sameSize(groups.getDimSize(i), lhs.getDimSize(lhsBatch[i]));
    if (!ok)
      return emitOpError() << "group_sizes type " << groups
                           << " must be [G] or, outside the batch mode, "
                              "[lhs batch sizes..., G]";
  }

  SmallVector<int64_t> expected;
  if (mode == RaggedDotMode::Contracting)
    expected.push_back(numGroups);
  for (int64_t d : lhsBatch)
    expected.push_back(lhs.getDimSize(d));
  for (int64_t d : raggedDotFreeDims(lhs.getRank(), lhsBatch, lhsContract, {}))
    expected.push_back(lhs.getDimSize(d));
  for (int64_t d :
       raggedDotFreeDims(rhs.getRank(), rhsBatch, rhsContract, rhsGroup))
    expected.push_back(rhs.getDimSize(d));
  bool shapeOk = result.getRank() == static_cast<int64_t>(expected.size());
  for (size_t i = 0; shapeOk && i < expected.size(); ++i)
    shapeOk = sameSize(result.getDimSize(i), expected[i]);
  if (!shapeOk)
    return emitOpError() << "result type " << result << " must have shape "
                         << listText(expected);

  if (std::optional<ArrayAttr> precision = getPrecisionConfig())
    if (precision->size() > 2)
      return emitOpError() << "precision_config has " << precision->size()
                           << " entries, at most 2 allowed";
  return success();
}

} // namespace axle::chlo

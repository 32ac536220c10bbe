//===- ContractionOps.cpp - evaluators of dot_general, dot and einsum -----===//
//
// All four ops are one computation: every result element is a sum, over a
// "summed" index space, of products of one lhs and one rhs element (of one
// operand element for unary_einsum). A ContractionPlan says, for each
// result dimension and each summed dimension, how far a step moves in the
// row-major lhs and rhs; each op only builds its plan. Sums run over the
// summed dimensions in row-major order, which for dot_general is the order
// of the contracting dimensions as listed (the specification's reshape of
// the transposed slices).
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/ProductSum.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

struct ContractionPlan {
  SmallVector<int64_t> resultShape;
  SmallVector<int64_t> lhsResultStrides, rhsResultStrides;
  SmallVector<int64_t> sumShape;
  SmallVector<int64_t> lhsSumStrides, rhsSumStrides;

  void addResultDim(int64_t size, int64_t lhsStride, int64_t rhsStride) {
    resultShape.push_back(size);
    lhsResultStrides.push_back(lhsStride);
    rhsResultStrides.push_back(rhsStride);
  }
  void addSumDim(int64_t size, int64_t lhsStride, int64_t rhsStride) {
    sumShape.push_back(size);
    lhsSumStrides.push_back(lhsStride);
    rhsSumStrides.push_back(rhsStride);
  }
};

/// The sums of `plan`; `rhs` is null for a unary contraction.
template <typename T>
std::vector<T> contract(const ContractionPlan &plan, const std::vector<T> &lhs,
                        const std::vector<T> *rhs) {
  // The operand offsets of the summed positions, in summation order.
  std::vector<std::pair<int64_t, int64_t>> terms;
  Tensor::forEachIndex(plan.sumShape, [&](ArrayRef<int64_t> index) {
    int64_t l = 0, r = 0;
    for (auto [i, ls, rs] :
         llvm::zip(index, plan.lhsSumStrides, plan.rhsSumStrides)) {
      l += i * ls;
      r += i * rs;
    }
    terms.emplace_back(l, r);
  });
  std::vector<T> sums;
  Tensor::forEachIndex(plan.resultShape, [&](ArrayRef<int64_t> index) {
    int64_t lhsBase = 0, rhsBase = 0;
    for (auto [i, ls, rs] :
         llvm::zip(index, plan.lhsResultStrides, plan.rhsResultStrides)) {
      lhsBase += i * ls;
      rhsBase += i * rs;
    }
    T sum{};
    if (rhs) {
      for (auto [l, r] : terms)
        multiplyAdd(sum, lhs[lhsBase + l], (*rhs)[rhsBase + r]);
    } else {
      for (auto [l, r] : terms)
        sum += lhs[lhsBase + l];
    }
    sums.push_back(sum);
  });
  return sums;
}

/// Evaluates the contraction `plan` of `lhs` (and `rhs`, if given) for
/// `op`, dequantizing and quantizing as its types ask.
FailureOr<Values> evalPlan(Operation *op, const ContractionPlan &plan,
                           const Tensor &lhsIn, const Tensor *rhsIn) {
  RankedTensorType declared = resultTensorType(op);
  ContractionInputs inputs =
      dequantizeContraction(lhsIn, rhsIn ? *rhsIn : lhsIn, declared);
  std::optional<SumKind> kind = sumKindFor(inputs.computeElement);
  if (!kind)
    return op->emitError() << "the interpreter does not evaluate '"
                           << op->getName() << "' with a "
                           << inputs.computeElement << " result";
  // The shape comes from the operands: the declared one may be dynamic.
  auto resultType =
      RankedTensorType::get(plan.resultShape, declared.getElementType());
  return dispatchSumKind(*kind, [&](auto zero) -> FailureOr<Values> {
    using T = decltype(zero);
    std::vector<T> lhs, rhs;
    if (failed(loadOperand(op, inputs.lhs, inputs.computeElement, lhs)) ||
        (rhsIn &&
         failed(loadOperand(op, inputs.rhs, inputs.computeElement, rhs))))
      return failure();
    std::vector<T> sums = contract(plan, lhs, rhsIn ? &rhs : nullptr);
    return Values{finishContraction(sums, resultType, inputs.computeElement)};
  });
}

/// The plan of a dot_general with the given dimension numbers.
ContractionPlan
dotGeneralPlan(ArrayRef<int64_t> lhsShape, ArrayRef<int64_t> rhsShape,
               ArrayRef<int64_t> lhsBatch, ArrayRef<int64_t> rhsBatch,
               ArrayRef<int64_t> lhsContract, ArrayRef<int64_t> rhsContract) {
  SmallVector<int64_t> lhsStrides = rowMajorStrides(lhsShape);
  SmallVector<int64_t> rhsStrides = rowMajorStrides(rhsShape);
  ContractionPlan plan;
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    plan.addResultDim(lhsShape[l], lhsStrides[l], rhsStrides[r]);
  for (int64_t d = 0; d < static_cast<int64_t>(lhsShape.size()); ++d)
    if (!llvm::is_contained(lhsBatch, d) && !llvm::is_contained(lhsContract, d))
      plan.addResultDim(lhsShape[d], lhsStrides[d], 0);
  for (int64_t d = 0; d < static_cast<int64_t>(rhsShape.size()); ++d)
    if (!llvm::is_contained(rhsBatch, d) && !llvm::is_contained(rhsContract, d))
      plan.addResultDim(rhsShape[d], 0, rhsStrides[d]);
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    plan.addSumDim(lhsShape[l], lhsStrides[l], rhsStrides[r]);
  return plan;
}

// precision_config and algorithm are hints about speed against accuracy on
// accelerators; the interpreter always sums as described in ProductSum.h.
FailureOr<Values> evalDotGeneral(Operation *op, ArrayRef<RuntimeValue> operands,
                                 Interpreter &) {
  auto dims = llvm::cast<hlo::DotGeneralOp>(op).getDotDimensionNumbers();
  const Tensor &lhs = operands[0].getTensor();
  const Tensor &rhs = operands[1].getTensor();
  ContractionPlan plan = dotGeneralPlan(
      lhs.getShape(), rhs.getShape(), dims.getLhsBatchingDimensions(),
      dims.getRhsBatchingDimensions(), dims.getLhsContractingDimensions(),
      dims.getRhsContractingDimensions());
  return evalPlan(op, plan, lhs, &rhs);
}

/// Legacy dot: vector or matrix lhs times vector or matrix rhs, contracting
/// the last lhs dimension with the first rhs dimension.
FailureOr<Values> evalDot(Operation *op, ArrayRef<RuntimeValue> operands,
                          Interpreter &) {
  const Tensor &lhs = operands[0].getTensor();
  const Tensor &rhs = operands[1].getTensor();
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
      rhs.getRank() > 2)
    return op->emitError() << "dot takes operands of rank 1 or 2, got "
                           << lhs.getType() << " and " << rhs.getType();
  int64_t lhsContract = lhs.getRank() - 1, rhsContract = 0;
  ContractionPlan plan = dotGeneralPlan(lhs.getShape(), rhs.getShape(), {}, {},
                                        lhsContract, rhsContract);
  return evalPlan(op, plan, lhs, &rhs);
}

/// Labels of one einsum term: letters are their character code, the
/// dimensions an ellipsis covers get labels from 256 on, aligned to the
/// right across terms (as numpy broadcasts them).
constexpr int kEllipsisLabel = 256;

struct EinsumTerm {
  SmallVector<int> labels; // letters; kEllipsisLabel marks the ellipsis
  bool hasEllipsis = false;
};

std::optional<EinsumTerm> parseTerm(StringRef text) {
  EinsumTerm term;
  while (!text.empty()) {
    if (text.consume_front("...")) {
      if (term.hasEllipsis)
        return std::nullopt;
      term.hasEllipsis = true;
      term.labels.push_back(kEllipsisLabel);
      continue;
    }
    if (!llvm::isAlpha(text.front()))
      return std::nullopt;
    term.labels.push_back(static_cast<unsigned char>(text.front()));
    text = text.drop_front();
  }
  return term;
}

/// The label of every dimension of a tensor of `rank` named by `term`, or
/// nullopt if the term does not fit the rank.
std::optional<SmallVector<int>> dimLabels(const EinsumTerm &term, int64_t rank,
                                          int64_t ellipsisRank) {
  int64_t letters =
      static_cast<int64_t>(term.labels.size()) - (term.hasEllipsis ? 1 : 0);
  int64_t covered = rank - letters;
  if (covered < 0 || (!term.hasEllipsis && covered != 0))
    return std::nullopt;
  SmallVector<int> labels;
  for (int label : term.labels) {
    if (label != kEllipsisLabel) {
      labels.push_back(label);
      continue;
    }
    for (int64_t j = 0; j < covered; ++j)
      labels.push_back(kEllipsisLabel + (ellipsisRank - covered + j));
  }
  return labels;
}

/// Builds the plan of an einsum config for operands of the given shapes
/// (one or two) and a result of `resultRank`.
FailureOr<ContractionPlan> einsumPlan(Operation *op, StringRef config,
                                      ArrayRef<ArrayRef<int64_t>> shapes,
                                      int64_t resultRank) {
  auto malformed = [&]() {
    SmallVector<std::string> ranks;
    for (ArrayRef<int64_t> shape : shapes)
      ranks.push_back(std::to_string(shape.size()));
    return op->emitError() << "cannot evaluate einsum_config \"" << config
                           << "\" for operands of ranks "
                           << llvm::join(ranks, ", ")
                           << " and a result of rank " << resultRank;
  };
  size_t arrow = config.find("->");
  if (arrow == StringRef::npos)
    return malformed();
  SmallVector<StringRef> texts;
  config.take_front(arrow).split(texts, ',');
  if (texts.size() != shapes.size())
    return malformed();
  texts.push_back(config.drop_front(arrow + 2));
  SmallVector<EinsumTerm> terms;
  for (StringRef text : texts) {
    std::optional<EinsumTerm> term = parseTerm(text);
    if (!term)
      return malformed();
    terms.push_back(std::move(*term));
  }
  // The ellipsis covers as many dimensions as the longest operand gives it.
  int64_t ellipsisRank = 0;
  for (auto [term, shape] : llvm::zip(ArrayRef(terms).drop_back(), shapes))
    if (term.hasEllipsis)
      ellipsisRank = std::max<int64_t>(
          ellipsisRank, static_cast<int64_t>(shape.size()) -
                            static_cast<int64_t>(term.labels.size() - 1));

  SmallVector<SmallVector<int>> operandLabels;
  llvm::MapVector<int, int64_t> sizes; // in order of first appearance
  for (auto [term, shape] : llvm::zip(ArrayRef(terms).drop_back(), shapes)) {
    std::optional<SmallVector<int>> labels =
        dimLabels(term, shape.size(), ellipsisRank);
    if (!labels)
      return malformed();
    for (auto [label, size] : llvm::zip(*labels, shape)) {
      auto [it, inserted] = sizes.insert({label, size});
      if (inserted || it->second == size || size == 1)
        continue;
      if (it->second != 1)
        return op->emitError() << "einsum_config \"" << config
                               << "\" gives one label the sizes " << it->second
                               << " and " << size;
      it->second = size;
    }
    operandLabels.push_back(std::move(*labels));
  }
  std::optional<SmallVector<int>> resultLabels =
      dimLabels(terms.back(), resultRank, ellipsisRank);
  if (!resultLabels)
    return malformed();

  // How far one step of `label` moves in an operand; a dimension of size 1
  // broadcast against a larger one does not move.
  auto strideOf = [&](size_t operand, int label) -> int64_t {
    if (operand >= shapes.size())
      return 0;
    SmallVector<int64_t> strides = rowMajorStrides(shapes[operand]);
    int64_t stride = 0;
    for (auto [l, size, s] :
         llvm::zip(operandLabels[operand], shapes[operand], strides))
      if (l == label && !(size == 1 && sizes.lookup(label) != 1))
        stride += s;
    return stride;
  };
  ContractionPlan plan;
  for (int label : *resultLabels) {
    auto it = sizes.find(label);
    if (it == sizes.end())
      return malformed();
    plan.addResultDim(it->second, strideOf(0, label), strideOf(1, label));
  }
  for (auto [label, size] : sizes)
    if (!llvm::is_contained(*resultLabels, label))
      plan.addSumDim(size, strideOf(0, label), strideOf(1, label));
  return plan;
}

FailureOr<Values> evalEinsum(Operation *op, ArrayRef<RuntimeValue> operands,
                             Interpreter &) {
  auto einsum = llvm::cast<hlo::EinsumOp>(op);
  const Tensor &lhs = operands[0].getTensor();
  const Tensor &rhs = operands[1].getTensor();
  FailureOr<ContractionPlan> plan =
      einsumPlan(op, einsum.getEinsumConfig(), {lhs.getShape(), rhs.getShape()},
                 resultTensorType(op).getRank());
  if (failed(plan))
    return failure();
  return evalPlan(op, *plan, lhs, &rhs);
}

FailureOr<Values>
evalUnaryEinsum(Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
  auto einsum = llvm::cast<hlo::UnaryEinsumOp>(op);
  const Tensor &operand = operands[0].getTensor();
  FailureOr<ContractionPlan> plan =
      einsumPlan(op, einsum.getEinsumConfig(), {operand.getShape()},
                 resultTensorType(op).getRank());
  if (failed(plan))
    return failure();
  return evalPlan(op, *plan, operand, nullptr);
}

} // namespace

void registerContractionOps(OpRegistry &registry) {
  registry.add(hlo::DotGeneralOp::getOperationName(), evalDotGeneral);
  registry.add(hlo::DotOp::getOperationName(), evalDot);
  registry.add(hlo::EinsumOp::getOperationName(), evalEinsum);
  registry.add(hlo::UnaryEinsumOp::getOperationName(), evalUnaryEinsum);
}

} // namespace axle::interp

//===- VerifyLinalg.cpp - verifiers of contractions and linear algebra ----===//
//
// Constraint numbers refer to the op's section of the specification. A
// dimension size may be dynamic (`?`): a check that needs the size is skipped
// then, and a result shape inferred from the operands need only be compatible
// with the declared one. Element types that must be "the same" are compared
// with sameBaselineElementType, so quantized tensors agree when their storage
// and expressed types do.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace mlir;

namespace axle::stablehlo {

static RankedTensorType tensorTypeOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

static Type elementTypeOf(Value value) {
  return tensorTypeOf(value).getElementType();
}

/// The declared shape of `value` must be compatible with `inferred`.
static LogicalResult verifyInferredShape(Operation *op, Value value,
                                         StringRef what,
                                         ArrayRef<int64_t> inferred) {
  RankedTensorType type = tensorTypeOf(value);
  if (type.getRank() != static_cast<int64_t>(inferred.size()))
    return op->emitOpError()
           << what << " must have rank " << inferred.size() << " (shape "
           << formatSizes(inferred) << "), got " << type;
  if (!compatibleShapes(type.getShape(), inferred))
    return op->emitOpError()
           << what << " shape " << formatSizes(type.getShape())
           << " is incompatible with the expected shape "
           << formatSizes(inferred);
  return success();
}

/// baseline_type(a) = baseline_type(b): compatible shapes and the same
/// baseline element type.
static LogicalResult verifySameBaselineType(Operation *op, Value a,
                                            StringRef aName, Value b,
                                            StringRef bName) {
  if (!sameBaselineElementType(elementTypeOf(a), elementTypeOf(b)) ||
      !compatibleShapes(tensorTypeOf(a).getShape(), tensorTypeOf(b).getShape()))
    return op->emitOpError()
           << bName << " type " << b.getType() << " must match the " << aName
           << " type " << a.getType();
  return success();
}

/// The values of `value` when it is produced by a constant op.
static std::optional<SmallVector<int64_t>> constantValues(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return llvm::to_vector(
      llvm::map_range(attr.getValues<APInt>(),
                      [](const APInt &v) { return v.getSExtValue(); }));
}

/// size(precision_config) = 2 ((C11) of dot_general, (C24) of convolution).
/// An empty list, like an absent one, leaves both operands at DEFAULT.
static LogicalResult verifyPrecisionConfig(Operation *op,
                                           std::optional<ArrayAttr> config) {
  if (config && !config->empty() && config->size() != 2)
    return op->emitOpError()
           << "precision_config must have 2 entries (lhs and rhs), got "
           << config->size();
  return success();
}

static quant::UniformQuantizedPerAxisType perAxis(Type elementType) {
  return llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(elementType);
}

static Type expressedType(Type elementType) {
  return llvm::cast<quant::QuantizedType>(elementType).getExpressedType();
}

/// A quantized type's storage type as the quant dialect spells it (`i8`,
/// `u8`): the storage IntegerType itself is signless, with the signedness a
/// flag of the quantized type.
static std::string storageName(quant::QuantizedType type) {
  return (type.isSigned() ? "i" : "u") +
         std::to_string(type.getStorageTypeIntegralWidth());
}

/// The element type rules that dot_general ((C13)-(C14), (C17)-(C20)) and
/// convolution ((C27)-(C28), (C31)-(C34)) share. Without quantization only
/// lhs and rhs must agree for dot_general (the result type is the
/// accumulation type), while convolution also requires the result to agree
/// (`resultAgrees`).
static LogicalResult verifyContractionElementTypes(Operation *op, Type lhs,
                                                   Type rhs, Type result,
                                                   bool resultAgrees) {
  bool lhsQuantized = isQuantized(lhs), rhsQuantized = isQuantized(rhs),
       resultQuantized = isQuantized(result);
  if (!lhsQuantized && !rhsQuantized && !resultQuantized) {
    // dot_general (C13) element_type(lhs) = element_type(rhs);
    // convolution (C27) element_type(lhs) = element_type(rhs) =
    // element_type(result).
    if (lhs != rhs)
      return op->emitOpError()
             << "requires lhs and rhs element types to match, got " << lhs
             << " and " << rhs;
    if (resultAgrees && lhs != result)
      return op->emitOpError()
             << "requires the result element type to match the operands', got "
             << result << " for " << lhs << " operands";
    return success();
  }
  // dot_general (C14), convolution (C28): is_quantized(lhs) =
  // is_quantized(result) and is_quantized(rhs).
  if (!rhsQuantized || lhsQuantized != resultQuantized)
    return op->emitOpError()
           << "requires a quantized rhs, and lhs and result either both "
              "quantized or both not, got "
           << lhs << ", " << rhs << ", " << result;
  auto lhsQuant = llvm::dyn_cast<quant::QuantizedType>(lhs);
  auto rhsQuant = llvm::cast<quant::QuantizedType>(rhs);
  if (lhsQuant) {
    // dot_general (C17), convolution (C31): storage_type(lhs) =
    // storage_type(rhs).
    if (storageName(lhsQuant) != storageName(rhsQuant))
      return op->emitOpError()
             << "requires lhs and rhs storage types to match, got "
             << storageName(lhsQuant) << " and " << storageName(rhsQuant);
    // dot_general (C18), convolution (C32): expressed_type(lhs) =
    // expressed_type(rhs) = expressed_type(result).
    if (lhsQuant.getExpressedType() != rhsQuant.getExpressedType() ||
        lhsQuant.getExpressedType() != expressedType(result))
      return op->emitOpError()
             << "requires lhs, rhs and result expressed types to match, got "
             << lhsQuant.getExpressedType() << ", "
             << rhsQuant.getExpressedType() << ", " << expressedType(result);
    // dot_general (C19), convolution (C33): if is_per_tensor_quantized(rhs)
    // then is_per_tensor_quantized(result).
    if (!perAxis(rhs) && perAxis(result))
      return op->emitOpError()
             << "requires a per-tensor quantized result when rhs is per-tensor "
                "quantized, got "
             << result;
    return success();
  }
  // dot_general (C20), convolution (C34): element_type(lhs) =
  // expressed_type(rhs) = element_type(result).
  if (lhs != rhsQuant.getExpressedType() || lhs != result)
    return op->emitOpError()
           << "requires lhs element type, rhs expressed type and result "
              "element type to match, got "
           << lhs << ", " << rhsQuant.getExpressedType() << ", " << result;
  return success();
}

/// dot_general (C15) zero_points(rhs) = 0 and (C16) if
/// is_per_axis_quantized(rhs) then quantization_dimension(rhs) is not in
/// rhs_contracting_dimensions; applied to dot as well.
static LogicalResult
verifyDotRhsQuantization(Operation *op, Type rhs,
                         ArrayRef<int64_t> rhsContracting) {
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(rhs)) {
    if (perTensor.getZeroPoint() != 0)
      return op->emitOpError()
             << "requires rhs zero point 0, got " << perTensor.getZeroPoint();
  } else if (auto axis = perAxis(rhs)) {
    for (int64_t zeroPoint : axis.getZeroPoints())
      if (zeroPoint != 0)
        return op->emitOpError()
               << "requires rhs zero points 0, got " << zeroPoint;
    if (llvm::is_contained(rhsContracting, axis.getQuantizedDimension()))
      return op->emitOpError()
             << "rhs quantization dimension " << axis.getQuantizedDimension()
             << " must not be a contracting dimension";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// dot_general, dot
//===----------------------------------------------------------------------===//

LogicalResult DotGeneralOp::verify() {
  RankedTensorType lhsType = getLhs().getType(), rhsType = getRhs().getType();
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
  // (C1) size(lhs_batching_dimensions) = size(rhs_batching_dimensions).
  if (lhsBatch.size() != rhsBatch.size())
    return emitOpError() << "lhs and rhs must have the same number of "
                            "batching dimensions, got "
                         << lhsBatch.size() << " and " << rhsBatch.size();
  // (C2) size(lhs_contracting_dimensions) = size(rhs_contracting_dimensions).
  if (lhsContract.size() != rhsContract.size())
    return emitOpError() << "lhs and rhs must have the same number of "
                            "contracting dimensions, got "
                         << lhsContract.size() << " and " << rhsContract.size();
  // (C3) is_unique(lhs_batching_dimensions + lhs_contracting_dimensions);
  // (C5), (C6) both in [0, rank(lhs)).
  SmallVector<int64_t> lhsDims(lhsBatch);
  llvm::append_range(lhsDims, lhsContract);
  if (failed(verifyDimensions(*this, lhsDims, lhsType.getRank(),
                              "lhs batching and contracting dimensions")))
    return failure();
  // (C4) is_unique(rhs_batching_dimensions + rhs_contracting_dimensions);
  // (C7), (C8) both in [0, rank(rhs)).
  SmallVector<int64_t> rhsDims(rhsBatch);
  llvm::append_range(rhsDims, rhsContract);
  if (failed(verifyDimensions(*this, rhsDims, rhsType.getRank(),
                              "rhs batching and contracting dimensions")))
    return failure();
  // (C9) dim(lhs, lhs_batching_dimensions...) =
  //      dim(rhs, rhs_batching_dimensions...);
  // (C10) the same for the contracting dimensions.
  for (auto [lhsDim, rhsDim] : llvm::zip(lhsDims, rhsDims))
    if (!compatibleDim(lhsType.getDimSize(lhsDim), rhsType.getDimSize(rhsDim)))
      return emitOpError() << "lhs dimension " << lhsDim << " (size "
                           << lhsType.getDimSize(lhsDim)
                           << ") must match rhs dimension " << rhsDim
                           << " (size " << rhsType.getDimSize(rhsDim) << ")";
  // (C11) size(precision_config) = 2.
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig())))
    return failure();
  // (C12) shape(result) = dim(lhs, lhs_batching_dimensions) +
  //       dim(lhs, lhs_result_dimensions) + dim(rhs, rhs_result_dimensions).
  SmallVector<int64_t> inferred;
  for (int64_t dim : lhsBatch)
    inferred.push_back(lhsType.getDimSize(dim));
  for (int64_t d = 0; d < lhsType.getRank(); ++d)
    if (!llvm::is_contained(lhsDims, d))
      inferred.push_back(lhsType.getDimSize(d));
  for (int64_t d = 0; d < rhsType.getRank(); ++d)
    if (!llvm::is_contained(rhsDims, d))
      inferred.push_back(rhsType.getDimSize(d));
  if (failed(verifyInferredShape(*this, getResult(), "result", inferred)))
    return failure();
  // (C13)-(C20) element types and quantization.
  if (failed(verifyContractionElementTypes(
          *this, lhsType.getElementType(), rhsType.getElementType(),
          getResult().getType().getElementType(), /*resultAgrees=*/false)) ||
      failed(verifyDotRhsQuantization(*this, rhsType.getElementType(),
                                      rhsContract)))
    return failure();
  // (C21)-(C24) apply when an algorithm is given; our attribute always
  // names its precision and accumulation types, so it is never empty.
  DotAlgorithmAttr algorithm = getAlgorithmAttr();
  if (!algorithm)
    return success();
  // (C21) precision_config... = DEFAULT.
  if (std::optional<ArrayAttr> config = getPrecisionConfig())
    for (Attribute entry : *config)
      if (llvm::cast<PrecisionAttr>(entry).getValue() != Precision::DEFAULT)
        return emitOpError()
               << "precision_config must be DEFAULT when an "
                  "algorithm is given, got "
               << stringifyPrecision(
                      llvm::cast<PrecisionAttr>(entry).getValue());
  // (C22) 0 < lhs_component_count; (C23) 0 < rhs_component_count;
  // (C24) 0 < num_primitive_operations.
  std::pair<int64_t, StringRef> counts[] = {
      {algorithm.getLhsComponentCount(), "lhs_component_count"},
      {algorithm.getRhsComponentCount(), "rhs_component_count"},
      {algorithm.getNumPrimitiveOperations(), "num_primitive_operations"}};
  for (auto [count, name] : counts)
    if (count <= 0)
      return emitOpError() << "algorithm " << name << " must be positive, got "
                           << count;
  return success();
}

// dot is a legacy op without a section in the specification: a vector or
// matrix lhs times a vector or matrix rhs, contracting the last dimension of
// lhs with the first of rhs. Element types follow dot_general's rules.
LogicalResult DotOp::verify() {
  RankedTensorType lhsType = getLhs().getType(), rhsType = getRhs().getType();
  int64_t lhsRank = lhsType.getRank(), rhsRank = rhsType.getRank();
  if (lhsRank != 1 && lhsRank != 2)
    return emitOpError() << "lhs must have rank 1 or 2, got " << lhsType;
  if (rhsRank != 1 && rhsRank != 2)
    return emitOpError() << "rhs must have rank 1 or 2, got " << rhsType;
  int64_t lhsSize = lhsType.getDimSize(lhsRank - 1);
  int64_t rhsSize = rhsType.getDimSize(0);
  if (!compatibleDim(lhsSize, rhsSize))
    return emitOpError() << "contracting dimensions must match: lhs has "
                         << lhsSize << " columns, rhs has " << rhsSize
                         << " rows";
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig())))
    return failure();
  SmallVector<int64_t> inferred(lhsType.getShape().drop_back());
  llvm::append_range(inferred, rhsType.getShape().drop_front());
  if (failed(verifyInferredShape(*this, getResult(), "result", inferred)))
    return failure();
  if (failed(verifyContractionElementTypes(
          *this, lhsType.getElementType(), rhsType.getElementType(),
          getResult().getType().getElementType(), /*resultAgrees=*/false)))
    return failure();
  return verifyDotRhsQuantization(*this, rhsType.getElementType(), {0});
}

//===----------------------------------------------------------------------===//
// einsum, unary_einsum
//===----------------------------------------------------------------------===//

namespace {
/// The labels of one operand or of the result in an einsum config; an
/// ellipsis `...` stands for any number of dimensions at `ellipsis`.
struct EinsumTerm {
  SmallVector<char> labels;
  std::optional<size_t> ellipsis;
};
} // namespace

static std::optional<EinsumTerm> parseEinsumTerm(StringRef text) {
  EinsumTerm term;
  while (!text.empty()) {
    if (text.consume_front("...")) {
      if (term.ellipsis)
        return std::nullopt;
      term.ellipsis = term.labels.size();
      continue;
    }
    if (!llvm::isAlpha(text.front()))
      return std::nullopt;
    term.labels.push_back(text.front());
    text = text.drop_front();
  }
  return term;
}

// einsum and unary_einsum are legacy ops without a section in the
// specification. Their config is `lhs,rhs->result` (`operand->result` for
// unary_einsum): one letter per dimension, with at most one `...` per term
// standing for the remaining dimensions. A label names one size throughout,
// and every result label must name an operand dimension.
static LogicalResult verifyEinsumConfig(Operation *op, StringRef config,
                                        ValueRange operands, Value result) {
  StringRef form = operands.size() == 2 ? "lhs,rhs->result" : "operand->result";
  size_t arrow = config.find("->");
  SmallVector<StringRef> inputTerms;
  if (arrow != StringRef::npos)
    config.take_front(arrow).split(inputTerms, ',');
  if (arrow == StringRef::npos ||
      config.find("->", arrow + 2) != StringRef::npos ||
      inputTerms.size() != operands.size())
    return op->emitOpError() << "einsum_config \"" << config
                             << "\" must have the form \"" << form << "\"";
  inputTerms.push_back(config.drop_front(arrow + 2));

  SmallVector<EinsumTerm> terms;
  for (StringRef text : inputTerms) {
    std::optional<EinsumTerm> term = parseEinsumTerm(text);
    if (!term)
      return op->emitOpError() << "einsum_config term \"" << text
                               << "\" must be letters with at most one \"...\"";
    terms.push_back(std::move(*term));
  }

  // The dimensions each term's labels name, given the tensor's rank.
  auto labelledDims = [](const EinsumTerm &term, int64_t rank) {
    SmallVector<int64_t> dims;
    int64_t covered = rank - static_cast<int64_t>(term.labels.size());
    for (size_t i = 0; i < term.labels.size(); ++i)
      dims.push_back(term.ellipsis && i >= *term.ellipsis ? i + covered : i);
    return dims;
  };
  llvm::DenseMap<char, int64_t> labelSizes;
  int64_t ellipsisRank = 0;
  for (auto [index, operand] : llvm::enumerate(operands)) {
    const EinsumTerm &term = terms[index];
    RankedTensorType type = tensorTypeOf(operand);
    int64_t labels = term.labels.size();
    if (term.ellipsis ? labels > type.getRank() : labels != type.getRank())
      return op->emitOpError() << "einsum_config term \"" << inputTerms[index]
                               << "\" has " << labels << " labels but operand "
                               << index << " has rank " << type.getRank();
    if (term.ellipsis)
      ellipsisRank = std::max(ellipsisRank, type.getRank() - labels);
    for (auto [label, dim] :
         llvm::zip(term.labels, labelledDims(term, type.getRank()))) {
      int64_t size = type.getDimSize(dim);
      auto [it, inserted] = labelSizes.try_emplace(label, size);
      if (inserted)
        continue;
      if (!compatibleDim(it->second, size))
        return op->emitOpError()
               << "einsum_config label '" << label << "' has sizes "
               << it->second << " and " << size;
      if (ShapedType::isDynamic(it->second))
        it->second = size;
    }
  }

  const EinsumTerm &resultTerm = terms.back();
  RankedTensorType resultType = tensorTypeOf(result);
  int64_t expectedRank =
      resultTerm.labels.size() + (resultTerm.ellipsis ? ellipsisRank : 0);
  if (resultType.getRank() != expectedRank)
    return op->emitOpError()
           << "result must have rank " << expectedRank
           << " for einsum_config \"" << config << "\", got " << resultType;
  llvm::SmallDenseSet<char> seen;
  for (auto [label, dim] :
       llvm::zip(resultTerm.labels, labelledDims(resultTerm, expectedRank))) {
    if (!seen.insert(label).second)
      return op->emitOpError()
             << "einsum_config result label '" << label << "' repeats";
    auto it = labelSizes.find(label);
    if (it == labelSizes.end())
      return op->emitOpError() << "einsum_config result label '" << label
                               << "' names no operand dimension";
    if (!compatibleDim(it->second, resultType.getDimSize(dim)))
      return op->emitOpError()
             << "result dimension " << dim << " (label '" << label
             << "') has size " << resultType.getDimSize(dim) << ", expected "
             << it->second;
  }
  return success();
}

LogicalResult EinsumOp::verify() {
  if (!sameBaselineElementType(getLhs().getType().getElementType(),
                               getRhs().getType().getElementType()))
    return emitOpError() << "requires lhs and rhs element types to match, got "
                         << getLhs().getType() << " and " << getRhs().getType();
  return verifyEinsumConfig(*this, getEinsumConfig(),
                            ValueRange{getLhs(), getRhs()}, getResult());
}

LogicalResult UnaryEinsumOp::verify() {
  if (!sameBaselineElementType(getOperand().getType().getElementType(),
                               getResult().getType().getElementType()))
    return emitOpError()
           << "requires operand and result element types to match, got "
           << getOperand().getType() << " and " << getResult().getType();
  return verifyEinsumConfig(*this, getEinsumConfig(), getOperand(),
                            getResult());
}

//===----------------------------------------------------------------------===//
// convolution, dynamic_conv
//===----------------------------------------------------------------------===//

namespace {
/// What convolution and dynamic_conv share, with window attributes that are
/// absent left empty (they default to 1s, zero padding and no reversal).
struct ConvolutionParts {
  Value lhs, rhs, result;
  std::optional<ArrayRef<int64_t>> windowStrides, lhsDilation, rhsDilation;
  std::optional<ArrayRef<bool>> windowReversal;
  /// The type of the padding attribute or operand; null when absent.
  RankedTensorType paddingType;
  /// Flattened [low, high] pairs; nullopt when only known at run time.
  std::optional<SmallVector<int64_t>> padding;
  ConvDimensionNumbersAttr dims;
  int64_t featureGroupCount, batchGroupCount;
  std::optional<ArrayAttr> precisionConfig;
};
} // namespace

/// (C2)-(C3), (C5)-(C8): a window attribute has N - 2 positive entries.
static LogicalResult verifyWindowSizes(Operation *op,
                                       std::optional<ArrayRef<int64_t>> values,
                                       StringRef what, int64_t spatialRank) {
  if (!values)
    return success();
  if (static_cast<int64_t>(values->size()) != spatialRank)
    return op->emitOpError()
           << what << " must have " << spatialRank
           << " entries (one per spatial dimension), got " << values->size();
  for (int64_t value : *values)
    if (value <= 0)
      return op->emitOpError()
             << what << " must be positive, got " << formatSizes(*values);
  return success();
}

/// (C12)-(C13), (C17)-(C18), (C19)-(C20): a layout names N - 2 spatial
/// dimensions and, with the others, each of [0, N) at most once.
static LogicalResult verifyLayout(Operation *op, ArrayRef<int64_t> spatial,
                                  ArrayRef<int64_t> others, StringRef what,
                                  int64_t rank) {
  if (static_cast<int64_t>(spatial.size()) != rank - 2)
    return op->emitOpError() << what << " spatial dimensions must have "
                             << rank - 2 << " entries, got " << spatial.size();
  SmallVector<int64_t> all(spatial);
  llvm::append_range(all, others);
  return verifyDimensions(op, all, rank, (what + " dimensions").str());
}

/// (C25)'s num_windows for one spatial dimension; nullopt when the sizes
/// overflow int64_t (then the dimension is left unchecked).
static std::optional<int64_t> numWindows(int64_t inputSize, int64_t windowSize,
                                         int64_t padLow, int64_t padHigh,
                                         int64_t stride, int64_t lhsDilation,
                                         int64_t rhsDilation) {
  std::optional<int64_t> dilatedInput =
      inputSize == 0
          ? 0
          : llvm::checkedMulAdd(inputSize - 1, lhsDilation, int64_t{1});
  std::optional<int64_t> dilatedWindow =
      windowSize == 0
          ? 0
          : llvm::checkedMulAdd(windowSize - 1, rhsDilation, int64_t{1});
  if (!dilatedInput || !dilatedWindow)
    return std::nullopt;
  std::optional<int64_t> paddedInput = llvm::checkedAdd(padLow, *dilatedInput);
  if (paddedInput)
    paddedInput = llvm::checkedAdd(*paddedInput, padHigh);
  if (!paddedInput)
    return std::nullopt;
  if (*paddedInput == 0 || *dilatedWindow > *paddedInput)
    return 0; // is_empty_window
  return (*paddedInput - *dilatedWindow) / stride + 1;
}

static LogicalResult verifyConvolution(Operation *op,
                                       const ConvolutionParts &conv) {
  RankedTensorType lhsType = tensorTypeOf(conv.lhs);
  RankedTensorType rhsType = tensorTypeOf(conv.rhs);
  RankedTensorType resultType = tensorTypeOf(conv.result);
  ConvDimensionNumbersAttr dims = conv.dims;
  // (C1) N = rank(lhs) = rank(rhs).
  int64_t rank = lhsType.getRank();
  if (rhsType.getRank() != rank)
    return op->emitOpError() << "lhs and rhs must have the same rank, got "
                             << lhsType << " and " << rhsType;
  // (C13) and its kin name a batch and a feature dimension besides the
  // spatial ones.
  if (rank < 2)
    return op->emitOpError()
           << "operands must have rank at least 2 (batch and feature), got "
           << rank;
  int64_t spatialRank = rank - 2;
  // (C2) size(window_strides) = N - 2; (C3) 0 < window_strides.
  if (failed(verifyWindowSizes(op, conv.windowStrides, "window_strides",
                               spatialRank)))
    return failure();
  // (C4) shape(padding) = [N - 2, 2].
  if (conv.paddingType &&
      !compatibleShapes(conv.paddingType.getShape(), {spatialRank, 2}))
    return op->emitOpError() << "padding must have shape [" << spatialRank
                             << ", 2], got " << conv.paddingType;
  // (C5) size(lhs_dilation) = N - 2; (C6) 0 < lhs_dilation;
  // (C7) size(rhs_dilation) = N - 2; (C8) 0 < rhs_dilation.
  if (failed(verifyWindowSizes(op, conv.lhsDilation, "lhs_dilation",
                               spatialRank)) ||
      failed(
          verifyWindowSizes(op, conv.rhsDilation, "rhs_dilation", spatialRank)))
    return failure();
  // (C9) size(window_reversal) = N - 2.
  if (conv.windowReversal &&
      static_cast<int64_t>(conv.windowReversal->size()) != spatialRank)
    return op->emitOpError() << "window_reversal must have " << spatialRank
                             << " entries (one per spatial dimension), got "
                             << conv.windowReversal->size();
  // (C12), (C13) input layout; (C17), (C18) kernel layout; (C19), (C20)
  // output layout.
  int64_t inputBatch = dims.getInputBatchDimension();
  int64_t inputFeature = dims.getInputFeatureDimension();
  int64_t kernelInput = dims.getKernelInputFeatureDimension();
  int64_t kernelOutput = dims.getKernelOutputFeatureDimension();
  int64_t outputBatch = dims.getOutputBatchDimension();
  int64_t outputFeature = dims.getOutputFeatureDimension();
  if (failed(verifyLayout(op, dims.getInputSpatialDimensions(),
                          {inputBatch, inputFeature}, "input", rank)) ||
      failed(verifyLayout(op, dims.getKernelSpatialDimensions(),
                          {kernelInput, kernelOutput}, "kernel", rank)) ||
      failed(verifyLayout(op, dims.getOutputSpatialDimensions(),
                          {outputBatch, outputFeature}, "output", rank)))
    return failure();
  // (C21) 0 < feature_group_count and (C22) 0 < batch_group_count hold by
  // the attributes' ODS constraints.
  int64_t featureGroups = conv.featureGroupCount;
  int64_t batchGroups = conv.batchGroupCount;
  // (C23) feature_group_count = 1 or batch_group_count = 1.
  if (featureGroups != 1 && batchGroups != 1)
    return op->emitOpError() << "feature_group_count (" << featureGroups
                             << ") and batch_group_count (" << batchGroups
                             << ") cannot both exceed 1";
  int64_t batchSize = lhsType.getDimSize(inputBatch);
  int64_t featureSize = lhsType.getDimSize(inputFeature);
  int64_t kernelInputSize = rhsType.getDimSize(kernelInput);
  int64_t kernelOutputSize = rhsType.getDimSize(kernelOutput);
  // (C10) dim(lhs, input_batch_dimension) % batch_group_count = 0.
  if (!ShapedType::isDynamic(batchSize) && batchSize % batchGroups != 0)
    return op->emitOpError()
           << "input batch dimension size " << batchSize
           << " must be a multiple of batch_group_count " << batchGroups;
  // (C11) dim(lhs, input_feature_dimension) % feature_group_count = 0.
  if (!ShapedType::isDynamic(featureSize) && featureSize % featureGroups != 0)
    return op->emitOpError()
           << "input feature dimension size " << featureSize
           << " must be a multiple of feature_group_count " << featureGroups;
  // (C14) dim(rhs, kernel_input_feature_dimension) =
  //       dim(lhs, input_feature_dimension) / feature_group_count.
  if (!ShapedType::isDynamic(featureSize) &&
      !compatibleDim(kernelInputSize, featureSize / featureGroups))
    return op->emitOpError()
           << "kernel input feature dimension size " << kernelInputSize
           << " must be the input feature size " << featureSize
           << " divided by feature_group_count " << featureGroups;
  // (C15) dim(rhs, kernel_output_feature_dimension) % batch_group_count = 0;
  // (C16) dim(rhs, kernel_output_feature_dimension) % feature_group_count
  //       = 0.
  if (!ShapedType::isDynamic(kernelOutputSize) &&
      (kernelOutputSize % batchGroups != 0 ||
       kernelOutputSize % featureGroups != 0))
    return op->emitOpError()
           << "kernel output feature dimension size " << kernelOutputSize
           << " must be a multiple of batch_group_count " << batchGroups
           << " and of feature_group_count " << featureGroups;
  // (C24) size(precision_config) = 2.
  if (failed(verifyPrecisionConfig(op, conv.precisionConfig)))
    return failure();
  // (C26) rank(result) = N; (C25) the result shape.
  SmallVector<int64_t> inferred(rank, ShapedType::kDynamic);
  inferred[outputBatch] = ShapedType::isDynamic(batchSize)
                              ? ShapedType::kDynamic
                              : batchSize / batchGroups;
  inferred[outputFeature] = kernelOutputSize;
  for (int64_t i = 0; i < spatialRank; ++i) {
    int64_t inputSize = lhsType.getDimSize(dims.getInputSpatialDimensions()[i]);
    int64_t windowSize =
        rhsType.getDimSize(dims.getKernelSpatialDimensions()[i]);
    if (ShapedType::isDynamic(inputSize) || ShapedType::isDynamic(windowSize) ||
        !conv.padding)
      continue;
    int64_t stride = conv.windowStrides ? (*conv.windowStrides)[i] : 1;
    int64_t lhsDilation = conv.lhsDilation ? (*conv.lhsDilation)[i] : 1;
    int64_t rhsDilation = conv.rhsDilation ? (*conv.rhsDilation)[i] : 1;
    if (std::optional<int64_t> windows = numWindows(
            inputSize, windowSize, (*conv.padding)[2 * i],
            (*conv.padding)[2 * i + 1], stride, lhsDilation, rhsDilation))
      inferred[dims.getOutputSpatialDimensions()[i]] = *windows;
  }
  if (failed(verifyInferredShape(op, conv.result, "result", inferred)))
    return failure();
  // (C27)-(C28), (C31)-(C34) element types and quantization.
  Type rhsElement = rhsType.getElementType();
  Type resultElement = resultType.getElementType();
  if (failed(verifyContractionElementTypes(op, lhsType.getElementType(),
                                           rhsElement, resultElement,
                                           /*resultAgrees=*/true)))
    return failure();
  // (C29) if is_per_axis_quantized(rhs), then quantization_dimension(rhs) =
  //       kernel_output_feature_dimension.
  if (auto axis = perAxis(rhsElement);
      axis && axis.getQuantizedDimension() != kernelOutput)
    return op->emitOpError()
           << "rhs quantization dimension " << axis.getQuantizedDimension()
           << " must be the kernel output feature dimension " << kernelOutput;
  // (C30) if is_per_axis_quantized(result), then
  //       quantization_dimension(result) = output_feature_dimension.
  if (auto axis = perAxis(resultElement);
      axis && axis.getQuantizedDimension() != outputFeature)
    return op->emitOpError()
           << "result quantization dimension " << axis.getQuantizedDimension()
           << " must be the output feature dimension " << outputFeature;
  return success();
}

LogicalResult ConvolutionOp::verify() {
  ConvolutionParts conv{getLhs(),
                        getRhs(),
                        getResult(),
                        getWindowStrides(),
                        getLhsDilation(),
                        getRhsDilation(),
                        getWindowReversal(),
                        /*paddingType=*/nullptr,
                        /*padding=*/std::nullopt,
                        getDimensionNumbers(),
                        getFeatureGroupCountAttr().getInt(),
                        getBatchGroupCountAttr().getInt(),
                        getPrecisionConfig()};
  int64_t spatialRank = std::max<int64_t>(getLhs().getType().getRank() - 2, 0);
  if (DenseIntElementsAttr padding = getPaddingAttr()) {
    conv.paddingType = llvm::cast<RankedTensorType>(padding.getType());
    conv.padding = llvm::to_vector(padding.getValues<int64_t>());
  } else {
    conv.padding = SmallVector<int64_t>(2 * spatialRank, 0);
  }
  return verifyConvolution(*this, conv);
}

LogicalResult DynamicConvOp::verify() {
  ConvolutionParts conv{getLhs(),
                        getRhs(),
                        getResult(),
                        getWindowStrides(),
                        getLhsDilation(),
                        getRhsDilation(),
                        getWindowReversal(),
                        getPadding().getType(),
                        constantValues(getPadding()),
                        getDimensionNumbers(),
                        getFeatureGroupCountAttr().getInt(),
                        getBatchGroupCountAttr().getInt(),
                        getPrecisionConfig()};
  // Exported programs (JAX's shape-polymorphic 1-D convolutions) carry
  // window_strides with more entries than spatial dimensions, which breaks
  // (C2). Such programs must still load, so the extra trailing entries are
  // ignored here; they have no spatial dimension to apply to. See
  // docs/dialects.md.
  int64_t spatialRank = std::max<int64_t>(getLhs().getType().getRank() - 2, 0);
  if (conv.windowStrides &&
      static_cast<int64_t>(conv.windowStrides->size()) > spatialRank)
    conv.windowStrides = conv.windowStrides->take_front(spatialRank);
  // (C4) with a non-constant padding fixes only the type; a constant one
  // must also have the right number of values to be used for (C25).
  if (conv.padding &&
      conv.padding->size() != 2 * static_cast<size_t>(spatialRank))
    conv.padding = std::nullopt;
  return verifyConvolution(*this, conv);
}

//===----------------------------------------------------------------------===//
// cholesky, triangular_solve
//===----------------------------------------------------------------------===//

LogicalResult CholeskyOp::verify() {
  RankedTensorType type = getA().getType();
  // (C1) baseline_type(a) = baseline_type(result).
  if (failed(verifySameBaselineType(*this, getA(), "a", getResult(), "result")))
    return failure();
  // (C2) 2 <= rank(a).
  if (type.getRank() < 2)
    return emitOpError() << "a must have rank at least 2, got " << type;
  // (C3) dim(a, -2) = dim(a, -1).
  if (!compatibleDim(type.getDimSize(type.getRank() - 2),
                     type.getDimSize(type.getRank() - 1)))
    return emitOpError() << "a must be a batch of square matrices, got "
                         << type;
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  RankedTensorType aType = getA().getType(), bType = getB().getType();
  // (I6) transpose_a is one of NO_TRANSPOSE, TRANSPOSE and ADJOINT.
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOpError() << "transpose_a must be NO_TRANSPOSE, TRANSPOSE or "
                            "ADJOINT, got TRANSPOSE_INVALID";
  // (C1) baseline_element_type(a) = baseline_element_type(b).
  if (!sameBaselineElementType(aType.getElementType(), bType.getElementType()))
    return emitOpError() << "requires a and b element types to match, got "
                         << aType.getElementType() << " and "
                         << bType.getElementType();
  // (C2) 2 <= rank(a) = rank(b) = R.
  int64_t rank = aType.getRank();
  if (rank < 2 || bType.getRank() != rank)
    return emitOpError() << "a and b must have the same rank, at least 2, got "
                         << aType << " and " << bType;
  // (C3) the batch dimensions agree (the specification writes
  // shape(a)[:-3], but the batch dimensions are all but the last two, as its
  // semantics say), and dim(a, -2) = dim(a, -1) =
  // dim(b, left_side ? -2 : -1).
  if (!compatibleShapes(aType.getShape().drop_back(2),
                        bType.getShape().drop_back(2)))
    return emitOpError() << "a and b must have the same batch dimensions, got "
                         << aType << " and " << bType;
  int64_t rows = aType.getDimSize(rank - 2),
          columns = aType.getDimSize(rank - 1);
  if (!compatibleDim(rows, columns))
    return emitOpError() << "a must be a batch of square matrices, got "
                         << aType;
  int64_t bDim = getLeftSide() ? rank - 2 : rank - 1;
  if (!compatibleDim(rows, bType.getDimSize(bDim)) ||
      !compatibleDim(columns, bType.getDimSize(bDim)))
    return emitOpError() << "b dimension " << bDim << " (size "
                         << formatSize(bType.getDimSize(bDim))
                         << ") must match the size of a's matrices ("
                         << formatSize(rows) << ") when left_side is "
                         << (getLeftSide() ? "true" : "false");
  // (C4) baseline_type(b) = baseline_type(result).
  return verifySameBaselineType(*this, getB(), "b", getResult(), "result");
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

LogicalResult FftOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType resultType = getResult().getType();
  ArrayRef<int64_t> length = getFftLength();
  int64_t count = length.size();
  FftType kind = getFftType();
  // (C3) 1 <= size(fft_length) <= 3.
  if (count < 1 || count > 3)
    return emitOpError() << "fft_length must have 1 to 3 entries, got "
                         << count;
  // (C1) size(fft_length) <= rank(operand).
  if (count > operandType.getRank())
    return emitOpError() << "fft_length has " << count
                         << " entries but the operand has rank "
                         << operandType.getRank();
  // (C2) element types: FFT and IFFT keep one complex type; RFFT maps E to
  // complex<E>, IRFFT complex<E> to E.
  Type operandElement = operandType.getElementType();
  Type resultElement = resultType.getElementType();
  auto complexOf = [](Type type) -> Type {
    return llvm::isa<FloatType>(type) ? ComplexType::get(type) : Type();
  };
  bool realInput = kind == FftType::RFFT, realOutput = kind == FftType::IRFFT;
  bool typesOk;
  if (realInput)
    typesOk = llvm::isa<FloatType>(operandElement) &&
              resultElement == complexOf(operandElement);
  else if (realOutput)
    typesOk = llvm::isa<FloatType>(resultElement) &&
              operandElement == complexOf(resultElement);
  else
    typesOk = llvm::isa<ComplexType>(operandElement) &&
              operandElement == resultElement;
  if (!typesOk)
    return emitOpError() << "element types " << operandElement << " -> "
                         << resultElement << " do not fit fft_type "
                         << stringifyFftType(kind);
  // (C4) shape(real)[-size(fft_length):] = fft_length for the real tensor
  // among operand and result.
  if (realInput || realOutput) {
    RankedTensorType realType = realInput ? operandType : resultType;
    if (realType.getRank() < count ||
        !compatibleShapes(realType.getShape().take_back(count), length))
      return emitOpError() << "the trailing dimensions of the real "
                           << (realInput ? "operand" : "result") << " "
                           << realType << " must be fft_length "
                           << formatSizes(length);
  }
  // (C5) shape(result) = shape(operand), except the last dimension for RFFT
  // and IRFFT: the complex side has n / 2 + 1 entries where the real side
  // (of size fft_length[-1], by (C4)) has n.
  auto halfSpectrum = [](int64_t n) {
    return ShapedType::isDynamic(n) ? n : n == 0 ? 0 : n / 2 + 1;
  };
  SmallVector<int64_t> inferred(operandType.getShape());
  if (realInput)
    inferred.back() = halfSpectrum(inferred.back());
  if (realOutput) {
    if (!compatibleDim(inferred.back(), halfSpectrum(length.back())))
      return emitOpError() << "operand last dimension " << inferred.back()
                           << " must be " << halfSpectrum(length.back())
                           << " for an IRFFT of length " << length.back();
    inferred.back() = length.back();
  }
  return verifyInferredShape(*this, getResult(), "result", inferred);
}

//===----------------------------------------------------------------------===//
// batch_norm_training, batch_norm_inference, batch_norm_grad
//===----------------------------------------------------------------------===//

/// (C1) of all three: 0 <= feature_index < rank(operand); the lower bound
/// also holds by the attribute's ODS constraint. Returns the size of the
/// feature dimension.
static FailureOr<int64_t> verifyFeatureIndex(Operation *op, Value operand,
                                             IntegerAttr featureIndex) {
  RankedTensorType type = tensorTypeOf(operand);
  int64_t index = featureIndex.getInt();
  if (index < 0 || index >= type.getRank())
    return op->emitOpError()
           << "feature_index " << index << " is out of range [0, "
           << type.getRank() << ")";
  return type.getDimSize(index);
}

/// The baseline element types of `values` all equal the operand's.
static LogicalResult
verifyBatchNormElementTypes(Operation *op, Value operand,
                            ArrayRef<std::pair<Value, StringRef>> values) {
  for (auto [value, name] : values)
    if (!sameBaselineElementType(elementTypeOf(value), elementTypeOf(operand)))
      return op->emitOpError()
             << name << " element type " << elementTypeOf(value)
             << " must match the operand element type "
             << elementTypeOf(operand);
  return success();
}

/// Each of the 1-D `vectors` has one entry per feature: size(v) =
/// dim(operand, feature_index), and they agree with each other.
static LogicalResult
verifyFeatureVectors(Operation *op, int64_t featureSize,
                     ArrayRef<std::pair<Value, StringRef>> vectors) {
  int64_t known = featureSize;
  for (auto [value, name] : vectors) {
    int64_t size = tensorTypeOf(value).getDimSize(0);
    if (!compatibleDim(known, size))
      return op->emitOpError()
             << name << " has " << size << " entries but there are " << known
             << " features";
    if (ShapedType::isDynamic(known))
      known = size;
  }
  return success();
}

LogicalResult BatchNormTrainingOp::verify() {
  // (C1) 0 <= feature_index < rank(operand).
  FailureOr<int64_t> features =
      verifyFeatureIndex(*this, getOperand(), getFeatureIndexAttr());
  if (failed(features))
    return failure();
  // (C2) operand, scale, offset, batch_mean, batch_var and output have the
  // same baseline_element_type.
  if (failed(verifyBatchNormElementTypes(*this, getOperand(),
                                         {{getScale(), "scale"},
                                          {getOffset(), "offset"},
                                          {getBatchMean(), "batch_mean"},
                                          {getBatchVar(), "batch_var"},
                                          {getOutput(), "output"}})))
    return failure();
  // (C3)-(C6) size(scale) = size(offset) = size(batch_mean) =
  // size(batch_var) = dim(operand, feature_index).
  if (failed(verifyFeatureVectors(*this, *features,
                                  {{getScale(), "scale"},
                                   {getOffset(), "offset"},
                                   {getBatchMean(), "batch_mean"},
                                   {getBatchVar(), "batch_var"}})))
    return failure();
  // (C7) baseline_type(output) = baseline_type(operand).
  return verifySameBaselineType(*this, getOperand(), "operand", getOutput(),
                                "output");
}

LogicalResult BatchNormInferenceOp::verify() {
  // (C1) 0 <= feature_index < rank(operand).
  FailureOr<int64_t> features =
      verifyFeatureIndex(*this, getOperand(), getFeatureIndexAttr());
  if (failed(features))
    return failure();
  // (C2) operand, scale, offset, mean, variance and result have the same
  // baseline_element_type.
  if (failed(verifyBatchNormElementTypes(*this, getOperand(),
                                         {{getScale(), "scale"},
                                          {getOffset(), "offset"},
                                          {getMean(), "mean"},
                                          {getVariance(), "variance"},
                                          {getResult(), "result"}})))
    return failure();
  // (C3)-(C6) size(scale) = size(offset) = size(mean) = size(variance) =
  // dim(operand, feature_index).
  if (failed(verifyFeatureVectors(*this, *features,
                                  {{getScale(), "scale"},
                                   {getOffset(), "offset"},
                                   {getMean(), "mean"},
                                   {getVariance(), "variance"}})))
    return failure();
  // (C7) baseline_type(operand) = baseline_type(result).
  return verifySameBaselineType(*this, getOperand(), "operand", getResult(),
                                "result");
}

LogicalResult BatchNormGradOp::verify() {
  // (C1) 0 <= feature_index < rank(operand).
  FailureOr<int64_t> features =
      verifyFeatureIndex(*this, getOperand(), getFeatureIndexAttr());
  if (failed(features))
    return failure();
  // (C2) operand, scale, mean, variance, grad_output, grad_operand,
  // grad_scale and grad_offset have the same baseline_element_type.
  if (failed(verifyBatchNormElementTypes(*this, getOperand(),
                                         {{getScale(), "scale"},
                                          {getMean(), "mean"},
                                          {getVariance(), "variance"},
                                          {getGradOutput(), "grad_output"},
                                          {getGradOperand(), "grad_operand"},
                                          {getGradScale(), "grad_scale"},
                                          {getGradOffset(), "grad_offset"}})))
    return failure();
  // (C3) operand, grad_output and grad_operand have the same shape.
  for (auto [value, name] :
       {std::pair<Value, StringRef>(getGradOutput(), "grad_output"),
        {getGradOperand(), "grad_operand"}})
    if (!compatibleShapes(tensorTypeOf(value).getShape(),
                          getOperand().getType().getShape()))
      return emitOpError() << name << " shape "
                           << formatSizes(tensorTypeOf(value).getShape())
                           << " must match the operand shape "
                           << formatSizes(getOperand().getType().getShape());
  // (C4) scale, mean, variance, grad_scale and grad_offset have the same
  // shape; (C5) size(scale) = dim(operand, feature_index).
  return verifyFeatureVectors(*this, *features,
                              {{getScale(), "scale"},
                               {getMean(), "mean"},
                               {getVariance(), "variance"},
                               {getGradScale(), "grad_scale"},
                               {getGradOffset(), "grad_offset"}});
}

} // namespace axle::stablehlo

//===- InferLinalg.cpp - result types of linear algebra ops ---------------===//
//
// cholesky, triangular_solve, fft, the batch_norm ops and
// uniform_dequantize. Constraint numbers refer to the op's section of the
// specification; the verifiers (VerifyLinalg.cpp, VerifyShape.cpp) run
// first on parsed ops and give the detailed diagnostics.
//
// dot_general, dot and convolution are left out on purpose: their result
// element type is the accumulation type the producer chose, which no
// operand or attribute determines.
//
// Where the specification says "baseline_type(x) = baseline_type(result)"
// the inferred type is x's: a quantized result may have other quantization
// parameters, which isCompatibleInferredTypes accepts.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeInference.h"

using namespace mlir;

namespace axle::stablehlo {

//===----------------------------------------------------------------------===//
// cholesky, triangular_solve
//===----------------------------------------------------------------------===//

LogicalResult CholeskyOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  // (C1) baseline_type(a) = baseline_type(result).
  auto a = inferenceTensorOperand(loc, getOperationName(), adaptor.getA(), "a");
  if (failed(a))
    return failure();
  types.push_back(*a);
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(CholeskyOp)

LogicalResult
TriangularSolveOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  // (C4) baseline_type(b) = baseline_type(result).
  auto b = inferenceTensorOperand(loc, getOperationName(), adaptor.getB(), "b");
  if (failed(b))
    return failure();
  types.push_back(*b);
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(TriangularSolveOp)

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

/// The number of complex outputs of a real transform of length n.
static int64_t halfSpectrum(int64_t n) { return n == 0 ? 0 : n / 2 + 1; }

LogicalResult FftOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  if (!adaptor.getProperties().fft_type || !adaptor.getProperties().fft_length)
    return cannotInfer(loc, name, "fft_type or fft_length is missing");
  ArrayRef<int64_t> length = adaptor.getFftLength();
  // (C1) size(fft_length) <= rank(operand), (C3) 1 <= size(fft_length) <= 3.
  if (length.empty() || length.size() > 3 ||
      static_cast<int64_t>(length.size()) > operand->getRank())
    return cannotInfer(loc, name, "fft_length has ", length.size(),
                       " entries for an operand of rank ", operand->getRank());
  Type element = operand->getElementType();
  SmallVector<int64_t> shape(operand->getShape());
  switch (adaptor.getFftType()) {
  case FftType::FFT:
  case FftType::IFFT:
    // (C2) one complex type, (C5) one shape.
    break;
  case FftType::RFFT: {
    // (C2) E -> complex<E>; (C5) the last dimension becomes n / 2 + 1 where
    // (C4) n = fft_length[-1] is the operand's last dimension.
    auto real = llvm::dyn_cast<FloatType>(element);
    if (!real)
      return cannotInfer(loc, name, "RFFT needs a floating-point operand, got ",
                         element);
    element = ComplexType::get(real);
    shape.back() = halfSpectrum(length.back());
    break;
  }
  case FftType::IRFFT: {
    // (C2) complex<E> -> E; (C4) the result's trailing dimensions are
    // fft_length, (C5) the others the operand's.
    auto complex = llvm::dyn_cast<ComplexType>(element);
    if (!complex)
      return cannotInfer(loc, name, "IRFFT needs a complex operand, got ",
                         element);
    element = complex.getElementType();
    shape.back() = length.back();
    break;
  }
  }
  types.push_back(RankedTensorType::get(shape, element));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(FftOp)

//===----------------------------------------------------------------------===//
// batch_norm_training, batch_norm_inference, batch_norm_grad
//===----------------------------------------------------------------------===//

/// The type of the per-feature vectors (batch_mean, grad_scale, ...): 1-D
/// with one entry per feature ((C3)-(C6) of batch_norm_training, (C4)-(C5)
/// of batch_norm_grad) and scale's element type ((C2): the same baseline
/// element type). The operand's feature dimension gives the size, scale's
/// where the operand leaves it dynamic.
static FailureOr<RankedTensorType>
featureVectorType(std::optional<Location> loc, StringRef opName,
                  RankedTensorType operand, Value scaleValue,
                  IntegerAttr featureIndex) {
  auto scale = inferenceTensorOperand(loc, opName, scaleValue, "scale");
  if (failed(scale))
    return failure();
  if (!featureIndex)
    return cannotInfer(loc, opName, "feature_index is missing");
  // (C1) 0 <= feature_index < rank(operand).
  int64_t index = featureIndex.getInt();
  if (index < 0 || index >= operand.getRank())
    return cannotInfer(loc, opName, "feature_index ", index,
                       " is out of range [0, ", operand.getRank(), ")");
  if (scale->getRank() != 1)
    return cannotInfer(loc, opName, "scale must be 1-dimensional, got ",
                       *scale);
  int64_t features = operand.getDimSize(index);
  if (ShapedType::isDynamic(features))
    features = scale->getDimSize(0);
  return RankedTensorType::get({features}, scale->getElementType());
}

LogicalResult BatchNormTrainingOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  auto vector = featureVectorType(loc, name, *operand, adaptor.getScale(),
                                  adaptor.getProperties().feature_index);
  if (failed(vector))
    return failure();
  // (C7) baseline_type(output) = baseline_type(operand); batch_mean and
  // batch_var are per-feature vectors.
  types.append({*operand, *vector, *vector});
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(BatchNormTrainingOp)

LogicalResult BatchNormInferenceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  // (C7) baseline_type(operand) = baseline_type(result).
  auto operand = inferenceTensorOperand(loc, getOperationName(),
                                        adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  types.push_back(*operand);
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(BatchNormInferenceOp)

LogicalResult BatchNormGradOp::inferReturnTypes(MLIRContext *,
                                                std::optional<Location> loc,
                                                Adaptor adaptor,
                                                SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  auto vector = featureVectorType(loc, name, *operand, adaptor.getScale(),
                                  adaptor.getProperties().feature_index);
  if (failed(vector))
    return failure();
  // (C3) grad_operand has the operand's shape and (C2) its baseline element
  // type; (C4) grad_scale and grad_offset are per-feature vectors.
  types.append({*operand, *vector, *vector});
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(BatchNormGradOp)

//===----------------------------------------------------------------------===//
// uniform_dequantize
//===----------------------------------------------------------------------===//

// Kept here with fft, the other op whose result element type follows from
// the operand's element type by a fixed rule.
LogicalResult UniformDequantizeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  StringRef name = getOperationName();
  auto operand =
      inferenceTensorOperand(loc, name, adaptor.getOperand(), "operand");
  if (failed(operand))
    return failure();
  auto quantized =
      llvm::dyn_cast<quant::QuantizedType>(operand->getElementType());
  if (!quantized)
    return cannotInfer(loc, name, "operand element type ",
                       operand->getElementType(), " is not quantized");
  // (C1) shape(operand) = shape(result); (C2) element_type(result) =
  // expressed_type(operand).
  types.push_back(
      RankedTensorType::get(operand->getShape(), quantized.getExpressedType()));
  return success();
}
AXLE_STABLEHLO_COMPATIBLE_RETURN_TYPES(UniformDequantizeOp)

} // namespace axle::stablehlo

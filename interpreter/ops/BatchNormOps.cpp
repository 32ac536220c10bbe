//===- BatchNormOps.cpp - evaluators of the batch_norm ops ----------------===//
//
// batch_norm_inference, batch_norm_training and batch_norm_grad follow the
// specification's decompositions formula by formula, computed in long
// double and rounded once per result element. The values the
// specification holds in the element type between ops and that are results
// too (training's batch mean and variance) are rounded to it before the
// output is computed from them, so the three results agree; epsilon is
// rounded to the element type as `constant(epsilon, element_type(operand))`
// does. Quantized tensors are dequantized first and the results quantized.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include <cmath>

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

using Real = long double;

std::vector<Real> load(const RuntimeValue &value) {
  Tensor tensor = dequantize(value.getTensor());
  std::vector<Real> values(tensor.size());
  for (int64_t i = 0; i < tensor.size(); ++i)
    values[i] = tensor[i].toDouble();
  return values;
}

/// The element type computations round to: the expressed type of a
/// quantized type.
Type computeElementOf(Type element) {
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(element))
    return quantized.getExpressedType();
  return element;
}

/// `value` rounded to `element` (a float type).
Real roundTo(Type element, Real value) {
  return Element::fromDouble(element, static_cast<double>(value)).toDouble();
}

/// A result of `type` holding `values`, quantized if `type` is.
Tensor store(const std::vector<Real> &values, RankedTensorType type) {
  Type element = computeElementOf(type.getElementType());
  auto computeType = RankedTensorType::get(type.getShape(), element);
  Tensor result(computeType);
  for (size_t i = 0; i < values.size(); ++i)
    result.set(static_cast<int64_t>(i),
               Element::fromDouble(element, static_cast<double>(values[i])));
  if (computeType != type)
    return quantize(result, type);
  return result;
}

/// How the elements of the operand map to features.
struct FeatureLayout {
  int64_t stride;     // distance between neighbouring features
  int64_t features;   // dim(operand, feature_index)
  int64_t perFeature; // elements per feature
  int64_t featureOf(int64_t linear) const { return linear / stride % features; }
};

FailureOr<FeatureLayout> layoutOf(Operation *op, const Tensor &operand,
                                  int64_t featureIndex) {
  if (featureIndex < 0 || featureIndex >= operand.getRank())
    return op->emitError() << "feature_index " << featureIndex
                           << " is out of range for " << operand.getType();
  FeatureLayout layout;
  layout.features = operand.getShape()[featureIndex];
  layout.stride = 1;
  for (int64_t d = featureIndex + 1; d < operand.getRank(); ++d)
    layout.stride *= operand.getShape()[d];
  layout.perFeature = layout.features ? operand.size() / layout.features : 0;
  return layout;
}

/// Per-feature sums of `fn(i)` over all operand elements i.
template <typename Fn>
std::vector<Real> sumPerFeature(const FeatureLayout &layout, int64_t size,
                                Fn &&fn) {
  std::vector<Real> sums(layout.features, 0);
  for (int64_t i = 0; i < size; ++i)
    sums[layout.featureOf(i)] += fn(i);
  return sums;
}

/// batch_norm_inference's formula for every operand element.
std::vector<Real> normalize(const FeatureLayout &layout,
                            const std::vector<Real> &x,
                            const std::vector<Real> &scale,
                            const std::vector<Real> &offset,
                            const std::vector<Real> &mean,
                            const std::vector<Real> &variance, Real epsilon) {
  std::vector<Real> result(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t c = layout.featureOf(static_cast<int64_t>(i));
    Real stddev = std::sqrt(variance[c] + epsilon);
    result[i] = scale[c] * ((x[i] - mean[c]) / stddev) + offset[c];
  }
  return result;
}

/// epsilon as `constant(epsilon, element_type(operand))` holds it.
Real epsilonIn(Type element, const llvm::APFloat &epsilon) {
  return roundTo(element, Element(epsilon).toDouble());
}

/// Checks that the 1-d operands from `first` on hold one value per feature.
LogicalResult checkPerFeature(Operation *op, ArrayRef<RuntimeValue> operands,
                              unsigned first, unsigned last,
                              const FeatureLayout &layout) {
  for (unsigned i = first; i <= last; ++i) {
    const Tensor &tensor = operands[i].getTensor();
    if (tensor.getRank() != 1 || tensor.size() != layout.features)
      return op->emitError() << "operand " << i << " " << tensor.getType()
                             << " must hold one value for each of the "
                             << layout.features << " features";
  }
  return success();
}

FailureOr<Values> evalBatchNormInference(Operation *op,
                                         ArrayRef<RuntimeValue> operands,
                                         Interpreter &) {
  auto norm = llvm::cast<hlo::BatchNormInferenceOp>(op);
  const Tensor &operand = operands[0].getTensor();
  FailureOr<FeatureLayout> layout =
      layoutOf(op, operand, norm.getFeatureIndex());
  if (failed(layout) || failed(checkPerFeature(op, operands, 1, 4, *layout)))
    return failure();
  RankedTensorType resultType = resultTensorType(op);
  Real epsilon = epsilonIn(computeElementOf(resultType.getElementType()),
                           norm.getEpsilon());
  std::vector<Real> result = normalize(
      *layout, load(operands[0]), load(operands[1]), load(operands[2]),
      load(operands[3]), load(operands[4]), epsilon);
  return Values{
      store(result, RankedTensorType::get(operand.getShape(),
                                          resultType.getElementType()))};
}

FailureOr<Values> evalBatchNormTraining(Operation *op,
                                        ArrayRef<RuntimeValue> operands,
                                        Interpreter &) {
  auto norm = llvm::cast<hlo::BatchNormTrainingOp>(op);
  const Tensor &operand = operands[0].getTensor();
  FailureOr<FeatureLayout> layout =
      layoutOf(op, operand, norm.getFeatureIndex());
  if (failed(layout) || failed(checkPerFeature(op, operands, 1, 2, *layout)))
    return failure();
  Type element = computeElementOf(resultTensorType(op).getElementType());
  Type meanElement = computeElementOf(resultTensorType(op, 1).getElementType());
  Type varianceElement =
      computeElementOf(resultTensorType(op, 2).getElementType());
  std::vector<Real> x = load(operands[0]);
  Real count = static_cast<Real>(layout->perFeature);
  std::vector<Real> mean =
      sumPerFeature(*layout, operand.size(), [&](int64_t i) { return x[i]; });
  for (Real &m : mean)
    m = roundTo(meanElement, m / count);
  std::vector<Real> variance =
      sumPerFeature(*layout, operand.size(), [&](int64_t i) {
        Real centered = x[i] - mean[layout->featureOf(i)];
        return centered * centered;
      });
  for (Real &v : variance)
    v = roundTo(varianceElement, v / count);
  std::vector<Real> output =
      normalize(*layout, x, load(operands[1]), load(operands[2]), mean,
                variance, epsilonIn(element, norm.getEpsilon()));
  auto typeOf = [&](unsigned index, ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape,
                                 resultTensorType(op, index).getElementType());
  };
  int64_t features = layout->features;
  return Values{store(output, typeOf(0, operand.getShape())),
                store(mean, typeOf(1, {features})),
                store(variance, typeOf(2, {features}))};
}

FailureOr<Values> evalBatchNormGrad(Operation *op,
                                    ArrayRef<RuntimeValue> operands,
                                    Interpreter &) {
  auto norm = llvm::cast<hlo::BatchNormGradOp>(op);
  const Tensor &operand = operands[0].getTensor();
  FailureOr<FeatureLayout> layout =
      layoutOf(op, operand, norm.getFeatureIndex());
  if (failed(layout) || failed(checkPerFeature(op, operands, 1, 3, *layout)))
    return failure();
  if (operands[4].getTensor().getShape() != operand.getShape())
    return op->emitError() << "grad_output "
                           << operands[4].getTensor().getType()
                           << " must have the shape of operand "
                           << operand.getType();
  Type element = computeElementOf(resultTensorType(op).getElementType());
  Real epsilon = epsilonIn(element, norm.getEpsilon());
  std::vector<Real> x = load(operands[0]), scale = load(operands[1]),
                    mean = load(operands[2]), variance = load(operands[3]),
                    gradOutput = load(operands[4]);
  int64_t size = operand.size();
  auto feature = [&](int64_t i) { return layout->featureOf(i); };
  auto centered = [&](int64_t i) { return x[i] - mean[feature(i)]; };
  auto stddev = [&](int64_t c) { return std::sqrt(variance[c] + epsilon); };
  Real perFeature = static_cast<Real>(layout->perFeature);

  // The specification's temporaries (named after XLA's batchnorm expander).
  std::vector<Real> i2 =
      sumPerFeature(*layout, size, [&](int64_t i) { return gradOutput[i]; });
  std::vector<Real> i3 = sumPerFeature(
      *layout, size, [&](int64_t i) { return gradOutput[i] * centered(i); });
  std::vector<Real> gradOperand(size);
  for (int64_t i = 0; i < size; ++i) {
    int64_t c = feature(i);
    Real i1 = gradOutput[i] * perFeature;
    Real i4 = i3[c] * centered(i);
    Real i5 = i4 / (variance[c] + epsilon);
    Real i6 = (i1 - i2[c]) - i5;
    gradOperand[i] = scale[c] / stddev(c) / perFeature * i6;
  }
  std::vector<Real> gradScale = sumPerFeature(*layout, size, [&](int64_t i) {
    return gradOutput[i] * (centered(i) / stddev(feature(i)));
  });
  const std::vector<Real> &gradOffset = i2;

  auto typeOf = [&](unsigned index, ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape,
                                 resultTensorType(op, index).getElementType());
  };
  int64_t features = layout->features;
  return Values{store(gradOperand, typeOf(0, operand.getShape())),
                store(gradScale, typeOf(1, {features})),
                store(gradOffset, typeOf(2, {features}))};
}

} // namespace

void registerBatchNormOps(OpRegistry &registry) {
  registry.add(hlo::BatchNormInferenceOp::getOperationName(),
               evalBatchNormInference);
  registry.add(hlo::BatchNormTrainingOp::getOperationName(),
               evalBatchNormTraining);
  registry.add(hlo::BatchNormGradOp::getOperationName(), evalBatchNormGrad);
}

} // namespace axle::interp

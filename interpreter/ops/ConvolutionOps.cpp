//===- ConvolutionOps.cpp - evaluators of convolution and dynamic_conv ----===//
//
// Each result element is the specification's dot product of one lhs window
// with the kernel, computed directly from indices rather than by
// materializing the padded, dilated lhs: a window position that falls into
// padding or between dilated lhs elements reads the padding value 0 (and
// still multiplies, so 0 * inf gives NaN as in the specification).
// Products are summed over the window in the specification's order: the
// spatial dimensions as input_spatial_dimensions lists them, then the input
// feature, row-major.
//
// feature_group_count splits the input features and the kernel's output
// features into groups; batch_group_count splits the lhs batch and the
// kernel's output features. The result feature `of` belongs to group
// `of / (output_features / group_count)` either way.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/ProductSum.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

struct ConvConfig {
  hlo::ConvDimensionNumbersAttr dims;
  SmallVector<int64_t> strides, padLow, lhsDilation, rhsDilation;
  SmallVector<bool> reversal;
  int64_t featureGroups = 1, batchGroups = 1;
};

/// The window attributes of `op` (convolution or dynamic_conv) for `spatial`
/// spatial dimensions, with `padding` as [low, high] pairs.
template <typename ConvOp>
ConvConfig configOf(ConvOp op, ArrayRef<std::pair<int64_t, int64_t>> padding) {
  ConvConfig config;
  config.dims = op.getDimensionNumbers();
  size_t spatial = config.dims.getInputSpatialDimensions().size();
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> values) {
    return values ? SmallVector<int64_t>(*values)
                  : SmallVector<int64_t>(spatial, 1);
  };
  config.strides = orOnes(op.getWindowStrides());
  config.lhsDilation = orOnes(op.getLhsDilation());
  config.rhsDilation = orOnes(op.getRhsDilation());
  if (std::optional<ArrayRef<bool>> reversal = op.getWindowReversal())
    config.reversal.assign(reversal->begin(), reversal->end());
  else
    config.reversal.assign(spatial, false);
  config.padLow.assign(spatial, 0);
  for (auto [d, pad] : llvm::enumerate(padding))
    config.padLow[d] = pad.first;
  config.featureGroups = op.getFeatureGroupCount();
  config.batchGroups = op.getBatchGroupCount();
  return config;
}

/// The sums of a convolution of `lhs` with `rhs` into `resultShape`.
template <typename T>
std::vector<T> convolve(const ConvConfig &config, const std::vector<T> &lhs,
                        ArrayRef<int64_t> lhsShape, const std::vector<T> &rhs,
                        ArrayRef<int64_t> rhsShape,
                        ArrayRef<int64_t> resultShape) {
  hlo::ConvDimensionNumbersAttr dims = config.dims;
  ArrayRef<int64_t> inSpatial = dims.getInputSpatialDimensions();
  ArrayRef<int64_t> kernelSpatial = dims.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatial = dims.getOutputSpatialDimensions();
  int64_t inBatch = dims.getInputBatchDimension();
  int64_t inFeature = dims.getInputFeatureDimension();
  int64_t kernelIn = dims.getKernelInputFeatureDimension();
  int64_t kernelOut = dims.getKernelOutputFeatureDimension();
  size_t spatial = inSpatial.size();

  SmallVector<int64_t> lhsStrides = rowMajorStrides(lhsShape);
  SmallVector<int64_t> rhsStrides = rowMajorStrides(rhsShape);
  int64_t batchesPerGroup = lhsShape[inBatch] / config.batchGroups;
  int64_t outputFeatures = rhsShape[kernelOut];
  int64_t inputFeatures = rhsShape[kernelIn]; // per feature group
  SmallVector<int64_t> windowShape, dilatedSize;
  for (size_t s = 0; s < spatial; ++s) {
    windowShape.push_back(rhsShape[kernelSpatial[s]]);
    int64_t size = lhsShape[inSpatial[s]];
    dilatedSize.push_back(size == 0 ? 0
                                    : (size - 1) * config.lhsDilation[s] + 1);
  }

  std::vector<T> sums;
  SmallVector<int64_t> lhsSpatial(spatial);
  Tensor::forEachIndex(resultShape, [&](ArrayRef<int64_t> out) {
    int64_t feature = out[dims.getOutputFeatureDimension()];
    int64_t batch = out[dims.getOutputBatchDimension()];
    if (config.batchGroups > 1)
      batch +=
          feature / (outputFeatures / config.batchGroups) * batchesPerGroup;
    int64_t firstInputFeature = 0;
    if (config.featureGroups > 1)
      firstInputFeature =
          feature / (outputFeatures / config.featureGroups) * inputFeatures;
    int64_t lhsBase =
        batch * lhsStrides[inBatch] + firstInputFeature * lhsStrides[inFeature];
    int64_t rhsBase = feature * rhsStrides[kernelOut];
    T sum{};
    Tensor::forEachIndex(windowShape, [&](ArrayRef<int64_t> window) {
      // Where this window position falls in the unpadded, undilated lhs.
      bool inLhs = true;
      int64_t lhsOffset = lhsBase, rhsOffset = rhsBase;
      for (size_t s = 0; s < spatial; ++s) {
        int64_t w =
            config.reversal[s] ? windowShape[s] - 1 - window[s] : window[s];
        int64_t position = out[outSpatial[s]] * config.strides[s] +
                           w * config.rhsDilation[s] - config.padLow[s];
        if (position < 0 || position >= dilatedSize[s] ||
            position % config.lhsDilation[s] != 0)
          inLhs = false;
        else
          lhsOffset +=
              position / config.lhsDilation[s] * lhsStrides[inSpatial[s]];
        rhsOffset += window[s] * rhsStrides[kernelSpatial[s]];
      }
      for (int64_t f = 0; f < inputFeatures; ++f) {
        T value = inLhs ? lhs[lhsOffset + f * lhsStrides[inFeature]] : T{};
        multiplyAdd(sum, value, rhs[rhsOffset + f * rhsStrides[kernelIn]]);
      }
    });
    sums.push_back(sum);
  });
  return sums;
}

/// The result shape the specification's (C25) gives, which the declared
/// type may leave dynamic.
SmallVector<int64_t>
resultShapeOf(const ConvConfig &config, ArrayRef<int64_t> lhsShape,
              ArrayRef<int64_t> rhsShape,
              ArrayRef<std::pair<int64_t, int64_t>> padding) {
  hlo::ConvDimensionNumbersAttr dims = config.dims;
  SmallVector<int64_t> shape(lhsShape.size());
  shape[dims.getOutputBatchDimension()] =
      lhsShape[dims.getInputBatchDimension()] / config.batchGroups;
  shape[dims.getOutputFeatureDimension()] =
      rhsShape[dims.getKernelOutputFeatureDimension()];
  for (auto [s, outDim] : llvm::enumerate(dims.getOutputSpatialDimensions())) {
    int64_t lhsSize = lhsShape[dims.getInputSpatialDimensions()[s]];
    int64_t rhsSize = rhsShape[dims.getKernelSpatialDimensions()[s]];
    int64_t dilatedInput =
        lhsSize == 0 ? 0 : (lhsSize - 1) * config.lhsDilation[s] + 1;
    int64_t padded = padding[s].first + dilatedInput + padding[s].second;
    int64_t dilatedWindow =
        rhsSize == 0 ? 0 : (rhsSize - 1) * config.rhsDilation[s] + 1;
    bool empty = padded <= 0 || dilatedWindow > padded;
    shape[outDim] =
        empty ? 0 : (padded - dilatedWindow) / config.strides[s] + 1;
  }
  return shape;
}

FailureOr<Values> evalConv(Operation *op, const ConvConfig &config,
                           ArrayRef<std::pair<int64_t, int64_t>> padding,
                           const Tensor &lhsIn, const Tensor &rhsIn) {
  if (config.featureGroups > 1 && config.batchGroups > 1)
    return op->emitError() << "feature_group_count (" << config.featureGroups
                           << ") and batch_group_count (" << config.batchGroups
                           << ") cannot both exceed 1";
  RankedTensorType declared = resultTensorType(op);
  ContractionInputs inputs = dequantizeContraction(lhsIn, rhsIn, declared);
  std::optional<SumKind> kind = sumKindFor(inputs.computeElement);
  if (!kind)
    return op->emitError() << "the interpreter does not evaluate '"
                           << op->getName() << "' with a "
                           << inputs.computeElement << " result";
  ArrayRef<int64_t> lhsShape = inputs.lhs.getShape();
  ArrayRef<int64_t> rhsShape = inputs.rhs.getShape();
  SmallVector<int64_t> shape =
      resultShapeOf(config, lhsShape, rhsShape, padding);
  auto resultType = RankedTensorType::get(shape, declared.getElementType());
  return dispatchSumKind(*kind, [&](auto zero) -> FailureOr<Values> {
    using T = decltype(zero);
    std::vector<T> lhs, rhs;
    if (failed(loadOperand(op, inputs.lhs, inputs.computeElement, lhs)) ||
        failed(loadOperand(op, inputs.rhs, inputs.computeElement, rhs)))
      return failure();
    std::vector<T> sums = convolve(config, lhs, lhsShape, rhs, rhsShape, shape);
    return Values{finishContraction(sums, resultType, inputs.computeElement)};
  });
}

FailureOr<Values>
evalConvolution(Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
  auto conv = llvm::cast<hlo::ConvolutionOp>(op);
  size_t spatial =
      conv.getDimensionNumbers().getInputSpatialDimensions().size();
  SmallVector<std::pair<int64_t, int64_t>> padding(spatial, {0, 0});
  if (std::optional<DenseIntElementsAttr> attr = conv.getPadding()) {
    SmallVector<int64_t> values(attr->getValues<int64_t>());
    if (values.size() != 2 * spatial)
      return op->emitError() << "padding has " << values.size()
                             << " values, expected " << 2 * spatial;
    for (size_t s = 0; s < spatial; ++s)
      padding[s] = {values[2 * s], values[2 * s + 1]};
  }
  return evalConv(op, configOf(conv, padding), padding, operands[0].getTensor(),
                  operands[1].getTensor());
}

FailureOr<Values>
evalDynamicConv(Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
  auto conv = llvm::cast<hlo::DynamicConvOp>(op);
  size_t spatial =
      conv.getDimensionNumbers().getInputSpatialDimensions().size();
  const Tensor &paddingTensor = operands[2].getTensor();
  if (paddingTensor.size() != static_cast<int64_t>(2 * spatial))
    return op->emitError() << "padding operand " << paddingTensor.getType()
                           << " must hold " << spatial << "x2 values";
  bool isUnsigned = isUnsignedInt(paddingTensor.getElementType());
  auto value = [&](int64_t i) {
    const llvm::APInt &bits = paddingTensor[i].getInt();
    return isUnsigned ? static_cast<int64_t>(bits.getZExtValue())
                      : bits.getSExtValue();
  };
  SmallVector<std::pair<int64_t, int64_t>> padding;
  for (size_t s = 0; s < spatial; ++s)
    padding.emplace_back(value(2 * s), value(2 * s + 1));
  return evalConv(op, configOf(conv, padding), padding, operands[0].getTensor(),
                  operands[1].getTensor());
}

} // namespace

void registerConvolutionOps(OpRegistry &registry) {
  registry.add(hlo::ConvolutionOp::getOperationName(), evalConvolution);
  registry.add(hlo::DynamicConvOp::getOperationName(), evalDynamicConv);
}

} // namespace axle::interp

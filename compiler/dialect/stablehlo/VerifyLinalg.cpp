// PLACEHOLDER: replaced by the real verifiers.
#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"
using namespace mlir;
namespace axle::stablehlo {
LogicalResult DotGeneralOp::verify() { return success(); }
LogicalResult DotOp::verify() { return success(); }
LogicalResult EinsumOp::verify() { return success(); }
LogicalResult UnaryEinsumOp::verify() { return success(); }
LogicalResult ConvolutionOp::verify() { return success(); }
LogicalResult DynamicConvOp::verify() { return success(); }
LogicalResult CholeskyOp::verify() { return success(); }
LogicalResult TriangularSolveOp::verify() { return success(); }
LogicalResult FftOp::verify() { return success(); }
LogicalResult BatchNormTrainingOp::verify() { return success(); }
LogicalResult BatchNormInferenceOp::verify() { return success(); }
LogicalResult BatchNormGradOp::verify() { return success(); }
}

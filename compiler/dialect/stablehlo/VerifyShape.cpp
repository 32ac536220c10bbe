// PLACEHOLDER: replaced by the real verifiers.
#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"
using namespace mlir;
namespace axle::stablehlo {
LogicalResult ConstantOp::verify() { return success(); }
LogicalResult IotaOp::verify() { return success(); }
LogicalResult DynamicIotaOp::verify() { return success(); }
LogicalResult BroadcastInDimOp::verify() { return success(); }
LogicalResult DynamicBroadcastInDimOp::verify() { return success(); }
LogicalResult BroadcastOp::verify() { return success(); }
LogicalResult ReshapeOp::verify() { return success(); }
LogicalResult DynamicReshapeOp::verify() { return success(); }
LogicalResult TransposeOp::verify() { return success(); }
LogicalResult ReverseOp::verify() { return success(); }
LogicalResult ConcatenateOp::verify() { return success(); }
LogicalResult PadOp::verify() { return success(); }
LogicalResult DynamicPadOp::verify() { return success(); }
LogicalResult GetDimensionSizeOp::verify() { return success(); }
LogicalResult SetDimensionSizeOp::verify() { return success(); }
LogicalResult TupleOp::verify() { return success(); }
LogicalResult GetTupleElementOp::verify() { return success(); }
LogicalResult UniformQuantizeOp::verify() { return success(); }
LogicalResult UniformDequantizeOp::verify() { return success(); }
}

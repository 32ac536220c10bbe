// PLACEHOLDER: replaced by the real verifiers.
#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"
using namespace mlir;
namespace axle::stablehlo {
LogicalResult SliceOp::verify() { return success(); }
LogicalResult DynamicSliceOp::verify() { return success(); }
LogicalResult DynamicUpdateSliceOp::verify() { return success(); }
LogicalResult RealDynamicSliceOp::verify() { return success(); }
LogicalResult GatherOp::verify() { return success(); }
LogicalResult DynamicGatherOp::verify() { return success(); }
LogicalResult ScatterOp::verify() { return success(); }
LogicalResult TorchIndexSelectOp::verify() { return success(); }
}

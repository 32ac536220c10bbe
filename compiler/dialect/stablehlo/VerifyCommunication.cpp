// PLACEHOLDER: replaced by the real verifiers.
#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"
using namespace mlir;
namespace axle::stablehlo {
LogicalResult InfeedOp::verify() { return success(); }
LogicalResult SendOp::verify() { return success(); }
LogicalResult RecvOp::verify() { return success(); }
LogicalResult AllGatherOp::verify() { return success(); }
LogicalResult AllReduceOp::verify() { return success(); }
LogicalResult ReduceScatterOp::verify() { return success(); }
LogicalResult AllToAllOp::verify() { return success(); }
LogicalResult CollectivePermuteOp::verify() { return success(); }
LogicalResult CollectiveBroadcastOp::verify() { return success(); }
LogicalResult CollectiveReduceOp::verify() { return success(); }
}

// PLACEHOLDER: replaced by the real verifiers.
#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/dialect/stablehlo/TypeUtils.h"
using namespace mlir;
namespace axle::stablehlo {
LogicalResult WhileOp::verify() { return success(); }
LogicalResult IfOp::verify() { return success(); }
LogicalResult CaseOp::verify() { return success(); }
LogicalResult OptimizationBarrierOp::verify() { return success(); }
LogicalResult CustomCallOp::verify() { return success(); }
LogicalResult AsyncStartOp::verify() { return success(); }
LogicalResult AsyncDoneOp::verify() { return success(); }
LogicalResult RngOp::verify() { return success(); }
LogicalResult RngBitGeneratorOp::verify() { return success(); }
}
namespace axle::stablehlo {
LogicalResult CompositeOp::verifySymbolUses(SymbolTableCollection &) { return success(); }
}

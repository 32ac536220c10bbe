//===- CompositeOps.cpp - evaluator of stablehlo.composite ----------------===//
//
// A composite means its decomposition: the interpreter calls the
// decomposition function with the composite's operands.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

FailureOr<Values> evalComposite(Operation *op, ArrayRef<RuntimeValue> operands,
                                Interpreter &interpreter) {
  auto composite = llvm::cast<hlo::CompositeOp>(op);
  return interpreter.call(composite.getDecomposition(), operands);
}

} // namespace

void registerCompositeOps(OpRegistry &registry) {
  registry.add(hlo::CompositeOp::getOperationName(), evalComposite);
}

} // namespace axle::interp

//===- RegisterOps.cpp - the evaluators of every op family ----------------===//

#include "interpreter/Interpreter.h"

namespace axle::interp {

// One registration function per file in interpreter/ops/.
void registerElementwiseOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerControlFlowOps(OpRegistry &registry);
void registerCheckOps(OpRegistry &registry);
void registerContractionOps(OpRegistry &registry);
void registerConvolutionOps(OpRegistry &registry);
void registerFftOps(OpRegistry &registry);
void registerLinearSolveOps(OpRegistry &registry);
void registerBatchNormOps(OpRegistry &registry);
void registerWindowOps(OpRegistry &registry);
void registerQuantizeOps(OpRegistry &registry);
void registerRandomOps(OpRegistry &registry);
void registerCommunicationOps(OpRegistry &registry);
void registerCompositeOps(OpRegistry &registry);
void registerIndexingOps(OpRegistry &registry);
void registerSortOps(OpRegistry &registry);
void registerDynamicShapeOps(OpRegistry &registry);

void registerAllOps(OpRegistry &registry) {
  registerElementwiseOps(registry);
  registerShapeOps(registry);
  registerControlFlowOps(registry);
  registerCheckOps(registry);
  registerContractionOps(registry);
  registerConvolutionOps(registry);
  registerFftOps(registry);
  registerLinearSolveOps(registry);
  registerBatchNormOps(registry);
  registerWindowOps(registry);
  registerQuantizeOps(registry);
  registerRandomOps(registry);
  registerCommunicationOps(registry);
  registerCompositeOps(registry);
  registerIndexingOps(registry);
  registerSortOps(registry);
  registerDynamicShapeOps(registry);
}

} // namespace axle::interp

//===- RegisterOps.cpp - the evaluators of every op family ----------------===//

#include "interpreter/Interpreter.h"

namespace axle::interp {

// One registration function per file in interpreter/ops/.
void registerElementwiseOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerControlFlowOps(OpRegistry &registry);
void registerCheckOps(OpRegistry &registry);

void registerAllOps(OpRegistry &registry) {
  registerElementwiseOps(registry);
  registerShapeOps(registry);
  registerControlFlowOps(registry);
  registerCheckOps(registry);
}

} // namespace axle::interp

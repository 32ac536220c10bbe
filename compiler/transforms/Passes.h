//===- Passes.h - stablehlo-to-stablehlo transformations --------*- C++ -*-===//

#ifndef AXLE_COMPILER_TRANSFORMS_PASSES_H
#define AXLE_COMPILER_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace axle::transforms {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "compiler/transforms/Passes.h.inc"

} // namespace axle::transforms

#endif // AXLE_COMPILER_TRANSFORMS_PASSES_H

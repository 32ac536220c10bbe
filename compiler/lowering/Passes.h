//===- Passes.h - stablehlo lowering passes ---------------------*- C++ -*-===//

#ifndef AXLE_COMPILER_LOWERING_PASSES_H
#define AXLE_COMPILER_LOWERING_PASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace axle::lowering {

// Declares each pass's create function and registerLoweringPasses(), which
// adds them all (--axle-lower-to-linalg, ...) to the global registry.
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "compiler/lowering/Passes.h.inc"

} // namespace axle::lowering

#endif // AXLE_COMPILER_LOWERING_PASSES_H

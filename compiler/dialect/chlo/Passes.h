//===- Passes.h - chlo passes -----------------------------------*- C++ -*-===//

#ifndef AXLE_COMPILER_DIALECT_CHLO_PASSES_H
#define AXLE_COMPILER_DIALECT_CHLO_PASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace axle::chlo {

#define GEN_PASS_DECL
#include "compiler/dialect/chlo/Passes.h.inc"

/// Registers the chlo passes (--axle-legalize-chlo) with the global pass
/// registry, for axle-opt.
void registerAxlePasses();

} // namespace axle::chlo

#endif // AXLE_COMPILER_DIALECT_CHLO_PASSES_H

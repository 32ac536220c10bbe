//===- Passes.h - CPU code generation passes --------------------*- C++ -*-===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_PASSES_H
#define AXLE_COMPILER_CODEGEN_CPU_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace axle::cpu {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "compiler/codegen/cpu/Passes.h.inc"

/// What --axle-emit-custom-call-thunks does; --axle-emit-entry-points
/// does it first, so the pipeline needs no separate step.
void emitCustomCallThunks(mlir::ModuleOp module);

/// The x86 vector instructions the math recipes may call directly.
struct VectorIsa {
  bool avx2 = false;
  bool avx512 = false;
  /// Products that underflow cost no more than others (AMD Zen 4), so exp
  /// computes results that round to 0 rather than selecting them.
  bool quietUnderflow = false;
};

/// f32 and bf16 math.exp, math.expm1 and math.tanh (scalars and vectors) as
/// inline f32 arithmetic (VectorMath.cpp): the recipes the interpreter runs
/// (F32Exponentials.h), so the same bits, without scalar library calls.
/// With `isa.avx512`, exp scales its result with vscalefps; table lookups
/// (tanh's coefficients) are register permutes with AVX2 or AVX-512.
void populateVectorMathPatterns(mlir::RewritePatternSet &patterns,
                                mlir::PatternBenefit benefit, VectorIsa isa);

} // namespace axle::cpu

#endif // AXLE_COMPILER_CODEGEN_CPU_PASSES_H

//===- Passes.td - stablehlo-to-stablehlo transformations -*- tablegen -*-===//

#ifndef AXLE_TRANSFORMS_PASSES
#define AXLE_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def SimplifyPass : Pass<"axle-simplify"> {
  let summary = "Algebraic simplification of stablehlo programs";
  let description = [{
    Rewrites stablehlo programs into simpler equivalent ones, in the manner
    of XLA's algebraic simplifier: identities (x + 0 for integers, x * 1,
    double negation, and/or/xor with constants), chains of shape ops
    (reshape of reshape, transpose of transpose, broadcast of broadcast,
    no-op reshapes and transposes, slice of slice, slice of concatenate,
    pad with zero widths, one-operand concatenate), lossless convert
    chains, dot_general with transposed operands, reductions of broadcasts
    and over size-1 dimensions, select with constant or equal branches,
    dynamic ops with constant operands, trivial while loops, and more.
    Every rule keeps IEEE results bit for bit (NaN, -0 and infinities
    included) unless `fast-math` is set. The rules and their tests live
    in Simplify<Family>.cpp and test/simplify_<family>.mlir.
  }];
  let options = [
    Option<"fastMath", "fast-math", "bool", /*default=*/"false",
           "Also apply rules that are exact only for finite, non-NaN values "
           "and ignore the sign of zero (e.g. x * 0 -> 0, x - x -> 0 for floats)">
  ];
  let dependentDialects = ["::axle::stablehlo::StablehloDialect"];
}

def FoldConstantsPass : Pass<"axle-fold-constants", "::mlir::ModuleOp"> {
  let summary = "Evaluate ops on constant operands, within a size budget";
  let description = [{
    An op without side effects whose operands are all constants is replaced
    by the constant it computes, evaluated by the reference interpreter (so
    folding has exactly the semantics of running the op). Only results of
    at most `max-elements` elements in total are folded, so that folding a
    large iota-based program never makes compilation slow or the program
    large. Quantized results, random-number ops, custom calls and ops with
    regions other than reductions, sorts and scatters are left alone.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1048576",
           "Largest total number of result elements an op may fold to">
  ];
  let dependentDialects = ["::axle::stablehlo::StablehloDialect"];
}

#endif // AXLE_TRANSFORMS_PASSES

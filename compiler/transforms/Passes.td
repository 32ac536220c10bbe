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

#endif // AXLE_TRANSFORMS_PASSES

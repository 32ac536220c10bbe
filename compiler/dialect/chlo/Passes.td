//===- Passes.td - chlo passes ---------------------------*- tablegen -*-===//

#ifndef AXLE_CHLO_PASSES
#define AXLE_CHLO_PASSES

include "mlir/Pass/PassBase.td"

def LegalizeChloPass : Pass<"axle-legalize-chlo"> {
  let summary = "Decompose chlo operations into stablehlo operations "
                "(all but f32/bf16 erf and erfc)";
  let description = [{
    Rewrites each chlo op into stablehlo: special functions into their
    numerical formulas (computed in f32 for f16/bf16), broadcasting ops into
    broadcast_in_dim plus the elementwise op, top_k into sort + slice,
    ragged_dot into masked dot_general, scan into a while loop. erf and erfc
    of statically shaped f32 and bf16 tensors stay: axle's backends compute
    them with their own f32 recipes. Fails, with
    a diagnostic at the op, where an op cannot be decomposed (e.g. dynamic
    shapes for top_k, ragged_dot and scan).
  }];
  let dependentDialects = ["::axle::stablehlo::StablehloDialect"];
}

#endif // AXLE_CHLO_PASSES

//===- Passes.td - stablehlo to linalg lowering ----------*- tablegen -*-===//

#ifndef AXLE_LOWERING_PASSES
#define AXLE_LOWERING_PASSES

include "mlir/Pass/PassBase.td"

def LowerToLinalgPass : Pass<"axle-lower-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower stablehlo to linalg, tensor, scf, arith, math and complex";
  let description = [{
    Rewrites every stablehlo operation into upstream dialects on tensors:
    elementwise ops become `linalg.generic` with scalar arith/math/complex
    bodies, data movement becomes tensor/linalg ops, reductions and
    contractions become `linalg.generic` with reduction iterators, irregular
    ops (gather, scatter, sort, ...) become `scf.for` loop nests over
    tensors, and control flow becomes `scf.while` / `scf.if` /
    `scf.index_switch`. Unsigned integers become signless integers (the
    lowering picks unsigned arithmetic where the original type asks for
    it). An op this lowering cannot handle is an error naming the op, at
    its location. Run `--axle-legalize-chlo` first.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::complex::ComplexDialect",
    "::mlir::func::FuncDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::bufferization::BufferizationDialect"
  ];
}

#endif // AXLE_LOWERING_PASSES

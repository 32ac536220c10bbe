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
  let options = [
    Option<"reassociateReductions", "reassociate-reductions", "bool",
           /*default=*/"false",
           "Float sums and products of every dimension (4096 or more "
           "elements, a multiple of 256, under 1 Mi) fold down 256 columns, "
           "then the 256 partial results (another order of additions than "
           "the interpreter's); larger ones keep the chunked schedule">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::complex::ComplexDialect",
    "::mlir::func::FuncDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def LowerQuantizedPass : Pass<"axle-lower-quantized", "::mlir::ModuleOp"> {
  let summary = "Lower quantized types to their integer storage, in stablehlo";
  let description = [{
    Rewrites a module so that no `!quant.uniform` type remains, staying in
    stablehlo. Ops that compute on quantized values (elementwise ops,
    select, clamp, dot_general, convolution, batch norms, ...) follow the
    specification's `dequantize_op_quantize`: their operands are
    dequantized, the op runs on the expressed float type and its quantized
    results are quantized. Then every quantized tensor becomes a tensor of
    its storage integer type (function signatures, constants, ops that
    only move values), `uniform_dequantize` becomes
    `(convert(storage) - zero_point) * scale` and `uniform_quantize`
    becomes `round_nearest_even(x / scale + zero_point)` clamped to the
    storage range and converted to the storage type (requantization
    dequantizes first). Per-axis types broadcast their scales and zero
    points along the quantized dimension. The arithmetic is the
    interpreter's, operation for operation, so results are bit-identical.
  }];
  let dependentDialects = ["::axle::stablehlo::StablehloDialect"];
}

#endif // AXLE_LOWERING_PASSES

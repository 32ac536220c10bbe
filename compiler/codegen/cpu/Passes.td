//===- Passes.td - CPU code generation passes ------------*- tablegen -*-===//

#ifndef AXLE_CODEGEN_CPU_PASSES
#define AXLE_CODEGEN_CPU_PASSES

include "mlir/Pass/PassBase.td"

def ApproximateMathPass : Pass<"axle-approximate-math"> {
  let summary = "Replace f32 math functions by inline polynomial code";
  let description = [{
    Rewrites the f32 math functions whose inline polynomial approximations
    are accurate to a few ULP over the finite range (exp, expm1, log,
    log1p, log2, tanh) into arithmetic, so that they vectorize instead of
    becoming scalar library calls. The others stay math ops and become
    calls to the C library, which is correctly rounded or close to it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def EmitEntryPointsPass : Pass<"axle-emit-entry-points", "::mlir::ModuleOp"> {
  let summary = "Give every public function a `void axle_entry_<name>(void **)` wrapper";
  let description = [{
    Runs after bufferization, when every public function takes only
    statically shaped memrefs (inputs, then outputs) and returns nothing.
    For each such function `@f` it adds `@axle_entry_f(%buffers: !llvm.ptr)`:
    `buffers` points at an array of data pointers, one per argument, in
    order; the wrapper builds the memref descriptors (identity layout) and
    calls `@f`. This is the one calling convention of compiled axle code:
    the runtime, the C header of a shared library and the JIT all call it.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::func::FuncDialect"];
}

def CopyAliasedResultsPass
    : Pass<"axle-copy-aliased-results", "::mlir::ModuleOp"> {
  let summary = "Give every result of a public function its own tensor";
  let description = [{
    Public functions write each result into a buffer the caller owns. A
    result that is also an argument, or that repeats an earlier result, has
    no computation of its own to write there; this pass inserts a
    `linalg.copy` into a fresh tensor for each such result. Run it right
    before bufferization (CSE would merge the copies again).
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"
  ];
}

#endif // AXLE_CODEGEN_CPU_PASSES

// The memory report of the bufferized program. By hand: the input is
// 64x32 f32 (8192 bytes) and the output 32x32 (4096). The transpose needs a
// 32x64 buffer (8192) that lives until the dot_general has read it, and the
// dot_general a 32x32 one (4096) that the exponential (fused with the
// reverse, which writes the output) reads: both are live while the
// dot_general runs, so the peak is 12288 bytes. (With the simplifier on,
// the transpose folds into the dot_general's dimension numbers, and the
// lowering transposes the lhs back into a 32x64 buffer for the matmul: the
// same two buffers.)

// RUN: axle-compile %s -o %t.axle --simplify=false --report=memory | FileCheck %s
// CHECK: memory report for @main
// CHECK-NEXT: inputs and outputs (caller-owned): 12288 bytes
// CHECK-NEXT: constants: 0 bytes
// CHECK-NEXT: intermediates, naive total: 12288 bytes in 2 buffers
// CHECK-NEXT: planned peak: 12288 bytes
// CHECK-NEXT: largest live set, at {{.*}}memory_report.mlir":[[#DOT:]]
// CHECK-NEXT: 8192 bytes  memref<32x64xf32>  written by linalg.transpose {{.*}}memory_report.mlir":[[#DOT-1]]
// CHECK-NEXT: 4096 bytes  memref<32x32xf32>  written by {{.*}}memory_report.mlir":[[#DOT]]

// RUN: axle-compile %s -o %t.axle --report=memory | FileCheck %s --check-prefix=SIMPLE
// SIMPLE: intermediates, naive total: 12288 bytes in 2 buffers
// SIMPLE-NEXT: planned peak: 12288 bytes

// RUN: axle-compile %s -o %t.axle --simplify=false --report=json | FileCheck %s --check-prefix=JSON
// JSON: "constant_bytes": 0,
// JSON: "function": "main",
// JSON: "input_output_bytes": 12288,
// JSON: "intermediate_buffers": 2,
// JSON: "naive_total_bytes": 12288,
// JSON: "peak_bytes": 12288

// RUN: not axle-compile %s -o %t.axle --report=speed 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown --report=speed (memory, json or fusion)

func.func @main(%x: tensor<64x32xf32>) -> tensor<32x32xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %d = stablehlo.dot_general %t, %x, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32>
  %e = stablehlo.exponential %d : tensor<32x32xf32>
  %r = stablehlo.reverse %e, dims = [0] : tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

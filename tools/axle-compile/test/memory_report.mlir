// The memory report of the bufferized program. By hand: the input is
// 64x32 f32 (8192 bytes) and the output 32x32 (4096). The transpose needs a
// 32x64 buffer T (8192) that lives until the first dot_general has read it;
// that dot_general's sums need a 32x32 buffer D (4096), read by the second
// one, whose sums need another 32x32 buffer E (4096), read by the
// exponential (fused with the reverse, which writes the output). T and D
// are live together (12288 bytes, the largest live set), then D and E
// (8192); E is born after T died, so the arena puts E in T's bytes and
// needs 12288 bytes, not the naive 16384. (With the simplifier on, the
// transpose folds into the dot_general's dimension numbers, and the
// lowering transposes the lhs back into a 32x64 buffer for the matmul: the
// same three buffers.) Compiled for an AVX-512 CPU, whose 64-column
// register tiles span the matmuls' 32 columns, so B is read in place; AVX2's
// 16-column tiles would add copies of B's panels.

// RUN: axle-compile %s -o %t.axle --target-cpu=x86-64-v4 --simplify=false --report=memory | FileCheck %s
// CHECK: memory report for @main
// CHECK-NEXT: inputs and outputs (caller-owned): 12288 bytes
// CHECK-NEXT: constants: 0 bytes
// CHECK-NEXT: intermediates, naive total: 16384 bytes in 3 buffers
// CHECK-NEXT: planned peak: 12288 bytes (an arena of 12288 bytes
// CHECK-NEXT: largest live set: 12288 bytes
// CHECK-NEXT: which is live at {{.*}}memory_report.mlir":[[#DOT:]]
// CHECK-NEXT: 8192 bytes  memref<32x64xf32>  written by {{.*}}memory_report.mlir":[[#DOT-1]]
// CHECK-NEXT: 4096 bytes  memref<32x32xf32>  written by {{.*}}memory_report.mlir":[[#DOT]]

// RUN: axle-compile %s -o %t.axle --target-cpu=x86-64-v4 --report=memory | FileCheck %s --check-prefix=SIMPLE
// SIMPLE: intermediates, naive total: 16384 bytes in 3 buffers
// SIMPLE-NEXT: planned peak: 12288 bytes

// RUN: axle-compile %s -o %t.axle --target-cpu=x86-64-v4 --simplify=false --report=json | FileCheck %s --check-prefix=JSON
// JSON: "arena_bytes": 12288,
// JSON: "constant_bytes": 0,
// JSON: "function": "main",
// JSON: "input_output_bytes": 12288,
// JSON: "intermediate_buffers": 3,
// JSON: "live_peak_bytes": 12288,
// JSON: "naive_total_bytes": 16384,
// JSON: "peak_bytes": 12288

// RUN: not axle-compile %s -o %t.axle --report=speed 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown --report=speed (memory, json or fusion)

func.func @main(%x: tensor<64x32xf32>) -> tensor<32x32xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %d = stablehlo.dot_general %t, %x, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32>
  %f = stablehlo.dot_general %d, %d, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %e = stablehlo.exponential %f : tensor<32x32xf32>
  %r = stablehlo.reverse %e, dims = [0] : tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

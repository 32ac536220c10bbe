// The memory-minimizing schedule (axle-schedule-for-memory). Two branches
// each compute a 256x256 f32 tensor (256 KiB: exp(x) and sin(y)) that two
// reductions read (row sums and column maxima, 256 f32 = 1 KiB each; two
// users, so neither reduction fuses the tensor in). The program lists both
// big tensors first. By hand, before scheduling: exp(x) dies at its column
// maxima, which are written while sin(y) already exists:
//   256 KiB (exp) + 256 KiB (sin) + 1 KiB (exp's column maxima) = 525312
// bytes (exp's row sums are not counted: the final add writes the result
// into their buffer, which is the caller's output). After: exp(x), its two
// reductions, then sin(y) and its two; the most is at sin's column maxima:
//   1 KiB (exp's column maxima, waiting for the add) + 256 KiB (sin)
//   + 1 KiB (sin's row sums) + 1 KiB (sin's column maxima) = 265216 bytes
// as the schedule models it on tensors. Column maxima build up in
// registers, and their buffer is written after their loop, when sin is
// dead: what the bufferized program holds at most, and the arena needs in
// all (sin takes exp's bytes), is 1 KiB less, 264192 bytes. The naive total
// stays 2 x 262144 + 3 x 1024 = 527360 bytes in 5 buffers: the schedule
// adds no copy.

// RUN: axle-compile %s -o %t.axle --report=memory | FileCheck %s
// CHECK: memory report for @main
// CHECK-NEXT: inputs and outputs (caller-owned): 525312 bytes
// CHECK-NEXT: constants: 0 bytes
// CHECK-NEXT: intermediates, naive total: 527360 bytes in 5 buffers
// CHECK-NEXT: planned peak: 264192 bytes (an arena of 264192 bytes
// CHECK-NEXT: largest live set: 264192 bytes
// CHECK: schedule: largest live set 525312 -> 265216 bytes by reordering 1 ops

// RUN: axle-compile %s -o %t.axle --report=json | FileCheck %s --check-prefix=JSON
// JSON: "naive_total_bytes": 527360,
// JSON: "peak_bytes": 264192,
// JSON: "schedule_live_bytes_after": 265216,
// JSON: "schedule_live_bytes_before": 525312,
// JSON: "schedule_ops_moved": 1

// Reordering pure ops changes no rounding: the compiled results equal the
// interpreter's bit for bit.
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); np.save('%t.x.npy', r.standard_normal((256, 256), dtype=np.float32)); np.save('%t.y.npy', r.standard_normal((256, 256), dtype=np.float32))"
// RUN: axle-run %s --verify --verify-ulps=0 --input=@%t.x.npy --input=@%t.y.npy > /dev/null

func.func @main(%x: tensor<256x256xf32>, %y: tensor<256x256xf32>) -> tensor<256xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<256x256xf32>
  %s = stablehlo.sine %y : tensor<256x256xf32>
  %e_rows = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %e_cols = stablehlo.reduce(%e init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %s_rows = stablehlo.reduce(%s init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %s_cols = stablehlo.reduce(%s init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %t = stablehlo.add %e_rows, %e_cols : tensor<256xf32>
  %u = stablehlo.add %s_rows, %s_cols : tensor<256xf32>
  %r = stablehlo.add %t, %u : tensor<256xf32>
  return %r : tensor<256xf32>
}

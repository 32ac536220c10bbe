// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{reduction-row-prefetches=false}))' --split-input-file %s | FileCheck %s --check-prefix=NONE

// A row reduction reads 16 rows per step of k, each row a stream of its
// own (Prefetch.cpp, part 4): where the rows belong to a large tensor of
// the function (4 MiB or more), each row of the 16 x 16 read prefetches
// the same row 512 floats (2 KiB) further on, clamped to the row's last
// vector (1024 - 16).

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @row_sums
// CHECK: %[[VIEW:.*]] = bufferization.to_buffer %{{.*}} read_only
// CHECK: scf.forall (%[[R:.*]]) = (0) to (1024) step (16)
// CHECK: scf.for %[[K:.*]] = %c0 to %c1024 step %c16
// CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %c512
// CHECK: %[[COL:.*]] = arith.minsi %[[AHEAD]], %c1008
// CHECK: memref.prefetch %[[VIEW]][%[[FIRST:.*]], %[[COL]]], read, locality<2>
// CHECK: %[[SECOND:.*]] = arith.addi %[[FIRST]], %c1
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[SECOND]], %[[COL]]], read, locality<2>
// CHECK-COUNT-14: memref.prefetch %[[VIEW]][%{{.*}}, %[[COL]]], read, locality<2>
// CHECK-NEXT: vector.transfer_read {{.*}} vector<16x16xf32>
// Targets whose hardware prefetchers follow the 16 rows (the driver asks
// targetPrefetchesReductionRows) get none.
// NONE-LABEL: func.func @row_sums
// NONE-NOT: memref.prefetch
// NONE: return
func.func @row_sums(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %empty = tensor.empty() : tensor<1024xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<1024xf32>) -> tensor<1024xf32>
  %sums = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1024x1024xf32>) outs(%zeros : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %acc, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1024xf32>
  return %sums : tensor<1024xf32>
}

// -----

// A tensor of 1 MiB stays in L2 from one use to the next: no prefetches.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @small_row_sums
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @small_row_sums(%x: tensor<512x512xf32>) -> tensor<512xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %empty = tensor.empty() : tensor<512xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<512xf32>) -> tensor<512xf32>
  %sums = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x512xf32>) outs(%zeros : tensor<512xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %acc, %in : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  return %sums : tensor<512xf32>
}

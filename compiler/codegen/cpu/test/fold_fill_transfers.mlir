// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-fold-fill-transfers))' --split-input-file %s | FileCheck %s

// The C tile of a contraction whose k loop runs once: the accumulators
// start as the fill value, the final write goes into the fill's
// destination, and the fill is gone.
// CHECK-LABEL: func.func @single_k_block
// CHECK-SAME: (%[[C:.*]]: tensor<4x64xf32>, %[[B:.*]]: vector<64xf32>)
// CHECK-NOT: linalg.fill
// CHECK-NOT: vector.transfer_read
// CHECK: %[[ACC:.*]] = arith.constant dense<0.000000e+00> : vector<4x64xf32>
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[ACC]]
// CHECK: %[[R:.*]] = vector.transfer_write %[[SUM]], %[[C]][%c0, %c0] {in_bounds = [true, true]}
// CHECK: return %[[R]]
func.func @single_k_block(%c: tensor<4x64xf32>, %b: vector<64xf32>) -> tensor<4x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %pad = ub.poison : f32
  %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<4x64xf32>) -> tensor<4x64xf32>
  %acc = vector.transfer_read %fill[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x64xf32>, vector<4x64xf32>
  %bb = vector.broadcast %b : vector<64xf32> to vector<4x64xf32>
  %sum = arith.addf %acc, %bb : vector<4x64xf32>
  %r = vector.transfer_write %sum, %fill[%c0, %c0] {in_bounds = [true, true]} : vector<4x64xf32>, tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// -----

// Leading unit dimensions of the tensor are covered by a lower-rank vector.
// CHECK-LABEL: func.func @leading_unit_dims
// CHECK-SAME: (%[[C:.*]]: tensor<1x1x4x64xf32>
// CHECK-NOT: linalg.fill
// CHECK: vector.transfer_write %{{.*}}, %[[C]]
func.func @leading_unit_dims(%c: tensor<1x1x4x64xf32>, %v: vector<4x64xf32>) -> tensor<1x1x4x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<1x1x4x64xf32>) -> tensor<1x1x4x64xf32>
  %r = vector.transfer_write %v, %fill[%c0, %c0, %c0, %c0] {in_bounds = [true, true]} : vector<4x64xf32>, tensor<1x1x4x64xf32>
  return %r : tensor<1x1x4x64xf32>
}

// -----

// Kept: a write that covers part of the fill (the rest must stay filled),
// a write at a non-zero index, and a read that may run out of bounds (its
// padding value is not the fill value).
// CHECK-LABEL: func.func @kept
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: vector.transfer_read %[[FILL]]
// CHECK: vector.transfer_write %{{.*}}, %[[FILL]][%c0, %c0]
// CHECK: vector.transfer_write %{{.*}}, %[[FILL]][%c1, %c0]
func.func @kept(%c: tensor<4x64xf32>, %row: vector<64xf32>, %i: index)
    -> (vector<64xf32>, tensor<4x64xf32>, tensor<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %pad = arith.constant 1.0 : f32
  %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<4x64xf32>) -> tensor<4x64xf32>
  %edge = vector.transfer_read %fill[%c0, %i], %pad {in_bounds = [false]} : tensor<4x64xf32>, vector<64xf32>
  %part = vector.transfer_write %row, %fill[%c0, %c0] {in_bounds = [true]} : vector<64xf32>, tensor<4x64xf32>
  %moved = vector.transfer_write %row, %fill[%c1, %c0] {in_bounds = [true]} : vector<64xf32>, tensor<4x64xf32>
  return %edge, %part, %moved : vector<64xf32>, tensor<4x64xf32>, tensor<4x64xf32>
}

// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{fuse=false}))' --split-input-file %s | FileCheck %s

// relu(exp(x)): the exponential's result dies at the relu, which writes
// into it (reading it through its output) instead of a fresh tensor.

#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @relu_of_exp
// CHECK: %[[E:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %[[EMPTY:.*]]) -> (tensor<8x64xf32>)
// CHECK: math.exp
// CHECK: scf.forall {{.*}} shared_outs(%[[OUT:.*]] = %[[E]]) -> (tensor<8x64xf32>)
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[OUT]]
// CHECK: vector.transfer_read %[[SLICE]]
// CHECK: arith.maximumf
func.func @relu_of_exp(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x64xf32>
  %e = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%e0 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  } -> tensor<8x64xf32>
  %r0 = tensor.empty() : tensor<8x64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%e : tensor<8x64xf32>) outs(%r0 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.maximumf %a, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}

// -----

// Not reused: a function argument (the caller's buffer), an input read by
// another op later, and an input read along a different map.

#map = affine_map<(d0, d1) -> (d0, d1)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @kept
// CHECK: %[[NEG:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %{{.*}}) -> (tensor<64x64xf32>)
// CHECK-NOT: shared_outs(%{{.*}} = %arg0)
// CHECK: %[[ABS:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %[[E1:[a-z0-9_]+]])
// CHECK-NOT: %[[E1]] = scf.forall
// CHECK: %[[EXP:.*]] = scf.forall
// CHECK-NOT: shared_outs(%{{.*}} = %[[EXP]])
// CHECK: return %[[NEG]], %[[ABS]]
func.func @kept(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %e0 = tensor.empty() : tensor<64x64xf32>
  %neg = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x64xf32>) outs(%e0 : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.negf %a : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  %e1 = tensor.empty() : tensor<64x64xf32>
  %abs = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%neg : tensor<64x64xf32>) outs(%e1 : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.absf %a : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64xf32>
  %exp = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x64xf32>) outs(%e3 : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %t = linalg.generic {indexing_maps = [#transposed, #map], iterator_types = ["parallel", "parallel"]} ins(%exp : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.negf %a : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  return %neg, %abs, %t : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}

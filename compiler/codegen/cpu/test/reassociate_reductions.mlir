// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{reassociate-reductions=true}))' --split-input-file %s | FileCheck %s
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s --check-prefix=IN-ORDER

// With reassociate-reductions, a float row sum is treated as a row maximum
// is: the k loop adds each 16 x 16 block of x elementwise into a block of
// partial sums that starts at -0 (the identity of addition, +0 included),
// with no transpose and no chain of dependent adds, and the block reduces
// into the rows' values once, after the loop. By default the sum stays in
// k order inside the loop (a transpose, then one add per element of k).

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_sum
// CHECK: %[[NEG_ZERO:.*]] = arith.constant dense<-0.000000e+00> : vector<16x16xf32>
// CHECK: %[[PARTIAL:.*]] = scf.for %{{.*}} iter_args(%[[P:.*]] = %[[NEG_ZERO]]) -> (vector<16x16xf32>)
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[P]] : vector<16x16xf32>
// CHECK-NOT: vector.shuffle
// CHECK: scf.yield %[[S]] : vector<16x16xf32>
// CHECK: %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: vector.shuffle
// CHECK: arith.addf %{{.*}}, %[[ACC]] : vector<16xf32>
// IN-ORDER-LABEL: func.func @row_sum
// IN-ORDER: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<16xf32>)
// IN-ORDER: vector.shuffle
// IN-ORDER: arith.addf %{{.*}} : vector<16xf32>
// IN-ORDER-NOT: vector<16x16xf32>)
func.func @row_sum(%x: tensor<64x128xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %1 = arith.addf %acc, %a : f32
    linalg.yield %1 : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A product's partial results start at 1.

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_product
// CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<16x16xf32>
// CHECK: scf.for %{{.*}} iter_args(%[[P:.*]] = %[[ONE]]) -> (vector<16x16xf32>)
// CHECK: arith.mulf %{{.*}}, %[[P]] : vector<16x16xf32>
// IN-ORDER-LABEL: func.func @row_product
// IN-ORDER-NOT: iter_args({{.*}}) -> (vector<16x16xf32>)
func.func @row_product(%x: tensor<64x128xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %1 = arith.mulf %acc, %a : f32
    linalg.yield %1 : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A single row: k in steps of 64, whose partial sums (four registers,
// from -0) the loop keeps; after it they fold in halves to 16 lanes and
// across the lanes by a reassociated vector.reduction. By default the
// sum of one row stays a scalar loop (one chain of adds either way).

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @single_row_sum
// CHECK: %[[NEG_ZERO:.*]] = arith.constant dense<-0.000000e+00> : vector<1x64xf32>
// CHECK: %[[PARTIAL:.*]] = scf.for %{{.*}} = %c0 to %c4096 step %c64 iter_args(%[[P:.*]] = %[[NEG_ZERO]]) -> (vector<1x64xf32>)
// CHECK: %[[ROW:.*]] = vector.extract %[[P]][0] : vector<64xf32> from vector<1x64xf32>
// CHECK: arith.addf %{{.*}}, %[[ROW]] : vector<64xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [32], strides = [1]} : vector<64xf32> to vector<32xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [32], sizes = [32], strides = [1]} : vector<64xf32> to vector<32xf32>
// CHECK: %[[HALVES:.*]] = arith.addf %{{.*}} : vector<32xf32>
// CHECK: vector.extract_strided_slice %[[HALVES]] {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: %[[LANES:.*]] = arith.addf %{{.*}} : vector<16xf32>
// CHECK: vector.reduction <add>, %[[LANES]], %{{.*}} fastmath<reassoc> : vector<16xf32> into f32
// IN-ORDER-LABEL: func.func @single_row_sum
// IN-ORDER-NOT: vector<
// IN-ORDER: linalg.generic
func.func @single_row_sum(%x: tensor<1x4096xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x4096xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %1 = arith.addf %acc, %a : f32
    linalg.yield %1 : f32
  } -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// RUN: axle-opt %s --split-input-file --axle-legalize-chlo | FileCheck %s --implicit-check-not=chlo.

// top_k: sort values with an iota, descending, stable, total order; slice.
// CHECK-LABEL: func.func @top_k
// CHECK-NOT: chlo.
// CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<5x3xi32>
// CHECK: %[[S:.*]]:2 = "stablehlo.sort"(%arg0, %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}>
// CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}}, TOTALORDER
// CHECK: stablehlo.slice %[[S]]#0 [0:5, 0:2]
// CHECK: stablehlo.slice %[[S]]#1 [0:5, 0:2]
func.func @top_k(%x: tensor<5x3xf32>) -> (tensor<5x2xf32>, tensor<5x2xi32>) {
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  return %values, %indices : tensor<5x2xf32>, tensor<5x2xi32>
}

// -----

// Unsigned integers compare unsigned.
// CHECK-LABEL: func.func @top_k_unsigned
// CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}}, UNSIGNED
func.func @top_k_unsigned(%x: tensor<6xui8>) -> tensor<3xui8> {
  %values, %indices = chlo.top_k(%x, k = 3) : tensor<6xui8> -> (tensor<3xui8>, tensor<3xi32>)
  return %values : tensor<3xui8>
}

// -----

// ragged_dot with a ragged non-contracting dimension: per-group masked
// copies of the lhs, a dot_general batched over the group, summed.
// CHECK-LABEL: func.func @ragged_dot_rows
// CHECK-NOT: chlo.
// CHECK: stablehlo.iota
// CHECK: stablehlo.select {{.*}} : tensor<3x2x11x5xi1>, tensor<3x2x11x5xf32>
// CHECK: stablehlo.dot_general {{.*}}, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, HIGHEST] : (tensor<3x2x11x5xf32>, tensor<3x2x5x7xf32>) -> tensor<3x2x11x7xf32>
// CHECK: stablehlo.reduce({{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<3x2x11x7xf32>, tensor<f32>) -> tensor<2x11x7xf32>
func.func @ragged_dot_rows(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %sizes: tensor<3xi64>) -> tensor<2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]} : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

// Ragged contracting dimension: the group is the leading batch dimension.
// CHECK-LABEL: func.func @ragged_dot_contracting
// CHECK-NOT: chlo.
// CHECK: stablehlo.dot_general {{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x6xf32>, tensor<2x6x4xf32>) -> tensor<2x3x4xf32>
func.func @ragged_dot_contracting(%lhs: tensor<3x6xf32>, %rhs: tensor<6x4xf32>, %sizes: tensor<2xi32>) -> tensor<2x3x4xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>} : (tensor<3x6xf32>, tensor<6x4xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Ragged batch dimension: a plain dot_general.
// CHECK-LABEL: func.func @ragged_dot_batch
// CHECK-NOT: chlo.
// CHECK-NEXT: %[[R:.*]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @ragged_dot_batch(%lhs: tensor<5x2x3xf32>, %rhs: tensor<5x3x4xf32>, %sizes: tensor<2xi32>) -> tensor<5x2x4xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>, tensor<2xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// scan: a while loop over (i, inputs, carries, outputs); each step slices
// the inputs, runs the body and writes the outputs back.
// CHECK-LABEL: func.func @scan
// CHECK-NOT: chlo.
// CHECK: stablehlo.while
// CHECK: stablehlo.compare LT
// CHECK: stablehlo.dynamic_slice
// CHECK: stablehlo.reshape {{.*}} : (tensor<1x4xf32>) -> tensor<4xf32>
// CHECK: stablehlo.add
// CHECK: stablehlo.dynamic_update_slice
// CHECK: stablehlo.return
func.func @scan(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>) {
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 attributes {is_reverse = true} {
  ^bb0(%input: tensor<4xf32>, %carry: tensor<4xf32>):
    %1 = stablehlo.add %input, %carry : tensor<4xf32>
    stablehlo.return %1, %1 : tensor<4xf32>, tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<4xf32>
}

// -----

// chlo ops in a scan body are decomposed too.
// CHECK-LABEL: func.func @scan_nested
// CHECK-NOT: chlo.
// CHECK: stablehlo.while
// CHECK: stablehlo.atan2
func.func @scan_nested(%x: tensor<3xf32>, %c: tensor<f32>) -> tensor<f32> {
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%input: tensor<f32>, %carry: tensor<f32>):
    %1 = chlo.asin %input : tensor<f32> -> tensor<f32>
    %2 = stablehlo.add %1, %carry : tensor<f32>
    stablehlo.return %2, %2 : tensor<f32>, tensor<f32>
  } : (tensor<3xf32>, tensor<f32>) -> (tensor<3xf32>, tensor<f32>)
  return %0#1 : tensor<f32>
}

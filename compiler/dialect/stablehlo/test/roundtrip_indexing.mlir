// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file | axle-opt --split-input-file | FileCheck %s

// Slices print their ranges as start:limit[:stride]; a stride of 1 is left
// out.
// CHECK-LABEL: func.func @slices
func.func @slices(%x: tensor<3x4xf32>, %i: tensor<i32>, %j: tensor<i32>, %u: tensor<1x2xf32>) -> tensor<2x2xf32> {
  // CHECK: stablehlo.slice %arg0 [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  %0 = stablehlo.slice %x [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  // CHECK: stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %1 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  // CHECK: stablehlo.dynamic_update_slice %arg0, %arg3, %arg1, %arg2 : (tensor<3x4xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  %2 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x4xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Quantized tensors slice like any other; dynamic operand dimensions allow
// any in-range bounds.
// CHECK-LABEL: func.func @slices_quantized_dynamic
func.func @slices_quantized_dynamic(%x: tensor<?x4x!quant.uniform<i8:f32, 0.5:3>>, %s: tensor<2xi32>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5:3>> {
  // CHECK: stablehlo.slice %arg0 [0:5, 1:4] : (tensor<?x4x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<5x3x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %0 = stablehlo.slice %x [0:5, 1:4] : (tensor<?x4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<5x3x!quant.uniform<i8:f32, 0.5:3>>
  // CHECK: stablehlo.real_dynamic_slice %arg0, %arg1, %arg1, %arg1 : (tensor<?x4x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %1 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?x4x!quant.uniform<i8:f32, 0.5:3>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5:3>>
  return %1 : tensor<?x?x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// gather, dynamic_gather and scatter have no pretty form; their dimension
// numbers print as keyword lists that leave out empty lists.
// CHECK-LABEL: func.func @gathers
func.func @gathers(%x: tensor<3x4x2xf32>, %idx: tensor<2x3x2xi64>, %sizes: tensor<3xi64>) -> tensor<2x3x?x?xf32> {
  // CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  %0 = "stablehlo.gather"(%x, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  // CHECK: "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x?x?xf32>
  %1 = "stablehlo.dynamic_gather"(%x, %idx, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x?x?xf32>
  return %1 : tensor<2x3x?x?xf32>
}

// -----

// The specification's gather example, with batching dimensions.
// CHECK-LABEL: func.func @gather_batching
func.func @gather_batching(%x: tensor<2x3x4x2xi32>, %idx: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  %0 = "stablehlo.gather"(%x, %idx) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [3, 4],
      collapsed_slice_dims = [1],
      operand_batching_dims = [0],
      start_indices_batching_dims = [1],
      start_index_map = [2, 1],
      index_vector_dim = 3>,
    slice_sizes = array<i64: 1, 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// CHECK-LABEL: func.func @scatter
func.func @scatter(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
  // CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<f32>
  // CHECK-NEXT: stablehlo.return %[[S]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  %0 = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = true} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Two inputs scattered together, with batching dimensions; the update
// computation may widen the element type (is_promotable).
// CHECK-LABEL: func.func @scatter_variadic
func.func @scatter_variadic(%x: tensor<2x3x4xf16>, %y: tensor<2x3x4xi32>, %idx: tensor<2x5x1xi64>, %u: tensor<2x5x4xf16>, %v: tensor<2x5x4xi32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi32>) {
  // CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true}> ({
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>):
  // CHECK: }) : (tensor<2x3x4xf16>, tensor<2x3x4xi32>, tensor<2x5x1xi64>, tensor<2x5x4xf16>, tensor<2x5x4xi32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi32>)
  %0:2 = "stablehlo.scatter"(%x, %y, %idx, %u, %v) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    stablehlo.return %c, %d : tensor<f32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true} : (tensor<2x3x4xf16>, tensor<2x3x4xi32>, tensor<2x5x1xi64>, tensor<2x5x4xf16>, tensor<2x5x4xi32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi32>)
  return %0#0, %0#1 : tensor<2x3x4xf32>, tensor<2x3x4xi32>
}

// -----

// CHECK-LABEL: func.func @torch_index_select
func.func @torch_index_select(%x: tensor<5x3x4xf32>, %idx: tensor<5x2xi32>) -> tensor<5x2x4xf32> {
  // CHECK: "stablehlo.torch_index_select"(%arg0, %arg1) <{batch_dims = 1 : i64, dim = 1 : i64}> : (tensor<5x3x4xf32>, tensor<5x2xi32>) -> tensor<5x2x4xf32>
  %0 = "stablehlo.torch_index_select"(%x, %idx) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<5x3x4xf32>, tensor<5x2xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

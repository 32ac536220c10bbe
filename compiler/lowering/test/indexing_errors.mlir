// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

// Cases the indexing lowering rejects: one error from the lowering naming
// the op and the reason, before any IR is built.

func.func @scatter_region_not_elementwise(%input: tensor<4xf32>, %indices: tensor<1x1xi32>, %updates: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.scatter': its region contains 'stablehlo.reshape', which is not elementwise}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.reshape %b : (tensor<f32>) -> tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
                                                     scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<4xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_dynamic(%keys: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.sort': needs static shapes and element types the lowering knows}}
  %0 = "stablehlo.sort"(%keys) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @gather_dynamic(%operand: tensor<?x4xf32>, %indices: tensor<3x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.gather': needs static shapes and element types the lowering knows}}
  %0 = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                                          start_index_map = [1], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2>
  } : (tensor<?x4xf32>, tensor<3x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

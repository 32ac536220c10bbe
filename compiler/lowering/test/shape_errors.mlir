// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

// Shape ops need static shapes; the conversion then reports the op as not
// legalized.

func.func @transpose_dynamic(%a: tensor<?x3xf32>) -> tensor<3x?xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.transpose': needs static shapes}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<?x3xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

func.func @dynamic_update_slice_dynamic(%a: tensor<?xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<?xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.dynamic_update_slice': needs static shapes}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<?xf32>, tensor<2xf32>, tensor<i32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @reverse_bounded(%a: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.reverse': needs static shapes}}
  %0 = stablehlo.reverse %a, dims = [0] : tensor<?xf32, #stablehlo.bounds<4>>
  return %0 : tensor<?xf32, #stablehlo.bounds<4>>
}

// -----

// get_dimension_size only needs the dimension it asks about.
func.func @get_dimension_size_dynamic(%a: tensor<?x3xf32>) -> tensor<i32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.get_dimension_size': needs a static dimension size}}
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// No element to select from, yet a non-empty result.
func.func @torch_index_select_empty_dim(%a: tensor<4x0xf32>, %i: tensor<3xi32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.torch_index_select': selects from an empty dimension}}
  %0 = "stablehlo.torch_index_select"(%a, %i) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<4x0xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

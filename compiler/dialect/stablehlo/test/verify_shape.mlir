// RUN: axle-opt %s --split-input-file --verify-diagnostics

func.func @constant_type() -> tensor<3xf32> {
  // expected-error @+1 {{literal of type 'tensor<2xf32>' does not match the result type 'tensor<3xf32>'}}
  %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @iota_dimension() -> tensor<4xi32> {
  // expected-error @+1 {{iota_dimension 1 is out of range for rank 1}}
  %0 = stablehlo.iota dim = 1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @dynamic_iota_shape_size(%s: tensor<3xi32>) -> tensor<?x?xi32> {
  // expected-error @+1 {{output_shape must have 2 elements}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

func.func @broadcast_dims_count(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions has 2 entries but the operand has rank 1}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dims_range(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dims_unique(%x: tensor<1x1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions has repeated entry 1}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<1x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_sizes(%x: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand dimension 0 of size 2 cannot broadcast to result dimension 1 of size 3}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_element_type(%x: tensor<3xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{result element type 'f16' must match the operand element type 'f32'}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @dynamic_broadcast_known_dims(%x: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<?x3xf32> {
  // expected-error @+1 {{known_expanding_dimensions + known_nonexpanding_dimensions has repeated entry 0}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1], expanding = [0], nonexpanding = [0] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @dynamic_broadcast_output_dims(%x: tensor<3xf32>, %s: tensor<3xi64>) -> tensor<?x3xf32> {
  // expected-error @+1 {{output_dimensions must have 2 elements}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<3xi64>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @broadcast_legacy(%x: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{result shape must be broadcast_sizes followed by the operand shape}}
  %0 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reshape_size(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{operand has 6 elements but result has 5}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @reshape_per_axis(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<6x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>> {
  // expected-error @+1 {{reshape must keep the quantization dimension}}
  %0 = stablehlo.reshape %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<6x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>
  return %0 : tensor<6x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>
}

// -----

func.func @dynamic_reshape_shape_operand(%x: tensor<6xf32>, %s: tensor<3xi32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{output_shape must have 2 elements}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<3xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @transpose_not_permutation(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{permutation has 1 entries but the operand has rank 2}}
  %0 = stablehlo.transpose %x, dims = [1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_result_shape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result shape must be the operand shape permuted}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_dims(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimensions has repeated entry 0}}
  %0 = stablehlo.reverse %x, dims = [0, 0] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concatenate_dimension(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{dimension 2 is out of range for rank 2}}
  %0 = stablehlo.concatenate %x, %x, dim = 2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @concatenate_shapes(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{input 1 differs from input 0 in dimension 1}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @concatenate_result(%x: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{result shape is incompatible with the inputs}}
  %0 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @concatenate_types(%x: tensor<2x3xf32>, %y: tensor<2x3xf16>) -> tensor<4x3xf32> {
  // expected-error @+1 {{input 1 has a different element type}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @pad_sizes(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{edge_padding_low, edge_padding_high and interior_padding must have 2 entries}}
  %0 = stablehlo.pad %x, %v, low = [0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_interior(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{interior_padding must be non-negative, got -1 in dimension 1}}
  %0 = stablehlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, -1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_result(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result dimension 1 must be 6, got 3}}
  %0 = stablehlo.pad %x, %v, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_value_rank(%x: tensor<2x3xf32>, %v: tensor<1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{padding_value must be a 0-dimensional tensor}}
  %0 = stablehlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @get_dimension_size(%x: tensor<2x3xf32>) -> tensor<i32> {
  // expected-error @+1 {{dimension 2 is out of range for rank 2}}
  %0 = stablehlo.get_dimension_size %x, dim = 2 : (tensor<2x3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_tuple_element_index(%t: tuple<tensor<f32>>) -> tensor<f32> {
  // expected-error @+1 {{index 1 is out of range for a tuple of 1 elements}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @get_tuple_element_type(%t: tuple<tensor<f32>>) -> tensor<i32> {
  // expected-error @+1 {{result type must be 'tensor<f32>', got 'tensor<i32>'}}
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @tuple_type(%x: tensor<f32>) -> tuple<tensor<i32>> {
  // expected-error @+1 {{must be the tuple of the operand types}}
  %0 = "stablehlo.tuple"(%x) : (tensor<f32>) -> tuple<tensor<i32>>
  return %0 : tuple<tensor<i32>>
}

// -----

func.func @quantize_expressed(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f16, 0.5>> {
  // expected-error @+1 {{result expressed type must be 'f32', got 'f16'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f16, 0.5>>
  return %0 : tensor<2x!quant.uniform<i8:f16, 0.5>>
}

// -----

func.func @dequantize_expressed(%x: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf16> {
  // expected-error @+1 {{result element type must be the expressed type 'f32', got 'f16'}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

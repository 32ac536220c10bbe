// RUN: axle-opt %s --split-input-file --verify-diagnostics

// slice (C1): element_type(operand) = element_type(result).
func.func @slice_c1(%x: tensor<3x4xf32>) -> tensor<2x2xf16> {
  // expected-error @+1 {{result element type 'f16' must match the operand element type 'f32'}}
  %0 = stablehlo.slice %x [1:3, 0:2] : (tensor<3x4xf32>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// -----

// slice (C2): one start, limit and stride per operand dimension.
func.func @slice_c2(%x: tensor<3x4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{start_indices, limit_indices and strides must have one entry per operand dimension (2), got 1, 1 and 1}}
  %0 = stablehlo.slice %x [1:3] : (tensor<3x4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// slice (C3): start_indices <= limit_indices.
func.func @slice_c3_order(%x: tensor<3x4xf32>) -> tensor<0x2xf32> {
  // expected-error @+1 {{dimension 0: requires 0 <= start (2) <= limit (1) <= size (3)}}
  %0 = stablehlo.slice %x [2:1, 0:2] : (tensor<3x4xf32>) -> tensor<0x2xf32>
  return %0 : tensor<0x2xf32>
}

// -----

// slice (C3): limit_indices <= shape(operand).
func.func @slice_c3_limit(%x: tensor<3x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimension 1: requires 0 <= start (2) <= limit (5) <= size (4)}}
  %0 = stablehlo.slice %x [1:3, 2:5] : (tensor<3x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// slice (C3): 0 <= start_indices.
func.func @slice_c3_negative(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{dimension 0: requires 0 <= start (-1) <= limit (2) <= size (3)}}
  %0 = stablehlo.slice %x [-1:2, 0:2] : (tensor<3x4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// slice (C4): 0 < strides.
func.func @slice_c4(%x: tensor<3x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{dimension 1: stride must be positive, got 0}}
  %0 = stablehlo.slice %x [1:3, 0:2:0] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// slice (C5): shape(result) = ceil((limit - start) / strides); here [2, 2].
func.func @slice_c5(%x: tensor<3x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result shape [2, 3] is incompatible with the expected shape [2, 2]}}
  %0 = stablehlo.slice %x [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// slice: a dynamic operand dimension bounds nothing; ceil(5 / 2) = 3.
func.func @slice_valid(%x: tensor<?x4xf32>) -> tensor<3x?xf32> {
  %0 = stablehlo.slice %x [0:5:2, 1:4] : (tensor<?x4xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// dynamic_slice (C1): element_type(operand) = element_type(result).
func.func @dynamic_slice_c1(%x: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{result element type 'i64' must match the operand element type 'i32'}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// dynamic_slice (C2): size(start_indices) = rank(operand).
func.func @dynamic_slice_c2_indices(%x: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x2xi32> {
  // expected-error @+1 {{requires one start index per operand dimension (2), got 1}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// dynamic_slice (C2): size(slice_sizes) = rank(operand).
func.func @dynamic_slice_c2_sizes(%x: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2xi32> {
  // expected-error @+1 {{slice_sizes must have one entry per operand dimension (2), got 1}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// dynamic_slice (C3): same(type(start_indices...)).
func.func @dynamic_slice_c3(%x: tensor<4x4xi32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x2xi32> {
  // expected-error @+1 {{start indices must all have the same type, got 'tensor<i64>' and 'tensor<i32>'}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// dynamic_slice (C4): slice_sizes <= shape(operand).
func.func @dynamic_slice_c4(%x: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x5xi32> {
  // expected-error @+1 {{slice_sizes [2, 5] must be non-negative and fit in the operand shape [4, 4] (dimension 1)}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 5] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

// -----

// dynamic_slice (C5): shape(result) = slice_sizes.
func.func @dynamic_slice_c5(%x: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x3xi32> {
  // expected-error @+1 {{result shape [2, 3] is incompatible with the expected shape [2, 2]}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// dynamic_slice: quantized operands and a dynamic result dimension.
func.func @dynamic_slice_valid(%x: tensor<?x4x!quant.uniform<i8:f32, 0.5>>, %i: tensor<i32>) -> tensor<?x4x!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 4] : (tensor<?x4x!quant.uniform<i8:f32, 0.5>>, tensor<i32>, tensor<i32>) -> tensor<?x4x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<?x4x!quant.uniform<i8:f32, 0.5>>
}

// -----

// dynamic_update_slice (C1): type(operand) = type(result).
func.func @dynamic_update_slice_c1(%x: tensor<4x4xi32>, %u: tensor<2x2xi32>, %i: tensor<i64>) -> tensor<4x5xi32> {
  // expected-error @+1 {{result shape [4, 5] is incompatible with the expected shape [4, 4]}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

// -----

// dynamic_update_slice (C2): element_type(update) = element_type(operand).
func.func @dynamic_update_slice_c2(%x: tensor<4x4xi32>, %u: tensor<2x2xi8>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{update element type 'i8' must match the operand element type 'i32'}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xi32>, tensor<2x2xi8>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// dynamic_update_slice (C3): rank(update) = rank(operand).
func.func @dynamic_update_slice_c3(%x: tensor<4x4xi32>, %u: tensor<2xi32>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{update rank 1 must match the operand rank 2}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xi32>, tensor<2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// dynamic_update_slice (C4): size(start_indices) = rank(operand).
func.func @dynamic_update_slice_c4(%x: tensor<4x4xi32>, %u: tensor<2x2xi32>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{requires one start index per operand dimension (2), got 3}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i, %i : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// dynamic_update_slice (C5): same(type(start_indices...)).
func.func @dynamic_update_slice_c5(%x: tensor<4x4xi32>, %u: tensor<2x2xi32>, %i: tensor<i64>, %j: tensor<ui64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{start indices must all have the same type, got 'tensor<i64>' and 'tensor<ui64>'}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<ui64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// dynamic_update_slice (C6): shape(update) <= shape(operand).
func.func @dynamic_update_slice_c6(%x: tensor<4x4xi32>, %u: tensor<5x2xi32>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{update shape [5, 2] must be non-negative and fit in the operand shape [4, 4] (dimension 0)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xi32>, tensor<5x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// dynamic_update_slice: dynamic sizes are compatible with static ones.
func.func @dynamic_update_slice_valid(%x: tensor<?x4xi32>, %u: tensor<7x?xi32>, %i: tensor<i64>) -> tensor<8x4xi32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<?x4xi32>, tensor<7x?xi32>, tensor<i64>, tensor<i64>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

// -----

// real_dynamic_slice: one start, limit and stride per operand dimension.
func.func @real_dynamic_slice_count(%x: tensor<4x4xf32>, %s: tensor<2xi32>, %t: tensor<3xi32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{limit_indices must have one entry per operand dimension (2), got 3}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %t, %s : (tensor<4x4xf32>, tensor<2xi32>, tensor<3xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// real_dynamic_slice: the result has the operand's rank.
func.func @real_dynamic_slice_rank(%x: tensor<4x4xf32>, %s: tensor<2xi32>) -> tensor<?xf32> {
  // expected-error @+1 {{result rank 1 must match the operand rank 2}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<4x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// real_dynamic_slice: the result has the operand's element type.
func.func @real_dynamic_slice_element(%x: tensor<4x4xf32>, %s: tensor<2xi32>) -> tensor<?x?xf64> {
  // expected-error @+1 {{result element type 'f64' must match the operand element type 'f32'}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<4x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// -----

// real_dynamic_slice: constant strides must be positive, as slice's (C4).
func.func @real_dynamic_slice_stride(%x: tensor<4x4xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %strides = stablehlo.constant dense<[1, -1]> : tensor<2xi32>
  // expected-error @+1 {{dimension 1: stride must be positive, got -1}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %strides : (tensor<4x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// real_dynamic_slice: constant bounds must be in order, as slice's (C3).
func.func @real_dynamic_slice_bounds(%x: tensor<4x4xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %start = stablehlo.constant dense<[0, 3]> : tensor<2xi32>
  %limit = stablehlo.constant dense<[4, 2]> : tensor<2xi32>
  // expected-error @+1 {{dimension 1: requires 0 <= start (3) <= limit (2) <= size (4)}}
  %0 = stablehlo.real_dynamic_slice %x, %start, %limit, %s : (tensor<4x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// real_dynamic_slice: with constant operands the result shape is known, as
// slice's (C5); here ceil(4 / 2) = 2 and ceil(3 / 1) = 3.
func.func @real_dynamic_slice_shape(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %start = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %limit = stablehlo.constant dense<[4, 4]> : tensor<2xi32>
  %strides = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  // expected-error @+1 {{result shape [2, 2] is incompatible with the expected shape [2, 3]}}
  %0 = stablehlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<4x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// real_dynamic_slice: run-time bounds leave the result sizes open.
func.func @real_dynamic_slice_valid(%x: tensor<?x4xf32>, %s: tensor<2xi32>) -> (tensor<?x2xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  %start = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %limit = stablehlo.constant dense<[4, 4]> : tensor<2xi32>
  %strides = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %1 = stablehlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<?x2xf32>, tensor<2x3xf32>
}

// -----

// gather (C1): rank(operand) = size(offset_dims) + size(collapsed_slice_dims) +
// size(operand_batching_dims).
func.func @gather_c1(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{operand rank 3 must equal size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims) = 2 + 0 + 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C2): 0 <= index_vector_dim <= rank(start_indices).
func.func @gather_c2(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{index_vector_dim 4 is out of range [0, 3]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 4>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C3): size(start_index_map) = dim(start_indices, index_vector_dim).
func.func @gather_c3(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{start_index_map has 1 entries but the index vectors have size 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C4): is_unique(offset_dims).
func.func @gather_c4_unique(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{offset_dims has repeated entry 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C4): is_sorted(offset_dims).
func.func @gather_c4_sorted(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{offset_dims must be sorted, got [3, 2]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C5): 0 <= offset_dims < rank(result).
func.func @gather_c5(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{offset_dims entry 4 is out of range [0, 4)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 4], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C6): is_unique(concatenate(collapsed_slice_dims, operand_batching_dims)).
func.func @gather_c6(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{collapsed_slice_dims and operand_batching_dims both contain dimension 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C6): no repeats within collapsed_slice_dims.
func.func @gather_c6_repeat(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{collapsed_slice_dims has repeated entry 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0, 0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C7): is_sorted(collapsed_slice_dims).
func.func @gather_c7(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{collapsed_slice_dims must be sorted, got [1, 0]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C8): 0 <= collapsed_slice_dims < rank(operand).
func.func @gather_c8(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{collapsed_slice_dims entry 3 is out of range [0, 3)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C9): slice_sizes[collapsed_slice_dims...] <= 1.
func.func @gather_c9(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{slice size of dimension 0 in collapsed_slice_dims must be at most 1, got 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C10): is_sorted(operand_batching_dims).
func.func @gather_c10(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{operand_batching_dims must be sorted, got [2, 1]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [2, 1], start_indices_batching_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C11): 0 <= operand_batching_dims < rank(operand).
func.func @gather_c11(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{operand_batching_dims entry 5 is out of range [0, 3)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [5], start_indices_batching_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C12): slice_sizes[operand_batching_dims...] <= 1.
func.func @gather_c12(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{slice size of dimension 0 in operand_batching_dims must be at most 1, got 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 2, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather (C13): is_unique(start_indices_batching_dims).
func.func @gather_c13(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{start_indices_batching_dims has repeated entry 1}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1, 1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather (C14): 0 <= start_indices_batching_dims < rank(start_indices).
func.func @gather_c14(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{start_indices_batching_dims entry 4 is out of range [0, 4)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [4], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather (C15): index_vector_dim not in start_indices_batching_dims.
func.func @gather_c15(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{index_vector_dim 3 must not be in start_indices_batching_dims}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [3], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather (C16): size(operand_batching_dims) == size(start_indices_batching_dims).
func.func @gather_c16(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{operand_batching_dims and start_indices_batching_dims must have the same size, got 1 and 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather (C17): dim(operand, operand_batching_dims...) =
// dim(start_indices, start_indices_batching_dims...).
func.func @gather_c17(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{operand batching dimension 0 (size 2) must match start_indices batching dimension 2 (size 3)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather (C18): is_unique(concatenate(start_index_map, operand_batching_dims)).
func.func @gather_c18(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{start_index_map and operand_batching_dims both contain dimension 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather (C18): no repeats within start_index_map.
func.func @gather_c18_repeat(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{start_index_map has repeated entry 1}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C19): 0 <= start_index_map < rank(operand).
func.func @gather_c19(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{start_index_map entry 3 is out of range [0, 3)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 3], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C20): size(slice_sizes) = rank(operand).
func.func @gather_c20(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{slice_sizes must have one entry per operand dimension (3), got 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C21): 0 <= slice_sizes <= shape(operand).
func.func @gather_c21(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x5x2xf32> {
  // expected-error @+1 {{slice_sizes [1, 5, 2] must be non-negative and fit in the operand shape [3, 4, 2] (dimension 1)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 5, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x5x2xf32>
  return %0 : tensor<2x3x5x2xf32>
}

// -----

// gather (C22): the result has the batch and offset dimensions.
func.func @gather_c22_rank(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2x1xf32> {
  // expected-error @+1 {{result must have rank 4 (shape [2, 3, 2, 2]), got 'tensor<2x3x2x2x1xf32>'}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2x1xf32>
  return %0 : tensor<2x3x2x2x1xf32>
}

// -----

// gather (C22): shape(result) = combine(batch_dim_sizes, offset_dim_sizes).
func.func @gather_c22_shape(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x3xf32> {
  // expected-error @+1 {{result shape [2, 3, 2, 3] is incompatible with the expected shape [2, 3, 2, 2]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x3xf32>
  return %0 : tensor<2x3x2x3xf32>
}

// -----

// gather (C22): offset dimensions go where offset_dims says, batch
// dimensions fill the rest in order: [2, 2, 3, 2] here.
func.func @gather_c22_combine(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{result shape [2, 3, 2, 2] is incompatible with the expected shape [2, 2, 3, 2]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// gather (C23): element_type(operand) = element_type(result).
func.func @gather_c23(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf16> {
  // expected-error @+1 {{result element type 'f16' must match the operand element type 'f32'}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf16>
  return %0 : tensor<2x3x2x2xf16>
}

// -----

// gather: dynamic sizes are compatible with any, and index_vector_dim may be
// rank(start_indices) (implicit index vectors of size 1).
func.func @gather_valid_dynamic(%x: tensor<?x4x2xf32>, %i: tensor<?xi32>) -> tensor<?x3x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 2>} : (tensor<?x4x2xf32>, tensor<?xi32>) -> tensor<?x3x2xf32>
  return %0 : tensor<?x3x2xf32>
}

// -----

// gather: the specification's example, with batching dimensions.
func.func @gather_valid_batching(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// gather: quantized operands.
func.func @gather_valid_quantized(%x: tensor<3x4x2x!quant.uniform<i8:f32, 0.5:-3>>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2x!quant.uniform<i8:f32, 0.5:-3>> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x3x2xi64>) -> tensor<2x3x2x2x!quant.uniform<i8:f32, 0.5:-3>>
  return %0 : tensor<2x3x2x2x!quant.uniform<i8:f32, 0.5:-3>>
}

// -----

// dynamic_gather (C11): size(slice_sizes) = rank(operand), from its type.
func.func @dynamic_gather_c11(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>, %s: tensor<2xi64>) -> tensor<2x3x?x?xf32> {
  // expected-error @+1 {{slice_sizes must have one entry per operand dimension (3), got 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>, tensor<2xi64>) -> tensor<2x3x?x?xf32>
  return %0 : tensor<2x3x?x?xf32>
}

// -----

// dynamic_gather (C8): constant slice sizes of collapsed dimensions are at
// most 1.
func.func @dynamic_gather_c8(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x?x?xf32> {
  %s = stablehlo.constant dense<[2, 2, 2]> : tensor<3xi64>
  // expected-error @+1 {{slice size of dimension 0 in collapsed_slice_dims must be at most 1, got 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x?x?xf32>
  return %0 : tensor<2x3x?x?xf32>
}

// -----

// dynamic_gather (C13): constant slice sizes fix the offset dimensions.
func.func @dynamic_gather_c13(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x3x2xf32> {
  %s = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  // expected-error @+1 {{result shape [2, 3, 3, 2] is incompatible with the expected shape [2, 3, 2, 2]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x3x2xf32>
  return %0 : tensor<2x3x3x2xf32>
}

// -----

// dynamic_gather (C13): run-time slice sizes leave only the batch dimensions
// to check.
func.func @dynamic_gather_c13_batch(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>, %s: tensor<3xi64>) -> tensor<2x4x?x?xf32> {
  // expected-error @+1 {{result shape [2, 4, ?, ?] is incompatible with the expected shape [2, 3, ?, ?]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x4x?x?xf32>
  return %0 : tensor<2x4x?x?xf32>
}

// -----

// dynamic_gather: the specification's example; run-time slice sizes may be
// declared statically.
func.func @dynamic_gather_valid(%x: tensor<3x4x2xi64>, %i: tensor<2x3x2xi64>, %s: tensor<3xi64>) -> tensor<2x3x2x2xi64> {
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %0 : tensor<2x3x2x2xi64>
}

// -----

// scatter (C1): same(shape(inputs...)).
func.func @scatter_c1(%in0: tensor<3x4xf32>, %in1: tensor<3x5xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>, %up1: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>) {
  // expected-error @+1 {{inputs must have the same shape, got 'tensor<3x4xf32>' and 'tensor<3x5xf32>'}}
  %0:2 = "stablehlo.scatter"(%in0, %in1, %idx, %up0, %up1) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>, %a3: tensor<f32>):
    stablehlo.return %a2, %a3 : tensor<f32>, tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x5xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x5xf32>
}

// -----

// scatter (C2): rank(inputs[0]) = size(update_window_dims) +
// size(inserted_window_dims) + size(input_batching_dims).
func.func @scatter_c2(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{input rank 2 must equal size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims) = 1 + 0 + 0}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C3): same(shape(updates...)).
func.func @scatter_c3(%in0: tensor<3x4xf32>, %in1: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>, %up1: tensor<2x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  // expected-error @+1 {{updates must have the same shape, got 'tensor<2x4xf32>' and 'tensor<2x3xf32>'}}
  %0:2 = "stablehlo.scatter"(%in0, %in1, %idx, %up0, %up1) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>, %a3: tensor<f32>):
    stablehlo.return %a2, %a3 : tensor<f32>, tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// scatter (C4): updates have the scatter and the window dimensions.
func.func @scatter_c4_rank(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4x1xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{updates must have rank 2 (scatter dimensions [2] plus window dimensions), got 'tensor<2x4x1xf32>'}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4x1xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C4): update_scatter_dim_sizes = shape(scatter_indices) without
// index_vector_dim.
func.func @scatter_c4_scatter_dims(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update scatter dimension 0 (size 3) must match the scatter indices, which give shape [2]}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C4): update_window_dim_sizes <= the input's window dimensions.
func.func @scatter_c4_window_dims(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x5xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update window dimension 1 (size 5) exceeds the input dimension size 4}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C5): 0 < size(inputs).
func.func @scatter_c5(%idx: tensor<2x1xi32>) {
  // expected-error @+1 {{requires at least one input}}
  "stablehlo.scatter"(%idx) ({
  ^bb0:
    stablehlo.return
  }) {scatter_dimension_numbers = #stablehlo.scatter<index_vector_dim = 1>} : (tensor<2x1xi32>) -> ()
  return
}

// -----

// scatter (C6): element_type(updates...) = element_type(inputs...).
func.func @scatter_c6(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf16>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update element type 'f16' must match the input element type 'f32'}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf16>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C7): is_unique(update_window_dims).
func.func @scatter_c7_unique(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update_window_dims has repeated entry 1}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C7): is_sorted(update_window_dims).
func.func @scatter_c7_sorted(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update_window_dims must be sorted, got [1, 0]}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 0], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C8): 0 <= update_window_dims < rank(updates[0]).
func.func @scatter_c8(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update_window_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C9): is_unique(concatenate(inserted_window_dims, input_batching_dims)).
func.func @scatter_c9(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{inserted_window_dims and input_batching_dims both contain dimension 0}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C10): is_sorted(inserted_window_dims).
func.func @scatter_c10(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{inserted_window_dims must be sorted, got [1, 0]}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C11): 0 <= inserted_window_dims < rank(inputs[0]).
func.func @scatter_c11(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{inserted_window_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C12): is_sorted(input_batching_dims).
func.func @scatter_c12(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{input_batching_dims must be sorted, got [1, 0]}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C13): 0 <= input_batching_dims < rank(inputs[0]).
func.func @scatter_c13(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{input_batching_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [2], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C14): is_unique(scatter_indices_batching_dims).
func.func @scatter_c14(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{scatter_indices_batching_dims has repeated entry 0}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C15): 0 <= scatter_indices_batching_dims < rank(scatter_indices).
func.func @scatter_c15(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{scatter_indices_batching_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C16): index_vector_dim not in scatter_indices_batching_dims.
func.func @scatter_c16(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{index_vector_dim 1 must not be in scatter_indices_batching_dims}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C17): size(input_batching_dims) == size(scatter_indices_batching_dims).
func.func @scatter_c17(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{input_batching_dims and scatter_indices_batching_dims must have the same size, got 0 and 1}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C18): dim(inputs[0], input_batching_dims...) =
// dim(scatter_indices, scatter_indices_batching_dims...).
func.func @scatter_c18(%in0: tensor<2x3x4xf32>, %idx: tensor<2x5x1xi64>, %up0: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{input batching dimension 0 (size 2) must match scatter_indices batching dimension 1 (size 5)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// scatter (C19): size(scatter_dims_to_operand_dims) =
// dim(scatter_indices, index_vector_dim).
func.func @scatter_c19(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims has 2 entries but the index vectors have size 1}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C20): is_unique(concatenate(scatter_dims_to_operand_dims,
// input_batching_dims)).
func.func @scatter_c20(%in0: tensor<2x3x4xf32>, %idx: tensor<2x5x1xi64>, %up0: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims and input_batching_dims both contain dimension 0}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// scatter (C20): no repeats within scatter_dims_to_operand_dims.
func.func @scatter_c20_repeat(%in0: tensor<3x4xf32>, %idx: tensor<2x2xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims has repeated entry 0}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x2xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C21): 0 <= scatter_dims_to_operand_dims < rank(inputs[0]).
func.func @scatter_c21(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [2], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C22): 0 <= index_vector_dim <= rank(scatter_indices).
func.func @scatter_c22(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{index_vector_dim 3 is out of range [0, 2]}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C23): update_computation takes 2 * N arguments.
func.func @scatter_c23_arity(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update_computation must take 2 arguments}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>):
    stablehlo.return %a2 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C23): the arguments are 0-dimensional tensors.
func.func @scatter_c23_scalar(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update_computation argument 0 must be a 0-dimensional tensor, got 'tensor<1xf32>'}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<1xf32>, %a1: tensor<1xf32>):
    stablehlo.return %a1 : tensor<1xf32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C23): is_promotable(element_type(inputs[i]), Ei).
func.func @scatter_c23_promotable(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf16> {
  // expected-error @+1 {{update_computation argument 0 has element type 'f16', which cannot hold input element type 'f32'}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f16>, %a1: tensor<f16>):
    stablehlo.return %a1 : tensor<f16>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}

// -----

// scatter (C23): the update arguments have the same types as the
// accumulator arguments.
func.func @scatter_c23_second_half(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update_computation argument 1 must be 'tensor<f32>', got 'tensor<f16>'}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f16>):
    stablehlo.return %a0 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C23): update_computation returns (tensor<E0>, ..., tensor<EN-1>).
func.func @scatter_c23_return(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update_computation result 0 must be 'tensor<f32>', got 'tensor<f64>'}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    %c = stablehlo.convert %a0 : (tensor<f32>) -> tensor<f64>
    stablehlo.return %c : tensor<f64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter (C24): shape(inputs...) = shape(results...).
func.func @scatter_c24(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{result 0 shape [3, 5] must match the input shape [3, 4]}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// scatter (C25): element_type(results[i]) = Ei.
func.func @scatter_c25(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{result 0 element type 'f32' must match update_computation's 'f64'}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f64>, %a1: tensor<f64>):
    stablehlo.return %a1 : tensor<f64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter: one result per input.
func.func @scatter_results(%in0: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  // expected-error @+1 {{requires one result per input (1), got 2}}
  %0:2 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// scatter: batching dimensions and a promoting update computation.
func.func @scatter_valid_batching(%in0: tensor<2x3x4xf32>, %idx: tensor<2x5x1xi64>, %up0: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// scatter: dynamic sizes, and update windows smaller than the input's.
func.func @scatter_valid_dynamic(%in0: tensor<?x4xf32>, %idx: tensor<?x1xi32>, %up0: tensor<7x?xf32>) -> tensor<?x4xf32> {
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
    stablehlo.return %a1 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<?x4xf32>, tensor<?x1xi32>, tensor<7x?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// scatter: two inputs scattered together; f16 promotes to f32 in the
// computation.
func.func @scatter_valid_variadic(%in0: tensor<3x4xf16>, %in1: tensor<3x4xi32>, %idx: tensor<2x1xi32>, %up0: tensor<2x4xf16>, %up1: tensor<2x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %0:2 = "stablehlo.scatter"(%in0, %in1, %idx, %up0, %up1) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %a2: tensor<f32>, %a3: tensor<i32>):
    stablehlo.return %a2, %a3 : tensor<f32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf16>, tensor<3x4xi32>, tensor<2x1xi32>, tensor<2x4xf16>, tensor<2x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}

// -----

// torch_index_select: 0 <= dim < rank(operand).
func.func @torch_index_select_dim(%x: tensor<5x3x4xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{dim 3 is out of range [0, 3)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 3 : i64, batch_dims = 1 : i64} : (tensor<5x3x4xf32>, tensor<5x2xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// torch_index_select: batch_dims <= dim (batch dimensions precede dim).
func.func @torch_index_select_batch_dims(%x: tensor<5x3x4xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{batch_dims 2 is out of range [0, 1] (at most dim and rank(index))}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 2 : i64} : (tensor<5x3x4xf32>, tensor<5x2xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// torch_index_select: batch dimensions agree.
func.func @torch_index_select_batch_sizes(%x: tensor<5x3x4xf32>, %i: tensor<4x2xi32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{batch dimension 0 has size 5 in the operand but 4 in the index}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<5x3x4xf32>, tensor<4x2xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// torch_index_select: shape(result) = operand[:dim] + index[batch_dims:] +
// operand[dim + 1:].
func.func @torch_index_select_shape(%x: tensor<5x3x4xf32>, %i: tensor<5x2xi32>) -> tensor<5x3x4xf32> {
  // expected-error @+1 {{result shape [5, 3, 4] is incompatible with the expected shape [5, 2, 4]}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<5x3x4xf32>, tensor<5x2xi32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

// torch_index_select: the result has the operand's element type.
func.func @torch_index_select_element(%x: tensor<5x3x4xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x4xf16> {
  // expected-error @+1 {{result element type 'f16' must match the operand element type 'f32'}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<5x3x4xf32>, tensor<5x2xi32>) -> tensor<5x2x4xf16>
  return %0 : tensor<5x2x4xf16>
}

// -----

// torch_index_select: without batch dimensions the index shape replaces
// dimension dim.
func.func @torch_index_select_valid(%x: tensor<5x3xf32>, %i: tensor<2x7xi32>) -> tensor<2x7x3xf32> {
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<5x3xf32>, tensor<2x7xi32>) -> tensor<2x7x3xf32>
  return %0 : tensor<2x7x3xf32>
}

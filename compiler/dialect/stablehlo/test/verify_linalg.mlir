// RUN: axle-opt %s --split-input-file --verify-diagnostics

// dot_general (C1): size(lhs_batching_dimensions) = size(rhs_batching_dimensions).
func.func @dot_general_c1(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs and rhs must have the same number of batching dimensions, got 1 and 0}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C2): size(lhs_contracting_dimensions) =
// size(rhs_contracting_dimensions).
func.func @dot_general_c2(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs and rhs must have the same number of contracting dimensions, got 1 and 2}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1, 2] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C3): is_unique(lhs_batching_dimensions + lhs_contracting_dimensions).
func.func @dot_general_c3(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs batching and contracting dimensions has repeated entry 0}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C4): is_unique(rhs_batching_dimensions + rhs_contracting_dimensions).
func.func @dot_general_c4(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{rhs batching and contracting dimensions has repeated entry 1}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C5): 0 <= lhs_batching_dimensions < rank(lhs).
func.func @dot_general_c5(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs batching and contracting dimensions entry 3 is out of range [0, 3)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [3] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C6): 0 <= lhs_contracting_dimensions < rank(lhs).
func.func @dot_general_c6(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs batching and contracting dimensions entry -1 is out of range [0, 3)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [-1] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C7): 0 <= rhs_batching_dimensions < rank(rhs).
func.func @dot_general_c7(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{rhs batching and contracting dimensions entry 5 is out of range [0, 3)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [5], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C8): 0 <= rhs_contracting_dimensions < rank(rhs).
func.func @dot_general_c8(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{rhs batching and contracting dimensions entry 3 is out of range [0, 3)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [3] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C9): the batching dimensions have the same sizes.
func.func @dot_general_c9(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs dimension 0 (size 2) must match rhs dimension 0 (size 3)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C10): the contracting dimensions have the same sizes.
func.func @dot_general_c10(%a: tensor<2x3x4xf32>, %b: tensor<2x6x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs dimension 2 (size 4) must match rhs dimension 1 (size 6)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x6x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C11): size(precision_config) = 2.
func.func @dot_general_c11(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{precision_config must have 2 entries (lhs and rhs), got 1}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGH] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C12): shape(result) = batch + lhs result + rhs result dimensions.
func.func @dot_general_c12(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{result shape [2, 5, 3] is incompatible with the expected shape [2, 3, 5]}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

// dot_general (C12): the result rank counts each kind of dimension.
func.func @dot_general_c12_rank(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result must have rank 3 (shape [2, 3, 5]), got 'tensor<2x3xf32>'}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// dot_general (C13): element_type(lhs) = element_type(rhs).
func.func @dot_general_c13(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf16>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{requires lhs and rhs element types to match, got 'f32' and 'f16'}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf16>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C14): is_quantized(lhs) = is_quantized(result).
func.func @dot_general_c14_result(%a: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{requires a quantized rhs, and lhs and result either both quantized or both not, got '!quant.uniform<i8:f32, 5.000000e-01>', '!quant.uniform<i8:f32, 5.000000e-01>', 'f32'}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C14): is_quantized(rhs) when anything is quantized.
func.func @dot_general_c14_rhs(%a: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x4x5xi8>) -> tensor<2x3x5x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{requires a quantized rhs, and lhs and result either both quantized or both not, got '!quant.uniform<i8:f32, 5.000000e-01>', 'i8', '!quant.uniform<i32:f32, 2.500000e-01>'}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5xi8>) -> tensor<2x3x5x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<2x3x5x!quant.uniform<i32:f32, 0.25>>
}

// -----

// dot_general (C15): zero_points(rhs) = 0.
func.func @dot_general_c15(%a: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x4x5x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x3x5x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{requires rhs zero point 0, got 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x3x5x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<2x3x5x!quant.uniform<i32:f32, 0.25>>
}

// -----

// dot_general (C16): quantization_dimension(rhs) not in
// rhs_contracting_dimensions.
func.func @dot_general_c16(%a: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x4x5x!quant.uniform<i8:f32:1, {0.5,0.5,0.5,0.5}>>) -> tensor<2x3x5x!quant.uniform<i32:f32:2, {0.25,0.25,0.25,0.25,0.25}>> {
  // expected-error @+1 {{rhs quantization dimension 1 must not be a contracting dimension}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32:1, {0.5,0.5,0.5,0.5}>>) -> tensor<2x3x5x!quant.uniform<i32:f32:2, {0.25,0.25,0.25,0.25,0.25}>>
  return %0 : tensor<2x3x5x!quant.uniform<i32:f32:2, {0.25,0.25,0.25,0.25,0.25}>>
}

// -----

// dot_general (C17): storage_type(lhs) = storage_type(rhs).
func.func @dot_general_c17(%a: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x4x5x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{requires lhs and rhs storage types to match, got i8 and i16}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<2x3x5x!quant.uniform<i32:f32, 0.25>>
}

// -----

// dot_general (C18): expressed_type(lhs) = expressed_type(rhs) =
// expressed_type(result).
func.func @dot_general_c18(%a: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i32:f16, 0.25>> {
  // expected-error @+1 {{requires lhs, rhs and result expressed types to match, got 'f32', 'f32', 'f16'}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i32:f16, 0.25>>
  return %0 : tensor<2x3x5x!quant.uniform<i32:f16, 0.25>>
}

// -----

// dot_general (C19): a per-tensor rhs gives a per-tensor result.
func.func @dot_general_c19(%a: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i32:f32:2, {0.25,0.25,0.25,0.25,0.25}>> {
  // expected-error @+1 {{requires a per-tensor quantized result when rhs is per-tensor quantized}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i32:f32:2, {0.25,0.25,0.25,0.25,0.25}>>
  return %0 : tensor<2x3x5x!quant.uniform<i32:f32:2, {0.25,0.25,0.25,0.25,0.25}>>
}

// -----

// dot_general (C20): hybrid: element_type(lhs) = expressed_type(rhs) =
// element_type(result).
func.func @dot_general_c20(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf16> {
  // expected-error @+1 {{requires lhs element type, rhs expressed type and result element type to match, got 'f32', 'f32', 'f16'}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf16>
  return %0 : tensor<2x3x5xf16>
}

// -----

// dot_general (C21): with an algorithm, precision_config... = DEFAULT.
func.func @dot_general_c21(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{precision_config must be DEFAULT when an algorithm is given, got HIGHEST}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C22): 0 < lhs_component_count.
func.func @dot_general_c22(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{algorithm lhs_component_count must be positive, got 0}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C23): 0 < rhs_component_count.
func.func @dot_general_c23(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{algorithm rhs_component_count must be positive, got -1}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = -1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general (C24): 0 < num_primitive_operations.
func.func @dot_general_c24(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{algorithm num_primitive_operations must be positive, got 0}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot_general: dynamic sizes match anything; the result type may widen.
func.func @dot_general_valid_dynamic(%a: tensor<?x3x?xf32>, %b: tensor<2x4x?xf32>) -> tensor<2x3x?xf64> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x3x?xf32>, tensor<2x4x?xf32>) -> tensor<2x3x?xf64>
  return %0 : tensor<2x3x?xf64>
}

// -----

// dot_general: hybrid quantization (float lhs, quantized rhs).
func.func @dot_general_valid_hybrid(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// dot: lhs is a vector or a matrix.
func.func @dot_lhs_rank(%a: tensor<1x2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{lhs must have rank 1 or 2, got 'tensor<1x2x3xf32>'}}
  %0 = stablehlo.dot %a, %b : (tensor<1x2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot: rhs is a vector or a matrix.
func.func @dot_rhs_rank(%a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{rhs must have rank 1 or 2, got 'tensor<f32>'}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// dot: the last lhs dimension contracts with the first rhs dimension.
func.func @dot_contracting(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{contracting dimensions must match: lhs has 3 columns, rhs has 4 rows}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot: precision_config has one entry per operand.
func.func @dot_precision(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{precision_config must have 2 entries (lhs and rhs), got 3}}
  %0 = stablehlo.dot %a, %b, precision = [HIGH, HIGH, HIGH] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot: matrix times vector gives a vector.
func.func @dot_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{result must have rank 1 (shape [2]), got 'tensor<2x1xf32>'}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// dot: lhs and rhs have the same element type.
func.func @dot_element(%a: tensor<2x3xf32>, %b: tensor<3x4xbf16>) -> tensor<2x4xf32> {
  // expected-error @+1 {{requires lhs and rhs element types to match, got 'f32' and 'bf16'}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xbf16>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot: vector times matrix, with a dynamic size.
func.func @dot_valid(%a: tensor<?xf32>, %b: tensor<3x4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.dot %a, %b : (tensor<?xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// einsum: the config has one "->".
func.func @einsum_form_arrow(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config "ab,bc" must have the form "lhs,rhs->result"}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: the config has one term per operand.
func.func @einsum_form_operands(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config "ab,bc,cd->ad" must have the form "lhs,rhs->result"}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc,cd->ad" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: labels are letters, with at most one "..." per term.
func.func @einsum_labels(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config term "a1" must be letters with at most one "..."}}
  %0 = stablehlo.einsum %a, %b, config = "a1,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: a term has one label per operand dimension.
func.func @einsum_label_count(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config term "abc" has 3 labels but operand 0 has rank 2}}
  %0 = stablehlo.einsum %a, %b, config = "abc,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: an ellipsis covers zero or more dimensions, not fewer.
func.func @einsum_ellipsis_count(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config term "...abc" has 3 labels but operand 0 has rank 2}}
  %0 = stablehlo.einsum %a, %b, config = "...abc,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: a label names one size.
func.func @einsum_label_size(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config label 'b' has sizes 3 and 4}}
  %0 = stablehlo.einsum %a, %b, config = "ab,cb->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: the result has one dimension per result label.
func.func @einsum_result_rank(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{result must have rank 1 for einsum_config "ab,bc->c", got 'tensor<2x4xf32>'}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->c" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: result labels do not repeat.
func.func @einsum_result_repeat(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{einsum_config result label 'a' repeats}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->aa" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// einsum: result labels name operand dimensions.
func.func @einsum_result_label(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config result label 'z' names no operand dimension}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->az" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: result dimensions have their labels' sizes.
func.func @einsum_result_size(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{result dimension 1 (label 'c') has size 5, expected 4}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// einsum: lhs and rhs have the same element type.
func.func @einsum_element(%a: tensor<2x3xf32>, %b: tensor<3x4xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{requires lhs and rhs element types to match, got 'tensor<2x3xf32>' and 'tensor<3x4xi32>'}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum: an ellipsis in the result has the operands' extra dimensions.
func.func @einsum_valid(%a: tensor<7x?x2x3xf32>, %b: tensor<3x4xf32>) -> tensor<7x?x2x4xf32> {
  %0 = stablehlo.einsum %a, %b, config = "...ab,bc->...ac" : (tensor<7x?x2x3xf32>, tensor<3x4xf32>) -> tensor<7x?x2x4xf32>
  return %0 : tensor<7x?x2x4xf32>
}

// -----

// unary_einsum: the config has one operand term.
func.func @unary_einsum_form(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{einsum_config "ab,bc->ca" must have the form "operand->result"}}
  %0 = stablehlo.unary_einsum %a, config = "ab,bc->ca" : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// unary_einsum: one label per operand dimension.
func.func @unary_einsum_label_count(%a: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{einsum_config term "a" has 1 labels but operand 0 has rank 2}}
  %0 = stablehlo.unary_einsum %a, config = "a->a" : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// unary_einsum: the result has the operand's element type.
func.func @unary_einsum_element(%a: tensor<2x3xf32>) -> tensor<3x2xf64> {
  // expected-error @+1 {{requires operand and result element types to match, got 'tensor<2x3xf32>' and 'tensor<3x2xf64>'}}
  %0 = stablehlo.unary_einsum %a, config = "ab->ba" : (tensor<2x3xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// unary_einsum: summing out a dimension.
func.func @unary_einsum_valid(%a: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.unary_einsum %a, config = "ab->a" : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// convolution (C1): N = rank(lhs) = rank(rhs).
func.func @convolution_c1(%a: tensor<1x4x4x1xf32>, %b: tensor<3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{lhs and rhs must have the same rank, got 'tensor<1x4x4x1xf32>' and 'tensor<3x1x1xf32>'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C13): besides the spatial dimensions there are a batch and a
// feature dimension, so N >= 2.
func.func @convolution_rank(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operands must have rank at least 2 (batch and feature), got 1}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [], kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [], output_batch_dimension = 0, output_feature_dimension = 0, output_spatial_dimensions = []>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// convolution (C2): size(window_strides) = N - 2.
func.func @convolution_c2(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{window_strides must have 2 entries (one per spatial dimension), got 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C3): 0 < window_strides.
func.func @convolution_c3(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{window_strides must be positive, got [1, 0]}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C4): shape(padding) = [N - 2, 2].
func.func @convolution_c4(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{padding must have shape [2, 2], got 'tensor<1x2xi64>'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C5): size(lhs_dilation) = N - 2.
func.func @convolution_c5(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{lhs_dilation must have 2 entries (one per spatial dimension), got 3}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C6): 0 < lhs_dilation.
func.func @convolution_c6(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{lhs_dilation must be positive, got [0, 1]}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C7): size(rhs_dilation) = N - 2.
func.func @convolution_c7(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{rhs_dilation must have 2 entries (one per spatial dimension), got 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C8): 0 < rhs_dilation.
func.func @convolution_c8(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{rhs_dilation must be positive, got [1, -2]}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [1, -2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C9): size(window_reversal) = N - 2.
func.func @convolution_c9(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{window_reversal must have 2 entries (one per spatial dimension), got 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C10): dim(lhs, input_batch_dimension) % batch_group_count = 0.
func.func @convolution_c10(%a: tensor<3x4x4x1xf32>, %b: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{input batch dimension size 3 must be a multiple of batch_group_count 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x4x4x1xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution (C11): dim(lhs, input_feature_dimension) % feature_group_count = 0.
func.func @convolution_c11(%a: tensor<1x4x4x3xf32>, %b: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{input feature dimension size 3 must be a multiple of feature_group_count 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x3xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// convolution (C12): size(input_spatial_dimensions) = N - 2.
func.func @convolution_c12(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{input spatial dimensions must have 2 entries, got 1}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C13): is_unique(input_dimensions).
func.func @convolution_c13_unique(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{input dimensions has repeated entry 0}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [0, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C13): 0 <= input_dimensions < N.
func.func @convolution_c13_range(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{input dimensions entry 4 is out of range [0, 4)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C14): dim(rhs, kernel_input_feature_dimension) =
// dim(lhs, input_feature_dimension) / feature_group_count.
func.func @convolution_c14(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x2x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{kernel input feature dimension size 2 must be the input feature size 1 divided by feature_group_count 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x2x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C15): dim(rhs, kernel_output_feature_dimension) % batch_group_count = 0.
func.func @convolution_c15(%a: tensor<2x4x4x1xf32>, %b: tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32> {
  // expected-error @+1 {{kernel output feature dimension size 3 must be a multiple of batch_group_count 2 and of feature_group_count 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x4x4x1xf32>, tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

// convolution (C16): dim(rhs, kernel_output_feature_dimension) %
// feature_group_count = 0.
func.func @convolution_c16(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32> {
  // expected-error @+1 {{kernel output feature dimension size 3 must be a multiple of batch_group_count 1 and of feature_group_count 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

// convolution (C17): size(kernel_spatial_dimensions) = N - 2.
func.func @convolution_c17(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{kernel spatial dimensions must have 2 entries, got 3}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1, 2], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C18): is_unique(kernel_dimensions) and 0 <= kernel_dimensions < N.
func.func @convolution_c18(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{kernel dimensions has repeated entry 2}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C19): size(output_spatial_dimensions) = N - 2.
func.func @convolution_c19(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{output spatial dimensions must have 2 entries, got 0}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = []>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C20): is_unique(output_dimensions) and 0 <= output_dimensions < N.
func.func @convolution_c20(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{output dimensions entry 7 is out of range [0, 4)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 7, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C23): feature_group_count = 1 or batch_group_count = 1.
func.func @convolution_c23(%a: tensor<2x4x4x2xf32>, %b: tensor<3x3x1x4xf32>) -> tensor<1x2x2x4xf32> {
  // expected-error @+1 {{feature_group_count (2) and batch_group_count (2) cannot both exceed 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<2x4x4x2xf32>, tensor<3x3x1x4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

// -----

// convolution (C24): size(precision_config) = 2.
func.func @convolution_c24(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{precision_config must have 2 entries (lhs and rhs), got 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C25): the output batch size is the input batch size divided by
// batch_group_count (4 / 2 = 2).
func.func @convolution_c25_batch(%a: tensor<4x4x4x1xf32>, %b: tensor<3x3x1x2xf32>) -> tensor<4x2x2x2xf32> {
  // expected-error @+1 {{result shape [4, 2, 2, 2] is incompatible with the expected shape [2, 2, 2, 2]}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x4x4x1xf32>, tensor<3x3x1x2xf32>) -> tensor<4x2x2x2xf32>
  return %0 : tensor<4x2x2x2xf32>
}

// -----

// convolution (C25): the output feature size is the kernel output feature size.
func.func @convolution_c25_feature(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x3xf32> {
  // expected-error @+1 {{result shape [1, 2, 2, 3] is incompatible with the expected shape [1, 2, 2, 1]}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

// convolution (C25): the number of windows; here (4 + 1 + 0 - 3) / 2 + 1 = 2
// and ((4 - 1) * 2 + 1 - (3 - 1) * 2 - 1) / 1 + 1 = 3.
func.func @convolution_c25_spatial(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{result shape [1, 2, 2, 1] is incompatible with the expected shape [1, 2, 3, 1]}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 0], [0, 0]], lhs_dilate = [1, 2], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C26): rank(result) = N.
func.func @convolution_c26(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2xf32> {
  // expected-error @+1 {{result must have rank 4 (shape [1, 2, 2, 1]), got 'tensor<1x2x2xf32>'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}

// -----

// convolution (C27): element_type(lhs) = element_type(rhs) = element_type(result).
func.func @convolution_c27(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf64> {
  // expected-error @+1 {{requires the result element type to match the operands', got 'f64' for 'f32' operands}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf64>
  return %0 : tensor<1x2x2x1xf64>
}

// -----

// convolution (C27): element_type(lhs) = element_type(rhs).
func.func @convolution_c27_operands(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xbf16>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{requires lhs and rhs element types to match, got 'f32' and 'bf16'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xbf16>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C28): is_quantized(lhs) = is_quantized(result) and
// is_quantized(rhs).
func.func @convolution_c28(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{requires a quantized rhs, and lhs and result either both quantized or both not, got '!quant.uniform<i8:f32, 5.000000e-01:-3>', 'f32', 'f32'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution (C29): quantization_dimension(rhs) =
// kernel_output_feature_dimension.
func.func @convolution_c29(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x3x1x1x!quant.uniform<i8:f32:2, {0.5}>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32:3, {0.25}>> {
  // expected-error @+1 {{rhs quantization dimension 2 must be the kernel output feature dimension 3}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x1x1x!quant.uniform<i8:f32:2, {0.5}>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32:3, {0.25}>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32:3, {0.25}>>
}

// -----

// convolution (C30): quantization_dimension(result) = output_feature_dimension.
func.func @convolution_c30(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x3x1x1x!quant.uniform<i8:f32:3, {0.5}>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32:1, {0.25,0.25}>> {
  // expected-error @+1 {{result quantization dimension 1 must be the output feature dimension 3}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x1x1x!quant.uniform<i8:f32:3, {0.5}>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32:1, {0.25,0.25}>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32:1, {0.25,0.25}>>
}

// -----

// convolution (C31): storage_type(lhs) = storage_type(rhs).
func.func @convolution_c31(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x3x1x1x!quant.uniform<u8:f32, 0.5>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{requires lhs and rhs storage types to match, got i8 and u8}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x1x1x!quant.uniform<u8:f32, 0.5>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>>
}

// -----

// convolution (C32): expressed_type(lhs) = expressed_type(rhs) =
// expressed_type(result).
func.func @convolution_c32(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x3x1x1x!quant.uniform<i8:bf16, 0.5>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{requires lhs, rhs and result expressed types to match, got 'f32', 'bf16', 'f32'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x1x1x!quant.uniform<i8:bf16, 0.5>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>>
}

// -----

// convolution (C33): a per-tensor rhs gives a per-tensor result.
func.func @convolution_c33(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x3x1x1x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32:3, {0.25}>> {
  // expected-error @+1 {{requires a per-tensor quantized result when rhs is per-tensor quantized}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x1x1x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32:3, {0.25}>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32:3, {0.25}>>
}

// -----

// convolution (C34): hybrid: element_type(lhs) = expressed_type(rhs) =
// element_type(result).
func.func @convolution_c34(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1x!quant.uniform<i8:f16, 0.5>>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{requires lhs element type, rhs expressed type and result element type to match, got 'f32', 'f16', 'f32'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1x!quant.uniform<i8:f16, 0.5>>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// convolution: a window larger than the padded input gives no windows.
func.func @convolution_valid_empty(%a: tensor<2x3x9x10xf32>, %b: tensor<3x3x10x5xf32>) -> tensor<2x3x0x6xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x9x10xf32>, tensor<3x3x10x5xf32>) -> tensor<2x3x0x6xf32>
  return %0 : tensor<2x3x0x6xf32>
}

// -----

// convolution: window sizes that overflow int64 are left unchecked rather than
// wrapped.
func.func @convolution_valid_overflow(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x5x2x1xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [4611686018427387904, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x5x2x1xf32>
  return %0 : tensor<1x5x2x1xf32>
}

// -----

// convolution: quantized with a per-tensor kernel.
func.func @convolution_valid_quantized(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x3x1x1x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x1x1x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32, 0.25>>
}

// -----

// dynamic_conv (C2): size(window_strides) = N - 2. Too few entries are an
// error; extra trailing entries (which exported programs carry) are ignored.
func.func @dynamic_conv_c2(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<2x2xi64>) -> tensor<1x?x?x1xf32> {
  // expected-error @+1 {{window_strides must have 2 entries (one per spatial dimension), got 1}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 2>} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x?x?x1xf32>
  return %0 : tensor<1x?x?x1xf32>
}

// -----

func.func @dynamic_conv_extra_strides(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<2x2xi64>) -> tensor<1x?x?x1xf32> {
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 2, 2, 2>} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x?x?x1xf32>
  return %0 : tensor<1x?x?x1xf32>
}

// -----

// dynamic_conv (C4): shape(padding) = [N - 2, 2].
func.func @dynamic_conv_c4(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<2x3xi64>) -> tensor<1x?x?x1xf32> {
  // expected-error @+1 {{padding must have shape [2, 2], got 'tensor<2x3xi64>'}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x3xi64>) -> tensor<1x?x?x1xf32>
  return %0 : tensor<1x?x?x1xf32>
}

// -----

// dynamic_conv (C25): a constant padding fixes the spatial sizes: 4 + 1 + 1 - 3
// + 1 = 4 and 4 + 0 + 2 - 3 + 1 = 4.
func.func @dynamic_conv_c25(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x4x3x1xf32> {
  %p = stablehlo.constant dense<[[1, 1], [0, 2]]> : tensor<2x2xi64>
  // expected-error @+1 {{result shape [1, 4, 3, 1] is incompatible with the expected shape [1, 4, 4, 1]}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x4x3x1xf32>
  return %0 : tensor<1x4x3x1xf32>
}

// -----

// dynamic_conv (C25): a run-time padding leaves only the spatial sizes open.
func.func @dynamic_conv_c25_batch(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<2x2xi64>) -> tensor<2x?x?x1xf32> {
  // expected-error @+1 {{result shape [2, ?, ?, 1] is incompatible with the expected shape [1, ?, ?, 1]}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<2x?x?x1xf32>
  return %0 : tensor<2x?x?x1xf32>
}

// -----

// dynamic_conv: a run-time padding with a dynamic shape.
func.func @dynamic_conv_valid(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<?x2xi32>) -> tensor<1x3x?x1xf32> {
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<?x2xi32>) -> tensor<1x3x?x1xf32>
  return %0 : tensor<1x3x?x1xf32>
}

// -----

// cholesky (C1): baseline_type(a) = baseline_type(result).
func.func @cholesky_c1(%a: tensor<3x3xf32>) -> tensor<3x3xf64> {
  // expected-error @+1 {{result type 'tensor<3x3xf64>' must match the a type 'tensor<3x3xf32>'}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

// cholesky (C2): 2 <= rank(a).
func.func @cholesky_c2(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{a must have rank at least 2, got 'tensor<3xf32>'}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// cholesky (C3): dim(a, -2) = dim(a, -1).
func.func @cholesky_c3(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{a must be a batch of square matrices, got 'tensor<2x3x4xf32>'}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// cholesky: batches, dynamic sizes and quantized types.
func.func @cholesky_valid(%a: tensor<?x3x?x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x?x3x!quant.uniform<i8:f32, 0.5>> {
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<?x3x?x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x?x3x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<2x?x3x!quant.uniform<i8:f32, 0.5>>
}

// -----

// triangular_solve (I6): transpose_a is NO_TRANSPOSE, TRANSPOSE or ADJOINT.
func.func @triangular_solve_i6(%a: tensor<2x3x3xf32>, %b: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{transpose_a must be NO_TRANSPOSE, TRANSPOSE or ADJOINT, got TRANSPOSE_INVALID}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>} : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// triangular_solve (C1): baseline_element_type(a) = baseline_element_type(b).
func.func @triangular_solve_c1(%a: tensor<2x3x3xf32>, %b: tensor<2x3x5xf64>) -> tensor<2x3x5xf64> {
  // expected-error @+1 {{requires a and b element types to match, got 'f32' and 'f64'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x5xf64>) -> tensor<2x3x5xf64>
  return %0 : tensor<2x3x5xf64>
}

// -----

// triangular_solve (C2): 2 <= rank(a) = rank(b).
func.func @triangular_solve_c2(%a: tensor<2x3x3xf32>, %b: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{a and b must have the same rank, at least 2, got 'tensor<2x3x3xf32>' and 'tensor<3x5xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// triangular_solve (C3): the batch dimensions agree.
func.func @triangular_solve_c3_batch(%a: tensor<2x3x3xf32>, %b: tensor<4x3x5xf32>) -> tensor<4x3x5xf32> {
  // expected-error @+1 {{a and b must have the same batch dimensions, got 'tensor<2x3x3xf32>' and 'tensor<4x3x5xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}

// -----

// triangular_solve (C3): dim(a, -2) = dim(a, -1).
func.func @triangular_solve_c3_square(%a: tensor<2x3x4xf32>, %b: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{a must be a batch of square matrices, got 'tensor<2x3x4xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x4xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// triangular_solve (C3): dim(a, -1) = dim(b, left_side ? -2 : -1).
func.func @triangular_solve_c3_side(%a: tensor<2x3x3xf32>, %b: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{b dimension 2 (size 5) must match the size of a's matrices (3) when left_side is false}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// triangular_solve (C4): baseline_type(b) = baseline_type(result).
func.func @triangular_solve_c4(%a: tensor<2x3x3xf32>, %b: tensor<2x3x5xf32>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{result type 'tensor<2x5x3xf32>' must match the b type 'tensor<2x3x5xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

// triangular_solve: right side, complex, dynamic.
func.func @triangular_solve_valid(%a: tensor<?x4x4xcomplex<f32>>, %b: tensor<2x6x?xcomplex<f32>>) -> tensor<2x6x4xcomplex<f32>> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<?x4x4xcomplex<f32>>, tensor<2x6x?xcomplex<f32>>) -> tensor<2x6x4xcomplex<f32>>
  return %0 : tensor<2x6x4xcomplex<f32>>
}

// -----

// fft (C1): size(fft_length) <= rank(operand).
func.func @fft_c1(%a: tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>> {
  // expected-error @+1 {{fft_length has 3 entries but the operand has rank 2}}
  %0 = stablehlo.fft %a, type = FFT, length = [2, 3, 4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %0 : tensor<3x4xcomplex<f32>>
}

// -----

// fft (C2): FFT keeps the complex element type.
func.func @fft_c2_fft(%a: tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f64>> {
  // expected-error @+1 {{element types 'complex<f32>' -> 'complex<f64>' do not fit fft_type FFT}}
  %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f64>>
  return %0 : tensor<3x4xcomplex<f64>>
}

// -----

// fft (C2): IFFT takes complex operands.
func.func @fft_c2_ifft(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{element types 'f32' -> 'f32' do not fit fft_type IFFT}}
  %0 = stablehlo.fft %a, type = IFFT, length = [4] : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// fft (C2): RFFT maps a float type to the complex type of the same precision.
func.func @fft_c2_rfft(%a: tensor<3x4xf32>) -> tensor<3x3xcomplex<f64>> {
  // expected-error @+1 {{element types 'f32' -> 'complex<f64>' do not fit fft_type RFFT}}
  %0 = stablehlo.fft %a, type = RFFT, length = [4] : (tensor<3x4xf32>) -> tensor<3x3xcomplex<f64>>
  return %0 : tensor<3x3xcomplex<f64>>
}

// -----

// fft (C2): IRFFT maps a complex type to its float part type.
func.func @fft_c2_irfft(%a: tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>> {
  // expected-error @+1 {{element types 'complex<f32>' -> 'complex<f32>' do not fit fft_type IRFFT}}
  %0 = stablehlo.fft %a, type = IRFFT, length = [6] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %0 : tensor<3x4xcomplex<f32>>
}

// -----

// fft (C3): 1 <= size(fft_length) <= 3.
func.func @fft_c3(%a: tensor<2x1x1x3x4xcomplex<f32>>) -> tensor<2x1x1x3x4xcomplex<f32>> {
  // expected-error @+1 {{fft_length must have 1 to 3 entries, got 4}}
  %0 = stablehlo.fft %a, type = FFT, length = [1, 1, 3, 4] : (tensor<2x1x1x3x4xcomplex<f32>>) -> tensor<2x1x1x3x4xcomplex<f32>>
  return %0 : tensor<2x1x1x3x4xcomplex<f32>>
}

// -----

// fft (C3): fft_length is not empty.
func.func @fft_c3_empty(%a: tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>> {
  // expected-error @+1 {{fft_length must have 1 to 3 entries, got 0}}
  %0 = stablehlo.fft %a, type = FFT, length = [] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %0 : tensor<3x4xcomplex<f32>>
}

// -----

// fft (C4): the real operand's trailing dimensions are fft_length.
func.func @fft_c4(%a: tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>> {
  // expected-error @+1 {{the trailing dimensions of the real operand 'tensor<3x8xf32>' must be fft_length [3, 6]}}
  %0 = stablehlo.fft %a, type = RFFT, length = [3, 6] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  return %0 : tensor<3x5xcomplex<f32>>
}

// -----

// fft (C4): the real result's trailing dimensions are fft_length.
func.func @fft_c4_irfft(%a: tensor<3x5xcomplex<f32>>) -> tensor<3x7xf32> {
  // expected-error @+1 {{the trailing dimensions of the real result 'tensor<3x7xf32>' must be fft_length [8]}}
  %0 = stablehlo.fft %a, type = IRFFT, length = [8] : (tensor<3x5xcomplex<f32>>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// -----

// fft (C5): RFFT keeps dim(operand, -1) / 2 + 1 = 5 frequencies.
func.func @fft_c5_rfft(%a: tensor<3x8xf32>) -> tensor<3x8xcomplex<f32>> {
  // expected-error @+1 {{result shape [3, 8] is incompatible with the expected shape [3, 5]}}
  %0 = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<3x8xf32>) -> tensor<3x8xcomplex<f32>>
  return %0 : tensor<3x8xcomplex<f32>>
}

// -----

// fft (C5): IRFFT takes dim(result, -1) / 2 + 1 = 5 frequencies.
func.func @fft_c5_irfft(%a: tensor<3x8xcomplex<f32>>) -> tensor<3x8xf32> {
  // expected-error @+1 {{operand last dimension 8 must be 5 for an IRFFT of length 8}}
  %0 = stablehlo.fft %a, type = IRFFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// fft (C5): otherwise shape(result) = shape(operand).
func.func @fft_c5(%a: tensor<3x4xcomplex<f32>>) -> tensor<3x5xcomplex<f32>> {
  // expected-error @+1 {{result shape [3, 5] is incompatible with the expected shape [3, 4]}}
  %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  return %0 : tensor<3x5xcomplex<f32>>
}

// -----

// fft: an empty signal has an empty spectrum; dynamic batch dimensions.
func.func @fft_valid_rfft(%a: tensor<?x0xf64>) -> tensor<2x0xcomplex<f64>> {
  %0 = stablehlo.fft %a, type = RFFT, length = [0] : (tensor<?x0xf64>) -> tensor<2x0xcomplex<f64>>
  return %0 : tensor<2x0xcomplex<f64>>
}

// -----

// batch_norm_training (C1): 0 <= feature_index < rank(operand).
func.func @batch_norm_training_c1(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{feature_index 3 is out of range [0, 3)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_training (C2): all element types agree.
func.func @batch_norm_training_c2(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf16>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{offset element type 'f16' must match the operand element type 'f32'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf16>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_training (C3): size(scale) = dim(operand, feature_index).
func.func @batch_norm_training_c3(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{scale has 3 entries but there are 4 features}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_training (C4): size(offset) = dim(operand, feature_index).
func.func @batch_norm_training_c4(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<5xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{offset has 5 entries but there are 4 features}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<5xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_training (C5): size(batch_mean) = dim(operand, feature_index).
func.func @batch_norm_training_c5(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{batch_mean has 3 entries but there are 4 features}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_training (C6): size(batch_var) = dim(operand, feature_index).
func.func @batch_norm_training_c6(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{batch_var has 2 entries but there are 4 features}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<2xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_training (C7): baseline_type(output) = baseline_type(operand).
func.func @batch_norm_training_c7(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<2x4x4xf32> {
  // expected-error @+1 {{output type 'tensor<2x4x4xf32>' must match the operand type 'tensor<2x3x4xf32>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x4x4xf32>
}

// -----

// batch_norm_training: a dynamic feature dimension takes its size from the
// vectors.
func.func @batch_norm_training_valid(%x: tensor<2x3x?xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<2x3x?xf32> {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x?xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x?xf32>, tensor<?xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x?xf32>
}

// -----

// batch_norm_training: with a dynamic feature dimension the vectors still
// agree with each other.
func.func @batch_norm_training_dynamic(%x: tensor<2x3x?xf32>, %s: tensor<4xf32>, %o: tensor<5xf32>) -> tensor<2x3x?xf32> {
  // expected-error @+1 {{offset has 5 entries but there are 4 features}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x?xf32>, tensor<4xf32>, tensor<5xf32>) -> (tensor<2x3x?xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x?xf32>
}

// -----

// batch_norm_inference (C1): 0 <= feature_index < rank(operand).
func.func @batch_norm_inference_c1(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{feature_index 5 is out of range [0, 3)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 5 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_inference (C2): all element types agree.
func.func @batch_norm_inference_c2(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf64>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{variance element type 'f64' must match the operand element type 'f32'}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_inference (C3): size(scale) = dim(operand, feature_index).
func.func @batch_norm_inference_c3(%x: tensor<2x3x4xf32>, %s: tensor<2xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{scale has 2 entries but there are 4 features}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_inference (C4): size(offset) = dim(operand, feature_index).
func.func @batch_norm_inference_c4(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<3xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{offset has 3 entries but there are 4 features}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_inference (C5): size(mean) = dim(operand, feature_index).
func.func @batch_norm_inference_c5(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<1xf32>, %v: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{mean has 1 entries but there are 4 features}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_inference (C6): size(variance) = dim(operand, feature_index).
func.func @batch_norm_inference_c6(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<6xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{variance has 6 entries but there are 4 features}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<6xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_inference (C7): baseline_type(operand) = baseline_type(result).
func.func @batch_norm_inference_c7(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result type 'tensor<2x3xf32>' must match the operand type 'tensor<2x3x4xf32>'}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference: per-tensor quantized tensors with different scales
// share a baseline element type.
func.func @batch_norm_inference_valid(%x: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %s: tensor<4x!quant.uniform<i8:f32, 0.25:1>>, %o: tensor<4x!quant.uniform<i8:f32, 0.5>>, %m: tensor<4x!quant.uniform<i8:f32, 0.5>>, %v: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x4x!quant.uniform<i8:f32, 0.5>> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.25:1>>, tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>
}

// -----

// batch_norm_grad (C1): 0 <= feature_index < rank(operand).
func.func @batch_norm_grad_c1(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{feature_index 3 is out of range [0, 3)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_grad (C2): all element types agree.
func.func @batch_norm_grad_c2(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{grad_scale element type 'bf16' must match the operand element type 'f32'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xbf16>, tensor<3xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_grad (C3): operand, grad_output and grad_operand have the same shape.
func.func @batch_norm_grad_c3(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3x5xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{grad_output shape [2, 3, 5] must match the operand shape [2, 3, 4]}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x5xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_grad (C3): grad_operand has the operand's shape.
func.func @batch_norm_grad_c3_result(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{grad_operand shape [2, 3] must match the operand shape [2, 3, 4]}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad (C4): scale, mean, variance, grad_scale and grad_offset have
// the same shape.
func.func @batch_norm_grad_c4(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{grad_offset has 4 entries but there are 3 features}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_grad (C5): size(scale) = dim(operand, feature_index).
func.func @batch_norm_grad_c5(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{scale has 4 entries but there are 3 features}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_grad: the specification's example shape, with dynamic sizes.
func.func @batch_norm_grad_valid(%x: tensor<2x?x2xf32>, %s: tensor<?xf32>, %m: tensor<2xf32>, %v: tensor<2xf32>, %g: tensor<?x2x2xf32>) -> tensor<2x2x?xf32> {
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x?x2xf32>, tensor<?xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?x2x2xf32>) -> (tensor<2x2x?xf32>, tensor<2xf32>, tensor<?xf32>)
  return %0#0 : tensor<2x2x?xf32>
}

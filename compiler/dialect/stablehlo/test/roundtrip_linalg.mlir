// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file | axle-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @dot_general
func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<4x3xf32>, %d: tensor<3x6xf32>) -> tensor<2x3x5xf32> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // The result element type may differ (an accumulation type).
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [HIGH, HIGHEST] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf64>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0], precision = [HIGH, HIGHEST] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf64>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %2 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Quantized contractions: i8 operands accumulate into an i32 result of the
// same expressed type; a float lhs with a quantized rhs is hybrid.
// CHECK-LABEL: func.func @dot_general_quantized
func.func @dot_general_quantized(%a: tensor<4x3x!quant.uniform<i8:f32, 0.25>>, %b: tensor<3x6x!quant.uniform<i8:f32, 0.5>>, %c: tensor<4x3xf32>, %d: tensor<3x6x!quant.uniform<i8:f32:1, {0.5,0.25,0.5,0.25,0.5,0.25}>>) -> tensor<4x6xf32> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x3x!quant.uniform<i8:f32, 2.500000e-01>>, tensor<3x6x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4x6x!quant.uniform<i32:f32, 1.250000e-01>>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x3x!quant.uniform<i8:f32, 0.25>>, tensor<3x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x6x!quant.uniform<i32:f32, 0.125>>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x6x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,5.000000e-01,2.500000e-01,5.000000e-01,2.500000e-01}>>) -> tensor<4x6xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x6x!quant.uniform<i8:f32:1, {0.5,0.25,0.5,0.25,0.5,0.25}>>) -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func.func @dot
func.func @dot(%m: tensor<2x3xf32>, %n: tensor<3x4xf32>, %v: tensor<3xf32>) -> tensor<f32> {
  // CHECK: stablehlo.dot %arg0, %arg1, precision = [HIGH, HIGH] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %0 = stablehlo.dot %m, %n, precision = [HIGH, HIGH] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  // CHECK: stablehlo.dot %arg0, %arg2 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = stablehlo.dot %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  // CHECK: stablehlo.dot %arg2, %arg2 : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %2 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %2 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @einsum
func.func @einsum(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<5x2x3xf32>) -> tensor<3x2xf32> {
  // CHECK: stablehlo.einsum %arg0, %arg1, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  // An ellipsis stands for the leading batch dimension of %c.
  // CHECK: stablehlo.einsum %arg2, %arg1, config = "...ab,bc->...ca" : (tensor<5x2x3xf32>, tensor<3x4xf32>) -> tensor<5x4x2xf32>
  %1 = stablehlo.einsum %c, %b, config = "...ab,bc->...ca" : (tensor<5x2x3xf32>, tensor<3x4xf32>) -> tensor<5x4x2xf32>
  // CHECK: stablehlo.unary_einsum %arg0, config = "ab->ba" : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.unary_einsum %a, config = "ab->ba" : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}

// -----

// The specification's convolution example.
// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<1x4x4x1xi64>, %k: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]{{ ?}}, window = {stride = [4, 4], pad = {{\[\[}}0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}

// -----

// Grouped, strided, padded 1-D convolutions; a dynamic batch stays dynamic.
// (The printer puts a space before ", window"; the checks accept either.)
// CHECK-LABEL: func.func @convolution_groups
func.func @convolution_groups(%x: tensor<?x6x9xf32>, %k: tensor<12x2x3xf32>, %y: tensor<4x3x9xf32>, %w: tensor<4x3x3xf32>) -> tensor<?x12x4xf32> {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0]{{ ?}}, window = {stride = [2], pad = {{\[\[}}1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<?x6x9xf32>, tensor<12x2x3xf32>) -> tensor<?x12x4xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<?x6x9xf32>, tensor<12x2x3xf32>) -> tensor<?x12x4xf32>
  // batch_group_count splits the batch: 4 / 2 = 2.
  // CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x3x9xf32>, tensor<4x3x3xf32>) -> tensor<2x4x7xf32>
  %1 = stablehlo.convolution(%y, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x3x9xf32>, tensor<4x3x3xf32>) -> tensor<2x4x7xf32>
  return %0 : tensor<?x12x4xf32>
}

// -----

// A per-axis quantized kernel is quantized along its output features.
// CHECK-LABEL: func.func @convolution_quantized
func.func @convolution_quantized(%x: tensor<1x5x2x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x2x2x!quant.uniform<i8:f32:2, {0.5,0.25}>>) -> tensor<1x3x2x!quant.uniform<i32:f32:2, {0.25,0.125}>> {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<3x2x2x!quant.uniform<i8:f32:2, {5.000000e-01,2.500000e-01}>>) -> tensor<1x3x2x!quant.uniform<i32:f32:2, {2.500000e-01,1.250000e-01}>>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x2x2x!quant.uniform<i8:f32:2, {0.5,0.25}>>) -> tensor<1x3x2x!quant.uniform<i32:f32:2, {0.25,0.125}>>
  return %0 : tensor<1x3x2x!quant.uniform<i32:f32:2, {0.25,0.125}>>
}

// -----

// dynamic_conv has no pretty form.
// CHECK-LABEL: func.func @dynamic_conv
func.func @dynamic_conv(%x: tensor<1x4x4x1xi64>, %k: tensor<3x3x1x1xi64>, %p: tensor<2x2xi64>) -> tensor<1x?x?x1xi64> {
  // CHECK: "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2, 2>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 4, 4>}> : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x?x?x1xi64>
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) {
    window_strides = array<i64: 4, 4>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    feature_group_count = 1 : i64,
    batch_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x?x?x1xi64>
  return %0 : tensor<1x?x?x1xi64>
}

// -----

// CHECK-LABEL: func.func @cholesky_triangular_solve
func.func @cholesky_triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x5xf32>, %c: tensor<4x4xcomplex<f64>>, %d: tensor<6x4xcomplex<f64>>) -> tensor<2x3x5xf32> {
  // CHECK: stablehlo.cholesky %arg0, lower = true : tensor<2x3x3xf32>
  %0 = stablehlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  // CHECK: stablehlo.cholesky %arg2 : tensor<4x4xcomplex<f64>>
  %1 = stablehlo.cholesky %c : tensor<4x4xcomplex<f64>>
  // CHECK: "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %2 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: "stablehlo.triangular_solve"(%arg2, %arg3) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<4x4xcomplex<f64>>, tensor<6x4xcomplex<f64>>) -> tensor<6x4xcomplex<f64>>
  %3 = "stablehlo.triangular_solve"(%c, %d) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<4x4xcomplex<f64>>, tensor<6x4xcomplex<f64>>) -> tensor<6x4xcomplex<f64>>
  return %2 : tensor<2x3x5xf32>
}

// -----

// CHECK-LABEL: func.func @fft
func.func @fft(%c: tensor<3x4xcomplex<f32>>, %r: tensor<3x8xf64>, %h: tensor<3x5xcomplex<f64>>) -> tensor<3x8xf64> {
  // CHECK: stablehlo.fft %arg0, type = FFT, length = [3, 4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %0 = stablehlo.fft %c, type = FFT, length = [3, 4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  // CHECK: stablehlo.fft %arg0, type = IFFT, length = [4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %1 = stablehlo.fft %c, type = IFFT, length = [4] : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  // RFFT keeps n / 2 + 1 = 5 of 8 frequencies; IRFFT restores 8 samples.
  // CHECK: stablehlo.fft %arg1, type = RFFT, length = [8] : (tensor<3x8xf64>) -> tensor<3x5xcomplex<f64>>
  %2 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<3x8xf64>) -> tensor<3x5xcomplex<f64>>
  // CHECK: stablehlo.fft %arg2, type = IRFFT, length = [8] : (tensor<3x5xcomplex<f64>>) -> tensor<3x8xf64>
  %3 = stablehlo.fft %h, type = IRFFT, length = [8] : (tensor<3x5xcomplex<f64>>) -> tensor<3x8xf64>
  return %3 : tensor<3x8xf64>
}

// -----

// The batch_norm ops have no pretty form.
// CHECK-LABEL: func.func @batch_norm
func.func @batch_norm(%x: tensor<2x2x2xf64>, %s: tensor<2xf64>) -> tensor<2x2x2xf64> {
  // CHECK: "stablehlo.batch_norm_training"(%arg0, %arg1, %arg1) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.001 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  // CHECK: "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg1, %arg1, %arg1) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  %1 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  // CHECK: "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg1, %arg1, %arg0) <{epsilon = 0.000000e+00 : f32, feature_index = 0 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 0 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  return %1 : tensor<2x2x2xf64>
}

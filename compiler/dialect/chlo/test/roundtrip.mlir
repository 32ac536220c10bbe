// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file | axle-opt --split-input-file | FileCheck %s

// Every chlo op prints in the syntax exported programs use.

// CHECK-LABEL: func.func @unary_float
func.func @unary_float(%x: tensor<20x20xf32>, %h: tensor<4xbf16>, %d: tensor<f64>) -> tensor<20x20xf32> {
  // CHECK: chlo.acos %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %0 = chlo.acos %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.acosh %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.acosh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.asin %arg1 : tensor<4xbf16> -> tensor<4xbf16>
  %2 = chlo.asin %h : tensor<4xbf16> -> tensor<4xbf16>
  // CHECK: chlo.asinh %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %3 = chlo.asinh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.atan %arg2 : tensor<f64> -> tensor<f64>
  %4 = chlo.atan %d : tensor<f64> -> tensor<f64>
  // CHECK: chlo.atanh %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %5 = chlo.atanh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.bessel_i1e %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %6 = chlo.bessel_i1e %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.cosh %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %7 = chlo.cosh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.digamma %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %8 = chlo.digamma %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erf %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %9 = chlo.erf %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erf_inv %arg2 : tensor<f64> -> tensor<f64>
  %10 = chlo.erf_inv %d : tensor<f64> -> tensor<f64>
  // CHECK: chlo.erfc %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %11 = chlo.erfc %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.lgamma %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %12 = chlo.lgamma %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.sinh %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %13 = chlo.sinh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.tan %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %14 = chlo.tan %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.conj %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %15 = chlo.conj %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.square %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
  %16 = chlo.square %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.is_inf %arg0 : tensor<20x20xf32> -> tensor<20x20xi1>
  %17 = chlo.is_inf %x : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: chlo.is_neg_inf %arg0 : tensor<20x20xf32> -> tensor<20x20xi1>
  %18 = chlo.is_neg_inf %x : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: chlo.is_pos_inf %arg1 : tensor<4xbf16> -> tensor<4xi1>
  %19 = chlo.is_pos_inf %h : tensor<4xbf16> -> tensor<4xi1>
  return %0 : tensor<20x20xf32>
}

// -----

// CHECK-LABEL: func.func @unary_complex
func.func @unary_complex(%z: tensor<3xcomplex<f32>>, %w: tensor<?xcomplex<f64>>) -> tensor<3xcomplex<f32>> {
  // CHECK: chlo.acos %arg0 : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %0 = chlo.acos %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  // CHECK: chlo.tan %arg1 : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  %1 = chlo.tan %w : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  // CHECK: chlo.conj %arg0 : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %2 = chlo.conj %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  // CHECK: chlo.square %arg0 : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %3 = chlo.square %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<20x20xf32>, %b: tensor<20x20xf32>, %i: tensor<4xi32>, %u: tensor<4xui64>) -> tensor<20x20xf32> {
  // CHECK: chlo.next_after %arg0, %arg1 : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  %0 = chlo.next_after %a, %b : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.polygamma %arg0, %arg1 : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.polygamma %a, %b : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.zeta %arg0, %arg1 : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  %2 = chlo.zeta %a, %b : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.mulhi %arg2, %arg2 : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %3 = chlo.mulhi %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // CHECK: chlo.mulhi %arg3, %arg3 : tensor<4xui64>, tensor<4xui64> -> tensor<4xui64>
  %4 = chlo.mulhi %u, %u : tensor<4xui64>, tensor<4xui64> -> tensor<4xui64>
  return %0 : tensor<20x20xf32>
}

// -----

// CHECK-LABEL: func.func @broadcasting
func.func @broadcasting(%a: tensor<3x4xf32>, %b: tensor<4xf32>, %i: tensor<3x4xi32>, %j: tensor<i32>, %p: tensor<3x1xi1>, %d: tensor<?x4xf32>) -> tensor<3x4xf32> {
  // CHECK: chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_subtract %arg0, %arg1 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = chlo.broadcast_subtract %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_multiply %arg0, %arg1
  %2 = chlo.broadcast_multiply %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_divide %arg0, %arg1
  %3 = chlo.broadcast_divide %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_remainder %arg0, %arg1
  %4 = chlo.broadcast_remainder %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_maximum %arg0, %arg1
  %5 = chlo.broadcast_maximum %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_minimum %arg0, %arg1
  %6 = chlo.broadcast_minimum %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_power %arg0, %arg1
  %7 = chlo.broadcast_power %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_atan2 %arg0, %arg1
  %8 = chlo.broadcast_atan2 %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_and %arg2, %arg3 : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  %9 = chlo.broadcast_and %i, %j : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_or %arg2, %arg3
  %10 = chlo.broadcast_or %i, %j : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_xor %arg2, %arg3
  %11 = chlo.broadcast_xor %i, %j : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_left %arg2, %arg3
  %12 = chlo.broadcast_shift_left %i, %j : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_right_arithmetic %arg2, %arg3
  %13 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_right_logical %arg2, %arg3
  %14 = chlo.broadcast_shift_right_logical %i, %j : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_compare %arg0, %arg1 {compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xi1>
  %15 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xi1>
  // CHECK: chlo.broadcast_select %arg4, %arg0, %arg1 : (tensor<3x1xi1>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %16 = chlo.broadcast_select %p, %a, %b : (tensor<3x1xi1>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_complex %arg0, %arg1 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xcomplex<f32>>
  %17 = chlo.broadcast_complex %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xcomplex<f32>>
  // CHECK: chlo.broadcast_next_after %arg0, %arg1
  %18 = chlo.broadcast_next_after %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_polygamma %arg0, %arg1
  %19 = chlo.broadcast_polygamma %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_zeta %arg0, %arg1
  %20 = chlo.broadcast_zeta %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // Dynamic sizes broadcast too.
  // CHECK: chlo.broadcast_add %arg5, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %21 = chlo.broadcast_add %d, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @constants
func.func @constants(%x: tensor<2x3xi32>) -> tensor<2xf32> {
  // CHECK: chlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: "chlo.constant_like"(%arg0) <{value = 2.500000e+00 : f32}> : (tensor<2x3xi32>) -> tensor<2x3xf32>
  %1 = "chlo.constant_like"(%x) {value = 2.5 : f32} : (tensor<2x3xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @top_k
func.func @top_k(%x: tensor<5x3xf32>, %b: tensor<7xi1>) -> (tensor<5x2xf32>, tensor<5x2xi32>) {
  // CHECK: %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  // CHECK: chlo.top_k(%arg1, k = 7) : tensor<7xi1> -> (tensor<7xi1>, tensor<7xi32>)
  %0:2 = chlo.top_k(%b, k = 7) : tensor<7xi1> -> (tensor<7xi1>, tensor<7xi32>)
  return %values, %indices : tensor<5x2xf32>, tensor<5x2xi32>
}

// -----

// CHECK-LABEL: func.func @ragged_dot
func.func @ragged_dot(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %sizes: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // CHECK: "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

// Fields may come in any order and an omitted list is empty.
// CHECK-LABEL: func.func @ragged_dot_fields
func.func @ragged_dot_fields(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi32>) -> tensor<11x7xf32> {
  // CHECK: #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<rhs_group_dimensions = [0],
      lhs_ragged_dimensions = [0], rhs_contracting_dimensions = [1],
      lhs_contracting_dimensions = [1]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi32>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

// CHECK-LABEL: func.func @scan
func.func @scan(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>) {
  // CHECK: %[[R:.*]]:2 = chlo.scan(%arg0) inits(%arg1) dimension=0 attributes {is_reverse = true} {
  // CHECK-NEXT: ^bb0(%input: tensor<4xf32>, %carry: tensor<4xf32>):
  // CHECK: stablehlo.return
  // CHECK: } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  %0:2 = chlo.scan(%x) inits (%c) dimension=0  attributes {is_reverse = true} {
  ^bb0(%input: tensor<4xf32>, %carry: tensor<4xf32>):
    %1 = stablehlo.add %input, %carry : tensor<4xf32>
    stablehlo.return %1, %1 : tensor<4xf32>, tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<4xf32>
}

// -----

// Without inputs, scan_dim_size sets the length.
// CHECK-LABEL: func.func @scan_no_inputs
func.func @scan_no_inputs(%c: tensor<i64>) -> tensor<5xi64> {
  // CHECK: chlo.scan() inits(%arg0) dimension=0 attributes {is_associative = false, scan_dim_size = 5 : i64}
  %0:2 = chlo.scan() inits(%c) dimension=0 attributes {scan_dim_size = 5 : i64, is_associative = false} {
  ^bb0(%carry: tensor<i64>):
    stablehlo.return %carry, %carry : tensor<i64>, tensor<i64>
  } : (tensor<i64>) -> (tensor<5xi64>, tensor<i64>)
  return %0#0 : tensor<5xi64>
}

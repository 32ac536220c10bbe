// RUN: axle-opt %s --split-input-file --verify-diagnostics

func.func @unary_element_type(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'chlo.acos' op result element type 'f64' differs from operand element type 'f32'}}
  %0 = chlo.acos %x : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @unary_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.lgamma' op result type 'tensor<5xf32>' has a different shape than operand type 'tensor<4xf32>'}}
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @real_only(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'chlo.lgamma' op operand #0 must be ranked tensor of}}
  %0 = chlo.lgamma %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @float_only(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be ranked tensor of}}
  %0 = chlo.erf %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @is_inf_result(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.is_inf' op result #0 must be ranked tensor of pred (i1) values}}
  %0 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @is_pos_inf_shape(%x: tensor<4xf32>) -> tensor<2x2xi1> {
  // expected-error @+1 {{'chlo.is_pos_inf' op result type 'tensor<2x2xi1>' has a different shape than operand type 'tensor<4xf32>'}}
  %0 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

func.func @next_after_types(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.next_after' op second operand element type 'f64' differs from first operand element type 'f32'}}
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @zeta_shapes(%x: tensor<4xf32>, %q: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.zeta' op second operand type 'tensor<3xf32>' has a different shape than first operand type 'tensor<4xf32>'}}
  %0 = chlo.zeta %x, %q : tensor<4xf32>, tensor<3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @polygamma_result(%n: tensor<4xf32>, %x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'chlo.polygamma' op result element type 'f16' differs from first operand element type 'f32'}}
  %0 = chlo.polygamma %n, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @mulhi_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.mulhi' op operand #0 must be ranked tensor of}}
  %0 = chlo.mulhi %a, %a : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mulhi_mixed(%a: tensor<4xi32>, %b: tensor<4xui32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.mulhi' op second operand element type 'ui32' differs from first operand element type 'i32'}}
  %0 = chlo.mulhi %a, %b : tensor<4xi32>, tensor<4xui32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @not_broadcastable(%a: tensor<3x4xf32>, %b: tensor<5xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op operand shapes [3, 4] and [5] do not broadcast: sizes 4 and 5 meet in result dimension 1}}
  %0 = chlo.broadcast_add %a, %b : (tensor<3x4xf32>, tensor<5xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @broadcast_result_shape(%a: tensor<3x1xf32>, %b: tensor<4xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{'chlo.broadcast_multiply' op result type 'tensor<3x1xf32>' does not have the broadcast shape [3, 4] of operand types 'tensor<3x1xf32>' and 'tensor<4xf32>'}}
  %0 = chlo.broadcast_multiply %a, %b : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @broadcast_dims_length(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_subtract' op broadcast_dimensions [0, 1] must have one entry per dimension of the lower-rank operand (rank 1)}}
  %0 = chlo.broadcast_subtract %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @broadcast_dims_range(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_divide' op broadcast_dimensions [2] has entry 2 outside the result rank 2}}
  %0 = chlo.broadcast_divide %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @broadcast_dims_order(%a: tensor<2x3x4xf32>, %b: tensor<4x3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_maximum' op broadcast_dimensions [2, 1] must be strictly increasing}}
  %0 = chlo.broadcast_maximum %a, %b {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_dims_sizes(%a: tensor<2x3x4xf32>, %b: tensor<3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_minimum' op operand shapes [2, 3, 4] and [3] do not broadcast: sizes 4 and 3 meet in result dimension 2}}
  %0 = chlo.broadcast_minimum %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_element_types(%a: tensor<3xf32>, %b: tensor<3xf64>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_power' op operand element types 'f32' and 'f64' differ}}
  %0 = chlo.broadcast_power %a, %b : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @broadcast_shift_float(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_shift_left' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_shift_left %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @broadcast_complex_result(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xcomplex<f64>> {
  // expected-error @+1 {{'chlo.broadcast_complex' op result element type 'complex<f64>' is not the complex type of 'f32'}}
  %0 = chlo.broadcast_complex %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}

// -----

func.func @broadcast_compare_types(%a: tensor<3xf32>, %b: tensor<3xi32>) -> tensor<3xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op operand element types 'f32' and 'i32' differ}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @broadcast_compare_direction(%a: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op requires attribute 'comparison_direction'}}
  %0 = chlo.broadcast_compare %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @broadcast_select_types(%p: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xf16>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op on_true element type 'f32' differs from on_false element type 'f16'}}
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<3xi1>, tensor<3xf32>, tensor<3xf16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @broadcast_select_shapes(%p: tensor<2xi1>, %a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op operand shapes [2] and [3] do not broadcast: sizes 2 and 3 meet in result dimension 0}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @constant_like_type(%x: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'chlo.constant_like' op value type 'f64' differs from result element type 'f32'}}
  %0 = "chlo.constant_like"(%x) {value = 1.0 : f64} : (tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @constant_like_shape(%x: tensor<2xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.constant_like' op result type 'tensor<3xf32>' has a different shape than operand type 'tensor<2xi32>'}}
  %0 = "chlo.constant_like"(%x) {value = 1.0 : f32} : (tensor<2xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @top_k_too_large(%x: tensor<5x3xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'chlo.top_k' op k = 4 exceeds the size of the last dimension (3) of operand type 'tensor<5x3xf32>'}}
  %values, %indices = chlo.top_k(%x, k = 4) : tensor<5x3xf32> -> (tensor<5x4xf32>, tensor<5x4xi32>)
  return %values : tensor<5x4xf32>
}

// -----

func.func @top_k_result_shape(%x: tensor<5x3xf32>) -> tensor<5x2xf32> {
  // expected-error @+1 {{'chlo.top_k' op result type 'tensor<4x2xi32>' must have shape [5, 2] (operand shape with last dimension k)}}
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<4x2xi32>)
  return %values : tensor<5x2xf32>
}

// -----

func.func @top_k_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'chlo.top_k' op operand type 'tensor<f32>' must have rank at least 1}}
  %values, %indices = chlo.top_k(%x, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return %values : tensor<f32>
}

// -----

func.func @top_k_values_type(%x: tensor<5xf32>) -> tensor<2xf16> {
  // expected-error @+1 {{'chlo.top_k' op values element type 'f16' differs from operand element type 'f32'}}
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5xf32> -> (tensor<2xf16>, tensor<2xi32>)
  return %values : tensor<2xf16>
}

// -----

func.func @ragged_dot_group_size(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %g: tensor<4xi64>) -> tensor<2x11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op rhs group dimension 0 has size 3, but group_sizes 'tensor<4xi64>' holds 4 groups}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<4xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_result(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x8xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op result type 'tensor<11x8xf32>' must have shape [11, 7]}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>
  return %0 : tensor<11x8xf32>
}

// -----

func.func @ragged_dot_no_group(%lhs: tensor<11x5xf32>, %rhs: tensor<5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op the lhs ragged dimension 0 is a non-contracting dimension, so the rhs needs a group dimension (rhs_group_dimensions is empty)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [0]>} : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_extra_group(%lhs: tensor<3x6xf32>, %rhs: tensor<2x6x4xf32>, %g: tensor<2xi64>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op the lhs ragged dimension 1 is a batching or contracting dimension, so rhs_group_dimensions must be empty, got [0]}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<3x6xf32>, tensor<2x6x4xf32>, tensor<2xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @ragged_dot_two_ragged(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op lhs_ragged_dimensions [0, 1] must hold exactly one dimension}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_contracting_size(%lhs: tensor<11x5xf32>, %rhs: tensor<3x6x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op lhs contracting dimension 1 (size 5) and rhs contracting dimension 1 (size 6) differ in size}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x6x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_dim_range(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op lhs_contracting_dimensions [2] has dimension 2 outside the operand rank 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_group_prefix(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %g: tensor<4x3xi64>) -> tensor<2x11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op group_sizes type 'tensor<4x3xi64>' must be [G] or, outside the batch mode, [lhs batch sizes..., G]}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<4x3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_precision(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op precision_config has 3 entries, at most 2 allowed}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>, #chlo<precision HIGH>]} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_unknown_field(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{unknown ragged_dot field 'lhs_group_dimensions'}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @scan_body_arguments(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op body has 1 arguments, expected 2 (one per input, then one per init)}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a, %a : tensor<4xf32>, tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  return %0#1 : tensor<4xf32>
}

// -----

func.func @scan_slice_type(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op body argument #0 has type 'tensor<3xf32>', expected 'tensor<4xf32>' (input #0 without dimension 0)}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<4xf32>):
    stablehlo.return %b, %b : tensor<4xf32>, tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  return %0#1 : tensor<4xf32>
}

// -----

func.func @scan_dimension(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op dimension 2 is out of range for input #0 of type 'tensor<3x4xf32>'}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=2 {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    stablehlo.return %b, %b : tensor<4xf32>, tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  return %0#1 : tensor<4xf32>
}

// -----

func.func @scan_returns(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op body returns 1 values, expected 2 (1 outputs, then 1 carries)}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    stablehlo.return %b : tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  return %0#1 : tensor<4xf32>
}

// -----

func.func @scan_output(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op output #0 has type 'tensor<4x3xf32>', which is not the body's returned type 'tensor<4xf32>' with dimension 0 inserted}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    stablehlo.return %a, %b : tensor<4xf32>, tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<4x3xf32>, tensor<4xf32>)
  return %0#1 : tensor<4xf32>
}

// -----

func.func @scan_carry(%x: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'chlo.scan' op carry #0: init type 'tensor<4xf32>', returned type 'tensor<4xf32>' and result type 'tensor<4xf64>' must agree}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    stablehlo.return %a, %b : tensor<4xf32>, tensor<4xf32>
  } : (tensor<3x4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<4xf64>)
  return %0#1 : tensor<4xf64>
}

// -----

func.func @scan_length(%c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'chlo.scan' op without inputs needs a scan_dim_size attribute}}
  %0:2 = chlo.scan() inits(%c) dimension=0 {
  ^bb0(%b: tensor<f32>):
    stablehlo.return %b, %b : tensor<f32>, tensor<f32>
  } : (tensor<f32>) -> (tensor<3xf32>, tensor<f32>)
  return %0#1 : tensor<f32>
}

// -----

func.func @scan_dim_size(%x: tensor<3xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'chlo.scan' op scan_dim_size = 4 differs from the inputs' length 3}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 attributes {scan_dim_size = 4 : i64} {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b, %b : tensor<f32>, tensor<f32>
  } : (tensor<3xf32>, tensor<f32>) -> (tensor<3xf32>, tensor<f32>)
  return %0#1 : tensor<f32>
}

// -----

func.func @scan_input_lengths(%x: tensor<3xf32>, %y: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'chlo.scan' op input #1 of type 'tensor<4xf32>' has length 4 along dimension 0, other inputs have 3}}
  %0:2 = chlo.scan(%x, %y) inits(%c) dimension=0 {
  ^bb0(%a: tensor<f32>, %a2: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b, %b : tensor<f32>, tensor<f32>
  } : (tensor<3xf32>, tensor<4xf32>, tensor<f32>) -> (tensor<3xf32>, tensor<f32>)
  return %0#1 : tensor<f32>
}

// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Every elementwise op rejects operands and results whose element types or
// shapes disagree ((C1) of each op, and the shape rule of elementwise ops).
// Generated one case per op and constraint; edit by hand as needed.

// -----

func.func @cbrt_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.cbrt %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @cbrt_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.cbrt %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @ceil_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.ceil %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @ceil_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.ceil %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @cosine_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.cosine %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @cosine_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.cosine %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @exponential_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.exponential %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @exponential_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.exponential %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @exponential_minus_one_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.exponential_minus_one %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @exponential_minus_one_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.exponential_minus_one %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @floor_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.floor %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @floor_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.floor %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @log_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.log %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @log_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.log %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @log_plus_one_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.log_plus_one %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @log_plus_one_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.log_plus_one %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @logistic_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.logistic %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @logistic_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.logistic %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @round_nearest_afz_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.round_nearest_afz %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @round_nearest_afz_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.round_nearest_afz %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @round_nearest_even_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.round_nearest_even %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @round_nearest_even_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.round_nearest_even %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @rsqrt_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.rsqrt %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @rsqrt_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.rsqrt %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @sine_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.sine %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @sine_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.sine %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @sqrt_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.sqrt %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @sqrt_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.sqrt %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @tan_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.tan %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @tan_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.tan %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @tanh_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.tanh %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @tanh_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.tanh %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @sign_element_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.sign %a : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @sign_shape(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.sign %a : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @count_leading_zeros_element_type(%a: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.count_leading_zeros %a : (tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @count_leading_zeros_shape(%a: tensor<4xi32>) -> tensor<5xi32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.count_leading_zeros %a : (tensor<4xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @popcnt_element_type(%a: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.popcnt %a : (tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @popcnt_shape(%a: tensor<4xi32>) -> tensor<5xi32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.popcnt %a : (tensor<4xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @divide_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.divide %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @divide_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.divide %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @maximum_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.maximum %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @maximum_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.maximum %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @minimum_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.minimum %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @minimum_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.minimum %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @multiply_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.multiply %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @multiply_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.multiply %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @power_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.power %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @power_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.power %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @remainder_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.remainder %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @remainder_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.remainder %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @subtract_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.subtract %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @subtract_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.subtract %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @atan2_element_type(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.atan2 %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @atan2_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.atan2 %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @or_element_type(%a: tensor<4xi32>, %b: tensor<4xi64>) -> tensor<4xi32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.or %a, %b : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @or_shape(%a: tensor<4xi32>, %b: tensor<3xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.or %a, %b : (tensor<4xi32>, tensor<3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @xor_element_type(%a: tensor<4xi32>, %b: tensor<4xi64>) -> tensor<4xi32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.xor %a, %b : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @xor_shape(%a: tensor<4xi32>, %b: tensor<3xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.xor %a, %b : (tensor<4xi32>, tensor<3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @shift_left_element_type(%a: tensor<4xi32>, %b: tensor<4xi64>) -> tensor<4xi32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.shift_left %a, %b : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @shift_left_shape(%a: tensor<4xi32>, %b: tensor<3xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.shift_left %a, %b : (tensor<4xi32>, tensor<3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @shift_right_arithmetic_element_type(%a: tensor<4xi32>, %b: tensor<4xi64>) -> tensor<4xi32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.shift_right_arithmetic %a, %b : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @shift_right_arithmetic_shape(%a: tensor<4xi32>, %b: tensor<3xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.shift_right_arithmetic %a, %b : (tensor<4xi32>, tensor<3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @shift_right_logical_element_type(%a: tensor<4xi32>, %b: tensor<4xi64>) -> tensor<4xi32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.shift_right_logical %a, %b : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @shift_right_logical_shape(%a: tensor<4xi32>, %b: tensor<3xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.shift_right_logical %a, %b : (tensor<4xi32>, tensor<3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @imag_of_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.imag %a : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @imag_wrong_part(%a: tensor<4xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error @+1 {{result element type must be 'f32', got 'f64'}}
  %0 = stablehlo.imag %a : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @is_finite_result(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must be ranked tensor of pred (i1)}}
  %0 = stablehlo.is_finite %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sqrt_of_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.sqrt %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @popcnt_of_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.popcnt %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @shift_of_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.shift_left %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @subtract_of_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.subtract %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

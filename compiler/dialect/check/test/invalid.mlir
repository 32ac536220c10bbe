// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Verifier checks: the compared values agree in type, constants have the
// operand's type, approximate checks need floating-point or complex
// elements, tolerances and ULP bounds are sane.

func.func @eq_element_types_differ(%a: tensor<3xi64>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'check.expect_eq' op compares values of different types: 'tensor<3xi64>' and 'tensor<3xi32>'}}
  "check.expect_eq"(%a, %b) : (tensor<3xi64>, tensor<3xi32>) -> ()
  return
}

// -----

func.func @eq_shapes_differ(%a: tensor<3xi64>, %b: tensor<4xi64>) {
  // expected-error @+1 {{compares values of different types: 'tensor<3xi64>' and 'tensor<4xi64>'}}
  "check.expect_eq"(%a, %b) : (tensor<3xi64>, tensor<4xi64>) -> ()
  return
}

// -----

func.func @eq_not_a_tensor(%a: i64) {
  // expected-error @+1 {{operand #0 must be tensor of any type values, but got 'i64'}}
  "check.expect_eq"(%a, %a) : (i64, i64) -> ()
  return
}

// -----

func.func @eq_const_shape_differs(%a: tensor<3xi64>) {
  // expected-error @+1 {{'check.expect_eq_const' op literal of type 'tensor<2xi64>' does not match the operand type 'tensor<3xi64>'}}
  "check.expect_eq_const"(%a) {value = dense<[1, 2]> : tensor<2xi64>} : (tensor<3xi64>) -> ()
  return
}

// -----

func.func @eq_const_element_type_differs(%a: tensor<3xi64>) {
  // expected-error @+1 {{literal of type 'tensor<3xi32>' does not match the operand type 'tensor<3xi64>'}}
  "check.expect_eq_const"(%a) {value = dense<[1, 2, 3]> : tensor<3xi32>} : (tensor<3xi64>) -> ()
  return
}

// -----

func.func @almost_eq_integers(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op needs floating-point or complex elements, got 'i32'}}
  check.expect_almost_eq %a, %a : tensor<2xi32>
  return
}

// -----

func.func @almost_eq_types_differ(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{compares values of different types: 'tensor<2xf32>' and 'tensor<2xf64>'}}
  "check.expect_almost_eq"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> ()
  return
}

// -----

func.func @almost_eq_negative_tolerance(%a: tensor<f64>) {
  // expected-error @+1 {{'check.expect_almost_eq' op tolerance must be non-negative, got -5.000000e-01}}
  check.expect_almost_eq %a, %a, tolerance = -0.5 : tensor<f64>
  return
}

// -----

func.func @almost_eq_nan_tolerance(%a: tensor<f64>) {
  // expected-error @+1 {{tolerance must be non-negative, got nan}}
  "check.expect_almost_eq"(%a, %a) {tolerance = 0x7FF8000000000000 : f64} : (tensor<f64>, tensor<f64>) -> ()
  return
}

// -----

func.func @almost_eq_const_negative_tolerance(%a: tensor<f64>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op tolerance must be non-negative, got -1.000000e-01}}
  check.expect_almost_eq_const %a, dense<5.1> : tensor<f64> {tolerance = -0.1 : f64}
  return
}

// -----

func.func @almost_eq_const_integers(%a: tensor<i8>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op needs floating-point or complex elements, got 'i8'}}
  check.expect_almost_eq_const %a, dense<5> : tensor<i8>
  return
}

// -----

func.func @almost_eq_const_literal_type(%a: tensor<f64>) {
  // expected-error @+1 {{literal of type 'tensor<f32>' does not match the operand type 'tensor<f64>'}}
  "check.expect_almost_eq_const"(%a) {value = dense<5.0> : tensor<f32>} : (tensor<f64>) -> ()
  return
}

// -----

func.func @close_min_above_max(%a: tensor<f16>) {
  // expected-error @+1 {{'check.expect_close' op min_ulp_difference 3 exceeds max_ulp_difference 2}}
  check.expect_close %a, %a, max_ulp_difference = 2, min_ulp_difference = 3 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @close_min_above_default_max(%a: tensor<f16>) {
  // expected-error @+1 {{min_ulp_difference 2 exceeds max_ulp_difference 1}}
  check.expect_close %a, %a, min_ulp_difference = 2 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @close_negative_ulps(%a: tensor<f16>) {
  // expected-error @+1 {{ULP differences must be non-negative, got min -1 and max 1}}
  check.expect_close %a, %a, min_ulp_difference = -1 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @close_integers(%a: tensor<4xui8>) {
  // expected-error @+1 {{'check.expect_close' op needs floating-point or complex elements, got 'ui8'}}
  check.expect_close %a, %a : tensor<4xui8>, tensor<4xui8>
  return
}

// -----

func.func @close_types_differ(%a: tensor<f16>, %b: tensor<bf16>) {
  // expected-error @+1 {{compares values of different types: 'tensor<f16>' and 'tensor<bf16>'}}
  check.expect_close %a, %b : tensor<f16>, tensor<bf16>
  return
}

// -----

// Malformed syntax: each error points at the offending token.

func.func @unknown_ulp_option(%a: tensor<f16>) {
  // expected-error @+1 {{unknown option 'max_ulps'; expected 'max_ulp_difference' or 'min_ulp_difference'}}
  check.expect_close %a, %a, max_ulps = 3 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @unknown_tolerance_option(%a: tensor<f64>) {
  // expected-error @+1 {{unknown option 'tol'; expected 'tolerance'}}
  check.expect_almost_eq %a, %a, tol = 0.1 : tensor<f64>
  return
}

// -----

func.func @repeated_option(%a: tensor<f16>) {
  // expected-error @+1 {{option 'max_ulp_difference' given twice}}
  check.expect_close %a, %a, max_ulp_difference = 3, max_ulp_difference = 4 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @option_without_equal(%a: tensor<f64>) {
  // expected-error @+1 {{expected '='}}
  check.expect_almost_eq %a, %a, tolerance 0.1 : tensor<f64>
  return
}

// -----

func.func @integer_tolerance(%a: tensor<f64>) {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  check.expect_almost_eq %a, %a, tolerance = 1 : tensor<f64>
  return
}

// -----

func.func @float_ulps(%a: tensor<f16>) {
  // expected-error @+1 {{expected integer value}}
  check.expect_close %a, %a, max_ulp_difference = 1.5 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @missing_type(%a: tensor<3xi64>) {
  // expected-error @+1 {{expected ':'}}
  check.expect_eq %a, %a
  return
}

// -----

func.func @missing_second_type(%a: tensor<f16>) {
  // expected-error @+1 {{expected ','}}
  check.expect_close %a, %a : tensor<f16>
  return
}

// -----

func.func @untyped_literal(%a: tensor<3xi64>) {
  // expected-error @+1 {{expected ':'}}
  check.expect_eq_const %a, dense<[1, 2, 3]>
  return
}

// -----

func.func @unclosed_literal(%a: tensor<3xi64>) {
  // expected-error @+1 {{expected '>'}}
  check.expect_eq_const %a, dense<[1, 2, 3] : tensor<3xi64>
  return
}

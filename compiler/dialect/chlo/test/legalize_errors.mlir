// RUN: axle-opt %s --split-input-file --axle-legalize-chlo --verify-diagnostics

// What the decomposition cannot handle is reported once, at the op.

func.func @top_k_dynamic(%x: tensor<?x3xf32>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'chlo.top_k' op cannot be decomposed into stablehlo: it needs static shapes}}
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<?x3xf32> -> (tensor<?x2xf32>, tensor<?x2xi32>)
  return %values : tensor<?x2xf32>
}

// -----

func.func @ragged_dot_dynamic(%lhs: tensor<?x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<?x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op cannot be decomposed into stablehlo: it needs static shapes}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<?x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<?x7xf32>
  return %0 : tensor<?x7xf32>
}

// -----

func.func @scan_dynamic(%x: tensor<?xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'chlo.scan' op cannot be decomposed into stablehlo: it needs static shapes}}
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%input: tensor<f32>, %carry: tensor<f32>):
    stablehlo.return %carry, %carry : tensor<f32>, tensor<f32>
  } : (tensor<?xf32>, tensor<f32>) -> (tensor<?xf32>, tensor<f32>)
  return %0#1 : tensor<f32>
}

// -----

func.func @refined_result(%x: tensor<?xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.erf' op cannot be decomposed into stablehlo: result type 'tensor<4xf32>' has a different shape than operand type 'tensor<?xf32>' (refine the shapes first)}}
  %0 = chlo.erf %x : tensor<?xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mixed_operand_shapes(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'chlo.zeta' op cannot be decomposed into stablehlo: operand types 'tensor<?xf32>' and 'tensor<4xf32>' differ in shape (refine the shapes first)}}
  %0 = chlo.zeta %x, %y : tensor<?xf32>, tensor<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

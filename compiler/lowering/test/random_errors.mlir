// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

// rng_bit_generator and rng need static result shapes and element types
// the rest of the lowering supports (integers, f16, bf16, f32, f64).

func.func @rng_bit_generator_f8(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{axle cannot compile 'stablehlo.rng_bit_generator': element type 'f8E4M3FN' is not supported}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf8E4M3FN>)
  return %0, %1 : tensor<2xui64>, tensor<4xf8E4M3FN>
}

// -----

func.func @rng_bit_generator_dynamic(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>) {
  // expected-error @+1 {{axle cannot compile 'stablehlo.rng_bit_generator': needs a static output shape}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>)
  return %0, %1 : tensor<2xui64>, tensor<?xui32>
}

// -----

func.func @rng_dynamic(%a: tensor<f32>, %b: tensor<f32>, %shape: tensor<1xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.rng': needs a static result shape}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @rng_f8(%a: tensor<f8E5M2>, %b: tensor<f8E5M2>) -> tensor<3xf8E5M2> {
  %shape = stablehlo.constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{axle cannot compile 'stablehlo.rng': element type 'f8E5M2' is not supported}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f8E5M2>, tensor<f8E5M2>, tensor<1xi64>) -> tensor<3xf8E5M2>
  return %0 : tensor<3xf8E5M2>
}

// -----

// The module-level counter's name is taken by something else.
func.func private @__axle_rng_counter()

func.func @rng_counter_taken(%a: tensor<f32>, %b: tensor<f32>) -> tensor<3xf32> {
  %shape = stablehlo.constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{axle cannot compile 'stablehlo.rng': the symbol '__axle_rng_counter' is taken}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

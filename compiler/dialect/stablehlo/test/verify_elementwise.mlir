// RUN: axle-opt %s --split-input-file --verify-diagnostics

func.func @add_element_types(%a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{requires operand and result element types to match}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @and_of_floats(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.and %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @abs_complex_result(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.abs %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @abs_complex_wrong_part(%a: tensor<4xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error @+1 {{result element type must be 'f32', got 'f64'}}
  %0 = stablehlo.abs %a : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @real_wrong_part(%a: tensor<4xcomplex<f64>>) -> tensor<4xf32> {
  // expected-error @+1 {{result element type must be 'f64', got 'f32'}}
  %0 = stablehlo.real %a : (tensor<4xcomplex<f64>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bitcast_wrong_ratio(%a: tensor<4xf32>) -> tensor<4x2xi8> {
  // expected-error @+1 {{last dimension of size 4}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4x2xi8>
  return %0 : tensor<4x2xi8>
}

// -----

func.func @bitcast_same_width_shape(%a: tensor<4xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{shapes must match when element widths are equal}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @complex_mixed_parts(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{lhs and rhs must have the same element type}}
  %0 = stablehlo.complex %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @complex_wrong_result(%a: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
  // expected-error @+1 {{result element type must be 'complex<f32>', got 'complex<f64>'}}
  %0 = stablehlo.complex %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}

// -----

func.func @compare_type_mismatch(%a: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error @+1 {{compare_type SIGNED does not fit element type 'f32'}}
  %0 = stablehlo.compare LT, %a, %a, SIGNED : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_complex_order(%a: tensor<2xcomplex<f32>>) -> tensor<2xi1> {
  // expected-error @+1 {{complex values only compare with EQ and NE}}
  %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_operands(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xi1> {
  // expected-error @+1 {{lhs and rhs must have the same element type}}
  %0 = stablehlo.compare EQ, %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @select_pred_shape(%p: tensor<3xi1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{pred must be 0-dimensional or have the shape of on_true}}
  %0 = stablehlo.select %p, %a, %a : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_branch_types(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<2xf16>) -> tensor<2xf32> {
  // expected-error @+1 {{on_true, on_false and result must have the same type}}
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_bound_shape(%lo: tensor<2xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{min and max must be 0-dimensional or have the operand's shape}}
  %0 = stablehlo.clamp %lo, %x, %lo : (tensor<2xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @clamp_element_type(%lo: tensor<f16>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{min, operand and max must have the same element type}}
  %0 = stablehlo.clamp %lo, %x, %lo : (tensor<f16>, tensor<3xf32>, tensor<f16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_precision_exponent(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{attribute 'exponent_bits' failed to satisfy constraint}}
  %0 = stablehlo.reduce_precision %a, format = e0m10 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @map_dimensions(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimensions must be [0, ..., 0]}}
  %0 = "stablehlo.map"(%a) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_computation_arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation must take 1 arguments, got 2}}
  %0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = stablehlo.not %a : tensor<2x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5>>
}

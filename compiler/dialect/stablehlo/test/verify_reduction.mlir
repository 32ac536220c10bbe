// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Constraint numbers refer to each op's section of the specification.

// reduce: a valid reduction with a promoted accumulator (bf16 -> f32) and a
// dynamic dimension that is kept.
func.func @reduce_valid(%x: tensor<?x8xbf16>, %z: tensor<bf16>) -> tensor<?xf32> {
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<?x8xbf16>, tensor<bf16>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// reduce (C3): at least one input.
func.func @reduce_no_inputs() {
  // expected-error @+1 {{requires at least one input}}
  "stablehlo.reduce"() ({
  ^bb0:
    stablehlo.return
  }) {dimensions = array<i64>} : () -> ()
  return
}

// -----

// reduce (C3): one result per input.
func.func @reduce_result_count(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{requires one result per input (1), got 2}}
  %0:2 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

// reduce (C1): inputs have one shape.
func.func @reduce_input_shapes(%x: tensor<4xf32>, %y: tensor<5xi32>, %z: tensor<f32>, %w: tensor<i32>) {
  // expected-error @+1 {{requires all inputs to have the same shape, got 'tensor<4xf32>' and 'tensor<5xi32>'}}
  %0:2 = "stablehlo.reduce"(%x, %y, %z, %w) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return
}

// -----

// reduce (C2): init values have the input element types.
func.func @reduce_init_element_type(%x: tensor<4xf32>, %z: tensor<f64>) {
  // expected-error @+1 {{init value 0 must have the element type of input 0, 'f32', got 'f64'}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f64>) -> tensor<f64>
  return
}

// -----

// reduce (I2): init values are 0-dimensional.
func.func @reduce_init_rank(%x: tensor<4xf32>, %z: tensor<1xf32>) {
  // expected-error @+1 {{init value 0 must be a 0-dimensional tensor, got 'tensor<1xf32>'}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1xf32>) -> tensor<f32>
  return
}

// -----

// reduce (C4): dimensions are in range.
func.func @reduce_dimension_range(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimensions entry 2 is out of range [0, 2)}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce (C5): dimensions are unique.
func.func @reduce_dimension_repeated(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimensions has repeated entry 1}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce (C6): the body takes an element and an accumulator per input.
func.func @reduce_body_arity(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{body must take 2 arguments (an element and an accumulator per input), got 3}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

// reduce (C6): body arguments are 0-dimensional tensors.
func.func @reduce_body_rank(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{body argument 0 must be a 0-dimensional tensor, got 'tensor<1xf32>'}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<1xf32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

// reduce (C6): the accumulator arguments repeat the element argument types.
func.func @reduce_body_accumulator_type(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{body argument 1 must be 'tensor<f32>', got 'tensor<f64>'}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

// reduce (C6): the body returns one tensor<Ei> per input.
func.func @reduce_body_result_type(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{body result 0 must be 'tensor<f32>', got 'tensor<i32>'}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.constant dense<0> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

// reduce (C6): is_promotable(element_type(inputs[i]), Ei).
func.func @reduce_body_not_promotable(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{element type 'f32' of input 0 cannot be promoted to the body argument type 'bf16'}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    stablehlo.return %a : tensor<bf16>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<bf16>
  return
}

// -----

// reduce (C7): the result shape is the input shape without `dimensions`.
func.func @reduce_result_shape(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+1 {{result 0 must have shape [4] (the input shape without the reduced dimensions), got 'tensor<8xf32>'}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// reduce (C8): element_type(results[i]) = Ei.
func.func @reduce_result_element_type(%x: tensor<4xbf16>, %z: tensor<bf16>) {
  // expected-error @+1 {{result 0 must have the element type of the body, 'f32', got 'bf16'}}
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xbf16>, tensor<bf16>) -> tensor<bf16>
  return
}

// -----

// reduce_window: valid, with every window attribute (the example of the
// specification: 3x2 input, base dilation 2, window dilation 3, padding
// [2, 1] gives 2x2 windows).
func.func @reduce_window_valid(%x: tensor<3x2xi64>, %z: tensor<i64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>,
      base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>,
      padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}
    : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// reduce_window: a window larger than the padded input gives no windows.
func.func @reduce_window_empty(%x: tensor<3xf32>, %z: tensor<f32>) -> tensor<0xf32> {
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 4>} : (tensor<3xf32>, tensor<f32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

// reduce_window (C1): at least one input.
func.func @reduce_window_no_inputs() {
  // expected-error @+1 {{requires at least one input}}
  "stablehlo.reduce_window"() ({
  ^bb0:
    stablehlo.return
  }) {window_dimensions = array<i64>} : () -> ()
  return
}

// -----

// reduce_window (C1): one result per input.
func.func @reduce_window_result_count(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{requires one result per input (1), got 0}}
  "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<f32>) -> ()
  return
}

// -----

// reduce_window (C2): inputs have one shape.
func.func @reduce_window_input_shapes(%x: tensor<4xf32>, %y: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{requires all inputs to have the same shape}}
  %0:2 = "stablehlo.reduce_window"(%x, %y, %z, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

// reduce_window (C3): init values have the input element types.
func.func @reduce_window_init_type(%x: tensor<4xf32>, %z: tensor<i32>) {
  // expected-error @+1 {{init value 0 must have the element type of input 0, 'f32', got 'i32'}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<i32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C4): size(window_dimensions) = rank(inputs[0]).
func.func @reduce_window_dimensions_size(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dimensions must have 1 entries (the operand rank), got 2}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C5): 0 < window_dimensions.
func.func @reduce_window_dimensions_positive(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dimensions must be positive, got 0 for dimension 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return
}

// -----

// reduce_window (C6): size(window_strides) = rank(inputs[0]).
func.func @reduce_window_strides_size(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_strides must have 1 entries (the operand rank), got 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C7): 0 < window_strides.
func.func @reduce_window_strides_positive(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_strides must be positive, got -1 for dimension 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: -1>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C8): size(base_dilations) = rank(inputs[0]).
func.func @reduce_window_base_dilations_size(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{base_dilations must have 1 entries (the operand rank), got 2}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, base_dilations = array<i64: 1, 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C9): 0 < base_dilations.
func.func @reduce_window_base_dilations_positive(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{base_dilations must be positive, got 0 for dimension 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, base_dilations = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C10): size(window_dilations) = rank(inputs[0]).
func.func @reduce_window_window_dilations_size(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dilations must have 1 entries (the operand rank), got 2}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_dilations = array<i64: 1, 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C11): 0 < window_dilations.
func.func @reduce_window_window_dilations_positive(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dilations must be positive, got 0 for dimension 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_dilations = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C12): shape(padding) = [rank(inputs[0]), 2].
func.func @reduce_window_padding_shape(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{padding must have shape [1, 2], got 'tensor<2x2xi64>'}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, padding = dense<0> : tensor<2x2xi64>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C13): the body is a reducer over the inputs' types.
func.func @reduce_window_body(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{body result 0 must be 'tensor<f32>', got 'tensor<f64>'}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.constant dense<0.0> : tensor<f64>
    stablehlo.return %c : tensor<f64>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

// reduce_window (C13): is_promotable(element_type(inputs[i]), Ei).
func.func @reduce_window_body_not_promotable(%x: tensor<4xi32>, %z: tensor<i32>) {
  // expected-error @+1 {{element type 'i32' of input 0 cannot be promoted to the body argument type 'i16'}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    stablehlo.return %a : tensor<i16>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xi32>, tensor<i32>) -> tensor<3xi16>
  return
}

// -----

// reduce_window (C14): all results have one shape, (C15) the window count.
func.func @reduce_window_results_same_shape(%x: tensor<4xf32>, %y: tensor<4xi32>, %z: tensor<f32>, %w: tensor<i32>) {
  // expected-error @+1 {{result 1 must have shape [3] (the number of windows), got 'tensor<4xi32>'}}
  %0:2 = "stablehlo.reduce_window"(%x, %y, %z, %w) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<i32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<4xi32>)
  return
}

// -----

// reduce_window (C15): shape(results[0]) = num_windows: padded size 10 - 3
// + 1 = 8 windows with stride 1, 4 with stride 2.
func.func @reduce_window_result_shape(%x: tensor<8xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{result 0 must have shape [4] (the number of windows), got 'tensor<8xf32>'}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return
}

// -----

// reduce_window (C16): element_type(results[i]) = Ei.
func.func @reduce_window_result_element_type(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{result 0 must have the element type of the body, 'f32', got 'f16'}}
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf16>
  return
}

// -----

// select_and_scatter: valid (the example of the specification).
func.func @select_and_scatter_valid(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>,
      padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>}
    : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

// select_and_scatter (C1): element_type(operand) = element_type(source).
func.func @select_and_scatter_source_type(%operand: tensor<4xf32>, %source: tensor<2xf16>, %init: tensor<f32>) {
  // expected-error @+1 {{source must have the operand element type 'f32', got 'f16'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf16>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C2): shape(source) = num_windows.
func.func @select_and_scatter_source_shape(%operand: tensor<4xf32>, %source: tensor<3xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{source must have shape [2] (the number of windows), got 'tensor<3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C3): element_type(init_value) = element_type(operand).
func.func @select_and_scatter_init_type(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f64>) {
  // expected-error @+1 {{init value must have the operand element type 'f32', got 'f64'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f64>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (I3): init_value is 0-dimensional.
func.func @select_and_scatter_init_rank(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<1xf32>) {
  // expected-error @+1 {{init value must be a 0-dimensional tensor, got 'tensor<1xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C4): size(window_dimensions) = rank(operand).
func.func @select_and_scatter_window_size(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_dimensions must have 1 entries (the operand rank), got 2}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C5): 0 < window_dimensions.
func.func @select_and_scatter_window_positive(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_dimensions must be positive, got 0 for dimension 0}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 0>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C6): size(window_strides) = rank(operand).
func.func @select_and_scatter_strides_size(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_strides must have 1 entries (the operand rank), got 2}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2, 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C7): 0 < window_strides.
func.func @select_and_scatter_strides_positive(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{window_strides must be positive, got 0 for dimension 0}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 0>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C8): shape(padding) = [rank(operand), 2].
func.func @select_and_scatter_padding(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{padding must have shape [1, 2], got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<0> : tensor<1x3xi64>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C9): select has type (tensor<E>, tensor<E>) -> tensor<i1>.
func.func @select_and_scatter_select(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{select result 0 must be 'tensor<i1>', got 'tensor<f32>'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// select_and_scatter (C10): scatter has type (tensor<E>, tensor<E>) ->
// tensor<E> with is_promotable(element_type(operand), E).
func.func @select_and_scatter_scatter(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{element type 'f32' of input 0 cannot be promoted to the scatter argument type 'i32'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xi32>
  return
}

// -----

// select_and_scatter (C11): shape(operand) = shape(result).
func.func @select_and_scatter_result_shape(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{result must have the operand shape [4], got 'tensor<2xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

// select_and_scatter (C12): element_type(result) = E.
func.func @select_and_scatter_result_type(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) {
  // expected-error @+1 {{result 0 must have the element type of the scatter, 'f64', got 'f32'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// sort: valid, two inputs sorted together along a negative dimension.
func.func @sort_valid(%x: tensor<2x3xi64>, %y: tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>) {
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<f32>, %d: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = -2 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x3xi64>, tensor<2x3xf32>
}

// -----

// sort (C1): at least one input.
func.func @sort_no_inputs() {
  // expected-error @+1 {{requires at least one input}}
  "stablehlo.sort"() ({
  ^bb0:
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : () -> ()
  return
}

// -----

// sort (C2): type(inputs...) = type(results...).
func.func @sort_result_type(%x: tensor<3xi64>) {
  // expected-error @+1 {{result 0 must have the type of input 0, 'tensor<3xi64>', got 'tensor<3xi32>'}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3xi64>) -> tensor<3xi32>
  return
}

// -----

// sort (C3): inputs and results share one shape.
func.func @sort_shapes(%x: tensor<3xi64>, %y: tensor<4xi64>) {
  // expected-error @+1 {{requires all inputs and results to have the same shape, got 'tensor<3xi64>' and 'tensor<4xi64>'}}
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>, %d: tensor<i64>):
    %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3xi64>, tensor<4xi64>) -> (tensor<3xi64>, tensor<4xi64>)
  return
}

// -----

// sort (C4): -R <= dimension < R.
func.func @sort_dimension(%x: tensor<2x3xi64>) {
  // expected-error @+1 {{dimension -3 is out of range [-2, 2)}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = -3 : i64} : (tensor<2x3xi64>) -> tensor<2x3xi64>
  return
}

// -----

// sort (C5): the comparator takes two arguments per input, of its element
// type.
func.func @sort_comparator_args(%x: tensor<3xi64>, %y: tensor<3xf32>) {
  // expected-error @+1 {{comparator argument 2 must be 'tensor<f32>', got 'tensor<i64>'}}
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>, %d: tensor<i64>):
    %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3xi64>, tensor<3xf32>) -> (tensor<3xi64>, tensor<3xf32>)
  return
}

// -----

// sort (C5): the comparator returns tensor<i1>.
func.func @sort_comparator_result(%x: tensor<3xi64>) {
  // expected-error @+1 {{comparator result 0 must be 'tensor<i1>', got 'tensor<i64>'}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {dimension = 0 : i64} : (tensor<3xi64>) -> tensor<3xi64>
  return
}

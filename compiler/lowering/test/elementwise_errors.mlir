// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

// Element types and ops without scalar code: one error from the lowering
// naming the op and the reason, before any IR is built.

func.func @sine_f8(%a: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.sine': no support yet for element type 'f8E4M3FN'}}
  %0 = stablehlo.sine %a : tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}

// -----

func.func @convert_to_f4(%a: tensor<4xf32>) -> tensor<4xf4E2M1FN> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.convert': no support yet for element type 'f4E2M1FN'}}
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xf4E2M1FN>
  return %0 : tensor<4xf4E2M1FN>
}

// -----

func.func @remainder_complex(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.remainder': no scalar lowering for element type 'complex<f32>'}}
  %0 = stablehlo.remainder %a, %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @sine_dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.sine': needs static shapes}}
  %0 = stablehlo.sine %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// An unsupported op inside a map's computation: one error at the map that
// names the op inside.
func.func @map_with_reshape(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.map': 'stablehlo.reshape' in its computation: only elementwise ops are supported}}
  %0 = "stablehlo.map"(%a) ({
    ^bb0(%x: tensor<f32>):
      %r = stablehlo.reshape %x : (tensor<f32>) -> tensor<1xf32>
      %s = stablehlo.reshape %r : (tensor<1xf32>) -> tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_with_f8(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.map': 'stablehlo.convert' in its computation: no support yet for element type 'f8E5M2'}}
  %0 = "stablehlo.map"(%a) ({
    ^bb0(%x: tensor<f32>):
      %r = stablehlo.convert %x : (tensor<f32>) -> tensor<f8E5M2>
      %s = stablehlo.convert %r : (tensor<f8E5M2>) -> tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

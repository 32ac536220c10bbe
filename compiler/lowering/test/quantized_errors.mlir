// RUN: axle-opt --axle-lower-quantized --split-input-file --verify-diagnostics %s

// A *_const check reads its literal as the operand's type; a quantized
// operand has no float counterpart for it.

func.func @check_const(%a: tensor<2x!quant.uniform<i8:f32, 0.5:0>>) {
  // expected-error @+1 {{axle cannot lower 'check.expect_eq_const' of a quantized value}}
  "check.expect_eq_const"(%a) <{value = dense<[1, 2]> : tensor<2xi8>}> : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> ()
  return
}

// -----

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+2 {{axle cannot lower 'stablehlo.uniform_quantize': quantized tensors need static shapes}}
  // expected-error @+1 {{failed to legalize}}
  %0 = stablehlo.uniform_quantize %x : (tensor<?xf32>) -> tensor<?x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<?x!quant.uniform<i8:f32, 0.5:0>>
}

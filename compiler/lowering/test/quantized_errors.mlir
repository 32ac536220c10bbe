// RUN: axle-opt --axle-lower-quantized --split-input-file --verify-diagnostics %s

// Quantized tensors need static shapes (the parameters are constants of
// the tensor's shape).

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?x!quant.uniform<i8:f32, 0.5:0>> {
  // expected-error @+2 {{axle cannot lower 'stablehlo.uniform_quantize': quantized tensors need static shapes}}
  // expected-error @+1 {{failed to legalize}}
  %0 = stablehlo.uniform_quantize %x : (tensor<?xf32>) -> tensor<?x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<?x!quant.uniform<i8:f32, 0.5:0>>
}

// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

func.func @dot_dynamic(%a: tensor<?x8xf32>, %b: tensor<8x5xf32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.dot_general': needs static shapes}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x8xf32>, tensor<8x5xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @conv_dynamic(%a: tensor<?x6x2xf32>, %b: tensor<3x2x2xf32>) -> tensor<?x4x2xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.convolution': needs static shapes}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x6x2xf32>, tensor<3x2x2xf32>) -> tensor<?x4x2xf32>
  return %0 : tensor<?x4x2xf32>
}

// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

func.func @reduce_dynamic(%x: tensor<?x8xf32>, %z: tensor<f32>) -> tensor<?xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.reduce': needs static shapes}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x8xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @reduce_window_dynamic(%x: tensor<?x6xf32>, %z: tensor<f32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.reduce_window': needs static shapes}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<?x6xf32>, tensor<f32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @reduce_non_scalar_body(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    // expected-error @+1 {{axle cannot compile 'stablehlo.reshape': only elementwise ops are supported}}
    %r = stablehlo.reshape %a : (tensor<f32>) -> tensor<1xf32>
    %s = stablehlo.reshape %r : (tensor<1xf32>) -> tensor<f32>
    %m = stablehlo.add %s, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

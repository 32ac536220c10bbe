// Layer-norm statistics as JAX writes them: the variance reduces
// (x - mean)^2, which needs the mean's reduction first.
func.func @main(%x: tensor<4x128xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x128xf32>
  %d = stablehlo.subtract %x, %b : tensor<4x128xf32>
  %sq = stablehlo.multiply %d, %d : tensor<4x128xf32>
  %v = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  return %s, %v : tensor<4xf32>, tensor<4xf32>
}

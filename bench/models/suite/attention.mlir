module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12x1024x64xf32>, %arg1: tensor<12x1024x64xf32>, %arg2: tensor<12x1024x64xf32>) -> (tensor<12x1024x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<12x1024x64xf32>, tensor<12x1024x64xf32>) -> tensor<12x1024x1024xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<12x1024x1024xf32>
    %2 = stablehlo.divide %0, %1 : tensor<12x1024x1024xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1024x1024xi1>
    %4 = call @tril(%3) : (tensor<1024x1024xi1>) -> tensor<1024x1024xi1>
    %cst_0 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %5 = call @_where(%4, %2, %cst_0) : (tensor<1024x1024xi1>, tensor<12x1024x1024xf32>, tensor<f32>) -> tensor<12x1024x1024xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.maximum across dimensions = [2] : (tensor<12x1024x1024xf32>, tensor<f32>) -> tensor<12x1024xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<12x1024xf32>
    %8 = stablehlo.maximum %7, %6 : tensor<12x1024xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<12x1024xf32>) -> tensor<12x1024x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<12x1024x1xf32>) -> tensor<12x1024x1024xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<12x1024x1024xf32>
    %12 = stablehlo.exponential %11 : tensor<12x1024x1024xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<12x1024x1024xf32>, tensor<f32>) -> tensor<12x1024xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<12x1024xf32>) -> tensor<12x1024x1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<12x1024x1xf32>) -> tensor<12x1024x1024xf32>
    %16 = stablehlo.divide %12, %15 : tensor<12x1024x1024xf32>
    %17 = stablehlo.dot_general %16, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<12x1024x1024xf32>, tensor<12x1024x64xf32>) -> tensor<12x1024x64xf32>
    return %17 : tensor<12x1024x64xf32>
  }
  func.func private @tril(%arg0: tensor<1024x1024xi1>) -> tensor<1024x1024xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<1024x1024xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1024x1024xi32>
    %2 = stablehlo.add %0, %1 : tensor<1024x1024xi32>
    %3 = stablehlo.iota dim = 1 : tensor<1024x1024xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<1024x1024xi32>, tensor<1024x1024xi32>) -> tensor<1024x1024xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<1024x1024xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<1024x1024xi1>, tensor<1024x1024xi1>
    return %6 : tensor<1024x1024xi1>
  }
  func.func private @_where(%arg0: tensor<1024x1024xi1>, %arg1: tensor<12x1024x1024xf32>, %arg2: tensor<f32>) -> tensor<12x1024x1024xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<1024x1024xi1>) -> tensor<12x1024x1024xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<12x1024x1024xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<12x1024x1024xi1>, tensor<12x1024x1024xf32>
    return %2 : tensor<12x1024x1024xf32>
  }
}

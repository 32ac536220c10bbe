module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4096x4096xf32>, %arg1: tensor<4096xf32>, %arg2: tensor<4096xf32>) -> (tensor<4096x4096xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x4096xf32>) -> tensor<4096x4096xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<4096x4096xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x4096xf32>) -> tensor<4096x4096xf32>
    %5 = stablehlo.add %2, %4 : tensor<4096x4096xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<4096x4096xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<4096x4096xf32>
    %cst = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4096x4096xf32>
    %9 = stablehlo.multiply %8, %7 : tensor<4096x4096xf32>
    %10 = stablehlo.add %5, %9 : tensor<4096x4096xf32>
    %cst_0 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4096x4096xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<4096x4096xf32>
    %13 = stablehlo.tanh %12 : tensor<4096x4096xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4096x4096xf32>
    %15 = stablehlo.add %14, %13 : tensor<4096x4096xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4096x4096xf32>
    %17 = stablehlo.multiply %16, %15 : tensor<4096x4096xf32>
    %18 = stablehlo.multiply %5, %17 : tensor<4096x4096xf32>
    return %18 : tensor<4096x4096xf32>
  }
}

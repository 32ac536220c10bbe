module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x56x56x64xf32>, %arg1: tensor<3x3x64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<3x3x64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<3x3x64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<3x3x64x64xf32>, %arg8: tensor<64xf32>) -> (tensor<8x56x56x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x56x56x64xf32>
    %4 = call @relu(%3) : (tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32>
    %5 = stablehlo.convolution(%4, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %6 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %8 = stablehlo.add %5, %7 : tensor<8x56x56x64xf32>
    %9 = stablehlo.add %8, %arg0 : tensor<8x56x56x64xf32>
    %10 = call @relu(%9) : (tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32>
    %11 = stablehlo.convolution(%10, %arg5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %12 = stablehlo.broadcast_in_dim %arg6, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %14 = stablehlo.add %11, %13 : tensor<8x56x56x64xf32>
    %15 = call @relu(%14) : (tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32>
    %16 = stablehlo.convolution(%15, %arg7) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %17 = stablehlo.broadcast_in_dim %arg8, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %19 = stablehlo.add %16, %18 : tensor<8x56x56x64xf32>
    %20 = stablehlo.add %19, %10 : tensor<8x56x56x64xf32>
    %21 = call @relu(%20) : (tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32>
    return %21 : tensor<8x56x56x64xf32>
  }
  func.func private @relu(%arg0: tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x56x56x64xf32>
    return %1 : tensor<8x56x56x64xf32>
  }
}

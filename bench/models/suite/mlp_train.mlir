module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x784xf32>, %arg1: tensor<256x10xf32>, %arg2: tensor<784x1024xf32>, %arg3: tensor<1024xf32>, %arg4: tensor<1024x1024xf32>, %arg5: tensor<1024xf32>, %arg6: tensor<1024x10xf32>, %arg7: tensor<10xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<784x1024xf32> {jax.result_info = "result[1]"}, tensor<1024xf32> {jax.result_info = "result[2]"}, tensor<1024x1024xf32> {jax.result_info = "result[3]"}, tensor<1024xf32> {jax.result_info = "result[4]"}, tensor<1024x10xf32> {jax.result_info = "result[5]"}, tensor<10xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x784xf32>, tensor<784x1024xf32>) -> tensor<256x1024xf32>
    %1 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x1024xf32>) -> tensor<256x1024xf32>
    %3 = stablehlo.add %0, %2 : tensor<256x1024xf32>
    %4 = call @relu(%3) : (tensor<256x1024xf32>) -> tensor<256x1024xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<256x1024xf32>, tensor<256x1024xf32>) -> tensor<256x1024xi1>
    %7 = stablehlo.dot_general %4, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32>
    %8 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1024xf32>) -> tensor<256x1024xf32>
    %10 = stablehlo.add %7, %9 : tensor<256x1024xf32>
    %11 = call @relu(%10) : (tensor<256x1024xf32>) -> tensor<256x1024xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %13 = stablehlo.compare GT, %10, %12, FLOAT : (tensor<256x1024xf32>, tensor<256x1024xf32>) -> tensor<256x1024xi1>
    %14 = stablehlo.dot_general %11, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<1024x10xf32>) -> tensor<256x10xf32>
    %15 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<256x10xf32>
    %17 = stablehlo.add %14, %16 : tensor<256x10xf32>
    %18:3 = call @log_softmax(%17) : (tensor<256x10xf32>) -> (tensor<256x10xf32>, tensor<256x10xf32>, tensor<256x1xf32>)
    %19 = stablehlo.multiply %arg1, %18#0 : tensor<256x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%19 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<256x10xf32>, tensor<f32>) -> tensor<256xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<256xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %22 = stablehlo.divide %21, %cst_3 : tensor<f32>
    %23 = stablehlo.negate %22 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.negate %cst_4 : tensor<f32>
    %cst_5 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %25 = stablehlo.divide %24, %cst_5 : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<256xf32>) -> tensor<256x10xf32>
    %28 = stablehlo.multiply %arg1, %27 : tensor<256x10xf32>
    %29 = call @log_softmax_0(%18#1, %18#2, %28) : (tensor<256x10xf32>, tensor<256x1xf32>, tensor<256x10xf32>) -> tensor<256x10xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<256x10xf32>, tensor<f32>) -> tensor<10xf32>
    %31 = stablehlo.reshape %30 : (tensor<10xf32>) -> tensor<1x10xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
    %33 = stablehlo.dot_general %29, %11, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x10xf32>, tensor<256x1024xf32>) -> tensor<10x1024xf32>
    %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<10x1024xf32>) -> tensor<1024x10xf32>
    %35 = stablehlo.dot_general %29, %arg6, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<256x10xf32>, tensor<1024x10xf32>) -> tensor<256x1024xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %37 = stablehlo.select %13, %35, %36 : tensor<256x1024xi1>, tensor<256x1024xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%37 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %39 = stablehlo.reshape %38 : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<1x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %41 = stablehlo.dot_general %37, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<256x1024xf32>) -> tensor<1024x1024xf32>
    %42 = stablehlo.transpose %41, dims = [1, 0] : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %43 = stablehlo.dot_general %37, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %45 = stablehlo.select %6, %43, %44 : tensor<256x1024xi1>, tensor<256x1024xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_12) applies stablehlo.add across dimensions = [0] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %47 = stablehlo.reshape %46 : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_13) applies stablehlo.add across dimensions = [0] : (tensor<1x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %49 = stablehlo.dot_general %45, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<256x784xf32>) -> tensor<1024x784xf32>
    %50 = stablehlo.transpose %49, dims = [1, 0] : (tensor<1024x784xf32>) -> tensor<784x1024xf32>
    %cst_14 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %52 = stablehlo.multiply %51, %50 : tensor<784x1024xf32>
    %53 = stablehlo.subtract %arg2, %52 : tensor<784x1024xf32>
    %cst_15 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %55 = stablehlo.multiply %54, %48 : tensor<1024xf32>
    %56 = stablehlo.subtract %arg3, %55 : tensor<1024xf32>
    %cst_16 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %58 = stablehlo.multiply %57, %42 : tensor<1024x1024xf32>
    %59 = stablehlo.subtract %arg4, %58 : tensor<1024x1024xf32>
    %cst_17 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %61 = stablehlo.multiply %60, %40 : tensor<1024xf32>
    %62 = stablehlo.subtract %arg5, %61 : tensor<1024xf32>
    %cst_18 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %64 = stablehlo.multiply %63, %34 : tensor<1024x10xf32>
    %65 = stablehlo.subtract %arg6, %64 : tensor<1024x10xf32>
    %cst_19 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %67 = stablehlo.multiply %66, %32 : tensor<10xf32>
    %68 = stablehlo.subtract %arg7, %67 : tensor<10xf32>
    return %23, %53, %56, %59, %62, %65, %68 : tensor<f32>, tensor<784x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x10xf32>, tensor<10xf32>
  }
  func.func private @relu(%arg0: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<256x1024xf32>
    return %1 : tensor<256x1024xf32>
  }
  func.func private @log_softmax(%arg0: tensor<256x10xf32>) -> (tensor<256x10xf32>, tensor<256x10xf32>, tensor<256x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<256x10xf32>, tensor<f32>) -> tensor<256xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<256xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<256x10xf32>
    %6 = stablehlo.exponential %5 : tensor<256x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<256x10xf32>, tensor<f32>) -> tensor<256xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %9 = stablehlo.log %8 : tensor<256x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<256x10xf32>
    return %11, %6, %8 : tensor<256x10xf32>, tensor<256x10xf32>, tensor<256x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<256x10xf32>, %arg1: tensor<256x1xf32>, %arg2: tensor<256x10xf32>) -> tensor<256x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<256x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<256x10xf32>, tensor<f32>) -> tensor<256xf32>
    %2 = stablehlo.reshape %1 : (tensor<256xf32>) -> tensor<256x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<256x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<256x1xf32>, tensor<f32>) -> tensor<256xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<256xf32>) -> tensor<256x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<256x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<256x10xf32>
    return %7 : tensor<256x10xf32>
  }
}

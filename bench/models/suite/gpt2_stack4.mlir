module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x768xf32>, %arg1: tensor<768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<768x2304xf32>, %arg4: tensor<2304xf32>, %arg5: tensor<768x768xf32>, %arg6: tensor<768xf32>, %arg7: tensor<768xf32>, %arg8: tensor<768xf32>, %arg9: tensor<768x3072xf32>, %arg10: tensor<3072xf32>, %arg11: tensor<3072x768xf32>, %arg12: tensor<768xf32>, %arg13: tensor<768xf32>, %arg14: tensor<768xf32>, %arg15: tensor<768x2304xf32>, %arg16: tensor<2304xf32>, %arg17: tensor<768x768xf32>, %arg18: tensor<768xf32>, %arg19: tensor<768xf32>, %arg20: tensor<768xf32>, %arg21: tensor<768x3072xf32>, %arg22: tensor<3072xf32>, %arg23: tensor<3072x768xf32>, %arg24: tensor<768xf32>, %arg25: tensor<768xf32>, %arg26: tensor<768xf32>, %arg27: tensor<768x2304xf32>, %arg28: tensor<2304xf32>, %arg29: tensor<768x768xf32>, %arg30: tensor<768xf32>, %arg31: tensor<768xf32>, %arg32: tensor<768xf32>, %arg33: tensor<768x3072xf32>, %arg34: tensor<3072xf32>, %arg35: tensor<3072x768xf32>, %arg36: tensor<768xf32>, %arg37: tensor<768xf32>, %arg38: tensor<768xf32>, %arg39: tensor<768x2304xf32>, %arg40: tensor<2304xf32>, %arg41: tensor<768x768xf32>, %arg42: tensor<768xf32>, %arg43: tensor<768xf32>, %arg44: tensor<768xf32>, %arg45: tensor<768x3072xf32>, %arg46: tensor<3072xf32>, %arg47: tensor<3072x768xf32>, %arg48: tensor<768xf32>) -> (tensor<256x768xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_0 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<256x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<256x768xf32>
    %6 = chlo.square %5 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_2 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<256x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %12 = stablehlo.subtract %arg0, %11 : tensor<256x768xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<256x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<256x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<256x768xf32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<256x768xf32>
    %21 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %23 = stablehlo.add %20, %22 : tensor<256x768xf32>
    %24 = stablehlo.dot_general %23, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x2304xf32>) -> tensor<256x2304xf32>
    %25 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<2304xf32>) -> tensor<1x2304xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1] : (tensor<1x2304xf32>) -> tensor<256x2304xf32>
    %27 = stablehlo.add %24, %26 : tensor<256x2304xf32>
    %28 = stablehlo.slice %27 [0:256, 0:768] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %29 = stablehlo.slice %27 [0:256, 768:1536] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %30 = stablehlo.slice %27 [0:256, 1536:2304] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %31 = stablehlo.reshape %28 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %32 = stablehlo.transpose %31, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %33 = stablehlo.reshape %29 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %34 = stablehlo.transpose %33, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %35 = stablehlo.reshape %30 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %36 = stablehlo.transpose %35, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %37 = stablehlo.dot_general %32, %34, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<12x256x64xf32>, tensor<12x256x64xf32>) -> tensor<12x256x256xf32>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<12x256x256xf32>
    %39 = stablehlo.divide %37, %38 : tensor<12x256x256xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %40 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %41 = call @tril(%40) : (tensor<256x256xi1>) -> tensor<256x256xi1>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %42 = call @_where(%41, %39, %cst_5) : (tensor<256x256xi1>, tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256x256xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_6) applies stablehlo.maximum across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<12x256xf32>
    %45 = stablehlo.maximum %44, %43 : tensor<12x256xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %48 = stablehlo.subtract %42, %47 : tensor<12x256x256xf32>
    %49 = stablehlo.exponential %48 : tensor<12x256x256xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %53 = stablehlo.divide %49, %52 : tensor<12x256x256xf32>
    %54 = stablehlo.dot_general %53, %36, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<12x256x256xf32>, tensor<12x256x64xf32>) -> tensor<12x256x64xf32>
    %55 = stablehlo.transpose %54, dims = [1, 0, 2] : (tensor<12x256x64xf32>) -> tensor<256x12x64xf32>
    %56 = stablehlo.reshape %55 : (tensor<256x12x64xf32>) -> tensor<256x768xf32>
    %57 = stablehlo.dot_general %56, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x768xf32>) -> tensor<256x768xf32>
    %58 = stablehlo.add %arg0, %57 : tensor<256x768xf32>
    %59 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %61 = stablehlo.add %58, %60 : tensor<256x768xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%61 init: %cst_9) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_10 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %65 = stablehlo.divide %63, %64 : tensor<256x1xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %67 = stablehlo.subtract %61, %66 : tensor<256x768xf32>
    %68 = chlo.square %67 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.reduce(%68 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_12 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %72 = stablehlo.divide %70, %71 : tensor<256x1xf32>
    %73 = stablehlo.broadcast_in_dim %65, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %74 = stablehlo.subtract %61, %73 : tensor<256x768xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %76 = stablehlo.add %72, %75 : tensor<256x1xf32>
    %77 = stablehlo.rsqrt %76 : tensor<256x1xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %79 = stablehlo.multiply %74, %78 : tensor<256x768xf32>
    %80 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %82 = stablehlo.multiply %79, %81 : tensor<256x768xf32>
    %83 = stablehlo.broadcast_in_dim %arg8, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %85 = stablehlo.add %82, %84 : tensor<256x768xf32>
    %86 = stablehlo.dot_general %85, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x3072xf32>) -> tensor<256x3072xf32>
    %87 = stablehlo.broadcast_in_dim %arg10, dims = [1] : (tensor<3072xf32>) -> tensor<1x3072xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1] : (tensor<1x3072xf32>) -> tensor<256x3072xf32>
    %89 = stablehlo.add %86, %88 : tensor<256x3072xf32>
    %90 = stablehlo.multiply %89, %89 : tensor<256x3072xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<256x3072xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %93 = stablehlo.multiply %92, %91 : tensor<256x3072xf32>
    %94 = stablehlo.add %89, %93 : tensor<256x3072xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %96 = stablehlo.multiply %95, %94 : tensor<256x3072xf32>
    %97 = stablehlo.tanh %96 : tensor<256x3072xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %99 = stablehlo.add %98, %97 : tensor<256x3072xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %101 = stablehlo.multiply %100, %99 : tensor<256x3072xf32>
    %102 = stablehlo.multiply %89, %101 : tensor<256x3072xf32>
    %103 = stablehlo.dot_general %102, %arg11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x3072xf32>, tensor<3072x768xf32>) -> tensor<256x768xf32>
    %104 = stablehlo.add %61, %103 : tensor<256x768xf32>
    %105 = stablehlo.broadcast_in_dim %arg12, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %107 = stablehlo.add %104, %106 : tensor<256x768xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.reduce(%107 init: %cst_18) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_19 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %111 = stablehlo.divide %109, %110 : tensor<256x1xf32>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %113 = stablehlo.subtract %107, %112 : tensor<256x768xf32>
    %114 = chlo.square %113 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %115 = stablehlo.reduce(%114 init: %cst_20) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %116 = stablehlo.broadcast_in_dim %115, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_21 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %118 = stablehlo.divide %116, %117 : tensor<256x1xf32>
    %119 = stablehlo.broadcast_in_dim %111, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %120 = stablehlo.subtract %107, %119 : tensor<256x768xf32>
    %cst_22 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %122 = stablehlo.add %118, %121 : tensor<256x1xf32>
    %123 = stablehlo.rsqrt %122 : tensor<256x1xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %125 = stablehlo.multiply %120, %124 : tensor<256x768xf32>
    %126 = stablehlo.broadcast_in_dim %arg13, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %128 = stablehlo.multiply %125, %127 : tensor<256x768xf32>
    %129 = stablehlo.broadcast_in_dim %arg14, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %131 = stablehlo.add %128, %130 : tensor<256x768xf32>
    %132 = stablehlo.dot_general %131, %arg15, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x2304xf32>) -> tensor<256x2304xf32>
    %133 = stablehlo.broadcast_in_dim %arg16, dims = [1] : (tensor<2304xf32>) -> tensor<1x2304xf32>
    %134 = stablehlo.broadcast_in_dim %133, dims = [0, 1] : (tensor<1x2304xf32>) -> tensor<256x2304xf32>
    %135 = stablehlo.add %132, %134 : tensor<256x2304xf32>
    %136 = stablehlo.slice %135 [0:256, 0:768] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %137 = stablehlo.slice %135 [0:256, 768:1536] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %138 = stablehlo.slice %135 [0:256, 1536:2304] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %139 = stablehlo.reshape %136 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %140 = stablehlo.transpose %139, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %141 = stablehlo.reshape %137 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %142 = stablehlo.transpose %141, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %143 = stablehlo.reshape %138 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %144 = stablehlo.transpose %143, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %145 = stablehlo.dot_general %140, %142, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<12x256x64xf32>, tensor<12x256x64xf32>) -> tensor<12x256x256xf32>
    %cst_23 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<12x256x256xf32>
    %147 = stablehlo.divide %145, %146 : tensor<12x256x256xf32>
    %c_24 = stablehlo.constant dense<true> : tensor<i1>
    %148 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %149 = call @tril(%148) : (tensor<256x256xi1>) -> tensor<256x256xi1>
    %cst_25 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %150 = call @_where(%149, %147, %cst_25) : (tensor<256x256xi1>, tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256x256xf32>
    %cst_26 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %151 = stablehlo.reduce(%150 init: %cst_26) applies stablehlo.maximum across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %cst_27 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<12x256xf32>
    %153 = stablehlo.maximum %152, %151 : tensor<12x256xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %156 = stablehlo.subtract %150, %155 : tensor<12x256x256xf32>
    %157 = stablehlo.exponential %156 : tensor<12x256x256xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%157 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %160 = stablehlo.broadcast_in_dim %159, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %161 = stablehlo.divide %157, %160 : tensor<12x256x256xf32>
    %162 = stablehlo.dot_general %161, %144, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<12x256x256xf32>, tensor<12x256x64xf32>) -> tensor<12x256x64xf32>
    %163 = stablehlo.transpose %162, dims = [1, 0, 2] : (tensor<12x256x64xf32>) -> tensor<256x12x64xf32>
    %164 = stablehlo.reshape %163 : (tensor<256x12x64xf32>) -> tensor<256x768xf32>
    %165 = stablehlo.dot_general %164, %arg17, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x768xf32>) -> tensor<256x768xf32>
    %166 = stablehlo.add %107, %165 : tensor<256x768xf32>
    %167 = stablehlo.broadcast_in_dim %arg18, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %168 = stablehlo.broadcast_in_dim %167, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %169 = stablehlo.add %166, %168 : tensor<256x768xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.reduce(%169 init: %cst_29) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %171 = stablehlo.broadcast_in_dim %170, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_30 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %173 = stablehlo.divide %171, %172 : tensor<256x1xf32>
    %174 = stablehlo.broadcast_in_dim %173, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %175 = stablehlo.subtract %169, %174 : tensor<256x768xf32>
    %176 = chlo.square %175 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %177 = stablehlo.reduce(%176 init: %cst_31) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %178 = stablehlo.broadcast_in_dim %177, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_32 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %180 = stablehlo.divide %178, %179 : tensor<256x1xf32>
    %181 = stablehlo.broadcast_in_dim %173, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %182 = stablehlo.subtract %169, %181 : tensor<256x768xf32>
    %cst_33 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %184 = stablehlo.add %180, %183 : tensor<256x1xf32>
    %185 = stablehlo.rsqrt %184 : tensor<256x1xf32>
    %186 = stablehlo.broadcast_in_dim %185, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %187 = stablehlo.multiply %182, %186 : tensor<256x768xf32>
    %188 = stablehlo.broadcast_in_dim %arg19, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %189 = stablehlo.broadcast_in_dim %188, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %190 = stablehlo.multiply %187, %189 : tensor<256x768xf32>
    %191 = stablehlo.broadcast_in_dim %arg20, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %192 = stablehlo.broadcast_in_dim %191, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %193 = stablehlo.add %190, %192 : tensor<256x768xf32>
    %194 = stablehlo.dot_general %193, %arg21, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x3072xf32>) -> tensor<256x3072xf32>
    %195 = stablehlo.broadcast_in_dim %arg22, dims = [1] : (tensor<3072xf32>) -> tensor<1x3072xf32>
    %196 = stablehlo.broadcast_in_dim %195, dims = [0, 1] : (tensor<1x3072xf32>) -> tensor<256x3072xf32>
    %197 = stablehlo.add %194, %196 : tensor<256x3072xf32>
    %198 = stablehlo.multiply %197, %197 : tensor<256x3072xf32>
    %199 = stablehlo.multiply %198, %197 : tensor<256x3072xf32>
    %cst_34 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %200 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %201 = stablehlo.multiply %200, %199 : tensor<256x3072xf32>
    %202 = stablehlo.add %197, %201 : tensor<256x3072xf32>
    %cst_35 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %204 = stablehlo.multiply %203, %202 : tensor<256x3072xf32>
    %205 = stablehlo.tanh %204 : tensor<256x3072xf32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %207 = stablehlo.add %206, %205 : tensor<256x3072xf32>
    %cst_37 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %208 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %209 = stablehlo.multiply %208, %207 : tensor<256x3072xf32>
    %210 = stablehlo.multiply %197, %209 : tensor<256x3072xf32>
    %211 = stablehlo.dot_general %210, %arg23, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x3072xf32>, tensor<3072x768xf32>) -> tensor<256x768xf32>
    %212 = stablehlo.add %169, %211 : tensor<256x768xf32>
    %213 = stablehlo.broadcast_in_dim %arg24, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %214 = stablehlo.broadcast_in_dim %213, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %215 = stablehlo.add %212, %214 : tensor<256x768xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %216 = stablehlo.reduce(%215 init: %cst_38) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %217 = stablehlo.broadcast_in_dim %216, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_39 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %219 = stablehlo.divide %217, %218 : tensor<256x1xf32>
    %220 = stablehlo.broadcast_in_dim %219, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %221 = stablehlo.subtract %215, %220 : tensor<256x768xf32>
    %222 = chlo.square %221 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %223 = stablehlo.reduce(%222 init: %cst_40) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %224 = stablehlo.broadcast_in_dim %223, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_41 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %226 = stablehlo.divide %224, %225 : tensor<256x1xf32>
    %227 = stablehlo.broadcast_in_dim %219, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %228 = stablehlo.subtract %215, %227 : tensor<256x768xf32>
    %cst_42 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %230 = stablehlo.add %226, %229 : tensor<256x1xf32>
    %231 = stablehlo.rsqrt %230 : tensor<256x1xf32>
    %232 = stablehlo.broadcast_in_dim %231, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %233 = stablehlo.multiply %228, %232 : tensor<256x768xf32>
    %234 = stablehlo.broadcast_in_dim %arg25, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %235 = stablehlo.broadcast_in_dim %234, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %236 = stablehlo.multiply %233, %235 : tensor<256x768xf32>
    %237 = stablehlo.broadcast_in_dim %arg26, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %238 = stablehlo.broadcast_in_dim %237, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %239 = stablehlo.add %236, %238 : tensor<256x768xf32>
    %240 = stablehlo.dot_general %239, %arg27, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x2304xf32>) -> tensor<256x2304xf32>
    %241 = stablehlo.broadcast_in_dim %arg28, dims = [1] : (tensor<2304xf32>) -> tensor<1x2304xf32>
    %242 = stablehlo.broadcast_in_dim %241, dims = [0, 1] : (tensor<1x2304xf32>) -> tensor<256x2304xf32>
    %243 = stablehlo.add %240, %242 : tensor<256x2304xf32>
    %244 = stablehlo.slice %243 [0:256, 0:768] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %245 = stablehlo.slice %243 [0:256, 768:1536] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %246 = stablehlo.slice %243 [0:256, 1536:2304] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %247 = stablehlo.reshape %244 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %248 = stablehlo.transpose %247, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %249 = stablehlo.reshape %245 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %250 = stablehlo.transpose %249, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %251 = stablehlo.reshape %246 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %252 = stablehlo.transpose %251, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %253 = stablehlo.dot_general %248, %250, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<12x256x64xf32>, tensor<12x256x64xf32>) -> tensor<12x256x256xf32>
    %cst_43 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %254 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<12x256x256xf32>
    %255 = stablehlo.divide %253, %254 : tensor<12x256x256xf32>
    %c_44 = stablehlo.constant dense<true> : tensor<i1>
    %256 = stablehlo.broadcast_in_dim %c_44, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %257 = call @tril(%256) : (tensor<256x256xi1>) -> tensor<256x256xi1>
    %cst_45 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %258 = call @_where(%257, %255, %cst_45) : (tensor<256x256xi1>, tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256x256xf32>
    %cst_46 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %259 = stablehlo.reduce(%258 init: %cst_46) applies stablehlo.maximum across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %cst_47 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %260 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<12x256xf32>
    %261 = stablehlo.maximum %260, %259 : tensor<12x256xf32>
    %262 = stablehlo.broadcast_in_dim %261, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %263 = stablehlo.broadcast_in_dim %262, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %264 = stablehlo.subtract %258, %263 : tensor<12x256x256xf32>
    %265 = stablehlo.exponential %264 : tensor<12x256x256xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %266 = stablehlo.reduce(%265 init: %cst_48) applies stablehlo.add across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %267 = stablehlo.broadcast_in_dim %266, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %268 = stablehlo.broadcast_in_dim %267, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %269 = stablehlo.divide %265, %268 : tensor<12x256x256xf32>
    %270 = stablehlo.dot_general %269, %252, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<12x256x256xf32>, tensor<12x256x64xf32>) -> tensor<12x256x64xf32>
    %271 = stablehlo.transpose %270, dims = [1, 0, 2] : (tensor<12x256x64xf32>) -> tensor<256x12x64xf32>
    %272 = stablehlo.reshape %271 : (tensor<256x12x64xf32>) -> tensor<256x768xf32>
    %273 = stablehlo.dot_general %272, %arg29, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x768xf32>) -> tensor<256x768xf32>
    %274 = stablehlo.add %215, %273 : tensor<256x768xf32>
    %275 = stablehlo.broadcast_in_dim %arg30, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %276 = stablehlo.broadcast_in_dim %275, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %277 = stablehlo.add %274, %276 : tensor<256x768xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %278 = stablehlo.reduce(%277 init: %cst_49) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %279 = stablehlo.broadcast_in_dim %278, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_50 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %280 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %281 = stablehlo.divide %279, %280 : tensor<256x1xf32>
    %282 = stablehlo.broadcast_in_dim %281, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %283 = stablehlo.subtract %277, %282 : tensor<256x768xf32>
    %284 = chlo.square %283 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %285 = stablehlo.reduce(%284 init: %cst_51) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %286 = stablehlo.broadcast_in_dim %285, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_52 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %287 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %288 = stablehlo.divide %286, %287 : tensor<256x1xf32>
    %289 = stablehlo.broadcast_in_dim %281, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %290 = stablehlo.subtract %277, %289 : tensor<256x768xf32>
    %cst_53 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %292 = stablehlo.add %288, %291 : tensor<256x1xf32>
    %293 = stablehlo.rsqrt %292 : tensor<256x1xf32>
    %294 = stablehlo.broadcast_in_dim %293, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %295 = stablehlo.multiply %290, %294 : tensor<256x768xf32>
    %296 = stablehlo.broadcast_in_dim %arg31, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %297 = stablehlo.broadcast_in_dim %296, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %298 = stablehlo.multiply %295, %297 : tensor<256x768xf32>
    %299 = stablehlo.broadcast_in_dim %arg32, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %300 = stablehlo.broadcast_in_dim %299, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %301 = stablehlo.add %298, %300 : tensor<256x768xf32>
    %302 = stablehlo.dot_general %301, %arg33, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x3072xf32>) -> tensor<256x3072xf32>
    %303 = stablehlo.broadcast_in_dim %arg34, dims = [1] : (tensor<3072xf32>) -> tensor<1x3072xf32>
    %304 = stablehlo.broadcast_in_dim %303, dims = [0, 1] : (tensor<1x3072xf32>) -> tensor<256x3072xf32>
    %305 = stablehlo.add %302, %304 : tensor<256x3072xf32>
    %306 = stablehlo.multiply %305, %305 : tensor<256x3072xf32>
    %307 = stablehlo.multiply %306, %305 : tensor<256x3072xf32>
    %cst_54 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %309 = stablehlo.multiply %308, %307 : tensor<256x3072xf32>
    %310 = stablehlo.add %305, %309 : tensor<256x3072xf32>
    %cst_55 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %312 = stablehlo.multiply %311, %310 : tensor<256x3072xf32>
    %313 = stablehlo.tanh %312 : tensor<256x3072xf32>
    %cst_56 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %314 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %315 = stablehlo.add %314, %313 : tensor<256x3072xf32>
    %cst_57 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %316 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %317 = stablehlo.multiply %316, %315 : tensor<256x3072xf32>
    %318 = stablehlo.multiply %305, %317 : tensor<256x3072xf32>
    %319 = stablehlo.dot_general %318, %arg35, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x3072xf32>, tensor<3072x768xf32>) -> tensor<256x768xf32>
    %320 = stablehlo.add %277, %319 : tensor<256x768xf32>
    %321 = stablehlo.broadcast_in_dim %arg36, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %322 = stablehlo.broadcast_in_dim %321, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %323 = stablehlo.add %320, %322 : tensor<256x768xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %324 = stablehlo.reduce(%323 init: %cst_58) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %325 = stablehlo.broadcast_in_dim %324, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_59 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %327 = stablehlo.divide %325, %326 : tensor<256x1xf32>
    %328 = stablehlo.broadcast_in_dim %327, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %329 = stablehlo.subtract %323, %328 : tensor<256x768xf32>
    %330 = chlo.square %329 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %331 = stablehlo.reduce(%330 init: %cst_60) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %332 = stablehlo.broadcast_in_dim %331, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_61 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %333 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %334 = stablehlo.divide %332, %333 : tensor<256x1xf32>
    %335 = stablehlo.broadcast_in_dim %327, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %336 = stablehlo.subtract %323, %335 : tensor<256x768xf32>
    %cst_62 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %337 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %338 = stablehlo.add %334, %337 : tensor<256x1xf32>
    %339 = stablehlo.rsqrt %338 : tensor<256x1xf32>
    %340 = stablehlo.broadcast_in_dim %339, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %341 = stablehlo.multiply %336, %340 : tensor<256x768xf32>
    %342 = stablehlo.broadcast_in_dim %arg37, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %343 = stablehlo.broadcast_in_dim %342, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %344 = stablehlo.multiply %341, %343 : tensor<256x768xf32>
    %345 = stablehlo.broadcast_in_dim %arg38, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %346 = stablehlo.broadcast_in_dim %345, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %347 = stablehlo.add %344, %346 : tensor<256x768xf32>
    %348 = stablehlo.dot_general %347, %arg39, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x2304xf32>) -> tensor<256x2304xf32>
    %349 = stablehlo.broadcast_in_dim %arg40, dims = [1] : (tensor<2304xf32>) -> tensor<1x2304xf32>
    %350 = stablehlo.broadcast_in_dim %349, dims = [0, 1] : (tensor<1x2304xf32>) -> tensor<256x2304xf32>
    %351 = stablehlo.add %348, %350 : tensor<256x2304xf32>
    %352 = stablehlo.slice %351 [0:256, 0:768] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %353 = stablehlo.slice %351 [0:256, 768:1536] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %354 = stablehlo.slice %351 [0:256, 1536:2304] : (tensor<256x2304xf32>) -> tensor<256x768xf32>
    %355 = stablehlo.reshape %352 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %356 = stablehlo.transpose %355, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %357 = stablehlo.reshape %353 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %358 = stablehlo.transpose %357, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %359 = stablehlo.reshape %354 : (tensor<256x768xf32>) -> tensor<256x12x64xf32>
    %360 = stablehlo.transpose %359, dims = [1, 0, 2] : (tensor<256x12x64xf32>) -> tensor<12x256x64xf32>
    %361 = stablehlo.dot_general %356, %358, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<12x256x64xf32>, tensor<12x256x64xf32>) -> tensor<12x256x256xf32>
    %cst_63 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %362 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<12x256x256xf32>
    %363 = stablehlo.divide %361, %362 : tensor<12x256x256xf32>
    %c_64 = stablehlo.constant dense<true> : tensor<i1>
    %364 = stablehlo.broadcast_in_dim %c_64, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %365 = call @tril(%364) : (tensor<256x256xi1>) -> tensor<256x256xi1>
    %cst_65 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %366 = call @_where(%365, %363, %cst_65) : (tensor<256x256xi1>, tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256x256xf32>
    %cst_66 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %367 = stablehlo.reduce(%366 init: %cst_66) applies stablehlo.maximum across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %cst_67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %368 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<12x256xf32>
    %369 = stablehlo.maximum %368, %367 : tensor<12x256xf32>
    %370 = stablehlo.broadcast_in_dim %369, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %371 = stablehlo.broadcast_in_dim %370, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %372 = stablehlo.subtract %366, %371 : tensor<12x256x256xf32>
    %373 = stablehlo.exponential %372 : tensor<12x256x256xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %374 = stablehlo.reduce(%373 init: %cst_68) applies stablehlo.add across dimensions = [2] : (tensor<12x256x256xf32>, tensor<f32>) -> tensor<12x256xf32>
    %375 = stablehlo.broadcast_in_dim %374, dims = [0, 1] : (tensor<12x256xf32>) -> tensor<12x256x1xf32>
    %376 = stablehlo.broadcast_in_dim %375, dims = [0, 1, 2] : (tensor<12x256x1xf32>) -> tensor<12x256x256xf32>
    %377 = stablehlo.divide %373, %376 : tensor<12x256x256xf32>
    %378 = stablehlo.dot_general %377, %360, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<12x256x256xf32>, tensor<12x256x64xf32>) -> tensor<12x256x64xf32>
    %379 = stablehlo.transpose %378, dims = [1, 0, 2] : (tensor<12x256x64xf32>) -> tensor<256x12x64xf32>
    %380 = stablehlo.reshape %379 : (tensor<256x12x64xf32>) -> tensor<256x768xf32>
    %381 = stablehlo.dot_general %380, %arg41, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x768xf32>) -> tensor<256x768xf32>
    %382 = stablehlo.add %323, %381 : tensor<256x768xf32>
    %383 = stablehlo.broadcast_in_dim %arg42, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %384 = stablehlo.broadcast_in_dim %383, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %385 = stablehlo.add %382, %384 : tensor<256x768xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %386 = stablehlo.reduce(%385 init: %cst_69) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %387 = stablehlo.broadcast_in_dim %386, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_70 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %388 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %389 = stablehlo.divide %387, %388 : tensor<256x1xf32>
    %390 = stablehlo.broadcast_in_dim %389, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %391 = stablehlo.subtract %385, %390 : tensor<256x768xf32>
    %392 = chlo.square %391 : tensor<256x768xf32> -> tensor<256x768xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %393 = stablehlo.reduce(%392 init: %cst_71) applies stablehlo.add across dimensions = [1] : (tensor<256x768xf32>, tensor<f32>) -> tensor<256xf32>
    %394 = stablehlo.broadcast_in_dim %393, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_72 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %395 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %396 = stablehlo.divide %394, %395 : tensor<256x1xf32>
    %397 = stablehlo.broadcast_in_dim %389, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %398 = stablehlo.subtract %385, %397 : tensor<256x768xf32>
    %cst_73 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %399 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %400 = stablehlo.add %396, %399 : tensor<256x1xf32>
    %401 = stablehlo.rsqrt %400 : tensor<256x1xf32>
    %402 = stablehlo.broadcast_in_dim %401, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x768xf32>
    %403 = stablehlo.multiply %398, %402 : tensor<256x768xf32>
    %404 = stablehlo.broadcast_in_dim %arg43, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %405 = stablehlo.broadcast_in_dim %404, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %406 = stablehlo.multiply %403, %405 : tensor<256x768xf32>
    %407 = stablehlo.broadcast_in_dim %arg44, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %408 = stablehlo.broadcast_in_dim %407, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %409 = stablehlo.add %406, %408 : tensor<256x768xf32>
    %410 = stablehlo.dot_general %409, %arg45, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x768xf32>, tensor<768x3072xf32>) -> tensor<256x3072xf32>
    %411 = stablehlo.broadcast_in_dim %arg46, dims = [1] : (tensor<3072xf32>) -> tensor<1x3072xf32>
    %412 = stablehlo.broadcast_in_dim %411, dims = [0, 1] : (tensor<1x3072xf32>) -> tensor<256x3072xf32>
    %413 = stablehlo.add %410, %412 : tensor<256x3072xf32>
    %414 = stablehlo.multiply %413, %413 : tensor<256x3072xf32>
    %415 = stablehlo.multiply %414, %413 : tensor<256x3072xf32>
    %cst_74 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %416 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %417 = stablehlo.multiply %416, %415 : tensor<256x3072xf32>
    %418 = stablehlo.add %413, %417 : tensor<256x3072xf32>
    %cst_75 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %419 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %420 = stablehlo.multiply %419, %418 : tensor<256x3072xf32>
    %421 = stablehlo.tanh %420 : tensor<256x3072xf32>
    %cst_76 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %422 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %423 = stablehlo.add %422, %421 : tensor<256x3072xf32>
    %cst_77 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %424 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<256x3072xf32>
    %425 = stablehlo.multiply %424, %423 : tensor<256x3072xf32>
    %426 = stablehlo.multiply %413, %425 : tensor<256x3072xf32>
    %427 = stablehlo.dot_general %426, %arg47, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x3072xf32>, tensor<3072x768xf32>) -> tensor<256x768xf32>
    %428 = stablehlo.add %385, %427 : tensor<256x768xf32>
    %429 = stablehlo.broadcast_in_dim %arg48, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %430 = stablehlo.broadcast_in_dim %429, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<256x768xf32>
    %431 = stablehlo.add %428, %430 : tensor<256x768xf32>
    return %431 : tensor<256x768xf32>
  }
  func.func private @tril(%arg0: tensor<256x256xi1>) -> tensor<256x256xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<256x256xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<256x256xi32>
    %2 = stablehlo.add %0, %1 : tensor<256x256xi32>
    %3 = stablehlo.iota dim = 1 : tensor<256x256xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<256x256xi32>, tensor<256x256xi32>) -> tensor<256x256xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<256x256xi1>, tensor<256x256xi1>
    return %6 : tensor<256x256xi1>
  }
  func.func private @_where(%arg0: tensor<256x256xi1>, %arg1: tensor<12x256x256xf32>, %arg2: tensor<f32>) -> tensor<12x256x256xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<256x256xi1>) -> tensor<12x256x256xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<12x256x256xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<12x256x256xi1>, tensor<12x256x256xf32>
    return %2 : tensor<12x256x256xf32>
  }
}

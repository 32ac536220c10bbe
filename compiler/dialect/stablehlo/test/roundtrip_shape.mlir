// RUN: axle-opt %s | FileCheck %s
// RUN: axle-opt %s --mlir-print-op-generic | axle-opt | FileCheck %s
// RUN: axle-opt %s | axle-opt | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() -> tensor<2xi8> {
  // CHECK: stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // Hex blobs are read as they are exported; small ones print as values.
  // CHECK: stablehlo.constant dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf32>
  %1 = stablehlo.constant dense<"0x0000803F000000C0"> : tensor<2xf32>
  // Quantized constants spell out the literal's storage type.
  // CHECK: stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
  %2 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  // CHECK: stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %3 = "stablehlo.constant"() {value = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2xi8>
  return %3 : tensor<2xi8>
}

// CHECK-LABEL: func.func @iota_broadcast_reshape
func.func @iota_broadcast_reshape(%x: tensor<3xf32>, %shape: tensor<2xi32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.iota dim = 0 : tensor<3xui64>
  %0 = stablehlo.iota dim = 0 : tensor<3xui64>
  // CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 1 : (tensor<2xi32>) -> tensor<?x?xi32>
  %1 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi32>) -> tensor<?x?xi32>
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %3 = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [1], expanding = [0], nonexpanding = [] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %4 = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1], expanding = [0], nonexpanding = [] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  // CHECK: stablehlo.broadcast %{{.*}}, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  %5 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<6xf32>
  %6 = stablehlo.reshape %5 : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %7 = stablehlo.dynamic_reshape %6, %shape : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %2 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @permute_join_pad
func.func @permute_join_pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x2xf32> {
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: stablehlo.reverse %{{.*}}, dims = [0, 1] : tensor<3x2xf32>
  %1 = stablehlo.reverse %0, dims = [0, 1] : tensor<3x2xf32>
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<6x2xf32>
  %2 = stablehlo.concatenate %1, %1, dim = 0 : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<6x2xf32>
  // CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [1, 0], high = [0, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x2xf32>
  %3 = stablehlo.pad %x, %v, low = [1, 0], high = [0, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x2xf32>
  %lo = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  // CHECK: stablehlo.dynamic_pad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %4 = stablehlo.dynamic_pad %x, %v, %lo, %lo, %lo : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %1 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @dimension_sizes
func.func @dimension_sizes(%x: tensor<?x3xf32, #stablehlo.bounds<8, ?>>, %n: tensor<i32>) -> tensor<i32> {
  // CHECK: stablehlo.get_dimension_size %{{.*}}, dim = 0 : (tensor<?x3xf32, #stablehlo.bounds<8, ?>>) -> tensor<i32>
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32, #stablehlo.bounds<8, ?>>) -> tensor<i32>
  // CHECK: stablehlo.set_dimension_size %{{.*}}, %{{.*}}, dim = 0 : (tensor<?x3xf32, #stablehlo.bounds<8, ?>>, tensor<i32>) -> tensor<?x3xf32, #stablehlo.bounds<8, ?>>
  %1 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<?x3xf32, #stablehlo.bounds<8, ?>>, tensor<i32>) -> tensor<?x3xf32, #stablehlo.bounds<8, ?>>
  return %0 : tensor<i32>
}

// CHECK-LABEL: func.func @tuples
func.func @tuples(%x: tensor<f32>, %t: !stablehlo.token) -> tensor<f32> {
  // CHECK: stablehlo.tuple %{{.*}}, %{{.*}} : tuple<tensor<f32>, !stablehlo.token>
  %0 = stablehlo.tuple %x, %t : tuple<tensor<f32>, !stablehlo.token>
  // CHECK: stablehlo.get_tuple_element %{{.*}}[0] : (tuple<tensor<f32>, !stablehlo.token>) -> tensor<f32>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<f32>, !stablehlo.token>) -> tensor<f32>
  return %1 : tensor<f32>
}

// CHECK-LABEL: func.func @quantize
func.func @quantize(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 1.000000e-01:-3>>
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1:-3>>
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 1.000000e-01:-3>>) -> tensor<4x!quant.uniform<i8:f32, 2.000000e-01>>
  %1 = stablehlo.uniform_quantize %0 : (tensor<4x!quant.uniform<i8:f32, 0.1:-3>>) -> tensor<4x!quant.uniform<i8:f32, 0.2>>
  // CHECK: stablehlo.uniform_dequantize %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 2.000000e-01>>) -> tensor<4xf32>
  %2 = stablehlo.uniform_dequantize %1 : (tensor<4x!quant.uniform<i8:f32, 0.2>>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

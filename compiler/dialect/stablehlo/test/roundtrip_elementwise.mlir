// RUN: axle-opt %s | FileCheck %s
// RUN: axle-opt %s --mlir-print-op-generic | axle-opt | FileCheck %s
// RUN: axle-opt %s | axle-opt | FileCheck %s

// Every elementwise op in its pretty form: `: T` when all types agree, a
// function type otherwise.

// CHECK-LABEL: func.func @unary_float
func.func @unary_float(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.abs %{{.*}} : tensor<2x3xf32>
  %0 = stablehlo.abs %x : tensor<2x3xf32>
  // CHECK: stablehlo.cbrt %{{.*}} : tensor<2x3xf32>
  %1 = stablehlo.cbrt %0 : tensor<2x3xf32>
  // CHECK: stablehlo.ceil
  %2 = stablehlo.ceil %1 : tensor<2x3xf32>
  // CHECK: stablehlo.cosine
  %3 = stablehlo.cosine %2 : tensor<2x3xf32>
  // CHECK: stablehlo.exponential
  %4 = stablehlo.exponential %3 : tensor<2x3xf32>
  // CHECK: stablehlo.exponential_minus_one
  %5 = stablehlo.exponential_minus_one %4 : tensor<2x3xf32>
  // CHECK: stablehlo.floor
  %6 = stablehlo.floor %5 : tensor<2x3xf32>
  // CHECK: stablehlo.log
  %7 = stablehlo.log %6 : tensor<2x3xf32>
  // CHECK: stablehlo.log_plus_one
  %8 = stablehlo.log_plus_one %7 : tensor<2x3xf32>
  // CHECK: stablehlo.logistic
  %9 = stablehlo.logistic %8 : tensor<2x3xf32>
  // CHECK: stablehlo.negate
  %10 = stablehlo.negate %9 : tensor<2x3xf32>
  // CHECK: stablehlo.round_nearest_afz
  %11 = stablehlo.round_nearest_afz %10 : tensor<2x3xf32>
  // CHECK: stablehlo.round_nearest_even
  %12 = stablehlo.round_nearest_even %11 : tensor<2x3xf32>
  // CHECK: stablehlo.rsqrt
  %13 = stablehlo.rsqrt %12 : tensor<2x3xf32>
  // CHECK: stablehlo.sign
  %14 = stablehlo.sign %13 : tensor<2x3xf32>
  // CHECK: stablehlo.sine
  %15 = stablehlo.sine %14 : tensor<2x3xf32>
  // CHECK: stablehlo.sqrt
  %16 = stablehlo.sqrt %15 : tensor<2x3xf32>
  // CHECK: stablehlo.tan
  %17 = stablehlo.tan %16 : tensor<2x3xf32>
  // CHECK: stablehlo.tanh
  %18 = stablehlo.tanh %17 : tensor<2x3xf32>
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e5m10 : tensor<2x3xf32>
  %19 = stablehlo.reduce_precision %18, format = e5m10 : tensor<2x3xf32>
  // CHECK: stablehlo.exponential %{{.*}} {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x3xf32>
  %20 = stablehlo.exponential %19 {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-05, rtol = 0.0, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x3xf32>
  return %20 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @unary_mixed_types
func.func @unary_mixed_types(%x: tensor<4xf32>, %c: tensor<4xcomplex<f64>>, %i: tensor<4xi32>) -> tensor<4xi1> {
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<4xf32>) -> tensor<4xi1>
  %0 = stablehlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.abs %{{.*}} : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %1 = stablehlo.abs %c : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  // CHECK: stablehlo.real %{{.*}} : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %2 = stablehlo.real %c : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  // CHECK: stablehlo.imag %{{.*}} : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %3 = stablehlo.imag %c : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<4xi32>) -> tensor<4xbf16>
  %4 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xbf16>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4xi32>
  %5 = stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4x4xui8>
  %6 = stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4x4xui8>
  // CHECK: stablehlo.count_leading_zeros %{{.*}} : tensor<4xi32>
  %7 = stablehlo.count_leading_zeros %i : tensor<4xi32>
  // CHECK: stablehlo.popcnt %{{.*}} : tensor<4xi32>
  %8 = stablehlo.popcnt %7 : tensor<4xi32>
  // CHECK: stablehlo.not %{{.*}} : tensor<4xi32>
  %9 = stablehlo.not %8 : tensor<4xi32>
  return %0 : tensor<4xi1>
}

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<3xi64>, %b: tensor<3xi64>, %x: tensor<3xf16>, %y: tensor<3xf16>) -> tensor<3xi64> {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<3xi64>
  %0 = stablehlo.add %a, %b : tensor<3xi64>
  // CHECK: stablehlo.subtract
  %1 = stablehlo.subtract %0, %b : tensor<3xi64>
  // CHECK: stablehlo.multiply
  %2 = stablehlo.multiply %1, %b : tensor<3xi64>
  // CHECK: stablehlo.divide
  %3 = stablehlo.divide %2, %b : tensor<3xi64>
  // CHECK: stablehlo.remainder
  %4 = stablehlo.remainder %3, %b : tensor<3xi64>
  // CHECK: stablehlo.maximum
  %5 = stablehlo.maximum %4, %b : tensor<3xi64>
  // CHECK: stablehlo.minimum
  %6 = stablehlo.minimum %5, %b : tensor<3xi64>
  // CHECK: stablehlo.power
  %7 = stablehlo.power %6, %b : tensor<3xi64>
  // CHECK: stablehlo.and
  %8 = stablehlo.and %7, %b : tensor<3xi64>
  // CHECK: stablehlo.or
  %9 = stablehlo.or %8, %b : tensor<3xi64>
  // CHECK: stablehlo.xor
  %10 = stablehlo.xor %9, %b : tensor<3xi64>
  // CHECK: stablehlo.shift_left
  %11 = stablehlo.shift_left %10, %b : tensor<3xi64>
  // CHECK: stablehlo.shift_right_arithmetic
  %12 = stablehlo.shift_right_arithmetic %11, %b : tensor<3xi64>
  // CHECK: stablehlo.shift_right_logical
  %13 = stablehlo.shift_right_logical %12, %b : tensor<3xi64>
  // CHECK: stablehlo.atan2 %{{.*}}, %{{.*}} : tensor<3xf16>
  %14 = stablehlo.atan2 %x, %y : tensor<3xf16>
  // CHECK: stablehlo.complex %{{.*}}, %{{.*}} : tensor<3xcomplex<f32>>
  %xf = stablehlo.convert %x : (tensor<3xf16>) -> tensor<3xf32>
  %15 = stablehlo.complex %xf, %xf : tensor<3xcomplex<f32>>
  return %13 : tensor<3xi64>
}

// CHECK-LABEL: func.func @compare_select_clamp
func.func @compare_select_clamp(%a: tensor<3xui8>, %b: tensor<3xui8>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  %p = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  // CHECK: stablehlo.compare EQ, %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %q = stablehlo.compare EQ, %x, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi1>, tensor<3xf32>
  %s = stablehlo.select %p, %x, %x : tensor<3xi1>, tensor<3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %c = stablehlo.clamp %zero, %s, %one : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xf32>
  %d = stablehlo.clamp %c, %c, %c : tensor<3xf32>
  return %d : tensor<3xf32>
}

// Quantized operands: per-tensor scales may differ between operands and result.
// CHECK-LABEL: func.func @quantized_add
func.func @quantized_add(%a: tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25:3>>) -> tensor<4x!quant.uniform<i8:f32, 1.0>> {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 1.000000e+00>>
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<4x!quant.uniform<i8:f32, 0.25:3>>) -> tensor<4x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 1.0>>
}

// CHECK-LABEL: func.func @map
func.func @map(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: "stablehlo.map"(%{{.*}}, %{{.*}}) <{dimensions = array<i64: 0>}>
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// RUN: axle-opt --axle-lower-quantized --split-input-file %s | FileCheck %s

// uniform_dequantize: the storage widened to i64, minus the zero point,
// converted to the expressed type, times the scale.

// CHECK-LABEL: func.func @dequantize(
// CHECK-SAME: %[[Q:.*]]: tensor<4xi8>) -> tensor<4xf32>
// CHECK: %[[W:.*]] = stablehlo.convert %[[Q]] : (tensor<4xi8>) -> tensor<4xi64>
// CHECK: %[[ZP:.*]] = stablehlo.constant dense<-3> : tensor<4xi64>
// CHECK: %[[D:.*]] = stablehlo.subtract %[[W]], %[[ZP]] : tensor<4xi64>
// CHECK: %[[F:.*]] = stablehlo.convert %[[D]] : (tensor<4xi64>) -> tensor<4xf32>
// CHECK: %[[S:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: %[[R:.*]] = stablehlo.multiply %[[F]], %[[S]] : tensor<4xf32>
// CHECK: return %[[R]]
// CHECK-NOT: quant
func.func @dequantize(%q: tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32> {
  %0 = stablehlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// uniform_quantize: x / scale + zero_point, rounded to nearest even in the
// expressed type, clamped to the storage range in f64, converted.

// CHECK-LABEL: func.func @quantize(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>) -> tensor<4xui8>
// CHECK: %[[S:.*]] = stablehlo.constant dense<2.500000e-01> : tensor<4xf32>
// CHECK: %[[A:.*]] = stablehlo.divide %[[X]], %[[S]] : tensor<4xf32>
// CHECK: %[[ZP:.*]] = stablehlo.constant dense<1.000000e+01> : tensor<4xf32>
// CHECK: %[[B:.*]] = stablehlo.add %[[A]], %[[ZP]] : tensor<4xf32>
// CHECK: %[[R:.*]] = stablehlo.round_nearest_even %[[B]] : tensor<4xf32>
// CHECK: %[[W:.*]] = stablehlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: %[[LO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f64>
// CHECK: %[[HI:.*]] = stablehlo.constant dense<2.550000e+02> : tensor<f64>
// CHECK: %[[C:.*]] = stablehlo.clamp %[[LO]], %[[W]], %[[HI]]
// CHECK: %[[Q:.*]] = stablehlo.convert %[[C]] : (tensor<4xf64>) -> tensor<4xui8>
// CHECK: return %[[Q]]
func.func @quantize(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 0.25:10>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 0.25:10>>
  return %0 : tensor<4x!quant.uniform<u8:f32, 0.25:10>>
}

// -----

// f64 expressed values need no widening before the clamp; i32 storage
// bounds are exact in f64.

// CHECK-LABEL: func.func @quantize_f64_i32
// CHECK: stablehlo.round_nearest_even %{{.*}} : tensor<3xf64>
// CHECK-NOT: stablehlo.convert %{{.*}} : (tensor<3xf64>) -> tensor<3xf64>
// CHECK: stablehlo.constant dense<0xC1E0000000000000> : tensor<f64>
// CHECK: stablehlo.constant dense<0x41DFFFFFFFC00000> : tensor<f64>
// CHECK: stablehlo.convert %{{.*}} : (tensor<3xf64>) -> tensor<3xi32>
func.func @quantize_f64_i32(%x: tensor<3xf64>) -> tensor<3x!quant.uniform<i32:f64, 0.001:0>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<3xf64>) -> tensor<3x!quant.uniform<i32:f64, 0.001:0>>
  return %0 : tensor<3x!quant.uniform<i32:f64, 0.001:0>>
}

// -----

// Requantization dequantizes with the operand's parameters and quantizes
// with the result's.

// CHECK-LABEL: func.func @requantize(
// CHECK-SAME: %{{.*}}: tensor<4xi8>) -> tensor<4xi8>
// CHECK: stablehlo.subtract
// CHECK: stablehlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: stablehlo.multiply
// CHECK: stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: stablehlo.divide
// CHECK: stablehlo.round_nearest_even
// CHECK: stablehlo.clamp
func.func @requantize(%q: tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x!quant.uniform<i8:f32, 2.0:1>> {
  %0 = stablehlo.uniform_quantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<4x!quant.uniform<i8:f32, 2.0:1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 2.0:1>>
}

// -----

// Per-axis parameters are vectors broadcast along the quantized dimension.

// CHECK-LABEL: func.func @per_axis(
// CHECK-SAME: %{{.*}}: tensor<2x3xi8>) -> tensor<2x3xf32>
// CHECK: %[[ZP:.*]] = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi64>
// CHECK: stablehlo.broadcast_in_dim %[[ZP]], dims = [1] : (tensor<3xi64>) -> tensor<2x3xi64>
// CHECK: %[[S:.*]] = stablehlo.constant dense<[1.000000e-01, 2.000000e-01, 4.000000e-01]> : tensor<3xf32>
// CHECK: stablehlo.broadcast_in_dim %[[S]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
func.func @per_axis(%q: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:1, 0.2:-2, 0.4:3}>>) -> tensor<2x3xf32> {
  %0 = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:1, 0.2:-2, 0.4:3}>>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An op computing on quantized values runs on the dequantized values and
// its result is quantized (dequantize_op_quantize).

// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[A:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[FA:.*]] = stablehlo.multiply
// CHECK: %[[FB:.*]] = stablehlo.multiply
// CHECK: %[[S:.*]] = stablehlo.add %[[FA]], %[[FB]] : tensor<4xf32>
// CHECK: stablehlo.divide %[[S]]
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xi8>
func.func @add(%a: tensor<4x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4x!quant.uniform<i8:f32, 1.0:0>> {
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>, tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4x!quant.uniform<i8:f32, 1.0:0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 1.0:0>>
}

// -----

// A quantized comparison compares the dequantized values.

// CHECK-LABEL: func.func @compare(
// CHECK-SAME: %{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> tensor<4xi1>
// CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
func.func @compare(%a: tensor<4x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:0>>, tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Ops that only move values work on the storage; constants hold storage
// values.

// CHECK-LABEL: func.func @move(
// CHECK-SAME: %[[Q:.*]]: tensor<2x3xi8>) -> tensor<3x2xi8>
// CHECK: %[[C:.*]] = stablehlo.constant dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
// CHECK: %[[T:.*]] = stablehlo.transpose %[[Q]], dims = [1, 0] : (tensor<2x3xi8>) -> tensor<3x2xi8>
// CHECK: %[[R:.*]] = stablehlo.concatenate %[[T]], %[[C]], dim = 1 : (tensor<3x2xi8>, tensor<3x2xi8>) -> tensor<3x4xi8>
// CHECK: stablehlo.slice %[[R]]
func.func @move(%q: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:0>> {
  %c = stablehlo.constant() <{value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>}> : () -> tensor<3x2x!quant.uniform<i8:f32, 0.5:0>>
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:0>>
  %r = stablehlo.concatenate %t, %c, dim = 1 : (tensor<3x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>
  %s = stablehlo.slice %r [0:3, 1:3] : (tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:0>>
  return %s : tensor<3x2x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// Regions: a while carrying a quantized value gets storage-typed block
// arguments; the ops inside are rewritten like any other.

// CHECK-LABEL: func.func @while_carry(
// CHECK-SAME: %{{.*}}: tensor<i8>, %{{.*}}: tensor<i32>) -> tensor<i8>
// CHECK: stablehlo.while(%[[Q:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) : tensor<i8>, tensor<i32>
// CHECK: cond {
// CHECK: stablehlo.compare
// CHECK: } do {
// CHECK: %[[D:.*]] = stablehlo.multiply
// CHECK-NOT: stablehlo.multiply
// CHECK: stablehlo.add %[[D]], %[[D]] : tensor<f32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<f64>) -> tensor<i8>
// CHECK: stablehlo.return %{{.*}}, %{{.*}} : tensor<i8>, tensor<i32>
// CHECK-NOT: quant
func.func @while_carry(%q: tensor<!quant.uniform<i8:f32, 0.5:0>>, %n: tensor<i32>) -> tensor<!quant.uniform<i8:f32, 0.5:0>> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%a = %q, %i = %zero) : tensor<!quant.uniform<i8:f32, 0.5:0>>, tensor<i32>
  cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %next = stablehlo.add %i, %one : tensor<i32>
    %d = stablehlo.add %a, %a : tensor<!quant.uniform<i8:f32, 0.5:0>>
    stablehlo.return %d, %next : tensor<!quant.uniform<i8:f32, 0.5:0>>, tensor<i32>
  }
  return %r#0 : tensor<!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// Check ops compare dequantized values, as the interpreter's checks do.

// CHECK-LABEL: func.func @check(
// CHECK: %[[A:.*]] = stablehlo.multiply
// CHECK: %[[B:.*]] = stablehlo.multiply
// CHECK: stablehlo.custom_call @check.eq(%[[A]], %[[B]]) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
func.func @check(%a: tensor<2x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<2x!quant.uniform<i8:f32, 0.5:0>>) {
  %0 = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<i1>
  return
}

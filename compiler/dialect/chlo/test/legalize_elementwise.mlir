// RUN: axle-opt %s --split-input-file --axle-legalize-chlo | FileCheck %s --implicit-check-not=chlo.
// RUN: axle-opt %s --split-input-file --axle-legalize-chlo --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s --implicit-check-not=chlo.

// Every elementwise chlo op becomes stablehlo ops only, but f32 and bf16
// erf and erfc (legalize_kept.mlir). The numbers are checked by tests/chlo
// (run with XLA); these tests pin the structure.

// CHECK-LABEL: func.func @unary_f32
// CHECK-NOT: chlo.
func.func @unary_f32(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = chlo.acos %x : tensor<8xf32> -> tensor<8xf32>
  %1 = chlo.acosh %x : tensor<8xf32> -> tensor<8xf32>
  %2 = chlo.asin %x : tensor<8xf32> -> tensor<8xf32>
  %3 = chlo.asinh %x : tensor<8xf32> -> tensor<8xf32>
  %4 = chlo.atan %x : tensor<8xf32> -> tensor<8xf32>
  %5 = chlo.atanh %x : tensor<8xf32> -> tensor<8xf32>
  %6 = chlo.bessel_i1e %x : tensor<8xf32> -> tensor<8xf32>
  %7 = chlo.cosh %x : tensor<8xf32> -> tensor<8xf32>
  %8 = chlo.digamma %x : tensor<8xf32> -> tensor<8xf32>
  %9 = chlo.erf_inv %x : tensor<8xf32> -> tensor<8xf32>
  %10 = chlo.lgamma %x : tensor<8xf32> -> tensor<8xf32>
  %11 = chlo.sinh %x : tensor<8xf32> -> tensor<8xf32>
  %12 = chlo.tan %x : tensor<8xf32> -> tensor<8xf32>
  // CHECK: return
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// asin goes through atan2 with sqrt((1 - x)(1 + x)).
// CHECK-LABEL: func.func @asin
// CHECK-NOT: chlo.
// CHECK: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.*]] = stablehlo.subtract %[[ONE]], %arg0
// CHECK: %[[B:.*]] = stablehlo.add %[[ONE]], %arg0
// CHECK: %[[P:.*]] = stablehlo.multiply %[[A]], %[[B]]
// CHECK: %[[S:.*]] = stablehlo.sqrt %[[P]]
// CHECK: %[[R:.*]] = stablehlo.atan2 %arg0, %[[S]]
// CHECK: return %[[R]]
func.func @asin(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// f16 and bf16 are computed in f32 and converted back.
// CHECK-LABEL: func.func @narrow_floats
// CHECK-NOT: chlo.
// CHECK: stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: stablehlo.convert %arg1 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
func.func @narrow_floats(%h: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xbf16>) {
  %0 = chlo.lgamma %h : tensor<4xf16> -> tensor<4xf16>
  %1 = chlo.erf_inv %b : tensor<4xbf16> -> tensor<4xbf16>
  return %0, %1 : tensor<4xf16>, tensor<4xbf16>
}

// -----

// f64 keeps f64 (no conversion).
// CHECK-LABEL: func.func @f64
// CHECK-NOT: stablehlo.convert
// CHECK: return
func.func @f64(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %0 = chlo.erf_inv %x : tensor<4xf64> -> tensor<4xf64>
  %1 = chlo.digamma %x : tensor<4xf64> -> tensor<4xf64>
  %2 = chlo.bessel_i1e %x : tensor<4xf64> -> tensor<4xf64>
  %3 = chlo.erfc %x : tensor<4xf64> -> tensor<4xf64>
  %4 = chlo.erf %x : tensor<4xf64> -> tensor<4xf64>
  return %0, %1, %2, %3, %4 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// Complex forms work on the real and imaginary parts.
// CHECK-LABEL: func.func @complex
// CHECK-NOT: chlo.
// CHECK: stablehlo.real %arg0 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
// CHECK: stablehlo.imag %arg0 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
// CHECK: stablehlo.complex
func.func @complex(%z: tensor<3xcomplex<f32>>, %w: tensor<3xcomplex<f64>>) -> (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) {
  %0 = chlo.acos %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %1 = chlo.acosh %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %2 = chlo.asin %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %3 = chlo.asinh %w : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %4 = chlo.atan %w : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %5 = chlo.atanh %w : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %6 = chlo.cosh %w : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %7 = chlo.sinh %w : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %8 = chlo.tan %w : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
}

// -----

// Dynamic shapes: constants are broadcast to the operand's run-time shape.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: chlo.
// CHECK: stablehlo.get_dimension_size %arg0, dim = 0
// CHECK: stablehlo.dynamic_broadcast_in_dim
// CHECK: return %{{.*}} : tensor<?x4xf32>
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = chlo.erf %x : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @binary
// CHECK-NOT: chlo.
// CHECK: stablehlo.bitcast_convert %arg0 : (tensor<4xf32>) -> tensor<4xi32>
// CHECK: stablehlo.power
// CHECK: return
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.next_after %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.polygamma %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.zeta %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @predicates
// CHECK-NOT: chlo.
// CHECK-DAG: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-DAG: %[[ABS:.*]] = stablehlo.abs %arg0
// CHECK: stablehlo.compare EQ, %[[ABS]], %[[INF]], FLOAT
// CHECK: stablehlo.compare EQ, %arg0, %{{.*}}, FLOAT
// CHECK: %[[NEG:.*]] = stablehlo.negate
// CHECK: stablehlo.compare EQ, %arg0, %[[NEG]], FLOAT
func.func @predicates(%x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  %1 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<4xi1>
  %2 = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// mulhi of 32-bit integers: the 64-bit product shifted down by 32.
// CHECK-LABEL: func.func @mulhi
// CHECK-NOT: chlo.
// CHECK: %[[A:.*]] = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xi64>
// CHECK: %[[B:.*]] = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xi64>
// CHECK: %[[P:.*]] = stablehlo.multiply %[[A]], %[[B]] : tensor<4xi64>
// CHECK: %[[S:.*]] = stablehlo.constant dense<32> : tensor<4xi64>
// CHECK: %[[H:.*]] = stablehlo.shift_right_arithmetic %[[P]], %[[S]]
// CHECK: stablehlo.convert %[[H]] : (tensor<4xi64>) -> tensor<4xi32>
// CHECK: stablehlo.shift_right_logical
// 64-bit integers are split into 32-bit halves.
// CHECK: stablehlo.bitcast_convert %arg2 : (tensor<4xi64>) -> tensor<4xui64>
func.func @mulhi(%a: tensor<4xi32>, %u: tensor<4xui16>, %w: tensor<4xi64>) -> (tensor<4xi32>, tensor<4xui16>, tensor<4xi64>) {
  %0 = chlo.mulhi %a, %a : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %1 = chlo.mulhi %u, %u : tensor<4xui16>, tensor<4xui16> -> tensor<4xui16>
  %2 = chlo.mulhi %w, %w : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xui16>, tensor<4xi64>
}

// -----

// CHECK-LABEL: func.func @conj_square
// CHECK-NOT: chlo.
// CHECK: %[[RE:.*]] = stablehlo.real %arg0
// CHECK: %[[IM:.*]] = stablehlo.imag %arg0
// CHECK: %[[NIM:.*]] = stablehlo.negate %[[IM]]
// CHECK: stablehlo.complex %[[RE]], %[[NIM]]
// CHECK: stablehlo.multiply %arg1, %arg1 : tensor<4xi8>
// A real conj is the operand itself.
// CHECK: return %{{.*}}, %{{.*}}, %arg2
func.func @conj_square(%z: tensor<4xcomplex<f64>>, %i: tensor<4xi8>, %x: tensor<4xf32>) -> (tensor<4xcomplex<f64>>, tensor<4xi8>, tensor<4xf32>) {
  %0 = chlo.conj %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %1 = chlo.square %i : tensor<4xi8> -> tensor<4xi8>
  %2 = chlo.conj %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xcomplex<f64>>, tensor<4xi8>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @constants
// CHECK-NOT: chlo.
// CHECK-DAG: stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: stablehlo.constant dense<2.500000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[S:.*]] = stablehlo.constant dense<7> : tensor<i64>
// CHECK: stablehlo.dynamic_broadcast_in_dim %[[S]], %{{.*}}, dims = [] : (tensor<i64>, tensor<1xi64>) -> tensor<?xi64>
func.func @constants(%x: tensor<2x3xi32>, %d: tensor<?xf32>) -> (tensor<2xf32>, tensor<2x3xf32>, tensor<?xi64>) {
  %0 = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "chlo.constant_like"(%x) {value = 2.5 : f32} : (tensor<2x3xi32>) -> tensor<2x3xf32>
  %2 = "chlo.constant_like"(%d) {value = 7 : i64} : (tensor<?xf32>) -> tensor<?xi64>
  return %0, %1, %2 : tensor<2xf32>, tensor<2x3xf32>, tensor<?xi64>
}

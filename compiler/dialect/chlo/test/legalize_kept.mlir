// RUN: axle-opt %s --split-input-file --axle-legalize-chlo | FileCheck %s

// chlo.erf and chlo.erfc of f32 and bf16 stay: both backends compute them
// with axle's f32 recipes (F32Erf.h). Other element types, and dynamic
// shapes, are decomposed.

// CHECK-LABEL: func.func @kept
// CHECK: %[[A:.*]] = chlo.erfc %arg0 : tensor<8xf32> -> tensor<8xf32>
// CHECK: %[[B:.*]] = chlo.erfc %arg1 : tensor<2x3xbf16> -> tensor<2x3xbf16>
// CHECK: %[[C:.*]] = chlo.erf %arg0 : tensor<8xf32> -> tensor<8xf32>
// CHECK: %[[D:.*]] = chlo.erf %arg1 : tensor<2x3xbf16> -> tensor<2x3xbf16>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @kept(%x: tensor<8xf32>, %y: tensor<2x3xbf16>) -> (tensor<8xf32>, tensor<2x3xbf16>, tensor<8xf32>, tensor<2x3xbf16>) {
  %0 = chlo.erfc %x : tensor<8xf32> -> tensor<8xf32>
  %1 = chlo.erfc %y : tensor<2x3xbf16> -> tensor<2x3xbf16>
  %2 = chlo.erf %x : tensor<8xf32> -> tensor<8xf32>
  %3 = chlo.erf %y : tensor<2x3xbf16> -> tensor<2x3xbf16>
  return %0, %1, %2, %3 : tensor<8xf32>, tensor<2x3xbf16>, tensor<8xf32>, tensor<2x3xbf16>
}

// -----

// CHECK-LABEL: func.func @decomposed
// CHECK-NOT: chlo.erf
// CHECK: stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK-NOT: chlo.erf
// CHECK: stablehlo.exponential
// CHECK-NOT: chlo.erf
// CHECK: return
func.func @decomposed(%h: tensor<4xf16>, %d: tensor<4xf64>) -> (tensor<4xf16>, tensor<4xf64>, tensor<4xf16>, tensor<4xf64>) {
  %0 = chlo.erfc %h : tensor<4xf16> -> tensor<4xf16>
  %1 = chlo.erfc %d : tensor<4xf64> -> tensor<4xf64>
  %2 = chlo.erf %h : tensor<4xf16> -> tensor<4xf16>
  %3 = chlo.erf %d : tensor<4xf64> -> tensor<4xf64>
  return %0, %1, %2, %3 : tensor<4xf16>, tensor<4xf64>, tensor<4xf16>, tensor<4xf64>
}

// -----

// A dynamic shape is not kept (the decomposition reports what it needs).
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: chlo.erf
// CHECK: return
func.func @dynamic(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = chlo.erfc %x : tensor<?xf32> -> tensor<?xf32>
  %1 = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// RUN: axle-opt %s --split-input-file --axle-legalize-chlo | FileCheck %s

// chlo.erfc of f32 and bf16 stays: both backends compute it with axle's f32
// recipe (F32Erfc.h). Other element types, and shapes the result type only
// refines, are decomposed.

// CHECK-LABEL: func.func @kept
// CHECK: %[[A:.*]] = chlo.erfc %arg0 : tensor<8xf32> -> tensor<8xf32>
// CHECK: %[[B:.*]] = chlo.erfc %arg1 : tensor<2x3xbf16> -> tensor<2x3xbf16>
// CHECK: return %[[A]], %[[B]]
func.func @kept(%x: tensor<8xf32>, %y: tensor<2x3xbf16>) -> (tensor<8xf32>, tensor<2x3xbf16>) {
  %0 = chlo.erfc %x : tensor<8xf32> -> tensor<8xf32>
  %1 = chlo.erfc %y : tensor<2x3xbf16> -> tensor<2x3xbf16>
  return %0, %1 : tensor<8xf32>, tensor<2x3xbf16>
}

// -----

// CHECK-LABEL: func.func @decomposed
// CHECK-NOT: chlo.erfc
// CHECK: stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK-NOT: chlo.erfc
// CHECK: stablehlo.exponential
// CHECK-NOT: chlo.erfc
// CHECK: return
func.func @decomposed(%h: tensor<4xf16>, %d: tensor<4xf64>) -> (tensor<4xf16>, tensor<4xf64>) {
  %0 = chlo.erfc %h : tensor<4xf16> -> tensor<4xf16>
  %1 = chlo.erfc %d : tensor<4xf64> -> tensor<4xf64>
  return %0, %1 : tensor<4xf16>, tensor<4xf64>
}

// -----

// A dynamic shape is not kept (the decomposition reports what it needs).
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: chlo.erfc
// CHECK: return
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.erfc %x : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

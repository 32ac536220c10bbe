// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// Elementwise ops become one linalg.generic each; unsigned integers become
// signless, and unsigned division picks the unsigned instruction with the
// XLA answer (all ones) for a zero divisor.

// CHECK-LABEL: func.func @add_f32(%{{.*}}: tensor<4xf32>, %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @add_f32(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @divide_ui32(%{{.*}}: tensor<4xi32>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK: %[[BYZERO:.*]] = arith.cmpi eq, %[[D:.*]], %[[ZERO]]
// CHECK: %[[SAFE:.*]] = arith.select %[[BYZERO]], %[[ONE]], %[[D]]
// CHECK: %[[Q:.*]] = arith.divui %{{.*}}, %[[SAFE]]
// CHECK: arith.select %[[BYZERO]], %[[ALL]], %[[Q]]
func.func @divide_ui32(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = stablehlo.divide %a, %b : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK: linalg.index 1
// CHECK: arith.index_cast
func.func @iota() -> tensor<2x3xi64> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

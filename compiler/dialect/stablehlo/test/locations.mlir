// RUN: axle-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: axle-opt %s --mlir-print-debuginfo | axle-opt --mlir-print-debuginfo | FileCheck %s

// Locations given inline and through `#loc` aliases are kept.
// CHECK-LABEL: func.func @f
func.func @f(%x: tensor<f32>) -> tensor<f32> {
  // CHECK: stablehlo.add {{.*}} loc([[NAMED:#loc[0-9]*]])
  %0 = stablehlo.add %x, %x : tensor<f32> loc(#named)
  // CHECK: stablehlo.multiply {{.*}} loc([[FILE:#loc[0-9]*]])
  %1 = stablehlo.multiply %0, %0 : tensor<f32> loc("model.py":12:5)
  return %1 : tensor<f32>
}
#named = loc("layer1/dense"("model.py":10:2))
// CHECK-DAG: [[NAMED]] = loc("layer1/dense"(
// CHECK-DAG: [[FILE]] = loc("model.py":12:5)

// RUN: axle-opt --axle-lower-to-linalg %s | FileCheck %s

// A composite becomes a call of its decomposition, which is lowered like any
// other function (code generation inlines it).

// CHECK-LABEL: func.func @main(%{{.*}}: tensor<3xi32>) -> tensor<3xi32>
// CHECK: %[[R:.*]] = call @double(%{{.*}}) : (tensor<3xi32>) -> tensor<3xi32>
// CHECK: return %[[R]]
func.func @main(%x: tensor<3xui32>) -> tensor<3xui32> {
  %y = stablehlo.composite "my.double" %x {decomposition = @double} : (tensor<3xui32>) -> tensor<3xui32>
  return %y : tensor<3xui32>
}

// CHECK-LABEL: func.func private @double
// CHECK: linalg.generic
// CHECK: arith.addi
func.func private @double(%a: tensor<3xui32>) -> tensor<3xui32> {
  %0 = stablehlo.add %a, %a : tensor<3xui32>
  return %0 : tensor<3xui32>
}

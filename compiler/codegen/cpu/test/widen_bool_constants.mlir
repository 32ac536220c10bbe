// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-widen-bool-constants))' %s | FileCheck %s

// A causal mask constant: the select reads an i8 copy of it and truncates
// each byte back to i1 in the body.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @masked
// CHECK: %[[BYTES:.*]] = arith.constant dense<{{\[}}[1, 0], [1, 1]]> : tensor<2x2xi8>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %[[BYTES]] : tensor<2x2xf32>, tensor<2x2xi8>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[BYTE:.*]]: i8, %{{.*}}: f32):
// CHECK-NEXT: %[[BIT:.*]] = arith.trunci %[[BYTE]] : i8 to i1
// CHECK-NEXT: arith.select %[[BIT]], %[[X]]
func.func @masked(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %mask = arith.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %low = arith.constant -1.0e9 : f32
  %init = tensor.empty() : tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mask : tensor<2x2xf32>, tensor<2x2xi1>) outs(%init : tensor<2x2xf32>) {
  ^bb0(%a: f32, %m: i1, %o: f32):
    %s = arith.select %m, %a, %low : f32
    linalg.yield %s : f32
  } -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// An i1 operand that is not a constant stays i1.
// CHECK-LABEL: func.func @computed_mask
// CHECK: ins(%{{.*}}, %{{.*}} : tensor<2x2xf32>, tensor<2x2xi1>)
// CHECK-NOT: arith.trunci
func.func @computed_mask(%x: tensor<2x2xf32>, %mask: tensor<2x2xi1>) -> tensor<2x2xf32> {
  %low = arith.constant -1.0e9 : f32
  %init = tensor.empty() : tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mask : tensor<2x2xf32>, tensor<2x2xi1>) outs(%init : tensor<2x2xf32>) {
  ^bb0(%a: f32, %m: i1, %o: f32):
    %s = arith.select %m, %a, %low : f32
    linalg.yield %s : f32
  } -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// RUN: axle-run %s --backend=interpreter --replicas=2 --input=2xf32=1,2 | FileCheck %s

// Two replicas: all_reduce sums [1, 2] from both, then each adds its id.
// CHECK: process 0 (replica 0, partition 0):
// CHECK-NEXT: 2xf32=[2,4]
// CHECK-NEXT: process 1 (replica 1, partition 0):
// CHECK-NEXT: 2xf32=[3,5]

func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %id = stablehlo.replica_id : tensor<ui32>
  %f = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %r = stablehlo.add %0, %b : tensor<2xf32>
  return %r : tensor<2xf32>
}

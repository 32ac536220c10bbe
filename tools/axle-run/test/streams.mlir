// RUN: axle-run %s --backend=interpreter --infeed=2xi32=3,4 --infeed=f32=0.5 | FileCheck %s
// RUN: not axle-run %s --backend=interpreter 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: axle-run %s --backend=interpreter --function=exchange --replicas=2 | FileCheck %s --check-prefix=GRID

// infeed takes the two tensors; the program sends [3, 4] on a channel,
// receives it back, doubles it and writes it and 0.5 to the outfeed.
// CHECK: 2xi32=[6,8]
// CHECK-NEXT: outfeed: 2xi32=[6,8]
// CHECK-NEXT: outfeed: f32=0.5
// EMPTY: error: the infeed holds fewer than 2 tensors

func.func @main() -> tensor<2xi32> {
  %t0 = stablehlo.create_token : !stablehlo.token
  %v:3 = "stablehlo.infeed"(%t0) : (!stablehlo.token) -> (tensor<2xi32>, tensor<f32>, !stablehlo.token)
  %t1 = "stablehlo.send"(%v#0, %v#2) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
  %r:2 = "stablehlo.recv"(%t1) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  %d = stablehlo.add %r#0, %r#0 : tensor<2xi32>
  %t2 = "stablehlo.outfeed"(%d, %v#1, %r#1) : (tensor<2xi32>, tensor<f32>, !stablehlo.token) -> !stablehlo.token
  return %d : tensor<2xi32>
}

// Replica 0 sends its id + 10 on channel 1; replica 1 receives it.
// GRID: process 0 (replica 0, partition 0):
// GRID-NEXT: ui32=0
// GRID-NEXT: process 1 (replica 1, partition 0):
// GRID-NEXT: ui32=10
func.func @exchange() -> tensor<ui32> {
  %id = stablehlo.replica_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %ten = stablehlo.constant dense<10> : tensor<ui32>
  %is0 = stablehlo.compare EQ, %id, %zero, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %t = stablehlo.create_token : !stablehlo.token
  %r = "stablehlo.if"(%is0) ({
    %v = stablehlo.add %id, %ten : tensor<ui32>
    %s = "stablehlo.send"(%v, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<ui32>, !stablehlo.token) -> !stablehlo.token
    stablehlo.return %zero : tensor<ui32>
  }, {
    %g:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<ui32>, !stablehlo.token)
    stablehlo.return %g#0 : tensor<ui32>
  }) : (tensor<i1>) -> tensor<ui32>
  return %r : tensor<ui32>
}

// In-place updates: dynamic_update_slice, scatter and a while loop that
// carries a tensor write into the buffer of the value they update when
// that value dies there. Each function below computes a 1 MiB tensor
// (exponential, so that it is an intermediate rather than the argument),
// updates it, and takes the sine into the output: one 1 MiB intermediate
// in all, no copy of it. (A copy would show as a second 1 MiB buffer.)

// RUN: axle-compile %s -o %t.axle --report=memory | FileCheck %s

// CHECK-LABEL: memory report for @dus_and_while
// The loop counter is carried in small buffers (4 bytes each).
// CHECK: intermediates, naive total: 10485{{[0-9][0-9]}} bytes in {{[0-9]+}} buffers
// CHECK-NEXT: planned peak: 10486{{[0-9][0-9]}} bytes
// CHECK: 1048576 bytes  memref<1024x256xf32>  written by vector.transfer_write
// CHECK-NOT: 1048576 bytes
func.func @dus_and_while(%x: tensor<1024x256xf32>, %u: tensor<1x256xf32>, %i: tensor<i32>) -> tensor<1024x256xf32> {
  %e = stablehlo.exponential %x : tensor<1024x256xf32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %d = stablehlo.dynamic_update_slice %e, %u, %i, %z : (tensor<1024x256xf32>, tensor<1x256xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x256xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c8 = stablehlo.constant dense<8> : tensor<i32>
  %w:2 = stablehlo.while(%it = %c0, %acc = %d) : tensor<i32>, tensor<1024x256xf32>
    cond {
      %lt = stablehlo.compare LT, %it, %c8 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %n = stablehlo.add %it, %c1 : tensor<i32>
      %upd = stablehlo.dynamic_update_slice %acc, %u, %it, %z : (tensor<1024x256xf32>, tensor<1x256xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x256xf32>
      stablehlo.return %n, %upd : tensor<i32>, tensor<1024x256xf32>
    }
  %r = stablehlo.sine %w#1 : tensor<1024x256xf32>
  return %r : tensor<1024x256xf32>
}

// CHECK-LABEL: memory report for @scatter_add
// CHECK: intermediates, naive total: 1048576 bytes in 1 buffers
// CHECK-NEXT: planned peak: 1048576 bytes
func.func @scatter_add(%x: tensor<1024x256xf32>, %idx: tensor<4x1xi32>, %u: tensor<4x256xf32>) -> tensor<1024x256xf32> {
  %e = stablehlo.exponential %x : tensor<1024x256xf32>
  %s = "stablehlo.scatter"(%e, %idx, %u) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %sum = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %sum : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<1024x256xf32>, tensor<4x1xi32>, tensor<4x256xf32>) -> tensor<1024x256xf32>
  %r = stablehlo.sine %s : tensor<1024x256xf32>
  return %r : tensor<1024x256xf32>
}

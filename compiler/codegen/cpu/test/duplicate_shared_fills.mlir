// RUN: axle-opt --axle-duplicate-shared-fills --split-input-file %s | FileCheck %s

// Two ops that write into one empty tensor (CSE merged theirs) get one
// each, right before them, so that their buffers live apart.

// CHECK-LABEL: func.func @two_users
// CHECK: %[[FIRST:.*]] = tensor.empty() : tensor<64xf32>
// CHECK-NEXT: linalg.exp ins(%{{.*}} : tensor<64xf32>) outs(%[[FIRST]] : tensor<64xf32>)
// CHECK-NEXT: %[[SECOND:.*]] = tensor.empty() : tensor<64xf32>
// CHECK-NEXT: linalg.exp ins(%{{.*}} : tensor<64xf32>) outs(%[[SECOND]] : tensor<64xf32>)
func.func @two_users(%a: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %x = linalg.exp ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %y = linalg.exp ins(%b : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %x, %y : tensor<64xf32>, tensor<64xf32>
}

// -----

// An op split in two computes into slices of one tensor and inserts the
// parts back into it: the slices and the insertion keep that one tensor
// (with one per slice, bufferization would give the first part a buffer
// of its own and copy it into the result).

// CHECK-LABEL: func.func @split_parts
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<40xf32>
// CHECK-NOT: tensor.empty
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[EMPTY]][0] [32] [1]
// CHECK: %[[FIRST:.*]] = linalg.exp ins(%{{.*}} : tensor<32xf32>) outs(%[[SLICE]] : tensor<32xf32>)
// CHECK: %[[PART:.*]] = tensor.insert_slice %[[FIRST]] into %[[EMPTY]][0] [32] [1]
// CHECK: tensor.extract_slice %[[PART]][32] [8] [1]
// CHECK-NOT: tensor.empty
func.func @split_parts(%a: tensor<40xf32>) -> tensor<40xf32> {
  %e = tensor.empty() : tensor<40xf32>
  %a0 = tensor.extract_slice %a[0] [32] [1] : tensor<40xf32> to tensor<32xf32>
  %e0 = tensor.extract_slice %e[0] [32] [1] : tensor<40xf32> to tensor<32xf32>
  %r0 = linalg.exp ins(%a0 : tensor<32xf32>) outs(%e0 : tensor<32xf32>) -> tensor<32xf32>
  %i0 = tensor.insert_slice %r0 into %e[0] [32] [1] : tensor<32xf32> into tensor<40xf32>
  %a1 = tensor.extract_slice %a[32] [8] [1] : tensor<40xf32> to tensor<8xf32>
  %e1 = tensor.extract_slice %i0[32] [8] [1] : tensor<40xf32> to tensor<8xf32>
  %r1 = linalg.exp ins(%a1 : tensor<8xf32>) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %i1 = tensor.insert_slice %r1 into %i0[32] [8] [1] : tensor<8xf32> into tensor<40xf32>
  return %i1 : tensor<40xf32>
}

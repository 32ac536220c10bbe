// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s

// A body that is one elementwise op on the block arguments prints compactly.
// CHECK-LABEL: func.func @sum_rows
// CHECK: stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
func.func @sum_rows(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Two operands reduced together (argmax): the reducer form pairs each
// operand's element argument with its accumulator argument.
// CHECK-LABEL: func.func @argmax
// CHECK: stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [0]
// CHECK-NEXT: reducer(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>) (%[[C:.*]]: tensor<i32>, %[[D:.*]]: tensor<i32>)
// CHECK: stablehlo.compare GT, %[[A]], %[[B]], FLOAT
func.func @argmax(%x: tensor<8xf32>, %i: tensor<8xi32>, %z: tensor<f32>, %zi: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %0:2 = stablehlo.reduce(%x init: %z), (%i init: %zi) across dimensions = [0] : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %w = stablehlo.select %gt, %c, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %w : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

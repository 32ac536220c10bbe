// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @reduce_max
// CHECK: stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<2x?x3xf32>, tensor<f32>) -> tensor<?xf32>
func.func @reduce_max(%x: tensor<2x?x3xf32>, %z: tensor<f32>) -> tensor<?xf32> {
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {dimensions = array<i64: 0, 2>} : (tensor<2x?x3xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A body that is not a single op on the arguments keeps the reducer form.
// CHECK-LABEL: func.func @reduce_sum_of_squares
// CHECK: stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<8xi32>, tensor<i32>) -> tensor<i32>
// CHECK-NEXT: reducer(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>) {
// CHECK-NEXT: %[[SQ:.*]] = stablehlo.multiply %[[A]], %[[A]] : tensor<i32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[SQ]], %[[B]] : tensor<i32>
// CHECK-NEXT: stablehlo.return %[[S]] : tensor<i32>
func.func @reduce_sum_of_squares(%x: tensor<8xi32>, %z: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<8xi32>, tensor<i32>) -> tensor<i32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %sq = stablehlo.multiply %a, %a : tensor<i32>
    %s = stablehlo.add %sq, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @reduce_window
// CHECK: "stablehlo.reduce_window"(%arg0, %arg1) <{base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>):
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<i64>
// CHECK-NEXT: stablehlo.return %[[S]] : tensor<i64>
// CHECK-NEXT: }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
func.func @reduce_window(%x: tensor<3x2xi64>, %z: tensor<i64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>,
      base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>,
      padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}
    : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @select_and_scatter
// CHECK: "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{padding = dense<{{\[\[}}0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>):
// CHECK-NEXT: %[[P:.*]] = stablehlo.compare GE, %[[A]], %[[B]]
// CHECK-NEXT: stablehlo.return %[[P]] : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%[[C:.*]]: tensor<i64>, %[[D:.*]]: tensor<i64>):
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[C]], %[[D]] : tensor<i64>
// CHECK-NEXT: stablehlo.return %[[S]] : tensor<i64>
// CHECK-NEXT: }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
func.func @select_and_scatter(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>,
      padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>}
    : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

// CHECK-LABEL: func.func @sort
// CHECK: %[[R:.*]]:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// CHECK-NEXT: %[[P:.*]] = stablehlo.compare GT, %[[A]], %[[B]]
// CHECK-NEXT: stablehlo.return %[[P]] : tensor<i1>
// CHECK-NEXT: }) : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
func.func @sort(%x: tensor<2x3xi64>, %y: tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>) {
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<f32>, %d: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x3xi64>, tensor<2x3xf32>
}

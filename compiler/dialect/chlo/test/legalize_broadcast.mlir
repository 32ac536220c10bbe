// RUN: axle-opt %s --split-input-file --axle-legalize-chlo | FileCheck %s --implicit-check-not=chlo.

// Numpy-style: the lower-rank operand's trailing dimensions align.
// CHECK-LABEL: func.func @trailing
// CHECK-NOT: chlo.
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: %[[R:.*]] = stablehlo.add %arg0, %[[B]] : tensor<3x4xf32>
// CHECK: return %[[R]]
func.func @trailing(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Both operands stretch (size-1 dimensions).
// CHECK-LABEL: func.func @both
// CHECK-NOT: chlo.
// CHECK-DAG: %[[L:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2] : (tensor<3x1x5xi32>) -> tensor<3x4x5xi32>
// CHECK-DAG: %[[R:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4x1xi32>) -> tensor<3x4x5xi32>
// CHECK: stablehlo.shift_right_logical %[[L]], %[[R]] : tensor<3x4x5xi32>
func.func @both(%a: tensor<3x1x5xi32>, %b: tensor<4x1xi32>) -> tensor<3x4x5xi32> {
  %0 = chlo.broadcast_shift_right_logical %a, %b : (tensor<3x1x5xi32>, tensor<4x1xi32>) -> tensor<3x4x5xi32>
  return %0 : tensor<3x4x5xi32>
}

// -----

// broadcast_dimensions places the lower-rank operand.
// CHECK-LABEL: func.func @dims
// CHECK-NOT: chlo.
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK: stablehlo.subtract %arg0, %[[B]]
func.func @dims(%a: tensor<2x3x4xf32>, %b: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = chlo.broadcast_subtract %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Every binary op maps onto its stablehlo counterpart.
// CHECK-LABEL: func.func @ops
// CHECK-NOT: chlo.
// CHECK: stablehlo.multiply
// CHECK: stablehlo.divide
// CHECK: stablehlo.remainder
// CHECK: stablehlo.maximum
// CHECK: stablehlo.minimum
// CHECK: stablehlo.power
// CHECK: stablehlo.atan2
// CHECK: stablehlo.and
// CHECK: stablehlo.or
// CHECK: stablehlo.xor
// CHECK: stablehlo.shift_left
// CHECK: stablehlo.shift_right_arithmetic
// CHECK: stablehlo.complex
func.func @ops(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<2x3xi8>, %j: tensor<i8>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xcomplex<f32>>) {
  %0 = chlo.broadcast_multiply %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_divide %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_remainder %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = chlo.broadcast_maximum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %4 = chlo.broadcast_minimum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %5 = chlo.broadcast_power %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6 = chlo.broadcast_atan2 %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %7 = chlo.broadcast_and %i, %j : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x3xi8>
  %8 = chlo.broadcast_or %i, %j : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x3xi8>
  %9 = chlo.broadcast_xor %i, %j : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x3xi8>
  %10 = chlo.broadcast_shift_left %i, %j : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x3xi8>
  %11 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x3xi8>
  %12 = chlo.broadcast_complex %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @compare_select
// CHECK-NOT: chlo.
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1]
// CHECK: %[[C:.*]] = stablehlo.compare GE, %arg0, %[[B]], TOTALORDER : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: %[[P:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x3xi1>
// CHECK: %[[F:.*]] = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: stablehlo.select %[[P]], %arg0, %[[F]]
func.func @compare_select(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %p: tensor<2x1xi1>, %s: tensor<f32>) -> (tensor<2x3xi1>, tensor<2x3xf32>) {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = chlo.broadcast_select %p, %a, %s : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xi1>, tensor<2x3xf32>
}

// -----

// The function forms broadcast, then use the elementwise formula.
// CHECK-LABEL: func.func @functions
// CHECK-NOT: chlo.
// CHECK: stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.bitcast_convert
// CHECK: stablehlo.power
// CHECK: return
func.func @functions(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = chlo.broadcast_next_after %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_polygamma %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_zeta %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Dynamic sizes: the result shape is assembled from the operand sizes.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: chlo.
// CHECK-DAG: %[[FOUR:.*]] = stablehlo.constant dense<4> : tensor<1xi64>
// CHECK-DAG: %[[D0:.*]] = stablehlo.get_dimension_size %arg0, dim = 0
// CHECK: %[[SHAPE:.*]] = stablehlo.concatenate %{{.*}}, %[[FOUR]], dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
// A dynamic operand may be 1 at run time, so it is expanded as well.
// CHECK: %[[A:.*]] = stablehlo.dynamic_broadcast_in_dim %arg0, %[[SHAPE]], dims = [0, 1] : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
// CHECK: %[[B:.*]] = stablehlo.dynamic_broadcast_in_dim %arg1, %[[SHAPE]], dims = [1] : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
// CHECK: stablehlo.add %[[A]], %[[B]] : tensor<?x4xf32>
// Two dynamic sizes meeting: the larger (the other is 1 or equal).
// CHECK: stablehlo.maximum %{{.*}}, %{{.*}} : tensor<i64>
func.func @dynamic(%a: tensor<?x4xf32>, %b: tensor<4xf32>, %c: tensor<?xf32>, %d: tensor<?xf32>) -> (tensor<?x4xf32>, tensor<?xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = chlo.broadcast_add %c, %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?xf32>
}

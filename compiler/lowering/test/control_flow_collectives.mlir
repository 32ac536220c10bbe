// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// The compiled program runs as one process: replica_id and partition_id
// are 0, and each collective takes its one-process meaning.

// CHECK-LABEL: func.func @ids
// CHECK-DAG: %[[R:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK-DAG: %[[P:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK: return %[[R]], %[[P]] : tensor<i32>, tensor<i32>
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %0 = stablehlo.replica_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
  return %0, %1 : tensor<ui32>, tensor<ui32>
}

// -----

// The reduction over a group of one is the operand itself.

// CHECK-LABEL: func.func @all_reduce
// CHECK-SAME: (%[[X:.*]]: tensor<4xi64>)
// CHECK-NEXT: return %[[X]]
func.func @all_reduce(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Empty replica groups are one group of every process.

// CHECK-LABEL: func.func @all_reduce_all
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @all_reduce_all(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<> : tensor<0x0xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_scatter_all_to_all
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]]
func.func @gather_scatter_all_to_all(%x: tensor<2x3xui32>) -> (tensor<2x3xui32>, tensor<2x3xui32>, tensor<2x3xui32>) {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xui32>) -> tensor<2x3xui32>
  %1 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %m = stablehlo.maximum %a, %b : tensor<ui32>
    stablehlo.return %m : tensor<ui32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xui32>) -> tensor<2x3xui32>
  %2 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xui32>) -> tensor<2x3xui32>
  return %0, %1, %2 : tensor<2x3xui32>, tensor<2x3xui32>, tensor<2x3xui32>
}

// -----

// collective_permute: the pair (0, 0) sends the operand to itself; with
// no pair targeting process 0 it receives zeros.

// CHECK-LABEL: func.func @permute
// CHECK-SAME: (%[[X:.*]]: tensor<2x2xf32>)
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<2x2xf32>
// CHECK: return %[[X]], %[[Z]]
func.func @permute(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @permute_complex_zeros
// CHECK: arith.constant dense<(0.000000e+00,0.000000e+00)> : tensor<3xcomplex<f32>>
func.func @permute_complex_zeros(%x: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// collective_broadcast / collective_reduce: in a group, the operand; in no
// group (only padding ids), zeros.

// CHECK-LABEL: func.func @rooted
// CHECK-SAME: (%[[X:.*]]: tensor<2xi64>, %{{.*}}: tensor<1xi32>)
// CHECK: %[[Z:.*]] = arith.constant dense<0> : tensor<2xi64>
// CHECK: return %[[X]], %[[Z]], %[[X]]
func.func @rooted(%x: tensor<2xi64>, %root: tensor<1xi32>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) {
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  %1 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[-1]]> : tensor<1x1xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  %2 = "stablehlo.collective_reduce"(%x, %root) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, has_dynamic_root = true} : (tensor<2xi64>, tensor<1xi32>) -> tensor<2xi64>
  return %0, %1, %2 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @cross_replica_sum
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @cross_replica_sum(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

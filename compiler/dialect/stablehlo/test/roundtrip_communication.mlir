// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @infeed_send_recv
// CHECK: %[[IN:.*]]:2 = "stablehlo.infeed"(%arg1) <{infeed_config = "cfg"}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
// CHECK-NEXT: %[[S:.*]] = "stablehlo.send"(%arg0, %[[IN]]#1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2]]> : tensor<2x2xi64>}> : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %{{.*}}:2 = "stablehlo.recv"(%[[S]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
func.func @infeed_send_recv(%x: tensor<2x2xi64>, %t: !stablehlo.token) -> tensor<2x2xi64> {
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = "cfg"} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %1 = "stablehlo.send"(%x, %0#1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  %2:2 = "stablehlo.recv"(%1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  return %2#0 : tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @all_gather
// CHECK: %{{.*}}:2 = "stablehlo.all_gather"(%arg0, %arg1) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> : (tensor<2x2xi64>, tensor<2x3xi64>) -> (tensor<2x4xi64>, tensor<2x6xi64>)
func.func @all_gather(%x: tensor<2x2xi64>, %y: tensor<2x3xi64>) -> (tensor<2x4xi64>, tensor<2x6xi64>) {
  %0:2 = "stablehlo.all_gather"(%x, %y) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xi64>, tensor<2x3xi64>) -> (tensor<2x4xi64>, tensor<2x6xi64>)
  return %0#0, %0#1 : tensor<2x4xi64>, tensor<2x6xi64>
}

// -----

// CHECK-LABEL: func.func @all_reduce
// CHECK: "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>):
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<i64>
// CHECK-NEXT: stablehlo.return %[[S]] : tensor<i64>
// CHECK-NEXT: }) : (tensor<4xi64>) -> tensor<4xi64>
func.func @all_reduce(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// CHECK-LABEL: func.func @reduce_scatter
// CHECK: "stablehlo.reduce_scatter"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = stablehlo.maximum %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT: stablehlo.return %[[M]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<2x4xf32>) -> tensor<2x2xf32>
func.func @reduce_scatter(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @all_to_all
// CHECK: "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>) -> tensor<4x2xi64>
func.func @all_to_all(%x: tensor<2x4xi64>) -> tensor<4x2xi64> {
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

// CHECK-LABEL: func.func @permute_broadcast
// CHECK: %[[P:.*]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2x2xi64>) -> tensor<2x2xi64>
// CHECK-NEXT: "stablehlo.collective_broadcast"(%[[P]]) <{replica_groups = dense<{{\[\[}}2, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xi64>) -> tensor<2x2xi64>
func.func @permute_broadcast(%x: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  %1 = "stablehlo.collective_broadcast"(%0) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  return %1 : tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @collective_reduce
// CHECK: "stablehlo.collective_reduce"(%arg0, %arg1) <{has_dynamic_root = true, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>):
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<i64>
// CHECK-NEXT: stablehlo.return %[[S]] : tensor<i64>
// CHECK-NEXT: }) : (tensor<1x2xi64>, tensor<1xi32>) -> tensor<1x2xi64>
func.func @collective_reduce(%x: tensor<1x2xi64>, %root: tensor<1xi32>) -> tensor<1x2xi64> {
  %0 = "stablehlo.collective_reduce"(%x, %root) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, has_dynamic_root = true} : (tensor<1x2xi64>, tensor<1xi32>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

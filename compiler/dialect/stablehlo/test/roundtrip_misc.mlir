// RUN: axle-opt %s | FileCheck %s
// RUN: axle-opt %s --mlir-print-op-generic | axle-opt | FileCheck %s
// RUN: axle-opt %s | axle-opt | FileCheck %s

// CHECK-LABEL: func.func @ids_and_legacy
func.func @ids_and_legacy(%a: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // CHECK: stablehlo.replica_id : tensor<ui32>
  %0 = stablehlo.replica_id : tensor<ui32>
  // CHECK: stablehlo.partition_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
  // CHECK: "stablehlo.cross-replica-sum"(%{{.*}}) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.cross-replica-sum"(%a) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "stablehlo.outfeed"(%{{.*}}, %{{.*}}) <{outfeed_config = "cfg"}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %3 = "stablehlo.outfeed"(%a, %t) {outfeed_config = "cfg"} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %3 : !stablehlo.token
}

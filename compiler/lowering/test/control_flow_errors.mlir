// RUN: axle-opt --axle-lower-to-linalg --split-input-file --verify-diagnostics %s

// Collectives that name other processes cannot run on the one process the
// compiled program is.

func.func @all_reduce_two(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.all_reduce': the compiled program runs as one process, but a process group names process 1}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @permute_other(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.collective_permute': the compiled program runs as one process, but a source-target pair names process 1}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @all_to_all_split(%x: tensor<2x4xi64>) -> tensor<4x2xi64> {
  // expected-error @+1 {{axle cannot compile 'stablehlo.all_to_all'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

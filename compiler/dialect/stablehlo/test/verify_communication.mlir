// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Constraint numbers refer to each op's section of the specification. The
// numbers of replicas and partitions are not known when verifying, so the
// upper bounds of process ids are not checked here.

// infeed: valid, payload then token; a token alone is valid too.
func.func @infeed_valid(%t: !stablehlo.token) -> tensor<2x2xi64> {
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %1 = "stablehlo.infeed"(%0#1) : (!stablehlo.token) -> !stablehlo.token
  return %0#0 : tensor<2x2xi64>
}

// -----

// infeed (C1): 0 < size(results).
func.func @infeed_no_results(%t: !stablehlo.token) {
  // expected-error @+1 {{requires at least one result (the token)}}
  "stablehlo.infeed"(%t) : (!stablehlo.token) -> ()
  return
}

// -----

// infeed (C2): the results before the last are tensors.
func.func @infeed_payload(%t: !stablehlo.token) {
  // expected-error @+1 {{result 0 must be a tensor (only the last result is a token), got '!stablehlo.token'}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return
}

// -----

// infeed (C3): the last result is a token.
func.func @infeed_token(%t: !stablehlo.token) {
  // expected-error @+1 {{last result must be a token, got 'tensor<2xf32>'}}
  %0 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> tensor<2xf32>
  return
}

// -----

// send / recv: valid device and host transfers.
func.func @send_recv_valid(%x: tensor<2x2xi64>, %t: !stablehlo.token) -> tensor<2x2xi64> {
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.send"(%x, %0) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 2>, is_host_transfer = true} : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  %2:2 = "stablehlo.recv"(%1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %3:2 = "stablehlo.recv"(%2#1) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  return %3#0 : tensor<2x2xi64>
}

// -----

// send (C1): dim(source_target_pairs, 1) = 2.
func.func @send_pairs_columns(%x: tensor<2xi64>, %t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs must have 2 columns, got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// send (C2): is_unique(source_target_pairs[:, 0]).
func.func @send_pairs_sources(%x: tensor<2xi64>, %t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs has repeated source 0}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// send (C3): is_unique(source_target_pairs[:, 1]).
func.func @send_pairs_targets(%x: tensor<2xi64>, %t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs has repeated target 2}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 2], [1, 2]]> : tensor<2x2xi64>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// send (C4): 0 <= source_target_pairs.
func.func @send_pairs_negative(%x: tensor<2xi64>, %t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs has negative id -1}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// send (C5): host transfers use DEVICE_TO_HOST channels.
func.func @send_host_channel(%x: tensor<2xi64>, %t: !stablehlo.token) {
  // expected-error @+1 {{is_host_transfer = true requires a host channel type (2, DEVICE_TO_HOST), got 1}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// send (C5): device transfers use DEVICE_TO_DEVICE channels.
func.func @send_device_channel(%x: tensor<2xi64>, %t: !stablehlo.token) {
  // expected-error @+1 {{is_host_transfer = false requires channel type 1 (DEVICE_TO_DEVICE), got 2}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// recv: the last result is the token.
func.func @recv_token(%t: !stablehlo.token) {
  // expected-error @+1 {{last result must be a token, got 'tensor<2xi64>'}}
  %0 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> tensor<2xi64>
  return
}

// -----

// recv: the results before the token are tensors.
func.func @recv_payload(%t: !stablehlo.token) {
  // expected-error @+1 {{result 0 must be a tensor (only the last result is a token), got '!stablehlo.token'}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return
}

// -----

// recv (C1): dim(source_target_pairs, 1) = 2.
func.func @recv_pairs_columns(%t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs must have 2 columns, got 'tensor<2x1xi64>'}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0], [1]]> : tensor<2x1xi64>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return
}

// -----

// recv (C2): is_unique(source_target_pairs[:, 0]).
func.func @recv_pairs_sources(%t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs has repeated source 1}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 0], [1, 2]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return
}

// -----

// recv (C3): is_unique(source_target_pairs[:, 1]).
func.func @recv_pairs_targets(%t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs has repeated target 0}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 0], [2, 0]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return
}

// -----

// recv (C4): 0 <= source_target_pairs.
func.func @recv_pairs_negative(%t: !stablehlo.token) {
  // expected-error @+1 {{source_target_pairs has negative id -3}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[-3, 0]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return
}

// -----

// recv (C5): host transfers use a host channel.
func.func @recv_host_channel(%t: !stablehlo.token) {
  // expected-error @+1 {{is_host_transfer = true requires a host channel type (2 or 3, DEVICE_TO_HOST or HOST_TO_DEVICE), got 1}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return
}

// -----

// recv (C5): device transfers use DEVICE_TO_DEVICE channels.
func.func @recv_device_channel(%t: !stablehlo.token) {
  // expected-error @+1 {{is_host_transfer = false requires channel type 1 (DEVICE_TO_DEVICE), got 3}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return
}

// -----

// all_gather: valid; cross_replica over groups of 2, and
// cross_replica_and_partition where the gathered size is a multiple of the
// replica-group size.
func.func @all_gather_valid(%x: tensor<2x2xf32>, %y: tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x6xf32>, tensor<4x3xf32>) {
  %0:2 = "stablehlo.all_gather"(%x, %y) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>, tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x6xf32>)
  %1 = "stablehlo.all_gather"(%y) {all_gather_dim = 0 : i64, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0#0, %0#1, %1 : tensor<2x4xf32>, tensor<2x6xf32>, tensor<4x3xf32>
}

// -----

// all_gather: one result per operand.
func.func @all_gather_result_count(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{requires 1 results (one per operand), got 2}}
  %0:2 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> (tensor<2x4xi64>, tensor<2x4xi64>)
  return
}

// -----

// all_gather (C1): 0 <= all_gather_dim < rank(operands...).
func.func @all_gather_dim(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{all_gather_dim 2 is out of range [0, 2) for 'tensor<2x2xi64>'}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x4xi64>
  return
}

// -----

// all_gather (C2): is_unique(replica_groups).
func.func @all_gather_groups_unique(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{replica_groups has repeated id 1}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2x2xi64>) -> tensor<2x4xi64>
  return
}

// -----

// all_gather (C4): 0 <= replica_groups.
func.func @all_gather_groups_negative(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{replica_groups has negative id -2}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x4xi64>
  return
}

// -----

// all_gather (C5): use_global_device_ids needs channel_id > 0.
func.func @all_gather_global_ids(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{use_global_device_ids requires a positive channel_id, got 0}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x2xi64>) -> tensor<2x4xi64>
  return
}

// -----

// all_gather (C6): the gathered dimension grows by the group size.
func.func @all_gather_result_dim(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{result 0 dimension 1 of size 6 does not fit operand size 2: expected operand size times the group size 2}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x6xi64>
  return
}

// -----

// all_gather (C6): with cross_replica_and_partition the gathered size is a
// multiple of operand size times the replica-group size.
func.func @all_gather_result_dim_partitions(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{result 0 dimension 1 of size 6 does not fit operand size 2: expected a multiple of operand size times 2}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xi64>) -> tensor<2x6xi64>
  return
}

// -----

// all_gather (C6): the other dimensions are kept.
func.func @all_gather_other_dims(%x: tensor<2x2xi64>) {
  // expected-error @+1 {{result 0 dimension 0 must be 2 (as in the operand), got 3}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<3x4xi64>
  return
}

// -----

// all_reduce: valid, with a promoted computation type and global ids.
func.func @all_reduce_valid(%x: tensor<4xbf16>, %y: tensor<4xbf16>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = "stablehlo.all_reduce"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xbf16>, tensor<4xbf16>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// all_reduce (C1): is_unique(replica_groups).
func.func @all_reduce_groups(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups has repeated id 0}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// all_reduce (C3): 0 <= replica_groups.
func.func @all_reduce_groups_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups has negative id -5}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, -5]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// all_reduce (C4): use_global_device_ids needs channel_id > 0.
func.func @all_reduce_global_ids(%x: tensor<4xf32>) {
  // expected-error @+1 {{use_global_device_ids requires a positive channel_id, got 0}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// all_reduce (C5): the computation is (tensor<E>, tensor<E>) -> tensor<E>.
func.func @all_reduce_computation(%x: tensor<4xf32>) {
  // expected-error @+1 {{computation must take 2 arguments (an element and an accumulator per input), got 1}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// all_reduce (C5): is_promotable(element_type(operand), E).
func.func @all_reduce_promotable(%x: tensor<4xi32>) {
  // expected-error @+1 {{element type 'i32' of operand 0 cannot be promoted to the computation type 'f32'}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

// all_reduce (C6): shape(results...) = shape(operands...).
func.func @all_reduce_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

// all_reduce (C7): element_type(results...) = E.
func.func @all_reduce_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{result 0 must have the computation element type 'f64', got 'f32'}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// all_reduce: one result per operand.
func.func @all_reduce_result_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires 1 results (one per operand), got 2}}
  %0:2 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// reduce_scatter: valid (the example of the specification).
func.func @reduce_scatter_valid(%x: tensor<2x4xi64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// reduce_scatter (C1): the scatter dimension divides by the group size.
func.func @reduce_scatter_divisible(%x: tensor<2x5xi64>) {
  // expected-error @+1 {{scatter dimension size 5 is not divisible by the process group size 2}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x5xi64>) -> tensor<2x2xi64>
  return
}

// -----

// reduce_scatter (C2): 0 <= scatter_dimension < rank(operand).
func.func @reduce_scatter_dim(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{scatter_dimension 2 is out of range [0, 2) for 'tensor<2x4xi64>'}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  return
}

// -----

// reduce_scatter (C3): is_unique(replica_groups).
func.func @reduce_scatter_groups(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{replica_groups has repeated id 1}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  return
}

// -----

// reduce_scatter (C5): 0 <= replica_groups.
func.func @reduce_scatter_groups_negative(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{replica_groups has negative id -4}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[-4, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  return
}

// -----

// reduce_scatter (C6): use_global_device_ids needs channel_id > 0.
func.func @reduce_scatter_global_ids(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{use_global_device_ids requires a positive channel_id, got 0}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  return
}

// -----

// reduce_scatter (C7): is_promotable(element_type(operand), E).
func.func @reduce_scatter_computation(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{element type 'i64' of operand 0 cannot be promoted to the computation type 'i32'}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi32>
  return
}

// -----

// reduce_scatter (C8): the scatter dimension shrinks by the group size.
func.func @reduce_scatter_result_dim(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{result 0 dimension 1 of size 4 does not fit operand size 4: expected operand size divided by the group size 2}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  return
}

// -----

// reduce_scatter (C8): the other dimensions are kept.
func.func @reduce_scatter_other_dims(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{result 0 must have rank 2, got 'tensor<2xi64>'}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2xi64>
  return
}

// -----

// reduce_scatter (C9): element_type(result) = E.
func.func @reduce_scatter_result_type(%x: tensor<2x4xi32>) {
  // expected-error @+1 {{result 0 must have the computation element type 'i64', got 'i32'}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi32>) -> tensor<2x2xi32>
  return
}

// -----

// all_to_all: valid (the example of the specification) and with
// split_dimension = concat_dimension.
func.func @all_to_all_valid(%x: tensor<2x4xi64>, %y: tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<4x2xi64>, tensor<2x4xi64>) {
  %0:2 = "stablehlo.all_to_all"(%x, %y) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>, tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<4x2xi64>)
  %1 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  return %0#0, %0#1, %1 : tensor<4x2xi64>, tensor<4x2xi64>, tensor<2x4xi64>
}

// -----

// all_to_all (C1): 0 <= split_dimension < rank(operands...).
func.func @all_to_all_split_dim(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{split_dimension 2 is out of range [0, 2) for 'tensor<2x4xi64>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return
}

// -----

// all_to_all (C2): dim(operands..., split_dimension) % split_count = 0.
func.func @all_to_all_split_divisible(%x: tensor<2x5xi64>) {
  // expected-error @+1 {{split dimension size 5 of operand 0 is not divisible by split_count 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x5xi64>) -> tensor<4x2xi64>
  return
}

// -----

// all_to_all (C3): 0 <= concat_dimension < rank(operands...).
func.func @all_to_all_concat_dim(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{concat_dimension 3 is out of range [0, 2) for 'tensor<2x4xi64>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 3 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return
}

// -----

// all_to_all (C4): 0 < split_count.
func.func @all_to_all_split_count(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{attribute 'split_count' failed to satisfy constraint}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return
}

// -----

// all_to_all (C5): is_unique(replica_groups).
func.func @all_to_all_groups(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{replica_groups has repeated id 0}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return
}

// -----

// all_to_all (C7): 0 <= replica_groups.
func.func @all_to_all_groups_negative(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{replica_groups has negative id -7}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, -7]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return
}

// -----

// all_to_all (C8): dim(replica_groups, 1) = split_count.
func.func @all_to_all_group_size(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{replica_groups must have 2 columns, got 'tensor<1x4xi64>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return
}

// -----

// all_to_all (C9): split dimension divided, concat dimension multiplied.
func.func @all_to_all_result_type(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{result 0 must have type 'tensor<4x2xi64>', got 'tensor<2x4xi64>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  return
}

// -----

// all_to_all (C9): the element type is kept.
func.func @all_to_all_element_type(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{result 0 must have type 'tensor<4x2xi64>', got 'tensor<4x2xi32>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi32>
  return
}

// -----

// all_to_all: one result per operand.
func.func @all_to_all_result_count(%x: tensor<2x4xi64>) {
  // expected-error @+1 {{requires 1 results (one per operand), got 0}}
  "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> ()
  return
}

// -----

// collective_permute: valid, a cycle (sources and targets each unique).
func.func @collective_permute_valid(%x: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2], [2, 0]]> : tensor<3x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// collective_permute (C1): dim(source_target_pairs, 1) = 2.
func.func @collective_permute_columns(%x: tensor<2xi64>) {
  // expected-error @+1 {{source_target_pairs must have 2 columns, got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

// collective_permute (C2): is_unique(source_target_pairs[:, 0]).
func.func @collective_permute_sources(%x: tensor<2xi64>) {
  // expected-error @+1 {{source_target_pairs has repeated source 0}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

// collective_permute (C3): is_unique(source_target_pairs[:, 1]).
func.func @collective_permute_targets(%x: tensor<2xi64>) {
  // expected-error @+1 {{source_target_pairs has repeated target 1}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

// collective_permute (C4): 0 <= source_target_pairs.
func.func @collective_permute_negative(%x: tensor<2xi64>) {
  // expected-error @+1 {{source_target_pairs has negative id -1}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[-1, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

// collective_permute (C5): type(result) = type(operand).
func.func @collective_permute_type(%x: tensor<2xi64>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi32>
  return
}

// -----

// collective_broadcast: valid (the example of the specification).
func.func @collective_broadcast_valid(%x: tensor<1x2xi64>) -> tensor<1x2xi64> {
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// -----

// collective_broadcast (C1): is_unique(replica_groups).
func.func @collective_broadcast_groups(%x: tensor<1x2xi64>) {
  // expected-error @+1 {{replica_groups has repeated id 2}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 2]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return
}

// -----

// collective_broadcast (C2): 0 <= replica_groups.
func.func @collective_broadcast_negative(%x: tensor<1x2xi64>) {
  // expected-error @+1 {{replica_groups has negative id -2}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[-2, 1]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return
}

// -----

// collective_broadcast (C3): type(results) = type(operands).
func.func @collective_broadcast_type(%x: tensor<1x2xi64>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<2x1xi64>
  return
}

// -----

// collective_reduce: valid, with and without a dynamic root.
func.func @collective_reduce_valid(%x: tensor<1x2xi64>, %y: tensor<3xf32>, %root: tensor<2xi32>) -> (tensor<1x2xi64>, tensor<1x2xi64>, tensor<3xf32>) {
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  %1:2 = "stablehlo.collective_reduce"(%x, %x, %root) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, has_dynamic_root = true} : (tensor<1x2xi64>, tensor<1x2xi64>, tensor<2xi32>) -> (tensor<1x2xi64>, tensor<1x2xi64>)
  %2 = "stablehlo.collective_reduce"(%y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0, %1#0, %2 : tensor<1x2xi64>, tensor<1x2xi64>, tensor<3xf32>
}

// -----

// collective_reduce (C1): is_unique(replica_groups).
func.func @collective_reduce_groups(%x: tensor<2xi64>) {
  // expected-error @+1 {{replica_groups has repeated id 3}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {replica_groups = dense<[[3, 3]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

// collective_reduce (C2): 0 <= replica_groups.
func.func @collective_reduce_negative(%x: tensor<2xi64>) {
  // expected-error @+1 {{replica_groups has negative id -3}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {replica_groups = dense<[[0, -3]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

// collective_reduce (C3): shape(results) = shape(operands).
func.func @collective_reduce_shape(%x: tensor<2xi64>) {
  // expected-error @+1 {{result 0 must have the shape of operand 0, 'tensor<2xi64>', got 'tensor<3xi64>'}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<3xi64>
  return
}

// -----

// collective_reduce (C3): one result per data operand.
func.func @collective_reduce_count(%x: tensor<2xi64>) {
  // expected-error @+1 {{requires 1 results (one per operand), got 2}}
  %0:2 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
  return
}

// -----

// collective_reduce (C3): a dynamic root needs a root operand.
func.func @collective_reduce_no_root(%x: tensor<2xi64>) {
  // expected-error @+1 {{has_dynamic_root requires the data operands and a root operand}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

// collective_reduce (C3): the root operand holds one si32 per data operand.
func.func @collective_reduce_root_type(%x: tensor<2xi64>, %root: tensor<2xi32>) {
  // expected-error @+1 {{root operand must be tensor<1xi32> (one root per data operand), got 'tensor<2xi32>'}}
  %0 = "stablehlo.collective_reduce"(%x, %root) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xi64>, tensor<2xi32>) -> tensor<2xi64>
  return
}

// -----

// collective_reduce (C4): is_promotable(element_type(operand), E).
func.func @collective_reduce_computation(%x: tensor<2xf64>) {
  // expected-error @+1 {{element type 'f64' of operand 0 cannot be promoted to the computation type 'f32'}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

// collective_reduce: the results hold the reduced type E.
func.func @collective_reduce_result_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{result 0 must have the computation element type 'f64', got 'f32'}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

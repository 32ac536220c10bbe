// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @while_loop
// CHECK: %[[R:.*]]:2 = stablehlo.while(%[[I:.*]] = %arg0, %[[S:.*]] = %arg1) : tensor<i64>, tensor<f32>
// CHECK-NEXT: cond {
// CHECK-NEXT: %[[TEN:.*]] = stablehlo.constant dense<10> : tensor<i64>
// CHECK-NEXT: %[[P:.*]] = stablehlo.compare LT, %[[I]], %[[TEN]]
// CHECK-NEXT: stablehlo.return %[[P]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i64>
// CHECK-NEXT: %[[N:.*]] = stablehlo.add %[[I]], %[[ONE]] : tensor<i64>
// CHECK-NEXT: stablehlo.return %[[N]], %[[S]] : tensor<i64>, tensor<f32>
// CHECK-NEXT: }
func.func @while_loop(%i: tensor<i64>, %s: tensor<f32>) -> tensor<f32> {
  %0:2 = "stablehlo.while"(%i, %s) ({
  ^bb0(%a: tensor<i64>, %b: tensor<f32>):
    %ten = stablehlo.constant dense<10> : tensor<i64>
    %p = stablehlo.compare LT, %a, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<f32>):
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %a, %one : tensor<i64>
    stablehlo.return %n, %b : tensor<i64>, tensor<f32>
  }) : (tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<f32>)
  return %0#1 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @if_else
// CHECK: %[[R:.*]] = "stablehlo.if"(%arg0) ({
// CHECK-NEXT: stablehlo.return %arg1 : tensor<2xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %arg1 : tensor<2xf32>
// CHECK-NEXT: stablehlo.return %[[N]] : tensor<2xf32>
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<2xf32>
func.func @if_else(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @case_of_three
// CHECK: "stablehlo.case"(%arg0) ({
// CHECK-NEXT: stablehlo.return %arg1 : tensor<i64>
// CHECK-NEXT: }, {
// CHECK-NEXT: stablehlo.return %arg2 : tensor<i64>
// CHECK-NEXT: }, {
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT: stablehlo.return %[[C]] : tensor<i64>
// CHECK-NEXT: }) : (tensor<i32>) -> tensor<i64>
func.func @case_of_three(%i: tensor<i32>, %x: tensor<i64>, %y: tensor<i64>) -> tensor<i64> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<i64>
  }, {
    stablehlo.return %y : tensor<i64>
  }, {
    %c = stablehlo.constant dense<0> : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// CHECK-LABEL: func.func @barrier
// CHECK: %[[R:.*]]:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<f32>, !stablehlo.token
func.func @barrier(%x: tensor<f32>, %t: !stablehlo.token) -> tensor<f32> {
  %0:2 = "stablehlo.optimization_barrier"(%x, %t) : (tensor<f32>, !stablehlo.token) -> (tensor<f32>, !stablehlo.token)
  return %0#0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @custom_calls
// CHECK: stablehlo.custom_call @foo(%arg0) {backend_config = "opaque", has_side_effect = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.custom_call @ffi_target(%arg0) {api_version = 4 : i32, backend_config = {n = 42 : i32}, called_computations = [@helper]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.custom_call @Update(%arg1) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<4xf64>) -> memref<4xf64>
// CHECK: stablehlo.custom_call @with_layouts(%arg0) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @custom_calls(%x: tensor<2x3xf32>, %m: memref<4xf64>) {
  %0 = "stablehlo.custom_call"(%x) {call_target_name = "foo", backend_config = "opaque", has_side_effect = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.custom_call"(%x) {call_target_name = "ffi_target", api_version = 4 : i32, backend_config = {n = 42 : i32}, called_computations = [@helper]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "stablehlo.custom_call"(%m) {call_target_name = "Update", api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<4xf64>) -> memref<4xf64>
  %3 = "stablehlo.custom_call"(%x) {call_target_name = "with_layouts", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
func.func private @helper()

// -----

// CHECK-LABEL: func.func @async_gather
// CHECK: %[[F:.*]] = "stablehlo.async_start"(%arg0) ({
// CHECK-NEXT: %[[G:.*]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: stablehlo.return %[[G]] : tensor<8x8xf32>
// CHECK-NEXT: }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
// CHECK-NEXT: %{{.*}} = "stablehlo.async_done"(%[[F]]) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
func.func @async_gather(%x: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%x) ({
    %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @random
// CHECK: %[[SHAPE:.*]] = stablehlo.constant dense<3> : tensor<2xi64>
// CHECK-NEXT: stablehlo.rng %arg0, %arg1, %[[SHAPE]], distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}} = stablehlo.rng_bit_generator %arg2, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
func.func @random(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xui64>) -> tensor<3x3xf32> {
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %0 = "stablehlo.rng"(%a, %b, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %1:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  return %0 : tensor<3x3xf32>
}

// -----

// CHECK-LABEL: func.func @composite_call
// CHECK: stablehlo.composite "my_namespace.my_op" %arg0, %arg1 {composite_attributes = {my_attribute = "my_value"}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>, tensor<f32>) -> tensor<f32>
func.func @composite_call(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.composite"(%x, %y) {name = "my_namespace.my_op", composite_attributes = {my_attribute = "my_value"}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @my_op(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %x, %y : tensor<f32>
  return %0 : tensor<f32>
}

// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Constraint numbers refer to each op's section of the specification.

// while: valid, with a tensor and a token carried through the loop.
func.func @while_valid(%i: tensor<i64>, %t: !stablehlo.token) -> tensor<i64> {
  %0:2 = stablehlo.while(%a = %i, %b = %t) : tensor<i64>, !stablehlo.token
   cond {
    %ten = stablehlo.constant dense<10> : tensor<i64>
    %p = stablehlo.compare LT, %a, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %a, %one : tensor<i64>
    stablehlo.return %n, %b : tensor<i64>, !stablehlo.token
  }
  return %0#0 : tensor<i64>
}

// -----

// while (C1): cond takes the operand types.
func.func @while_cond_args(%i: tensor<i64>) {
  // expected-error @+1 {{cond takes 'tensor<i32>' at position 0, expected 'tensor<i64>' (the type of operand 0)}}
  %0 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i64>
  return
}

// -----

// while (C1): cond returns tensor<i1>.
func.func @while_cond_result(%i: tensor<i64>) {
  // expected-error @+1 {{cond must return a single tensor<i1>, got ('tensor<i64>')}}
  %0 = stablehlo.while(%a = %i) : tensor<i64>
   cond {
    stablehlo.return %a : tensor<i64>
  } do {
    stablehlo.return %a : tensor<i64>
  }
  return
}

// -----

// while (C1): cond ends with a return.
func.func @while_cond_terminator(%i: tensor<i64>) {
  // expected-error @+1 {{cond must end with stablehlo.return}}
  %0 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<i64>):
    %p = stablehlo.constant dense<true> : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i64>
  return
}

// -----

// while (C2): body takes the operand types.
func.func @while_body_args(%i: tensor<i64>) {
  // expected-error @+1 {{body takes 2 values, expected 1 (one per operand)}}
  %0 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<i64>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i64>
  return
}

// -----

// while (C2): body returns the operand types.
func.func @while_body_results(%i: tensor<i64>) {
  // expected-error @+1 {{body returns 'tensor<i1>' at position 0, expected 'tensor<i64>' (the type of operand 0)}}
  %0 = stablehlo.while(%a = %i) : tensor<i64>
   cond {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }
  return
}

// -----

// while (C3): type(results...) = type(operand...).
func.func @while_results(%i: tensor<i64>) {
  // expected-error @+1 {{has results 'tensor<i32>' at position 0, expected 'tensor<i64>' (the type of operand 0)}}
  %0 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<i64>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i32>
  return
}

// -----

// if: valid, returning a tensor and a token.
func.func @if_valid(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xf32>, %t: !stablehlo.token) -> tensor<2xf32> {
  %0:2 = "stablehlo.if"(%p) ({
    stablehlo.return %x, %t : tensor<2xf32>, !stablehlo.token
  }, {
    stablehlo.return %y, %t : tensor<2xf32>, !stablehlo.token
  }) : (tensor<i1>) -> (tensor<2xf32>, !stablehlo.token)
  return %0#0 : tensor<2xf32>
}

// -----

// if (I1): pred is 0-dimensional.
func.func @if_pred_rank(%p: tensor<2xi1>, %x: tensor<f32>) {
  // expected-error @+1 {{pred must be a 0-dimensional tensor, got 'tensor<2xi1>'}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %x : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  return
}

// -----

// if (C1): branches take no arguments.
func.func @if_branch_args(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{false_branch must take no arguments, got 1}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

// if (C2): both branches return the same types.
func.func @if_branch_types(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f64>) {
  // expected-error @+1 {{false_branch returns 'tensor<f64>' at position 0, expected 'tensor<f32>' (the type of result 0)}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %y : tensor<f64>
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

// if (C3): the results have the branch output types.
func.func @if_result_count(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{true_branch returns 1 values, expected 2 (one per result)}}
  %0:2 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i1>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

// case: valid, three branches.
func.func @case_valid(%i: tensor<i32>, %x: tensor<2xi64>, %y: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<2xi64>
  }, {
    stablehlo.return %y : tensor<2xi64>
  }, {
    %z = stablehlo.constant dense<0> : tensor<2xi64>
    stablehlo.return %z : tensor<2xi64>
  }) : (tensor<i32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// case (C1): at least one branch.
func.func @case_no_branches(%i: tensor<i32>) {
  // expected-error @+1 {{requires at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

// case (C2): branches take no arguments.
func.func @case_branch_args(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{branch 1 must take no arguments, got 1}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return
}

// -----

// case (C3): all branches return the same types.
func.func @case_branch_types(%i: tensor<i32>, %x: tensor<f32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{branch 1 returns 'tensor<2xf32>' at position 0, expected 'tensor<f32>' (the type of result 0)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %y : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<f32>
  return
}

// -----

// case (C4): the results have the types branch 0 returns.
func.func @case_result_types(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{branch 0 returns 'tensor<f32>' at position 0, expected 'tensor<i32>' (the type of result 0)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

// optimization_barrier: valid.
func.func @optimization_barrier_valid(%x: tensor<f32>, %t: !stablehlo.token) -> tensor<f32> {
  %0:2 = stablehlo.optimization_barrier %x, %t : tensor<f32>, !stablehlo.token
  return %0#0 : tensor<f32>
}

// -----

// optimization_barrier (C1): type(operand...) = type(result...).
func.func @optimization_barrier_types(%x: tensor<f32>) {
  // expected-error @+1 {{has results 'tensor<f64>' at position 0, expected 'tensor<f32>' (the type of operand 0)}}
  %0 = "stablehlo.optimization_barrier"(%x) : (tensor<f32>) -> tensor<f64>
  return
}

// -----

// optimization_barrier (C1): one result per operand.
func.func @optimization_barrier_count(%x: tensor<f32>) {
  // expected-error @+1 {{has results 0 values, expected 1 (one per operand)}}
  "stablehlo.optimization_barrier"(%x) : (tensor<f32>) -> ()
  return
}

// -----

// custom_call: valid calls: a string backend_config; a typed-FFI call with a
// dictionary; aliases into a tuple operand; buffers (memrefs) aliased; and
// layouts.
func.func @custom_call_valid(%x: tensor<2x3xf32>, %t: tuple<tensor<f32>, tensor<2x3xf32>>, %m: memref<4xf64>) {
  %0 = stablehlo.custom_call @foo(%x) {backend_config = "opaque", has_side_effect = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.custom_call @bar(%x) {api_version = 4 : i32, backend_config = {n = 42 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2:2 = stablehlo.custom_call @baz(%t, %x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<f32>, tensor<2x3xf32>>, tensor<2x3xf32>) -> (tensor<f32>, tensor<2x3xf32>)
  %3 = stablehlo.custom_call @Update(%m) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<4xf64>) -> memref<4xf64>
  %4 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<4xf64>
  %5 = stablehlo.custom_call @layouts(%x) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// custom_call: a dictionary backend_config belongs to the typed FFI.
func.func @custom_call_dictionary_config(%x: tensor<f32>) {
  // expected-error @+1 {{backend_config may be a dictionary only with api_version API_VERSION_TYPED_FFI, got API_VERSION_ORIGINAL}}
  %0 = stablehlo.custom_call @foo(%x) {backend_config = {n = 1 : i32}} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// custom_call (I5): api_version is one of the calling conventions.
func.func @custom_call_api_version(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'api_version' failed to satisfy constraint}}
  %0 = stablehlo.custom_call @foo(%x) {api_version = 9 : i32} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// custom_call (I7): an alias names an existing operand.
func.func @custom_call_alias_operand(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_alias operand_index 1 is out of range [0, 1)}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// custom_call (I7): tuple indices stay inside the tuple.
func.func @custom_call_alias_tuple_range(%t: tuple<tensor<f32>>) {
  // expected-error @+1 {{operand_tuple_indices index 1 is out of range for 'tuple<tensor<f32>>'}}
  %0 = stablehlo.custom_call @foo(%t) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<f32>>) -> tensor<f32>
  return
}

// -----

// custom_call (I7): tuple indices apply to tuples only.
func.func @custom_call_alias_not_tuple(%x: tensor<f32>) {
  // expected-error @+1 {{output_tuple_indices index 0 applies to non-tuple type 'tensor<f32>'}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// custom_call (I7): with several results, the output indices start with a
// result index.
func.func @custom_call_alias_result_index(%x: tensor<f32>) {
  // expected-error @+1 {{output_tuple_indices must start with a result index in [0, 2) when there are several results}}
  %0:2 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [2], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

// custom_call (Alias): the aliased parts have the same type.
func.func @custom_call_alias_type(%x: tensor<f32>) {
  // expected-error @+1 {{aliased output type 'tensor<f64>' differs from the type of operand 0's part, 'tensor<f32>'}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f64>
  return
}

// -----

// custom_call (Alias): a buffer operand appears in at most one alias.
func.func @custom_call_buffer_operand_twice(%m: memref<4xf64>) {
  // expected-error @+1 {{buffer operand 0 appears in more than one alias}}
  %0:2 = stablehlo.custom_call @foo(%m) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = []>]} : (memref<4xf64>) -> (memref<4xf64>, memref<4xf64>)
  return
}

// -----

// custom_call (Alias): a buffer result appears in exactly one alias.
func.func @custom_call_buffer_result_twice(%m: memref<4xf64>, %n: memref<4xf64>) {
  // expected-error @+1 {{buffer result 0 appears in more than one alias}}
  %0 = stablehlo.custom_call @foo(%m, %n) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (memref<4xf64>, memref<4xf64>) -> memref<4xf64>
  return
}

// -----

// custom_call (Alias): a buffer result must alias an operand.
func.func @custom_call_buffer_result(%x: tensor<4xf64>) {
  // expected-error @+1 {{buffer result 0 ('memref<4xf64>') must alias an operand through output_operand_aliases}}
  %0 = stablehlo.custom_call @foo(%x) : (tensor<4xf64>) -> memref<4xf64>
  return
}

// -----

// custom_call: one operand layout per operand.
func.func @custom_call_layout_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{operand_layouts has 2 entries, expected 1}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// custom_call: a layout is a permutation of the dimensions.
func.func @custom_call_layout_permutation(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result_layouts entry 0 has repeated entry 1}}
  %0 = stablehlo.custom_call @foo(%x) {result_layouts = [dense<[1, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// async_start / async_done: valid, an all_gather performed asynchronously.
func.func @async_valid(%x: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%x) ({
    %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// async_start: valid, a slice whose body names the operand through a block
// argument.
func.func @async_block_argument(%x: tensor<8xf32>) -> !stablehlo.future<tensor<2xf32>> {
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<8xf32>):
    %1 = stablehlo.slice %a [0:2] : (tensor<8xf32>) -> tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<8xf32>) -> !stablehlo.future<tensor<2xf32>>
  return %0 : !stablehlo.future<tensor<2xf32>>
}

// -----

// async_start (C1): the body holds a single operation and a return.
func.func @async_start_two_ops(%x: tensor<8xf32>) {
  // expected-error @+1 {{body must contain exactly one operation and a return, got 3 operations}}
  %0 = "stablehlo.async_start"(%x) ({
    %1 = stablehlo.slice %x [0:2] : (tensor<8xf32>) -> tensor<2xf32>
    %2 = stablehlo.slice %1 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    stablehlo.return %2 : tensor<1xf32>
  }) : (tensor<8xf32>) -> !stablehlo.future<tensor<1xf32>>
  return
}

// -----

// async_start (C2): the operation is a collective or a slice.
func.func @async_start_kind(%x: tensor<8xf32>) {
  // expected-error @+1 {{body operation must be a collective or a slice, got stablehlo.negate}}
  %0 = "stablehlo.async_start"(%x) ({
    %1 = stablehlo.negate %x : tensor<8xf32>
    stablehlo.return %1 : tensor<8xf32>
  }) : (tensor<8xf32>) -> !stablehlo.future<tensor<8xf32>>
  return
}

// -----

// async_start (C3): the operation takes the operands of async_start.
func.func @async_start_operands(%x: tensor<8xf32>, %y: tensor<8xf32>) {
  // expected-error @+1 {{operands of stablehlo.slice must be the 1 operands of async_start, in order}}
  %0 = "stablehlo.async_start"(%x) ({
    %1 = stablehlo.slice %y [0:2] : (tensor<8xf32>) -> tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<8xf32>) -> !stablehlo.future<tensor<2xf32>>
  return
}

// -----

// async_start (C4): an operation returning T gives future<T>.
func.func @async_start_future(%x: tensor<8xf32>) {
  // expected-error @+1 {{future holds 'tensor<3xf32>' at position 0, expected 'tensor<2xf32>' (the type of result of stablehlo.slice 0)}}
  %0 = "stablehlo.async_start"(%x) ({
    %1 = stablehlo.slice %x [0:2] : (tensor<8xf32>) -> tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<8xf32>) -> !stablehlo.future<tensor<3xf32>>
  return
}

// -----

// async_done (C1): future<T> gives T.
func.func @async_done_type(%f: !stablehlo.future<tensor<2xf32>>) {
  // expected-error @+1 {{has results 'tensor<2xf64>' at position 0, expected 'tensor<2xf32>' (the type of future element 0)}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf64>
  return
}

// -----

// rng: valid, with a constant shape and with a shape known only at run time.
func.func @rng_valid(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xi64>) -> tensor<?x3xf32> {
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %1 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}

// -----

// rng (C1): element_type(a) = element_type(b) = element_type(result).
func.func @rng_element_types(%a: tensor<i32>, %b: tensor<i64>, %s: tensor<1xi64>) {
  // expected-error @+1 {{a, b and result must have one element type, got 'i32', 'i64' and 'i32'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<i32>, tensor<i64>, tensor<1xi64>) -> tensor<4xi32>
  return
}

// -----

// rng (C2): NORMAL needs floating-point numbers.
func.func @rng_normal_int(%a: tensor<i32>, %b: tensor<i32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{distribution NORMAL requires a floating-point element type, got 'i32'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  return
}

// -----

// rng (C3): the result rank is the length of shape.
func.func @rng_rank(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{result rank 1 differs from the length of shape, 2}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4xf32>
  return
}

// -----

// rng (C3): shape(result) = shape for a constant shape.
func.func @rng_shape(%a: tensor<f32>, %b: tensor<f32>) {
  %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  // expected-error @+1 {{result type 'tensor<3x3xf32>' does not have the shape given by the operand}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

// rng_bit_generator: valid for each algorithm.
func.func @rng_bit_generator_valid(%s2: tensor<2xui64>, %s3: tensor<3xui64>, %s5: tensor<5xui64>) {
  %0:2 = stablehlo.rng_bit_generator %s2, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  %1:2 = stablehlo.rng_bit_generator %s3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<8xf32>)
  %2:2 = stablehlo.rng_bit_generator %s5, algorithm = DEFAULT : (tensor<5xui64>) -> (tensor<5xui64>, tensor<ui64>)
  return
}

// -----

// rng_bit_generator (I2): the state is a 1-dimensional tensor of ui64.
func.func @rng_bit_generator_state_type(%s: tensor<2xui32>) {
  // expected-error @+1 {{initial_state must be a 1-dimensional tensor of ui64, got 'tensor<2xui32>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui32>) -> (tensor<2xui32>, tensor<4xui32>)
  return
}

// -----

// rng_bit_generator (C1): type(initial_state) = type(output_state).
func.func @rng_bit_generator_output_state(%s: tensor<2xui64>) {
  // expected-error @+1 {{output_state must have the initial_state type 'tensor<2xui64>', got 'tensor<3xui64>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

// rng_bit_generator (C2): THREE_FRY takes two words of state.
func.func @rng_bit_generator_three_fry(%s: tensor<3xui64>) {
  // expected-error @+1 {{initial_state of algorithm THREE_FRY must have 2 elements, got 3}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

// rng_bit_generator (C2): PHILOX takes two or three words of state.
func.func @rng_bit_generator_philox(%s: tensor<4xui64>) {
  // expected-error @+1 {{initial_state of algorithm PHILOX must have 2 or 3 elements, got 4}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return
}

// -----

// composite: valid.
func.func @composite_valid(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.composite "my_namespace.my_op" %x, %y {composite_attributes = {k = "v"}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @my_op(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %x, %y : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// composite (C1): the name is a namespaced op name.
func.func @composite_name(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{name "my_op" must be a namespaced op name such as "my_namespace.my_op"}}
  %0 = stablehlo.composite "my_op" %x {decomposition = @dec} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @dec(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

// composite (C2): the decomposition is a function in scope.
func.func @composite_missing(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{decomposition @missing does not name a func.func in scope}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @missing} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// composite (C3): types(inputs...) = input_types(decomposition).
func.func @composite_inputs(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{has operands 'tensor<f32>' at position 0, expected 'tensor<f64>' (the type of decomposition input 0)}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @dec} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @dec(%x: tensor<f64>) -> tensor<f32>

// -----

// composite (C4): types(results...) = output_types(decomposition).
func.func @composite_results(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{has results 1 values, expected 2 (one per decomposition result)}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @dec} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @dec(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>)

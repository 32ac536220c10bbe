// RUN: axle-opt %s --split-input-file --verify-diagnostics

func.func @after_all_operand(%a: tensor<f32>) -> !stablehlo.token {
  // expected-error @+1 {{must be variadic of token}}
  %0 = "stablehlo.after_all"(%a) : (tensor<f32>) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @create_token_result() -> tensor<f32> {
  // expected-error @+1 {{must be token}}
  %0 = "stablehlo.create_token"() : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @replica_id_result() -> tensor<ui64> {
  // expected-error @+1 {{must be 0D tensor of 32-bit unsigned integer}}
  %0 = "stablehlo.replica_id"() : () -> tensor<ui64>
  return %0 : tensor<ui64>
}

// -----

func.func @partition_id_result() -> tensor<2xui32> {
  // expected-error @+1 {{must be 0D tensor of 32-bit unsigned integer}}
  %0 = "stablehlo.partition_id"() : () -> tensor<2xui32>
  return %0 : tensor<2xui32>
}

// -----

func.func @cross_replica_sum_type(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "stablehlo.cross-replica-sum"(%a) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @outfeed_token(%a: tensor<4xf32>) -> !stablehlo.token {
  // expected-error @+1 {{must be token}}
  %0 = "stablehlo.outfeed"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @set_dimension_size_dim(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 1 is out of range for rank 1}}
  %0 = stablehlo.set_dimension_size %a, %n, dim = 1 : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @set_dimension_size_shape(%a: tensor<4x3xf32>, %n: tensor<i32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{result dimension 1 must match the operand}}
  %0 = stablehlo.set_dimension_size %a, %n, dim = 0 : (tensor<4x3xf32>, tensor<i32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @dynamic_pad_rank(%a: tensor<4xf32>, %v: tensor<f32>, %p: tensor<2xi32>) -> tensor<?xf32> {
  // expected-error @+1 {{padding operands must have 1 elements}}
  %0 = stablehlo.dynamic_pad %a, %v, %p, %p, %p : (tensor<4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @dynamic_pad_value(%a: tensor<4xf32>, %v: tensor<2xf32>, %p: tensor<1xi32>) -> tensor<?xf32> {
  // expected-error @+1 {{padding_value must be a 0-dimensional tensor}}
  %0 = stablehlo.dynamic_pad %a, %v, %p, %p, %p : (tensor<4xf32>, tensor<2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Sharding rule verifier: one mapping per operand and result with one entry
// per dimension, sizes for every factor used, each factor once per tensor
// and in at most one special group.

func.func @operand_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.add' op sdy.sharding_rule: the rule maps 1 operands but the op has 2}}
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @result_rank(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op sdy.sharding_rule: result #0 has rank 1 but the rule maps 2 dimensions}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @factor_without_size(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{factor 'j' is used but the rule gives sizes for 1 factors}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @factor_twice(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{factor 'i' appears twice in one tensor mapping}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, i])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @special_twice(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{factor 'i' is listed twice among the special factors}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8} reduction={i} permutation={i}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @negative_size(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{factor 'i' has negative size -8}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=-8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @not_a_rule(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op sdy.sharding_rule: expected a #sdy.op_sharding_rule, got "([i])->([i])"}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = "([i])->([i])"} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Malformed sdy syntax: each error points at the offending token.

// expected-error @+1 {{unknown key 'devices' in a mesh; expected 'device_ids'}}
sdy.mesh @mesh = <["x"=2], devices=[0, 1]>

// -----

// expected-error @+1 {{expected '['}}
sdy.mesh @mesh = <"x"=2>

// -----

// expected-error @+1 {{expected '='}}
sdy.mesh @mesh = <["x" 2]>

// -----

// expected-error @+1 {{expected an axis name in double quotes}}
sdy.mesh @mesh = <[x=2]>

// -----

// expected-error @+1 {{expected '>'}}
sdy.mesh @mesh = <["x"=2]

// -----

// expected-error @+1 {{key 'device_ids' given twice in a mesh}}
sdy.mesh @mesh = <["x"=2], device_ids=[1, 0], device_ids=[0, 1]>

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{unknown key 'replicate' in a sharding; expected 'replicated' or 'unreduced'}}
func.func private @unknown_key(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicate={"x"}>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{key 'replicated' given twice in a sharding}}
func.func private @repeated_key(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={"x"}, replicated={"y"}>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{unbalanced '[' character in pretty dialect name}}
func.func private @missing_bracket(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @constraint_missing_bracket(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected ']'}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @constraint_missing_brace(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected ',' or '}' after an axis in a dimension sharding}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{expected ',' or '}' after an axis in a dimension sharding}}
func.func private @missing_comma(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x" "y"}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{expected an axis name in double quotes}}
func.func private @unquoted_axis(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{x}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// The open marker comes last.
// expected-error @+1 {{expected '}'}}
func.func private @open_then_axis(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?, "x"}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{expected a priority 'p<N>' after a dimension sharding, got 'q1'}}
func.func private @bad_priority(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}q1]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{expected a priority 'p<N>' after a dimension sharding, got 'p'}}
func.func private @priority_without_number(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p]>})

// -----

// expected-error @+1 {{expected a mesh symbol '@name' or an inline 'mesh<[...]>'}}
func.func private @no_mesh(tensor<8xf32> {sdy.sharding = #sdy.sharding<[{"x"}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{expected '('}}
func.func private @bad_sub_axis(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":2}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @constraint_without_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected '<'}}
  %0 = sdy.sharding_constraint %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @manual_missing_keyword(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected 'out_shardings'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @manual_unquoted_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected an axis name in double quotes}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={x} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @manual_not_a_function_type(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  // expected-error @+1 {{expected a function type '(operand types) -> result types', got 'tensor<8xf32>'}}
  } : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_unknown_key(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{unknown key 'reductions' in a sharding rule; expected one of 'reduction', 'need_replication', 'permutation', 'blocked_propagation'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8} reductions={i}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_bad_factor(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected factor names (i..z, z_1, z_2, ...), got 'a'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([a])->([a]) {a=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_sizes_out_of_order(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{expected the size of factor 'i' here, got factor 'j'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {j=4, i=8}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @rule_missing_arrow(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected '->'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i]) ([i]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_bad_custom(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected 'custom'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}, user>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

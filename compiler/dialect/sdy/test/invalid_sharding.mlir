// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Sharding verifier: only axes of the mesh, each device axis at most once,
// well-formed sub-axes, one dimension sharding per dimension, and a mesh
// symbol that names an sdy.mesh.

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{'func.func' op argument #0 sdy.sharding: axis "z" is not in mesh #sdy.mesh<["x"=2, "y"=4]>}}
func.func @unknown_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{'func.func' op result #0 sdy.sharding: axis "w" is not in mesh}}
func.func @unknown_replicated_axis(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={"w"}>}) {
  return %arg0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{axis "x" is used more than once in a sharding}}
func.func private @same_axis_twice(tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"x"}]>})

// -----

// expected-error @+1 {{axis "y" is used more than once in a sharding}}
func.func private @sharded_and_replicated(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}], replicated={"y"}>})

// -----

// expected-error @+1 {{axis "y" is used more than once in a sharding}}
func.func private @replicated_and_unreduced(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={"y"}, unreduced={"y"}>})

// -----

// expected-error @+1 {{axes "y":(1)4 and "y":(2)2 overlap; a sharding may use each device axis once}}
func.func private @overlapping_sub_axes(tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)4}, {"y":(2)2}]>})

// -----

// expected-error @+1 {{axes "y" and "y":(2)2 overlap}}
func.func private @axis_and_its_sub_axis(tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"y":(2)2}]>})

// -----

// expected-error @+1 {{sub-axis "y":(0)2 needs a pre-size of at least 1}}
func.func private @zero_pre_size(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(0)2}]>})

// -----

// expected-error @+1 {{sub-axis "y":(2)1 needs a size greater than 1}}
func.func private @unit_sub_axis(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(2)1}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{sub-axis "y":(2)4 does not fit axis "y" of size 4: pre-size times size must divide the axis size}}
func.func private @sub_axis_too_large(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(2)4}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=6]>
// expected-error @+1 {{sub-axis "y":(1)4 does not fit axis "y" of size 6}}
func.func private @sub_axis_not_a_factor(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)4}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{sub-axis "y":(1)4 is the whole axis; write "y" instead}}
func.func private @sub_axis_is_whole(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)4}]>})

// -----

// An inline mesh is checked where the sharding is parsed.
// expected-error @+1 {{axis "b" is not in mesh #sdy.mesh<["a"=2]>}}
func.func private @inline_mesh(tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2]>, [{"b"}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{argument #0 sdy.sharding: sharding has 1 dimension shardings but the type 'tensor<8x8xf32>' has rank 2}}
func.func private @rank_mismatch(tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// Only maximal meshes may leave the dimension shardings out.
// expected-error @+1 {{sharding has 0 dimension shardings but the type 'tensor<8xf32>' has rank 1}}
func.func private @empty_dims_on_a_real_mesh(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, []>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
// expected-error @+1 {{a value of type '!stablehlo.token' has no dimensions to shard; its sharding must be '[]' without other axes}}
func.func private @token(!stablehlo.token {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})

// -----

// expected-error @+1 {{argument #0 sdy.sharding: sharding refers to @nowhere, which is not a symbol in scope}}
func.func private @unknown_mesh(tensor<8xf32> {sdy.sharding = #sdy.sharding<@nowhere, [{}]>})

// -----

// expected-error @+1 {{sharding refers to @not_a_mesh, which is a 'func.func', not an sdy.mesh}}
func.func private @not_a_mesh(tensor<8xf32> {sdy.sharding = #sdy.sharding<@not_a_mesh, [{}]>})

// -----

// expected-error @+1 {{argument #0 sdy.sharding: expected a #sdy.sharding, got #sdy.sharding_per_value<[]>}}
func.func private @wrong_kind(tensor<8xf32> {sdy.sharding = #sdy.sharding_per_value<[]>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @constraint_rank(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding has 3 dimension shardings but the type 'tensor<8x8xf32>' has rank 2}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @constraint_unknown_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding refers to @mesh, which is not a symbol in scope}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @constraint_types(%arg0: tensor<8xf32>) -> tensor<8xf64> {
  // expected-error @+1 {{'sdy.sharding_constraint' op requires the same type for all operands and results}}
  %0 = "sdy.sharding_constraint"(%arg0) <{sharding = #sdy.sharding<@mesh, [{}]>}> : (tensor<8xf32>) -> tensor<8xf64>
  return %0 : tensor<8xf64>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @per_value_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op has 1 results but 'sdy.sharding' lists 2 shardings}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @per_value_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op result #0 sdy.sharding: axis "q" is not in mesh}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"q"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @per_value_kind(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op expects 'sdy.sharding' to be a #sdy.sharding_per_value with one sharding per result, got #sdy.sharding<@mesh, [{}]>}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding<@mesh, [{}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// RUN: axle-opt %s --split-input-file --verify-diagnostics

// Manual computation verifier: one sharding per operand and result, body
// arguments and returned values with the local (divided) shapes, manual
// axes of the mesh that come before free axes and divide the dimensions.

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @local_arg_type(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body argument #0 has type 'tensor<8x8xf32>' but in_shardings #0 makes the local type 'tensor<4x8xf32>'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<8x8xf32>) {
    sdy.return %a : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @local_result_type(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op sdy.return operand #0 has type 'tensor<4x8xf32>' but out_shardings #0 makes the local type 'tensor<4x2xf32>'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%a: tensor<4x8xf32>) {
    sdy.return %a : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @in_sharding_count(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) {
  // expected-error @+1 {{'sdy.manual_computation' op has 2 operands but 1 in_shardings}}
  sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{}]>] out_shardings=[] manual_axes={} (%a: tensor<8xf32>, %b: tensor<8xf32>) {
    sdy.return
  } : (tensor<8xf32>, tensor<8xf32>) -> ()
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @out_sharding_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 results but 2 out_shardings}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>, <@mesh, [{}]>] manual_axes={} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @body_arguments(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 operands but its body takes 0 arguments}}
  sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[] manual_axes={} () {
    sdy.return
  } : (tensor<8xf32>) -> ()
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @returned_values(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 results but its body returns 0 values}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<8xf32>) {
    sdy.return
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @unknown_manual_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axis "z" is not in mesh #sdy.mesh<["x"=2, "y"=4]>}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"z"} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @repeated_manual_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op lists manual axis "x" twice}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x", "x"} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @manual_after_free(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in_shardings #0: manual axis "x" follows free axis "y" in dimension 0; manual axes must come first}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"y", "x"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @not_divisible(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in_shardings #0: dimension 0 of size 6 is not divisible by 4, the size of its manual axes}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"y"} (%a: tensor<1xf32>) {
    sdy.return %a : tensor<1xf32>
  } : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
sdy.mesh @other = <["x"=2, "y"=2]>
func.func @two_meshes(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out_shardings #0: uses mesh #sdy.mesh<["x"=2, "y"=2]> but the first sharding uses #sdy.mesh<["x"=2, "y"=4]>; all shardings of a manual computation must use one mesh}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@other, [{"x"}]>] manual_axes={"x"} (%a: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @sharding_rank(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in_shardings #0: sharding has 2 dimension shardings but the type 'tensor<8xf32>' has rank 1}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%a: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @unknown_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in_shardings #0: sharding refers to @mesh, which is not a symbol in scope}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<8xf32>) {
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @isolated(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%a: tensor<8xf32>) {
    // expected-error @+2 {{using value defined outside the region}}
    // expected-note @-2 {{required by region isolation constraints}}
    %1 = stablehlo.add %a, %arg0 : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @return_outside(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.return' op expects parent op 'sdy.manual_computation'}}
  sdy.return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @group_id(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'sdy.sharding_group' op group_id must be non-negative, got -1}}
  sdy.sharding_group %arg0 group_id=-1 : tensor<8xf32>
  return
}

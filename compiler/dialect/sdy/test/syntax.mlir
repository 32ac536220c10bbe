// RUN: axle-opt %s --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | axle-opt --split-input-file | FileCheck %s
// RUN: axle-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Every piece of sdy syntax prints back as written.

// Meshes also stand alone as attributes.
// CHECK: module attributes {test.meshes = {a = #sdy.mesh<["x"=2, "y"=4]>, b = #sdy.mesh<[]>, c = #sdy.mesh<[], device_ids=[0]>}}
// CHECK-NEXT: sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-NEXT: sdy.mesh @empty = <[]>
// CHECK-NEXT: sdy.mesh @maximal = <[], device_ids=[3]>
// CHECK-NEXT: sdy.mesh @ordered = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>
// CHECK-NEXT: sdy.mesh @unit = <["a"=1]>
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["x"=2, "y"=4]>, sym_name = "mesh"}> : () -> ()
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<[], device_ids=[3]>, sym_name = "maximal"}> : () -> ()
module attributes {test.meshes = {a = #sdy.mesh<["x"=2, "y"=4]>, b = #sdy.mesh<[]>, c = #sdy.mesh<[], device_ids=[0]>}} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  sdy.mesh @empty = <[]>
  sdy.mesh @maximal = <[], device_ids=[3]>
  sdy.mesh @ordered = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>
  sdy.mesh @unit = <["a"=1]>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4, "z"=2, "w"=2]>

// Open dimensions, priorities, sub-axes, replicated and unreduced axes.
// CHECK-LABEL: func.func @dimension_shardings
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}p2, {"y"}p0]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2}, {"y":(2)2, "x"}], replicated={"z"}>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"z", "x"}, unreduced={"w"}>}
// CHECK-SAME: -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y", "z", "w"}]>})
func.func @dimension_shardings(
    %a: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}p2, {"y"}p0]>},
    %b: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2}, {"y":(2)2, "x"}], replicated={"z"}>},
    // unreduced before replicated: printed in the canonical order.
    %c: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"w"}, replicated={"z", "x"}>},
    %d: tensor<4xf32>)
    -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y", "z", "w"}]>}) {
  return %d : tensor<4xf32>
}

// -----

// A sharding may carry its mesh inline; declarations' signatures carry
// shardings too; unshaped values (tokens) take the rank-0 sharding.
// CHECK-LABEL: func.func private @declaration
// CHECK-SAME: (tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=2]>, [{"b", "a"}]>}, !stablehlo.token {sdy.sharding = #sdy.sharding<mesh<[]>, []>})
// CHECK-SAME: -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<[], device_ids=[1]>, []>})
func.func private @declaration(tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=2]>, [{"b", "a"}]>},
                               !stablehlo.token {sdy.sharding = #sdy.sharding<mesh<[]>, []>})
    -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<[], device_ids=[1]>, []>})

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Shardings of op results: one per result, in a sharding_per_value.
// CHECK-LABEL: func.func @per_value
// CHECK: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{?}]>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8xi32>)
// CHECK: sdy.sharding = #sdy.sharding_per_value<[]>} : (tensor<8x8xf32>) -> ()
// CHECK: %1 = sdy.sharding_constraint %arg0 <@mesh, [{"y", "x"}, {}]> {note = "kept"} : tensor<8x8xf32>
// GENERIC: "sdy.sharding_constraint"(%arg0) <{sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}]>}> {note = "kept"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @per_value(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0:2 = stablehlo.custom_call @two_results(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{?}]>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8xi32>)
  stablehlo.custom_call @no_results(%arg0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[]>} : (tensor<8x8xf32>) -> ()
  %1 = sdy.sharding_constraint %arg0 <@mesh, [{"y", "x"}, {}]> {note = "kept"} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Manual computations: several operands and results, sub-axes, free axes
// after manual ones, an attribute dictionary, and the empty case.
// CHECK-LABEL: func.func @manual
// CHECK: %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x", "y"}, {}]>, <@mesh, [{"y":(1)2}]>] out_shardings=[<@mesh, [{}, {"y"}]>, <@mesh, [{"y":(2)2}]>] manual_axes={"y", "x"} (%arg2: tensor<1x8xf32>, %arg3: tensor<4xi32>) {
// CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %arg2 : tensor<1x8xf32>
// CHECK-NEXT: sdy.return %[[NEG]], %arg3 : tensor<1x8xf32>, tensor<4xi32>
// CHECK-NEXT: } {note = "kept"} : (tensor<8x8xf32>, tensor<8xi32>) -> (tensor<1x32xf32>, tensor<8xi32>)
// CHECK: sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}]>] manual_axes={"x"} (%arg2: tensor<4x8xf32>) {
// CHECK: sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
// CHECK-NEXT: sdy.return
// CHECK-NEXT: } : () -> ()
// GENERIC: "sdy.manual_computation"(%arg0, %arg1) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>, <@mesh, [{"y":(1)2}]>]>, manual_axes = ["y", "x"], out_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>, <@mesh, [{"y":(2)2}]>]>}> ({
// GENERIC: "sdy.return"(%{{.*}}, %{{.*}}) : (tensor<1x8xf32>, tensor<4xi32>) -> ()
func.func @manual(%arg0: tensor<8x8xf32>, %arg1: tensor<8xi32>) -> tensor<1x32xf32> {
  %0:2 = sdy.manual_computation(%arg0, %arg1)
      in_shardings=[<@mesh, [{"x", "y"}, {}]>, <@mesh, [{"y":(1)2}]>]
      out_shardings=[<@mesh, [{}, {"y"}]>, <@mesh, [{"y":(2)2}]>]
      manual_axes={"y", "x"} (%a: tensor<1x8xf32>, %b: tensor<4xi32>) {
    %n = stablehlo.negate %a : tensor<1x8xf32>
    sdy.return %n, %b : tensor<1x8xf32>, tensor<4xi32>
  } {note = "kept"} : (tensor<8x8xf32>, tensor<8xi32>) -> (tensor<1x32xf32>, tensor<8xi32>)
  // "y" is not manual: it does not divide the local shape.
  %1 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xf32>) {
    sdy.return %a : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    sdy.return
  } : () -> ()
  return %0#0 : tensor<1x32xf32>
}

// -----

// Sharding rules: scalars, dimensions made of several factors, special
// factors, factor names past z.
// CHECK-LABEL: func.func @rules
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} need_replication={i, l} permutation={k}, custom>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=0} blocked_propagation={j}>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, z_1, z_2])->([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, zz_1z_2]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=2, z_1=2, z_2=2}>
func.func @rules(%s: tensor<f32>, %a: tensor<2x4xf32>, %b: tensor<2x3x5x7xf32>, %c: tensor<4x0xf32>,
                 %d: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2x2x2xf32>) {
  %0 = stablehlo.multiply %s, %s {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
  %1 = stablehlo.reshape %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<8xf32>
  %2 = stablehlo.custom_call @foo(%b) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} need_replication={i, l} permutation={k}, custom>} : (tensor<2x3x5x7xf32>) -> tensor<2x11x7xf32>
  %3 = stablehlo.negate %c {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=0} blocked_propagation={j}>} : tensor<4x0xf32>
  %4 = stablehlo.reshape %d {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, z_1, z_2])->([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, zz_1z_2]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=2, z_1=2, z_2=2}>} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2x2x2xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x8xf32>
  return
}

// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// while becomes scf.while: the cond region's 0-d i1 is extracted for
// scf.condition, which forwards the loop-carried values to the body.

// CHECK-LABEL: func.func @while_loop
// CHECK: %[[R:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) : (tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<f32>)
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: scf.condition(%[[P]]) %[[I]], %[[S]] : tensor<i64>, tensor<f32>
// CHECK: } do {
// CHECK: ^bb0(%[[I2:.*]]: tensor<i64>, %[[S2:.*]]: tensor<f32>):
// CHECK: arith.addi
// CHECK: scf.yield %{{.*}}, %[[S2]] : tensor<i64>, tensor<f32>
// CHECK: return %[[R]]#1
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

// Unsigned loop-carried values become signless in the block signatures.

// CHECK-LABEL: func.func @while_unsigned(%{{.*}}: tensor<i32>
// CHECK: scf.while (%[[I:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32>
// CHECK: arith.cmpi ult
// CHECK: scf.condition(%{{.*}}) %[[I]] : tensor<i32>
// CHECK: ^bb0(%{{.*}}: tensor<i32>):
// CHECK: scf.yield %{{.*}} : tensor<i32>
func.func @while_unsigned(%i: tensor<ui32>) -> tensor<ui32> {
  %0 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<ui32>):
    %ten = stablehlo.constant dense<10> : tensor<ui32>
    %p = stablehlo.compare LT, %a, %ten : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui32>):
    %one = stablehlo.constant dense<1> : tensor<ui32>
    %n = stablehlo.add %a, %one : tensor<ui32>
    stablehlo.return %n : tensor<ui32>
  }) : (tensor<ui32>) -> tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

// CHECK-LABEL: func.func @if_else
// CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: %[[R:.*]] = scf.if %[[P]] -> (tensor<2xf32>) {
// CHECK: scf.yield %{{.*}} : tensor<2xf32>
// CHECK: } else {
// CHECK: arith.negf
// CHECK: scf.yield %{{.*}} : tensor<2xf32>
// CHECK: return %[[R]]
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

// An if without results still yields (nothing) from both branches.

// CHECK-LABEL: func.func @if_no_results
// CHECK: scf.if %{{.*}} {
// CHECK: } else {
// CHECK: }
// CHECK-NOT: stablehlo
func.func @if_no_results(%p: tensor<i1>) {
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  return
}

// -----

// case: branches 0..N-2 are cases, the last branch is the default (it also
// takes every out-of-range index, negative ones included).

// CHECK-LABEL: func.func @case_of_three
// CHECK: %[[I:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[X:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK: %[[R:.*]] = scf.index_switch %[[X]] -> tensor<i64>
// CHECK: case 0 {
// CHECK: scf.yield %{{.*}} : tensor<i64>
// CHECK: case 1 {
// CHECK: scf.yield %{{.*}} : tensor<i64>
// CHECK-NOT: case 2
// CHECK: default {
// CHECK: %[[C:.*]] = arith.constant dense<0> : tensor<i64>
// CHECK: scf.yield %[[C]] : tensor<i64>
// CHECK: return %[[R]]
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

// A single branch is the default: it runs for every index.

// CHECK-LABEL: func.func @case_of_one
// CHECK: scf.index_switch %{{.*}} -> tensor<f32>
// CHECK-NOT: case
// CHECK: default {
func.func @case_of_one(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Nested control flow: an if inside a while body inside a case.

// CHECK-LABEL: func.func @nested
// CHECK: scf.index_switch
// CHECK: case 0 {
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: } do {
// CHECK: scf.if
// CHECK: scf.yield
// CHECK: } else {
// CHECK: scf.yield
// CHECK: }
// CHECK: scf.yield
// CHECK: }
// CHECK: scf.yield
// CHECK: default {
// CHECK: scf.yield
// CHECK-NOT: stablehlo.
func.func @nested(%k: tensor<i32>, %n: tensor<i64>) -> tensor<i64> {
  %0 = "stablehlo.case"(%k) ({
    %zero = stablehlo.constant dense<0> : tensor<i64>
    %r:2 = "stablehlo.while"(%zero, %zero) ({
    ^bb0(%i: tensor<i64>, %acc: tensor<i64>):
      %p = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }, {
    ^bb0(%i: tensor<i64>, %acc: tensor<i64>):
      %one = stablehlo.constant dense<1> : tensor<i64>
      %two = stablehlo.constant dense<2> : tensor<i64>
      %rem = stablehlo.remainder %i, %two : tensor<i64>
      %odd = stablehlo.compare EQ, %rem, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %a = "stablehlo.if"(%odd) ({
        %s = stablehlo.add %acc, %i : tensor<i64>
        stablehlo.return %s : tensor<i64>
      }, {
        stablehlo.return %acc : tensor<i64>
      }) : (tensor<i1>) -> tensor<i64>
      %next = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %next, %a : tensor<i64>, tensor<i64>
    }) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
    stablehlo.return %r#1 : tensor<i64>
  }, {
    stablehlo.return %n : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// CHECK-LABEL: func.func @barrier
// CHECK-SAME: (%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<2xi32>)
// CHECK-NEXT: return %[[Y]], %[[X]]
func.func @barrier(%x: tensor<f32>, %y: tensor<2xui32>) -> (tensor<2xui32>, tensor<f32>) {
  %0:2 = stablehlo.optimization_barrier %x, %y : tensor<f32>, tensor<2xui32>
  return %0#1, %0#0 : tensor<2xui32>, tensor<f32>
}

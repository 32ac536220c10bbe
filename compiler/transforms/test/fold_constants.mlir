// RUN: axle-opt --axle-fold-constants --split-input-file %s | FileCheck %s
// RUN: axle-opt --axle-fold-constants=max-elements=3 --split-input-file %s | FileCheck %s --check-prefix=SMALL

// Chains of ops on constants fold to one constant, with the interpreter's
// semantics: iota [0,1,2,3] + 10 = [10,11,12,13]; the sum is 46; integer
// division by zero gives -1 (XLA's answer).

// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xi32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<46> : tensor<i32>
// CHECK-NEXT: %[[D:.*]] = stablehlo.constant dense<-1> : tensor<i32>
// CHECK-NEXT: return %[[C]], %[[S]], %[[D]]
// With a budget of 3 elements the 4-element results stay; the 0-d ones
// fold as soon as their operands are constants (here they are not).
// SMALL-LABEL: func.func @chain
// SMALL: stablehlo.iota
// SMALL: stablehlo.add
// SMALL: stablehlo.reduce
func.func @chain() -> (tensor<4xi32>, tensor<i32>, tensor<i32>) {
  %ten = stablehlo.constant dense<10> : tensor<4xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %i = stablehlo.iota dim = 0 : tensor<4xi32>
  %a = stablehlo.add %i, %ten : tensor<4xi32>
  %s = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  %d = stablehlo.divide %s, %zero : tensor<i32>
  return %a, %s, %d : tensor<4xi32>, tensor<i32>, tensor<i32>
}

// -----

// Operands that are not constants, and results over the budget, stay.
// CHECK-LABEL: func.func @not_constant
// CHECK: stablehlo.add %arg0
// CHECK: stablehlo.iota dim = 0 : tensor<2048x1024xf32>
// CHECK: stablehlo.exponential
func.func @not_constant(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<2048x1024xf32>) {
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %a = stablehlo.add %x, %one : tensor<4xi32>
  %i = stablehlo.iota dim = 0 : tensor<2048x1024xf32>
  %e = stablehlo.exponential %i : tensor<2048x1024xf32>
  return %a, %e : tensor<4xi32>, tensor<2048x1024xf32>
}

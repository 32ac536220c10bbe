// RUN: axle-run %s --input=2x3xf32=1,2,3,4,5,6 --input='2x3xf32=[[0.5,0.5,0.5],[1,1,-2]]' | FileCheck %s
// RUN: axle-run %s --input=2x3xf32=1 --input=2x3xf32=nan,inf,-inf,0,-0,1e-45 | FileCheck %s --check-prefix=SPECIAL
// RUN: not axle-run %s --input=2x3xf32=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not axle-run %s --input=3x3xf32=1 --input=2x3xf32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not axle-run %s --input=2x3xi32=1 --input=2x3xf32=1 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not axle-run %s --input=2x3xf32=1,2 --input=2x3xf32=1 2>&1 | FileCheck %s --check-prefix=VALUES
// RUN: not axle-run %s --input='2x3xf32=[[1,2],[3,4]]' --input=2x3xf32=1 2>&1 | FileCheck %s --check-prefix=NESTING
// RUN: not axle-run %s --function=nope 2>&1 | FileCheck %s --check-prefix=FUNCTION
// RUN: not axle-run %s --input=@%t.missing.npy --input=2x3xf32=1 2>&1 | FileCheck %s --check-prefix=NPY

// Sums by hand: [1.5, 2.5, 3.5], [5, 6, 4]; column sums 6.5, 8.5, 7.5.
// CHECK: 2x3xf32={{\[\[}}1.5,2.5,3.5],[5,6,4]]
// CHECK-NEXT: 3xf32=[6.5,8.5,7.5]

// 1 + special values; NaN propagates through the column sum.
// SPECIAL: 2x3xf32={{\[\[}}nan,inf,-inf],[1,1,1]]
// SPECIAL-NEXT: 3xf32=[nan,inf,-inf]

// COUNT: axle-run: error: @main takes 2 arguments, got 1 --input
// SHAPE: axle-run: error: argument 0 of @main is tensor<2x3xf32>, got 3x3xf32
// TYPE: axle-run: error: argument 0 of @main is tensor<2x3xf32>, got 2x3xi32
// VALUES: axle-run: error: argument 0: 2x3xf32 needs 6 values, got 2
// NESTING: axle-run: error: argument 0: nested values do not have shape 2x3xf32
// FUNCTION: axle-run: error: no function @nope
// NPY: axle-run: error: argument 0: cannot read

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>) {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3xf32>
}

// Sibling reductions: sum(x), sum(x * x) and max(x) over the rows of one
// input become one loop nest with three results (the multiply first fuses
// into its sum), reading x once; each keeps its own order of combination,
// so the results do not change (checked against the interpreter below).

// RUN: axle-compile %s -o %t.axle --report=fusion | FileCheck %s
// CHECK: fusion report for @main: 6 kernels before fusion, 3 after
// CHECK-NEXT: fuse linalg.generic {{.*}}fusion_siblings.mlir":[[#MUL:]]:
// CHECK-NEXT: into linalg.generic {{.*}}fusion_siblings.mlir":[[#MUL+1]]:
// CHECK-NEXT: merge sibling reduction {{.*}}fusion_siblings.mlir":[[#MUL-1]]:
// CHECK-NEXT: with {{.*}}fusion_siblings.mlir":[[#MUL+1]]:
// CHECK-NEXT: merge sibling reduction {{.*}}fusion_siblings.mlir":[[#MUL+1]]:
// CHECK-NEXT: with {{.*}}fusion_siblings.mlir":[[#MUL+2]]:

// A reduction of the other's result is not a sibling.
// RUN: axle-compile %S/Inputs/dependent_reductions.mlir -o %t.dep.axle --report=fusion | FileCheck %s --check-prefix=DEP
// DEP-NOT: merge sibling

// RUN: axle-run %s --verify --verify-ulps=0 --input=4x128xf32=1.5 > /dev/null

func.func @main(%x: tensor<4x128xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x128xf32>
  %ss = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  %mx = stablehlo.reduce(%x init: %m) applies stablehlo.maximum across dimensions = [1] : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  return %s, %ss, %mx : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// The fusion report: the three elementwise ops are three kernels (loop
// nests) before fusion and one after; the matmul's fill and matmul stay
// separate kernels.

// RUN: axle-compile %s -o %t.axle --report=fusion | FileCheck %s
// The multiply (line 21) fuses into the exponential (line 22), then the add
// (line 20) into the result.
// CHECK: fusion report for @main: 5 kernels before fusion, 3 after
// CHECK-NEXT: fuse linalg.generic {{.*}}fusion_report.mlir":21:
// CHECK-NEXT: into linalg.generic {{.*}}fusion_report.mlir":22:
// CHECK-NEXT: fuse linalg.generic {{.*}}fusion_report.mlir":20:
// CHECK-NEXT: into linalg.generic {{.*}}fusion_report.mlir":22:

// RUN: axle-compile %s -o %t.nofuse.axle --fusion=false --report=fusion | FileCheck %s --check-prefix=OFF
// OFF: fusion report for @main: 5 kernels before fusion, 5 after
// OFF-NOT: fuse

func.func @main(%x: tensor<16x16xf32>, %y: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %m = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %a = stablehlo.add %m, %x : tensor<16x16xf32>
  %b = stablehlo.multiply %a, %y : tensor<16x16xf32>
  %c = stablehlo.exponential %b : tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

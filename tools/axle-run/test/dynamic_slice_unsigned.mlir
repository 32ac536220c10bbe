// A ui64 start index past INT64_MAX clamps to the last valid start (the
// specification clamps in the index's own type), on both backends: the
// slice of size 2 from [10, 20, 30, 40, 50] starts at 3.
// RUN: axle-run --backend=interpreter %s --input=5xi32=10,20,30,40,50 --input=ui64=18446744073709551615 | FileCheck %s
// RUN: axle-run --backend=cpu %s --input=5xi32=10,20,30,40,50 --input=ui64=18446744073709551615 | FileCheck %s
// CHECK: 2xi32=[40,50]
func.func @main(%x: tensor<5xi32>, %i: tensor<ui64>) -> tensor<2xi32> {
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<5xi32>, tensor<ui64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

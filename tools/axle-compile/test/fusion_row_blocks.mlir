// A layer norm over 512 rows of 1024 (2 MiB) as JAX exports it (keepdims
// reshapes included) is computed by blocks of 16 rows: one kernel. The
// compiled results equal the interpreter's bit for bit, on varied inputs
// (the row index and column index enter through iota).

// RUN: axle-compile %s -o %t.axle --report=fusion | FileCheck %s
// CHECK: fusion report for @main: {{[0-9]+}} kernels before fusion, 1 after
// CHECK: fuse 7 ops by blocks of 16 rows into linalg.generic

// RUN: axle-run %s --verify --verify-ulps=0 --input=512x1024xf32=0.75 --input=1024xf32=1.5 --input=1024xf32=-0.25 > /dev/null

func.func public @main(%x0: tensor<512x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<512x1024xf32> {
  // x = x0 * (1 + (row * 7 + col * 13) mod 17), varied per element.
  %i = stablehlo.iota dim = 0 : tensor<512x1024xi32>
  %j = stablehlo.iota dim = 1 : tensor<512x1024xi32>
  %c7 = stablehlo.constant dense<7> : tensor<512x1024xi32>
  %c13 = stablehlo.constant dense<13> : tensor<512x1024xi32>
  %c17 = stablehlo.constant dense<17> : tensor<512x1024xi32>
  %i7 = stablehlo.multiply %i, %c7 : tensor<512x1024xi32>
  %j13 = stablehlo.multiply %j, %c13 : tensor<512x1024xi32>
  %s = stablehlo.add %i7, %j13 : tensor<512x1024xi32>
  %r = stablehlo.remainder %s, %c17 : tensor<512x1024xi32>
  %rf = stablehlo.convert %r : (tensor<512x1024xi32>) -> tensor<512x1024xf32>
  %one = stablehlo.constant dense<1.0> : tensor<512x1024xf32>
  %w = stablehlo.add %rf, %one : tensor<512x1024xf32>
  %x = stablehlo.multiply %x0, %w : tensor<512x1024xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %sum2 = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<512xf32>) -> tensor<512x1xf32>
  %n = stablehlo.constant dense<1024.0> : tensor<512x1xf32>
  %mean = stablehlo.divide %sum2, %n : tensor<512x1xf32>
  %meanb = stablehlo.broadcast_in_dim %mean, dims = [0, 1] : (tensor<512x1xf32>) -> tensor<512x1024xf32>
  %d = stablehlo.subtract %x, %meanb : tensor<512x1024xf32>
  %d2 = stablehlo.multiply %d, %d : tensor<512x1024xf32>
  %ss = stablehlo.reduce(%d2 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %ss2 = stablehlo.broadcast_in_dim %ss, dims = [0] : (tensor<512xf32>) -> tensor<512x1xf32>
  %var = stablehlo.divide %ss2, %n : tensor<512x1xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<512x1xf32>
  %ve = stablehlo.add %var, %eps : tensor<512x1xf32>
  %inv = stablehlo.rsqrt %ve : tensor<512x1xf32>
  %invb = stablehlo.broadcast_in_dim %inv, dims = [0, 1] : (tensor<512x1xf32>) -> tensor<512x1024xf32>
  %y = stablehlo.multiply %d, %invb : tensor<512x1024xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<1024xf32>) -> tensor<512x1024xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<1024xf32>) -> tensor<512x1024xf32>
  %yg = stablehlo.multiply %y, %gb : tensor<512x1024xf32>
  %out = stablehlo.add %yg, %bb : tensor<512x1024xf32>
  return %out : tensor<512x1024xf32>
}

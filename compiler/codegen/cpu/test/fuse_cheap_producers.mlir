// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{report=true}))' --split-input-file %s | FileCheck %s

// A producer of one cheap float op (add, subtract, multiply, negate) read
// by several generics, each reading each element once, is computed in
// each of them instead of into a buffer that they read back: a layer
// norm's x - mean feeds the sums of squares and the normalization. Each
// consumer then reads x, not the buffer.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK: fusion report for @centered_twice: 4 kernels before fusion, 3 after
// CHECK-DAG: fuse linalg.generic loc("centered")
// CHECK-DAG: into linalg.generic loc("squares")
// CHECK-DAG: into linalg.generic loc("scaled")
// CHECK-LABEL: func.func @centered_twice
// CHECK-COUNT-2: arith.subf
// CHECK-NOT: arith.subf
// CHECK: return
func.func @centered_twice(%x: tensor<64x64xf32>, %mean: tensor<64xf32>,
                          %scale: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %centered = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%x, %mean : tensor<64x64xf32>, tensor<64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %0 = arith.subf %a, %m : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32> loc("centered")
  %er = tensor.empty() : tensor<64xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %squares = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%centered : tensor<64x64xf32>) outs(%zeros : tensor<64xf32>) {
  ^bb0(%c: f32, %acc: f32):
    %0 = arith.mulf %c, %c : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<64xf32> loc("squares")
  %scaled = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%centered, %scale : tensor<64x64xf32>, tensor<64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%c: f32, %s: f32, %o: f32):
    %0 = arith.mulf %c, %s : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32> loc("scaled")
  return %squares, %scaled : tensor<64xf32>, tensor<64x64xf32>
}

// -----

// Not cheap: exp stays one loop nest, whose result both consumers read.
// CHECK: fusion report for @exp_twice: 3 kernels before fusion, 3 after
// CHECK-NOT: fuse linalg.generic loc("exp")
// CHECK-LABEL: func.func @exp_twice
// CHECK-COUNT-1: math.exp
// CHECK-NOT: math.exp
// CHECK: return

#rows = affine_map<(d0, d1) -> (d0, d1)>

func.func @exp_twice(%x: tensor<64x64xf32>)
    -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %exp = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32> loc("exp")
  %double = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%exp : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%c: f32, %o: f32):
    %0 = arith.addf %c, %c : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32> loc("double")
  %square = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%exp : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%c: f32, %o: f32):
    %0 = arith.mulf %c, %c : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32> loc("square")
  return %double, %square : tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// a + b read by four consumers: computed in each, they would read a and b
// four times (8 arrays); a buffer costs reading a and b, one write and
// four reads (7). It stays one loop nest.
// CHECK: fusion report for @sum_four_times: 5 kernels before fusion, 5 after
// CHECK-NOT: fuse linalg.generic loc("sum")

#rows = affine_map<(d0, d1) -> (d0, d1)>

func.func @sum_four_times(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>)
    -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>,
        tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %sum = linalg.generic {indexing_maps = [#rows, #rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32> loc("sum")
  %r1 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%c: f32, %o: f32):
    %0 = math.exp %c : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  %r2 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%c: f32, %o: f32):
    %0 = math.log %c : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  %r3 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%c: f32, %o: f32):
    %0 = math.sqrt %c : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  %r4 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%c: f32, %o: f32):
    %0 = math.sin %c : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  return %r1, %r2, %r3, %r4 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}

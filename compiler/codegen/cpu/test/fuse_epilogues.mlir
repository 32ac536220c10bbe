// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{report=true}))' --split-input-file %s | FileCheck %s

// relu(x @ w + b): the bias add and relu (one elementwise generic) fuse
// into the matmul's cache tiles. WriteIntoDeadInputs first makes the
// epilogue write into C's buffer; then each 128 x 256 tile of the one
// scf.forall runs the matmul's k loops and register tiles on its slice of
// the result (the zero fill of C becomes the register tiles' start in the
// first k block: no fill in memory), and applies the epilogue to it in
// place before the next tile: no buffer holds all of C.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// CHECK: fusion report for @bias_relu: 3 kernels before fusion, 1 after
// CHECK-NEXT: fuse epilogue linalg.generic loc("epilogue")
// CHECK-NEXT: into linalg.generic loc("matmul")
// CHECK-LABEL: func.func @bias_relu
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x64xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<128x512xf32>
// CHECK: scf.forall (%{{.*}}) = (0) to (512) step (256) shared_outs(%[[OUT:.*]] = %[[EMPTY]])
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[OUT]]
// CHECK-NOT: linalg.fill
// CHECK: scf.for %[[K:.*]] = %c0 to %c512 step %c128 iter_args(%{{.*}} = %[[SLICE]])
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %c0
// CHECK: scf.if %[[FIRST]] -> (vector<4x64xf32>)
// CHECK-NEXT: scf.yield %[[ZEROS]] : vector<4x64xf32>
// CHECK-NEXT: } else {
// CHECK: memref.prefetch {{.*}} write
// CHECK: vector.transfer_read {{.*}} vector<4x64xf32>
// CHECK-NEXT: scf.yield
// CHECK: math.fma %{{.*}} : vector<64xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (128, 256) step (1, 32)
// CHECK: arith.addf %{{.*}} : vector<32xf32>
// CHECK: arith.maximumf %{{.*}} : vector<32xf32>
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @bias_relu(%a: tensor<128x512xf32>, %w: tensor<512x512xf32>, %b: tensor<512xf32>) -> tensor<128x512xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x512xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x512xf32>) -> tensor<128x512xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %w : tensor<128x512xf32>, tensor<512x512xf32>) outs(%c : tensor<128x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<128x512xf32> loc("matmul")
  %result = tensor.empty() : tensor<128x512xf32>
  %2 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%0, %b : tensor<128x512xf32>, tensor<512xf32>) outs(%result : tensor<128x512xf32>) {
  ^bb0(%x: f32, %bias: f32, %out: f32):
    %3 = arith.addf %x, %bias : f32
    %4 = arith.maximumf %3, %zero : f32
    linalg.yield %4 : f32
  } -> tensor<128x512xf32> loc("epilogue")
  return %2 : tensor<128x512xf32>
}

// -----

// The epilogue of a convolution (NHWC x HWIO, output 1 x 8 x 16 x 32) is
// applied to each output row (16 x 32) right after the row is computed;
// each register tile of the row (8 x 32) fills its own accumulator first.
// (The filter is copied first, an op of its own: see
// tile_and_vectorize.mlir.)

#in = affine_map<(n, h, w, c, kh, kw, ci) -> (n, h + kh, w + kw, ci)>
#filter = affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>
#conv_out = affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>
#id4 = affine_map<(n, h, w, c) -> (n, h, w, c)>
// CHECK: fusion report for @conv_relu: 4 kernels before fusion, 2 after
// CHECK-LABEL: func.func @conv_relu
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 8)
// CHECK: scf.forall ({{.*}}) = (0, 0, 0, 0) to (1, 1, 16, 32) step (1, 1, 8, 32)
// CHECK: linalg.fill {{.*}} -> tensor<1x1x8x32xf32>
// CHECK: math.fma %{{.*}} : vector<32xf32>
// CHECK: arith.maximumf %{{.*}} : vector<32xf32>
// CHECK: tensor.parallel_insert_slice
func.func @conv_relu(%x: tensor<1x10x18x8xf32>, %f: tensor<3x3x8x32xf32>) -> tensor<1x8x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x8x16x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x8x16x32xf32>) -> tensor<1x8x16x32xf32>
  %0 = linalg.generic {indexing_maps = [#in, #filter, #conv_out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %f : tensor<1x10x18x8xf32>, tensor<3x3x8x32xf32>) outs(%c : tensor<1x8x16x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %1 = math.fma %a, %b, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<1x8x16x32xf32>
  %result = tensor.empty() : tensor<1x8x16x32xf32>
  %2 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : tensor<1x8x16x32xf32>) outs(%result : tensor<1x8x16x32xf32>) {
  ^bb0(%a: f32, %out: f32):
    %3 = arith.maximumf %a, %zero : f32
    linalg.yield %3 : f32
  } -> tensor<1x8x16x32xf32>
  return %2 : tensor<1x8x16x32xf32>
}

// -----

// Not fused: the matmul's result has a second user (the epilogue would
// need all of C anyway), and an epilogue reading C transposed would need
// tiles of C the tile being computed does not hold.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: fusion report for @not_fused: 3 kernels before fusion, 3 after
// CHECK-NOT: fuse epilogue
// CHECK-LABEL: func.func @not_fused
func.func @not_fused(%a: tensor<128x128xf32>, %w: tensor<128x128xf32>, %c: tensor<128x128xf32>) -> (tensor<128x128xf32>, tensor<128x128xf32>) {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %w : tensor<128x128xf32>, tensor<128x128xf32>) outs(%c : tensor<128x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<128x128xf32>
  %e1 = tensor.empty() : tensor<128x128xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<128x128xf32>) outs(%e1 : tensor<128x128xf32>) {
  ^bb0(%x: f32, %out: f32):
    %3 = math.absf %x : f32
    linalg.yield %3 : f32
  } -> tensor<128x128xf32>
  %4 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %w : tensor<128x128xf32>, tensor<128x128xf32>) outs(%0 : tensor<128x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %5 = math.fma %x, %y, %acc : f32
    linalg.yield %5 : f32
  } -> tensor<128x128xf32>
  return %2, %4 : tensor<128x128xf32>, tensor<128x128xf32>
}

// -----

// A matmul that is one block of C and of k (k = 64 here; @bias_relu's
// k = 512 runs in k blocks and keeps its own loop over the tile) applies
// its epilogue to each register tile as it leaves the k loop: the scale is
// a vector op on the accumulators, the tile is written once, into the
// epilogue's result, and no loop reads C back.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: fusion report for @scale_in_registers: 3 kernels before fusion, 1 after
// CHECK-LABEL: func.func @scale_in_registers
// CHECK-DAG: %[[SCALE:.*]] = arith.constant dense<5.65685415> : vector<64xf32>
// CHECK: scf.forall (%{{.*}}) = (0) to (512) step (256)
// CHECK: scf.for
// CHECK: math.fma %{{.*}} : vector<64xf32>
// CHECK: scf.yield %{{.*}} : vector<4x64xf32>
// CHECK: arith.divf %{{.*}}, %[[SCALE]] : vector<64xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<4x64xf32>, tensor<128x256xf32>
// CHECK-NOT: scf.forall (
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: scf.forall (
// CHECK: return
func.func @scale_in_registers(%a: tensor<128x64xf32>, %w: tensor<64x512xf32>) -> tensor<128x512xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 5.65685415 : f32
  %empty = tensor.empty() : tensor<128x512xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x512xf32>) -> tensor<128x512xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %w : tensor<128x64xf32>, tensor<64x512xf32>) outs(%c : tensor<128x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<128x512xf32>
  %result = tensor.empty() : tensor<128x512xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<128x512xf32>) outs(%result : tensor<128x512xf32>) {
  ^bb0(%x: f32, %out: f32):
    %3 = arith.divf %x, %scale : f32
    linalg.yield %3 : f32
  } -> tensor<128x512xf32>
  return %2 : tensor<128x512xf32>
}

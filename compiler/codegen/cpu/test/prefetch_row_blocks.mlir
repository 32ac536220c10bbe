// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{reassociate-reductions=true}))' --split-input-file %s | FileCheck %s --check-prefix=REASSOC

// Blocks of rows prefetch the next block (Prefetch.cpp, part 2). Passes
// that only subtract, multiply and add, as a layer norm's: the pass that
// centers the block (the last parallel pass that reads x; it doubles the
// result too, two ops, so that its consumers read it from a buffer rather
// than compute it again, see fuse_cheap_producers.mlir) prefetches the
// next block's rows, and so does the sum of squares after it, which reads
// the centered block from L2 and leaves memory idle otherwise: each 16 x
// 16 step prefetches the same 16 rows and columns of the next block. The
// first pass, the row sums that read x from memory, prefetches nothing.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @variance
// CHECK: scf.forall (%[[BLOCK:.*]]) = (0) to (1024) step (16)
// CHECK-NOT: memref.prefetch
// CHECK: %[[AHEAD:.*]] = arith.addi %[[BLOCK]], %c16
// CHECK: %[[NEXT:.*]] = arith.minsi %[[AHEAD]], %c1008
// CHECK: scf.forall (%[[R:.*]], %[[C:.*]]) = (0, 0) to (16, 1024) step (1, 32)
// CHECK: %[[ROW:.*]] = arith.addi %[[NEXT]], %[[R]]
// CHECK: memref.prefetch %[[X:.*]][%[[ROW]], %[[C]]], read, locality<2>
// CHECK: memref.prefetch %[[X]][%[[ROW]], %{{.*}}], read, locality<2>
// CHECK-NEXT: vector.transfer_read {{.*}} vector<32xf32>
// CHECK: scf.for %[[K:.*]] = %c0 to %c1024 step %c16
// CHECK: %[[FIRST:.*]] = arith.addi %[[NEXT]], %{{.*}}
// CHECK-NEXT: memref.prefetch %[[X]][%[[FIRST]], %[[K]]], read, locality<2>
// CHECK-COUNT-15: memref.prefetch %[[X]][%{{.*}}, %[[K]]], read, locality<2>
// CHECK-NEXT: vector.transfer_read {{.*}} vector<16x16xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (16, 1024) step (1, 32)
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @variance(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %empty_row = tensor.empty() : tensor<1024xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty_row : tensor<1024xf32>) -> tensor<1024xf32>
  %sums = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1024x1024xf32>) outs(%zeros : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %acc, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1024xf32>
  %empty = tensor.empty() : tensor<1024x1024xf32>
  %centered = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%x, %sums : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%empty : tensor<1024x1024xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %0 = arith.subf %in, %sum : f32
    %1 = arith.addf %0, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1024x1024xf32>
  %squares = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%centered : tensor<1024x1024xf32>) outs(%zeros : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.mulf %in, %in : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1024xf32>
  %y = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%centered, %squares : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%empty : tensor<1024x1024xf32>) {
  ^bb0(%in: f32, %scale: f32, %out: f32):
    %0 = arith.mulf %in, %scale : f32
    linalg.yield %0 : f32
  } -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

// -----

// A softmax computes an exponential per element. Its sums add each row in
// order, lane-wise (16 x 16 transposes), a pass as long as the
// exponentials, and they prefetch the next block, each 16 x 16 step its 16
// rows; the exponential pass, which the previous block's quotients join
// as they stream out, and the maxima prefetch nothing.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @softmax
// CHECK: %[[X:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK: scf.forall (%[[BLOCK:.*]]) = (0) to (1024) step (16)
// CHECK-NOT: memref.prefetch
// CHECK: math.exp
// CHECK-NOT: memref.prefetch
// CHECK: %[[AHEAD:.*]] = arith.addi %[[BLOCK]], %c16
// CHECK: %[[NEXT:.*]] = arith.minsi %[[AHEAD]], %c1008
// CHECK: scf.for %[[K:.*]] = %c0 to %c1024 step %c16
// CHECK: %[[FIRST:.*]] = arith.addi %[[NEXT]], %{{.*}}
// CHECK-NEXT: memref.prefetch %[[X]][%[[FIRST]], %[[K]]], read, locality<2>
// CHECK-COUNT-15: memref.prefetch %[[X]][%{{.*}}, %[[K]]], read, locality<2>
// CHECK-NEXT: vector.transfer_read {{.*}} vector<16x16xf32>
// CHECK: arith.divf
// CHECK-NOT: memref.prefetch
// CHECK: return

// Where reductions reassociate, the sums take a few cycles per step, too
// few to bring the next block in: the exponential pass prefetches it, the
// sums do not.

// REASSOC-LABEL: func.func @softmax
// REASSOC: scf.forall (%{{.*}}) = (0) to (1024) step (16)
// REASSOC-NOT: memref.prefetch
// REASSOC: arith.minsi
// REASSOC: memref.prefetch
// REASSOC: math.exp
// REASSOC: scf.for
// REASSOC-NOT: memref.prefetch
// REASSOC: return
func.func @softmax(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %empty_row = tensor.empty() : tensor<1024xf32>
  %lowest = linalg.fill ins(%ninf : f32) outs(%empty_row : tensor<1024xf32>) -> tensor<1024xf32>
  %max = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1024x1024xf32>) outs(%lowest : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.maximumf %acc, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1024xf32>
  %empty = tensor.empty() : tensor<1024x1024xf32>
  %e = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%empty : tensor<1024x1024xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1024x1024xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty_row : tensor<1024xf32>) -> tensor<1024xf32>
  %sums = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<1024x1024xf32>) outs(%zeros : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %acc, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1024xf32>
  %y = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%e, %sums : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%empty : tensor<1024x1024xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

// -----

// The same with x - sum one op: each pass computes it from x (no buffer;
// see fuse_cheap_producers.mlir). The sums of squares reread the block
// from L2 and prefetch the next block, each 16 x 16 step its 16 rows; the
// writer, which streams its results out, and the first sums prefetch
// nothing.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @variance_recomputed
// CHECK: %[[X:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK: scf.forall (%[[BLOCK:.*]]) = (0) to (1024) step (16)
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: %[[AHEAD:.*]] = arith.addi %[[BLOCK]], %c16
// CHECK: %[[NEXT:.*]] = arith.minsi %[[AHEAD]], %c1008
// CHECK: scf.for %[[K:.*]] = %c0 to %c1024 step %c16
// CHECK: %[[FIRST:.*]] = arith.addi %[[NEXT]], %{{.*}}
// CHECK-NEXT: memref.prefetch %[[X]][%[[FIRST]], %[[K]]], read, locality<2>
// CHECK-COUNT-15: memref.prefetch %[[X]][%{{.*}}, %[[K]]], read, locality<2>
// CHECK-NEXT: vector.transfer_read {{.*}} vector<16x16xf32>
// CHECK: arith.subf {{.*}} : vector<16x16xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (16, 1024) step (1, 32)
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @variance_recomputed(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %empty_row = tensor.empty() : tensor<1024xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty_row : tensor<1024xf32>) -> tensor<1024xf32>
  %sums = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1024x1024xf32>) outs(%zeros : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %acc, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1024xf32>
  %empty = tensor.empty() : tensor<1024x1024xf32>
  %centered = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%x, %sums : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%empty : tensor<1024x1024xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %0 = arith.subf %in, %sum : f32
    linalg.yield %0 : f32
  } -> tensor<1024x1024xf32>
  %squares = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%centered : tensor<1024x1024xf32>) outs(%zeros : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.mulf %in, %in : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1024xf32>
  %y = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%centered, %squares : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%empty : tensor<1024x1024xf32>) {
  ^bb0(%in: f32, %scale: f32, %out: f32):
    %0 = arith.mulf %in, %scale : f32
    linalg.yield %0 : f32
  } -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

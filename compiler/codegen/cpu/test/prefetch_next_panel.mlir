// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize),canonicalize)' --split-input-file %s | FileCheck %s

// While the register tiles of a matmul block run over one copied panel of
// B, each brings a few rows of the panel the next copy reads into L2
// (locality 2): the next 64 columns of the block, or after its last
// column, its first column in the next k block (k + 128), clamped inside
// B. 256 rows of 4-row tiles share the 128 rows of a panel: 2 rows each,
// one prefetch per cache line (4 for 64 f32). While a panel stays in L1
// (up to 128 rows), the tile's k loop issues them, a row per iteration;
// deeper panels get them all at the start of the tile (last test).

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<512x256xf32>
// CHECK: %[[VIEW:.*]] = bufferization.to_buffer %[[B]] read_only
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %c128
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: %[[COLUMN:.*]] = arith.muli %[[J]], %c64
// The copy of this panel.
// CHECK: scf.for
// CHECK: memref.prefetch {{.*}} locality<3>
// The row tiles.
// CHECK: scf.for %[[I:.*]] = %c0 to %c256 step %c4
// CHECK-NEXT: %[[TILE:.*]] = arith.divui %[[I]], %c4
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[TILE]], %c2
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[COLUMN]], %c64
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi sge, %[[NEXT]], %c256
// CHECK-NEXT: %[[NEXTCOL:.*]] = arith.select %[[LAST]], %c0, %[[NEXT]]
// CHECK-NEXT: %[[SHIFT:.*]] = arith.select %[[LAST]], %c128, %c0
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[SHIFT]]
// CHECK-NOT: locality<2>
// The panel (128 rows) stays in L1: the tile's k loop prefetches one of
// the tile's 2 rows in each of its first 2 iterations.
// CHECK: scf.for %[[KK:.*]] = %c0 to %c128 step %c4 iter_args
// CHECK-NEXT: %[[ITER:.*]] = arith.divui %[[KK]], %c4
// CHECK-NEXT: %[[EARLY:.*]] = arith.cmpi ult, %[[ITER]], %c2
// CHECK-NEXT: scf.if %[[EARLY]] {
// CHECK-NEXT: %[[PICK:.*]] = arith.addi %[[ROW]], %[[ITER]]
// CHECK-NEXT: %[[INB:.*]] = arith.addi %[[PICK]], %[[K]]
// CHECK-NEXT: %[[COL:.*]] = arith.minsi %[[NEXTCOL]], %c192
// CHECK-NEXT: %[[ROW0:.*]] = arith.minsi %[[INB]], %c511
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[COL]]], read, locality<2>, data
// CHECK-NEXT: %[[C16:.*]] = arith.addi %[[COL]], %c16
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[C16]]], read, locality<2>, data
// CHECK-NEXT: %[[C32:.*]] = arith.addi %[[COL]], %c32
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[C32]]], read, locality<2>, data
// CHECK-NEXT: %[[C48:.*]] = arith.addi %[[COL]], %c48
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[C48]]], read, locality<2>, data
// CHECK-NEXT: }
// CHECK-NOT: locality<2>
// CHECK: return
func.func @matmul(%a: tensor<1024x512xf32>, %b: tensor<512x256xf32>, %c: tensor<1024x256xf32>) -> tensor<1024x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1024x512xf32>, tensor<512x256xf32>) outs(%c : tensor<1024x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<1024x256xf32>
  return %0 : tensor<1024x256xf32>
}

// -----

// bf16 operands are widened as their panels are copied: a row of 64 bf16
// is two cache lines. Blocks of C here are 128 rows high (256 would leave
// fewer than 4) and k blocks 128 deep (bf16): 32 tiles of 4 rows share a
// panel's 128 rows, 4 rows each, one a k iteration (2 lines a row).

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_bf16
// CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<2048x256xbf16>
// CHECK: %[[VIEW:.*]] = bufferization.to_buffer %[[B]] read_only
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4
// CHECK-NOT: locality<2>
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4 iter_args
// CHECK: arith.cmpi ult, %{{.*}}, %c4
// CHECK-NEXT: scf.if
// CHECK-COUNT-2: memref.prefetch %[[VIEW]]{{.*}}, read, locality<2>, data
// CHECK-NOT: locality<2>
// CHECK: return
func.func @matmul_bf16(%a: tensor<256x2048xbf16>, %b: tensor<2048x256xbf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x2048xbf16>, tensor<2048x256xbf16>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %1 = math.fma %xf, %yf, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// f32 from k = 2048 on: 512-deep panels, which the k loop reads from L2.
// The prefetches all go at the start of each row tile: 128-row blocks
// (256 would leave fewer than 4), 32 tiles over 512 rows, at most 8 rows
// each, 4 lines a row.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @deep_matmul
// CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<2048x256xf32>
// CHECK: %[[VIEW:.*]] = bufferization.to_buffer %[[B]] read_only
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4
// CHECK-COUNT-32: memref.prefetch %[[VIEW]]{{.*}}, read, locality<2>, data
// CHECK-NOT: locality<2>
// CHECK: scf.for %{{.*}} = %c0 to %c512 step %c4 iter_args
// CHECK-NOT: locality<2>
// CHECK: return
func.func @deep_matmul(%a: tensor<256x2048xf32>, %b: tensor<2048x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x2048xf32>, tensor<2048x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// A transposed B (n x k, as a dot_general contracting B's last dimension
// has it, and PyTorch's linear layers) is copied by 16 x 16 blocks: each
// copy reads the 64 rows of B of its panel, 128 elements (8 lines) of
// each, 64 streams. Each of the 64 row tiles over the previous panel
// brings one of those rows into L2, in two pieces of 4 lines, one in each
// of its k loop's first two iterations: the rows 64 further on in B, or
// after the block's last panel, its first rows in the next k block (k +
// 128), clamped inside B.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed_b
// CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<256x512xf32>
// CHECK: %[[VIEW:.*]] = bufferization.to_buffer %[[B]] read_only
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %c128
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: %[[COLUMN:.*]] = arith.muli %[[J]], %c64
// The copy of this panel, by 16 x 16 blocks, prefetches nothing.
// CHECK: vector.transfer_read {{.*}} vector<16x16xf32>
// CHECK-NOT: memref.prefetch
// CHECK: scf.for %[[I:.*]] = %c0 to %c256 step %c4
// CHECK-NEXT: %[[TILE:.*]] = arith.divui %[[I]], %c4
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[COLUMN]], %c64
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi sge, %[[NEXT]], %c256
// CHECK-NEXT: %[[NEXTROWS:.*]] = arith.select %[[LAST]], %c0, %[[NEXT]]
// CHECK-NEXT: %[[SHIFT:.*]] = arith.select %[[LAST]], %c128, %c0
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[TILE]], %[[NEXTROWS]]
// CHECK-NOT: locality<2>
// CHECK: scf.for %[[KK:.*]] = %c0 to %c128 step %c4 iter_args
// CHECK-NEXT: %[[ITER:.*]] = arith.divui %[[KK]], %c4
// CHECK-NEXT: %[[EARLY:.*]] = arith.cmpi ult, %[[ITER]], %c2
// CHECK-NEXT: scf.if %[[EARLY]] {
// CHECK-NEXT: %[[UNIT:.*]] = arith.divui %[[ITER]], %c2
// CHECK-NEXT: %[[PICK:.*]] = arith.addi %[[ROW]], %[[UNIT]]
// CHECK-NEXT: %[[PIECE:.*]] = arith.remui %[[ITER]], %c2
// CHECK-NEXT: %[[OFFSET:.*]] = arith.muli %[[PIECE]], %c64
// CHECK-NEXT: %[[INBLOCK:.*]] = arith.addi %[[SHIFT]], %[[OFFSET]]
// CHECK-NEXT: %[[INB:.*]] = arith.addi %[[INBLOCK]], %[[K]]
// CHECK-NEXT: %[[COL:.*]] = arith.minsi %[[INB]], %c448
// CHECK-NEXT: %[[ROW0:.*]] = arith.minsi %[[PICK]], %c255
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[COL]]], read, locality<2>, data
// CHECK-NEXT: %[[C16:.*]] = arith.addi %[[COL]], %c16
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[C16]]], read, locality<2>, data
// CHECK-NEXT: %[[C32:.*]] = arith.addi %[[COL]], %c32
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[C32]]], read, locality<2>, data
// CHECK-NEXT: %[[C48:.*]] = arith.addi %[[COL]], %c48
// CHECK-NEXT: memref.prefetch %[[VIEW]][%[[ROW0]], %[[C48]]], read, locality<2>, data
// CHECK-NEXT: }
// CHECK-NOT: locality<2>
// CHECK: return
func.func @transposed_b(%a: tensor<1024x512xf32>, %b: tensor<256x512xf32>, %c: tensor<1024x256xf32>) -> tensor<1024x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1024x512xf32>, tensor<256x512xf32>) outs(%c : tensor<1024x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<1024x256xf32>
  return %0 : tensor<1024x256xf32>
}

// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s

// A float matmul (the lowering's generic form, acc = fma(a, b, acc)): its
// parallel cache tiles (256 x 256 blocks of C, 4 of them; with fewer than
// 4 such blocks the blocks are 128 rows high) form one scf.forall (shared
// by the kernel threads), k is tiled for the cache (128: a 128 x 64 panel
// of B fits in L1; k >= 2048: 512, next test), each 64-column panel of a block of B is copied into a
// contiguous one right before the row tiles use it, and each 4 x 64
// register tile keeps C in a vector iter_arg while k runs innermost, four
// k steps per iteration: a broadcast element of A times a row of the panel
// added to each row with one fused multiply-add, so every sum keeps the
// scalar code's rounding. Column tiles go outermost, so a panel serves all
// 64 row tiles from L1.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul
// CHECK: scf.forall (%{{.*}}) = (0) to (1024) step (256)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128
// CHECK: scf.for %[[COL:.*]] = %c0 to %c4 step %c1
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<128x64xf32>
// CHECK: %[[PANEL:.*]] = scf.for %{{.*}} = %c0 to %c128 step %c1 iter_args(%{{.*}} = %[[EMPTY]])
// CHECK: %[[ROW:.*]] = vector.transfer_read {{.*}} : tensor<128x256xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[ROW]], {{.*}} : vector<64xf32>, tensor<128x64xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c4
// CHECK: %[[TILE:.*]] = vector.transfer_read {{.*}} : tensor<256x256xf32>, vector<4x64xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4 iter_args(%[[ACC:.*]] = %[[TILE]]) -> (vector<4x64xf32>)
// CHECK: %[[B:.*]] = vector.transfer_read %[[PANEL]]{{.*}} : tensor<128x64xf32>, vector<64xf32>
// CHECK: %[[A:.*]] = vector.broadcast %{{.*}} : f32 to vector<64xf32>
// CHECK: %[[C:.*]] = vector.extract %[[ACC]][0] : vector<64xf32> from vector<4x64xf32>
// CHECK: math.fma %[[A]], %[[B]], %[[C]] : vector<64xf32>
// CHECK-COUNT-15: math.fma
// CHECK-NOT: math.fma
// CHECK-NOT: arith.mulf
// CHECK: vector.transfer_write {{.*}} : vector<4x64xf32>, tensor<256x256xf32>
func.func @matmul(%a: tensor<1024x512xf32>, %b: tensor<512x256xf32>, %c: tensor<1024x256xf32>) -> tensor<1024x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1024x512xf32>, tensor<512x256xf32>) outs(%c : tensor<1024x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<1024x256xf32>
  return %0 : tensor<1024x256xf32>
}

// -----

// Where 256 x 256 blocks would leave fewer than 4 for the threads, the
// blocks are 128 columns wide if that leaves 4 of 256 rows (each copied
// panel of B then serves all 64 row tiles), else 128 rows high.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @wide_short_matmul
// CHECK: scf.forall (%{{.*}}) = (0) to (768) step (128)
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c4
// CHECK-LABEL: func.func @square_short_matmul
// CHECK: scf.forall (%{{.*}}) = (0) to (256) step (128)
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4
func.func @wide_short_matmul(%a: tensor<256x768xf32>, %b: tensor<768x768xf32>, %c: tensor<256x768xf32>) -> tensor<256x768xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x768xf32>, tensor<768x768xf32>) outs(%c : tensor<256x768xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x768xf32>
  return %0 : tensor<256x768xf32>
}
func.func @square_short_matmul(%a: tensor<256x768xf32>, %b: tensor<768x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x768xf32>, tensor<768x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// From k = 2048 on, k blocks are 512 deep: each k block reads and writes
// every tile of C once more, which then costs more than reading the
// 512 x 64 panel from L2. Not for bf16 inputs, whose block of A is widened
// into an mc x kc copy: their k blocks stay 128 deep.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @deep_matmul
// CHECK: scf.forall
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c512
// CHECK: tensor.empty() : tensor<512x64xf32>
// CHECK-LABEL: func.func @shallow_matmul
// CHECK: scf.forall
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128
// CHECK: tensor.empty() : tensor<128x64xf32>
// CHECK-LABEL: func.func @deep_matmul_bf16
// CHECK: scf.forall
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128
// CHECK-NOT: tensor<512x64xf32>
// CHECK: return
func.func @deep_matmul(%a: tensor<256x2048xf32>, %b: tensor<2048x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x2048xf32>, tensor<2048x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
func.func @shallow_matmul(%a: tensor<256x1024xf32>, %b: tensor<1024x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x1024xf32>, tensor<1024x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
func.func @deep_matmul_bf16(%a: tensor<256x2048xbf16>, %b: tensor<2048x256xbf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
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

// Register tiles are 1, 2 or 4 zmm registers wide, never 3: 96 columns
// take 8 x 32 tiles (a 48-lane row would be widened to 64 lanes by LLVM
// and assembled lane by lane), 48 columns 16 x 16 tiles.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_96_columns
// CHECK-NOT: vector<{{[0-9x]*}}48xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<8x32xf32>)
// CHECK-NOT: vector<{{[0-9x]*}}48xf32>
// CHECK-LABEL: func.func @matmul_48_columns
// CHECK-NOT: vector<{{[0-9x]*}}48xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<16x16xf32>)
// CHECK-NOT: vector<{{[0-9x]*}}48xf32>
// CHECK: return
func.func @matmul_96_columns(%a: tensor<64x128xf32>, %b: tensor<128x96xf32>, %c: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<64x128xf32>, tensor<128x96xf32>) outs(%c : tensor<64x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<64x96xf32>
  return %0 : tensor<64x96xf32>
}
func.func @matmul_48_columns(%a: tensor<64x128xf32>, %b: tensor<128x48xf32>, %c: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<64x128xf32>, tensor<128x48xf32>) outs(%c : tensor<64x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}

// -----

// A matmul whose columns no zmm register divides is split into whole
// 64-column tiles and the rest (100 = 64 + 36), and one whose rows the
// register tile's rows do not divide into a multiple of them and the rest
// (197 = 196 + 1 with 4 x 64 tiles): each part a matmul of its own.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @split_columns
// CHECK: -> (vector<4x64xf32>)
// CHECK: tensor.insert_slice {{.*}} [64, 64] [1, 1] : tensor<64x64xf32> into tensor<64x100xf32>
// CHECK: tensor.insert_slice {{.*}} [64, 36] [1, 1] : tensor<64x36xf32> into tensor<64x100xf32>
// CHECK-LABEL: func.func @split_rows
// CHECK: -> (vector<4x64xf32>)
// CHECK: tensor.insert_slice {{.*}} [196, 64] [1, 1] : tensor<196x64xf32> into tensor<197x64xf32>
// CHECK: -> (vector<1x64xf32>)
// CHECK: tensor.insert_slice {{.*}} [1, 64] [1, 1] : tensor<1x64xf32> into tensor<197x64xf32>
func.func @split_columns(%a: tensor<64x128xf32>, %b: tensor<128x100xf32>, %c: tensor<64x100xf32>) -> tensor<64x100xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<64x128xf32>, tensor<128x100xf32>) outs(%c : tensor<64x100xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<64x100xf32>
  return %0 : tensor<64x100xf32>
}
func.func @split_rows(%a: tensor<197x128xf32>, %b: tensor<128x64xf32>, %c: tensor<197x64xf32>) -> tensor<197x64xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<197x128xf32>, tensor<128x64xf32>) outs(%c : tensor<197x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<197x64xf32>
  return %0 : tensor<197x64xf32>
}

// -----

// A named linalg.matmul (whose body is a multiply and a separate add) is
// not the lowering's form: it keeps the scalar code.

// CHECK-LABEL: func.func @named_matmul
// CHECK: linalg.matmul
// CHECK-NOT: scf.forall
func.func @named_matmul(%a: tensor<128x512xf32>, %b: tensor<512x256xf32>, %c: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<128x512xf32>, tensor<512x256xf32>) outs(%c : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %0 : tensor<128x256xf32>
}

// -----

// Elementwise chains fuse into one op, vectorized along the innermost
// dimension in parallel tiles.

#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @exp_of_sum
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (8, 128) step (1, 32)
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} vector<32xf32>
// CHECK: %[[Y:.*]] = vector.transfer_read {{.*}} vector<32xf32>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : vector<32xf32>
// CHECK: math.exp %[[S]] : vector<32xf32>
// CHECK-NOT: linalg.generic
func.func @exp_of_sum(%x: tensor<8x128xf32>, %y: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %e = tensor.empty() : tensor<8x128xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<8x128xf32>, tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<8x128xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  } -> tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}

// -----

// Vectors are a power of two long where one of at least half a register
// divides the innermost size: 784 = 49 x 16 takes 16 lanes, not 28; 10
// (no such power) keeps its own length.

#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_784
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (8, 784) step (1, 16)
// CHECK: arith.addf %{{.*}} : vector<16xf32>
// CHECK-LABEL: func.func @add_10
// CHECK: arith.addf %{{.*}} : vector<10xf32>
func.func @add_784(%x: tensor<8x784xf32>, %y: tensor<8x784xf32>) -> tensor<8x784xf32> {
  %e = tensor.empty() : tensor<8x784xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<8x784xf32>, tensor<8x784xf32>) outs(%e : tensor<8x784xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<8x784xf32>
  return %s : tensor<8x784xf32>
}
func.func @add_10(%x: tensor<8x10xf32>, %y: tensor<8x10xf32>) -> tensor<8x10xf32> {
  %e = tensor.empty() : tensor<8x10xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<8x10xf32>, tensor<8x10xf32>) outs(%e : tensor<8x10xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<8x10xf32>
  return %s : tensor<8x10xf32>
}

// -----

// A 3 x 3 convolution over 64 features: the filter's slice for one column
// of register tiles (3 x 3 x 64 x 64 f32, 144 KiB) would not stay in L1,
// but one window position's part (16 KiB) and a row of sums (16 x 64,
// 4 KiB) do. So each row of output points is one scf.forall iteration, in
// it the window's rows and columns one position a step, then the row's
// 4 x 64 register tiles over the 64 input features.

#in = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh + kh, ow + kw, if)>
#k = affine_map<(n, oh, ow, of, kh, kw, if) -> (kh, kw, if, of)>
#o = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh, ow, of)>
// CHECK-LABEL: func.func @conv_by_window_position
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 4)
// CHECK-NEXT: tensor.extract_slice
// CHECK-NEXT: tensor.extract_slice
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c3 step %c1
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c3 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c4
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c1
// CHECK-COUNT-4: math.fma {{.*}} : vector<64xf32>
func.func @conv_by_window_position(%x: tensor<2x6x18x64xf32>, %w: tensor<3x3x64x64xf32>, %c: tensor<2x4x16x64xf32>) -> tensor<2x4x16x64xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x6x18x64xf32>, tensor<3x3x64x64xf32>) outs(%c : tensor<2x4x16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %1 = math.fma %a, %b, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<2x4x16x64xf32>
  return %0 : tensor<2x4x16x64xf32>
}

// -----

// A convolution (NHWC x HWIO, stride 2 in columns) gets the same register
// tile: 8 output columns (m; 8 rows, since 32 features are 2 vectors) by
// 32 output features (n) in one scf.forall step, the window rows, columns and input features as loops of step 1
// inside in their order, and row i of the tile reading the input at column
// 2 * i of its slice. The filter, an argument read 2 x 6 x 8 times, is
// first copied (by vectors) into a buffer of the function's own, which is
// 64-byte aligned.

#in = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh + kh, ow * 2 + kw, if)>
#k = affine_map<(n, oh, ow, of, kh, kw, if) -> (kh, kw, if, of)>
#o = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh, ow, of)>
// CHECK-LABEL: func.func @conv
// CHECK-SAME: %[[W:[a-z0-9]+]]: tensor<3x3x3x32xf32>
// CHECK: %[[COPY:.*]] = scf.forall ({{.*}}) = (0, 0, 0, 0) to (3, 3, 3, 32) step (1, 1, 1, 32)
// CHECK: tensor.extract_slice %[[W]]
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = (0, 0, 0, 0) to (2, 6, 8, 32) step (1, 1, 8, 32)
// CHECK: tensor.extract_slice %[[COPY]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1
// CHECK: %[[B:.*]] = vector.transfer_read {{.*}} : tensor<1x1x1x32xf32>, vector<32xf32>
// CHECK: tensor.extract %{{.*}}[%c0, %c0, %c0, %c0] : tensor<1x1x15x1xf32>
// CHECK: math.fma %{{.*}}, %[[B]], %{{.*}} : vector<32xf32>
// CHECK: tensor.extract %{{.*}}[%c0, %c0, %c2, %c0] : tensor<1x1x15x1xf32>
// CHECK: math.fma %{{.*}}, %[[B]], %{{.*}} : vector<32xf32>
// CHECK: tensor.extract %{{.*}}[%c0, %c0, %c4, %c0] : tensor<1x1x15x1xf32>
// CHECK: tensor.extract %{{.*}}[%c0, %c0, %c14, %c0] : tensor<1x1x15x1xf32>
// CHECK: vector.transfer_write {{.*}} : vector<8x32xf32>, tensor<1x1x8x32xf32>
func.func @conv(%x: tensor<2x8x17x3xf32>, %w: tensor<3x3x3x32xf32>, %c: tensor<2x6x8x32xf32>) -> tensor<2x6x8x32xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x8x17x3xf32>, tensor<3x3x3x32xf32>) outs(%c : tensor<2x6x8x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %1 = math.fma %a, %b, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<2x6x8x32xf32>
  return %0 : tensor<2x6x8x32xf32>
}

// -----

// 7 output columns (a 3 x 3 convolution over 7 x 7 images, 64 features:
// 4 x 64 tiles) split into 4 and 3 columns, each part with tiles of its
// own, instead of tiles of one column throughout.

#in7 = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh + kh, ow + kw, if)>
#k7 = affine_map<(n, oh, ow, of, kh, kw, if) -> (kh, kw, if, of)>
#o7 = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh, ow, of)>
// CHECK-LABEL: func.func @conv_7_columns
// CHECK: vector.transfer_write {{.*}} : vector<4x64xf32>, tensor<1x1x4x64xf32>
// CHECK: tensor.insert_slice {{.*}} [1, 7, 4, 64] [1, 1, 1, 1] : tensor<1x7x4x64xf32> into tensor<1x7x7x64xf32>
// CHECK: vector.transfer_write {{.*}} : vector<3x64xf32>, tensor<1x1x3x64xf32>
// CHECK: tensor.insert_slice {{.*}} [1, 7, 3, 64] [1, 1, 1, 1] : tensor<1x7x3x64xf32> into tensor<1x7x7x64xf32>
func.func @conv_7_columns(%x: tensor<1x9x9x16xf32>, %w: tensor<3x3x16x64xf32>, %c: tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32> {
  %0 = linalg.generic {indexing_maps = [#in7, #k7, #o7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x9x9x16xf32>, tensor<3x3x16x64xf32>) outs(%c : tensor<1x7x7x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %1 = math.fma %a, %b, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<1x7x7x64xf32>
  return %0 : tensor<1x7x7x64xf32>
}

// -----

// No copy of the filter where it is read too few times to pay for one
// (4 output points), where the function computes it (its buffer is
// already axle's own) or where it is a constant (an aligned global).

#in = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh + kh, ow + kw, if)>
#k = affine_map<(n, oh, ow, of, kh, kw, if) -> (kh, kw, if, of)>
#o = affine_map<(n, oh, ow, of, kh, kw, if) -> (n, oh, ow, of)>
#id = affine_map<(a, b, c, d) -> (a, b, c, d)>
// CHECK-LABEL: func.func @conv_filter_read_rarely
// CHECK-SAME: %[[W:[a-z0-9]+]]: tensor<3x3x3x32xf32>
// CHECK-NOT: to (3, 3, 3, 32)
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = (0, 0, 0, 0) to (1, 1, 4, 32) step (1, 1, 4, 32)
// CHECK: tensor.extract_slice %[[W]]
func.func @conv_filter_read_rarely(%x: tensor<1x3x6x3xf32>, %w: tensor<3x3x3x32xf32>, %c: tensor<1x1x4x32xf32>) -> tensor<1x1x4x32xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x3x6x3xf32>, tensor<3x3x3x32xf32>) outs(%c : tensor<1x1x4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %1 = math.fma %a, %b, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<1x1x4x32xf32>
  return %0 : tensor<1x1x4x32xf32>
}

// CHECK-LABEL: func.func @conv_filter_constant
// CHECK-NOT: to (3, 3, 3, 32)
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = (0, 0, 0, 0) to (2, 6, 8, 32) step (1, 1, 8, 32)
func.func @conv_filter_constant(%x: tensor<2x8x10x3xf32>, %c: tensor<2x6x8x32xf32>) -> tensor<2x6x8x32xf32> {
  %w = arith.constant dense<0.5> : tensor<3x3x3x32xf32>
  %0 = linalg.generic {indexing_maps = [#in, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x8x10x3xf32>, tensor<3x3x3x32xf32>) outs(%c : tensor<2x6x8x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %1 = math.fma %a, %b, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<2x6x8x32xf32>
  return %0 : tensor<2x6x8x32xf32>
}

// CHECK-LABEL: func.func @conv_filter_computed
// CHECK: %[[NEG:.*]] = scf.forall ({{.*}}) = (0, 0, 0, 0) to (3, 3, 3, 32) step (1, 1, 1, 32)
// CHECK: arith.negf
// CHECK-NOT: to (3, 3, 3, 32)
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = (0, 0, 0, 0) to (2, 6, 8, 32) step (1, 1, 8, 32)
// CHECK: tensor.extract_slice %[[NEG]]
func.func @conv_filter_computed(%x: tensor<2x8x10x3xf32>, %w: tensor<3x3x3x32xf32>, %c: tensor<2x6x8x32xf32>) -> tensor<2x6x8x32xf32> {
  %e = tensor.empty() : tensor<3x3x3x32xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%w : tensor<3x3x3x32xf32>) outs(%e : tensor<3x3x3x32xf32>) {
  ^bb0(%a: f32, %out: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<3x3x3x32xf32>
  %0 = linalg.generic {indexing_maps = [#in, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %neg : tensor<2x8x10x3xf32>, tensor<3x3x3x32xf32>) outs(%c : tensor<2x6x8x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %1 = math.fma %a, %b, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<2x6x8x32xf32>
  return %0 : tensor<2x6x8x32xf32>
}

// -----

// bf16 operands accumulating in f32 (exact products): A's block and each
// panel of B are widened by extf while they are copied, and the register
// tile is the f32 one.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_bf16
// CHECK: tensor.empty() : tensor<8x32xf32>
// CHECK: %[[AROW:.*]] = vector.transfer_read {{.*}} : tensor<8x32xbf16>, vector<32xbf16>
// CHECK: arith.extf %[[AROW]] : vector<32xbf16> to vector<32xf32>
// CHECK: tensor.empty() : tensor<32x64xf32>
// CHECK: %[[BROW:.*]] = vector.transfer_read {{.*}} : tensor<32x64xbf16>, vector<64xbf16>
// CHECK: arith.extf %[[BROW]] : vector<64xbf16> to vector<64xf32>
// CHECK: %[[B:.*]] = vector.transfer_read {{.*}} : tensor<32x64xf32>, vector<64xf32>
// CHECK: %[[A:.*]] = tensor.extract {{.*}} : tensor<8x32xf32>
// CHECK: %[[AV:.*]] = vector.broadcast %[[A]] : f32 to vector<64xf32>
// CHECK: math.fma %[[AV]], %[[B]], %{{.*}} : vector<64xf32>
func.func @matmul_bf16(%a: tensor<8x32xbf16>, %b: tensor<32x64xbf16>, %c: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x32xbf16>, tensor<32x64xbf16>) outs(%c : tensor<8x64xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %ex = arith.extf %x : bf16 to f32
    %ey = arith.extf %y : bf16 to f32
    %1 = math.fma %ex, %ey, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}

// -----

// A row reduction whose k (100) and rows (40) 16 does not divide: k splits
// at 96, the first part's rows at 32; the vectorized part runs in 16 x 16
// blocks, its last 8 rows as one 8 x 16 block per step of k, reduced as the
// first rows of a 16 x 16 block (each row still in its own lane, in
// order), and the k rest as scalar loops, continuing from the first part's
// sums.

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_sum_split
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [40, 96] [1, 1]
// CHECK: scf.forall (%{{.*}}) = (0) to (32) step (16)
// CHECK: vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: tensor.insert_slice {{.*}} [32] [1] : tensor<32xf32> into tensor<40xf32>
// CHECK: scf.forall (%{{.*}}) = (0) to (8) step (8)
// CHECK: vector.transfer_read {{.*}} : tensor<8x16xf32>, vector<8x16xf32>
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [0, 0], strides = [1, 1]} : vector<8x16xf32> into vector<16x16xf32>
// CHECK-COUNT-64: vector.shuffle
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
// CHECK: tensor.insert_slice {{.*}} [8] [1] : tensor<8xf32> into tensor<40xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 96] [40, 4] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<40x4xf32>)
func.func @row_sum_split(%x: tensor<40x100xf32>, %init: tensor<40xf32>) -> tensor<40xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<40x100xf32>) outs(%init : tensor<40xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %1 = arith.addf %acc, %a : f32
    linalg.yield %1 : f32
  } -> tensor<40xf32>
  return %0 : tensor<40xf32>
}

// -----

// A row reduction (sum along the innermost dimension): 16 rows per
// scf.forall step, k in steps of 16, each 16 x 16 block transposed by
// shuffles and added to the rows' sums one k at a time, so every row keeps
// the scalar order.

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_sum
// CHECK: scf.forall (%{{.*}}) = (0) to (64) step (16)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16
// CHECK: vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: vector.shuffle
// CHECK: %[[S0:.*]] = arith.addf %{{.*}}, %[[ACC]] : vector<16xf32>
// CHECK: %[[S1:.*]] = arith.addf %{{.*}}, %[[S0]] : vector<16xf32>
// CHECK-NOT: vector.reduction
// CHECK-NOT: vector.multi_reduction
func.func @row_sum(%x: tensor<64x128xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %1 = arith.addf %acc, %a : f32
    linalg.yield %1 : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A row maximum gives the same value in any order (NaN in, NaN out; -0
// below +0): the k loop keeps a 16 x 16 block of partial maxima in
// registers, combined elementwise with each block of x (no transpose, no
// dependent chain), and the block reduces into the rows' values once,
// after the loop.

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_max
// CHECK: %[[NEG_INF:.*]] = arith.constant dense<0xFF800000> : vector<16x16xf32>
// CHECK: scf.forall (%{{.*}}) = (0) to (64) step (16)
// CHECK: %[[PARTIAL:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16 iter_args(%[[P:.*]] = %[[NEG_INF]]) -> (vector<16x16xf32>)
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: %[[M:.*]] = arith.maximumf %[[X]], %[[P]] : vector<16x16xf32>
// CHECK-NOT: vector.shuffle
// CHECK: scf.yield %[[M]] : vector<16x16xf32>
// CHECK: %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: vector.shuffle
// CHECK: arith.maximumf %{{.*}}, %[[ACC]] : vector<16xf32>
func.func @row_max(%x: tensor<64x128xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %1 = arith.maximumf %acc, %a : f32
    linalg.yield %1 : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Integer sums wrap the same way in any order: partial sums in the loop
// too. A float sum and a float maximum of one input, computed by one op:
// the sum stays in order inside the loop (its tensor is the loop's), only
// the maximum is kept as partial results.

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_int_sum
// CHECK: scf.for %{{.*}} iter_args(%[[P:.*]] = %{{.*}}) -> (vector<16x16xi32>)
// CHECK: arith.addi %{{.*}}, %[[P]] : vector<16x16xi32>
func.func @row_int_sum(%x: tensor<64x128xi32>, %init: tensor<64xi32>) -> tensor<64xi32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xi32>) outs(%init : tensor<64xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %1 = arith.addi %acc, %a : i32
    linalg.yield %1 : i32
  } -> tensor<64xi32>
  return %0 : tensor<64xi32>
}

// CHECK-LABEL: func.func @row_sum_and_max
// CHECK: scf.for %{{.*}} iter_args(%[[SUM:.*]] = %{{.*}}, %[[P:.*]] = %{{.*}}) -> (tensor<16xf32>, vector<16x16xf32>)
// CHECK: vector.shuffle
// CHECK: arith.addf
// CHECK: arith.maximumf %{{.*}}, %[[P]] : vector<16x16xf32>
func.func @row_sum_and_max(%x: tensor<64x128xf32>, %s: tensor<64xf32>, %m: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %0:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xf32>) outs(%s, %m : tensor<64xf32>, tensor<64xf32>) {
  ^bb0(%a: f32, %sum: f32, %max: f32):
    %1 = arith.addf %sum, %a : f32
    %2 = arith.maximumf %max, %a : f32
    linalg.yield %1, %2 : f32, f32
  } -> (tensor<64xf32>, tensor<64xf32>)
  return %0#0, %0#1 : tensor<64xf32>, tensor<64xf32>
}

// -----

// A transpose of 32-bit elements: 16 x 16 blocks in one scf.forall, each
// read as 16 rows, transposed by shuffles, written as 16 rows.

// CHECK-LABEL: func.func @transpose
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (32, 64) step (16, 16)
// CHECK: vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: vector.shuffle
// CHECK: vector.transfer_write {{.*}} : vector<16x16xf32>, tensor<16x16xf32>
// CHECK-NOT: linalg.transpose
func.func @transpose(%x: tensor<64x32xf32>, %init: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %0 = linalg.transpose ins(%x : tensor<64x32xf32>) outs(%init : tensor<32x64xf32>) permutation = [1, 0]
  return %0 : tensor<32x64xf32>
}

// -----

// An input larger than twice L2 (2048 x 1024 f32, 8 MiB) comes from L3 or
// memory: the blocks go along its rows (the scf.forall's dimensions are
// the input's, the output's block at the swapped offsets), so the 16 rows
// each block reads are 16 sequential streams.

// CHECK-LABEL: func.func @transpose_large
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (2048, 1024) step (16, 16)
// CHECK: tensor.extract_slice %{{.*}}[%[[I]], %[[J]]] [16, 16] [1, 1] : tensor<2048x1024xf32> to tensor<16x16xf32>
// CHECK: tensor.extract_slice %{{.*}}[%[[J]], %[[I]]] [16, 16] [1, 1] : tensor<1024x2048xf32> to tensor<16x16xf32>
// CHECK: vector.shuffle
// CHECK-NOT: linalg.transpose
func.func @transpose_large(%x: tensor<2048x1024xf32>, %init: tensor<1024x2048xf32>) -> tensor<1024x2048xf32> {
  %0 = linalg.transpose ins(%x : tensor<2048x1024xf32>) outs(%init : tensor<1024x2048xf32>) permutation = [1, 0]
  return %0 : tensor<1024x2048xf32>
}

// -----

// Dimensions 16 does not divide (40 rows, 20 columns of the result): the
// whole 16 x 16 blocks first (32 x 16), then the rest of the columns
// (32 x 4, in blocks of 16 x 4); then the rest of the rows likewise
// (8 x 16 and 8 x 4), each part written into its slice of the result;
// nothing is left to element-by-element loops.

// CHECK-LABEL: func.func @transpose_rest
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (32, 16) step (16, 16)
// CHECK: vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: tensor.insert_slice {{.*}}[0, 0] [32, 16] [1, 1]
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (32, 4) step (16, 4)
// CHECK: vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x16xf32>
// CHECK: tensor.insert_slice {{.*}}[0, 16] [32, 4] [1, 1]
// CHECK: tensor.insert_slice {{.*}}[0, 0] [32, 20] [1, 1]
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (8, 16) step (8, 16)
// CHECK: vector.transfer_read {{.*}} : tensor<16x8xf32>, vector<16x8xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (8, 4) step (8, 4)
// CHECK: vector.transfer_read {{.*}} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK: tensor.insert_slice {{.*}}[32, 0] [8, 20] [1, 1]
// CHECK-NOT: linalg.transpose
func.func @transpose_rest(%x: tensor<20x40xf32>, %init: tensor<40x20xf32>) -> tensor<40x20xf32> {
  %0 = linalg.transpose ins(%x : tensor<20x40xf32>) outs(%init : tensor<40x20xf32>) permutation = [1, 0]
  return %0 : tensor<40x20xf32>
}

// -----

// (2, 0, 1) of 64 x 32 x 48: the input's dimensions 0 and 1 stay next to
// each other in the output, so the transpose is one of 2048 x 48 into
// 48 x 2048 (both collapsed, the result expanded back), by 16 x 16 blocks.

// CHECK-LABEL: func.func @transpose_merged
// CHECK: %[[IN:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<64x32x48xf32> into tensor<2048x48xf32>
// CHECK: %[[OUT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<48x64x32xf32> into tensor<48x2048xf32>
// CHECK: %[[T:.*]] = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (48, 2048) step (16, 16) shared_outs(%{{.*}} = %[[OUT]])
// CHECK: vector.transfer_read {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK: vector.shuffle
// CHECK: tensor.expand_shape %[[T]] {{\[}}[0], [1, 2]] output_shape [48, 64, 32] : tensor<48x2048xf32> into tensor<48x64x32xf32>
// CHECK-NOT: linalg.transpose
func.func @transpose_merged(%x: tensor<64x32x48xf32>, %init: tensor<48x64x32xf32>) -> tensor<48x64x32xf32> {
  %0 = linalg.transpose ins(%x : tensor<64x32x48xf32>) outs(%init : tensor<48x64x32xf32>) permutation = [2, 0, 1]
  return %0 : tensor<48x64x32xf32>
}

// -----

// NCHW to NHWC (0, 2, 3, 1) would merge into 32 x 48 to 48 x 32 per image,
// but the output's rows (32 channels) are shorter than the input's (6 x 8):
// not merged (the blocks would read too many long rows at once).

// CHECK-LABEL: func.func @transpose_not_merged
// CHECK-NOT: tensor.collapse_shape
// CHECK: return
func.func @transpose_not_merged(%x: tensor<2x32x6x8xf32>, %init: tensor<2x6x8x32xf32>) -> tensor<2x6x8x32xf32> {
  %0 = linalg.transpose ins(%x : tensor<2x32x6x8xf32>) outs(%init : tensor<2x6x8x32xf32>) permutation = [0, 2, 3, 1]
  return %0 : tensor<2x6x8x32xf32>
}

// -----

// C starts from a zero fill and k fits one block (no k loop): the register
// tiles start from zeros in registers; C is neither filled nor read.
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @single_k_block
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x64xf32>
// CHECK-NOT: linalg.fill
// CHECK-NOT: vector.transfer_read {{.*}} vector<4x64xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c4 iter_args(%{{.*}} = %[[ZEROS]]) -> (vector<4x64xf32>)
// CHECK: vector.transfer_write {{.*}} : vector<4x64xf32>, tensor<128x256xf32>
func.func @single_k_block(%a: tensor<128x64xf32>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x256xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x256xf32>) -> tensor<128x256xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<128x64xf32>, tensor<64x256xf32>) outs(%c : tensor<128x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<128x256xf32>
  return %0 : tensor<128x256xf32>
}

// -----

// A matmul with a transposed B (([b,] n, k), as the lowering leaves
// attention's K): each 128 x 64 panel is packed from 16 x 16 blocks of B,
// each read row by row (16 k values of one column of the panel), transposed
// by shuffles and written as 16 rows of the panel; the register tiles then
// run as for any matmul, in k order.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhst = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_transposed_b
// CHECK: scf.forall (%{{.*}}) = (0) to (256) step (128)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<128x64xf32>
// CHECK: %[[PANEL:.*]] = scf.for %[[K:.*]] = %c0 to %c128 step %c16 iter_args(%{{.*}} = %[[EMPTY]])
// CHECK: scf.for %[[C:.*]] = %c0 to %c64 step %c16
// CHECK: vector.transfer_read {{.*}} : tensor<128x128xf32>, vector<16x16xf32>
// CHECK: vector.shuffle
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%[[K]], %[[C]]] {{.*}} : vector<16x16xf32>, tensor<128x64xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4 iter_args(%{{.*}} = %{{.*}}) -> (vector<4x64xf32>)
// CHECK: vector.transfer_read %[[PANEL]]{{.*}} : tensor<128x64xf32>, vector<64xf32>
// CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<64xf32>
func.func @matmul_transposed_b(%a: tensor<256x512xf32>, %b: tensor<128x512xf32>, %c: tensor<256x128xf32>) -> tensor<256x128xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhst, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x512xf32>, tensor<128x512xf32>) outs(%c : tensor<256x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x128xf32>
  return %0 : tensor<256x128xf32>
}

// -----

// A fold down columns whose leading dimension is parallel ([chunks, rows,
// columns], column sums of a batch): the leading dimension becomes an
// scf.forall (the kernel threads take whole chunks), the rows an scf.for
// inside it. A row of 256 f32 partial results fits in 16 registers: the
// loop carries it as a vector (read from the chunk's results before the
// loop, written back after it), each step adding one row of the chunk.

#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @chunked_column_fold
// CHECK: scf.forall (%[[CHUNK:.*]]) in (16)
// CHECK: %[[START:.*]] = vector.transfer_read %{{.*}} : tensor<1x256xf32>, vector<256xf32>
// CHECK: %[[ROWS:.*]] = scf.for %{{.*}} = %c0 to %c4096 step %c1 iter_args(%[[PART:.*]] = %{{.*}}) -> (vector<1x256xf32>)
// CHECK-NOT: vector.transfer_write
// CHECK: %[[ROW:.*]] = vector.transfer_read %{{.*}} : tensor<1x1x256xf32>, vector<256xf32>
// CHECK: %[[OLD:.*]] = vector.extract %[[PART]][0]
// CHECK: arith.addf %[[OLD]], %[[ROW]] : vector<256xf32>
// CHECK: scf.yield
// CHECK: %[[LAST:.*]] = vector.extract %[[ROWS]][0]
// CHECK: vector.transfer_write %[[LAST]], %{{.*}} : vector<256xf32>, tensor<1x256xf32>
// CHECK: scf.forall.in_parallel
func.func @chunked_column_fold(%x: tensor<16x4096x256xf32>, %acc: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x : tensor<16x4096x256xf32>) outs(%acc : tensor<16x256xf32>) {
  ^bb0(%v: f32, %a: f32):
    %1 = arith.addf %a, %v : f32
    linalg.yield %1 : f32
  } -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// Column maxima of 512 x 128 (a reduction over rows, no parallel loop
// before it): the 128 maxima ride in registers through the row loop. A
// row of 1024 columns would need 64 registers: it stays in memory, two
// registers of it at a time.

#in2 = affine_map<(d0, d1) -> (d0, d1)>
#out2 = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @column_maxima
// CHECK: scf.for %{{.*}} = %c0 to %c512 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<128xf32>)
// CHECK: arith.maximumf %{{.*}} : vector<128xf32>
// CHECK-LABEL: func.func @wide_column_maxima
// CHECK: scf.for %{{.*}} = %c0 to %c512 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (tensor<1024xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %c1024 step %c32
// CHECK: arith.maximumf %{{.*}} : vector<32xf32>
func.func @column_maxima(%x: tensor<512x128xf32>, %acc: tensor<128xf32>) -> tensor<128xf32> {
  %0 = linalg.generic {indexing_maps = [#in2, #out2], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<512x128xf32>) outs(%acc : tensor<128xf32>) {
  ^bb0(%v: f32, %a: f32):
    %1 = arith.maximumf %a, %v : f32
    linalg.yield %1 : f32
  } -> tensor<128xf32>
  return %0 : tensor<128xf32>
}
func.func @wide_column_maxima(%x: tensor<512x1024xf32>, %acc: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = linalg.generic {indexing_maps = [#in2, #out2], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<512x1024xf32>) outs(%acc : tensor<1024xf32>) {
  ^bb0(%v: f32, %a: f32):
    %1 = arith.maximumf %a, %v : f32
    linalg.yield %1 : f32
  } -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}

// -----

// Column sums of 64 x 4096 f32: a row of results wider than a page (16
// KiB) goes in pieces of a page, 1024 columns, in an scf.forall; each
// piece runs down the rows, its partial results in memory, 32 lanes at a
// time.

#in3 = affine_map<(d0, d1) -> (d0, d1)>
#out3 = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @column_sums_in_pieces
// CHECK: scf.forall (%[[PIECE:.*]]) = (0) to (4096) step (1024)
// CHECK: tensor.extract_slice %{{.*}}[0, %[[PIECE]]] [64, 1024] [1, 1]
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c1024 step %c32
// CHECK: arith.addf %{{.*}} : vector<32xf32>
// CHECK: scf.forall.in_parallel
func.func @column_sums_in_pieces(%x: tensor<64x4096xf32>, %acc: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = linalg.generic {indexing_maps = [#in3, #out3], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<64x4096xf32>) outs(%acc : tensor<4096xf32>) {
  ^bb0(%v: f32, %a: f32):
    %1 = arith.addf %a, %v : f32
    linalg.yield %1 : f32
  } -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}

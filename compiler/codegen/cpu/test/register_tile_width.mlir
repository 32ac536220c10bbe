// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s --check-prefix=ZMM
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{vector-bits=512}))' --split-input-file %s | FileCheck %s --check-prefix=ZMM
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{vector-bits=256}))' --split-input-file %s | FileCheck %s --check-prefix=YMM

// The register tile of a matmul keeps 16 accumulators of 512 bits on
// AVX-512 (4 rows x 64 f32, 8 rows x 16 where a row is one zmm register
// wide) and 8 of 256 bits on AVX2, whose 16 ymm registers must also hold
// the row of B and the broadcast element of A (4 rows x 16 f32, 8 rows x 8).
// Its panels of B are as wide as its rows; columns that no whole register
// divides are split off where a tile row is full (a multiple of 64 columns
// on AVX-512, of 16 on AVX2).

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// ZMM-LABEL: func.func @square
// ZMM: tensor.empty() : tensor<128x64xf32>
// ZMM: vector<4x64xf32>
// ZMM-NOT: vector<4x16xf32>
// ZMM: return
// YMM-LABEL: func.func @square
// YMM: tensor.empty() : tensor<128x16xf32>
// YMM: vector<4x16xf32>
// YMM-NOT: vector<4x64xf32>
// YMM: return
func.func @square(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// One register of columns: 16 rows of zmm, 8 rows of ymm.
// ZMM-LABEL: func.func @narrow
// ZMM: vector<16x8xf32>
// ZMM: return
// YMM-LABEL: func.func @narrow
// YMM: vector<8x8xf32>
// YMM-NOT: vector<16x8xf32>
// YMM: return
func.func @narrow(%a: tensor<64x32xf32>, %b: tensor<32x8xf32>, %c: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<64x32xf32>, tensor<32x8xf32>) outs(%c : tensor<64x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// 100 columns: 64 + 36 (of which 32 + 4) on AVX-512; 96 + 4 on AVX2.
// ZMM-LABEL: func.func @split_columns
// ZMM: tensor.extract_slice %{{.*}}[0, 0] [8, 64] [1, 1]
// ZMM: tensor.extract_slice %{{.*}}[0, 64] [8, 36] [1, 1]
// ZMM: return
// YMM-LABEL: func.func @split_columns
// YMM: tensor.extract_slice %{{.*}}[0, 0] [8, 96] [1, 1]
// YMM: vector<4x16xf32>
// YMM: tensor.extract_slice %{{.*}}[0, 96] [8, 4] [1, 1]
// YMM: return
func.func @split_columns(%a: tensor<8x32xf32>, %b: tensor<32x100xf32>, %c: tensor<8x100xf32>) -> tensor<8x100xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x32xf32>, tensor<32x100xf32>) outs(%c : tensor<8x100xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<8x100xf32>
  return %0 : tensor<8x100xf32>
}

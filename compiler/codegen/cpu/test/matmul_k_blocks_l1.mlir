// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{l1-data-bytes=32768}))' --split-input-file %s | FileCheck %s --check-prefix=SMALL
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{l1-data-bytes=49152}))' --split-input-file %s | FileCheck %s --check-prefix=LARGE
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s --check-prefix=LARGE

// The depth of an f32 matmul's k blocks follows the target's L1 data
// cache: with 48 KiB or more (or unknown), 128-deep blocks whose 128 x 64
// panel of B (32 KiB) stays in L1; below that (Zen 4: 32 KiB), 512-deep
// blocks, which read and write C a quarter as often. bf16 inputs, widened
// into an mc x kc copy of A, keep 128 either way.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// SMALL-LABEL: func.func @matmul_f32
// SMALL: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c512
// SMALL: tensor.empty() : tensor<512x64xf32>
// SMALL-LABEL: func.func @matmul_bf16
// SMALL: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128
// SMALL-NOT: tensor<512x64xf32>
// SMALL: return
// LARGE-LABEL: func.func @matmul_f32
// LARGE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128
// LARGE: tensor.empty() : tensor<128x64xf32>
// LARGE-NOT: tensor<512x64xf32>
// LARGE-LABEL: func.func @matmul_bf16
// LARGE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128
// LARGE-NOT: tensor<512x64xf32>
// LARGE: return
func.func @matmul_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x1024xf32>, tensor<1024x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
func.func @matmul_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x256xbf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x1024xbf16>, tensor<1024x256xbf16>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %1 = math.fma %xf, %yf, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

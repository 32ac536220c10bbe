// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{bf16-pair-dot=true}))' --split-input-file %s | FileCheck %s
// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s --check-prefix=EXACT

// With bf16-pair-dot, a bf16 matmul into f32 keeps its inputs bf16: B's
// panels hold rows k and k + 1 interleaved (64 pairs x 128 bf16 for a
// 128-deep k block), the k loop runs over pairs, and each row of the 4 x 64
// register tile takes one broadcast 32-bit pair of A and 4 vdpbf16ps.
// Blocks of C are 512 rows high where that leaves 4 blocks (1024 x 1024).
// Without the option, both operands are widened to f32 copies instead.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_bf16
// CHECK: scf.forall ({{.*}}) = (0, 0) to (1024, 1024) step (512, 256)
// CHECK: tensor.empty() : tensor<64x128xbf16>
// CHECK: vector.interleave {{.*}} : vector<64xbf16> -> vector<128xbf16>
// CHECK: vector.bitcast {{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: vector.broadcast {{.*}} : i32 to vector<16xi32>
// CHECK-COUNT-4: x86vector.avx512.dot {{.*}} : vector<32xbf16> -> vector<16xf32>
// CHECK-NOT: arith.extf
// CHECK: return
// EXACT-LABEL: func.func @matmul_bf16
// EXACT-NOT: x86vector
// EXACT: tensor.empty() : tensor<128x64xf32>
// EXACT: arith.extf
// EXACT-NOT: x86vector
// EXACT: return
func.func @matmul_bf16(%a: tensor<1024x1024xbf16>, %b: tensor<1024x1024xbf16>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1024x1024xbf16>, tensor<1024x1024xbf16>) outs(%c : tensor<1024x1024xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %1 = math.fma %xf, %yf, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// Where it must not apply: f32 inputs, f16 inputs, and a transposed B
// (n x k, packed by 16 x 16 blocks transposed in registers) keep fused
// multiply-adds in k order.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#rhsT = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_f32
// CHECK-NOT: x86vector
// CHECK: math.fma
// CHECK-LABEL: func.func @matmul_f16
// CHECK-NOT: x86vector
// CHECK: math.fma
// CHECK-LABEL: func.func @matmul_bf16_transposed_b
// CHECK-NOT: x86vector
// CHECK: math.fma
// CHECK-NOT: x86vector
// CHECK: return
func.func @matmul_f32(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = math.fma %x, %y, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
func.func @matmul_f16(%a: tensor<256x256xf16>, %b: tensor<256x256xf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x256xf16>, tensor<256x256xf16>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %1 = math.fma %xf, %yf, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
func.func @matmul_bf16_transposed_b(%a: tensor<256x256xbf16>, %b: tensor<256x256xbf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhsT, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x256xbf16>, tensor<256x256xbf16>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %1 = math.fma %xf, %yf, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

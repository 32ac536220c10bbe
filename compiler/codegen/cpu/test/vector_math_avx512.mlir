// RUN: axle-opt --axle-approximate-math=avx512=true %s | FileCheck %s
// RUN: axle-opt --axle-approximate-math %s | FileCheck %s --check-prefix=NO512

// For AVX-512 targets, exp scales (1 + r P(r)) by 2^n with vscalefps, by
// 16 lanes, taking n as the float it is: the same bits as the two
// multiplies by powers of two used elsewhere (both round once), in one
// instruction instead of eight. Scalars and vectors that are not whole
// registers keep the multiplies.

// CHECK-LABEL: func.func @exp_scaling(
// CHECK: %[[N16:.*]] = math.roundeven %{{.*}} : vector<16xf32>
// CHECK-NOT: arith.fptosi
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%{{.*}}, %[[N16]], %{{.*}}, %{{.*}}, %{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>, i16, i32) -> vector<16xf32>
// Two registers: two halves, scaled and put back together.
// CHECK: %[[N32:.*]] = math.roundeven %{{.*}} : vector<32xf32>
// CHECK-NOT: arith.fptosi
// CHECK: %[[LOW:.*]] = vector.extract_strided_slice %[[E32:.*]] {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: %[[NLOW:.*]] = vector.extract_strided_slice %[[N32]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[SLOW:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%[[LOW]], %[[NLOW]], %{{.*}},
// CHECK: %[[PART:.*]] = vector.insert_strided_slice %[[SLOW]], %{{.*}} {offsets = [0], strides = [1]}
// CHECK: %[[HIGH:.*]] = vector.extract_strided_slice %[[E32]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[NHIGH:.*]] = vector.extract_strided_slice %[[N32]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[SHIGH:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%[[HIGH]], %[[NHIGH]], %{{.*}},
// CHECK: vector.insert_strided_slice %[[SHIGH]], %[[PART]] {offsets = [16], strides = [1]}
// Half a register and a scalar: powers of two from exponent bits.
// CHECK: arith.fptosi %{{.*}} : vector<8xf32> to vector<8xi32>
// CHECK: arith.shli %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.shli %{{.*}}, %{{.*}} : i32
// expm1 builds its power of two from bits anyway.
// CHECK: arith.fptosi %{{.*}} : vector<16xf32> to vector<16xi32>
// CHECK-NOT: llvm.call_intrinsic
// CHECK: return

// NO512-LABEL: func.func @exp_scaling(
// NO512-NOT: llvm.call_intrinsic
// NO512: arith.fptosi %{{.*}} : vector<16xf32> to vector<16xi32>
// NO512: arith.fptosi %{{.*}} : vector<32xf32> to vector<32xi32>
// NO512-NOT: llvm.call_intrinsic
// NO512: return
func.func @exp_scaling(%a: vector<16xf32>, %b: vector<32xf32>,
                       %c: vector<8xf32>, %d: f32)
    -> (vector<16xf32>, vector<32xf32>, vector<8xf32>, f32, vector<16xf32>) {
  %0 = math.exp %a : vector<16xf32>
  %1 = math.exp %b : vector<32xf32>
  %2 = math.exp %c : vector<8xf32>
  %3 = math.exp %d : f32
  %4 = math.expm1 %a : vector<16xf32>
  return %0, %1, %2, %3, %4
      : vector<16xf32>, vector<32xf32>, vector<8xf32>, f32, vector<16xf32>
}

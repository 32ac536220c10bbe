// RUN: axle-opt --axle-approximate-math=avx512=true %s | FileCheck %s
// RUN: axle-opt --axle-approximate-math=avx2=true %s | FileCheck %s --check-prefix=AVX2
// RUN: axle-opt --axle-approximate-math %s | FileCheck %s --check-prefix=PLAIN

// f32 tanh looks up its piece's center and 8 coefficients in tables of 16
// (F32TanhTable.h). On AVX-512 each lookup is one vpermps per 16 lanes,
// the table a constant register, the piece the index; two registers of
// lanes take two. Vectors of 8 lanes use AVX2's permute, which AVX-512
// targets have too.

// CHECK-LABEL: func.func @tanh_lookups(
// The piece, max(bits >> 22 - 245, 0), in 16-bit lanes (one vpsubusw):
// CHECK: %[[LANES:.*]] = vector.bitcast %{{.*}} : vector<16xi32> to vector<32xi16>
// CHECK: %[[AT_LEAST:.*]] = arith.maxui %[[LANES]], %[[FIRST:.*]] : vector<32xi16>
// CHECK: %[[LESS:.*]] = arith.subi %[[AT_LEAST]], %[[FIRST]] : vector<32xi16>
// CHECK: %[[PIECE:.*]] = vector.bitcast %[[LESS]] : vector<32xi16> to vector<16xi32>
// CHECK-COUNT-9: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[PIECE]]) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// CHECK-NOT: arith.select
// CHECK: math.copysign %{{.*}}, %arg0 : vector<16xf32>
// CHECK: %[[WIDE:.*]] = vector.bitcast %{{.*}} : vector<64xi16> to vector<32xi32>
// CHECK: %[[LOW:.*]] = vector.extract_strided_slice %[[WIDE]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[LOW]])
// CHECK: %[[HIGH:.*]] = vector.extract_strided_slice %[[WIDE]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[HIGH]])
// CHECK: %[[HALF:.*]] = vector.bitcast %{{.*}} : vector<16xi16> to vector<8xi32>
// CHECK: llvm.call_intrinsic "llvm.x86.avx2.permps"(%{{.*}}, %[[HALF]]) : (vector<8xf32>, vector<8xi32>) -> vector<8xf32>
// A scalar: selects.
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i32
// CHECK-NOT: llvm.call_intrinsic
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: return

// With AVX2 only, two permutes of the halves of the table per 8 lanes,
// the upper one picked where bit 3 of the piece is set.
// AVX2-LABEL: func.func @tanh_lookups(
// AVX2-NOT: avx512
// AVX2: %[[PIECE:.*]] = vector.bitcast %{{.*}} : vector<32xi16> to vector<16xi32>
// AVX2: %[[PART:.*]] = vector.extract_strided_slice %[[PIECE]] {offsets = [0], sizes = [8], strides = [1]}
// AVX2: %[[BIT3:.*]] = arith.andi %[[PART]], %{{.*}} : vector<8xi32>
// AVX2: %[[UPPER:.*]] = arith.cmpi ne, %[[BIT3]], %{{.*}} : vector<8xi32>
// AVX2: %[[HI:.*]] = llvm.call_intrinsic "llvm.x86.avx2.permps"(%{{.*}}, %[[PART]])
// AVX2: %[[LO:.*]] = llvm.call_intrinsic "llvm.x86.avx2.permps"(%{{.*}}, %[[PART]])
// AVX2: arith.select %[[UPPER]], %[[HI]], %[[LO]] : vector<8xi1>, vector<8xf32>
// AVX2-NOT: avx512
// AVX2: return

// Without either: four levels of selects (15 per lookup), no intrinsic.
// PLAIN-LABEL: func.func @tanh_lookups(
// PLAIN-NOT: llvm.call_intrinsic
// PLAIN-COUNT-15: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
// PLAIN-NOT: llvm.call_intrinsic
// PLAIN: return
func.func @tanh_lookups(%a: vector<16xf32>, %b: vector<32xf32>,
                        %c: vector<8xf32>, %d: f32)
    -> (vector<16xf32>, vector<32xf32>, vector<8xf32>, f32) {
  %0 = math.tanh %a : vector<16xf32>
  %1 = math.tanh %b : vector<32xf32>
  %2 = math.tanh %c : vector<8xf32>
  %3 = math.tanh %d : f32
  return %0, %1, %2, %3 : vector<16xf32>, vector<32xf32>, vector<8xf32>, f32
}

// f32 erfc looks up its piece's center and 8 coefficients the same way
// (F32ErfTables.h), with exp(-a^2)'s scaling by vscalefps; bf16 goes
// through f32 and is rounded once. f32 erf looks up its center, the two
// parts of its constant and 7 coefficients. No division, no library call.
// CHECK-LABEL: func.func @erf_lookups(
// CHECK: %[[PIECE:.*]] = vector.bitcast %{{.*}} : vector<32xi16> to vector<16xi32>
// CHECK-COUNT-9: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[PIECE]]) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// CHECK-NOT: arith.divf
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// CHECK-NOT: arith.divf
// CHECK: arith.extf %arg1 : vector<16xbf16> to vector<16xf32>
// CHECK-COUNT-9: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"
// CHECK: arith.truncf %{{.*}} : vector<16xf32> to vector<16xbf16>
// CHECK: %[[ERFPIECE:.*]] = vector.bitcast %{{.*}} : vector<32xi16> to vector<16xi32>
// CHECK-COUNT-10: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[ERFPIECE]]) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// CHECK-NOT: arith.divf
// CHECK: math.copysign %{{.*}}, %arg0 : vector<16xf32>
// CHECK-NOT: math.erf
// CHECK-NOT: llvm.call @erf
// CHECK: return
// AVX2-LABEL: func.func @erf_lookups(
// AVX2-COUNT-38: llvm.call_intrinsic "llvm.x86.avx2.permps"
// AVX2: return
// PLAIN-LABEL: func.func @erf_lookups(
// PLAIN-NOT: llvm.call_intrinsic "llvm.x86
// PLAIN-NOT: math.erf
// PLAIN: return
func.func @erf_lookups(%a: vector<16xf32>, %b: vector<16xbf16>)
    -> (vector<16xf32>, vector<16xbf16>, vector<16xf32>) {
  %0 = math.erfc %a : vector<16xf32>
  %1 = math.erfc %b : vector<16xbf16>
  %2 = math.erf %a : vector<16xf32>
  return %0, %1, %2 : vector<16xf32>, vector<16xbf16>, vector<16xf32>
}

// RUN: axle-opt --axle-expand-arith %s | FileCheck %s --check-prefixes=CHECK,PLAIN
// RUN: axle-opt --axle-expand-arith=avx512dq=true %s | FileCheck %s --check-prefixes=CHECK,DQ

// maximumf and minimumf are never expanded into compare-and-select (which
// gives maximum(+0, -0) = -0): they stay for LLVM's exact lowering, or,
// with AVX-512DQ on vectors of whole registers, become vrange per register
// (which orders -0 below +0) with a + b selected where either operand is
// NaN.

// CHECK-LABEL: func.func @min_max_f32(
// PLAIN-NOT: arith.select
// PLAIN: arith.maximumf %arg0, %arg1 : vector<16xf32>
// PLAIN: arith.minimumf %arg0, %arg1 : vector<16xf32>
// DQ-DAG: %[[MAXIMM:.*]] = arith.constant 5 : i32
// The min immediate and the rounding operand are both 4 (one constant).
// DQ-DAG: %[[FOUR:.*]] = arith.constant 4 : i32
// DQ-DAG: %[[ALL:.*]] = arith.constant -1 : i16
// DQ: %[[MAX:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%arg0, %arg1, %[[MAXIMM]], %arg0, %[[ALL]], %[[FOUR]])
// DQ: %[[UNO:.*]] = arith.cmpf uno, %arg0, %arg1 : vector<16xf32>
// DQ: %[[NAN:.*]] = arith.addf %arg0, %arg1 : vector<16xf32>
// DQ: %[[MAXSEL:.*]] = arith.select %[[UNO]], %[[NAN]], %[[MAX]] : vector<16xi1>, vector<16xf32>
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%arg0, %arg1, %[[FOUR]], %arg0, %[[ALL]], %[[FOUR]])
// DQ-NOT: arith.maximumf
// DQ-NOT: arith.minimumf
// CHECK: return
func.func @min_max_f32(%a: vector<16xf32>, %b: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %max = arith.maximumf %a, %b : vector<16xf32>
  %min = arith.minimumf %a, %b : vector<16xf32>
  return %max, %min : vector<16xf32>, vector<16xf32>
}

// 8 x f64 is one register too; a 2-D accumulator of 16-lane rows goes
// register by register.
// CHECK-LABEL: func.func @min_max_f64_and_2d(
// PLAIN: arith.maximumf %arg0, %arg1 : vector<8xf64>
// PLAIN: arith.minimumf %arg2, %arg3 : vector<2x16xf32>
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.pd.512"(%arg0, %arg1, %{{.*}}, %arg0, %{{.*}}, %{{.*}}) : (vector<8xf64>, vector<8xf64>, i32, vector<8xf64>, i8, i32) -> vector<8xf64>
// DQ: %[[L0:.*]] = vector.extract %arg2[0] : vector<16xf32> from vector<2x16xf32>
// DQ: %[[R0:.*]] = vector.extract %arg3[0] : vector<16xf32> from vector<2x16xf32>
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[L0]], %[[R0]]
// DQ: vector.insert %{{.*}}, %{{.*}} [0] : vector<16xf32> into vector<2x16xf32>
// DQ: %[[L1:.*]] = vector.extract %arg2[1] : vector<16xf32> from vector<2x16xf32>
// DQ: %[[R1:.*]] = vector.extract %arg3[1] : vector<16xf32> from vector<2x16xf32>
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[L1]], %[[R1]]
// DQ: vector.insert %{{.*}}, %{{.*}} [1] : vector<16xf32> into vector<2x16xf32>
// CHECK: return
func.func @min_max_f64_and_2d(%a: vector<8xf64>, %b: vector<8xf64>, %c: vector<2x16xf32>, %d: vector<2x16xf32>) -> (vector<8xf64>, vector<2x16xf32>) {
  %max = arith.maximumf %a, %b : vector<8xf64>
  %min = arith.minimumf %c, %d : vector<2x16xf32>
  return %max, %min : vector<8xf64>, vector<2x16xf32>
}

// A row of several registers (a matmul epilogue's columns) goes register
// by register.
// CHECK-LABEL: func.func @row_of_registers(
// PLAIN: arith.maximumf %arg0, %arg1 : vector<16xf64>
// DQ: %[[L0:.*]] = vector.extract_strided_slice %arg0 {offsets = [0], sizes = [8], strides = [1]} : vector<16xf64> to vector<8xf64>
// DQ: %[[R0:.*]] = vector.extract_strided_slice %arg1 {offsets = [0], sizes = [8], strides = [1]} : vector<16xf64> to vector<8xf64>
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.pd.512"(%[[L0]], %[[R0]]
// DQ: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [0], strides = [1]} : vector<8xf64> into vector<16xf64>
// DQ: %[[L1:.*]] = vector.extract_strided_slice %arg0 {offsets = [8], sizes = [8], strides = [1]} : vector<16xf64> to vector<8xf64>
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.pd.512"(%[[L1]]
// DQ: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [8], strides = [1]} : vector<8xf64> into vector<16xf64>
// DQ-NOT: arith.maximumf
// CHECK: return
func.func @row_of_registers(%a: vector<16xf64>, %b: vector<16xf64>) -> vector<16xf64> {
  %max = arith.maximumf %a, %b : vector<16xf64>
  return %max : vector<16xf64>
}

// Parts of registers and scalars stay for LLVM's lowering, with either
// option.
// CHECK-LABEL: func.func @other_widths(
// CHECK-NOT: llvm.call_intrinsic
// CHECK-NOT: arith.select
// CHECK: arith.maximumf %arg0, %arg1 : vector<8xf32>
// CHECK: arith.minimumf %arg2, %arg3 : f32
// CHECK: arith.maximumf %arg4, %arg5 : vector<12xf64>
func.func @other_widths(%a: vector<8xf32>, %b: vector<8xf32>, %c: f32, %d: f32, %e: vector<12xf64>, %f: vector<12xf64>) -> (vector<8xf32>, f32, vector<12xf64>) {
  %max = arith.maximumf %a, %b : vector<8xf32>
  %min = arith.minimumf %c, %d : f32
  %wide = arith.maximumf %e, %f : vector<12xf64>
  return %max, %min, %wide : vector<8xf32>, f32, vector<12xf64>
}

// The rest of arith-expand still applies: ceiling and floor division and
// bf16 conversions, which LLVM's conversion does not take.
// CHECK-LABEL: func.func @expanded(
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.floordivsi
// CHECK-NOT: arith.extf %{{.*}} : bf16 to f32
// CHECK-NOT: arith.truncf %{{.*}} : f32 to bf16
// CHECK: return
func.func @expanded(%a: i32, %b: i32, %h: bf16, %x: f32) -> (i32, i32, f32, bf16) {
  %c = arith.ceildivsi %a, %b : i32
  %f = arith.floordivsi %a, %b : i32
  %w = arith.extf %h : bf16 to f32
  %n = arith.truncf %x : f32 to bf16
  return %c, %f, %w, %n : i32, i32, f32, bf16
}

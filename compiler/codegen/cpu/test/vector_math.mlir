// RUN: axle-opt --axle-approximate-math --split-input-file %s | FileCheck %s

// f32 exp, expm1 and tanh, vectors and scalars, become inline f64
// arithmetic that stays vector-shaped and is rounded once to f32: no C
// library call is declared or made.

// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @f32_math(
// exp: clamp, n = roundeven(x log2(e)), r = x - n ln2 by two fused
// multiply-adds, polynomial, 2^n from the bits of n + 1.5 * 2^52.
// CHECK: %[[X:.*]] = arith.extf %arg0 : vector<16xf32> to vector<16xf64>
// CHECK: arith.cmpf ogt, %[[X]], %{{.*}} : vector<16xf64>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK: %[[N:.*]] = math.roundeven %{{.*}} : vector<16xf64>
// CHECK: %[[MINUS_N:.*]] = arith.negf %[[N]] : vector<16xf64>
// CHECK: %[[HI:.*]] = math.fma %[[MINUS_N]], %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK: math.fma %[[MINUS_N]], %{{.*}}, %[[HI]] : vector<16xf64>
// CHECK: arith.addf %[[N]], %{{.*}} : vector<16xf64>
// CHECK: arith.bitcast %{{.*}} : vector<16xf64> to vector<16xi64>
// CHECK: arith.shli %{{.*}}, %{{.*}} : vector<16xi64>
// CHECK: arith.addi %{{.*}}, %{{.*}} : vector<16xi64>
// CHECK: arith.cmpf uno, %[[X]], %[[X]] : vector<16xf64>
// CHECK-NOT: math.exp
// CHECK: arith.truncf %{{.*}} : vector<16xf64> to vector<16xf32>
// expm1 keeps -0: the zero input is selected.
// CHECK: %[[Y:.*]] = arith.extf %arg0 : vector<16xf32> to vector<16xf64>
// CHECK-NOT: math.expm1
// CHECK: arith.cmpf oeq, %[[Y]], %{{.*}} : vector<16xf64>
// CHECK: arith.truncf %{{.*}} : vector<16xf64> to vector<16xf32>
// tanh = copysign(t / (t + 2), x) with t = expm1(2 |x|).
// CHECK: %[[Z:.*]] = arith.extf %arg0 : vector<16xf32> to vector<16xf64>
// CHECK: math.absf %[[Z]] : vector<16xf64>
// CHECK-NOT: math.tanh
// CHECK: arith.divf %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK: math.copysign %{{.*}}, %[[Z]] : vector<16xf64>
// CHECK: arith.truncf %{{.*}} : vector<16xf64> to vector<16xf32>
// The scalar ones: the same code on f64.
// CHECK: arith.extf %arg1 : f32 to f64
// CHECK: arith.shli %{{.*}}, %{{.*}} : i64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.extf %arg1 : f32 to f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.extf %arg1 : f32 to f64
// CHECK: arith.divf %{{.*}}, %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK-NOT: call
// CHECK: return
func.func @f32_math(%v: vector<16xf32>, %s: f32)
    -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, f32, f32, f32) {
  %0 = math.exp %v : vector<16xf32>
  %1 = math.expm1 %v : vector<16xf32>
  %2 = math.tanh %v : vector<16xf32>
  %3 = math.exp %s : f32
  %4 = math.expm1 %s : f32
  %5 = math.tanh %s : f32
  return %0, %1, %2, %3, %4, %5
      : vector<16xf32>, vector<16xf32>, vector<16xf32>, f32, f32, f32
}

// -----

// f64 (and f16) keep the C library path: an f64 library call per element,
// f16 through f64 and one rounding.

// CHECK-DAG: func.func private @exp(f64) -> f64
// CHECK-DAG: func.func private @tanh(f64) -> f64
// CHECK-LABEL: func.func @other_types(
// CHECK: call @exp(%arg0) : (f64) -> f64
// CHECK-COUNT-2: call @tanh(%{{.*}}) : (f64) -> f64
// CHECK: %[[H:.*]] = arith.extf %arg2 : f16 to f64
// CHECK: %[[E:.*]] = call @exp(%[[H]]) : (f64) -> f64
// CHECK: arith.truncf %[[E]] : f64 to f16
func.func @other_types(%d: f64, %v: vector<2xf64>, %h: f16)
    -> (f64, vector<2xf64>, f16) {
  %0 = math.exp %d : f64
  %1 = math.tanh %v : vector<2xf64>
  %2 = math.exp %h : f16
  return %0, %1, %2 : f64, vector<2xf64>, f16
}

// -----

// Exactly rounded operations are left for the LLVM conversion (vector
// instructions), not turned into one C library call per element.

// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @exact_ops(
// CHECK-NOT: call
// CHECK: math.absf %arg0 : vector<8xf32>
// CHECK: math.floor %{{.*}} : vector<8xf32>
// CHECK: math.sqrt %{{.*}} : vector<8xf32>
// CHECK: math.roundeven %arg1 : f64
// CHECK-NOT: call
func.func @exact_ops(%v: vector<8xf32>, %d: f64) -> (vector<8xf32>, f64) {
  %0 = math.absf %v : vector<8xf32>
  %1 = math.floor %0 : vector<8xf32>
  %2 = math.sqrt %1 : vector<8xf32>
  %3 = math.roundeven %d : f64
  return %2, %3 : vector<8xf32>, f64
}

// RUN: axle-opt --axle-approximate-math --split-input-file %s | FileCheck %s

// f32 exp, expm1 and tanh, vectors and scalars, become the inline f32
// recipes of F32Exponentials.h, vector-shaped: no C library call is
// declared or made. bf16 goes through f32 and rounds once.

// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @f32_math(
// exp: x clamped from above only (keeping NaN; the lanes that round to 0
// are selected, so x needs no lower bound), n = roundeven(x log2(e)),
// r = x - n ln2 by two fused multiply-adds, the polynomial in 6 fused
// multiply-adds, then 2^n as two powers of two built from exponent bits
// (n made 0 where the result rounds to 0, so that nothing underflows, and
// bounded, so that NaN is not converted); results that round to 0
// selected. NaN flows through: no select for it.
// CHECK-NOT: arith.cmpf olt, %arg0
// CHECK: arith.cmpf ogt, %arg0, %{{.*}} : vector<16xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: %[[N:.*]] = math.roundeven %{{.*}} : vector<16xf32>
// CHECK: %[[MINUS_N:.*]] = arith.negf %[[N]] : vector<16xf32>
// CHECK: %[[HI:.*]] = math.fma %[[MINUS_N]], %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: %[[R:.*]] = math.fma %[[MINUS_N]], %{{.*}}, %[[HI]] : vector<16xf32>
// CHECK-COUNT-6: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT: math.fma
// CHECK: %[[ZERO:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NEXT: %[[UNDERFLOWLESS:.*]] = arith.select %[[ZERO]], %{{.*}}, %[[N]] : vector<16xi1>, vector<16xf32>
// CHECK: %[[BOUNDED:.*]] = arith.select %{{.*}}, %[[UNDERFLOWLESS]], %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK: %[[NI:.*]] = arith.fptosi %[[BOUNDED]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[HALF:.*]] = arith.shrsi %[[NI]], %{{.*}} : vector<16xi32>
// CHECK: arith.shli %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// CHECK: arith.subi %[[NI]], %[[HALF]] : vector<16xi32>
// CHECK: %[[SCALED:.*]] = arith.mulf
// CHECK-NEXT: arith.select %[[ZERO]], %{{.*}}, %[[SCALED]] : vector<16xi1>, vector<16xf32>
// CHECK-NOT: arith.cmpf uno
// expm1 keeps -0: the zero input is selected.
// CHECK-NOT: math.exp
// CHECK: arith.cmpf oeq, %arg0, %{{.*}} : vector<16xf32>
// tanh: the piece from the bits of |x| (shifted right by 22, less the
// first piece's, at least 0), t = |x| - its center, then its polynomial
// by Horner's rule, 7 fused multiply-adds; without AVX each coefficient
// is picked by selects on the piece's bits. No division; copysign.
// CHECK: math.absf %arg0 : vector<16xf32>
// CHECK-NOT: math.expm1
// CHECK-NOT: arith.divf
// CHECK: arith.shrsi %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: arith.maxui %{{.*}}, %{{.*}} : vector<32xi16>
// CHECK: %[[PIECE:.*]] = vector.bitcast %{{.*}} : vector<32xi16> to vector<16xi32>
// CHECK: arith.andi %[[PIECE]], %{{.*}} : vector<16xi32>
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK-COUNT-7: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT: arith.divf
// CHECK: math.copysign %{{.*}}, %arg0 : vector<16xf32>
// CHECK-NOT: math.tanh
// The scalar one: the same code on f32.
// CHECK: math.roundeven %{{.*}} : f32
// CHECK: arith.shli %{{.*}}, %{{.*}} : i32
// bf16: extended, computed in f32, truncated once.
// CHECK: %[[WIDE:.*]] = arith.extf %arg2 : vector<16xbf16> to vector<16xf32>
// CHECK: arith.cmpf ogt, %[[WIDE]], %{{.*}} : vector<16xf32>
// CHECK: arith.truncf %{{.*}} : vector<16xf32> to vector<16xbf16>
// CHECK-NOT: call
// CHECK: return
func.func @f32_math(%v: vector<16xf32>, %s: f32, %b: vector<16xbf16>)
    -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, f32,
        vector<16xbf16>) {
  %0 = math.exp %v : vector<16xf32>
  %1 = math.expm1 %v : vector<16xf32>
  %2 = math.tanh %v : vector<16xf32>
  %3 = math.exp %s : f32
  %4 = math.exp %b : vector<16xbf16>
  return %0, %1, %2, %3, %4
      : vector<16xf32>, vector<16xf32>, vector<16xf32>, f32, vector<16xbf16>
}

// -----

// f32 log (and log1p): the exponent k from the bits (x - sqrt(1/2)'s, shifted), m = x / 2^k
// back from bits, s = (m - 1) / (m + 1) by one division, the atanh series
// in fused multiply-adds, k ln2 added in two parts; zeros, infinities,
// negative inputs and NaN selected at the end. No library call.

// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @f32_log(
// CHECK: arith.bitcast %{{.*}} : vector<16xf32> to vector<16xi32>
// CHECK: arith.shrsi %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: arith.sitofp %{{.*}} : vector<16xi32> to vector<16xf32>
// CHECK: arith.divf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-COUNT-4: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: arith.cmpf uno, %arg0, %arg0 : vector<16xf32>
// log1p: u = 1 + x and its rounding error c = x - (u - 1), then log(u)
// with c / u joining the small terms (a second division).
// CHECK: %[[U:.*]] = arith.addf %arg0, %{{.*}} : vector<16xf32>
// CHECK: %[[UM1:.*]] = arith.subf %[[U]], %{{.*}} : vector<16xf32>
// CHECK: arith.subf %arg0, %[[UM1]] : vector<16xf32>
// CHECK: arith.divf
// CHECK: arith.divf
// CHECK: arith.cmpf uno, %arg0, %arg0 : vector<16xf32>
// CHECK-NOT: math.log
// CHECK-NOT: call
// CHECK: return
func.func @f32_log(%v: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %0 = math.log %v : vector<16xf32>
  %1 = math.log1p %v : vector<16xf32>
  return %0, %1 : vector<16xf32>, vector<16xf32>
}

// -----

// f32 sin, cos and tan (F32Trigonometry.h): reduced modulo pi / 2 in f64 (n =
// roundeven(|x| 2 / pi), three fused multiply-adds with the parts of
// pi / 2), both polynomials, the quadrant from n's low bits; the C library
// only inside an scf.if taken when some lane has |x| >= 2^30, inf or NaN,
// per lane (the f64 function, rounded once).

// CHECK-DAG: func.func private @sin(f64) -> f64
// CHECK-DAG: func.func private @cos(f64) -> f64
// CHECK-DAG: func.func private @tan(f64) -> f64
// CHECK-LABEL: func.func @f32_trig(
// CHECK: %[[A:.*]] = math.absf %arg0 : vector<16xf32>
// CHECK: %[[FAST:.*]] = arith.cmpf olt, %[[A]], %{{.*}} : vector<16xf32>
// CHECK: arith.extf %{{.*}} : vector<16xf32> to vector<16xf64>
// CHECK: math.roundeven %{{.*}} : vector<16xf64>
// CHECK-COUNT-3: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK: arith.fptosi %{{.*}} : vector<16xf64> to vector<16xi32>
// CHECK: arith.andi
// CHECK: arith.truncf %{{.*}} : vector<16xf64> to vector<16xf32>
// CHECK: math.copysign
// CHECK: %[[SLOW:.*]] = arith.xori %[[FAST]], %{{.*}} : vector<16xi1>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[SLOW]] : vector<16xi1> into i1
// CHECK: scf.if %[[ANY]] -> (vector<16xf32>) {
// CHECK-COUNT-16: call @sin(%{{.*}}) : (f64) -> f64
// CHECK: } else {
// CHECK: scf.if
// CHECK-COUNT-16: call @cos(%{{.*}}) : (f64) -> f64
// tan: the same reduction, then one f64 division of the polynomials.
// CHECK: arith.divf %{{.*}}, %{{.*}} : vector<16xf64>
// CHECK: scf.if
// CHECK-COUNT-16: call @tan(%{{.*}}) : (f64) -> f64
// CHECK: return
func.func @f32_trig(%v: vector<16xf32>)
    -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
  %0 = math.sin %v : vector<16xf32>
  %1 = math.cos %v : vector<16xf32>
  %2 = math.tan %v : vector<16xf32>
  return %0, %1, %2 : vector<16xf32>, vector<16xf32>, vector<16xf32>
}

// -----

// f32, f16 and bf16 powf (NarrowPower.h): in f64, where a constant exponent
// of 2, 3, 4, 1 or -1 folds the selection to products (x^3 = x^2 x): no
// library call is left. Any other exponent, or one that is not a constant,
// keeps one f64 pow call per lane, behind the selects of the product forms.

// CHECK-LABEL: func.func @cube(
// CHECK-NOT: call
// CHECK: %[[X:.*]] = arith.extf %arg0 : vector<16xf32> to vector<16xf64>
// CHECK: %[[SQUARE:.*]] = arith.mulf %[[X]], %[[X]] : vector<16xf64>
// CHECK: %[[CUBE:.*]] = arith.mulf %[[SQUARE]], %[[X]] : vector<16xf64>
// CHECK: arith.truncf %[[CUBE]] : vector<16xf64> to vector<16xf32>
// CHECK-NOT: call
// CHECK: return
func.func @cube(%v: vector<16xf32>) -> vector<16xf32> {
  %c = arith.constant dense<3.0> : vector<16xf32>
  %0 = math.powf %v, %c : vector<16xf32>
  return %0 : vector<16xf32>
}

// CHECK-LABEL: func.func @half_reciprocal(
// CHECK: %[[H:.*]] = arith.extf %arg0 : f16 to f64
// CHECK: %[[R:.*]] = arith.divf %{{.*}}, %[[H]] : f64
// CHECK: arith.truncf %[[R]] : f64 to f16
// CHECK-NOT: call
func.func @half_reciprocal(%h: f16) -> f16 {
  %c = arith.constant -1.0 : f16
  %0 = math.powf %h, %c : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @other_exponents(
// CHECK-NOT: arith.mulf
// CHECK-COUNT-16: call @pow(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
// CHECK: arith.truncf %{{.*}} : vector<16xf64> to vector<16xf32>
// CHECK: %[[X:.*]] = arith.extf %arg1 : f32 to f64
// CHECK: %[[SQUARE:.*]] = arith.mulf %[[X]], %[[X]] : f64
// CHECK: %[[POW:.*]] = call @pow(%[[X]], %{{.*}}) : (f64, f64) -> f64
// CHECK: arith.cmpf oeq
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[POW]] : f64
// CHECK: arith.select %{{.*}}, %[[SQUARE]], %{{.*}} : f64
// CHECK: return
func.func @other_exponents(%v: vector<16xf32>, %x: f32, %y: f32)
    -> (vector<16xf32>, f32) {
  %c = arith.constant dense<1.7> : vector<16xf32>
  %0 = math.powf %v, %c : vector<16xf32>
  %1 = math.powf %x, %y : f32
  return %0, %1 : vector<16xf32>, f32
}

// -----

// f64 (and f16) keep the C library path: an f64 library call per element,
// f16 through f64 and one rounding.

// CHECK-DAG: func.func private @exp(f64) -> f64
// CHECK-DAG: func.func private @tanh(f64) -> f64
// CHECK-DAG: func.func private @log(f64) -> f64
// CHECK-LABEL: func.func @other_types(
// CHECK: call @exp(%arg0) : (f64) -> f64
// CHECK-COUNT-2: call @tanh(%{{.*}}) : (f64) -> f64
// CHECK: %[[H:.*]] = arith.extf %arg2 : f16 to f64
// CHECK: %[[E:.*]] = call @exp(%[[H]]) : (f64) -> f64
// CHECK: arith.truncf %[[E]] : f64 to f16
// CHECK: %[[H2:.*]] = arith.extf %arg2 : f16 to f64
// CHECK: call @log(%[[H2]]) : (f64) -> f64
func.func @other_types(%d: f64, %v: vector<2xf64>, %h: f16)
    -> (f64, vector<2xf64>, f16, f16) {
  %0 = math.exp %d : f64
  %1 = math.tanh %v : vector<2xf64>
  %2 = math.exp %h : f16
  %3 = math.log %h : f16
  return %0, %1, %2, %3 : f64, vector<2xf64>, f16, f16
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

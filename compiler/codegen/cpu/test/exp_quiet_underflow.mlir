// RUN: axle-opt --axle-approximate-math="avx512=true quiet-underflow=true" %s | FileCheck %s
// RUN: axle-opt --axle-approximate-math="avx512=true" %s | FileCheck %s --check-prefix=MASKED
// RUN: axle-opt --axle-approximate-math %s | FileCheck %s --check-prefix=SELECTS

// exp's results that round to 0 (inputs below -103.972084) are not scaled
// where underflow is slow (the default: Intel cores assist each
// underflowing product). With AVX-512 the scaling's mask zeroes those
// lanes: one compare, no select before or after it. Elsewhere n is
// selected as 0 there before the two multiplies, and the result as 0
// after them. On targets that underflow at full speed (AMD Zen 4:
// quiet-underflow) the clamped input goes straight into the reduction
// and the scaling rounds those results to 0 itself: no compare against
// the bound, no select of 0. NaN still flows through without a select.

// CHECK-LABEL: func.func @exp16(
// CHECK-NOT: -103.972084
// CHECK: %[[LOW:.*]] = arith.cmpf olt, %arg0, %{{.*}} : vector<16xf32>
// CHECK: %[[ABOVE:.*]] = arith.select %[[LOW]], %{{.*}}, %arg0
// CHECK: %[[HIGH:.*]] = arith.cmpf ogt, %[[ABOVE]], %{{.*}} : vector<16xf32>
// CHECK: %[[CLAMPED:.*]] = arith.select %[[HIGH]], %{{.*}}, %[[ABOVE]]
// CHECK-NEXT: arith.mulf %[[CLAMPED]], %{{.*}} : vector<16xf32>
// CHECK-NOT: arith.select
// CHECK: %[[SCALED:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// CHECK-NEXT: return %[[SCALED]] : vector<16xf32>

// MASKED-LABEL: func.func @exp16(
// MASKED: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// MASKED: %[[BOUND:.*]] = arith.constant dense<-103.972084> : vector<16xf32>
// MASKED: %[[HIGH:.*]] = arith.cmpf ogt
// MASKED: %[[CLAMPED:.*]] = arith.select %[[HIGH]]
// MASKED-NEXT: arith.mulf %[[CLAMPED]], %{{.*}} : vector<16xf32>
// MASKED-NOT: arith.select
// MASKED: %[[KEEP:.*]] = arith.cmpf uge, %[[CLAMPED]], %[[BOUND]] : vector<16xf32>
// MASKED-NEXT: %[[BITS:.*]] = vector.bitcast %[[KEEP]] : vector<16xi1> to vector<1xi16>
// MASKED-NEXT: %[[MASK:.*]] = vector.extract %[[BITS]][0] : i16 from vector<1xi16>
// MASKED-NEXT: %[[SCALED:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%{{.*}}, %{{.*}}, %[[ZEROS]], %[[MASK]], %{{.*}})
// MASKED-NEXT: return %[[SCALED]] : vector<16xf32>

// SELECTS-LABEL: func.func @exp16(
// SELECTS: %[[BOUND:.*]] = arith.constant dense<-103.972084> : vector<16xf32>
// SELECTS: %[[HIGH:.*]] = arith.cmpf ogt
// SELECTS: %[[CLAMPED:.*]] = arith.select %[[HIGH]]
// SELECTS-NEXT: arith.mulf %[[CLAMPED]], %{{.*}} : vector<16xf32>
// SELECTS-NEXT: %[[N:.*]] = math.roundeven
// SELECTS-NOT: arith.select
// SELECTS: %[[ZERO:.*]] = arith.cmpf olt, %[[CLAMPED]], %[[BOUND]] : vector<16xf32>
// SELECTS-NEXT: arith.select %[[ZERO]], %{{.*}}, %[[N]]
// SELECTS: arith.subi
// SELECTS: %[[SCALED:.*]] = arith.mulf
// SELECTS-NEXT: %[[RESULT:.*]] = arith.select %[[ZERO]], %{{.*}}, %[[SCALED]]
// SELECTS-NEXT: return %[[RESULT]] : vector<16xf32>
func.func @exp16(%v: vector<16xf32>) -> vector<16xf32> {
  %0 = math.exp %v : vector<16xf32>
  return %0 : vector<16xf32>
}

// Two registers: each one's mask is its own compare (a negated compare of
// the whole vector would leave LLVM a separate knot per register).
// MASKED-LABEL: func.func @exp32(
// MASKED-COUNT-2: arith.cmpf uge, %{{.*}}, %{{.*}} : vector<16xf32>
// MASKED-NOT: arith.xori
// MASKED: return
func.func @exp32(%v: vector<32xf32>) -> vector<32xf32> {
  %0 = math.exp %v : vector<32xf32>
  return %0 : vector<32xf32>
}

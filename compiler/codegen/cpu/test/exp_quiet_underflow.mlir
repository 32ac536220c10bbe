// RUN: axle-opt --axle-approximate-math="avx512=true quiet-underflow=true" %s | FileCheck %s
// RUN: axle-opt --axle-approximate-math="avx512=true" %s | FileCheck %s --check-prefix=SELECTS

// exp's results that round to 0 (inputs below -103.972084) are selected
// where underflow is slow (the default: Intel cores assist each
// underflowing product). On targets that underflow at full speed (AMD Zen
// 4: quiet-underflow) the clamped input goes straight into the reduction
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

// SELECTS-LABEL: func.func @exp16(
// SELECTS: %[[BOUND:.*]] = arith.constant dense<-103.972084> : vector<16xf32>
// SELECTS: %[[HIGH:.*]] = arith.cmpf ogt
// SELECTS: %[[CLAMPED:.*]] = arith.select %[[HIGH]]
// SELECTS: %[[ZERO:.*]] = arith.cmpf olt, %[[CLAMPED]], %[[BOUND]] : vector<16xf32>
// SELECTS: %[[INPUT:.*]] = arith.select %[[ZERO]], %{{.*}}, %[[CLAMPED]]
// SELECTS-NEXT: arith.mulf %[[INPUT]], %{{.*}} : vector<16xf32>
// SELECTS: %[[SCALED:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// SELECTS-NEXT: %[[RESULT:.*]] = arith.select %[[ZERO]], %{{.*}}, %[[SCALED]]
// SELECTS-NEXT: return %[[RESULT]] : vector<16xf32>
func.func @exp16(%v: vector<16xf32>) -> vector<16xf32> {
  %0 = math.exp %v : vector<16xf32>
  return %0 : vector<16xf32>
}

// RUN: axle-opt --axle-expand-f64-to-bf16 %s | FileCheck %s

// f64 -> bf16 rounds once: to f32 rounded to odd (nearest, stepped toward
// zero where that rounded away, last bit set where inexact), then to bf16,
// for scalars and vectors alike (f32, f16 and bf16 pow computes in f64 and
// narrows vectors this way). No library call (there is no __truncdfbf2).

// CHECK-LABEL: func.func @narrow(
// CHECK-NOT: call
// CHECK: %[[NEAREST:.*]] = arith.truncf %arg0 : f64 to f32
// CHECK: arith.extf %[[NEAREST]] : f32 to f64
// CHECK: arith.bitcast %[[NEAREST]] : f32 to i32
// CHECK: arith.ori %{{.*}}, %{{.*}} : i32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: %[[VNEAREST:.*]] = arith.truncf %arg1 : vector<4xf64> to vector<4xf32>
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<4xf64>
// CHECK: arith.subi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: arith.ori %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: arith.truncf %{{.*}} : vector<4xf32> to vector<4xbf16>
// CHECK-NOT: call
func.func @narrow(%d: f64, %v: vector<4xf64>) -> (bf16, vector<4xbf16>) {
  %0 = arith.truncf %d : f64 to bf16
  %1 = arith.truncf %v : vector<4xf64> to vector<4xbf16>
  return %0, %1 : bf16, vector<4xbf16>
}

// RUN: axle-opt --axle-simplify --split-input-file %s | FileCheck %s
// RUN: axle-opt --axle-simplify=fast-math=true --split-input-file %s | FileCheck %s --check-prefix=FAST

// Rule x + 0 -> x for integers, with the zero on either side and spelled as
// a broadcast of a scalar constant.
// CHECK-LABEL: func.func @add_zero_int
// CHECK-NOT: stablehlo.add
// CHECK: return %arg0, %arg0
func.func @add_zero_int(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %s = stablehlo.constant dense<0> : tensor<i32>
  %zb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %0 = stablehlo.add %x, %z : tensor<4xi32>
  %1 = stablehlo.add %zb, %x : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// -----

// Rule x + 0 for booleans (add is `or`): x or false = x.
// CHECK-LABEL: func.func @add_false_bool
// CHECK-NOT: stablehlo.add
// CHECK: return %arg0
func.func @add_false_bool(%x: tensor<4xi1>) -> tensor<4xi1> {
  %z = stablehlo.constant dense<false> : tensor<4xi1>
  %0 = stablehlo.add %x, %z : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Rule x + (-0.0) -> x for floats (exact for every x: +0 + -0 = +0). The
// negative case: x + (+0.0) maps x = -0 to +0, so it stays (fast-math only).
// CHECK-LABEL: func.func @add_zero_float
// CHECK: %[[PZ:.*]] = stablehlo.constant dense<0.000000e+00>
// CHECK: %[[ADD:.*]] = stablehlo.add %arg0, %[[PZ]]
// CHECK: return %arg0, %[[ADD]]
// FAST-LABEL: func.func @add_zero_float
// FAST-NOT: stablehlo.add
// FAST: return %arg0, %arg0
func.func @add_zero_float(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.add %nz, %x : tensor<4xf32>
  %1 = stablehlo.add %x, %pz : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Rule x + 0: a non-zero constant must not be dropped.
// CHECK-LABEL: func.func @add_nonzero
// CHECK: stablehlo.add
func.func @add_nonzero(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<2> : tensor<4xi32>
  %0 = stablehlo.add %x, %c : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rule x - 0 -> x for integers and x - (+0.0) -> x for floats (x + -0.0).
// The negative case: x - (-0.0) = x + 0.0 maps -0 to +0.
// CHECK-LABEL: func.func @subtract_zero
// CHECK: %[[NZ:.*]] = stablehlo.constant dense<-0.000000e+00>
// CHECK: %[[SUB:.*]] = stablehlo.subtract %arg1, %[[NZ]]
// CHECK: return %arg0, %arg1, %[[SUB]]
// FAST-LABEL: func.func @subtract_zero
// FAST-NOT: stablehlo.subtract
// FAST: return %arg0, %arg1, %arg1
func.func @subtract_zero(%x: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %0 = stablehlo.subtract %x, %z : tensor<4xi32>
  %1 = stablehlo.subtract %f, %pz : tensor<4xf32>
  %2 = stablehlo.subtract %f, %nz : tensor<4xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Rule 0 - x -> negate(x) for integers. The negative case: for floats
// 0.0 - (+0.0) = +0 but negate(+0) = -0.
// CHECK-LABEL: func.func @subtract_from_zero
// CHECK: %[[NEG:.*]] = stablehlo.negate %arg0 : tensor<4xi32>
// CHECK: %[[SUB:.*]] = stablehlo.subtract %{{.*}}, %arg1 : tensor<4xf32>
// CHECK: return %[[NEG]], %[[SUB]]
func.func @subtract_from_zero(%x: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %fz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.subtract %z, %x : tensor<4xi32>
  %1 = stablehlo.subtract %fz, %f : tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}

// -----

// Rule x - x -> 0 for integers. The negative case: for floats inf - inf and
// NaN - NaN are NaN (fast-math only).
// CHECK-LABEL: func.func @subtract_self
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xui16>
// CHECK: %[[F:.*]] = stablehlo.subtract %arg1, %arg1 : tensor<4xf32>
// CHECK: return %[[Z]], %[[F]]
// FAST-LABEL: func.func @subtract_self
// FAST-NOT: stablehlo.subtract
// FAST: stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
func.func @subtract_self(%x: tensor<4xui16>, %f: tensor<4xf32>) -> (tensor<4xui16>, tensor<4xf32>) {
  %0 = stablehlo.subtract %x, %x : tensor<4xui16>
  %1 = stablehlo.subtract %f, %f : tensor<4xf32>
  return %0, %1 : tensor<4xui16>, tensor<4xf32>
}

// -----

// Rule x - x on a dynamic shape: no constant can be built, must not fire.
// CHECK-LABEL: func.func @subtract_self_dynamic
// CHECK: stablehlo.subtract %arg0, %arg0
func.func @subtract_self_dynamic(%x: tensor<?xi32>) -> tensor<?xi32> {
  %0 = stablehlo.subtract %x, %x : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// Rules x + (-y) -> x - y and x - (-y) -> x + y for integers. The negative
// case: for floats the sign of a NaN y would differ.
// CHECK-LABEL: func.func @add_sub_negate
// CHECK-DAG: %[[A:.*]] = stablehlo.subtract %arg0, %arg1 : tensor<4xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xi32>
// CHECK-DAG: %[[N:.*]] = stablehlo.negate %arg3 : tensor<4xf32>
// CHECK-DAG: %[[C:.*]] = stablehlo.add %arg2, %[[N]] : tensor<4xf32>
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @add_sub_negate(%x: tensor<4xi32>, %y: tensor<4xi32>, %f: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %ny = stablehlo.negate %y : tensor<4xi32>
  %0 = stablehlo.add %ny, %x : tensor<4xi32>
  %1 = stablehlo.subtract %x, %ny : tensor<4xi32>
  %ng = stablehlo.negate %g : tensor<4xf32>
  %2 = stablehlo.add %f, %ng : tensor<4xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// Rule x * 1 -> x for integers, booleans (x and true) and floats (IEEE
// x * 1 = x, NaN keeps its sign and payload).
// CHECK-LABEL: func.func @multiply_one
// CHECK-NOT: stablehlo.multiply
// CHECK: return %arg0, %arg1, %arg2
func.func @multiply_one(%x: tensor<4xi32>, %p: tensor<4xi1>, %f: tensor<4xbf16>) -> (tensor<4xi32>, tensor<4xi1>, tensor<4xbf16>) {
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %t = stablehlo.constant dense<true> : tensor<4xi1>
  %fone = stablehlo.constant dense<1.0> : tensor<4xbf16>
  %0 = stablehlo.multiply %one, %x : tensor<4xi32>
  %1 = stablehlo.multiply %p, %t : tensor<4xi1>
  %2 = stablehlo.multiply %f, %fone : tensor<4xbf16>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi1>, tensor<4xbf16>
}

// -----

// Rule x * 1: complex x * (1 + 0i) is not x (inf * 0 in the cross terms
// gives NaN), so complex multiplies stay.
// CHECK-LABEL: func.func @multiply_one_complex
// CHECK: stablehlo.multiply
func.func @multiply_one_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %one = stablehlo.constant dense<(1.0, 0.0)> : tensor<4xcomplex<f32>>
  %0 = stablehlo.multiply %x, %one : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Rule x * 0 -> 0 for integers and booleans. The negative case: for floats
// inf * 0 and NaN * 0 are NaN, -1 * 0 = -0 (fast-math only).
// CHECK-LABEL: func.func @multiply_zero
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi64>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<false> : tensor<4xi1>
// CHECK-DAG: %[[M:.*]] = stablehlo.multiply %arg2, %{{.*}} : tensor<4xf32>
// CHECK: return %[[Z]], %[[F]], %[[M]]
// FAST-LABEL: func.func @multiply_zero
// FAST-NOT: stablehlo.multiply
// FAST: return
func.func @multiply_zero(%x: tensor<4xi64>, %p: tensor<4xi1>, %f: tensor<4xf32>) -> (tensor<4xi64>, tensor<4xi1>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi64>
  %fa = stablehlo.constant dense<false> : tensor<4xi1>
  %fz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.multiply %x, %z : tensor<4xi64>
  %1 = stablehlo.multiply %fa, %p : tensor<4xi1>
  %2 = stablehlo.multiply %f, %fz : tensor<4xf32>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xi1>, tensor<4xf32>
}

// -----

// Rule x * -1 -> negate(x) for integers (also unsigned: all-ones is -1 mod
// 2^n). The negative case: for floats NaN * -1 keeps the NaN's sign while
// negate flips it.
// CHECK-LABEL: func.func @multiply_minus_one
// CHECK-DAG: %[[A:.*]] = stablehlo.negate %arg0 : tensor<4xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.negate %arg1 : tensor<4xui8>
// CHECK-DAG: %[[C:.*]] = stablehlo.multiply %arg2, %{{.*}} : tensor<4xf32>
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @multiply_minus_one(%x: tensor<4xi32>, %u: tensor<4xui8>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xui8>, tensor<4xf32>) {
  %m = stablehlo.constant dense<-1> : tensor<4xi32>
  %um = stablehlo.constant dense<255> : tensor<4xui8>
  %fm = stablehlo.constant dense<-1.0> : tensor<4xf32>
  %0 = stablehlo.multiply %x, %m : tensor<4xi32>
  %1 = stablehlo.multiply %um, %u : tensor<4xui8>
  %2 = stablehlo.multiply %f, %fm : tensor<4xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xui8>, tensor<4xf32>
}

// -----

// Rule x / 1 -> x for integers and floats. The negative case: 1 / x is not
// an identity.
// CHECK-LABEL: func.func @divide_one
// CHECK: %[[D:.*]] = stablehlo.divide %{{.*}}, %arg1 : tensor<4xf64>
// CHECK: return %arg0, %arg1, %[[D]]
func.func @divide_one(%x: tensor<4xi32>, %f: tensor<4xf64>) -> (tensor<4xi32>, tensor<4xf64>, tensor<4xf64>) {
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %fone = stablehlo.constant dense<1.0> : tensor<4xf64>
  %0 = stablehlo.divide %x, %one : tensor<4xi32>
  %1 = stablehlo.divide %f, %fone : tensor<4xf64>
  %2 = stablehlo.divide %fone, %f : tensor<4xf64>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xf64>, tensor<4xf64>
}

// -----

// Rule x / -1 -> negate(x) for signed integers (INT_MIN / -1 = INT_MIN =
// -INT_MIN). The negative case: for unsigned types all-ones is the largest
// value, and x / 255 is 0 or 1.
// CHECK-LABEL: func.func @divide_minus_one
// CHECK: %[[N:.*]] = stablehlo.negate %arg0 : tensor<4xi8>
// CHECK: %[[D:.*]] = stablehlo.divide %arg1, %{{.*}} : tensor<4xui8>
// CHECK: return %[[N]], %[[D]]
func.func @divide_minus_one(%x: tensor<4xi8>, %u: tensor<4xui8>) -> (tensor<4xi8>, tensor<4xui8>) {
  %m = stablehlo.constant dense<-1> : tensor<4xi8>
  %um = stablehlo.constant dense<255> : tensor<4xui8>
  %0 = stablehlo.divide %x, %m : tensor<4xi8>
  %1 = stablehlo.divide %u, %um : tensor<4xui8>
  return %0, %1 : tensor<4xi8>, tensor<4xui8>
}

// -----

// Rule integer x % 1, x % -1 and x % x -> 0 (x % 0 = x is 0 when x = 0).
// The negative case: float fmod(x, x) is NaN for x = 0 or inf.
// CHECK-LABEL: func.func @remainder_zero
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK: %[[R:.*]] = stablehlo.remainder %arg1, %arg1 : tensor<4xf32>
// CHECK: return %[[Z]], %[[Z]], %[[Z]], %[[R]]
func.func @remainder_zero(%x: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %m = stablehlo.constant dense<-1> : tensor<4xi32>
  %0 = stablehlo.remainder %x, %one : tensor<4xi32>
  %1 = stablehlo.remainder %x, %m : tensor<4xi32>
  %2 = stablehlo.remainder %x, %x : tensor<4xi32>
  %3 = stablehlo.remainder %f, %f : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// Rule unsigned x % 255 must not fold: 255 is all-ones but not -1.
// CHECK-LABEL: func.func @remainder_unsigned_all_ones
// CHECK: stablehlo.remainder
func.func @remainder_unsigned_all_ones(%u: tensor<4xui8>) -> tensor<4xui8> {
  %um = stablehlo.constant dense<255> : tensor<4xui8>
  %0 = stablehlo.remainder %u, %um : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// Rules integer x ^ 1 -> x, x ^ 0 -> 1 and float x ^ 0 -> 1 (pow(x, 0) is
// 1 even for NaN). The negative case: float x ^ 1 stays (pow is evaluated
// in double and the NaN it returns need not be x's).
// CHECK-LABEL: func.func @power_trivial
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<4xi32>
// CHECK-DAG: %[[FONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[P:.*]] = stablehlo.power %arg1, %{{.*}} : tensor<4xf32>
// CHECK: return %arg0, %[[ONE]], %[[FONE]], %[[P]]
func.func @power_trivial(%x: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %fz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %fone = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.power %x, %one : tensor<4xi32>
  %1 = stablehlo.power %x, %z : tensor<4xi32>
  %2 = stablehlo.power %f, %fz : tensor<4xf32>
  %3 = stablehlo.power %f, %fone : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Rules and(x, -1) -> x, and(x, 0) -> 0, and(x, x) -> x,
// and(x, not x) -> 0.
// CHECK-LABEL: func.func @and_identities
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<false> : tensor<4xi1>
// CHECK-NOT: stablehlo.and
// CHECK: return %arg0, %[[Z]], %arg0, %[[F]]
func.func @and_identities(%x: tensor<4xi32>, %p: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>) {
  %m = stablehlo.constant dense<-1> : tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %0 = stablehlo.and %m, %x : tensor<4xi32>
  %1 = stablehlo.and %x, %z : tensor<4xi32>
  %2 = stablehlo.and %x, %x : tensor<4xi32>
  %np = stablehlo.not %p : tensor<4xi1>
  %3 = stablehlo.and %p, %np : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>
}

// -----

// Rule and with a constant that is neither 0 nor all-ones must stay.
// CHECK-LABEL: func.func @and_mask
// CHECK: stablehlo.and
func.func @and_mask(%x: tensor<4xi32>) -> tensor<4xi32> {
  %m = stablehlo.constant dense<255> : tensor<4xi32>
  %0 = stablehlo.and %x, %m : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rules or(x, 0) -> x, or(x, -1) -> -1, or(x, x) -> x, or(x, not x) -> -1.
// CHECK-LABEL: func.func @or_identities
// CHECK-DAG: %[[M:.*]] = stablehlo.constant dense<-1> : tensor<4xi8>
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-NOT: stablehlo.or
// CHECK: return %arg0, %[[M]], %arg0, %[[T]]
func.func @or_identities(%x: tensor<4xi8>, %p: tensor<4xi1>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>) {
  %m = stablehlo.constant dense<-1> : tensor<4xi8>
  %z = stablehlo.constant dense<0> : tensor<4xi8>
  %0 = stablehlo.or %z, %x : tensor<4xi8>
  %1 = stablehlo.or %x, %m : tensor<4xi8>
  %2 = stablehlo.or %x, %x : tensor<4xi8>
  %np = stablehlo.not %p : tensor<4xi1>
  %3 = stablehlo.or %np, %p : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>
}

// -----

// Rule or(x, not y) with y != x must stay.
// CHECK-LABEL: func.func @or_not_other
// CHECK: stablehlo.or
func.func @or_not_other(%x: tensor<4xi1>, %y: tensor<4xi1>) -> tensor<4xi1> {
  %ny = stablehlo.not %y : tensor<4xi1>
  %0 = stablehlo.or %x, %ny : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Rules xor(x, 0) -> x, xor(x, x) -> 0, xor(x, -1) -> not x,
// xor(x, not x) -> -1.
// CHECK-LABEL: func.func @xor_identities
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xui32>
// CHECK-DAG: %[[M:.*]] = stablehlo.constant dense<4294967295> : tensor<4xui32>
// CHECK-DAG: %[[N:.*]] = stablehlo.not %arg0 : tensor<4xui32>
// CHECK-NOT: stablehlo.xor
// CHECK: return %arg0, %[[Z]], %[[N]], %[[M]]
func.func @xor_identities(%x: tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>) {
  %m = stablehlo.constant dense<4294967295> : tensor<4xui32>
  %z = stablehlo.constant dense<0> : tensor<4xui32>
  %0 = stablehlo.xor %x, %z : tensor<4xui32>
  %1 = stablehlo.xor %x, %x : tensor<4xui32>
  %2 = stablehlo.xor %m, %x : tensor<4xui32>
  %nx = stablehlo.not %x : tensor<4xui32>
  %3 = stablehlo.xor %x, %nx : tensor<4xui32>
  return %0, %1, %2, %3 : tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>
}

// -----

// Rule xor(x, c) for another constant must stay.
// CHECK-LABEL: func.func @xor_other
// CHECK: stablehlo.xor
func.func @xor_other(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<5> : tensor<4xi32>
  %0 = stablehlo.xor %x, %c : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rule not(not x) -> x. The negative case: a single not stays.
// CHECK-LABEL: func.func @not_not
// CHECK: %[[N:.*]] = stablehlo.not %arg0
// CHECK-NOT: stablehlo.not
// CHECK: return %arg0, %[[N]]
func.func @not_not(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = stablehlo.not %x : tensor<4xi32>
  %1 = stablehlo.not %0 : tensor<4xi32>
  return %1, %0 : tensor<4xi32>, tensor<4xi32>
}

// -----

// Rule not(compare) -> compare with the inverse direction, for integers
// and TOTALORDER floats. The negative case: FLOAT comparisons, where NaN
// makes both x < y and x >= y false.
// CHECK-LABEL: func.func @not_compare
// CHECK-DAG: %[[A:.*]] = stablehlo.compare GE, %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>)
// CHECK-DAG: %[[B:.*]] = stablehlo.compare NE, %arg2, %arg3, TOTALORDER
// CHECK-DAG: %[[C:.*]] = stablehlo.compare LT, %arg2, %arg3 : (tensor<4xf32>, tensor<4xf32>)
// CHECK-DAG: %[[D:.*]] = stablehlo.not %[[C]]
// CHECK: return %[[A]], %[[B]], %[[D]]
func.func @not_compare(%x: tensor<4xi32>, %y: tensor<4xi32>, %f: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %c0 = stablehlo.compare LT, %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %0 = stablehlo.not %c0 : tensor<4xi1>
  %c1 = stablehlo.compare EQ, %f, %g, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.not %c1 : tensor<4xi1>
  %c2 = stablehlo.compare LT, %f, %g : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.not %c2 : tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Rule negate(negate x) -> x for integers, floats and complex numbers. The
// negative case: a quantized negate is not an exact sign flip.
// CHECK-LABEL: func.func @negate_negate
// CHECK-COUNT-2: stablehlo.negate %{{.*}} : tensor<4x!quant.uniform
// CHECK: return %arg0, %arg1, %arg2
func.func @negate_negate(%x: tensor<4xi32>, %f: tensor<4xf32>, %c: tensor<4xcomplex<f64>>, %q: tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xcomplex<f64>>, tensor<4x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.negate %x : tensor<4xi32>
  %1 = stablehlo.negate %0 : tensor<4xi32>
  %2 = stablehlo.negate %f : tensor<4xf32>
  %3 = stablehlo.negate %2 : tensor<4xf32>
  %4 = stablehlo.negate %c : tensor<4xcomplex<f64>>
  %5 = stablehlo.negate %4 : tensor<4xcomplex<f64>>
  %6 = stablehlo.negate %q : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  %7 = stablehlo.negate %6 : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  return %1, %3, %5, %7 : tensor<4xi32>, tensor<4xf32>, tensor<4xcomplex<f64>>, tensor<4x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// Rule negate(a - b) -> b - a for integers. The negative case: for floats
// -(x - x) = -0 but x - x = +0.
// CHECK-LABEL: func.func @negate_subtract
// CHECK-DAG: %[[A:.*]] = stablehlo.subtract %arg1, %arg0 : tensor<4xi32>
// CHECK-DAG: %[[S:.*]] = stablehlo.subtract %arg2, %arg3 : tensor<4xf32>
// CHECK-DAG: %[[N:.*]] = stablehlo.negate %[[S]]
// CHECK: return %[[A]], %[[N]]
func.func @negate_subtract(%x: tensor<4xi32>, %y: tensor<4xi32>, %f: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %0 = stablehlo.subtract %x, %y : tensor<4xi32>
  %1 = stablehlo.negate %0 : tensor<4xi32>
  %2 = stablehlo.subtract %f, %g : tensor<4xf32>
  %3 = stablehlo.negate %2 : tensor<4xf32>
  return %1, %3 : tensor<4xi32>, tensor<4xf32>
}

// -----

// Rules abs(abs x) -> abs x and abs(negate x) -> abs x (also for complex
// operands, whose abs is a float). The negative case: negate(abs x) stays.
// CHECK-LABEL: func.func @abs_identities
// CHECK-DAG: %[[A:.*]] = stablehlo.abs %arg0 : tensor<4xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.abs %arg1 : tensor<4xf32>
// CHECK-DAG: %[[C:.*]] = stablehlo.abs %arg2 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-DAG: %[[C2:.*]] = stablehlo.abs %arg2 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-DAG: %[[D:.*]] = stablehlo.negate %[[B]]
// CHECK: return %[[A]], %[[B]], %[[C]], %[[C2]], %[[D]]
func.func @abs_identities(%x: tensor<4xi32>, %f: tensor<4xf32>, %c: tensor<4xcomplex<f32>>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.abs %x : tensor<4xi32>
  %1 = stablehlo.abs %0 : tensor<4xi32>
  %n = stablehlo.negate %f : tensor<4xf32>
  %2 = stablehlo.abs %n : tensor<4xf32>
  %nc = stablehlo.negate %c : tensor<4xcomplex<f32>>
  %3 = stablehlo.abs %nc : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %a = stablehlo.abs %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %4 = stablehlo.abs %a : tensor<4xf32>
  %5 = stablehlo.negate %2 : tensor<4xf32>
  return %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Rule sign(sign x) -> sign x for integers and floats. The negative case:
// complex sign z / |z| rounds, so applying it twice may differ.
// CHECK-LABEL: func.func @sign_sign
// CHECK: %[[A:.*]] = stablehlo.sign %arg0 : tensor<4xf32>
// CHECK: %[[B:.*]] = stablehlo.sign %arg1 : tensor<4xcomplex<f32>>
// CHECK: %[[C:.*]] = stablehlo.sign %[[B]] : tensor<4xcomplex<f32>>
// CHECK: return %[[A]], %[[C]]
func.func @sign_sign(%f: tensor<4xf32>, %c: tensor<4xcomplex<f32>>) -> (tensor<4xf32>, tensor<4xcomplex<f32>>) {
  %0 = stablehlo.sign %f : tensor<4xf32>
  %1 = stablehlo.sign %0 : tensor<4xf32>
  %2 = stablehlo.sign %c : tensor<4xcomplex<f32>>
  %3 = stablehlo.sign %2 : tensor<4xcomplex<f32>>
  return %1, %3 : tensor<4xf32>, tensor<4xcomplex<f32>>
}

// -----

// Rule rounding of an already rounded value (floor, ceil, round_nearest_afz,
// round_nearest_even of one another) -> that value. The negative case:
// floor of a non-rounded value stays.
// CHECK-LABEL: func.func @round_of_rounded
// CHECK-DAG: %[[F:.*]] = stablehlo.floor %arg0
// CHECK-DAG: %[[R:.*]] = stablehlo.round_nearest_even %arg0
// CHECK-DAG: %[[S:.*]] = stablehlo.sqrt %arg0
// CHECK-DAG: %[[G:.*]] = stablehlo.floor %[[S]]
// CHECK-NOT: stablehlo.ceil
// CHECK-NOT: stablehlo.round_nearest_afz
// CHECK: return %[[F]], %[[R]], %[[G]]
func.func @round_of_rounded(%f: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.floor %f : tensor<4xf32>
  %1 = stablehlo.ceil %0 : tensor<4xf32>
  %2 = stablehlo.round_nearest_even %f : tensor<4xf32>
  %3 = stablehlo.round_nearest_afz %2 : tensor<4xf32>
  %s = stablehlo.sqrt %f : tensor<4xf32>
  %4 = stablehlo.floor %s : tensor<4xf32>
  return %1, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Rules max(x, x) -> x and min(x, x) -> x, including floats (NaN stays the
// same NaN).
// CHECK-LABEL: func.func @max_min_self
// CHECK-NOT: stablehlo.maximum
// CHECK-NOT: stablehlo.minimum
// CHECK: return %arg0, %arg1
func.func @max_min_self(%x: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %0 = stablehlo.maximum %x, %x : tensor<4xi32>
  %1 = stablehlo.minimum %f, %f : tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}

// -----

// Rules max(x, lowest) -> x, min(x, highest) -> x (floats: -inf/+inf),
// and for integers max(x, highest) -> highest, min(x, lowest) -> lowest.
// CHECK-LABEL: func.func @max_min_extremes
// CHECK-DAG: %[[HI:.*]] = stablehlo.constant dense<127> : tensor<4xi8>
// CHECK-DAG: %[[LO:.*]] = stablehlo.constant dense<0> : tensor<4xui8>
// CHECK-NOT: stablehlo.maximum
// CHECK-NOT: stablehlo.minimum
// CHECK: return %arg0, %arg0, %[[HI]], %arg1, %[[LO]], %arg2, %arg2
func.func @max_min_extremes(%x: tensor<4xi8>, %u: tensor<4xui8>, %f: tensor<4xf32>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xf32>, tensor<4xf32>) {
  %lo = stablehlo.constant dense<-128> : tensor<4xi8>
  %hi = stablehlo.constant dense<127> : tensor<4xi8>
  %ulo = stablehlo.constant dense<0> : tensor<4xui8>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<4xf32>
  %pinf = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
  %0 = stablehlo.maximum %x, %lo : tensor<4xi8>
  %1 = stablehlo.minimum %hi, %x : tensor<4xi8>
  %2 = stablehlo.maximum %x, %hi : tensor<4xi8>
  %3 = stablehlo.maximum %u, %ulo : tensor<4xui8>
  %4 = stablehlo.minimum %u, %ulo : tensor<4xui8>
  %5 = stablehlo.maximum %ninf, %f : tensor<4xf32>
  %6 = stablehlo.minimum %f, %pinf : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Rule max/min with extremes, negative cases: float max(x, +inf) is NaN for
// NaN x; -128 is not the lowest ui8; max(x, 0) is a relu.
// CHECK-LABEL: func.func @max_min_extremes_negative
// CHECK-COUNT-3: stablehlo.maximum
func.func @max_min_extremes_negative(%f: tensor<4xf32>, %u: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi8>) {
  %pinf = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4xf32>
  %c = stablehlo.constant dense<-127> : tensor<4xi8>
  %0 = stablehlo.maximum %f, %pinf : tensor<4xf32>
  %1 = stablehlo.maximum %f, %z : tensor<4xf32>
  %2 = stablehlo.maximum %u, %c : tensor<4xi8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xi8>
}

// -----

// Rule clamp(lowest, x, highest) -> x (0-d bounds allowed). The negative
// case: a real bound stays.
// CHECK-LABEL: func.func @clamp_trivial
// CHECK: %[[C:.*]] = stablehlo.clamp
// CHECK: return %arg0, %arg1, %[[C]]
func.func @clamp_trivial(%f: tensor<4xf32>, %x: tensor<4xi16>) -> (tensor<4xf32>, tensor<4xi16>, tensor<4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pinf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %lo = stablehlo.constant dense<-32768> : tensor<i16>
  %hi = stablehlo.constant dense<32767> : tensor<i16>
  %six = stablehlo.constant dense<6.0> : tensor<f32>
  %0 = stablehlo.clamp %ninf, %f, %pinf : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.clamp %lo, %x, %hi : (tensor<i16>, tensor<4xi16>, tensor<i16>) -> tensor<4xi16>
  %2 = stablehlo.clamp %ninf, %f, %six : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi16>, tensor<4xf32>
}

// -----

// Rules shift by 0 -> x; shift_left and shift_right_logical by the width or
// more -> 0. The negative case: shift_right_arithmetic by the width or more
// fills with the sign and stays.
// CHECK-LABEL: func.func @shifts
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[A:.*]] = stablehlo.shift_right_arithmetic %arg0, %{{.*}} : tensor<4xi32>
// CHECK-NOT: stablehlo.shift_left
// CHECK-NOT: stablehlo.shift_right_logical
// CHECK: return %arg0, %arg0, %arg0, %[[Z]], %[[Z]], %[[A]]
func.func @shifts(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %w = stablehlo.constant dense<32> : tensor<4xi32>
  %m = stablehlo.constant dense<-1> : tensor<4xi32>
  %0 = stablehlo.shift_left %x, %z : tensor<4xi32>
  %1 = stablehlo.shift_right_logical %x, %z : tensor<4xi32>
  %2 = stablehlo.shift_right_arithmetic %x, %z : tensor<4xi32>
  %3 = stablehlo.shift_left %x, %w : tensor<4xi32>
  %4 = stablehlo.shift_right_logical %x, %m : tensor<4xi32>
  %5 = stablehlo.shift_right_arithmetic %x, %w : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Rule shift by an in-range constant must stay.
// CHECK-LABEL: func.func @shift_in_range
// CHECK: stablehlo.shift_left
func.func @shift_in_range(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<31> : tensor<4xi32>
  %0 = stablehlo.shift_left %x, %c : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rules select(true, a, b) -> a, select(false, a, b) -> b (0-d predicate
// too), select(p, a, a) -> a, select(not p, a, b) -> select(p, b, a).
// CHECK-LABEL: func.func @select_identities
// CHECK: %[[S:.*]] = stablehlo.select %arg2, %arg1, %arg0
// CHECK-NOT: stablehlo.not
// CHECK: return %arg0, %arg1, %arg0, %[[S]]
func.func @select_identities(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = stablehlo.constant dense<true> : tensor<4xi1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.select %t, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = stablehlo.select %f, %a, %b : tensor<i1>, tensor<4xf32>
  %2 = stablehlo.select %p, %a, %a : tensor<4xi1>, tensor<4xf32>
  %np = stablehlo.not %p : tensor<4xi1>
  %3 = stablehlo.select %np, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Rule select with a non-splat constant predicate must stay.
// CHECK-LABEL: func.func @select_mixed_pred
// CHECK: stablehlo.select
func.func @select_mixed_pred(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Rule compare(x, x): EQ/LE/GE -> true, NE/LT/GT -> false for integers and
// TOTALORDER floats. The negative case: FLOAT comparison of a NaN with
// itself is unordered (fast-math only).
// CHECK-LABEL: func.func @compare_self
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<false> : tensor<4xi1>
// CHECK-DAG: %[[C:.*]] = stablehlo.compare EQ, %arg1, %arg1 : (tensor<4xf32>, tensor<4xf32>)
// CHECK: return %[[T]], %[[F]], %[[T]], %[[F]], %[[C]]
// FAST-LABEL: func.func @compare_self
// FAST-NOT: stablehlo.compare
// FAST: return
func.func @compare_self(%x: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare LE, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = stablehlo.compare NE, %x, %x, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = stablehlo.compare EQ, %f, %f, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.compare GT, %f, %f, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.compare EQ, %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Rule convert to the same type -> operand. The negative case: a real
// conversion stays.
// CHECK-LABEL: func.func @convert_same_type
// CHECK: %[[C:.*]] = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: return %arg0, %[[C]]
func.func @convert_same_type(%f: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf16>) {
  %0 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xf16>
  return %0, %1 : tensor<4xf32>, tensor<4xf16>
}

// -----

// Rule convert(convert(x)) with an exact inner conversion -> one convert,
// or x when converting back: i8 -> i32 -> i64, f16 -> f32 -> f64,
// ui8 -> i16 -> ui8, i8 -> f32 -> i32 (i32 holds every i8), pred -> f32 ->
// pred, bf16 -> f64 -> i32.
// CHECK-LABEL: func.func @convert_chain
// CHECK-DAG: %[[A:.*]] = stablehlo.convert %arg0 : (tensor<4xi8>) -> tensor<4xi64>
// CHECK-DAG: %[[B:.*]] = stablehlo.convert %arg1 : (tensor<4xf16>) -> tensor<4xf64>
// CHECK-DAG: %[[C:.*]] = stablehlo.convert %arg0 : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-DAG: %[[D:.*]] = stablehlo.convert %arg4 : (tensor<4xbf16>) -> tensor<4xi32>
// CHECK-NOT: stablehlo.convert
// CHECK: return %[[A]], %[[B]], %arg2, %[[C]], %arg3, %[[D]]
func.func @convert_chain(%x: tensor<4xi8>, %h: tensor<4xf16>, %u: tensor<4xui8>, %p: tensor<4xi1>, %b: tensor<4xbf16>) -> (tensor<4xi64>, tensor<4xf64>, tensor<4xui8>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>) {
  %0 = stablehlo.convert %x : (tensor<4xi8>) -> tensor<4xi32>
  %1 = stablehlo.convert %0 : (tensor<4xi32>) -> tensor<4xi64>
  %2 = stablehlo.convert %h : (tensor<4xf16>) -> tensor<4xf32>
  %3 = stablehlo.convert %2 : (tensor<4xf32>) -> tensor<4xf64>
  %4 = stablehlo.convert %u : (tensor<4xui8>) -> tensor<4xi16>
  %5 = stablehlo.convert %4 : (tensor<4xi16>) -> tensor<4xui8>
  %6 = stablehlo.convert %x : (tensor<4xi8>) -> tensor<4xf32>
  %7 = stablehlo.convert %6 : (tensor<4xf32>) -> tensor<4xi32>
  %8 = stablehlo.convert %p : (tensor<4xi1>) -> tensor<4xf32>
  %9 = stablehlo.convert %8 : (tensor<4xf32>) -> tensor<4xi1>
  %10 = stablehlo.convert %b : (tensor<4xbf16>) -> tensor<4xf64>
  %11 = stablehlo.convert %10 : (tensor<4xf64>) -> tensor<4xi32>
  return %1, %3, %5, %7, %9, %11 : tensor<4xi64>, tensor<4xf64>, tensor<4xui8>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>
}

// -----

// Rule convert chain, negative cases: a narrowing inner conversion
// (i32 -> i8 -> i32 loses bits), an inexact one (i32 -> f32 rounds),
// i16 -> f32 -> i8 (float -> int saturates where i16 -> i8 wraps),
// f16 -> bf16 (fewer significand bits), i8 -> ui8 (sign changes).
// CHECK-LABEL: func.func @convert_chain_negative
// CHECK-COUNT-10: stablehlo.convert
func.func @convert_chain_negative(%x: tensor<4xi32>, %s: tensor<4xi16>, %h: tensor<4xf16>, %b: tensor<4xi8>) -> (tensor<4xi32>, tensor<4xf64>, tensor<4xi8>, tensor<4xf32>, tensor<4xi32>) {
  %0 = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xi8>
  %1 = stablehlo.convert %0 : (tensor<4xi8>) -> tensor<4xi32>
  %2 = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>
  %3 = stablehlo.convert %2 : (tensor<4xf32>) -> tensor<4xf64>
  %4 = stablehlo.convert %s : (tensor<4xi16>) -> tensor<4xf32>
  %5 = stablehlo.convert %4 : (tensor<4xf32>) -> tensor<4xi8>
  %6 = stablehlo.convert %h : (tensor<4xf16>) -> tensor<4xbf16>
  %7 = stablehlo.convert %6 : (tensor<4xbf16>) -> tensor<4xf32>
  %8 = stablehlo.convert %b : (tensor<4xi8>) -> tensor<4xui8>
  %9 = stablehlo.convert %8 : (tensor<4xui8>) -> tensor<4xi32>
  return %1, %3, %5, %7, %9 : tensor<4xi32>, tensor<4xf64>, tensor<4xi8>, tensor<4xf32>, tensor<4xi32>
}

// -----

// Rule folding of binary ops on splat constants: integers wrap (i8
// 100 + 100 = -56), booleans add as `or`, floats round in their own type
// (f16 2049 is not representable: 2048 + 1 stays 2048), max of NaN is NaN.
// CHECK-LABEL: func.func @fold_splats
// CHECK-DAG: stablehlo.constant dense<-56> : tensor<4xi8>
// CHECK-DAG: stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-DAG: stablehlo.constant dense<2.048000e+03> : tensor<4xf16>
// CHECK-DAG: stablehlo.constant dense<0x7FC00000> : tensor<4xf32>
// CHECK-DAG: stablehlo.constant dense<6> : tensor<4xui8>
// CHECK-DAG: stablehlo.constant dense<-1.500000e+00> : tensor<4xf32>
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.maximum
// CHECK-NOT: stablehlo.multiply
// CHECK-NOT: stablehlo.negate
func.func @fold_splats() -> (tensor<4xi8>, tensor<4xi1>, tensor<4xf16>, tensor<4xf32>, tensor<4xui8>, tensor<4xf32>) {
  %a = stablehlo.constant dense<100> : tensor<4xi8>
  %0 = stablehlo.add %a, %a : tensor<4xi8>
  %t = stablehlo.constant dense<true> : tensor<4xi1>
  %f = stablehlo.constant dense<false> : tensor<4xi1>
  %1 = stablehlo.add %t, %f : tensor<4xi1>
  %h = stablehlo.constant dense<2048.0> : tensor<4xf16>
  %h1 = stablehlo.constant dense<1.0> : tensor<f16>
  %h1b = stablehlo.broadcast_in_dim %h1, dims = [] : (tensor<f16>) -> tensor<4xf16>
  %2 = stablehlo.add %h, %h1b : tensor<4xf16>
  %n = stablehlo.constant dense<0x7FC00000> : tensor<4xf32>
  %g = stablehlo.constant dense<3.0> : tensor<4xf32>
  %3 = stablehlo.maximum %g, %n : tensor<4xf32>
  %u = stablehlo.constant dense<3> : tensor<4xui8>
  %v = stablehlo.constant dense<2> : tensor<4xui8>
  %4 = stablehlo.multiply %u, %v : tensor<4xui8>
  %w = stablehlo.constant dense<1.5> : tensor<4xf32>
  %5 = stablehlo.negate %w : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi8>, tensor<4xi1>, tensor<4xf16>, tensor<4xf32>, tensor<4xui8>, tensor<4xf32>
}

// -----

// Rule folding of splats, negative cases: non-splat constants (left to
// other passes) and complex splats are not folded.
// CHECK-LABEL: func.func @fold_splats_negative
// CHECK-COUNT-2: stablehlo.add
func.func @fold_splats_negative() -> (tensor<2xi32>, tensor<2xcomplex<f32>>) {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = stablehlo.add %a, %a : tensor<2xi32>
  %c = stablehlo.constant dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  %1 = stablehlo.add %c, %c : tensor<2xcomplex<f32>>
  return %0, %1 : tensor<2xi32>, tensor<2xcomplex<f32>>
}

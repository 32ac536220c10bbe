// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// Binary elementwise ops with their XLA corner cases: shift amounts of the
// bit width or more (read as unsigned), integer division by 0 and
// INT_MIN / -1, integer power with negative exponents.

// shift_left by >= 32 gives 0; the shift's poison there is discarded.
// CHECK-LABEL: func.func @shift_left_i32
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[W:.*]] = arith.constant 32 : i32
// CHECK: %[[OOR:.*]] = arith.cmpi uge, %[[Y]], %[[W]] : i32
// CHECK: %[[S:.*]] = arith.shli %[[X]], %[[Y]] : i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: arith.select %[[OOR]], %[[ZERO]], %[[S]] : i32
func.func @shift_left_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.shift_left %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @shift_right_logical_ui16
// CHECK: ^bb0(%[[X:.*]]: i16, %[[Y:.*]]: i16, %{{.*}}: i16):
// CHECK: %[[W:.*]] = arith.constant 16 : i16
// CHECK: %[[OOR:.*]] = arith.cmpi uge, %[[Y]], %[[W]] : i16
// CHECK: %[[S:.*]] = arith.shrui %[[X]], %[[Y]] : i16
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK: arith.select %[[OOR]], %[[ZERO]], %[[S]] : i16
func.func @shift_right_logical_ui16(%a: tensor<4xui16>, %b: tensor<4xui16>) -> tensor<4xui16> {
  %0 = stablehlo.shift_right_logical %a, %b : tensor<4xui16>
  return %0 : tensor<4xui16>
}

// -----

// An arithmetic shift by >= the width fills with the sign bit: the same as
// shifting by width - 1.
// CHECK-LABEL: func.func @shift_right_arithmetic_i8
// CHECK: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[W:.*]] = arith.constant 8 : i8
// CHECK: %[[OOR:.*]] = arith.cmpi uge, %[[Y]], %[[W]] : i8
// CHECK: %[[W1:.*]] = arith.constant 7 : i8
// CHECK: %[[AMOUNT:.*]] = arith.select %[[OOR]], %[[W1]], %[[Y]] : i8
// CHECK: arith.shrsi %[[X]], %[[AMOUNT]] : i8
func.func @shift_right_arithmetic_i8(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %0 = stablehlo.shift_right_arithmetic %a, %b : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// Signed division: x / 0 = -1 and INT_MIN / -1 = INT_MIN (divides by 1).
// CHECK-LABEL: func.func @divide_i32
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK: %[[BYZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[XMIN:.*]] = arith.cmpi eq, %[[X]], %[[MIN]] : i32
// CHECK: %[[YM1:.*]] = arith.cmpi eq, %[[Y]], %[[ALL]] : i32
// CHECK: %[[OVF:.*]] = arith.andi %[[XMIN]], %[[YM1]] : i1
// CHECK: %[[UNSAFE:.*]] = arith.ori %[[BYZERO]], %[[OVF]] : i1
// CHECK: %[[D:.*]] = arith.select %[[UNSAFE]], %[[ONE]], %[[Y]] : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[D]] : i32
// CHECK: arith.select %[[BYZERO]], %[[ALL]], %[[Q]] : i32
func.func @divide_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.divide %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Signed remainder: x % 0 = x, x % -1 = 0 (computed as x % 1).
// CHECK-LABEL: func.func @remainder_i64
// CHECK: ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i64, %{{.*}}: i64):
// CHECK: %[[BYZERO:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i64
// CHECK: %[[BYM1:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i64
// CHECK: %[[UNSAFE:.*]] = arith.ori %[[BYZERO]], %[[BYM1]] : i1
// CHECK: %[[D:.*]] = arith.select %[[UNSAFE]], %{{.*}}, %[[Y]] : i64
// CHECK: %[[R:.*]] = arith.remsi %[[X]], %[[D]] : i64
// CHECK: arith.select %[[BYZERO]], %[[X]], %[[R]] : i64
func.func @remainder_i64(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %0 = stablehlo.remainder %a, %b : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// CHECK-LABEL: func.func @remainder_f32
// CHECK: arith.remf %{{.*}}, %{{.*}} : f32
func.func @remainder_f32(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.remainder %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Integer power: square and multiply while the exponent has bits left; a
// negative exponent gives 0 except for the bases 1 and -1.
// CHECK-LABEL: func.func @power_i32
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[Y]], %[[ZERO]] : i32
// CHECK: %[[E:.*]] = arith.select %[[NEG]], %[[ZERO]], %[[Y]] : i32
// CHECK: %[[LOOP:.*]]:3 = scf.while (%[[ACC:.*]] = %[[ONE]], %[[BASE:.*]] = %[[X]], %[[EXP:.*]] = %[[E]])
// CHECK: %[[MORE:.*]] = arith.cmpi ne, %[[EXP]], %[[ZERO]] : i32
// CHECK: scf.condition(%[[MORE]])
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %[[N:.*]]: i32):
// CHECK: %[[ODD:.*]] = arith.trunci %[[N]] : i32 to i1
// CHECK: %[[P:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK: %[[A2:.*]] = arith.select %[[ODD]], %[[P]], %[[A]] : i32
// CHECK: %[[B2:.*]] = arith.muli %[[B]], %[[B]] : i32
// CHECK: %[[N2:.*]] = arith.shrui %[[N]], %[[ONE]] : i32
// CHECK: scf.yield %[[A2]], %[[B2]], %[[N2]]
// CHECK: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK: %[[YODD:.*]] = arith.trunci %[[Y]] : i32 to i1
// CHECK: %[[OFM1:.*]] = arith.select %[[YODD]], %[[ALL]], %[[ONE]] : i32
// CHECK: %[[IS1:.*]] = arith.cmpi eq, %[[X]], %[[ONE]] : i32
// CHECK: %[[ISM1:.*]] = arith.cmpi eq, %[[X]], %[[ALL]] : i32
// CHECK: %[[R1:.*]] = arith.select %[[ISM1]], %[[OFM1]], %[[ZERO]] : i32
// CHECK: %[[R2:.*]] = arith.select %[[IS1]], %[[ONE]], %[[R1]] : i32
// CHECK: arith.select %[[NEG]], %[[R2]], %[[LOOP]]#0 : i32
func.func @power_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.power %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Unsigned exponents are never negative: just the loop.
// CHECK-LABEL: func.func @power_ui8
// CHECK: %[[LOOP:.*]]:3 = scf.while
// CHECK: linalg.yield %[[LOOP]]#0 : i8
func.func @power_ui8(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = stablehlo.power %a, %b : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @power_float
// CHECK: math.powf %{{.*}}, %{{.*}} : f16
// CHECK: complex.pow %{{.*}}, %{{.*}} : complex<f64>
func.func @power_float(%a: tensor<4xf16>, %c: tensor<4xcomplex<f64>>) -> (tensor<4xf16>, tensor<4xcomplex<f64>>) {
  %0 = stablehlo.power %a, %a : tensor<4xf16>
  %1 = stablehlo.power %c, %c : tensor<4xcomplex<f64>>
  return %0, %1 : tensor<4xf16>, tensor<4xcomplex<f64>>
}

// -----

// CHECK-LABEL: func.func @atan2_f64
// CHECK: ^bb0(%[[Y:.*]]: f64, %[[X:.*]]: f64, %{{.*}}: f64):
// CHECK: math.atan2 %[[Y]], %[[X]] : f64
func.func @atan2_f64(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %0 = stablehlo.atan2 %a, %b : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Complex atan2(y, x) = -i * log((x + i y) / sqrt(x^2 + y^2)).
// CHECK-LABEL: func.func @atan2_c128
// CHECK: ^bb0(%[[Y:.*]]: complex<f64>, %[[X:.*]]: complex<f64>, %{{.*}}: complex<f64>):
// CHECK: %[[I:.*]] = complex.constant [0.000000e+00, 1.000000e+00] : complex<f64>
// CHECK: %[[MI:.*]] = complex.constant [0.000000e+00, -1.000000e+00] : complex<f64>
// CHECK: %[[IY:.*]] = complex.mul %[[I]], %[[Y]]
// CHECK: %[[NUM:.*]] = complex.add %[[X]], %[[IY]]
// CHECK: %[[XX:.*]] = complex.mul %[[X]], %[[X]]
// CHECK: %[[YY:.*]] = complex.mul %[[Y]], %[[Y]]
// CHECK: %[[SUM:.*]] = complex.add %[[XX]], %[[YY]]
// CHECK: %[[ROOT:.*]] = complex.sqrt %[[SUM]]
// CHECK: %[[Q:.*]] = complex.div %[[NUM]], %[[ROOT]]
// CHECK: %[[LOG:.*]] = complex.log %[[Q]]
// CHECK: complex.mul %[[MI]], %[[LOG]]
func.func @atan2_c128(%a: tensor<4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.atan2 %a, %b : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// Complex maximum/minimum: lexicographic on (real, imaginary).
// CHECK-LABEL: func.func @minimum_c64
// CHECK: ^bb0(%[[X:.*]]: complex<f32>, %[[Y:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[XR:.*]] = complex.re %[[X]]
// CHECK: %[[XI:.*]] = complex.im %[[X]]
// CHECK: %[[YR:.*]] = complex.re %[[Y]]
// CHECK: %[[YI:.*]] = complex.im %[[Y]]
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[XR]], %[[YR]] : f32
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[XR]], %[[YR]] : f32
// CHECK: %[[GTI:.*]] = arith.cmpf ogt, %[[XI]], %[[YI]] : f32
// CHECK: %[[TIE:.*]] = arith.andi %[[EQ]], %[[GTI]] : i1
// CHECK: %[[GREATER:.*]] = arith.ori %[[GT]], %[[TIE]] : i1
// CHECK: arith.select %[[GREATER]], %[[Y]], %[[X]] : complex<f32>
func.func @minimum_c64(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.minimum %a, %b : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Float maximum propagates NaN and orders -0 < +0: arith.maximumf.
// CHECK-LABEL: func.func @maximum_bf16
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : bf16
func.func @maximum_bf16(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = stablehlo.maximum %a, %b : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// CHECK-LABEL: func.func @complex_f64
// CHECK: ^bb0(%[[RE:.*]]: f64, %[[IM:.*]]: f64, %{{.*}}: complex<f64>):
// CHECK: complex.create %[[RE]], %[[IM]] : complex<f64>
func.func @complex_f64(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.complex %a, %b : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// CHECK-LABEL: func.func @bitwise_ui32
// CHECK: arith.andi %{{.*}}, %{{.*}} : i32
// CHECK: arith.ori %{{.*}}, %{{.*}} : i32
// CHECK: arith.xori %{{.*}}, %{{.*}} : i32
func.func @bitwise_ui32(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = stablehlo.and %a, %b : tensor<4xui32>
  %1 = stablehlo.or %0, %b : tensor<4xui32>
  %2 = stablehlo.xor %1, %b : tensor<4xui32>
  return %2 : tensor<4xui32>
}

// -----

// complex<f32> products run on complex<f64> (exact products, one rounding
// of re = ac - bd) and round once, like the interpreter.
// CHECK-LABEL: func.func @multiply_c64
// CHECK: ^bb0(%[[X:.*]]: complex<f32>, %[[Y:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[XW:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK: %[[YW:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK: %[[P:.*]] = complex.mul %[[XW]], %[[YW]] : complex<f64>
// CHECK: %[[PRE:.*]] = complex.re %[[P]] : complex<f64>
// CHECK: %[[PIM:.*]] = complex.im %[[P]] : complex<f64>
// CHECK: %[[RE:.*]] = arith.truncf %[[PRE]] : f64 to f32
// CHECK: %[[IM:.*]] = arith.truncf %[[PIM]] : f64 to f32
// CHECK: complex.create %[[RE]], %[[IM]] : complex<f32>
func.func @multiply_c64(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.multiply %a, %b : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Sums need no widening: each part is one rounding already.
// CHECK-LABEL: func.func @add_c64
// CHECK-NOT: arith.extf
// CHECK: complex.add %{{.*}}, %{{.*}} : complex<f32>
func.func @add_c64(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.add %a, %b : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

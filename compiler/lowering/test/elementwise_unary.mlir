// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// Unary elementwise ops: math ops for floats (bf16/f16 stay in their own
// type), complex ops for complex numbers, arith bit tricks for integers.

// Integer abs wraps: INT_MIN stays INT_MIN.
// CHECK-LABEL: func.func @abs_i32
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[X]], %[[ZERO]] : i32
// CHECK: %[[MINUS:.*]] = arith.subi %[[ZERO]], %[[X]] : i32
// CHECK: arith.select %[[NEG]], %[[MINUS]], %[[X]] : i32
func.func @abs_i32(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.abs %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @abs_f16
// CHECK: math.absf %{{.*}} : f16
func.func @abs_f16(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = stablehlo.abs %a : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// The modulus of a complex number is real. complex<f32> functions run on
// complex<f64> and round once, like the interpreter.
// CHECK-LABEL: func.func @abs_c64
// CHECK: ^bb0(%[[IN:.*]]: complex<f32>, %{{.*}}: f32):
// CHECK: %[[RE:.*]] = complex.re %[[IN]] : complex<f32>
// CHECK: %[[IM:.*]] = complex.im %[[IN]] : complex<f32>
// CHECK: %[[WRE:.*]] = arith.extf %[[RE]] : f32 to f64
// CHECK: %[[WIM:.*]] = arith.extf %[[IM]] : f32 to f64
// CHECK: %[[WIDE:.*]] = complex.create %[[WRE]], %[[WIM]] : complex<f64>
// CHECK: %[[ABS:.*]] = complex.abs %[[WIDE]] : complex<f64>
// CHECK: %[[R:.*]] = arith.truncf %[[ABS]] : f64 to f32
// CHECK: linalg.yield %[[R]] : f32
// CHECK: -> tensor<4xf32>
func.func @abs_c64(%a: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  %0 = stablehlo.abs %a : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sign of an integer: the sign bit spread (-1 or 0), or 1 for positives.
// CHECK-LABEL: func.func @sign_i8
// CHECK: ^bb0(%[[IN:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[C7:.*]] = arith.constant 7 : i8
// CHECK: %[[SPREAD:.*]] = arith.shrsi %[[IN]], %[[C7]] : i8
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[IN]], %{{.*}} : i8
// CHECK: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK: arith.select %[[POS]], %[[ONE]], %[[SPREAD]] : i8
func.func @sign_i8(%a: tensor<4xi8>) -> tensor<4xi8> {
  %0 = stablehlo.sign %a : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// sign of a float: +-1 with the operand's sign; NaN and +-0 are their own
// sign ("one" is false for both).
// CHECK-LABEL: func.func @sign_f32
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[IN]], %[[ZERO]] : f32
// CHECK: %[[M1:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[P1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[UNIT:.*]] = arith.select %[[NEG]], %[[M1]], %[[P1]] : f32
// CHECK: %[[NONZERO:.*]] = arith.cmpf one, %[[IN]], %[[ZERO]] : f32
// CHECK: arith.select %[[NONZERO]], %[[UNIT]], %[[IN]] : f32
func.func @sign_f32(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.sign %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sign of a complex number: x / |x|, zero stays, NaN anywhere gives
// (NaN, NaN).
// CHECK-LABEL: func.func @sign_c128
// CHECK: ^bb0(%[[IN:.*]]: complex<f64>, %{{.*}}: complex<f64>):
// CHECK: %[[RE:.*]] = complex.re %[[IN]]
// CHECK: %[[IM:.*]] = complex.im %[[IN]]
// CHECK: %[[ABS:.*]] = complex.abs %[[IN]]
// CHECK: %[[URE:.*]] = arith.divf %[[RE]], %[[ABS]] : f64
// CHECK: %[[UIM:.*]] = arith.divf %[[IM]], %[[ABS]] : f64
// CHECK: %[[UNIT:.*]] = complex.create %[[URE]], %[[UIM]]
// CHECK: %[[ISZERO:.*]] = arith.andi
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %[[RE]], %[[IM]] : f64
// CHECK: %[[NAN:.*]] = complex.constant [0x7FF8000000000000 : f64, 0x7FF8000000000000 : f64]
// CHECK: %[[NZ:.*]] = arith.select %[[ISZERO]], %[[IN]], %[[UNIT]] : complex<f64>
// CHECK: arith.select %[[ISNAN]], %[[NAN]], %[[NZ]] : complex<f64>
func.func @sign_c128(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.sign %a : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// not: xor with all ones (`true` for booleans).
// CHECK-LABEL: func.func @not_i1
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: arith.xori %{{.*}}, %[[TRUE]] : i1
func.func @not_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  %0 = stablehlo.not %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @not_ui16(%{{.*}}: tensor<4xi16>) -> tensor<4xi16>
// CHECK: %[[ONES:.*]] = arith.constant -1 : i16
// CHECK: arith.xori %{{.*}}, %[[ONES]] : i16
func.func @not_ui16(%a: tensor<4xui16>) -> tensor<4xui16> {
  %0 = stablehlo.not %a : tensor<4xui16>
  return %0 : tensor<4xui16>
}

// -----

// CHECK-LABEL: func.func @bits_i32
// CHECK: math.ctpop %{{.*}} : i32
// CHECK: math.ctlz %{{.*}} : i32
func.func @bits_i32(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.popcnt %a : tensor<4xi32>
  %1 = stablehlo.count_leading_zeros %0 : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @rounding_bf16
// CHECK: math.ceil %{{.*}} : bf16
// CHECK: math.floor %{{.*}} : bf16
// CHECK: math.round %{{.*}} : bf16
// CHECK: math.roundeven %{{.*}} : bf16
func.func @rounding_bf16(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = stablehlo.ceil %a : tensor<4xbf16>
  %1 = stablehlo.floor %0 : tensor<4xbf16>
  %2 = stablehlo.round_nearest_afz %1 : tensor<4xbf16>
  %3 = stablehlo.round_nearest_even %2 : tensor<4xbf16>
  return %3 : tensor<4xbf16>
}

// -----

// CHECK-LABEL: func.func @is_finite_f64
// CHECK: ^bb0(%{{.*}}: f64, %{{.*}}: i1):
// CHECK: math.isfinite %{{.*}} : f64
func.func @is_finite_f64(%a: tensor<4xf64>) -> tensor<4xi1> {
  %0 = stablehlo.is_finite %a : (tensor<4xf64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @transcendental_f32
// CHECK: math.sin %{{.*}} : f32
// CHECK: math.cos %{{.*}} : f32
// CHECK: math.tan %{{.*}} : f32
// CHECK: math.expm1 %{{.*}} : f32
// CHECK: math.log1p %{{.*}} : f32
// CHECK: math.sqrt %{{.*}} : f32
// CHECK: math.rsqrt %{{.*}} : f32
// CHECK: math.cbrt %{{.*}} : f32
func.func @transcendental_f32(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.sine %a : tensor<4xf32>
  %1 = stablehlo.cosine %0 : tensor<4xf32>
  %2 = stablehlo.tan %1 : tensor<4xf32>
  %3 = stablehlo.exponential_minus_one %2 : tensor<4xf32>
  %4 = stablehlo.log_plus_one %3 : tensor<4xf32>
  %5 = stablehlo.sqrt %4 : tensor<4xf32>
  %6 = stablehlo.rsqrt %5 : tensor<4xf32>
  %7 = stablehlo.cbrt %6 : tensor<4xf32>
  return %7 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @transcendental_c128
// CHECK: complex.sin %{{.*}} : complex<f64>
// CHECK: complex.cos %{{.*}} : complex<f64>
// CHECK: complex.tan %{{.*}} : complex<f64>
// CHECK: complex.log1p %{{.*}} : complex<f64>
// CHECK: complex.sqrt %{{.*}} : complex<f64>
// CHECK: complex.rsqrt %{{.*}} : complex<f64>
func.func @transcendental_c128(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.sine %a : tensor<4xcomplex<f64>>
  %1 = stablehlo.cosine %0 : tensor<4xcomplex<f64>>
  %2 = stablehlo.tan %1 : tensor<4xcomplex<f64>>
  %4 = stablehlo.log_plus_one %2 : tensor<4xcomplex<f64>>
  %5 = stablehlo.sqrt %4 : tensor<4xcomplex<f64>>
  %6 = stablehlo.rsqrt %5 : tensor<4xcomplex<f64>>
  return %6 : tensor<4xcomplex<f64>>
}

// -----

// Complex expm1 = (expm1(x) cos(y) - 2 sin^2(y / 2)) + i exp(x) sin(y): no
// cancellation against 1 for small parts.
// CHECK-LABEL: func.func @expm1_c128
// CHECK: ^bb0(%[[IN:.*]]: complex<f64>, %{{.*}}: complex<f64>):
// CHECK: %[[X:.*]] = complex.re %[[IN]]
// CHECK: %[[Y:.*]] = complex.im %[[IN]]
// CHECK: %[[HALFY:.*]] = arith.mulf %[[Y]], %{{.*}} : f64
// CHECK: %[[S:.*]] = math.sin %[[HALFY]] : f64
// CHECK: %[[S2:.*]] = arith.mulf %[[S]], %[[S]] : f64
// CHECK: %[[CM1:.*]] = arith.mulf %{{.*}}, %[[S2]] : f64
// CHECK: %[[EM1:.*]] = math.expm1 %[[X]] : f64
// CHECK: %[[COS:.*]] = math.cos %[[Y]] : f64
// CHECK: %[[P:.*]] = arith.mulf %[[EM1]], %[[COS]] : f64
// CHECK: %[[RE:.*]] = arith.addf %[[P]], %[[CM1]] : f64
// CHECK: %[[E:.*]] = math.exp %[[X]] : f64
// CHECK: %[[SIN:.*]] = math.sin %[[Y]] : f64
// CHECK: %[[IM:.*]] = arith.mulf %[[E]], %[[SIN]] : f64
// CHECK: complex.create %[[RE]], %[[IM]] : complex<f64>
func.func @expm1_c128(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.exponential_minus_one %a : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// Complex cube root: the principal value x^(1/3).
// CHECK-LABEL: func.func @cbrt_c128
// CHECK: %[[THIRD:.*]] = complex.constant [0.33333333333333331, 0.000000e+00] : complex<f64>
// CHECK: complex.pow %{{.*}}, %[[THIRD]] : complex<f64>
func.func @cbrt_c128(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.cbrt %a : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// logistic: e = exp(-|x|) never overflows; 1 / (1 + e) for x >= 0 and
// e / (1 + e) below. bf16 computes in f32 and rounds once.
// CHECK-LABEL: func.func @logistic_bf16
// CHECK: ^bb0(%[[IN:.*]]: bf16, %{{.*}}: bf16):
// CHECK: %[[X:.*]] = arith.extf %[[IN]] : bf16 to f32
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[ABS:.*]] = math.absf %[[X]] : f32
// CHECK: %[[NEG:.*]] = arith.negf %[[ABS]] : f32
// CHECK: %[[E:.*]] = math.exp %[[NEG]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK: %[[R:.*]] = arith.divf %[[ONE]], %[[SUM]] : f32
// CHECK: %[[ISNEG:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
// CHECK: %[[ER:.*]] = arith.mulf %[[E]], %[[R]] : f32
// CHECK: %[[L:.*]] = arith.select %[[ISNEG]], %[[ER]], %[[R]] : f32
// CHECK: arith.truncf %[[L]] : f32 to bf16
func.func @logistic_bf16(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = stablehlo.logistic %a : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// CHECK-LABEL: func.func @logistic_c128
// CHECK: %[[ONE:.*]] = complex.constant [1.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: %[[NEG:.*]] = complex.neg
// CHECK: %[[E:.*]] = complex.exp %[[NEG]]
// CHECK: %[[SUM:.*]] = complex.add %[[ONE]], %[[E]]
// CHECK: complex.div %[[ONE]], %[[SUM]]
func.func @logistic_c128(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.logistic %a : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// real/imag of complex numbers take the part; of floats, the value and 0.
// CHECK-LABEL: func.func @parts_c64
// CHECK: complex.re %{{.*}} : complex<f32>
// CHECK: complex.im %{{.*}} : complex<f32>
func.func @parts_c64(%a: tensor<4xcomplex<f32>>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.real %a : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %1 = stablehlo.imag %a : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @parts_f32
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.yield %[[ZERO]] : f32
func.func @parts_f32(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.real %a : tensor<4xf32>
  %1 = stablehlo.imag %a : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @negate_ui8(%{{.*}}: tensor<4xi8>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: arith.subi %[[ZERO]], %{{.*}} : i8
func.func @negate_ui8(%a: tensor<4xui8>) -> tensor<4xui8> {
  %0 = stablehlo.negate %a : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// chlo.erf and chlo.erfc, which --axle-legalize-chlo keeps for f32 and
// bf16, become generics of math.erf and math.erfc.
// CHECK-LABEL: func.func @erf_erfc
// CHECK: linalg.generic
// CHECK: %[[E:.*]] = math.erfc %{{.*}} : bf16
// CHECK: linalg.yield %[[E]] : bf16
// CHECK: linalg.generic
// CHECK: %[[F:.*]] = math.erf %{{.*}} : f32
// CHECK: linalg.yield %[[F]] : f32
func.func @erf_erfc(%x: tensor<2x3xbf16>, %y: tensor<5xf32>) -> (tensor<2x3xbf16>, tensor<5xf32>) {
  %0 = chlo.erfc %x : tensor<2x3xbf16> -> tensor<2x3xbf16>
  %1 = chlo.erf %y : tensor<5xf32> -> tensor<5xf32>
  return %0, %1 : tensor<2x3xbf16>, tensor<5xf32>
}

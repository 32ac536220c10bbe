// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// select, clamp (with broadcast 0-d operands), compare, convert,
// reduce_precision and map.

// A 0-d predicate is read at every index.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @select_scalar_pred
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[ID]], #[[ID]]]
// CHECK: ^bb0(%[[P:.*]]: i1, %[[T:.*]]: f32, %[[F:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.select %[[P]], %[[T]], %[[F]] : f32
func.func @select_scalar_pred(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// clamp(min, x, max) = minimum(maximum(x, min), max), unsigned for ui8.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @clamp_ui8(%{{.*}}: tensor<i8>, %{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>)
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[ID]], #[[ID]]]
// CHECK: ^bb0(%[[LO:.*]]: i8, %[[X:.*]]: i8, %[[HI:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[M:.*]] = arith.maxui %[[X]], %[[LO]] : i8
// CHECK: arith.minui %[[M]], %[[HI]] : i8
func.func @clamp_ui8(%lo: tensor<ui8>, %a: tensor<4xui8>, %hi: tensor<4xui8>) -> tensor<4xui8> {
  %0 = stablehlo.clamp %lo, %a, %hi : (tensor<ui8>, tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @clamp_f32
// CHECK: ^bb0(%[[LO:.*]]: f32, %[[X:.*]]: f32, %[[HI:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[M:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK: arith.minimumf %[[M]], %[[HI]] : f32
func.func @clamp_f32(%lo: tensor<f32>, %a: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Total order: the float bits as sign-magnitude integers, mapped to two's
// complement (negatives get their magnitude bits flipped).
// CHECK-LABEL: func.func @compare_totalorder
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: i1):
// CHECK: %[[XB:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[XS:.*]] = arith.shrsi %[[XB]], %{{.*}} : i32
// CHECK: %[[XM:.*]] = arith.shrui %[[XS]], %{{.*}} : i32
// CHECK: %[[XK:.*]] = arith.xori %[[XB]], %[[XM]] : i32
// CHECK: %[[YB:.*]] = arith.bitcast %[[Y]] : f32 to i32
// CHECK: %[[YK:.*]] = arith.xori %[[YB]], %{{.*}} : i32
// CHECK: arith.cmpi slt, %[[XK]], %[[YK]] : i32
func.func @compare_totalorder(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Float comparisons are ordered (false on NaN), except NE.
// CHECK-LABEL: func.func @compare_float
// CHECK: arith.cmpf oge, %{{.*}}, %{{.*}} : f64
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f64
func.func @compare_float(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare GE, %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  %1 = stablehlo.compare NE, %a, %b, FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @compare_int
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : i32
// CHECK: complex.eq %{{.*}}, %{{.*}} : complex<f32>
func.func @compare_int(%a: tensor<4xui32>, %b: tensor<4xi32>, %c: tensor<4xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare LT, %a, %a, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %1 = stablehlo.compare LE, %b, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = stablehlo.compare EQ, %c, %c : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// float -> int saturates and maps NaN to 0; the conversion itself only
// sees in-range values.
// CHECK-LABEL: func.func @convert_f32_i8
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i8):
// CHECK: %[[UP:.*]] = arith.constant 1.280000e+02 : f32
// CHECK: %[[LOW:.*]] = arith.constant -1.280000e+02 : f32
// CHECK: %[[BIG:.*]] = arith.cmpf oge, %[[X]], %[[UP]] : f32
// CHECK: %[[SMALL:.*]] = arith.cmpf ole, %[[X]], %[[LOW]] : f32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[OUT:.*]] = arith.ori %[[BIG]], %[[SMALL]] : i1
// CHECK: %[[UNSAFE:.*]] = arith.ori %[[OUT]], %[[NAN]] : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[UNSAFE]], %[[ZERO]], %[[X]] : f32
// CHECK: %[[I:.*]] = arith.fptosi %[[SAFE]] : f32 to i8
// CHECK: %[[MAX:.*]] = arith.constant 127 : i8
// CHECK: %[[R:.*]] = arith.select %[[BIG]], %[[MAX]], %[[I]] : i8
// CHECK: %[[MIN:.*]] = arith.constant -128 : i8
// CHECK: arith.select %[[SMALL]], %[[MIN]], %[[R]] : i8
func.func @convert_f32_i8(%a: tensor<4xf32>) -> tensor<4xi8> {
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @convert_misc
// CHECK: arith.uitofp %{{.*}} : i16 to f32
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK: arith.extsi %{{.*}} : i8 to i64
func.func @convert_misc(%a: tensor<4xui16>, %b: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xi64>) {
  %0 = stablehlo.convert %a : (tensor<4xui16>) -> tensor<4xf32>
  %1 = stablehlo.convert %0 : (tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.convert %b : (tensor<4xi8>) -> tensor<4xi64>
  return %1, %2 : tensor<4xi1>, tensor<4xi64>
}

// -----

// reduce_precision to e5m10 on f32: round the low 13 fraction bits to
// nearest even, then exponents above 15 overflow to infinity (bits >=
// (15 + 1 + 127) << 23) and below -14 flush to zero (bits < (-14 + 127)
// << 23). NaN and infinity (bits >= 255 << 23) stay.
// CHECK-LABEL: func.func @reduce_precision_f32
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[SIGN:.*]] = arith.andi %[[BITS]], %{{.*}} : i32
// CHECK: %[[MAG:.*]] = arith.andi %[[BITS]], %{{.*}} : i32
// CHECK: %[[C13:.*]] = arith.constant 13 : i32
// CHECK: %[[SH:.*]] = arith.shrui %[[MAG]], %[[C13]] : i32
// CHECK: %[[LAST:.*]] = arith.andi %[[SH]], %{{.*}} : i32
// CHECK: %[[HALF:.*]] = arith.constant 4095 : i32
// CHECK: %[[INC:.*]] = arith.addi %[[HALF]], %[[LAST]] : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[MAG]], %[[INC]] : i32
// CHECK: %[[MASK:.*]] = arith.constant -8192 : i32
// CHECK: %[[R:.*]] = arith.andi %[[SUM]], %[[MASK]] : i32
// CHECK: %[[OVT:.*]] = arith.constant 1199570944 : i32
// CHECK: %[[OV:.*]] = arith.cmpi uge, %[[R]], %[[OVT]] : i32
// CHECK: %[[UNT:.*]] = arith.constant 947912704 : i32
// CHECK: %[[UN:.*]] = arith.cmpi ult, %[[R]], %[[UNT]] : i32
// CHECK: %[[INF:.*]] = arith.constant 2139095040 : i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[M1:.*]] = arith.select %[[UN]], %[[ZERO]], %[[R]] : i32
// CHECK: %[[M2:.*]] = arith.select %[[OV]], %[[INF]], %[[M1]] : i32
// CHECK: %[[RB:.*]] = arith.ori %[[SIGN]], %[[M2]] : i32
// CHECK: %[[RF:.*]] = arith.bitcast %[[RB]] : i32 to f32
// CHECK: %[[SPECIAL:.*]] = arith.cmpi uge, %[[MAG]], %{{.*}} : i32
// CHECK: arith.select %[[SPECIAL]], %[[X]], %[[RF]] : f32
func.func @reduce_precision_f32(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A format at least as wide as f16 keeps every finite f16 value: no
// rounding, and no f16 value is below 2^-126.
// CHECK-LABEL: func.func @reduce_precision_f16_wide
// CHECK: ^bb0(%[[X:.*]]: f16, %{{.*}}: f16):
// CHECK-NOT: arith.addi
// CHECK: %[[INF:.*]] = arith.constant 31744 : i16
// CHECK: arith.cmpi uge, %{{.*}}, %[[INF]] : i16
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK: arith.cmpi ult, %{{.*}}, %[[ZERO]] : i16
func.func @reduce_precision_f16_wide(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = stablehlo.reduce_precision %a, format = e8m10 : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// map: the computation evaluated on scalars inside one generic.
// CHECK-LABEL: func.func @map_mul_add
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[S:.*]] = arith.addf %[[M]], %[[TWO]] : f32
// CHECK: linalg.yield %[[S]] : f32
func.func @map_mul_add(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %m = stablehlo.multiply %x, %y : tensor<f32>
      %k = stablehlo.constant dense<2.0> : tensor<f32>
      %s = stablehlo.add %m, %k : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A map whose computation converts between element types.
// CHECK-LABEL: func.func @map_convert
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[F:.*]] = arith.uitofp %[[X]] : i32 to f32
// CHECK: math.sqrt %[[F]] : f32
func.func @map_convert(%a: tensor<4xui32>) -> tensor<4xf32> {
  %0 = "stablehlo.map"(%a) ({
    ^bb0(%x: tensor<ui32>):
      %f = stablehlo.convert %x : (tensor<ui32>) -> tensor<f32>
      %r = stablehlo.sqrt %f : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xui32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A value the computation captures (canonicalization hoists constants out
// of the region) becomes an extra 0-d input of the generic.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @map_captured
// CHECK: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[ID]]], {{.*}}} ins(%{{.*}}, %[[K]] : tensor<4xf32>, tensor<f32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[KS:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.mulf %[[X]], %[[KS]] : f32
func.func @map_captured(%a: tensor<4xf32>) -> tensor<4xf32> {
  %k = stablehlo.constant dense<2.0> : tensor<f32>
  %0 = "stablehlo.map"(%a) ({
    ^bb0(%x: tensor<f32>):
      %m = stablehlo.multiply %x, %k : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// select inside a map's computation.
// CHECK-LABEL: func.func @map_select
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[X]], %[[Y]] : i32
// CHECK: arith.select %[[LT]], %[[Y]], %[[X]] : i32
func.func @map_select(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %lt = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %s = stablehlo.select %lt, %y, %x : tensor<i1>, tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

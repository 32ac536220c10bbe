// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// rng_bit_generator runs the block cipher once per block in a
// linalg.generic with one output per element a block yields; strided
// tensor.insert_slices interleave them into the output. The new state is
// the counter plus the number of blocks.

// Threefry, 32 bits or fewer: 3x5 has no even dimension, so the largest one
// (5) is split into 3 pairs; each block's two words go to columns 2h and
// 2h + 1, and the sixth column is dropped. 9 blocks.
// CHECK-LABEL: func.func @threefry_narrow(
// CHECK-SAME: %[[S:.*]]: tensor<2xi64>) -> (tensor<2xi64>, tensor<3x5xi16>)
// CHECK: %[[KEY:.*]] = tensor.extract %[[S]][%c0]
// CHECK: %[[CTR:.*]] = tensor.extract %[[S]][%c1]
// The third word of the key schedule.
// CHECK: arith.constant 466688986 : i32
// CHECK: %[[PARTS:.*]]:2 = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<3x3xi16>, tensor<3x3xi16>)
// CHECK: linalg.index 0
// CHECK: linalg.index 1
// CHECK: %[[POS:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: arith.addi %[[CTR]], %[[POS]] : i64
// The first round's rotation by 13 (as shifts by 13 and 19).
// CHECK: arith.shli %{{.*}}, %c13_i32
// CHECK: arith.shrui %{{.*}}, %c19_i32
// CHECK: arith.ori
// CHECK: arith.xori
// CHECK: %[[W0:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: %[[W1:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: linalg.yield %[[W0]], %[[W1]] : i16, i16
// CHECK: %[[FULL:.*]] = tensor.empty() : tensor<3x6xi16>
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[PARTS]]#0 into %[[FULL]][0, 0] [3, 3] [1, 2]
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[PARTS]]#1 into %[[I0]][0, 1] [3, 3] [1, 2]
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[I1]][0, 0] [3, 5] [1, 1] : tensor<3x6xi16> to tensor<3x5xi16>
// CHECK: %[[NEXT:.*]] = arith.addi %[[CTR]], %c9_i64
// CHECK: %[[STATE:.*]] = tensor.from_elements %[[KEY]], %[[NEXT]] : tensor<2xi64>
// CHECK: return %[[STATE]], %[[OUT]]
func.func @threefry_narrow(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui16>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui16>)
  return %0, %1 : tensor<2xui64>, tensor<3x5xui16>
}

// -----

// The first even dimension is the split one.
// CHECK-LABEL: func.func @threefry_even_split
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<3x2x4xi32>, tensor<3x2x4xi32>)
// CHECK: tensor.insert_slice %{{.*}}#0 into %{{.*}}[0, 0, 0] [3, 2, 4] [1, 2, 1]
// CHECK: tensor.insert_slice %{{.*}}#1 into %{{.*}}[0, 1, 0] [3, 2, 4] [1, 2, 1]
// CHECK-NOT: tensor.extract_slice
// CHECK: arith.addi %{{.*}}, %c24_i64
func.func @threefry_even_split(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4x4xui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4x4xui32>)
  return %0, %1 : tensor<2xui64>, tensor<3x4x4xui32>
}

// -----

// Threefry, wider elements: one block per element, its two words joined
// (low word first).
// CHECK-LABEL: func.func @threefry_wide
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x3xi64>)
// CHECK: %[[LO:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[HI:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[SHIFTED:.*]] = arith.shli %[[HI]], %{{.*}} : i64
// CHECK: %[[JOINED:.*]] = arith.ori %[[LO]], %[[SHIFTED]] : i64
// CHECK: linalg.yield %[[JOINED]] : i64
// CHECK: arith.addi %{{.*}}, %c6_i64
// CHECK: return %{{.*}}, %[[R]]
func.func @threefry_wide(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xi64>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xi64>)
  return %0, %1 : tensor<2xui64>, tensor<2x3xi64>
}

// -----

// A 0-d output takes one block's first word; float outputs are the bits.
// CHECK-LABEL: func.func @threefry_scalar_f32
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = []
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: linalg.yield %[[F]] : f32
// CHECK: arith.addi %{{.*}}, %c1_i64
func.func @threefry_scalar_f32(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<f32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<f32>)
  return %0, %1 : tensor<2xui64>, tensor<f32>
}

// -----

// Philox with a 3-word state: a 128-bit counter; four 32-bit words per
// block in row-major order, so 10 elements take 3 blocks (12 words, the last
// 2 dropped). The new counter carries into the high word.
// CHECK-LABEL: func.func @philox_ui32(
// CHECK-SAME: %[[S:.*]]: tensor<3xi64>) -> (tensor<3xi64>, tensor<10xi32>)
// CHECK: %[[KEY:.*]] = tensor.extract %[[S]][%{{.*}}]
// CHECK: %[[LO:.*]] = tensor.extract %[[S]][%{{.*}}]
// CHECK: %[[HI:.*]] = tensor.extract %[[S]][%{{.*}}]
// CHECK: %[[PARTS:.*]]:4 = linalg.generic
// CHECK-SAME: iterator_types = ["parallel"]
// CHECK-SAME: outs(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>)
// CHECK: %[[B:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[SUM:.*]] = arith.addi %[[LO]], %[[B]] : i64
// CHECK: %[[CARRY:.*]] = arith.cmpi ult, %[[SUM]], %[[LO]] : i64
// CHECK: %[[CARRY64:.*]] = arith.extui %[[CARRY]] : i1 to i64
// CHECK: arith.addi %[[HI]], %[[CARRY64]] : i64
// CHECK: arith.mului_extended %c-766435501_i32, %{{.*}} : i32
// CHECK: arith.mului_extended %c-845247145_i32, %{{.*}} : i32
// CHECK-COUNT-18: arith.mului_extended
// CHECK: linalg.yield
// CHECK: %[[FLAT:.*]] = tensor.empty() : tensor<12xi32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[PARTS]]#0 into %[[FLAT]][0] [3] [4]
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[PARTS]]#1 into %[[I0]][1] [3] [4]
// CHECK: %[[I2:.*]] = tensor.insert_slice %[[PARTS]]#2 into %[[I1]][2] [3] [4]
// CHECK: %[[I3:.*]] = tensor.insert_slice %[[PARTS]]#3 into %[[I2]][3] [3] [4]
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[I3]][0] [10] [1]
// CHECK: %[[NLO:.*]] = arith.addi %[[LO]], %c3_i64 : i64
// CHECK: %[[NCARRY:.*]] = arith.cmpi ult, %[[NLO]], %[[LO]] : i64
// CHECK: %[[NCARRY64:.*]] = arith.extui %[[NCARRY]] : i1 to i64
// CHECK: %[[NHI:.*]] = arith.addi %[[HI]], %[[NCARRY64]] : i64
// CHECK: %[[STATE:.*]] = tensor.from_elements %[[KEY]], %[[NLO]], %[[NHI]] : tensor<3xi64>
// CHECK: return %[[STATE]], %[[OUT]]
func.func @philox_ui32(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<10xui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<10xui32>)
  return %0, %1 : tensor<3xui64>, tensor<10xui32>
}

// -----

// DEFAULT is Philox. With a 2-word state the key is also the counter's high
// half. 64-bit elements take two words each: 6 elements are 3 blocks, and
// the flat result is reshaped.
// CHECK-LABEL: func.func @default_f64(
// CHECK-SAME: %[[S:.*]]: tensor<2xi64>
// CHECK: %[[KEY:.*]] = tensor.extract %[[S]][%{{.*}}]
// CHECK: %[[LO:.*]] = tensor.extract %[[S]][%{{.*}}]
// CHECK: %[[PARTS:.*]]:2 = linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<3xf64>, tensor<3xf64>)
// CHECK: %[[SUM:.*]] = arith.addi %[[LO]], %{{.*}} : i64
// CHECK: %[[CARRY:.*]] = arith.cmpi ult, %[[SUM]], %[[LO]] : i64
// CHECK: %[[CARRY64:.*]] = arith.extui %[[CARRY]] : i1 to i64
// CHECK: arith.addi %[[KEY]], %[[CARRY64]] : i64
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK: tensor.insert_slice %[[PARTS]]#0 into %{{.*}}[0] [3] [2] : tensor<3xf64> into tensor<6xf64>
// CHECK: %[[FLAT:.*]] = tensor.insert_slice %[[PARTS]]#1 into %{{.*}}[1] [3] [2] : tensor<3xf64> into tensor<6xf64>
// CHECK: %[[OUT:.*]] = tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf64> into tensor<2x3xf64>
// CHECK: %[[NLO:.*]] = arith.addi %[[LO]], %c3_i64 : i64
// CHECK: %[[STATE:.*]] = tensor.from_elements %[[KEY]], %[[NLO]] : tensor<2xi64>
// CHECK: return %[[STATE]], %[[OUT]]
func.func @default_f64(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xf64>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xf64>)
  return %0, %1 : tensor<2xui64>, tensor<2x3xf64>
}

// -----

// A 0-d Philox output: one block, its first word, reshaped to 0-d.
// CHECK-LABEL: func.func @philox_scalar
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1xi8>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>)
// CHECK: tensor.extract_slice %{{.*}}[0] [1] [1] : tensor<4xi8> to tensor<1xi8>
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1xi8> into tensor<i8>
func.func @philox_scalar(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<i8>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<i8>)
  return %0, %1 : tensor<2xui64>, tensor<i8>
}

// -----

// An empty output takes no blocks: the state comes back unchanged.
// CHECK-LABEL: func.func @philox_empty(
// CHECK-SAME: %[[S:.*]]: tensor<2xi64>
// CHECK-NOT: linalg.generic
// CHECK: %[[KEY:.*]] = tensor.extract %[[S]][%{{.*}}]
// CHECK: %[[LO:.*]] = tensor.extract %[[S]][%{{.*}}]
// CHECK-NOT: linalg.generic
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<0x3xi8>
// CHECK-NOT: linalg.generic
// CHECK: %[[NLO:.*]] = arith.addi %[[LO]], %c0_i64
// CHECK: %[[STATE:.*]] = tensor.from_elements %[[KEY]], %[[NLO]]
// CHECK: return %[[STATE]], %[[OUT]]
func.func @philox_empty(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xui8>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xui8>)
  return %0, %1 : tensor<2xui64>, tensor<0x3xui8>
}

// -----

// rng draws from the interpreter's Threefry stream (a fixed key): a private
// module counter, advanced atomically by two positions per element, is the
// stream position. Float UNIFORM scales 53 random bits in f64, and values
// that round up to b become the float below b.
// CHECK: memref.global "private" @__axle_rng_counter : memref<i64> = dense<0>
// CHECK-LABEL: func.func @uniform_f32(
// CHECK-SAME: %[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>) -> tensor<2x2xf32>
// CHECK: %[[COUNTER:.*]] = memref.get_global @__axle_rng_counter : memref<i64>
// CHECK: %[[BASE:.*]] = memref.atomic_rmw addi %c8_i64, %[[COUNTER]][] : (i64, memref<i64>) -> i64
// The stream key's low word, 0xE0000001.
// CHECK: arith.constant -536870911 : i32
// CHECK: %[[LOW:.*]] = tensor.extract %[[A]][]
// CHECK: %[[HIGH:.*]] = tensor.extract %[[B]][]
// CHECK: %[[LOW64:.*]] = arith.extf %[[LOW]] : f32 to f64
// CHECK: %[[HIGH64:.*]] = arith.extf %[[HIGH]] : f32 to f64
// CHECK: %[[ORDERED:.*]] = arith.cmpf olt, %[[LOW64]], %[[HIGH64]] : f64
// CHECK: %[[DIFF:.*]] = arith.subf %[[HIGH64]], %[[LOW64]] : f64
// CHECK: %[[BELOW:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x2xf32>)
// CHECK: %[[POS:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[TWICE:.*]] = arith.muli %[[POS]], %c2_i64
// CHECK: arith.addi %[[BASE]], %[[TWICE]] : i64
// CHECK: %[[TOP:.*]] = arith.shrui %{{.*}}, %c11_i64 : i64
// CHECK: %[[TOPF:.*]] = arith.uitofp %[[TOP]] : i64 to f64
// CHECK: %[[U:.*]] = arith.mulf %[[TOPF]], %cst{{.*}} : f64
// CHECK: %[[SCALED:.*]] = arith.mulf %[[DIFF]], %[[U]] : f64
// CHECK: %[[SUM:.*]] = arith.addf %[[LOW64]], %[[SCALED]] : f64
// CHECK: %[[VALUE:.*]] = arith.truncf %[[SUM]] : f64 to f32
// CHECK: %[[INSIDE:.*]] = arith.cmpf olt, %[[VALUE]], %[[HIGH]] : f32
// CHECK: %[[KEPT:.*]] = arith.select %[[INSIDE]], %[[VALUE]], %[[BELOW]] : f32
// CHECK: %[[R:.*]] = arith.select %[[ORDERED]], %[[KEPT]], %[[LOW]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @uniform_f32(%a: tensor<f32>, %b: tensor<f32>) -> tensor<2x2xf32> {
  %s = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Integer UNIFORM: a + bits mod (b - a), compared with the original
// signedness; an empty interval gives a (and never divides by zero). Two
// rngs share one counter.
// CHECK: memref.global "private" @__axle_rng_counter
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @uniform_ints(
// CHECK-SAME: %[[A:.*]]: tensor<i8>, %[[B:.*]]: tensor<i8>, %[[C:.*]]: tensor<i64>, %[[D:.*]]: tensor<i64>
// CHECK: memref.atomic_rmw addi %c14_i64
// CHECK: %[[LOW:.*]] = tensor.extract %[[A]][]
// CHECK: %[[HIGH:.*]] = tensor.extract %[[B]][]
// CHECK: %[[ORDERED:.*]] = arith.cmpi ult, %[[LOW]], %[[HIGH]] : i8
// CHECK: %[[DIFF:.*]] = arith.subi %[[HIGH]], %[[LOW]] : i8
// CHECK: %[[RANGE:.*]] = arith.select %[[ORDERED]], %[[DIFF]], %c1_i8 : i8
// CHECK: %[[RANGE64:.*]] = arith.extui %[[RANGE]] : i8 to i64
// CHECK: linalg.generic
// CHECK: %[[REM:.*]] = arith.remui %{{.*}}, %[[RANGE64]] : i64
// CHECK: %[[OFFSET:.*]] = arith.trunci %[[REM]] : i64 to i8
// CHECK: %[[SUM:.*]] = arith.addi %[[LOW]], %[[OFFSET]] : i8
// CHECK: %[[R:.*]] = arith.select %[[ORDERED]], %[[SUM]], %[[LOW]] : i8
// CHECK: linalg.yield %[[R]] : i8
// CHECK: memref.atomic_rmw addi %c4_i64
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK: linalg.generic
// CHECK: arith.remui %{{.*}}, %{{.*}} : i64
// CHECK-NOT: arith.trunci %{{.*}} : i64 to
// CHECK: linalg.yield
func.func @uniform_ints(%a: tensor<ui8>, %b: tensor<ui8>, %c: tensor<i64>, %d: tensor<i64>) -> (tensor<7xui8>, tensor<2xi64>) {
  %s7 = stablehlo.constant dense<[7]> : tensor<1xi64>
  %0 = stablehlo.rng %a, %b, %s7, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<1xi64>) -> tensor<7xui8>
  %s2 = stablehlo.constant dense<[2]> : tensor<1xi64>
  %1 = stablehlo.rng %c, %d, %s2, distribution = UNIFORM : (tensor<i64>, tensor<i64>, tensor<1xi64>) -> tensor<2xi64>
  return %0, %1 : tensor<7xui8>, tensor<2xi64>
}

// -----

// NORMAL: Box-Muller on two stream positions per element, in f64.
// CHECK-LABEL: func.func @normal_bf16(
// CHECK-SAME: %[[A:.*]]: tensor<bf16>, %[[B:.*]]: tensor<bf16>) -> tensor<3xbf16>
// CHECK: memref.atomic_rmw addi %c6_i64
// CHECK: %[[MEAN:.*]] = arith.extf %{{.*}} : bf16 to f64
// CHECK: %[[SCALE:.*]] = arith.extf %{{.*}} : bf16 to f64
// CHECK: linalg.generic
// CHECK: %[[FIRST:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK: %[[U1:.*]] = arith.subf %{{.*}}, %{{.*}} : f64
// CHECK: arith.addi %[[FIRST]], %c1_i64
// CHECK: %[[LOG:.*]] = math.log %[[U1]] : f64
// CHECK: %[[M2LOG:.*]] = arith.mulf %{{.*}}, %[[LOG]] : f64
// CHECK: %[[RADIUS:.*]] = math.sqrt %[[M2LOG]] : f64
// CHECK: %[[ANGLE:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK: %[[COS:.*]] = math.cos %[[ANGLE]] : f64
// CHECK: %[[Z:.*]] = arith.mulf %[[RADIUS]], %[[COS]] : f64
// CHECK: %[[SZ:.*]] = arith.mulf %[[SCALE]], %[[Z]] : f64
// CHECK: %[[V:.*]] = arith.addf %[[MEAN]], %[[SZ]] : f64
// CHECK: %[[R:.*]] = arith.truncf %[[V]] : f64 to bf16
// CHECK: linalg.yield %[[R]] : bf16
func.func @normal_bf16(%a: tensor<bf16>, %b: tensor<bf16>) -> tensor<3xbf16> {
  %s = stablehlo.constant dense<[3]> : tensor<1xi64>
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

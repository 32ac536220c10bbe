// RUN: axle-opt --axle-lower-to-linalg='reassociate-reductions=true' --split-input-file %s | FileCheck %s

// With reassociate-reductions, a large float sum of every dimension folds
// the input as [N / 256, 256] down the columns (256 partial results, one
// read stream), then the 256 partial results; from 1 Mi elements on (read
// from memory), in the chunked schedule instead, whose row folds the code
// generator then reassociates.

// CHECK-LABEL: func.func @column_sum
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<512x256xf32> into tensor<131072xf32>
// CHECK: %[[MATRIX:.*]] = tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [512, 256] : tensor<131072xf32> into tensor<512x256xf32>
// CHECK: %[[PARTIALS:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%[[MATRIX]] : tensor<512x256xf32>) outs(%{{.*}} : tensor<256xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[PARTIALS]] : tensor<256xf32>) outs(%{{.*}} : tensor<f32>)
func.func @column_sum(%x: tensor<512x256xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<512x256xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// From 4096 elements on: 64 x 64 as [16, 256].

// CHECK-LABEL: func.func @small_column_sum
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<16x256xf32>) outs(%{{.*}} : tensor<256xf32>)
func.func @small_column_sum(%x: tensor<64x64xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// From 1 Mi elements on, the chunked schedule: 32 contiguous chunks as the
// rows of [32, N / 32], each folded from the init value (a row reduction,
// which reads 16 chunks side by side in vector lanes), then the 32 partial
// results: 1024 x 1024 as [32, 32768].

// CHECK-LABEL: func.func @chunked_sum
// CHECK: %[[CHUNKS:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [32, 32768] : tensor<1048576xf32> into tensor<32x32768xf32>
// CHECK: %[[PER_CHUNK:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[CHUNKS]] : tensor<32x32768xf32>) outs(%{{.*}} : tensor<32xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[PER_CHUNK]] : tensor<32xf32>) outs(%{{.*}} : tensor<f32>)
func.func @chunked_sum(%x: tensor<1024x1024xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A product, with the body's operands swapped, likewise.

// CHECK-LABEL: func.func @column_product
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<256x256xbf16>) outs(%{{.*}} : tensor<256xbf16>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<256xbf16>) outs(%{{.*}} : tensor<bf16>)
func.func @column_product(%x: tensor<65536xbf16>) -> tensor<bf16> {
  %one = stablehlo.constant dense<1.0> : tensor<bf16>
  %r = stablehlo.reduce(%x init: %one) across dimensions = [0] : (tensor<65536xbf16>, tensor<bf16>) -> tensor<bf16>
   reducer(%acc: tensor<bf16>, %e: tensor<bf16>) {
    %p = stablehlo.multiply %e, %acc : tensor<bf16>
    stablehlo.return %p : tensor<bf16>
  }
  return %r : tensor<bf16>
}

// -----

// Everything else keeps the in-order schedules: a float maximum (any order
// gives its value anyway) and an integer sum follow the chunked schedule; a
// sum whose element count 256 does not divide, a sum of fewer than 4096
// elements, or a partial reduction, folds as by default.

// CHECK-LABEL: func.func @in_order
// CHECK: output_shape [32, 2048] : tensor<65536xf32> into tensor<32x2048xf32>
// CHECK: output_shape [32, 2048] : tensor<65536xi32> into tensor<32x2048xi32>
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<255x257xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<256x256xf32>) outs(%{{.*}} : tensor<256xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<16x240xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK-NOT: iterator_types = ["reduction", "parallel"]
func.func @in_order(%x: tensor<256x256xf32>, %i: tensor<256x256xi32>, %odd: tensor<255x257xf32>, %small: tensor<16x240xf32>) -> (tensor<f32>, tensor<i32>, tensor<f32>, tensor<256xf32>, tensor<f32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  %s = stablehlo.reduce(%i init: %zi) applies stablehlo.add across dimensions = [0, 1] : (tensor<256x256xi32>, tensor<i32>) -> tensor<i32>
  %o = stablehlo.reduce(%odd init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<255x257xf32>, tensor<f32>) -> tensor<f32>
  %rows = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %sm = stablehlo.reduce(%small init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x240xf32>, tensor<f32>) -> tensor<f32>
  return %m, %s, %o, %rows, %sm : tensor<f32>, tensor<i32>, tensor<f32>, tensor<256xf32>, tensor<f32>
}

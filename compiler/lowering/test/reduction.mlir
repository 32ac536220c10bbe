// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// reduce: one linalg.generic over the input, reduced dims as reductions,
// the output filled with the init value, the body on (accumulator, input).

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[KEEP0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reduce_sum
// CHECK: %[[INIT:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[INIT]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[KEEP0]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}} : tensor<4x8xf32>) outs(%[[FILL]] : tensor<4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK: linalg.yield %[[SUM]]
func.func @reduce_sum(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Variadic reduce: the body's block arguments are (acc0, acc1, x0, x1);
// the generic's are (x0, x1, acc0, acc1). Unsigned min stays unsigned.

// CHECK-LABEL: func.func @reduce_variadic
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "parallel"]
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xi32>)
// CHECK: ^bb0(%[[X0:.*]]: f32, %[[X1:.*]]: i32, %[[A0:.*]]: f32, %[[A1:.*]]: i32):
// CHECK: %[[M:.*]] = arith.maximumf %[[A0]], %[[X0]] : f32
// CHECK: %[[N:.*]] = arith.minui %[[A1]], %[[X1]] : i32
// CHECK: linalg.yield %[[M]], %[[N]] : f32, i32
func.func @reduce_variadic(%x: tensor<4x8xf32>, %i: tensor<4x8xui32>, %z: tensor<f32>, %zi: tensor<ui32>) -> (tensor<8xf32>, tensor<8xui32>) {
  %0:2 = stablehlo.reduce(%x init: %z), (%i init: %zi) across dimensions = [0] : (tensor<4x8xf32>, tensor<4x8xui32>, tensor<f32>, tensor<ui32>) -> (tensor<8xf32>, tensor<8xui32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<ui32>, %d: tensor<ui32>) {
    %m = stablehlo.maximum %a, %b : tensor<f32>
    %n = stablehlo.minimum %c, %d : tensor<ui32>
    stablehlo.return %m, %n : tensor<f32>, tensor<ui32>
  }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xui32>
}

// -----

// reduce_window: pad with the init value, then a generic over (output dims,
// window dims) reading the padded input at out * stride + offset * dilation.
// A shape-only operand gives the window dims their extent.

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d2, d1 * 2 + d3)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: func.func @reduce_window_max
// CHECK: %[[INIT:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[1, 0] high[1, 0]
// CHECK: tensor.yield %[[INIT]] : f32
// CHECK: } : tensor<4x6xf32> to tensor<6x6xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[INIT]] : f32) outs(%{{.*}} : tensor<3x3xf32>)
// CHECK: %[[WINDOW:.*]] = tensor.empty() : tensor<2x2xi1>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[PAD]], %[[WINDOW]] : tensor<6x6xf32>, tensor<2x2xi1>) outs(%[[FILL]] : tensor<3x3xf32>)
// CHECK: arith.maximumf
func.func @reduce_window_max(%x: tensor<4x6xf32>, %z: tensor<f32>) -> tensor<3x3xf32> {
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// A window that does not reach along the last dimension (3 x 3 max pooling
// of NHWC, stride 2, padded below and right): the padded input is a filling
// generic with the input copied into its slice, and the result folds the
// window's nine strided slices of it elementwise, from the init value, in
// the window's row-major order.

// CHECK-LABEL: func.func @max_pool
// CHECK: %[[INIT:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: %[[FILLED:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x7x7x4xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[INIT]] : f32
// CHECK: %[[SLOT:.*]] = tensor.extract_slice %[[FILLED]][0, 0, 0, 0] [1, 6, 6, 4] [1, 1, 1, 1]
// CHECK: %[[COPY:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x6x6x4xf32>) outs(%[[SLOT]] : tensor<1x6x6x4xf32>)
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %[[COPY]] into %[[FILLED]][0, 0, 0, 0] [1, 6, 6, 4] [1, 1, 1, 1]
// CHECK: %[[W0:.*]] = tensor.extract_slice %[[PADDED]][0, 0, 0, 0] [1, 3, 3, 4] [1, 2, 2, 1]
// CHECK: %[[W1:.*]] = tensor.extract_slice %[[PADDED]][0, 0, 1, 0] [1, 3, 3, 4] [1, 2, 2, 1]
// CHECK: tensor.extract_slice %[[PADDED]][0, 2, 2, 0] [1, 3, 3, 4] [1, 2, 2, 1]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[W0]], %[[W1]],
// CHECK: %[[M0:.*]] = arith.maximumf %[[INIT]], %{{.*}} : f32
// CHECK: %[[M1:.*]] = arith.maximumf %[[M0]], %{{.*}} : f32
// CHECK-COUNT-7: arith.maximumf
// CHECK-NOT: tensor.pad
func.func @max_pool(%x: tensor<1x6x6x4xf32>, %z: tensor<f32>) -> tensor<1x3x3x4xf32> {
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x6x6x4xf32>, tensor<f32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// Base dilation and negative padding: the init value fills a tensor into
// which the input elements that stay inside are inserted with a stride.

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 + d2 * 2, d1 + d3)>
// CHECK-LABEL: func.func @reduce_window_dilated
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<6x11xf32>)
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %{{.*}}[0, 1] [4, 5] [1, 1] : tensor<4x6xf32> to tensor<4x5xf32>
// CHECK: %[[DIL:.*]] = tensor.insert_slice %[[SLICE]] into %[[FILL]][1, 1] [4, 5] [1, 2]
// CHECK: linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[DIL]], %{{.*}} : tensor<6x11xf32>, tensor<2x2xi1>)
// CHECK: arith.addf
func.func @reduce_window_dilated(%x: tensor<4x6xf32>, %z: tensor<f32>) -> tensor<4x10xf32> {
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 1, 2>, window_dilations = array<i64: 2, 1>, padding = dense<[[1, 1], [-1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}

// -----

// select_and_scatter: a loop over the source elements; each scans its
// window keeping the pick while select holds (padding positions skipped),
// then folds the source value into the result at the pick.

// CHECK-LABEL: func.func @select_and_scatter
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x6xf32>)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[RES:.*]] = %[[FILL]]) -> (tensor<4x6xf32>)
// CHECK: %[[SCAN:.*]]:4 = scf.for {{.*}} iter_args(%[[HAVE:.*]] = %false, %[[PICK:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i1, f32, index, index)
// CHECK: scf.if %{{.*}} -> (i1, f32, index, index)
// CHECK: %[[X:.*]] = tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<4x6xf32>
// CHECK: %[[KEEP:.*]] = arith.cmpf oge, %[[PICK]], %[[X]] : f32
// CHECK: arith.andi %[[HAVE]], %[[KEEP]] : i1
// CHECK: scf.if %[[SCAN]]#0 -> (tensor<4x6xf32>)
// CHECK: %[[OLD:.*]] = tensor.extract %[[RES]][%[[SCAN]]#2, %[[SCAN]]#3]
// CHECK: %[[SRC:.*]] = tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<2x3xf32>
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %[[SRC]] : f32
// CHECK: tensor.insert %[[NEW]] into %[[RES]][%[[SCAN]]#2, %[[SCAN]]#3]
func.func @select_and_scatter(%x: tensor<4x6xf32>, %s: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<4x6xf32> {
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
      %5 = stablehlo.compare  GE, %arg0, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    }, {
    ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
      %5 = stablehlo.add %arg0, %arg1 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// A full reduction of 65536 elements follows the chunked schedule: the
// input as 32 rows of 2048, each folded from the init value (a row
// reduction), then the 32 partial results folded from the init value.

// CHECK-LABEL: func.func @chunked_sum
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<256x256xf32> into tensor<65536xf32>
// CHECK: %[[ROWS:.*]] = tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [32, 2048] : tensor<65536xf32> into tensor<32x2048xf32>
// CHECK: %[[PARTIALS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[ROWS]] : tensor<32x2048xf32>) outs(%{{.*}} : tensor<32xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[PARTIALS]] : tensor<32xf32>) outs(%{{.*}} : tensor<f32>)
func.func @chunked_sum(%x: tensor<256x256xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// 65535 elements (or a partial reduction) fold in one chain.

// CHECK-LABEL: func.func @one_chain
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<255x257xf32>) outs(%{{.*}} : tensor<f32>)
func.func @one_chain(%x: tensor<255x257xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<255x257xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

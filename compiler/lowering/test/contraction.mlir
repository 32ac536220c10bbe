// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// dot_general in matmul layout with one float type: a generic in matmul
// form on a zero-filled accumulator, adding each product with one fused
// multiply-add.

// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK: %[[MM:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x5xf32>) outs(%[[FILL]] : tensor<4x5xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[S:.*]] = math.fma %[[A]], %[[B]], %[[ACC]] : f32
// CHECK: linalg.yield %[[S]] : f32
// CHECK: return %[[MM]]
func.func @matmul_f32(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// bf16 accumulates in f32 (as XLA on CPU) and rounds once at the end.

// CHECK-LABEL: func.func @batch_matmul_bf16
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x5xf32>)
// CHECK: %[[BMM:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<2x4x8xbf16>, tensor<2x8x5xbf16>) outs(%[[FILL]] : tensor<2x4x5xf32>)
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: math.fma
// CHECK: linalg.generic {{.*}} ins(%[[BMM]] : tensor<2x4x5xf32>) outs(%{{.*}} : tensor<2x4x5xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @batch_matmul_bf16(%a: tensor<2x4x8xbf16>, %b: tensor<2x8x5xbf16>) -> tensor<2x4x5xbf16> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xbf16>, tensor<2x8x5xbf16>) -> tensor<2x4x5xbf16>
  return %0 : tensor<2x4x5xbf16>
}

// -----

// One float type in another layout (attention's q.k with heads in the
// middle, two lhs free dims, two contracting dims): the operands are
// transposed to (batch, free, contracting) / (batch, contracting, free),
// each group collapsed into one dimension, and the batched matmul's sums
// expanded back to the result shape.

// CHECK-LABEL: func.func @dot_general_to_batch_matmul
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x6x2x5xf32>)
// CHECK: %[[LT:.*]] = linalg.transpose ins(%{{.*}} : tensor<6x4x3x2x7xf32>) outs(%{{.*}} : tensor<4x6x2x7x3xf32>) permutation = [1, 0, 3, 4, 2]
// CHECK: %[[L:.*]] = tensor.collapse_shape %[[LT]] {{\[}}[0], [1, 2], [3, 4]] : tensor<4x6x2x7x3xf32> into tensor<4x12x21xf32>
// CHECK: %[[RT:.*]] = linalg.transpose ins(%{{.*}} : tensor<5x4x3x7xf32>) outs(%{{.*}} : tensor<4x7x3x5xf32>) permutation = [1, 3, 2, 0]
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[RT]] {{\[}}[0], [1, 2], [3]] : tensor<4x7x3x5xf32> into tensor<4x21x5xf32>
// CHECK: %[[ACC:.*]] = tensor.collapse_shape %[[FILL]] {{\[}}[0], [1, 2], [3]] : tensor<4x6x2x5xf32> into tensor<4x12x5xf32>
// CHECK: %[[BMM:.*]] = linalg.generic
// CHECK-SAME: ins(%[[L]], %[[R]] : tensor<4x12x21xf32>, tensor<4x21x5xf32>) outs(%[[ACC]] : tensor<4x12x5xf32>)
// CHECK: tensor.expand_shape %[[BMM]] {{\[}}[0], [1, 2], [3]] output_shape [4, 6, 2, 5] : tensor<4x12x5xf32> into tensor<4x6x2x5xf32>
func.func @dot_general_to_batch_matmul(%a: tensor<6x4x3x2x7xf32>, %b: tensor<5x4x3x7xf32>) -> tensor<4x6x2x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [4, 2] x [3, 2] : (tensor<6x4x3x2x7xf32>, tensor<5x4x3x7xf32>) -> tensor<4x6x2x5xf32>
  return %0 : tensor<4x6x2x5xf32>
}

// -----

// Other element types: a generic with the result dims (batch, lhs free, rhs
// free) parallel and the contracting dims reductions. Integer operands are
// extended by their own signedness to the result width.

// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d0, d1)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3, d0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dot_general_ui8
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<2x4x5xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<8x2x4xi8>, tensor<5x8x2xi8>) outs(%[[FILL]] : tensor<2x4x5xi32>)
// CHECK: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[ACC:.*]]: i32):
// CHECK: %[[EA:.*]] = arith.extui %[[A]] : i8 to i32
// CHECK: %[[EB:.*]] = arith.extui %[[B]] : i8 to i32
// CHECK: %[[P:.*]] = arith.muli %[[EA]], %[[EB]] : i32
// CHECK: %[[S:.*]] = arith.addi %[[ACC]], %[[P]] : i32
// CHECK: linalg.yield %[[S]] : i32
func.func @dot_general_ui8(%a: tensor<8x2x4xui8>, %b: tensor<5x8x2xui8>) -> tensor<2x4x5xi32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [2], contracting_dims = [0] x [1] : (tensor<8x2x4xui8>, tensor<5x8x2xui8>) -> tensor<2x4x5xi32>
  return %0 : tensor<2x4x5xi32>
}

// -----

// Complex products use the textbook formula, not complex.mul.

// CHECK-LABEL: func.func @dot_complex
// CHECK: complex.constant [0.000000e+00 : f32, 0.000000e+00 : f32]
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-NOT: complex.mul
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: complex.create
func.func @dot_complex(%a: tensor<3x4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = stablehlo.dot %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// Legacy dot of two matrices is a matmul (in generic form, f64 fused
// multiply-adds).

// CHECK-LABEL: func.func @dot_matrix
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<3x4xf64>, tensor<4x2xf64>)
// CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f64
func.func @dot_matrix(%a: tensor<3x4xf64>, %b: tensor<4x2xf64>) -> tensor<3x2xf64> {
  %0 = stablehlo.dot %a, %b : (tensor<3x4xf64>, tensor<4x2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// Convolution: zero padding first, then a generic over (output dims, window
// dims, input feature). Window reversal reads the lhs backwards.

// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 + -d5 + 2, d6)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv_nhwc
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: } : tensor<1x8x8x4xf32> to tensor<1x10x10x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[PAD]], %{{.*}} : tensor<1x10x10x4xf32>, tensor<3x3x4x6xf32>)
// CHECK: math.fma
func.func @conv_nhwc(%a: tensor<1x8x8x4xf32>, %b: tensor<3x3x4x6xf32>) -> tensor<1x4x8x6xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [1, 1]], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x4x8x6xf32>
  return %0 : tensor<1x4x8x6xf32>
}

// -----

// Feature groups: the lhs features and the kernel and result output
// features are split into (group, rest), with an explicit group loop.

// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d3, d5)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d2)>
// CHECK-LABEL: func.func @conv_depthwise
// CHECK: %[[L:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] output_shape [1, 6, 4, 1]
// CHECK: %[[R:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] output_shape [3, 1, 4, 2]
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[L]], %[[R]] : tensor<1x6x4x1xf32>, tensor<3x1x4x2xf32>)
// CHECK: tensor.collapse_shape %[[G]] {{\[\[}}0], [1], [2, 3]] : tensor<1x4x4x2xf32> into tensor<1x4x8xf32>
func.func @conv_depthwise(%a: tensor<1x6x4xf32>, %b: tensor<3x1x8xf32>) -> tensor<1x4x8xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x6x4xf32>, tensor<3x1x8xf32>) -> tensor<1x4x8xf32>
  return %0 : tensor<1x4x8xf32>
}

// -----

// lhs dilation: the input goes into a zero-filled tensor with a stride.

// CHECK-LABEL: func.func @conv_lhs_dilation
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x31x2xf32>)
// CHECK: %[[DIL:.*]] = tensor.insert_slice %{{.*}} into %[[FILL]][0, 0, 0] [1, 16, 2] [1, 2, 1]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[DIL]], %{{.*}} : tensor<1x31x2xf32>, tensor<3x2x2xf32>)
func.func @conv_lhs_dilation(%a: tensor<1x16x2xf32>, %b: tensor<3x2x2xf32>) -> tensor<1x29x2xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x2xf32>, tensor<3x2x2xf32>) -> tensor<1x29x2xf32>
  return %0 : tensor<1x29x2xf32>
}

// -----

// A narrow result (10 columns) from many rows: the transposed product
// C^T = B^T A^T is computed (rows along the vector dimension), then
// transposed back. Products commute exactly, so each sum is unchanged.

// CHECK-LABEL: func.func @narrow_result
// CHECK: %[[BT:.*]] = linalg.transpose ins(%{{.*}} : tensor<128x10xf32>) outs(%{{.*}} : tensor<10x128xf32>) permutation = [1, 0]
// CHECK: %[[AT:.*]] = linalg.transpose ins(%{{.*}} : tensor<64x128xf32>) outs(%{{.*}} : tensor<128x64xf32>) permutation = [1, 0]
// CHECK: %[[CT:.*]] = linalg.generic
// CHECK-SAME: ins(%[[BT]], %[[AT]] : tensor<10x128xf32>, tensor<128x64xf32>) outs(%{{.*}} : tensor<10x64xf32>)
// CHECK: math.fma
// CHECK: linalg.transpose ins(%[[CT]] : tensor<10x64xf32>) outs(%{{.*}} : tensor<64x10xf32>) permutation = [1, 0]
func.func @narrow_result(%a: tensor<64x128xf32>, %b: tensor<128x10xf32>) -> tensor<64x10xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x10xf32>) -> tensor<64x10xf32>
  return %0 : tensor<64x10xf32>
}

// -----

// An f32 rhs laid out as (batch, free, contracting), attention's K in
// Q K^T, stays as it is: the generic reads it as a transposed B,
// ([b,] n, k), with no transposed copy made first.

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[BT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @transposed_rhs
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[BT]], #[[C]]]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<4x32x64xf32>, tensor<4x48x64xf32>)
// CHECK: math.fma
func.func @transposed_rhs(%q: tensor<4x32x64xf32>, %k: tensor<4x48x64xf32>) -> tensor<4x32x48xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x32x64xf32>, tensor<4x48x64xf32>) -> tensor<4x32x48xf32>
  return %0 : tensor<4x32x48xf32>
}

// -----

// The transposed B is packed by 16 x 16 blocks: where n or k is not a
// multiple of 16 (or k has no k block of 16 to 128), or the result is not
// f32, the rhs is transposed first as before.

// CHECK-LABEL: func.func @transposed_rhs_kept
// CHECK: linalg.transpose ins(%arg1 : tensor<48x24xf32>) outs(%{{.*}} : tensor<24x48xf32>) permutation = [1, 0]
// CHECK: linalg.transpose ins(%arg3 : tensor<40x64xf32>) outs(%{{.*}} : tensor<64x40xf32>) permutation = [1, 0]
// CHECK: linalg.transpose ins(%arg4 : tensor<48x64xf64>) outs(%{{.*}} : tensor<64x48xf64>) permutation = [1, 0]
// CHECK: linalg.transpose ins(%arg6 : tensor<48x1040xf32>) outs(%{{.*}} : tensor<1040x48xf32>) permutation = [1, 0]
func.func @transposed_rhs_kept(%a: tensor<32x24xf32>, %b: tensor<48x24xf32>,
    %c: tensor<32x64xf32>, %d: tensor<40x64xf32>, %e: tensor<48x64xf64>,
    %f: tensor<32x1040xf32>, %g: tensor<48x1040xf32>, %h: tensor<32x64xf64>)
    -> (tensor<32x48xf32>, tensor<32x40xf32>, tensor<32x48xf64>, tensor<32x48xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<32x24xf32>, tensor<48x24xf32>) -> tensor<32x48xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [1] : (tensor<32x64xf32>, tensor<40x64xf32>) -> tensor<32x40xf32>
  %2 = stablehlo.dot_general %h, %e, contracting_dims = [1] x [1] : (tensor<32x64xf64>, tensor<48x64xf64>) -> tensor<32x48xf64>
  %3 = stablehlo.dot_general %f, %g, contracting_dims = [1] x [1] : (tensor<32x1040xf32>, tensor<48x1040xf32>) -> tensor<32x48xf32>
  return %0, %1, %2, %3 : tensor<32x48xf32>, tensor<32x40xf32>, tensor<32x48xf64>, tensor<32x48xf32>
}

// RUN: axle-opt --axle-simplify --split-input-file %s | FileCheck %s

// Structure rules: reduce, dot_general, dynamic-shape ops with constant
// operands, while/if/case, tuples and dimension sizes. Each rule has a test
// where it fires and one where it must not.

// ReduceOfUnitDims: reduce over no dimensions with the additive identity of
// floats (-0.0) is the operand itself.
// CHECK-LABEL: func.func @reduce_no_dims
// CHECK-NOT: stablehlo.reduce
// CHECK: return %arg0
func.func @reduce_no_dims(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// ReduceOfUnitDims must not fire for a float add with init +0.0: +0 + -0 is
// +0, so the result is not the operand for x = -0.
// CHECK-LABEL: func.func @reduce_no_dims_positive_zero
// CHECK: stablehlo.reduce
func.func @reduce_no_dims_positive_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// ReduceOfUnitDims: max over a dimension of size 1 with init -inf is a
// reshape (max(-inf, x) = x, NaN included).
// CHECK-LABEL: func.func @reduce_unit_dim_max
// CHECK-NOT: stablehlo.reduce
// CHECK: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<4x1xf32>) -> tensor<4xf32>
// CHECK: return %[[R]]
func.func @reduce_unit_dim_max(%x: tensor<4x1xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// ReduceOfUnitDims: integer multiply with init 1, unsigned max with init 0
// and and with all ones over size-1 dimensions.
// CHECK-LABEL: func.func @reduce_unit_dim_ints
// CHECK-NOT: stablehlo.reduce
// CHECK: stablehlo.reshape %arg0 : (tensor<1x3xi32>) -> tensor<3xi32>
// CHECK: stablehlo.reshape %arg1 : (tensor<3x1xui8>) -> tensor<3xui8>
// CHECK: stablehlo.reshape %arg2 : (tensor<1x3xi16>) -> tensor<3xi16>
func.func @reduce_unit_dim_ints(%x: tensor<1x3xi32>, %y: tensor<3x1xui8>, %w: tensor<1x3xi16>) -> (tensor<3xi32>, tensor<3xui8>, tensor<3xi16>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<1x3xi32>, tensor<i32>) -> tensor<3xi32>
  %zero = stablehlo.constant dense<0> : tensor<ui8>
  %1 = stablehlo.reduce(%y init: %zero) applies stablehlo.maximum across dimensions = [1] : (tensor<3x1xui8>, tensor<ui8>) -> tensor<3xui8>
  %ones = stablehlo.constant dense<-1> : tensor<i16>
  %2 = stablehlo.reduce(%w init: %ones) applies stablehlo.and across dimensions = [0] : (tensor<1x3xi16>, tensor<i16>) -> tensor<3xi16>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xui8>, tensor<3xi16>
}

// -----

// ReduceOfUnitDims must not fire when the init is not the identity (signed
// max with init 0 clamps negative values), nor for a reduced dimension of
// size 2.
// CHECK-LABEL: func.func @reduce_unit_dim_not_identity
// CHECK: stablehlo.reduce
// CHECK: stablehlo.reduce
func.func @reduce_unit_dim_not_identity(%x: tensor<4x1xi32>, %y: tensor<4x2xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<4x1xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = stablehlo.reduce(%y init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x2xi32>, tensor<i32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// -----

// ReduceOfUnitDims must not fire for a body that is not a single op on its
// arguments (here it adds a constant).
// CHECK-LABEL: func.func @reduce_unit_dim_complex_body
// CHECK: stablehlo.reduce
func.func @reduce_unit_dim_complex_body(%x: tensor<4x1xi32>) -> tensor<4xi32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x1xi32>, tensor<i32>) -> tensor<4xi32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %s = stablehlo.add %a, %b : tensor<i32>
    %t = stablehlo.add %s, %c : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }
  return %0 : tensor<4xi32>
}

// -----

// ReduceOfEmpty: reducing a dimension of size 0 gives the init value,
// whatever the body and the init.
// CHECK-LABEL: func.func @reduce_empty
// CHECK-NOT: stablehlo.reduce
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK: return %[[B]]
func.func @reduce_empty(%x: tensor<3x0xf32>, %z: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<3x0xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// ReduceOfEmpty must not fire for a non-empty input with an unknown init.
// CHECK-LABEL: func.func @reduce_not_empty
// CHECK: stablehlo.reduce
func.func @reduce_not_empty(%x: tensor<3x2xf32>, %z: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// ReduceOfBroadcast: an integer sum over the dimensions a broadcast added
// is the operand times their element count (exact modulo 2^32).
// CHECK-LABEL: func.func @reduce_broadcast_add_int
// CHECK-NOT: stablehlo.reduce
// CHECK: %[[N:.*]] = stablehlo.constant dense<12> : tensor<3xi32>
// CHECK: %[[M:.*]] = stablehlo.multiply %arg0, %[[N]] : tensor<3xi32>
// CHECK: return %[[M]]
func.func @reduce_broadcast_add_int(%x: tensor<3xi32>) -> tensor<3xi32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi32>) -> tensor<4x3x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0, 2] : (tensor<4x3x3xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// ReduceOfBroadcast: max over some of the added dimensions is the operand
// broadcast into the remaining ones (max is idempotent, also on floats).
// CHECK-LABEL: func.func @reduce_broadcast_max_float
// CHECK-NOT: stablehlo.reduce
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK: return %[[B]]
func.func @reduce_broadcast_max_float(%x: tensor<3xf32>) -> tensor<3x5xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3x5xf32>
  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%b init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<4x3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// ReduceOfBroadcast must not fire for a float sum (n * x rounds differently
// from x + x + ... + x), nor for a reduction over a dimension of the
// operand.
// CHECK-LABEL: func.func @reduce_broadcast_not
// CHECK: stablehlo.reduce
// CHECK: stablehlo.reduce
func.func @reduce_broadcast_not(%x: tensor<3xf32>, %y: tensor<3xi32>) -> (tensor<3xf32>, tensor<4xi32>) {
  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  %0 = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<3xf32>
  %c = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<3xi32>) -> tensor<4x3xi32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.reduce(%c init: %zi) applies stablehlo.add across dimensions = [1] : (tensor<4x3xi32>, tensor<i32>) -> tensor<4xi32>
  return %0, %1 : tensor<3xf32>, tensor<4xi32>
}

// -----

// DotGeneralOfTranspose (lhs): a transpose that only moves the contracting
// dimension folds into the dimension numbers.
// CHECK-LABEL: func.func @dot_lhs_transpose
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<4x2xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
func.func @dot_lhs_transpose(%a: tensor<4x2xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x2xf32>) -> tensor<2x4xf32>
  %0 = stablehlo.dot_general %t, %b, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// DotGeneralOfTranspose (rhs), with batching dimensions: the batch and
// contracting lists keep their order.
// CHECK-LABEL: func.func @dot_rhs_transpose_batch
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [2], contracting_dims = [2] x [0] : (tensor<6x2x4xf32>, tensor<4x5x6xf32>) -> tensor<6x2x5xf32>
func.func @dot_rhs_transpose_batch(%a: tensor<6x2x4xf32>, %b: tensor<4x5x6xf32>) -> tensor<6x2x5xf32> {
  %t = stablehlo.transpose %b, dims = [2, 0, 1] : (tensor<4x5x6xf32>) -> tensor<6x4x5xf32>
  %0 = stablehlo.dot_general %a, %t, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x2x4xf32>, tensor<6x4x5xf32>) -> tensor<6x2x5xf32>
  return %0 : tensor<6x2x5xf32>
}

// -----

// DotGeneralOfTranspose must not fire when the transpose swaps free
// dimensions: they give the order of the result's dimensions.
// CHECK-LABEL: func.func @dot_transpose_free_dims
// CHECK: stablehlo.transpose
// CHECK: stablehlo.dot_general
func.func @dot_transpose_free_dims(%a: tensor<3x2x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %t = stablehlo.transpose %a, dims = [1, 0, 2] : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
  %0 = stablehlo.dot_general %t, %b, contracting_dims = [2] x [0] : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// TransposeOfDotGeneral: transposing a matmul's result is the matmul with
// its operands swapped (and their contracting dimensions and precisions).
// CHECK-LABEL: func.func @transpose_of_dot
// CHECK-NOT: stablehlo.transpose
// CHECK: %[[D:.*]] = stablehlo.dot_general %arg1, %arg0, contracting_dims = [0] x [0], precision = [HIGHEST, DEFAULT] : (tensor<4x5xf32>, tensor<4x2xf32>) -> tensor<5x2xf32>
// CHECK: return %[[D]]
func.func @transpose_of_dot(%a: tensor<4x2xf32>, %b: tensor<4x5xf32>) -> tensor<5x2xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0], precision = [DEFAULT, HIGHEST] : (tensor<4x2xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
  return %1 : tensor<5x2xf32>
}

// -----

// TransposeOfDotGeneral with batching dimensions, which stay in front.
// CHECK-LABEL: func.func @transpose_of_batched_dot
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %arg1, %arg0, batching_dims = [2] x [0], contracting_dims = [0] x [2] : (tensor<4x5x6xi32>, tensor<6x2x4xi32>) -> tensor<6x5x2xi32>
func.func @transpose_of_batched_dot(%a: tensor<6x2x4xi32>, %b: tensor<4x5x6xi32>) -> tensor<6x5x2xi32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [2], contracting_dims = [2] x [0] : (tensor<6x2x4xi32>, tensor<4x5x6xi32>) -> tensor<6x2x5xi32>
  %1 = stablehlo.transpose %0, dims = [0, 2, 1] : (tensor<6x2x5xi32>) -> tensor<6x5x2xi32>
  return %1 : tensor<6x5x2xi32>
}

// -----

// TransposeOfDotGeneral must not fire when the transpose moves a batching
// dimension, when an operand has two free dimensions, when the product is
// used untransposed too, or for complex products.
// CHECK-LABEL: func.func @transpose_of_dot_kept
// CHECK-COUNT-4: stablehlo.transpose
// CHECK-NOT: stablehlo.transpose
func.func @transpose_of_dot_kept(%a: tensor<6x2x4xf32>, %b: tensor<6x4x5xf32>,
    %c: tensor<3x2x4xf32>, %d: tensor<4x5xf32>, %g: tensor<2x4xf32>,
    %e: tensor<2x4xcomplex<f32>>, %f: tensor<4x5xcomplex<f32>>)
    -> (tensor<2x6x5xf32>, tensor<3x5x2xf32>, tensor<2x5xf32>, tensor<5x2xf32>, tensor<5x2xcomplex<f32>>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x2x4xf32>, tensor<6x4x5xf32>) -> tensor<6x2x5xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0, 2] : (tensor<6x2x5xf32>) -> tensor<2x6x5xf32>
  %2 = stablehlo.dot_general %c, %d, contracting_dims = [2] x [0] : (tensor<3x2x4xf32>, tensor<4x5xf32>) -> tensor<3x2x5xf32>
  %3 = stablehlo.transpose %2, dims = [0, 2, 1] : (tensor<3x2x5xf32>) -> tensor<3x5x2xf32>
  %4 = stablehlo.dot_general %g, %d, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  %5 = stablehlo.transpose %4, dims = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
  %6 = stablehlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<2x4xcomplex<f32>>, tensor<4x5xcomplex<f32>>) -> tensor<2x5xcomplex<f32>>
  %7 = stablehlo.transpose %6, dims = [1, 0] : (tensor<2x5xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
  return %1, %3, %4, %5, %7 : tensor<2x6x5xf32>, tensor<3x5x2xf32>, tensor<2x5xf32>, tensor<5x2xf32>, tensor<5x2xcomplex<f32>>
}

// -----

// DotGeneralOfEmptyContraction: a sum over no products is +0.
// CHECK-LABEL: func.func @dot_empty_contraction
// CHECK-NOT: stablehlo.dot_general
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<2x5xf32>
// CHECK: return %[[Z]]
func.func @dot_empty_contraction(%a: tensor<2x0xf32>, %b: tensor<0x5xf32>) -> tensor<2x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// DotGeneralOfEmptyContraction must not fire when only a free dimension is
// empty (the contraction itself has terms).
// CHECK-LABEL: func.func @dot_empty_free_dim
// CHECK: stablehlo.dot_general
func.func @dot_empty_free_dim(%a: tensor<0x3xi32>, %b: tensor<3x5xi32>) -> tensor<0x5xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<0x3xi32>, tensor<3x5xi32>) -> tensor<0x5xi32>
  return %0 : tensor<0x5xi32>
}

// -----

// DynamicSliceOfConstants: constant start indices become a slice at the
// clamped starts (-3 -> 0, 9 -> 4 - 2 = 2), unsigned indices included.
// CHECK-LABEL: func.func @dynamic_slice_constants
// CHECK-NOT: stablehlo.dynamic_slice
// CHECK: stablehlo.slice %arg0 [0:2, 2:4] : (tensor<3x4xf32>) -> tensor<2x2xf32>
// CHECK: stablehlo.slice %arg0 [1:3, 2:4] : (tensor<3x4xf32>) -> tensor<2x2xf32>
func.func @dynamic_slice_constants(%x: tensor<3x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %m = stablehlo.constant dense<-3> : tensor<i64>
  %n = stablehlo.constant dense<9> : tensor<i64>
  %0 = stablehlo.dynamic_slice %x, %m, %n, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  %u = stablehlo.constant dense<255> : tensor<ui8>
  %v = stablehlo.constant dense<2> : tensor<ui8>
  %1 = stablehlo.dynamic_slice %x, %u, %v, sizes = [2, 2] : (tensor<3x4xf32>, tensor<ui8>, tensor<ui8>) -> tensor<2x2xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// DynamicSliceOfConstants must not fire for a start index that is not a
// constant.
// CHECK-LABEL: func.func @dynamic_slice_variable
// CHECK: stablehlo.dynamic_slice
func.func @dynamic_slice_variable(%x: tensor<3x4xf32>, %i: tensor<i32>) -> tensor<2x2xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %x, %c, %i, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// DynamicSliceOfWhole: a slice as large as the operand is the operand,
// whatever the (clamped) indices.
// CHECK-LABEL: func.func @dynamic_slice_whole
// CHECK-NOT: stablehlo.dynamic_slice
// CHECK: return %arg0
func.func @dynamic_slice_whole(%x: tensor<3x4xf32>, %i: tensor<i32>) -> tensor<3x4xf32> {
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [3, 4] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// DynamicUpdateSliceOfWhole: an update as large as the operand replaces it.
// CHECK-LABEL: func.func @dynamic_update_slice_whole
// CHECK-NOT: stablehlo.dynamic_update_slice
// CHECK: return %arg1
func.func @dynamic_update_slice_whole(%x: tensor<3x4xf32>, %u: tensor<3x4xf32>, %i: tensor<i32>) -> tensor<3x4xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// DynamicUpdateSliceOfEmpty: an update without elements changes nothing.
// CHECK-LABEL: func.func @dynamic_update_slice_empty
// CHECK-NOT: stablehlo.dynamic_update_slice
// CHECK: return %arg0
func.func @dynamic_update_slice_empty(%x: tensor<3x4xf32>, %u: tensor<0x4xf32>, %i: tensor<i32>) -> tensor<3x4xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<3x4xf32>, tensor<0x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// DynamicUpdateSliceOfWhole/OfEmpty must not fire for a partial update.
// CHECK-LABEL: func.func @dynamic_update_slice_partial
// CHECK: stablehlo.dynamic_update_slice
func.func @dynamic_update_slice_partial(%x: tensor<3x4xf32>, %u: tensor<1x4xf32>, %i: tensor<i32>) -> tensor<3x4xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// DynamicReshapeOfConstant: a constant shape equal to the static result.
// CHECK-LABEL: func.func @dynamic_reshape_constant
// CHECK-NOT: stablehlo.dynamic_reshape
// CHECK: stablehlo.reshape %arg0 : (tensor<6xf32>) -> tensor<2x3xf32>
func.func @dynamic_reshape_constant(%x: tensor<6xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// DynamicReshapeOfConstant must not fire for a dynamic result type (nor for
// a shape that is not a constant).
// CHECK-LABEL: func.func @dynamic_reshape_dynamic
// CHECK: stablehlo.dynamic_reshape
// CHECK: stablehlo.dynamic_reshape
func.func @dynamic_reshape_dynamic(%x: tensor<6xf32>, %t: tensor<2xi32>) -> (tensor<?x3xf32>, tensor<2x3xf32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %1 = stablehlo.dynamic_reshape %x, %t : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<2x3xf32>
}

// -----

// DynamicBroadcastInDimOfConstant: a constant shape equal to the static
// result.
// CHECK-LABEL: func.func @dynamic_broadcast_constant
// CHECK-NOT: stablehlo.dynamic_broadcast_in_dim
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
func.func @dynamic_broadcast_constant(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// DynamicBroadcastInDimOfConstant must not fire when the constant shape
// disagrees with the result type (a run-time error of the op).
// CHECK-LABEL: func.func @dynamic_broadcast_mismatch
// CHECK: stablehlo.dynamic_broadcast_in_dim
func.func @dynamic_broadcast_mismatch(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[4, 3]> : tensor<2xi64>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// DynamicIotaOfConstant: iota.
// CHECK-LABEL: func.func @dynamic_iota_constant
// CHECK-NOT: stablehlo.dynamic_iota
// CHECK: stablehlo.iota dim = 1 : tensor<2x3xi32>
func.func @dynamic_iota_constant() -> tensor<2x3xi32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// DynamicIotaOfConstant must not fire for a shape that is not a constant.
// CHECK-LABEL: func.func @dynamic_iota_variable
// CHECK: stablehlo.dynamic_iota
func.func @dynamic_iota_variable(%s: tensor<2xi32>) -> tensor<2x3xi32> {
  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// RealDynamicSliceOfConstants: slice.
// CHECK-LABEL: func.func @real_dynamic_slice_constants
// CHECK-NOT: stablehlo.real_dynamic_slice
// CHECK: stablehlo.slice %arg0 [1:5:2, 0:3] : (tensor<6x3xf32>) -> tensor<2x3xf32>
func.func @real_dynamic_slice_constants(%x: tensor<6x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %l = stablehlo.constant dense<[5, 3]> : tensor<2xi64>
  %t = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %t : (tensor<6x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// RealDynamicSliceOfConstants must not fire when a bound is not a constant.
// CHECK-LABEL: func.func @real_dynamic_slice_variable
// CHECK: stablehlo.real_dynamic_slice
func.func @real_dynamic_slice_variable(%x: tensor<6x3xf32>, %l: tensor<2xi64>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %t = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %t : (tensor<6x3xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// DynamicPadOfConstants: pad (negative edge padding included).
// CHECK-LABEL: func.func @dynamic_pad_constants
// CHECK-NOT: stablehlo.dynamic_pad
// CHECK: stablehlo.pad %arg0, %arg1, low = [1, -1], high = [0, 2], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
func.func @dynamic_pad_constants(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x4xf32> {
  %lo = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[0, 2]> : tensor<2xi64>
  %in = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %0 = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// DynamicPadOfConstants must not fire for a negative interior padding (an
// error of the op).
// CHECK-LABEL: func.func @dynamic_pad_negative_interior
// CHECK: stablehlo.dynamic_pad
func.func @dynamic_pad_negative_interior(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<2xf32> {
  %lo = stablehlo.constant dense<1> : tensor<1xi64>
  %hi = stablehlo.constant dense<1> : tensor<1xi64>
  %in = stablehlo.constant dense<-1> : tensor<1xi64>
  %0 = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// SetDimensionSizeOfStatic: an unchanged static size is the operand; a
// smaller declared size cuts the dimension.
// CHECK-LABEL: func.func @set_dimension_size_static
// CHECK-NOT: stablehlo.set_dimension_size
// CHECK: %[[S:.*]] = stablehlo.slice %arg0 [0:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK: return %arg0, %[[S]]
func.func @set_dimension_size_static(%x: tensor<4x3xf32>, %n: tensor<i32>) -> (tensor<4x3xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  %1 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<2x3xf32>
}

// -----

// SetDimensionSizeOfStatic must not fire for a dynamic result: the size
// comes from the operand at run time.
// CHECK-LABEL: func.func @set_dimension_size_dynamic
// CHECK: stablehlo.set_dimension_size
func.func @set_dimension_size_dynamic(%x: tensor<4x3xf32>, %n: tensor<i32>) -> tensor<?x3xf32, #stablehlo.bounds<4, ?>> {
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x3xf32>, tensor<i32>) -> tensor<?x3xf32, #stablehlo.bounds<4, ?>>
  return %0 : tensor<?x3xf32, #stablehlo.bounds<4, ?>>
}

// -----

// GetDimensionSizeOfStatic: a constant.
// CHECK-LABEL: func.func @get_dimension_size_static
// CHECK-NOT: stablehlo.get_dimension_size
// CHECK: %[[C:.*]] = stablehlo.constant dense<3> : tensor<i32>
// CHECK: return %[[C]]
func.func @get_dimension_size_static(%x: tensor<?x3xf32, #stablehlo.bounds<8, ?>>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?x3xf32, #stablehlo.bounds<8, ?>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// GetDimensionSizeOfStatic must not fire for a dynamic dimension.
// CHECK-LABEL: func.func @get_dimension_size_dynamic
// CHECK: stablehlo.get_dimension_size
func.func @get_dimension_size_dynamic(%x: tensor<?x3xf32, #stablehlo.bounds<8, ?>>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32, #stablehlo.bounds<8, ?>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// GetTupleElementOfTuple: the element.
// CHECK-LABEL: func.func @get_tuple_element_of_tuple
// CHECK-NOT: stablehlo.get_tuple_element
// CHECK: return %arg1
func.func @get_tuple_element_of_tuple(%x: tensor<f32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.tuple %x, %t : tuple<tensor<f32>, !stablehlo.token>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<f32>, !stablehlo.token>) -> !stablehlo.token
  return %1 : !stablehlo.token
}

// -----

// GetTupleElementOfTuple must not fire for a tuple that is an argument.
// CHECK-LABEL: func.func @get_tuple_element_of_argument
// CHECK: stablehlo.get_tuple_element
func.func @get_tuple_element_of_argument(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// TupleOfElements: rebuilding a tuple from all its elements in order gives
// the tuple.
// CHECK-LABEL: func.func @tuple_of_elements
// CHECK-NOT: stablehlo.tuple
// CHECK: return %arg0
func.func @tuple_of_elements(%t: tuple<tensor<f32>, tensor<i32>>) -> tuple<tensor<f32>, tensor<i32>> {
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  %1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
  %2 = stablehlo.tuple %0, %1 : tuple<tensor<f32>, tensor<i32>>
  return %2 : tuple<tensor<f32>, tensor<i32>>
}

// -----

// TupleOfElements must not fire when the elements come in another order.
// CHECK-LABEL: func.func @tuple_of_swapped_elements
// CHECK: stablehlo.tuple
func.func @tuple_of_swapped_elements(%t: tuple<tensor<f32>, tensor<f32>>) -> tuple<tensor<f32>, tensor<f32>> {
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<f32>>) -> tensor<f32>
  %1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<f32>>) -> tensor<f32>
  %2 = stablehlo.tuple %1, %0 : tuple<tensor<f32>, tensor<f32>>
  return %2 : tuple<tensor<f32>, tensor<f32>>
}

// -----

// WhileOfFalse: the body never runs.
// CHECK-LABEL: func.func @while_false
// CHECK-NOT: stablehlo.while
// CHECK: return %arg0, %arg1
func.func @while_false(%i: tensor<i64>, %s: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  %0:2 = stablehlo.while(%a = %i, %b = %s) : tensor<i64>, tensor<f32>
   cond {
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    %n = stablehlo.negate %b : tensor<f32>
    stablehlo.return %a, %n : tensor<i64>, tensor<f32>
  }
  return %0#0, %0#1 : tensor<i64>, tensor<f32>
}

// -----

// WhileOfFalse must not fire for a condition that is constant true (an
// endless loop stays one) or that depends on the state.
// CHECK-LABEL: func.func @while_true
// CHECK: stablehlo.while
func.func @while_true(%i: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.while(%a = %i) : tensor<i64>
   cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    %n = stablehlo.negate %a : tensor<i64>
    stablehlo.return %n : tensor<i64>
  }
  return %0 : tensor<i64>
}

// -----

// WhileInvariantResult: a value the body passes through unchanged keeps its
// initial value; the loop stays for the other values.
// CHECK-LABEL: func.func @while_invariant
// CHECK: %[[W:.*]]:2 = stablehlo.while
// CHECK: return %[[W]]#0, %arg1
func.func @while_invariant(%i: tensor<i64>, %s: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  %0:2 = stablehlo.while(%a = %i, %b = %s) : tensor<i64>, tensor<f32>
   cond {
    %ten = stablehlo.constant dense<10> : tensor<i64>
    %p = stablehlo.compare LT, %a, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %a, %one : tensor<i64>
    stablehlo.return %n, %b : tensor<i64>, tensor<f32>
  }
  return %0#0, %0#1 : tensor<i64>, tensor<f32>
}

// -----

// WhileInvariantResult must not fire when the body swaps two values (each
// is a block argument, but not its own).
// CHECK-LABEL: func.func @while_swap
// CHECK: %[[W:.*]]:3 = stablehlo.while
// CHECK: return %[[W]]#1, %[[W]]#2
func.func @while_swap(%i: tensor<i64>, %s: tensor<f32>, %t: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0:3 = stablehlo.while(%a = %i, %b = %s, %c = %t) : tensor<i64>, tensor<f32>, tensor<f32>
   cond {
    %ten = stablehlo.constant dense<10> : tensor<i64>
    %p = stablehlo.compare LT, %a, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %a, %one : tensor<i64>
    stablehlo.return %n, %c, %b : tensor<i64>, tensor<f32>, tensor<f32>
  }
  return %0#1, %0#2 : tensor<f32>, tensor<f32>
}

// -----

// IfOfConstant: the chosen branch is inlined.
// CHECK-LABEL: func.func @if_constant
// CHECK-NOT: stablehlo.if
// CHECK: %[[N:.*]] = stablehlo.negate %arg0
// CHECK: return %[[N]]
func.func @if_constant(%x: tensor<2xf32>) -> tensor<2xf32> {
  %p = stablehlo.constant dense<false> : tensor<i1>
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// IfOfConstant must not fire for a predicate that is an argument.
// CHECK-LABEL: func.func @if_variable
// CHECK: stablehlo.if
func.func @if_variable(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// IfOfSameResults: both branches return the same values.
// CHECK-LABEL: func.func @if_same_results
// CHECK-NOT: stablehlo.if
// CHECK: return %arg1
func.func @if_same_results(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// IfOfSameResults must not fire when a branch computes something.
// CHECK-LABEL: func.func @if_different_results
// CHECK: stablehlo.if
func.func @if_different_results(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    stablehlo.return %y : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CaseOfConstant: index 1 picks the second branch; an out-of-range index
// (-1 or 7) picks the last; a single branch is always taken.
// CHECK-LABEL: func.func @case_constant
// CHECK-NOT: stablehlo.case
// CHECK: %[[N:.*]] = stablehlo.negate %arg0
// CHECK: %[[A:.*]] = stablehlo.abs %arg0
// CHECK: %[[B:.*]] = stablehlo.abs %arg0
// CHECK: %[[E:.*]] = stablehlo.exponential %arg0
// CHECK: return %[[N]], %[[A]], %[[B]], %[[E]]
func.func @case_constant(%x: tensor<f32>, %k: tensor<i32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = "stablehlo.case"(%one) ({
    stablehlo.return %x : tensor<f32>
  }, {
    %n = stablehlo.negate %x : tensor<f32>
    stablehlo.return %n : tensor<f32>
  }, {
    %a = stablehlo.abs %x : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  %m = stablehlo.constant dense<-1> : tensor<i32>
  %1 = "stablehlo.case"(%m) ({
    stablehlo.return %x : tensor<f32>
  }, {
    %a = stablehlo.abs %x : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  %seven = stablehlo.constant dense<7> : tensor<i32>
  %2 = "stablehlo.case"(%seven) ({
    stablehlo.return %x : tensor<f32>
  }, {
    %a = stablehlo.abs %x : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  %3 = "stablehlo.case"(%k) ({
    %e = stablehlo.exponential %x : tensor<f32>
    stablehlo.return %e : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// CaseOfConstant must not fire for an index that is an argument when there
// are several branches.
// CHECK-LABEL: func.func @case_variable
// CHECK: stablehlo.case
func.func @case_variable(%k: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.case"(%k) ({
    stablehlo.return %x : tensor<f32>
  }, {
    %n = stablehlo.negate %x : tensor<f32>
    stablehlo.return %n : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// optimization_barrier and custom_call are never touched, even around
// values the other rules simplify.
// CHECK-LABEL: func.func @barrier_kept
// CHECK: stablehlo.optimization_barrier
// CHECK: stablehlo.custom_call @foo
func.func @barrier_kept(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.optimization_barrier %x : tensor<2xf32>
  %1 = stablehlo.custom_call @foo(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

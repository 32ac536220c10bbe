// RUN: axle-opt --axle-simplify --split-input-file %s | FileCheck %s

// Splat constants through data movement: reshape, transpose, broadcast_in_dim,
// slice and reverse of a splat constant give a splat of the result type (every
// result element is an operand element). A non-splat constant must stay: its
// elements differ, so the result is not a splat.
// CHECK-LABEL: func.func @splat_through_data_movement
// CHECK-DAG: stablehlo.constant dense<-0.000000e+00> : tensor<6xf32>
// CHECK-DAG: stablehlo.constant dense<0x7FC00001> : tensor<3x2xf32>
// CHECK-DAG: stablehlo.constant dense<4294967295> : tensor<2x4xui32>
// CHECK-DAG: stablehlo.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<1xcomplex<f32>>
// CHECK-DAG: stablehlo.constant dense<true> : tensor<2x3xi1>
// CHECK-NOT: stablehlo.reshape
// CHECK-NOT: stablehlo.transpose
// CHECK-NOT: stablehlo.broadcast_in_dim
// CHECK-NOT: stablehlo.slice
// CHECK-NOT: stablehlo.reverse
func.func @splat_through_data_movement() -> (tensor<6xf32>, tensor<3x2xf32>, tensor<2x4xui32>, tensor<1xcomplex<f32>>, tensor<2x3xi1>) {
  %a = stablehlo.constant dense<-0.0> : tensor<2x3xf32>
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<6xf32>
  %b = stablehlo.constant dense<0x7FC00001> : tensor<2x3xf32>
  %1 = stablehlo.transpose %b, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %c = stablehlo.constant dense<4294967295> : tensor<4xui32>
  %2 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<4xui32>) -> tensor<2x4xui32>
  %d = stablehlo.constant dense<(1.0, -2.0)> : tensor<5xcomplex<f32>>
  %3 = stablehlo.slice %d [2:3] : (tensor<5xcomplex<f32>>) -> tensor<1xcomplex<f32>>
  %e = stablehlo.constant dense<true> : tensor<2x3xi1>
  %4 = stablehlo.reverse %e, dims = [0, 1] : tensor<2x3xi1>
  return %0, %1, %2, %3, %4 : tensor<6xf32>, tensor<3x2xf32>, tensor<2x4xui32>, tensor<1xcomplex<f32>>, tensor<2x3xi1>
}
// -----

// Splat through data movement, must-not case: a non-splat constant has
// different elements, so the reshape result is not a splat and must stay.
// CHECK-LABEL: func.func @splat_non_splat_operand
// CHECK: stablehlo.reshape
func.func @splat_non_splat_operand() -> tensor<4xi32> {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %0 = stablehlo.reshape %a : (tensor<2x2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// reshape to the operand's own type is a no-op.
// CHECK-LABEL: func.func @reshape_same_type
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @reshape_same_type(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// reshape to a different shape must stay (it changes the type).
// CHECK-LABEL: func.func @reshape_other_type
// CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<3x2xf32>
func.func @reshape_other_type(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// reshape(reshape(x)) -> reshape(x); when the outer one restores x's type the
// pair disappears.
// CHECK-LABEL: func.func @reshape_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: return %[[R]], %[[X]]
func.func @reshape_chain(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = stablehlo.reshape %0 : (tensor<6xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.reshape %0 : (tensor<6xf32>) -> tensor<2x3xf32>
  return %1, %2 : tensor<3x2xf32>, tensor<2x3xf32>
}

// -----

// reshape chains on dynamic shapes must not be touched (static shapes only).
// CHECK-LABEL: func.func @reshape_chain_dynamic
// CHECK: stablehlo.reshape
// CHECK: stablehlo.reshape
func.func @reshape_chain_dynamic(%x: tensor<?x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.reshape %x : (tensor<?x3xf32>) -> tensor<6xf32>
  %1 = stablehlo.reshape %0 : (tensor<6xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// reshape of a broadcast of a 0-d value is a broadcast to the reshape's type.
// CHECK-LABEL: func.func @reshape_of_scalar_broadcast
// CHECK-SAME: (%[[S:.*]]: tensor<f32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<3x4xf32>
// CHECK-NOT: stablehlo.reshape
func.func @reshape_of_scalar_broadcast(%s: tensor<f32>) -> tensor<3x4xf32> {
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<12xf32>
  %1 = stablehlo.reshape %0 : (tensor<12xf32>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

// -----

// reshape of a broadcast of a non-scalar must stay: the broadcast repeats a
// pattern that the reshape regroups.
// CHECK-LABEL: func.func @reshape_of_vector_broadcast
// CHECK: stablehlo.broadcast_in_dim
// CHECK: stablehlo.reshape
func.func @reshape_of_vector_broadcast(%v: tensor<2xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<2xf32>) -> tensor<6x2xf32>
  %1 = stablehlo.reshape %0 : (tensor<6x2xf32>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

// -----

// transpose with the identity permutation is a no-op.
// CHECK-LABEL: func.func @transpose_identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A real transpose must stay, even when the result type equals the operand
// type (a square matrix).
// CHECK-LABEL: func.func @transpose_square
// CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0]
func.func @transpose_square(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// transpose(transpose(x)) composes the permutations: [1,2,0] then [2,0,1] is
// the identity (x itself); [1,2,0] then [1,2,0] is [2,0,1].
// CHECK-LABEL: func.func @transpose_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %[[X]], dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: return %[[X]], %[[T]]
func.func @transpose_chain(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>) {
  %0 = stablehlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = stablehlo.transpose %0, dims = [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %2 = stablehlo.transpose %0, dims = [1, 2, 0] : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  return %1, %2 : tensor<2x3x4xf32>, tensor<4x2x3xf32>
}

// -----

// transpose chains over quantized types are skipped.
// CHECK-LABEL: func.func @transpose_chain_quantized
// CHECK: stablehlo.transpose
// CHECK: stablehlo.transpose
func.func @transpose_chain_quantized(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5>>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5>>
  return %1 : tensor<2x3x!quant.uniform<i8:f32, 0.5>>
}

// -----

// A transpose that only moves size-1 dims keeps the element order: reshape.
// CHECK-LABEL: func.func @transpose_unit_dims
// CHECK: stablehlo.reshape %{{.*}} : (tensor<1x4x1x5xf32>) -> tensor<4x1x5x1xf32>
// CHECK-NOT: stablehlo.transpose
func.func @transpose_unit_dims(%x: tensor<1x4x1x5xf32>) -> tensor<4x1x5x1xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0, 3, 2] : (tensor<1x4x1x5xf32>) -> tensor<4x1x5x1xf32>
  return %0 : tensor<4x1x5x1xf32>
}

// -----

// A transpose that swaps two dims of size > 1 reorders elements: it stays.
// CHECK-LABEL: func.func @transpose_unit_dims_negative
// CHECK: stablehlo.transpose
// CHECK-NOT: stablehlo.reshape
func.func @transpose_unit_dims_negative(%x: tensor<1x4x1x5xf32>) -> tensor<5x1x4x1xf32> {
  %0 = stablehlo.transpose %x, dims = [3, 0, 1, 2] : (tensor<1x4x1x5xf32>) -> tensor<5x1x4x1xf32>
  return %0 : tensor<5x1x4x1xf32>
}

// -----

// transpose of an iota is an iota along the dim the iota dim moved to.
// CHECK-LABEL: func.func @transpose_of_iota
// CHECK-NEXT: %[[I:.*]] = stablehlo.iota dim = 1 : tensor<4x3xui8>
// CHECK-NEXT: return %[[I]]
func.func @transpose_of_iota() -> tensor<4x3xui8> {
  %0 = stablehlo.iota dim = 0 : tensor<3x4xui8>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<3x4xui8>) -> tensor<4x3xui8>
  return %1 : tensor<4x3xui8>
}

// -----

// transpose of a quantized iota is skipped.
// CHECK-LABEL: func.func @transpose_of_iota_quantized
// CHECK: stablehlo.transpose
func.func @transpose_of_iota_quantized() -> tensor<4x3x!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.iota dim = 0 : tensor<3x4x!quant.uniform<i8:f32, 0.5>>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x3x!quant.uniform<i8:f32, 0.5>>
  return %1 : tensor<4x3x!quant.uniform<i8:f32, 0.5>>
}

// -----

// transpose(broadcast_in_dim(x)) is one broadcast_in_dim with the dims
// moved by the inverse permutation.
// CHECK-LABEL: func.func @transpose_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[X]], dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: return %[[B]]
func.func @transpose_of_broadcast(%x: tensor<3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// transpose of something that is not a broadcast (here a reshape) stays.
// CHECK-LABEL: func.func @transpose_of_reshape
// CHECK: stablehlo.reshape
// CHECK: stablehlo.transpose
func.func @transpose_of_reshape(%x: tensor<6xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// broadcast_in_dim to the same type with identity dims is a no-op.
// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi64>)
// CHECK-NEXT: return %[[X]]
func.func @broadcast_identity(%x: tensor<2x3xi64>) -> tensor<2x3xi64> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// A broadcast that expands a size-1 dim is not a no-op.
// CHECK-LABEL: func.func @broadcast_expanding
// CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [0, 1] : (tensor<1x3xi64>) -> tensor<2x3xi64>
func.func @broadcast_expanding(%x: tensor<1x3xi64>) -> tensor<2x3xi64> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x3xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// broadcast_in_dim(broadcast_in_dim(x)) composes the dims: x dim 0 goes to
// dim 1, then to dim 2; the size-1 dim expands in the second step.
// CHECK-LABEL: func.func @broadcast_chain
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf32>)
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[X]], dims = [2, 0] : (tensor<3x1xf32>) -> tensor<5x4x3xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_chain(%x: tensor<3x1xf32>) -> tensor<5x4x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<3x1xf32>) -> tensor<1x3xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<5x4x3xf32>
  return %1 : tensor<5x4x3xf32>
}

// -----

// A broadcast whose operand is not a broadcast (here a transpose) stays.
// CHECK-LABEL: func.func @broadcast_of_transpose
// CHECK: stablehlo.transpose
// CHECK: stablehlo.broadcast_in_dim
func.func @broadcast_of_transpose(%x: tensor<2x3xf32>) -> tensor<4x3x2xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<4x3x2xf32>
  return %1 : tensor<4x3x2xf32>
}

// -----

// A broadcast that only inserts size-1 dims, in order, is a reshape.
// CHECK-LABEL: func.func @broadcast_to_reshape
// CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
// CHECK-NOT: stablehlo.broadcast_in_dim
func.func @broadcast_to_reshape(%x: tensor<2x3xf32>) -> tensor<2x1x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
  return %0 : tensor<2x1x3xf32>
}

// -----

// A broadcast that adds a dim of size > 1 repeats elements: not a reshape.
// CHECK-LABEL: func.func @broadcast_to_reshape_negative
// CHECK: stablehlo.broadcast_in_dim
// CHECK-NOT: stablehlo.reshape
func.func @broadcast_to_reshape_negative(%x: tensor<2x3xf32>) -> tensor<2x2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// -----

// A broadcast of equal rank with permuted dims and no expansion is a
// transpose (result dim dims[i] is operand dim i).
// CHECK-LABEL: func.func @broadcast_to_transpose
// CHECK: stablehlo.transpose %{{.*}}, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NOT: stablehlo.broadcast_in_dim
func.func @broadcast_to_transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// A permuting broadcast that also expands a size-1 dim is not a transpose.
// CHECK-LABEL: func.func @broadcast_to_transpose_negative
// CHECK: stablehlo.broadcast_in_dim
// CHECK-NOT: stablehlo.transpose
func.func @broadcast_to_transpose_negative(%x: tensor<1x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<1x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// broadcast_in_dim of an iota whose dim is not expanded is an iota.
// CHECK-LABEL: func.func @broadcast_of_iota
// CHECK-NEXT: %[[I:.*]] = stablehlo.iota dim = 2 : tensor<2x3x4xf16>
// CHECK-NEXT: return %[[I]]
func.func @broadcast_of_iota() -> tensor<2x3x4xf16> {
  %0 = stablehlo.iota dim = 0 : tensor<4xf16>
  %1 = stablehlo.broadcast_in_dim %0, dims = [2] : (tensor<4xf16>) -> tensor<2x3x4xf16>
  return %1 : tensor<2x3x4xf16>
}

// -----

// broadcast_in_dim of a quantized iota is skipped (quantized types are not
// touched).
// CHECK-LABEL: func.func @broadcast_of_iota_quantized
// CHECK: stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK: stablehlo.broadcast_in_dim
func.func @broadcast_of_iota_quantized() -> tensor<2x4x!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 0.5>>
  %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5>>
  return %1 : tensor<2x4x!quant.uniform<i8:f32, 0.5>>
}

// -----

// broadcast_in_dim of an iota whose non-iota dim expands keeps the iota dim.
// CHECK-LABEL: func.func @broadcast_of_iota_other_dim
// CHECK-NEXT: %[[I:.*]] = stablehlo.iota dim = 0 : tensor<2x3xi32>
// CHECK-NEXT: return %[[I]]
func.func @broadcast_of_iota_other_dim() -> tensor<2x3xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<2x1xi32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x1xi32>) -> tensor<2x3xi32>
  return %1 : tensor<2x3xi32>
}

// -----

// A slice of all of x with unit strides is x.
// CHECK-LABEL: func.func @slice_full
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xbf16>)
// CHECK-NEXT: return %[[X]]
func.func @slice_full(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.slice %x [0:2, 0:3] : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// A slice that drops an element stays.
// CHECK-LABEL: func.func @slice_partial
// CHECK: stablehlo.slice
func.func @slice_partial(%x: tensor<2x3xbf16>) -> tensor<2x2xbf16> {
  %0 = stablehlo.slice %x [0:2, 1:3] : (tensor<2x3xbf16>) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

// slice(slice(x)) is one slice: inner [2:11:3] picks 2, 5, 8; outer [1:3:1]
// picks 5, 8 -> [5:9:3]. Inner [1:9:2] picks 1,3,5,7; outer [0:4:2] picks
// 1, 5 -> [1:6:4].
// CHECK-LABEL: func.func @slice_chain
// CHECK-SAME: (%[[X:.*]]: tensor<12x10xf32>)
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[X]] [5:9:3, 1:6:4] : (tensor<12x10xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: return %[[S]]
func.func @slice_chain(%x: tensor<12x10xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.slice %x [2:11:3, 1:9:2] : (tensor<12x10xf32>) -> tensor<3x4xf32>
  %1 = stablehlo.slice %0 [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// A slice of a non-slice (here a transpose) stays two ops.
// CHECK-LABEL: func.func @slice_of_transpose
// CHECK: stablehlo.transpose
// CHECK: stablehlo.slice
func.func @slice_of_transpose(%x: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %1 = stablehlo.slice %0 [1:3, 0:4] : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// A slice within one input of a concatenate slices that input (shifted by
// the inputs in front); one that takes all of it is the input itself.
// CHECK-LABEL: func.func @slice_of_concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi8>, %[[B:.*]]: tensor<4x3xi8>, %[[C:.*]]: tensor<1x3xi8>)
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[B]] [1:4:2, 0:2] : (tensor<4x3xi8>) -> tensor<2x2xi8>
// CHECK-NEXT: return %[[S]], %[[B]]
func.func @slice_of_concatenate(%a: tensor<2x3xi8>, %b: tensor<4x3xi8>, %c: tensor<1x3xi8>) -> (tensor<2x2xi8>, tensor<4x3xi8>) {
  %0 = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x3xi8>, tensor<4x3xi8>, tensor<1x3xi8>) -> tensor<7x3xi8>
  %1 = stablehlo.slice %0 [3:6:2, 0:2] : (tensor<7x3xi8>) -> tensor<2x2xi8>
  %2 = stablehlo.slice %0 [2:6, 0:3] : (tensor<7x3xi8>) -> tensor<4x3xi8>
  return %1, %2 : tensor<2x2xi8>, tensor<4x3xi8>
}

// -----

// A slice over two of three inputs (the only user of the concatenate) slices
// a concatenate of those two.
// CHECK-LABEL: func.func @slice_of_concatenate_run
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi8>, %[[B:.*]]: tensor<4x3xi8>, %[[C:.*]]: tensor<1x3xi8>)
// CHECK-NEXT: %[[BC:.*]] = stablehlo.concatenate %[[B]], %[[C]], dim = 0 : (tensor<4x3xi8>, tensor<1x3xi8>) -> tensor<5x3xi8>
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[BC]] [3:5, 0:3] : (tensor<5x3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: return %[[S]]
func.func @slice_of_concatenate_run(%a: tensor<2x3xi8>, %b: tensor<4x3xi8>, %c: tensor<1x3xi8>) -> tensor<2x3xi8> {
  %0 = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x3xi8>, tensor<4x3xi8>, tensor<1x3xi8>) -> tensor<7x3xi8>
  %1 = stablehlo.slice %0 [5:7, 0:3] : (tensor<7x3xi8>) -> tensor<2x3xi8>
  return %1 : tensor<2x3xi8>
}

// -----

// The same slice over two inputs must not build a second, smaller
// concatenate while the full one has another user.
// CHECK-LABEL: func.func @slice_of_concatenate_run_shared
// CHECK: %[[ALL:.*]] = stablehlo.concatenate %{{.*}}, %{{.*}}, %{{.*}}, dim = 0
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[ALL]] [5:7, 0:3]
// CHECK-NEXT: return %[[S]], %[[ALL]]
func.func @slice_of_concatenate_run_shared(%a: tensor<2x3xi8>, %b: tensor<4x3xi8>, %c: tensor<1x3xi8>) -> (tensor<2x3xi8>, tensor<7x3xi8>) {
  %0 = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x3xi8>, tensor<4x3xi8>, tensor<1x3xi8>) -> tensor<7x3xi8>
  %1 = stablehlo.slice %0 [5:7, 0:3] : (tensor<7x3xi8>) -> tensor<2x3xi8>
  return %1, %0 : tensor<2x3xi8>, tensor<7x3xi8>
}

// -----

// A slice that reads from every input of the concatenate stays as it is
// (here with a stride that reads the first and the last input).
// CHECK-LABEL: func.func @slice_of_concatenate_all_inputs
// CHECK: stablehlo.concatenate
// CHECK: stablehlo.slice %{{.*}} [1:7:5, 0:3]
func.func @slice_of_concatenate_all_inputs(%a: tensor<2x3xi8>, %b: tensor<4x3xi8>, %c: tensor<1x3xi8>) -> tensor<2x3xi8> {
  %0 = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x3xi8>, tensor<4x3xi8>, tensor<1x3xi8>) -> tensor<7x3xi8>
  %1 = stablehlo.slice %0 [1:7:5, 0:3] : (tensor<7x3xi8>) -> tensor<2x3xi8>
  return %1 : tensor<2x3xi8>
}

// -----

// slice(broadcast_in_dim(x)) slices x where x is not expanded and only
// shrinks the broadcast elsewhere.
// CHECK-LABEL: func.func @slice_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<5x1xf32>)
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[X]] [1:5:2, 0:1] : (tensor<5x1xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [1, 2] : (tensor<2x1xf32>) -> tensor<3x2x2xf32>
// CHECK-NEXT: return %[[B]]
func.func @slice_of_broadcast(%x: tensor<5x1xf32>) -> tensor<3x2x2xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<5x1xf32>) -> tensor<4x5x6xf32>
  %1 = stablehlo.slice %0 [1:4, 1:5:2, 2:4] : (tensor<4x5x6xf32>) -> tensor<3x2x2xf32>
  return %1 : tensor<3x2x2xf32>
}

// -----

// slice(broadcast_in_dim(x)) over a quantized type is skipped.
// CHECK-LABEL: func.func @slice_of_broadcast_quantized
// CHECK: stablehlo.broadcast_in_dim
// CHECK: stablehlo.slice
func.func @slice_of_broadcast_quantized(%x: tensor<5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<5x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x5x!quant.uniform<i8:f32, 0.5>>
  %1 = stablehlo.slice %0 [1:4, 1:5:2] : (tensor<4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5>>
  return %1 : tensor<3x2x!quant.uniform<i8:f32, 0.5>>
}

// -----

// concatenate of a single input is the input.
// CHECK-LABEL: func.func @concatenate_single
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xui16>)
// CHECK-NEXT: return %[[X]]
func.func @concatenate_single(%x: tensor<2x3xui16>) -> tensor<2x3xui16> {
  %0 = stablehlo.concatenate %x, dim = 1 : (tensor<2x3xui16>) -> tensor<2x3xui16>
  return %0 : tensor<2x3xui16>
}

// -----

// concatenate of two inputs stays.
// CHECK-LABEL: func.func @concatenate_two
// CHECK: stablehlo.concatenate
func.func @concatenate_two(%x: tensor<2x3xui16>, %y: tensor<2x1xui16>) -> tensor<2x4xui16> {
  %0 = stablehlo.concatenate %x, %y, dim = 1 : (tensor<2x3xui16>, tensor<2x1xui16>) -> tensor<2x4xui16>
  return %0 : tensor<2x4xui16>
}

// -----

// concatenate drops inputs that are empty along the concatenated dim (here
// a single input remains, which is the result). Inputs that are empty only
// along another dim still contribute their size along the concatenated dim,
// so they must stay.
// CHECK-LABEL: func.func @concatenate_drop_empty
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[E:.*]]: tensor<2x0xf32>, %[[F:.*]]: tensor<0x3xf32>, %[[G:.*]]: tensor<0x2xf32>)
// CHECK-NEXT: %[[C:.*]] = stablehlo.concatenate %[[F]], %[[G]], dim = 1 : (tensor<0x3xf32>, tensor<0x2xf32>) -> tensor<0x5xf32>
// CHECK-NEXT: return %[[X]], %[[C]]
func.func @concatenate_drop_empty(%x: tensor<2x3xf32>, %e: tensor<2x0xf32>, %f: tensor<0x3xf32>, %g: tensor<0x2xf32>) -> (tensor<2x3xf32>, tensor<0x5xf32>) {
  %0 = stablehlo.concatenate %e, %x, %e, dim = 1 : (tensor<2x0xf32>, tensor<2x3xf32>, tensor<2x0xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.concatenate %f, %g, dim = 1 : (tensor<0x3xf32>, tensor<0x2xf32>) -> tensor<0x5xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<0x5xf32>
}

// -----

// Nested concatenates along the same dim flatten; one along another dim must
// not be flattened.
// CHECK-LABEL: func.func @concatenate_flatten
// CHECK-SAME: (%[[A:.*]]: tensor<2x2xf32>, %[[B:.*]]: tensor<2x2xf32>, %[[C:.*]]: tensor<2x2xf32>)
// CHECK-DAG: %[[F:.*]] = stablehlo.concatenate %[[A]], %[[B]], %[[C]], %[[A]], dim = 0 : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<8x2xf32>
// CHECK-DAG: %[[I:.*]] = stablehlo.concatenate %[[A]], %[[B]], dim = 1 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
// CHECK-DAG: %[[O:.*]] = stablehlo.concatenate %[[I]], %[[I]], dim = 0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
// CHECK: return %[[F]], %[[O]]
func.func @concatenate_flatten(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> (tensor<8x2xf32>, tensor<4x4xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %1 = stablehlo.concatenate %0, %c, %a, dim = 0 : (tensor<4x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<8x2xf32>
  %2 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
  %3 = stablehlo.concatenate %2, %2, dim = 0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return %1, %3 : tensor<8x2xf32>, tensor<4x4xf32>
}

// -----

// Adjacent slices of one tensor along the concatenated dim merge; here they
// cover all of x, so the result is x.
// CHECK-LABEL: func.func @concatenate_adjacent_slices
// CHECK-SAME: (%[[X:.*]]: tensor<6x2xi32>)
// CHECK-NEXT: return %[[X]]
func.func @concatenate_adjacent_slices(%x: tensor<6x2xi32>) -> tensor<6x2xi32> {
  %0 = stablehlo.slice %x [0:2, 0:2] : (tensor<6x2xi32>) -> tensor<2x2xi32>
  %1 = stablehlo.slice %x [2:5, 0:2] : (tensor<6x2xi32>) -> tensor<3x2xi32>
  %2 = stablehlo.slice %x [5:6, 0:2] : (tensor<6x2xi32>) -> tensor<1x2xi32>
  %3 = stablehlo.concatenate %0, %1, %2, dim = 0 : (tensor<2x2xi32>, tensor<3x2xi32>, tensor<1x2xi32>) -> tensor<6x2xi32>
  return %3 : tensor<6x2xi32>
}

// -----

// Slices in the wrong order, or with a gap, must not merge.
// CHECK-LABEL: func.func @concatenate_adjacent_slices_negative
// CHECK: stablehlo.concatenate
// CHECK: stablehlo.concatenate
func.func @concatenate_adjacent_slices_negative(%x: tensor<6x2xi32>) -> (tensor<4x2xi32>, tensor<3x2xi32>) {
  %0 = stablehlo.slice %x [0:2, 0:2] : (tensor<6x2xi32>) -> tensor<2x2xi32>
  %1 = stablehlo.slice %x [2:4, 0:2] : (tensor<6x2xi32>) -> tensor<2x2xi32>
  %2 = stablehlo.slice %x [5:6, 0:2] : (tensor<6x2xi32>) -> tensor<1x2xi32>
  %3 = stablehlo.concatenate %1, %0, dim = 0 : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<4x2xi32>
  %4 = stablehlo.concatenate %1, %2, dim = 0 : (tensor<2x2xi32>, tensor<1x2xi32>) -> tensor<3x2xi32>
  return %3, %4 : tensor<4x2xi32>, tensor<3x2xi32>
}

// -----

// concatenate of equal splat constants is a splat; different ones (here 0.0
// and -0.0, equal as numbers but not as bits) must not merge.
// CHECK-LABEL: func.func @concatenate_of_splats
// CHECK-DAG: stablehlo.constant dense<0x7FF0000000000000> : tensor<5xf64>
// CHECK-DAG: stablehlo.concatenate
// CHECK: return
func.func @concatenate_of_splats() -> (tensor<5xf64>, tensor<5xf64>) {
  %a = stablehlo.constant dense<0x7FF0000000000000> : tensor<2xf64>
  %b = stablehlo.constant dense<0x7FF0000000000000> : tensor<3xf64>
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf64>, tensor<3xf64>) -> tensor<5xf64>
  %c = stablehlo.constant dense<0.0> : tensor<2xf64>
  %d = stablehlo.constant dense<-0.0> : tensor<3xf64>
  %1 = stablehlo.concatenate %c, %d, dim = 0 : (tensor<2xf64>, tensor<3xf64>) -> tensor<5xf64>
  return %0, %1 : tensor<5xf64>, tensor<5xf64>
}

// -----

// pad with no padding at all is a no-op.
// CHECK-LABEL: func.func @pad_noop
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>
// CHECK-NEXT: return %[[X]]
func.func @pad_noop(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  %0 = stablehlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// pad that adds one element on one side and removes one on the other keeps
// the type but shifts the elements: must stay.
// CHECK-LABEL: func.func @pad_shift
// CHECK: stablehlo.pad
func.func @pad_shift(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  %0 = stablehlo.pad %x, %v, low = [0, 1], high = [0, -1], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// pad of a splat with the same value as padding is a splat; with another
// padding value (NaN with another payload) it must stay.
// CHECK-LABEL: func.func @pad_of_splat
// CHECK-DAG: stablehlo.constant dense<0xFFC00000> : tensor<5x4xf32>
// CHECK-DAG: stablehlo.pad
// CHECK: return
func.func @pad_of_splat() -> (tensor<5x4xf32>, tensor<5x4xf32>) {
  %x = stablehlo.constant dense<0xFFC00000> : tensor<2x3xf32>
  %v = stablehlo.constant dense<0xFFC00000> : tensor<f32>
  %w = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %0 = stablehlo.pad %x, %v, low = [1, 0], high = [1, 1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x4xf32>
  %1 = stablehlo.pad %x, %w, low = [1, 0], high = [1, 1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x4xf32>
  return %0, %1 : tensor<5x4xf32>, tensor<5x4xf32>
}

// -----

// reverse along no dim, or only along size-1 dims, is a no-op; reverse along
// a size-1 and a size-3 dim keeps only the size-3 one.
// CHECK-LABEL: func.func @reverse_unit_dims
// CHECK-SAME: (%[[X:.*]]: tensor<1x3xi1>)
// CHECK-NEXT: %[[R:.*]] = stablehlo.reverse %[[X]], dims = [1] : tensor<1x3xi1>
// CHECK-NEXT: return %[[X]], %[[X]], %[[R]]
func.func @reverse_unit_dims(%x: tensor<1x3xi1>) -> (tensor<1x3xi1>, tensor<1x3xi1>, tensor<1x3xi1>) {
  %0 = stablehlo.reverse %x, dims = [] : tensor<1x3xi1>
  %1 = stablehlo.reverse %x, dims = [0] : tensor<1x3xi1>
  %2 = stablehlo.reverse %x, dims = [0, 1] : tensor<1x3xi1>
  return %0, %1, %2 : tensor<1x3xi1>, tensor<1x3xi1>, tensor<1x3xi1>
}

// -----

// reverse along a dim where a broadcast repeats one value is a no-op; along
// the dim the broadcast operand feeds (size 3) it must stay.
// CHECK-LABEL: func.func @reverse_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[X]], dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.reverse %[[B]], dims = [1] : tensor<4x3xf32>
// CHECK-NEXT: return %[[B]], %[[R]]
func.func @reverse_of_broadcast(%x: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %1 = stablehlo.reverse %0, dims = [0] : tensor<4x3xf32>
  %2 = stablehlo.reverse %0, dims = [1] : tensor<4x3xf32>
  return %1, %2 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// reverse(reverse(x)) along the same dims is x; along different dims it is
// one reverse along the dims reversed an odd number of times.
// CHECK-LABEL: func.func @reverse_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = stablehlo.reverse %[[X]], dims = [0, 2] : tensor<2x3x4xf32>
// CHECK-NEXT: return %[[X]], %[[R]]
func.func @reverse_chain(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3x4xf32>
  %1 = stablehlo.reverse %0, dims = [1, 0] : tensor<2x3x4xf32>
  %2 = stablehlo.reverse %0, dims = [1, 2] : tensor<2x3x4xf32>
  return %1, %2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// A single reverse along a size > 1 dim of a plain argument stays.
// CHECK-LABEL: func.func @reverse_single
// CHECK: stablehlo.reverse %{{.*}}, dims = [1]
func.func @reverse_single(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.reverse %x, dims = [1] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// iota along a size-1 dim is all zeros (+0.0 for floats).
// CHECK-LABEL: func.func @iota_unit_dim
// CHECK-DAG: stablehlo.constant dense<0.000000e+00> : tensor<1x4xf32>
// CHECK-DAG: stablehlo.constant dense<0> : tensor<3x1xui64>
// CHECK-NOT: stablehlo.iota
func.func @iota_unit_dim() -> (tensor<1x4xf32>, tensor<3x1xui64>) {
  %0 = stablehlo.iota dim = 0 : tensor<1x4xf32>
  %1 = stablehlo.iota dim = 1 : tensor<3x1xui64>
  return %0, %1 : tensor<1x4xf32>, tensor<3x1xui64>
}

// -----

// iota along a longer dim (even with other size-1 dims) stays.
// CHECK-LABEL: func.func @iota_long_dim
// CHECK: stablehlo.iota dim = 1 : tensor<1x4xf32>
func.func @iota_long_dim() -> tensor<1x4xf32> {
  %0 = stablehlo.iota dim = 1 : tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

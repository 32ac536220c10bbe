// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// Ops that move elements: broadcasts, reshapes, transposes, reverses,
// slices, concatenation, padding, dynamic slices, bitcasts.

// A size-1 operand dimension that expands is read at index 0.
// CHECK: #[[MAP:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_in_dim_expand
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[MAP]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<1x3xf32>) outs(%[[E]] : tensor<4x2x3xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
func.func @broadcast_in_dim_expand(%a: tensor<1x3xf32>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// Broadcast dimensions out of order transpose as they broadcast; a size-1
// dimension that stays size 1 keeps its dimension expression.
// CHECK: #[[MAP:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @broadcast_in_dim_permuted
// CHECK: linalg.generic {indexing_maps = [#[[MAP]], #{{.*}}]
func.func @broadcast_in_dim_permuted(%a: tensor<2x1xui8>) -> tensor<1x4x2xui8> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [2, 0] : (tensor<2x1xui8>) -> tensor<1x4x2xui8>
  return %0 : tensor<1x4x2xui8>
}

// -----

// CHECK: #[[MAP:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @broadcast_in_dim_scalar
// CHECK: linalg.generic {indexing_maps = [#[[MAP]], #{{.*}}]{{.*}} ins(%{{.*}} : tensor<i1>)
func.func @broadcast_in_dim_scalar(%a: tensor<i1>) -> tensor<2x3xi1> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<i1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @broadcast_in_dim_identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[A]]
func.func @broadcast_in_dim_identity(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Legacy broadcast prepends its sizes.
// CHECK: #[[MAP:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic {indexing_maps = [#[[MAP]], #{{.*}}]{{.*}} ins(%{{.*}} : tensor<3x2xi32>) outs(%{{.*}} : tensor<5x3x2xi32>)
func.func @broadcast(%a: tensor<3x2xi32>) -> tensor<5x3x2xi32> {
  %0 = stablehlo.broadcast %a, sizes = [5] : (tensor<3x2xi32>) -> tensor<5x3x2xi32>
  return %0 : tensor<5x3x2xi32>
}

// -----

// CHECK-LABEL: func.func @reshape_collapse
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
func.func @reshape_collapse(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = stablehlo.reshape %a : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_expand
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2], [3]] output_shape [1, 2, 3, 4] : tensor<6x4xf32> into tensor<1x2x3x4xf32>
func.func @reshape_expand(%a: tensor<6x4xf32>) -> tensor<1x2x3x4xf32> {
  %0 = stablehlo.reshape %a : (tensor<6x4xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

// -----

// Dimensions that do not group go through 1-D.
// CHECK-LABEL: func.func @reshape_regroup
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xi64> into tensor<3x2xi64>
func.func @reshape_regroup(%a: tensor<2x3xi64>) -> tensor<3x2xi64> {
  %0 = stablehlo.reshape %a : (tensor<2x3xi64>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// -----

// CHECK-LABEL: func.func @reshape_rank0
// CHECK: %[[S:.*]] = tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
// CHECK: tensor.expand_shape %[[S]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
func.func @reshape_rank0(%a: tensor<1x1xf32>) -> tensor<1xf32> {
  %0 = stablehlo.reshape %a : (tensor<1x1xf32>) -> tensor<f32>
  %1 = stablehlo.reshape %0 : (tensor<f32>) -> tensor<1xf32>
  return %1 : tensor<1xf32>
}

// -----

// Nothing to move in an empty tensor.
// CHECK-LABEL: func.func @reshape_empty
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<3x0xf32>
// CHECK-NEXT: return %[[E]]
func.func @reshape_empty(%a: tensor<0x3xf32>) -> tensor<3x0xf32> {
  %0 = stablehlo.reshape %a : (tensor<0x3xf32>) -> tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x2x3xi16>
// CHECK-NOT: tensor.empty
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3x4xi16>) outs(%[[E]] : tensor<4x2x3xi16>) permutation = [2, 0, 1]
func.func @transpose(%a: tensor<2x3x4xui16>) -> tensor<4x2x3xui16> {
  %0 = stablehlo.transpose %a, dims = [2, 0, 1] : (tensor<2x3x4xui16>) -> tensor<4x2x3xui16>
  return %0 : tensor<4x2x3xui16>
}

// -----

// Reversed dimension d of size N reads N-1-d; size-1 dimensions need no
// reversal.
// CHECK: #[[REV:.*]] = affine_map<(d0, d1, d2) -> (-d0 + 4, d1, d2)>
// CHECK-LABEL: func.func @reverse
// CHECK: linalg.generic {indexing_maps = [#[[REV]], #{{.*}}]
func.func @reverse(%a: tensor<5x1x3xf32>) -> tensor<5x1x3xf32> {
  %0 = stablehlo.reverse %a, dims = [0, 1] : tensor<5x1x3xf32>
  return %0 : tensor<5x1x3xf32>
}

// -----

// CHECK-LABEL: func.func @reverse_nothing
// CHECK-SAME: (%[[A:.*]]: tensor<1x3xf32>)
// CHECK-NEXT: return %[[A]]
func.func @reverse_nothing(%a: tensor<1x3xf32>) -> tensor<1x3xf32> {
  %0 = stablehlo.reverse %a, dims = [0] : tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice_strided
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [3, 2] [3, 2] : tensor<10x4xf32> to tensor<3x2xf32>
func.func @slice_strided(%a: tensor<10x4xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.slice %a [1:8:3, 0:4:2] : (tensor<10x4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// Empty operands are skipped but still count toward the offsets.
// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x0xf32>, %[[C:.*]]: tensor<2x1xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x7xf32>
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [2, 3] [1, 1]
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[C]] into %[[R0]][0, 3] [2, 1] [1, 1]
// CHECK: %[[R2:.*]] = tensor.insert_slice %[[A]] into %[[R1]][0, 4] [2, 3] [1, 1]
// CHECK: return %[[R2]]
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x0xf32>, %c: tensor<2x1xf32>) -> tensor<2x7xf32> {
  %0 = stablehlo.concatenate %a, %b, %c, %a, dim = 1 : (tensor<2x3xf32>, tensor<2x0xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

// Interior padding: the operand goes in with stride interior + 1.
// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[P:.*]]: tensor<f32>)
// CHECK: %[[V:.*]] = tensor.extract %[[P]][] : tensor<f32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<6x4xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<6x4xf32>)
// CHECK: tensor.insert_slice %[[A]] into %[[F]][1, 0] [2, 3] [2, 1] : tensor<2x3xf32> into tensor<6x4xf32>
func.func @pad_interior(%a: tensor<2x3xf32>, %p: tensor<f32>) -> tensor<6x4xf32> {
  %0 = stablehlo.pad %a, %p, low = [1, 0], high = [2, 1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// Negative edge padding drops operand elements: along dim 0 (low -3, step
// 2) elements 2..4 land at 1, 3, 5; along dim 1 (low -2, high 0, step 2)
// elements 1..2 land at 0, 2.
// CHECK-LABEL: func.func @pad_negative
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xi32>, %[[P:.*]]: tensor<i32>)
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: %[[S:.*]] = tensor.extract_slice %[[A]][2, 1] [3, 2] [1, 1] : tensor<5x3xi32> to tensor<3x2xi32>
// CHECK: tensor.insert_slice %[[S]] into %[[F]][1, 0] [3, 2] [2, 2] : tensor<3x2xi32> into tensor<7x3xi32>
func.func @pad_negative(%a: tensor<5x3xi32>, %p: tensor<i32>) -> tensor<7x3xi32> {
  %0 = stablehlo.pad %a, %p, low = [-3, -2], high = [1, 0], interior = [1, 1] : (tensor<5x3xi32>, tensor<i32>) -> tensor<7x3xi32>
  return %0 : tensor<7x3xi32>
}

// -----

// Negative high padding drops trailing elements: 0..2 of 5 remain.
// CHECK-LABEL: func.func @pad_negative_high
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[0] [3] [1] : tensor<5xi32> to tensor<3xi32>
// CHECK: tensor.insert_slice %[[S]] into %{{.*}}[2] [3] [1] : tensor<3xi32> into tensor<5xi32>
func.func @pad_negative_high(%a: tensor<5xi32>, %p: tensor<i32>) -> tensor<5xi32> {
  %0 = stablehlo.pad %a, %p, low = [2], high = [-2], interior = [0] : (tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// Every operand element falls outside: only the fill remains.
// CHECK-LABEL: func.func @pad_all_dropped
// CHECK: %[[F:.*]] = linalg.fill
// CHECK-NOT: insert_slice
// CHECK: return %[[F]]
func.func @pad_all_dropped(%a: tensor<3xi32>, %p: tensor<i32>) -> tensor<2xi32> {
  %0 = stablehlo.pad %a, %p, low = [-5], high = [2], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @pad_complex
// CHECK: linalg.fill ins(%{{.*}} : complex<f32>)
func.func @pad_complex(%a: tensor<2xcomplex<f32>>, %p: tensor<complex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.pad %a, %p, low = [1], high = [1], interior = [0] : (tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Signed start indices clamp to [0, dim - size]; a dimension taken whole
// has offset 0 without reading its index.
// CHECK-LABEL: func.func @dynamic_slice_signed
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<i64>, %[[J:.*]]: tensor<i64>)
// CHECK: %[[X:.*]] = tensor.extract %[[I]][] : tensor<i64>
// CHECK: %[[IX:.*]] = arith.index_cast %[[X]] : i64 to index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[LO:.*]] = arith.maxsi %[[IX]], %[[C0]] : index
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %[[C3]] : index
// CHECK-NOT: tensor.extract %[[J]]
// CHECK: tensor.extract_slice %[[A]][%[[HI]], 0] [2, 3] [1, 1] : tensor<5x3xf32> to tensor<2x3xf32>
func.func @dynamic_slice_signed(%a: tensor<5x3xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x3xf32> {
  %0 = stablehlo.dynamic_slice %a, %i, %j, sizes = [2, 3] : (tensor<5x3xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Unsigned start indices are zero-extended and never negative: only the
// upper bound applies, compared unsigned.
// CHECK-LABEL: func.func @dynamic_slice_unsigned
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<i8>, %[[J:.*]]: tensor<i8>)
// CHECK: %[[X:.*]] = tensor.extract %[[I]][] : tensor<i8>
// CHECK: %[[IX:.*]] = arith.index_castui %[[X]] : i8 to index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[CI:.*]] = arith.minui %[[IX]], %[[C3]] : index
// CHECK: %[[Y:.*]] = tensor.extract %[[J]][] : tensor<i8>
// CHECK: %[[JX:.*]] = arith.index_castui %[[Y]] : i8 to index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[CJ:.*]] = arith.minui %[[JX]], %[[C1]] : index
// CHECK: tensor.extract_slice %[[A]][%[[CI]], %[[CJ]]] [2, 2] [1, 1] : tensor<5x3xf32> to tensor<2x2xf32>
func.func @dynamic_slice_unsigned(%a: tensor<5x3xf32>, %i: tensor<ui8>, %j: tensor<ui8>) -> tensor<2x2xf32> {
  %0 = stablehlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<5x3xf32>, tensor<ui8>, tensor<ui8>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice_rank0
// CHECK-SAME: (%[[A:.*]]: tensor<f32>)
// CHECK-NEXT: return %[[A]]
func.func @dynamic_slice_rank0(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.dynamic_slice %a, sizes = [] : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>, %[[U:.*]]: tensor<2x2xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>)
// CHECK: %[[X:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK: %[[IX:.*]] = arith.index_cast %[[X]] : i32 to index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[LO:.*]] = arith.maxsi %[[IX]], %[[C0]] : index
// CHECK: %[[CI:.*]] = arith.minsi %[[LO]], %[[C3]] : index
// CHECK: %[[Y:.*]] = tensor.extract %[[J]][] : tensor<i32>
// CHECK: %[[JX:.*]] = arith.index_cast %[[Y]] : i32 to index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C0B:.*]] = arith.constant 0 : index
// CHECK: %[[LO2:.*]] = arith.maxsi %[[JX]], %[[C0B]] : index
// CHECK: %[[CJ:.*]] = arith.minsi %[[LO2]], %[[C1]] : index
// CHECK: tensor.insert_slice %[[U]] into %[[A]][%[[CI]], %[[CJ]]] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<5x3xf32>
func.func @dynamic_update_slice(%a: tensor<5x3xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<5x3xf32> {
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %j : (tensor<5x3xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// An empty update changes nothing.
// CHECK-LABEL: func.func @dynamic_update_slice_empty
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>
// CHECK-NEXT: return %[[A]]
func.func @dynamic_update_slice_empty(%a: tensor<3xf32>, %u: tensor<0xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<3xf32>, tensor<0xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @get_dimension_size
// CHECK: %[[C:.*]] = arith.constant dense<3> : tensor<i32>
// CHECK: return %[[C]]
func.func @get_dimension_size(%a: tensor<5x3xf32>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<5x3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Same width: one arith.bitcast per element; signedness only: nothing.
// CHECK-LABEL: func.func @bitcast_convert_same_width
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xi32>)
// CHECK: linalg.generic
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: return %{{.*}}, %[[B]]
func.func @bitcast_convert_same_width(%a: tensor<3xf32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xui32>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<3xf32>) -> tensor<3xi32>
  %1 = stablehlo.bitcast_convert %b : (tensor<3xi32>) -> tensor<3xui32>
  return %0, %1 : tensor<3xi32>, tensor<3xui32>
}

// -----

// Narrowing: result element k of the last dimension is bits [16k, 16k+16)
// of the operand element (little-endian).
// CHECK: #[[LEAD:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @bitcast_convert_narrow
// CHECK: linalg.generic {indexing_maps = [#[[LEAD]], #{{.*}}]
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f64 to i64
// CHECK: %[[K:.*]] = linalg.index 1 : index
// CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK: %[[W:.*]] = arith.constant 16 : i64
// CHECK: %[[SH:.*]] = arith.muli %[[KI]], %[[W]] : i64
// CHECK: %[[S:.*]] = arith.shrui %[[BITS]], %[[SH]] : i64
// CHECK: %[[T:.*]] = arith.trunci %[[S]] : i64 to i16
// CHECK: arith.bitcast %[[T]] : i16 to f16
func.func @bitcast_convert_narrow(%a: tensor<2xf64>) -> tensor<2x4xf16> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf64>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

// Widening: the operand's last dimension is read once per piece, the first
// piece in the low bits.
// CHECK: #[[P0:.*]] = affine_map<(d0) -> (d0, 0)>
// CHECK: #[[P1:.*]] = affine_map<(d0) -> (d0, 1)>
// CHECK-LABEL: func.func @bitcast_convert_widen
// CHECK-SAME: (%[[A:.*]]: tensor<2x2xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[P0]], #[[P1]], #{{.*}}]{{.*}} ins(%[[A]], %[[A]] : tensor<2x2xi32>, tensor<2x2xi32>)
// CHECK-NEXT: ^bb0(%[[LO:.*]]: i32, %[[HI:.*]]: i32, %{{.*}}: i64):
// CHECK: %[[L:.*]] = arith.extui %[[LO]] : i32 to i64
// CHECK: %[[H:.*]] = arith.extui %[[HI]] : i32 to i64
// CHECK: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[HS:.*]] = arith.shli %[[H]], %[[C32]] : i64
// CHECK: %[[R:.*]] = arith.ori %[[L]], %[[HS]] : i64
// CHECK: linalg.yield %[[R]] : i64
func.func @bitcast_convert_widen(%a: tensor<2x2xui32>) -> tensor<2xui64> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2x2xui32>) -> tensor<2xui64>
  return %0 : tensor<2xui64>
}

// -----

// A complex number's bits: real part low, imaginary part high.
// CHECK-LABEL: func.func @bitcast_convert_complex
// CHECK: %[[RE:.*]] = complex.re %{{.*}} : complex<f32>
// CHECK: %[[REB:.*]] = arith.bitcast %[[RE]] : f32 to i32
// CHECK: %[[REW:.*]] = arith.extui %[[REB]] : i32 to i64
// CHECK: %[[IM:.*]] = complex.im %{{.*}} : complex<f32>
// CHECK: %[[IMB:.*]] = arith.bitcast %[[IM]] : f32 to i32
// CHECK: %[[IMW:.*]] = arith.extui %[[IMB]] : i32 to i64
// CHECK: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[IMS:.*]] = arith.shli %[[IMW]], %[[C32]] : i64
// CHECK: %[[BITS:.*]] = arith.ori %[[REW]], %[[IMS]] : i64
// CHECK: arith.bitcast %[[BITS]] : i64 to f64
func.func @bitcast_convert_complex(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// CHECK-LABEL: func.func @bitcast_convert_to_complex
// CHECK: %[[RE:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[SH:.*]] = arith.shrui %{{.*}}, %{{.*}} : i64
// CHECK: %[[IM:.*]] = arith.trunci %[[SH]] : i64 to i32
// CHECK: %[[REF:.*]] = arith.bitcast %[[RE]] : i32 to f32
// CHECK: %[[IMF:.*]] = arith.bitcast %[[IM]] : i32 to f32
// CHECK: complex.create %[[REF]], %[[IMF]] : complex<f32>
func.func @bitcast_convert_to_complex(%a: tensor<2xui64>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xui64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// torch_index_select: the index tensor is read with a projected map, the
// index clamped into the selected dimension, the operand read with
// tensor.extract.
// CHECK: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @torch_index_select
// CHECK-SAME: (%[[A:.*]]: tensor<2x5x3xf32>, %[[I:.*]]: tensor<2x4xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}]{{.*}} ins(%[[I]] : tensor<2x4xi32>) outs(%{{.*}} : tensor<2x4x3xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[X:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[LO:.*]] = arith.maxsi %[[X]], %[[C0]] : index
// CHECK: %[[P:.*]] = arith.minsi %[[LO]], %[[C4]] : index
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: %[[S:.*]] = linalg.index 2 : index
// CHECK: tensor.extract %[[A]][%[[B]], %[[P]], %[[S]]] : tensor<2x5x3xf32>
func.func @torch_index_select(%a: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = "stablehlo.torch_index_select"(%a, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

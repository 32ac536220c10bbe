// RUN: axle-opt --axle-lower-to-linalg --split-input-file %s | FileCheck %s

// gather: one linalg.generic over the result; each element reads its start
// indices, clamps them into [0, operand size - slice size] and extracts the
// operand element at start + offset.

// CHECK-LABEL: func.func @gather_clamp(
// CHECK-SAME: %[[OPERAND:.*]]: tensor<5x4xf32>, %[[INDICES:.*]]: tensor<3x1xi32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<3x2xf32>)
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I0]], %{{.*}}] : tensor<3x1xi32>
// CHECK: %[[WIDE:.*]] = arith.extsi %[[RAW]] : i32 to i64
// CHECK: %[[LOW:.*]] = arith.maxsi %[[WIDE]], %{{.*}} : i64
// CHECK: %[[C2:.*]] = arith.constant 2 : i64
// CHECK: %[[HIGH:.*]] = arith.minsi %[[LOW]], %[[C2]] : i64
// CHECK: %[[START:.*]] = arith.index_cast %[[HIGH]] : i64 to index
// CHECK: %[[COL:.*]] = arith.addi %[[START]], %[[I1]] : index
// CHECK: %[[VALUE:.*]] = tensor.extract %[[OPERAND]][%{{.*}}, %[[COL]]] : tensor<5x4xf32>
// CHECK: linalg.yield %[[VALUE]] : f32
func.func @gather_clamp(%operand: tensor<5x4xf32>, %indices: tensor<3x1xi32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                                          start_index_map = [1], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2>
  } : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// Unsigned indices zero-extend (no lower clamp needed); the index vector
// sits in the middle of the indices (index_vector_dim = 1).

// CHECK-LABEL: func.func @gather_unsigned_indices(
// CHECK-SAME: %{{.*}}: tensor<3x4x2xi32>, %[[INDICES:.*]]: tensor<2x2x3xi8>
// CHECK: linalg.generic
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: tensor.extract %[[INDICES]][%[[I0]], %{{.*}}, %[[I1]]] : tensor<2x2x3xi8>
// CHECK-NEXT: arith.extui %{{.*}} : i8 to i64
// CHECK-NOT: arith.maxsi
// CHECK: arith.minsi
// CHECK: %[[K1:.*]] = arith.constant 1 : index
// CHECK-NEXT: tensor.extract %[[INDICES]][%[[I0]], %[[K1]], %[[I1]]] : tensor<2x2x3xi8>
// CHECK-NEXT: arith.extui %{{.*}} : i8 to i64
// CHECK-NOT: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract %{{.*}} : tensor<3x4x2xi32>
func.func @gather_unsigned_indices(%operand: tensor<3x4x2xi32>, %indices: tensor<2x2x3xui8>) -> tensor<2x3x2x2xi32> {
  %0 = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0],
                                          start_index_map = [1, 0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2, 2>
  } : (tensor<3x4x2xi32>, tensor<2x2x3xui8>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// Batching dimensions: operand dimension 0 is indexed by the batch position
// of start_indices dimension 0 directly.

// CHECK-LABEL: func.func @gather_batching(
// CHECK-SAME: %[[OPERAND:.*]]: tensor<2x5xf32>, %[[INDICES:.*]]: tensor<2x3xi64>
// CHECK: linalg.generic
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I0]], %[[I1]]] : tensor<2x3xi64>
// CHECK-NOT: arith.extsi
// CHECK: arith.maxsi %[[RAW]]
// CHECK: %[[START:.*]] = arith.index_cast
// CHECK: %[[BATCH:.*]] = arith.addi %{{.*}}, %[[I0]] : index
// CHECK: tensor.extract %[[OPERAND]][%[[BATCH]], %[[START]]] : tensor<2x5xf32>
func.func @gather_batching(%operand: tensor<2x5xf32>, %indices: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1],
                                          operand_batching_dims = [0],
                                          start_indices_batching_dims = [0],
                                          start_index_map = [1], index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 1>
  } : (tensor<2x5xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// scatter: a loop over the scatter dimension computes the window corner
// and skips the whole window unless 0 <= start <= 5 - 1 (one unsigned
// compare), then a loop over the window applies the update computation to
// each element, carrying the result tensor.

// CHECK-LABEL: func.func @scatter_add(
// CHECK-SAME: %[[INPUT:.*]]: tensor<5x3xf32>, %[[INDICES:.*]]: tensor<2x1xi32>, %[[UPDATES:.*]]: tensor<2x3xf32>
// CHECK: %[[RESULT:.*]] = scf.for %[[S:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INPUT]]) -> (tensor<5x3xf32>)
// CHECK: %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[S]], %{{.*}}] : tensor<2x1xi32>
// CHECK: %[[START:.*]] = arith.extsi %[[RAW]] : i32 to i64
// CHECK: %[[BOUND:.*]] = arith.constant 4 : i64
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %[[START]], %[[BOUND]] : i64
// CHECK: %[[ROW:.*]] = arith.index_cast %[[START]] : i64 to index
// CHECK: %[[IF:.*]] = scf.if %[[FITS]] -> (tensor<5x3xf32>)
// CHECK: scf.for %[[W:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[WACC:.*]] = %[[ACC]]) -> (tensor<5x3xf32>)
// CHECK: %[[COL:.*]] = arith.addi %{{.*}}, %[[W]] : index
// CHECK: %[[OLD:.*]] = tensor.extract %[[WACC]][%[[ROW]], %[[COL]]]
// CHECK: %[[UPD:.*]] = tensor.extract %[[UPDATES]][%[[S]], %[[W]]]
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[UPD]] : f32
// CHECK: %[[NEW:.*]] = tensor.insert %[[SUM]] into %[[WACC]][%[[ROW]], %[[COL]]]
// CHECK: scf.yield %[[NEW]]
// CHECK: } else {
// CHECK: scf.yield %[[ACC]] : tensor<5x3xf32>
// CHECK: scf.yield %[[IF]]
// CHECK: return %[[RESULT]]
func.func @scatter_add(%input: tensor<5x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
                                                     scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// The window dimension comes first in the updates: updates apply in
// row-major order of the update index space (window outer, scatter inner),
// which decides the result when windows overlap, so the bounds check sits
// in the inner loop. Windows of 2 rows fit when start <= 4 - 2.

// CHECK-LABEL: func.func @scatter_window_outer(
// CHECK: scf.for %[[W:[^ ]*]] = {{.*}} -> (tensor<4xi32>)
// CHECK: scf.for %[[S:[^ ]*]] = {{.*}} -> (tensor<4xi32>)
// CHECK: tensor.extract %{{.*}}[%[[S]]] : tensor<3xi32>
// CHECK: %[[BOUND:.*]] = arith.constant 2 : i64
// CHECK: arith.cmpi ule, %{{.*}}, %[[BOUND]] : i64
// CHECK: scf.if
// CHECK: tensor.extract %{{.*}}[%[[W]], %[[S]]] : tensor<2x3xi32>
// CHECK-NOT: arith.addi
// CHECK: tensor.insert
func.func @scatter_window_outer(%input: tensor<4xi32>, %indices: tensor<3xi32>, %updates: tensor<2x3xi32>) -> tensor<4xi32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0],
                                                     scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<4xi32>, tensor<3xi32>, tensor<2x3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Variadic scatter: both results are carried; the update computation gets
// (input0, input1, update0, update1). Unsigned values stay signless.

// CHECK-LABEL: func.func @scatter_variadic(
// CHECK-SAME: %[[IN0:[^:]*]]: tensor<4xf32>, %[[IN1:[^:]*]]: tensor<4xi32>, %{{.*}}: tensor<2x1xi64>, %[[UP0:[^:]*]]: tensor<2xf32>, %[[UP1:[^:]*]]: tensor<2xi32>
// CHECK: scf.for {{.*}} iter_args(%[[A0:.*]] = %[[IN0]], %[[A1:.*]] = %[[IN1]]) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK: scf.if %{{.*}} -> (tensor<4xf32>, tensor<4xi32>)
// CHECK: %[[X0:.*]] = tensor.extract %[[A0]]
// CHECK: %[[X1:.*]] = tensor.extract %[[A1]]
// CHECK: %[[U0:.*]] = tensor.extract %[[UP0]]
// CHECK: %[[U1:.*]] = tensor.extract %[[UP1]]
// CHECK: %[[MAX:.*]] = arith.maxui %[[X1]], %[[U1]] : i32
// CHECK: %[[SUM:.*]] = arith.addf %[[X0]], %[[U0]] : f32
// CHECK: tensor.insert %[[SUM]] into %[[A0]]
// CHECK: tensor.insert %[[MAX]] into %[[A1]]
func.func @scatter_variadic(%in0: tensor<4xf32>, %in1: tensor<4xui32>, %indices: tensor<2x1xi64>,
                            %up0: tensor<2xf32>, %up1: tensor<2xui32>) -> (tensor<4xf32>, tensor<4xui32>) {
  %0:2 = "stablehlo.scatter"(%in0, %in1, %indices, %up0, %up1) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<ui32>, %b0: tensor<f32>, %b1: tensor<ui32>):
    %m = stablehlo.maximum %a1, %b1 : tensor<ui32>
    %s = stablehlo.add %a0, %b0 : tensor<f32>
    stablehlo.return %s, %m : tensor<f32>, tensor<ui32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
                                                     scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<4xf32>, tensor<4xui32>, tensor<2x1xi64>, tensor<2xf32>, tensor<2xui32>) -> (tensor<4xf32>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xui32>
}

// -----

// No updates at all: the result is the input.

// CHECK-LABEL: func.func @scatter_no_updates(
// CHECK-SAME: %[[INPUT:[^:]*]]: tensor<2x2xf32>
// CHECK-NOT: scf.for
// CHECK: return %[[INPUT]]
func.func @scatter_no_updates(%input: tensor<2x2xf32>, %indices: tensor<0x1xi32>, %updates: tensor<0x2xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
                                                     scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<2x2xf32>, tensor<0x1xi32>, tensor<0x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Batching dimensions take the window corner from the loop index itself
// (no bounds check for them).

// CHECK-LABEL: func.func @scatter_batching(
// CHECK: scf.for %[[B:[^ ]*]] =
// CHECK: scf.for %[[S:[^ ]*]] =
// CHECK: %[[RAW:.*]] = tensor.extract %{{.*}}[%[[B]], %[[S]]] : tensor<2x3xi32>
// CHECK: %[[START:.*]] = arith.extsi %[[RAW]]
// CHECK: arith.cmpi ule, %[[START]]
// CHECK: %[[COL:.*]] = arith.index_cast %[[START]]
// CHECK: scf.if
// CHECK: tensor.extract %{{.*}}[%[[B]], %[[COL]]] : tensor<2x5xf32>
func.func @scatter_batching(%input: tensor<2x5xf32>, %indices: tensor<2x3xi32>, %updates: tensor<2x3xf32>) -> tensor<2x5xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1],
                                                     input_batching_dims = [0],
                                                     scatter_indices_batching_dims = [0],
                                                     scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}
     : (tensor<2x5xf32>, tensor<2x3xi32>, tensor<2x3xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// sort: one index tensor holds every slice's permutation along the sorted
// dimension plus as much scratch (10 = 2 x 5). For each slice (a loop over
// the other dimension): the identity permutation, ceil(log2(5)) = 3
// bottom-up merge passes whose merge step takes the right run's element
// only when comparator(right, left) holds (stable) and writes into the
// scratch, which is copied back. One linalg.generic then gathers both
// results through the permutations.

// CHECK-LABEL: func.func @sort_pairs(
// CHECK-SAME: %[[KEYS:[^:]*]]: tensor<2x5xf32>, %[[VALUES:[^:]*]]: tensor<2x5xi32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x10xindex>
// CHECK: %[[PERM:.*]] = scf.for %[[ROW:[^ ]*]] = {{.*}} iter_args(%{{.*}} = %[[EMPTY]]) -> (tensor<2x10xindex>)
// CHECK: tensor.insert %{{.*}} : tensor<2x10xindex>
// CHECK: %[[PASSES:.*]] = arith.constant 3 : index
// CHECK: scf.for %{{.*}} to %[[PASSES]]
// CHECK: arith.shli
// CHECK: scf.for
// CHECK: arith.minui
// CHECK: scf.for {{.*}} -> (index, index, tensor<2x10xindex>)
// CHECK: %[[BOTH:.*]] = arith.andi
// CHECK: %[[RIGHT:.*]] = scf.if %[[BOTH]] -> (i1)
// CHECK: %[[J:.*]] = tensor.extract %{{.*}} : tensor<2x10xindex>
// CHECK: %[[I:.*]] = tensor.extract %{{.*}} : tensor<2x10xindex>
// CHECK: %[[KJ:.*]] = tensor.extract %[[KEYS]][%[[ROW]], %[[J]]]
// CHECK: %[[KI:.*]] = tensor.extract %[[KEYS]][%[[ROW]], %[[I]]]
// CHECK: %[[LESS:.*]] = arith.cmpf olt, %[[KJ]], %[[KI]] : f32
// CHECK: scf.yield %[[LESS]] : i1
// CHECK: arith.select %[[RIGHT]]
// CHECK: tensor.insert
// CHECK: scf.for {{.*}} -> (tensor<2x10xindex>)
// CHECK: %[[ORDER:.*]] = tensor.extract_slice %[[PERM]][0, 0] [2, 5] [1, 1]
// CHECK: %[[SORTED:.*]]:2 = linalg.generic {{.*}} ins(%[[ORDER]] : tensor<2x5xindex>) outs(%{{.*}}, %{{.*}} : tensor<2x5xf32>, tensor<2x5xi32>)
// CHECK: ^bb0(%[[FROM:[^:]*]]: index
// CHECK: %[[R:.*]] = linalg.index 0 : index
// CHECK: tensor.extract %[[KEYS]][%[[R]], %[[FROM]]]
// CHECK: tensor.extract %[[VALUES]][%[[R]], %[[FROM]]]
// CHECK: return %[[SORTED]]#0, %[[SORTED]]#1
func.func @sort_pairs(%keys: tensor<2x5xf32>, %values: tensor<2x5xi32>) -> (tensor<2x5xf32>, tensor<2x5xi32>) {
  %0:2 = "stablehlo.sort"(%keys, %values) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x5xf32>, tensor<2x5xi32>) -> (tensor<2x5xf32>, tensor<2x5xi32>)
  return %0#0, %0#1 : tensor<2x5xf32>, tensor<2x5xi32>
}

// -----

// A negative dimension counts from the back; unsigned keys compare
// unsigned. Sorting along a dimension of size 1 is the identity.

// CHECK-LABEL: func.func @sort_unsigned_last(
// CHECK: arith.cmpi ugt
func.func @sort_unsigned_last(%keys: tensor<3x4xui8>) -> tensor<3x4xui8> {
  %0 = "stablehlo.sort"(%keys) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) {dimension = -1 : i64} : (tensor<3x4xui8>) -> tensor<3x4xui8>
  return %0 : tensor<3x4xui8>
}

// CHECK-LABEL: func.func @sort_single(
// CHECK-SAME: %[[KEYS:[^:]*]]: tensor<4x1xf32>
// CHECK-NOT: scf.for
// CHECK: return %[[KEYS]]
func.func @sort_single(%keys: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %0 = "stablehlo.sort"(%keys) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<4x1xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

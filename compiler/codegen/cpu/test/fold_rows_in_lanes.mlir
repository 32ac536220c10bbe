// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize))' --split-input-file %s | FileCheck %s

// argmax along rows: two results chosen by compares and selects, which the
// linalg vectorizer does not take. Each tile of 16 rows x 16 steps of k is
// folded lane by lane (FoldRowsInLanes.cpp): the block is transposed (64
// shuffles), the accumulators are read as one vector per result, and the
// body runs on vectors of 16 rows for k = 0 .. 15 in order; the index of
// k is a scalar of each step, broadcast where it meets the rows.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @argmax
// CHECK: scf.forall (%{{.*}}) = (0) to (64) step (16)
// CHECK: scf.for %[[K:.*]] = %c0 to %c256 step %c16 iter_args(%[[V:.*]] = %{{.*}}, %[[I:.*]] = %{{.*}}) -> (tensor<16xf32>, tensor<16xi32>)
// CHECK: vector.transfer_read %{{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK-COUNT-64: vector.shuffle
// CHECK: %[[V0:.*]] = vector.transfer_read %[[V]][%c0], %{{.*}} : tensor<16xf32>, vector<16xf32>
// CHECK: %[[I0:.*]] = vector.transfer_read %[[I]][%c0], %{{.*}} : tensor<16xi32>, vector<16xi32>
// CHECK: %[[K0:.*]] = affine.apply #{{.*}}(%[[K]])[%c0]
// CHECK: %[[K0I:.*]] = arith.index_cast %[[K0]] : index to i32
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[V0]], %{{.*}} : vector<16xf32>
// CHECK: %[[NAN:.*]] = arith.cmpf une, %[[V0]], %[[V0]] : vector<16xf32>
// CHECK: %[[PICK:.*]] = arith.ori %[[GT]], %[[NAN]] : vector<16xi1>
// CHECK: %[[V1:.*]] = arith.select %[[PICK]], %[[V0]], %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK: %[[KS:.*]] = vector.broadcast %[[K0I]] : i32 to vector<16xi32>
// CHECK: %[[I1:.*]] = arith.select %[[PICK]], %[[I0]], %[[KS]] : vector<16xi1>, vector<16xi32>
// CHECK: affine.apply #{{.*}}(%[[K]])[%c1]
// CHECK: arith.cmpf ogt, %[[V1]], %{{.*}} : vector<16xf32>
// CHECK-COUNT-14: arith.cmpf ogt, %{{.*}} : vector<16xf32>
// CHECK: %[[WV:.*]] = vector.transfer_write %{{.*}}, %[[V]][%c0] {{.*}} : vector<16xf32>, tensor<16xf32>
// CHECK: %[[WI:.*]] = vector.transfer_write %{{.*}}, %[[I]][%c0] {{.*}} : vector<16xi32>, tensor<16xi32>
// CHECK: scf.yield %[[WV]], %[[WI]]
// CHECK-NOT: linalg.generic
func.func @argmax(%x: tensor<64x256xf32>) -> tensor<64xi32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<64xf32>
  %ei = tensor.empty() : tensor<64xi32>
  %v0 = linalg.fill ins(%ninf : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
  %i0 = linalg.fill ins(%zero : i32) outs(%ei : tensor<64xi32>) -> tensor<64xi32>
  %r:2 = linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x256xf32>) outs(%v0, %i0 : tensor<64xf32>, tensor<64xi32>) {
  ^bb0(%in: f32, %acc: f32, %acci: i32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %acc, %in : f32
    %nan = arith.cmpf une, %acc, %acc : f32
    %pick = arith.ori %gt, %nan : i1
    %v = arith.select %pick, %acc, %in : f32
    %i = arith.select %pick, %acci, %ki : i32
    linalg.yield %v, %i : f32, i32
  } -> (tensor<64xf32>, tensor<64xi32>)
  return %r#1 : tensor<64xi32>
}

// -----

// A block of 8 rows is folded in the first 8 lanes of 16 (the others hold
// zeros, and their results are dropped).

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @argmin_of_8_rows
// CHECK: vector.transfer_read %{{.*}} : tensor<8x16xf32>, vector<8x16xf32>
// CHECK: vector.insert_strided_slice %{{.*}} : vector<8x16xf32> into vector<16x16xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<8xf32>, vector<8xf32>
// CHECK: vector.insert_strided_slice %{{.*}} : vector<8xf32> into vector<16xf32>
// CHECK-COUNT-16: arith.cmpf olt, %{{.*}} : vector<16xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<8xf32>, tensor<8xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [8], strides = [1]} : vector<16xi32> to vector<8xi32>
// CHECK: vector.transfer_write %{{.*}} : vector<8xi32>, tensor<8xi32>
// CHECK-NOT: linalg.generic
func.func @argmin_of_8_rows(%x: tensor<8x256xf32>) -> tensor<8xi32> {
  %inf = arith.constant 0x7F800000 : f32
  %zero = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi32>
  %v0 = linalg.fill ins(%inf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
  %i0 = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
  %r:2 = linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x256xf32>) outs(%v0, %i0 : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%in: f32, %acc: f32, %acci: i32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %lt = arith.cmpf olt, %acc, %in : f32
    %v = arith.select %lt, %acc, %in : f32
    %i = arith.select %lt, %acci, %ki : i32
    linalg.yield %v, %i : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  return %r#1 : tensor<8xi32>
}

// -----

// bf16 logits: the block travels as the low halves of 32-bit lanes through
// the transpose, and each step narrows its lanes back to bf16.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @argmax_bf16
// CHECK: %[[BLOCK:.*]] = vector.transfer_read %{{.*}} : tensor<16x16xbf16>, vector<16x16xbf16>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[BLOCK]] : vector<16x16xbf16> to vector<16x16xi16>
// CHECK: arith.extui %[[BITS]] : vector<16x16xi16> to vector<16x16xi32>
// CHECK-COUNT-64: vector.shuffle %{{.*}} : vector<16xi32>, vector<16xi32>
// CHECK: %[[LOW:.*]] = arith.trunci %{{.*}} : vector<16xi32> to vector<16xi16>
// CHECK: %[[STEP:.*]] = arith.bitcast %[[LOW]] : vector<16xi16> to vector<16xbf16>
// CHECK: arith.cmpf ogt, %{{.*}}, %[[STEP]] : vector<16xbf16>
// CHECK-NOT: linalg.generic
func.func @argmax_bf16(%x: tensor<16x256xbf16>) -> tensor<16xi32> {
  %ninf = arith.constant 0xFF80 : bf16
  %zero = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<16xbf16>
  %ei = tensor.empty() : tensor<16xi32>
  %v0 = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<16xbf16>) -> tensor<16xbf16>
  %i0 = linalg.fill ins(%zero : i32) outs(%ei : tensor<16xi32>) -> tensor<16xi32>
  %r:2 = linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x256xbf16>) outs(%v0, %i0 : tensor<16xbf16>, tensor<16xi32>) {
  ^bb0(%in: bf16, %acc: bf16, %acci: i32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %acc, %in : bf16
    %v = arith.select %gt, %acc, %in : bf16
    %i = arith.select %gt, %acci, %ki : i32
    linalg.yield %v, %i : bf16, i32
  } -> (tensor<16xbf16>, tensor<16xi32>)
  return %r#1 : tensor<16xi32>
}

// -----

// Integer division would trap in the lanes of rows a short block pads, so
// a body with one is left to the scalar loops.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @divides
// CHECK: linalg.generic
// CHECK: arith.divsi
func.func @divides(%x: tensor<64x256xi32>) -> tensor<64xi32> {
  %one = arith.constant 1 : i32
  %e = tensor.empty() : tensor<64xi32>
  %i0 = linalg.fill ins(%one : i32) outs(%e : tensor<64xi32>) -> tensor<64xi32>
  %r = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x256xi32>) outs(%i0 : tensor<64xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %big = arith.cmpi sgt, %in, %acc : i32
    %q = arith.divsi %acc, %in : i32
    %v = arith.select %big, %in, %q : i32
    linalg.yield %v : i32
  } -> tensor<64xi32>
  return %r : tensor<64xi32>
}

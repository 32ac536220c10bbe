// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{report=true}))' --split-input-file %s | FileCheck %s

// Softmax over the rows of a 512 x 1024 tensor (2 MiB): the row maxima,
// e = exp(x - max), the row sums of e and e / sum are computed 16 rows at
// a time in one scf.forall. Within a block, e is computed once (CSE merges
// the copies fused for its two readers) and read twice while in cache.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK: fusion report for @softmax: 6 kernels before fusion, 1 after
// CHECK-NEXT: fuse 6 ops by blocks of 16 rows into linalg.generic loc("divide")
// CHECK-LABEL: func.func @softmax
// x is the caller's (read-only): the result gets a tensor of its own,
// and the blocks read x itself.
// CHECK: scf.forall (%[[R:.*]]) = (0) to (512) step (16) shared_outs(%{{.*}} = %{{.*}}) ->
// CHECK-NEXT: tensor.extract_slice %arg0[%[[R]], 0] [16, 1024] [1, 1]
// CHECK: linalg.fill {{.*}} -> tensor<16xf32>
// CHECK: arith.maximumf {{.*}} : vector<16xf32>
// CHECK: math.exp
// CHECK-NOT: math.exp
// CHECK: linalg.fill {{.*}} -> tensor<16xf32>
// CHECK: arith.addf {{.*}} : vector<16xf32>
// CHECK: arith.divf
// CHECK: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%[[R]], 0] [16, 1024] [1, 1]
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @softmax(%x: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<512xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x1024xf32>) outs(%m0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.maximumf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  %full = tensor.empty() : tensor<512x1024xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<512x1024xf32>, tensor<512xf32>) outs(%full : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<512x1024xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<512x1024xf32>) outs(%s0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.addf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  %full2 = tensor.empty() : tensor<512x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<512x1024xf32>, tensor<512xf32>) outs(%full2 : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.divf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<512x1024xf32> loc("divide")
  return %y : tensor<512x1024xf32>
}

// -----

// The row maxima are also returned: the block loop computes them once,
// block by block, and returns them as a second result.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK: fusion report for @shared_maxima: 3 kernels before fusion, 1 after
// CHECK-NEXT: fuse 3 ops by blocks of 16 rows
// CHECK-LABEL: func.func @shared_maxima
// CHECK: %[[LOOP:.*]]:2 = scf.forall (%{{.*}}) = (0) to (512) step (16) shared_outs({{.*}}) -> (tensor<512x1024xf32>, tensor<512xf32>)
// CHECK: return %[[LOOP]]#0, %[[LOOP]]#1
func.func @shared_maxima(%x: tensor<512x1024xf32>) -> (tensor<512x1024xf32>, tensor<512xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %rows = tensor.empty() : tensor<512xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x1024xf32>) outs(%m0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.maximumf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  %full = tensor.empty() : tensor<512x1024xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<512x1024xf32>, tensor<512xf32>) outs(%full : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<512x1024xf32>
  return %e, %m : tensor<512x1024xf32>, tensor<512xf32>
}

// -----

// Not blocked: a 64 x 128 softmax (32 KiB) already runs in L2.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK: fusion report for @small
// CHECK-NOT: by blocks of
// CHECK-LABEL: func.func @small
func.func @small(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %rows = tensor.empty() : tensor<64xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<64xf32>) -> tensor<64xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xf32>) outs(%m0 : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.maximumf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %full = tensor.empty() : tensor<64x128xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<64x128xf32>, tensor<64xf32>) outs(%full : tensor<64x128xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<64x128xf32>
  return %e : tensor<64x128xf32>
}

// -----

// A reduction over only the unit dimension of a keepdims reshape keeps
// reading the reshape: without it, no operand would give that loop its
// bound.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @unit_reduction
// CHECK: tensor.expand_shape
func.func @unit_reduction(%v: tensor<512xf32>) -> tensor<512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.expand_shape %v [[0, 1]] output_shape [512, 1] : tensor<512xf32> into tensor<512x1xf32>
  %rows = tensor.empty() : tensor<512xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<512x1xf32>) outs(%s0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.addf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  return %s : tensor<512xf32>
}

// -----

// The softmax of scores that a matmul computed and nothing else reads
// (attention's): the probabilities take the scores' tensor. The block loop's
// output starts as the scores, and each block reads its rows through that
// output before it writes them, so bufferization keeps one buffer for
// both (no tensor of the result's own).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax_of_scores
// CHECK: %[[SCORES:.*]] = linalg.matmul
// CHECK: %[[PROBS:.*]] = scf.forall (%[[R:.*]]) = (0) to (512) step (16) shared_outs(%[[OUT:.*]] = %[[SCORES]])
// CHECK-NEXT: tensor.extract_slice %[[OUT]][%[[R]], 0] [16, 1024] [1, 1]
// CHECK-NOT: tensor.extract_slice %[[SCORES]]
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[OUT]][%[[R]], 0] [16, 1024] [1, 1]
// CHECK: return %[[PROBS]]
func.func @softmax_of_scores(%q: tensor<512x32xf32>, %k: tensor<32x1024xf32>) -> tensor<512x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sinit = tensor.empty() : tensor<512x1024xf32>
  %sfill = linalg.fill ins(%zero : f32) outs(%sinit : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  %x = linalg.matmul ins(%q, %k : tensor<512x32xf32>, tensor<32x1024xf32>) outs(%sfill : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  %rows = tensor.empty() : tensor<512xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x1024xf32>) outs(%m0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.maximumf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  %full = tensor.empty() : tensor<512x1024xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<512x1024xf32>, tensor<512xf32>) outs(%full : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<512x1024xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<512x1024xf32>) outs(%s0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.addf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  %full2 = tensor.empty() : tensor<512x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<512x1024xf32>, tensor<512xf32>) outs(%full2 : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.divf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<512x1024xf32> loc("divide")
  return %y : tensor<512x1024xf32>
}

// -----

// A cluster may end in a row reduction: the sums of exp(x - max) over
// 512 rows of 1024 (2 MiB) are computed by blocks of 16 rows, the maxima
// first, then the sums over the block while it is in cache; the root's
// result has one value per row.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK: fusion report for @sum_of_exp: 5 kernels before fusion, 1 after
// CHECK: fuse 4 ops by blocks of 16 rows into linalg.generic loc("sum")
// CHECK-LABEL: func.func @sum_of_exp
// CHECK: scf.forall (%[[R:.*]]) = (0) to (512) step (16) shared_outs({{.*}}) -> (tensor<512xf32>)
// CHECK: tensor.extract_slice %arg0[%[[R]], 0] [16, 1024] [1, 1]
// CHECK: arith.maximumf {{.*}} : vector<16xf32>
// CHECK: math.exp
// CHECK: arith.addf {{.*}} : vector<16xf32>
// CHECK: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%[[R]]] [16] [1]
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @sum_of_exp(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<512xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x1024xf32>) outs(%m0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.maximumf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  %full = tensor.empty() : tensor<512x1024xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<512x1024xf32>, tensor<512xf32>) outs(%full : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<512x1024xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<512x1024xf32>) outs(%s0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.addf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32> loc("sum")
  return %s : tensor<512xf32>
}

// -----

// Not blocked: a single row reduction is one pass over its rows, which a
// block loop would not shorten (only its fill would join it).

// CHECK: fusion report for @row_sums: 2 kernels before fusion, 2 after
// CHECK-NOT: by blocks of 16 rows
// CHECK-LABEL: func.func @row_sums
func.func @row_sums(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<512xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x1024xf32>) outs(%s0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.addf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32>
  return %s : tensor<512xf32>
}

// -----

// logsumexp: the row maxima are read inside the cluster (by exp(x - max))
// and after it (added to the logarithm of the sums). They are computed in
// the block loop anyway, which returns them too: the loop has two results,
// and the last op reads the maxima from the loop.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#r1 = affine_map<(d0) -> (d0)>
// CHECK: fusion report for @logsumexp: 6 kernels before fusion, 2 after
// CHECK: fuse 4 ops by blocks of 16 rows into linalg.generic loc("sum")
// CHECK-LABEL: func.func @logsumexp
// CHECK: %[[LOOP:.*]]:2 = scf.forall (%[[R:.*]]) = (0) to (512) step (16) shared_outs({{.*}}) -> (tensor<512xf32>, tensor<512xf32>)
// CHECK-COUNT-2: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%[[R]]] [16] [1]
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}} = %[[LOOP]]#0)
// CHECK: tensor.extract_slice %[[LOOP]]#1
// CHECK: math.log
// CHECK-NOT: linalg.generic
func.func @logsumexp(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<512xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x1024xf32>) outs(%m0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.maximumf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32> loc("max")
  %full = tensor.empty() : tensor<512x1024xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<512x1024xf32>, tensor<512xf32>) outs(%full : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<512x1024xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<512x1024xf32>) outs(%s0 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %0 = arith.addf %a, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<512xf32> loc("sum")
  %y = linalg.generic {indexing_maps = [#r1, #r1, #r1], iterator_types = ["parallel"]} ins(%s, %m : tensor<512xf32>, tensor<512xf32>) outs(%rows : tensor<512xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = math.log %a : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<512xf32>
  return %y : tensor<512xf32>
}

// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-schedule-for-memory{annotate=true}))' --split-input-file %s | FileCheck %s

// Thousands of ops schedule quickly (the scheduler is O(n log n)): 5000
// branches of a 4 KiB tensor and its reduction, all tensors listed first
// (5000 x 4 KiB live), become 5000 pairs (4 KiB; the sums are returned).
// RUN: %python %S/Inputs/many_branches.py 5000 > %t.many.mlir
// RUN: timeout 30 axle-opt %t.many.mlir --pass-pipeline='builtin.module(func.func(axle-schedule-for-memory{annotate=true}))' | FileCheck %s --check-prefix=MANY
// MANY: axle.memory_schedule = {live_after = 4096 : i64, live_before = 20480000 : i64, moved = 4999 : i64}

// Two branches each build a 256 KiB tensor (exp(x), sin(x)) and reduce it
// to 1 KiB. Listed as big1, big2, reduce1, reduce2, both big tensors are
// live while reduce1 writes its sum: 256 + 256 + 1 = 513 KiB (525312
// bytes). Scheduled as big1, reduce1, big2, reduce2, each big one dies
// before the other is made: the most is at reduce2, 1 (the first sum,
// waiting for the add) + 256 + 1 = 258 KiB (264192 bytes); the returned
// tensor is the caller's and not counted. One op moved (sin after the
// first reduction); each tensor.empty and fill moves with its user.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#vec = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @branches
// CHECK-SAME: axle.memory_schedule = {live_after = 264192 : i64, live_before = 525312 : i64, moved = 1 : i64}
// CHECK: tensor.empty() : tensor<256x256xf32>
// CHECK-NEXT: %[[A:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: tensor.empty() : tensor<256xf32>
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: %[[RA:.*]] = linalg.generic {{.*}} ins(%[[A]] :
// CHECK: tensor.empty() : tensor<256x256xf32>
// CHECK-NEXT: %[[B:.*]] = linalg.generic
// CHECK: math.sin
// CHECK: tensor.empty() : tensor<256xf32>
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: %[[RB:.*]] = linalg.generic {{.*}} ins(%[[B]] :
// CHECK: linalg.generic {{.*}} ins(%[[RA]], %[[RB]] :
// CHECK: return
func.func @branches(%x: tensor<256x256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<256x256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%e1 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  %e2 = tensor.empty() : tensor<256x256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%e2 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sin %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  %s1 = tensor.empty() : tensor<256xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%s1 : tensor<256xf32>) -> tensor<256xf32>
  %ra = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<256x256xf32>) outs(%z1 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %s2 = tensor.empty() : tensor<256xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%s2 : tensor<256xf32>) -> tensor<256xf32>
  %rb = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%b : tensor<256x256xf32>) outs(%z2 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %s3 = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [#vec, #vec, #vec], iterator_types = ["parallel"]} ins(%ra, %rb : tensor<256xf32>, tensor<256xf32>) outs(%s3 : tensor<256xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %0 = arith.addf %p, %q : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// -----

// The same two branches, and a product written in place into exp(x)'s
// tensor (its init is %a, not a fresh tensor) after a reduction that reads
// %a. The scheduler would rather run the in-place write first (it
// allocates nothing; the reduction's 1 KiB result waits for the final
// add), but then one-shot bufferization would have to copy %a for the
// reduction: the write stays after every earlier reader of its init. The
// branches still reorder: 256 + 256 + 1 + 1 = 514 KiB -> 1 + 256 + 1 + 1 =
// 259 KiB (at sin's reduction).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#vec = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @in_place_after_reader
// CHECK-SAME: axle.memory_schedule = {live_after = 265216 : i64, live_before = 526336 : i64, moved = 1 : i64}
// CHECK: %[[A:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: %[[RA:.*]] = linalg.generic {{.*}} ins(%[[A]] :
// CHECK: arith.addf
// CHECK: %[[W:.*]] = linalg.generic {{.*}} outs(%[[A]] :
// CHECK: arith.mulf
// CHECK: math.sin
func.func @in_place_after_reader(%x: tensor<256x256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<256x256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%e1 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  %e2 = tensor.empty() : tensor<256x256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%e2 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sin %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  %s1 = tensor.empty() : tensor<256xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%s1 : tensor<256xf32>) -> tensor<256xf32>
  %ra = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<256x256xf32>) outs(%z1 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%a : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  %s2 = tensor.empty() : tensor<256xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%s2 : tensor<256xf32>) -> tensor<256xf32>
  %rw = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%w : tensor<256x256xf32>) outs(%z2 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %s3 = tensor.empty() : tensor<256xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%s3 : tensor<256xf32>) -> tensor<256xf32>
  %rb = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%b : tensor<256x256xf32>) outs(%z3 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %s4 = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [#vec, #vec, #vec, #vec], iterator_types = ["parallel"]} ins(%ra, %rw, %rb : tensor<256xf32>, tensor<256xf32>, tensor<256xf32>) outs(%s4 : tensor<256xf32>) {
  ^bb0(%p: f32, %q: f32, %t: f32, %out: f32):
    %0 = arith.addf %p, %q : f32
    %1 = arith.addf %0, %t : f32
    linalg.yield %1 : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// -----

// Calls (unknown effects) keep their order: @observe_b runs before
// @observe_a as listed, so sin(x) must exist before exp(x) can die and both
// big tensors are live at once in any legal order. Running @observe_a
// first would let each die before the other is made (256 KiB instead of
// 512 KiB), so a scheduler that ignored the effects would swap them.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @observe_a(tensor<256x256xf32>)
func.func private @observe_b(tensor<256x256xf32>)
// CHECK-LABEL: func.func @effects_keep_order
// CHECK-SAME: axle.memory_schedule = {live_after = 524288 : i64, live_before = 524288 : i64, moved = 0 : i64}
// CHECK: math.exp
// CHECK: math.sin
// CHECK: call @observe_b
// CHECK: call @observe_a
func.func @effects_keep_order(%x: tensor<256x256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<256x256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%e1 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  %e2 = tensor.empty() : tensor<256x256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%e2 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sin %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  func.call @observe_b(%b) : (tensor<256x256xf32>) -> ()
  func.call @observe_a(%a) : (tensor<256x256xf32>) -> ()
  %s1 = tensor.empty() : tensor<256xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%s1 : tensor<256xf32>) -> tensor<256xf32>
  %ra = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<256x256xf32>) outs(%z1 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %s2 = tensor.empty() : tensor<256xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%s2 : tensor<256xf32>) -> tensor<256xf32>
  %rb = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%b : tensor<256x256xf32>) outs(%z2 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  return %ra, %rb : tensor<256xf32>, tensor<256xf32>
}

// -----

// Nothing to gain: exp(x) (256 KiB) and the row sums of x (1 KiB) are both
// needed by the final op whichever runs first. The greedy order would run
// the small sum first (it allocates less), but its largest live set is the
// same 257 KiB, so the program order stays.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @original_kept
// CHECK-SAME: axle.memory_schedule = {live_after = 263168 : i64, live_before = 263168 : i64, moved = 0 : i64}
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.mulf
func.func @original_kept(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<256x256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%e1 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  %s1 = tensor.empty() : tensor<256xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%s1 : tensor<256xf32>) -> tensor<256xf32>
  %rx = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<256x256xf32>) outs(%z1 : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  %e2 = tensor.empty() : tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %rx : tensor<256x256xf32>, tensor<256xf32>) outs(%e2 : tensor<256x256xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %0 = arith.mulf %p, %q : f32
    linalg.yield %0 : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

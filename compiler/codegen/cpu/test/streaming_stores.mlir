// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-streaming-stores{min-bytes=4096 min-intermediate-bytes=4096}),func.func(axle-fence-streaming-stores))' --split-input-file %s | FileCheck %s

// A write-only result of 4 KiB written in whole 64-byte lines: each write
// tests its address and, when it is 64-byte aligned, becomes a
// non-temporal store; otherwise it stays as it was. The function fences
// its streaming stores before it returns.
// CHECK-LABEL: func.func @write_only
// CHECK-SAME: (%[[X:.*]]: memref<32x32xf32>, %[[Y:.*]]: memref<32x32xf32>)
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[V:.*]] = vector.transfer_read %[[X]]
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[Y]]
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %[[STRIDES]]#0
// CHECK: %[[MISALIGNED:.*]] = arith.remui %{{.*}}, %c64
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[MISALIGNED]], %c0
// CHECK: scf.if %[[ALIGNED]] {
// CHECK-NEXT: vector.store %[[V]], %[[Y]][%[[I]], %c0] {alignment = 64 : i64, nontemporal = true}
// CHECK-NEXT: } else {
// CHECK-NEXT: vector.transfer_write %[[V]], %[[Y]][%[[I]], %c0] {in_bounds = [true]}
// CHECK-NEXT: }
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"()
// CHECK-NEXT: return
func.func @write_only(%x: memref<32x32xf32>, %y: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c32 step %c1 {
    %v = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]} : memref<32x32xf32>, vector<32xf32>
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true]} : vector<32xf32>, memref<32x32xf32>
  }
  return
}

// -----

// Writes through a subview count too.
// CHECK-LABEL: func.func @through_subview
// CHECK: %[[VIEW:.*]] = memref.subview
// CHECK: scf.if
// CHECK-NEXT: vector.store %{{.*}}, %[[VIEW]][%c0, %c0] {alignment = 64 : i64, nontemporal = true}
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"()
func.func @through_subview(%v: vector<16xf32>, %y: memref<64x16xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %row = memref.subview %y[%i, 0] [1, 16] [1, 1] : memref<64x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
  vector.transfer_write %v, %row[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<1x16xf32, strided<[16, 1], offset: ?>>
  return
}

// -----

// A 2-D tile of the result is written row by row, each row tested and
// streamed on its own.
// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[V:.*]]: vector<2x16xf32>, %[[Y:.*]]: memref<64x16xf32>, %[[I:.*]]: index)
// CHECK: %[[ROW0:.*]] = vector.extract %[[V]][0] : vector<16xf32> from vector<2x16xf32>
// CHECK: scf.if
// CHECK-NEXT: vector.store %[[ROW0]], %[[Y]][%[[I]], %c0] {alignment = 64 : i64, nontemporal = true}
// CHECK-NEXT: } else {
// CHECK-NEXT: vector.transfer_write %[[ROW0]], %[[Y]][%[[I]], %c0] {in_bounds = [true]}
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %c1
// CHECK: %[[ROW1:.*]] = vector.extract %[[V]][1] : vector<16xf32> from vector<2x16xf32>
// CHECK: scf.if
// CHECK-NEXT: vector.store %[[ROW1]], %[[Y]][%[[NEXT]], %c0] {alignment = 64 : i64, nontemporal = true}
// CHECK-NOT: vector.transfer_write %[[V]]
func.func @tile(%v: vector<2x16xf32>, %y: memref<64x16xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<64x16xf32>
  return
}

// -----

// Not rewritten: the result is also read (a streaming store would send the
// line to memory right before it is read back), a result smaller than
// min-bytes, a write of less than a whole line, and a masked write. No
// fence either, as nothing streams.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: vector.store
// CHECK-NOT: llvm.call_intrinsic
// CHECK: return
func.func @kept(%v: vector<16xf32>, %w: vector<8xf32>, %m: vector<16xi1>,
                %read: memref<64x16xf32>, %small: memref<32x16xf32>,
                %partial: memref<64x16xf32>, %masked: memref<64x16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  vector.transfer_write %v, %read[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<64x16xf32>
  %back = vector.transfer_read %read[%c0, %c0], %pad {in_bounds = [true]} : memref<64x16xf32>, vector<16xf32>
  vector.transfer_write %v, %small[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<32x16xf32>
  vector.transfer_write %w, %partial[%c0, %c0] {in_bounds = [true]} : vector<8xf32>, memref<64x16xf32>
  vector.transfer_write %v, %masked[%c0, %c0], %m {in_bounds = [true]} : vector<16xf32>, memref<64x16xf32>
  return %back : vector<16xf32>
}

// -----

// An intermediate buffer (a view of the arena) of at least
// min-intermediate-bytes: the loop nest that only writes it streams its
// writes and is followed by a fence; the loop nest that reads it is left
// alone, and so is a smaller buffer of the same arena (the arena itself is
// not one buffer).
// CHECK-LABEL: func.func @intermediate
// CHECK: %[[ARENA:.*]] = memref.alloc
// CHECK: %[[T:.*]] = memref.view %[[ARENA]][%c0][] : memref<8192xi8> to memref<32x32xf32>
// CHECK: %[[SMALL:.*]] = memref.view %[[ARENA]][%c4096][] : memref<8192xi8> to memref<16x16xf32>
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NEXT: vector.store %{{.*}}, %[[T]][%{{.*}}, %c0] {alignment = 64 : i64, nontemporal = true}
// CHECK-NOT: nontemporal
// CHECK: vector.transfer_write %{{.*}}, %[[SMALL]]
// CHECK-NEXT: {{^ +}}}{{$}}
// CHECK-NEXT: llvm.call_intrinsic "llvm.x86.sse.sfence"()
// CHECK-NEXT: scf.for
// CHECK: vector.transfer_read %[[T]]
// CHECK-NOT: nontemporal
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"()
// CHECK-NEXT: return
func.func @intermediate(%x: memref<32x32xf32>, %y: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %arena = memref.alloc() : memref<8192xi8>
  %t = memref.view %arena[%c0][] : memref<8192xi8> to memref<32x32xf32>
  %small = memref.view %arena[%c4096][] : memref<8192xi8> to memref<16x16xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    %v = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]} : memref<32x32xf32>, vector<32xf32>
    vector.transfer_write %v, %t[%i, %c0] {in_bounds = [true]} : vector<32xf32>, memref<32x32xf32>
    %w = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]} : memref<32x32xf32>, vector<16xf32>
    vector.transfer_write %w, %small[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<16x16xf32>
  }
  scf.for %i = %c0 to %c32 step %c1 {
    %v = vector.transfer_read %t[%i, %c0], %pad {in_bounds = [true]} : memref<32x32xf32>, vector<32xf32>
    %u = vector.transfer_read %y[%i, %c0], %pad {in_bounds = [true]} : memref<32x32xf32>, vector<32xf32>
    %s = arith.addf %u, %v : vector<32xf32>
    vector.transfer_write %s, %y[%i, %c0] {in_bounds = [true]} : vector<32xf32>, memref<32x32xf32>
  }
  memref.dealloc %arena : memref<8192xi8>
  return
}

// -----

// Not streamed: a loop nest that reads the intermediate it writes (an
// in-place update).
// CHECK-LABEL: func.func @intermediate_read_too
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.call_intrinsic
// CHECK: return
func.func @intermediate_read_too(%x: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    %v = vector.transfer_read %t[%i, %c0], %pad {in_bounds = [true]} : memref<32x32xf32>, vector<32xf32>
    vector.transfer_write %v, %t[%i, %c0] {in_bounds = [true]} : vector<32xf32>, memref<32x32xf32>
  }
  memref.copy %t, %x : memref<32x32xf32> to memref<32x32xf32>
  memref.dealloc %t : memref<32x32xf32>
  return
}

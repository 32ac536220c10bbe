// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-pipeline-row-blocks))' --split-input-file %s | FileCheck %s

// A loop over 16 blocks of 4 rows: a compute pass into a block buffer, a
// row sum, then a pass that streams the result. The blocks become 8 chunks
// of 2; each chunk computes its first block up to the writer, then, for
// the second, runs the first block's writer inside the second block's
// compute pass, frees the first block's buffers, and ends with the second
// block's writer.
// CHECK-LABEL: func.func @softmax_like
// CHECK-SAME: (%[[X:.*]]: memref<64x32xf32>, %[[Y:.*]]: memref<64x32xf32>)
// CHECK: scf.parallel (%[[CHUNK:.*]]) = (%c0{{.*}}) to (%c8{{.*}}) step (%c1{{.*}})
// CHECK: %[[SCALED:.*]] = arith.muli %[[CHUNK]], %c8
// CHECK: %[[FIRST:.*]] = arith.addi %c0{{.*}}, %[[SCALED]]
// CHECK: %[[LAST:.*]] = arith.addi %[[FIRST]], %c8
// CHECK: %[[END:.*]] = arith.minsi %[[LAST]], %c64
// The chunk's first block, up to its writer.
// CHECK: %[[BUF0:.*]] = memref.alloc() : memref<4x32xf32>
// CHECK: scf.parallel
// CHECK: math.exp
// CHECK: vector.transfer_write {{.*}}, %[[BUF0]]
// CHECK-NOT: vector.store
// CHECK: %[[SUM0:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[OUT0:.*]] = memref.subview %[[Y]][%[[FIRST]], 0]
// CHECK: %[[SECOND:.*]] = arith.addi %[[FIRST]], %c4
// CHECK: %[[STEADY:.*]]:3 = scf.for %[[B:.*]] = %[[SECOND]] to %[[END]] step %c4
// CHECK-SAME: iter_args(%[[PBUF:.*]] = %[[BUF0]], %[[PSUM:.*]] = %[[SUM0]], %[[POUT:.*]] = %[[OUT0]])
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<4x32xf32>
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// The block's own compute, then the previous block's writer.
// CHECK: math.exp
// CHECK: vector.transfer_write {{.*}}, %[[BUF]]
// CHECK: memref.load %[[PSUM]][%[[I]]]
// CHECK: vector.transfer_read %[[PBUF]][%[[I]], %[[J]]]
// CHECK: arith.divf
// CHECK: vector.store {{.*}}, %[[POUT]][%[[I]], %[[J]]] {nontemporal = true}
// CHECK: scf.reduce
// CHECK: %[[SUM:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[OUT:.*]] = memref.subview %[[Y]][%[[B]], 0]
// CHECK: memref.dealloc %[[PBUF]]
// CHECK-NEXT: memref.dealloc %[[PSUM]]
// CHECK-NEXT: scf.yield %[[BUF]], %[[SUM]], %[[OUT]]
// The chunk's last block's writer.
// CHECK: scf.parallel (%[[LI:.*]], %[[LJ:.*]]) =
// CHECK: memref.load %[[STEADY]]#1[%[[LI]]]
// CHECK: vector.transfer_read %[[STEADY]]#0[%[[LI]], %[[LJ]]]
// CHECK: vector.store {{.*}}, %[[STEADY]]#2[%[[LI]], %[[LJ]]] {nontemporal = true}
// CHECK: memref.dealloc %[[STEADY]]#0
// CHECK-NEXT: memref.dealloc %[[STEADY]]#1
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @softmax_like(%x: memref<64x32xf32>, %y: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%c64) step (%c4) {
    %rows = memref.subview %x[%b, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    %buf = memref.alloc() : memref<4x32xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %v = vector.transfer_read %rows[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32, strided<[32, 1], offset: ?>>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      vector.transfer_write %e, %buf[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32>
      scf.reduce
    }
    %sum = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %total = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %pad) -> (f32) {
        %e = memref.load %buf[%i, %k] : memref<4x32xf32>
        %next = arith.addf %acc, %e : f32
        scf.yield %next : f32
      }
      memref.store %total, %sum[%i] : memref<4xf32>
    }
    %out = memref.subview %y[%b, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %s = memref.load %sum[%i] : memref<4xf32>
      %e = vector.transfer_read %buf[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32>, vector<16xf32>
      %d = vector.broadcast %s : f32 to vector<16xf32>
      %q = arith.divf %e, %d : vector<16xf32>
      vector.store %q, %out[%i, %j] {nontemporal = true} : memref<4x32xf32, strided<[32, 1], offset: ?>>, vector<16xf32>
      scf.reduce
    }
    memref.dealloc %buf : memref<4x32xf32>
    memref.dealloc %sum : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// The last pass writes with ordinary stores: the result stays in cache for
// its reader, and there is nothing to overlap. Unchanged.
// CHECK-LABEL: func.func @cached_result
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c64) step (%c4)
// CHECK-NOT: scf.for
// CHECK: return
func.func @cached_result(%x: memref<64x32xf32>, %y: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%c64) step (%c4) {
    %rows = memref.subview %x[%b, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    %buf = memref.alloc() : memref<4x32xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %v = vector.transfer_read %rows[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32, strided<[32, 1], offset: ?>>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      vector.transfer_write %e, %buf[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32>
      scf.reduce
    }
    %out = memref.subview %y[%b, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %e = vector.transfer_read %buf[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32>, vector<16xf32>
      vector.transfer_write %e, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[32, 1], offset: ?>>
      scf.reduce
    }
    memref.dealloc %buf : memref<4x32xf32>
    scf.reduce
  }
  return
}

// -----

// No earlier pass covers the writer's iteration space (the compute pass
// runs over whole rows, the writer over halves): nothing to fuse with.
// Unchanged.
// CHECK-LABEL: func.func @no_partner
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c64) step (%c4)
// CHECK-NOT: scf.for
// CHECK: return
func.func @no_partner(%x: memref<64x32xf32>, %y: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%c64) step (%c4) {
    %rows = memref.subview %x[%b, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    %buf = memref.alloc() : memref<4x32xf32>
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %v = vector.transfer_read %rows[%i, %c0], %pad {in_bounds = [true]} : memref<4x32xf32, strided<[32, 1], offset: ?>>, vector<32xf32>
      %e = math.exp %v : vector<32xf32>
      vector.transfer_write %e, %buf[%i, %c0] {in_bounds = [true]} : vector<32xf32>, memref<4x32xf32>
      scf.reduce
    }
    %out = memref.subview %y[%b, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %e = vector.transfer_read %buf[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32>, vector<16xf32>
      vector.store %e, %out[%i, %j] {nontemporal = true} : memref<4x32xf32, strided<[32, 1], offset: ?>>, vector<16xf32>
      scf.reduce
    }
    memref.dealloc %buf : memref<4x32xf32>
    scf.reduce
  }
  return
}

// -----

// A single block: nothing to overlap. Unchanged.
// CHECK-LABEL: func.func @one_block
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c4) step (%c4)
// CHECK-NOT: scf.for
// CHECK: return
func.func @one_block(%x: memref<4x32xf32>, %y: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%c4) step (%c4) {
    %buf = memref.alloc() : memref<4x32xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      vector.transfer_write %e, %buf[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32>
      scf.reduce
    }
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %e = vector.transfer_read %buf[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32>, vector<16xf32>
      vector.store %e, %y[%i, %j] {nontemporal = true} : memref<4x32xf32>, vector<16xf32>
      scf.reduce
    }
    memref.dealloc %buf : memref<4x32xf32>
    scf.reduce
  }
  return
}

// -----

// A declaration has no loops to pipeline.
// CHECK-LABEL: func.func private @declared
func.func private @declared(memref<64x32xf32>)

// -----

// A batch of such loops (attention's heads): the loop over (head, block)
// keeps the head dimension as it is and splits the blocks into chunks per
// head; each copy of the body indexes by the new loop's head.
// CHECK-LABEL: func.func @batched
// CHECK-SAME: (%[[X:.*]]: memref<3x64x32xf32>, %[[Y:.*]]: memref<3x64x32xf32>)
// CHECK: scf.parallel (%[[H:.*]], %[[CHUNK:.*]]) = (%c0{{.*}}, %c0{{.*}}) to (%c3{{.*}}, %c8{{.*}}) step (%c1{{.*}}, %c1{{.*}})
// CHECK: %[[FIRST:.*]] = arith.addi %c0{{.*}}, %{{.*}}
// CHECK: memref.subview %[[X]][%[[H]], %[[FIRST]], 0]
// CHECK: math.exp
// CHECK: %[[OUT0:.*]] = memref.subview %[[Y]][%[[H]], %[[FIRST]], 0]
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %c4
// CHECK: memref.subview %[[X]][%[[H]], %[[B]], 0]
// CHECK: math.exp
// CHECK: vector.store {{.*}} {nontemporal = true}
// CHECK: memref.subview %[[Y]][%[[H]], %[[B]], 0]
// CHECK: scf.yield
// CHECK: vector.store {{.*}} {nontemporal = true}
// CHECK: return
func.func @batched(%x: memref<3x64x32xf32>, %y: memref<3x64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%h, %b) = (%c0, %c0) to (%c3, %c64) step (%c1, %c4) {
    %rows = memref.subview %x[%h, %b, 0] [1, 4, 32] [1, 1, 1] : memref<3x64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    %buf = memref.alloc() : memref<4x32xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %v = vector.transfer_read %rows[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32, strided<[32, 1], offset: ?>>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      vector.transfer_write %e, %buf[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32>
      scf.reduce
    }
    %out = memref.subview %y[%h, %b, 0] [1, 4, 32] [1, 1, 1] : memref<3x64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c32) step (%c1, %c16) {
      %e = vector.transfer_read %buf[%i, %j], %pad {in_bounds = [true]} : memref<4x32xf32>, vector<16xf32>
      vector.store %e, %out[%i, %j] {nontemporal = true} : memref<4x32xf32, strided<[32, 1], offset: ?>>, vector<16xf32>
      scf.reduce
    }
    memref.dealloc %buf : memref<4x32xf32>
    scf.reduce
  }
  return
}

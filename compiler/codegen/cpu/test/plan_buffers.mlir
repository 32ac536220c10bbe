// RUN: axle-opt --axle-plan-buffers %s | FileCheck %s

// Three top-level buffers: %a (1024 bytes) lives while @use_big reads it with
// %b (4096) written; %b and %c (1024) overlap next; %c is born after %a's
// last use, so it takes %a's bytes. The arena is 4096 + 1024 bytes, not
// the naive 6144.

// CHECK-LABEL: func.func @reuse
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5120xi8>
// CHECK: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK: %[[A:.*]] = memref.view %[[ARENA]][%[[C4096]]][] : memref<5120xi8> to memref<256xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[B:.*]] = memref.view %[[ARENA]][%[[C0]]][] : memref<5120xi8> to memref<1024xf32>
// CHECK: %[[C4096_2:.*]] = arith.constant 4096 : index
// CHECK: %[[C:.*]] = memref.view %[[ARENA]][%[[C4096_2]]][] : memref<5120xi8> to memref<256xf32>
// CHECK: call @fill(%[[A]])
// CHECK-NOT: memref.alloc()
func.func @reuse(%out: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<1024xf32>
  %c = memref.alloc() : memref<256xf32>
  func.call @fill(%a) : (memref<256xf32>) -> ()
  func.call @use_big(%a, %b) : (memref<256xf32>, memref<1024xf32>) -> ()
  func.call @use_big(%c, %b) : (memref<256xf32>, memref<1024xf32>) -> ()
  func.call @fill(%c) : (memref<256xf32>) -> ()
  memref.copy %c, %out : memref<256xf32> to memref<256xf32>
  return
}

// A view keeps its buffer alive: %a is read through %v after %b is first
// written, so they cannot share bytes. A buffer inside a loop and one
// returned to the caller keep their own allocations.

// CHECK-LABEL: func.func @aliases
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2048xi8>
// CHECK: memref.view %[[ARENA]][%{{.*}}][] : memref<2048xi8> to memref<256xf32>
// CHECK: memref.view %[[ARENA]][%{{.*}}][] : memref<2048xi8> to memref<256xf32>
// CHECK: %[[R:.*]] = memref.alloc() : memref<256xf32>
// CHECK: scf.for
// CHECK: memref.alloc() : memref<8xf32>
// CHECK: return %[[R]]
func.func @aliases(%n: index) -> memref<256xf32> {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  %r = memref.alloc() : memref<256xf32>
  %v = memref.subview %a[0] [128] [1] : memref<256xf32> to memref<128xf32, strided<[1]>>
  func.call @fill(%a) : (memref<256xf32>) -> ()
  func.call @fill(%b) : (memref<256xf32>) -> ()
  func.call @read(%v) : (memref<128xf32, strided<[1]>>) -> ()
  func.call @use(%r, %b) : (memref<256xf32>, memref<256xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    func.call @small(%t) : (memref<8xf32>) -> ()
    memref.dealloc %t : memref<8xf32>
  }
  return %r : memref<256xf32>
}

// Without the view's read, %b could take %a's bytes: the arena is 1024.

// CHECK-LABEL: func.func @no_alias
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<1024xi8>
func.func @no_alias(%out: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  func.call @fill(%a) : (memref<256xf32>) -> ()
  func.call @fill(%b) : (memref<256xf32>) -> ()
  memref.copy %b, %out : memref<256xf32> to memref<256xf32>
  return
}

func.func private @fill(memref<256xf32>)
func.func private @use(memref<256xf32>, memref<256xf32>)
func.func private @use_big(memref<256xf32>, memref<1024xf32>)
func.func private @read(memref<128xf32, strided<[1]>>)
func.func private @small(memref<8xf32>)

// RUN: axle-opt --axle-parallelize-loops --split-input-file %s | FileCheck %s

// A large outer parallel loop is outlined: captures travel in a stack array
// of 64-bit words, and the loop runs through the runtime's slot, or whole on
// this thread when the slot is empty.

// CHECK: llvm.mlir.global external @axle_parallel_for_slot() {{.*}} : !llvm.ptr
// CHECK-LABEL: func.func @main(
// CHECK: %[[CTX:.*]] = llvm.alloca %{{.*}} x i64
// CHECK: memref.extract_aligned_pointer_as_index %arg0
// CHECK: memref.extract_aligned_pointer_as_index %arg1
// CHECK: %[[TRIPS:.*]] = llvm.mlir.constant(256 : i64) : i64
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[IMPL:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[EMPTY:.*]] = llvm.icmp "eq" %[[IMPL]]
// CHECK: scf.if %[[EMPTY]] {
// CHECK:   func.call @main_parallel_0(%[[CTX]], %[[ZERO]], %[[TRIPS]])
// CHECK: } else {
// CHECK:   %[[FN:.*]] = func.constant @main_parallel_0
// CHECK:   %[[FNPTR:.*]] = builtin.unrealized_conversion_cast %[[FN]]
// CHECK:   llvm.call %[[IMPL]](%[[FNPTR]], %[[CTX]], %[[TRIPS]])
// CHECK-NOT: scf.parallel
// CHECK-LABEL: func.func private @main_parallel_0(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-SAME: llvm.linkage = #llvm.linkage<internal>
// CHECK: scf.for
// CHECK: scf.parallel
// CHECK: arith.mulf
func.func @main(%a: memref<256x512xf32>, %b: memref<256x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %two = arith.constant 2.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c256, %c512) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<256x512xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %b[%i, %j] : memref<256x512xf32>
    scf.reduce
  }
  return
}

// -----

// Small loops are not worth a thread hand-off.
// CHECK-LABEL: func.func @small(
// CHECK: scf.parallel
// CHECK-NOT: axle_parallel_for_slot
func.func @small(%a: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    memref.store %two, %a[%i, %j] : memref<4x8xf32>
    scf.reduce
  }
  return
}

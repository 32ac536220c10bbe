// RUN: axle-opt --axle-route-allocations %s | FileCheck %s

// The generic allocation functions the memref lowering declares get bodies:
// call through the runtime's slot when it is set, else malloc / free.

// CHECK-DAG: llvm.mlir.global external @axle_alloc_slot() {{.*}} : !llvm.ptr
// CHECK-DAG: llvm.mlir.global external @axle_free_slot() {{.*}} : !llvm.ptr
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @free(!llvm.ptr)

// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_alloc(%{{.*}}: i64) -> !llvm.ptr
// CHECK: %[[SLOT:.*]] = llvm.mlir.addressof @axle_alloc_slot
// CHECK: %[[IMPL:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[EMPTY:.*]] = llvm.icmp "eq" %[[IMPL]], %{{.*}} : !llvm.ptr
// CHECK: llvm.cond_br %[[EMPTY]], ^[[LIB:.*]], ^[[VIA:[a-z0-9]+]]
// CHECK: ^[[VIA]]:
// CHECK: llvm.call %[[IMPL]](%{{.*}}) : !llvm.ptr, (i64) -> !llvm.ptr
// CHECK: ^[[LIB]]:
// CHECK: llvm.call @malloc(%{{.*}}) : (i64) -> !llvm.ptr

// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_free(%{{.*}}: !llvm.ptr)
// CHECK: llvm.mlir.addressof @axle_free_slot
// CHECK: llvm.call @free(%{{.*}}) : (!llvm.ptr) -> ()

module {
  llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
  llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
  llvm.func @user(%n: i64) {
    %p = llvm.call @_mlir_memref_to_llvm_alloc(%n) : (i64) -> !llvm.ptr
    llvm.call @_mlir_memref_to_llvm_free(%p) : (!llvm.ptr) -> ()
    llvm.return
  }
}

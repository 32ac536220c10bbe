// RUN: axle-opt --axle-route-allocations %s | FileCheck %s
// RUN: axle-opt --axle-route-allocations='huge-pages=true' %s | FileCheck %s --check-prefix=HUGE

// The generic allocation functions the memref lowering declares get bodies:
// call through the runtime's slot when it is set, else the library's own
// allocator: aligned_alloc of whole cache lines with a 64-byte header
// holding the size, one cached block of at least 64 KiB, and one cached
// small block (32 KiB or less, capacities powers of two from 64 bytes, the
// class from the leading zeros of size - 1) per capacity, each taken and
// given back by atomic exchange, all freed by a destructor when the
// library is unloaded. The allocation function returns a fresh block, 64-byte aligned
// in both cases (noalias, align 64), and is not inlined, so that LLVM knows
// the block aliases nothing else.

// CHECK-DAG: llvm.mlir.global external @axle_alloc_slot() {{.*}} : !llvm.ptr
// CHECK-DAG: llvm.mlir.global external @axle_free_slot() {{.*}} : !llvm.ptr
// CHECK-DAG: llvm.mlir.global internal @axle_library_cached_block() {{.*}} : !llvm.ptr
// CHECK-DAG: llvm.mlir.global internal @axle_library_small_blocks() {{.*}} : !llvm.array<10 x ptr>
// CHECK-DAG: llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @free(!llvm.ptr)

// CHECK-LABEL: llvm.func internal @axle_library_alloc(%{{.*}}: i64) -> !llvm.ptr
// CHECK: llvm.mlir.constant(32768 : i64)
// CHECK: llvm.icmp "ule"
// CHECK: llvm.intr.umax
// CHECK: "llvm.intr.ctlz"
// CHECK: %[[CAPACITY:.*]] = llvm.shl
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<10 x ptr>
// CHECK: llvm.atomicrmw xchg %[[SLOT]], %{{.*}} acq_rel
// CHECK: llvm.cond_br %{{.*}}, ^[[FRESH:bb[0-9]+]](%[[CAPACITY]] : i64), ^{{bb[0-9]+}}
// CHECK: llvm.getelementptr %{{.*}}[64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.mlir.constant(65536 : i64)
// CHECK: llvm.atomicrmw xchg %{{.*}}, %{{.*}} acq_rel : !llvm.ptr, !llvm.ptr
// CHECK: %[[HELD:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK: llvm.lshr %[[HELD]]
// CHECK: llvm.getelementptr %{{.*}}[64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.atomicrmw xchg
// CHECK: llvm.call @free
// CHECK: ^[[FRESH]](%[[BYTES:.*]]: i64):
// CHECK: llvm.add %[[BYTES]], %{{.*}} : i64
// CHECK: %[[ALIGNMENT:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK: llvm.mlir.constant(63 : i64)
// CHECK: llvm.mlir.constant(-64 : i64)
// CHECK: %[[LINES:.*]] = llvm.and %{{.*}}, %{{.*}} : i64
// CHECK: llvm.call @aligned_alloc(%[[ALIGNMENT]], %[[LINES]]) : (i64, i64) -> !llvm.ptr
// CHECK: llvm.store %[[BYTES]], %{{.*}} : i64, !llvm.ptr
// CHECK: llvm.getelementptr %{{.*}}[64] : (!llvm.ptr) -> !llvm.ptr, i8

// CHECK-LABEL: llvm.func internal @axle_library_free(%{{.*}}: !llvm.ptr)
// CHECK: llvm.getelementptr %{{.*}}[-64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.mlir.constant(32768 : i64)
// CHECK: llvm.icmp "ule"
// CHECK: "llvm.intr.ctlz"
// CHECK: llvm.getelementptr %{{.*}}[0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<10 x ptr>
// CHECK: %[[SMALL:.*]] = llvm.atomicrmw xchg
// CHECK: llvm.mlir.constant(65536 : i64)
// CHECK: llvm.icmp "uge"
// CHECK: llvm.call @free
// CHECK: %[[LARGE:.*]] = llvm.atomicrmw xchg
// CHECK-DAG: llvm.call @free(%[[SMALL]])
// CHECK-DAG: llvm.call @free(%[[LARGE]])

// CHECK-LABEL: llvm.func internal @axle_library_release()
// CHECK-COUNT-11: llvm.atomicrmw xchg
// CHECK: llvm.call @free
// CHECK: llvm.mlir.global_dtors dtors = [@axle_library_release]

// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_alloc(%{{.*}}: i64) -> (!llvm.ptr {llvm.align = 64 : i64, llvm.noalias}) attributes {no_inline}
// CHECK: %[[SLOT:.*]] = llvm.mlir.addressof @axle_alloc_slot
// CHECK: %[[IMPL:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[EMPTY:.*]] = llvm.icmp "eq" %[[IMPL]], %{{.*}} : !llvm.ptr
// CHECK: llvm.cond_br %[[EMPTY]], ^[[LIB:.*]], ^[[VIA:[a-z0-9]+]]
// CHECK: ^[[VIA]]:
// CHECK: llvm.call %[[IMPL]](%{{.*}}) : !llvm.ptr, (i64) -> !llvm.ptr
// CHECK: ^[[LIB]]:
// CHECK: llvm.call @axle_library_alloc(%{{.*}}) : (i64) -> !llvm.ptr

// CHECK-LABEL: llvm.func internal @_mlir_memref_to_llvm_free(%{{.*}}: !llvm.ptr)
// CHECK: llvm.mlir.addressof @axle_free_slot
// CHECK: llvm.call @axle_library_free(%{{.*}}) : (!llvm.ptr) -> ()

// With huge-pages (Linux targets), a new block of 4 MiB or more is whole
// 2 MiB pages from aligned_alloc, advised onto huge pages (madvise 14,
// MADV_HUGEPAGE) before the header is stored; smaller ones are whole cache
// lines, as without the option. Without it, nothing calls madvise.

// CHECK-NOT: madvise
// HUGE-DAG: llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
// HUGE-DAG: llvm.func @madvise(!llvm.ptr, i64, i32) -> i32
// HUGE-LABEL: llvm.func internal @axle_library_alloc(%{{.*}}: i64) -> !llvm.ptr
// HUGE: llvm.mlir.constant(4194304 : i64)
// HUGE: llvm.icmp "uge"
// HUGE: llvm.call @aligned_alloc
// HUGE: %[[ROUNDED:.*]] = llvm.and %{{.*}}, %{{.*}} : i64
// HUGE: %[[PAGES:.*]] = llvm.call @aligned_alloc(%{{.*}}, %[[ROUNDED]]) : (i64, i64) -> !llvm.ptr
// HUGE: %[[ADVICE:.*]] = llvm.mlir.constant(14 : i32) : i32
// HUGE: llvm.call @madvise(%[[PAGES]], %[[ROUNDED]], %[[ADVICE]])
// HUGE: llvm.store

module {
  llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
  llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
  llvm.func @user(%n: i64) {
    %p = llvm.call @_mlir_memref_to_llvm_alloc(%n) : (i64) -> !llvm.ptr
    llvm.call @_mlir_memref_to_llvm_free(%p) : (!llvm.ptr) -> ()
    llvm.return
  }
}

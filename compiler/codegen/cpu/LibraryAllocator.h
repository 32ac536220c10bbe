//===- LibraryAllocator.h - buffers of code run without the runtime -*- C++
//-*-===//
//
// A library compiled by axle and called without the runtime (a shared or
// static library with its C header) allocates its intermediates with the
// C library's allocator. glibc returns blocks above its mmap threshold (at most
// 32 MiB) to the kernel when they are freed, so a model whose arena is larger
// would take fresh pages, and a page fault for each, on every call (attention
// 12 x 1024 x 1024 at one thread: 83 ms so, 51 ms with the block kept).
// The library therefore keeps the last large block it freed, as the
// runtime's ScratchMemory does per thread.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_LIBRARYALLOCATOR_H
#define AXLE_COMPILER_CODEGEN_CPU_LIBRARYALLOCATOR_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace axle::cpu {

/// The library's own allocation functions, created in `module` on first
/// use (internal): `axle_library_alloc(i64 size) -> ptr` and
/// `axle_library_free(ptr)`. Each block is whole cache lines from
/// aligned_alloc with a 64-byte header that records its size (so the
/// caller's pointer is 64-byte aligned, as the runtime's are). A freed
/// block of at least kCachedBlockBytes (runtime/ScratchMemory.h) takes the
/// module's one cache slot for large blocks (an atomic exchange: callers on
/// several threads are safe), and the block it displaces is freed; an
/// allocation of at least that size takes the cached block when it holds
/// the size and wastes at most half. A small block (at most
/// kLargestSmallBlockBytes) gets a power-of-two capacity and has a slot of
/// its own per capacity, used the same way. A destructor frees the cached
/// blocks when the library is unloaded.
/// With `hugePages` (Linux targets), a new block of at least
/// kHugePageAdviceBytes (runtime/HugePages.h) is whole 2 MiB pages from
/// aligned_alloc, advised onto huge pages (madvise MADV_HUGEPAGE) before
/// its header is written, as the runtime's own large blocks are.
/// The C library's `name`, declared in `module` (at its start) if it is not
/// yet.
mlir::LLVM::LLVMFuncOp libraryFunction(mlir::ModuleOp module,
                                       mlir::OpBuilder &b, mlir::Location loc,
                                       llvm::StringRef name,
                                       mlir::LLVM::LLVMFunctionType type);

std::pair<mlir::LLVM::LLVMFuncOp, mlir::LLVM::LLVMFuncOp>
getOrCreateLibraryAllocator(mlir::ModuleOp module, mlir::Location loc,
                            bool hugePages);

} // namespace axle::cpu

#endif

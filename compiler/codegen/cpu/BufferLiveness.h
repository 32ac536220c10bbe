//===- BufferLiveness.h - lifetimes of a function's buffers -----*- C++ -*-===//
//
// The liveness of the buffers a bufferized function allocates at its top
// level, in units of top-level ops: what the memory report prints and what
// the buffer planner packs into one arena.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_CODEGEN_CPU_BUFFERLIVENESS_H
#define AXLE_COMPILER_CODEGEN_CPU_BUFFERLIVENESS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"

namespace axle::cpu {

/// Bytes of a statically shaped memref or tensor (0 when unknown).
int64_t bufferBytes(mlir::Type type);

/// One top-level allocation.
struct BufferLifetime {
  mlir::Operation *alloc;
  int64_t bytes;
  /// Top-level op indices of the first and last use (inclusive). A buffer
  /// counts from the op that first touches it (allocations may be hoisted
  /// far ahead of it) to the last op that reads or writes it or an alias
  /// (view, cast, loop result that may be it).
  unsigned first, last;
  /// The op that first uses it: the one whose result it holds.
  mlir::Operation *producer;
  /// Whether the buffer may be placed in an arena: statically shaped with
  /// an identity layout and never handed back to the caller.
  bool plannable;
};

struct FunctionLiveness {
  llvm::SmallVector<mlir::Operation *> topLevel;
  llvm::SmallVector<BufferLifetime> buffers;
  /// Bytes of buffers allocated inside each top-level op (loops,
  /// branches): live while it runs.
  llvm::SmallVector<int64_t> nestedBytes;
  int64_t nestedBufferCount = 0;
};

FunctionLiveness analyzeLiveness(mlir::func::FuncOp func);

/// Arena offsets for `buffers` (-1 for those not plannable): buffers whose
/// lifetimes overlap never overlap in memory; each offset is a multiple of
/// `alignment`. Returns the arena size.
int64_t packBuffers(llvm::ArrayRef<BufferLifetime> buffers,
                    llvm::SmallVectorImpl<int64_t> &offsets,
                    int64_t alignment = 64);

} // namespace axle::cpu

#endif

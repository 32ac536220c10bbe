//===- PlanBuffers.cpp - one arena for a function's buffers ---------------===//
//
// Bufferization gives every intermediate its own allocation, freed after
// its last use. Here the top-level ones of each function share one arena
// instead: buffers whose lifetimes (BufferLiveness.h) do not overlap get
// the same bytes, so the arena is about the largest live set, and a call
// makes one allocation instead of one per intermediate (large ones are
// fresh pages from the kernel each time, whose faults cost more than the
// arithmetic of a small model).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/BufferLiveness.h"
#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace axle::cpu {

#define GEN_PASS_DEF_PLANBUFFERSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

constexpr int64_t kAlignment = 64;

void planFunction(func::FuncOp func) {
  FunctionLiveness liveness = analyzeLiveness(func);
  SmallVector<int64_t> offsets;
  int64_t arenaBytes = packBuffers(liveness.buffers, offsets, kAlignment);
  if (llvm::count_if(offsets, [](int64_t o) { return o >= 0; }) < 2)
    return;
  Block &body = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&body);
  Location loc = func.getLoc();
  Value arena = memref::AllocOp::create(
      b, loc, MemRefType::get({arenaBytes}, b.getI8Type()),
      b.getI64IntegerAttr(kAlignment));
  for (auto [buffer, offset] : llvm::zip(liveness.buffers, offsets)) {
    if (offset < 0)
      continue;
    b.setInsertionPoint(buffer.alloc);
    Value start =
        arith::ConstantIndexOp::create(b, buffer.alloc->getLoc(), offset);
    Value view = memref::ViewOp::create(b, buffer.alloc->getLoc(),
                                        buffer.alloc->getResult(0).getType(),
                                        arena, start, ValueRange{});
    buffer.alloc->getResult(0).replaceAllUsesWith(view);
    buffer.alloc->erase();
  }
}

struct PlanBuffersPass : public impl::PlanBuffersPassBase<PlanBuffersPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      planFunction(func);
  }
};

} // namespace
} // namespace axle::cpu

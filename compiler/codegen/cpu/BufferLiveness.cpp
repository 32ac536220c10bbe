//===- BufferLiveness.cpp - lifetimes of a function's buffers -------------===//

#include "compiler/codegen/cpu/BufferLiveness.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

namespace axle::cpu {

using namespace mlir;

int64_t bufferBytes(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return 0;
  Type element = shaped.getElementType();
  int64_t elementBytes = 0;
  if (auto complex = dyn_cast<ComplexType>(element))
    elementBytes =
        2 * ((complex.getElementType().getIntOrFloatBitWidth() + 7) / 8);
  else if (isa<IntegerType, FloatType>(element))
    elementBytes =
        std::max<int64_t>(1, (element.getIntOrFloatBitWidth() + 7) / 8);
  return shaped.getNumElements() * elementBytes;
}

namespace {

bool isView(Operation *op) {
  return isa<ViewLikeOpInterface, memref::CastOp>(op);
}

} // namespace

FunctionLiveness analyzeLiveness(func::FuncOp func) {
  FunctionLiveness result;
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return result;
  Block &body = func.getBody().front();
  for (Operation &op : body)
    result.topLevel.push_back(&op);
  result.nestedBytes.assign(result.topLevel.size(), 0);

  // The buffers each memref value may be (or be a view of).
  DenseMap<Value, SmallVector<unsigned, 2>> rootsOf;
  auto addRoots = [&](Value value, llvm::SetVector<unsigned> &into) {
    auto it = rootsOf.find(value);
    if (it != rootsOf.end())
      into.insert(it->second.begin(), it->second.end());
  };

  for (auto [index, op] : llvm::enumerate(result.topLevel)) {
    if (isa<memref::AllocOp>(op)) {
      auto type = cast<MemRefType>(op->getResult(0).getType());
      int64_t bytes = bufferBytes(type);
      bool plannable = bytes > 0 && type.getLayout().isIdentity() &&
                       type.getMemorySpace() == nullptr;
      rootsOf[op->getResult(0)] = {
          static_cast<unsigned>(result.buffers.size())};
      result.buffers.push_back(
          {op, bytes, ~0u, static_cast<unsigned>(index), op, plannable});
      continue;
    }
    // Every buffer this op or an op inside it touches; a view taken at the
    // top level is not a use (the op using the view is).
    llvm::SetVector<unsigned> used;
    op->walk([&](Operation *nested) {
      if (nested != op && isa<memref::AllocOp, memref::AllocaOp>(nested)) {
        result.nestedBytes[index] +=
            bufferBytes(nested->getResult(0).getType());
        ++result.nestedBufferCount;
      }
      llvm::SetVector<unsigned> touched;
      for (Value operand : nested->getOperands())
        addRoots(operand, touched);
      for (unsigned root : touched) {
        BufferLifetime &buffer = result.buffers[root];
        if (nested == op && isView(op))
          continue;
        if (buffer.first == ~0u) {
          buffer.first = index;
          buffer.producer = nested;
        }
        // The producer is the first op inside that is not a view.
        if (buffer.first == index && isView(buffer.producer) && !isView(nested))
          buffer.producer = nested;
      }
      used.insert(touched.begin(), touched.end());
      // Views and loop results inside may be the buffers too.
      if (nested != op && !touched.empty())
        for (Value value : nested->getResults())
          if (isa<BaseMemRefType>(value.getType()))
            rootsOf[value].assign(touched.begin(), touched.end());
    });
    for (unsigned root : used)
      result.buffers[root].last =
          std::max(result.buffers[root].last, static_cast<unsigned>(index));
    // Conservatively, any memref the op returns may be any buffer it used
    // (views, casts, loops carrying a buffer, branches choosing one).
    for (Value value : op->getResults())
      if (isa<BaseMemRefType>(value.getType()) && !used.empty())
        rootsOf[value].assign(used.begin(), used.end());
    // A buffer handed back to the caller outlives the function.
    if (isa<func::ReturnOp>(op))
      for (unsigned root : used)
        result.buffers[root].plannable = false;
  }
  for (BufferLifetime &buffer : result.buffers)
    if (buffer.first == ~0u)
      buffer.first = buffer.last;
  return result;
}

int64_t packBuffers(ArrayRef<BufferLifetime> buffers,
                    SmallVectorImpl<int64_t> &offsets, int64_t alignment) {
  offsets.assign(buffers.size(), -1);
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < buffers.size(); ++i)
    if (buffers[i].plannable)
      order.push_back(i);
  // Largest first, then earliest: big buffers claim the low offsets and
  // smaller ones fill the gaps between them.
  llvm::sort(order, [&](unsigned a, unsigned b) {
    if (buffers[a].bytes != buffers[b].bytes)
      return buffers[a].bytes > buffers[b].bytes;
    if (buffers[a].first != buffers[b].first)
      return buffers[a].first < buffers[b].first;
    return a < b;
  });
  auto roundUp = [&](int64_t n) {
    return (n + alignment - 1) / alignment * alignment;
  };
  int64_t arena = 0;
  SmallVector<unsigned> placed;
  for (unsigned i : order) {
    const BufferLifetime &buffer = buffers[i];
    // The placed buffers alive at the same time, by offset.
    SmallVector<unsigned> overlapping;
    for (unsigned j : placed)
      if (buffers[j].first <= buffer.last && buffer.first <= buffers[j].last)
        overlapping.push_back(j);
    llvm::sort(overlapping,
               [&](unsigned a, unsigned b) { return offsets[a] < offsets[b]; });
    // The lowest gap that fits.
    int64_t offset = 0;
    for (unsigned j : overlapping) {
      if (offsets[j] - offset >= buffer.bytes)
        break;
      offset = std::max(offset, roundUp(offsets[j] + buffers[j].bytes));
    }
    offsets[i] = offset;
    arena = std::max(arena, offset + buffer.bytes);
    placed.push_back(i);
  }
  return roundUp(arena);
}

} // namespace axle::cpu

//===- StreamingStores.cpp - write large results around the caches --------===//
//
// A result much larger than the caches that a function only writes (a
// softmax, a layer norm or an elementwise op over 64 MiB) is limited by the
// stores: an ordinary store first reads the cache line it writes (read for
// ownership), so every byte of the result crosses the memory bus twice and
// evicts the input the next rows need. A non-temporal store writes whole
// lines straight to memory. On this project's x86 machines a 32 MiB
// scale-and-store loop measured 3.9 ms with ordinary stores and 2.4 ms with
// non-temporal ones, one core.
//
// x86's non-temporal vector stores fault on addresses not aligned to the
// vector, and a caller may pass any result buffer, so each rewritten store
// tests its address: aligned stores of whole 64-byte lines go around the
// caches, others stay ordinary stores (the branch is predictable: a row's
// stores are all aligned or all not). Non-temporal stores are weakly
// ordered, so every function that issues them fences them (sfence) before
// it returns, which is before the runtime tells another thread that the
// work is done.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace axle::cpu {

#define GEN_PASS_DEF_STREAMINGSTORESPASS
#define GEN_PASS_DEF_FENCESTREAMINGSTORESPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// Bytes of a cache line, and the alignment a streaming store needs.
constexpr int64_t kLineBytes = 64;

/// A write of rows of whole cache lines along a unit-stride innermost
/// dimension (the vector's dimensions are the memref's last ones), with no
/// mask and in bounds: rows a streaming store can do.
bool isWholeLineWrite(vector::TransferWriteOp write) {
  VectorType vectorType = write.getVectorType();
  auto memrefType = dyn_cast<MemRefType>(write.getBase().getType());
  if (!memrefType || vectorType.isScalable() || write.getMask() ||
      !write.getPermutationMap().isMinorIdentity())
    return false;
  for (int64_t dim = 0; dim < vectorType.getRank(); ++dim)
    if (!write.isDimInBounds(dim))
      return false;
  Type element = vectorType.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8)
    return false;
  int64_t bytes =
      vectorType.getShape().back() * element.getIntOrFloatBitWidth() / 8;
  if (bytes % kLineBytes)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memrefType.getStridesAndOffset(strides, offset)))
    return false;
  return !strides.empty() && strides.back() == 1;
}

/// The write whose buffer `use` is, when it writes whole lines (see
/// isWholeLineWrite); null for any other use.
vector::TransferWriteOp wholeLineWriteAt(OpOperand &use) {
  auto write = dyn_cast<vector::TransferWriteOp>(use.getOwner());
  if (!write ||
      use.getOperandNumber() != write.getBaseMutable().getOperandNumber() ||
      !isWholeLineWrite(write))
    return {};
  return write;
}

/// The writes of `buffer` when every use of it (through views) is a
/// whole-line write into it; nothing when it is read, passed on, or written
/// another way.
std::optional<SmallVector<vector::TransferWriteOp>>
onlyWholeLineWrites(Value buffer) {
  SmallVector<vector::TransferWriteOp> writes;
  SmallVector<Value> worklist{buffer};
  while (!worklist.empty()) {
    Value view = worklist.pop_back_val();
    for (OpOperand &use : view.getUses()) {
      Operation *user = use.getOwner();
      if (auto viewOp = dyn_cast<ViewLikeOpInterface>(user)) {
        if (viewOp.getViewSource() != view)
          return std::nullopt;
        worklist.push_back(viewOp->getResult(0));
        continue;
      }
      vector::TransferWriteOp write = wholeLineWriteAt(use);
      if (!write)
        return std::nullopt;
      writes.push_back(write);
    }
  }
  return writes;
}

/// `write` as one 1-D write per row of its vector.
SmallVector<vector::TransferWriteOp>
splitIntoRows(vector::TransferWriteOp write) {
  VectorType vectorType = write.getVectorType();
  if (vectorType.getRank() == 1)
    return {write};
  OpBuilder b(write);
  Location loc = write.getLoc();
  ArrayRef<int64_t> leading = vectorType.getShape().drop_back();
  int64_t firstDim = write.getIndices().size() - vectorType.getRank();
  SmallVector<vector::TransferWriteOp> rows;
  SmallVector<int64_t> position(leading.size(), 0);
  for (int64_t row = 0, count = ShapedType::getNumElements(leading);
       row < count; ++row) {
    for (int64_t dim = leading.size() - 1, rest = row; dim >= 0; --dim) {
      position[dim] = rest % leading[dim];
      rest /= leading[dim];
    }
    SmallVector<Value> indices(write.getIndices());
    for (auto [dim, offset] : llvm::enumerate(position))
      if (offset)
        indices[firstDim + dim] = arith::AddIOp::create(
            b, loc, indices[firstDim + dim],
            arith::ConstantIndexOp::create(b, loc, offset));
    Value vector =
        vector::ExtractOp::create(b, loc, write.getVector(), position);
    rows.push_back(vector::TransferWriteOp::create(
        b, loc, vector, write.getBase(), indices, ArrayRef<bool>{true}));
  }
  write.erase();
  return rows;
}

/// Replaces the 1-D `write` by: if its address is line-aligned, a
/// streaming store, else the write as it was.
void streamIfAligned(vector::TransferWriteOp write) {
  OpBuilder b(write);
  Location loc = write.getLoc();
  Value base = write.getBase();
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, base);
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, base);
  Value element = metadata.getOffset();
  for (auto [index, stride] :
       llvm::zip_equal(write.getIndices(), metadata.getStrides()))
    element = arith::AddIOp::create(
        b, loc, element, arith::MulIOp::create(b, loc, index, stride));
  Type elementType = write.getVectorType().getElementType();
  Value elementBytes = arith::ConstantIndexOp::create(
      b, loc, elementType.getIntOrFloatBitWidth() / 8);
  Value address = arith::AddIOp::create(
      b, loc, pointer, arith::MulIOp::create(b, loc, element, elementBytes));
  Value misalignment = arith::RemUIOp::create(
      b, loc, address, arith::ConstantIndexOp::create(b, loc, kLineBytes));
  Value aligned =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misalignment,
                            arith::ConstantIndexOp::create(b, loc, 0));
  auto branch = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);
  OpBuilder thenBuilder = branch.getThenBodyBuilder();
  vector::StoreOp::create(thenBuilder, loc, write.getVector(), base,
                          write.getIndices(), /*nontemporal=*/true,
                          llvm::MaybeAlign(kLineBytes));
  write->moveBefore(branch.elseBlock()->getTerminator());
}

/// Each of `writes` as rows streamed where aligned (streamIfAligned).
void stream(ArrayRef<vector::TransferWriteOp> writes) {
  for (vector::TransferWriteOp write : writes)
    for (vector::TransferWriteOp row : splitIntoRows(write))
      streamIfAligned(row);
}

/// An sfence: the streaming stores before it are visible to every thread
/// before any store after it.
void createFence(OpBuilder &b, Location loc) {
  LLVM::CallIntrinsicOp::create(
      b, loc, StringAttr::get(b.getContext(), "llvm.x86.sse.sfence"),
      ValueRange{});
}

/// Bytes of a static memref of ints or floats; 0 for others.
int64_t staticBytes(Type type) {
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType || !memrefType.hasStaticShape() ||
      !memrefType.getElementType().isIntOrFloat())
    return 0;
  return memrefType.getNumElements() *
         memrefType.getElementType().getIntOrFloatBitWidth() / 8;
}

/// Streams the writes of the function's large intermediate buffers (its
/// allocations and the views of its arena, PlanBuffers.cpp) in each
/// kernel (a loop nest at the function's top level) that writes such a
/// buffer only with whole-line writes and does not read it: attention's
/// scores (48-64 MiB) go to memory anyway, and a later kernel reads them
/// from there. Each such kernel is followed by a fence, so that the
/// kernels after it, on any thread, see the streamed lines.
void streamIntermediates(func::FuncOp func, int64_t minBytes) {
  Block &body = func.getBody().front();
  SmallVector<Value> roots;
  for (Operation &op : body)
    if (isa<memref::AllocOp, memref::ViewOp>(op) &&
        staticBytes(op.getResult(0).getType()) >= minBytes)
      roots.push_back(op.getResult(0));
  llvm::SetVector<Operation *> fenced;
  for (Value root : roots) {
    // Every use through views, grouped by the kernel it is in.
    llvm::MapVector<Operation *, SmallVector<OpOperand *>> uses;
    SmallVector<Value> worklist{root};
    while (!worklist.empty()) {
      Value view = worklist.pop_back_val();
      for (OpOperand &use : view.getUses()) {
        Operation *user = use.getOwner();
        // A memref.view of an arena is a buffer of its own (a root).
        if (isa<memref::ViewOp>(user))
          continue;
        if (auto viewOp = dyn_cast<ViewLikeOpInterface>(user);
            viewOp && viewOp.getViewSource() == view) {
          worklist.push_back(viewOp->getResult(0));
          continue;
        }
        Operation *kernel = body.findAncestorOpInBlock(*user);
        if (kernel && kernel != user && kernel->getNumRegions() > 0)
          uses[kernel].push_back(&use);
      }
    }
    for (auto &[kernel, kernelUses] : uses) {
      SmallVector<vector::TransferWriteOp> writes;
      for (OpOperand *use : kernelUses) {
        vector::TransferWriteOp write = wholeLineWriteAt(*use);
        if (!write) {
          writes.clear();
          break;
        }
        writes.push_back(write);
      }
      if (writes.empty())
        continue;
      stream(writes);
      fenced.insert(kernel);
    }
  }
  for (Operation *kernel : fenced) {
    OpBuilder b(kernel->getContext());
    b.setInsertionPointAfter(kernel);
    createFence(b, kernel->getLoc());
  }
}

struct StreamingStoresPass
    : public impl::StreamingStoresPassBase<StreamingStoresPass> {
  using StreamingStoresPassBase::StreamingStoresPassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    for (BlockArgument argument : func.getArguments()) {
      int64_t bytes = staticBytes(argument.getType());
      if (bytes == 0 || bytes < minBytes)
        continue;
      if (std::optional<SmallVector<vector::TransferWriteOp>> writes =
              onlyWholeLineWrites(argument))
        stream(*writes);
    }
    streamIntermediates(func, minIntermediateBytes);
  }
};

struct FenceStreamingStoresPass
    : public impl::FenceStreamingStoresPassBase<FenceStreamingStoresPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    bool streams = false;
    func.walk([&](vector::StoreOp store) {
      if (store.getNontemporal())
        streams = true;
      return streams ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!streams)
      return;
    func.walk([&](func::ReturnOp ret) {
      OpBuilder b(ret);
      createFence(b, ret.getLoc());
    });
  }
};

} // namespace
} // namespace axle::cpu

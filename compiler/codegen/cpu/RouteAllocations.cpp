//===- RouteAllocations.cpp - buffers through the runtime's cache ---------===//
//
// finalize-memref-to-llvm{use-generic-functions} makes every allocation a
// call of `_mlir_memref_to_llvm_alloc(size)` and every deallocation one of
// `_mlir_memref_to_llvm_free(ptr)`, which it only declares. This pass
// defines them in the module (internal to the library): each calls through
// an exported slot (`axle_alloc_slot`, `axle_free_slot`) that the runtime
// fills with its per-thread cache of blocks (runtime/ScratchMemory.h) and
// falls back to the library's own allocator (LibraryAllocator.h:
// aligned_alloc and free, keeping the last large block freed and one small
// block per power-of-two capacity) when the slot is empty, as in a library
// linked without the runtime. The memref lowering aligns within the blocks
// as it would within malloc's; both allocators
// give 64-byte aligned blocks, and the allocation function says so (align
// 64, noalias, not inlined), so that LLVM folds that alignment away and
// keeps the pointer's provenance: a value stored in a new block then stays
// in a register across a loop that stores elsewhere too (argmax over 1 x
// 32000 at one thread, its running maximum in a block of its own: 216 ->
// 141 us, XLA 163).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/LibraryAllocator.h"
#include "compiler/codegen/cpu/Passes.h"
#include "compiler/codegen/cpu/RuntimeSlots.h"

#include "runtime/ScratchMemory.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace axle::cpu {

#define GEN_PASS_DEF_ROUTEALLOCATIONSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

constexpr const char *kGenericAlloc = "_mlir_memref_to_llvm_alloc";
constexpr const char *kGenericFree = "_mlir_memref_to_llvm_free";

struct RouteAllocationsPass
    : public impl::RouteAllocationsPassBase<RouteAllocationsPass> {
  using RouteAllocationsPassBase::RouteAllocationsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto alloc = module.lookupSymbol<LLVM::LLVMFuncOp>(kGenericAlloc);
    auto free = module.lookupSymbol<LLVM::LLVMFuncOp>(kGenericFree);
    if (!(alloc && alloc.isExternal()) && !(free && free.isExternal()))
      return;
    auto [libraryAlloc, libraryFree] =
        getOrCreateLibraryAllocator(module, module.getLoc(), hugePages);
    if (alloc && alloc.isExternal())
      define(module, alloc, runtime::kAllocSlot, libraryAlloc);
    if (free && free.isExternal())
      define(module, free, runtime::kFreeSlot, libraryFree);
  }

  /// Gives the declared `func` a body: call the function in `slot` if it
  /// is set, else the library's own `fallback` (LibraryAllocator.h).
  void define(ModuleOp module, LLVM::LLVMFuncOp func, StringRef slotName,
              LLVM::LLVMFuncOp library) {
    MLIRContext *ctx = &getContext();
    Location loc = func.getLoc();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    LLVM::LLVMFunctionType type = func.getFunctionType();
    LLVM::GlobalOp slot = getOrCreateRuntimeSlot(module, slotName, loc);
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());

    func.setLinkage(LLVM::Linkage::Internal);
    if (!isa<LLVM::LLVMVoidType>(type.getReturnType())) {
      // A new block aliases no other memory, as malloc's, and starts on a
      // cache line (runtime/ScratchMemory.h, LibraryAllocator.h): LLVM may
      // then keep a value stored in it in a register across a loop that
      // stores elsewhere too. Not inlined, so that the callers keep that
      // knowledge.
      func.setResAttrsAttr(b.getArrayAttr({b.getDictionaryAttr(
          {b.getNamedAttr(LLVM::LLVMDialect::getNoAliasAttrName(),
                          b.getUnitAttr()),
           b.getNamedAttr(LLVM::LLVMDialect::getAlignAttrName(),
                          b.getI64IntegerAttr(runtime::kScratchAlignment))})}));
      func.setNoInline(true);
    }
    Block *entry = func.addEntryBlock(b);
    Block *viaSlot = new Block(), *viaLibrary = new Block();
    func.getBody().push_back(viaSlot);
    func.getBody().push_back(viaLibrary);
    b.setInsertionPointToStart(entry);
    Value impl = LLVM::LoadOp::create(b, loc, ptr,
                                      LLVM::AddressOfOp::create(b, loc, slot));
    Value empty = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, impl,
                                       LLVM::ZeroOp::create(b, loc, ptr));
    LLVM::CondBrOp::create(b, loc, empty, viaLibrary, viaSlot);
    bool returnsValue = !isa<LLVM::LLVMVoidType>(type.getReturnType());
    auto finish = [&](Operation *call) {
      if (returnsValue)
        LLVM::ReturnOp::create(b, loc, call->getResult(0));
      else
        LLVM::ReturnOp::create(b, loc, ValueRange{});
    };
    b.setInsertionPointToStart(viaSlot);
    SmallVector<Value> operands = {impl};
    operands.append(entry->args_begin(), entry->args_end());
    finish(LLVM::CallOp::create(b, loc, type, operands));
    b.setInsertionPointToStart(viaLibrary);
    finish(LLVM::CallOp::create(b, loc, library,
                                ValueRange(entry->getArguments())));
  }
};

} // namespace
} // namespace axle::cpu

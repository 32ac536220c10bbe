//===- LibraryAllocator.cpp - buffers of code run without the runtime -----===//
//
// The functions, as C:
//
//   static void *cached; // the raw block (header first), or null
//   static void *small[kSmallBlockClasses]; // one block per capacity
//
//   void *axle_library_alloc(size_t size) {
//     if (size <= kLargestSmallBlockBytes) {
//       size_t index = log2_ceil(max(size, 64)) - 6;
//       size = 64 << index; // the capacity
//       char *block = xchg(&small[index], NULL);
//       if (block)
//         return block + 64;
//     } else if (size >= kCachedBlockBytes) {
//       char *block = xchg(&cached, NULL);
//       if (block) {
//         size_t held = *(size_t *)block;
//         if (held >= size && held / 2 <= size)
//           return block + 64;
//         char *other = xchg(&cached, block); // put it back
//         if (other)
//           free(other);
//       }
//     }
//     char *block;
//     if (huge_pages && size >= kHugePageAdviceBytes) { // Linux targets
//       size_t bytes = round_up(size + 64, 2 MiB);
//       block = aligned_alloc(2 MiB, bytes);
//       if (block)
//         madvise(block, bytes, MADV_HUGEPAGE); // before the header's write
//     } else {
//       block = aligned_alloc(64, round_up(size + 64, 64));
//     }
//     if (!block)
//       return NULL;
//     *(size_t *)block = size;
//     return block + 64;
//   }
//
//   void axle_library_free(void *pointer) {
//     if (!pointer)
//       return;
//     char *block = (char *)pointer - 64;
//     size_t held = *(size_t *)block;
//     char *other;
//     if (held <= kLargestSmallBlockBytes) {
//       other = xchg(&small[log2(held) - 6], block);
//     } else if (held < kCachedBlockBytes) {
//       other = block;
//     } else {
//       other = xchg(&cached, block);
//     }
//     if (other)
//       free(other);
//   }
//
// plus a destructor that frees `cached` and the small blocks. Loops over
// blocks of rows allocate the same small buffers on every iteration (see
// runtime/ScratchMemory.h, which keeps them the same way).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/LibraryAllocator.h"
#include "compiler/codegen/cpu/RuntimeSlots.h"

#include "runtime/HugePages.h"
#include "runtime/ScratchMemory.h"

namespace axle::cpu {

using namespace mlir;

LLVM::LLVMFuncOp libraryFunction(ModuleOp module, OpBuilder &b, Location loc,
                                 StringRef name, LLVM::LLVMFunctionType type) {
  if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return func;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, loc, name, type);
}

namespace {

constexpr const char *kAllocName = "axle_library_alloc";
constexpr const char *kFreeName = "axle_library_free";
constexpr const char *kReleaseName = "axle_library_release";
constexpr const char *kCachedName = "axle_library_cached_block";
constexpr const char *kSmallName = "axle_library_small_blocks";
/// Bytes before the caller's pointer: the block's size, padded so that the
/// caller's pointer keeps the block's alignment.
constexpr int32_t kHeaderBytes = 64;
/// Every block starts on a cache line, so the caller's pointer does too
/// (RouteAllocations.cpp tells LLVM so).
constexpr int64_t kBlockAlignment = runtime::kScratchAlignment;
static_assert(kHeaderBytes % kBlockAlignment == 0);
/// x86-64's and AArch64's (4 KiB base pages) huge page.
constexpr int64_t kHugePageBytes = int64_t(2) << 20;
/// Linux's MADV_HUGEPAGE.
constexpr int32_t kAdviseHugePage = 14;

/// Builds the bodies of the functions; `b` is at the start of the module.
struct Builder {
  ModuleOp module;
  OpBuilder &b;
  Location loc;
  /// Linux targets: large blocks on huge pages (aligned_alloc, madvise).
  bool hugePages;
  MLIRContext *ctx = module.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);
  Type voidType = LLVM::LLVMVoidType::get(ctx);
  LLVM::LLVMFuncOp alignedAlloc =
      libraryFunction(module, b, loc, "aligned_alloc",
                      LLVM::LLVMFunctionType::get(ptr, {i64, i64}));
  LLVM::LLVMFuncOp free = libraryFunction(
      module, b, loc, "free", LLVM::LLVMFunctionType::get(voidType, {ptr}));
  LLVM::GlobalOp cached =
      createNullPointerGlobal(b, loc, kCachedName, LLVM::Linkage::Internal);
  Type smallSlotsType =
      LLVM::LLVMArrayType::get(ptr, runtime::kSmallBlockClasses);
  LLVM::GlobalOp smallSlots = createSmallSlots();
  Type i32 = IntegerType::get(ctx, 32);
  LLVM::LLVMFuncOp madvise =
      hugePages
          ? libraryFunction(module, b, loc, "madvise",
                            LLVM::LLVMFunctionType::get(i32, {ptr, i64, i32}))
          : LLVM::LLVMFuncOp();

  /// The small blocks' slots, one per capacity, null at first.
  LLVM::GlobalOp createSmallSlots() {
    auto global = LLVM::GlobalOp::create(
        b, loc, smallSlotsType,
        /*isConstant=*/false, LLVM::Linkage::Internal, kSmallName, Attribute());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(b.createBlock(&global.getInitializerRegion()));
    LLVM::ReturnOp::create(b, loc,
                           LLVM::ZeroOp::create(b, loc, smallSlotsType));
    return global;
  }
  /// The slot of small blocks of capacity 64 << `index`.
  Value smallSlot(Value index) {
    return LLVM::GEPOp::create(b, loc, ptr, smallSlotsType,
                               LLVM::AddressOfOp::create(b, loc, smallSlots),
                               ArrayRef<LLVM::GEPArg>{0, index});
  }
  /// ceil(log2(bytes)) - log2(kSmallestBlockBytes), for `bytes` of at least
  /// kSmallestBlockBytes: the class of small blocks that holds them.
  Value smallClass(Value bytes) {
    Value bits = LLVM::SubOp::create(
        b, loc, constant(64),
        LLVM::CountLeadingZerosOp::create(
            b, loc, i64, LLVM::SubOp::create(b, loc, bytes, constant(1)),
            /*is_zero_poison=*/false));
    return LLVM::SubOp::create(
        b, loc, bits, constant(llvm::Log2_64(runtime::kSmallestBlockBytes)));
  }

  /// Whether a block of `bytes` is small (cached per capacity).
  Value isSmall(Value bytes) {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ule, bytes,
                                constant(runtime::kLargestSmallBlockBytes));
  }
  /// Whether a block of `bytes` is large (cached in the one large slot).
  Value isLarge(Value bytes) {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, bytes,
                                constant(runtime::kCachedBlockBytes));
  }

  Value constant(int64_t value) {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(value));
  }
  Value null() { return LLVM::ZeroOp::create(b, loc, ptr); }
  /// Swaps `value` into `slot` (the large block's when none is given)
  /// and returns what it held.
  Value exchange(Value value, Value slot = {}) {
    if (!slot)
      slot = LLVM::AddressOfOp::create(b, loc, cached);
    return LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::xchg, slot,
                                     value, LLVM::AtomicOrdering::acq_rel);
  }
  /// `bytes` rounded up to a multiple of `alignment`, a power of two.
  Value roundUp(Value bytes, int64_t alignment) {
    return LLVM::AndOp::create(
        b, loc, LLVM::AddOp::create(b, loc, bytes, constant(alignment - 1)),
        constant(~(alignment - 1)));
  }
  Value offset(Value pointer, int32_t bytes) {
    return LLVM::GEPOp::create(b, loc, ptr, b.getI8Type(), pointer,
                               ArrayRef<LLVM::GEPArg>{bytes});
  }
  Value isNull(Value pointer) {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, pointer,
                                null());
  }
  /// Frees `pointer` unless it is null, then branches to `next`.
  void freeUnlessNull(Value pointer, Block *next) {
    Block *here = b.getInsertionBlock();
    Block *freeIt = b.createBlock(next);
    b.setInsertionPointToEnd(here);
    LLVM::CondBrOp::create(b, loc, isNull(pointer), next, freeIt);
    b.setInsertionPointToStart(freeIt);
    LLVM::CallOp::create(b, loc, free, ValueRange{pointer});
    LLVM::BrOp::create(b, loc, next);
  }

  LLVM::LLVMFuncOp buildAlloc() {
    auto func = LLVM::LLVMFuncOp::create(
        b, loc, kAllocName, LLVM::LLVMFunctionType::get(ptr, {i64}),
        LLVM::Linkage::Internal);
    OpBuilder::InsertionGuard guard(b);
    Block *entry = func.addEntryBlock(b);
    Value size = entry->getArgument(0);
    Region &body = func.getBody();
    Block *smallPath = new Block(), *notSmall = new Block();
    Block *tryCache = new Block(), *check = new Block(), *putBack = new Block();
    Block *retry = new Block(), *fresh = new Block(), *store = new Block();
    for (Block *block :
         {smallPath, notSmall, tryCache, check, putBack, retry, fresh, store})
      body.push_back(block);
    // A fresh block of the size it gets as its argument: the size asked
    // for, or a small block's capacity.
    Value bytes = fresh->addArgument(i64, loc);

    b.setInsertionPointToStart(entry);
    LLVM::CondBrOp::create(b, loc, isSmall(size), smallPath, notSmall);

    b.setInsertionPointToStart(smallPath);
    Value atLeastSmallest = LLVM::UMaxOp::create(
        b, loc, size, constant(runtime::kSmallestBlockBytes));
    Value index = smallClass(atLeastSmallest);
    Value capacity = LLVM::ShlOp::create(
        b, loc, constant(runtime::kSmallestBlockBytes), index);
    Value smallBlock = exchange(null(), smallSlot(index));
    Block *smallHit = b.createBlock(notSmall);
    b.setInsertionPointToEnd(smallPath);
    LLVM::CondBrOp::create(b, loc, isNull(smallBlock), fresh,
                           ValueRange{capacity}, smallHit, ValueRange{});
    b.setInsertionPointToStart(smallHit);
    LLVM::ReturnOp::create(b, loc, offset(smallBlock, kHeaderBytes));

    b.setInsertionPointToStart(notSmall);
    LLVM::CondBrOp::create(b, loc, isLarge(size), tryCache, ValueRange{}, fresh,
                           ValueRange{size});

    b.setInsertionPointToStart(tryCache);
    Value block = exchange(null());
    LLVM::CondBrOp::create(b, loc, isNull(block), fresh, ValueRange{size},
                           check, ValueRange{});

    b.setInsertionPointToStart(check);
    Value held = LLVM::LoadOp::create(b, loc, i64, block);
    Value holds =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, held, size);
    Value halfHeld = LLVM::LShrOp::create(b, loc, held, constant(1));
    Value wastesLittle =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ule, halfHeld, size);
    Value fits = LLVM::AndOp::create(b, loc, holds, wastesLittle);
    Block *reuse = b.createBlock(putBack);
    b.setInsertionPointToEnd(check);
    LLVM::CondBrOp::create(b, loc, fits, reuse, putBack);
    b.setInsertionPointToStart(reuse);
    LLVM::ReturnOp::create(b, loc, offset(block, kHeaderBytes));

    b.setInsertionPointToStart(putBack);
    Value other = exchange(block);
    freeUnlessNull(other, retry);
    b.setInsertionPointToStart(retry);
    LLVM::BrOp::create(b, loc, ValueRange{size}, fresh);

    // A fresh block goes to `checked` as its argument.
    Block *checked = b.createBlock(store, {ptr}, {loc});
    Value raw = checked->getArgument(0);
    Block *fail = b.createBlock(store);
    b.setInsertionPointToEnd(checked);
    LLVM::CondBrOp::create(b, loc, isNull(raw), fail, store);
    b.setInsertionPointToStart(fail);
    LLVM::ReturnOp::create(b, loc, null());

    b.setInsertionPointToStart(fresh);
    Value withHeader =
        LLVM::AddOp::create(b, loc, bytes, constant(kHeaderBytes));
    if (hugePages) {
      // Large blocks: whole 2 MiB pages, advised onto huge pages before
      // anything (the header) touches them.
      Block *small = b.createBlock(checked), *huge = b.createBlock(checked);
      b.setInsertionPointToEnd(fresh);
      Value large =
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, bytes,
                               constant(runtime::kHugePageAdviceBytes));
      LLVM::CondBrOp::create(b, loc, large, huge, small);

      b.setInsertionPointToStart(huge);
      Value bytes = roundUp(withHeader, kHugePageBytes);
      Value pages =
          LLVM::CallOp::create(b, loc, alignedAlloc,
                               ValueRange{constant(kHugePageBytes), bytes})
              .getResult();
      Block *advise = b.createBlock(checked);
      b.setInsertionPointToEnd(huge);
      LLVM::CondBrOp::create(b, loc, isNull(pages), checked, ValueRange{pages},
                             advise, ValueRange{});
      b.setInsertionPointToStart(advise);
      LLVM::CallOp::create(
          b, loc, madvise,
          ValueRange{pages, bytes,
                     LLVM::ConstantOp::create(
                         b, loc, i32, b.getI32IntegerAttr(kAdviseHugePage))});
      LLVM::BrOp::create(b, loc, ValueRange{pages}, checked);

      b.setInsertionPointToStart(small);
    }
    Value lines =
        LLVM::CallOp::create(b, loc, alignedAlloc,
                             ValueRange{constant(kBlockAlignment),
                                        roundUp(withHeader, kBlockAlignment)})
            .getResult();
    LLVM::BrOp::create(b, loc, ValueRange{lines}, checked);

    b.setInsertionPointToStart(store);
    LLVM::StoreOp::create(b, loc, bytes, raw);
    LLVM::ReturnOp::create(b, loc, offset(raw, kHeaderBytes));
    return func;
  }

  LLVM::LLVMFuncOp buildFree() {
    auto func = LLVM::LLVMFuncOp::create(
        b, loc, kFreeName, LLVM::LLVMFunctionType::get(voidType, {ptr}),
        LLVM::Linkage::Internal);
    OpBuilder::InsertionGuard guard(b);
    Block *entry = func.addEntryBlock(b);
    Value pointer = entry->getArgument(0);
    Region &body = func.getBody();
    Block *inspect = new Block(), *keepSmall = new Block();
    Block *notSmall = new Block(), *plain = new Block(), *keep = new Block();
    Block *done = new Block();
    for (Block *block : {inspect, keepSmall, notSmall, plain, keep, done})
      body.push_back(block);

    b.setInsertionPointToStart(entry);
    LLVM::CondBrOp::create(b, loc, isNull(pointer), done, inspect);

    b.setInsertionPointToStart(inspect);
    Value block = offset(pointer, -kHeaderBytes);
    Value held = LLVM::LoadOp::create(b, loc, i64, block);
    LLVM::CondBrOp::create(b, loc, isSmall(held), keepSmall, notSmall);

    // A small block's size is its capacity, a power of two.
    b.setInsertionPointToStart(keepSmall);
    freeUnlessNull(exchange(block, smallSlot(smallClass(held))), done);

    b.setInsertionPointToStart(notSmall);
    LLVM::CondBrOp::create(b, loc, isLarge(held), keep, plain);

    b.setInsertionPointToStart(plain);
    LLVM::CallOp::create(b, loc, free, ValueRange{block});
    LLVM::BrOp::create(b, loc, done);

    b.setInsertionPointToStart(keep);
    freeUnlessNull(exchange(block), done);

    b.setInsertionPointToStart(done);
    LLVM::ReturnOp::create(b, loc, ValueRange{});
    return func;
  }

  /// Frees the cached blocks; runs when the library is unloaded.
  void buildRelease() {
    auto func = LLVM::LLVMFuncOp::create(
        b, loc, kReleaseName, LLVM::LLVMFunctionType::get(voidType, {}),
        LLVM::Linkage::Internal);
    {
      OpBuilder::InsertionGuard guard(b);
      Block *entry = func.addEntryBlock(b);
      b.setInsertionPointToStart(entry);
      // Each small block, then the large one.
      for (unsigned index = 0; index <= runtime::kSmallBlockClasses; ++index) {
        Value slot = index == runtime::kSmallBlockClasses
                         ? Value()
                         : smallSlot(constant(index));
        Block *next = new Block();
        func.getBody().push_back(next);
        freeUnlessNull(exchange(null(), slot), next);
        b.setInsertionPointToStart(next);
      }
      LLVM::ReturnOp::create(b, loc, ValueRange{});
    }
    LLVM::GlobalDtorsOp::create(
        b, loc, b.getArrayAttr({FlatSymbolRefAttr::get(func)}),
        b.getI32ArrayAttr({65535}), b.getArrayAttr({LLVM::ZeroAttr::get(ctx)}));
  }
};

} // namespace

std::pair<LLVM::LLVMFuncOp, LLVM::LLVMFuncOp>
getOrCreateLibraryAllocator(ModuleOp module, Location loc, bool hugePages) {
  auto alloc = module.lookupSymbol<LLVM::LLVMFuncOp>(kAllocName);
  auto free = module.lookupSymbol<LLVM::LLVMFuncOp>(kFreeName);
  if (alloc && free)
    return {alloc, free};
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  Builder builder{module, b, loc, hugePages};
  LLVM::LLVMFuncOp newAlloc = builder.buildAlloc();
  LLVM::LLVMFuncOp newFree = builder.buildFree();
  builder.buildRelease();
  return {newAlloc, newFree};
}

} // namespace axle::cpu

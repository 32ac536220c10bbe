//===- ParallelizeLoops.cpp - outer parallel loops on the runtime's threads
//===//
//
//   scf.parallel (%i, %j) = (lb0, lb1) to (ub0, ub1) step (s0, s1) { body }
//
// becomes
//
//   ctx = [captures as i64 words]
//   if (axle_parallel_for_slot) slot(@outlined, ctx, trip0)
//   else @outlined(ctx, 0, trip0)
//
//   func @outlined(ctx, begin, end):
//     captures = unpack(ctx)
//     scf.for %n = begin to end: %i = lb0 + %n * s0
//       scf.parallel (%j) = (lb1) to (ub1) step (s1) { body }
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Descriptors.h"
#include "compiler/codegen/cpu/Passes.h"
#include "compiler/codegen/cpu/RuntimeSlots.h"
#include "runtime/ParallelFor.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

namespace axle::cpu {

#define GEN_PASS_DEF_PARALLELIZELOOPSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

std::optional<int64_t> constantIndex(Value value) {
  if (auto constant = value.getDefiningOp<arith::ConstantIndexOp>())
    return constant.value();
  return std::nullopt;
}

/// Whether a captured value can travel through a 64-bit word.
bool isPassable(Value value) {
  Type type = value.getType();
  if (auto memref = dyn_cast<MemRefType>(type))
    return hasStaticDescriptor(memref);
  if (type.isIndex())
    return true;
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() <= 64;
  if (auto floatType = dyn_cast<FloatType>(type))
    return floatType.getWidth() <= 64 && floatType.getWidth() % 8 == 0;
  return false;
}

/// The 64-bit word carrying `value`.
Value toWord(OpBuilder &b, Location loc, Value value) {
  Type i64 = b.getI64Type();
  Type type = value.getType();
  if (isa<MemRefType>(type)) {
    Value address =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, value);
    return arith::IndexCastUIOp::create(b, loc, i64, address);
  }
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, i64, value);
  unsigned width = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, b.getIntegerType(width), value);
  if (width < 64)
    value = arith::ExtUIOp::create(b, loc, i64, value);
  return value;
}

/// The value of `type` carried by `word`.
Value fromWord(OpBuilder &b, Location loc, Type type, Value word) {
  if (auto memref = dyn_cast<MemRefType>(type)) {
    Value data = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), word);
    return memrefFromPointer(b, loc, memref, data);
  }
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, word);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < 64)
    word = arith::TruncIOp::create(b, loc, b.getIntegerType(width), word);
  if (isa<FloatType>(type))
    word = arith::BitcastOp::create(b, loc, type, word);
  return word;
}

struct ParallelizeLoopsPass
    : public impl::ParallelizeLoopsPassBase<ParallelizeLoopsPass> {
  using ParallelizeLoopsPassBase::ParallelizeLoopsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ParallelOp> loops;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        for (Operation &op : func.getBody().front())
          if (auto loop = dyn_cast<scf::ParallelOp>(op))
            loops.push_back(loop);
    unsigned counter = 0;
    for (scf::ParallelOp loop : loops)
      if (worthParallelizing(loop))
        outline(loop, counter++);
  }

  bool worthParallelizing(scf::ParallelOp loop) {
    if (loop.getNumResults() != 0)
      return false;
    int64_t iterations = 1;
    for (auto [lb, ub, step] : llvm::zip(
             loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
      auto l = constantIndex(lb), u = constantIndex(ub),
           s = constantIndex(step);
      if (!l || !u || !s || *s <= 0)
        return false;
      iterations *= std::max<int64_t>(0, (*u - *l + *s - 1) / *s);
    }
    // Inner loops and vectors multiply the work of one iteration.
    int64_t lanes = 1;
    loop.getBody()->walk([&](Operation *op) {
      if (auto inner = dyn_cast<scf::ForOp>(op)) {
        auto l = constantIndex(inner.getLowerBound());
        auto u = constantIndex(inner.getUpperBound());
        auto s = constantIndex(inner.getStep());
        if (l && u && s && *s > 0)
          iterations *= std::max<int64_t>(1, (*u - *l + *s - 1) / *s);
      }
      for (Type type : op->getResultTypes())
        if (auto vector = dyn_cast<VectorType>(type))
          lanes = std::max(lanes, vector.getNumElements());
    });
    iterations *= lanes;
    auto l0 = constantIndex(loop.getLowerBound()[0]);
    auto u0 = constantIndex(loop.getUpperBound()[0]);
    auto s0 = constantIndex(loop.getStep()[0]);
    int64_t trips = (*u0 - *l0 + *s0 - 1) / *s0;
    if (trips < 2 || iterations < minIterations)
      return false;
    SetVector<Value> captures;
    getUsedValuesDefinedAbove(loop.getRegion(), captures);
    for (Value bound :
         llvm::concat<Value>(loop.getLowerBound(),
                             loop.getUpperBound().drop_front(), loop.getStep()))
      captures.insert(bound);
    return llvm::all_of(captures, [](Value value) {
      return isPassable(value) || matchPattern(value, m_Constant());
    });
  }

  void outline(scf::ParallelOp loop, unsigned index) {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    Location loc = loop.getLoc();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    Type i64 = IntegerType::get(ctx, 64);
    auto parent = loop->getParentOfType<func::FuncOp>();

    // Constants are cloned into the outlined body; the rest travels in ctx.
    SetVector<Value> used;
    getUsedValuesDefinedAbove(loop.getRegion(), used);
    // Every bound but the first upper one (the trip count replaces it).
    for (Value bound :
         llvm::concat<Value>(loop.getLowerBound(),
                             loop.getUpperBound().drop_front(), loop.getStep()))
      used.insert(bound);
    SmallVector<Value> passed, constants;
    for (Value value : used)
      (matchPattern(value, m_Constant()) ? constants : passed).push_back(value);

    // The outlined function.
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    std::string name = (parent.getName() + "_parallel_" + Twine(index)).str();
    auto outlined = func::FuncOp::create(
        b, loc, name, b.getFunctionType({ptr, i64, i64}, {}));
    outlined.setPrivate();
    outlined->setAttr("llvm.linkage",
                      LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
    Block *entry = outlined.addEntryBlock();
    b.setInsertionPointToStart(entry);
    IRMapping mapping;
    for (Value constant : constants)
      mapping.map(constant, b.clone(*constant.getDefiningOp())->getResult(0));
    for (auto [slot, value] : llvm::enumerate(passed)) {
      Value address = LLVM::GEPOp::create(
          b, loc, ptr, i64, entry->getArgument(0),
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(slot)});
      Value word = LLVM::LoadOp::create(b, loc, i64, address);
      mapping.map(value, fromWord(b, loc, value.getType(), word));
    }
    Value begin = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                             entry->getArgument(1));
    Value end = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                           entry->getArgument(2));
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto outer = scf::ForOp::create(b, loc, begin, end, one);
    func::ReturnOp::create(b, loc);
    b.setInsertionPointToStart(outer.getBody());
    // %i = lb0 + n * s0
    Value lb0 = mapping.lookupOrDefault(loop.getLowerBound()[0]);
    Value s0 = mapping.lookupOrDefault(loop.getStep()[0]);
    Value iv0 = arith::AddIOp::create(
        b, loc, lb0,
        arith::MulIOp::create(b, loc, outer.getInductionVar(), s0));
    mapping.map(loop.getInductionVars()[0], iv0);
    Block *target = outer.getBody();
    if (loop.getNumLoops() > 1) {
      SmallVector<Value> lbs, ubs, steps;
      for (unsigned d = 1; d < loop.getNumLoops(); ++d) {
        lbs.push_back(mapping.lookupOrDefault(loop.getLowerBound()[d]));
        ubs.push_back(mapping.lookupOrDefault(loop.getUpperBound()[d]));
        steps.push_back(mapping.lookupOrDefault(loop.getStep()[d]));
      }
      auto inner = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
      for (unsigned d = 1; d < loop.getNumLoops(); ++d)
        mapping.map(loop.getInductionVars()[d],
                    inner.getInductionVars()[d - 1]);
      target = inner.getBody();
      b.setInsertionPoint(target->getTerminator());
    }
    for (Operation &op : loop.getBody()->without_terminator())
      b.clone(op, mapping);

    // The call site.
    b.setInsertionPoint(loop);
    Value count = LLVM::ConstantOp::create(
        b, loc, i64, b.getI64IntegerAttr(std::max<size_t>(1, passed.size())));
    Value context = LLVM::AllocaOp::create(b, loc, ptr, i64, count);
    for (auto [slot, value] : llvm::enumerate(passed)) {
      Value address = LLVM::GEPOp::create(
          b, loc, ptr, i64, context,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(slot)});
      LLVM::StoreOp::create(b, loc, toWord(b, loc, value), address);
    }
    int64_t l0 = *constantIndex(loop.getLowerBound()[0]);
    int64_t u0 = *constantIndex(loop.getUpperBound()[0]);
    int64_t st0 = *constantIndex(loop.getStep()[0]);
    Value trips = LLVM::ConstantOp::create(
        b, loc, i64, b.getI64IntegerAttr((u0 - l0 + st0 - 1) / st0));
    Value zero = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0));
    LLVM::GlobalOp slot = slotGlobal();
    Value slotAddress = LLVM::AddressOfOp::create(b, loc, slot);
    Value impl = LLVM::LoadOp::create(b, loc, ptr, slotAddress);
    Value null = LLVM::ZeroOp::create(b, loc, ptr);
    Value empty =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, impl, null);
    auto branch = scf::IfOp::create(b, loc, empty, /*withElseRegion=*/true);
    b.setInsertionPointToStart(branch.thenBlock());
    func::CallOp::create(b, loc, outlined, ValueRange{context, zero, trips});
    b.setInsertionPointToStart(branch.elseBlock());
    Value function = func::ConstantOp::create(
        b, loc, outlined.getFunctionType(), outlined.getSymName());
    Value functionPtr =
        UnrealizedConversionCastOp::create(b, loc, ptr, function).getResult(0);
    auto implType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                                {ptr, ptr, i64});
    LLVM::CallOp::create(b, loc, implType,
                         ValueRange{impl, functionPtr, context, trips});
    loop.erase();
  }

  /// The exported, null-initialized `axle_parallel_for_slot`.
  LLVM::GlobalOp slotGlobal() {
    return getOrCreateRuntimeSlot(getOperation(), runtime::kParallelForSlot,
                                  getOperation().getLoc());
  }
};

} // namespace
} // namespace axle::cpu

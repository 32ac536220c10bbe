//===- EmitCustomCallThunks.cpp - custom calls through runtime slots ------===//

#include "compiler/codegen/cpu/Passes.h"
#include "compiler/codegen/cpu/RuntimeSlots.h"
#include "runtime/CustomCall.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace axle::cpu {

#define GEN_PASS_DEF_EMITCUSTOMCALLTHUNKSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

using namespace mlir;

void emitCustomCallThunks(mlir::ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);

  SmallVector<func::FuncOp> thunks;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isExternal() && func->hasAttr("axle.custom_call_target"))
      thunks.push_back(func);

  for (func::FuncOp thunk : thunks) {
    auto target =
        thunk->getAttrOfType<StringAttr>("axle.custom_call_target").str();
    std::string slotName = runtime::customCallSlotSymbol(target);
    Location loc = thunk.getLoc();
    LLVM::GlobalOp slot = getOrCreateRuntimeSlot(module, slotName, loc);
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());

    Block *body = thunk.addEntryBlock();
    b.setInsertionPointToStart(body);
    Value count = LLVM::ConstantOp::create(
        b, loc, i64, b.getI64IntegerAttr(body->getNumArguments()));
    Value array = LLVM::AllocaOp::create(b, loc, ptr, ptr, count);
    for (auto [index, buffer] : llvm::enumerate(body->getArguments())) {
      Value address =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
      Value asInt = arith::IndexCastOp::create(b, loc, i64, address);
      Value data = LLVM::IntToPtrOp::create(b, loc, ptr, asInt);
      Value entry = LLVM::GEPOp::create(
          b, loc, ptr, ptr, array,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
      LLVM::StoreOp::create(b, loc, data, entry);
    }
    Value slotAddress = LLVM::AddressOfOp::create(b, loc, slot);
    Value function = LLVM::LoadOp::create(b, loc, ptr, slotAddress);
    auto calleeType =
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {ptr});
    LLVM::CallOp::create(b, loc, calleeType, ValueRange{function, array});
    func::ReturnOp::create(b, loc);
    thunk->setAttr("llvm.linkage",
                   LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
  }
}

namespace {

struct EmitCustomCallThunksPass
    : public impl::EmitCustomCallThunksPassBase<EmitCustomCallThunksPass> {
  void runOnOperation() override { emitCustomCallThunks(getOperation()); }
};

} // namespace
} // namespace axle::cpu

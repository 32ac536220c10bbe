//===- RuntimeSlots.cpp - globals the runtime fills at load time ----------===//

#include "compiler/codegen/cpu/RuntimeSlots.h"

namespace axle::cpu {

using namespace mlir;

LLVM::GlobalOp createNullPointerGlobal(OpBuilder &b, Location loc,
                                       StringRef name, LLVM::Linkage linkage) {
  Type ptr = LLVM::LLVMPointerType::get(b.getContext());
  auto global = LLVM::GlobalOp::create(b, loc, ptr, /*isConstant=*/false,
                                       linkage, name, Attribute());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(b.createBlock(&global.getInitializerRegion()));
  LLVM::ReturnOp::create(b, loc, LLVM::ZeroOp::create(b, loc, ptr));
  return global;
}

LLVM::GlobalOp getOrCreateRuntimeSlot(ModuleOp module, StringRef name,
                                      Location loc) {
  if (auto slot = module.lookupSymbol<LLVM::GlobalOp>(name))
    return slot;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  return createNullPointerGlobal(b, loc, name, LLVM::Linkage::External);
}

} // namespace axle::cpu

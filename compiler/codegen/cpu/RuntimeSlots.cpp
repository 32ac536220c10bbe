//===- RuntimeSlots.cpp - globals the runtime fills at load time ----------===//

#include "compiler/codegen/cpu/RuntimeSlots.h"

namespace axle::cpu {

using namespace mlir;

LLVM::GlobalOp getOrCreateRuntimeSlot(ModuleOp module, StringRef name,
                                      Location loc) {
  if (auto slot = module.lookupSymbol<LLVM::GlobalOp>(name))
    return slot;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  Type ptr = LLVM::LLVMPointerType::get(module.getContext());
  auto slot =
      LLVM::GlobalOp::create(b, loc, ptr, /*isConstant=*/false,
                             LLVM::Linkage::External, name, Attribute());
  Block *init = b.createBlock(&slot.getInitializerRegion());
  b.setInsertionPointToStart(init);
  LLVM::ReturnOp::create(b, loc, LLVM::ZeroOp::create(b, loc, ptr));
  return slot;
}

} // namespace axle::cpu

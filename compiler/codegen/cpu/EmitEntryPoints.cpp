//===- EmitEntryPoints.cpp - the axle calling convention ------------------===//
//
// Compiled functions take memref descriptors, whose expanded form differs
// with each argument's rank. The runtime instead calls one fixed signature,
// `void axle_entry_<name>(void **buffers)`, where buffers[i] is the data of
// argument i (inputs, then outputs; shapes are static and known from the
// artifact's signature table). This pass writes that wrapper.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Descriptors.h"
#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace axle::cpu {

#define GEN_PASS_DEF_EMITENTRYPOINTSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

struct EmitEntryPointsPass
    : public impl::EmitEntryPointsPassBase<EmitEntryPointsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    emitCustomCallThunks(module);
    SmallVector<func::FuncOp> publicFunctions;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        publicFunctions.push_back(func);

    for (func::FuncOp func : publicFunctions) {
      FunctionType type = func.getFunctionType();
      if (type.getNumResults() != 0) {
        func.emitError() << "axle cannot compile '" << func.getName()
                         << "': results must be written to out-parameters";
        return signalPassFailure();
      }
      for (Type input : type.getInputs()) {
        auto memref = dyn_cast<MemRefType>(input);
        if (!memref || !memref.hasStaticShape() ||
            !memref.getLayout().isIdentity()) {
          func.emitError() << "axle cannot compile '" << func.getName()
                           << "': argument of type " << input
                           << " is not a statically shaped buffer";
          return signalPassFailure();
        }
      }

      OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
      Location loc = func.getLoc();
      Type ptr = LLVM::LLVMPointerType::get(ctx);
      auto entry =
          func::FuncOp::create(b, loc, ("axle_entry_" + func.getName()).str(),
                               b.getFunctionType({ptr}, {}));
      Block *body = entry.addEntryBlock();
      b.setInsertionPointToStart(body);
      Value buffers = body->getArgument(0);
      SmallVector<Value> args;
      for (auto [index, input] : llvm::enumerate(type.getInputs())) {
        Value slot = LLVM::GEPOp::create(
            b, loc, ptr, ptr, buffers,
            ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
        Value data = LLVM::LoadOp::create(b, loc, ptr, slot);
        args.push_back(memrefFromPointer(b, loc, cast<MemRefType>(input), data));
      }
      func::CallOp::create(b, loc, func, args);
      func::ReturnOp::create(b, loc);
      // Only the entry point is the library's interface: the function itself
      // gets internal linkage, so that its name (often `main`) cannot clash
      // with the program that links the library.
      func.setPrivate();
      func->setAttr("llvm.linkage",
                    LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
    }
  }
};

} // namespace
} // namespace axle::cpu

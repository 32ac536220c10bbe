//===- CopyAliasedResults.cpp - one fresh tensor per public result --------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"

namespace axle::cpu {

#define GEN_PASS_DEF_COPYALIASEDRESULTSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

struct CopyAliasedResultsPass
    : public impl::CopyAliasedResultsPassBase<CopyAliasedResultsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      // The caller's inputs are const: an in-place update of an argument
      // (scatter, dynamic_update_slice) must write into a copy of it.
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        if (isa<TensorType>(func.getArgument(i).getType()))
          func.setArgAttr(
              i, bufferization::BufferizationDialect::kWritableAttrName,
              BoolAttr::get(func.getContext(), false));
      func.walk([&](func::ReturnOp ret) {
        llvm::SmallPtrSet<Value, 8> seen;
        OpBuilder b(ret);
        for (OpOperand &operand : ret->getOpOperands()) {
          Value value = operand.get();
          auto type = dyn_cast<RankedTensorType>(value.getType());
          bool aliased =
              isa<BlockArgument>(value) || !seen.insert(value).second;
          if (!type || !aliased)
            continue;
          Value empty = tensor::EmptyOp::create(
              b, ret.getLoc(), type.getShape(), type.getElementType());
          operand.set(linalg::CopyOp::create(b, ret.getLoc(), value, empty)
                          .getResult(0));
        }
      });
    }
  }
};

} // namespace
} // namespace axle::cpu

//===- FoldConstants.cpp - evaluate ops on constants, within a budget -----===//

#include "compiler/transforms/Passes.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace axle::transforms {

#define GEN_PASS_DEF_FOLDCONSTANTSPASS
#include "compiler/transforms/Passes.h.inc"

namespace {

using namespace mlir;
namespace hlo = axle::stablehlo;

/// Ops whose regions are plain computations the interpreter evaluates
/// from their operands alone.
bool hasFoldableRegions(Operation *op) {
  return op->getNumRegions() == 0 ||
         isa<hlo::ReduceOp, hlo::ReduceWindowOp, hlo::SortOp, hlo::ScatterOp,
             hlo::SelectAndScatterOp, hlo::MapOp>(op);
}

struct FoldConstantsPass
    : public impl::FoldConstantsPassBase<FoldConstantsPass> {
  using FoldConstantsPassBase::FoldConstantsPassBase;

  bool isCandidate(Operation *op) const {
    if (!isa<hlo::StablehloDialect>(op->getDialect()) ||
        isa<hlo::ConstantOp, hlo::CustomCallOp, hlo::RngOp,
            hlo::RngBitGeneratorOp, hlo::ReplicaIdOp, hlo::PartitionIdOp>(op) ||
        op->getNumResults() == 0 || !isMemoryEffectFree(op) ||
        !hasFoldableRegions(op))
      return false;
    int64_t elements = 0;
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.hasStaticShape() ||
          isa<quant::QuantizedType>(tensor.getElementType()))
        return false;
      elements += tensor.getNumElements();
    }
    if (elements > maxElements)
      return false;
    return llvm::all_of(op->getOperands(), [](Value operand) {
      auto constant = operand.getDefiningOp<hlo::ConstantOp>();
      return constant && isa<DenseElementsAttr>(constant.getValue()) &&
             !isa<quant::QuantizedType>(
                 cast<RankedTensorType>(constant.getType()).getElementType());
    });
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    interp::Interpreter interpreter(module);
    interp::OpRegistry registry;
    interp::registerAllOps(registry);
    // An op the interpreter rejects (an out-of-range value, say) is simply
    // not folded; its error belongs to whoever runs the program.
    ScopedDiagnosticHandler quiet(&getContext(),
                                  [](Diagnostic &) { return success(); });

    SmallVector<Operation *> candidates;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      // Operands are defined before their users, so folding in walk order
      // lets each folded constant feed the next op.
      if (!isCandidate(op))
        return;
      const interp::OpEvaluator *evaluate =
          registry.lookup(op->getName().getStringRef());
      if (!evaluate)
        return;
      SmallVector<interp::RuntimeValue> operands;
      for (Value operand : op->getOperands()) {
        auto constant = operand.getDefiningOp<hlo::ConstantOp>();
        operands.push_back(interp::Tensor::fromAttr(
            cast<DenseElementsAttr>(constant.getValue()),
            cast<RankedTensorType>(constant.getType())));
      }
      FailureOr<interp::Values> results =
          (*evaluate)(op, operands, interpreter);
      if (failed(results) || results->size() != op->getNumResults())
        return;
      OpBuilder b(op);
      for (auto [result, value] : llvm::zip(op->getResults(), *results)) {
        if (!value.isTensor())
          return;
      }
      for (auto [result, value] : llvm::zip(op->getResults(), *results)) {
        auto constant = hlo::ConstantOp::create(
            b, op->getLoc(), result.getType(), value.getTensor().toAttr());
        result.replaceAllUsesWith(constant.getResult());
      }
      candidates.push_back(op);
    });
    for (Operation *op : candidates)
      op->erase();
    // Constants nothing uses any more (the folded ops' operands) go too.
    SmallVector<hlo::ConstantOp> dead;
    module.walk([&](hlo::ConstantOp constant) {
      if (constant->use_empty())
        dead.push_back(constant);
    });
    for (hlo::ConstantOp constant : dead)
      constant.erase();
  }
};

} // namespace
} // namespace axle::transforms

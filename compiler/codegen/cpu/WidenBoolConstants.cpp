//===- WidenBoolConstants.cpp - i1 constant operands read as bytes --------===//
//
// Vector code cannot read tensors of i1 (LLVM packs vectors of i1 into bits
// while a buffer of i1 holds a byte per element), so an elementwise op with
// an i1 tensor operand runs as scalar code. The commonest such operand is a
// constant mask: a causal attention mask folded from iota and compare is a
// 1024 x 1024 i1 constant, and the masked scale of the attention scores
// then took a scalar divide per element. Such a constant becomes an i8
// constant with the same 0 and 1 bytes, and the op's body truncates each
// byte back to i1 (an exact inverse), so the op vectorizes.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace axle::cpu {

#define GEN_PASS_DEF_WIDENBOOLCONSTANTSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// The i8 version of an i1 tensor constant (0 and 1 bytes).
Value widenedConstant(OpBuilder &b, arith::ConstantOp constant) {
  auto values = cast<DenseElementsAttr>(constant.getValue());
  DenseElementsAttr bytes = values.mapValues(
      b.getI8Type(), [](const APInt &bit) { return bit.zext(8); });
  return arith::ConstantOp::create(b, constant.getLoc(), bytes);
}

struct WidenBoolConstantsPass
    : public impl::WidenBoolConstantsPassBase<WidenBoolConstantsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation()->walk([&](linalg::GenericOp generic) {
      if (generic.hasPureTensorSemantics())
        generics.push_back(generic);
    });
    for (linalg::GenericOp generic : generics) {
      Block &body = generic.getRegion().front();
      for (OpOperand *input : generic.getDpsInputOperands()) {
        auto constant = input->get().getDefiningOp<arith::ConstantOp>();
        auto type = dyn_cast<RankedTensorType>(input->get().getType());
        if (!constant || !type || !type.getElementType().isInteger(1) ||
            !isa<DenseElementsAttr>(constant.getValue()))
          continue;
        OpBuilder b(generic);
        input->set(widenedConstant(b, constant));
        BlockArgument argument = body.getArgument(input->getOperandNumber());
        argument.setType(b.getI8Type());
        b.setInsertionPointToStart(&body);
        Value bit = arith::TruncIOp::create(b, generic.getLoc(), b.getI1Type(),
                                            argument);
        argument.replaceAllUsesExcept(bit, bit.getDefiningOp());
      }
    }
  }
};

} // namespace
} // namespace axle::cpu

//===- DuplicateSharedFills.cpp - one fill / empty tensor per user --------===//
//
// CSE merges identical fills and tensor.empty ops and hoists them to the
// first of their users: both layers' matmuls then accumulate into copies
// of one zero-filled tensor made at the top of the function, and both
// layers' results go into one buffer allocated there. Bufferization
// allocates where they stand, so those buffers are live from the start to
// the last user. A fill and an empty tensor per user, right before it, let
// each buffer be allocated where it is first written and die with its
// user.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace axle::cpu {

#define GEN_PASS_DEF_DUPLICATESHAREDFILLSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// The op in `block` that is or contains `op`.
Operation *ancestorIn(Block *block, Operation *op) {
  while (op && op->getBlock() != block)
    op = op->getParentOp();
  return op;
}

struct DuplicateSharedFillsPass
    : public impl::DuplicateSharedFillsPassBase<DuplicateSharedFillsPass> {
  void runOnOperation() override {
    // Fills first: their tensor.empty operands then have one user each.
    SmallVector<Operation *> inits;
    getOperation()->walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics())
        inits.push_back(fill);
    });
    getOperation()->walk(
        [&](tensor::EmptyOp empty) { inits.push_back(empty); });
    for (Operation *init : inits) {
      // Each user gets its own copy right before it (before the op of the
      // init's block that holds it, so that none runs in a loop), except
      // the parts of an op split in two (TilingUtils.cpp, splitInTwo): each
      // part computes into a slice of the init and is inserted back into
      // it, and those slices and insertions must keep one tensor, or
      // bufferization gives the first part a buffer of its own and copies
      // it into the result (a transpose of 4096 x 1000 split into 992 + 8
      // rows copied its 16 MB once more).
      SmallVector<SmallVector<OpOperand *>> groups;
      SmallVector<OpOperand *> parts;
      for (OpOperand &use : init->getResult(0).getUses()) {
        Operation *owner = use.getOwner();
        auto insert = dyn_cast<tensor::InsertSliceOp>(owner);
        if (isa<tensor::ExtractSliceOp>(owner) ||
            (insert && &use == &insert.getDestMutable()))
          parts.push_back(&use);
        else
          groups.push_back({&use});
      }
      bool written = llvm::any_of(parts, [](OpOperand *use) {
        return isa<tensor::InsertSliceOp>(use->getOwner());
      });
      if (written)
        groups.push_back(parts);
      else
        for (OpOperand *use : parts)
          groups.push_back({use});
      for (ArrayRef<OpOperand *> group : groups) {
        Operation *at = nullptr;
        for (OpOperand *use : group) {
          Operation *user = ancestorIn(init->getBlock(), use->getOwner());
          if (user && (!at || user->isBeforeInBlock(at)))
            at = user;
        }
        if (!at || at == init->getNextNode())
          continue;
        OpBuilder b(at);
        Operation *copy = b.clone(*init);
        for (OpOperand *use : group)
          use->set(copy->getResult(0));
      }
      if (init->use_empty())
        init->erase();
    }
  }
};

} // namespace
} // namespace axle::cpu

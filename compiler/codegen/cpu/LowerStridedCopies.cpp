//===- LowerStridedCopies.cpp - strided memref.copy to linalg.copy --------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace axle::cpu {

#define GEN_PASS_DEF_LOWERSTRIDEDCOPIESPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

bool isContiguous(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.getLayout().isIdentity();
}

struct LowerStridedCopiesPass
    : public impl::LowerStridedCopiesPassBase<LowerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      if (!isContiguous(copy.getSource().getType()) ||
          !isContiguous(copy.getTarget().getType()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
} // namespace axle::cpu

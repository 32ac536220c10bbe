//===- LegalizeChlo.cpp - --axle-legalize-chlo ----------------------------===//
//
// Applies the decomposition patterns of ChloDecompose*.cpp until no chlo op
// is left but those isKeptByLegalization keeps (f32 and bf16 erf and erfc,
// which the backends compute themselves). Ops the patterns cannot handle are
// reported first (one error per op, saying why) and the pass fails without
// changing the program.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/Chlo.h"
#include "compiler/dialect/chlo/ChloDecompose.h"
#include "compiler/dialect/chlo/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace axle::chlo {

#define GEN_PASS_DEF_LEGALIZECHLOPASS
#define GEN_PASS_REGISTRATION
#include "compiler/dialect/chlo/Passes.h.inc"

namespace {

struct LegalizeChloPass : impl::LegalizeChloPassBase<LegalizeChloPass> {
  void runOnOperation() override {
    // Report every op the patterns cannot handle before changing anything.
    bool unsupported = false;
    getOperation()->walk([&](Operation *op) {
      if (llvm::isa<ChloDialect>(op->getDialect()) &&
          !isKeptByLegalization(op) && failed(checkDecomposable(op)))
        unsupported = true;
    });
    if (unsupported)
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    populateElementwisePatterns(patterns);
    populateBroadcastPatterns(patterns);
    populateTopKPatterns(patterns);
    populateRaggedDotPatterns(patterns);
    populateScanPatterns(patterns);
    // Only the chlo ops change: no folding or region simplification of the
    // surrounding program.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);

    bool failedOps = false;
    getOperation()->walk([&](Operation *op) {
      if (llvm::isa<ChloDialect>(op->getDialect()) &&
          !isKeptByLegalization(op)) {
        failedOps = true;
        op->emitError() << "'" << op->getName()
                        << "' was not decomposed into stablehlo";
      }
    });
    if (failedOps)
      signalPassFailure();
  }
};

} // namespace

bool isKeptByLegalization(Operation *op) {
  if (!llvm::isa<ErfOp, ErfcOp>(op))
    return false;
  auto type = llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return type && type.hasStaticShape() && type == op->getOperand(0).getType() &&
         (type.getElementType().isF32() || type.getElementType().isBF16());
}

void registerAxlePasses() { registerChloPasses(); }

} // namespace axle::chlo

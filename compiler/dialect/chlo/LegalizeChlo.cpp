//===- LegalizeChlo.cpp - --axle-legalize-chlo ----------------------------===//
//
// Applies the decomposition patterns of ChloDecompose*.cpp until no chlo op
// is left. Ops the patterns cannot handle are reported first (one error per
// op, saying why) and the pass fails without changing the program.
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
          failed(checkDecomposable(op)))
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
      if (llvm::isa<ChloDialect>(op->getDialect())) {
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

void registerAxlePasses() { registerChloPasses(); }

} // namespace axle::chlo

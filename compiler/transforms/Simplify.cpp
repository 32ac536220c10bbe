//===- Simplify.cpp - the --axle-simplify pass ----------------------------===//

#include "compiler/transforms/Simplify.h"
#include "compiler/transforms/Passes.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::transforms {

#define GEN_PASS_DEF_SIMPLIFYPASS
#include "compiler/transforms/Passes.h.inc"

namespace {

struct SimplifyPass : public impl::SimplifyPassBase<SimplifyPass> {
  using SimplifyPassBase::SimplifyPassBase;

  void runOnOperation() override {
    SimplifyOptions options;
    options.fastMath = fastMath;
    mlir::RewritePatternSet patterns(&getContext());
    populateArithmeticSimplifications(patterns, options);
    populateShapeSimplifications(patterns, options);
    populateStructureSimplifications(patterns, options);
    if (failed(
            mlir::applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace axle::transforms

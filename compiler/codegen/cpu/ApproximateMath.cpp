//===- ApproximateMath.cpp - inline polynomial math for f32 ---------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_APPROXIMATEMATHPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// The math ops whose upstream approximations we trust (a few ULP on the
/// whole finite f32 range). sin/cos reduce their argument in f32 and lose
/// accuracy for large inputs, so they are left to the C library.
bool isApproximated(llvm::StringRef opName) {
  return llvm::is_contained({"exp", "expm1", "log", "log1p", "log2", "tanh"},
                            opName);
}

struct ApproximateMathPass
    : public impl::ApproximateMathPassBase<ApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathF32ExpansionPatterns(patterns, isApproximated);
    populateMathPolynomialApproximationPatterns(patterns, isApproximated);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

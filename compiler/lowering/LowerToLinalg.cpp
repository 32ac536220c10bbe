//===- LowerToLinalg.cpp - the stablehlo -> linalg conversion pass --------===//
//
// Drives the dialect conversion: collects every family's patterns, converts
// function signatures and structured control flow with the type converter,
// and makes the whole stablehlo and chlo dialects illegal, so that anything
// left over is an error at the op that could not be lowered.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"
#include "compiler/lowering/Passes.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace axle::lowering {

#define GEN_PASS_DEF_LOWERTOLINALGPASS
#include "compiler/lowering/Passes.h.inc"

namespace {

using namespace mlir;

struct LowerToLinalgPass
    : public impl::LowerToLinalgPassBase<LowerToLinalgPass> {
  using LowerToLinalgPassBase::LowerToLinalgPassBase;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    StablehloTypeConverter converter;
    RewritePatternSet patterns(ctx);
    populateElementwisePatterns(converter, patterns);
    populateShapePatterns(converter, patterns);
    populateReductionPatterns(converter, patterns, reassociateReductions);
    populateContractionPatterns(converter, patterns);
    populateIndexingPatterns(converter, patterns);
    populateControlFlowPatterns(converter, patterns);
    populateLinearAlgebraPatterns(converter, patterns);
    populateFftPatterns(converter, patterns);
    populateRandomPatterns(converter, patterns);
    populateCustomCallPatterns(converter, patterns);

    ConversionTarget target(*ctx);
    target.addLegalDialect<
        arith::ArithDialect, complex::ComplexDialect, linalg::LinalgDialect,
        math::MathDialect, scf::SCFDialect, tensor::TensorDialect,
        bufferization::BufferizationDialect, memref::MemRefDialect>();
    target.addIllegalDialect<stablehlo::StablehloDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return op->getDialect() == nullptr ||
             op->getDialect()->getNamespace() != "chlo";
    });

    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);

    // A pattern that cannot lower an op says why ("axle cannot compile
    // ..."), at the op or at the op inside its region that is the reason;
    // the conversion's generic "failed to legalize" would only repeat it.
    // Ops no pattern knows at all still get the generic error.
    bool explained = false;
    ScopedDiagnosticHandler dropRepeats(ctx, [&](Diagnostic &diag) {
      std::string text = diag.str();
      if (StringRef(text).starts_with("axle cannot compile"))
        explained = true;
      else if (explained && StringRef(text).starts_with("failed to legalize"))
        return success();
      return failure();
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

} // namespace axle::lowering

//===- ApproximateMath.cpp - math functions as inline code or calls -------===//
//
// f32 and bf16 exp, expm1, tanh, log, log1p, sin, cos and tan become
// inline arithmetic (VectorMath.cpp), which vectorizes and runs the
// interpreter's recipes (F32Exponentials.h, F32Trigonometry.h), so both compute
// the same bits; so does f32, f16 and bf16 pow (NarrowPower.h: in f64, constant
// exponents 2, 3, 4, 1 and -1 as products). The other f32 and f16
// transcendental functions call the f64 C library function and round once
// (scalar calls); rsqrt is 1 / sqrt. Exactly rounded operations (fabs,
// floor, sqrt, ...) stay math ops, which LLVM makes vector instructions.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_APPROXIMATEMATHPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// The math ops whose upstream approximations are accurate enough. None,
/// for now: measured against correctly rounded f32, exp, expm1, log and
/// log1p stay within 2 ULP on normal numbers, but log of a subnormal input
/// is off by ~2 (absolute) and exp of inputs below -87.3 flushes its
/// subnormal result to zero; tanh reaches 3.8 ULP; sin/cos reduce their
/// argument in f32. So none is used: f32 exp, expm1, tanh, log, log1p, sin
/// and cos use axle's own recipes (VectorMath.cpp), the other functions the
/// C library.
bool isApproximated(llvm::StringRef opName) {
  // Upstream passes the operation name ("math.exp").
  opName.consume_front("math.");
  return false;
}

/// rsqrt(x) = 1 / sqrt(x) (the C library has no rsqrt). f32 is computed
/// in f64 and rounded once, as the interpreter does: the f64 quotient is
/// within one f64 ULP, so the f32 result is the correctly rounded one in
/// practice (two f32 steps would be up to ~1.4 ULP off and differ from the
/// interpreter in every other element). Other types divide in their own
/// type.
struct ExpandRsqrt : public OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RsqrtOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    Type compute = type;
    Value operand = op.getOperand();
    if (getElementTypeOrSelf(type).isF32()) {
      compute = rewriter.getF64Type();
      if (auto vector = dyn_cast<VectorType>(type))
        compute = vector.clone(compute);
      operand = arith::ExtFOp::create(rewriter, loc, compute, operand);
    }
    TypedAttr oneAttr =
        rewriter.getFloatAttr(getElementTypeOrSelf(compute), 1.0);
    if (auto vector = dyn_cast<VectorType>(compute))
      oneAttr = SplatElementsAttr::get(vector, oneAttr);
    Value one = arith::ConstantOp::create(rewriter, loc, compute, oneAttr);
    Value root = math::SqrtOp::create(rewriter, loc, operand);
    Value quotient = arith::DivFOp::create(rewriter, loc, one, root);
    if (compute != type)
      quotient = arith::TruncFOp::create(rewriter, loc, type, quotient);
    rewriter.replaceOp(op, quotient);
    return success();
  }
};

/// f32 and f16 transcendental functions computed with the f64 C library
/// function and rounded once: practically always the correctly rounded
/// value, the same as the reference interpreter computes (the f32 library
/// functions are up to ~2 ULP off, and going through f32 would round f16
/// results twice). bf16 still goes through f32 (math-extend), since
/// vectors of f64 cannot be narrowed to bf16 on x86-64 without a library
/// routine. The library call is scalar either way, so f32 and bf16 exp,
/// expm1, tanh, log, log1p, sin, cos, tan and pow, the hot ones in models,
/// are done inline instead (VectorMath.cpp, patterns of higher benefit).
struct PromoteToF64 : public RewritePattern {
  PromoteToF64(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<math::ExpOp, math::ExpM1Op, math::Exp2Op, math::LogOp,
             math::Log1pOp, math::Log2Op, math::Log10Op, math::TanhOp,
             math::SinOp, math::CosOp, math::TanOp, math::AtanOp, math::Atan2Op,
             math::AsinOp, math::AcosOp, math::SinhOp, math::CoshOp,
             math::AsinhOp, math::AcoshOp, math::AtanhOp, math::ErfOp,
             math::ErfcOp, math::CbrtOp, math::PowFOp>(op) ||
        op->getNumResults() != 1)
      return failure();
    Type type = op->getResult(0).getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isF16())
      return failure();
    Type wide = rewriter.getF64Type();
    if (auto vector = dyn_cast<VectorType>(type))
      wide = vector.clone(wide);
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(arith::ExtFOp::create(rewriter, loc, wide, operand));
    OperationState state(loc, op->getName(), operands, {wide}, op->getAttrs());
    Operation *promoted = rewriter.create(state);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type,
                                                 promoted->getResult(0));
    return success();
  }
};

struct ApproximateMathPass
    : public impl::ApproximateMathPassBase<ApproximateMathPass> {
  using ApproximateMathPassBase::ApproximateMathPassBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandRsqrt, PromoteToF64>(&getContext());
    // Above PromoteToF64's benefit of 2, so that f32 exp, expm1, tanh,
    // log, log1p, sin, cos, tan and pow are inlined rather than promoted to
    // a library call.
    populateVectorMathPatterns(
        patterns, /*benefit=*/3,
        VectorIsa{avx2 || avx512, avx512, quietUnderflow});
    populateMathF32ExpansionPatterns(patterns, isApproximated);
    populateMathPolynomialApproximationPatterns(patterns, isApproximated);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What is left and has no LLVM intrinsic becomes a C library call. The
    // upstream patterns would also turn the exactly rounded operations
    // (fabs, floor, sqrt, fma, ...) into calls, one per vector element (fma:
    // LLVM makes it one instruction where the CPU has FMA and calls the C
    // library only where it has not), so they
    // only see the other math ops; those stay for the LLVM conversion,
    // which makes them instructions (same results, and they vectorize).
    SmallVector<Operation *> calls;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) &&
          !isa<math::AbsFOp, math::CeilOp, math::FloorOp, math::RoundOp,
               math::RoundEvenOp, math::TruncOp, math::SqrtOp, math::FmaOp>(op))
        calls.push_back(op);
    });
    RewritePatternSet libm(&getContext());
    populateMathToLibmConversionPatterns(libm);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(calls, std::move(libm), config)))
      signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

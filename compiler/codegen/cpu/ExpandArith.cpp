//===- ExpandArith.cpp - arith ops LLVM cannot lower, expanded ------------===//
//
// MLIR's arith-expand pass also rewrites arith.maximumf / minimumf as
//   select(isNaN(b), b, select(a > b (unordered), a, b))
// which picks b when a and b compare equal: maximum(+0, -0) = -0 and
// minimum(-0, +0) = +0, where IEEE 754's maximum and minimum (StableHLO's
// semantics, and the interpreter's) order -0 below +0. This pass applies
// the other expansions and leaves those ops for LLVM (exact, as
// llvm.maximum / llvm.minimum), except on AVX-512 vectors of whole
// registers, where vrange orders signed zeros in one instruction per
// register.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_EXPANDARITHPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// The vrange immediate: bits 1:0 pick min (0) or max (1), bits 3:2 = 1
/// take the sign from the comparison, so that -0 < +0.
constexpr int32_t kRangeMin = 0b0100;
constexpr int32_t kRangeMax = 0b0101;

/// arith.maximumf / minimumf of vectors whose innermost size is a multiple
/// of 16 x f32 or 8 x f64 (one zmm register), register by register, as
///   select(a unordered b, a + b, vrange(a, b)).
/// vrange returns the other operand for a quiet NaN, hence the select;
/// a + b is the first NaN operand, quieted, which is what llvm::maximum
/// (the interpreter) returns. Checked against IEEE maximum and minimum
/// over special values and random pairs of both widths.
template <typename MinMaxOp, int32_t Immediate>
struct RangeMinMax : public OpRewritePattern<MinMaxOp> {
  using OpRewritePattern<MinMaxOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MinMaxOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.isScalable())
      return failure();
    Type element = type.getElementType();
    int64_t lanes;
    llvm::StringRef intrinsic;
    Type maskType;
    if (element.isF32()) {
      lanes = 16;
      intrinsic = "llvm.x86.avx512.mask.range.ps.512";
      maskType = rewriter.getI16Type();
    } else if (element.isF64()) {
      lanes = 8;
      intrinsic = "llvm.x86.avx512.mask.range.pd.512";
      maskType = rewriter.getI8Type();
    } else {
      return failure();
    }
    int64_t innermost = type.getShape().back();
    if (innermost % lanes)
      return failure();
    Location loc = op.getLoc();
    Value immediate = arith::ConstantOp::create(
        rewriter, loc, rewriter.getI32IntegerAttr(Immediate));
    Value allLanes = arith::ConstantOp::create(
        rewriter, loc, rewriter.getIntegerAttr(maskType, -1));
    // 4 (_MM_FROUND_CUR_DIRECTION): no exception suppression requested.
    Value currentDirection =
        arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(4));
    auto registerType = VectorType::get({lanes}, element);
    auto minMax = [&](Value lhs, Value rhs) -> Value {
      Value range =
          LLVM::CallIntrinsicOp::create(
              rewriter, loc, registerType, rewriter.getStringAttr(intrinsic),
              ValueRange{lhs, rhs, immediate, lhs, allLanes, currentDirection})
              .getResult(0);
      Value unordered = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::UNO, lhs, rhs);
      Value firstNaN = arith::AddFOp::create(rewriter, loc, lhs, rhs);
      return arith::SelectOp::create(rewriter, loc, unordered, firstNaN, range);
    };
    // A row of several registers (a matmul epilogue's 64 columns), one
    // register at a time.
    auto minMaxRow = [&](Value lhs, Value rhs) -> Value {
      if (innermost == lanes)
        return minMax(lhs, rhs);
      auto rowType = VectorType::get({innermost}, element);
      Value row = arith::ConstantOp::create(
          rewriter, loc, rowType,
          DenseElementsAttr::get(rowType, rewriter.getZeroAttr(element)));
      for (int64_t offset = 0; offset < innermost; offset += lanes) {
        auto part = [&](Value value) -> Value {
          return vector::ExtractStridedSliceOp::create(
              rewriter, loc, value, ArrayRef<int64_t>{offset},
              ArrayRef<int64_t>{lanes}, ArrayRef<int64_t>{1});
        };
        row = vector::InsertStridedSliceOp::create(
            rewriter, loc, minMax(part(lhs), part(rhs)), row,
            ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{1});
      }
      return row;
    };
    if (type.getRank() == 1) {
      rewriter.replaceOp(op, minMaxRow(op.getLhs(), op.getRhs()));
      return success();
    }
    // n-D vectors (row reductions' accumulators) row by row.
    Value result = arith::ConstantOp::create(
        rewriter, loc, type,
        DenseElementsAttr::get(type, rewriter.getZeroAttr(element)));
    ArrayRef<int64_t> outer = type.getShape().drop_back();
    SmallVector<int64_t> strides = computeStrides(outer);
    for (int64_t index = 0, rows = computeProduct(outer); index < rows;
         ++index) {
      SmallVector<int64_t> position = delinearize(index, strides);
      Value lhs =
          vector::ExtractOp::create(rewriter, loc, op.getLhs(), position);
      Value rhs =
          vector::ExtractOp::create(rewriter, loc, op.getRhs(), position);
      result = vector::InsertOp::create(rewriter, loc, minMaxRow(lhs, rhs),
                                        result, position);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ExpandArithPass : public impl::ExpandArithPassBase<ExpandArithPass> {
  using ExpandArithPassBase::ExpandArithPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // arith-expand's set without its maximumf / minimumf / maxnumf /
    // minnumf patterns (axle emits only the first two; LLVM lowers all
    // four exactly).
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateExpandScalingExtTruncPatterns(patterns);
    arith::populateExpandBFloat16Patterns(patterns);
    if (avx512dq)
      patterns.add<RangeMinMax<arith::MaximumFOp, kRangeMax>,
                   RangeMinMax<arith::MinimumFOp, kRangeMin>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

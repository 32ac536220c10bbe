//===- SimplifyShape.cpp - simplifier rules for data-movement ops ---------===//
//
// Rules for ops that only move elements around: reshape, transpose,
// broadcast_in_dim, slice, concatenate, pad, reverse, and iota. None of them
// does arithmetic, so every rule here is exact for all element values
// (NaN payloads, -0 and infinities included): a rule only changes which ops
// move the elements, never which element ends up where.
//
// Every rule requires static shapes and non-quantized element types (the
// quantized per-axis bookkeeping of these ops is not worth the risk), and
// every replacement keeps the exact result type of the op it replaces.
//
//===----------------------------------------------------------------------===//

#include "compiler/transforms/Simplify.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace axle::transforms {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// True when all operands and results of `op` are static, non-quantized
/// tensors of one element type.
bool isPlainDataMovement(Operation *op) {
  Type element;
  auto check = [&](Value value) {
    RankedTensorType type = getPlainStaticType(value.getType());
    if (!type)
      return false;
    if (!element)
      element = type.getElementType();
    return type.getElementType() == element;
  };
  return llvm::all_of(op->getOperands(), check) &&
         llvm::all_of(op->getResults(), check);
}

/// The literal of a splat constant `value`, or null. Quantized constants
/// (whose literal has the storage type) are not splats for these rules.
DenseElementsAttr getSplatConstant(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      attr.getType() != value.getType())
    return {};
  return attr;
}

bool isIdentityPermutation(ArrayRef<int64_t> perm) {
  for (auto [i, d] : llvm::enumerate(perm))
    if (d != static_cast<int64_t>(i))
      return false;
  return true;
}

bool isAllZero(ArrayRef<int64_t> values) {
  return llvm::all_of(values, [](int64_t v) { return v == 0; });
}

//===----------------------------------------------------------------------===//
// Splat constants through data movement
//===----------------------------------------------------------------------===//

/// op(splat constant) -> splat constant of the result type, for ops whose
/// every result element is some operand element (reshape, transpose,
/// broadcast_in_dim, slice, reverse): each result element then has the splat
/// value, bit for bit.
template <typename OpTy> struct FoldSplatOperand : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op))
      return failure();
    DenseElementsAttr splat = getSplatConstant(op->getOperand(0));
    if (!splat)
      return failure();
    auto type = llvm::cast<RankedTensorType>(op.getType());
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, type,
                                                 splat.resizeSplat(type));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

/// reshape(x) -> x when the result type is x's type.
struct ReshapeNoop : OpRewritePattern<hlo::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) || op.getOperand().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// reshape(reshape(x)) -> reshape(x): both keep the row-major element order,
/// so only the final shape matters.
struct ReshapeChain : OpRewritePattern<hlo::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::ReshapeOp>();
    if (!inner || !isPlainDataMovement(op) || !isPlainDataMovement(inner))
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, op.getType(),
                                                inner.getOperand());
    return success();
  }
};

/// reshape(broadcast_in_dim(s)) with a 0-d `s` -> broadcast_in_dim(s) to the
/// reshape's type: every element is `s` either way.
struct ReshapeOfScalarBroadcast : OpRewritePattern<hlo::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getOperand().getDefiningOp<hlo::BroadcastInDimOp>();
    if (!broadcast || !isPlainDataMovement(op) ||
        !isPlainDataMovement(broadcast) ||
        getPlainStaticType(broadcast.getOperand().getType()).getRank() != 0)
      return failure();
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(
        op, op.getType(), broadcast.getOperand(), ArrayRef<int64_t>{});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

/// transpose(x, identity) -> x.
struct TransposeIdentity : OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) ||
        !isIdentityPermutation(op.getPermutation()) ||
        op.getOperand().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// transpose(transpose(x, p1), p2) -> transpose(x, p1 . p2), or x when the
/// composition is the identity. Result dim i of the outer transpose is dim
/// p2[i] of the inner result, which is dim p1[p2[i]] of x.
struct TransposeChain : OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::TransposeOp>();
    if (!inner || !isPlainDataMovement(op) || !isPlainDataMovement(inner))
      return failure();
    ArrayRef<int64_t> p1 = inner.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t d : op.getPermutation())
      composed.push_back(p1[d]);
    Value x = inner.getOperand();
    if (isIdentityPermutation(composed) && x.getType() == op.getType()) {
      rewriter.replaceOp(op, x);
      return success();
    }
    rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, op.getType(), x,
                                                  composed);
    return success();
  }
};

/// transpose that keeps the relative order of all dims of size > 1 (it only
/// moves size-1 dims) -> reshape: the row-major element order is unchanged.
struct TransposeOfUnitDimsToReshape : OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) || isIdentityPermutation(op.getPermutation()))
      return failure();
    ArrayRef<int64_t> shape =
        getPlainStaticType(op.getOperand().getType()).getShape();
    int64_t last = -1;
    for (int64_t d : op.getPermutation()) {
      if (shape[d] == 1)
        continue;
      if (d < last)
        return failure();
      last = d;
    }
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, op.getType(),
                                                op.getOperand());
    return success();
  }
};

/// transpose(iota(dim = d), p) -> iota along the result dim j with p[j] = d:
/// the value at each result index is its index along that dim.
struct TransposeOfIota : OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto iota = op.getOperand().getDefiningOp<hlo::IotaOp>();
    if (!iota || !isPlainDataMovement(op))
      return failure();
    auto it = llvm::find(op.getPermutation(),
                         static_cast<int64_t>(iota.getIotaDimension()));
    int64_t dim = std::distance(op.getPermutation().begin(), it);
    rewriter.replaceOpWithNewOp<hlo::IotaOp>(op, op.getType(), dim);
    return success();
  }
};

/// transpose(broadcast_in_dim(x, dims), p) -> broadcast_in_dim(x, dims')
/// with dims'[i] = p^-1[dims[i]]: x's dim i lands on broadcast dim dims[i],
/// which the transpose moves to the position holding it in p.
struct TransposeOfBroadcast : OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getOperand().getDefiningOp<hlo::BroadcastInDimOp>();
    if (!broadcast || !isPlainDataMovement(op) ||
        !isPlainDataMovement(broadcast))
      return failure();
    ArrayRef<int64_t> perm = op.getPermutation();
    SmallVector<int64_t> inverse(perm.size());
    for (auto [i, d] : llvm::enumerate(perm))
      inverse[d] = i;
    SmallVector<int64_t> dims;
    for (int64_t d : broadcast.getBroadcastDimensions())
      dims.push_back(inverse[d]);
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(
        op, op.getType(), broadcast.getOperand(), dims);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// broadcast_in_dim
//===----------------------------------------------------------------------===//

/// True when broadcast_in_dim never repeats an element: each operand dim
/// keeps its size and every result dim not fed by the operand has size 1.
bool isNonExpanding(hlo::BroadcastInDimOp op) {
  ArrayRef<int64_t> in =
      getPlainStaticType(op.getOperand().getType()).getShape();
  ArrayRef<int64_t> out = op.getType().getShape();
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  SmallVector<bool> fed(out.size(), false);
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (in[i] != out[d])
      return false;
    fed[d] = true;
  }
  for (auto [d, size] : llvm::enumerate(out))
    if (!fed[d] && size != 1)
      return false;
  return true;
}

/// broadcast_in_dim(x) -> x when it has x's type and identity dims.
struct BroadcastIdentity : OpRewritePattern<hlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) || op.getOperand().getType() != op.getType() ||
        !isIdentityPermutation(op.getBroadcastDimensions()))
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// broadcast_in_dim(broadcast_in_dim(x, d1), d2) -> broadcast_in_dim(x, c)
/// with c[i] = d2[d1[i]]. A dim of x of size n != 1 keeps size n through
/// both, and a size-1 dim may expand in either step; the composition is the
/// same mapping of result indices to x indices.
struct BroadcastChain : OpRewritePattern<hlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::BroadcastInDimOp>();
    if (!inner || !isPlainDataMovement(op) || !isPlainDataMovement(inner))
      return failure();
    ArrayRef<int64_t> outer = op.getBroadcastDimensions();
    SmallVector<int64_t> composed;
    for (int64_t d : inner.getBroadcastDimensions())
      composed.push_back(outer[d]);
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(
        op, op.getType(), inner.getOperand(), composed);
    return success();
  }
};

/// A non-expanding broadcast_in_dim with increasing dims only inserts size-1
/// dims -> reshape (same row-major order).
struct BroadcastToReshape : OpRewritePattern<hlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) || op.getOperand().getType() == op.getType() ||
        !isNonExpanding(op) || !llvm::is_sorted(op.getBroadcastDimensions()))
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, op.getType(),
                                                op.getOperand());
    return success();
  }
};

/// A non-expanding broadcast_in_dim of equal rank whose dims are a
/// non-identity permutation -> transpose with the inverse permutation
/// (result dim dims[i] is operand dim i, so perm[dims[i]] = i).
struct BroadcastToTranspose : OpRewritePattern<hlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (!isPlainDataMovement(op) ||
        static_cast<int64_t>(dims.size()) != op.getType().getRank() ||
        llvm::is_sorted(dims) || !isNonExpanding(op))
      return failure();
    SmallVector<int64_t> perm(dims.size());
    for (auto [i, d] : llvm::enumerate(dims))
      perm[d] = i;
    rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, op.getType(),
                                                  op.getOperand(), perm);
    return success();
  }
};

/// broadcast_in_dim(iota(dim = d), dims) -> iota(dim = dims[d]) when the
/// iota dim is not expanded: each result element is its index along
/// dims[d]. (An iota along a size-1 dim is all zeros; IotaOfUnitDim handles
/// it.)
struct BroadcastOfIota : OpRewritePattern<hlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto iota = op.getOperand().getDefiningOp<hlo::IotaOp>();
    if (!iota || !isPlainDataMovement(op))
      return failure();
    int64_t d = iota.getIotaDimension();
    int64_t target = op.getBroadcastDimensions()[d];
    if (iota.getType().getDimSize(d) != op.getType().getDimSize(target))
      return failure();
    rewriter.replaceOpWithNewOp<hlo::IotaOp>(op, op.getType(), target);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

/// slice(x) -> x when it takes all of x with unit strides.
struct SliceFull : OpRewritePattern<hlo::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SliceOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) || op.getOperand().getType() != op.getType())
      return failure();
    ArrayRef<int64_t> shape = op.getType().getShape();
    if (!isAllZero(op.getStartIndices()) || op.getLimitIndices() != shape ||
        !llvm::all_of(op.getStrides(), [](int64_t s) { return s == 1; }))
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// slice(slice(x, s1, l1, t1), s2, l2, t2) -> slice(x, s, l, t). Outer
/// element k along a dim is inner element s2 + k*t2, which is x element
/// s1 + (s2 + k*t2)*t1: start s1 + s2*t1, stride t1*t2, and the limit just
/// past the last selected element. Empty dims become [0, 0).
struct SliceChain : OpRewritePattern<hlo::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SliceOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::SliceOp>();
    if (!inner || !isPlainDataMovement(op) || !isPlainDataMovement(inner))
      return failure();
    SmallVector<int64_t> starts, limits, strides;
    for (int64_t d = 0, e = op.getType().getRank(); d < e; ++d) {
      int64_t s1 = inner.getStartIndices()[d], t1 = inner.getStrides()[d];
      int64_t s2 = op.getStartIndices()[d], t2 = op.getStrides()[d];
      int64_t count = op.getType().getDimSize(d);
      if (count == 0) {
        starts.push_back(0);
        limits.push_back(0);
        strides.push_back(1);
        continue;
      }
      int64_t start = s1 + s2 * t1, stride = t1 * t2;
      starts.push_back(start);
      limits.push_back(start + (count - 1) * stride + 1);
      strides.push_back(stride);
    }
    rewriter.replaceOpWithNewOp<hlo::SliceOp>(
        op, op.getType(), inner.getOperand(), starts, limits, strides);
    return success();
  }
};

/// slice(concatenate(xs, dim)) -> slice of only the inputs it reads: of the
/// single input it reads (when it reads one), or of a concatenate of the
/// contiguous run of inputs it reads. Positions along `dim` shift by the
/// size of the inputs dropped in front. The smaller concatenate is only built
/// when the slice is the only user (else both would be materialized).
struct SliceOfConcatenate : OpRewritePattern<hlo::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SliceOp op,
                                PatternRewriter &rewriter) const override {
    auto concat = op.getOperand().getDefiningOp<hlo::ConcatenateOp>();
    if (!concat || !isPlainDataMovement(op) || !isPlainDataMovement(concat))
      return failure();
    int64_t dim = concat.getDimension();
    int64_t start = op.getStartIndices()[dim];
    int64_t stride = op.getStrides()[dim];
    int64_t count = op.getType().getDimSize(dim);
    if (count == 0)
      return failure();
    int64_t last = start + (count - 1) * stride;
    // Find the inputs holding positions [start, last].
    int64_t offset = 0, firstOffset = 0;
    int64_t first = -1, end = -1;
    for (auto [i, input] : llvm::enumerate(concat.getInputs())) {
      int64_t size = getPlainStaticType(input.getType()).getDimSize(dim);
      if (first < 0 && start < offset + size) {
        first = i;
        firstOffset = offset;
      }
      if (last < offset + size) {
        end = i + 1;
        break;
      }
      offset += size;
    }
    if (first < 0 || end < 0 ||
        end - first == static_cast<int64_t>(concat.getInputs().size()) ||
        (end - first > 1 && !concat->hasOneUse()))
      return failure();
    SmallVector<int64_t> starts(op.getStartIndices());
    SmallVector<int64_t> limits(op.getLimitIndices());
    starts[dim] = start - firstOffset;
    limits[dim] = last - firstOffset + 1;
    auto inputs = concat.getInputs().slice(first, end - first);
    Value source;
    if (inputs.size() == 1) {
      source = inputs.front();
    } else {
      auto type = concat.getType();
      SmallVector<int64_t> shape(type.getShape());
      shape[dim] = 0;
      for (Value input : inputs)
        shape[dim] += getPlainStaticType(input.getType()).getDimSize(dim);
      source = hlo::ConcatenateOp::create(rewriter, concat.getLoc(),
                                          type.clone(shape), inputs, dim);
    }
    rewriter.replaceOpWithNewOp<hlo::SliceOp>(op, op.getType(), source, starts,
                                              limits, op.getStrides());
    return success();
  }
};

/// slice(broadcast_in_dim(x)) -> broadcast_in_dim(slice(x)): the slice
/// applies to the operand dims that are not expanded; expanded (size-1)
/// operand dims and dims that only exist in the result need no slicing.
struct SliceOfBroadcast : OpRewritePattern<hlo::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SliceOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getOperand().getDefiningOp<hlo::BroadcastInDimOp>();
    if (!broadcast || !isPlainDataMovement(op) ||
        !isPlainDataMovement(broadcast))
      return failure();
    RankedTensorType xType =
        getPlainStaticType(broadcast.getOperand().getType());
    SmallVector<int64_t> starts, limits, strides, shape;
    for (auto [i, d] : llvm::enumerate(broadcast.getBroadcastDimensions())) {
      int64_t size = xType.getDimSize(i);
      if (size == 1 || op.getType().getDimSize(d) == 0) {
        // Nothing to take, or a size-1 dim that broadcasts to all of the
        // result; an empty result dim takes nothing either way.
        int64_t keep = op.getType().getDimSize(d) == 0 ? 0 : size;
        starts.push_back(0);
        limits.push_back(keep);
        strides.push_back(1);
        shape.push_back(keep);
        continue;
      }
      starts.push_back(op.getStartIndices()[d]);
      limits.push_back(op.getLimitIndices()[d]);
      strides.push_back(op.getStrides()[d]);
      shape.push_back(op.getType().getDimSize(d));
    }
    Value x = broadcast.getOperand();
    if (ArrayRef<int64_t>(shape) != xType.getShape())
      x = hlo::SliceOp::create(rewriter, op.getLoc(), xType.clone(shape), x,
                               starts, limits, strides);
    else if (broadcast.getType() == op.getType())
      return failure(); // Only SliceFull can simplify this one.
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(
        op, op.getType(), x, broadcast.getBroadcastDimensions());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// concatenate
//===----------------------------------------------------------------------===//

/// concatenate(x) -> x.
struct ConcatenateSingle : OpRewritePattern<hlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1 || !isPlainDataMovement(op) ||
        op.getInputs().front().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getInputs().front());
    return success();
  }
};

/// concatenate drops inputs that are empty along the concatenated dim
/// (keeping one when all are empty, as the op needs an input).
struct ConcatenateDropEmpty : OpRewritePattern<hlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op))
      return failure();
    int64_t dim = op.getDimension();
    SmallVector<Value> kept;
    for (Value input : op.getInputs())
      if (getPlainStaticType(input.getType()).getDimSize(dim) != 0)
        kept.push_back(input);
    if (kept.empty())
      kept.push_back(op.getInputs().front());
    if (kept.size() == op.getInputs().size())
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ConcatenateOp>(op, op.getType(), kept,
                                                    dim);
    return success();
  }
};

/// concatenate(a, concatenate(b, c, dim), d, dim) -> concatenate(a, b, c, d).
struct ConcatenateFlatten : OpRewritePattern<hlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op))
      return failure();
    SmallVector<Value> inputs;
    bool changed = false;
    for (Value input : op.getInputs()) {
      auto inner = input.getDefiningOp<hlo::ConcatenateOp>();
      if (inner && inner.getDimension() == op.getDimension() &&
          isPlainDataMovement(inner)) {
        llvm::append_range(inputs, inner.getInputs());
        changed = true;
      } else {
        inputs.push_back(input);
      }
    }
    if (!changed)
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ConcatenateOp>(op, op.getType(), inputs,
                                                    op.getDimension());
    return success();
  }
};

/// Adjacent inputs slice(x, [a, b)) and slice(x, [b, c)) along the
/// concatenated dim (unit stride there, equal ranges elsewhere) merge into
/// slice(x, [a, c)).
struct ConcatenateAdjacentSlices : OpRewritePattern<hlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;

  static bool adjacent(hlo::SliceOp a, hlo::SliceOp b, int64_t dim) {
    if (!a || !b || a.getOperand() != b.getOperand() ||
        !isPlainDataMovement(a) || !isPlainDataMovement(b) ||
        a.getStrides()[dim] != 1 || b.getStrides()[dim] != 1 ||
        a.getLimitIndices()[dim] != b.getStartIndices()[dim])
      return false;
    for (int64_t d = 0, e = a.getType().getRank(); d < e; ++d)
      if (d != dim && (a.getStartIndices()[d] != b.getStartIndices()[d] ||
                       a.getLimitIndices()[d] != b.getLimitIndices()[d] ||
                       a.getStrides()[d] != b.getStrides()[d]))
        return false;
    return true;
  }

  LogicalResult matchAndRewrite(hlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op))
      return failure();
    int64_t dim = op.getDimension();
    SmallVector<Value> inputs;
    bool changed = false;
    for (Value input : op.getInputs()) {
      if (!inputs.empty()) {
        auto prev = inputs.back().getDefiningOp<hlo::SliceOp>();
        auto next = input.getDefiningOp<hlo::SliceOp>();
        if (adjacent(prev, next, dim)) {
          SmallVector<int64_t> limits(prev.getLimitIndices());
          limits[dim] = next.getLimitIndices()[dim];
          SmallVector<int64_t> shape(prev.getType().getShape());
          shape[dim] += next.getType().getDimSize(dim);
          inputs.back() = hlo::SliceOp::create(
              rewriter, op.getLoc(), prev.getType().clone(shape),
              prev.getOperand(), prev.getStartIndices(), limits,
              prev.getStrides());
          changed = true;
          continue;
        }
      }
      inputs.push_back(input);
    }
    if (!changed)
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ConcatenateOp>(op, op.getType(), inputs,
                                                    dim);
    return success();
  }
};

/// concatenate of splat constants with the same literal -> one splat.
struct ConcatenateOfEqualSplats : OpRewritePattern<hlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op))
      return failure();
    DenseElementsAttr first = getSplatConstant(op.getInputs().front());
    if (!first)
      return failure();
    for (Value input : op.getInputs().drop_front()) {
      DenseElementsAttr splat = getSplatConstant(input);
      // Same element type, so equal resized literals mean equal bits.
      if (!splat ||
          splat.resizeSplat(op.getType()) != first.resizeSplat(op.getType()))
        return failure();
    }
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(
        op, op.getType(), first.resizeSplat(op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

/// pad(x, v) with all-zero low, high and interior padding -> x.
struct PadNoop : OpRewritePattern<hlo::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::PadOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) || op.getOperand().getType() != op.getType() ||
        !isAllZero(op.getEdgePaddingLow()) ||
        !isAllZero(op.getEdgePaddingHigh()) ||
        !isAllZero(op.getInteriorPadding()))
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// pad(splat c, c) -> splat c of the result type: every result element is
/// either an operand element or the padding value, all the same bits.
struct PadOfSplatWithSameValue : OpRewritePattern<hlo::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::PadOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op))
      return failure();
    DenseElementsAttr operand = getSplatConstant(op.getOperand());
    DenseElementsAttr value = getSplatConstant(op.getPaddingValue());
    if (!operand || !value ||
        operand.resizeSplat(op.getType()) != value.resizeSplat(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(
        op, op.getType(), operand.resizeSplat(op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reverse
//===----------------------------------------------------------------------===//

/// Whether reversing `x` along `dim` can change it: not when the dim has
/// size <= 1, nor when `x` is a broadcast_in_dim that is constant along
/// `dim` (the dim is not fed by an operand dim of size > 1).
bool reverseMatters(Value x, int64_t dim) {
  if (getPlainStaticType(x.getType()).getDimSize(dim) <= 1)
    return false;
  auto broadcast = x.getDefiningOp<hlo::BroadcastInDimOp>();
  if (!broadcast || !getPlainStaticType(broadcast.getOperand().getType()))
    return true;
  ArrayRef<int64_t> in =
      getPlainStaticType(broadcast.getOperand().getType()).getShape();
  for (auto [i, d] : llvm::enumerate(broadcast.getBroadcastDimensions()))
    if (d == dim && in[i] != 1)
      return true;
  return false;
}

/// reverse drops dims along which its operand is constant (size 1 or a
/// broadcast dim); with none left -> the operand.
struct ReverseDropConstantDims : OpRewritePattern<hlo::ReverseOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReverseOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainDataMovement(op) || op.getOperand().getType() != op.getType())
      return failure();
    SmallVector<int64_t> dims;
    for (int64_t d : op.getDimensions())
      if (reverseMatters(op.getOperand(), d))
        dims.push_back(d);
    if (dims.empty()) {
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    if (dims.size() == op.getDimensions().size())
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ReverseOp>(op, op.getType(),
                                                op.getOperand(), dims);
    return success();
  }
};

/// reverse(reverse(x, a), b) -> reverse(x, a xor b): reversing a dim twice
/// restores it. With no dim left -> x.
struct ReverseChain : OpRewritePattern<hlo::ReverseOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReverseOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::ReverseOp>();
    if (!inner || !isPlainDataMovement(op) || !isPlainDataMovement(inner))
      return failure();
    Value x = inner.getOperand();
    SmallVector<bool> flip(op.getType().getRank(), false);
    for (int64_t d : inner.getDimensions())
      flip[d] = !flip[d];
    for (int64_t d : op.getDimensions())
      flip[d] = !flip[d];
    SmallVector<int64_t> dims;
    for (auto [d, f] : llvm::enumerate(flip))
      if (f)
        dims.push_back(d);
    if (dims.empty() && x.getType() == op.getType()) {
      rewriter.replaceOp(op, x);
      return success();
    }
    rewriter.replaceOpWithNewOp<hlo::ReverseOp>(op, op.getType(), x, dims);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// iota
//===----------------------------------------------------------------------===//

/// iota along a dim of size 1 -> a splat of zero (+0.0 for floats, (0, 0)
/// for complex), which is what the only index along that dim gives.
struct IotaOfUnitDim : OpRewritePattern<hlo::IotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::IotaOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = getPlainStaticType(op.getOutput().getType());
    if (!type || type.getDimSize(op.getIotaDimension()) != 1)
      return failure();
    Type element = type.getElementType();
    DenseElementsAttr zero;
    if (auto floatType = llvm::dyn_cast<FloatType>(element)) {
      zero = DenseElementsAttr::get(
          type, APFloat::getZero(floatType.getFloatSemantics()));
    } else if (auto intType = llvm::dyn_cast<IntegerType>(element)) {
      zero = DenseElementsAttr::get(type, APInt(intType.getWidth(), 0));
    } else if (auto complex = llvm::dyn_cast<ComplexType>(element)) {
      auto part = llvm::dyn_cast<FloatType>(complex.getElementType());
      if (!part)
        return failure();
      APFloat z = APFloat::getZero(part.getFloatSemantics());
      zero = DenseElementsAttr::get(
          type, ArrayRef<std::complex<APFloat>>{std::complex<APFloat>(z, z)});
    } else {
      return failure();
    }
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, type, zero);
    return success();
  }
};

} // namespace

void populateShapeSimplifications(RewritePatternSet &patterns,
                                  const SimplifyOptions &options) {
  // All rules are exact, so none depends on options.fastMath.
  (void)options;
  MLIRContext *context = patterns.getContext();
  patterns.add<
      FoldSplatOperand<hlo::ReshapeOp>, FoldSplatOperand<hlo::TransposeOp>,
      FoldSplatOperand<hlo::BroadcastInDimOp>, FoldSplatOperand<hlo::SliceOp>,
      FoldSplatOperand<hlo::ReverseOp>, ReshapeNoop, ReshapeChain,
      ReshapeOfScalarBroadcast, TransposeIdentity, TransposeChain,
      TransposeOfUnitDimsToReshape, TransposeOfIota, TransposeOfBroadcast,
      BroadcastIdentity, BroadcastChain, BroadcastToReshape,
      BroadcastToTranspose, BroadcastOfIota, SliceFull, SliceChain,
      SliceOfConcatenate, SliceOfBroadcast, ConcatenateSingle,
      ConcatenateDropEmpty, ConcatenateFlatten, ConcatenateAdjacentSlices,
      ConcatenateOfEqualSplats, PadNoop, PadOfSplatWithSameValue,
      ReverseDropConstantDims, ReverseChain, IotaOfUnitDim>(context);
}

} // namespace axle::transforms

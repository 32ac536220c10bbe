//===- LowerShape.cpp - ops that move elements without arithmetic ---------===//
//
// broadcast_in_dim, broadcast, reshape, transpose, reverse, slice,
// concatenate, pad, dynamic_slice, dynamic_update_slice, get_dimension_size,
// bitcast_convert and torch_index_select become linalg / tensor ops on
// static shapes:
// - broadcasts, reverse and torch_index_select are linalg.generic ops whose
//   indexing maps do the data movement (size-1 dimensions that expand read
//   index 0; reversed dimensions read N-1-d);
// - reshape is a collapse_shape / expand_shape (or a collapse to 1-D and an
//   expansion when no reassociation exists): views after bufferization;
// - slicing, concatenation and padding are extract_slice / insert_slice into
//   a destination (padding: one filled with the padding value);
// - dynamic start indices are clamped into the operand as the spec says.
// A result with no elements is a plain tensor.empty.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// Checks that every operand and result of `op` is a statically shaped
/// tensor of a type the lowering knows, reporting why not at `op`.
LogicalResult checkStaticTypes(Operation *op, const TypeConverter *converter) {
  for (Type type :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes())) {
    auto converted =
        dyn_cast_or_null<RankedTensorType>(converter->convertType(type));
    if (!converted) {
      std::string name;
      llvm::raw_string_ostream(name) << type;
      return unsupported(op, "unsupported type " + name);
    }
    if (!converted.hasStaticShape())
      return unsupported(op, "needs static shapes");
  }
  return success();
}

/// The lowered type of `op`'s single result (checked by checkStaticTypes).
RankedTensorType loweredResultType(Operation *op,
                                   const TypeConverter *converter) {
  return cast<RankedTensorType>(
      converter->convertType(op->getResult(0).getType()));
}

Value yieldFirst(OpBuilder &, Location, ValueRange args) { return args[0]; }

SmallVector<OpFoldResult> indexAttrs(OpBuilder &b, ArrayRef<int64_t> values) {
  return llvm::map_to_vector(
      values, [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); });
}

/// Replaces `op` by an empty tensor when its result has no elements (there
/// is nothing to move); returns whether it did.
bool replaceIfEmpty(Operation *op, RankedTensorType type,
                    ConversionPatternRewriter &rewriter) {
  if (type.getNumElements() != 0)
    return false;
  rewriter.replaceOp(op, emptyTensor(rewriter, op->getLoc(), type));
  return true;
}

/// Base of the patterns whose operands and results must be static tensors
/// and that have nothing to move when the result has no elements: checks
/// the types, replaces an op with an empty result by an empty tensor and
/// hands every other op, with its lowered result type, to rewriteNonEmpty.
template <typename OpTy>
struct StaticShapePattern : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (failed(checkStaticTypes(op, this->getTypeConverter())))
      return failure();
    RankedTensorType type = loweredResultType(op, this->getTypeConverter());
    if (replaceIfEmpty(op, type, rewriter))
      return success();
    return rewriteNonEmpty(op, adaptor, type, rewriter);
  }

  /// Lowers `op`, whose result (of lowered type `type`) has elements.
  virtual LogicalResult
  rewriteNonEmpty(OpTy op, OpAdaptor adaptor, RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const = 0;
};

/// An integer scalar of ORIGINAL element type `original` as an index:
/// sign-extended for signed types, zero-extended for unsigned ones.
Value toIndex(OpBuilder &b, Location loc, Value scalar, Type original) {
  if (isUnsignedInt(original))
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), scalar);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), scalar);
}

/// Reads a 0-d integer tensor of ORIGINAL element type `original` as an
/// index (see toIndex).
Value scalarIndex(OpBuilder &b, Location loc, Value tensor, Type original) {
  return toIndex(b, loc, extractScalar(b, loc, tensor), original);
}

/// clamp(0, index, limit) where `limit` >= 0. Unsigned indices are never
/// negative: a huge ui64 (negative as an index) clamps to `limit`, as it
/// does in its own type.
Value clampIndex(OpBuilder &b, Location loc, Value index, int64_t limit,
                 bool isUnsigned) {
  Value upper = arith::ConstantIndexOp::create(b, loc, limit);
  if (isUnsigned)
    return arith::MinUIOp::create(b, loc, index, upper);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value lower = arith::MaxSIOp::create(b, loc, index, zero);
  return arith::MinSIOp::create(b, loc, lower, upper);
}

/// The start offsets of dynamic_slice / dynamic_update_slice: each start
/// index clamped to [0, operandShape[d] - sliceShape[d]]. A dimension the
/// slice covers entirely has offset 0 whatever the index.
SmallVector<OpFoldResult> clampedOffsets(OpBuilder &b, Location loc,
                                         ValueRange indices,
                                         TypeRange originalTypes,
                                         ArrayRef<int64_t> operandShape,
                                         ArrayRef<int64_t> sliceShape) {
  SmallVector<OpFoldResult> offsets;
  for (auto [d, index] : llvm::enumerate(indices)) {
    int64_t limit = operandShape[d] - sliceShape[d];
    if (limit == 0) {
      offsets.push_back(b.getIndexAttr(0));
      continue;
    }
    Type original = elementTypeOf(originalTypes[d]);
    Value start = scalarIndex(b, loc, index, original);
    offsets.push_back(
        clampIndex(b, loc, start, limit, isUnsignedInt(original)));
  }
  return offsets;
}

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

/// result[i] = operand[j] with j[d] = i[dims[d]], or 0 where the operand
/// dimension has size 1 (it expands).
Value broadcastGeneric(OpBuilder &b, Location loc, Value operand,
                       RankedTensorType resultType, ArrayRef<int64_t> dims) {
  auto operandType = cast<RankedTensorType>(operand.getType());
  SmallVector<AffineExpr> exprs;
  for (auto [d, target] : llvm::enumerate(dims)) {
    if (operandType.getDimSize(d) == 1 && resultType.getDimSize(target) != 1)
      exprs.push_back(b.getAffineConstantExpr(0));
    else
      exprs.push_back(b.getAffineDimExpr(target));
  }
  AffineMap map =
      AffineMap::get(resultType.getRank(), 0, exprs, b.getContext());
  return buildParallelGeneric(b, loc, resultType, operand, map, yieldFirst);
}

struct BroadcastInDimToGeneric
    : public StaticShapePattern<hlo::BroadcastInDimOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::BroadcastInDimOp op, OpAdaptor adaptor,
                  RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getOperand().getType() == type &&
        llvm::equal(op.getBroadcastDimensions(),
                    llvm::seq<int64_t>(0, type.getRank()))) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    rewriter.replaceOp(op, broadcastGeneric(rewriter, op.getLoc(),
                                            adaptor.getOperand(), type,
                                            op.getBroadcastDimensions()));
    return success();
  }
};

/// Legacy broadcast: the sizes are new leading dimensions.
struct BroadcastToGeneric : public StaticShapePattern<hlo::BroadcastOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::BroadcastOp op, OpAdaptor adaptor, RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    int64_t added = op.getBroadcastSizes().size();
    auto dims = llvm::to_vector(
        llvm::seq<int64_t>(added, added + operandType.getRank()));
    rewriter.replaceOp(op, broadcastGeneric(rewriter, op.getLoc(),
                                            adaptor.getOperand(), type, dims));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reshape, transpose, reverse
//===----------------------------------------------------------------------===//

/// Row-major order is unchanged by reshape, so it is a view: a collapse or
/// an expansion when the dimensions group, otherwise a collapse to 1-D
/// followed by an expansion.
struct ReshapeToTensor : public StaticShapePattern<hlo::ReshapeOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::ReshapeOp op, OpAdaptor adaptor, RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    Location loc = op.getLoc();
    if (operandType == type) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    ArrayRef<int64_t> from = operandType.getShape(), to = type.getShape();
    if (from.size() > to.size()) {
      if (auto groups = getReassociationIndicesForCollapse(from, to)) {
        rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, type, operand,
                                                             *groups);
        return success();
      }
    } else if (from.size() < to.size()) {
      if (auto groups = getReassociationIndicesForCollapse(to, from)) {
        rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, operand,
                                                           *groups);
        return success();
      }
    }
    Value flat = operand;
    if (operandType.getRank() != 1) {
      auto all =
          llvm::to_vector<2>(llvm::seq<int64_t>(0, operandType.getRank()));
      flat = tensor::CollapseShapeOp::create(
          rewriter, loc, operand, ArrayRef<ReassociationIndices>{all});
    }
    if (type.getRank() == 1) {
      rewriter.replaceOp(op, flat);
      return success();
    }
    auto all = llvm::to_vector<2>(llvm::seq<int64_t>(0, type.getRank()));
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, type, flat, ArrayRef<ReassociationIndices>{all});
    return success();
  }
};

struct TransposeToLinalg : public StaticShapePattern<hlo::TransposeOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::TransposeOp op, OpAdaptor adaptor, RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> perm = op.getPermutation();
    if (llvm::equal(perm, llvm::seq<int64_t>(0, type.getRank()))) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    Value init = emptyTensor(rewriter, op.getLoc(), type);
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getOperand(), init, perm);
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

/// result[i] = operand[j] with j[d] = N_d - 1 - i[d] for reversed d.
struct ReverseToGeneric : public StaticShapePattern<hlo::ReverseOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::ReverseOp op, OpAdaptor adaptor, RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<AffineExpr> exprs;
    bool moves = false;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      AffineExpr expr = rewriter.getAffineDimExpr(d);
      int64_t size = type.getDimSize(d);
      // Reversing a dimension of size 1 moves nothing.
      if (llvm::is_contained(op.getDimensions(), d) && size > 1) {
        expr = rewriter.getAffineConstantExpr(size - 1) - expr;
        moves = true;
      }
      exprs.push_back(expr);
    }
    if (!moves) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    AffineMap map =
        AffineMap::get(type.getRank(), 0, exprs, rewriter.getContext());
    rewriter.replaceOp(op, buildParallelGeneric(rewriter, op.getLoc(), type,
                                                adaptor.getOperand(), map,
                                                yieldFirst));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Slices, concatenation, padding
//===----------------------------------------------------------------------===//

struct SliceToExtractSlice : public StaticShapePattern<hlo::SliceOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::SliceOp op, OpAdaptor adaptor, RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getOperand().getType() == type) {
      // Same shape: the slice starts at 0 and takes everything.
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(),
        indexAttrs(rewriter, op.getStartIndices()),
        indexAttrs(rewriter, type.getShape()),
        indexAttrs(rewriter, op.getStrides()));
    return success();
  }
};

/// Each operand is inserted into an empty result at its running offset.
struct ConcatenateToInsertSlices
    : public StaticShapePattern<hlo::ConcatenateOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::ConcatenateOp op, OpAdaptor adaptor,
                  RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getInputs().size() == 1) {
      rewriter.replaceOp(op, adaptor.getInputs()[0]);
      return success();
    }
    int64_t dim = op.getDimension();
    Location loc = op.getLoc();
    Value result = emptyTensor(rewriter, loc, type);
    SmallVector<int64_t> offsets(type.getRank(), 0);
    SmallVector<int64_t> strides(type.getRank(), 1);
    for (Value input : adaptor.getInputs()) {
      auto inputType = cast<RankedTensorType>(input.getType());
      if (inputType.getNumElements() != 0)
        result = tensor::InsertSliceOp::create(
            rewriter, loc, input, result, indexAttrs(rewriter, offsets),
            indexAttrs(rewriter, inputType.getShape()),
            indexAttrs(rewriter, strides));
      offsets[dim] += inputType.getDimSize(dim);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

int64_t floorDiv(int64_t a, int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/// The result is filled with the padding value; the operand elements that
/// land inside the result (negative edge padding drops some) are inserted
/// with stride interior + 1.
struct PadToFillAndInsert : public StaticShapePattern<hlo::PadOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::PadOp op, OpAdaptor adaptor, RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    ArrayRef<int64_t> low = op.getEdgePaddingLow();
    ArrayRef<int64_t> interior = op.getInteriorPadding();

    // Operand elements [first, first + count) along each dimension land in
    // the result; element k goes to low + k * (interior + 1).
    int64_t rank = type.getRank();
    SmallVector<int64_t> first(rank), count(rank), target(rank), step(rank);
    bool anyKept = true, whole = true;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = operandType.getDimSize(d);
      step[d] = interior[d] + 1;
      first[d] = low[d] >= 0 ? 0 : floorDiv(-low[d] + step[d] - 1, step[d]);
      int64_t last = std::min(
          size - 1, floorDiv(type.getDimSize(d) - 1 - low[d], step[d]));
      count[d] = std::max<int64_t>(0, last - first[d] + 1);
      target[d] = low[d] + first[d] * step[d];
      anyKept &= count[d] > 0;
      whole &= first[d] == 0 && count[d] == size;
    }

    Location loc = op.getLoc();
    Value padding = extractScalar(rewriter, loc, adaptor.getPaddingValue());
    Value result = filledTensor(rewriter, loc, type, padding);
    if (anyKept) {
      SmallVector<int64_t> ones(rank, 1);
      Value kept = operand;
      if (!whole)
        kept = tensor::ExtractSliceOp::create(
            rewriter, loc, operand, indexAttrs(rewriter, first),
            indexAttrs(rewriter, count), indexAttrs(rewriter, ones));
      result = tensor::InsertSliceOp::create(
          rewriter, loc, kept, result, indexAttrs(rewriter, target),
          indexAttrs(rewriter, count), indexAttrs(rewriter, step));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Dynamic slices
//===----------------------------------------------------------------------===//

struct DynamicSliceToExtractSlice
    : public StaticShapePattern<hlo::DynamicSliceOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::DynamicSliceOp op, OpAdaptor adaptor,
                  RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (operandType == type) {
      // Every start index clamps to 0.
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> offsets =
        clampedOffsets(rewriter, loc, adaptor.getStartIndices(),
                       op.getStartIndices().getTypes(), operandType.getShape(),
                       type.getShape());
    SmallVector<int64_t> ones(type.getRank(), 1);
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(), offsets,
        indexAttrs(rewriter, type.getShape()), indexAttrs(rewriter, ones));
    return success();
  }
};

struct DynamicUpdateSliceToInsertSlice
    : public OpConversionPattern<hlo::DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTypes(op, getTypeConverter())))
      return failure();
    RankedTensorType type = loweredResultType(op, getTypeConverter());
    auto updateType = cast<RankedTensorType>(adaptor.getUpdate().getType());
    if (updateType.getNumElements() == 0) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    if (updateType == type) {
      // Every start index clamps to 0: the update replaces everything.
      rewriter.replaceOp(op, adaptor.getUpdate());
      return success();
    }
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> offsets =
        clampedOffsets(rewriter, loc, adaptor.getStartIndices(),
                       op.getStartIndices().getTypes(), type.getShape(),
                       updateType.getShape());
    SmallVector<int64_t> ones(type.getRank(), 1);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), offsets,
        indexAttrs(rewriter, updateType.getShape()),
        indexAttrs(rewriter, ones));
    return success();
  }
};

struct GetDimensionSizeToConstant
    : public OpConversionPattern<hlo::GetDimensionSizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::GetDimensionSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Only the queried dimension has to be static: the operand's data is
    // not read.
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    int64_t dim = op.getDimension();
    if (!type || operandType.isDynamicDim(dim))
      return unsupported(op, "needs a static dimension size");
    auto value = DenseElementsAttr::get(
        type, rewriter.getIntegerAttr(type.getElementType(),
                                      operandType.getDimSize(dim)));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// bitcast_convert
//===----------------------------------------------------------------------===//

/// Width in bits of a lowered element type; complex numbers are their two
/// parts, real part in the low bits (as the interpreter lays them out).
unsigned bitWidth(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

/// The bits of scalar `value` of lowered type `type` as a signless integer.
Value toBits(OpBuilder &b, Location loc, Value value, Type type) {
  if (isa<IntegerType>(type))
    return value;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    unsigned half = complex.getElementType().getIntOrFloatBitWidth();
    Type halfInt = b.getIntegerType(half), wide = b.getIntegerType(2 * half);
    auto part = [&](Value v) -> Value {
      Value bits = arith::BitcastOp::create(b, loc, halfInt, v);
      return arith::ExtUIOp::create(b, loc, wide, bits);
    };
    Value re = part(complex::ReOp::create(b, loc, value));
    Value im = part(complex::ImOp::create(b, loc, value));
    Value shift =
        arith::ConstantOp::create(b, loc, wide, b.getIntegerAttr(wide, half));
    im = arith::ShLIOp::create(b, loc, im, shift);
    return arith::OrIOp::create(b, loc, re, im);
  }
  return arith::BitcastOp::create(b, loc, b.getIntegerType(bitWidth(type)),
                                  value);
}

/// Scalar of lowered type `type` whose bits are the integer `bits`.
Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (isa<IntegerType>(type))
    return bits;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Type part = complex.getElementType();
    unsigned half = part.getIntOrFloatBitWidth();
    Type halfInt = b.getIntegerType(half);
    Value shift = arith::ConstantOp::create(
        b, loc, bits.getType(), b.getIntegerAttr(bits.getType(), half));
    Value reBits = arith::TruncIOp::create(b, loc, halfInt, bits);
    Value imBits = arith::TruncIOp::create(
        b, loc, halfInt, arith::ShRUIOp::create(b, loc, bits, shift));
    Value re = arith::BitcastOp::create(b, loc, part, reBits);
    Value im = arith::BitcastOp::create(b, loc, part, imBits);
    return complex::CreateOp::create(b, loc, type, re, im);
  }
  return arith::BitcastOp::create(b, loc, type, bits);
}

/// Same widths: each element's bits reinterpreted. Narrowing: the result's
/// last dimension walks the operand element's pieces from the low bits up.
/// Widening: the operand's last dimension is gathered, first element in the
/// low bits (little-endian, as XLA does on little-endian hosts).
struct BitcastConvertToGeneric
    : public StaticShapePattern<hlo::BitcastConvertOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::BitcastConvertOp op, OpAdaptor adaptor,
                  RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    Type from = operandType.getElementType(), to = type.getElementType();
    if (from == to) {
      // Only signedness changed; the lowered types already agree.
      rewriter.replaceOp(op, operand);
      return success();
    }
    unsigned fromWidth = bitWidth(from), toWidth = bitWidth(to);
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    MLIRContext *ctx = rewriter.getContext();
    Value result;
    if (fromWidth == toWidth) {
      result = buildParallelGeneric(
          rewriter, loc, type, operand, rewriter.getMultiDimIdentityMap(rank),
          [&](OpBuilder &b, Location loc, ValueRange args) {
            return fromBits(b, loc, toBits(b, loc, args[0], from), to);
          });
    } else if (fromWidth > toWidth) {
      // The operand is read at the result's leading indices.
      // (getMajorSubMap would give a null map for a 0-d operand.)
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d < rank - 1; ++d)
        exprs.push_back(getAffineDimExpr(d, ctx));
      AffineMap map = AffineMap::get(rank, 0, exprs, ctx);
      result = buildParallelGeneric(
          rewriter, loc, type, operand, map,
          [&](OpBuilder &b, Location loc, ValueRange args) {
            Value bits = toBits(b, loc, args[0], from);
            Type wide = bits.getType();
            Value piece = linalg::IndexOp::create(b, loc, rank - 1);
            Value pieceInt = arith::IndexCastOp::create(b, loc, wide, piece);
            Value width = arith::ConstantOp::create(
                b, loc, wide, b.getIntegerAttr(wide, toWidth));
            Value shift = arith::MulIOp::create(b, loc, pieceInt, width);
            Value shifted = arith::ShRUIOp::create(b, loc, bits, shift);
            Value narrow = arith::TruncIOp::create(
                b, loc, b.getIntegerType(toWidth), shifted);
            return fromBits(b, loc, narrow, to);
          });
    } else {
      // One input per piece: the operand read at the result index with a
      // constant last index.
      unsigned ratio = toWidth / fromWidth;
      SmallVector<Value> inputs(ratio, operand);
      SmallVector<AffineMap> maps;
      for (unsigned k = 0; k < ratio; ++k) {
        SmallVector<AffineExpr> exprs;
        for (int64_t d = 0; d < rank; ++d)
          exprs.push_back(getAffineDimExpr(d, ctx));
        exprs.push_back(getAffineConstantExpr(k, ctx));
        maps.push_back(AffineMap::get(rank, 0, exprs, ctx));
      }
      result = buildParallelGeneric(
          rewriter, loc, type, inputs, maps,
          [&](OpBuilder &b, Location loc, ValueRange args) {
            Type wide = b.getIntegerType(toWidth);
            Value bits;
            for (unsigned k = 0; k < ratio; ++k) {
              Value piece = arith::ExtUIOp::create(
                  b, loc, wide, toBits(b, loc, args[k], from));
              if (k != 0) {
                Value shift = arith::ConstantOp::create(
                    b, loc, wide, b.getIntegerAttr(wide, k * fromWidth));
                piece = arith::ShLIOp::create(b, loc, piece, shift);
                bits = arith::OrIOp::create(b, loc, bits, piece);
              } else {
                bits = piece;
              }
            }
            return fromBits(b, loc, bits, to);
          });
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// torch_index_select
//===----------------------------------------------------------------------===//

/// result[b..., p..., i..., s...] = operand[b..., p..., clamp(index[b...,
/// i...]), s...]: a generic reading the index tensor with a projected map
/// and extracting from the operand.
struct TorchIndexSelectToGeneric
    : public StaticShapePattern<hlo::TorchIndexSelectOp> {
  using StaticShapePattern::StaticShapePattern;

  LogicalResult
  rewriteNonEmpty(hlo::TorchIndexSelectOp op, OpAdaptor adaptor,
                  RankedTensorType type,
                  ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand(), index = adaptor.getIndex();
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto indexType = cast<RankedTensorType>(index.getType());
    int64_t dim = op.getDim(), batchDims = op.getBatchDims();
    if (operandType.getDimSize(dim) == 0)
      return unsupported(op, "selects from an empty dimension");
    int64_t selected = indexType.getRank() - batchDims;
    int64_t rank = type.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < batchDims; ++d)
      exprs.push_back(rewriter.getAffineDimExpr(d));
    for (int64_t d = dim; d < dim + selected; ++d)
      exprs.push_back(rewriter.getAffineDimExpr(d));
    AffineMap map = AffineMap::get(rank, 0, exprs, rewriter.getContext());
    Type indexElement = elementTypeOf(op.getIndex().getType());
    int64_t limit = operandType.getDimSize(dim) - 1;
    Value result = buildParallelGeneric(
        rewriter, op.getLoc(), type, index, map,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value position =
              clampIndex(b, loc, toIndex(b, loc, args[0], indexElement), limit,
                         isUnsignedInt(indexElement));
          SmallVector<Value> source;
          for (int64_t d = 0; d < dim; ++d)
            source.push_back(linalg::IndexOp::create(b, loc, d));
          source.push_back(position);
          for (int64_t d = dim + selected; d < rank; ++d)
            source.push_back(linalg::IndexOp::create(b, loc, d));
          return tensor::ExtractOp::create(b, loc, operand, source);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateShapePatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {
  patterns.add<BroadcastInDimToGeneric, BroadcastToGeneric, ReshapeToTensor,
               TransposeToLinalg, ReverseToGeneric, SliceToExtractSlice,
               ConcatenateToInsertSlices, PadToFillAndInsert,
               DynamicSliceToExtractSlice, DynamicUpdateSliceToInsertSlice,
               GetDimensionSizeToConstant, BitcastConvertToGeneric,
               TorchIndexSelectToGeneric>(converter, patterns.getContext());
}

} // namespace axle::lowering

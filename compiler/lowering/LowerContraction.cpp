//===- LowerContraction.cpp - dot_general, dot, convolution ---------------===//
//
// Every contraction is a sum of products and becomes a linalg.generic whose
// loops are the result dimensions (parallel) followed by the summed
// dimensions (reductions), in the order the interpreter sums: dot_general's
// contracting dimensions as listed, convolution's window positions
// row-major (spatial dimensions as input_spatial_dimensions lists them)
// with the input feature innermost.
//
// The arithmetic follows the interpreter (interpreter/ops/ProductSum.h),
// which follows XLA on CPU:
// * integers: each operand is sign- or zero-extended (by its own
//   signedness) or truncated to the result width, and products and sums
//   wrap at that width (the interpreter's 64-bit sums truncated to the
//   result width are the same numbers; i1 gives and/xor);
// * floats: each operand is first converted to the result type, then
//   widened to the accumulator type (f32 for results of 32 bits or fewer,
//   f64 for f64); the sum starts at +0, adds each product with one fused
//   multiply-add (math.fma) and is rounded to the result type once at the
//   end;
// * complex numbers: the textbook product (no C99 Annex G recovery of
//   infinities), accumulated in the result type.
//
// dot_general with one float type for both operands and the result, free
// dimensions on both sides and at least one contracting dimension becomes a
// generic in batch_matmul (or matmul) form, ([b,] m, n, k) loops over
// operands transposed and reshaped to (b, m, k) x (b, k, n), which the CPU
// code generator tiles for registers.
// Convolution pads and dilates the lhs with zeros first (tensor.pad, or a
// strided insert_slice into a zero-filled tensor), so the generic only has
// affine window maps; feature and batch groups become an explicit group
// loop over operands reshaped to (group, size / group).
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

//===----------------------------------------------------------------------===//
// Scalar arithmetic of sums of products.
//===----------------------------------------------------------------------===//

/// How the products of one contraction are computed: the original operand
/// and result element types and the (lowered) accumulator type.
struct ProductSum {
  Type lhs, rhs, result, acc;

  /// The accumulator type for `result`, or null if there is none (the
  /// interpreter rejects the same types).
  static Type accumulatorFor(Type result) {
    if (auto integer = dyn_cast<IntegerType>(result))
      return integer.getWidth() <= 64 ? convertElementType(result) : Type();
    if (auto complexType = dyn_cast<ComplexType>(result)) {
      auto part = dyn_cast<FloatType>(complexType.getElementType());
      return part && (part.isF32() || part.isF64()) ? result : Type();
    }
    auto floatType = dyn_cast<FloatType>(result);
    if (!floatType)
      return Type();
    if (floatType.getWidth() <= 32)
      return Float32Type::get(result.getContext());
    if (floatType.isF64())
      return result;
    return Type();
  }

  /// Null if fine, else why the operand type does not fit the result.
  static const char *operandProblem(Type operand, Type result) {
    if (isa<IntegerType>(result)) {
      auto integer = dyn_cast<IntegerType>(operand);
      if (!integer || integer.getWidth() > 64)
        return "integer results need integer operands";
      return nullptr;
    }
    if (isa<FloatType>(result)) {
      if (!isa<IntegerType, FloatType>(operand))
        return "real results need integer or float operands";
      return nullptr;
    }
    if (!isa<IntegerType, FloatType, ComplexType>(operand))
      return "operand element type is not a number";
    return nullptr;
  }

  /// Whether one step of the sum needs conversions of the operands.
  bool needsConversion() const {
    return lhs != result || rhs != result || convertElementType(result) != acc;
  }

  /// `value` of original type `from` in the accumulator type.
  Value load(OpBuilder &b, Location loc, Value value, Type from) const {
    if (auto resultInt = dyn_cast<IntegerType>(result)) {
      unsigned fromWidth = from.getIntOrFloatBitWidth();
      unsigned width = resultInt.getWidth();
      if (fromWidth == width)
        return value;
      if (fromWidth > width)
        return arith::TruncIOp::create(b, loc, acc, value);
      if (isUnsignedInt(from))
        return arith::ExtUIOp::create(b, loc, acc, value);
      return arith::ExtSIOp::create(b, loc, acc, value);
    }
    Value converted = emitScalarConvert(b, loc, value, from, result);
    if (converted.getType() != acc)
      converted = arith::ExtFOp::create(b, loc, acc, converted);
    return converted;
  }

  /// acc + x * y, all in the accumulator type; one fused multiply-add for
  /// real floats (as the interpreter).
  Value multiplyAdd(OpBuilder &b, Location loc, Value sum, Value x,
                    Value y) const {
    if (isa<IntegerType>(acc))
      return arith::AddIOp::create(b, loc, sum,
                                   arith::MulIOp::create(b, loc, x, y));
    if (isa<FloatType>(acc))
      return math::FmaOp::create(b, loc, x, y, sum);
    // The textbook complex product, as the interpreter (and XLA) computes
    // it: complex.mul would add the recovery of infinities.
    auto re = [&](Value v) { return complex::ReOp::create(b, loc, v); };
    auto im = [&](Value v) { return complex::ImOp::create(b, loc, v); };
    Value xr = re(x), xi = im(x), yr = re(y), yi = im(y);
    Value productRe =
        arith::SubFOp::create(b, loc, arith::MulFOp::create(b, loc, xr, yr),
                              arith::MulFOp::create(b, loc, xi, yi));
    Value productIm =
        arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, xr, yi),
                              arith::MulFOp::create(b, loc, xi, yr));
    return complex::CreateOp::create(
        b, loc, acc, arith::AddFOp::create(b, loc, re(sum), productRe),
        arith::AddFOp::create(b, loc, im(sum), productIm));
  }

  /// The body of a contraction generic: (lhs, rhs, acc) -> acc'.
  void buildBody(OpBuilder &b, Location loc, ValueRange args) const {
    Value x = load(b, loc, args[0], lhs);
    Value y = load(b, loc, args[1], rhs);
    linalg::YieldOp::create(b, loc, multiplyAdd(b, loc, args[2], x, y));
  }

  /// A zero-filled accumulator tensor of `shape`.
  Value zeroTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) const {
    Value empty = tensor::EmptyOp::create(b, loc, shape, acc);
    return linalg::FillOp::create(b, loc, ValueRange{zeroScalar(b, loc, acc)},
                                  ValueRange{empty})
        .getResult(0);
  }

  /// Rounds finished sums to the result type (once).
  Value finish(OpBuilder &b, Location loc, Value sums) const {
    Type lowered = convertElementType(result);
    if (lowered == acc)
      return sums;
    auto type = cast<RankedTensorType>(sums.getType());
    return buildMapGeneric(
        b, loc, RankedTensorType::get(type.getShape(), lowered), sums,
        [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
          return emitScalarConvert(nb, nl, args[0], acc, result);
        });
  }
};

/// Builds the ProductSum of `op` or reports why it is unsupported.
FailureOr<ProductSum> productSumOf(Operation *op, Value lhs, Value rhs,
                                   Value result) {
  ProductSum ps;
  ps.lhs = elementTypeOf(lhs.getType());
  ps.rhs = elementTypeOf(rhs.getType());
  ps.result = elementTypeOf(result.getType());
  ps.acc = ProductSum::accumulatorFor(ps.result);
  if (!ps.acc)
    return unsupported(op, "no accumulator for this result element type");
  for (Type operand : {ps.lhs, ps.rhs})
    if (const char *why = ProductSum::operandProblem(operand, ps.result))
      return unsupported(op, why);
  return ps;
}

/// Checks that `op`'s operands and result are static tensors with a
/// lowering, returning the converted result type.
FailureOr<RankedTensorType> staticResultType(const TypeConverter &converter,
                                             Operation *op,
                                             ValueRange operands) {
  auto type = dyn_cast_or_null<RankedTensorType>(
      converter.convertType(op->getResult(0).getType()));
  if (!type)
    return unsupported(op, "result type has no lowering (quantized or not "
                           "a tensor)");
  for (Value operand : operands) {
    auto operandType = dyn_cast<RankedTensorType>(operand.getType());
    if (!operandType || !operandType.hasStaticShape())
      return unsupported(op, "needs static shapes");
  }
  if (!type.hasStaticShape())
    return unsupported(op, "needs static shapes");
  return type;
}

//===----------------------------------------------------------------------===//
// dot_general and dot
//===----------------------------------------------------------------------===//

struct DotDims {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
};

/// `value` with its dimensions in the order of `groups` (a transpose unless
/// that is the identity), then each group collapsed into one dimension.
/// Null if some group is empty.
Value transposeAndCollapse(OpBuilder &b, Location loc, Value value,
                           ArrayRef<SmallVector<int64_t>> groups) {
  SmallVector<int64_t> permutation;
  SmallVector<ReassociationIndices> reassociation;
  for (ArrayRef<int64_t> group : groups) {
    if (group.empty())
      return nullptr;
    ReassociationIndices &collapsed = reassociation.emplace_back();
    for (int64_t d : group) {
      collapsed.push_back(permutation.size());
      permutation.push_back(d);
    }
  }
  auto type = cast<RankedTensorType>(value.getType());
  if (!llvm::equal(permutation, llvm::seq<int64_t>(0, type.getRank()))) {
    SmallVector<int64_t> shape;
    for (int64_t d : permutation)
      shape.push_back(type.getDimSize(d));
    Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
    value = linalg::TransposeOp::create(b, loc, value, init, permutation)
                .getResult()[0];
  }
  if (reassociation.size() == static_cast<size_t>(type.getRank()))
    return value;
  return tensor::CollapseShapeOp::create(b, loc, value, reassociation);
}

/// A dot_general of one float type with contracting dimensions and free
/// dimensions on both sides as a generic in batch_matmul (or matmul) form
/// with the contraction's body (fused multiply-adds): the operands are
/// transposed to (batch, free, contracting) and (batch, contracting, free)
/// and each group collapsed. The sum runs over the contracting dimensions
/// row-major in the order listed, as the generic's loops would, so the
/// results are the same; a transpose costs one pass over an operand while
/// the register-tiled matmul is many times faster than the generic's
/// scalar loops. Null when a group is empty (no free dimension).
Value buildAsBatchMatmul(OpBuilder &b, Location loc, const ProductSum &ps,
                         Value lhs, Value rhs, Value init,
                         const DotDims &dims) {
  auto freeDims = [](int64_t rank, ArrayRef<int64_t> batch,
                     ArrayRef<int64_t> contract) {
    SmallVector<int64_t> free;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(batch, d) && !llvm::is_contained(contract, d))
        free.push_back(d);
    return free;
  };
  int64_t lhsRank = cast<RankedTensorType>(lhs.getType()).getRank();
  int64_t rhsRank = cast<RankedTensorType>(rhs.getType()).getRank();
  SmallVector<int64_t> lhsFree =
      freeDims(lhsRank, dims.lhsBatch, dims.lhsContract);
  SmallVector<int64_t> rhsFree =
      freeDims(rhsRank, dims.rhsBatch, dims.rhsContract);
  bool batched = !dims.lhsBatch.empty();
  auto resultType = cast<RankedTensorType>(init.getType());
  auto product = [](Value value, ArrayRef<int64_t> picked) {
    int64_t size = 1;
    for (int64_t d : picked)
      size *= cast<RankedTensorType>(value.getType()).getDimSize(d);
    return size;
  };
  // A narrow result (a classifier's 10 logits) makes short, odd vectors
  // along n; computing the transposed product C^T = B^T A^T puts the wide
  // dimension there instead. a * b and b * a round the same, so each fused
  // multiply-add, and the sum, is unchanged.
  int64_t rows = product(lhs, lhsFree), columns = product(rhs, rhsFree);
  bool swapped = columns < 16 && rows >= 64 && rows % 16 == 0;
  // The generic's (batch, m, k) and (batch, k, n) operands.
  auto groups = [&](ArrayRef<int64_t> batch, ArrayRef<int64_t> first,
                    ArrayRef<int64_t> second) {
    SmallVector<SmallVector<int64_t>> result;
    if (batched)
      result.push_back(llvm::to_vector(batch));
    result.push_back(llvm::to_vector(first));
    result.push_back(llvm::to_vector(second));
    return result;
  };
  // An f32 rhs already laid out as (batch, free, contracting), such as
  // attention's K in Q K^T or a weight read transposed in a backward pass,
  // stays so: the matmul reads it as a transposed B (packed by 16 x 16
  // blocks, which need n and k in multiples of 16, and k blocks of 16 to
  // 128), instead of a transposed copy made first. (With free and
  // contracting dimensions both present, that order is never also the
  // plain (batch, contracting, free) one.)
  int64_t depth = product(rhs, dims.rhsContract);
  auto isIdentity = [](ArrayRef<SmallVector<int64_t>> order, int64_t rank) {
    SmallVector<int64_t> flat;
    for (ArrayRef<int64_t> group : order)
      flat.append(group.begin(), group.end());
    return llvm::equal(flat, llvm::seq<int64_t>(0, rank));
  };
  bool transposedRhs =
      !swapped && resultType.getElementType().isF32() && !rhsFree.empty() &&
      !dims.rhsContract.empty() && columns % 16 == 0 && depth % 16 == 0 &&
      (depth <= 128 || depth % 64 == 0) &&
      isIdentity(groups(dims.rhsBatch, rhsFree, dims.rhsContract), rhsRank);
  Value lhsMatrix, rhsMatrix;
  if (transposedRhs) {
    lhsMatrix = transposeAndCollapse(
        b, loc, lhs, groups(dims.lhsBatch, lhsFree, dims.lhsContract));
    rhsMatrix = transposeAndCollapse(
        b, loc, rhs, groups(dims.rhsBatch, rhsFree, dims.rhsContract));
  } else if (swapped) {
    lhsMatrix = transposeAndCollapse(
        b, loc, rhs, groups(dims.rhsBatch, rhsFree, dims.rhsContract));
    rhsMatrix = transposeAndCollapse(
        b, loc, lhs, groups(dims.lhsBatch, dims.lhsContract, lhsFree));
  } else {
    lhsMatrix = transposeAndCollapse(
        b, loc, lhs, groups(dims.lhsBatch, lhsFree, dims.lhsContract));
    rhsMatrix = transposeAndCollapse(
        b, loc, rhs, groups(dims.rhsBatch, dims.rhsContract, rhsFree));
  }
  if (!lhsMatrix || !rhsMatrix)
    return nullptr;
  SmallVector<ReassociationIndices> resultGroups;
  SmallVector<int64_t> shape;
  int64_t next = 0;
  for (size_t count : {dims.lhsBatch.size(), lhsFree.size(), rhsFree.size()}) {
    if (count == 0)
      continue;
    ReassociationIndices &group = resultGroups.emplace_back();
    int64_t size = 1;
    for (size_t i = 0; i < count; ++i) {
      size *= resultType.getDimSize(next);
      group.push_back(next++);
    }
    shape.push_back(size);
  }
  Value matrixInit = init;
  if (swapped) {
    // Sums of (batch, n, m), transposed back below.
    SmallVector<int64_t> transposedShape(shape);
    std::swap(transposedShape[batched], transposedShape[batched + 1]);
    matrixInit = ps.zeroTensor(b, loc, transposedShape);
  } else if (resultGroups.size() != static_cast<size_t>(resultType.getRank())) {
    matrixInit = tensor::CollapseShapeOp::create(b, loc, init, resultGroups);
  }
  // The loops of a (batch_)matmul: ([b,] m, n, k).
  MLIRContext *ctx = b.getContext();
  unsigned loops = batched ? 4 : 3;
  AffineExpr batch = b.getAffineDimExpr(0);
  AffineExpr m = b.getAffineDimExpr(loops - 3),
             n = b.getAffineDimExpr(loops - 2),
             k = b.getAffineDimExpr(loops - 1);
  auto map = [&](ArrayRef<AffineExpr> exprs) {
    SmallVector<AffineExpr> all;
    if (batched)
      all.push_back(batch);
    all.append(exprs.begin(), exprs.end());
    return AffineMap::get(loops, 0, all, ctx);
  };
  SmallVector<utils::IteratorType> iterators(loops - 1,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  Value sums =
      linalg::GenericOp::create(
          b, loc, TypeRange{matrixInit.getType()},
          ValueRange{lhsMatrix, rhsMatrix}, ValueRange{matrixInit},
          {map({m, k}), transposedRhs ? map({n, k}) : map({k, n}), map({m, n})},
          iterators,
          [&](OpBuilder &nb, Location nl, ValueRange args) {
            ps.buildBody(nb, nl, args);
          })
          .getResult(0);
  if (swapped) {
    SmallVector<int64_t> permutation =
        batched ? SmallVector<int64_t>{0, 2, 1} : SmallVector<int64_t>{1, 0};
    Value empty = tensor::EmptyOp::create(
        b, loc, shape, cast<RankedTensorType>(sums.getType()).getElementType());
    sums = linalg::TransposeOp::create(b, loc, sums, empty, permutation)
               ->getResult(0);
  }
  if (sums.getType() == resultType)
    return sums;
  return tensor::ExpandShapeOp::create(b, loc, resultType, sums, resultGroups);
}

/// The sums of products of a dot_general of `lhs` and `rhs` (lowered
/// values) as a tensor of `resultType`.
Value buildDotGeneral(OpBuilder &b, Location loc, const ProductSum &ps,
                      Value lhs, Value rhs, RankedTensorType resultType,
                      const DotDims &dims) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t lhsRank = lhsType.getRank(), rhsRank = rhsType.getRank();
  ArrayRef<int64_t> shape = resultType.getShape();
  Value init = ps.zeroTensor(b, loc, shape);

  // One float type: matmul form (transposes are worth it for the register
  // tiles; other types keep the original layout).
  bool sameFloat =
      isa<FloatType>(ps.result) && ps.lhs == ps.result && ps.rhs == ps.result;
  if (sameFloat && !dims.lhsContract.empty())
    if (Value sums = buildAsBatchMatmul(b, loc, ps, lhs, rhs, init, dims))
      return ps.finish(b, loc, sums);

  // Loops: batch dims, lhs free dims, rhs free dims (the result's order),
  // then the contracting dims as listed.
  int64_t resultRank = resultType.getRank();
  int64_t loops = resultRank + static_cast<int64_t>(dims.lhsContract.size());
  SmallVector<AffineExpr> lhsExprs(lhsRank), rhsExprs(rhsRank);
  for (auto [i, d] : llvm::enumerate(dims.lhsBatch))
    lhsExprs[d] = b.getAffineDimExpr(i);
  for (auto [i, d] : llvm::enumerate(dims.rhsBatch))
    rhsExprs[d] = b.getAffineDimExpr(i);
  for (auto [i, d] : llvm::enumerate(dims.lhsContract))
    lhsExprs[d] = b.getAffineDimExpr(resultRank + i);
  for (auto [i, d] : llvm::enumerate(dims.rhsContract))
    rhsExprs[d] = b.getAffineDimExpr(resultRank + i);
  int64_t next = static_cast<int64_t>(dims.lhsBatch.size());
  for (int64_t d = 0; d < lhsRank; ++d)
    if (!lhsExprs[d])
      lhsExprs[d] = b.getAffineDimExpr(next++);
  for (int64_t d = 0; d < rhsRank; ++d)
    if (!rhsExprs[d])
      rhsExprs[d] = b.getAffineDimExpr(next++);

  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> resultExprs;
  for (int64_t d = 0; d < resultRank; ++d)
    resultExprs.push_back(b.getAffineDimExpr(d));
  SmallVector<AffineMap> maps = {AffineMap::get(loops, 0, lhsExprs, ctx),
                                 AffineMap::get(loops, 0, rhsExprs, ctx),
                                 AffineMap::get(loops, 0, resultExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(resultRank,
                                             utils::IteratorType::parallel);
  iterators.append(dims.lhsContract.size(), utils::IteratorType::reduction);
  Value sums = linalg::GenericOp::create(
                   b, loc, TypeRange{init.getType()}, ValueRange{lhs, rhs},
                   ValueRange{init}, maps, iterators,
                   [&](OpBuilder &nb, Location nl, ValueRange args) {
                     ps.buildBody(nb, nl, args);
                   })
                   .getResult(0);
  return ps.finish(b, loc, sums);
}

/// Checks that the dimension numbers are a valid partition of the operand
/// dimensions whose paired sizes agree (the verifier's job, but the
/// lowering must not build invalid IR from an unverified op).
bool validDotDims(const DotDims &dims, ArrayRef<int64_t> lhsShape,
                  ArrayRef<int64_t> rhsShape) {
  if (dims.lhsBatch.size() != dims.rhsBatch.size() ||
      dims.lhsContract.size() != dims.rhsContract.size())
    return false;
  auto distinctInRange = [](ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                            int64_t rank) {
    SmallVector<bool> seen(rank, false);
    for (ArrayRef<int64_t> list : {a, b})
      for (int64_t d : list) {
        if (d < 0 || d >= rank || seen[d])
          return false;
        seen[d] = true;
      }
    return true;
  };
  if (!distinctInRange(dims.lhsBatch, dims.lhsContract, lhsShape.size()) ||
      !distinctInRange(dims.rhsBatch, dims.rhsContract, rhsShape.size()))
    return false;
  for (auto [l, r] : llvm::zip(dims.lhsBatch, dims.rhsBatch))
    if (lhsShape[l] != rhsShape[r])
      return false;
  for (auto [l, r] : llvm::zip(dims.lhsContract, dims.rhsContract))
    if (lhsShape[l] != rhsShape[r])
      return false;
  return true;
}

template <typename DotOp>
LogicalResult lowerDot(DotOp op, Value lhs, Value rhs, const DotDims &dims,
                       const TypeConverter &converter,
                       ConversionPatternRewriter &rewriter) {
  FailureOr<RankedTensorType> resultType =
      staticResultType(converter, op, {lhs, rhs});
  if (failed(resultType))
    return failure();
  FailureOr<ProductSum> ps =
      productSumOf(op, op.getLhs(), op.getRhs(), op.getResult());
  if (failed(ps))
    return failure();
  auto lhsShape = cast<RankedTensorType>(lhs.getType()).getShape();
  auto rhsShape = cast<RankedTensorType>(rhs.getType()).getShape();
  if (!validDotDims(dims, lhsShape, rhsShape))
    return unsupported(op, "invalid dimension numbers");
  int64_t free =
      static_cast<int64_t>(lhsShape.size() + rhsShape.size()) -
      static_cast<int64_t>(dims.lhsBatch.size() + 2 * dims.lhsContract.size());
  if (resultType->getRank() != free)
    return unsupported(op, "result rank does not match the operands");
  rewriter.replaceOp(op, buildDotGeneral(rewriter, op.getLoc(), *ps, lhs, rhs,
                                         *resultType, dims));
  return success();
}

struct DotGeneralToLinalg : public OpConversionPattern<hlo::DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto attr = op.getDotDimensionNumbers();
    DotDims dims;
    dims.lhsBatch.assign(attr.getLhsBatchingDimensions().begin(),
                         attr.getLhsBatchingDimensions().end());
    dims.rhsBatch.assign(attr.getRhsBatchingDimensions().begin(),
                         attr.getRhsBatchingDimensions().end());
    dims.lhsContract.assign(attr.getLhsContractingDimensions().begin(),
                            attr.getLhsContractingDimensions().end());
    dims.rhsContract.assign(attr.getRhsContractingDimensions().begin(),
                            attr.getRhsContractingDimensions().end());
    return lowerDot(op, adaptor.getLhs(), adaptor.getRhs(), dims,
                    *getTypeConverter(), rewriter);
  }
};

/// Legacy dot: contracts the last lhs dimension with the first rhs one.
struct DotToLinalg : public OpConversionPattern<hlo::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = dyn_cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = dyn_cast<RankedTensorType>(adaptor.getRhs().getType());
    if (!lhsType || !rhsType || lhsType.getRank() < 1 ||
        lhsType.getRank() > 2 || rhsType.getRank() < 1 || rhsType.getRank() > 2)
      return unsupported(op, "operands must be vectors or matrices");
    DotDims dims;
    dims.lhsContract.push_back(lhsType.getRank() - 1);
    dims.rhsContract.push_back(0);
    return lowerDot(op, adaptor.getLhs(), adaptor.getRhs(), dims,
                    *getTypeConverter(), rewriter);
  }
};

//===----------------------------------------------------------------------===//
// convolution
//===----------------------------------------------------------------------===//

/// Splits dimension `dim` of `value` into (groups, size / groups).
Value splitDim(OpBuilder &b, Location loc, Value value, int64_t dim,
               int64_t groups) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    int64_t at = static_cast<int64_t>(shape.size());
    if (d == dim) {
      shape.push_back(groups);
      shape.push_back(type.getDimSize(d) / groups);
      reassociation.push_back({at, at + 1});
    } else {
      shape.push_back(type.getDimSize(d));
      reassociation.push_back({at});
    }
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      reassociation);
}

/// The affine exprs of a tensor's dims after splitting `dim` (if `dim` is
/// not -1) into (group, rest): `exprs` has one expr per original dim, the
/// split dim becomes (groupExpr, exprs[dim]).
SmallVector<AffineExpr> withGroup(ArrayRef<AffineExpr> exprs, int64_t dim,
                                  AffineExpr groupExpr) {
  SmallVector<AffineExpr> result;
  for (auto [d, expr] : llvm::enumerate(exprs)) {
    if (static_cast<int64_t>(d) == dim)
      result.push_back(groupExpr);
    result.push_back(expr);
  }
  return result;
}

struct ConvolutionToLinalg : public OpConversionPattern<hlo::ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    FailureOr<RankedTensorType> resultType =
        staticResultType(*getTypeConverter(), op, {lhs, rhs});
    if (failed(resultType))
      return failure();
    FailureOr<ProductSum> ps =
        productSumOf(op, op.getLhs(), op.getRhs(), op.getResult());
    if (failed(ps))
      return failure();

    auto dims = op.getDimensionNumbers();
    ArrayRef<int64_t> inSpatial = dims.getInputSpatialDimensions();
    ArrayRef<int64_t> kernelSpatial = dims.getKernelSpatialDimensions();
    ArrayRef<int64_t> outSpatial = dims.getOutputSpatialDimensions();
    int64_t spatial = static_cast<int64_t>(inSpatial.size());
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    int64_t rank = lhsType.getRank();
    if (rhsType.getRank() != rank || resultType->getRank() != rank ||
        spatial != rank - 2 ||
        static_cast<int64_t>(kernelSpatial.size()) != spatial ||
        static_cast<int64_t>(outSpatial.size()) != spatial)
      return unsupported(op, "dimension numbers do not match the ranks");
    SmallVector<int64_t> strides = orFill(op.getWindowStrides(), spatial, 1);
    SmallVector<int64_t> lhsDilation = orFill(op.getLhsDilation(), spatial, 1);
    SmallVector<int64_t> rhsDilation = orFill(op.getRhsDilation(), spatial, 1);
    SmallVector<bool> reversal(spatial, false);
    if (std::optional<ArrayRef<bool>> attr = op.getWindowReversal())
      reversal.assign(attr->begin(), attr->end());
    SmallVector<int64_t> padLow, padHigh;
    if (failed(readPadding(op.getPadding(), spatial, padLow, padHigh)))
      return unsupported(op, "padding does not match the spatial rank");
    if (static_cast<int64_t>(strides.size()) != spatial ||
        static_cast<int64_t>(lhsDilation.size()) != spatial ||
        static_cast<int64_t>(rhsDilation.size()) != spatial ||
        static_cast<int64_t>(reversal.size()) != spatial)
      return unsupported(op, "window attributes do not match the spatial "
                             "rank");
    int64_t featureGroups = op.getFeatureGroupCount();
    int64_t batchGroups = op.getBatchGroupCount();
    if (featureGroups > 1 && batchGroups > 1)
      return unsupported(op, "feature_group_count and batch_group_count "
                             "both exceed 1");
    int64_t groups = std::max(featureGroups, batchGroups);
    int64_t inBatch = dims.getInputBatchDimension();
    int64_t inFeature = dims.getInputFeatureDimension();
    int64_t kernelIn = dims.getKernelInputFeatureDimension();
    int64_t kernelOut = dims.getKernelOutputFeatureDimension();
    int64_t outBatch = dims.getOutputBatchDimension();
    int64_t outFeature = dims.getOutputFeatureDimension();
    if (rhsType.getDimSize(kernelOut) % groups != 0 ||
        lhsType.getDimSize(inFeature) % featureGroups != 0 ||
        lhsType.getDimSize(inBatch) % batchGroups != 0)
      return unsupported(op, "group counts do not divide the dimensions");

    // The lhs padded with zeros and dilated.
    SmallVector<int64_t> low(rank, 0), high(rank, 0), dilation(rank, 1);
    for (int64_t s = 0; s < spatial; ++s) {
      low[inSpatial[s]] = padLow[s];
      high[inSpatial[s]] = padHigh[s];
      dilation[inSpatial[s]] = lhsDilation[s];
    }
    Value padValue = zeroScalar(rewriter, loc, lhsType.getElementType());
    Value padded =
        padAndDilate(rewriter, loc, lhs, padValue, low, high, dilation);

    // Loops: the result dims (d0..d(rank-1)), the group (if any), the
    // window dims in spatial order, then the input feature.
    int64_t groupLoop = groups > 1 ? rank : -1;
    int64_t firstWindow = rank + (groups > 1 ? 1 : 0);
    int64_t featureLoop = firstWindow + spatial;
    int64_t loops = featureLoop + 1;
    auto dim = [&](int64_t d) { return rewriter.getAffineDimExpr(d); };
    AffineExpr group = groups > 1 ? dim(groupLoop) : AffineExpr();

    SmallVector<AffineExpr> lhsExprs(rank), rhsExprs(rank), outExprs(rank);
    for (int64_t d = 0; d < rank; ++d)
      outExprs[d] = dim(d);
    lhsExprs[inBatch] = dim(outBatch);
    lhsExprs[inFeature] = dim(featureLoop);
    rhsExprs[kernelIn] = dim(featureLoop);
    rhsExprs[kernelOut] = dim(outFeature);
    for (int64_t s = 0; s < spatial; ++s) {
      AffineExpr w = dim(firstWindow + s);
      int64_t size = rhsType.getDimSize(kernelSpatial[s]);
      // Window reversal reads the lhs backwards; the kernel index stays the
      // loop index, so the loop order is the interpreter's summation order.
      AffineExpr offset = reversal[s] ? (size - 1) - w : w;
      lhsExprs[inSpatial[s]] =
          dim(outSpatial[s]) * strides[s] + offset * rhsDilation[s];
      rhsExprs[kernelSpatial[s]] = w;
    }
    Value rhsOperand = rhs;
    RankedTensorType accType =
        RankedTensorType::get(resultType->getShape(), ps->acc);
    if (groups > 1) {
      // Result feature `of` belongs to group of / (O / groups): split the
      // output and kernel output features, and the lhs feature (feature
      // groups) or batch (batch groups), into (group, rest).
      int64_t lhsSplit = featureGroups > 1 ? inFeature : inBatch;
      padded = splitDim(rewriter, loc, padded, lhsSplit, groups);
      rhsOperand = splitDim(rewriter, loc, rhs, kernelOut, groups);
      lhsExprs = withGroup(lhsExprs, lhsSplit, group);
      rhsExprs = withGroup(rhsExprs, kernelOut, group);
      outExprs = withGroup(outExprs, outFeature, group);
      SmallVector<int64_t> shape(resultType->getShape());
      shape[outFeature] /= groups;
      shape.insert(shape.begin() + outFeature, groups);
      accType = RankedTensorType::get(shape, ps->acc);
    }
    Value init = ps->zeroTensor(rewriter, loc, accType.getShape());

    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineMap> maps = {AffineMap::get(loops, 0, lhsExprs, ctx),
                                   AffineMap::get(loops, 0, rhsExprs, ctx),
                                   AffineMap::get(loops, 0, outExprs, ctx)};
    SmallVector<utils::IteratorType> iterators(firstWindow,
                                               utils::IteratorType::parallel);
    iterators.append(spatial + 1, utils::IteratorType::reduction);
    Value sums =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{accType}, ValueRange{padded, rhsOperand},
            ValueRange{init}, maps, iterators,
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              ps->buildBody(nb, nl, args);
            })
            .getResult(0);
    if (groups > 1) {
      SmallVector<ReassociationIndices> reassociation;
      for (int64_t d = 0; d < rank; ++d) {
        int64_t at = d + (d > outFeature ? 1 : 0);
        if (d == outFeature)
          reassociation.push_back({at, at + 1});
        else
          reassociation.push_back({at});
      }
      sums = tensor::CollapseShapeOp::create(
          rewriter, loc, RankedTensorType::get(resultType->getShape(), ps->acc),
          sums, reassociation);
    }
    rewriter.replaceOp(op, ps->finish(rewriter, loc, sums));
    return success();
  }
};

} // namespace

void populateContractionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<DotGeneralToLinalg, DotToLinalg, ConvolutionToLinalg>(
      converter, patterns.getContext());
}

} // namespace axle::lowering

//===- LowerFft.cpp - fft -------------------------------------------------===//
//
// stablehlo.fft becomes exact-definition DFTs, one linalg.generic per
// transformed axis, as the interpreter computes them
// (interpreter/ops/FftOps.cpp):
//
//  * The operand is split into f64 real and imaginary tensors, every axis is
//    transformed and the result is rounded once to its type. The interpreter
//    computes in long double: f32 results compute in f64, which agrees with
//    it up to the final rounding; f64 results compute in double-double
//    rounded to the long double grid after every operation (WideArith.h),
//    with hi and lo tensors, which reproduces the interpreter's values.
//  * Axes are transformed in the interpreter's order, the first of the
//    trailing size(fft_length) axes first. A transform of an axis of length
//    n is out[k] = sum over j = 0..n-1 of x[j] * w[(j * k) mod n], summed in
//    order of j, with the interpreter's complex product (a + bi)(c + di) =
//    (ac - bd) + (ad + bc)i; an inverse transform divides by n afterwards.
//  * The twiddle factors w[m] = exp(-+2 pi i m / n) are computed at compile
//    time in long double, with the interpreter's formula, into constant
//    tables (f64, or f64 hi and lo parts that hold the long double exactly)
//    that the transform reads at (j * k) mod n.
//  * RFFT transforms the real operand (imaginary part zero) and computes only
//    the first n / 2 + 1 outputs of the last axis, the ones it keeps. IRFFT
//    inverts the leading axes, rebuilds the last axis of length n from its
//    first n / 2 + 1 entries by Hermitian symmetry (X[n - k] = conj(X[k]))
//    and keeps the real part of its inverse transform.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"
#include "compiler/lowering/WideArith.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <cmath>

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

Value f64Constant(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
}

/// A tensor of `type` filled with f64 zeros.
Value zeros(OpBuilder &b, Location loc, RankedTensorType type) {
  return filledTensor(b, loc, type, f64Constant(b, loc, 0.0));
}

/// The twiddle tables cos(2 pi m / n) and sign * sin(2 pi m / n), m in
/// [0, n), computed as the interpreter computes them (in long double): the
/// nearest f64 values and, in double-double mode, the remainders (cos hi,
/// cos lo, sin hi, sin lo).
SmallVector<Value> twiddleTables(OpBuilder &b, Location loc, int64_t n,
                                 bool inverse, bool dd) {
  const long double twoPi = 6.283185307179586476925286766559005768L;
  SmallVector<double> tables[4];
  for (auto &table : tables)
    table.resize(n);
  for (int64_t m = 0; m < n; ++m) {
    long double angle =
        twoPi * static_cast<long double>(m) / static_cast<long double>(n);
    long double cosine = std::cos(angle);
    long double sine = (inverse ? 1 : -1) * std::sin(angle);
    tables[0][m] = static_cast<double>(cosine);
    tables[1][m] = static_cast<double>(cosine - tables[0][m]);
    tables[2][m] = static_cast<double>(sine);
    tables[3][m] = static_cast<double>(sine - tables[2][m]);
  }
  auto type = RankedTensorType::get({n}, b.getF64Type());
  SmallVector<Value> values;
  for (int64_t t = 0; t < 4; ++t)
    if (dd || t % 2 == 0)
      values.push_back(arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(type, ArrayRef<double>(tables[t]))));
  return values;
}

/// A linalg.generic writing `outputs` f64 tensors of `type` from `inputs`
/// (all of `type`, read with identity maps): the values at each index are
/// `body` of the inputs' values and the index.
SmallVector<Value>
buildPartsGeneric(OpBuilder &b, Location loc, RankedTensorType type,
                  ValueRange inputs, int64_t outputs,
                  function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                  ValueRange, ValueRange)>
                      body) {
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps(inputs.size(), b.getMultiDimIdentityMap(rank));
  return buildMultiResultGeneric(
      b, loc, SmallVector<Type>(outputs, type), inputs, maps,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        SmallVector<Value> index;
        for (int64_t d = 0; d < rank; ++d)
          index.push_back(linalg::IndexOp::create(nb, nl, d));
        return body(nb, nl, args, index);
      });
}

/// The DFT of every line along `axis` of the complex array `parts` (the re
/// parts, then the im parts, each `dd ? 2 : 1` f64 tensors): the first
/// `outLength` outputs of each line, and only the real parts when
/// `realOnly`. An inverse transform divides by the line length.
SmallVector<Value> transformAxis(OpBuilder &b, Location loc,
                                 ArrayRef<Value> parts, bool dd, int64_t axis,
                                 int64_t outLength, bool inverse,
                                 bool realOnly) {
  auto inType = cast<RankedTensorType>(parts[0].getType());
  int64_t rank = inType.getRank();
  int64_t n = inType.getDimSize(axis);
  int64_t width = dd ? 2 : 1;
  SmallVector<int64_t> outShape(inType.getShape());
  outShape[axis] = outLength;
  auto outType = RankedTensorType::get(outShape, b.getF64Type());
  SmallVector<Value> tables = twiddleTables(b, loc, n, inverse, dd);

  // Loops: the output dimensions, then j, the position in the input line,
  // innermost so every output sums in order of j.
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> inExprs, outExprs;
  for (int64_t d = 0; d < rank; ++d) {
    outExprs.push_back(getAffineDimExpr(d, ctx));
    inExprs.push_back(getAffineDimExpr(d == axis ? rank : d, ctx));
  }
  AffineMap inMap = AffineMap::get(rank + 1, 0, inExprs, ctx);
  AffineMap outMap = AffineMap::get(rank + 1, 0, outExprs, ctx);
  int64_t outputs = (realOnly ? 1 : 2) * width;
  SmallVector<AffineMap> maps(parts.size(), inMap);
  maps.append(outputs, outMap);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  // Separate accumulators, so bufferization gives each its own buffer.
  SmallVector<Value> inits;
  for (int64_t i = 0; i < outputs; ++i)
    inits.push_back(zeros(b, loc, outType));
  SmallVector<Type> resultTypes(outputs, outType);

  auto generic = linalg::GenericOp::create(
      b, loc, resultTypes, parts, inits, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        WideArith w(nb, nl, dd, /*extended=*/dd);
        Value k = linalg::IndexOp::create(nb, nl, axis);
        Value j = linalg::IndexOp::create(nb, nl, rank);
        // (j * k) mod n in integers keeps the twiddle exact.
        Value m =
            arith::RemUIOp::create(nb, nl, arith::MulIOp::create(nb, nl, j, k),
                                   arith::ConstantIndexOp::create(nb, nl, n));
        SmallVector<Value> twiddle;
        for (Value table : tables)
          twiddle.push_back(tensor::ExtractOp::create(nb, nl, table, m));
        WideReal c = w.fromParts(twiddle);
        WideReal s = w.fromParts(ValueRange(twiddle).drop_front(width));
        WideReal xr = w.fromParts(args);
        WideReal xi = w.fromParts(args.drop_front(width));
        ValueRange acc = args.drop_front(2 * width);
        // (xr + xi i)(c + s i) = (xr c - xi s) + (xr s + xi c) i.
        WideReal termRe = w.sub(w.mul(xr, c), w.mul(xi, s));
        SmallVector<Value> sums;
        w.appendParts(w.add(w.fromParts(acc), termRe), sums);
        if (!realOnly) {
          WideReal termIm = w.add(w.mul(xr, s), w.mul(xi, c));
          w.appendParts(w.add(w.fromParts(acc.drop_front(width)), termIm),
                        sums);
        }
        linalg::YieldOp::create(nb, nl, sums);
      });
  SmallVector<Value> results = generic.getResults();
  if (!inverse)
    return results;
  return buildPartsGeneric(
      b, loc, outType, results, outputs,
      [&](OpBuilder &nb, Location nl, ValueRange args, ValueRange) {
        WideArith w(nb, nl, dd, /*extended=*/dd);
        WideReal size = w.constant(static_cast<double>(n));
        SmallVector<Value> quotients;
        for (int64_t c = 0; c < outputs; c += width)
          w.appendParts(w.div(w.fromParts(args.drop_front(c)), size),
                        quotients);
        return quotients;
      });
}

struct FftToGeneric : public OpConversionPattern<hlo::FftOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::FftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = dyn_cast<RankedTensorType>(op.getOperand().getType());
    auto originalResultType = dyn_cast<RankedTensorType>(op.getType());
    if (!operandType || !originalResultType || !operandType.hasStaticShape() ||
        !originalResultType.hasStaticShape())
      return unsupported(op, "needs static shapes");
    Type operandElement = operandType.getElementType();
    Type resultElement = originalResultType.getElementType();
    if (std::string why = unsupportedFloatElement(operandElement); !why.empty())
      return unsupported(op, why);
    if (std::string why = unsupportedFloatElement(resultElement); !why.empty())
      return unsupported(op, why);
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(originalResultType));
    if (!resultType)
      return unsupported(op, "cannot convert the result type");

    // The shape rules the interpreter checks (the verifier leaves the
    // complex side of FFT and IFFT to them).
    hlo::FftType kind = op.getFftType();
    ArrayRef<int64_t> lengths = op.getFftLength();
    ArrayRef<int64_t> shape = operandType.getShape();
    int64_t rank = shape.size();
    int64_t count = lengths.size();
    if (count < 1 || count > rank)
      return unsupported(op, "fft_length must have 1 to rank(operand) entries");
    int64_t first = rank - count;
    for (int64_t i = 0; i + 1 < count; ++i)
      if (shape[first + i] != lengths[i])
        return unsupported(op, "fft_length " + Twine(lengths[i]) +
                                   " differs from operand dimension " +
                                   Twine(first + i));
    int64_t n = lengths.back();
    if (n < 0)
      return unsupported(op, "fft_length is negative");
    int64_t half = n == 0 ? 0 : n / 2 + 1;
    int64_t expectedLast = kind == hlo::FftType::IRFFT ? half : n;
    if (shape.back() != expectedLast)
      return unsupported(op, "the last operand dimension must have size " +
                                 Twine(expectedLast) + " for fft_length " +
                                 Twine(n));

    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    if (operandType.getNumElements() == 0 || resultType.getNumElements() == 0) {
      rewriter.replaceOp(op, emptyTensor(b, loc, resultType));
      return success();
    }

    // The operand as f64 real and imaginary parts (hi parts, then zero lo
    // parts in double-double mode).
    Type f64 = b.getF64Type();
    bool dd = isa<ComplexType>(resultElement)
                  ? cast<ComplexType>(resultElement).getElementType().isF64()
                  : resultElement.isF64();
    int64_t width = dd ? 2 : 1;
    bool realResult = !isa<ComplexType>(resultElement);
    auto partsType = RankedTensorType::get(shape, f64);
    auto operandComplex = dyn_cast<ComplexType>(operandElement);
    SmallVector<Value> split = buildPartsGeneric(
        b, loc, partsType, adaptor.getOperand(), operandComplex ? 2 : 1,
        [&](OpBuilder &nb, Location nl, ValueRange args, ValueRange) {
          if (!operandComplex)
            return SmallVector<Value>{
                emitScalarConvert(nb, nl, args[0], operandElement, f64)};
          Type part = operandComplex.getElementType();
          return SmallVector<Value>{
              emitScalarConvert(nb, nl, complex::ReOp::create(nb, nl, args[0]),
                                part, f64),
              emitScalarConvert(nb, nl, complex::ImOp::create(nb, nl, args[0]),
                                part, f64)};
        });
    SmallVector<Value> parts;
    for (int64_t c = 0; c < 2; ++c)
      for (int64_t p = 0; p < width; ++p)
        parts.push_back(p == 0 && c < static_cast<int64_t>(split.size())
                            ? split[c]
                            : zeros(b, loc, partsType));

    auto transform = [&](int64_t axis, int64_t outLength, bool inverse,
                         bool realOnly) {
      parts =
          transformAxis(b, loc, parts, dd, axis, outLength, inverse, realOnly);
    };
    switch (kind) {
    case hlo::FftType::FFT:
    case hlo::FftType::IFFT:
      for (int64_t axis = first; axis < rank; ++axis)
        transform(axis, shape[axis], kind == hlo::FftType::IFFT, false);
      break;
    case hlo::FftType::RFFT:
      for (int64_t axis = first; axis + 1 < rank; ++axis)
        transform(axis, shape[axis], false, false);
      transform(rank - 1, half, false, false);
      break;
    case hlo::FftType::IRFFT: {
      for (int64_t axis = first; axis + 1 < rank; ++axis)
        transform(axis, shape[axis], true, false);
      // Entry k of a line of the full spectrum: X[k] for k < n / 2 + 1,
      // else conj(X[n - k]).
      SmallVector<int64_t> fullShape(shape);
      fullShape.back() = n;
      SmallVector<Value> halfParts = parts;
      parts = buildPartsGeneric(
          b, loc, RankedTensorType::get(fullShape, f64), {}, 2 * width,
          [&](OpBuilder &nb, Location nl, ValueRange, ValueRange index) {
            Value k = index.back();
            Value upper = arith::CmpIOp::create(
                nb, nl, arith::CmpIPredicate::uge, k,
                arith::ConstantIndexOp::create(nb, nl, half));
            Value mirrored = arith::SubIOp::create(
                nb, nl, arith::ConstantIndexOp::create(nb, nl, n), k);
            SmallVector<Value> source(index);
            source.back() = arith::SelectOp::create(nb, nl, upper, mirrored, k);
            SmallVector<Value> values;
            for (auto [p, part] : llvm::enumerate(halfParts)) {
              Value value = tensor::ExtractOp::create(nb, nl, part, source);
              if (static_cast<int64_t>(p) >= width)
                value = arith::SelectOp::create(
                    nb, nl, upper, arith::NegFOp::create(nb, nl, value), value);
              values.push_back(value);
            }
            return values;
          });
      transform(rank - 1, n, true, true);
      break;
    }
    }

    // Round once to the result type (hi + lo is the f64 nearest to a
    // double-double).
    int64_t components = realResult ? 1 : 2;
    SmallVector<Value> inputs(
        ArrayRef<Value>(parts).take_front(components * width));
    Value result = buildMapGeneric(
        b, loc, resultType, inputs,
        [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
          auto component = [&](int64_t c) -> Value {
            if (width == 1)
              return args[c];
            return arith::AddFOp::create(nb, nl, args[2 * c], args[2 * c + 1]);
          };
          if (realResult)
            return emitScalarConvert(nb, nl, component(0), f64, resultElement);
          Type part = cast<ComplexType>(resultElement).getElementType();
          return complex::CreateOp::create(
              nb, nl, resultType.getElementType(),
              emitScalarConvert(nb, nl, component(0), f64, part),
              emitScalarConvert(nb, nl, component(1), f64, part));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateFftPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns) {
  patterns.add<FftToGeneric>(converter, patterns.getContext());
}

} // namespace axle::lowering

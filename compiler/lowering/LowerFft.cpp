//===- LowerFft.cpp - fft -------------------------------------------------===//
//
// stablehlo.fft becomes exact-definition DFTs, one linalg.generic per
// transformed axis, as the interpreter computes them
// (interpreter/ops/FftOps.cpp):
//
//  * The operand is split into f64 real and imaginary tensors, every axis is
//    transformed in f64 and the result is rounded once to its type. (The
//    interpreter computes in long double; f64 is the widest type the lowered
//    program has.)
//  * Axes are transformed in the interpreter's order, the first of the
//    trailing size(fft_length) axes first. A transform of an axis of length
//    n is out[k] = sum over j = 0..n-1 of x[j] * w[(j * k) mod n], summed in
//    order of j, with the interpreter's complex product (a + bi)(c + di) =
//    (ac - bd) + (ad + bc)i; an inverse transform divides by n afterwards.
//  * The twiddle factors w[m] = exp(-+2 pi i m / n) are computed at compile
//    time in long double, with the interpreter's formula, and rounded to
//    f64 into a constant table that the transform reads at (j * k) mod n.
//  * RFFT transforms the real operand (imaginary part zero) and computes only
//    the first n / 2 + 1 outputs of the last axis, the ones it keeps. IRFFT
//    inverts the leading axes, rebuilds the last axis of length n from its
//    first n / 2 + 1 entries by Hermitian symmetry (X[n - k] = conj(X[k]))
//    and keeps the real part of its inverse transform.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

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

/// Why `type` (an element type) has no lowering here, or "".
std::string unsupportedElement(Type type) {
  bool ok;
  if (auto complexType = dyn_cast<ComplexType>(type))
    ok = complexType.getElementType().isF32() ||
         complexType.getElementType().isF64();
  else
    ok = type.isF16() || type.isBF16() || type.isF32() || type.isF64();
  if (ok)
    return "";
  std::string why;
  llvm::raw_string_ostream os(why);
  os << "no support for element type " << type;
  return why;
}

Value f64Constant(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
}

/// A tensor of `type` filled with f64 zeros.
Value zeros(OpBuilder &b, Location loc, RankedTensorType type) {
  return linalg::FillOp::create(b, loc, f64Constant(b, loc, 0.0),
                                emptyTensor(b, loc, type))
      .getResult(0);
}

/// The f64 tables cos(2 pi m / n) and sign * sin(2 pi m / n), m in [0, n),
/// computed as the interpreter computes them (in long double) and rounded.
std::pair<Value, Value> twiddleTables(OpBuilder &b, Location loc, int64_t n,
                                      bool inverse) {
  const long double twoPi = 6.283185307179586476925286766559005768L;
  SmallVector<double> cosines(n), sines(n);
  for (int64_t m = 0; m < n; ++m) {
    long double angle =
        twoPi * static_cast<long double>(m) / static_cast<long double>(n);
    cosines[m] = static_cast<double>(std::cos(angle));
    sines[m] = static_cast<double>((inverse ? 1 : -1) * std::sin(angle));
  }
  auto type = RankedTensorType::get({n}, b.getF64Type());
  Value cosTable = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<double>(cosines)));
  Value sinTable = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<double>(sines)));
  return {cosTable, sinTable};
}

/// The DFT of every line along `axis` of the complex array (re, im): the
/// first `outLength` outputs of each line, and only the real parts when
/// `realOnly`. An inverse transform divides by the line length.
SmallVector<Value> transformAxis(OpBuilder &b, Location loc, Value re, Value im,
                                 int64_t axis, int64_t outLength, bool inverse,
                                 bool realOnly) {
  auto inType = cast<RankedTensorType>(re.getType());
  int64_t rank = inType.getRank();
  int64_t n = inType.getDimSize(axis);
  SmallVector<int64_t> outShape(inType.getShape());
  outShape[axis] = outLength;
  auto outType = RankedTensorType::get(outShape, b.getF64Type());
  auto [cosTable, sinTable] = twiddleTables(b, loc, n, inverse);

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
  int64_t outputs = realOnly ? 1 : 2;
  SmallVector<AffineMap> maps = {inMap, inMap};
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
      b, loc, resultTypes, ValueRange{re, im}, inits, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value k = linalg::IndexOp::create(nb, nl, axis);
        Value j = linalg::IndexOp::create(nb, nl, rank);
        // (j * k) mod n in integers keeps the twiddle exact.
        Value m =
            arith::RemUIOp::create(nb, nl, arith::MulIOp::create(nb, nl, j, k),
                                   arith::ConstantIndexOp::create(nb, nl, n));
        Value c = tensor::ExtractOp::create(nb, nl, cosTable, m);
        Value s = tensor::ExtractOp::create(nb, nl, sinTable, m);
        Value xr = args[0], xi = args[1];
        auto mul = [&](Value x, Value y) {
          return arith::MulFOp::create(nb, nl, x, y);
        };
        Value termRe = arith::SubFOp::create(nb, nl, mul(xr, c), mul(xi, s));
        SmallVector<Value> sums = {
            arith::AddFOp::create(nb, nl, args[2], termRe)};
        if (!realOnly) {
          Value termIm = arith::AddFOp::create(nb, nl, mul(xr, s), mul(xi, c));
          sums.push_back(arith::AddFOp::create(nb, nl, args[3], termIm));
        }
        linalg::YieldOp::create(nb, nl, sums);
      });
  SmallVector<Value> results = generic.getResults();
  if (!inverse)
    return results;
  for (Value &result : results)
    result = buildMapGeneric(
        b, loc, outType, result,
        [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
          return arith::DivFOp::create(nb, nl, args[0],
                                       f64Constant(nb, nl, double(n)));
        });
  return results;
}

/// A linalg.generic without inputs writing two f64 tensors of `type`
/// whose elements at each index are `body(b, loc, index)`.
SmallVector<Value> buildIndexGeneric(
    OpBuilder &b, Location loc, RankedTensorType type,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)> body) {
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  SmallVector<Value> inits = {emptyTensor(b, loc, type),
                              emptyTensor(b, loc, type)};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type, type}, ValueRange{}, inits, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange) {
        SmallVector<Value> index;
        for (int64_t d = 0; d < rank; ++d)
          index.push_back(linalg::IndexOp::create(nb, nl, d));
        linalg::YieldOp::create(nb, nl, body(nb, nl, index));
      });
  return generic.getResults();
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
    if (std::string why = unsupportedElement(operandElement); !why.empty())
      return unsupported(op, why);
    if (std::string why = unsupportedElement(resultElement); !why.empty())
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

    // The operand as f64 real and imaginary parts.
    Type f64 = b.getF64Type();
    auto partsType = RankedTensorType::get(shape, f64);
    Value re, im;
    if (auto complexType = dyn_cast<ComplexType>(operandElement)) {
      Type part = complexType.getElementType();
      auto split = [&](bool imaginary) {
        return buildMapGeneric(
            b, loc, partsType, adaptor.getOperand(),
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              Value value = imaginary
                                ? Value(complex::ImOp::create(nb, nl, args[0]))
                                : Value(complex::ReOp::create(nb, nl, args[0]));
              return emitScalarConvert(nb, nl, value, part, f64);
            });
      };
      re = split(false);
      im = split(true);
    } else {
      re = buildMapGeneric(b, loc, partsType, adaptor.getOperand(),
                           [&](OpBuilder &nb, Location nl, ValueRange args) {
                             return emitScalarConvert(nb, nl, args[0],
                                                      operandElement, f64);
                           });
      im = zeros(b, loc, partsType);
    }

    auto transform = [&](int64_t axis, int64_t outLength, bool inverse,
                         bool realOnly) {
      SmallVector<Value> parts =
          transformAxis(b, loc, re, im, axis, outLength, inverse, realOnly);
      re = parts[0];
      im = realOnly ? Value() : parts[1];
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
      // Line k of the full spectrum: X[k] for k < n / 2 + 1, else
      // conj(X[n - k]).
      SmallVector<int64_t> fullShape(shape);
      fullShape.back() = n;
      Value halfRe = re, halfIm = im;
      SmallVector<Value> full = buildIndexGeneric(
          b, loc, RankedTensorType::get(fullShape, f64),
          [&](OpBuilder &nb, Location nl, ValueRange index) {
            Value k = index.back();
            Value upper = arith::CmpIOp::create(
                nb, nl, arith::CmpIPredicate::uge, k,
                arith::ConstantIndexOp::create(nb, nl, half));
            Value mirrored = arith::SubIOp::create(
                nb, nl, arith::ConstantIndexOp::create(nb, nl, n), k);
            SmallVector<Value> source(index);
            source.back() = arith::SelectOp::create(nb, nl, upper, mirrored, k);
            Value sourceRe = tensor::ExtractOp::create(nb, nl, halfRe, source);
            Value sourceIm = tensor::ExtractOp::create(nb, nl, halfIm, source);
            Value conjIm = arith::NegFOp::create(nb, nl, sourceIm);
            return SmallVector<Value>{
                sourceRe,
                arith::SelectOp::create(nb, nl, upper, conjIm, sourceIm)};
          });
      re = full[0];
      im = full[1];
      transform(rank - 1, n, true, true);
      break;
    }
    }

    // Round once to the result type.
    Value result;
    if (auto complexType = dyn_cast<ComplexType>(resultElement)) {
      Type part = complexType.getElementType();
      result = buildMapGeneric(
          b, loc, resultType, ValueRange{re, im},
          [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
            return complex::CreateOp::create(
                nb, nl, resultType.getElementType(),
                emitScalarConvert(nb, nl, args[0], f64, part),
                emitScalarConvert(nb, nl, args[1], f64, part));
          });
    } else if (resultElement == f64) {
      result = re;
    } else {
      result = buildMapGeneric(
          b, loc, resultType, re,
          [&](OpBuilder &nb, Location nl, ValueRange args) {
            return emitScalarConvert(nb, nl, args[0], f64, resultElement);
          });
    }
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

//===- LowerLinearAlgebra.cpp - triangular_solve, cholesky ----------------===//
//
// Both ops become scf.for loop nests over tensors that run the interpreter's
// unblocked textbook algorithms (interpreter/ops/LinearSolveOps.cpp) step
// for step, on a batch of matrices in the two trailing dimensions:
//
//  * The operands are split into f64 real (and imaginary) parts, the
//    algorithm runs on those with explicit real arithmetic and the result is
//    rounded once to the result type. The interpreter computes in long
//    double: f32/f16/bf16 results compute in f64, which agrees with it up to
//    the final rounding; f64 results compute in double-double rounded to the
//    long double grid after every operation (WideArith.h), which reproduces
//    the interpreter's long double values.
//  * Complex products are (ac - bd) + (ad + bc)i and complex quotients use
//    Smith's algorithm, as libgcc does for the interpreter's
//    std::complex<long double>; the C99 Annex G recovery of infinities from
//    NaN results is not reproduced.
//  * cholesky reads only the `lower` (or upper) triangle, writes zeros into
//    the other triangle, and lets a non-positive pivot turn into NaN through
//    sqrt (a zero pivot divides to inf), as the interpreter does.
//  * triangular_solve reads only the relevant triangle of `a` and, with
//    unit_diagonal, never reads its diagonal; every system is solved by
//    forward or backward substitution in the interpreter's order.
//
// Quantized operands never reach this pass (--axle-lower-quantized rewrites
// them to dequantize / op / quantize first).
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"
#include "compiler/lowering/WideArith.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// Why the op with these operand/result types cannot be lowered, or "".
std::string checkTypes(Operation *op) {
  for (Type type : op->getOperandTypes()) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !ranked.hasStaticShape())
      return "needs static shapes";
  }
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result || !result.hasStaticShape())
    return "needs static shapes";
  for (Type type : op->getOperandTypes())
    if (std::string why = unsupportedFloatElement(elementTypeOf(type));
        !why.empty())
      return why;
  return unsupportedFloatElement(result.getElementType());
}

/// A real or complex scalar in the compute arithmetic (im is unset for
/// real types).
struct Num {
  WideReal re, im;
};

/// Scalar arithmetic on Num values: real or complex, f64 or double-double.
/// A Num is stored in `parts()` f64 tensors, in the order re.hi, re.lo,
/// im.hi, im.lo (without the lo parts in plain f64 mode); operands that are
/// only read are stored with their hi parts only (their lo parts are 0).
struct Field {
  Field(OpBuilder &b, Location loc, bool complex, bool doubleDouble)
      : b(b), loc(loc), w(b, loc, doubleDouble, /*extended=*/doubleDouble),
        complex(complex) {}

  OpBuilder &b;
  Location loc;
  WideArith w;
  bool complex;

  int64_t components() const { return complex ? 2 : 1; }
  int64_t parts() const { return w.width() * components(); }

  SmallVector<Value> pack(const Num &x) {
    SmallVector<Value> values;
    w.appendParts(x.re, values);
    if (complex)
      w.appendParts(x.im, values);
    return values;
  }
  Num unpack(ValueRange values) {
    Num x;
    x.re = w.fromParts(values);
    if (complex)
      x.im = w.fromParts(values.drop_front(w.width()));
    return x;
  }
  Num fromReal(WideReal x) {
    return {x, complex ? w.constant(0.0) : WideReal()};
  }

  /// The element at `index` of `tensors`, all parts or (hiOnly) hi parts.
  Num load(ValueRange tensors, ValueRange index, bool hiOnly) {
    SmallVector<Value> values;
    for (Value tensor : tensors)
      values.push_back(tensor::ExtractOp::create(b, loc, tensor, index));
    if (!hiOnly)
      return unpack(values);
    Num x;
    x.re = w.fromF64(values[0]);
    if (complex)
      x.im = w.fromF64(values[1]);
    return x;
  }
  SmallVector<Value> store(const Num &x, ValueRange tensors, ValueRange index) {
    SmallVector<Value> updated;
    for (auto [value, tensor] : llvm::zip(pack(x), tensors))
      updated.push_back(tensor::InsertOp::create(b, loc, value, tensor, index));
    return updated;
  }

  Num conj(const Num &x) { return complex ? Num{x.re, w.neg(x.im)} : x; }
  Num sub(const Num &x, const Num &y) {
    if (!complex)
      return {w.sub(x.re, y.re), {}};
    return {w.sub(x.re, y.re), w.sub(x.im, y.im)};
  }
  /// (a + bi)(c + di) = (ac - bd) + (ad + bc)i, as std::complex multiplies.
  Num mul(const Num &x, const Num &y) {
    if (!complex)
      return {w.mul(x.re, y.re), {}};
    return {w.sub(w.mul(x.re, y.re), w.mul(x.im, y.im)),
            w.add(w.mul(x.re, y.im), w.mul(x.im, y.re))};
  }
  /// x / d for a real d: both parts divided, as std::complex divides by a
  /// real.
  Num divReal(const Num &x, WideReal d) {
    if (!complex)
      return {w.div(x.re, d), {}};
    return {w.div(x.re, d), w.div(x.im, d)};
  }
  /// x / y; complex division with Smith's algorithm, the one libgcc's
  /// complex division (the interpreter's) uses.
  Num div(const Num &x, const Num &y) {
    if (!complex)
      return {w.div(x.re, y.re), {}};
    WideReal a = x.re, bb = x.im, c = y.re, d = y.im;
    // |c| < |d|: ratio = c / d, denominator c * ratio + d.
    WideReal r1 = w.div(c, d);
    WideReal den1 = w.add(w.mul(c, r1), d);
    Num q1 = {w.div(w.add(w.mul(a, r1), bb), den1),
              w.div(w.sub(w.mul(bb, r1), a), den1)};
    // Otherwise: ratio = d / c, denominator d * ratio + c.
    WideReal r2 = w.div(d, c);
    WideReal den2 = w.add(w.mul(d, r2), c);
    Num q2 = {w.div(w.add(w.mul(bb, r2), a), den2),
              w.div(w.sub(bb, w.mul(a, r2)), den2)};
    Value smallC = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                         math::AbsFOp::create(b, loc, c.hi),
                                         math::AbsFOp::create(b, loc, d.hi));
    SmallVector<Value> first = pack(q1), second = pack(q2), picked;
    for (auto [p, q] : llvm::zip(first, second))
      picked.push_back(w.select(smallC, p, q));
    return unpack(picked);
  }
  /// realPart(x * conj(x)) as the interpreter computes it: re * re for a
  /// real x, re * re - im * -im for a complex one.
  WideReal normSquared(const Num &x) {
    WideReal square = w.mul(x.re, x.re);
    if (!complex)
      return square;
    return w.sub(square, w.mul(x.im, w.neg(x.im)));
  }
};

Value indexConst(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// `batch` followed by `i`, `j`.
SmallVector<Value> matrixIndex(ArrayRef<Value> batch, Value i, Value j) {
  SmallVector<Value> index(batch);
  index.push_back(i);
  index.push_back(j);
  return index;
}

/// Whether the op computes in double-double: for f64 results.
bool wantsDoubleDouble(Type element) {
  if (auto complexType = dyn_cast<ComplexType>(element))
    element = complexType.getElementType();
  return element.isF64();
}

/// The f64 parts (real, and imaginary for complex types) of `value`, a
/// tensor of ORIGINAL element type `from`.
SmallVector<Value> toParts(OpBuilder &b, Location loc, Value value, Type from) {
  auto type = cast<RankedTensorType>(value.getType());
  auto partType = RankedTensorType::get(type.getShape(), b.getF64Type());
  auto complexType = dyn_cast<ComplexType>(from);
  int64_t count = complexType ? 2 : 1;
  return buildMultiResultGeneric(
      b, loc, SmallVector<Type>(count, partType), value,
      b.getMultiDimIdentityMap(type.getRank()),
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        SmallVector<Value> parts;
        if (complexType) {
          Type part = complexType.getElementType();
          parts.push_back(
              emitScalarConvert(nb, nl, complex::ReOp::create(nb, nl, args[0]),
                                part, nb.getF64Type()));
          parts.push_back(
              emitScalarConvert(nb, nl, complex::ImOp::create(nb, nl, args[0]),
                                part, nb.getF64Type()));
        } else {
          parts.push_back(
              emitScalarConvert(nb, nl, args[0], from, nb.getF64Type()));
        }
        return parts;
      });
}

/// A tensor of `type` filled with f64 zeros.
Value zeros(OpBuilder &b, Location loc, RankedTensorType type) {
  Value zero = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
  return filledTensor(b, loc, type, zero);
}

/// The work tensors of a Num array whose values start as `parts` (hi
/// parts): the lo parts start as zeros.
SmallVector<Value> withLoParts(OpBuilder &b, Location loc, const Field &field,
                               ArrayRef<Value> parts) {
  if (!field.w.isDoubleDouble())
    return SmallVector<Value>(parts);
  SmallVector<Value> tensors;
  for (Value part : parts) {
    tensors.push_back(part);
    tensors.push_back(zeros(b, loc, cast<RankedTensorType>(part.getType())));
  }
  return tensors;
}

/// The result of `resultType` from the work tensors `parts`: read through
/// `map`, conjugated when `conjugate`, rounded once (hi + lo, the f64
/// nearest to a double-double).
Value fromParts(OpBuilder &b, Location loc, const Field &field,
                ArrayRef<Value> parts, RankedTensorType resultType,
                Type resultElement, AffineMap map, bool conjugate) {
  int64_t width = field.w.width();
  SmallVector<AffineMap> maps(parts.size(), map);
  return buildParallelGeneric(
      b, loc, resultType, parts, maps,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Type f64 = nb.getF64Type();
        auto component = [&](int64_t c) -> Value {
          if (width == 1)
            return args[c];
          return arith::AddFOp::create(nb, nl, args[2 * c], args[2 * c + 1]);
        };
        Value result;
        if (auto complexType = dyn_cast<ComplexType>(resultElement)) {
          Type part = complexType.getElementType();
          Value im = component(1);
          if (conjugate)
            im = arith::NegFOp::create(nb, nl, im);
          result = complex::CreateOp::create(
              nb, nl, convertElementType(resultElement),
              emitScalarConvert(nb, nl, component(0), f64, part),
              emitScalarConvert(nb, nl, im, f64, part));
        } else {
          result = emitScalarConvert(nb, nl, component(0), f64, resultElement);
        }
        return result;
      });
}

/// A loop over [lb, ub) carrying `init`: `body(b, loc, iv, carried)`
/// returns the next values.
SmallVector<Value> forLoop(
    OpBuilder &b, Location loc, Value lb, Value ub, ValueRange init,
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value, ValueRange)>
        body) {
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, indexConst(b, loc, 1), init,
      [&](OpBuilder &nb, Location nl, Value iv, ValueRange iterArgs) {
        scf::YieldOp::create(nb, nl, body(nb, nl, iv, iterArgs));
      });
  return loop.getResults();
}

//===----------------------------------------------------------------------===//
// cholesky
//===----------------------------------------------------------------------===//

struct CholeskyToLoops : public OpConversionPattern<hlo::CholeskyOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::CholeskyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::string why = checkTypes(op); !why.empty())
      return unsupported(op, why);
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType)
      return unsupported(op, "cannot convert the result type");

    Location loc = op.getLoc();
    Type element = elementTypeOf(op.getA().getType());
    Type resultElement = elementTypeOf(op.getType());
    bool lower = op.getLower();
    ArrayRef<int64_t> shape = resultType.getShape();
    int64_t rank = shape.size();
    int64_t n = shape.back();
    ArrayRef<int64_t> batchShape = shape.drop_back(2);
    int64_t batches = 1;
    for (int64_t d : batchShape)
      batches *= d;

    OpBuilder &b = rewriter;
    bool isComplex = isa<ComplexType>(element);
    bool dd = wantsDoubleDouble(resultElement);
    SmallVector<Value> a = toParts(b, loc, adaptor.getA(), element);
    // l starts as zeros: its strict upper triangle stays zero.
    auto partType = RankedTensorType::get(shape, b.getF64Type());
    SmallVector<Value> l;
    for (int64_t i = 0, e = Field(b, loc, isComplex, dd).parts(); i < e; ++i)
      l.push_back(zeros(b, loc, partType));

    Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
    Value nValue = indexConst(b, loc, n);
    l = forLoop(
        b, loc, zero, indexConst(b, loc, batches), l,
        [&](OpBuilder &bb, Location bl, Value batch, ValueRange lBatch) {
          SmallVector<Value> at = delinearize(bb, bl, batch, batchShape);
          // The lower triangle of the Hermitian matrix `a` stands for.
          auto aLower = [&](Field &f, Value i, Value j) {
            if (lower)
              return f.load(a, matrixIndex(at, i, j), /*hiOnly=*/true);
            return f.conj(f.load(a, matrixIndex(at, j, i), /*hiOnly=*/true));
          };
          return forLoop(
              bb, bl, zero, nValue, lBatch,
              [&](OpBuilder &jb, Location jl, Value j, ValueRange lj) {
                Field jf(jb, jl, isComplex, dd);
                WideReal pivot = aLower(jf, j, j).re;
                SmallVector<Value> pivotParts;
                jf.w.appendParts(pivot, pivotParts);
                pivotParts = forLoop(
                    jb, jl, zero, j, pivotParts,
                    [&](OpBuilder &kb, Location kl, Value k, ValueRange p) {
                      Field kf(kb, kl, isComplex, dd);
                      Num ljk = kf.load(lj, matrixIndex(at, j, k), false);
                      WideReal next =
                          kf.w.sub(kf.w.fromParts(p), kf.normSquared(ljk));
                      SmallVector<Value> parts;
                      kf.w.appendParts(next, parts);
                      return parts;
                    });
                // NaN when `a` is not positive definite.
                WideReal diagonal = jf.w.sqrt(jf.w.fromParts(pivotParts));
                SmallVector<Value> next =
                    jf.store(jf.fromReal(diagonal), lj, matrixIndex(at, j, j));
                Value below = arith::AddIOp::create(jb, jl, j, one);
                return forLoop(
                    jb, jl, below, nValue, next,
                    [&](OpBuilder &ib, Location il, Value i, ValueRange li) {
                      Field f(ib, il, isComplex, dd);
                      SmallVector<Value> value = f.pack(aLower(f, i, j));
                      value = forLoop(
                          ib, il, zero, j, value,
                          [&](OpBuilder &kb, Location kl, Value k,
                              ValueRange v) {
                            Field kf(kb, kl, isComplex, dd);
                            Num lik = kf.load(li, matrixIndex(at, i, k), false);
                            Num ljk = kf.load(li, matrixIndex(at, j, k), false);
                            return kf.pack(kf.sub(kf.unpack(v),
                                                  kf.mul(lik, kf.conj(ljk))));
                          });
                      Num lij = f.divReal(f.unpack(value), diagonal);
                      return f.store(lij, li, matrixIndex(at, i, j));
                    });
              });
        });

    // The result: l, or its conjugate transpose for the upper factor, in
    // the result type.
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      exprs.push_back(b.getAffineDimExpr(d));
    if (!lower)
      std::swap(exprs[rank - 2], exprs[rank - 1]);
    AffineMap map = AffineMap::get(rank, 0, exprs, b.getContext());
    Field field(b, loc, isComplex, dd);
    rewriter.replaceOp(op, fromParts(b, loc, field, l, resultType,
                                     resultElement, map, !lower));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// triangular_solve
//===----------------------------------------------------------------------===//

struct TriangularSolveToLoops
    : public OpConversionPattern<hlo::TriangularSolveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::TriangularSolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::string why = checkTypes(op); !why.empty())
      return unsupported(op, why);
    hlo::Transpose transpose = op.getTransposeA();
    if (transpose == hlo::Transpose::TRANSPOSE_INVALID)
      return unsupported(op, "transpose_a is TRANSPOSE_INVALID");
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType)
      return unsupported(op, "cannot convert the result type");

    Location loc = op.getLoc();
    Type aElement = elementTypeOf(op.getA().getType());
    Type bElement = elementTypeOf(op.getB().getType());
    Type resultElement = elementTypeOf(op.getType());
    bool leftSide = op.getLeftSide(), lower = op.getLower();
    bool unitDiagonal = op.getUnitDiagonal();
    bool transposed = transpose != hlo::Transpose::NO_TRANSPOSE;
    bool adjoint = transpose == hlo::Transpose::ADJOINT;
    auto bType = cast<RankedTensorType>(adaptor.getB().getType());
    ArrayRef<int64_t> shape = bType.getShape();
    int64_t rank = shape.size();
    int64_t rows = shape[rank - 2], cols = shape[rank - 1];
    int64_t n = leftSide ? rows : cols;
    ArrayRef<int64_t> batchShape = shape.drop_back(2);
    int64_t batches = 1;
    for (int64_t d : batchShape)
      batches *= d;

    // Left: op(a) x = b, one column of x at a time. Right: x op(a) = b,
    // i.e. op(a)^T x^T = b^T, one row of x at a time. The system matrix
    // m(i, k) is a[i][k] or a[k][i] (conjugated for ADJOINT); the loops
    // below only read it inside the triangle it is lower or upper in.
    bool readTransposed = leftSide == transposed;
    bool mLower = lower != transposed;
    if (!leftSide)
      mLower = !mLower;
    int64_t systems = leftSide ? cols : rows;

    OpBuilder &b = rewriter;
    bool isComplex = isa<ComplexType>(bElement);
    bool dd = wantsDoubleDouble(resultElement);
    Field top(b, loc, isComplex, dd);
    SmallVector<Value> a = toParts(b, loc, adaptor.getA(), aElement);
    // x starts as b and is overwritten in place: each step reads b's entry
    // before it writes x's.
    SmallVector<Value> x =
        withLoParts(b, loc, top, toParts(b, loc, adaptor.getB(), bElement));

    Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
    Value nValue = indexConst(b, loc, n);
    Value last = indexConst(b, loc, n - 1);
    x = forLoop(
        b, loc, zero, indexConst(b, loc, batches), x,
        [&](OpBuilder &bb, Location bl, Value batch, ValueRange xBatch) {
          SmallVector<Value> at = delinearize(bb, bl, batch, batchShape);
          auto m = [&](Field &f, Value i, Value k) {
            Num value = f.load(a,
                               readTransposed ? matrixIndex(at, k, i)
                                              : matrixIndex(at, i, k),
                               /*hiOnly=*/true);
            return adjoint ? f.conj(value) : value;
          };
          // Where element k of system s lives in b and x.
          auto xAt = [&](Value s, Value k) {
            return leftSide ? matrixIndex(at, k, s) : matrixIndex(at, s, k);
          };
          return forLoop(
              bb, bl, zero, indexConst(bb, bl, systems), xBatch,
              [&](OpBuilder &sb, Location sl, Value s, ValueRange xs) {
                return forLoop(
                    sb, sl, zero, nValue, xs,
                    [&](OpBuilder &nb, Location nl, Value step, ValueRange xi) {
                      Field f(nb, nl, isComplex, dd);
                      Value i = mLower ? step
                                       : Value(arith::SubIOp::create(
                                             nb, nl, last, step));
                      SmallVector<Value> value =
                          f.pack(f.load(xi, xAt(s, i), false));
                      Value kBegin =
                          mLower ? zero
                                 : Value(arith::AddIOp::create(nb, nl, i, one));
                      Value kEnd = mLower ? i : nValue;
                      value =
                          forLoop(nb, nl, kBegin, kEnd, value,
                                  [&](OpBuilder &kb, Location kl, Value k,
                                      ValueRange v) {
                                    Field kf(kb, kl, isComplex, dd);
                                    Num xk = kf.load(xi, xAt(s, k), false);
                                    return kf.pack(kf.sub(
                                        kf.unpack(v), kf.mul(m(kf, i, k), xk)));
                                  });
                      Num solved = f.unpack(value);
                      if (!unitDiagonal)
                        solved = f.div(solved, m(f, i, i));
                      return f.store(solved, xi, xAt(s, i));
                    });
              });
        });

    rewriter.replaceOp(op, fromParts(b, loc, top, x, resultType, resultElement,
                                     b.getMultiDimIdentityMap(rank),
                                     /*conjugate=*/false));
    return success();
  }
};

} // namespace

void populateLinearAlgebraPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<CholeskyToLoops, TriangularSolveToLoops>(converter,
                                                        patterns.getContext());
}

} // namespace axle::lowering

//===- LowerLinearAlgebra.cpp - triangular_solve, cholesky ----------------===//
//
// Both ops become scf.for loop nests over tensors that run the interpreter's
// unblocked textbook algorithms (interpreter/ops/LinearSolveOps.cpp) step
// for step, on a batch of matrices in the two trailing dimensions:
//
//  * The operands are converted once to f64 (complex<f64> for complex
//    types), the algorithm runs in that type and the result is rounded once
//    to the result type. The interpreter computes in long double; f64 is the
//    widest type the lowered program has, so f32/f16/bf16 results agree up
//    to the final rounding and f64 results up to the accumulated f64
//    rounding error.
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

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// Why `type` (an element type) has no lowering here, or "" when it has.
std::string unsupportedElement(Type type) {
  Type part = type;
  if (auto complexType = dyn_cast<ComplexType>(type))
    part = complexType.getElementType();
  bool ok = isa<ComplexType>(type)
                ? part.isF32() || part.isF64()
                : part.isF16() || part.isBF16() || part.isF32() || part.isF64();
  if (ok)
    return "";
  std::string why;
  llvm::raw_string_ostream os(why);
  os << "no support for element type " << type;
  return why;
}

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
    if (std::string why = unsupportedElement(elementTypeOf(type)); !why.empty())
      return why;
  return unsupportedElement(result.getElementType());
}

/// Scalar arithmetic in the compute type: f64 for real element types,
/// complex<f64> for complex ones.
struct Arith {
  OpBuilder &b;
  Location loc;
  bool complex;

  Type type() const {
    Type f64 = b.getF64Type();
    return complex ? Type(ComplexType::get(f64)) : f64;
  }
  Value zero() const {
    if (!complex)
      return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
    return complex::ConstantOp::create(
        b, loc, type(),
        b.getArrayAttr({b.getF64FloatAttr(0.0), b.getF64FloatAttr(0.0)}));
  }
  Value mul(Value x, Value y) const {
    if (complex)
      return complex::MulOp::create(b, loc, x, y);
    return arith::MulFOp::create(b, loc, x, y);
  }
  Value sub(Value x, Value y) const {
    if (complex)
      return complex::SubOp::create(b, loc, x, y);
    return arith::SubFOp::create(b, loc, x, y);
  }
  Value div(Value x, Value y) const {
    if (complex)
      return complex::DivOp::create(b, loc, x, y);
    return arith::DivFOp::create(b, loc, x, y);
  }
  Value conj(Value x) const {
    if (complex)
      return complex::ConjOp::create(b, loc, x);
    return x;
  }
  /// The compute-type value of the real f64 `x`.
  Value fromReal(Value x) const {
    if (!complex)
      return x;
    Value zeroPart = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
    return complex::CreateOp::create(b, loc, type(), x, zeroPart);
  }
  Value realPart(Value x) const {
    if (complex)
      return complex::ReOp::create(b, loc, x);
    return x;
  }
  /// x / d for a real f64 `d`: a complex x has both parts divided, as
  /// std::complex divides by a real.
  Value divByReal(Value x, Value d) const {
    if (!complex)
      return arith::DivFOp::create(b, loc, x, d);
    Value re =
        arith::DivFOp::create(b, loc, complex::ReOp::create(b, loc, x), d);
    Value im =
        arith::DivFOp::create(b, loc, complex::ImOp::create(b, loc, x), d);
    return complex::CreateOp::create(b, loc, type(), re, im);
  }
};

Value indexConst(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The multi-index of `linear` in row-major `shape` (index values).
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<int64_t> shape) {
  SmallVector<Value> indices(shape.size());
  Value rest = linear;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    Value size = indexConst(b, loc, shape[d]);
    indices[d] = arith::RemUIOp::create(b, loc, rest, size);
    rest = arith::DivUIOp::create(b, loc, rest, size);
  }
  return indices;
}

/// `batch` followed by `i`, `j`.
SmallVector<Value> matrixIndex(ArrayRef<Value> batch, Value i, Value j) {
  SmallVector<Value> index(batch);
  index.push_back(i);
  index.push_back(j);
  return index;
}

/// `value` (a tensor of ORIGINAL element type `from`) converted elementwise
/// to the compute type of `arith`.
Value toCompute(OpBuilder &b, Location loc, Value value, Type from,
                const Arith &arith) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType() == arith.type())
    return value;
  auto computeType = RankedTensorType::get(type.getShape(), arith.type());
  return buildMapGeneric(b, loc, computeType, value,
                         [&](OpBuilder &nb, Location nl, ValueRange args) {
                           return emitScalarConvert(nb, nl, args[0], from,
                                                    arith.type());
                         });
}

/// A loop over [lb, ub) carrying one value: `body(b, loc, iv, carried)`
/// returns its next value.
Value forLoop(OpBuilder &b, Location loc, Value lb, Value ub, Value init,
              function_ref<Value(OpBuilder &, Location, Value, Value)> body) {
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, indexConst(b, loc, 1), ValueRange{init},
      [&](OpBuilder &nb, Location nl, Value iv, ValueRange iterArgs) {
        scf::YieldOp::create(nb, nl, body(nb, nl, iv, iterArgs[0]));
      });
  return loop.getResult(0);
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
    Arith top{b, loc, isa<ComplexType>(element)};
    Value a = toCompute(b, loc, adaptor.getA(), element, top);
    auto workType = RankedTensorType::get(shape, top.type());
    // l starts as zeros: its strict upper triangle stays zero.
    Value l = linalg::FillOp::create(b, loc, top.zero(),
                                     emptyTensor(b, loc, workType))
                  .getResult(0);

    Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
    Value nValue = indexConst(b, loc, n);
    l = forLoop(
        b, loc, zero, indexConst(b, loc, batches), l,
        [&](OpBuilder &bb, Location bl, Value batch, Value lBatch) {
          SmallVector<Value> at = delinearize(bb, bl, batch, batchShape);
          // The lower triangle of the Hermitian matrix `a` stands for.
          auto aLower = [&](OpBuilder &nb, Location nl, Value i, Value j) {
            Arith na{nb, nl, top.complex};
            if (lower)
              return Value(
                  tensor::ExtractOp::create(nb, nl, a, matrixIndex(at, i, j)));
            return na.conj(
                tensor::ExtractOp::create(nb, nl, a, matrixIndex(at, j, i)));
          };
          return forLoop(
              bb, bl, zero, nValue, lBatch,
              [&](OpBuilder &jb, Location jl, Value j, Value lj) {
                Arith ja{jb, jl, top.complex};
                Value pivot = ja.realPart(aLower(jb, jl, j, j));
                pivot = forLoop(
                    jb, jl, zero, j, pivot,
                    [&](OpBuilder &kb, Location kl, Value k, Value p) {
                      Value ljk = tensor::ExtractOp::create(
                          kb, kl, lj, matrixIndex(at, j, k));
                      // realPart(ljk * conj(ljk)), as the interpreter
                      // subtracts it: re * re - im * -im.
                      Value square;
                      if (top.complex) {
                        Value re = complex::ReOp::create(kb, kl, ljk);
                        Value im = complex::ImOp::create(kb, kl, ljk);
                        square = arith::AddFOp::create(
                            kb, kl, arith::MulFOp::create(kb, kl, re, re),
                            arith::MulFOp::create(kb, kl, im, im));
                      } else {
                        square = arith::MulFOp::create(kb, kl, ljk, ljk);
                      }
                      return Value(arith::SubFOp::create(kb, kl, p, square));
                    });
                // NaN when `a` is not positive definite.
                Value diagonal = math::SqrtOp::create(jb, jl, pivot);
                Value next = tensor::InsertOp::create(
                    jb, jl, ja.fromReal(diagonal), lj, matrixIndex(at, j, j));
                Value below = arith::AddIOp::create(jb, jl, j, one);
                return forLoop(
                    jb, jl, below, nValue, next,
                    [&](OpBuilder &ib, Location il, Value i, Value li) {
                      Arith ia{ib, il, top.complex};
                      Value value = aLower(ib, il, i, j);
                      value = forLoop(
                          ib, il, zero, j, value,
                          [&](OpBuilder &kb, Location kl, Value k, Value v) {
                            Arith ka{kb, kl, top.complex};
                            Value lik = tensor::ExtractOp::create(
                                kb, kl, li, matrixIndex(at, i, k));
                            Value ljk = tensor::ExtractOp::create(
                                kb, kl, li, matrixIndex(at, j, k));
                            return ka.sub(v, ka.mul(lik, ka.conj(ljk)));
                          });
                      value = ia.divByReal(value, diagonal);
                      return Value(tensor::InsertOp::create(
                          ib, il, value, li, matrixIndex(at, i, j)));
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
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, exprs, b.getContext()),
        b.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        b, loc, resultType, l, emptyTensor(b, loc, resultType), maps, iterators,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          Arith na{nb, nl, top.complex};
          Value value = lower ? args[0] : na.conj(args[0]);
          linalg::YieldOp::create(
              nb, nl,
              emitScalarConvert(nb, nl, value, na.type(), resultElement));
        });
    rewriter.replaceOp(op, generic.getResult(0));
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
    Arith top{b, loc, isa<ComplexType>(bElement)};
    Value a = toCompute(b, loc, adaptor.getA(), aElement, top);
    Value x = toCompute(b, loc, adaptor.getB(), bElement, top);
    // toCompute may return `b` itself when it already has the compute
    // type; the loops update x in place, which bufferization copies.

    Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
    Value nValue = indexConst(b, loc, n);
    Value last = indexConst(b, loc, n - 1);
    x = forLoop(
        b, loc, zero, indexConst(b, loc, batches), x,
        [&](OpBuilder &bb, Location bl, Value batch, Value xBatch) {
          SmallVector<Value> at = delinearize(bb, bl, batch, batchShape);
          auto m = [&](OpBuilder &nb, Location nl, Value i, Value k) {
            Arith na{nb, nl, top.complex};
            Value value = tensor::ExtractOp::create(
                nb, nl, a,
                readTransposed ? matrixIndex(at, k, i) : matrixIndex(at, i, k));
            return adjoint ? na.conj(value) : value;
          };
          // Where element k of system s lives in b and x.
          auto xAt = [&](Value s, Value k) {
            return leftSide ? matrixIndex(at, k, s) : matrixIndex(at, s, k);
          };
          return forLoop(
              bb, bl, zero, indexConst(bb, bl, systems), xBatch,
              [&](OpBuilder &sb, Location sl, Value s, Value xs) {
                return forLoop(
                    sb, sl, zero, nValue, xs,
                    [&](OpBuilder &nb, Location nl, Value step, Value xi) {
                      Arith na{nb, nl, top.complex};
                      Value i = mLower ? step
                                       : Value(arith::SubIOp::create(
                                             nb, nl, last, step));
                      Value value =
                          tensor::ExtractOp::create(nb, nl, xi, xAt(s, i));
                      Value kBegin =
                          mLower ? zero
                                 : Value(arith::AddIOp::create(nb, nl, i, one));
                      Value kEnd = mLower ? i : nValue;
                      value = forLoop(
                          nb, nl, kBegin, kEnd, value,
                          [&](OpBuilder &kb, Location kl, Value k, Value v) {
                            Arith ka{kb, kl, top.complex};
                            Value xk = tensor::ExtractOp::create(kb, kl, xi,
                                                                 xAt(s, k));
                            return ka.sub(v, ka.mul(m(kb, kl, i, k), xk));
                          });
                      if (!unitDiagonal)
                        value = na.div(value, m(nb, nl, i, i));
                      return Value(tensor::InsertOp::create(nb, nl, value, xi,
                                                            xAt(s, i)));
                    });
              });
        });

    if (top.type() == resultType.getElementType()) {
      rewriter.replaceOp(op, x);
      return success();
    }
    Value result = buildMapGeneric(
        b, loc, resultType, x,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          return emitScalarConvert(nb, nl, args[0], top.type(), resultElement);
        });
    rewriter.replaceOp(op, result);
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

//===- LinearSolveOps.cpp - evaluators of cholesky and triangular_solve ---===//
//
// Both ops work on batches of matrices in the two trailing dimensions. They
// compute in long double (real or complex) with the unblocked textbook
// algorithms and round once to the result type, so results are as close to
// the exact ones as the type allows. Quantized operands are dequantized and
// the result quantized (dequantize_op_quantize).
//
// Implementation-defined corners, chosen as XLA's decompositions leave them:
// * cholesky reads only the `lower` (or upper) triangle of `a` and writes
//   zeros into the other triangle of the result. A matrix that is not
//   positive definite has a pivot whose square root is NaN (or a zero
//   pivot that divides to inf); the NaN propagates to the entries computed
//   after it, as it does in XLA's expansion.
// * triangular_solve reads only the `lower` (or upper) triangle of `a`, and
//   with unit_diagonal ignores the diagonal.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include <cmath>
#include <complex>

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

using Real = long double;
using Complex = std::complex<long double>;

Real conjugate(Real value) { return value; }
Complex conjugate(const Complex &value) { return std::conj(value); }
Real realPart(Real value) { return value; }
Real realPart(const Complex &value) { return value.real(); }

template <typename T> std::vector<T> load(const Tensor &tensor) {
  std::vector<T> values(tensor.size());
  for (int64_t i = 0; i < tensor.size(); ++i) {
    if constexpr (std::is_same_v<T, Complex>) {
      std::complex<double> value = tensor[i].toComplexDouble();
      values[i] = Complex(value.real(), value.imag());
    } else {
      values[i] = tensor[i].toDouble();
    }
  }
  return values;
}

/// A float tensor of `type` holding `values` (rounded once).
template <typename T>
Tensor store(const std::vector<T> &values, RankedTensorType type) {
  Tensor result(type);
  Type element = type.getElementType();
  for (size_t i = 0; i < values.size(); ++i) {
    if constexpr (std::is_same_v<T, Complex>)
      result.set(static_cast<int64_t>(i),
                 Element::fromComplex(element,
                                      {static_cast<double>(values[i].real()),
                                       static_cast<double>(values[i].imag())}));
    else
      result.set(static_cast<int64_t>(i),
                 Element::fromDouble(element, static_cast<double>(values[i])));
  }
  return result;
}

/// The type computations run in: the result type, with the expressed
/// element type if it is quantized.
RankedTensorType computeTypeOf(RankedTensorType type) {
  if (auto quantized =
          llvm::dyn_cast<quant::QuantizedType>(type.getElementType()))
    return RankedTensorType::get(type.getShape(), quantized.getExpressedType());
  return type;
}

/// Stores `values` as a result of `type`, quantizing if it is quantized.
template <typename T>
Tensor finish(const std::vector<T> &values, RankedTensorType type) {
  RankedTensorType computeType = computeTypeOf(type);
  Tensor result = store(values, computeType);
  if (computeType != type)
    return quantize(result, type);
  return result;
}

/// Runs `fn(T{})` with T the real or complex compute type of `element`.
template <typename Fn>
FailureOr<Values> withScalarType(Operation *op, Type element, Fn &&fn) {
  if (auto complex = llvm::dyn_cast<ComplexType>(element))
    if (llvm::isa<FloatType>(complex.getElementType()))
      return fn(Complex{});
  if (llvm::isa<FloatType>(element))
    return fn(Real{});
  return op->emitError() << "the interpreter does not evaluate '"
                         << op->getName() << "' on element type " << element;
}

//===----------------------------------------------------------------------===//
// cholesky
//===----------------------------------------------------------------------===//

/// Factors the n x n matrix at `a` (row-major) into `out`.
template <typename T>
void choleskyMatrix(const T *a, T *out, int64_t n, bool lower) {
  // The lower triangle of the Hermitian matrix `a` stands for; read from
  // the upper triangle when `lower` is false.
  auto aLower = [&](int64_t i, int64_t j) {
    return lower ? a[i * n + j] : conjugate(a[j * n + i]);
  };
  std::vector<T> l(n * n, T(0));
  for (int64_t j = 0; j < n; ++j) {
    Real pivot = realPart(aLower(j, j));
    for (int64_t k = 0; k < j; ++k)
      pivot -= realPart(l[j * n + k] * conjugate(l[j * n + k]));
    Real diagonal = std::sqrt(pivot); // NaN when not positive definite
    l[j * n + j] = T(diagonal);
    for (int64_t i = j + 1; i < n; ++i) {
      T value = aLower(i, j);
      for (int64_t k = 0; k < j; ++k)
        value -= l[i * n + k] * conjugate(l[j * n + k]);
      l[i * n + j] = value / diagonal;
    }
  }
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      out[i * n + j] = lower ? l[i * n + j] : conjugate(l[j * n + i]);
}

FailureOr<Values> evalCholesky(Operation *op, ArrayRef<RuntimeValue> operands,
                               Interpreter &) {
  bool lower = llvm::cast<hlo::CholeskyOp>(op).getLower();
  Tensor a = dequantize(operands[0].getTensor());
  RankedTensorType resultType = resultTensorType(op);
  if (a.getRank() < 2 ||
      a.getShape()[a.getRank() - 1] != a.getShape()[a.getRank() - 2])
    return op->emitError() << "cholesky takes square matrices, got "
                           << a.getType();
  auto type = RankedTensorType::get(a.getShape(), resultType.getElementType());
  return withScalarType(
      op, a.getElementType(), [&](auto zero) -> FailureOr<Values> {
        using T = decltype(zero);
        std::vector<T> values = load<T>(a);
        int64_t n = a.getShape().back();
        std::vector<T> result(values.size());
        for (size_t base = 0; n > 0 && base < values.size(); base += n * n)
          choleskyMatrix(values.data() + base, result.data() + base, n, lower);
        return Values{finish(result, type)};
      });
}

//===----------------------------------------------------------------------===//
// triangular_solve
//===----------------------------------------------------------------------===//

struct SolveOptions {
  bool leftSide, lower, unitDiagonal;
  hlo::Transpose transpose;
};

/// Solves one system: `a` is n x n, `b` and `x` are rows x cols.
template <typename T>
void solveMatrix(const T *a, const T *b, T *x, int64_t n, int64_t rows,
                 int64_t cols, const SolveOptions &options) {
  // op(a) restricted to the triangle it is read from.
  auto triangle = [&](int64_t i, int64_t j) -> T {
    if (i == j && options.unitDiagonal)
      return T(1);
    bool inside = options.lower ? i >= j : i <= j;
    return inside ? a[i * n + j] : T(0);
  };
  bool transposed = options.transpose != hlo::Transpose::NO_TRANSPOSE;
  auto opA = [&](int64_t i, int64_t j) -> T {
    if (!transposed)
      return triangle(i, j);
    T value = triangle(j, i);
    return options.transpose == hlo::Transpose::ADJOINT ? conjugate(value)
                                                        : value;
  };
  // Left: op(a) * x = b, one column of x at a time. Right: x * op(a) = b,
  // i.e. op(a)^T * x^T = b^T, one row of x at a time.
  auto m = [&](int64_t i, int64_t j) {
    return options.leftSide ? opA(i, j) : opA(j, i);
  };
  bool mLower = options.lower != transposed;
  if (!options.leftSide)
    mLower = !mLower;
  int64_t systems = options.leftSide ? cols : rows;
  // Where element k of system s lives in b and x.
  auto at = [&](int64_t s, int64_t k) {
    return options.leftSide ? k * cols + s : s * cols + k;
  };
  for (int64_t s = 0; s < systems; ++s) {
    for (int64_t step = 0; step < n; ++step) {
      int64_t i = mLower ? step : n - 1 - step;
      T value = b[at(s, i)];
      if (mLower) {
        for (int64_t k = 0; k < i; ++k)
          value -= m(i, k) * x[at(s, k)];
      } else {
        for (int64_t k = i + 1; k < n; ++k)
          value -= m(i, k) * x[at(s, k)];
      }
      x[at(s, i)] = options.unitDiagonal ? value : value / m(i, i);
    }
  }
}

FailureOr<Values> evalTriangularSolve(Operation *op,
                                      ArrayRef<RuntimeValue> operands,
                                      Interpreter &) {
  auto solve = llvm::cast<hlo::TriangularSolveOp>(op);
  SolveOptions options{solve.getLeftSide(), solve.getLower(),
                       solve.getUnitDiagonal(), solve.getTransposeA()};
  if (options.transpose == hlo::Transpose::TRANSPOSE_INVALID)
    return op->emitError() << "transpose_a must be NO_TRANSPOSE, TRANSPOSE "
                              "or ADJOINT";
  Tensor a = dequantize(operands[0].getTensor());
  Tensor b = dequantize(operands[1].getTensor());
  int64_t rank = a.getRank();
  if (rank < 2 || b.getRank() != rank)
    return op->emitError() << "triangular_solve takes a and b of equal rank "
                              ">= 2, got "
                           << a.getType() << " and " << b.getType();
  int64_t n = a.getShape()[rank - 1];
  int64_t rows = b.getShape()[rank - 2], cols = b.getShape()[rank - 1];
  if (a.getShape()[rank - 2] != n || (options.leftSide ? rows : cols) != n ||
      a.getShape().drop_back(2) != b.getShape().drop_back(2))
    return op->emitError() << "triangular_solve cannot solve " << a.getType()
                           << " against " << b.getType() << " with left_side = "
                           << (options.leftSide ? "true" : "false");
  auto type = RankedTensorType::get(b.getShape(),
                                    resultTensorType(op).getElementType());
  return withScalarType(
      op, b.getElementType(), [&](auto zero) -> FailureOr<Values> {
        using T = decltype(zero);
        std::vector<T> aValues = load<T>(a), bValues = load<T>(b);
        std::vector<T> x(bValues.size());
        int64_t batches = 1;
        for (int64_t d : a.getShape().drop_back(2))
          batches *= d;
        for (int64_t batch = 0; batch < batches; ++batch)
          solveMatrix(aValues.data() + batch * n * n,
                      bValues.data() + batch * rows * cols,
                      x.data() + batch * rows * cols, n, rows, cols, options);
        return Values{finish(x, type)};
      });
}

} // namespace

void registerLinearSolveOps(OpRegistry &registry) {
  registry.add(hlo::CholeskyOp::getOperationName(), evalCholesky);
  registry.add(hlo::TriangularSolveOp::getOperationName(), evalTriangularSolve);
}

} // namespace axle::interp

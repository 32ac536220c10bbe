//===- FftOps.cpp - evaluator of fft --------------------------------------===//
//
// Discrete Fourier transforms over the trailing size(fft_length) dimensions,
// computed as exact-definition DFTs (O(n^2) per line) in long double and
// rounded once to the result type, so that results are as close to the
// true transform as the type allows. Twiddle factors use the exponent
// j * k mod n, which keeps their arguments small and exact.
//
// FFT transforms every axis forward; IFFT inverts every axis (scaling by
// 1/n); RFFT transforms a real operand forward and keeps the first n/2 + 1
// entries of the last axis; IRFFT inverts the leading axes, then rebuilds
// the last axis of length n from its first n/2 + 1 entries by Hermitian
// symmetry (X[n - k] = conj(X[k])) and keeps the real part of its inverse.
// The imaginary parts of X[0] (and of X[n/2] for even n) then drop out,
// as in every real-output inverse transform.
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

using Complex = std::complex<long double>;

/// A row-major array of complex values with its shape.
struct ComplexArray {
  SmallVector<int64_t> shape;
  std::vector<Complex> values;
};

SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// exp(sign * 2 pi i * k / n) for k in [0, n).
std::vector<Complex> twiddles(int64_t n, int sign) {
  const long double twoPi = 6.283185307179586476925286766559005768L;
  std::vector<Complex> result(n);
  for (int64_t k = 0; k < n; ++k) {
    long double angle =
        twoPi * static_cast<long double>(k) / static_cast<long double>(n);
    result[k] = {std::cos(angle), sign * std::sin(angle)};
  }
  return result;
}

/// Replaces every line of `array` along `axis` by its DFT (forward) or
/// inverse DFT (scaled by 1/n).
void transformAxis(ComplexArray &array, int64_t axis, bool inverse) {
  int64_t n = array.shape[axis];
  if (n == 0 || array.values.empty())
    return;
  std::vector<Complex> w = twiddles(n, inverse ? 1 : -1);
  SmallVector<int64_t> strides = stridesOf(array.shape);
  int64_t stride = strides[axis];
  // Every line starts at an index whose `axis` coordinate is 0.
  SmallVector<int64_t> outer(array.shape);
  outer[axis] = 1;
  std::vector<Complex> line(n), out(n);
  Tensor::forEachIndex(outer, [&](ArrayRef<int64_t> index) {
    int64_t start = 0;
    for (auto [i, s] : llvm::zip(index, strides))
      start += i * s;
    for (int64_t j = 0; j < n; ++j)
      line[j] = array.values[start + j * stride];
    for (int64_t k = 0; k < n; ++k) {
      Complex sum = 0;
      for (int64_t j = 0; j < n; ++j)
        sum += line[j] * w[(j * k) % n];
      out[k] = inverse ? sum / static_cast<long double>(n) : sum;
    }
    for (int64_t k = 0; k < n; ++k)
      array.values[start + k * stride] = out[k];
  });
}

/// The elements of a float or complex tensor as complex values.
ComplexArray load(const Tensor &tensor) {
  ComplexArray array;
  array.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  array.values.reserve(tensor.size());
  for (int64_t i = 0; i < tensor.size(); ++i) {
    std::complex<double> value = tensor[i].toComplexDouble();
    array.values.emplace_back(value.real(), value.imag());
  }
  return array;
}

/// `array` with its last axis cut or extended (with zeros) to `size`.
ComplexArray resizeLastAxis(const ComplexArray &array, int64_t size) {
  ComplexArray result;
  result.shape = array.shape;
  int64_t old = result.shape.back();
  result.shape.back() = size;
  int64_t lines = old ? static_cast<int64_t>(array.values.size()) / old : 0;
  if (!old) {
    lines = 1;
    for (int64_t d : ArrayRef<int64_t>(array.shape).drop_back())
      lines *= d;
  }
  result.values.assign(lines * size, Complex(0));
  for (int64_t line = 0; line < lines; ++line)
    for (int64_t k = 0; k < std::min(old, size); ++k)
      result.values[line * size + k] = array.values[line * old + k];
  return result;
}

FailureOr<Values> evalFft(Operation *op, ArrayRef<RuntimeValue> operands,
                          Interpreter &) {
  auto fft = llvm::cast<hlo::FftOp>(op);
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> lengths = fft.getFftLength();
  int64_t rank = operand.getRank();
  int64_t count = static_cast<int64_t>(lengths.size());
  if (count < 1 || count > rank)
    return op->emitError() << "fft_length has " << count
                           << " entries for an operand of rank " << rank;
  hlo::FftType type = fft.getFftType();
  Type resultElement = resultTensorType(op).getElementType();
  int64_t first = rank - count;
  ComplexArray array = load(operand);

  // The lengths the transformed axes have; only the last axis of RFFT and
  // IRFFT differs between operand and result.
  for (int64_t i = 0; i + 1 < count; ++i)
    if (array.shape[first + i] != lengths[i])
      return op->emitError() << "fft_length " << lengths[i] << " differs from "
                             << "operand dimension " << first + i << " of size "
                             << array.shape[first + i];
  int64_t n = lengths.back();
  if (n < 0)
    return op->emitError() << "fft_length " << n << " is negative";
  // The size of the last axis on the complex side of RFFT and IRFFT.
  int64_t half = n == 0 ? 0 : n / 2 + 1;
  int64_t expectedLast = type == hlo::FftType::IRFFT ? half : n;
  if (array.shape.back() != expectedLast)
    return op->emitError() << "the last operand dimension has size "
                           << array.shape.back() << ", expected "
                           << expectedLast << " for fft_length " << n;

  switch (type) {
  case hlo::FftType::FFT:
  case hlo::FftType::IFFT:
    for (int64_t axis = first; axis < rank; ++axis)
      transformAxis(array, axis, type == hlo::FftType::IFFT);
    break;
  case hlo::FftType::RFFT:
    for (int64_t axis = first; axis < rank; ++axis)
      transformAxis(array, axis, /*inverse=*/false);
    array = resizeLastAxis(array, half);
    break;
  case hlo::FftType::IRFFT: {
    for (int64_t axis = first; axis + 1 < rank; ++axis)
      transformAxis(array, axis, /*inverse=*/true);
    array = resizeLastAxis(array, n);
    // Rebuild the upper half of every line from the lower one.
    for (size_t start = 0; n > 0 && start < array.values.size();
         start += static_cast<size_t>(n))
      for (int64_t k = half; k < n; ++k)
        array.values[start + k] = std::conj(array.values[start + (n - k)]);
    transformAxis(array, rank - 1, /*inverse=*/true);
    break;
  }
  }

  auto resultType = RankedTensorType::get(array.shape, resultElement);
  Tensor result(resultType);
  bool complexResult = llvm::isa<ComplexType>(resultElement);
  for (size_t i = 0; i < array.values.size(); ++i) {
    const Complex &value = array.values[i];
    result.set(static_cast<int64_t>(i),
               complexResult
                   ? Element::fromComplex(resultElement,
                                          {static_cast<double>(value.real()),
                                           static_cast<double>(value.imag())})
                   : Element::fromDouble(resultElement,
                                         static_cast<double>(value.real())));
  }
  return Values{std::move(result)};
}

} // namespace

void registerFftOps(OpRegistry &registry) {
  registry.add(hlo::FftOp::getOperationName(), evalFft);
}

} // namespace axle::interp

//===- ProductSum.h - sums of products for contractions ---------*- C++ -*-===//
//
// dot_general, dot, einsum, unary_einsum and convolution compute sums of
// products of operand elements. What they share lives here:
//
// * The type a sum accumulates in, chosen from the result element type the
//   way XLA on CPU does it (the conformance corpus was computed there):
//   integers wrap in 64 bits and are truncated to the result width (which is
//   arithmetic modulo 2^width), f32 and every narrower float (f16, bf16, f8)
//   accumulate in f32 and are rounded to the result type once at the end,
//   f64 in f64, complex numbers per part in their part's precision. Real
//   float terms are added with fused multiply-adds, in the order of the
//   contracting dimensions.
// * Loading an operand into that type: each element is first converted to
//   the result element type (the specification multiplies and adds in the
//   result type), then widened to the accumulation type.
// * The quantized forms: quantized operands are dequantized, the sum is
//   computed in the expressed type and a quantized result is quantized
//   (dequantize_op_quantize, and hybrid_dequantize_then_op for a float lhs).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_OPS_PRODUCTSUM_H
#define AXLE_INTERPRETER_OPS_PRODUCTSUM_H

#include "interpreter/ops/EvalHelpers.h"

#include <cmath>
#include <complex>
#include <cstdint>
#include <vector>

namespace axle::interp {

/// The accumulation types.
enum class SumKind { Integer, Float32, Float64, Complex64, Complex128 };

/// The accumulation type for sums whose result has `resultElement` type
/// (already the expressed type for quantized results); nullopt for element
/// types the interpreter cannot sum (e.g. f80, i128).
std::optional<SumKind> sumKindFor(mlir::Type resultElement);

/// Elements of `tensor` (not quantized) converted to `resultElement` and
/// held in the accumulation type. Fails with an error at `op` for
/// conversions the contraction ops do not define (float or complex operands
/// with an integer result, complex operands with a real result).
mlir::LogicalResult loadOperand(mlir::Operation *op, const Tensor &tensor,
                                mlir::Type resultElement,
                                std::vector<uint64_t> &values);
mlir::LogicalResult loadOperand(mlir::Operation *op, const Tensor &tensor,
                                mlir::Type resultElement,
                                std::vector<float> &values);
mlir::LogicalResult loadOperand(mlir::Operation *op, const Tensor &tensor,
                                mlir::Type resultElement,
                                std::vector<double> &values);
mlir::LogicalResult loadOperand(mlir::Operation *op, const Tensor &tensor,
                                mlir::Type resultElement,
                                std::vector<std::complex<float>> &values);
mlir::LogicalResult loadOperand(mlir::Operation *op, const Tensor &tensor,
                                mlir::Type resultElement,
                                std::vector<std::complex<double>> &values);

/// A finished sum as an element of `resultElement` (rounded once).
Element storeSum(uint64_t sum, mlir::Type resultElement);
Element storeSum(float sum, mlir::Type resultElement);
Element storeSum(double sum, mlir::Type resultElement);
Element storeSum(std::complex<float> sum, mlir::Type resultElement);
Element storeSum(std::complex<double> sum, mlir::Type resultElement);

/// acc += a * b. Integers wrap. Real floats use one fused multiply-add
/// (a * b + acc rounded once), as XLA's CPU kernels and compiled axle code
/// do: each output's sum then has one exactly defined value for a given
/// order of the terms, which compiled code reproduces bit for bit with
/// vector FMA instructions. Complex products use the textbook formula, as
/// XLA does, without C99 Annex G's recovery of infinities.
template <typename T> inline void multiplyAdd(T &acc, const T &a, const T &b) {
  acc += a * b;
}
inline void multiplyAdd(float &acc, const float &a, const float &b) {
  acc = std::fma(a, b, acc);
}
inline void multiplyAdd(double &acc, const double &a, const double &b) {
  acc = std::fma(a, b, acc);
}
template <typename F>
inline void multiplyAdd(std::complex<F> &acc, const std::complex<F> &a,
                        const std::complex<F> &b) {
  acc =
      std::complex<F>(acc.real() + (a.real() * b.real() - a.imag() * b.imag()),
                      acc.imag() + (a.real() * b.imag() + a.imag() * b.real()));
}

/// Calls `fn(T{})` with the accumulation type T of `kind`.
template <typename Fn> auto dispatchSumKind(SumKind kind, Fn &&fn) {
  switch (kind) {
  case SumKind::Integer:
    return fn(uint64_t{});
  case SumKind::Float32:
    return fn(float{});
  case SumKind::Float64:
    return fn(double{});
  case SumKind::Complex64:
    return fn(std::complex<float>{});
  case SumKind::Complex128:
    break;
  }
  return fn(std::complex<double>{});
}

/// The operands of a contraction after dequantization, and the element type
/// its sums are computed in.
struct ContractionInputs {
  Tensor lhs;
  Tensor rhs;
  mlir::Type computeElement;
};
ContractionInputs dequantizeContraction(const Tensor &lhs, const Tensor &rhs,
                                        mlir::RankedTensorType resultType);

/// Builds the result of a contraction from its sums (computed for the
/// result shape in the compute element type), quantizing if the result type
/// is quantized.
template <typename T>
Tensor finishContraction(const std::vector<T> &sums,
                         mlir::RankedTensorType resultType,
                         mlir::Type computeElement) {
  auto computeType =
      mlir::RankedTensorType::get(resultType.getShape(), computeElement);
  Tensor result(computeType);
  for (size_t i = 0; i < sums.size(); ++i)
    result.set(static_cast<int64_t>(i), storeSum(sums[i], computeElement));
  if (computeElement != resultType.getElementType())
    return quantize(result, resultType);
  return result;
}

/// Row-major strides of `shape`.
llvm::SmallVector<int64_t> rowMajorStrides(llvm::ArrayRef<int64_t> shape);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_OPS_PRODUCTSUM_H

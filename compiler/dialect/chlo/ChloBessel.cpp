//===- ChloBessel.cpp - bessel_i1e as stablehlo ---------------------------===//
//
// i1e(x) = exp(-|x|) I1(x) is odd. For y = |x| <= 8 it is x times a
// Chebyshev series of i1e(y) / y (two pieces); beyond, sign(x) times a
// series of sqrt(y) i1e(y) in v = 1/y, divided by sqrt(y) (the large-y
// behavior is 1 / sqrt(2 pi y)). Coefficients: ChloCoefficients.h.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/ChloCoefficients.h"
#include "compiler/dialect/chlo/ChloFunctions.h"

using namespace mlir;

namespace axle::chlo::fn {

Value besselI1e(MathBuilder &m, Value x) {
  bool f64 = MathBuilder::elementType(x).isF64();
  Value y = m.abs(x);

  PiecewiseChebyshev small =
      f64 ? makeTable(coeff::kI1eSmallF64, coeff::kI1eSmallF64Bounds)
          : makeTable(coeff::kI1eSmallF32, coeff::kI1eSmallF32Bounds);
  Value nearSeries = m.piecewiseChebyshev(y, small, [&](Value lo, Value hi) {
    return m.div(m.sub(m.add(y, y), m.add(lo, hi)), m.sub(hi, lo));
  });
  Value near = m.mul(x, nearSeries);

  ArrayRef<double> large = f64 ? ArrayRef<double>(coeff::kI1eLargeF64[0])
                               : ArrayRef<double>(coeff::kI1eLargeF32[0]);
  double vMax = coeff::kI1eLargeF64Bounds[1];
  // v = 1/y in [0, 1/8] maps to s = 2 v / vMax - 1.
  Value s = m.sub(m.div(m.cst(x, 2.0 / vMax), y), m.cst(x, 1.0));
  Value far = m.div(m.chebyshev(s, large), m.sqrt(y));
  far = m.copySign(far, x);

  return m.select(m.le(y, m.cst(x, small.bounds.back())), near, far);
}

} // namespace axle::chlo::fn

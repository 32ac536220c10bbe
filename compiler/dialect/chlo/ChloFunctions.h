//===- ChloFunctions.h - formulas of the chlo functions ---------*- C++ -*-===//
//
// Each function builds, with a MathBuilder, the stablehlo computation of one
// mathematical function on a tensor of f32 or f64 (callers widen narrower
// floats first) or, for the *Complex variants, of complex<f32/f64>. The
// decomposition patterns and the functions that build on others (polygamma
// on digamma and zeta) share them.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_CHLO_CHLOFUNCTIONS_H
#define AXLE_COMPILER_DIALECT_CHLO_CHLOFUNCTIONS_H

#include "compiler/dialect/chlo/ChloMath.h"

namespace axle::chlo::fn {

// Error functions (ChloErf.cpp).
mlir::Value erf(MathBuilder &m, mlir::Value x);
mlir::Value erfc(MathBuilder &m, mlir::Value x);
mlir::Value erfInv(MathBuilder &m, mlir::Value x);

// Gamma family (ChloGamma.cpp).
mlir::Value lgamma(MathBuilder &m, mlir::Value x);
mlir::Value digamma(MathBuilder &m, mlir::Value x);
mlir::Value zeta(MathBuilder &m, mlir::Value s, mlir::Value q);
mlir::Value polygamma(MathBuilder &m, mlir::Value n, mlir::Value x);

// Bessel (ChloBessel.cpp).
mlir::Value besselI1e(MathBuilder &m, mlir::Value x);

// Real trigonometric and hyperbolic functions (ChloTrig.cpp).
mlir::Value acos(MathBuilder &m, mlir::Value x);
mlir::Value asin(MathBuilder &m, mlir::Value x);
mlir::Value atan(MathBuilder &m, mlir::Value x);
mlir::Value acosh(MathBuilder &m, mlir::Value x);
mlir::Value asinh(MathBuilder &m, mlir::Value x);
mlir::Value atanh(MathBuilder &m, mlir::Value x);
mlir::Value cosh(MathBuilder &m, mlir::Value x);
mlir::Value sinh(MathBuilder &m, mlir::Value x);
mlir::Value tan(MathBuilder &m, mlir::Value x);

// Complex trigonometric and hyperbolic functions (ChloComplexTrig.cpp).
mlir::Value acosComplex(MathBuilder &m, mlir::Value z);
mlir::Value asinComplex(MathBuilder &m, mlir::Value z);
mlir::Value atanComplex(MathBuilder &m, mlir::Value z);
mlir::Value acoshComplex(MathBuilder &m, mlir::Value z);
mlir::Value asinhComplex(MathBuilder &m, mlir::Value z);
mlir::Value atanhComplex(MathBuilder &m, mlir::Value z);
mlir::Value coshComplex(MathBuilder &m, mlir::Value z);
mlir::Value sinhComplex(MathBuilder &m, mlir::Value z);
mlir::Value tanComplex(MathBuilder &m, mlir::Value z);

// Bit-level functions (ChloBits.cpp); any float type, no widening.
mlir::Value nextAfter(MathBuilder &m, mlir::Value x, mlir::Value y);

} // namespace axle::chlo::fn

#endif // AXLE_COMPILER_DIALECT_CHLO_CHLOFUNCTIONS_H

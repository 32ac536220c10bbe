//===- ChloMath.h - elementwise stablehlo arithmetic builder ----*- C++ -*-===//
//
// MathBuilder emits stablehlo ops on tensors that all share one shape (the
// shape of the value being decomposed), so the decompositions read like the
// formulas they implement: `m.add(m.mul(x, x), m.cst(x, 1.0))`. Constants
// are splats of that shape; for dynamic shapes they are broadcast from a
// scalar with dynamic_broadcast_in_dim.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_CHLO_CHLOMATH_H
#define AXLE_COMPILER_DIALECT_CHLO_CHLOMATH_H

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace axle::chlo {

/// Chebyshev series on consecutive intervals: row i holds the coefficients
/// (c_0 halved) for x in [bounds[i], bounds[i+1]]; all rows have `width`.
struct PiecewiseChebyshev {
  llvm::ArrayRef<double> bounds;
  const double *coeffs;
  int64_t width;

  int64_t pieces() const { return bounds.size() - 1; }
  double at(int64_t piece, int64_t k) const {
    return coeffs[piece * width + k];
  }
};

template <size_t K, size_t W>
PiecewiseChebyshev makeTable(const double (&coeffs)[K][W],
                             const double (&bounds)[K + 1]) {
  return {llvm::ArrayRef<double>(bounds), &coeffs[0][0],
          static_cast<int64_t>(W)};
}

class MathBuilder {
public:
  /// Values built have the shape of `shapeSource`.
  MathBuilder(mlir::OpBuilder &builder, mlir::Location loc,
              mlir::Value shapeSource);

  mlir::OpBuilder &builder() { return b; }
  mlir::Location loc() const { return location; }

  /// The tensor type of the common shape with `elementType`.
  mlir::RankedTensorType tensorOf(mlir::Type elementType) const;
  static mlir::Type elementType(mlir::Value value);

  //--- Constants -----------------------------------------------------------
  /// A splat of `value` with `elementType` (float or integer).
  mlir::Value splat(mlir::Type elementType, double value);
  mlir::Value splatInt(mlir::Type elementType, const llvm::APInt &value);
  mlir::Value splatInt(mlir::Type elementType, int64_t value);
  /// A splat of `value` in the element type of `like`.
  mlir::Value cst(mlir::Value like, double value) {
    return splat(elementType(like), value);
  }
  mlir::Value inf(mlir::Value like) {
    return cst(like, std::numeric_limits<double>::infinity());
  }
  mlir::Value nan(mlir::Value like) {
    return cst(like, std::numeric_limits<double>::quiet_NaN());
  }
  /// Largest finite value, smallest normal and epsilon of a float type.
  static double largest(mlir::Type floatType);
  static double smallestNormal(mlir::Type floatType);
  static double epsilon(mlir::Type floatType);
  static int mantissaBits(mlir::Type floatType);

  //--- Elementwise ops -----------------------------------------------------
  mlir::Value add(mlir::Value a, mlir::Value b);
  mlir::Value sub(mlir::Value a, mlir::Value b);
  mlir::Value mul(mlir::Value a, mlir::Value b);
  mlir::Value div(mlir::Value a, mlir::Value b);
  mlir::Value rem(mlir::Value a, mlir::Value b);
  mlir::Value max(mlir::Value a, mlir::Value b);
  mlir::Value min(mlir::Value a, mlir::Value b);
  mlir::Value pow(mlir::Value a, mlir::Value b);
  mlir::Value atan2(mlir::Value y, mlir::Value x);
  mlir::Value neg(mlir::Value a);
  mlir::Value abs(mlir::Value a);
  mlir::Value exp(mlir::Value a);
  mlir::Value expm1(mlir::Value a);
  mlir::Value log(mlir::Value a);
  mlir::Value log1p(mlir::Value a);
  mlir::Value sqrt(mlir::Value a);
  mlir::Value sin(mlir::Value a);
  mlir::Value cos(mlir::Value a);
  mlir::Value tan(mlir::Value a);
  mlir::Value tanh(mlir::Value a);
  mlir::Value floor(mlir::Value a);
  /// Round to nearest, ties to even.
  mlir::Value round(mlir::Value a);
  mlir::Value isFinite(mlir::Value a);
  mlir::Value shiftLeft(mlir::Value a, mlir::Value b);
  mlir::Value shiftRightLogical(mlir::Value a, mlir::Value b);
  mlir::Value shiftRightArithmetic(mlir::Value a, mlir::Value b);

  //--- Predicates and selection --------------------------------------------
  mlir::Value cmp(stablehlo::ComparisonDirection direction, mlir::Value a,
                  mlir::Value b);
  mlir::Value lt(mlir::Value a, mlir::Value b) {
    return cmp(stablehlo::ComparisonDirection::LT, a, b);
  }
  mlir::Value le(mlir::Value a, mlir::Value b) {
    return cmp(stablehlo::ComparisonDirection::LE, a, b);
  }
  mlir::Value gt(mlir::Value a, mlir::Value b) {
    return cmp(stablehlo::ComparisonDirection::GT, a, b);
  }
  mlir::Value ge(mlir::Value a, mlir::Value b) {
    return cmp(stablehlo::ComparisonDirection::GE, a, b);
  }
  mlir::Value eq(mlir::Value a, mlir::Value b) {
    return cmp(stablehlo::ComparisonDirection::EQ, a, b);
  }
  mlir::Value ne(mlir::Value a, mlir::Value b) {
    return cmp(stablehlo::ComparisonDirection::NE, a, b);
  }
  mlir::Value select(mlir::Value pred, mlir::Value onTrue, mlir::Value onFalse);
  mlir::Value andOp(mlir::Value a, mlir::Value b);
  mlir::Value orOp(mlir::Value a, mlir::Value b);
  mlir::Value xorOp(mlir::Value a, mlir::Value b);
  mlir::Value notOp(mlir::Value a);

  //--- Conversions ---------------------------------------------------------
  mlir::Value convert(mlir::Value a, mlir::Type elementType);
  mlir::Value bitcast(mlir::Value a, mlir::Type elementType);
  /// The signless integer type as wide as float type `floatType`.
  mlir::Type bitsType(mlir::Type floatType);
  /// The type to compute a float function in: f32 for narrower floats.
  static mlir::Type computeType(mlir::Type floatType);
  /// Converts to computeType (a no-op for f32/f64).
  mlir::Value widen(mlir::Value a);
  /// Converts back to `elementType` when it differs.
  mlir::Value narrow(mlir::Value a, mlir::Type elementType);

  //--- Complex numbers -----------------------------------------------------
  mlir::Value real(mlir::Value z);
  mlir::Value imag(mlir::Value z);
  mlir::Value complex(mlir::Value re, mlir::Value im);

  //--- Compound helpers ----------------------------------------------------
  /// |mag| with the sign bit of `sign` (also for zeros and NaN).
  mlir::Value copySign(mlir::Value mag, mlir::Value sign);
  /// sum_k coeffs[k] x^k by Horner's rule.
  mlir::Value polynomial(mlir::Value x, llvm::ArrayRef<double> coeffs);
  /// sum_k c_k T_k(s) by Clenshaw's recurrence, c_0 already halved.
  mlir::Value chebyshev(mlir::Value s, llvm::ArrayRef<double> coeffs);
  /// Evaluates the piece of `table` that `x` falls in (clamped to the first
  /// and last piece); `mapVariable(lo, hi)` gives the series variable s in
  /// [-1, 1] for a piece [lo, hi] (values already picked per element).
  mlir::Value piecewiseChebyshev(
      mlir::Value x, const PiecewiseChebyshev &table,
      llvm::function_ref<mlir::Value(mlir::Value lo, mlir::Value hi)>
          mapVariable);
  /// Chooses per element among `values` by the first true predicate of
  /// `preds` (values[i + 1] when preds[i]; later predicates win), starting
  /// from values[0].
  mlir::Value pick(mlir::Value like, llvm::ArrayRef<mlir::Value> preds,
                   llvm::ArrayRef<double> values);
  /// exp(-x * x) without the rounding error of squaring a large x.
  mlir::Value expNegSquare(mlir::Value x);

private:
  mlir::Value shapeTensor();
  template <typename OpTy> mlir::Value unary(mlir::Value a);
  template <typename OpTy> mlir::Value binary(mlir::Value a, mlir::Value b);

  mlir::OpBuilder &b;
  mlir::Location location;
  mlir::RankedTensorType shape;
  mlir::Value shapeSource;
  mlir::Value dynamicShape;
};

} // namespace axle::chlo

#endif // AXLE_COMPILER_DIALECT_CHLO_CHLOMATH_H

//===- Lowering.h - shared pieces of the stablehlo lowering -----*- C++ -*-===//
//
// Internal header of compiler/lowering: the type converter, the pattern
// sets of each op family (one .cpp file per family) and the helpers they
// share for building linalg.generic ops and scalar code.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_LOWERING_LOWERING_H
#define AXLE_COMPILER_LOWERING_LOWERING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace axle::lowering {

/// stablehlo types to the types of the lowered program: unsigned integers
/// become signless integers of the same width (ops remember signedness
/// from the original types); everything else the lowering handles keeps
/// its type. Quantized types, tokens and tuples have no conversion.
class StablehloTypeConverter : public mlir::TypeConverter {
public:
  StablehloTypeConverter();
};

/// The signless element type `type` lowers to (ui32 -> i32), or `type`.
mlir::Type convertElementType(mlir::Type type);
/// The element type of a shaped type, or the type itself for scalars.
mlir::Type elementTypeOf(mlir::Type type);
/// True for unsigned integer types (ui8..ui64); i1 counts as unsigned.
bool isUnsignedInt(mlir::Type elementType);

//===----------------------------------------------------------------------===//
// Pattern sets, one per op family (file named after the family).
//===----------------------------------------------------------------------===//

using mlir::RewritePatternSet;
using mlir::TypeConverter;

/// Elementwise ops, constant, iota, convert, compare, select, clamp, map.
void populateElementwisePatterns(const TypeConverter &, RewritePatternSet &);
/// broadcast_in_dim, reshape, transpose, slice, concatenate, pad, reverse,
/// dynamic_slice, dynamic_update_slice, get_dimension_size.
void populateShapePatterns(const TypeConverter &, RewritePatternSet &);
/// reduce, reduce_window, select_and_scatter. With `reassociate`
/// (--reassociate-reductions), float sums and products of every dimension
/// (4096 or more elements) fold in another order (ReduceSchedule.h).
void populateReductionPatterns(const TypeConverter &, RewritePatternSet &,
                               bool reassociate = false);
/// dot_general, dot, convolution.
void populateContractionPatterns(const TypeConverter &, RewritePatternSet &);
/// gather, scatter, sort.
void populateIndexingPatterns(const TypeConverter &, RewritePatternSet &);
/// triangular_solve, cholesky.
void populateLinearAlgebraPatterns(const TypeConverter &, RewritePatternSet &);
/// fft (all four kinds).
void populateFftPatterns(const TypeConverter &, RewritePatternSet &);
/// custom_call: a call of a C function registered with the runtime.
void populateCustomCallPatterns(const TypeConverter &, RewritePatternSet &);
/// rng_bit_generator, rng.
void populateRandomPatterns(const TypeConverter &, RewritePatternSet &);
/// while, if, case, optimization_barrier, call/return plumbing,
/// replica_id/partition_id and single-device collectives.
void populateControlFlowPatterns(const TypeConverter &, RewritePatternSet &);

//===----------------------------------------------------------------------===//
// Builders shared by the families.
//===----------------------------------------------------------------------===//

/// Scalar code of one elementwise stablehlo op (the op itself names the
/// function, its attributes the variant). `operandTypes`/`resultType` are
/// the ORIGINAL element types (signedness, quantization-free); `args` are
/// the lowered scalar operands. Fails, with a diagnostic at `op`, for
/// element types or ops without a scalar lowering.
mlir::FailureOr<mlir::Value> emitScalarOp(mlir::OpBuilder &b,
                                          mlir::Operation *op,
                                          mlir::TypeRange operandTypes,
                                          mlir::Type resultType,
                                          mlir::ValueRange args);

/// Whether emitScalarOp has scalar code for `op` on these ORIGINAL element
/// types; when not, the reason goes to `why`. Builds and emits nothing, so
/// patterns call it before creating any IR.
bool hasScalarLowering(mlir::Operation *op, mlir::TypeRange operandTypes,
                       mlir::Type resultType, std::string *why);

/// Converts a scalar from original element type `from` to `to` with
/// stablehlo.convert semantics (saturating float->int, NaN->0, ...).
mlir::Value emitScalarConvert(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value value, mlir::Type from,
                              mlir::Type to);

/// Evaluates a single-block region of stablehlo ops on 0-d tensors (a
/// reduction body, a comparator, a scatter update) as scalar code on
/// `args`: returns the scalars its terminator returns. Fails, with a
/// diagnostic at the offending op, when an op in the region is not
/// elementwise or a 0-d constant.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitScalarRegion(mlir::OpBuilder &b, mlir::Region &region,
                 mlir::ValueRange args);

/// An empty tensor of `type` (static shapes only) to use as a destination.
mlir::Value emptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::RankedTensorType type);

/// A linalg.generic with parallel loops over the index space of
/// `resultTypes` (static tensors, all of one shape) that reads `inputs`
/// through `inputMaps` and writes one new tensor per result type with the
/// identity map: `body(b, loc, inputScalars)` returns one scalar per
/// result. The common core of the elementwise-style generics.
llvm::SmallVector<mlir::Value> buildMultiResultGeneric(
    mlir::OpBuilder &b, mlir::Location loc, mlir::TypeRange resultTypes,
    mlir::ValueRange inputs, llvm::ArrayRef<mlir::AffineMap> inputMaps,
    llvm::function_ref<llvm::SmallVector<mlir::Value>(
        mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>
        body);

/// buildMultiResultGeneric with the one result `resultType`.
mlir::Value buildParallelGeneric(
    mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType resultType,
    mlir::ValueRange inputs, llvm::ArrayRef<mlir::AffineMap> inputMaps,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::ValueRange)>
        body);

/// A linalg.generic writing a new tensor of `resultType` whose element at
/// each index is `body(b, loc, inputScalars)`, reading every input with the
/// identity map (all inputs have the result's shape).
mlir::Value buildMapGeneric(
    mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType resultType,
    mlir::ValueRange inputs,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::ValueRange)>
        body);

/// The element of a 0-d tensor.
mlir::Value extractScalar(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value tensor0d);

/// A scalar zero of a lowered element type (integer, float or complex).
mlir::Value zeroScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type);

/// A tensor of `type` with every element `value` (a linalg.fill of an
/// empty tensor).
mlir::Value filledTensor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::RankedTensorType type, mlir::Value value);

/// `input` with `low`/`high` edge padding (negative values crop) and
/// `dilation - 1` holes between elements, all filled with `padValue`: the
/// padded, dilated operand of reduce_window (base dilation) and convolution
/// (lhs dilation).
mlir::Value padAndDilate(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value input, mlir::Value padValue,
                         llvm::ArrayRef<int64_t> low,
                         llvm::ArrayRef<int64_t> high,
                         llvm::ArrayRef<int64_t> dilation);

/// The [rank, 2] padding attribute of a windowed op as low and high lists
/// (zeros if absent); fails when its size does not match `rank`.
mlir::LogicalResult readPadding(std::optional<mlir::DenseIntElementsAttr> attr,
                                int64_t rank, llvm::SmallVector<int64_t> &low,
                                llvm::SmallVector<int64_t> &high);

/// An optional per-dimension window attribute, or `rank` copies of `fill`
/// when it is absent.
llvm::SmallVector<int64_t> orFill(std::optional<llvm::ArrayRef<int64_t>> values,
                                  int64_t rank, int64_t fill);

/// The multi-index of `linear` in row-major `shape` (index values), for
/// loop nests that walk a shape with one loop.
llvm::SmallVector<mlir::Value> delinearize(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           mlir::Value linear,
                                           llvm::ArrayRef<int64_t> shape);

/// Why element type `type` is outside the types the f64 / double-double
/// arithmetic of WideArith.h computes in (f16, bf16, f32, f64 and complex
/// numbers of f32 or f64), or "" when it is inside.
std::string unsupportedFloatElement(mlir::Type type);

/// The error for a case this lowering does not handle, at `op`:
/// "axle cannot compile 'stablehlo.X': <why>".
mlir::LogicalResult unsupported(mlir::Operation *op, const llvm::Twine &why);

} // namespace axle::lowering

#endif // AXLE_COMPILER_LOWERING_LOWERING_H

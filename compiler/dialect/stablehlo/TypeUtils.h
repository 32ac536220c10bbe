//===- TypeUtils.h - shape and type checks shared by verifiers --*- C++ -*-===//
//
// Helpers that phrase the specification's recurring constraints (compatible
// shapes, dimension lists, element types of quantized tensors) once, so that
// each verifier reads like its constraint list.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_TYPEUTILS_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_TYPEUTILS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <utility>

namespace axle::stablehlo {

/// `[2, ?, 3]`: a shape or list of sizes as diagnostics show it.
std::string formatSizes(llvm::ArrayRef<int64_t> sizes);
/// One dimension size as diagnostics show it: the number, or `?`.
std::string formatSize(int64_t size);

/// num_windows of reduce_window's (C15) along one dimension (select_and_
/// scatter's (C2) is the case of unit dilations): dynamic when the input
/// size is, or when the sizes overflow int64_t.
int64_t numWindows(int64_t inputSize, int64_t baseDilation,
                   std::pair<int64_t, int64_t> padding, int64_t windowSize,
                   int64_t windowDilation, int64_t stride);

/// Two dimension sizes are compatible when equal or when either is dynamic.
bool compatibleDim(int64_t a, int64_t b);
/// Shapes are compatible when ranks agree and every dimension is compatible.
bool compatibleShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);

/// The element type with quantization parameters stripped to what the
/// specification compares: for `!quant.uniform` the storage and expressed
/// types; other types are returned as they are.
mlir::Type baselineElementType(mlir::Type elementType);
/// Element types agree for an op that requires "same element type": equal, or
/// both quantized with the same storage and expressed types.
bool sameBaselineElementType(mlir::Type a, mlir::Type b);
/// True when `type` is a quantized element type (per-tensor or per-axis).
bool isQuantized(mlir::Type elementType);

/// Checks that every entry of `dims` is in [0, rank) and (when `unique`) that
/// no entry repeats. `what` names the attribute in diagnostics.
mlir::LogicalResult verifyDimensions(mlir::Operation *op,
                                     llvm::ArrayRef<int64_t> dims, int64_t rank,
                                     llvm::StringRef what, bool unique = true);
/// Checks that `dims` is a permutation of [0, rank).
mlir::LogicalResult verifyPermutation(mlir::Operation *op,
                                      llvm::ArrayRef<int64_t> dims,
                                      int64_t rank, llvm::StringRef what);
/// Checks a `tensor<Nx2xi64>` padding attribute for a rank-N operand.
mlir::LogicalResult verifyPaddingShape(mlir::Operation *op,
                                       mlir::DenseIntElementsAttr padding,
                                       int64_t rank);
/// Checks replica_groups / source_target_pairs are a 2-D i64 tensor.
mlir::LogicalResult verifyGroups(mlir::Operation *op,
                                 mlir::DenseIntElementsAttr groups,
                                 llvm::StringRef what, bool uniqueIds,
                                 int64_t expectedColumns = -1);

/// The specification's is_promotable: `to` can hold every value of `from`
/// (same kind: bool, integer, float, complex or quantized with the same
/// expressed type; and at least as wide).
bool isPromotable(mlir::Type from, mlir::Type to);

/// Verifies that `region` has one block whose arguments are 0-d tensors of
/// `argElementTypes` (in order) and whose terminator returns 0-d tensors of
/// `resultElementTypes`.
mlir::LogicalResult
verifyScalarComputation(mlir::Operation *op, mlir::Region &region,
                        llvm::StringRef what,
                        llvm::ArrayRef<mlir::Type> argElementTypes,
                        llvm::ArrayRef<mlir::Type> resultElementTypes);

/// Verifies a reduction body of the shape the specification gives reduce,
/// reduce_window, all_reduce and friends: `(tensor<E0>, ..., tensor<EN-1>,
/// tensor<E0>, ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>)` with
/// `N = numInputs`. On success `accumulatorTypes` holds E0, ..., EN-1; the
/// caller checks them against its inputs (is_promotable) and results.
mlir::LogicalResult
verifyReducerComputation(mlir::Operation *op, mlir::Region &region,
                         llvm::StringRef what, size_t numInputs,
                         llvm::SmallVectorImpl<mlir::Type> &accumulatorTypes);

/// The operand and result types of the region's terminator.
mlir::TypeRange regionResultTypes(mlir::Region &region);

} // namespace axle::stablehlo

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_TYPEUTILS_H

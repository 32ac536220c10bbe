//===- ChloVerify.h - checks shared by the chlo verifiers -------*- C++ -*-===//
//
// Verifiers that several chlo operations share, plus the broadcasting rule
// that both the verifiers and the decomposition use.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_CHLO_CHLOVERIFY_H
#define AXLE_COMPILER_DIALECT_CHLO_CHLOVERIFY_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace axle::chlo {

/// Unary elementwise op whose operand and result have the same element type
/// and compatible shapes.
llvm::LogicalResult verifySameTypeUnary(mlir::Operation *op);
/// Unary elementwise test (is_inf, ...): i1 result of the operand's shape.
llvm::LogicalResult verifyPredicateUnary(mlir::Operation *op);
/// Binary elementwise op: operands and result share element type and shape.
llvm::LogicalResult verifySameTypeBinary(mlir::Operation *op);

/// Broadcasting binary op: operands share an element type, which is the
/// result's; the result shape is the broadcast of the operand shapes.
llvm::LogicalResult
verifyBroadcastSameType(mlir::Operation *op,
                        std::optional<llvm::ArrayRef<int64_t>> broadcastDims);
/// broadcast_complex: f32/f64 operands of one type, complex of it as result.
llvm::LogicalResult
verifyBroadcastComplex(mlir::Operation *op,
                       std::optional<llvm::ArrayRef<int64_t>> broadcastDims);
/// Checks the broadcast of the two operand shapes against the result shape.
llvm::LogicalResult
verifyBroadcastShapes(mlir::Operation *op, mlir::Type lhs, mlir::Type rhs,
                      mlir::Type result,
                      std::optional<llvm::ArrayRef<int64_t>> broadcastDims);

/// For an operand of rank `operandRank` broadcast into rank `resultRank`
/// (the larger operand rank), the result dimension each operand dimension
/// maps to: the identity for a full-rank operand, else `broadcastDims` when
/// given, else the trailing dimensions.
llvm::SmallVector<int64_t>
broadcastOperandDims(int64_t operandRank, int64_t resultRank,
                     std::optional<llvm::ArrayRef<int64_t>> broadcastDims);

/// The broadcast shape of `lhs` and `rhs` (dynamic sizes are
/// `ShapedType::kDynamic`), or an error message saying why they do not
/// broadcast.
std::optional<llvm::SmallVector<int64_t>>
broadcastShape(llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs,
               std::optional<llvm::ArrayRef<int64_t>> broadcastDims,
               std::string &error);

} // namespace axle::chlo

#endif // AXLE_COMPILER_DIALECT_CHLO_CHLOVERIFY_H

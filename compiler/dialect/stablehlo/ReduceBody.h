//===- ReduceBody.h - reduction bodies that are one binary op ---*- C++ -*-===//
//
// reduce and reduce_window bodies as JAX and friends export them are most
// often one op (add, multiply, maximum, ...) of the accumulator and the
// element, returned. The simplifier, the cumulative-window lowering and the
// reassociated schedule all ask for that shape; this is the one test.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_REDUCEBODY_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_REDUCEBODY_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"

namespace axle::stablehlo {

/// The op of `body` when the body is exactly one op of its two block
/// arguments (in either order), with one result that it returns; null for
/// any other body.
inline mlir::Operation *singleBinaryCombiner(mlir::Region &body) {
  if (!body.hasOneBlock())
    return nullptr;
  mlir::Block &block = body.front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return nullptr;
  mlir::Operation &op = block.front();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1)
    return nullptr;
  mlir::Value a = block.getArgument(0), b = block.getArgument(1);
  mlir::Value lhs = op.getOperand(0), rhs = op.getOperand(1);
  if (!((lhs == a && rhs == b) || (lhs == b && rhs == a)))
    return nullptr;
  mlir::Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != 1 ||
      terminator->getOperand(0) != op.getResult(0))
    return nullptr;
  return &op;
}

} // namespace axle::stablehlo

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_REDUCEBODY_H

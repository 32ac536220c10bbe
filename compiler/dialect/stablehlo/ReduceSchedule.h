//===- ReduceSchedule.h - the order in which reduce folds -------*- C++ -*-===//
//
// The specification lets each implementation pick the tree in which reduce
// applies its body, as long as the inputs appear in index order (with init
// values interspersed anywhere). axle's choice, shared by the interpreter
// and the compiler so that both compute the same bits:
//  - in general, one fold per result element from the init values,
//    through the inputs in row-major order: acc = body(acc, x);
//  - a reduction of every dimension of a large input (N >= 65536 elements,
//    a multiple of 32) splits the input, in row-major order, into 32
//    contiguous chunks, folds each from the init values, then folds the 32
//    partial results, in order, from the init values. The chunks can be
//    reduced side by side (vector lanes, threads), where one fold over 16 Mi
//    elements is a chain of 16 Mi dependent operations.
// The chunked form applies when the inputs, init values, results and body
// arguments share one element type per operand (so a partial result can
// take an input's place).
//
// Compiled code leaves this order only where the user allows it
// (--reassociate-reductions, implied by --fast-math): float sums and
// products may then combine their elements in any order, as XLA:CPU and
// IREE combine them. A full reduction of that kind (N >= 4096 elements, a
// multiple of 256) then folds the input as [N / 256, 256] down its columns
// (one read stream, 256 partial results in registers) and then the 256
// partial results. From 1 Mi elements on, where the input comes from
// memory, it takes the chunked schedule instead, and the code generator
// reassociates each chunk's fold (the order-free row reduction): 32
// chunks read side by side, 16 of them in the lanes of each vector, draw
// more bandwidth than one stream (4096 x 4096 at one thread: 6.6-6.9 ms down
// [16, 4096, 256] columns, 4.9 ms as 32 chunks; two threads 3.5 -> 2.4).
// The chunks depend on the shape alone, so the bits do not depend on the
// number of threads.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_REDUCESCHEDULE_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_REDUCESCHEDULE_H

#include "compiler/dialect/stablehlo/ReduceBody.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace axle::stablehlo {

/// Chunks of the chunked schedule.
constexpr int64_t kReduceChunks = 32;
/// Inputs smaller than this fold in one chain.
constexpr int64_t kChunkedReduceMinElements = 65536;

/// The number of contiguous chunks `op` folds separately: kReduceChunks
/// when the chunked schedule applies, else 1.
inline int64_t reduceChunks(ReduceOp op) {
  auto first =
      mlir::dyn_cast<mlir::RankedTensorType>(op.getInputs()[0].getType());
  if (!first || !first.hasStaticShape() ||
      op.getDimensions().size() != size_t(first.getRank()))
    return 1;
  int64_t elements = first.getNumElements();
  if (elements < kChunkedReduceMinElements || elements % kReduceChunks)
    return 1;
  mlir::Block &body = op.getBody().front();
  size_t count = op.getInputs().size();
  if (body.getNumArguments() != 2 * count)
    return 1;
  for (size_t k = 0; k < count; ++k) {
    mlir::Type element =
        mlir::getElementTypeOrSelf(op.getInputs()[k].getType());
    for (mlir::Type type :
         {op.getInitValues()[k].getType(), op.getResult(k).getType(),
          body.getArgument(k).getType(), body.getArgument(count + k).getType()})
      if (mlir::getElementTypeOrSelf(type) != element)
        return 1;
  }
  return kReduceChunks;
}

/// Columns of the reassociated full reduction.
constexpr int64_t kReassociatedColumns = 256;
/// Smaller inputs fold in one chain, reassociated or not.
constexpr int64_t kReassociatedMinElements = 4096;

/// Whether `op` is a float sum or product of one input (a body that returns
/// stablehlo.add or stablehlo.multiply of its two arguments, one float
/// element type throughout): the reductions --reassociate-reductions may
/// reorder.
inline bool isFloatSumOrProduct(ReduceOp op) {
  if (op.getInputs().size() != 1)
    return false;
  auto element = mlir::dyn_cast<mlir::FloatType>(
      mlir::getElementTypeOrSelf(op.getInputs()[0].getType()));
  mlir::Operation *combine = singleBinaryCombiner(op.getBody());
  if (!element || !combine || !mlir::isa<AddOp, MulOp>(combine))
    return false;
  mlir::Block &body = op.getBody().front();
  for (mlir::Type type :
       {op.getInitValues()[0].getType(), op.getResult(0).getType(),
        body.getArgument(0).getType(), body.getArgument(1).getType()})
    if (mlir::getElementTypeOrSelf(type) != element)
      return false;
  return true;
}

/// The number of elements of the reassociated full reduction's input:
/// its element count where `op` is a float sum or product of every
/// dimension of a static input of at least kReassociatedMinElements, a
/// multiple of kReassociatedColumns; else 0.
inline int64_t reassociatedFullReductionElements(ReduceOp op) {
  auto type =
      mlir::dyn_cast<mlir::RankedTensorType>(op.getInputs()[0].getType());
  if (!isFloatSumOrProduct(op) || !type || !type.hasStaticShape() ||
      op.getDimensions().size() != size_t(type.getRank()))
    return 0;
  int64_t elements = type.getNumElements();
  if (elements < kReassociatedMinElements || elements % kReassociatedColumns)
    return 0;
  return elements;
}

/// From this many elements on (4 MiB of f32, more than L2 holds), a
/// reassociated full reduction reads its input from memory.
constexpr int64_t kReassociatedChunkedElements = int64_t(1) << 20;

/// Whether the reassociated full reduction of `elements` elements
/// (reassociatedFullReductionElements) takes the chunked schedule, its
/// chunks' folds reassociated, instead of the fold down 256 columns.
inline bool reassociatesChunks(int64_t elements) {
  return elements >= kReassociatedChunkedElements;
}

} // namespace axle::stablehlo

#endif

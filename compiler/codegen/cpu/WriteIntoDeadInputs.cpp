//===- WriteIntoDeadInputs.cpp - elementwise results in dying inputs ------===//
//
// relu(conv(x)): the convolution's result dies at the relu, which would
// still get a buffer of its own, so both are live at once. Writing the
// relu into the convolution's buffer halves that. An elementwise op can
// do so safely: each iteration reads the input element it then
// overwrites, and nothing reads the input afterwards. The input is then
// read through the op's output block argument, so that after tiling every
// tile reads and writes the same slice (the form in which one-shot
// bufferization keeps a loop's shared output in place).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/WriteIntoDeadInputs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace axle::cpu {

using namespace mlir;

namespace {

/// The input `generic` may write its result into, or null.
OpOperand *deadInputToReuse(linalg::GenericOp generic) {
  if (generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !generic.hasPureTensorSemantics())
    return nullptr;
  OpOperand *init = generic.getDpsInitOperand(0);
  if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
      generic.payloadUsesValueFromOperand(init))
    return nullptr;
  AffineMap initMap = generic.getMatchingIndexingMap(init);
  for (OpOperand *input : generic.getDpsInputOperands()) {
    Value value = input->get();
    // Only results of ops that write a tensor of their own (not block
    // arguments: the caller's buffers; not constants: read-only globals).
    Operation *producer = value.getDefiningOp();
    if (!producer || !isa<DestinationStyleOpInterface>(producer) ||
        value.getType() != init->get().getType() || !value.hasOneUse() ||
        generic.getMatchingIndexingMap(input) != initMap)
      continue;
    return input;
  }
  return nullptr;
}

} // namespace

unsigned writeIntoDeadInputs(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<std::pair<linalg::GenericOp, OpOperand *>> candidates;
  func.walk([&](linalg::GenericOp generic) {
    if (OpOperand *input = deadInputToReuse(generic))
      candidates.push_back({generic, input});
  });
  for (auto [generic, input] : candidates) {
    unsigned dropped = input->getOperandNumber();
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *other : generic.getDpsInputOperands())
      if (other != input) {
        inputs.push_back(other->get());
        maps.push_back(generic.getMatchingIndexingMap(other));
      }
    maps.push_back(
        generic.getMatchingIndexingMap(generic.getDpsInitOperand(0)));
    rewriter.setInsertionPoint(generic);
    auto replacement = linalg::GenericOp::create(
        rewriter, generic.getLoc(), generic.getResultTypes(), inputs,
        ValueRange{input->get()}, maps, generic.getIteratorTypesArray());
    replacement->setDiscardableAttrs(generic->getDiscardableAttrDictionary());
    // The old body, its dropped input argument now the output argument.
    Region &region = replacement.getRegion();
    rewriter.inlineRegionBefore(generic.getRegion(), region, region.end());
    Block &moved = region.front();
    BlockArgument out = moved.getArgument(moved.getNumArguments() - 1);
    rewriter.replaceAllUsesWith(moved.getArgument(dropped), out);
    moved.eraseArgument(dropped);
    rewriter.replaceOp(generic, replacement.getResults());
  }
  return candidates.size();
}

} // namespace axle::cpu

//===- FuseSiblingReductions.cpp - one pass for reductions of one input ---===//
//
// Elementwise fusion joins producers and consumers; reductions that read
// the same tensor side by side (a layer norm's sum(x) and sum(x * x), a
// max and a min of one input) are siblings, neither the other's producer.
// Merged into one linalg.generic with two results, they read the input
// once. Each result keeps its own body and its own order of combination,
// so the values are unchanged.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/FuseSiblingReductions.h"
#include "compiler/codegen/cpu/TilingUtils.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/raw_ostream.h"

namespace axle::cpu {

using namespace mlir;

namespace {

bool isReduction(linalg::GenericOp op) {
  return op.getNumReductionLoops() > 0 && op.hasPureTensorSemantics() &&
         op.getRegion().hasOneBlock() && !op.hasIndexSemantics();
}

/// Whether `later` may join `earlier` at `later`'s position: same loops,
/// a shared input read the same way, no dependence of `later` on
/// `earlier`, and no user of `earlier` before `later`.
bool canMerge(linalg::GenericOp earlier, linalg::GenericOp later) {
  if (earlier->getBlock() != later->getBlock() ||
      earlier.getIteratorTypesArray() != later.getIteratorTypesArray() ||
      earlier.getStaticLoopRanges() != later.getStaticLoopRanges())
    return false;
  bool shared = false;
  for (OpOperand *a : earlier.getDpsInputOperands())
    for (OpOperand *b : later.getDpsInputOperands())
      shared |= a->get() == b->get() && earlier.getMatchingIndexingMap(a) ==
                                            later.getMatchingIndexingMap(b);
  if (!shared)
    return false;
  for (Operation *user : earlier->getUsers())
    if (!later->isBeforeInBlock(user))
      return false;
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = false;
  options.filter = [&](Operation *op) {
    return op->getBlock() == later->getBlock() && !op->isBeforeInBlock(earlier);
  };
  (void)getBackwardSlice(later.getOperation(), &slice, options);
  return !slice.contains(earlier.getOperation());
}

/// One generic computing both: the inputs of `earlier` then those of
/// `later` it does not share, the inits of both; each body cloned with its
/// arguments mapped, yielding both results.
linalg::GenericOp merge(RewriterBase &rewriter, linalg::GenericOp earlier,
                        linalg::GenericOp later) {
  SmallVector<Value> inputs, inits;
  SmallVector<AffineMap> inputMaps, initMaps;
  // For each op, the merged input index of each of its inputs.
  SmallVector<unsigned> earlierIn, laterIn;
  auto addInputs = [&](linalg::GenericOp op, SmallVector<unsigned> &indices) {
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      unsigned found = inputs.size();
      for (unsigned i = 0; i < inputs.size(); ++i)
        if (inputs[i] == input->get() && inputMaps[i] == map)
          found = i;
      if (found == inputs.size()) {
        inputs.push_back(input->get());
        inputMaps.push_back(map);
      }
      indices.push_back(found);
    }
  };
  addInputs(earlier, earlierIn);
  addInputs(later, laterIn);
  for (linalg::GenericOp op : {earlier, later})
    for (OpOperand &init : op.getDpsInitsMutable()) {
      inits.push_back(init.get());
      initMaps.push_back(op.getMatchingIndexingMap(&init));
    }
  SmallVector<AffineMap> maps(inputMaps);
  maps.append(initMaps);
  SmallVector<Type> results(earlier->getResultTypes());
  results.append(later->getResultTypes().begin(),
                 later->getResultTypes().end());
  rewriter.setInsertionPoint(later);
  auto merged = linalg::GenericOp::create(
      rewriter, later.getLoc(), results, inputs, inits, maps,
      earlier.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        SmallVector<Value> yielded;
        unsigned initBase = inputs.size();
        for (auto [op, indices, initOffset] :
             {std::make_tuple(earlier, &earlierIn, 0u),
              std::make_tuple(later, &laterIn,
                              unsigned(earlier.getNumDpsInits()))}) {
          Block &body = op.getRegion().front();
          IRMapping mapping;
          for (auto [i, index] : llvm::enumerate(*indices))
            mapping.map(body.getArgument(i), args[index]);
          for (unsigned i = 0; i < op.getNumDpsInits(); ++i)
            mapping.map(body.getArgument(op.getNumDpsInputs() + i),
                        args[initBase + initOffset + i]);
          for (Operation &nested : body.without_terminator())
            b.clone(nested, mapping);
          for (Value value : body.getTerminator()->getOperands())
            yielded.push_back(mapping.lookupOrDefault(value));
        }
        linalg::YieldOp::create(b, loc, yielded);
      });
  unsigned split = earlier->getNumResults();
  rewriter.replaceOp(earlier, merged->getResults().take_front(split));
  rewriter.replaceOp(later, merged->getResults().drop_front(split));
  return merged;
}

} // namespace

unsigned fuseSiblingReductions(RewriterBase &rewriter, func::FuncOp func,
                               std::string *report) {
  unsigned merges = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<linalg::GenericOp> reductions;
    func.walk([&](linalg::GenericOp op) {
      if (isReduction(op))
        reductions.push_back(op);
    });
    for (unsigned i = 0; i < reductions.size() && !changed; ++i)
      for (unsigned j = i + 1; j < reductions.size() && !changed; ++j) {
        linalg::GenericOp a = reductions[i], b = reductions[j];
        if (a->getBlock() != b->getBlock())
          continue;
        if (b->isBeforeInBlock(a))
          std::swap(a, b);
        if (!canMerge(a, b))
          continue;
        if (report)
          *report += "  merge sibling reduction " + describeOp(a) +
                     "\n    with " + describeOp(b) + "\n";
        merge(rewriter, a, b);
        ++merges;
        changed = true;
      }
  }
  return merges;
}

} // namespace axle::cpu

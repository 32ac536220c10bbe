//===- FuseEpilogues.cpp - elementwise consumers into contractions --------===//
//
// gelu(x @ w + b): without this, the matmul writes all of C, then the
// epilogue (bias add and gelu, one fused loop nest) reads it all back. Here
// the epilogue is tiled like the contraction's cache tiles (a matmul's
// 256 x 256 blocks of C, a convolution's output rows) and the contraction's
// tile is fused into each of its tiles: a tile of C is computed, then at
// once turned into the epilogue's tile while it is still in L1/L2. When
// the epilogue writes into C's own buffer (WriteIntoDeadInputs.cpp runs
// first), the fill, the contraction and the epilogue of a tile all work in
// one slice of the result: no buffer for C at all. Each element is
// computed by the same operations in the same order: results are
// bit-identical.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/FuseEpilogues.h"
#include "compiler/codegen/cpu/ContractionTiles.h"
#include "compiler/codegen/cpu/TilingUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace axle::cpu {

using namespace mlir;

namespace {

/// The contraction `epilogue` can take in, with the tile sizes to use:
/// `epilogue` is an elementwise generic over the contraction's parallel
/// loops, the contraction's only user, reading (or writing into) its
/// result along the identity.
std::optional<std::pair<linalg::LinalgOp, SmallVector<int64_t>>>
fusibleContraction(linalg::GenericOp epilogue,
                   const ContractionTarget &target) {
  if (epilogue.getNumParallelLoops() != epilogue.getNumLoops() ||
      !epilogue.hasPureTensorSemantics() || epilogue.getNumDpsInits() != 1 ||
      !epilogue.getMatchingIndexingMap(epilogue.getDpsInitOperand(0))
           .isIdentity())
    return std::nullopt;
  for (OpOperand &operand : epilogue->getOpOperands()) {
    auto contraction = operand.get().getDefiningOp<linalg::LinalgOp>();
    if (!contraction || !operand.get().hasOneUse() ||
        contraction->getNumResults() != 1 ||
        !isRegisterTileContraction(contraction) ||
        contraction.getNumParallelLoops() != epilogue.getNumLoops() ||
        !epilogue.getMatchingIndexingMap(&operand).isIdentity())
      continue;
    SmallVector<int64_t> sizes = epilogueTileSizes(contraction, target);
    if (llvm::all_of(sizes, [](int64_t size) { return size == 0; }))
      continue;
    return std::make_pair(contraction, sizes);
  }
  return std::nullopt;
}

} // namespace

unsigned fuseEpilogues(RewriterBase &rewriter, func::FuncOp func,
                       std::string *report, const ContractionTarget &target) {
  SmallVector<linalg::GenericOp> epilogues;
  func.walk([&](linalg::GenericOp generic) {
    if (!generic->getParentOfType<LoopLikeOpInterface>() &&
        fusibleContraction(generic, target))
      epilogues.push_back(generic);
  });
  unsigned fused = 0;
  for (linalg::GenericOp epilogue : epilogues) {
    auto [contraction, sizes] = *fusibleContraction(epilogue, target);
    // The contraction and the fill of its accumulator are computed per
    // tile; nothing else (the epilogue's other producers stay whole).
    Operation *fill = contraction.getDpsInits()[0].getDefiningOp();
    if (fill && !isa<linalg::FillOp>(fill))
      fill = nullptr;
    std::string epilogueName = describeOp(epilogue),
                contractionName = describeOp(contraction);
    FailureOr<scf::SCFTileAndFuseResult> result = tileAndFuseInForall(
        rewriter, cast<TilingInterface>(epilogue.getOperation()), sizes,
        [&](Operation *producer) {
          return producer == contraction.getOperation() ||
                 (fill && producer == fill);
        });
    if (failed(result))
      continue;
    // Tiled without its contraction (not expected), the epilogue is still
    // correct, only not fused.
    if (!result->fusedProducers.contains(contraction))
      continue;
    for (Operation *producer : {contraction.getOperation(), fill})
      if (producer && producer->use_empty())
        rewriter.eraseOp(producer);
    ++fused;
    if (report)
      *report += "  fuse epilogue " + epilogueName + "\n    into " +
                 contractionName + "\n";
  }
  return fused;
}

} // namespace axle::cpu

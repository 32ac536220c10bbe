//===- PipelineVectorLoops.cpp - start iteration i+1 during iteration i ---===//
//
// An elementwise loop with a long chain of dependent vector operations per
// iteration (gelu's tanh: about 90 cycles from the load to the store) keeps
// the out-of-order core's scheduler full of operations that wait on their
// predecessors: the core renames one iteration after another, and the late
// operations of each fill the scheduler long before they can run. Software
// pipelining in two stages splits the body near the middle of its critical
// path, and runs the first half of iteration i+1 beside the second half of
// iteration i:
//
//   scf.parallel (%i) = (lb) to (ub) step (s) { A(%i); B(%i, A's values) }
//
// becomes
//
//   v = A(lb)
//   v' = scf.for %i = lb to ub - s step s iter_args(%v = v) {
//     w = A(%i + s); B(%i, %v); yield w
//   }
//   B(ub - s, v')
//
// (scf::pipelineForLoop builds the prologue, kernel and epilogue). Both
// halves of the kernel are independent, so each renamed group of
// operations has work that is ready at once.
//
// This is legal because the iterations of an scf.parallel touch disjoint
// memory; the operations of each iteration keep their order, so the results
// are bit-identical. Only innermost parallel loops without reductions are
// rewritten, when the last dimension has constant bounds and at least two
// iterations and the body's critical path is long enough to be worth it
// (kMinCriticalPath); the other dimensions become plain loops around it.
// Memory writes stay in the second stage. Index and view computations used
// only by the second stage move there too, so that vectors, not memref
// descriptors, cross from one stage to the next.
//
// Measured on an Intel Xeon (Emerald Rapids), paired runs, bit-identical:
// gelu(x * a + b) over 32 x 4096 floats in cache 60.8 -> 55.2 us, over
// 4096 x 4096 8.48 -> 7.86 ms on one core and 4.62 -> 3.99 ms on two; exp
// in cache 27.3 -> 24.2 us; softmax 4096 x 4096 (its exp pass) 11.2 -> 10.2
// ms on one core and 5.8 -> 4.9 ms on two.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <set>

namespace axle::cpu {

#define GEN_PASS_DEF_PIPELINEVECTORLOOPSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

/// Loops whose critical path is shorter (in estimated cycles) gain nothing
/// measurable: a load, a few float operations and a store are hidden by the
/// out-of-order window as they are.
constexpr unsigned kMinCriticalPath = 40;

bool hasFloatOperandOrResult(Operation *op) {
  auto isFloat = [](Type type) {
    return isa<FloatType>(type) || (isa<VectorType>(type) &&
                                    isa<FloatType>(getElementTypeOrSelf(type)));
  };
  return llvm::any_of(op->getResultTypes(), isFloat) ||
         llvm::any_of(op->getOperandTypes(), isFloat);
}

/// A rough latency in cycles of one operation on a current x86 core with
/// AVX-512; only the split point of the critical path depends on it.
unsigned latencyOf(Operation *op) {
  if (isa<vector::TransferReadOp, vector::LoadOp, memref::LoadOp>(op))
    return 5;
  if (isa<arith::DivFOp, math::SqrtOp, math::RsqrtOp>(op))
    return 12;
  if (isa<vector::ExtractStridedSliceOp, vector::InsertStridedSliceOp,
          vector::BitCastOp, arith::BitcastOp, memref::SubViewOp,
          memref::ExtractStridedMetadataOp,
          memref::ExtractAlignedPointerAsIndexOp>(op))
    return 0;
  if (isa<LLVM::CallIntrinsicOp>(op))
    return 3;
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
      hasFloatOperandOrResult(op) && !isa<arith::SelectOp>(op))
    return 4;
  return 1;
}

/// Whether an operation writes memory (or may: unknown effects count).
bool writesMemory(Operation *op) {
  if (isa<memref::PrefetchOp>(op))
    return false;
  // The AVX intrinsics axle's vector math calls (permutes, scalings) compute
  // their results from registers.
  if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op))
    return call->getNumResults() == 0 ||
           !call.getIntrin().starts_with("llvm.x86.avx");
  bool writes = false;
  op->walk([&](Operation *nested) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects) {
      if (!nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
          !isa<scf::YieldOp>(nested))
        writes = true;
      return;
    }
    if (effects.hasEffect<MemoryEffects::Write>() ||
        effects.hasEffect<MemoryEffects::Free>() ||
        effects.hasEffect<MemoryEffects::Allocate>())
      writes = true;
  });
  return writes;
}

using Stages = DenseMap<Operation *, unsigned>;

/// The in-body operations that define the values `op` (and the operations
/// nested in it) uses.
SmallVector<Operation *> inBodyDefinitions(Operation &op, Block &body) {
  SmallVector<Operation *> defs;
  op.walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (def->getBlock() == &body)
          defs.push_back(def);
  });
  return defs;
}

/// What the cuts of one loop body are computed from, gathered once: each
/// operation's in-body definitions, whether it writes memory, and when it
/// finishes along the body's critical path.
struct BodyTiming {
  DenseMap<Operation *, SmallVector<Operation *>> definitions;
  DenseMap<Operation *, bool> writes;
  DenseMap<Operation *, unsigned> finish;
  unsigned criticalPath = 0;
};

/// The stages of a cut at time `cut`: the first stage is every operation
/// that finishes by then, except memory writes (and what uses them); free
/// operations (views, index arithmetic) used only by the second stage join
/// it, last one first, so that no memref descriptor crosses.
Stages stagesAt(Block &body, const BodyTiming &timing, unsigned cut) {
  Stages stage;
  for (Operation &op : body.without_terminator()) {
    stage[&op] =
        (timing.finish.lookup(&op) <= cut && !timing.writes.lookup(&op)) ? 0
                                                                         : 1;
    for (Operation *def : timing.definitions.lookup(&op))
      stage[&op] = std::max(stage[&op], stage[def]);
  }
  for (Operation &op : llvm::reverse(body.without_terminator())) {
    if (stage[&op] == 1 || op.use_empty() || latencyOf(&op) > 1 ||
        hasFloatOperandOrResult(&op))
      continue;
    if (llvm::all_of(op.getUsers(), [&](Operation *user) {
          Operation *inBody = body.findAncestorOpInBlock(*user);
          return inBody && stage[inBody] == 1;
        }))
      stage[&op] = 1;
  }
  return stage;
}

/// How many values the loop carries from the first stage to the second.
unsigned crossingValues(Block &body, Stages &stage) {
  unsigned count = 0;
  for (Operation &op : body.without_terminator())
    if (stage[&op] == 0)
      for (Value result : op.getResults())
        count += llvm::any_of(result.getUsers(), [&](Operation *user) {
          Operation *inBody = body.findAncestorOpInBlock(*user);
          return inBody && stage[inBody] == 1;
        });
  return count;
}

/// The two stages of a loop body, or nothing where pipelining gains little.
/// The cut is placed in the middle half of the critical path where the
/// fewest values cross (each one a loop-carried register), the nearest to
/// the middle among those: a cut just before tanh's nine table lookups
/// carries their index, one cut after them would carry nine results.
std::optional<Stages> planStages(Block &body) {
  BodyTiming timing;
  bool readsVectors = false;
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions() != 0 && !isa<scf::IfOp>(op))
      return std::nullopt;
    SmallVector<Operation *> defs = inBodyDefinitions(op, body);
    unsigned start = 0;
    for (Operation *def : defs)
      start = std::max(start, timing.finish.lookup(def));
    unsigned finish = start + latencyOf(&op);
    timing.finish[&op] = finish;
    timing.criticalPath = std::max(timing.criticalPath, finish);
    timing.definitions[&op] = std::move(defs);
    timing.writes[&op] = writesMemory(&op);
    readsVectors |= isa<vector::TransferReadOp, vector::LoadOp>(op);
  }
  unsigned criticalPath = timing.criticalPath;
  if (!readsVectors || criticalPath < kMinCriticalPath)
    return std::nullopt;

  std::set<unsigned> cuts;
  for (auto [op, time] : timing.finish)
    if (4 * time >= criticalPath && 4 * time <= 3 * criticalPath)
      cuts.insert(time);
  std::optional<Stages> best;
  unsigned bestCrossing = 0, bestDistance = 0;
  for (unsigned cut : cuts) {
    Stages stage = stagesAt(body, timing, cut);
    if (llvm::none_of(stage, [](auto entry) { return entry.second == 0; }))
      continue;
    unsigned crossing = crossingValues(body, stage);
    unsigned distance = std::abs(2 * int(cut) - int(criticalPath));
    if (!best || crossing < bestCrossing ||
        (crossing == bestCrossing && distance < bestDistance)) {
      best = std::move(stage);
      bestCrossing = crossing;
      bestDistance = distance;
    }
  }
  return best;
}

/// An innermost parallel loop as nested scf.for loops, the last dimension
/// innermost (its iterations are independent, so running them in order is
/// one of the schedules the parallel loop allows); returns the innermost.
scf::ForOp toForLoops(RewriterBase &rewriter, scf::ParallelOp loop) {
  rewriter.setInsertionPoint(loop);
  scf::ForOp innermost;
  for (unsigned dim = 0; dim < loop.getNumLoops(); ++dim) {
    innermost =
        scf::ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound()[dim],
                           loop.getUpperBound()[dim], loop.getStep()[dim]);
    rewriter.replaceAllUsesWith(loop.getInductionVars()[dim],
                                innermost.getInductionVar());
    rewriter.setInsertionPointToStart(innermost.getBody());
  }
  Block *from = loop.getBody();
  Block *to = innermost.getBody();
  to->getOperations().splice(std::prev(to->end()), from->getOperations(),
                             from->begin(), std::prev(from->end()));
  rewriter.eraseOp(loop);
  return innermost;
}

/// The stages of an innermost parallel loop worth pipelining, or nothing.
std::optional<Stages> planLoop(scf::ParallelOp loop) {
  if (loop.getNumResults() != 0)
    return std::nullopt;
  unsigned last = loop.getNumLoops() - 1;
  std::optional<int64_t> lower =
      getConstantIntValue(loop.getLowerBound()[last]);
  std::optional<int64_t> upper =
      getConstantIntValue(loop.getUpperBound()[last]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[last]);
  if (!lower || !upper || !step || *step <= 0 || *upper - *lower < 2 * *step)
    return std::nullopt;
  return planStages(*loop.getBody());
}

struct PipelineVectorLoopsPass
    : impl::PipelineVectorLoopsPassBase<PipelineVectorLoopsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ParallelOp, Stages>> loops;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (std::optional<Stages> stages = planLoop(loop))
        loops.emplace_back(loop, std::move(*stages));
    });
    IRRewriter rewriter(&getContext());
    for (auto &[parallel, stage] : loops) {
      // The stages stay valid: toForLoops moves the body's operations.
      scf::ForOp loop = toForLoops(rewriter, parallel);
      scf::PipeliningOption options;
      options.getScheduleFn =
          [&](scf::ForOp, std::vector<std::pair<Operation *, unsigned>> &ops) {
            // The next iteration's first stage, then this one's second.
            for (unsigned s : {0u, 1u})
              for (Operation &op : loop.getBody()->without_terminator())
                if (stage.lookup(&op) == s)
                  ops.emplace_back(&op, s);
          };
      // The prologue goes where the rewriter points.
      rewriter.setInsertionPoint(loop);
      bool modified = false;
      if (failed(scf::pipelineForLoop(rewriter, loop, options, &modified)) &&
          modified) {
        loop.emitError("axle: software pipelining left this loop half "
                       "rewritten");
        return signalPassFailure();
      }
    }
  }
};

} // namespace

} // namespace axle::cpu

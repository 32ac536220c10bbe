//===- ScheduleForMemory.cpp - top-level op order for a small live set ----===//
//
// Ops run in the order the program lists them, and that order decides how
// many intermediate buffers are alive at once: two branches that each build
// a large tensor and reduce it to a small one need both large buffers at the
// same time when both are built before either reduction, and only one when
// each reduction follows its own producer. This pass reorders the top-level
// ops of each function, still on tensors (right before bufferization), so
// that the largest live set under a simple buffer model shrinks.
//
// The model (what bufferization will do with the final op list):
//  - each tensor.empty is a buffer of its byte size, allocated where it
//    stands; tensor.empty and fills of one become part of the op that uses
//    them (after axle-duplicate-shared-fills each has one) and move with it,
//    as do ops that make only vectors (kept in registers, not buffers);
//  - a result that bufferizes in place into an operand (a destination-
//    passing op's init, a loop's shared output, a view) is that operand's
//    buffer; a result with no such operand (tensor.pad, ...) is a new one;
//  - function arguments, constants (read-only globals) and the returned
//    buffers (the caller's, after buffer-results-to-out-params) cost
//    nothing here;
//  - a buffer is live from the op that makes it to the last top-level op
//    that touches it or a view of it, nested uses included; tensors made
//    inside an op's regions live while it runs.
//
// Dependences: SSA def-use (values used inside regions too); ops that are
// not free of memory effects, or that handle memrefs, keep their relative
// order; and for every buffer, an op that writes it in place keeps its
// order relative to every other op that touches it, so one-shot
// bufferization sees the same conflicts and makes the same in-place
// decisions (no schedule adds a copy). Pure tensor ops compute the same
// bits in any order, so results do not change.
//
// The scheduler is a greedy list scheduler: among the ready ops it runs
// the one whose net effect on the live bytes (what it allocates minus what
// dies with it) is smallest, ties in program order. It is
// O(n log n) in the number of top-level ops plus linear in the IR size.
// When the greedy order wins, a second list schedule that follows the
// program order while the live set stays within the greedy order's peak
// (else takes the greedy choice) often reaches that peak with fewer ops
// out of place; the one with fewer moved ops is kept. The program order
// stays unless the gain is at least 1% of its largest live set.
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/BufferLiveness.h"
#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <set>

namespace axle::cpu {

#define GEN_PASS_DEF_SCHEDULEFORMEMORYPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;
using bufferization::AnalysisState;

/// Where the memory report finds what the schedule did (MemoryReport.cpp
/// reads and removes it).
constexpr llvm::StringLiteral kScheduleAttr = "axle.memory_schedule";

/// A buffer of the model.
struct Buffer {
  int64_t bytes;
  /// A read-only global: writing into it makes a copy.
  bool constant;
  /// The nodes that touch it, in program order, each once.
  SmallVector<unsigned, 4> users;
};

/// What moves as one: a top-level op and the fresh inits placed before it.
struct Node {
  Operation *op;
  /// tensor.empty / linalg.fill ops that only this op uses, in order.
  SmallVector<Operation *, 2> glued;
  /// Buffers read or written (deduplicated once all ops are seen).
  SmallVector<unsigned, 4> touched;
  /// Buffers written (in place or made here).
  SmallVector<unsigned, 2> written;
  /// Buffers made here, and their bytes.
  SmallVector<unsigned, 1> births;
  int64_t born = 0;
  /// Bytes of the tensors made inside the op's regions (buffers in loops):
  /// live only while it runs, whatever the order.
  int64_t transient = 0;
  bool fixed = false;
  SmallVector<unsigned, 4> succs;
  unsigned preds = 0;
};

/// An init that bufferization allocates where it stands: tensor.empty, or
/// a fill of one.
bool isFreshInit(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto fill = dyn_cast<linalg::FillOp>(op);
  return fill && fill.hasPureTensorSemantics() &&
         fill.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>();
}

/// Whether `op` may move across other ops: free of memory effects, and
/// touching no memref (bufferization.to_tensor reads a memref's current
/// contents; a custom call's output buffer is written by a call).
bool isMovable(Operation *op) {
  if (!isMemoryEffectFree(op))
    return false;
  WalkResult walk = op->walk([](Operation *nested) {
    auto isMemRef = [](Type type) { return isa<BaseMemRefType>(type); };
    if (isa<bufferization::BufferizationDialect>(nested->getDialect()) ||
        llvm::any_of(nested->getOperandTypes(), isMemRef) ||
        llvm::any_of(nested->getResultTypes(), isMemRef))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

class Scheduler {
public:
  Scheduler(Block &body, const AnalysisState &state)
      : body(body), state(state) {}

  /// Builds the model and the dependence graph; false when the block has
  /// nothing to reorder.
  bool build();
  /// A list schedule (node indices). Without a budget, the greedy one:
  /// the ready node with the smallest net effect on the live bytes runs
  /// next, ties in program order. With one, the first ready node in
  /// program order runs when the live set with it stays within the budget,
  /// else the greedy choice: an order close to the program's that still
  /// aims at the greedy order's peak.
  SmallVector<unsigned> schedule(std::optional<int64_t> budget = {});
  /// The largest live set of `order` under the model.
  int64_t peak(ArrayRef<unsigned> order) const;
  /// Moves the ops into `order`, before the terminator.
  void apply(ArrayRef<unsigned> order);

  unsigned numNodes() const { return nodes.size(); }

private:
  unsigned newBuffer(int64_t bytes, bool constant = false) {
    buffers.push_back({bytes, constant, {}});
    return buffers.size() - 1;
  }
  /// Whether a use of an outside value by a nested op may write it.
  bool mayWriteThrough(OpOperand &use, Operation *top);
  void visit(Operation *op, unsigned node);
  void addEdge(unsigned from, unsigned to) {
    if (from != to)
      nodes[from].succs.push_back(to);
  }

  Block &body;
  const AnalysisState &state;
  SmallVector<Node> nodes;
  SmallVector<Buffer> buffers;
  DenseMap<Operation *, unsigned> nodeOf;
  DenseMap<Value, SmallVector<unsigned, 1>> buffersOf;
};

bool Scheduler::mayWriteThrough(OpOperand &use, Operation *top) {
  // Follow the aliases the use makes inside `top` (extract_slice, views):
  // any write through one, or a use by an op whose effect on it is not
  // known here (regions, unknown ops), counts as a write.
  SmallVector<OpOperand *> worklist{&use};
  DenseSet<OpOperand *> seen;
  while (!worklist.empty()) {
    OpOperand *operand = worklist.pop_back_val();
    if (!seen.insert(operand).second)
      continue;
    Operation *owner = operand->getOwner();
    if (!isa<TensorType>(operand->get().getType()))
      continue;
    if (owner == top || owner->getNumRegions() > 0 ||
        !state.getOptions().dynCastBufferizableOp(owner) ||
        state.bufferizesToMemoryWrite(*operand))
      return true;
    for (const bufferization::AliasingValue &alias :
         state.getAliasingValues(*operand))
      for (OpOperand &next : alias.value.getUses())
        worklist.push_back(&next);
  }
  return false;
}

void Scheduler::visit(Operation *op, unsigned n) {
  Node &node = nodes[n];
  auto touch = [&](Value value, bool write) {
    auto it = buffersOf.find(value);
    if (it == buffersOf.end())
      return;
    llvm::append_range(node.touched, it->second);
    if (write)
      llvm::append_range(node.written, it->second);
  };

  // Values from outside `op`, wherever inside it they are used.
  op->walk([&](Operation *nested) {
    if (nested != op && isa<tensor::EmptyOp>(nested))
      node.transient += bufferBytes(nested->getResult(0).getType());
    for (OpOperand &use : nested->getOpOperands()) {
      Value value = use.get();
      Operation *def = value.getDefiningOp();
      bool outside = def ? def->getBlock() == &body && def != op
                         : cast<BlockArgument>(value).getOwner() == &body;
      if (!outside)
        continue;
      if (def)
        addEdge(nodeOf.lookup(def), n);
      bool write;
      if (nested == op)
        write = node.fixed || (isa<TensorType>(value.getType()) &&
                               state.bufferizesToMemoryWrite(use));
      else
        write = node.fixed || mayWriteThrough(use, op);
      touch(value, write);
    }
  });

  // The buffers of the results.
  for (OpResult result : op->getResults()) {
    Type type = result.getType();
    SmallVector<unsigned, 1> &into = buffersOf[result];
    bool fresh = false;
    if (isa<TensorType>(type) && matchPattern(op, m_Constant())) {
      into.push_back(newBuffer(0, /*constant=*/true));
      continue;
    }
    if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(op)) {
      into = buffersOf.lookup(toTensor.getBuffer());
    } else if (isa<TensorType>(type) &&
               state.getOptions().dynCastBufferizableOp(op)) {
      for (const bufferization::AliasingOpOperand &alias :
           state.getAliasingOpOperands(result)) {
        Value source = alias.opOperand->get();
        auto it = buffersOf.find(source);
        // A value made inside the op (a branch's yield) is a buffer of the
        // op's own; writing into a read-only global makes a copy.
        if (it == buffersOf.end() ||
            (alias.opOperand->getOwner() == op &&
             state.bufferizesToMemoryWrite(*alias.opOperand) &&
             llvm::any_of(it->second,
                          [&](unsigned b) { return buffers[b].constant; }))) {
          fresh = true;
          continue;
        }
        into.append(it->second.begin(), it->second.end());
      }
      fresh |= into.empty();
    } else if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      fresh = true;
    } else if (isa<ShapedType>(type)) {
      // Memref views and casts, bufferization.to_buffer: aliases of every
      // shaped operand; tensors of unknown ops also get a buffer of their
      // own.
      for (Value operand : op->getOperands())
        if (auto it = buffersOf.find(operand); it != buffersOf.end())
          into.append(it->second.begin(), it->second.end());
      fresh = isa<TensorType>(type);
    }
    if (fresh) {
      unsigned buffer = newBuffer(bufferBytes(type));
      into.push_back(buffer);
      node.births.push_back(buffer);
      node.touched.push_back(buffer);
      node.written.push_back(buffer);
    }
    llvm::sort(into);
    into.erase(llvm::unique(into), into.end());
  }
}

bool Scheduler::build() {
  Operation *terminator = body.getTerminator();
  SmallVector<Operation *> ops;
  for (Operation &op : body.without_terminator())
    ops.push_back(&op);
  if (ops.size() < 2)
    return false;

  // Fresh inits whose users all lie in one later top-level op go with it
  // (a fill's empty goes with the fill's op); so do ops that make only
  // vectors (a column reduction's loop, whose row of partial results is
  // written to its tensor after it): the model has no buffer for a vector
  // held from op to op, which would let its write drift away from it.
  DenseMap<Operation *, Operation *> hostOf;
  auto makesOnlyVectors = [](Operation *op) {
    return op->getNumResults() > 0 && isMovable(op) &&
           llvm::all_of(op->getResultTypes(),
                        [](Type type) { return isa<VectorType>(type); });
  };
  for (Operation *op : llvm::reverse(ops)) {
    if ((!isFreshInit(op) && !makesOnlyVectors(op)) || op->use_empty())
      continue;
    Operation *host = nullptr;
    bool single = true;
    for (Operation *user : op->getUsers()) {
      Operation *top = body.findAncestorOpInBlock(*user);
      if (auto it = hostOf.find(top); it != hostOf.end())
        top = it->second;
      single &= !host || host == top;
      host = top;
    }
    if (single && host && host != terminator)
      hostOf[op] = host;
  }
  for (Operation *op : ops)
    if (!hostOf.count(op)) {
      nodeOf[op] = nodes.size();
      nodes.push_back({});
      nodes.back().op = op;
      nodes.back().fixed = !isMovable(op);
    }
  for (Operation *op : ops)
    if (auto it = hostOf.find(op); it != hostOf.end()) {
      nodeOf[op] = nodeOf.lookup(it->second);
      nodes[nodeOf[op]].glued.push_back(op);
    }

  for (BlockArgument argument : body.getArguments())
    buffersOf[argument].push_back(newBuffer(0));
  for (Operation *op : ops)
    visit(op, nodeOf.lookup(op));
  // The returned buffers are the caller's.
  for (Value value : terminator->getOperands())
    for (unsigned buffer : buffersOf.lookup(value))
      buffers[buffer].bytes = 0;
  for (Node &node : nodes)
    for (unsigned buffer : node.births)
      node.born += buffers[buffer].bytes;

  // Ops with effects keep their order; so does each in-place write relative
  // to the other ops touching its buffer.
  struct Access {
    int lastWriter = -1;
    SmallVector<unsigned, 2> readers;
  };
  SmallVector<Access> access(buffers.size());
  int lastFixed = -1;
  for (auto [n, node] : llvm::enumerate(nodes)) {
    llvm::sort(node.touched);
    node.touched.erase(llvm::unique(node.touched), node.touched.end());
    llvm::sort(node.written);
    node.written.erase(llvm::unique(node.written), node.written.end());
    if (node.fixed) {
      if (lastFixed >= 0)
        addEdge(lastFixed, n);
      lastFixed = n;
    }
    for (unsigned buffer : node.touched) {
      buffers[buffer].users.push_back(n);
      Access &a = access[buffer];
      if (a.lastWriter >= 0)
        addEdge(a.lastWriter, n);
      if (!llvm::binary_search(node.written, buffer)) {
        a.readers.push_back(n);
        continue;
      }
      for (unsigned reader : a.readers)
        addEdge(reader, n);
      a.readers.clear();
      a.lastWriter = n;
    }
  }
  for (Node &node : nodes)
    for (unsigned succ : node.succs)
      ++nodes[succ].preds;
  return true;
}

SmallVector<unsigned> Scheduler::schedule(std::optional<int64_t> budget) {
  // The net change of the live bytes when a node runs: what it allocates
  // minus the buffers it is the last remaining user of.
  SmallVector<int64_t> delta(nodes.size());
  SmallVector<unsigned> remaining(buffers.size());
  SmallVector<unsigned> preds(nodes.size());
  SmallVector<bool> done(nodes.size(), false);
  for (auto [n, node] : llvm::enumerate(nodes)) {
    delta[n] = node.born;
    preds[n] = node.preds;
  }
  for (auto [b, buffer] : llvm::enumerate(buffers)) {
    remaining[b] = buffer.users.size();
    if (remaining[b] == 1)
      delta[buffer.users.front()] -= buffer.bytes;
  }
  // The ready nodes by their effect and by their place in the program.
  std::set<std::pair<int64_t, unsigned>> byDelta;
  std::set<unsigned> byIndex;
  auto makeReady = [&](unsigned n) {
    byDelta.insert({delta[n], n});
    byIndex.insert(n);
  };
  for (unsigned n = 0; n < nodes.size(); ++n)
    if (preds[n] == 0)
      makeReady(n);

  SmallVector<unsigned> order;
  order.reserve(nodes.size());
  int64_t live = 0;
  while (!byDelta.empty()) {
    unsigned n = byDelta.begin()->second;
    if (budget) {
      unsigned first = *byIndex.begin();
      if (live + nodes[first].born + nodes[first].transient <= *budget)
        n = first;
    }
    byDelta.erase({delta[n], n});
    byIndex.erase(n);
    done[n] = true;
    order.push_back(n);
    live += nodes[n].born;
    for (unsigned b : nodes[n].touched) {
      if (--remaining[b] == 0)
        live -= buffers[b].bytes;
      if (remaining[b] != 1 || buffers[b].bytes == 0)
        continue;
      // The one user left frees the buffer when it runs.
      unsigned last = *llvm::find_if(
          buffers[b].users, [&](unsigned user) { return !done[user]; });
      bool isReady = preds[last] == 0;
      if (isReady)
        byDelta.erase({delta[last], last});
      delta[last] -= buffers[b].bytes;
      if (isReady)
        byDelta.insert({delta[last], last});
    }
    for (unsigned succ : nodes[n].succs)
      if (--preds[succ] == 0)
        makeReady(succ);
  }
  assert(order.size() == nodes.size() && "dependences form a cycle");
  return order;
}

int64_t Scheduler::peak(ArrayRef<unsigned> order) const {
  SmallVector<unsigned> remaining(buffers.size());
  for (auto [b, buffer] : llvm::enumerate(buffers))
    remaining[b] = buffer.users.size();
  int64_t live = 0, largest = 0;
  for (unsigned n : order) {
    live += nodes[n].born;
    largest = std::max(largest, live + nodes[n].transient);
    for (unsigned b : nodes[n].touched)
      if (--remaining[b] == 0)
        live -= buffers[b].bytes;
  }
  return largest;
}

void Scheduler::apply(ArrayRef<unsigned> order) {
  Operation *terminator = body.getTerminator();
  for (unsigned n : order) {
    for (Operation *op : nodes[n].glued)
      op->moveBefore(terminator);
    nodes[n].op->moveBefore(terminator);
  }
}

/// The fewest nodes that must move to turn the program order into
/// `order`: all but a longest increasing subsequence.
unsigned countMoved(ArrayRef<unsigned> order) {
  SmallVector<unsigned> tails;
  for (unsigned n : order) {
    auto it = llvm::lower_bound(tails, n);
    if (it == tails.end())
      tails.push_back(n);
    else
      *it = n;
  }
  return order.size() - tails.size();
}

struct ScheduleForMemoryPass
    : public impl::ScheduleForMemoryPassBase<ScheduleForMemoryPass> {
  using ScheduleForMemoryPassBase::ScheduleForMemoryPassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || !func.getBody().hasOneBlock())
      return;
    bufferization::BufferizationOptions options;
    AnalysisState state(options);
    Scheduler scheduler(func.getBody().front(), state);
    if (!scheduler.build())
      return;
    SmallVector<unsigned> original =
        llvm::to_vector(llvm::seq<unsigned>(0, scheduler.numNodes()));
    int64_t before = scheduler.peak(original);
    SmallVector<unsigned> order = scheduler.schedule();
    int64_t after = scheduler.peak(order);
    unsigned moved = 0;
    // A gain under 1% is within what the model misses (alignment, the odd
    // buffer bufferization adds) and not worth a different op order.
    if ((before - after) * 100 >= before && after < before) {
      moved = countMoved(order);
      // The same peak with fewer ops out of place changes less (timing,
      // cache behaviour): prefer the order closer to the program's.
      SmallVector<unsigned> closer = scheduler.schedule(after);
      int64_t closerPeak = scheduler.peak(closer);
      unsigned closerMoved = countMoved(closer);
      if (closerPeak < after || (closerPeak == after && closerMoved < moved)) {
        order = std::move(closer);
        after = closerPeak;
        moved = closerMoved;
      }
      scheduler.apply(order);
    } else {
      after = before;
    }
    if (annotate) {
      Builder b(func.getContext());
      func->setAttr(
          kScheduleAttr,
          b.getDictionaryAttr({
              b.getNamedAttr("live_before", b.getI64IntegerAttr(before)),
              b.getNamedAttr("live_after", b.getI64IntegerAttr(after)),
              b.getNamedAttr("moved", b.getI64IntegerAttr(moved)),
          }));
    }
  }
};

} // namespace
} // namespace axle::cpu

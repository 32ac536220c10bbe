//===- MemoryReport.cpp - peak memory of the bufferized program -----------===//

#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace axle::cpu {

#define GEN_PASS_DEF_MEMORYREPORTPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

int64_t bytesOf(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape())
    return 0;
  Type element = memref.getElementType();
  int64_t elementBytes = 1;
  if (auto complex = dyn_cast<ComplexType>(element))
    elementBytes =
        2 * ((complex.getElementType().getIntOrFloatBitWidth() + 7) / 8);
  else if (element.isIntOrIndexOrFloat())
    elementBytes =
        std::max<int64_t>(1, (element.getIntOrFloatBitWidth() + 7) / 8);
  return memref.getNumElements() * elementBytes;
}

std::string locationText(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

struct Buffer {
  Operation *alloc;
  int64_t bytes;
  // Top-level op indices of the first and last use. Allocations may sit
  // far ahead of their first use (they are hoisted), so a buffer counts
  // from the op that first touches it: the op whose result it holds.
  unsigned first, last;
  Operation *producer = nullptr;
};

struct FunctionReport {
  std::string name;
  int64_t arguments = 0, constants = 0, naive = 0, peak = 0;
  unsigned buffers = 0;
  Operation *peakAt = nullptr;
  SmallVector<Buffer> peakSet;
};

FunctionReport analyze(func::FuncOp func, ModuleOp module) {
  FunctionReport report;
  report.name = func.getName().str();
  for (Type type : func.getArgumentTypes())
    report.arguments += bytesOf(type);
  Block &body = func.getBody().front();

  // Top-level index of every op, and the alloc each memref view comes from.
  DenseMap<Operation *, unsigned> indexOf;
  unsigned index = 0;
  for (Operation &op : body)
    indexOf[&op] = index++;
  auto topLevel = [&](Operation *op) {
    while (op->getBlock() != &body)
      op = op->getParentOp();
    return indexOf.lookup(op);
  };
  DenseMap<Value, Operation *> rootOf;
  SmallVector<Buffer> buffers;
  DenseMap<Operation *, unsigned> bufferIndex;
  SmallVector<int64_t> nested(index, 0);
  DenseSet<StringRef> globals;

  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      int64_t bytes = bytesOf(op->getResult(0).getType());
      report.naive += bytes;
      ++report.buffers;
      unsigned at = topLevel(op);
      if (op->getBlock() == &body) {
        bufferIndex[op] = buffers.size();
        buffers.push_back({op, bytes, ~0u, at});
        rootOf[op->getResult(0)] = op;
      } else {
        // A temporary inside a loop or branch: freed within its top-level op.
        nested[at] += bytes;
      }
      return;
    }
    if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
      if (globals.insert(global.getName()).second)
        report.constants += bytesOf(global.getType());
      return;
    }
    // Views and casts alias their source.
    if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
      if (Operation *root = rootOf.lookup(view.getViewSource()))
        for (Value result : op->getResults())
          rootOf[result] = root;
    } else if (isa<memref::CastOp>(op)) {
      if (Operation *root = rootOf.lookup(op->getOperand(0)))
        rootOf[op->getResult(0)] = root;
    }
    // Taking a view is not a use: the op using the view is.
    bool isView = isa<ViewLikeOpInterface, memref::CastOp>(op);
    for (Value operand : op->getOperands())
      if (Operation *root = rootOf.lookup(operand)) {
        Buffer &buffer = buffers[bufferIndex.lookup(root)];
        unsigned at = topLevel(op);
        if (!isView && (buffer.first == ~0u || at < buffer.first)) {
          buffer.first = at;
          buffer.producer = op;
        }
        buffer.last = std::max(buffer.last, at);
      }
  });
  for (Buffer &buffer : buffers)
    if (buffer.first == ~0u) {
      buffer.first = indexOf.lookup(buffer.alloc);
      buffer.producer = buffer.alloc;
    }

  for (unsigned at = 0; at < index; ++at) {
    int64_t live = nested[at];
    SmallVector<Buffer> set;
    for (const Buffer &buffer : buffers)
      if (buffer.first <= at && at <= buffer.last) {
        live += buffer.bytes;
        set.push_back(buffer);
      }
    if (live > report.peak) {
      report.peak = live;
      report.peakAt = &*std::next(body.begin(), at);
      report.peakSet = set;
    }
  }
  llvm::sort(report.peakSet, [](const Buffer &a, const Buffer &b) {
    return a.bytes > b.bytes;
  });
  (void)module;
  return report;
}

struct MemoryReportPass : public impl::MemoryReportPassBase<MemoryReportPass> {
  using MemoryReportPassBase::MemoryReportPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::json::Array functions;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      FunctionReport report = analyze(func, module);
      if (format == "json") {
        llvm::json::Array held;
        for (const Buffer &buffer : report.peakSet)
          held.push_back(llvm::json::Object{
              {"bytes", buffer.bytes},
              {"op", buffer.producer->getName().getStringRef()},
              {"location", locationText(buffer.producer->getLoc())}});
        functions.push_back(llvm::json::Object{
            {"function", report.name},
            {"input_output_bytes", report.arguments},
            {"constant_bytes", report.constants},
            {"naive_total_bytes", report.naive},
            {"intermediate_buffers", report.buffers},
            {"peak_bytes", report.peak},
            {"peak_at",
             report.peakAt ? locationText(report.peakAt->getLoc()) : ""},
            {"peak_buffers", std::move(held)}});
        continue;
      }
      llvm::raw_ostream &os = llvm::outs();
      os << "memory report for @" << report.name << "\n"
         << "  inputs and outputs (caller-owned): " << report.arguments
         << " bytes\n"
         << "  constants: " << report.constants << " bytes\n"
         << "  intermediates, naive total: " << report.naive << " bytes in "
         << report.buffers << " buffers\n"
         << "  planned peak: " << report.peak
         << " bytes (each buffer from its first to its last use)\n";
      if (report.peakAt) {
        os << "  largest live set, at " << report.peakAt->getName() << " "
           << locationText(report.peakAt->getLoc()) << ":\n";
        for (const Buffer &buffer : report.peakSet)
          os << "    " << buffer.bytes << " bytes  "
             << buffer.alloc->getResult(0).getType() << "  written by "
             << buffer.producer->getName() << " "
             << locationText(buffer.producer->getLoc()) << "\n";
      }
    }
    if (format == "json")
      llvm::outs() << llvm::formatv("{0:2}",
                                    llvm::json::Value(std::move(functions)))
                   << "\n";
  }
};

} // namespace
} // namespace axle::cpu

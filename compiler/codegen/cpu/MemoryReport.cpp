//===- MemoryReport.cpp - peak memory of the bufferized program -----------===//

#include "compiler/codegen/cpu/BufferLiveness.h"
#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <optional>

namespace axle::cpu {

#define GEN_PASS_DEF_MEMORYREPORTPASS
#include "compiler/codegen/cpu/Passes.h.inc"

namespace {

using namespace mlir;

std::string locationText(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

struct FunctionReport {
  std::string name;
  int64_t arguments = 0, constants = 0, naive = 0, livePeak = 0;
  int64_t arena = 0, planned = 0;
  unsigned buffers = 0;
  /// What axle-schedule-for-memory did (its model's largest live set before
  /// and after, ops moved), when it recorded it.
  std::optional<std::array<int64_t, 3>> schedule;
  Operation *peakAt = nullptr;
  SmallVector<BufferLifetime> peakSet;
};

FunctionReport analyze(func::FuncOp func) {
  FunctionReport report;
  report.name = func.getName().str();
  if (auto schedule =
          func->getAttrOfType<DictionaryAttr>("axle.memory_schedule")) {
    auto get = [&](StringRef key) {
      auto value = schedule.getAs<IntegerAttr>(key);
      return value ? value.getInt() : 0;
    };
    report.schedule = {get("live_before"), get("live_after"), get("moved")};
  }
  for (Type type : func.getArgumentTypes())
    report.arguments += bufferBytes(type);
  DenseSet<StringRef> globals;
  func.walk([&](memref::GetGlobalOp global) {
    if (globals.insert(global.getName()).second)
      report.constants += bufferBytes(global.getType());
  });

  FunctionLiveness liveness = analyzeLiveness(func);
  report.buffers = liveness.buffers.size() + liveness.nestedBufferCount;
  for (const BufferLifetime &buffer : liveness.buffers)
    report.naive += buffer.bytes;
  for (int64_t bytes : liveness.nestedBytes)
    report.naive += bytes;
  SmallVector<int64_t> offsets;
  report.arena = packBuffers(liveness.buffers, offsets);

  // Per top-level op: everything live (the lower bound any plan needs) and
  // what lives outside the arena (buffers in loops, unplanned ones).
  for (unsigned at = 0; at < liveness.topLevel.size(); ++at) {
    int64_t live = liveness.nestedBytes[at];
    int64_t outside = live;
    SmallVector<BufferLifetime> set;
    for (const BufferLifetime &buffer : liveness.buffers)
      if (buffer.first <= at && at <= buffer.last) {
        live += buffer.bytes;
        if (!buffer.plannable)
          outside += buffer.bytes;
        set.push_back(buffer);
      }
    report.planned = std::max(report.planned, report.arena + outside);
    if (live > report.livePeak) {
      report.livePeak = live;
      report.peakAt = liveness.topLevel[at];
      report.peakSet = set;
    }
  }
  report.planned = std::max(report.planned, report.arena);
  llvm::sort(report.peakSet,
             [](const BufferLifetime &a, const BufferLifetime &b) {
               return a.bytes > b.bytes;
             });
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
      FunctionReport report = analyze(func);
      if (format == "json") {
        llvm::json::Array held;
        for (const BufferLifetime &buffer : report.peakSet)
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
            {"peak_bytes", report.planned},
            {"arena_bytes", report.arena},
            {"live_peak_bytes", report.livePeak},
            {"peak_at",
             report.peakAt ? locationText(report.peakAt->getLoc()) : ""},
            {"peak_buffers", std::move(held)}});
        if (report.schedule) {
          llvm::json::Object &entry = *functions.back().getAsObject();
          entry["schedule_live_bytes_before"] = (*report.schedule)[0];
          entry["schedule_live_bytes_after"] = (*report.schedule)[1];
          entry["schedule_ops_moved"] = (*report.schedule)[2];
        }
        continue;
      }
      llvm::raw_ostream &os = llvm::outs();
      os << "memory report for @" << report.name << "\n"
         << "  inputs and outputs (caller-owned): " << report.arguments
         << " bytes\n"
         << "  constants: " << report.constants << " bytes\n"
         << "  intermediates, naive total: " << report.naive << " bytes in "
         << report.buffers << " buffers\n"
         << "  planned peak: " << report.planned << " bytes (an arena of "
         << report.arena << " bytes shared by buffers that are not live "
         << "at the same time, and the buffers outside it)\n"
         << "  largest live set: " << report.livePeak
         << " bytes (each buffer from its first to its last use; no plan "
         << "needs less)\n";
      if (report.peakAt) {
        os << "  which is live at " << report.peakAt->getName() << " "
           << locationText(report.peakAt->getLoc()) << ":\n";
        for (const BufferLifetime &buffer : report.peakSet)
          os << "    " << buffer.bytes << " bytes  "
             << buffer.alloc->getResult(0).getType() << "  written by "
             << buffer.producer->getName() << " "
             << locationText(buffer.producer->getLoc()) << "\n";
      }
      if (report.schedule) {
        auto [before, after, moved] = *report.schedule;
        if (moved)
          os << "  schedule: largest live set " << before << " -> " << after
             << " bytes by reordering " << moved
             << " ops (estimated on tensors, before bufferization)\n";
        else
          os << "  schedule: program order kept (no order found that "
                "lowers its largest live set of "
             << before << " bytes by 1% or more, estimated on tensors)\n";
      }
    }
    // The record is for this report only; later passes do not expect it.
    for (auto func : module.getOps<func::FuncOp>())
      func->removeAttr("axle.memory_schedule");
    if (format == "json")
      llvm::outs() << llvm::formatv("{0:2}",
                                    llvm::json::Value(std::move(functions)))
                   << "\n";
  }
};

} // namespace
} // namespace axle::cpu

//===- Interpreter.h - reference interpreter for stablehlo ------*- C++ -*-===//
//
// Evaluates stablehlo programs op by op, as the specification defines each
// op, with no code generation. It is the oracle compiled code is checked
// against and a tool for debugging numerics.
//
// Each op family registers its evaluators in an OpRegistry (see
// `registerAllOps`, one function per family in interpreter/ops/). An op
// without an evaluator is a located error naming the op.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_INTERPRETER_H
#define AXLE_INTERPRETER_INTERPRETER_H

#include "interpreter/Tensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <memory>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace axle::interp {

class Interpreter;

using Values = llvm::SmallVector<RuntimeValue>;
using OpEvaluator = std::function<mlir::FailureOr<Values>(
    mlir::Operation *op, llvm::ArrayRef<RuntimeValue> operands,
    Interpreter &interpreter)>;

/// Evaluators by operation name.
class OpRegistry {
public:
  void add(llvm::StringRef opName, OpEvaluator evaluator);
  const OpEvaluator *lookup(llvm::StringRef opName) const;

private:
  llvm::StringMap<OpEvaluator> evaluators;
};

/// Adds the evaluators of every op family.
void registerAllOps(OpRegistry &registry);

class Streams;

struct InterpreterOptions {
  int64_t numReplicas = 1;
  int64_t numPartitions = 1;
  /// Infeed, outfeed and channels; shared by every process of a run. The
  /// Interpreter (or the process grid) creates one when it is null.
  std::shared_ptr<Streams> streams;
};

class Interpreter {
public:
  explicit Interpreter(mlir::ModuleOp module, InterpreterOptions options = {});

  /// Calls a function of the module with `arguments`.
  mlir::FailureOr<Values> call(mlir::func::FuncOp function,
                               llvm::ArrayRef<RuntimeValue> arguments);
  mlir::FailureOr<Values> call(llvm::StringRef name,
                               llvm::ArrayRef<RuntimeValue> arguments);

  /// Runs the single block of `region` with `arguments` bound to its block
  /// arguments and returns the operands of its terminator.
  mlir::FailureOr<Values> runRegion(mlir::Region &region,
                                    llvm::ArrayRef<RuntimeValue> arguments);

  mlir::ModuleOp getModule() const { return module; }
  const InterpreterOptions &getOptions() const { return options; }

private:
  /// The values of one running region. Regions of stablehlo ops may use
  /// values of the regions around them, so lookups walk to `parent`;
  /// function bodies start a new chain.
  struct Scope {
    llvm::DenseMap<mlir::Value, RuntimeValue> values;
    const Scope *parent = nullptr;
    const RuntimeValue *lookup(mlir::Value value) const;
  };

  mlir::FailureOr<Values> runBlock(mlir::Region &region,
                                   llvm::ArrayRef<RuntimeValue> arguments,
                                   const Scope *parent);

  /// For each op of a block, the values of the block (its arguments and
  /// results of its ops) whose last use is that op, uses inside the op's
  /// regions included: runBlock drops them once the op has run, so a long
  /// chain of elementwise ops holds two or three tensors at a time instead
  /// of all of them. A result nothing uses goes right after its op.
  using ReleasePlan =
      llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 2>>;
  const ReleasePlan &releasePlan(mlir::Block &block);

  mlir::ModuleOp module;
  InterpreterOptions options;
  OpRegistry registry;
  const Scope *currentScope = nullptr;
  /// Built once per block; pointers stay valid while nested blocks add
  /// theirs.
  llvm::DenseMap<mlir::Block *, std::unique_ptr<ReleasePlan>> releasePlans;
};

} // namespace axle::interp

#endif // AXLE_INTERPRETER_INTERPRETER_H

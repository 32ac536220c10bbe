//===- InterpreterTestProgram.h - run small programs in unit tests -*- C++ -*-//
//
// Parses a module from text, runs its functions with the reference
// interpreter (one process, or a grid of processes) and reads results back
// as plain numbers, collecting error diagnostics for assertions.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_TESTS_UNIT_INTERPRETERTESTPROGRAM_H
#define AXLE_TESTS_UNIT_INTERPRETERTESTPROGRAM_H

#include "compiler/driver/RegisterDialects.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/ProcessGrid.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

namespace axle::interp::test {

class Program {
public:
  explicit Program(llvm::StringRef source) {
    mlir::DialectRegistry registry;
    axle::registerInputDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    handler.emplace(&context, [this](mlir::Diagnostic &diag) {
      std::lock_guard<std::mutex> lock(mutex);
      errors += diag.str() + "\n";
      return mlir::success();
    });
    module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  }

  bool parsed() const { return static_cast<bool>(module); }

  /// Runs `function` as one process.
  mlir::FailureOr<Values> run(llvm::StringRef function, Values arguments = {},
                              InterpreterOptions options = {}) {
    Interpreter interpreter(*module, options);
    return interpreter.call(function, arguments);
  }

  /// Runs `function` on every process of the options' grid.
  mlir::FailureOr<std::vector<Values>> runGrid(llvm::StringRef function,
                                               std::vector<Values> arguments,
                                               InterpreterOptions options) {
    return runProcessGrid(*module, function, arguments, options);
  }

  /// A tensor from a literal such as `dense<[1, 2]> : tensor<2xi32>`;
  /// `type` overrides the type for quantized tensors.
  Tensor literal(llvm::StringRef text, mlir::Type type = {}) {
    auto attr = llvm::cast<mlir::DenseElementsAttr>(
        mlir::parseAttribute(text, &context));
    auto tensorType =
        llvm::cast<mlir::RankedTensorType>(type ? type : attr.getType());
    return Tensor::fromAttr(attr, tensorType);
  }

  mlir::Type type(llvm::StringRef text) {
    return mlir::parseType(text, &context);
  }

  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string errors;

private:
  std::mutex mutex;
  std::optional<mlir::ScopedDiagnosticHandler> handler;
};

/// Integer elements (by the signedness of the storage type).
inline std::vector<int64_t> ints(const RuntimeValue &value) {
  const Tensor &tensor = value.getTensor();
  bool isUnsigned = tensor.storageType().isUnsignedInteger() ||
                    tensor.storageType().isInteger(1);
  if (auto quantized =
          llvm::dyn_cast<mlir::quant::QuantizedType>(tensor.getElementType()))
    isUnsigned = !quantized.isSigned();
  std::vector<int64_t> result;
  for (int64_t i = 0; i < tensor.size(); ++i)
    result.push_back(
        isUnsigned ? static_cast<int64_t>(tensor[i].getInt().getZExtValue())
                   : tensor[i].getInt().getSExtValue());
  return result;
}

/// Unsigned integer elements (e.g. random bits).
inline std::vector<uint64_t> bits(const RuntimeValue &value) {
  const Tensor &tensor = value.getTensor();
  std::vector<uint64_t> result;
  for (int64_t i = 0; i < tensor.size(); ++i)
    result.push_back(tensor[i].isFloat()
                         ? tensor[i].getFloat().bitcastToAPInt().getZExtValue()
                         : tensor[i].getInt().getZExtValue());
  return result;
}

/// Float elements as doubles.
inline std::vector<double> doubles(const RuntimeValue &value) {
  const Tensor &tensor = value.getTensor();
  std::vector<double> result;
  for (int64_t i = 0; i < tensor.size(); ++i)
    result.push_back(tensor[i].toDouble());
  return result;
}

} // namespace axle::interp::test

#endif // AXLE_TESTS_UNIT_INTERPRETERTESTPROGRAM_H

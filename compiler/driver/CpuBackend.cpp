//===- CpuBackend.cpp - compile, load and run on tensors' bytes -----------===//

#include "compiler/driver/CpuBackend.h"

#include "interpreter/io/RawBuffer.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"

namespace axle {

using namespace mlir;

FailureOr<std::shared_ptr<runtime::Executable>>
compileAndLoad(ModuleOp module, const CompileOptions &options) {
  OwningOpRef<ModuleOp> clone(module.clone());
  std::optional<CompiledModule> compiled = compileModule(*clone, options);
  if (!compiled)
    return failure();
  auto executable = runtime::Executable::loadBytes(
      runtime::serializeArtifact(compiled->artifact));
  if (!executable) {
    emitError(module.getLoc()) << "axle: " << executable.status().message();
    return failure();
  }
  return *executable;
}

RankedTensorType tensorTypeOf(const runtime::TensorSpec &spec,
                              MLIRContext *context) {
  Type element = parseType(spec.elementType, context);
  if (!element)
    return {};
  return RankedTensorType::get(spec.shape, element);
}

std::optional<std::vector<interp::RawTensor>>
runOnBytes(const runtime::Executable &executable,
           const runtime::FunctionSpec &function,
           llvm::ArrayRef<interp::RawTensor> arguments,
           llvm::ArrayRef<RankedTensorType> resultTypes, MLIRContext *context,
           std::string &error) {
  if (arguments.size() != function.inputs.size()) {
    error = "@" + function.name + " takes " +
            std::to_string(function.inputs.size()) + " arguments, got " +
            std::to_string(arguments.size());
    return std::nullopt;
  }
  std::vector<const void *> inputs;
  for (auto [index, argument] : llvm::enumerate(arguments)) {
    const runtime::TensorSpec &spec = function.inputs[index];
    if (static_cast<int64_t>(argument.bytes.size()) != spec.byteSize() ||
        argument.type.getShape() != llvm::ArrayRef<int64_t>(spec.shape)) {
      error = "argument " + std::to_string(index) + " of @" + function.name +
              " must be " + spec.toString();
      return std::nullopt;
    }
    inputs.push_back(argument.bytes.data());
  }
  std::vector<interp::RawTensor> results;
  for (auto [index, spec] : llvm::enumerate(function.outputs)) {
    // Results may become interpreter tensors, which have a size limit.
    if (!interp::boundedElementCount(spec.shape)) {
      error = "result " + std::to_string(index) + " of @" + function.name +
              " (" + spec.toString() + ") is too large to hold in memory";
      return std::nullopt;
    }
    RankedTensorType type = index < resultTypes.size()
                                ? resultTypes[index]
                                : tensorTypeOf(spec, context);
    if (!type) {
      error = "cannot read result type " + spec.elementType;
      return std::nullopt;
    }
    results.push_back({type, std::string(spec.byteSize(), '\0')});
  }
  std::vector<void *> outputs;
  for (interp::RawTensor &result : results)
    outputs.push_back(result.bytes.data());
  runtime::Status status = executable.run(function, inputs, outputs);
  if (!status.ok()) {
    error = status.message();
    return std::nullopt;
  }
  return results;
}

std::optional<std::vector<interp::Tensor>>
runOnTensors(const runtime::Executable &executable,
             const runtime::FunctionSpec &function,
             llvm::ArrayRef<interp::Tensor> arguments,
             llvm::ArrayRef<RankedTensorType> resultTypes, MLIRContext *context,
             std::string &error) {
  std::vector<interp::RawTensor> bytes;
  for (const interp::Tensor &argument : arguments)
    bytes.push_back({argument.getType(), interp::toRawBytes(argument)});
  auto results =
      runOnBytes(executable, function, bytes, resultTypes, context, error);
  if (!results)
    return std::nullopt;
  std::vector<interp::Tensor> tensors;
  for (const interp::RawTensor &result : *results)
    tensors.push_back(interp::fromRawBytes(result.type, result.bytes));
  return tensors;
}

} // namespace axle

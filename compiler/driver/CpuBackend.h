//===- CpuBackend.h - compile, load and run on tensors' bytes ---*- C++ -*-===//
//
// The glue the tools share to run compiled code on the tensors the
// reference interpreter reads and writes: compile a module for this
// machine (the just-in-time path is the ahead-of-time path plus an
// in-memory load), then call a function with arguments as bytes.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DRIVER_CPUBACKEND_H
#define AXLE_COMPILER_DRIVER_CPUBACKEND_H

#include "compiler/driver/Pipeline.h"
#include "interpreter/Tensor.h"
#include "interpreter/io/RawBuffer.h"
#include "runtime/Executable.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <vector>

namespace axle {

/// Compiles a clone of `module` (the original stays untouched) and loads it.
/// Compiler diagnostics go to the context's handler; loader errors are
/// reported at the module's location.
mlir::FailureOr<std::shared_ptr<runtime::Executable>>
compileAndLoad(mlir::ModuleOp module, const CompileOptions &options);

/// The tensor type of an artifact's tensor spec, or null for element types
/// this context cannot spell.
mlir::RankedTensorType tensorTypeOf(const runtime::TensorSpec &spec,
                                    mlir::MLIRContext *context);

/// Runs `function` on `arguments` (checked against its signature, with
/// `error` set on a mismatch) and returns its results as tensors of
/// `resultTypes` (pass the source function's result types to keep
/// quantized or signed types; empty = from the artifact's signature).
/// Tensors travel as bytes (interp::fromRawBytes / toRawBytes convert):
/// the interpreter's per-element form of a 64 MiB tensor takes gigabytes.
std::optional<std::vector<interp::RawTensor>>
runOnBytes(const runtime::Executable &executable,
           const runtime::FunctionSpec &function,
           llvm::ArrayRef<interp::RawTensor> arguments,
           llvm::ArrayRef<mlir::RankedTensorType> resultTypes,
           mlir::MLIRContext *context, std::string &error);

/// runOnBytes for interpreter tensors (small ones: the conformance cases).
std::optional<std::vector<interp::Tensor>>
runOnTensors(const runtime::Executable &executable,
             const runtime::FunctionSpec &function,
             llvm::ArrayRef<interp::Tensor> arguments,
             llvm::ArrayRef<mlir::RankedTensorType> resultTypes,
             mlir::MLIRContext *context, std::string &error);

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_CPUBACKEND_H

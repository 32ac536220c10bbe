//===- RegisterDialects.h - every dialect an axle tool reads ----*- C++ -*-===//

#ifndef AXLE_COMPILER_DRIVER_REGISTERDIALECTS_H
#define AXLE_COMPILER_DRIVER_REGISTERDIALECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace axle {

/// Adds the dialects of programs axle accepts (stablehlo, chlo, sdy, check
/// and the upstream func and quant dialects) to `registry`.
void registerInputDialects(mlir::DialectRegistry &registry);

/// Adds the upstream dialects code generation lowers through, with their
/// external interface models (bufferization, conversion to LLVM, ...).
void registerCompilerDialects(mlir::DialectRegistry &registry);

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_REGISTERDIALECTS_H

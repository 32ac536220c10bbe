//===- CompiledCase.h - run a conformance case as compiled code -*- C++ -*-===//
//
// A corpus case is a function (usually @main) that calls data functions
// (@inputs, @expected: only constants) and checks its results with check
// ops. To make the compiled kernels really run, the data functions are
// evaluated up front and their values become runtime arguments of the
// compiled function (nothing can be constant-folded; so do non-splat
// literals written in the case itself), and the check ops are
// cut out: the values they check become extra results, which the reference
// interpreter then checks with the very same check ops.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_TESTS_CONFORMANCE_COMPILEDCASE_H
#define AXLE_TESTS_CONFORMANCE_COMPILEDCASE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace axle {

/// Runs case `caseName` of `module` on the cpu backend. Returns success when
/// it compiled, ran and every check passed; otherwise sets `reason`. The
/// module is modified.
mlir::LogicalResult runCompiledCase(mlir::ModuleOp module,
                                    llvm::StringRef caseName,
                                    const std::string &diagnostics,
                                    std::string &reason);

} // namespace axle

#endif // AXLE_TESTS_CONFORMANCE_COMPILEDCASE_H

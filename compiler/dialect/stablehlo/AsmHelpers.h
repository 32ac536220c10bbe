//===- AsmHelpers.h - shared pieces of stablehlo syntax ---------*- C++ -*-===//
//
// Small parsing/printing helpers shared by the attribute syntax and the
// operation syntax. Internal to the dialect library.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_ASMHELPERS_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_ASMHELPERS_H

#include "mlir/IR/OpImplementation.h"

namespace axle::stablehlo::detail {

/// Parses `[a, b, ...]` (possibly empty) into `values`.
mlir::ParseResult parseIntList(mlir::AsmParser &parser,
                               llvm::SmallVectorImpl<int64_t> &values);
/// Parses `[a, ?, ...]` where `?` stands for a dynamic (unknown) value.
mlir::ParseResult parseDimOrDynamicList(mlir::AsmParser &parser,
                                        llvm::SmallVectorImpl<int64_t> &values,
                                        bool bracketed);
/// Prints `[a, b, ...]`.
void printIntList(llvm::raw_ostream &os, llvm::ArrayRef<int64_t> values);

/// Parses one or more `key = value` fields separated by commas, in any order,
/// each key at most once. `parseValue` is
/// called with the key after `=` has been consumed; keys not in `keys` are an
/// error.
mlir::ParseResult parseKeywordFields(
    mlir::AsmParser &parser, llvm::ArrayRef<llvm::StringRef> keys,
    llvm::function_ref<mlir::ParseResult(llvm::StringRef)> parseValue);

} // namespace axle::stablehlo::detail

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_ASMHELPERS_H

//===- Npy.h - read and write NumPy .npy files ------------------*- C++ -*-===//
//
// Version 1.0-3.0 .npy files in C order with little-endian (or
// byte-order-free) dtypes: bool, int8-64, uint8-64, float16/32/64,
// complex64/128, and the raw 2- and 1-byte void dtypes ('<V2', '|V1') that
// NumPy writes for ml_dtypes' bfloat16 and float8 arrays (JAX's): read as
// the bf16 or 8-bit float type the caller expects, written for those
// types. Other dtypes and Fortran order are a clear error.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_IO_NPY_H
#define AXLE_INTERPRETER_IO_NPY_H

#include "interpreter/Tensor.h"
#include "interpreter/io/RawBuffer.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"

namespace axle::interp {

/// Reads `path`. `expected` is the element type the caller wants, if it
/// knows one: it gives raw void dtypes their meaning (a bf16 argument reads
/// '<V2' as bf16); other dtypes carry their own type.
llvm::Expected<Tensor> readNpy(llvm::StringRef path, mlir::MLIRContext *context,
                               mlir::Type expected = {});
/// readNpy's tensor as its bytes (checked to hold exactly its elements).
llvm::Expected<RawTensor> readNpyBytes(llvm::StringRef path,
                                       mlir::MLIRContext *context,
                                       mlir::Type expected = {});
/// Writes beside `path` and renames the file into place, so that a failure
/// never leaves a truncated file where a good one was.
llvm::Error writeNpy(const Tensor &tensor, llvm::StringRef path);
/// writeNpy of a tensor given as its bytes (RawBuffer.h's layout).
llvm::Error writeNpyBytes(mlir::RankedTensorType type, llvm::StringRef bytes,
                          llvm::StringRef path);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_IO_NPY_H

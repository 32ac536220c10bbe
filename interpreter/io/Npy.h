//===- Npy.h - read and write NumPy .npy files ------------------*- C++ -*-===//
//
// Version 1.0-3.0 .npy files in C order with little-endian (or
// byte-order-free) dtypes: bool, int8-64, uint8-64, float16/32/64,
// complex64/128. Other dtypes and Fortran order are a clear error.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_IO_NPY_H
#define AXLE_INTERPRETER_IO_NPY_H

#include "interpreter/Tensor.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"

namespace axle::interp {

llvm::Expected<Tensor> readNpy(llvm::StringRef path,
                               mlir::MLIRContext *context);
llvm::Error writeNpy(const Tensor &tensor, llvm::StringRef path);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_IO_NPY_H

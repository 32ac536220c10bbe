//===- Literal.h - tensors as command-line literals -------------*- C++ -*-===//
//
// The literal syntax of axle-run's --input and printed outputs:
//
//   2x3xf32=1,2,3,4,5,6          flat values in row-major order
//   2x3xf32=[[1,2,3],[4,5,6]]    nested brackets (checked against the shape)
//   f32=1.5                      a 0-d tensor
//   3xi1=true,false,1            booleans as true/false or 1/0
//   2xcomplex<f32>=(1,2),(0,-1)  complex as (real,imag)
//   4xf32=2.5                    one value fills the whole tensor
// Floats also accept nan, inf, -inf; integers decimal or 0x hex.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_IO_LITERAL_H
#define AXLE_INTERPRETER_IO_LITERAL_H

#include "interpreter/Tensor.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"

namespace axle::interp {

/// Parses `text` (the whole `SHAPExTYPE=VALUES` literal).
llvm::Expected<Tensor> parseLiteral(llvm::StringRef text,
                                    mlir::MLIRContext *context);

/// Parses the `SHAPExTYPE` part alone, e.g. `2x3xf32` or `f32`.
llvm::Expected<mlir::RankedTensorType>
parseLiteralType(llvm::StringRef text, mlir::MLIRContext *context);

/// Prints `tensor` in the literal syntax, values nested by dimension.
std::string printLiteral(const Tensor &tensor);

/// `2x3xf32` for tensor<2x3xf32>.
std::string literalTypeName(mlir::RankedTensorType type);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_IO_LITERAL_H

//===- Stablehlo.h - the stablehlo dialect ----------------------*- C++ -*-===//
//
// Public header of the stablehlo dialect: dialect, enums, attributes, types
// and operations.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_STABLEHLO_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_STABLEHLO_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "compiler/dialect/stablehlo/StablehloDialect.h.inc"
#include "compiler/dialect/stablehlo/StablehloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/dialect/stablehlo/StablehloAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "compiler/dialect/stablehlo/StablehloTypes.h.inc"

namespace axle::stablehlo {

/// True for `!quant.uniform` types (per-tensor or per-axis) whose storage is
/// an integer type the specification allows.
bool isQuantizedIntType(mlir::Type type);
/// True for per-tensor `!quant.uniform` types.
bool isPerTensorQuantizedIntType(mlir::Type type);

/// The body of a convolution layout, `[b, 0, f]x[0, i, o]->[b, 0, f]`, shared
/// by the attribute syntax and the convolution op syntax.
ConvDimensionNumbersAttr parseConvDimensionNumbersBody(mlir::AsmParser &parser);
void printConvDimensionNumbersBody(llvm::raw_ostream &os,
                                   ConvDimensionNumbersAttr dims);

} // namespace axle::stablehlo

#include "compiler/dialect/stablehlo/StablehloAssembly.h"

#define GET_OP_CLASSES
#include "compiler/dialect/stablehlo/StablehloOps.h.inc"

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_STABLEHLO_H

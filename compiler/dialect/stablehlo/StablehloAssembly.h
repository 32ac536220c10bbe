//===- StablehloAssembly.h - custom syntax directives -----------*- C++ -*-===//
//
// Parsers and printers for the `custom<...>` directives of the stablehlo
// assembly formats. Each pair reads exactly what it prints, plus the
// spellings exported programs use.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_STABLEHLOASSEMBLY_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_STABLEHLOASSEMBLY_H

#include "mlir/IR/OpImplementation.h"

namespace axle::stablehlo {
class DotDimensionNumbersAttr;
class ConvDimensionNumbersAttr;
class DotAlgorithmAttr;

using mlir::OpAsmParser;
using mlir::OpAsmPrinter;
using mlir::ParseResult;

//--- `: T` when every operand and the result have type T, else `(A, B) -> R`.
ParseResult
parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                   llvm::ArrayRef<mlir::Type *> operandTypes,
                                   mlir::Type &resultType);
void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        mlir::TypeRange operandTypes,
                                        mlir::Type resultType);

template <typename... Types>
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                           Types &...types) {
  mlir::Type *all[] = {&types...};
  llvm::ArrayRef<mlir::Type *> refs(all);
  return parseSameOperandsAndResultTypeImpl(parser, refs.drop_back(),
                                            *refs.back());
}

template <typename... Types>
void printSameOperandsAndResultType(OpAsmPrinter &printer, mlir::Operation *,
                                    Types... types) {
  mlir::Type all[] = {types...};
  llvm::ArrayRef<mlir::Type> refs(all);
  printSameOperandsAndResultTypeImpl(printer, refs.drop_back(), refs.back());
}

//--- select: `: pred_type, result_type` or a function type.
ParseResult parseSelectOpType(OpAsmParser &parser, mlir::Type &pred,
                              mlir::Type &onTrue, mlir::Type &onFalse,
                              mlir::Type &result);
void printSelectOpType(OpAsmPrinter &printer, mlir::Operation *,
                       mlir::Type pred, mlir::Type onTrue, mlir::Type onFalse,
                       mlir::Type result);

//--- complex: `: complex_result_type` or a function type.
ParseResult parseComplexOpType(OpAsmParser &parser, mlir::Type &lhs,
                               mlir::Type &rhs, mlir::Type &result);
void printComplexOpType(OpAsmPrinter &printer, mlir::Operation *,
                        mlir::Type lhs, mlir::Type rhs, mlir::Type result);

//--- tuple: `: tuple<...>`, operand types are the tuple's element types.
ParseResult parseTupleOpType(OpAsmParser &parser,
                             llvm::SmallVectorImpl<mlir::Type> &operands,
                             mlir::Type &result);
void printTupleOpType(OpAsmPrinter &printer, mlir::Operation *,
                      mlir::TypeRange operands, mlir::Type result);

//--- `: T1, T2, ...` where results have the operands' types.
ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                llvm::SmallVectorImpl<mlir::Type> &operands,
                                llvm::SmallVectorImpl<mlir::Type> &results);
void printPairwiseOpType(OpAsmPrinter &printer, mlir::Operation *,
                         mlir::TypeRange operands, mlir::TypeRange results);

//--- `%a, %b,` : operands followed by a comma, then an attribute keyword.
ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    llvm::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands);
void printVariadicOperandWithAttribute(OpAsmPrinter &printer, mlir::Operation *,
                                       mlir::OperandRange operands);

//--- `[1, 2, 3]` for a dense i64 array.
ParseResult parseDimList(OpAsmParser &parser, mlir::DenseI64ArrayAttr &dims);
void printDimList(OpAsmPrinter &printer, mlir::Operation *,
                  mlir::DenseI64ArrayAttr dims);

//--- slice: `[start:limit:stride, ...]`, stride omitted when 1.
ParseResult parseSliceRanges(OpAsmParser &parser,
                             mlir::DenseI64ArrayAttr &start,
                             mlir::DenseI64ArrayAttr &limit,
                             mlir::DenseI64ArrayAttr &strides);
void printSliceRanges(OpAsmPrinter &printer, mlir::Operation *,
                      mlir::DenseI64ArrayAttr start,
                      mlir::DenseI64ArrayAttr limit,
                      mlir::DenseI64ArrayAttr strides);

//--- reduce_precision: `e8m23`.
ParseResult parseExponentMantissa(OpAsmParser &parser,
                                  mlir::IntegerAttr &exponent,
                                  mlir::IntegerAttr &mantissa);
void printExponentMantissa(OpAsmPrinter &printer, mlir::Operation *,
                           mlir::IntegerAttr exponent,
                           mlir::IntegerAttr mantissa);

//--- custom_call: `@target` (any string, quoted when needed).
ParseResult parseCustomCallTarget(OpAsmParser &parser, mlir::StringAttr &name);
void printCustomCallTarget(OpAsmPrinter &printer, mlir::Operation *,
                           mlir::StringAttr name);

//--- dot_general: `batching_dims = [0] x [0], contracting_dims = [2] x [1]`.
ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &dims);
void printDotDimensionNumbers(OpAsmPrinter &printer, mlir::Operation *,
                              DotDimensionNumbersAttr dims);

//--- dot_general: optional `, precision = [...]` and `, algorithm = <...>`
//    (the latter also as `#stablehlo.dot_algorithm<...>`), in either order.
ParseResult parseDotGeneralOptions(OpAsmParser &parser, mlir::ArrayAttr &config,
                                   DotAlgorithmAttr &algorithm);
void printDotGeneralOptions(OpAsmPrinter &printer, mlir::Operation *,
                            mlir::ArrayAttr config, DotAlgorithmAttr algorithm);

//--- `[DEFAULT, HIGHEST]` for an array of precision attributes.
ParseResult parsePrecisionConfig(OpAsmParser &parser, mlir::ArrayAttr &config);
void printPrecisionConfig(OpAsmPrinter &printer, mlir::Operation *,
                          mlir::ArrayAttr config);

//--- convolution: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
ParseResult parseConvolutionDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &dims);
void printConvolutionDimensions(OpAsmPrinter &printer, mlir::Operation *,
                                ConvDimensionNumbersAttr dims);

//--- convolution: optional `, window = {stride = [..], pad = [[l, h], ..],
//    lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}`.
ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  mlir::DenseI64ArrayAttr &strides,
                                  mlir::DenseIntElementsAttr &padding,
                                  mlir::DenseI64ArrayAttr &lhsDilation,
                                  mlir::DenseI64ArrayAttr &rhsDilation,
                                  mlir::DenseBoolArrayAttr &reversal);
void printWindowAttributes(OpAsmPrinter &printer, mlir::Operation *,
                           mlir::DenseI64ArrayAttr strides,
                           mlir::DenseIntElementsAttr padding,
                           mlir::DenseI64ArrayAttr lhsDilation,
                           mlir::DenseI64ArrayAttr rhsDilation,
                           mlir::DenseBoolArrayAttr reversal);

} // namespace axle::stablehlo

#endif // AXLE_COMPILER_DIALECT_STABLEHLO_STABLEHLOASSEMBLY_H

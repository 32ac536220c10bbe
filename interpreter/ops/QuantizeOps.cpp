//===- QuantizeOps.cpp - evaluators of uniform_(de)quantize ---------------===//
//
// uniform_quantize: float -> quantized is `quantize`; quantized -> quantized
// (requantization) is `quantize(dequantize(x))`. uniform_dequantize is
// `dequantize`. Both work per tensor and per axis; the formulas live in
// EvalHelpers.cpp.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

FailureOr<Values> evalUniformQuantize(Operation *op,
                                      ArrayRef<RuntimeValue> operands,
                                      Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  RankedTensorType resultType = resultTensorType(op);
  auto quantized =
      llvm::dyn_cast<quant::QuantizedType>(resultType.getElementType());
  if (!quantized)
    return op->emitError() << "uniform_quantize needs a quantized result, got "
                           << resultType;
  Tensor input = dequantize(operand);
  if (!llvm::isa<FloatType>(input.getElementType()))
    return op->emitError() << "uniform_quantize needs a floating-point or "
                              "quantized operand, got "
                           << operand.getType();
  if (input.getElementType() != quantized.getExpressedType())
    return op->emitError() << "uniform_quantize: operand expresses "
                           << input.getElementType() << " but the result "
                           << quantized.getExpressedType();
  return Values{quantize(input, resultType)};
}

FailureOr<Values> evalUniformDequantize(Operation *op,
                                        ArrayRef<RuntimeValue> operands,
                                        Interpreter &) {
  const Tensor &operand = operands[0].getTensor();
  if (!llvm::isa<quant::QuantizedType>(operand.getElementType()))
    return op->emitError() << "uniform_dequantize needs a quantized operand, "
                              "got "
                           << operand.getType();
  return Values{dequantize(operand)};
}

} // namespace

void registerQuantizeOps(OpRegistry &registry) {
  registry.add(hlo::UniformQuantizeOp::getOperationName(), evalUniformQuantize);
  registry.add(hlo::UniformDequantizeOp::getOperationName(),
               evalUniformDequantize);
}

} // namespace axle::interp

//===- SimplifyUtils.cpp - helpers shared by the simplifier rules ---------===//
//
// Small helpers that more than one Simplify<Family>.cpp needs; declared in
// Simplify.h.
//
//===----------------------------------------------------------------------===//

#include "compiler/transforms/Simplify.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

namespace axle::transforms {

using namespace mlir;
namespace hlo = axle::stablehlo;

RankedTensorType getPlainStaticType(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() ||
      llvm::isa<quant::QuantizedType>(tensor.getElementType()))
    return {};
  return tensor;
}

Value createSplatConstant(PatternRewriter &rewriter, Location loc,
                          RankedTensorType type, Attribute element) {
  auto attr = DenseElementsAttr::get(type, element);
  return hlo::ConstantOp::create(rewriter, loc, attr);
}

} // namespace axle::transforms

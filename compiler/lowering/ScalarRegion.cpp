//===- ScalarRegion.cpp - regions of 0-d stablehlo ops as scalar code -----===//
//
// Reduction bodies, sort comparators and scatter updates are regions whose
// ops work on 0-d tensors. Inside a linalg.generic or a loop nest they are
// evaluated on scalars: each op is re-emitted through emitScalarOp, 0-d
// constants become scalar constants.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

FailureOr<SmallVector<Value>> emitScalarRegion(OpBuilder &b, Region &region,
                                               ValueRange args) {
  if (!region.hasOneBlock())
    return failure();
  Block &block = region.front();
  if (block.getNumArguments() != args.size())
    return failure();
  IRMapping scalars;
  for (auto [blockArg, scalar] : llvm::zip(block.getArguments(), args))
    scalars.map(blockArg, scalar);

  for (Operation &op : block) {
    if (auto ret = dyn_cast<hlo::ReturnOp>(op)) {
      SmallVector<Value> results;
      for (Value operand : ret.getOperands())
        results.push_back(scalars.lookup(operand));
      return results;
    }
    if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value || value.getNumElements() != 1) {
        (void)unsupported(&op, "non-scalar constant inside a scalar region");
        return failure();
      }
      Type type = convertElementType(value.getElementType());
      TypedAttr element;
      if (auto ints = dyn_cast<DenseIntElementsAttr>(value))
        element = b.getIntegerAttr(type, *ints.begin());
      else if (auto floats = dyn_cast<DenseFPElementsAttr>(value))
        element = b.getFloatAttr(type, *floats.begin());
      else
        element = cast<TypedAttr>(value.getSplatValue<Attribute>());
      scalars.map(constant.getResult(),
                  arith::ConstantOp::create(b, op.getLoc(), type, element));
      continue;
    }
    if (!op.hasTrait<OpTrait::Elementwise>() || op.getNumResults() != 1) {
      (void)unsupported(&op, "only elementwise ops are supported inside "
                             "a reduction, comparator or update region");
      return failure();
    }
    SmallVector<Type> operandTypes;
    SmallVector<Value> operands;
    for (Value operand : op.getOperands()) {
      operandTypes.push_back(elementTypeOf(operand.getType()));
      operands.push_back(scalars.lookup(operand));
    }
    FailureOr<Value> result =
        emitScalarOp(b, &op, operandTypes,
                     elementTypeOf(op.getResult(0).getType()), operands);
    if (failed(result))
      return failure();
    scalars.map(op.getResult(0), *result);
  }
  return failure();
}

} // namespace axle::lowering

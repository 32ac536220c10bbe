//===- ScalarRegion.cpp - regions of 0-d stablehlo ops as scalar code -----===//
//
// Reduction bodies, sort comparators and scatter updates are regions whose
// ops work on 0-d tensors. Inside a linalg.generic or a loop nest they are
// evaluated on scalars: each op is re-emitted through emitScalarOp, 0-d
// constants (also those hoisted out of the region) become scalar constants.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/IRMapping.h"

#include <complex>

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// The scalar constant of a one-element dense literal, or null.
Value scalarConstant(OpBuilder &b, Location loc, DenseElementsAttr value) {
  if (value.getNumElements() != 1)
    return {};
  Type type = convertElementType(value.getElementType());
  if (auto ints = dyn_cast<DenseIntElementsAttr>(value))
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, *ints.begin()));
  if (auto floats = dyn_cast<DenseFPElementsAttr>(value))
    return arith::ConstantOp::create(b, loc, type,
                                     b.getFloatAttr(type, *floats.begin()));
  auto complexType = dyn_cast<ComplexType>(type);
  if (!complexType)
    return {};
  auto part = cast<FloatType>(complexType.getElementType());
  auto number = *value.getValues<std::complex<APFloat>>().begin();
  return complex::ConstantOp::create(
      b, loc, complexType,
      b.getArrayAttr({b.getFloatAttr(part, number.real()),
                      b.getFloatAttr(part, number.imag())}));
}

} // namespace

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

  // The scalar of an operand: computed in the region, or a one-element
  // constant defined outside it (canonicalization hoists constants out of
  // regions).
  auto scalarOf = [&](Operation &user, Value operand) -> Value {
    if (Value scalar = scalars.lookupOrNull(operand))
      return scalar;
    if (auto constant = operand.getDefiningOp<hlo::ConstantOp>())
      if (auto value = dyn_cast<DenseElementsAttr>(constant.getValue()))
        if (Value scalar = scalarConstant(b, user.getLoc(), value)) {
          scalars.map(operand, scalar);
          return scalar;
        }
    (void)unsupported(&user, "a reduction, comparator or update region may "
                             "use only its arguments and scalar constants");
    return {};
  };

  for (Operation &op : block) {
    if (auto ret = dyn_cast<hlo::ReturnOp>(op)) {
      SmallVector<Value> results;
      for (Value operand : ret.getOperands()) {
        Value scalar = scalarOf(op, operand);
        if (!scalar)
          return failure();
        results.push_back(scalar);
      }
      return results;
    }
    if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      Value scalar = value ? scalarConstant(b, op.getLoc(), value) : Value();
      if (!scalar) {
        (void)unsupported(&op, "non-scalar constant inside a scalar region");
        return failure();
      }
      scalars.map(constant.getResult(), scalar);
      continue;
    }
    // select and clamp are elementwise too, though their 0-d operands
    // (a scalar predicate or bound) keep them from carrying the trait.
    bool elementwise = op.hasTrait<OpTrait::Elementwise>() ||
                       isa<hlo::SelectOp, hlo::ClampOp>(op);
    if (!elementwise || op.getNumResults() != 1) {
      (void)unsupported(&op, "only elementwise ops are supported inside "
                             "a reduction, comparator or update region");
      return failure();
    }
    SmallVector<Type> operandTypes;
    SmallVector<Value> operands;
    for (Value operand : op.getOperands()) {
      operandTypes.push_back(elementTypeOf(operand.getType()));
      Value scalar = scalarOf(op, operand);
      if (!scalar)
        return failure();
      operands.push_back(scalar);
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

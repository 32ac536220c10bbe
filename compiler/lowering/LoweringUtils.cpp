//===- LoweringUtils.cpp - type converter and generic builders ------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

namespace axle::lowering {

using namespace mlir;

Type convertElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    if (!intType.isSignless())
      return IntegerType::get(type.getContext(), intType.getWidth());
  return type;
}

Type elementTypeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

bool isUnsignedInt(Type elementType) {
  return elementType.isUnsignedInteger() || elementType.isInteger(1);
}

StablehloTypeConverter::StablehloTypeConverter() {
  addConversion([](Type type) -> std::optional<Type> {
    if (isa<IntegerType, FloatType, ComplexType, IndexType>(type))
      return convertElementType(type);
    if (isa<MemRefType>(type))
      return type;
    return std::nullopt;
  });
  addConversion([](RankedTensorType type) -> std::optional<Type> {
    Type element = type.getElementType();
    if (!isa<IntegerType, FloatType, ComplexType, IndexType>(element))
      return std::nullopt;
    // Bounded dynamic shapes carry a stablehlo encoding; the lowered
    // program has no use for it.
    return RankedTensorType::get(type.getShape(), convertElementType(element));
  });
  // Values whose type changed only in signedness are reinterpreted, never
  // converted: the bits stay the same.
  auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType());
}

Value buildMapGeneric(
    OpBuilder &b, Location loc, RankedTensorType resultType, ValueRange inputs,
    llvm::function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  int64_t rank = resultType.getRank();
  SmallVector<AffineMap> maps;
  for (Value input : inputs) {
    // 0-d operands (select's predicate, clamp's bounds) are broadcast.
    auto inputType = cast<RankedTensorType>(input.getType());
    if (inputType.getRank() == rank)
      maps.push_back(b.getMultiDimIdentityMap(rank));
    else
      maps.push_back(AffineMap::get(rank, 0, {}, b.getContext()));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, inputs, emptyTensor(b, loc, resultType), maps,
      iterators, [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result = body(nested, nestedLoc, args.drop_back());
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

LogicalResult unsupported(Operation *op, const Twine &why) {
  return op->emitError() << "axle cannot compile '" << op->getName()
                         << "': " << why;
}

} // namespace axle::lowering

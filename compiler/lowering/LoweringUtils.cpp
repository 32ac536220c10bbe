//===- LoweringUtils.cpp - type converter and generic builders ------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "llvm/Support/MathExtras.h"

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

SmallVector<Value> buildMultiResultGeneric(
    OpBuilder &b, Location loc, TypeRange resultTypes, ValueRange inputs,
    ArrayRef<AffineMap> inputMaps,
    llvm::function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>
        body) {
  int64_t rank = cast<RankedTensorType>(resultTypes.front()).getRank();
  SmallVector<Value> inits;
  for (Type type : resultTypes)
    inits.push_back(emptyTensor(b, loc, cast<RankedTensorType>(type)));
  SmallVector<AffineMap> maps(inputMaps);
  maps.append(resultTypes.size(), b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, resultTypes, inputs, inits, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(
            nested, nestedLoc,
            body(nested, nestedLoc, args.take_front(inputs.size())));
      });
  return generic.getResults();
}

Value buildParallelGeneric(
    OpBuilder &b, Location loc, RankedTensorType resultType, ValueRange inputs,
    ArrayRef<AffineMap> inputMaps,
    llvm::function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  return buildMultiResultGeneric(b, loc, TypeRange{resultType}, inputs,
                                 inputMaps,
                                 [&](OpBuilder &nested, Location nestedLoc,
                                     ValueRange args) -> SmallVector<Value> {
                                   return {body(nested, nestedLoc, args)};
                                 })[0];
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
  return buildParallelGeneric(b, loc, resultType, inputs, maps, body);
}

Value extractScalar(OpBuilder &b, Location loc, Value tensor0d) {
  return tensor::ExtractOp::create(b, loc, tensor0d, ValueRange{});
}

Value zeroScalar(OpBuilder &b, Location loc, Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Attribute zero = b.getZeroAttr(complexType.getElementType());
    return complex::ConstantOp::create(b, loc, complexType,
                                       b.getArrayAttr({zero, zero}));
  }
  return arith::ConstantOp::create(b, loc, type,
                                   cast<TypedAttr>(b.getZeroAttr(type)));
}

Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   Value value) {
  return linalg::FillOp::create(b, loc, ValueRange{value},
                                ValueRange{emptyTensor(b, loc, type)})
      .getResult(0);
}

Value padAndDilate(OpBuilder &b, Location loc, Value input, Value padValue,
                   ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                   ArrayRef<int64_t> dilation) {
  auto type = cast<RankedTensorType>(input.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = type.getRank();
  bool trivial = true, simple = true;
  for (int64_t d = 0; d < rank; ++d) {
    trivial &= low[d] == 0 && high[d] == 0 && dilation[d] == 1;
    simple &= low[d] >= 0 && high[d] >= 0 && dilation[d] == 1;
  }
  if (trivial)
    return input;
  SmallVector<int64_t> padded(rank);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t dilated = shape[d] == 0 ? 0 : (shape[d] - 1) * dilation[d] + 1;
    padded[d] = std::max<int64_t>(0, low[d] + dilated + high[d]);
  }
  auto paddedType = RankedTensorType::get(padded, type.getElementType());
  if (simple) {
    SmallVector<OpFoldResult> lowAttrs, highAttrs;
    for (int64_t d = 0; d < rank; ++d) {
      lowAttrs.push_back(b.getIndexAttr(low[d]));
      highAttrs.push_back(b.getIndexAttr(high[d]));
    }
    return tensor::PadOp::create(b, loc, paddedType, input, lowAttrs, highAttrs,
                                 padValue);
  }
  // Dilation or cropping: fill, then insert the input elements that land
  // inside the result with a strided insert_slice.
  Value result = filledTensor(b, loc, paddedType, padValue);
  SmallVector<OpFoldResult> srcOffsets, sizes, ones, dstOffsets, strides;
  bool whole = true;
  for (int64_t d = 0; d < rank; ++d) {
    // Input element i lands at low + i * dilation, which must lie in
    // [0, padded).
    int64_t first =
        low[d] >= 0 ? 0 : llvm::divideCeilSigned(-low[d], dilation[d]);
    int64_t last =
        std::min(shape[d] - 1,
                 llvm::divideFloorSigned(padded[d] - 1 - low[d], dilation[d]));
    int64_t count = last - first + 1;
    if (count <= 0)
      return result;
    whole &= count == shape[d];
    srcOffsets.push_back(b.getIndexAttr(first));
    sizes.push_back(b.getIndexAttr(count));
    ones.push_back(b.getIndexAttr(1));
    dstOffsets.push_back(b.getIndexAttr(low[d] + first * dilation[d]));
    strides.push_back(b.getIndexAttr(dilation[d]));
  }
  Value source = whole ? input
                       : tensor::ExtractSliceOp::create(b, loc, input,
                                                        srcOffsets, sizes, ones)
                             .getResult();
  return tensor::InsertSliceOp::create(b, loc, source, result, dstOffsets,
                                       sizes, strides);
}

LogicalResult readPadding(std::optional<DenseIntElementsAttr> attr,
                          int64_t rank, SmallVector<int64_t> &low,
                          SmallVector<int64_t> &high) {
  low.assign(rank, 0);
  high.assign(rank, 0);
  if (!attr)
    return success();
  SmallVector<int64_t> values(attr->getValues<int64_t>());
  if (static_cast<int64_t>(values.size()) != 2 * rank)
    return failure();
  for (int64_t d = 0; d < rank; ++d) {
    low[d] = values[2 * d];
    high[d] = values[2 * d + 1];
  }
  return success();
}

SmallVector<int64_t> orFill(std::optional<ArrayRef<int64_t>> values,
                            int64_t rank, int64_t fill) {
  if (values)
    return SmallVector<int64_t>(*values);
  return SmallVector<int64_t>(rank, fill);
}

SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<int64_t> shape) {
  SmallVector<Value> indices(shape.size());
  Value rest = linear;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    Value size = arith::ConstantIndexOp::create(b, loc, shape[d]);
    indices[d] = arith::RemUIOp::create(b, loc, rest, size);
    rest = arith::DivUIOp::create(b, loc, rest, size);
  }
  return indices;
}

std::string unsupportedFloatElement(Type type) {
  bool ok;
  if (auto complexType = dyn_cast<ComplexType>(type))
    ok = complexType.getElementType().isF32() ||
         complexType.getElementType().isF64();
  else
    ok = type.isF16() || type.isBF16() || type.isF32() || type.isF64();
  if (ok)
    return "";
  std::string why;
  llvm::raw_string_ostream os(why);
  os << "no support for element type " << type;
  return why;
}

LogicalResult unsupported(Operation *op, const Twine &why) {
  return op->emitError() << "axle cannot compile '" << op->getName()
                         << "': " << why;
}

} // namespace axle::lowering

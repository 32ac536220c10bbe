//===- LowerElementwise.cpp - elementwise ops, constant, iota, map --------===//
//
// Every op with the Elementwise trait, and select and clamp, becomes one
// linalg.generic over the result's index space whose body is the op's
// scalar code (ScalarOps.cpp); 0-d operands (select's predicate, clamp's
// bounds) are broadcast. map becomes a linalg.generic whose body is its
// computation evaluated on scalars. (bitcast_convert, elementwise only
// for equal widths, belongs to the shape lowering.)
// Constants become arith.constant; iota becomes a generic on linalg.index.
// chlo.erf and chlo.erfc, which --axle-legalize-chlo keeps for f32 and
// bf16, become generics of math.erf and math.erfc (the CPU backend inlines
// axle's recipes for them).
//
// Every pattern checks that the scalar code exists before it builds
// anything: a failure inside a generic's body builder would leave a
// half-built op in the conversion.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// Ops this file maps elementwise through emitScalarOp. Quantization ops
/// carry the Elementwise trait but are not scalar arithmetic.
bool isScalarMapped(Operation *op) {
  if (!isa<hlo::StablehloDialect>(op->getDialect()) || op->getNumResults() != 1)
    return false;
  if (isa<hlo::UniformQuantizeOp, hlo::UniformDequantizeOp>(op))
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<hlo::SelectOp, hlo::ClampOp>(op);
}

/// The converted result type of `op` if every operand and result is a
/// statically shaped ranked tensor, else an error at `op`.
FailureOr<RankedTensorType> staticResultType(Operation *op,
                                             const TypeConverter &converter) {
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !ranked.hasStaticShape()) {
      (void)unsupported(op, "needs static shapes");
      return failure();
    }
  }
  auto resultType = dyn_cast_or_null<RankedTensorType>(
      converter.convertType(op->getResult(0).getType()));
  if (!resultType) {
    (void)unsupported(op, "result type has no lowering");
    return failure();
  }
  return resultType;
}

struct ElementwiseToGeneric : public ConversionPattern {
  ElementwiseToGeneric(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalarMapped(op))
      return failure();
    SmallVector<Type> operandTypes;
    for (Value operand : op->getOperands())
      operandTypes.push_back(elementTypeOf(operand.getType()));
    Type resultElement = elementTypeOf(op->getResult(0).getType());
    // Element types first: they also explain why a type has no conversion.
    std::string why;
    if (!hasScalarLowering(op, operandTypes, resultElement, &why))
      return unsupported(op, why);
    FailureOr<RankedTensorType> resultType =
        staticResultType(op, *getTypeConverter());
    if (failed(resultType))
      return failure();

    Value result = buildMapGeneric(
        rewriter, op->getLoc(), *resultType, operands,
        [&](OpBuilder &b, Location, ValueRange args) -> Value {
          FailureOr<Value> scalar =
              emitScalarOp(b, op, operandTypes, resultElement, args);
          assert(succeeded(scalar) && "checked by hasScalarLowering");
          return *scalar;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A unary chlo function of floats (matched by name: this library does not
/// depend on the chlo dialect): a generic of the math op `MathOp`.
template <typename MathOp>
struct ChloFunctionToGeneric : public ConversionPattern {
  ChloFunctionToGeneric(const TypeConverter &converter, MLIRContext *ctx,
                        StringRef name)
      : ConversionPattern(converter, name, /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
        !isa<FloatType>(elementTypeOf(op->getResult(0).getType())) ||
        op->getOperand(0).getType() != op->getResult(0).getType())
      return unsupported(op, "needs one float operand of the result's type");
    FailureOr<RankedTensorType> resultType =
        staticResultType(op, *getTypeConverter());
    if (failed(resultType))
      return failure();
    rewriter.replaceOp(
        op,
        buildMapGeneric(rewriter, op->getLoc(), *resultType, operands,
                        [](OpBuilder &b, Location loc, ValueRange args) {
                          return MathOp::create(b, loc, args[0]).getResult();
                        }));
    return success();
  }
};

/// The values a region uses but does not define, in order of first use.
/// Canonicalization hoists constants out of regions that are not isolated
/// from above, so a map's computation often reads a 0-d constant defined
/// outside it.
llvm::SetVector<Value> capturedValues(Region &region) {
  llvm::SetVector<Value> captured;
  region.walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!region.isAncestor(operand.getParentRegion()))
        captured.insert(operand);
  });
  return captured;
}

/// Why emitScalarRegion cannot evaluate `region` on scalars, or "": the
/// same rules as emitScalarRegion (0-d non-complex constants, single-result
/// elementwise ops, select and clamp with scalar code, a return of one
/// value); values from
/// outside the region must be 0-d tensors.
std::string scalarRegionGap(Region &region, unsigned numArgs) {
  if (!region.hasOneBlock())
    return "its computation has more than one block";
  Block &block = region.front();
  if (block.getNumArguments() != numArgs)
    return "its computation takes the wrong number of arguments";
  auto describe = [](Operation &op, StringRef why) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "'" << op.getName() << "' in its computation: " << why;
    return text;
  };
  for (Operation &op : block) {
    for (Value operand : op.getOperands()) {
      if (operand.getParentBlock() == &block)
        continue;
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!type || type.getRank() != 0)
        return describe(op, "uses a non-scalar value from outside the "
                            "computation");
    }
    if (auto ret = dyn_cast<hlo::ReturnOp>(op)) {
      if (ret.getNumOperands() != 1)
        return describe(op, "returns more than one value");
      continue;
    }
    if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value || value.getNumElements() != 1)
        return describe(op, "not a scalar constant");
      if (isa<ComplexType>(value.getElementType()))
        return describe(op, "complex constants are not supported");
      continue;
    }
    bool elementwise = op.hasTrait<OpTrait::Elementwise>() ||
                       isa<hlo::SelectOp, hlo::ClampOp>(op);
    if (!elementwise || op.getNumResults() != 1)
      return describe(op, "only elementwise ops are supported");
    SmallVector<Type> operandTypes;
    for (Value operand : op.getOperands())
      operandTypes.push_back(elementTypeOf(operand.getType()));
    std::string why;
    if (!hasScalarLowering(&op, operandTypes,
                           elementTypeOf(op.getResult(0).getType()), &why))
      return describe(op, why);
  }
  if (block.empty() || !isa<hlo::ReturnOp>(block.back()))
    return "its computation does not end in a return";
  return "";
}

/// map: a linalg.generic whose body is the computation on scalars. Values
/// the computation captures (0-d tensors) become extra 0-d inputs of the
/// generic, read at every index.
struct MapToGeneric : public OpConversionPattern<hlo::MapOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::MapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultType =
        staticResultType(op, *getTypeConverter());
    if (failed(resultType))
      return failure();
    // The spec allows only the identity dimensions [0, ..., rank - 1].
    if (!llvm::equal(op.getDimensions(),
                     llvm::seq<int64_t>(0, resultType->getRank())))
      return unsupported(op, "dimensions other than [0, ..., rank - 1]");
    Region &computation = op.getComputation();
    std::string why = scalarRegionGap(computation, op.getInputs().size());
    if (!why.empty())
      return unsupported(op, why);
    llvm::SetVector<Value> captured = capturedValues(computation);
    SmallVector<Value> inputs(adaptor.getInputs());
    for (Value value : captured) {
      Value remapped = rewriter.getRemappedValue(value);
      if (!remapped)
        return unsupported(op, "a value its computation captures has no "
                               "lowering");
      inputs.push_back(remapped);
    }

    // emitScalarRegion maps only block arguments to scalars, so it runs on
    // a detached copy of the computation whose extra arguments stand for
    // the captured values. The copy is built outside the rewriter: it never
    // joins the IR and is destroyed at the end of this scope.
    Region scalarComputation;
    Block &original = computation.front();
    Block *block = new Block();
    scalarComputation.push_back(block);
    IRMapping mapping;
    for (BlockArgument arg : original.getArguments())
      mapping.map(arg, block->addArgument(arg.getType(), arg.getLoc()));
    for (Value value : captured)
      mapping.map(value, block->addArgument(value.getType(), value.getLoc()));
    OpBuilder cloner(op.getContext());
    cloner.setInsertionPointToEnd(block);
    for (Operation &inner : original)
      cloner.clone(inner, mapping);

    Value result = buildMapGeneric(
        rewriter, op.getLoc(), *resultType, inputs,
        [&](OpBuilder &b, Location, ValueRange args) -> Value {
          FailureOr<SmallVector<Value>> results =
              emitScalarRegion(b, scalarComputation, args);
          assert(succeeded(results) && "checked by scalarRegionGap");
          return (*results)[0];
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConstantToArith : public OpConversionPattern<hlo::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !value)
      return unsupported(op, "constant of this type");
    if (value.getType().getElementType() != type.getElementType())
      value = value.bitcast(type.getElementType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

struct IotaToGeneric : public OpConversionPattern<hlo::IotaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type || !type.hasStaticShape())
      return unsupported(op, "needs a static shape");
    Type original = elementTypeOf(op.getType());
    int64_t dimension = op.getIotaDimension();
    Value result = buildMapGeneric(
        rewriter, op.getLoc(), type, {},
        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
          Value index = linalg::IndexOp::create(b, loc, dimension);
          Value asInt =
              arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
          return emitScalarConvert(
              b, loc, asInt, b.getIntegerType(64, /*isSigned=*/true), original);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns
      .add<ElementwiseToGeneric, MapToGeneric, ConstantToArith, IotaToGeneric>(
          converter, patterns.getContext());
  patterns.add<ChloFunctionToGeneric<math::ErfOp>>(
      converter, patterns.getContext(), "chlo.erf");
  patterns.add<ChloFunctionToGeneric<math::ErfcOp>>(
      converter, patterns.getContext(), "chlo.erfc");
}

} // namespace axle::lowering

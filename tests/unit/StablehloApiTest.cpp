//===- StablehloApiTest.cpp - C++ API of the stablehlo dialect ------------===//
//
// Builds stablehlo IR through the C++ API (as passes and the importer do) and
// checks that builders, verifiers and attribute syntax behave.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/driver/RegisterDialects.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

class StablehloApiTest : public ::testing::Test {
protected:
  StablehloApiTest() : builder(&context) {
    DialectRegistry registry;
    axle::registerInputDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// Verifies the module, collecting diagnostic messages.
  LogicalResult verifyCollecting(std::string &messages) {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      messages += diag.str();
      messages += '\n';
      return success();
    });
    return verify(*module);
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(StablehloApiTest, BuildsAndVerifiesElementwiseChain) {
  Type f32 = builder.getF32Type();
  auto type = tensor({2, 3}, f32);
  Location loc = builder.getUnknownLoc();
  auto func = func::FuncOp::create(builder, loc, "f",
                                   builder.getFunctionType({type, type}, type));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  Value sum = hlo::AddOp::create(builder, loc, body->getArgument(0),
                                 body->getArgument(1));
  Value product = hlo::MulOp::create(builder, loc, sum, sum);
  func::ReturnOp::create(builder, loc, product);
  std::string messages;
  EXPECT_TRUE(succeeded(verifyCollecting(messages))) << messages;
}

TEST_F(StablehloApiTest, VerifierRejectsBadTransposePermutation) {
  Type f32 = builder.getF32Type();
  Location loc = builder.getUnknownLoc();
  auto func = func::FuncOp::create(
      builder, loc, "f",
      builder.getFunctionType({tensor({2, 3}, f32)}, tensor({3, 2}, f32)));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  // [0, 0] is not a permutation of [0, 1].
  Value transposed = hlo::TransposeOp::create(
      builder, loc, tensor({3, 2}, f32), body->getArgument(0),
      builder.getDenseI64ArrayAttr({0, 0}));
  func::ReturnOp::create(builder, loc, transposed);
  std::string messages;
  EXPECT_TRUE(failed(verifyCollecting(messages)));
  EXPECT_NE(messages.find("permutation has repeated entry 0"),
            std::string::npos)
      << messages;
}

TEST_F(StablehloApiTest, BuildersInferResultTypes) {
  Type f32 = builder.getF32Type();
  Location loc = builder.getUnknownLoc();
  auto func = func::FuncOp::create(
      builder, loc, "f",
      builder.getFunctionType({tensor({2, 3}, f32), tensor({2, 5}, f32)}, {}));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  Value a = body->getArgument(0), b = body->getArgument(1);

  auto transpose = hlo::TransposeOp::create(
      builder, loc, a, builder.getDenseI64ArrayAttr({1, 0}));
  EXPECT_EQ(transpose.getType(), tensor({3, 2}, f32));

  auto concat = hlo::ConcatenateOp::create(builder, loc, ValueRange{a, b},
                                           builder.getI64IntegerAttr(1));
  EXPECT_EQ(concat.getType(), tensor({2, 8}, f32));

  auto compare = hlo::CompareOp::create(
      builder, loc, a, a,
      hlo::ComparisonDirectionAttr::get(&context, hlo::ComparisonDirection::LT),
      hlo::ComparisonTypeAttr());
  EXPECT_EQ(compare.getType(), tensor({2, 3}, builder.getI1Type()));

  auto complex = hlo::ComplexOp::create(builder, loc, a, a);
  EXPECT_EQ(complex.getType(), tensor({2, 3}, ComplexType::get(f32)));
  auto real = hlo::RealOp::create(builder, loc, complex);
  EXPECT_EQ(real.getType(), tensor({2, 3}, f32));

  Value zero = hlo::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(tensor({}, f32), builder.getF32FloatAttr(0)));
  auto pad = hlo::PadOp::create(builder, loc, a, zero,
                                builder.getDenseI64ArrayAttr({1, 0}),
                                builder.getDenseI64ArrayAttr({0, 2}),
                                builder.getDenseI64ArrayAttr({1, 1}));
  // 2 + 1 + 0 + 1*1 = 4 rows, 3 + 0 + 2 + 2*1 = 7 columns.
  EXPECT_EQ(pad.getType(), tensor({4, 7}, f32));
  func::ReturnOp::create(builder, loc);
  std::string messages;
  EXPECT_TRUE(succeeded(verifyCollecting(messages))) << messages;
}

TEST_F(StablehloApiTest, DeclaredTypeMustMatchInferredType) {
  Type f32 = builder.getF32Type();
  Location loc = builder.getUnknownLoc();
  auto func = func::FuncOp::create(
      builder, loc, "f", builder.getFunctionType({tensor({2, 3}, f32)}, {}));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  // A declared result that is compatible (dynamic dimension) is accepted...
  hlo::NegOp::create(builder, loc, tensor({ShapedType::kDynamic, 3}, f32),
                     body->getArgument(0));
  func::ReturnOp::create(builder, loc);
  std::string messages;
  EXPECT_TRUE(succeeded(verifyCollecting(messages))) << messages;
  // ...one with another element type is not.
  builder.setInsertionPoint(body->getTerminator());
  hlo::NegOp::create(builder, loc, tensor({2, 3}, builder.getF16Type()),
                     body->getArgument(0));
  EXPECT_TRUE(failed(verifyCollecting(messages)));
}

TEST_F(StablehloApiTest, DotDimensionNumbersRoundTripThroughText) {
  auto dims = hlo::DotDimensionNumbersAttr::get(&context, {0}, {0}, {2}, {1});
  std::string text;
  llvm::raw_string_ostream os(text);
  os << Attribute(dims);
  EXPECT_EQ(text, "#stablehlo.dot<lhs_batching_dimensions = [0], "
                  "rhs_batching_dimensions = [0], "
                  "lhs_contracting_dimensions = [2], "
                  "rhs_contracting_dimensions = [1]>");
  Attribute parsed = parseAttribute(text, &context);
  EXPECT_EQ(parsed, Attribute(dims));
}

TEST_F(StablehloApiTest, ConvDimensionNumbersUseTheCompactLayoutSyntax) {
  Attribute parsed = parseAttribute(
      "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", &context);
  auto dims = llvm::dyn_cast_or_null<hlo::ConvDimensionNumbersAttr>(parsed);
  ASSERT_TRUE(dims);
  EXPECT_EQ(dims.getInputBatchDimension(), 0);
  EXPECT_EQ(dims.getInputFeatureDimension(), 3);
  EXPECT_EQ(dims.getInputSpatialDimensions(), ArrayRef<int64_t>({1, 2}));
  EXPECT_EQ(dims.getKernelInputFeatureDimension(), 2);
  EXPECT_EQ(dims.getKernelOutputFeatureDimension(), 3);
  EXPECT_EQ(dims.getKernelSpatialDimensions(), ArrayRef<int64_t>({0, 1}));
}

TEST_F(StablehloApiTest, BoundsEncodingAcceptsBothSpellings) {
  Attribute shortForm = parseAttribute("#stablehlo.bounds<?, 16>", &context);
  Attribute longForm =
      parseAttribute("#stablehlo.type_extensions<bounds = [?, 16]>", &context);
  ASSERT_TRUE(shortForm);
  EXPECT_EQ(shortForm, longForm);
  auto bounds = llvm::cast<hlo::TypeExtensionsAttr>(shortForm).getBounds();
  ASSERT_EQ(bounds.size(), 2u);
  EXPECT_TRUE(ShapedType::isDynamic(bounds[0]));
  EXPECT_EQ(bounds[1], 16);
}

TEST_F(StablehloApiTest, ComparisonDirectionEnumSyntax) {
  Attribute parsed =
      parseAttribute("#stablehlo<comparison_direction LT>", &context);
  auto direction = llvm::dyn_cast_or_null<hlo::ComparisonDirectionAttr>(parsed);
  ASSERT_TRUE(direction);
  EXPECT_EQ(direction.getValue(), hlo::ComparisonDirection::LT);
}

} // namespace

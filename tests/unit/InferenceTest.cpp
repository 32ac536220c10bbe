//===- InferenceTest.cpp - result type inference of stablehlo ops ---------===//
//
// Builds ops through the builders that omit result types and compares the
// inferred types with ones computed by hand from the specification's
// constraints (the arithmetic is spelled out beside each expectation). Every
// test ends by verifying the module, which checks the inferred types once
// more against the ops' verifiers and the regions filled after building.
//
// if, case and async_start take their types from a region, which a builder
// cannot fill before it infers; their tests build with explicit types and
// call the inference on the finished op.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"
#include "compiler/driver/RegisterDialects.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

class InferenceTest : public ::testing::Test {
protected:
  InferenceTest() : builder(&context), loc(builder.getUnknownLoc()) {
    DialectRegistry registry;
    axle::registerInputDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
    f32 = builder.getF32Type();
    i32 = builder.getI32Type();
    i64 = builder.getI64Type();
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }
  RankedTensorType scalar(Type element) { return tensor({}, element); }

  /// Starts a function taking `args` and returns its arguments; ops are
  /// built into its body until `verifyModule`.
  Block::BlockArgListType beginFunction(ArrayRef<Type> args) {
    auto func = func::FuncOp::create(builder, loc, "f",
                                     builder.getFunctionType(args, {}));
    Block *body = func.addEntryBlock();
    builder.setInsertionPointToEnd(body);
    return body->getArguments();
  }

  /// Ends the function and verifies the module, collecting diagnostics.
  LogicalResult verifyModule(std::string &messages) {
    func::ReturnOp::create(builder, loc);
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      messages += diag.str();
      messages += '\n';
      return success();
    });
    return verify(*module);
  }

  /// Gives `region` one block taking `argTypes`; `body` builds the values
  /// the block returns.
  void fillRegion(Region &region, ArrayRef<Type> argTypes,
                  llvm::function_ref<SmallVector<Value>(Block &)> body) {
    OpBuilder::InsertionGuard guard(builder);
    SmallVector<Location> locs(argTypes.size(), loc);
    Block *block = builder.createBlock(&region, {}, argTypes, locs);
    hlo::ReturnOp::create(builder, loc, body(*block));
  }

  /// A reducer over `elements`: (tensor<E0>, ..., tensor<E0>, ...) ->
  /// (tensor<E0>, ...) adding each pair.
  void fillAddReducer(Region &region, ArrayRef<Type> elements) {
    SmallVector<Type> argTypes;
    for (int twice = 0; twice < 2; ++twice)
      for (Type element : elements)
        argTypes.push_back(scalar(element));
    fillRegion(region, argTypes, [&](Block &block) {
      SmallVector<Value> sums;
      for (size_t i = 0; i < elements.size(); ++i)
        sums.push_back(
            hlo::AddOp::create(builder, loc, block.getArgument(i),
                               block.getArgument(i + elements.size())));
      return sums;
    });
  }

  /// (tensor<E>, tensor<E>, ...) -> tensor<i1>: compares the first pair.
  void fillComparator(Region &region, ArrayRef<Type> argTypes,
                      hlo::ComparisonDirection direction) {
    fillRegion(region, argTypes, [&](Block &block) -> SmallVector<Value> {
      return {hlo::CompareOp::create(
          builder, loc, block.getArgument(0), block.getArgument(1),
          hlo::ComparisonDirectionAttr::get(&context, direction),
          hlo::ComparisonTypeAttr())};
    });
  }

  /// Runs `OpTy`'s inference on a finished op, as verification does.
  template <typename OpTy>
  LogicalResult inferFrom(OpTy op, SmallVectorImpl<Type> &types) {
    return OpTy::inferReturnTypes(
        &context, op.getLoc(), op->getOperands(), op->getRawDictionaryAttrs(),
        op->getPropertiesStorage(), op->getRegions(), types);
  }

  DenseIntElementsAttr i64Elements(ArrayRef<int64_t> shape,
                                   ArrayRef<int64_t> values) {
    return DenseIntElementsAttr::get(tensor(shape, i64), values);
  }

  MLIRContext context;
  OpBuilder builder;
  Location loc;
  OwningOpRef<ModuleOp> module;
  Type f32, i32, i64;
};

TEST_F(InferenceTest, SliceAndDynamicSlices) {
  auto args =
      beginFunction({tensor({6, 8}, f32), scalar(i32), tensor({2, 4}, f32)});
  Value operand = args[0], index = args[1], update = args[2];
  // ceil((5 - 1) / 2) = 2 rows, ceil((7 - 0) / 3) = 3 columns.
  auto slice =
      hlo::SliceOp::create(builder, loc, operand, ArrayRef<int64_t>{1, 0},
                           ArrayRef<int64_t>{5, 7}, ArrayRef<int64_t>{2, 3});
  EXPECT_EQ(slice.getType(), tensor({2, 3}, f32));
  // shape(result) = slice_sizes.
  auto dynamicSlice = hlo::DynamicSliceOp::create(
      builder, loc, operand, ValueRange{index, index}, ArrayRef<int64_t>{2, 4});
  EXPECT_EQ(dynamicSlice.getType(), tensor({2, 4}, f32));
  // type(result) = type(operand).
  auto update_ = hlo::DynamicUpdateSliceOp::create(
      builder, loc, operand, update, ValueRange{index, index});
  EXPECT_EQ(update_.getType(), tensor({6, 8}, f32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, Gather) {
  auto args = beginFunction({tensor({3, 4, 2}, f32), tensor({2, 3, 2}, i64),
                             tensor({5, 6, 7}, f32), tensor({5, 4, 1}, i32)});
  // Batch sizes: start_indices [2, 3, 2] without index_vector_dim 2 = [2, 3].
  // Offset sizes: slice_sizes [1, 2, 2] without collapsed dimension 0 =
  // [2, 2], placed at offset_dims [2, 3].
  auto gather = hlo::GatherOp::create(
      builder, loc, args[0], args[1],
      hlo::GatherDimensionNumbersAttr::get(&context, /*offsetDims=*/{2, 3},
                                           /*collapsedSliceDims=*/{0},
                                           /*operandBatchingDims=*/{},
                                           /*startIndicesBatchingDims=*/{},
                                           /*startIndexMap=*/{1, 0},
                                           /*indexVectorDim=*/2),
      ArrayRef<int64_t>{1, 2, 2});
  EXPECT_EQ(gather.getType(), tensor({2, 3, 2, 2}, f32));
  // With batching dimensions: batch sizes [5, 4]; offset sizes: slice_sizes
  // [1, 1, 3] without collapsed dimension 1 and batching dimension 0 = [3],
  // at offset_dims [2].
  auto batched = hlo::GatherOp::create(
      builder, loc, args[2], args[3],
      hlo::GatherDimensionNumbersAttr::get(&context, /*offsetDims=*/{2},
                                           /*collapsedSliceDims=*/{1},
                                           /*operandBatchingDims=*/{0},
                                           /*startIndicesBatchingDims=*/{0},
                                           /*startIndexMap=*/{1},
                                           /*indexVectorDim=*/2),
      ArrayRef<int64_t>{1, 1, 3});
  EXPECT_EQ(batched.getType(), tensor({5, 4, 3}, f32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, ScatterTakesTheInputTypes) {
  auto args = beginFunction(
      {tensor({3, 4}, f32), tensor({2, 1}, i64), tensor({2, 4}, f32)});
  auto scatter = hlo::ScatterOp::create(
      builder, loc, ValueRange{args[0]}, args[1], ValueRange{args[2]},
      hlo::ScatterDimensionNumbersAttr::get(&context, /*updateWindowDims=*/{1},
                                            /*insertedWindowDims=*/{0},
                                            /*inputBatchingDims=*/{},
                                            /*scatterIndicesBatchingDims=*/{},
                                            /*scatterDimsToOperandDims=*/{0},
                                            /*indexVectorDim=*/1));
  ASSERT_EQ(scatter.getNumResults(), 1u);
  EXPECT_EQ(scatter.getResult(0).getType(), tensor({3, 4}, f32));
  fillAddReducer(scatter.getUpdateComputation(), {f32});
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, TorchIndexSelect) {
  auto args = beginFunction({tensor({4, 5, 6}, f32), tensor({4, 3}, i32)});
  // operand[:1] + index[1:] + operand[2:] = [4] + [3] + [6].
  auto select = hlo::TorchIndexSelectOp::create(builder, loc, args[0], args[1],
                                                /*dim=*/1, /*batch_dims=*/1);
  EXPECT_EQ(select.getType(), tensor({4, 3, 6}, f32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, ReduceDropsTheReducedDimensions) {
  auto args = beginFunction({tensor({4, 8, 3}, f32), tensor({4, 8, 3}, i32),
                             scalar(f32), scalar(i32)});
  auto reduce = hlo::ReduceOp::create(
      builder, loc, ValueRange{args[0], args[1]}, ValueRange{args[2], args[3]},
      ArrayRef<int64_t>{0, 2});
  ASSERT_EQ(reduce.getNumResults(), 2u);
  // [4, 8, 3] without dimensions 0 and 2; the init values' element types.
  EXPECT_EQ(reduce.getResult(0).getType(), tensor({8}, f32));
  EXPECT_EQ(reduce.getResult(1).getType(), tensor({8}, i32));
  fillAddReducer(reduce.getBody(), {f32, i32});
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, ReduceTakesPromotedElementTypesFromTheBody) {
  Type i8 = builder.getI8Type();
  auto args = beginFunction({tensor({4, 8}, i8), scalar(i8)});
  // is_promotable(i8, i32): the body accumulates in i32, so (C8) makes the
  // result i32 although input and init value are i8.
  auto reduce = hlo::ReduceOp::create(builder, loc, TypeRange{tensor({4}, i32)},
                                      ValueRange{args[0]}, ValueRange{args[1]},
                                      ArrayRef<int64_t>{1});
  fillAddReducer(reduce.getBody(), {i32});
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(inferFrom(reduce, inferred)));
  EXPECT_EQ(inferred, SmallVector<Type>{tensor({4}, i32)});
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, ReduceWindowCountsWindows) {
  auto args = beginFunction({tensor({4, 6}, f32), scalar(f32)});
  // Dimension 0: dilated input (4 - 1) * 2 + 1 = 7, padded 1 + 7 + 0 = 8,
  // window 2, stride 2: (8 - 2) / 2 + 1 = 4 windows.
  // Dimension 1: input 6, padded 0 + 6 + 2 = 8, dilated window
  // (3 - 1) * 2 + 1 = 5, stride 1: (8 - 5) / 1 + 1 = 4 windows.
  auto window = hlo::ReduceWindowOp::create(
      builder, loc, ValueRange{args[0]}, ValueRange{args[1]},
      ArrayRef<int64_t>{2, 3},
      /*window_strides=*/builder.getDenseI64ArrayAttr({2, 1}),
      /*base_dilations=*/builder.getDenseI64ArrayAttr({2, 1}),
      /*window_dilations=*/builder.getDenseI64ArrayAttr({1, 2}),
      /*padding=*/i64Elements({2, 2}, {1, 0, 0, 2}));
  ASSERT_EQ(window.getNumResults(), 1u);
  EXPECT_EQ(window.getResult(0).getType(), tensor({4, 4}, f32));
  fillAddReducer(window.getBody(), {f32});
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, SelectAndScatterTakesTheOperandShape) {
  // Windows [2, 3] with strides [2, 3] over [4, 6]: source has
  // (4 - 2) / 2 + 1 = 2 by (6 - 3) / 3 + 1 = 2 windows.
  auto args =
      beginFunction({tensor({4, 6}, f32), tensor({2, 2}, f32), scalar(f32)});
  auto op = hlo::SelectAndScatterOp::create(
      builder, loc, args[0], args[1], args[2],
      builder.getDenseI64ArrayAttr({2, 3}),
      builder.getDenseI64ArrayAttr({2, 3}), DenseIntElementsAttr());
  EXPECT_EQ(op.getType(), tensor({4, 6}, f32));
  fillComparator(op.getSelect(), {scalar(f32), scalar(f32)},
                 hlo::ComparisonDirection::GE);
  fillAddReducer(op.getScatter(), {f32});
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, SortKeepsTheInputTypes) {
  auto args = beginFunction({tensor({5, 3}, f32), tensor({5, 3}, i32)});
  auto sort = hlo::SortOp::create(builder, loc, ValueRange{args[0], args[1]},
                                  /*dimension=*/0, /*is_stable=*/true);
  ASSERT_EQ(sort.getNumResults(), 2u);
  EXPECT_EQ(sort.getResult(0).getType(), tensor({5, 3}, f32));
  EXPECT_EQ(sort.getResult(1).getType(), tensor({5, 3}, i32));
  fillComparator(sort.getComparator(),
                 {scalar(f32), scalar(f32), scalar(i32), scalar(i32)},
                 hlo::ComparisonDirection::LT);
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, LinearAlgebra) {
  auto args = beginFunction(
      {tensor({3, 3}, f32), tensor({4, 4}, f32), tensor({4, 2}, f32)});
  auto cholesky = hlo::CholeskyOp::create(builder, loc, args[0], true);
  EXPECT_EQ(cholesky.getType(), tensor({3, 3}, f32));
  // left_side: a [4, 4] solves against b [4, 2]; the result has b's type.
  auto solve = hlo::TriangularSolveOp::create(
      builder, loc, args[1], args[2], /*left_side=*/true, /*lower=*/true,
      /*unit_diagonal=*/false, hlo::Transpose::NO_TRANSPOSE);
  EXPECT_EQ(solve.getType(), tensor({4, 2}, f32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, FftTypesAndLengths) {
  Type c32 = ComplexType::get(f32);
  auto args = beginFunction({tensor({8}, c32), tensor({3, 8}, f32),
                             tensor({3, 5}, c32), tensor({2, 4, 6}, f32)});
  auto fft = hlo::FftOp::create(builder, loc, args[0], hlo::FftType::FFT,
                                ArrayRef<int64_t>{8});
  EXPECT_EQ(fft.getType(), tensor({8}, c32));
  // RFFT of length 8 keeps 8 / 2 + 1 = 5 frequencies.
  auto rfft = hlo::FftOp::create(builder, loc, args[1], hlo::FftType::RFFT,
                                 ArrayRef<int64_t>{8});
  EXPECT_EQ(rfft.getType(), tensor({3, 5}, c32));
  // IRFFT of length 8 turns those 5 back into 8 reals.
  auto irfft = hlo::FftOp::create(builder, loc, args[2], hlo::FftType::IRFFT,
                                  ArrayRef<int64_t>{8});
  EXPECT_EQ(irfft.getType(), tensor({3, 8}, f32));
  // 2-D RFFT: only the last dimension halves, 6 / 2 + 1 = 4.
  auto rfft2 = hlo::FftOp::create(builder, loc, args[3], hlo::FftType::RFFT,
                                  ArrayRef<int64_t>{4, 6});
  EXPECT_EQ(rfft2.getType(), tensor({2, 4, 4}, c32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, BatchNorm) {
  int64_t dyn = ShapedType::kDynamic;
  auto args = beginFunction(
      {tensor({2, 3, 4}, f32), tensor({3}, f32), tensor({2, dyn, 4}, f32)});
  Value operand = args[0], vec = args[1], dynamicOperand = args[2];
  APFloat epsilon(0.001f);
  auto training =
      hlo::BatchNormTrainingOp::create(builder, loc, operand, vec, vec, epsilon,
                                       /*feature_index=*/1);
  EXPECT_EQ(training.getOutput().getType(), tensor({2, 3, 4}, f32));
  EXPECT_EQ(training.getBatchMean().getType(), tensor({3}, f32));
  EXPECT_EQ(training.getBatchVar().getType(), tensor({3}, f32));
  // The operand leaves the feature count open; scale's size gives it.
  auto dynamicTraining = hlo::BatchNormTrainingOp::create(
      builder, loc, dynamicOperand, vec, vec, epsilon, /*feature_index=*/1);
  EXPECT_EQ(dynamicTraining.getOutput().getType(), tensor({2, dyn, 4}, f32));
  EXPECT_EQ(dynamicTraining.getBatchMean().getType(), tensor({3}, f32));
  auto inference = hlo::BatchNormInferenceOp::create(
      builder, loc, operand, vec, vec, vec, vec, epsilon, /*feature_index=*/1);
  EXPECT_EQ(inference.getType(), tensor({2, 3, 4}, f32));
  auto grad = hlo::BatchNormGradOp::create(builder, loc, operand, vec, vec, vec,
                                           operand, epsilon,
                                           /*feature_index=*/1);
  EXPECT_EQ(grad.getGradOperand().getType(), tensor({2, 3, 4}, f32));
  EXPECT_EQ(grad.getGradScale().getType(), tensor({3}, f32));
  EXPECT_EQ(grad.getGradOffset().getType(), tensor({3}, f32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, UniformDequantizeGivesTheExpressedType) {
  Type quantized = quant::UniformQuantizedType::get(
      quant::QuantizationFlags::Signed, builder.getI8Type(), f32,
      /*scale=*/0.5, /*zeroPoint=*/0, /*storageTypeMin=*/-128,
      /*storageTypeMax=*/127);
  auto args = beginFunction({tensor({2, 3}, quantized)});
  auto dequantize = hlo::UniformDequantizeOp::create(builder, loc, args[0]);
  EXPECT_EQ(dequantize.getType(), tensor({2, 3}, f32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, WhileTakesTheOperandTypes) {
  auto args = beginFunction({scalar(i64), tensor({2}, f32)});
  auto loop = hlo::WhileOp::create(builder, loc, ValueRange{args[0], args[1]});
  ASSERT_EQ(loop.getNumResults(), 2u);
  EXPECT_EQ(loop.getResult(0).getType(), scalar(i64));
  EXPECT_EQ(loop.getResult(1).getType(), tensor({2}, f32));
  SmallVector<Type> carried{scalar(i64), tensor({2}, f32)};
  fillRegion(loop.getCond(), carried, [&](Block &block) -> SmallVector<Value> {
    return {hlo::CompareOp::create(builder, loc, block.getArgument(0),
                                   block.getArgument(0),
                                   hlo::ComparisonDirectionAttr::get(
                                       &context, hlo::ComparisonDirection::LT),
                                   hlo::ComparisonTypeAttr())};
  });
  fillRegion(loop.getBody(), carried, [](Block &block) {
    return SmallVector<Value>(block.getArguments());
  });
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, IfAndCaseTakeTheFirstBranchTypes) {
  auto args = beginFunction({scalar(builder.getI1Type()), scalar(i32),
                             tensor({2}, f32), tensor({2}, f32)});
  auto ifOp =
      hlo::IfOp::create(builder, loc, TypeRange{tensor({2}, f32)}, args[0]);
  for (Region *branch : {&ifOp.getTrueBranch(), &ifOp.getFalseBranch()})
    fillRegion(*branch, {},
               [&](Block &) -> SmallVector<Value> { return {args[2]}; });
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(inferFrom(ifOp, inferred)));
  EXPECT_EQ(inferred, SmallVector<Type>{tensor({2}, f32)});

  auto caseOp = hlo::CaseOp::create(
      builder, loc, TypeRange{tensor({2}, f32), tensor({2}, f32)}, args[1],
      /*branchesCount=*/2);
  for (Region &branch : caseOp.getBranches())
    fillRegion(branch, {}, [&](Block &) -> SmallVector<Value> {
      return {args[2], args[3]};
    });
  inferred.clear();
  ASSERT_TRUE(succeeded(inferFrom(caseOp, inferred)));
  EXPECT_EQ(inferred, (SmallVector<Type>{tensor({2}, f32), tensor({2}, f32)}));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, MapTakesTheComputationElementType) {
  auto args = beginFunction({tensor({4}, f32), tensor({4}, f32)});
  // The computation compares its arguments: the result holds booleans.
  auto mapOp = hlo::MapOp::create(
      builder, loc, TypeRange{tensor({4}, builder.getI1Type())},
      ValueRange{args[0], args[1]}, builder.getDenseI64ArrayAttr({0}));
  fillRegion(mapOp.getComputation(), {scalar(f32), scalar(f32)},
             [&](Block &block) -> SmallVector<Value> {
               return {hlo::CompareOp::create(
                   builder, loc, block.getArgument(0), block.getArgument(1),
                   hlo::ComparisonDirectionAttr::get(
                       &context, hlo::ComparisonDirection::LT),
                   hlo::ComparisonTypeAttr())};
             });
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(inferFrom(mapOp, inferred)));
  EXPECT_EQ(inferred, SmallVector<Type>{tensor({4}, builder.getI1Type())});
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, AsyncStartAndDone) {
  auto future = hlo::FutureType::get(&context, {tensor({8, 8}, f32)});
  auto args = beginFunction({future, tensor({4, 8}, f32)});
  auto done = hlo::AsyncDoneOp::create(builder, loc, args[0]);
  ASSERT_EQ(done.getNumResults(), 1u);
  EXPECT_EQ(done.getResult(0).getType(), tensor({8, 8}, f32));

  // The body slices rows 0..2 of a [4, 8] tensor: future<tensor<2x8xf32>>.
  Type sliced = tensor({2, 8}, f32);
  auto start = hlo::AsyncStartOp::create(
      builder, loc, hlo::FutureType::get(&context, {sliced}),
      ValueRange{args[1]});
  fillRegion(start.getBody(), {tensor({4, 8}, f32)},
             [&](Block &block) -> SmallVector<Value> {
               return {hlo::SliceOp::create(
                   builder, loc, block.getArgument(0), ArrayRef<int64_t>{0, 0},
                   ArrayRef<int64_t>{2, 8}, ArrayRef<int64_t>{1, 1})};
             });
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(inferFrom(start, inferred)));
  EXPECT_EQ(inferred,
            SmallVector<Type>{hlo::FutureType::get(&context, {sliced})});
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, Collectives) {
  auto args =
      beginFunction({tensor({4}, f32), tensor({2, 3}, f32), tensor({4, 6}, f32),
                     tensor({1}, i32), tensor({4}, builder.getF16Type())});
  DenseIntElementsAttr groups = i64Elements({1, 2}, {0, 1});
  // One computation (tensor<f32>, tensor<f32>) -> tensor<f32> for all
  // operands: the f16 one is promoted, so both results hold f32.
  auto allReduce = hlo::AllReduceOp::create(
      builder, loc, TypeRange{tensor({4}, f32), tensor({4}, f32)},
      ValueRange{args[0], args[4]}, groups, hlo::ChannelHandleAttr(),
      /*use_global_device_ids=*/false);
  fillAddReducer(allReduce.getComputation(), {f32});
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(inferFrom(allReduce, inferred)));
  EXPECT_EQ(inferred, (SmallVector<Type>{tensor({4}, f32), tensor({4}, f32)}));
  // Built without result types, before the computation exists, an
  // all_reduce takes the operand types.
  auto unpromoted = hlo::AllReduceOp::create(builder, loc, ValueRange{args[1]},
                                             groups, hlo::ChannelHandleAttr(),
                                             /*use_global_device_ids=*/false);
  ASSERT_EQ(unpromoted.getNumResults(), 1u);
  EXPECT_EQ(unpromoted.getResult(0).getType(), tensor({2, 3}, f32));
  fillAddReducer(unpromoted.getComputation(), {f32});
  // split_dimension 0 of size 4 splits in 2 parts of 2; concat_dimension 1
  // of size 6 gathers 2 of them: 12.
  auto allToAll = hlo::AllToAllOp::create(
      builder, loc, ValueRange{args[2]}, /*split_dimension=*/0,
      /*concat_dimension=*/1, /*split_count=*/2, groups,
      hlo::ChannelHandleAttr());
  ASSERT_EQ(allToAll.getNumResults(), 1u);
  EXPECT_EQ(allToAll.getResult(0).getType(), tensor({2, 12}, f32));
  // With a dynamic root the last operand holds the roots and has no result.
  auto reduce = hlo::CollectiveReduceOp::create(
      builder, loc, ValueRange{args[0], args[3]}, groups,
      hlo::ChannelHandleAttr(), /*has_dynamic_root=*/true);
  ASSERT_EQ(reduce.getNumResults(), 1u);
  EXPECT_EQ(reduce.getResult(0).getType(), tensor({4}, f32));
  fillAddReducer(reduce.getComputation(), {f32});
  // ODS infers collective_permute from SameOperandsAndResultType.
  auto permute = hlo::CollectivePermuteOp::create(builder, loc, args[1], groups,
                                                  hlo::ChannelHandleAttr());
  EXPECT_EQ(permute.getType(), tensor({2, 3}, f32));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, DeclaredTypesMayRefineOrRequantize) {
  // Slicing a per-axis quantized tensor along its quantized axis keeps the
  // scales of the kept channels, which inference cannot know: it returns
  // the operand's element type, and the declared one with other scales is
  // compatible.
  auto perAxis = [&](ArrayRef<double> scales) -> Type {
    SmallVector<int64_t> zeroPoints(scales.size(), 0);
    return quant::UniformQuantizedPerAxisType::get(
        quant::QuantizationFlags::Signed, builder.getI8Type(), f32, scales,
        zeroPoints, /*quantizedDimension=*/1, -128, 127);
  };
  Type operandElement = perAxis({1, 2, 3, 4});
  auto args = beginFunction({tensor({2, 4}, operandElement), scalar(i32)});
  auto slice =
      hlo::SliceOp::create(builder, loc, tensor({2, 2}, perAxis({2, 3})),
                           args[0], builder.getDenseI64ArrayAttr({0, 1}),
                           builder.getDenseI64ArrayAttr({2, 3}),
                           builder.getDenseI64ArrayAttr({1, 1}));
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(inferFrom(slice, inferred)));
  EXPECT_EQ(inferred, SmallVector<Type>{tensor({2, 2}, operandElement)});
  // A declared dynamic size is compatible with the inferred static one.
  hlo::DynamicSliceOp::create(
      builder, loc, tensor({ShapedType::kDynamic, 2}, operandElement), args[0],
      ValueRange{args[1], args[1]}, builder.getDenseI64ArrayAttr({1, 2}));
  std::string messages;
  EXPECT_TRUE(succeeded(verifyModule(messages))) << messages;
}

TEST_F(InferenceTest, InvalidOpsFailInferenceWithADiagnostic) {
  auto args = beginFunction(
      {tensor({6, 8}, f32), tensor({2, 1}, i64), scalar(builder.getI1Type())});
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str();
    messages += '\n';
    return success();
  });
  // A zero stride has no slice size.
  auto slice = hlo::SliceOp::create(builder, loc, tensor({6, 8}, f32), args[0],
                                    builder.getDenseI64ArrayAttr({0, 0}),
                                    builder.getDenseI64ArrayAttr({6, 8}),
                                    builder.getDenseI64ArrayAttr({1, 0}));
  SmallVector<Type> inferred;
  EXPECT_TRUE(failed(inferFrom(slice, inferred)));
  EXPECT_NE(messages.find("'stablehlo.slice' op cannot infer the result: "
                          "dimension 1 has start 0, limit 8 and stride 0"),
            std::string::npos)
      << messages;
  // offset_dims names a dimension outside the rank-2 result ([2] batch +
  // [8] offset).
  auto gather = hlo::GatherOp::create(
      builder, loc, tensor({2, 8}, f32), args[0], args[1],
      hlo::GatherDimensionNumbersAttr::get(&context, {5}, {0}, {}, {}, {0}, 1),
      builder.getDenseI64ArrayAttr({1, 8}), builder.getBoolAttr(false));
  messages.clear();
  EXPECT_TRUE(failed(inferFrom(gather, inferred)));
  EXPECT_NE(messages.find("offset_dims must name 1 distinct result dimensions"),
            std::string::npos)
      << messages;
  // An if whose branches are still empty has no types to give.
  auto ifOp = hlo::IfOp::create(builder, loc, TypeRange{}, args[2]);
  messages.clear();
  EXPECT_TRUE(failed(inferFrom(ifOp, inferred)));
  EXPECT_NE(messages.find("true_branch has no terminator yet"),
            std::string::npos)
      << messages;
  slice.erase();
  gather.erase();
  ifOp.erase();
}

} // namespace

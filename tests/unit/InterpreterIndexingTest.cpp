//===- InterpreterIndexingTest.cpp - gather, scatter, sort, dynamic ops ---===//
//
// Runs small programs through the reference interpreter and compares with
// values worked out by hand from the specification (its examples are used
// verbatim where they exist) or with numpy. XLA's choices for
// implementation-defined corners: gather clamps start indices, scatter
// skips a window that does not fit as a whole.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/RegisterDialects.h"
#include "interpreter/Interpreter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace mlir;
using axle::interp::Element;
using axle::interp::Interpreter;
using axle::interp::RuntimeValue;
using axle::interp::Tensor;
using axle::interp::Values;

namespace {

class InterpreterIndexingTest : public ::testing::Test {
protected:
  InterpreterIndexingTest() {
    DialectRegistry registry;
    axle::registerInputDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `source` and runs its @main on `arguments`. Diagnostics of the
  /// parser, the verifier and the interpreter collect in `diagnostics`.
  FailureOr<Values> run(StringRef source,
                        ArrayRef<RuntimeValue> arguments = {}) {
    diagnostics.clear();
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
      diagnostics += diagnostic.str();
      diagnostics += '\n';
      return success();
    });
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return failure();
    Interpreter interpreter(*module);
    return interpreter.call("main", arguments);
  }

  /// Runs `source`, which must succeed, and returns result `index`.
  Tensor runOk(StringRef source, ArrayRef<RuntimeValue> arguments = {},
               size_t index = 0) {
    FailureOr<Values> results = run(source, arguments);
    EXPECT_TRUE(succeeded(results)) << diagnostics;
    if (failed(results) || results->size() <= index)
      return Tensor();
    return (*results)[index].getTensor();
  }

  /// A tensor of `type` (parsed) holding integers (storage values for
  /// quantized types) `values`.
  Tensor intTensor(StringRef type, ArrayRef<int64_t> values) {
    auto tensorType = llvm::cast<RankedTensorType>(parseType(type, &context));
    Tensor tensor(tensorType);
    Type storage = tensor.storageType();
    for (auto [i, value] : llvm::enumerate(values))
      tensor.set(i, Element::fromInt(storage, value));
    return tensor;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string diagnostics;
};

std::vector<int64_t> shapeOf(const Tensor &tensor) {
  if (!tensor.getType())
    return {};
  return std::vector<int64_t>(tensor.getShape().begin(),
                              tensor.getShape().end());
}

/// Integer elements, read by the signedness of the storage type.
std::vector<int64_t> ints(const Tensor &tensor) {
  std::vector<int64_t> values;
  if (!tensor.getType())
    return values;
  bool isUnsigned = tensor.storageType().isUnsignedInteger();
  for (int64_t i = 0; i < tensor.size(); ++i)
    values.push_back(isUnsigned ? static_cast<int64_t>(tensor[i].toUnsigned())
                                : tensor[i].toSigned());
  return values;
}

std::vector<double> doubles(const Tensor &tensor) {
  std::vector<double> values;
  if (!tensor.getType())
    return values;
  for (int64_t i = 0; i < tensor.size(); ++i)
    values.push_back(tensor[i].toDouble());
  return values;
}

using Shape = std::vector<int64_t>;
using Ints = std::vector<int64_t>;

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

TEST_F(InterpreterIndexingTest, GatherSpecExampleWithBatchingDims) {
  // The specification's example; [0, 9] clamps to [0, 2].
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<2x2x3x2x2xi32> {
      %operand = stablehlo.constant dense<[
        [[[1, 2], [3, 4], [5, 6], [7, 8]],
         [[9, 10], [11, 12], [13, 14], [15, 16]],
         [[17, 18], [19, 20], [21, 22], [23, 24]]],
        [[[25, 26], [27, 28], [29, 30], [31, 32]],
         [[33, 34], [35, 36], [37, 38], [39, 40]],
         [[41, 42], [43, 44], [45, 46], [47, 48]]]]> : tensor<2x3x4x2xi32>
      %start_indices = stablehlo.constant dense<[
        [[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]],
        [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]>
        : tensor<2x2x3x2xi64>
      %result = "stablehlo.gather"(%operand, %start_indices) {
        dimension_numbers = #stablehlo.gather<
          offset_dims = [3, 4], collapsed_slice_dims = [1],
          operand_batching_dims = [0], start_indices_batching_dims = [1],
          start_index_map = [2, 1], index_vector_dim = 3>,
        slice_sizes = array<i64: 1, 1, 2, 2>, indices_are_sorted = false
      } : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
      return %result : tensor<2x2x3x2x2xi32>
    })mlir");
  EXPECT_EQ(shapeOf(result), (Shape{2, 2, 3, 2, 2}));
  EXPECT_EQ(
      ints(result),
      (Ints{1,  2,  3,  4,  3,  4,  5,  6,  13, 14, 15, 16, 33, 34, 35, 36,
            35, 36, 37, 38, 41, 42, 43, 44, 1,  2,  3,  4,  13, 14, 15, 16,
            21, 22, 23, 24, 43, 44, 45, 46, 33, 34, 35, 36, 27, 28, 29, 30}));
}

TEST_F(InterpreterIndexingTest, GatherImplicitIndexVectorDimClamps) {
  // index_vector_dim == rank(start_indices): each index is a vector of one.
  // -2 clamps to 0 and 7 to 4.
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<4xi32> {
      %operand = stablehlo.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
      %indices = stablehlo.constant dense<[4, -2, 1, 7]> : tensor<4xi64>
      %result = "stablehlo.gather"(%operand, %indices) {
        dimension_numbers = #stablehlo.gather<
          collapsed_slice_dims = [0], start_index_map = [0],
          index_vector_dim = 1>,
        slice_sizes = array<i64: 1>
      } : (tensor<5xi32>, tensor<4xi64>) -> tensor<4xi32>
      return %result : tensor<4xi32>
    })mlir");
  EXPECT_EQ(ints(result), (Ints{50, 10, 20, 50}));
}

TEST_F(InterpreterIndexingTest, GatherClampsWholeSliceInsideOperand) {
  // Operand arange(12).reshape(4, 3); slices of 2 rows start at 3 (clamped
  // to 2, the last start that fits) and at -1 (clamped to 0).
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<2x2x3xi32> {
      %operand = stablehlo.iota dim = 0 : tensor<12xi32>
      %matrix = stablehlo.reshape %operand : (tensor<12xi32>) -> tensor<4x3xi32>
      %indices = stablehlo.constant dense<[[3], [-1]]> : tensor<2x1xi32>
      %result = "stablehlo.gather"(%matrix, %indices) {
        dimension_numbers = #stablehlo.gather<
          offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>,
        slice_sizes = array<i64: 2, 3>
      } : (tensor<4x3xi32>, tensor<2x1xi32>) -> tensor<2x2x3xi32>
      return %result : tensor<2x2x3xi32>
    })mlir");
  EXPECT_EQ(ints(result), (Ints{6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5}));
}

TEST_F(InterpreterIndexingTest, GatherQuantizedMovesStorageWithUnsignedIndex) {
  // The largest ui64 index saturates and clamps to the last element;
  // quantized elements move as storage values.
  Tensor operand =
      intTensor("tensor<3x!quant.uniform<i8:f32, 0.5:1>>", {-3, 7, 100});
  Tensor result = runOk(R"mlir(
    func.func @main(%operand: tensor<3x!quant.uniform<i8:f32, 0.5:1>>)
        -> tensor<3x!quant.uniform<i8:f32, 0.5:1>> {
      %indices = stablehlo.constant dense<[18446744073709551615, 0, 1]>
        : tensor<3xui64>
      %result = "stablehlo.gather"(%operand, %indices) {
        dimension_numbers = #stablehlo.gather<
          collapsed_slice_dims = [0], start_index_map = [0],
          index_vector_dim = 1>,
        slice_sizes = array<i64: 1>
      } : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3xui64>)
        -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
      return %result : tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    })mlir",
                        {operand});
  EXPECT_EQ(ints(result), (Ints{100, -3, 7}));
}

TEST_F(InterpreterIndexingTest, DynamicGatherSpecExample) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<2x3x2x2xi64> {
      %operand = stablehlo.constant dense<[
        [[1, 2], [3, 4], [5, 6], [7, 8]],
        [[9, 10], [11, 12], [13, 14], [15, 16]],
        [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
      %start_indices = stablehlo.constant dense<[
        [[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 2]]]>
        : tensor<2x3x2xi64>
      %slice_sizes = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
      %result = "stablehlo.dynamic_gather"(%operand, %start_indices,
                                           %slice_sizes) {
        dimension_numbers = #stablehlo.gather<
          offset_dims = [2, 3], collapsed_slice_dims = [0],
          start_index_map = [1, 0], index_vector_dim = 2>,
        indices_are_sorted = false
      } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>)
        -> tensor<2x3x2x2xi64>
      return %result : tensor<2x3x2x2xi64>
    })mlir");
  EXPECT_EQ(ints(result),
            (Ints{1, 2,  3,  4,  3,  4,  5,  6,  13, 14, 15, 16,
                  9, 10, 11, 12, 11, 12, 13, 14, 17, 18, 19, 20}));
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

TEST_F(InterpreterIndexingTest, ScatterSpecExampleWithBatchingDims) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<2x3x4x2xi64> {
      %input = stablehlo.constant dense<[
        [[[1, 2], [3, 4], [5, 6], [7, 8]],
         [[9, 10], [11, 12], [13, 14], [15, 16]],
         [[17, 18], [19, 20], [21, 22], [23, 24]]],
        [[[25, 26], [27, 28], [29, 30], [31, 32]],
         [[33, 34], [35, 36], [37, 38], [39, 40]],
         [[41, 42], [43, 44], [45, 46], [47, 48]]]]> : tensor<2x3x4x2xi64>
      %scatter_indices = stablehlo.constant dense<[
        [[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]],
        [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]>
        : tensor<2x2x3x2xi64>
      %update = stablehlo.constant dense<1> : tensor<2x2x3x2x2xi64>
      %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
        ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
          %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
          stablehlo.return %0 : tensor<i64>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          update_window_dims = [3, 4], inserted_window_dims = [1],
          input_batching_dims = [0], scatter_indices_batching_dims = [1],
          scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>,
        indices_are_sorted = false, unique_indices = false
      } : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>)
        -> tensor<2x3x4x2xi64>
      return %result : tensor<2x3x4x2xi64>
    })mlir");
  EXPECT_EQ(
      ints(result),
      (Ints{3,  4,  6,  7,  6,  7,  7,  8,  9,  10, 11, 12, 15, 16, 17, 18,
            17, 18, 19, 20, 22, 23, 24, 25, 25, 26, 28, 29, 30, 31, 31, 32,
            35, 36, 38, 39, 38, 39, 39, 40, 41, 42, 44, 45, 46, 47, 47, 48}));
}

TEST_F(InterpreterIndexingTest, ScatterSkipsWindowsThatDoNotFit) {
  // Windows of 2 at 3 (fits), at 4 (would cover 4..5: skipped as a whole,
  // element 4 included) and at -1 (skipped, element 0 included).
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<5xi32> {
      %input = stablehlo.constant dense<0> : tensor<5xi32>
      %indices = stablehlo.constant dense<[[3], [4], [-1]]> : tensor<3x1xi32>
      %updates = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]>
        : tensor<3x2xi32>
      %result = "stablehlo.scatter"(%input, %indices, %updates) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>):
          %0 = stablehlo.add %a, %b : tensor<i32>
          stablehlo.return %0 : tensor<i32>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          update_window_dims = [1], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>
      } : (tensor<5xi32>, tensor<3x1xi32>, tensor<3x2xi32>) -> tensor<5xi32>
      return %result : tensor<5xi32>
    })mlir");
  EXPECT_EQ(ints(result), (Ints{0, 0, 0, 1, 2}));
}

TEST_F(InterpreterIndexingTest, ScatterAppliesUpdatesInRowMajorOrder) {
  // update_computation(a, b) = 10 * a + b is not commutative: index 0 gets
  // updates 1, 3, 4 in that order, ((0 * 10 + 1) * 10 + 3) * 10 + 4 = 134.
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<2xi32> {
      %input = stablehlo.constant dense<[0, 5]> : tensor<2xi32>
      %indices = stablehlo.constant dense<[[0], [1], [0], [0]]>
        : tensor<4x1xi32>
      %updates = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      %result = "stablehlo.scatter"(%input, %indices, %updates) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>):
          %ten = stablehlo.constant dense<10> : tensor<i32>
          %0 = stablehlo.multiply %a, %ten : tensor<i32>
          %1 = stablehlo.add %0, %b : tensor<i32>
          stablehlo.return %1 : tensor<i32>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>,
        indices_are_sorted = true, unique_indices = true
      } : (tensor<2xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<2xi32>
      return %result : tensor<2xi32>
    })mlir");
  // indices_are_sorted / unique_indices are hints: the result is the same.
  EXPECT_EQ(ints(result), (Ints{134, 52}));
}

TEST_F(InterpreterIndexingTest, ScatterMultipleInputsKeepUntouchedElements) {
  // Two inputs updated together: a sum and a maximum. The untouched -0.0
  // keeps its sign; index_vector_dim == rank(indices).
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<3xi32>, tensor<3xf32>) {
      %input0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
      %input1 = stablehlo.constant dense<[0.5, -0.0, 2.0]> : tensor<3xf32>
      %indices = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
      %updates0 = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
      %updates1 = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf32>
      %r:2 = "stablehlo.scatter"(%input0, %input1, %indices, %updates0,
                                 %updates1) ({
        ^bb0(%a0: tensor<i32>, %a1: tensor<f32>, %u0: tensor<i32>,
             %u1: tensor<f32>):
          %0 = stablehlo.add %a0, %u0 : tensor<i32>
          %1 = stablehlo.maximum %a1, %u1 : tensor<f32>
          stablehlo.return %0, %1 : tensor<i32>, tensor<f32>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>
      } : (tensor<3xi32>, tensor<3xf32>, tensor<2xi32>, tensor<2xi32>,
           tensor<2xf32>) -> (tensor<3xi32>, tensor<3xf32>)
      return %r#0, %r#1 : tensor<3xi32>, tensor<3xf32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ(ints((*results)[0].getTensor()), (Ints{21, 2, 13}));
  const Tensor &maxima = (*results)[1].getTensor();
  EXPECT_EQ(doubles(maxima), (std::vector<double>{0.5, 0.0, 2.0}));
  EXPECT_TRUE(maxima[1].getFloat().isNegZero());
}

TEST_F(InterpreterIndexingTest, ScatterReplacesWithNaNAndNegativeZero) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<3xf32> {
      %input = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
      %indices = stablehlo.constant dense<[[0], [2]]> : tensor<2x1xi64>
      %updates = stablehlo.constant dense<[0x7FC00000, -0.0]> : tensor<2xf32>
      %result = "stablehlo.scatter"(%input, %indices, %updates) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          stablehlo.return %b : tensor<f32>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>
      } : (tensor<3xf32>, tensor<2x1xi64>, tensor<2xf32>) -> tensor<3xf32>
      return %result : tensor<3xf32>
    })mlir");
  ASSERT_EQ(result.size(), 3);
  EXPECT_TRUE(result[0].getFloat().isNaN());
  EXPECT_EQ(result[1].toDouble(), 2.0);
  EXPECT_TRUE(result[2].getFloat().isNegZero());
}

TEST_F(InterpreterIndexingTest, ScatterPromotesToComputationType) {
  // is_promotable(i16, i32): the results have the region's type.
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<2xi32> {
      %input = stablehlo.constant dense<[32767, -2]> : tensor<2xi16>
      %indices = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi32>
      %updates = stablehlo.constant dense<[1, -3]> : tensor<2xi16>
      %result = "stablehlo.scatter"(%input, %indices, %updates) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>):
          %0 = stablehlo.add %a, %b : tensor<i32>
          stablehlo.return %0 : tensor<i32>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>
      } : (tensor<2xi16>, tensor<2x1xi32>, tensor<2xi16>) -> tensor<2xi32>
      return %result : tensor<2xi32>
    })mlir");
  // 32767 + 1 does not wrap in i32.
  EXPECT_EQ(ints(result), (Ints{32768, -5}));
}

TEST_F(InterpreterIndexingTest, ScatterQuantizedAddsDequantizedValues) {
  // Scale 0.5: storage [2, 4] is [1.0, 2.0]. 2.0 + 1.5 = 3.5 -> storage 7;
  // 1.0 + 63.5 = 64.5 -> 129, clamped to the i8 maximum 127.
  Tensor input = intTensor("tensor<2x!quant.uniform<i8:f32, 0.5>>", {2, 4});
  Tensor updates = intTensor("tensor<2x!quant.uniform<i8:f32, 0.5>>", {3, 127});
  Tensor result = runOk(R"mlir(
    func.func @main(%input: tensor<2x!quant.uniform<i8:f32, 0.5>>,
                    %updates: tensor<2x!quant.uniform<i8:f32, 0.5>>)
        -> tensor<2x!quant.uniform<i8:f32, 0.5>> {
      %indices = stablehlo.constant dense<[[1], [0]]> : tensor<2x1xi32>
      %result = "stablehlo.scatter"(%input, %indices, %updates) ({
        ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5>>,
             %b: tensor<!quant.uniform<i8:f32, 0.5>>):
          %0 = stablehlo.add %a, %b : tensor<!quant.uniform<i8:f32, 0.5>>
          stablehlo.return %0 : tensor<!quant.uniform<i8:f32, 0.5>>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>
      } : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x1xi32>,
           tensor<2x!quant.uniform<i8:f32, 0.5>>)
        -> tensor<2x!quant.uniform<i8:f32, 0.5>>
      return %result : tensor<2x!quant.uniform<i8:f32, 0.5>>
    })mlir",
                        {input, updates});
  EXPECT_EQ(ints(result), (Ints{127, 7}));
}

TEST_F(InterpreterIndexingTest, ScatterWithNoUpdatesReturnsInput) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<3xi32> {
      %input = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
      %indices = stablehlo.constant dense<> : tensor<0x1xi32>
      %updates = stablehlo.constant dense<> : tensor<0xi32>
      %result = "stablehlo.scatter"(%input, %indices, %updates) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>):
          stablehlo.return %b : tensor<i32>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>
      } : (tensor<3xi32>, tensor<0x1xi32>, tensor<0xi32>) -> tensor<3xi32>
      return %result : tensor<3xi32>
    })mlir");
  EXPECT_EQ(ints(result), (Ints{7, 8, 9}));
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

TEST_F(InterpreterIndexingTest, SortSpecExample) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<2x3xi64>, tensor<2x3xi64>) {
      %input0 = stablehlo.constant dense<[[1, 2, 3], [3, 2, 1]]>
        : tensor<2x3xi64>
      %input1 = stablehlo.constant dense<[[3, 2, 1], [1, 2, 3]]>
        : tensor<2x3xi64>
      %r:2 = "stablehlo.sort"(%input0, %input1) ({
        ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>,
             %d: tensor<i64>):
          %p = stablehlo.compare GT, %a, %b : (tensor<i64>, tensor<i64>)
            -> tensor<i1>
          stablehlo.return %p : tensor<i1>
      }) {dimension = 0 : i64, is_stable = true}
        : (tensor<2x3xi64>, tensor<2x3xi64>)
        -> (tensor<2x3xi64>, tensor<2x3xi64>)
      return %r#0, %r#1 : tensor<2x3xi64>, tensor<2x3xi64>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ(ints((*results)[0].getTensor()), (Ints{3, 2, 3, 1, 2, 1}));
  EXPECT_EQ(ints((*results)[1].getTensor()), (Ints{1, 2, 1, 3, 2, 3}));
}

TEST_F(InterpreterIndexingTest, SortNegativeDimensionIsStableOnTies) {
  // Sorted by the keys only (dimension -1 is the last); equal keys keep
  // their order even with is_stable = false.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<2x4xi32>, tensor<2x4xi32>) {
      %keys = stablehlo.constant dense<[[2, 1, 2, 1], [0, 0, 0, 0]]>
        : tensor<2x4xi32>
      %values = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7]]>
        : tensor<2x4xi32>
      %r:2 = "stablehlo.sort"(%keys, %values) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>,
             %d: tensor<i32>):
          %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>)
            -> tensor<i1>
          stablehlo.return %p : tensor<i1>
      }) {dimension = -1 : i64, is_stable = false}
        : (tensor<2x4xi32>, tensor<2x4xi32>)
        -> (tensor<2x4xi32>, tensor<2x4xi32>)
      return %r#0, %r#1 : tensor<2x4xi32>, tensor<2x4xi32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ(ints((*results)[0].getTensor()), (Ints{1, 1, 2, 2, 0, 0, 0, 0}));
  EXPECT_EQ(ints((*results)[1].getTensor()), (Ints{1, 3, 0, 2, 4, 5, 6, 7}));
}

TEST_F(InterpreterIndexingTest, SortFloatsTotalOrderAndSignedZeros) {
  // TOTALORDER: -inf < -0.0 < 0.0 < 1.0 < NaN. With LT, -0.0 and 0.0 are
  // equal and keep their input order.
  const char *program = R"mlir(
    func.func @main() -> (tensor<5xf32>, tensor<5xf32>) {
      %x = stablehlo.constant dense<[0x7FC00000, 1.0, 0.0, -0.0, 0xFF800000]>
        : tensor<5xf32>
      %y = stablehlo.constant dense<[0.0, 2.0, -0.0, -1.0, 0.0]>
        : tensor<5xf32>
      %total = "stablehlo.sort"(%x) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %p = stablehlo.compare LT, %a, %b, TOTALORDER
            : (tensor<f32>, tensor<f32>) -> tensor<i1>
          stablehlo.return %p : tensor<i1>
      }) {dimension = 0 : i64} : (tensor<5xf32>) -> tensor<5xf32>
      %plain = "stablehlo.sort"(%y) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %p = stablehlo.compare LT, %a, %b, FLOAT
            : (tensor<f32>, tensor<f32>) -> tensor<i1>
          stablehlo.return %p : tensor<i1>
      }) {dimension = 0 : i64} : (tensor<5xf32>) -> tensor<5xf32>
      return %total, %plain : tensor<5xf32>, tensor<5xf32>
    })mlir";
  FailureOr<Values> results = run(program);
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  const Tensor &total = (*results)[0].getTensor();
  EXPECT_EQ(total[0].toDouble(), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(total[1].getFloat().isNegZero());
  EXPECT_TRUE(total[2].getFloat().isPosZero());
  EXPECT_EQ(total[3].toDouble(), 1.0);
  EXPECT_TRUE(total[4].getFloat().isNaN());
  // [0.0, 2.0, -0.0, -1.0, 0.0] -> [-1.0, 0.0, -0.0, 0.0, 2.0], zeros in
  // input order.
  const Tensor &plain = (*results)[1].getTensor();
  EXPECT_EQ(doubles(plain), (std::vector<double>{-1.0, 0.0, 0.0, 0.0, 2.0}));
  EXPECT_TRUE(plain[1].getFloat().isPosZero());
  EXPECT_TRUE(plain[2].getFloat().isNegZero());
  EXPECT_TRUE(plain[3].getFloat().isPosZero());
}

TEST_F(InterpreterIndexingTest, SortEmptyTensors) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<0xf32>, tensor<2x0xi32>) {
      %x = stablehlo.constant dense<> : tensor<0xf32>
      %y = stablehlo.constant dense<> : tensor<2x0xi32>
      %sx = "stablehlo.sort"(%x) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>)
            -> tensor<i1>
          stablehlo.return %p : tensor<i1>
      }) {dimension = 0 : i64} : (tensor<0xf32>) -> tensor<0xf32>
      %sy = "stablehlo.sort"(%y) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>):
          %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>)
            -> tensor<i1>
          stablehlo.return %p : tensor<i1>
      }) {dimension = 0 : i64} : (tensor<2x0xi32>) -> tensor<2x0xi32>
      return %sx, %sy : tensor<0xf32>, tensor<2x0xi32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].getTensor().size(), 0);
  EXPECT_EQ(shapeOf((*results)[1].getTensor()), (Shape{2, 0}));
}

//===----------------------------------------------------------------------===//
// torch_index_select
//===----------------------------------------------------------------------===//

TEST_F(InterpreterIndexingTest, TorchIndexSelect) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<2x2xi32>, tensor<2x2xi32>) {
      %rows = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]>
        : tensor<3x2xi32>
      %pick = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
      %a = "stablehlo.torch_index_select"(%rows, %pick)
        {dim = 0 : i64, batch_dims = 0 : i64}
        : (tensor<3x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
      // batch_dims = 1: row b selects operand[b, index[b, i]].
      %batched = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]>
        : tensor<2x3xi32>
      %index = stablehlo.constant dense<[[2, 0], [1, 1]]> : tensor<2x2xi32>
      %b = "stablehlo.torch_index_select"(%batched, %index)
        {dim = 1 : i64, batch_dims = 1 : i64}
        : (tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
      return %a, %b : tensor<2x2xi32>, tensor<2x2xi32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ(ints((*results)[0].getTensor()), (Ints{5, 6, 1, 2}));
  EXPECT_EQ(ints((*results)[1].getTensor()), (Ints{3, 1, 5, 5}));
}

//===----------------------------------------------------------------------===//
// Ops with shapes as operands
//===----------------------------------------------------------------------===//

TEST_F(InterpreterIndexingTest, DynamicIotaComputesItsShape) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<?x5xi64> {
      %shape = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
      %result = stablehlo.dynamic_iota %shape, dim = 0
        : (tensor<2xi64>) -> tensor<?x5xi64>
      return %result : tensor<?x5xi64>
    })mlir");
  EXPECT_EQ(shapeOf(result), (Shape{4, 5}));
  EXPECT_EQ(ints(result),
            (Ints{0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3}));
}

TEST_F(InterpreterIndexingTest, DynamicIotaQuantizesItsValues) {
  // quantize(i) with scale 0.5, zero point -1: storage 2 * i - 1.
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<3x!quant.uniform<i8:f32, 0.5:-1>> {
      %shape = stablehlo.constant dense<[3]> : tensor<1xi32>
      %result = stablehlo.dynamic_iota %shape, dim = 0
        : (tensor<1xi32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:-1>>
      return %result : tensor<3x!quant.uniform<i8:f32, 0.5:-1>>
    })mlir");
  EXPECT_EQ(ints(result), (Ints{-1, 1, 3}));
}

TEST_F(InterpreterIndexingTest, DynamicShapeMustMatchStaticResultDims) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> tensor<3x5xi64> {
      %shape = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
      %result = stablehlo.dynamic_iota %shape, dim = 0
        : (tensor<2xi64>) -> tensor<3x5xi64>
      return %result : tensor<3x5xi64>
    })mlir");
  EXPECT_TRUE(failed(results));
  EXPECT_NE(diagnostics.find("shape [4, 5] computed from the operands does "
                             "not match 'tensor<3x5xi64>'"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterIndexingTest, DynamicBroadcastInDim) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<?x3xi32> {
      %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
      %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
      %result = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1]
        : (tensor<3xi32>, tensor<2xi64>) -> tensor<?x3xi32>
      return %result : tensor<?x3xi32>
    })mlir");
  EXPECT_EQ(shapeOf(result), (Shape{2, 3}));
  EXPECT_EQ(ints(result), (Ints{1, 2, 3, 1, 2, 3}));

  FailureOr<Values> bad = run(R"mlir(
    func.func @main() -> tensor<?x?xi32> {
      %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
      %shape = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
      %result = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1]
        : (tensor<3xi32>, tensor<2xi64>) -> tensor<?x?xi32>
      return %result : tensor<?x?xi32>
    })mlir");
  EXPECT_TRUE(failed(bad));
  EXPECT_NE(diagnostics.find("operand dimension 0 of size 3 cannot broadcast "
                             "to size 4"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterIndexingTest, DynamicReshape) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<?x?xi32> {
      %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]>
        : tensor<2x3xi32>
      %shape = stablehlo.constant dense<[3, 2]> : tensor<2xi32>
      %result = stablehlo.dynamic_reshape %operand, %shape
        : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<?x?xi32>
      return %result : tensor<?x?xi32>
    })mlir");
  EXPECT_EQ(shapeOf(result), (Shape{3, 2}));
  EXPECT_EQ(ints(result), (Ints{1, 2, 3, 4, 5, 6}));

  FailureOr<Values> bad = run(R"mlir(
    func.func @main() -> tensor<?x?xi32> {
      %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]>
        : tensor<2x3xi32>
      %shape = stablehlo.constant dense<[4, 2]> : tensor<2xi32>
      %result = stablehlo.dynamic_reshape %operand, %shape
        : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<?x?xi32>
      return %result : tensor<?x?xi32>
    })mlir");
  EXPECT_TRUE(failed(bad));
  EXPECT_NE(diagnostics.find("cannot reshape 6 elements to 8"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterIndexingTest, DynamicPadSpecExampleAndNegativeEdges) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<5x9xi64>, tensor<?xi64>) {
      %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]>
        : tensor<2x3xi64>
      %zero = stablehlo.constant dense<0> : tensor<i64>
      %low = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
      %high = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
      %interior = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
      %a = stablehlo.dynamic_pad %operand, %zero, %low, %high, %interior
        : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>,
           tensor<2xi64>) -> tensor<5x9xi64>
      // Low -2 drops two leading elements of [1, 9, 2, 9, 3]; high 1 adds
      // one pad: [2, 9, 3, 9].
      %row = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
      %nine = stablehlo.constant dense<9> : tensor<i64>
      %low1 = stablehlo.constant dense<[-2]> : tensor<1xi64>
      %high1 = stablehlo.constant dense<[1]> : tensor<1xi64>
      %interior1 = stablehlo.constant dense<[1]> : tensor<1xi64>
      %b = stablehlo.dynamic_pad %row, %nine, %low1, %high1, %interior1
        : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>,
           tensor<1xi64>) -> tensor<?xi64>
      return %a, %b : tensor<5x9xi64>, tensor<?xi64>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ(
      ints((*results)[0].getTensor()),
      (Ints{0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 5,
            0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(ints((*results)[1].getTensor()), (Ints{2, 9, 3, 9}));
}

TEST_F(InterpreterIndexingTest, RealDynamicSlice) {
  Tensor result = runOk(R"mlir(
    func.func @main() -> tensor<?xi32> {
      %operand = stablehlo.iota dim = 0 : tensor<6xi32>
      %start = stablehlo.constant dense<[1]> : tensor<1xi64>
      %limit = stablehlo.constant dense<[6]> : tensor<1xi64>
      %strides = stablehlo.constant dense<[2]> : tensor<1xi64>
      %result = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides
        : (tensor<6xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>)
        -> tensor<?xi32>
      return %result : tensor<?xi32>
    })mlir");
  EXPECT_EQ(ints(result), (Ints{1, 3, 5}));

  // Bounds come from data: out of range is an error, not a crash.
  FailureOr<Values> bad = run(R"mlir(
    func.func @main(%limit: tensor<1xi64>) -> tensor<?xi32> {
      %operand = stablehlo.iota dim = 0 : tensor<6xi32>
      %start = stablehlo.constant dense<[1]> : tensor<1xi64>
      %strides = stablehlo.constant dense<[1]> : tensor<1xi64>
      %result = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides
        : (tensor<6xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>)
        -> tensor<?xi32>
      return %result : tensor<?xi32>
    })mlir",
                              {intTensor("tensor<1xi64>", {7})});
  EXPECT_TRUE(failed(bad));
  EXPECT_NE(diagnostics.find("requires 0 <= start (1) <= limit (7) <= size "
                             "(6)"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterIndexingTest, SetDimensionSize) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<?xi32>, tensor<4xi32>) {
      %operand = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      %size = stablehlo.constant dense<2> : tensor<i32>
      %a = stablehlo.set_dimension_size %operand, %size, dim = 0
        : (tensor<4xi32>, tensor<i32>) -> tensor<?xi32>
      %b = stablehlo.set_dimension_size %operand, %size, dim = 0
        : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
      return %a, %b : tensor<?xi32>, tensor<4xi32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ(ints((*results)[0].getTensor()), (Ints{1, 2}));
  EXPECT_EQ(ints((*results)[1].getTensor()), (Ints{1, 2, 3, 4}));
}

} // namespace

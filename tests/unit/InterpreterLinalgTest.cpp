//===- InterpreterLinalgTest.cpp - contraction and linear algebra ops -----===//
//
// Runs small programs through the reference interpreter and compares the
// results of dot_general, dot, einsum, unary_einsum, convolution,
// dynamic_conv, fft, cholesky, triangular_solve and the batch_norm ops with
// values worked out independently: by hand from the specification (the
// arithmetic is spelled out beside each expectation), from the
// specification's own examples, or with numpy (noted where used).
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/RegisterDialects.h"
#include "interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

using namespace mlir;
using axle::interp::Interpreter;
using axle::interp::Tensor;
using axle::interp::Values;

namespace {

class InterpreterLinalgTest : public ::testing::Test {
protected:
  InterpreterLinalgTest() {
    DialectRegistry registry;
    axle::registerInputDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `source` and runs its @main without arguments. On failure the
  /// diagnostics are in `errors`.
  FailureOr<Values> run(StringRef source) {
    errors.clear();
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      errors += diag.str();
      errors += '\n';
      return success();
    });
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return failure();
    Interpreter interpreter(*module);
    return interpreter.call("main", {});
  }

  /// Runs `source` and returns its single tensor result.
  Tensor runOne(StringRef source) {
    FailureOr<Values> results = run(source);
    EXPECT_TRUE(succeeded(results)) << errors;
    if (failed(results) || results->empty())
      return Tensor();
    return (*results)[0].getTensor();
  }

  static std::vector<double> reals(const Tensor &tensor) {
    std::vector<double> values;
    for (int64_t i = 0; i < tensor.size(); ++i)
      values.push_back(tensor[i].toDouble());
    return values;
  }
  static std::vector<std::complex<double>> complexes(const Tensor &tensor) {
    std::vector<std::complex<double>> values;
    for (int64_t i = 0; i < tensor.size(); ++i)
      values.push_back(tensor[i].toComplexDouble());
    return values;
  }
  /// Integer elements, read with the signedness of their type.
  static std::vector<int64_t> ints(const Tensor &tensor) {
    bool isUnsigned = tensor.storageType().isUnsignedInteger();
    std::vector<int64_t> values;
    for (int64_t i = 0; i < tensor.size(); ++i)
      values.push_back(isUnsigned ? static_cast<int64_t>(tensor[i].toUnsigned())
                                  : tensor[i].toSigned());
    return values;
  }

  static void expectNear(const std::vector<double> &actual,
                         const std::vector<double> &expected,
                         double tolerance) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
      EXPECT_NEAR(actual[i], expected[i], tolerance) << "at " << i;
  }
  static void expectNear(const std::vector<std::complex<double>> &actual,
                         const std::vector<std::complex<double>> &expected,
                         double tolerance) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
      EXPECT_NEAR(actual[i].real(), expected[i].real(), tolerance)
          << "real part at " << i;
      EXPECT_NEAR(actual[i].imag(), expected[i].imag(), tolerance)
          << "imaginary part at " << i;
    }
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string errors;
};

//===----------------------------------------------------------------------===//
// dot_general, dot
//===----------------------------------------------------------------------===//

TEST_F(InterpreterLinalgTest, DotGeneralMatrixProduct) {
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2x2xf32> {
      %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
      %b = stablehlo.constant dense<[[1.0, -1.0], [0.5, 2.0], [-2.0, 0.0]]> : tensor<3x2xf32>
      %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    })mlir");
  // [1 + 1 - 6, -1 + 4 + 0] and [4 + 2.5 - 12, -4 + 10 + 0].
  EXPECT_EQ(reals(result), (std::vector<double>{-4, 3, -5.5, 6}));
}

TEST_F(InterpreterLinalgTest, DotGeneralBatchingAndPermutedContraction) {
  // lhs[b, j, k] = 4 * (3b + j) + k - 5, rhs[k, b, j] = (6k + 3b + j) % 7 - 3;
  // expected from numpy: einsum('bjk,kbj->b') = [-4, -58].
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2xi32> {
      %a = stablehlo.constant dense<[[[-5,-4,-3,-2],[-1,0,1,2],[3,4,5,6]],[[7,8,9,10],[11,12,13,14],[15,16,17,18]]]> : tensor<2x3x4xi32>
      %b = stablehlo.constant dense<[[[-3,-2,-1],[0,1,2]],[[3,-3,-2],[-1,0,1]],[[2,3,-3],[-2,-1,0]],[[1,2,3],[-3,-2,-1]]]> : tensor<4x2x3xi32>
      %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2, 1] x [0, 2] : (tensor<2x3x4xi32>, tensor<4x2x3xi32>) -> tensor<2xi32>
      return %r : tensor<2xi32>
    })mlir");
  EXPECT_EQ(ints(result), (std::vector<int64_t>{-4, -58}));
}

TEST_F(InterpreterLinalgTest, DotGeneralResultDimensionOrder) {
  // Result dims are batch, lhs free, rhs free. With rhs[k, b, n] = n - 2,
  // result[b, j, n] = (n - 2) * sum_k lhs[b, j, k]; the row sums of lhs are
  // -14, 2, 18, 34, 50, 66 (numpy agrees).
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2x3x5xi64> {
      %a = stablehlo.constant dense<[[[-5,-4,-3,-2],[-1,0,1,2],[3,4,5,6]],[[7,8,9,10],[11,12,13,14],[15,16,17,18]]]> : tensor<2x3x4xi64>
      %b = stablehlo.constant dense<[[[-2,-1,0,1,2],[-2,-1,0,1,2]],[[-2,-1,0,1,2],[-2,-1,0,1,2]],[[-2,-1,0,1,2],[-2,-1,0,1,2]],[[-2,-1,0,1,2],[-2,-1,0,1,2]]]> : tensor<4x2x5xi64>
      %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<2x3x4xi64>, tensor<4x2x5xi64>) -> tensor<2x3x5xi64>
      return %r : tensor<2x3x5xi64>
    })mlir");
  std::vector<int64_t> expected;
  for (int64_t rowSum : {-14, 2, 18, 34, 50, 66})
    for (int64_t n = 0; n < 5; ++n)
      expected.push_back((n - 2) * rowSum);
  EXPECT_EQ(ints(result), expected);
}

TEST_F(InterpreterLinalgTest, DotGeneralIntegersWrapInTheResultType) {
  // i8 operands, i32 result: 127 * 127 * 2 = 32258 does not wrap. The same
  // product in i8 wraps: 32258 mod 256 = 2. ui8 operands zero-extend:
  // 255 * 255 = 65025.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<i32>, tensor<i8>, tensor<i32>, tensor<i32>) {
      %a = stablehlo.constant dense<[127, 127]> : tensor<2xi8>
      %u = stablehlo.constant dense<[255]> : tensor<1xui8>
      %n = stablehlo.constant dense<[-128, 3]> : tensor<2xi8>
      %0 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i32>
      %1 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i8>
      %2 = stablehlo.dot_general %u, %u, contracting_dims = [0] x [0] : (tensor<1xui8>, tensor<1xui8>) -> tensor<i32>
      %3 = stablehlo.dot_general %n, %a, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i32>
      return %0, %1, %2, %3 : tensor<i32>, tensor<i8>, tensor<i32>, tensor<i32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  EXPECT_EQ(ints((*results)[0].getTensor()), std::vector<int64_t>{32258});
  EXPECT_EQ(ints((*results)[1].getTensor()), std::vector<int64_t>{2});
  EXPECT_EQ(ints((*results)[2].getTensor()), std::vector<int64_t>{65025});
  // -128 * 127 + 3 * 127 = -15875: i8 operands sign-extend.
  EXPECT_EQ(ints((*results)[3].getTensor()), std::vector<int64_t>{-15875});
}

TEST_F(InterpreterLinalgTest, DotGeneralHalfAccumulatesInF32) {
  // In f16 (spacing 2 at 2048) a sum rounded at every step loses both ones:
  // 2048 + 1 rounds to even, 2048. Accumulating in f32 and rounding once
  // gives 2050, which f16 holds exactly.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<f16> {
      %a = stablehlo.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
      %b = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf16>
      %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
      return %r : tensor<f16>
    })mlir");
  EXPECT_EQ(reals(result), std::vector<double>{2050});
}

TEST_F(InterpreterLinalgTest, DotGeneralWiderFloatResult) {
  // f32 operands, f64 result: (2^24 + 1) is not an f32, but the operands
  // 2^24 and 1 are; their f64 sum keeps the 1.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<f64> {
      %a = stablehlo.constant dense<[16777216.0, 1.0]> : tensor<2xf32>
      %b = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf32>
      %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f64>
      return %r : tensor<f64>
    })mlir");
  EXPECT_EQ(reals(result), std::vector<double>{16777217});
}

TEST_F(InterpreterLinalgTest, DotGeneralComplex) {
  // (1 + 2i)(3 + 4i) + i * i = (-5 + 10i) - 1 = -6 + 10i.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<complex<f64>> {
      %a = stablehlo.constant dense<[(1.0, 2.0), (0.0, 1.0)]> : tensor<2xcomplex<f64>>
      %b = stablehlo.constant dense<[(3.0, 4.0), (0.0, 1.0)]> : tensor<2xcomplex<f64>>
      %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<complex<f64>>
      return %r : tensor<complex<f64>>
    })mlir");
  EXPECT_EQ(complexes(result),
            (std::vector<std::complex<double>>{{-6.0, 10.0}}));
}

TEST_F(InterpreterLinalgTest, DotGeneralSpecialValues) {
  // inf * 0 is NaN; NaN propagates; a sum of -0 products starts from +0 and
  // stays +0 (the specification's reduce starts at constant(0)).
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<3xf32>) {
      %a = stablehlo.constant dense<[[0x7F800000, 1.0], [0x7FC00000, 1.0], [-0.0, -0.0]]> : tensor<3x2xf32>
      %b = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
      %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3xf32>
      return %r : tensor<3xf32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  std::vector<double> values = reals((*results)[0].getTensor());
  EXPECT_TRUE(std::isnan(values[0]));
  EXPECT_TRUE(std::isnan(values[1]));
  EXPECT_EQ(values[2], 0.0);
  EXPECT_FALSE(std::signbit(values[2]));
}

TEST_F(InterpreterLinalgTest, DotGeneralEmptyContractionIsZero) {
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2x3xf32> {
      %a = stablehlo.constant dense<> : tensor<2x0xf32>
      %b = stablehlo.constant dense<> : tensor<0x3xf32>
      %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
      return %r : tensor<2x3xf32>
    })mlir");
  EXPECT_EQ(reals(result), std::vector<double>(6, 0.0));
}

TEST_F(InterpreterLinalgTest, DotGeneralQuantized) {
  // lhs stores [2, 4] at scale 0.5 -> [1, 2]; rhs stores [6, 8] at scale
  // 0.25 -> [1.5, 2]. 1 * 1.5 + 2 * 2 = 5.5, stored at scale 0.5 as 11.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<!quant.uniform<i32:f32, 0.5>> {
      %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
      %b = stablehlo.constant dense<[1.5, 2.0]> : tensor<2xf32>
      %qa = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
      %qb = stablehlo.uniform_quantize %b : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.25>>
      %r = stablehlo.dot_general %qa, %qb, contracting_dims = [0] x [0] : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<!quant.uniform<i32:f32, 0.5>>
      return %r : tensor<!quant.uniform<i32:f32, 0.5>>
    })mlir");
  EXPECT_EQ(ints(result), std::vector<int64_t>{11});
}

TEST_F(InterpreterLinalgTest, DotGeneralHybridQuantized) {
  // A float lhs with a quantized rhs: the rhs is dequantized (stored 6 at
  // scale 0.25 -> 1.5) and the product is a float: 3 * 1.5 = 4.5.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<f32> {
      %a = stablehlo.constant dense<[3.0]> : tensor<1xf32>
      %b = stablehlo.constant dense<[1.5]> : tensor<1xf32>
      %qb = stablehlo.uniform_quantize %b : (tensor<1xf32>) -> tensor<1x!quant.uniform<i8:f32, 0.25>>
      %r = stablehlo.dot_general %a, %qb, contracting_dims = [0] x [0] : (tensor<1xf32>, tensor<1x!quant.uniform<i8:f32, 0.25>>) -> tensor<f32>
      return %r : tensor<f32>
    })mlir");
  EXPECT_EQ(reals(result), std::vector<double>{4.5});
}

TEST_F(InterpreterLinalgTest, DotGeneralComplexOperandsRealResultIsAnError) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> tensor<f32> {
      %a = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
      %r = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<1xcomplex<f32>>, tensor<1xcomplex<f32>>) -> tensor<f32>
      return %r : tensor<f32>
    })mlir");
  // The verifier may reject this pairing already; the interpreter must not
  // crash on it either way.
  EXPECT_TRUE(failed(results));
  EXPECT_FALSE(errors.empty());
}

TEST_F(InterpreterLinalgTest, DotMatrixVectorAndVectorVector) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<2xi32>, tensor<i32>) {
      %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
      %v = stablehlo.constant dense<[1, 0, -1]> : tensor<3xi32>
      %0 = stablehlo.dot %m, %v : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2xi32>
      %1 = stablehlo.dot %v, %v : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
      return %0, %1 : tensor<2xi32>, tensor<i32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  // [1 - 3, 4 - 6] and 1 + 0 + 1.
  EXPECT_EQ(ints((*results)[0].getTensor()), (std::vector<int64_t>{-2, -2}));
  EXPECT_EQ(ints((*results)[1].getTensor()), std::vector<int64_t>{2});
}

//===----------------------------------------------------------------------===//
// einsum, unary_einsum
//===----------------------------------------------------------------------===//

TEST_F(InterpreterLinalgTest, EinsumMatrixProductTransposed) {
  // "ab,bc->ca" is (A B)^T: A B = [[-4, 3], [-5.5, 6]] as in the first
  // dot_general test.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2x2xf32> {
      %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
      %b = stablehlo.constant dense<[[1.0, -1.0], [0.5, 2.0], [-2.0, 0.0]]> : tensor<3x2xf32>
      %r = stablehlo.einsum %a, %b, config = "ab,bc->ca" : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    })mlir");
  EXPECT_EQ(reals(result), (std::vector<double>{-4, -5.5, 3, 6}));
}

TEST_F(InterpreterLinalgTest, EinsumEllipsisBatch) {
  // "...ab,b->...a": a batch of matrix-vector products.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2x2xi64> {
      %a = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
      %v = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
      %r = stablehlo.einsum %a, %v, config = "...ab,b->...a" : (tensor<2x2x2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
      return %r : tensor<2x2xi64>
    })mlir");
  // Each row times [1, -1]: 1 - 2, 3 - 4, 5 - 6, 7 - 8.
  EXPECT_EQ(ints(result), (std::vector<int64_t>{-1, -1, -1, -1}));
}

TEST_F(InterpreterLinalgTest, UnaryEinsumDiagonalAndSums) {
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<3xf32>, tensor<3xf32>, tensor<f32>) {
      %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
      %0 = stablehlo.unary_einsum %a, config = "ii->i" : (tensor<3x3xf32>) -> tensor<3xf32>
      %1 = stablehlo.unary_einsum %a, config = "ij->j" : (tensor<3x3xf32>) -> tensor<3xf32>
      %2 = stablehlo.unary_einsum %a, config = "ii->" : (tensor<3x3xf32>) -> tensor<f32>
      return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<f32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  EXPECT_EQ(reals((*results)[0].getTensor()), (std::vector<double>{1, 5, 9}));
  // Column sums 1 + 4 + 7, 2 + 5 + 8, 3 + 6 + 9; trace 15.
  EXPECT_EQ(reals((*results)[1].getTensor()),
            (std::vector<double>{12, 15, 18}));
  EXPECT_EQ(reals((*results)[2].getTensor()), std::vector<double>{15});
}

//===----------------------------------------------------------------------===//
// convolution, dynamic_conv
//===----------------------------------------------------------------------===//

TEST_F(InterpreterLinalgTest, ConvolutionSpecificationExample) {
  // The specification's example: lhs dilated by 2, strides 4, 3x3 ones.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<1x2x2x1xi64> {
      %x = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
      %k = stablehlo.constant dense<1> : tensor<3x3x1x1xi64>
      %r = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
      return %r : tensor<1x2x2x1xi64>
    })mlir");
  EXPECT_EQ(ints(result), (std::vector<int64_t>{10, 26, 46, 62}));
}

TEST_F(InterpreterLinalgTest, ConvolutionPaddingDilationReversal) {
  // lhs [1, 2, 3, 4], kernel [1, 10].
  // pad [1, 0]: padded [0, 1, 2, 3, 4]; windows give 0 + 10, 1 + 20, 2 + 30,
  //   3 + 40.
  // pad [1, 0], rhs_dilate 2: taps 2 apart: 0 + 20, 1 + 30, 2 + 40.
  // reverse: each window [x0, x1] is read as [x1, x0]: 2 + 10, 3 + 20, 4 + 30.
  // pad [-1, 0]: drops the 1: 2 + 30, 3 + 40.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<1x1x4xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x2xf32>) {
      %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0]]]> : tensor<1x1x4xf32>
      %k = stablehlo.constant dense<[[[1.0, 10.0]]]> : tensor<1x1x2xf32>
      %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x4xf32>
      %1 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[1, 0]], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
      %2 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, window_reversal = array<i1: true>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
      %3 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[-1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
      return %0, %1, %2, %3 : tensor<1x1x4xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x2xf32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  EXPECT_EQ(reals((*results)[0].getTensor()),
            (std::vector<double>{10, 21, 32, 43}));
  EXPECT_EQ(reals((*results)[1].getTensor()),
            (std::vector<double>{20, 31, 42}));
  EXPECT_EQ(reals((*results)[2].getTensor()),
            (std::vector<double>{12, 23, 34}));
  EXPECT_EQ(reals((*results)[3].getTensor()), (std::vector<double>{32, 43}));
}

TEST_F(InterpreterLinalgTest, ConvolutionStrideAndLayouts) {
  // Layout [b, 0, f] with kernel [0, i, o]: lhs features (1, 10) at each of
  // 5 positions; kernel width 1 with weights i0 -> (1, 2), i1 -> (3, 4) for
  // outputs (o0, o1); stride 2 reads positions 0, 2, 4.
  // Position p holds (p, 10p): o0 = p + 30p = 31p, o1 = 2p + 40p = 42p.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<1x3x2xi32> {
      %x = stablehlo.constant dense<[[[0, 0], [1, 10], [2, 20], [3, 30], [4, 40]]]> : tensor<1x5x2xi32>
      %k = stablehlo.constant dense<[[[1, 2], [3, 4]]]> : tensor<1x2x2xi32>
      %r = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xi32>, tensor<1x2x2xi32>) -> tensor<1x3x2xi32>
      return %r : tensor<1x3x2xi32>
    })mlir");
  EXPECT_EQ(ints(result), (std::vector<int64_t>{0, 0, 62, 84, 124, 168}));
}

TEST_F(InterpreterLinalgTest, ConvolutionFeatureAndBatchGroups) {
  // feature_group_count 2: channel 0 [1, 2, 3] meets kernel [2], channel 1
  // [10, 20, 30] meets kernel [3]: [2, 4, 6] and [30, 60, 90].
  // batch_group_count 2: batch 0 [1, 2] meets kernel [5] -> feature 0,
  // batch 1 [3, 4] meets kernel [7] -> feature 1: [5, 10] and [21, 28].
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<1x2x3xf32>, tensor<1x2x2xf32>) {
      %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0]]]> : tensor<1x2x3xf32>
      %k = stablehlo.constant dense<[[[2.0]], [[3.0]]]> : tensor<2x1x1xf32>
      %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0] {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x2x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3xf32>
      %y = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>
      %w = stablehlo.constant dense<[[[5.0]], [[7.0]]]> : tensor<2x1x1xf32>
      %1 = stablehlo.convolution(%y, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x2xf32>, tensor<2x1x1xf32>) -> tensor<1x2x2xf32>
      return %0, %1 : tensor<1x2x3xf32>, tensor<1x2x2xf32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  EXPECT_EQ(reals((*results)[0].getTensor()),
            (std::vector<double>{2, 4, 6, 30, 60, 90}));
  EXPECT_EQ(reals((*results)[1].getTensor()),
            (std::vector<double>{5, 10, 21, 28}));
}

TEST_F(InterpreterLinalgTest, ConvolutionPaddingTimesInfinityIsNaN) {
  // The padding value 0 still multiplies: 0 * inf + 1 * 1 is NaN.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<1x1x1xf32> {
      %x = stablehlo.constant dense<[[[1.0]]]> : tensor<1x1x1xf32>
      %k = stablehlo.constant dense<[[[0x7F800000, 1.0]]]> : tensor<1x1x2xf32>
      %r = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x1xf32>, tensor<1x1x2xf32>) -> tensor<1x1x1xf32>
      return %r : tensor<1x1x1xf32>
    })mlir");
  ASSERT_EQ(result.size(), 1);
  EXPECT_TRUE(std::isnan(reals(result)[0]));
}

TEST_F(InterpreterLinalgTest, ConvolutionEmptyWindowCount) {
  // A window wider than the padded input gives no outputs.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<1x1x0xf32> {
      %x = stablehlo.constant dense<[[[1.0, 2.0]]]> : tensor<1x1x2xf32>
      %k = stablehlo.constant dense<[[[1.0, 1.0, 1.0]]]> : tensor<1x1x3xf32>
      %r = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x2xf32>, tensor<1x1x3xf32>) -> tensor<1x1x0xf32>
      return %r : tensor<1x1x0xf32>
    })mlir");
  EXPECT_EQ(result.size(), 0);
  EXPECT_EQ(result.getShape(), (ArrayRef<int64_t>{1, 1, 0}));
}

TEST_F(InterpreterLinalgTest, ConvolutionQuantizedPerAxisKernel) {
  // lhs stores [2, 4, 6] at scale 0.5 -> [1, 2, 3]; the kernel has two
  // output features, stored 4 at scales 0.5 and 0.25 -> weights 2 and 1.
  // Width-1 windows: feature 0 = 2x = [2, 4, 6], feature 1 = x = [1, 2, 3];
  // the result scale is 0.5 for both, so the stored values are doubled.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<1x3x2x!quant.uniform<i32:f32, 0.5>> {
      %a = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>
      %qa = stablehlo.uniform_quantize %a : (tensor<1x3x1xf32>) -> tensor<1x3x1x!quant.uniform<i8:f32, 0.5>>
      %k = stablehlo.constant dense<[[[2.0, 1.0]]]> : tensor<1x1x2xf32>
      %qk = stablehlo.uniform_quantize %k : (tensor<1x1x2xf32>) -> tensor<1x1x2x!quant.uniform<i8:f32:2, {0.5, 0.25}>>
      %r = stablehlo.convolution(%qa, %qk) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x2x!quant.uniform<i8:f32:2, {0.5, 0.25}>>) -> tensor<1x3x2x!quant.uniform<i32:f32, 0.5>>
      return %r : tensor<1x3x2x!quant.uniform<i32:f32, 0.5>>
    })mlir");
  EXPECT_EQ(ints(result), (std::vector<int64_t>{4, 2, 8, 4, 12, 6}));
}

TEST_F(InterpreterLinalgTest, DynamicConvTakesPaddingFromAnOperand) {
  // The same result as the static pad [1, 0] case: [10, 21, 32, 43].
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<1x1x4xf32> {
      %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0]]]> : tensor<1x1x4xf32>
      %k = stablehlo.constant dense<[[[1.0, 10.0]]]> : tensor<1x1x2xf32>
      %p = stablehlo.constant dense<[[1, 0]]> : tensor<1x2xi32>
      %r = "stablehlo.dynamic_conv"(%x, %k, %p) {dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xf32>, tensor<1x1x2xf32>, tensor<1x2xi32>) -> tensor<1x1x4xf32>
      return %r : tensor<1x1x4xf32>
    })mlir");
  EXPECT_EQ(reals(result), (std::vector<double>{10, 21, 32, 43}));
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

TEST_F(InterpreterLinalgTest, FftSpecificationExampleAndInverse) {
  // The specification's example: the DFT of an impulse is all ones.
  // IFFT of the DFT of [1, 2, 3, 4] = [10, -2 + 2i, -2, -2 - 2i] restores it.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>) {
      %a = stablehlo.constant dense<[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
      %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
      %b = stablehlo.constant dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f64>>
      %1 = stablehlo.fft %b, type = IFFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
      return %0, %1 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  expectNear(complexes((*results)[0].getTensor()),
             {{1, 0}, {1, 0}, {1, 0}, {1, 0}}, 1e-7);
  expectNear(complexes((*results)[1].getTensor()),
             {{1, 0}, {2, 0}, {3, 0}, {4, 0}}, 1e-15);
}

TEST_F(InterpreterLinalgTest, FftRealTransforms) {
  // RFFT of [1, 2, 3, 4] keeps 4 / 2 + 1 = 3 entries: [10, -2 + 2i, -2].
  // IRFFT of those restores [1, 2, 3, 4]. Odd length (numpy): rfft([1, 2, 3])
  // = [6, -1.5 + 0.8660254i], and irfft of it with n = 3 is [1, 2, 3].
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<3xcomplex<f64>>, tensor<4xf64>, tensor<3xf64>) {
      %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
      %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<4xf64>) -> tensor<3xcomplex<f64>>
      %h = stablehlo.constant dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f64>>
      %1 = stablehlo.fft %h, type = IRFFT, length = [4] : (tensor<3xcomplex<f64>>) -> tensor<4xf64>
      %o = stablehlo.constant dense<[(6.0, 0.0), (-1.5, 0.8660254037844386)]> : tensor<2xcomplex<f64>>
      %2 = stablehlo.fft %o, type = IRFFT, length = [3] : (tensor<2xcomplex<f64>>) -> tensor<3xf64>
      return %0, %1, %2 : tensor<3xcomplex<f64>>, tensor<4xf64>, tensor<3xf64>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  expectNear(complexes((*results)[0].getTensor()), {{10, 0}, {-2, 2}, {-2, 0}},
             1e-15);
  expectNear(reals((*results)[1].getTensor()), {1, 2, 3, 4}, 1e-15);
  expectNear(reals((*results)[2].getTensor()), {1, 2, 3}, 1e-15);
}

TEST_F(InterpreterLinalgTest, FftTwoDimensionsAndEmptyBatch) {
  // numpy: fft2([[1, 2], [3, 4]]) = [[10, -2], [-4, 0]]. A zero-sized batch
  // dimension gives an empty result of the right shape.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<2x2xcomplex<f32>>, tensor<0x3xcomplex<f32>>) {
      %a = stablehlo.constant dense<[[(1.0, 0.0), (2.0, 0.0)], [(3.0, 0.0), (4.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
      %0 = stablehlo.fft %a, type = FFT, length = [2, 2] : (tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
      %e = stablehlo.constant dense<> : tensor<0x4xf32>
      %1 = stablehlo.fft %e, type = RFFT, length = [4] : (tensor<0x4xf32>) -> tensor<0x3xcomplex<f32>>
      return %0, %1 : tensor<2x2xcomplex<f32>>, tensor<0x3xcomplex<f32>>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  expectNear(complexes((*results)[0].getTensor()),
             {{10, 0}, {-2, 0}, {-4, 0}, {0, 0}}, 1e-6);
  EXPECT_EQ((*results)[1].getTensor().size(), 0);
  EXPECT_EQ((*results)[1].getTensor().getShape(), (ArrayRef<int64_t>{0, 3}));
}

//===----------------------------------------------------------------------===//
// cholesky, triangular_solve
//===----------------------------------------------------------------------===//

TEST_F(InterpreterLinalgTest, CholeskyLowerAndUpper) {
  // The specification's example: L = [[1, 0, 0], [2, 4, 0], [3, 5, 6]]; the
  // upper factor is L^T. Each reads only its own triangle (the other one
  // holds junk here) and writes zeros into the other triangle.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<3x3xf32>, tensor<3x3xf32>) {
      %lo = stablehlo.constant dense<[[1.0, 99.0, 99.0], [2.0, 20.0, 99.0], [3.0, 26.0, 70.0]]> : tensor<3x3xf32>
      %up = stablehlo.constant dense<[[1.0, 2.0, 3.0], [-9.0, 20.0, 26.0], [-9.0, -9.0, 70.0]]> : tensor<3x3xf32>
      %0 = stablehlo.cholesky %lo, lower = true : tensor<3x3xf32>
      %1 = stablehlo.cholesky %up : tensor<3x3xf32>
      return %0, %1 : tensor<3x3xf32>, tensor<3x3xf32>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  EXPECT_EQ(reals((*results)[0].getTensor()),
            (std::vector<double>{1, 0, 0, 2, 4, 0, 3, 5, 6}));
  EXPECT_EQ(reals((*results)[1].getTensor()),
            (std::vector<double>{1, 2, 3, 0, 4, 5, 0, 0, 6}));
}

TEST_F(InterpreterLinalgTest, CholeskyComplexAndNotPositiveDefinite) {
  // Hermitian [[4, 2i], [-2i, 2]]: l00 = 2, l10 = -2i / 2 = -i,
  // l11 = sqrt(2 - |l10|^2) = 1.
  // [[1, 2], [2, 1]] is not positive definite: 1 - 2^2 < 0 gives NaN.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<2x2xcomplex<f64>>, tensor<2x2xf64>) {
      %c = stablehlo.constant dense<[[(4.0, 0.0), (0.0, 2.0)], [(0.0, -2.0), (2.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
      %0 = stablehlo.cholesky %c, lower = true : tensor<2x2xcomplex<f64>>
      %n = stablehlo.constant dense<[[1.0, 2.0], [2.0, 1.0]]> : tensor<2x2xf64>
      %1 = stablehlo.cholesky %n, lower = true : tensor<2x2xf64>
      return %0, %1 : tensor<2x2xcomplex<f64>>, tensor<2x2xf64>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  EXPECT_EQ(
      complexes((*results)[0].getTensor()),
      (std::vector<std::complex<double>>{{2, 0}, {0, 0}, {0, -1}, {1, 0}}));
  std::vector<double> notPd = reals((*results)[1].getTensor());
  EXPECT_EQ(notPd[0], 1);
  EXPECT_EQ(notPd[2], 2);
  EXPECT_TRUE(std::isnan(notPd[3]));
}

TEST_F(InterpreterLinalgTest, TriangularSolveSpecificationExample) {
  // L X = B with L = [[1, 0, 0], [2, 4, 0], [3, 5, 6]] and B = 2 L: X = 2 I.
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<3x3xf32> {
      %a = stablehlo.constant dense<[[1.0, 0.0, 0.0], [2.0, 4.0, 0.0], [3.0, 5.0, 6.0]]> : tensor<3x3xf32>
      %b = stablehlo.constant dense<[[2.0, 0.0, 0.0], [4.0, 8.0, 0.0], [6.0, 10.0, 12.0]]> : tensor<3x3xf32>
      %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
      return %r : tensor<3x3xf32>
    })mlir");
  EXPECT_EQ(reals(result), (std::vector<double>{2, 0, 0, 0, 2, 0, 0, 0, 2}));
}

TEST_F(InterpreterLinalgTest, TriangularSolveSidesTransposesAndUnitDiagonal) {
  // 0: right side, upper A = [[2, 1], [0, 4]] (junk below): x A = [2, 9]
  //    gives 2 x0 = 2, x0 + 4 x1 = 9: x = [1, 2].
  // 1: left side, lower A = [[2, 0], [1, 4]], TRANSPOSE: A^T x = [4, 8] with
  //    A^T = [[2, 1], [0, 4]]: x1 = 2, x0 = (4 - 2) / 2 = 1.
  // 2: unit diagonal ignores the stored 5s: [[1, 0], [3, 1]] x = [1, 5]:
  //    x = [1, 2].
  // 3: a batch of two: diag(2, 2) and diag(4, 4) against [2, 4] and [4, 8].
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<1x2xf64>, tensor<2x1xf64>, tensor<2x1xf64>, tensor<2x2x1xf64>) {
      %up = stablehlo.constant dense<[[2.0, 1.0], [-7.0, 4.0]]> : tensor<2x2xf64>
      %b0 = stablehlo.constant dense<[[2.0, 9.0]]> : tensor<1x2xf64>
      %0 = "stablehlo.triangular_solve"(%up, %b0) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
      %lo = stablehlo.constant dense<[[2.0, -7.0], [1.0, 4.0]]> : tensor<2x2xf64>
      %b1 = stablehlo.constant dense<[[4.0], [8.0]]> : tensor<2x1xf64>
      %1 = "stablehlo.triangular_solve"(%lo, %b1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x2xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
      %unit = stablehlo.constant dense<[[5.0, 0.0], [3.0, 5.0]]> : tensor<2x2xf64>
      %b2 = stablehlo.constant dense<[[1.0], [5.0]]> : tensor<2x1xf64>
      %2 = "stablehlo.triangular_solve"(%unit, %b2) {left_side = true, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
      %ab = stablehlo.constant dense<[[[2.0, 0.0], [0.0, 2.0]], [[4.0, 0.0], [0.0, 4.0]]]> : tensor<2x2x2xf64>
      %bb = stablehlo.constant dense<[[[2.0], [4.0]], [[4.0], [8.0]]]> : tensor<2x2x1xf64>
      %3 = "stablehlo.triangular_solve"(%ab, %bb) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2x2xf64>, tensor<2x2x1xf64>) -> tensor<2x2x1xf64>
      return %0, %1, %2, %3 : tensor<1x2xf64>, tensor<2x1xf64>, tensor<2x1xf64>, tensor<2x2x1xf64>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  EXPECT_EQ(reals((*results)[0].getTensor()), (std::vector<double>{1, 2}));
  EXPECT_EQ(reals((*results)[1].getTensor()), (std::vector<double>{1, 2}));
  EXPECT_EQ(reals((*results)[2].getTensor()), (std::vector<double>{1, 2}));
  EXPECT_EQ(reals((*results)[3].getTensor()),
            (std::vector<double>{1, 2, 1, 2}));
}

TEST_F(InterpreterLinalgTest, TriangularSolveAdjoint) {
  // Lower A = [[1, 0], [i, 1]]; A^H = [[1, -i], [0, 1]]. A^H x = [1, 1]:
  // x1 = 1, x0 = 1 + i * x1 = 1 + i (check: (1 + i) - i = 1).
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2x1xcomplex<f64>> {
      %a = stablehlo.constant dense<[[(1.0, 0.0), (0.0, 0.0)], [(0.0, 1.0), (1.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
      %b = stablehlo.constant dense<[[(1.0, 0.0)], [(1.0, 0.0)]]> : tensor<2x1xcomplex<f64>>
      %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xcomplex<f64>>, tensor<2x1xcomplex<f64>>) -> tensor<2x1xcomplex<f64>>
      return %r : tensor<2x1xcomplex<f64>>
    })mlir");
  EXPECT_EQ(complexes(result),
            (std::vector<std::complex<double>>{{1, 1}, {1, 0}}));
}

//===----------------------------------------------------------------------===//
// batch_norm_inference, batch_norm_training, batch_norm_grad
//===----------------------------------------------------------------------===//

TEST_F(InterpreterLinalgTest, BatchNormInference) {
  // Feature 0 (mean 2, variance 1, scale 1, offset 0): x - 2 on [1, 3].
  // Feature 1 (mean 3, variance 4, scale 2, offset 1): 2 (x - 3) / 2 + 1
  // on [2, 4] = [0, 2].
  Tensor result = runOne(R"mlir(
    func.func @main() -> tensor<2x2xf32> {
      %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
      %scale = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
      %offset = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
      %mean = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
      %var = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
      %r = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    })mlir");
  EXPECT_EQ(reals(result), (std::vector<double>{-1, 0, 1, 2}));
}

TEST_F(InterpreterLinalgTest, BatchNormTraining) {
  // Feature 0 holds [1, 3]: mean 2, variance 1. Feature 1 holds [2, 6]:
  // mean 4, variance 4. With epsilon 0.25 the output is (x - mean) /
  // sqrt(var + 0.25): feature 0 -> -+1 / sqrt(1.25), feature 1 -> -+2 /
  // sqrt(4.25).
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<2x2xf64>, tensor<2xf64>, tensor<2xf64>) {
      %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 6.0]]> : tensor<2x2xf64>
      %scale = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>
      %offset = stablehlo.constant dense<[0.0, 0.0]> : tensor<2xf64>
      %r:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.25 : f32, feature_index = 1 : i64} : (tensor<2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2xf64>, tensor<2xf64>, tensor<2xf64>)
      return %r#0, %r#1, %r#2 : tensor<2x2xf64>, tensor<2xf64>, tensor<2xf64>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  double a = 1 / std::sqrt(1.25), b = 2 / std::sqrt(4.25);
  expectNear(reals((*results)[0].getTensor()), {-a, -b, a, b}, 1e-15);
  EXPECT_EQ(reals((*results)[1].getTensor()), (std::vector<double>{2, 4}));
  EXPECT_EQ(reals((*results)[2].getTensor()), (std::vector<double>{1, 4}));
}

TEST_F(InterpreterLinalgTest, BatchNormGrad) {
  // One feature holding x = [1, 2, 6]: mean 3, variance 14 / 3; scale 2,
  // grad_output [1, 0, 0]. Expected from numpy with the textbook formula
  // grad_x = scale / (N sd) * (N g - sum(g) - xhat * sum(g xhat)), which is
  // an algebraically different route from the specification's i1..i6:
  // [0.35269337134192436, -0.44086671417740547, 0.08817334283548105];
  // grad_scale = sum(g xhat) = -0.9258200997725514, grad_offset = 1.
  FailureOr<Values> results = run(R"mlir(
    func.func @main() -> (tensor<3x1xf64>, tensor<1xf64>, tensor<1xf64>) {
      %x = stablehlo.constant dense<[[1.0], [2.0], [6.0]]> : tensor<3x1xf64>
      %scale = stablehlo.constant dense<[2.0]> : tensor<1xf64>
      %mean = stablehlo.constant dense<[3.0]> : tensor<1xf64>
      %var = stablehlo.constant dense<[4.666666666666667]> : tensor<1xf64>
      %g = stablehlo.constant dense<[[1.0], [0.0], [0.0]]> : tensor<3x1xf64>
      %r:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<3x1xf64>, tensor<1xf64>, tensor<1xf64>, tensor<1xf64>, tensor<3x1xf64>) -> (tensor<3x1xf64>, tensor<1xf64>, tensor<1xf64>)
      return %r#0, %r#1, %r#2 : tensor<3x1xf64>, tensor<1xf64>, tensor<1xf64>
    })mlir");
  ASSERT_TRUE(succeeded(results)) << errors;
  expectNear(reals((*results)[0].getTensor()),
             {0.35269337134192436, -0.44086671417740547, 0.08817334283548105},
             1e-14);
  expectNear(reals((*results)[1].getTensor()), {-0.9258200997725514}, 1e-14);
  EXPECT_EQ(reals((*results)[2].getTensor()), std::vector<double>{1});
}

} // namespace

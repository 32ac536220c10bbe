//===- InterpreterQuantizeTest.cpp - uniform_quantize / dequantize -------===//
//
// Expected values: the specification's examples, and hand computation of
// its quantize formula clamp(round_nearest_even(x / scale + zero_point)),
// evaluated in the expressed type (checked with numpy float32 arithmetic
// where the rounding of x / scale matters).
//
//===----------------------------------------------------------------------===//

#include "InterpreterTestProgram.h"

#include <cmath>

using namespace axle::interp;
using namespace axle::interp::test;

namespace {

/// Runs `func @main` and returns its results.
Values runMain(Program &program) {
  EXPECT_TRUE(program.parsed()) << program.errors;
  if (!program.parsed())
    return {};
  auto results = program.run("main");
  EXPECT_TRUE(succeeded(results)) << program.errors;
  return succeeded(results) ? *results : Values{};
}

TEST(InterpreterQuantizeTest, SpecExamplesPerAxis) {
  Program program(R"(
  func.func @main() -> (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>,
                        tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>,
                        tensor<2xf32>) {
    %x = stablehlo.constant dense<[4.0, 15.0]> : tensor<2xf32>
    %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
    %r = stablehlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
    %d = stablehlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
    return %q, %r, %d : tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>, tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>, tensor<2xf32>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{10, 10}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{20, 45}));
  EXPECT_EQ(doubles(results[2]), (std::vector<double>{4.0, 15.0}));
}

TEST(InterpreterQuantizeTest, PerAxisOnInnerDimension) {
  // Scales [0.5, 2.0] and zero points [1, -1] along dimension 1:
  // [[1/0.5+1, -3/2-1], [2.25/0.5+1, 7/2-1]] = [[3, -2.5], [5.5, 2.5]],
  // rounded to even: [[3, -2], [6, 2]].
  Program program(R"(
  func.func @main() -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1,2.0:-1}>> {
    %x = stablehlo.constant dense<[[1.0, -3.0], [2.25, 7.0]]> : tensor<2x2xf32>
    %q = stablehlo.uniform_quantize %x : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1,2.0:-1}>>
    return %q : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1,2.0:-1}>>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{3, -2, 6, 2}));
}

TEST(InterpreterQuantizeTest, RoundsHalfToEvenAndClampsToNarrowRange) {
  Program program(R"(
  func.func @main() -> (tensor<5x!quant.uniform<i8:f32, 1.0>>,
                        tensor<3x!quant.uniform<i8<-127:127>:f32, 1.0>>,
                        tensor<3x!quant.uniform<u8:f32, 0.5:10>>) {
    %h = stablehlo.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5]> : tensor<5xf32>
    %a = stablehlo.uniform_quantize %h : (tensor<5xf32>) -> tensor<5x!quant.uniform<i8:f32, 1.0>>
    %n = stablehlo.constant dense<[-1000.0, 1000.0, -127.4]> : tensor<3xf32>
    %b = stablehlo.uniform_quantize %n : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8<-127:127>:f32, 1.0>>
    %u = stablehlo.constant dense<[-10.0, 100.0, 200.0]> : tensor<3xf32>
    %c = stablehlo.uniform_quantize %u : (tensor<3xf32>) -> tensor<3x!quant.uniform<u8:f32, 0.5:10>>
    return %a, %b, %c : tensor<5x!quant.uniform<i8:f32, 1.0>>, tensor<3x!quant.uniform<i8<-127:127>:f32, 1.0>>, tensor<3x!quant.uniform<u8:f32, 0.5:10>>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{0, 2, 2, 0, -2}));
  // The narrow range i8<-127:127> excludes -128.
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{-127, 127, -127}));
  // u8, zero point 10: -10/0.5+10 = -10 -> 0; 210; 410 -> 255.
  EXPECT_EQ(ints(results[2]), (std::vector<int64_t>{0, 210, 255}));
}

TEST(InterpreterQuantizeTest, DividesInTheExpressedType) {
  // In float32, 0.35f / 0.1f and 0.75f / 0.1f round to exactly 3.5 and 7.5
  // (round half even: 4 and 8); in exact arithmetic they are just below
  // (3 and 7). 0.45000002f / 0.1f is 4.5 in float32 (-> 4) but above 4.5
  // exactly (-> 5). numpy float32 agrees.
  Program program(R"(
  func.func @main() -> tensor<3x!quant.uniform<i8:f32, 0.1>> {
    %x = stablehlo.constant dense<[0.35, 0.75, 0.450000018]> : tensor<3xf32>
    %q = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1>>
    return %q : tensor<3x!quant.uniform<i8:f32, 0.1>>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{4, 8, 4}));
}

TEST(InterpreterQuantizeTest, DequantizeNarrowRangeAndNaN) {
  // (-127 - -1) * 0.5 = -63, (0 + 1) * 0.5 = 0.5, (127 + 1) * 0.5 = 64.
  // NaN quantizes to 0 (float -> integer conversion of NaN, as XLA).
  Program program(R"(
  func.func @main() -> (tensor<3xf32>, tensor<1x!quant.uniform<i8:f32, 0.5:3>>) {
    %x = stablehlo.constant dense<[-63.0, 0.5, 64.0]> : tensor<3xf32>
    %q = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8<-127:127>:f32, 0.5:-1>>
    %d = stablehlo.uniform_dequantize %q : (tensor<3x!quant.uniform<i8<-127:127>:f32, 0.5:-1>>) -> tensor<3xf32>
    %n = stablehlo.constant dense<0x7FC00000> : tensor<1xf32>
    %m = stablehlo.uniform_quantize %n : (tensor<1xf32>) -> tensor<1x!quant.uniform<i8:f32, 0.5:3>>
    return %d, %m : tensor<3xf32>, tensor<1x!quant.uniform<i8:f32, 0.5:3>>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(doubles(results[0]), (std::vector<double>{-63.0, 0.5, 64.0}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{0}));
}

TEST(InterpreterQuantizeTest, DequantizeStorageDifferenceDoesNotWrap) {
  // i8 storage 127 with zero point -128: (127 - -128) * 1.0 = 255, the
  // value the type's definition f = (i - zero_point) * scale gives.
  Program program(R"(
  func.func @main() -> tensor<2xf32> {
    %x = stablehlo.constant dense<[255.0, 0.0]> : tensor<2xf32>
    %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0:-128>>
    %d = stablehlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32, 1.0:-128>>) -> tensor<2xf32>
    return %d : tensor<2xf32>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(doubles(results[0]), (std::vector<double>{255.0, 0.0}));
}

TEST(InterpreterQuantizeTest, HalfPrecisionExpressedType) {
  // f16: 0.1 is 0.0999755859375, so 1.0 / 0.1 = 10.0024... rounds to 10.0
  // in f16 -> 10; -65504 (the f16 minimum) clamps to -128.
  Program program(R"(
  func.func @main() -> tensor<2x!quant.uniform<i8:f16, 0.1>> {
    %x = stablehlo.constant dense<[1.0, -65504.0]> : tensor<2xf16>
    %q = stablehlo.uniform_quantize %x : (tensor<2xf16>) -> tensor<2x!quant.uniform<i8:f16, 0.1>>
    return %q : tensor<2x!quant.uniform<i8:f16, 0.1>>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{10, -128}));
}

} // namespace

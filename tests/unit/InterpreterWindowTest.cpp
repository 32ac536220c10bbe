//===- InterpreterWindowTest.cpp - reduce_window, select_and_scatter ------===//
//
// Expected values come from the specification's examples, from hand
// computation of the specification's formulas (noted per test) or from a
// numpy transcription of them (pad with init values, dilate, slice, sum).
//
//===----------------------------------------------------------------------===//

#include "InterpreterTestProgram.h"

#include <cmath>
#include <limits>

using namespace axle::interp;
using namespace axle::interp::test;

namespace {

constexpr const char *kAddI64 = R"(
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>)";

TEST(InterpreterWindowTest, ReduceWindowSpecExample) {
  Program program(std::string(R"(
  func.func @main() -> tensor<2x2xi64> {
    %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
    %init = stablehlo.constant dense<0> : tensor<i64>
    %r = "stablehlo.reduce_window"(%x, %init) ({)") +
                  kAddI64 + R"(
    }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>,
        base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>,
        padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}
      : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
    return %r : tensor<2x2xi64>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(ints((*results)[0]), (std::vector<int64_t>{0, 0, 3, 4}));
}

TEST(InterpreterWindowTest, ReduceWindowAllAttributes) {
  // numpy: base-dilate by [1, 2] and pad by [[1, 0], [2, 1]] with 0, then
  // sum windows [2, 3] dilated by [2, 1] at strides [2, 1].
  Program program(std::string(R"(
  func.func @main() -> tensor<2x10xi64> {
    %x = stablehlo.constant dense<[[1, -2, 6, 12, -10], [6, -7, 16, 27, -20],
        [11, -12, 26, 42, -30], [16, -17, 36, 57, -40]]> : tensor<4x5xi64>
    %init = stablehlo.constant dense<0> : tensor<i64>
    %r = "stablehlo.reduce_window"(%x, %init) ({)") +
                  kAddI64 + R"(
    }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 1>,
        base_dilations = array<i64: 1, 2>, window_dilations = array<i64: 2, 1>,
        padding = dense<[[1, 0], [2, 1]]> : tensor<2x2xi64>}
      : (tensor<4x5xi64>, tensor<i64>) -> tensor<2x10xi64>
    return %r : tensor<2x10xi64>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(ints((*results)[0]),
            (std::vector<int64_t>{6,  6,  -1, -7,  9,  16, 43,  27, 7,  -20,
                                  22, 22, -2, -24, 28, 52, 136, 84, 24, -60}));
}

TEST(InterpreterWindowTest, ReduceWindowFoldsPaddingAsInitValues) {
  // The specification pads with the init value and folds every window
  // element starting from the init value: with init 10 and padding 1 on
  // each side of [1, 2, 3], the windows of 2 are [10,1], [1,2], [2,3],
  // [3,10], so the sums are 10+10+1, 10+1+2, 10+2+3, 10+3+10.
  Program program(R"(
  func.func @main() -> tensor<4xf32> {
    %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %init = stablehlo.constant dense<10.0> : tensor<f32>
    %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {window_dimensions = array<i64: 2>,
        padding = dense<[[1, 1]]> : tensor<1x2xi64>}
      : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{21, 13, 15, 23}));
}

TEST(InterpreterWindowTest, ReduceWindowTwoOperandsArgmax) {
  // Running argmax over windows of 2: values [3, 1, 4, 1, 5] give maxima
  // [3, 4, 4, 5] at indices [0, 2, 2, 4].
  Program program(R"(
  func.func @main() -> (tensor<4xf32>, tensor<4xi32>) {
    %v = stablehlo.constant dense<[3.0, 1.0, 4.0, 1.0, 5.0]> : tensor<5xf32>
    %i = stablehlo.iota dim = 0 : tensor<5xi32>
    %vi = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %ii = stablehlo.constant dense<-1> : tensor<i32>
    %r:2 = "stablehlo.reduce_window"(%v, %i, %vi, %ii) ({
    ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
      %ge = stablehlo.compare GE, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %mv = stablehlo.select %ge, %av, %bv : tensor<i1>, tensor<f32>
      %mi = stablehlo.select %ge, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %mv, %mi : tensor<f32>, tensor<i32>
    }) {window_dimensions = array<i64: 2>}
      : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{3, 4, 4, 5}));
  EXPECT_EQ(ints((*results)[1]), (std::vector<int64_t>{0, 2, 2, 4}));
}

TEST(InterpreterWindowTest, ReduceWindowMaxPropagatesNaNAndEmptyInput) {
  // max propagates NaN; an empty input padded to 2 gives windows of only
  // init values.
  Program program(R"(
  func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
    %x = stablehlo.constant dense<[1.0, 0x7FC00000, 2.0]> : tensor<3xf32>
    %e = stablehlo.constant dense<> : tensor<0xf32>
    %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) {window_dimensions = array<i64: 2>}
      : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
    %s = "stablehlo.reduce_window"(%e, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) {window_dimensions = array<i64: 1>,
        padding = dense<[[1, 1]]> : tensor<1x2xi64>}
      : (tensor<0xf32>, tensor<f32>) -> tensor<2xf32>
    return %r, %s : tensor<2xf32>, tensor<2xf32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  std::vector<double> maxima = doubles((*results)[0]);
  EXPECT_TRUE(std::isnan(maxima[0]) && std::isnan(maxima[1]));
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(doubles((*results)[1]), (std::vector<double>{-inf, -inf}));
}

/// A select_and_scatter of 1-d f32 tensors with `direction` as select.
std::string selectAndScatter(const char *direction, const char *operand,
                             const char *source, int64_t size,
                             int64_t sourceSize, const char *attributes) {
  std::string n = std::to_string(size), m = std::to_string(sourceSize);
  return std::string(R"(
  func.func @main() -> tensor<)") +
         n + R"(xf32> {
    %x = stablehlo.constant dense<)" +
         operand + "> : tensor<" + n + R"(xf32>
    %s = stablehlo.constant dense<)" +
         source + "> : tensor<" + m + R"(xf32>
    %init = stablehlo.constant dense<0.0> : tensor<f32>
    %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare )" +
         direction +
         R"(, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) {)" +
         attributes + "} : (tensor<" + n + "xf32>, tensor<" + m +
         "xf32>, tensor<f32>) -> tensor<" + n + R"(xf32>
    return %r : tensor<)" +
         n + R"(xf32>
  })";
}

TEST(InterpreterWindowTest, SelectAndScatterSpecExample) {
  Program program(R"(
  func.func @main() -> tensor<4x2xi64> {
    %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi64>
    %s = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
    %init = stablehlo.constant dense<0> : tensor<i64>
    %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %c = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %c = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %c : tensor<i64>
    }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>,
        padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>}
      : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
    return %r : tensor<4x2xi64>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(ints((*results)[0]),
            (std::vector<int64_t>{0, 0, 0, 0, 5, 14, 7, 0}));
}

TEST(InterpreterWindowTest, SelectAndScatterTiesFollowWindowOrder) {
  // The pick is kept while select(pick, x) holds: GE keeps the first of two
  // equal values, GT moves to the second.
  {
    Program program(selectAndScatter("GE", "[2.0, 2.0]", "[7.0]", 2, 1,
                                     "window_dimensions = array<i64: 2>"));
    ASSERT_TRUE(program.parsed()) << program.errors;
    auto results = program.run("main");
    ASSERT_TRUE(succeeded(results)) << program.errors;
    EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{7, 0}));
  }
  {
    Program program(selectAndScatter("GT", "[2.0, 2.0]", "[7.0]", 2, 1,
                                     "window_dimensions = array<i64: 2>"));
    ASSERT_TRUE(program.parsed()) << program.errors;
    auto results = program.run("main");
    ASSERT_TRUE(succeeded(results)) << program.errors;
    EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{0, 7}));
  }
}

TEST(InterpreterWindowTest, SelectAndScatterAccumulatesOverlappingWindows) {
  // Windows [1, 3] and [3, 2] both pick the 3: 10 + 20 lands on it.
  Program program(selectAndScatter("GE", "[1.0, 3.0, 2.0]", "[10.0, 20.0]", 3,
                                   2, "window_dimensions = array<i64: 2>"));
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{0, 30, 0}));
}

TEST(InterpreterWindowTest, SelectAndScatterSkipsPadding) {
  // With one padding element in front, the first window is [pad, -5]: only
  // -5 is a candidate, so both source values land on it.
  Program program(selectAndScatter(
      "GE", "[-5.0, -7.0]", "[1.0, 2.0]", 2, 2,
      "window_dimensions = array<i64: 2>, padding = dense<[[1, 0]]> : "
      "tensor<1x2xi64>"));
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{3, 0}));
}

TEST(InterpreterWindowTest, ReduceWindowPromotesToBodyType) {
  // f16 inputs reduced by an f32 body: 2048 + 1 + 1 = 2050 in f32 (in f16
  // each + 1 would round back to 2048).
  Program program(R"(
  func.func @main() -> tensor<1xf32> {
    %x = stablehlo.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
    %init = stablehlo.constant dense<0.0> : tensor<f16>
    %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {window_dimensions = array<i64: 3>}
      : (tensor<3xf16>, tensor<f16>) -> tensor<1xf32>
    return %r : tensor<1xf32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("main");
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{2050.0}));
}

} // namespace

//===- InterpreterElementwiseTest.cpp - semantic corners of elementwise ops
//===//
//
// Expected values follow C/numpy semantics and the specification, with the
// implementation-defined corners XLA chooses (see ARCHITECTURE.md): integer
// x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, shifts past the width give
// 0 (sign fill for arithmetic shifts), float -> int saturates and NaN -> 0.
//
//===----------------------------------------------------------------------===//

#include "InterpreterTestProgram.h"

#include <cmath>
#include <cstdint>
#include <limits>

using namespace axle::interp;
using namespace axle::interp::test;

namespace {

constexpr int64_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();

/// Runs `@f` of `source` and returns its results, failing the test on error.
Values run(Program &program) {
  EXPECT_TRUE(program.parsed()) << program.errors;
  auto results = program.run("f");
  EXPECT_TRUE(mlir::succeeded(results)) << program.errors;
  return mlir::succeeded(results) ? *results : Values{};
}

TEST(InterpreterElementwise,
     IntegerDivisionTruncatesAndRemainderFollowsDividend) {
  Program program(R"(
    func.func @f() -> (tensor<4xi32>, tensor<4xi32>) {
      %a = stablehlo.constant dense<[7, -7, 7, -7]> : tensor<4xi32>
      %b = stablehlo.constant dense<[2, 2, -2, -2]> : tensor<4xi32>
      %q = stablehlo.divide %a, %b : tensor<4xi32>
      %r = stablehlo.remainder %a, %b : tensor<4xi32>
      return %q, %r : tensor<4xi32>, tensor<4xi32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{3, -3, -3, 3}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{1, -1, 1, -1}));
}

TEST(InterpreterElementwise, IntegerDivisionByZeroAndOverflow) {
  Program program(R"(
    func.func @f() -> (tensor<3xi32>, tensor<3xi32>, tensor<1xui32>) {
      %a = stablehlo.constant dense<[5, -2147483648, -2147483648]> : tensor<3xi32>
      %b = stablehlo.constant dense<[0, -1, 0]> : tensor<3xi32>
      %q = stablehlo.divide %a, %b : tensor<3xi32>
      %r = stablehlo.remainder %a, %b : tensor<3xi32>
      %u = stablehlo.constant dense<5> : tensor<1xui32>
      %z = stablehlo.constant dense<0> : tensor<1xui32>
      %uq = stablehlo.divide %u, %z : tensor<1xui32>
      return %q, %r, %uq : tensor<3xi32>, tensor<3xi32>, tensor<1xui32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{-1, kIntMin, -1}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{5, 0, kIntMin}));
  EXPECT_EQ(ints(results[2]), (std::vector<int64_t>{0xFFFFFFFFll}));
}

TEST(InterpreterElementwise, ShiftsPastTheWidth) {
  Program program(R"(
    func.func @f() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
      %a = stablehlo.constant dense<[1, 1, -8, 8]> : tensor<4xi32>
      %s = stablehlo.constant dense<[31, 32, 40, -1]> : tensor<4xi32>
      %l = stablehlo.shift_left %a, %s : tensor<4xi32>
      %ra = stablehlo.shift_right_arithmetic %a, %s : tensor<4xi32>
      %m = stablehlo.constant dense<-1> : tensor<4xi32>
      %rl = stablehlo.shift_right_logical %m, %s : tensor<4xi32>
      return %l, %ra, %rl : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{kIntMin, 0, 0, 0}));
  // -8 >> 40 fills with the sign; a negative amount is a huge unsigned one.
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{0, 0, -1, 0}));
  EXPECT_EQ(ints(results[2]), (std::vector<int64_t>{1, 0, 0, 0}));
}

TEST(InterpreterElementwise, FloatToIntSaturatesAndNanIsZero) {
  Program program(R"(
    func.func @f() -> (tensor<5xi32>, tensor<3xui8>) {
      %a = stablehlo.constant dense<[1.0e10, -1.0e10, 0x7FC00000, 2.9, -2.9]> : tensor<5xf32>
      %i = stablehlo.convert %a : (tensor<5xf32>) -> tensor<5xi32>
      %b = stablehlo.constant dense<[300.0, -5.0, 255.5]> : tensor<3xf32>
      %u = stablehlo.convert %b : (tensor<3xf32>) -> tensor<3xui8>
      return %i, %u : tensor<5xi32>, tensor<3xui8>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(ints(results[0]),
            (std::vector<int64_t>{kIntMax, kIntMin, 0, 2, -2}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{255, 0, 255}));
}

TEST(InterpreterElementwise, MaxMinPropagateNanAndOrderSignedZeros) {
  Program program(R"(
    func.func @f() -> (tensor<3xf32>, tensor<3xf32>) {
      %a = stablehlo.constant dense<[0x7FC00000, -0.0, 1.0]> : tensor<3xf32>
      %b = stablehlo.constant dense<[1.0, 0.0, 0x7FC00000]> : tensor<3xf32>
      %max = stablehlo.maximum %a, %b : tensor<3xf32>
      %min = stablehlo.minimum %a, %b : tensor<3xf32>
      return %max, %min : tensor<3xf32>, tensor<3xf32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  std::vector<double> max = doubles(results[0]), min = doubles(results[1]);
  EXPECT_TRUE(std::isnan(max[0]) && std::isnan(max[2]));
  EXPECT_TRUE(std::isnan(min[0]) && std::isnan(min[2]));
  EXPECT_EQ(max[1], 0.0);
  EXPECT_FALSE(std::signbit(max[1]));
  EXPECT_TRUE(std::signbit(min[1]));
}

TEST(InterpreterElementwise, CompareFloatAndTotalOrder) {
  Program program(R"(
    func.func @f() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
      %a = stablehlo.constant dense<[0x7FC00000, -0.0, 0xFFC00000, 1.0]> : tensor<4xf32>
      %b = stablehlo.constant dense<[0x7FC00000, 0.0, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
      %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %ne = stablehlo.compare NE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      return %eq, %lt, %ne : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 3u);
  // IEEE: NaN is unequal to everything, -0 == +0.
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{0, 1, 0, 0}));
  // Total order: -NaN < -inf < ... < -0 < +0 < ... < +NaN.
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{0, 1, 1, 1}));
  EXPECT_EQ(ints(results[2]), (std::vector<int64_t>{1, 0, 1, 1}));
}

TEST(InterpreterElementwise, RoundingHalfCases) {
  Program program(R"(
    func.func @f() -> (tensor<6xf32>, tensor<6xf32>) {
      %a = stablehlo.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5, 3.2]> : tensor<6xf32>
      %afz = stablehlo.round_nearest_afz %a : tensor<6xf32>
      %even = stablehlo.round_nearest_even %a : tensor<6xf32>
      return %afz, %even : tensor<6xf32>, tensor<6xf32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(doubles(results[0]), (std::vector<double>{1, 2, 3, -1, -3, 3}));
  std::vector<double> even = doubles(results[1]);
  EXPECT_EQ(even, (std::vector<double>{0, 2, 2, -0.0, -2, 3}));
  EXPECT_TRUE(std::signbit(even[3])); // round(-0.5) is -0
}

TEST(InterpreterElementwise, IntegerWrapAndPowers) {
  Program program(R"(
    func.func @f() -> (tensor<2xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi8>) {
      %m = stablehlo.constant dense<[-2147483648, -5]> : tensor<2xi32>
      %abs = stablehlo.abs %m : tensor<2xi32>
      %neg = stablehlo.negate %m : tensor<2xi32>
      %b = stablehlo.constant dense<[2, 2, -1, 1]> : tensor<4xi32>
      %e = stablehlo.constant dense<[10, -1, -3, -5]> : tensor<4xi32>
      %p = stablehlo.power %b, %e : tensor<4xi32>
      %x = stablehlo.constant dense<[-1, 1]> : tensor<2xi8>
      %c = stablehlo.popcnt %x : tensor<2xi8>
      return %abs, %neg, %p, %c : tensor<2xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi8>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{kIntMin, 5}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{kIntMin, 5}));
  EXPECT_EQ(ints(results[2]), (std::vector<int64_t>{1024, 0, -1, 1}));
  EXPECT_EQ(ints(results[3]), (std::vector<int64_t>{8, 1}));
}

TEST(InterpreterElementwise, FloatRemainderSignAndReducePrecision) {
  Program program(R"(
    func.func @f() -> (tensor<2xf32>, tensor<3xf32>) {
      %a = stablehlo.constant dense<[-7.5, 7.5]> : tensor<2xf32>
      %b = stablehlo.constant dense<[2.0, -2.0]> : tensor<2xf32>
      %r = stablehlo.remainder %a, %b : tensor<2xf32>
      %x = stablehlo.constant dense<[65519.0, 65520.0, 1.00000095]> : tensor<3xf32>
      %h = stablehlo.reduce_precision %x, format = e5m10 : tensor<3xf32>
      return %r, %h : tensor<2xf32>, tensor<3xf32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(doubles(results[0]), (std::vector<double>{-1.5, 1.5}));
  // As numpy's float16: 65519 rounds to 65504, 65520 overflows to inf,
  // 1 + 2^-20 rounds to 1.
  std::vector<double> half = doubles(results[1]);
  EXPECT_EQ(half[0], 65504.0);
  EXPECT_TRUE(std::isinf(half[1]) && half[1] > 0);
  EXPECT_EQ(half[2], 1.0);
}

TEST(InterpreterElementwise, DynamicSliceClampsStartIndices) {
  Program program(R"(
    func.func @f() -> (tensor<4xi32>, tensor<4xi32>) {
      %x = stablehlo.iota dim = 0 : tensor<10xi32>
      %hi = stablehlo.constant dense<8> : tensor<i64>
      %lo = stablehlo.constant dense<-3> : tensor<i64>
      %a = stablehlo.dynamic_slice %x, %hi, sizes = [4] : (tensor<10xi32>, tensor<i64>) -> tensor<4xi32>
      %b = stablehlo.dynamic_slice %x, %lo, sizes = [4] : (tensor<10xi32>, tensor<i64>) -> tensor<4xi32>
      return %a, %b : tensor<4xi32>, tensor<4xi32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{6, 7, 8, 9}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(InterpreterElementwise, CaseOutOfRangeRunsTheLastBranch) {
  Program program(R"(
    func.func @f() -> (tensor<i32>, tensor<i32>) {
      %big = stablehlo.constant dense<7> : tensor<i32>
      %neg = stablehlo.constant dense<-1> : tensor<i32>
      %a = "stablehlo.case"(%big) ({
        %c = stablehlo.constant dense<10> : tensor<i32>
        stablehlo.return %c : tensor<i32>
      }, {
        %c = stablehlo.constant dense<20> : tensor<i32>
        stablehlo.return %c : tensor<i32>
      }) : (tensor<i32>) -> tensor<i32>
      %b = "stablehlo.case"(%neg) ({
        %c = stablehlo.constant dense<10> : tensor<i32>
        stablehlo.return %c : tensor<i32>
      }, {
        %c = stablehlo.constant dense<20> : tensor<i32>
        stablehlo.return %c : tensor<i32>
      }) : (tensor<i32>) -> tensor<i32>
      return %a, %b : tensor<i32>, tensor<i32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{20}));
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{20}));
}

TEST(InterpreterElementwise, WhileLoopUsesEnclosingValues) {
  Program program(R"(
    func.func @f() -> tensor<i32> {
      %zero = stablehlo.constant dense<0> : tensor<i32>
      %step = stablehlo.constant dense<3> : tensor<i32>
      %limit = stablehlo.constant dense<10> : tensor<i32>
      %r = stablehlo.while(%i = %zero) : tensor<i32>
       cond {
        %p = stablehlo.compare LT, %i, %limit, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %p : tensor<i1>
      } do {
        %n = stablehlo.add %i, %step : tensor<i32>
        stablehlo.return %n : tensor<i32>
      }
      return %r : tensor<i32>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{12}));
}

TEST(InterpreterElementwise, BitcastConvertAcrossWidths) {
  Program program(R"(
    func.func @f() -> (tensor<i32>, tensor<4xui8>) {
      %one = stablehlo.constant dense<1.0> : tensor<f32>
      %bits = stablehlo.bitcast_convert %one : (tensor<f32>) -> tensor<i32>
      %bytes = stablehlo.bitcast_convert %one : (tensor<f32>) -> tensor<4xui8>
      return %bits, %bytes : tensor<i32>, tensor<4xui8>
    })");
  Values results = run(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(ints(results[0]), (std::vector<int64_t>{0x3F800000}));
  // Little-endian bytes of 0x3F800000.
  EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{0, 0, 0x80, 0x3F}));
}

TEST(InterpreterElementwise, EmptyInfeedIsAnErrorAtTheOp) {
  Program program(R"(
    func.func @f(%t: !stablehlo.token) -> !stablehlo.token {
      %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
      return %0#1 : !stablehlo.token
    })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  Values args = {RuntimeValue(Token{})};
  auto results = program.run("f", args);
  EXPECT_TRUE(mlir::failed(results));
  EXPECT_NE(program.errors.find("the infeed holds fewer than 1 tensors"),
            std::string::npos)
      << program.errors;
}

} // namespace

//===- F32ExponentialsTest.cpp - accuracy of the f32 math recipes --------===//
//
// The recipes of F32Exponentials.h and F32Trigonometry.h, on scalars as the
// interpreter runs them, against the C library's double functions (well
// under an f32 ULP off, so rounding them gives the correctly rounded f32 up
// to rare ties): every 127th f32 bit pattern (34 million inputs, all signs
// and magnitudes) stays within the documented bound (exp, tanh, log, log1p,
// sin, cos and tan 1 ULP, expm1 2 ULP), and NaN,
// infinities, overflow, underflow and signed zeros come out as IEEE and the
// specification say. Compiled code runs the same recipes;
// tests/differential/test_vector_math.py checks that both backends agree
// bit for bit.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/F32Exponentials.h"
#include "compiler/dialect/stablehlo/F32Trigonometry.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace {

using axle::f32math::cos;
using axle::f32math::exp;
using axle::f32math::expm1;
using axle::f32math::log;
using axle::f32math::log1p;
using axle::f32math::sin;
using axle::f32math::tan;
using axle::f32math::tanh;

/// |got - exact| in ULP of f32 at the correctly rounded result (the
/// smaller spacing where that is a power of two and exact lies below it;
/// the subnormal spacing below the smallest normal).
double ulpError(float got, double exact) {
  float rounded = static_cast<float>(exact);
  float magnitude = std::fabs(rounded);
  double spacing = 0x1p-149;
  if (magnitude >= std::numeric_limits<float>::min()) {
    spacing = std::ldexp(1.0, std::ilogb(magnitude) - 23);
    if (std::fabs(exact) < magnitude &&
        magnitude == std::ldexp(1.0f, std::ilogb(magnitude)))
      spacing /= 2;
  }
  return std::fabs(static_cast<double>(got) - exact) / spacing;
}

struct Sweep {
  double worst = 0;
  float worstInput = 0;
  int64_t badSpecials = 0;
};

/// Every `stride`-th bit pattern through `recipe`, compared with `exact`.
template <typename Recipe, typename Exact>
Sweep sweep(Recipe recipe, Exact exact, uint64_t stride) {
  Sweep result;
  for (uint64_t bits = 0; bits < (uint64_t(1) << 32); bits += stride) {
    float x = std::bit_cast<float>(static_cast<uint32_t>(bits));
    float got = recipe(x);
    double want = exact(static_cast<double>(x));
    float want32 = static_cast<float>(want);
    if (std::isnan(x) || std::isinf(want32) || std::isinf(got)) {
      // NaN stays NaN; overflow is exactly where the rounded result is inf.
      bool same = std::isnan(x) ? std::isnan(got) : got == want32;
      result.badSpecials += !same;
      continue;
    }
    if (got == 0 && std::signbit(got) != std::signbit(want)) {
      ++result.badSpecials;
      continue;
    }
    double error = ulpError(got, want);
    if (error > result.worst) {
      result.worst = error;
      result.worstInput = x;
    }
  }
  return result;
}

constexpr uint64_t kStride = 127;

TEST(F32Exponentials, ExpIsWithinOneUlp) {
  Sweep s = sweep([](float x) { return exp(x); },
                  [](double x) { return std::exp(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 1.0) << "at x = " << s.worstInput;
}

// Where underflow is quiet (AMD Zen 4), compiled exp drops the selects of
// results that round to 0 (F32Exponentials.h, kExpZeroBelow); that must
// not change a bit. Every f32 in [-110, -80], where the results go
// subnormal and then 0 and the clamp at -104 lies, and every 127th bit
// pattern elsewhere (NaN payloads and infinities included).
TEST(F32Exponentials, ExpWithoutZeroSelectsIsTheSame) {
  axle::f32math::ScalarOps selecting, computing;
  computing.selectExpZeros = false;
  ASSERT_FALSE(selecting.quietUnderflow());
  ASSERT_TRUE(computing.quietUnderflow());
  int64_t differences = 0, zeros = 0;
  float firstDifference = 0;
  auto compare = [&](uint32_t bits) {
    float x = std::bit_cast<float>(bits);
    float a = exp(selecting, x), b = exp(computing, x);
    zeros += a == 0;
    if (std::bit_cast<uint32_t>(a) != std::bit_cast<uint32_t>(b) &&
        differences++ == 0)
      firstDifference = x;
  };
  for (uint32_t bits = std::bit_cast<uint32_t>(-80.0f);
       bits <= std::bit_cast<uint32_t>(-110.0f); ++bits)
    compare(bits);
  for (uint64_t bits = 0; bits < (uint64_t(1) << 32); bits += kStride)
    compare(static_cast<uint32_t>(bits));
  EXPECT_EQ(differences, 0) << "first at x = " << firstDifference;
  // The range does reach results of 0 (below -103.972084).
  EXPECT_GT(zeros, 100000);
}

TEST(F32Exponentials, Expm1IsWithinTwoUlp) {
  Sweep s = sweep([](float x) { return expm1(x); },
                  [](double x) { return std::expm1(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 2.0) << "at x = " << s.worstInput;
}

TEST(F32Exponentials, TanhIsWithinOneUlp) {
  Sweep s = sweep([](float x) { return tanh(x); },
                  [](double x) { return std::tanh(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 1.0) << "at x = " << s.worstInput;
}

// Every piece's first and last inputs (tanh's pieces end where the bits of
// |x| >> 22 change), and the clamp: |x| >= kTanhHigh (inf included) gives
// the last piece's value there, which must be 1.
TEST(F32Exponentials, TanhIsWithinOneUlpAtPieceEnds) {
  for (uint32_t piece = 0; piece <= 16; ++piece) {
    uint32_t first =
        static_cast<uint32_t>(axle::f32math::kTanhFirstHalf + piece) << 22;
    for (int64_t delta = -2; delta <= 2; ++delta) {
      float x = std::bit_cast<float>(static_cast<uint32_t>(first + delta));
      EXPECT_LE(ulpError(tanh(x), std::tanh(static_cast<double>(x))), 1.0)
          << "at x = " << x;
      EXPECT_EQ(tanh(-x), -tanh(x)) << "at x = " << x;
    }
  }
  EXPECT_EQ(tanh(axle::f32math::kTanhHigh), 1.0f);
}

TEST(F32Exponentials, LogIsWithinOneUlp) {
  Sweep s = sweep([](float x) { return log(x); },
                  [](double x) { return std::log(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 1.0) << "at x = " << s.worstInput;
}

TEST(F32Exponentials, Log1pIsWithinOneUlp) {
  Sweep s = sweep([](float x) { return log1p(x); },
                  [](double x) { return std::log1p(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 1.0) << "at x = " << s.worstInput;
}

// sin, cos and tan compute in f64 and round once: exhaustive sweeps found
// every f32 input to give the C library's f64 value rounded once.
TEST(F32Exponentials, SinIsWithinOneUlp) {
  Sweep s = sweep([](float x) { return sin(x); },
                  [](double x) { return std::sin(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 1.0) << "at x = " << s.worstInput;
}

TEST(F32Exponentials, CosIsWithinOneUlp) {
  Sweep s = sweep([](float x) { return cos(x); },
                  [](double x) { return std::cos(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 1.0) << "at x = " << s.worstInput;
}

TEST(F32Exponentials, TanIsWithinOneUlp) {
  Sweep s = sweep([](float x) { return tan(x); },
                  [](double x) { return std::tan(x); }, kStride);
  EXPECT_EQ(s.badSpecials, 0);
  EXPECT_LE(s.worst, 1.0) << "at x = " << s.worstInput;
}

TEST(F32Exponentials, TrigSpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(sin(0.0f), 0.0f);
  EXPECT_FALSE(std::signbit(sin(0.0f)));
  EXPECT_TRUE(std::signbit(sin(-0.0f)));
  EXPECT_EQ(cos(0.0f), 1.0f);
  EXPECT_EQ(cos(-0.0f), 1.0f);
  EXPECT_TRUE(std::isnan(sin(inf)));
  EXPECT_TRUE(std::isnan(sin(-inf)));
  EXPECT_TRUE(std::isnan(cos(inf)));
  EXPECT_TRUE(std::isnan(sin(nan)));
  EXPECT_TRUE(std::isnan(cos(nan)));
  EXPECT_TRUE(std::signbit(tan(-0.0f)));
  EXPECT_TRUE(std::isnan(tan(inf)));
  EXPECT_TRUE(std::isnan(tan(nan)));
  EXPECT_EQ(tan(-0x1p-149f), -0x1p-149f);
  // Tiny and subnormal inputs: sin(x) rounds to x, cos(x) to 1.
  EXPECT_EQ(sin(1e-30f), 1e-30f);
  EXPECT_EQ(sin(-0x1p-149f), -0x1p-149f);
  EXPECT_EQ(cos(0x1p-149f), 1.0f);
  // Near multiples of pi / 2, where the reduction cancels all but the last
  // bits, and on both sides of the switch to the C library at 2^30.
  for (float x : {1.5707964f, 3.1415927f, 4.712389f, 6.2831855f, 355.0f,
                  -103993.0f, 0x1.fffffep29f, 0x1p30f, 1e35f, -3e38f}) {
    EXPECT_EQ(sin(x), static_cast<float>(std::sin(static_cast<double>(x))))
        << x;
    EXPECT_EQ(cos(x), static_cast<float>(std::cos(static_cast<double>(x))))
        << x;
    EXPECT_EQ(sin(-x), -sin(x)) << x;
    EXPECT_EQ(cos(-x), cos(x)) << x;
    EXPECT_EQ(tan(x), static_cast<float>(std::tan(static_cast<double>(x))))
        << x;
    EXPECT_EQ(tan(-x), -tan(x)) << x;
  }
}

TEST(F32Exponentials, SpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(exp(0.0f), 1.0f);
  EXPECT_EQ(exp(-0.0f), 1.0f);
  EXPECT_EQ(exp(inf), inf);
  EXPECT_EQ(exp(-inf), 0.0f);
  EXPECT_FALSE(std::signbit(exp(-inf)));
  EXPECT_TRUE(std::isnan(exp(nan)));
  // Overflow from the first f32 above ln(FLT_MAX); the smallest subnormal
  // and underflow to 0 around ln(2^-149).
  EXPECT_TRUE(std::isfinite(exp(88.72283f)));
  EXPECT_GT(exp(88.72283f), 3.4e38f);
  EXPECT_EQ(exp(88.72284f), inf);
  EXPECT_EQ(exp(-103.2789f), 0x1p-149f);
  EXPECT_EQ(exp(-104.0f), 0.0f);
  EXPECT_EQ(expm1(0.0f), 0.0f);
  EXPECT_TRUE(std::signbit(expm1(-0.0f)));
  EXPECT_EQ(expm1(inf), inf);
  EXPECT_EQ(expm1(-inf), -1.0f);
  EXPECT_EQ(expm1(-20.0f), -1.0f);
  EXPECT_EQ(expm1(1e-30f), 1e-30f);
  EXPECT_TRUE(std::isnan(expm1(nan)));
  EXPECT_EQ(tanh(inf), 1.0f);
  EXPECT_EQ(tanh(-inf), -1.0f);
  EXPECT_EQ(tanh(10.0f), 1.0f);
  EXPECT_TRUE(std::signbit(tanh(-0.0f)));
  EXPECT_EQ(tanh(-0.0f), 0.0f);
  EXPECT_EQ(tanh(1e-30f), 1e-30f);
  EXPECT_EQ(tanh(-0x1p-149f), -0x1p-149f);
  EXPECT_TRUE(std::isnan(tanh(nan)));
  // NaN flows through tanh's steps: a quiet NaN comes back as it was (its
  // sign and payload), a signaling one quieted.
  EXPECT_EQ(std::bit_cast<uint32_t>(tanh(std::bit_cast<float>(0xffc12345u))),
            0xffc12345u);
  EXPECT_EQ(std::bit_cast<uint32_t>(tanh(std::bit_cast<float>(0x7f812345u))),
            0x7fc12345u);
  EXPECT_EQ(log(1.0f), 0.0f);
  EXPECT_FALSE(std::signbit(log(1.0f)));
  EXPECT_EQ(log(0.0f), -inf);
  EXPECT_EQ(log(-0.0f), -inf);
  EXPECT_EQ(log(inf), inf);
  EXPECT_TRUE(std::isnan(log(-1.0f)));
  EXPECT_TRUE(std::isnan(log(-inf)));
  EXPECT_TRUE(std::isnan(log(-0x1p-149f)));
  EXPECT_TRUE(std::isnan(log(nan)));
  // The smallest subnormal and the largest float, correctly rounded.
  EXPECT_EQ(log(0x1p-149f), static_cast<float>(std::log(0x1p-149)));
  EXPECT_EQ(log(std::numeric_limits<float>::max()),
            static_cast<float>(std::log(
                static_cast<double>(std::numeric_limits<float>::max()))));
  EXPECT_EQ(log(2.0f), static_cast<float>(std::log(2.0)));
  EXPECT_EQ(log1p(0.0f), 0.0f);
  EXPECT_TRUE(std::signbit(log1p(-0.0f)));
  EXPECT_EQ(log1p(-1.0f), -inf);
  EXPECT_EQ(log1p(inf), inf);
  EXPECT_TRUE(std::isnan(log1p(-2.0f)));
  EXPECT_TRUE(std::isnan(log1p(-inf)));
  EXPECT_TRUE(std::isnan(log1p(nan)));
  EXPECT_EQ(log1p(1e-30f), 1e-30f);
  EXPECT_EQ(log1p(-0x1p-149f), -0x1p-149f);
  EXPECT_EQ(log1p(1.0f), static_cast<float>(std::log1p(1.0)));
}

} // namespace

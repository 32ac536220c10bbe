//===- F32ErfTest.cpp - accuracy of the f32 erf and erfc recipes ---------===//
//
// F32Erf.h's recipes on scalars, as the interpreter runs them, against the
// C library's double erf and erfc (well under an f32 ULP off): every 127th
// f32 bit pattern stays within 1 ULP (erf) and 2.1 ULP (erfc;
// check_f32_sweep.py measures the compiled code over every input: 0.82 and
// 2.07), so do the first and last inputs of every piece, and the special
// values come out as they should. The differential tests check that
// compiled code computes the same bits.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/F32Erf.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace {

using axle::f32math::erf;
using axle::f32math::erfc;

/// |got - exact| in ULP of f32 at the exact value's binade (the subnormal
/// spacing below the smallest normal).
double ulpError(float got, double exact) {
  double spacing = 0x1p-149;
  if (std::fabs(exact) >= std::numeric_limits<float>::min())
    spacing = std::ldexp(1.0, std::ilogb(exact) - 23);
  return std::fabs(static_cast<double>(got) - exact) / spacing;
}

constexpr double kErfBound = 1.0;
constexpr double kErfcBound = 2.1;

/// The worst error of `recipe` against `exact` over every 127th bit pattern
/// (NaN must give NaN).
template <typename Recipe, typename Exact>
void expectWithin(Recipe recipe, Exact exact, double bound) {
  double worst = 0;
  float worstInput = 0;
  int64_t wrongNaN = 0;
  for (uint64_t bits = 0; bits < (uint64_t(1) << 32); bits += 127) {
    float x = std::bit_cast<float>(static_cast<uint32_t>(bits));
    float got = recipe(x);
    if (std::isnan(x)) {
      wrongNaN += !std::isnan(got);
      continue;
    }
    double error = ulpError(got, exact(static_cast<double>(x)));
    if (error > worst) {
      worst = error;
      worstInput = x;
    }
  }
  EXPECT_EQ(wrongNaN, 0);
  EXPECT_LE(worst, bound) << "at x = " << worstInput;
}

TEST(F32Erf, ErfIsWithinOneUlp) {
  expectWithin([](float x) { return erf(x); },
               [](double x) { return std::erf(x); }, kErfBound);
}

TEST(F32Erf, ErfcIsWithinBound) {
  expectWithin([](float x) { return erfc(x); },
               [](double x) { return std::erfc(x); }, kErfcBound);
}

// The pieces end where the bits of |x| >> 22 change; the first is
// everything below kErfSmallBelow.
TEST(F32Erf, IsWithinBoundAtPieceEnds) {
  using namespace axle::f32math;
  for (int piece = 1; piece <= std::max(kErfPieces, kErfcPieces); ++piece) {
    uint32_t first = static_cast<uint32_t>(kErfFirstHalf + piece) << 22;
    for (int64_t delta = -2; delta <= 2; ++delta) {
      float a = std::bit_cast<float>(static_cast<uint32_t>(first + delta));
      for (float x : {a, -a}) {
        double wide = static_cast<double>(x);
        EXPECT_LE(ulpError(erf(x), std::erf(wide)), kErfBound)
            << "at x = " << x;
        EXPECT_LE(ulpError(erfc(x), std::erfc(wide)), kErfcBound)
            << "at x = " << x;
      }
    }
  }
}

TEST(F32Erf, SpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float zeroFrom = axle::f32math::kErfcZeroFrom;
  const float oneFrom = axle::f32math::kErfOneFrom;
  EXPECT_EQ(erf(0.0f), 0.0f);
  EXPECT_TRUE(std::signbit(erf(-0.0f)));
  EXPECT_EQ(erf(1e-30f), static_cast<float>(std::erf(1e-30)));
  EXPECT_EQ(erf(-0x1p-149f), -0x1p-149f);
  EXPECT_EQ(erf(inf), 1.0f);
  EXPECT_EQ(erf(-inf), -1.0f);
  EXPECT_TRUE(std::isnan(erf(std::numeric_limits<float>::quiet_NaN())));
  // erf rounds to 1 from kErfOneFrom on.
  EXPECT_EQ(erf(oneFrom), 1.0f);
  EXPECT_EQ(erf(-oneFrom), -1.0f);
  EXPECT_EQ(erfc(0.0f), 1.0f);
  EXPECT_EQ(erfc(-0.0f), 1.0f);
  EXPECT_EQ(erfc(1e-30f), 1.0f);
  EXPECT_EQ(erfc(-0x1p-149f), 1.0f);
  EXPECT_EQ(erfc(inf), 0.0f);
  EXPECT_FALSE(std::signbit(erfc(inf)));
  EXPECT_EQ(erfc(-inf), 2.0f);
  EXPECT_EQ(erfc(-10.0f), 2.0f);
  EXPECT_TRUE(std::isnan(erfc(std::numeric_limits<float>::quiet_NaN())));
  // Underflow: the last input whose erfc rounds to the smallest subnormal,
  // and the first that rounds to 0.
  EXPECT_EQ(erfc(std::nextafter(zeroFrom, 0.0f)), 0x1p-149f);
  EXPECT_EQ(erfc(zeroFrom), 0.0f);
  EXPECT_EQ(erfc(-zeroFrom), 2.0f);
  EXPECT_EQ(erfc(1e30f), 0.0f);
}

} // namespace

//===- F32ErfcTest.cpp - accuracy of the f32 erfc recipe -----------------===//
//
// F32Erfc.h's recipe on scalars, as the interpreter runs it, against the C
// library's double erfc (well under an f32 ULP off): every 127th f32 bit
// pattern stays within 2.1 ULP (check_f32_sweep.py erfc measures the
// compiled code over every input: 2.07), so do the first and last inputs of
// every piece, and the special values come out as they should. The
// differential tests check that compiled code computes the same bits.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/stablehlo/F32Erfc.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace {

using axle::f32math::erfc;

/// |got - exact| in ULP of f32 at the exact value's binade (the subnormal
/// spacing below the smallest normal).
double ulpError(float got, double exact) {
  double spacing = 0x1p-149;
  if (std::fabs(exact) >= std::numeric_limits<float>::min())
    spacing = std::ldexp(1.0, std::ilogb(exact) - 23);
  return std::fabs(static_cast<double>(got) - exact) / spacing;
}

constexpr double kBound = 2.1;

TEST(F32Erfc, IsWithinBoundEverywhere) {
  double worst = 0;
  float worstInput = 0;
  int64_t wrongNaN = 0;
  for (uint64_t bits = 0; bits < (uint64_t(1) << 32); bits += 127) {
    float x = std::bit_cast<float>(static_cast<uint32_t>(bits));
    float got = erfc(x);
    if (std::isnan(x)) {
      wrongNaN += !std::isnan(got);
      continue;
    }
    double error = ulpError(got, std::erfc(static_cast<double>(x)));
    if (error > worst) {
      worst = error;
      worstInput = x;
    }
  }
  EXPECT_EQ(wrongNaN, 0);
  EXPECT_LE(worst, kBound) << "at x = " << worstInput;
}

// The pieces end where the bits of |x| >> 22 change; the first is
// everything below kErfcSmallBelow.
TEST(F32Erfc, IsWithinBoundAtPieceEnds) {
  for (int piece = 1; piece <= axle::f32math::kErfcPieces; ++piece) {
    uint32_t first =
        static_cast<uint32_t>(axle::f32math::kErfcFirstHalf + piece) << 22;
    for (int64_t delta = -2; delta <= 2; ++delta) {
      float a = std::bit_cast<float>(static_cast<uint32_t>(first + delta));
      for (float x : {a, -a})
        EXPECT_LE(ulpError(erfc(x), std::erfc(static_cast<double>(x))), kBound)
            << "at x = " << x;
    }
  }
}

TEST(F32Erfc, SpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float zeroFrom = axle::f32math::kErfcZeroFrom;
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

//===- InterpreterRandomTest.cpp - rng_bit_generator and rng --------------===//
//
// Block functions: the known-answer vectors of the Random123 distribution
// (Threefry-2x32-20, Philox-4x32-10), reproduced by an independent Python
// transcription of the algorithms' definitions. Layouts: values of that
// Python model arranged as XLA arranges them (RandomBits.h); the THREE_FRY
// u64 case is the specification's example, and the u32 [3, 2] case matches
// published XLA output for state [0, 0].
//
//===----------------------------------------------------------------------===//

#include "InterpreterTestProgram.h"
#include "interpreter/ops/RandomBits.h"

#include <cmath>

using namespace axle::interp;
using namespace axle::interp::test;

namespace {

TEST(InterpreterRandomTest, ThreefryKnownAnswers) {
  using Words = std::array<uint32_t, 2>;
  EXPECT_EQ(threefry2x32({0, 0}, {0, 0}), (Words{0x6b200159, 0x99ba4efe}));
  EXPECT_EQ(threefry2x32({0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}),
            (Words{0x1cb996fc, 0xbb002be7}));
  EXPECT_EQ(threefry2x32({0x13198a2e, 0x03707344}, {0x243f6a88, 0x85a308d3}),
            (Words{0xc4923a9c, 0x483df7a0}));
}

TEST(InterpreterRandomTest, PhiloxKnownAnswers) {
  using Words = std::array<uint32_t, 4>;
  EXPECT_EQ(philox4x32({0, 0}, {0, 0, 0, 0}),
            (Words{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
  EXPECT_EQ(philox4x32({0xffffffff, 0xffffffff},
                       {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}),
            (Words{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
  EXPECT_EQ(philox4x32({0xa4093822, 0x299f31d0},
                       {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}),
            (Words{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
}

/// A program returning rng_bit_generator's state and output.
std::string generator(const char *algorithm, const char *state,
                      const char *stateType, const char *outputType) {
  return std::string(R"(
  func.func @main() -> ()") +
         stateType + ", " + outputType + R"() {
    %s = stablehlo.constant dense<)" +
         state + "> : " + stateType + R"(
    %n, %o = stablehlo.rng_bit_generator %s, algorithm = )" +
         algorithm + " : (" + stateType + ") -> (" + stateType + ", " +
         outputType + R"()
    return %n, %o : )" +
         stateType + ", " + outputType + R"(
  })";
}

Values runMain(Program &program) {
  EXPECT_TRUE(program.parsed()) << program.errors;
  if (!program.parsed())
    return {};
  auto results = program.run("main");
  EXPECT_TRUE(succeeded(results)) << program.errors;
  return succeeded(results) ? *results : Values{};
}

TEST(InterpreterRandomTest, ThreefrySpecExample) {
  Program program(
      generator("THREE_FRY", "[1, 2]", "tensor<2xui64>", "tensor<2x2xui64>"));
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(bits(results[0]), (std::vector<uint64_t>{1, 6}));
  EXPECT_EQ(
      bits(results[1]),
      (std::vector<uint64_t>{9236835810183407956ull, 16087790271692313299ull,
                             18212823393184779219ull, 2658481902456610144ull}));
}

TEST(InterpreterRandomTest, Threefry32BitLayout) {
  // [3, 2]: dimension 1 is even, so counter i fills row i.
  {
    Program program(
        generator("THREE_FRY", "[0, 0]", "tensor<2xui64>", "tensor<3x2xui32>"));
    Values results = runMain(program);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(bits(results[0]), (std::vector<uint64_t>{0, 3}));
    EXPECT_EQ(bits(results[1]),
              (std::vector<uint64_t>{1797259609, 2579123966, 1351547692,
                                     3235790642, 1688610540, 4229293427}));
  }
  // [3, 3]: no even dimension; the first largest (0) is split into
  // ceil(3/2) = 2 rows of blocks, so element [i, j] is word i % 2 of
  // counter 7 + (i / 2) * 3 + j.
  {
    Program program(
        generator("THREE_FRY", "[5, 7]", "tensor<2xui64>", "tensor<3x3xui32>"));
    Values results = runMain(program);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(bits(results[0]), (std::vector<uint64_t>{5, 13}));
    EXPECT_EQ(bits(results[1]),
              (std::vector<uint64_t>{4000641395, 10964293, 3804237681,
                                     1063621336, 2057536082, 1604586794,
                                     3127050898, 25868247, 1140191436}));
  }
  // A scalar takes word 0 of one block.
  {
    Program program(
        generator("THREE_FRY", "[5, 7]", "tensor<2xui64>", "tensor<ui32>"));
    Values results = runMain(program);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(bits(results[0]), (std::vector<uint64_t>{5, 8}));
    EXPECT_EQ(bits(results[1]), (std::vector<uint64_t>{4000641395}));
  }
}

TEST(InterpreterRandomTest, ThreefryNarrowAndFloatOutputs) {
  // i8 keeps the low 8 bits of the 32-bit words; f32 reinterprets them.
  {
    Program program(
        generator("THREE_FRY", "[5, 7]", "tensor<2xui64>", "tensor<4xi8>"));
    Values results = runMain(program);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(bits(results[0]), (std::vector<uint64_t>{5, 9}));
    EXPECT_EQ(ints(results[1]), (std::vector<int64_t>{115, -40, 69, 82}));
  }
  {
    Program program(
        generator("THREE_FRY", "[5, 7]", "tensor<2xui64>", "tensor<2xf32>"));
    Values results = runMain(program);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(bits(results[1]),
              (std::vector<uint64_t>{0xee74f173, 0x3f6592d8}));
  }
}

TEST(InterpreterRandomTest, PhiloxStateLayouts) {
  // Two-word state [key, lo]: the counter is (lo, hi = key) and only the new
  // low word comes back; 32-bit elements take the four words of each block.
  {
    Program program(generator("PHILOX",
                              "[81985529216486895, 18446744073709551614]",
                              "tensor<2xui64>", "tensor<5xui32>"));
    Values results = runMain(program);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(bits(results[0]),
              (std::vector<uint64_t>{81985529216486895ull, 0}));
    EXPECT_EQ(bits(results[1]),
              (std::vector<uint64_t>{172511636, 1103493126, 3598856174,
                                     948282324, 1105943027}));
  }
  // Three-word state [key, lo, hi]: the 128-bit counter carries into hi;
  // 64-bit elements take two words each, low word first.
  {
    Program program(generator("PHILOX",
                              "[81985529216486895, 18446744073709551615, 9]",
                              "tensor<3xui64>", "tensor<3xui64>"));
    Values results = runMain(program);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(bits(results[0]),
              (std::vector<uint64_t>{81985529216486895ull, 1, 10}));
    EXPECT_EQ(bits(results[1]), (std::vector<uint64_t>{9330799919241525253ull,
                                                       1239605467567156938ull,
                                                       622395167807433623ull}));
  }
}

TEST(InterpreterRandomTest, DefaultIsPhilox) {
  Program philox(
      generator("PHILOX", "[3, 4, 5]", "tensor<3xui64>", "tensor<7xui32>"));
  Program fallback(
      generator("DEFAULT", "[3, 4, 5]", "tensor<3xui64>", "tensor<7xui32>"));
  Values a = runMain(philox), b = runMain(fallback);
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(bits(a[0]), bits(b[0]));
  EXPECT_EQ(bits(a[1]), bits(b[1]));
}

TEST(InterpreterRandomTest, ChainedStatesContinueTheStream) {
  // Two draws of 2 chained through the state equal one draw of 4 (the
  // specification's example values).
  Program program(R"(
  func.func @main() -> (tensor<2xui64>, tensor<2xui64>, tensor<2xui64>) {
    %s = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
    %s1, %a = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xui64>)
    %s2, %b = stablehlo.rng_bit_generator %s1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xui64>)
    return %a, %b, %s2 : tensor<2xui64>, tensor<2xui64>, tensor<2xui64>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(bits(results[0]), (std::vector<uint64_t>{9236835810183407956ull,
                                                     16087790271692313299ull}));
  EXPECT_EQ(bits(results[1]), (std::vector<uint64_t>{18212823393184779219ull,
                                                     2658481902456610144ull}));
  EXPECT_EQ(bits(results[2]), (std::vector<uint64_t>{1, 6}));
}

TEST(InterpreterRandomTest, RngUniformAndNormal) {
  Program program(R"(
  func.func @main() -> (tensor<1000xf32>, tensor<1000xi32>, tensor<4000xf64>) {
    %shape = stablehlo.constant dense<[1000]> : tensor<1xi64>
    %a = stablehlo.constant dense<2.0> : tensor<f32>
    %b = stablehlo.constant dense<3.0> : tensor<f32>
    %u = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<1000xf32>
    %ia = stablehlo.constant dense<-3> : tensor<i32>
    %ib = stablehlo.constant dense<4> : tensor<i32>
    %i = stablehlo.rng %ia, %ib, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<1000xi32>
    %nshape = stablehlo.constant dense<[4000]> : tensor<1xi64>
    %mean = stablehlo.constant dense<5.0> : tensor<f64>
    %std = stablehlo.constant dense<2.0> : tensor<f64>
    %n = stablehlo.rng %mean, %std, %nshape, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<4000xf64>
    return %u, %i, %n : tensor<1000xf32>, tensor<1000xi32>, tensor<4000xf64>
  })");
  Values results = runMain(program);
  ASSERT_EQ(results.size(), 3u);
  std::vector<double> uniform = doubles(results[0]);
  for (double x : uniform) {
    EXPECT_GE(x, 2.0);
    EXPECT_LT(x, 3.0);
  }
  std::vector<int64_t> integers = ints(results[1]);
  std::vector<int> seen(7, 0);
  for (int64_t x : integers) {
    ASSERT_GE(x, -3);
    ASSERT_LT(x, 4);
    ++seen[x + 3];
  }
  for (int count : seen)
    EXPECT_GT(count, 80); // about 143 each
  std::vector<double> normal = doubles(results[2]);
  double sum = 0, squares = 0;
  for (double x : normal) {
    sum += x;
    squares += x * x;
  }
  double mean = sum / normal.size();
  double deviation = std::sqrt(squares / normal.size() - mean * mean);
  EXPECT_NEAR(mean, 5.0, 0.15); // standard error 2 / sqrt(4000) = 0.03
  EXPECT_NEAR(deviation, 2.0, 0.15);
}

} // namespace

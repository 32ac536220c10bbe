//===- CpuTargetTest.cpp - resolving targets and what they are told -------===//

#include "compiler/codegen/cpu/CpuPipeline.h"

#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace {

using axle::cpu::CpuTarget;
using axle::cpu::resolveCpuTarget;

CpuTarget resolve(const char *cpu) {
  std::string error;
  auto target = resolveCpuTarget("x86_64-unknown-linux-gnu", cpu, error);
  EXPECT_TRUE(mlir::succeeded(target)) << error;
  return mlir::succeeded(target) ? *target : CpuTarget{};
}

// Named CPUs take their L1 data cache from the vendors' published sizes:
// Zen 1-4 and Skylake-SP 32 KiB per core, Zen 5, Ice Lake and Sapphire
// Rapids 48 KiB; others are unknown (0), which keeps the default tiling.
TEST(CpuTarget, NamedCpusKnowTheirL1DataCache) {
  EXPECT_EQ(resolve("znver4").l1DataBytes, 32 << 10);
  EXPECT_EQ(resolve("znver5").l1DataBytes, 48 << 10);
  EXPECT_EQ(resolve("skylake-avx512").l1DataBytes, 32 << 10);
  EXPECT_EQ(resolve("sapphirerapids").l1DataBytes, 48 << 10);
  EXPECT_EQ(resolve("x86-64-v3").l1DataBytes, 0);
}

// The host's comes from sysfs: the index whose level is 1 and type Data.
TEST(CpuTarget, HostL1DataCacheMatchesSysfs) {
  std::string error;
  auto host = resolveCpuTarget("", "host", error);
  ASSERT_TRUE(mlir::succeeded(host)) << error;
  int64_t expected = 0;
  for (int index = 0; index < 8 && expected == 0; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    std::ifstream level(dir + "/level"), type(dir + "/type"),
        size(dir + "/size");
    std::string l, t, s;
    if (!(level >> l) || !(type >> t) || !(size >> s))
      continue;
    if (l == "1" && t == "Data" && s.back() == 'K')
      expected = std::stoll(s.substr(0, s.size() - 1)) * 1024;
  }
  if (expected == 0)
    GTEST_SKIP() << "no L1 data cache size in sysfs on this machine";
  EXPECT_EQ(host->l1DataBytes, expected);
}

// Only CPUs measured to underflow at full speed skip exp's selects of
// results that round to 0: Zen 4 and 5; Intel cores and baselines (which
// may run on Intel cores) keep them.
TEST(CpuTarget, OnlyZen4And5UnderflowQuietly) {
  using axle::cpu::targetUnderflowsQuietly;
  EXPECT_TRUE(targetUnderflowsQuietly(resolve("znver4")));
  EXPECT_TRUE(targetUnderflowsQuietly(resolve("znver5")));
  EXPECT_FALSE(targetUnderflowsQuietly(resolve("skylake-avx512")));
  EXPECT_FALSE(targetUnderflowsQuietly(resolve("sapphirerapids")));
  EXPECT_FALSE(targetUnderflowsQuietly(resolve("x86-64-v4")));
}

// vdpbf16ps outpaces f32 FMAs on Zen 4 and 5 only; Intel Xeons with
// AVX512-BF16 run it at half the f32 FMA rate.
TEST(CpuTarget, PairsBF16WhereVdpbf16psIsFast) {
  using axle::cpu::targetHasFeature;
  using axle::cpu::targetPairsBF16Fast;
  EXPECT_TRUE(targetPairsBF16Fast(resolve("znver4")));
  EXPECT_TRUE(targetPairsBF16Fast(resolve("znver5")));
  for (const char *intel : {"cooperlake", "sapphirerapids", "emeraldrapids"}) {
    EXPECT_TRUE(targetHasFeature(resolve(intel), "avx512bf16")) << intel;
    EXPECT_FALSE(targetPairsBF16Fast(resolve(intel))) << intel;
  }
  EXPECT_FALSE(targetPairsBF16Fast(resolve("x86-64-v4")));
}

// Row reductions prefetch their 16 rows only where that was measured to
// pay, Zen 4 and 5; Intel cores' prefetchers follow the rows themselves,
// and baselines are left to the hardware.
TEST(CpuTarget, PrefetchesReductionRowsOnZen4And5) {
  using axle::cpu::targetPrefetchesReductionRows;
  EXPECT_TRUE(targetPrefetchesReductionRows(resolve("znver4")));
  EXPECT_TRUE(targetPrefetchesReductionRows(resolve("znver5")));
  for (const char *other :
       {"skylake-avx512", "sapphirerapids", "emeraldrapids", "x86-64-v4"})
    EXPECT_FALSE(targetPrefetchesReductionRows(resolve(other))) << other;
}

// A cross target without a CPU is the architecture's baseline: unknown.
TEST(CpuTarget, CrossTargetWithoutCpuHasNoL1Size) {
  std::string error;
  auto target = resolveCpuTarget("aarch64-linux-gnu", "", error);
  ASSERT_TRUE(mlir::succeeded(target)) << error;
  EXPECT_EQ(target->l1DataBytes, 0);
}

} // namespace

//===- CompileFlags.cpp - the compile options tools share -----------------===//

#include "compiler/driver/CompileFlags.h"

namespace axle {

namespace cl = llvm::cl;

CompileFlags::CompileFlags(cl::OptionCategory &category)
    : targetCpu("target-cpu",
                cl::desc("CPU to tune for and whose features the code may "
                         "use: host (default: this machine's CPU), "
                         "x86-64-v3, x86-64-v4, znver4, skylake-avx512, "
                         "neoverse-v1, ... The runtime refuses artifacts "
                         "whose features the CPU lacks"),
                cl::init("host"), cl::cat(category)),
      fastMath("fast-math",
               cl::desc("Allow reassociation and ignore NaN, infinity and "
                        "the sign of zero in float math; on CPUs whose "
                        "vdpbf16ps outpaces f32 FMAs (AMD Zen 4 and 5), "
                        "bf16 matmuls add two products per vdpbf16ps "
                        "(another order, subnormals flushed to zero; see "
                        "--bf16-pair-dot), and on CPUs with AMX-BF16 they "
                        "run on AMX tiles (see --amx-tiles) (not IEEE; off "
                        "by default)"),
               cl::cat(category)),
      bf16PairDot(
          "bf16-pair-dot",
          cl::desc("With --fast-math: whether bf16 matmuls into f32 add two "
                   "products per vdpbf16ps (needs AVX512-BF16) instead of "
                   "widening to f32 for FMAs. Default: where vdpbf16ps runs "
                   "faster, AMD Zen 4 and 5 (twice the f32 FMA rate); on "
                   "Intel Xeons it runs at half of it"),
          cl::cat(category)),
      amxTiles(
          "amx-tiles",
          cl::desc("With --fast-math: whether bf16 matmuls into f32 "
                   "(batched or not, B transposed or not, sizes that are no "
                   "multiples of 32 padded with zeros where that at most "
                   "doubles the work) run on AMX tiles, their lane-wise "
                   "consumers on each block of sums "
                   "(tdpbf16ps: the tiles' own order of additions, bf16 "
                   "subnormals read as zero; needs AMX-BF16, and Linux "
                   "granting the process tile state, else the code stops "
                   "with a message). Default: where the CPU has AMX-BF16 "
                   "(Intel Xeons from Sapphire Rapids on), unless "
                   "--bf16-pair-dot asks for vdpbf16ps"),
          cl::cat(category)),
      reassociateReductions(
          "reassociate-reductions",
          cl::desc("Let float sums and products in reductions combine their "
                   "elements in any order, as XLA:CPU and IREE do: row sums "
                   "keep vector partial results, full sums keep 256 of them; "
                   "the last bits differ from the in-order result (off by "
                   "default; implied by --fast-math)"),
          cl::cat(category)),
      simplify("simplify",
               cl::desc("Simplify the program algebraically and fold "
                        "constants before code generation (default on)"),
               cl::init(true), cl::cat(category)),
      fusion("fusion",
             cl::desc("Fuse elementwise chains into one loop nest (default "
                      "on; --fusion=false measures what fusion gains)"),
             cl::init(true), cl::cat(category)) {}

void CompileFlags::apply(CompileOptions &options) const {
  options.targetCpu = targetCpu;
  options.fastMath = fastMath;
  if (bf16PairDot != cl::BOU_UNSET)
    options.bf16PairDot = bf16PairDot == cl::BOU_TRUE;
  if (amxTiles != cl::BOU_UNSET)
    options.amxTiles = amxTiles == cl::BOU_TRUE;
  options.reassociateReductions = reassociateReductions;
  options.simplify = simplify;
  options.fusion = fusion;
}

} // namespace axle

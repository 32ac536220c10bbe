// exp scales by 2^n with vscalefps only where the target has AVX-512F (a
// named CPU implies it, or the host has it); other x86 targets multiply by
// powers of two, and other architectures never see the x86 intrinsic.

// RUN: axle-compile %s --target-cpu=x86-64-v4 --emit=object -o %t.v4.o
// RUN: llvm-objdump -d %t.v4.o | FileCheck %s --check-prefix=AVX512
// RUN: axle-compile %s --target-cpu=skylake-avx512 --emit=object -o %t.skx.o
// RUN: llvm-objdump -d %t.skx.o | FileCheck %s --check-prefix=AVX512
// RUN: axle-compile %s --target-cpu=x86-64-v3 --emit=object -o %t.v3.o
// RUN: llvm-objdump -d %t.v3.o | FileCheck %s --check-prefix=AVX2
// RUN: axle-compile %s --target-triple=aarch64-linux-gnu --target-cpu=neoverse-v1 --emit=object -o %t.arm.o
// RUN: llvm-objdump -d %t.arm.o | FileCheck %s --check-prefix=ARM

// AVX512: vscalefps
// AVX2-NOT: vscalef
// AVX2: vpslld
// AVX2-NOT: vscalef
// ARM: fmul
func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = stablehlo.exponential %x : tensor<1024xf32>
  return %0 : tensor<1024xf32>
}

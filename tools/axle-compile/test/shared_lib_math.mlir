// A shared library whose code calls the C math library (log, outside the
// functions axle computes inline) names it (DT_NEEDED libm.so.6) when built
// for this machine, so that a program which does not link libm itself can
// load it; a library for another target (AArch64) names nothing, since this
// machine's libm is not its.

// RUN: axle-compile %s --emit=shared-lib -o %t.so
// RUN: llvm-readelf -d %t.so | FileCheck %s --check-prefix=NEEDED
// NEEDED: (NEEDED) {{.*}}libm.so
// RUN: %cc %S/Inputs/load_library.c -o %t.load
// RUN: %t.load %t.so | FileCheck %s --check-prefix=LOAD
// LOAD: loaded
// RUN: axle-compile %s --target-triple=aarch64-linux-gnu --emit=shared-lib -o %t.arm.so
// RUN: llvm-readelf -d %t.arm.so | FileCheck %s --check-prefix=CROSS
// CROSS-NOT: NEEDED

func.func @main(%x: tensor<16xf64>) -> tensor<16xf64> {
  %y = stablehlo.log %x : tensor<16xf64>
  return %y : tensor<16xf64>
}

// Ahead-of-time compilation: an artifact written by one process runs in
// another; a shared library is called from C through its generated header;
// the same program cross-compiles for AArch64. The expected values are
// x * y + 1 and n / 2 (rounding toward zero), worked out by hand.

// RUN: axle-compile %s -o %t.axle
// RUN: axle-run %t.axle --input=4xf32=1,2,-3,0.5 --input=4xf32=2,0.25,4,-8 \
// RUN:   --input=3xi32=7,-7,100 | FileCheck %s --check-prefix=LOADED
// LOADED: 4xf32=[3,1.5,-11,-3]
// LOADED-NEXT: 3xi32=[3,-3,50]

// RUN: axle-compile %s --emit=shared-lib -o %t.so --header=%t.h --header-prefix=model
// RUN: FileCheck %s --check-prefix=HEADER < %t.h
// HEADER: void axle_entry_main(void **buffers);
// HEADER: static inline void model_main(const float *in0, const float *in1, const int32_t *in2, float *out0, int32_t *out1)
// RUN: %cc -DMODEL_HEADER='"%t.h"' %S/Inputs/call_model.c %t.so -lm -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=C
// C: fused[0] = 3
// C-NEXT: fused[1] = 1.5
// C-NEXT: fused[2] = -11
// C-NEXT: fused[3] = -3
// C-NEXT: halved[0] = 3
// C-NEXT: halved[1] = -3
// C-NEXT: halved[2] = 50

// RUN: axle-compile %s --emit=static-lib -o %t.a
// RUN: %cc -DMODEL_HEADER='"%t.h"' %S/Inputs/call_model.c %t.a -lm -o %t.static.exe
// RUN: %t.static.exe | FileCheck %s --check-prefix=C

// RUN: axle-compile %s --target-triple=aarch64-linux-gnu --emit=object -o %t.arm.o
// RUN: llvm-readelf -h %t.arm.o | FileCheck %s --check-prefix=ARM
// ARM: Machine: AArch64
// RUN: llvm-objdump -d %t.arm.o | FileCheck %s --check-prefix=ARMCODE
// ARMCODE: <axle_entry_main>:
// ARMCODE: ret

// A truncated or corrupted artifact is rejected, not run.
// RUN: head -c 100 %t.axle > %t.truncated.axle
// RUN: not axle-run %t.truncated.axle 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: not a valid axle artifact: its sizes do not match the file size (truncated?)
// RUN: %python -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[len(d) // 2] ^= 1; open(sys.argv[2], 'wb').write(d)" %t.axle %t.corrupt.axle
// RUN: not axle-run %t.corrupt.axle 2>&1 | FileCheck %s --check-prefix=CORRUPT
// CORRUPT: checksum mismatch

func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: tensor<3xi32>) -> (tensor<4xf32>, tensor<3xi32>) {
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %two = stablehlo.constant dense<2> : tensor<3xi32>
  %p = stablehlo.multiply %x, %y : tensor<4xf32>
  %s = stablehlo.add %p, %one : tensor<4xf32>
  %h = stablehlo.divide %n, %two : tensor<3xi32>
  return %s, %h : tensor<4xf32>, tensor<3xi32>
}

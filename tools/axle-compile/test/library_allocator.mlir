// A library called without the runtime keeps the last large block it
// freed for the next call (compiler/codegen/cpu/LibraryAllocator.h): 100
// calls from 4 threads at once, each with a 256 KiB intermediate (t below),
// all give the right result. With x all ones, t = x @ x is 256 everywhere
// and t @ x is 256 * 256 = 65536.

// RUN: axle-compile %s --emit=shared-lib -o %t.so --header=%t.h --header-prefix=model
// RUN: %cc -DMODEL_HEADER='"%t.h"' %S/Inputs/call_repeatedly.c %t.so -lm -lpthread -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: axle-compile %s --emit=static-lib -o %t.a
// RUN: %cc -DMODEL_HEADER='"%t.h"' %S/Inputs/call_repeatedly.c %t.a -lm -lpthread -o %t.static.exe
// RUN: %t.static.exe | FileCheck %s
// CHECK: 100 calls, 0 wrong elements

func.func @main(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %t = stablehlo.dot_general %x, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = stablehlo.dot_general %t, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}

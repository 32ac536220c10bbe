// A library called without the runtime puts its large buffers on huge
// pages, as the runtime does (compiler/codegen/cpu/LibraryAllocator.h):
// the 4 MiB intermediate t below (the function's arena) is whole 2 MiB
// pages, advised before first touch, so writing it faults in huge pages
// where the kernel gives them on request (transparent huge pages in
// "madvise" mode, where only advised memory gets them).

// REQUIRES: thp-on-request
// RUN: axle-compile %s --emit=shared-lib -o %t.so --header=%t.h --header-prefix=model
// RUN: %cc -DMODEL_HEADER='"%t.h"' %S/Inputs/count_huge_pages.c %t.so -lm -o %t.exe
// RUN: %t.exe | FileCheck %s
// CHECK: 0 wrong elements
// CHECK: huge page faults: 2 or more

func.func @main(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %t = stablehlo.dot_general %x, %x, contracting_dims = [1] x [0] : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %y = stablehlo.dot_general %t, %x, contracting_dims = [1] x [0] : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

// A library called without the runtime also keeps small freed blocks, one
// per power-of-two capacity (compiler/codegen/cpu/LibraryAllocator.h). A
// softmax over 1024 x 256 runs by blocks of 16 rows, each block allocating
// its row maxima and sums (64 bytes) and its exponentials (16 KiB); 100
// calls from 4 threads at once all give the right result: with x all ones
// every element is 1 / 256.

// RUN: axle-compile %s --emit=shared-lib -o %t.so --header=%t.h --header-prefix=model
// RUN: %cc -DMODEL_HEADER='"%t.h"' -DSIZE='(1024 * 256)' -DEXPECTED='(1.0f / 256)' %S/Inputs/call_repeatedly.c %t.so -lm -lpthread -o %t.exe
// RUN: %t.exe | FileCheck %s
// CHECK: 100 calls, 0 wrong elements

func.func @main(%x: tensor<1024x256xf32>) -> tensor<1024x256xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<1024x256xf32>, tensor<f32>) -> tensor<1024xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<1024xf32>) -> tensor<1024x256xf32>
  %d = stablehlo.subtract %x, %mb : tensor<1024x256xf32>
  %e = stablehlo.exponential %d : tensor<1024x256xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<1024x256xf32>, tensor<f32>) -> tensor<1024xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<1024xf32>) -> tensor<1024x256xf32>
  %y = stablehlo.divide %e, %sb : tensor<1024x256xf32>
  return %y : tensor<1024x256xf32>
}

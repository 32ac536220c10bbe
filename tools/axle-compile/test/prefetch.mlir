// Software prefetches into L2 (prefetcht1, compiler/codegen/cpu/Prefetch.cpp).
// An elementwise op streaming a 4 MiB argument prefetches it ahead (two
// lines per vector of 32 floats); a 1 MiB one stays in L2 and gets none.
// A softmax over rows of a 4 MiB input runs by blocks of 16 rows; its exp
// pass prefetches the next block's rows while it computes, so that the
// next block's first pass (the row maxima) finds them in L2. A cluster
// that only adds and subtracts (x centered on its row sums) prefetches in
// its last pass that reads x as well. Prefetches change no result: both
// backends agree bit for bit.

// RUN: axle-compile %s --target-cpu=x86-64-v4 --emit=object -o %t.o
// RUN: llvm-objdump -d %t.o | FileCheck %s
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.random.default_rng(0).standard_normal((1024, 1024)).astype(np.float32) * 4)"
// RUN: axle-run %s --function=softmax --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.y.npy 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: axle-run %s --function=streamed --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.w.npy 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: axle-run %s --function=centered --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.z.npy 2>&1 | FileCheck %s --check-prefix=VERIFY

// CHECK-LABEL: <softmax{{.*}}>:
// CHECK: prefetcht1
// CHECK-LABEL: <centered{{.*}}>:
// CHECK: prefetcht1
// CHECK-LABEL: <streamed{{.*}}>:
// CHECK: prefetcht1
// CHECK: prefetcht1
// CHECK-LABEL: <small{{.*}}>:
// CHECK-NOT: prefetch
// CHECK-LABEL: <axle_entry_softmax>:
// VERIFY: agree

func.func @softmax(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<1024xf32>) -> tensor<1024x1024xf32>
  %d = stablehlo.subtract %x, %mb : tensor<1024x1024xf32>
  %e = stablehlo.exponential %d : tensor<1024x1024xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<1024xf32>) -> tensor<1024x1024xf32>
  %y = stablehlo.divide %e, %sb : tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

func.func @centered(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<1024xf32>) -> tensor<1024x1024xf32>
  %y = stablehlo.subtract %x, %sb : tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

func.func @streamed(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = stablehlo.exponential %x : tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

func.func @small(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %y = stablehlo.exponential %x : tensor<512x512xf32>
  return %y : tensor<512x512xf32>
}

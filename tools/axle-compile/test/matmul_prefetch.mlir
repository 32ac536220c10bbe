// Matmul blocks prefetch (compiler/codegen/cpu/Prefetch.cpp, part 3): the
// copy of each panel of B prefetches the row 32 ahead (prefetcht0), and
// each read of a register tile of C prefetches the next tile for writing
// (prefetchw). A bf16 matmul whose conversion back to bf16 fuses into it
// (the epilogue takes a copy of the matmul and the original dies) is
// still computed once: one parallel loop, not a second one kept alive by
// its prefetches. A matmul of 8 rows reads B's rows in place (too few row
// tiles to copy it) and prefetches them 16 rows ahead (prefetcht0).
// Prefetches change no result. (prefetchw needs the
// PRFCHW feature, which x86-64-v4 lacks: there it is prefetcht0.)

// RUN: axle-compile %s --target-cpu=sapphirerapids --emit=object -o %t.o
// RUN: llvm-objdump -d %t.o | FileCheck %s
// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); np.save('%t.a.npy', r.standard_normal((512, 512)).astype(np.float32)); np.save('%t.b.npy', r.standard_normal((512, 512)).astype(np.float32))"
// RUN: %python -c "import numpy as np; r = np.random.default_rng(1); np.save('%t.s.npy', r.standard_normal((8, 512)).astype(np.float32))"
// RUN: axle-run %s --function=skinny --verify --verify-ulps=0 --input=@%t.s.npy --input=@%t.b.npy --output=@%t.d.npy 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: axle-run %s --function=matmul --verify --verify-ulps=0 --input=@%t.a.npy --input=@%t.b.npy --output=@%t.c.npy 2>&1 | FileCheck %s --check-prefix=VERIFY

// CHECK-LABEL: <matmul_parallel_{{[0-9]+}}>:
// CHECK-DAG: prefetcht0
// CHECK-DAG: prefetchw
// CHECK: <narrow_parallel_{{[0-9]+}}>:
// CHECK-DAG: prefetcht0
// CHECK-DAG: prefetchw
// CHECK-NOT: {{^[0-9a-f]+ <[a-z]+_parallel_[0-9]+>:}}
// CHECK: <skinny_parallel_{{[0-9]+}}>:
// CHECK: prefetcht0
// CHECK: <axle_entry_matmul>:
// VERIFY: agree

func.func @matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  return %c : tensor<512x512xf32>
}

func.func @narrow(%a: tensor<512x512xbf16>, %b: tensor<512x512xbf16>) -> tensor<512x512xbf16> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<512x512xbf16>, tensor<512x512xbf16>) -> tensor<512x512xbf16>
  return %c : tensor<512x512xbf16>
}

func.func @skinny(%a: tensor<8x512xf32>, %b: tensor<512x512xf32>) -> tensor<8x512xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x512xf32>, tensor<512x512xf32>) -> tensor<8x512xf32>
  return %c : tensor<8x512xf32>
}

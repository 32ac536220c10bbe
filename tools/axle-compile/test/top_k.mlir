// top_k (a stable descending sort in total order, then the first k
// positions) where few positions are read: a selection in one pass over
// each slice (LowerIndexing.cpp, emitSelection) instead of the whole merge
// sort. Values and indices agree bit for bit with the interpreter's sort
// and with NumPy's stable sort in total order: ties keep their order, NaN
// sorts above inf and -NaN below -inf, -0 below +0.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); x = np.round(r.standard_normal((50, 300)) * 3).astype(np.float32); x[0, 5] = np.nan; x[1, :] = -np.inf; x[2, 3] = np.inf; x[3, :10] = -0.0; x[3, 10:] = 0.0; x[4, 7] = -np.nan; x[5, :] = np.nan; np.save('%t.x.npy', x); np.save('%t.y.npy', r.integers(-5, 5, (3, 4, 100)).astype(np.int32))"
// RUN: axle-run %s --function=topk --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.v.npy --output=@%t.i.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=topk_int --verify --verify-ulps=0 --input=@%t.y.npy --output=@%t.w.npy --output=@%t.j.npy 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_top_k.py %t.x.npy %t.v.npy %t.i.npy %t.y.npy %t.w.npy %t.j.npy | FileCheck %s --check-prefix=NUMPY
// RUN: axle-compile %s --emit=object -o %t.o --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=LOOPS

// CHECK: agree
// NUMPY: float True True
// NUMPY: int True True

// No merge passes (shift-left widths): one loop over each slice, the
// prefix of 7 positions in a tensor of its own.
// LOOPS-LABEL: IR Dump After LowerToLinalgPass
// LOOPS-LABEL: func.func @topk(
// LOOPS: tensor.empty() : tensor<50x7xindex>
// LOOPS-NOT: arith.shli
// LOOPS: scf.for %{{.*}} = %{{.*}} to %c300 step %{{.*}}
// LOOPS-NOT: arith.shli
// LOOPS-LABEL: func.func @topk_int(

func.func @topk(%x: tensor<50x300xf32>) -> (tensor<50x7xf32>, tensor<50x7xi32>) {
  %v, %i = chlo.top_k(%x, k = 7) : tensor<50x300xf32> -> (tensor<50x7xf32>, tensor<50x7xi32>)
  return %v, %i : tensor<50x7xf32>, tensor<50x7xi32>
}

func.func @topk_int(%x: tensor<3x4x100xi32>) -> (tensor<3x4x5xi32>, tensor<3x4x5xi32>) {
  %v, %i = chlo.top_k(%x, k = 5) : tensor<3x4x100xi32> -> (tensor<3x4x5xi32>, tensor<3x4x5xi32>)
  return %v, %i : tensor<3x4x5xi32>, tensor<3x4x5xi32>
}

// reduce_window whose window along the last dimension is the whole
// dimension, padded below by all but one element (jnp.cumsum, cummax):
// with a body that is one op and an init value that absorbs itself
// (0 + 0 = 0, max(-inf, -inf) = -inf), the fold of each window equals the
// running fold along the line, computed in one pass (LowerReduction.cpp,
// PrefixReduceWindowToScan) instead of one window per output. Results
// agree bit for bit with the interpreter's window folds, and with NumPy's
// running sums and maxima, -0, NaN, inf and subnormals included. An init
// value that does not absorb itself (1 + 1 != 1) keeps the window form.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); x = r.standard_normal((9, 130)).astype(np.float32) * 100; x[0, 0] = -0.0; x[1, :5] = -0.0; x[2, 7] = np.nan; x[3, 9] = np.inf; x[4, 3] = 1e-40; np.save('%t.x.npy', x); y = r.standard_normal(200).astype(np.float32); y[170] = np.nan; np.save('%t.y.npy', y)"
// RUN: axle-run %s --function=cumsum --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.s.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=cummax --verify --verify-ulps=0 --input=@%t.y.npy --output=@%t.m.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=cumsum_from_one --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.o.npy 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_cumulative.py %t.x.npy %t.s.npy %t.y.npy %t.m.npy %t.o.npy | FileCheck %s --check-prefix=NUMPY
// RUN: axle-compile %s --emit=object -o %t.o --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=LOOPS

// CHECK: agree
// NUMPY: cumsum True
// NUMPY: cummax True
// NUMPY: cumsum_from_one True

// LOOPS-LABEL: IR Dump After LowerToLinalgPass
// LOOPS-LABEL: func.func @cumsum(
// LOOPS: scf.forall (%{{.*}}) in (9)
// LOOPS: scf.for %{{.*}} = %c0 to %c130 step %c1 iter_args({{.*}}) -> (f32, tensor<130xf32>)
// LOOPS-LABEL: func.func @cummax(
// LOOPS: scf.for %{{.*}} = %c0 to %c200 step %c1 iter_args({{.*}}) -> (f32, tensor<200xf32>)
// LOOPS-LABEL: func.func @cumsum_from_one(
// LOOPS: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction"]

func.func @cumsum(%x: tensor<9x130xf32>) -> tensor<9x130xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [129, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 130>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<9x130xf32>, tensor<f32>) -> tensor<9x130xf32>
  return %r : tensor<9x130xf32>
}

func.func @cummax(%x: tensor<200xf32>) -> tensor<200xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[199, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 200>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<200xf32>, tensor<f32>) -> tensor<200xf32>
  return %r : tensor<200xf32>
}

func.func @cumsum_from_one(%x: tensor<9x130xf32>) -> tensor<9x130xf32> {
  %init = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [129, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 130>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<9x130xf32>, tensor<f32>) -> tensor<9x130xf32>
  return %r : tensor<9x130xf32>
}

// reduce_window whose window along one dimension is the whole dimension,
// padded below by all but one element (jnp.cumsum, cummax):
// with a body that is one op and an init value that absorbs itself
// (0 + 0 = 0, max(-inf, -inf) = -inf), the fold of each window equals the
// running fold along the line, computed in one pass (LowerReduction.cpp,
// CumulativeReduceWindowToScan) instead of one window per output. Results
// agree bit for bit with the interpreter's window folds, and with NumPy's
// running sums and maxima, -0, NaN, inf and subnormals included. An init
// value that does not absorb itself (1 + 1 != 1) keeps the window form. A
// scan along a middle dimension (4 x 50 x 3 along the 50) steps along it
// row by row, the elements of each row (the trailing dimensions, collapsed)
// side by side, rows wider than 256 in blocks of 256 columns run in
// parallel (2 x 6 x 16 x 32 along the 6: 2 x 2 blocks).

// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); x = r.standard_normal((9, 130)).astype(np.float32) * 100; x[0, 0] = -0.0; x[1, :5] = -0.0; x[2, 7] = np.nan; x[3, 9] = np.inf; x[4, 3] = 1e-40; np.save('%t.x.npy', x); y = r.standard_normal(200).astype(np.float32); y[170] = np.nan; np.save('%t.y.npy', y); z = r.standard_normal((4, 50, 3)).astype(np.float32); z[0, 0, 0] = -0.0; np.save('%t.z.npy', z); w = r.standard_normal((2, 6, 16, 32)).astype(np.float32); np.save('%t.w.npy', w)"
// RUN: axle-run %s --function=cumsum --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.s.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=cummax --verify --verify-ulps=0 --input=@%t.y.npy --output=@%t.m.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=cumsum_middle --verify --verify-ulps=0 --input=@%t.z.npy --output=@%t.c.npy 2>&1 | FileCheck %s
// RUN: %python -c "import itertools, numpy as np; z = np.load('%t.z.npy'); sums = list(itertools.accumulate(z.transpose(1, 0, 2), lambda a, b: (a + b).astype(np.float32), initial=np.zeros((4, 3), np.float32)))[1:]; print('middle', np.array_equal(np.load('%t.c.npy').view(np.int32), np.stack(sums, 1).view(np.int32)))" | FileCheck %s --check-prefix=MIDDLE
// RUN: axle-run %s --function=cumsum_blocks --verify --verify-ulps=0 --input=@%t.w.npy --output=@%t.b.npy 2>&1 | FileCheck %s
// RUN: %python -c "import itertools, numpy as np; w = np.load('%t.w.npy'); sums = list(itertools.accumulate(w.transpose(1, 0, 2, 3), lambda a, b: (a + b).astype(np.float32), initial=np.zeros((2, 16, 32), np.float32)))[1:]; print('blocks', np.array_equal(np.load('%t.b.npy').view(np.int32), np.stack(sums, 1).view(np.int32)))" | FileCheck %s --check-prefix=BLOCKS
// RUN: axle-run %s --function=cumsum_from_one --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.o.npy 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_cumulative.py %t.x.npy %t.s.npy %t.y.npy %t.m.npy %t.o.npy | FileCheck %s --check-prefix=NUMPY
// RUN: axle-compile %s --emit=object -o %t.o --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=LOOPS

// CHECK: agree
// NUMPY: cumsum True
// NUMPY: cummax True
// NUMPY: cumsum_from_one True
// MIDDLE: middle True
// BLOCKS: blocks True

// LOOPS-LABEL: IR Dump After LowerToLinalgPass
// LOOPS-LABEL: func.func @cumsum(
// LOOPS: scf.forall (%{{.*}}) in (9)
// LOOPS: scf.for %{{.*}} = %c0 to %c130 step %c1 iter_args({{.*}}) -> (f32, tensor<130xf32>)
// LOOPS-LABEL: func.func @cummax(
// LOOPS: scf.for %{{.*}} = %c0 to %c200 step %c1 iter_args({{.*}}) -> (f32, tensor<200xf32>)
// LOOPS-LABEL: func.func @cumsum_middle(
// LOOPS: scf.forall (%{{.*}}, %{{.*}}) in (4, 1)
// LOOPS: scf.for %{{.*}} = %c1{{.*}} to %c50 step %c1{{.*}} iter_args({{.*}}) -> (tensor<50x3xf32>)
// LOOPS: scf.for %{{.*}} = %c0{{.*}} to %c3{{.*}} step %c1{{.*}} iter_args({{.*}}) -> (tensor<50x3xf32>)
// LOOPS-LABEL: func.func @cumsum_blocks(
// LOOPS: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x6x16x32xf32> into tensor<2x6x512xf32>
// LOOPS: scf.forall (%{{.*}}, %{{.*}}) in (2, 2)
// LOOPS: tensor.extract_slice {{.*}} [1, 6, 256] [1, 1, 1] : tensor<2x6x512xf32> to tensor<6x256xf32>
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

func.func @cumsum_middle(%x: tensor<4x50x3xf32>) -> tensor<4x50x3xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [49, 0], [0, 0]]> : tensor<3x2xi64>, window_dimensions = array<i64: 1, 50, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x50x3xf32>, tensor<f32>) -> tensor<4x50x3xf32>
  return %r : tensor<4x50x3xf32>
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

func.func @cumsum_blocks(%x: tensor<2x6x16x32xf32>) -> tensor<2x6x16x32xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [5, 0], [0, 0], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 6, 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x6x16x32xf32>, tensor<f32>) -> tensor<2x6x16x32xf32>
  return %r : tensor<2x6x16x32xf32>
}

// Reversed cumulative folds (lax.cumsum(reverse=True), cummax, and the
// gradient of every cumsum): reduce_window whose window along one dimension
// is the whole dimension, padded above by all but one element. With a body
// that is one op and an init value that absorbs itself, both backends run
// one fold per line from its end, x[i] + (x[i + 1] + (... + init)), a
// schedule the specification allows (CumulativeWindow.h), in n steps rather
// than one window of up to n elements per output (LowerReduction.cpp,
// CumulativeReduceWindowToScan). Results agree bit for bit between the
// backends and with NumPy folding in that order (-0, NaN, inf and
// subnormals included); the window's own order would round differently.
// An init value that does not absorb itself (1 + 1 != 1) keeps the window
// form. Rows with no elements (5 x 0 x 3 along the 5) give an empty result. A scan along a middle dimension steps along it row by row, the
// elements of each row (the trailing dimensions) side by side.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(1); x = r.standard_normal((9, 130)).astype(np.float32) * 100; x[0, -1] = -0.0; x[1, -5:] = -0.0; x[2, 7] = np.nan; x[3, 9] = np.inf; x[4, 3] = 1e-40; np.save('%t.x.npy', x); y = r.standard_normal(200).astype(np.float32); y[30] = np.nan; np.save('%t.y.npy', y); z = r.standard_normal((4, 50, 3)).astype(np.float32); z[0, -1, 0] = -0.0; np.save('%t.z.npy', z); np.save('%t.e.npy', np.zeros((5, 0, 3), np.float32))"
// RUN: axle-run %s --function=rcumsum --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.s.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=rcummax --verify --verify-ulps=0 --input=@%t.y.npy --output=@%t.m.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=rcumsum_middle --verify --verify-ulps=0 --input=@%t.z.npy --output=@%t.c.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=rcumsum_empty_rows --verify --verify-ulps=0 --input=@%t.e.npy 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: axle-run %s --function=rcumsum_from_one --verify --verify-ulps=0 --input=@%t.x.npy 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/check_reverse_cumulative.py %t.x.npy %t.s.npy %t.y.npy %t.m.npy %t.z.npy %t.c.npy | FileCheck %s --check-prefix=NUMPY
// RUN: axle-compile %s --emit=object -o %t.o --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=LOOPS

// CHECK: agree
// EMPTY: agree
// EMPTY: 5x0x3xf32=
// NUMPY: rcumsum True
// NUMPY: rcummax True
// NUMPY: rcumsum_middle True
// NUMPY: window order differs in some elements

// LOOPS-LABEL: IR Dump After LowerToLinalgPass
// LOOPS-LABEL: func.func @rcumsum(
// LOOPS: scf.forall (%{{.*}}) in (9)
// LOOPS: scf.for %[[J:.*]] = %c0 to %c130 step %c1 iter_args({{.*}}) -> (f32, tensor<130xf32>)
// LOOPS: %[[I:.*]] = arith.subi %c129, %[[J]] : index
// LOOPS: tensor.extract %{{.*}}[%[[I]]] : tensor<130xf32>
// LOOPS-LABEL: func.func @rcummax(
// LOOPS: scf.for %{{.*}} = %c0 to %c200 step %c1 iter_args({{.*}}) -> (f32, tensor<200xf32>)
// LOOPS-LABEL: func.func @rcumsum_middle(
// LOOPS: scf.forall (%{{.*}}, %{{.*}}) in (4, 1)
// LOOPS: scf.for %{{.*}} = %c0 to %c3{{.*}} step %c1 iter_args({{.*}}) -> (tensor<50x3xf32>)
// LOOPS: scf.for %{{.*}} = %c1{{.*}} to %c50 step %c1{{.*}} iter_args({{.*}}) -> (tensor<50x3xf32>)
// LOOPS: arith.subi %c49{{.*}}, %{{.*}} : index
// LOOPS: scf.for %{{.*}} = %c0{{.*}} to %c3{{.*}} step %c1{{.*}} iter_args({{.*}}) -> (tensor<50x3xf32>)
// LOOPS-LABEL: func.func @rcumsum_from_one(
// LOOPS: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction"]

func.func @rcumsum(%x: tensor<9x130xf32>) -> tensor<9x130xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [0, 129]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 130>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<9x130xf32>, tensor<f32>) -> tensor<9x130xf32>
  return %r : tensor<9x130xf32>
}

func.func @rcummax(%x: tensor<200xf32>) -> tensor<200xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 199]]> : tensor<1x2xi64>, window_dimensions = array<i64: 200>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<200xf32>, tensor<f32>) -> tensor<200xf32>
  return %r : tensor<200xf32>
}

func.func @rcumsum_middle(%x: tensor<4x50x3xf32>) -> tensor<4x50x3xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [0, 49], [0, 0]]> : tensor<3x2xi64>, window_dimensions = array<i64: 1, 50, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x50x3xf32>, tensor<f32>) -> tensor<4x50x3xf32>
  return %r : tensor<4x50x3xf32>
}

func.func @rcumsum_from_one(%x: tensor<9x130xf32>) -> tensor<9x130xf32> {
  %init = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [0, 129]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 130>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<9x130xf32>, tensor<f32>) -> tensor<9x130xf32>
  return %r : tensor<9x130xf32>
}

func.func @rcumsum_empty_rows(%x: tensor<5x0x3xf32>) -> tensor<5x0x3xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 4], [0, 0], [0, 0]]> : tensor<3x2xi64>, window_dimensions = array<i64: 5, 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x0x3xf32>, tensor<f32>) -> tensor<5x0x3xf32>
  return %r : tensor<5x0x3xf32>
}

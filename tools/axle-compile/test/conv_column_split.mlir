// A 3 x 3 convolution over 7 x 7 images (ContractionTiles.cpp): its 7
// output columns split into 4 and 3, each part with register tiles of its
// own. The result agrees bit for bit with the interpreter (each sum runs
// over the window and input features in the same order in both), and
// with a NumPy convolution.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); np.save('%t.x.npy', r.standard_normal((2, 7, 7, 32)).astype(np.float32)); np.save('%t.w.npy', (r.standard_normal((3, 3, 32, 64)) * 0.1).astype(np.float32))"
// RUN: axle-run %s --verify --verify-ulps=0 --input=@%t.x.npy --input=@%t.w.npy --output=@%t.y.npy 2>&1 | FileCheck %s
// RUN: %python -c "import numpy as np; x = np.pad(np.load('%t.x.npy').astype(np.float64), ((0, 0), (1, 1), (1, 1), (0, 0))); w = np.load('%t.w.npy'); y = sum(np.einsum('nhwc,cf->nhwf', x[:, i:i + 7, j:j + 7, :], w[i, j]) for i in range(3) for j in range(3)); print('numpy', np.abs(np.load('%t.y.npy') - y).max() < 1e-4)" | FileCheck %s --check-prefix=NUMPY

// CHECK: agree
// NUMPY: numpy True

func.func @main(%x: tensor<2x7x7x32xf32>, %w: tensor<3x3x32x64xf32>) -> tensor<2x7x7x64xf32> {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x7x7x32xf32>, tensor<3x3x32x64xf32>) -> tensor<2x7x7x64xf32>
  return %y : tensor<2x7x7x64xf32>
}

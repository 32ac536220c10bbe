// Convolutions whose column of register tiles reads more of the filter
// than a quarter of L2 (ContractionTiles.cpp, reductionBlock) run over it
// in blocks: (kh, kw, 128 input features) at a time, every register tile
// of a column of 64 output features per block, so that each sum still adds
// its products in order. A 3 x 3 convolution over 512 input features
// (1.2 MB per column), alone and with a bias and relu fused after it,
// agrees bit for bit with the interpreter and with NumPy.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); np.save('%t.x.npy', r.standard_normal((1, 5, 5, 512)).astype(np.float32)); np.save('%t.w.npy', (r.standard_normal((3, 3, 512, 128)) * 0.05).astype(np.float32)); np.save('%t.b.npy', r.standard_normal(128).astype(np.float32))"
// RUN: axle-run %s --function=conv --verify --verify-ulps=0 --input=@%t.x.npy --input=@%t.w.npy --output=@%t.y.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=conv_bias_relu --verify --verify-ulps=0 --input=@%t.x.npy --input=@%t.w.npy --input=@%t.b.npy --output=@%t.z.npy 2>&1 | FileCheck %s
// RUN: %python -c "import numpy as np; x = np.pad(np.load('%t.x.npy').astype(np.float64), ((0, 0), (1, 1), (1, 1), (0, 0))); w = np.load('%t.w.npy').astype(np.float64); y = sum(np.einsum('nhwc,cf->nhwf', x[:, i:i + 5, j:j + 5], w[i, j]) for i in range(3) for j in range(3)); z = np.maximum(y + np.load('%t.b.npy'), 0); print('conv', np.abs(np.load('%t.y.npy') - y).max() < 1e-4); print('relu', np.abs(np.load('%t.z.npy') - z).max() < 1e-4)" | FileCheck %s --check-prefix=NUMPY

// The loops: a column of 64 features (scf.forall), kh, kw, blocks of 128
// input features, the output points, the features of the block (compiled
// for an AVX-512 CPU, whose register tiles are 64 features wide).
// RUN: axle-compile %s --target-cpu=x86-64-v4 --emit=object -o %t.o --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=LOOPS
// LOOPS-LABEL: IR Dump After TileAndVectorizePass
// LOOPS: scf.forall (%{{.*}}) = (0) to (128) step (64)
// LOOPS: scf.for %{{.*}} = %c0 to %c3 step %c1
// LOOPS-NEXT: scf.for %{{.*}} = %c0 to %c3 step %c1
// LOOPS-NEXT: scf.for %{{.*}} = %c0 to %c512 step %c128
// LOOPS: scf.for %{{.*}} = %c0 to %c5 step %c1
// LOOPS: scf.for %{{.*}} = %c0 to %c128 step %c1
// LOOPS: math.fma %{{.*}} : vector<64xf32>

// CHECK: agree
// NUMPY: conv True
// NUMPY: relu True

func.func @conv(%x: tensor<1x5x5x512xf32>, %w: tensor<3x3x512x128xf32>) -> tensor<1x5x5x128xf32> {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x512xf32>, tensor<3x3x512x128xf32>) -> tensor<1x5x5x128xf32>
  return %y : tensor<1x5x5x128xf32>
}

func.func @conv_bias_relu(%x: tensor<1x5x5x512xf32>, %w: tensor<3x3x512x128xf32>, %b: tensor<128xf32>) -> tensor<1x5x5x128xf32> {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x512xf32>, tensor<3x3x512x128xf32>) -> tensor<1x5x5x128xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<128xf32>) -> tensor<1x5x5x128xf32>
  %s = stablehlo.add %y, %bb : tensor<1x5x5x128xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<1x5x5x128xf32>
  %r = stablehlo.maximum %s, %zero : tensor<1x5x5x128xf32>
  return %r : tensor<1x5x5x128xf32>
}

// Row reductions whose rows or k 16 does not divide (TileAndVectorize.cpp)
// split into a vectorized part of whole 16 x 16 blocks and a scalar rest; a
// split along k continues each row from the first part's results, so the
// sums keep their k order. A softmax over 40 rows of 1000 (32 + 8 rows,
// 992 + 8 columns) agrees bit for bit with the interpreter and with NumPy.

// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.random.default_rng(0).standard_normal((40, 1000)).astype(np.float32) * 3)"
// RUN: axle-run %s --function=softmax --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.y.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=row_sums --verify --verify-ulps=0 --input=@%t.x.npy --output=@%t.s.npy 2>&1 | FileCheck %s
// RUN: %python -c "import numpy as np; x = np.load('%t.x.npy').astype(np.float64); e = np.exp(x - x.max(1, keepdims=True)); print('softmax', np.abs(np.load('%t.y.npy') - e / e.sum(1, keepdims=True)).max() < 1e-6); print('sums', np.abs(np.load('%t.s.npy') - x.sum(1)).max() < 1e-3)" | FileCheck %s --check-prefix=NUMPY

// CHECK: agree
// NUMPY: softmax True
// NUMPY: sums True

func.func @softmax(%x: tensor<40x1000xf32>) -> tensor<40x1000xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<40x1000xf32>, tensor<f32>) -> tensor<40xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<40xf32>) -> tensor<40x1000xf32>
  %d = stablehlo.subtract %x, %mb : tensor<40x1000xf32>
  %e = stablehlo.exponential %d : tensor<40x1000xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<40x1000xf32>, tensor<f32>) -> tensor<40xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<40xf32>) -> tensor<40x1000xf32>
  %y = stablehlo.divide %e, %sb : tensor<40x1000xf32>
  return %y : tensor<40x1000xf32>
}

func.func @row_sums(%x: tensor<40x1000xf32>) -> tensor<40xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<40x1000xf32>, tensor<f32>) -> tensor<40xf32>
  return %s : tensor<40xf32>
}

// Transposes whose dimensions 16 does not divide (TileAndVectorize.cpp)
// split into whole 16 x 16 blocks and narrower rests, each written into
// its slice of the result; the parts share the result's buffer
// (DuplicateSharedFills.cpp keeps one tensor for them). Compiled and
// interpreted results agree bit for bit, and equal NumPy's transposes.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); np.save('%t.a.npy', r.standard_normal((1000, 40)).astype(np.float32)); np.save('%t.b.npy', r.standard_normal((3, 37, 50)).astype(np.float32))"
// RUN: axle-run %s --function=matrix --verify --verify-ulps=0 --input=@%t.a.npy --output=@%t.at.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=batched --verify --verify-ulps=0 --input=@%t.b.npy --output=@%t.bt.npy 2>&1 | FileCheck %s
// RUN: %python -c "import numpy as np; print('matrix', np.array_equal(np.load('%t.at.npy'), np.load('%t.a.npy').T)); print('batched', np.array_equal(np.load('%t.bt.npy'), np.load('%t.b.npy').transpose(0, 2, 1)))" | FileCheck %s --check-prefix=NUMPY

// CHECK: agree
// NUMPY: matrix True
// NUMPY: batched True

func.func @matrix(%x: tensor<1000x40xf32>) -> tensor<40x1000xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<1000x40xf32>) -> tensor<40x1000xf32>
  return %t : tensor<40x1000xf32>
}

func.func @batched(%x: tensor<3x37x50xf32>) -> tensor<3x50x37xf32> {
  %t = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<3x37x50xf32>) -> tensor<3x50x37xf32>
  return %t : tensor<3x50x37xf32>
}

// A gather of whole rows (an embedding lookup; TileAndVectorize.cpp,
// tileAndVectorizeRowGather) reads each piece of a row with one vector
// load: the start index is read and clamped once per row, as the
// specification clamps it. Compiled and interpreted results agree bit for
// bit and equal NumPy's clipped take, out-of-range indices included.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); np.save('%t.t.npy', r.standard_normal((500, 96)).astype(np.float32)); np.save('%t.i.npy', r.integers(-600, 600, (7, 33)).astype(np.int32))"
// RUN: axle-run %s --verify --verify-ulps=0 --input=@%t.t.npy --input=@%t.i.npy --output=@%t.g.npy 2>&1 | FileCheck %s
// RUN: %python -c "import numpy as np; t = np.load('%t.t.npy'); i = np.load('%t.i.npy'); print('numpy', np.array_equal(np.load('%t.g.npy'), t[np.clip(i, 0, 499)]))" | FileCheck %s --check-prefix=NUMPY
// RUN: axle-compile %s --emit=object -o %t.o --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=LOOPS

// CHECK: agree
// NUMPY: numpy True

// LOOPS-LABEL: IR Dump After TileAndVectorizePass
// LOOPS: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) = (0, 0, 0) to (7, 33, 96) step (1, 1, 32)
// LOOPS: vector.transfer_read %arg0[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<500x96xf32>, vector<32xf32>

func.func @main(%t: tensor<500x96xf32>, %i: tensor<7x33xi32>) -> tensor<7x33x96xf32> {
  %r = stablehlo.reshape %i : (tensor<7x33xi32>) -> tensor<7x33x1xi32>
  %g = "stablehlo.gather"(%t, %r) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 96>}> : (tensor<500x96xf32>, tensor<7x33x1xi32>) -> tensor<7x33x96xf32>
  return %g : tensor<7x33x96xf32>
}

// Inputs and outputs through .npy files, checked with numpy.
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.array([[1, -2], [3, 2147483647]], dtype=np.int32))"
// RUN: axle-run %s --input=@%t.x.npy --output=@%t.out.npy
// RUN: %python -c "import numpy as np; r = np.load('%t.out.npy'); assert r.dtype == np.int32 and r.tolist() == [[2, -4], [6, -2]], r; print('ok')" | FileCheck %s
// CHECK: ok

// Integer addition wraps: 2147483647 * 2 = -2 in 32 bits.
func.func @main(%a: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = stablehlo.add %a, %a : tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

"""Intermediate buffers written around the caches.

A kernel that only writes an intermediate buffer of 32 MiB or more (here
the 2 x 2048 x 2048 scores of q k^T with their scale, read afterwards by a
row max) writes it with non-temporal stores, followed by a fence
(StreamingStores.cpp); the next kernel, on any thread, must read every
streamed line. The compiled code must give the interpreter's bits at one
and two threads; the values are checked against NumPy too.
"""
import numpy as np

PROGRAM = """func.func public @main(%q: tensor<2x2048x16xf32>, %k: tensor<2x16x2048xf32>)
    -> tensor<2x2048xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0],
      contracting_dims = [2] x [1] : (tensor<2x2048x16xf32>, tensor<2x16x2048xf32>)
      -> tensor<2x2048x2048xf32>
  %c = stablehlo.constant dense<4.0> : tensor<2x2048x2048xf32>
  %d = stablehlo.divide %s, %c : tensor<2x2048x2048xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%d init: %ninf) applies stablehlo.maximum across dimensions = [2]
      : (tensor<2x2048x2048xf32>, tensor<f32>) -> tensor<2x2048xf32>
  return %m : tensor<2x2048xf32>
}
"""


def test_streamed_scores(run_axle):
    rng = np.random.default_rng(3)
    q = rng.standard_normal((2, 2048, 16)).astype(np.float32)
    k = rng.standard_normal((2, 16, 2048)).astype(np.float32)
    reference = run_axle(PROGRAM, [q, k], ["--backend=interpreter"])
    expected = (np.matmul(q.astype(np.float64), k) / 4).max(axis=2)
    assert np.abs(reference - expected).max() <= 1e-5 * np.abs(expected).max()
    for threads in (1, 2):
        compiled = run_axle(PROGRAM, [q, k], [f"--threads={threads}"])
        assert compiled.tobytes() == reference.tobytes(), (
            f"{threads} thread(s): compiled bits differ from the interpreter's")

"""Transposes whose dimensions merge into a swap of two.

A permutation that keeps some dimensions next to each other in both the
input and the output (64 x 256 x 512 by (2, 0, 1) is a 512 x 16384
transpose; NHWC to NCHW swaps H x W with C in each image) is compiled as
that smaller transpose, by 16 x 16 blocks, where the output's rows are at
least as long as the input's (TileAndVectorize.cpp). Data movement is
exact: the compiled result must equal NumPy's transpose, at one and two
threads. Permutations that do not merge into a swap of the two innermost
(the innermost kept, all three reversed, a merged side narrower than 16)
or whose output rows are the shorter (NCHW to NHWC) take the other paths
and are checked the same way.
"""
import numpy as np
import pytest

TRANSPOSE = """func.func public @main(%x: tensor<{shape}x{t}>) -> tensor<{out}x{t}> {{
  %y = stablehlo.transpose %x, dims = [{perm}] : (tensor<{shape}x{t}>) -> tensor<{out}x{t}>
  return %y : tensor<{out}x{t}>
}}
"""


@pytest.mark.parametrize("shape,perm", [
    ((64, 256, 48), (2, 0, 1)),         # 16384 x 48 -> 48 x 16384: merged
    ((48, 40, 64), (1, 2, 0)),          # 48 x 2560 -> 2560 x 48: not
    ((2, 32, 7, 9), (0, 2, 3, 1)),      # NCHW -> NHWC (rows of 32): not
    ((2, 7, 9, 32), (0, 3, 1, 2)),      # NHWC -> NCHW (rows of 63): merged
    ((3, 4, 16, 24, 5), (0, 1, 4, 2, 3)),  # batch 3 x 4, 384 x 5 -> no
    ((16, 32, 40), (1, 0, 2)),          # innermost kept
    ((16, 32, 40), (2, 1, 0)),          # reversed: no two merge
    ((3, 64, 64), (1, 2, 0)),           # a merged side of 3 (< 16)
])
@pytest.mark.parametrize("dtype", ["f32", "i32"])
def test_transpose_matches_numpy(run_axle, shape, perm, dtype):
    rng = np.random.default_rng(len(shape) * 100 + sum(perm))
    numpy_type = {"f32": np.float32, "i32": np.int32}[dtype]
    x = rng.integers(-1000, 1000, shape).astype(numpy_type)
    out = tuple(shape[p] for p in perm)
    program = TRANSPOSE.format(shape="x".join(map(str, shape)),
                               out="x".join(map(str, out)),
                               perm=", ".join(map(str, perm)), t=dtype)
    expected = np.transpose(x, perm)
    for threads in (1, 2):
        got = run_axle(program, [x], ["--backend=cpu", f"--threads={threads}"])
        np.testing.assert_array_equal(got, expected)

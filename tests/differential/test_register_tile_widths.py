"""Contractions with the register tiles of AVX-512 and of AVX2.

The register tile of a matmul or convolution keeps its accumulators in
vector registers (ContractionTiles.cpp): on AVX-512, 16 zmm registers (up to
4 rows x 64 f32); on AVX2, which has 16 ymm registers in all, 8 of them (up
to 4 rows x 16 f32), so the tile's shape, the panels of B and the splits of
m and n that no tile divides all differ between the two. Each element still
adds its products in k order with one fused multiply-add, so both widths
must give the interpreter's bits. Each case runs as code for this CPU and,
on x86-64 CPUs with AVX2, as code for x86-64-v3 (AVX2 without AVX-512) at
one and two threads; the interpreter's results are checked against NumPy
in float64 as well.
"""
import platform

import numpy as np
import pytest

X86 = platform.machine().lower() in ("x86_64", "amd64")


def host_has_avx2():
    try:
        with open("/proc/cpuinfo") as info:
            return " avx2" in info.read()
    except OSError:
        return False


def matmul(m, k, n, t="f32", transposed_b=False, batch=None):
    """A dot_general of an m x k by a k x n (or, transposed, n x k) operand,
    with a leading batch dimension when `batch` is given."""
    lead = f"{batch}x" if batch else ""
    b_shape = f"{lead}{n}x{k}" if transposed_b else f"{lead}{k}x{n}"
    contracting = ("[1] x [1]" if transposed_b else "[1] x [0]") if not batch \
        else ("[2] x [2]" if transposed_b else "[2] x [1]")
    batching = "batching_dims = [0] x [0], " if batch else ""
    return f"""func.func public @main(%a: tensor<{lead}{m}x{k}x{t}>,
                       %b: tensor<{b_shape}x{t}>) -> tensor<{lead}{m}x{n}x{t}> {{
  %c = stablehlo.dot_general %a, %b, {batching}contracting_dims = {contracting}
      : (tensor<{lead}{m}x{k}x{t}>, tensor<{b_shape}x{t}>) -> tensor<{lead}{m}x{n}x{t}>
  return %c : tensor<{lead}{m}x{n}x{t}>
}}
"""


CONVOLUTION = """func.func public @main(%x: tensor<2x12x12x32xf32>,
                       %w: tensor<3x3x32x48xf32>) -> tensor<2x10x10x48xf32> {
  %y = stablehlo.convolution(%x, %w)
      dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
      window = {stride = [1, 1], pad = [[0, 0], [0, 0]]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
      : (tensor<2x12x12x32xf32>, tensor<3x3x32x48xf32>) -> tensor<2x10x10x48xf32>
  return %y : tensor<2x10x10x48xf32>
}
"""


def reference_matmul(a, b, transposed_b):
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    if transposed_b:
        b64 = np.swapaxes(b64, -1, -2)
    return a64 @ b64


def reference_convolution(x, w):
    x64, w64 = x.astype(np.float64), w.astype(np.float64)
    out = np.zeros((2, 10, 10, 48))
    for i in range(3):
        for j in range(3):
            out += np.einsum("bhwc,cf->bhwf", x64[:, i:i + 10, j:j + 10, :],
                             w64[i, j])
    return out


# (m, k, n, element type, transposed B, batch): whole 4 x 16 (AVX2) and
# 4 x 64 (AVX-512) tiles over several k blocks; m and n that no tile
# divides (197 rows, 100 and 1000 columns: split into a tiled part and a
# rest); a narrow n of one ymm register (8 rows of tiles); f64 (4 lanes a
# ymm register); B transposed (packed by 16 x 16 blocks); a batch.
MATMULS = [
    (256, 640, 256, "f32", False, None),
    (197, 96, 100, "f32", False, None),
    (64, 300, 1000, "f32", False, None),
    (64, 128, 8, "f32", False, None),
    (128, 96, 48, "f64", False, None),
    (96, 256, 128, "f32", True, None),
    (64, 32, 128, "f32", False, 3),
]
MATMUL_IDS = ["whole_tiles", "split_m_n", "split_1000", "narrow",
              "f64", "transposed_b", "batched"]
TARGETS = [
    pytest.param([], id="host"),
    pytest.param(["--target-cpu=x86-64-v3"], id="avx2", marks=pytest.mark.skipif(
        not X86 or not host_has_avx2(),
        reason="x86-64-v3 code needs an x86-64 CPU with AVX2")),
]


@pytest.mark.parametrize("case", MATMULS, ids=MATMUL_IDS)
@pytest.mark.parametrize("target", TARGETS)
def test_matmul_tiles_give_the_interpreters_bits(run_axle, case, target):
    m, k, n, t, transposed_b, batch = case
    dtype = np.float32 if t == "f32" else np.float64
    rng = np.random.default_rng(m * 7919 + k * 31 + n)
    lead = (batch,) if batch else ()
    a = rng.standard_normal(lead + (m, k)).astype(dtype)
    b = rng.standard_normal(lead + ((n, k) if transposed_b else (k, n))).astype(
        dtype)
    program = matmul(m, k, n, t, transposed_b, batch)
    expected = run_axle(program, [a, b], ["--backend=interpreter"])
    exact = reference_matmul(a, b, transposed_b)
    tolerance = (1e-4 if t == "f32" else 1e-12) * np.sqrt(k)
    np.testing.assert_allclose(expected, exact, rtol=0, atol=tolerance)
    for threads in (1, 2):
        got = run_axle(program, [a, b],
                       ["--backend=cpu", f"--threads={threads}", *target])
        assert got.tobytes() == expected.tobytes(), (
            f"{threads} thread(s): {np.count_nonzero(got != expected)} of "
            f"{expected.size} differ, worst "
            f"{np.max(np.abs(got.astype(np.float64) - expected))}")


@pytest.mark.parametrize("target", TARGETS)
def test_convolution_tiles_give_the_interpreters_bits(run_axle, target):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 12, 12, 32)).astype(np.float32)
    w = rng.standard_normal((3, 3, 32, 48)).astype(np.float32)
    expected = run_axle(CONVOLUTION, [x, w], ["--backend=interpreter"])
    np.testing.assert_allclose(expected, reference_convolution(x, w), rtol=0,
                               atol=1e-4 * np.sqrt(288))
    for threads in (1, 2):
        got = run_axle(CONVOLUTION, [x, w],
                       ["--backend=cpu", f"--threads={threads}", *target])
        assert got.tobytes() == expected.tobytes(), (
            f"{threads} thread(s): {np.count_nonzero(got != expected)} of "
            f"{expected.size} differ")

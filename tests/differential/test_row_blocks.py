"""Softmax and layer norm over results large enough to be streamed.

Results of 8 MiB or more are written with non-temporal stores, and their
loops over blocks of 16 rows are software-pipelined (PipelineRowBlocks.cpp:
the last pass of block b-1 runs inside an earlier pass of block b, in
parallel chunks). Both reorder work across blocks, never within a row, so
the compiled code must give the interpreter's bits at one and two threads;
the values are checked against NumPy in float64 too.
"""
import json
import subprocess

import numpy as np
import pytest

# The row maxima of %x (rows x columns) and the sums of exp(x - max).
SUMS_OF_EXP_LINES = """  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1]
      : (tensor<{r}x{c}xf32>, tensor<f32>) -> tensor<{r}xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<{r}xf32>) -> tensor<{r}x{c}xf32>
  %shifted = stablehlo.subtract %x, %maxb : tensor<{r}x{c}xf32>
  %e = stablehlo.exponential %shifted : tensor<{r}x{c}xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<{r}x{c}xf32>, tensor<f32>) -> tensor<{r}xf32>
"""

SOFTMAX = ("""func.func public @main(%x: tensor<{r}x{c}xf32>) -> tensor<{r}x{c}xf32> {{
""" + SUMS_OF_EXP_LINES + """  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<{r}xf32>) -> tensor<{r}x{c}xf32>
  %y = stablehlo.divide %e, %sumb : tensor<{r}x{c}xf32>
  return %y : tensor<{r}x{c}xf32>
}}
""")

# The row means of %x (rows x columns), x - mean, and the row variances.
VARIANCE_LINES = """  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<{c}.0> : tensor<{r}xf32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<{r}x{c}xf32>, tensor<f32>) -> tensor<{r}xf32>
  %mean = stablehlo.divide %sum, %n : tensor<{r}xf32>
  %meanb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<{r}xf32>) -> tensor<{r}x{c}xf32>
  %centered = stablehlo.subtract %x, %meanb : tensor<{r}x{c}xf32>
  %square = stablehlo.multiply %centered, %centered : tensor<{r}x{c}xf32>
  %sq = stablehlo.reduce(%square init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<{r}x{c}xf32>, tensor<f32>) -> tensor<{r}xf32>
  %var = stablehlo.divide %sq, %n : tensor<{r}xf32>
"""

LAYERNORM = ("""func.func public @main(%x: tensor<{r}x{c}xf32>, %g: tensor<{c}xf32>,
                       %b: tensor<{c}xf32>) -> tensor<{r}x{c}xf32> {{
""" + VARIANCE_LINES + """  %eps = stablehlo.constant dense<1.0e-5> : tensor<{r}xf32>
  %vareps = stablehlo.add %var, %eps : tensor<{r}xf32>
  %inv = stablehlo.rsqrt %vareps : tensor<{r}xf32>
  %invb = stablehlo.broadcast_in_dim %inv, dims = [0] : (tensor<{r}xf32>) -> tensor<{r}x{c}xf32>
  %normed = stablehlo.multiply %centered, %invb : tensor<{r}x{c}xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<{c}xf32>) -> tensor<{r}x{c}xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<{c}xf32>) -> tensor<{r}x{c}xf32>
  %scaled = stablehlo.multiply %normed, %gb : tensor<{r}x{c}xf32>
  %y = stablehlo.add %scaled, %bb : tensor<{r}x{c}xf32>
  return %y : tensor<{r}x{c}xf32>
}}
""")


def softmax_case(rng):
    rows, cols = 512, 4096  # 8 MiB: streamed; 32 blocks of 16 rows
    x = (rng.standard_normal((rows, cols)) * 6).astype(np.float32)
    x[5, ::3] = -np.inf  # masked scores: exp gives 0
    x[17, :] = 0.0
    xd = x.astype(np.float64)
    e = np.exp(xd - xd.max(axis=1, keepdims=True))
    return SOFTMAX.format(r=rows, c=cols), [x], e / e.sum(axis=1, keepdims=True)


def layernorm_case(rng):
    rows, cols = 2048, 1024  # 8 MiB: streamed; 128 blocks of 16 rows
    x = (rng.standard_normal((rows, cols)) * 3 + 1).astype(np.float32)
    g = rng.standard_normal(cols).astype(np.float32)
    b = rng.standard_normal(cols).astype(np.float32)
    xd = x.astype(np.float64)
    centered = xd - xd.mean(axis=1, keepdims=True)
    normed = centered / np.sqrt((centered**2).mean(axis=1, keepdims=True) +
                                1e-5)
    return LAYERNORM.format(r=rows, c=cols), [x, g, b], normed * g + b


# A softmax over the last dimension of %x (heads x rows x columns), to the
# end of @main.
SOFTMAX_OF_X_3D = """  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2]
      : (tensor<{h}x{r}x{c}xf32>, tensor<f32>) -> tensor<{h}x{r}xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0, 1] : (tensor<{h}x{r}xf32>) -> tensor<{h}x{r}x{c}xf32>
  %shifted = stablehlo.subtract %x, %maxb : tensor<{h}x{r}x{c}xf32>
  %e = stablehlo.exponential %shifted : tensor<{h}x{r}x{c}xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2]
      : (tensor<{h}x{r}x{c}xf32>, tensor<f32>) -> tensor<{h}x{r}xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<{h}x{r}xf32>) -> tensor<{h}x{r}x{c}xf32>
  %y = stablehlo.divide %e, %sumb : tensor<{h}x{r}x{c}xf32>
  return %y : tensor<{h}x{r}x{c}xf32>
}}
"""

BATCHED_SOFTMAX = ("""func.func public @main(%x: tensor<{h}x{r}x{c}xf32>) -> tensor<{h}x{r}x{c}xf32> {{
""" + SOFTMAX_OF_X_3D)


def batched_softmax_case(rng):
    # Attention's shape: a softmax per head; 8 MiB, streamed, and the loop
    # over (head, block of 16 rows) is pipelined per head.
    heads, rows, cols = 4, 128, 4096
    x = (rng.standard_normal((heads, rows, cols)) * 6).astype(np.float32)
    x[1, 3, ::5] = -np.inf
    xd = x.astype(np.float64)
    e = np.exp(xd - xd.max(axis=2, keepdims=True))
    return (BATCHED_SOFTMAX.format(h=heads, r=rows, c=cols), [x],
            e / e.sum(axis=2, keepdims=True))


SCORES_SOFTMAX = ("""func.func public @main(%q: tensor<{h}x{r}x{d}xf32>, %kt: tensor<{h}x{d}x{c}xf32>) -> tensor<{h}x{r}x{c}xf32> {{
  %qk = stablehlo.dot_general %q, %kt, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<{h}x{r}x{d}xf32>, tensor<{h}x{d}x{c}xf32>) -> tensor<{h}x{r}x{c}xf32>
  %scale = stablehlo.constant dense<5.65685415> : tensor<{h}x{r}x{c}xf32>
  %x = stablehlo.divide %qk, %scale : tensor<{h}x{r}x{c}xf32>
""" + SOFTMAX_OF_X_3D)


def scores_softmax_case(rng):
    # Attention's scores, q k^T / sqrt(32) (a matmul kernel of its own),
    # and their softmax: the probabilities are written over the scores
    # (FuseRowBlocks.cpp), each block of rows after it has read them.
    heads, rows, cols, depth = 4, 256, 2048, 32
    q = rng.standard_normal((heads, rows, depth)).astype(np.float32)
    kt = rng.standard_normal((heads, depth, cols)).astype(np.float32)
    s = np.einsum("hrd,hdc->hrc", q.astype(np.float64),
                  kt.astype(np.float64)) / 5.65685415
    e = np.exp(s - s.max(axis=2, keepdims=True))
    return (SCORES_SOFTMAX.format(h=heads, r=rows, c=cols, d=depth), [q, kt],
            e / e.sum(axis=2, keepdims=True))


SUM_OF_EXP = ("""func.func public @main(%x: tensor<{r}x{c}xf32>) -> tensor<{r}xf32> {{
""" + SUMS_OF_EXP_LINES + """  return %sum : tensor<{r}xf32>
}}
""")


def sum_of_exp_case(rng):
    # A cluster whose last op reduces the rows (the sum of exp(x - max),
    # softmax's denominator): blocked too, the rows read from memory once.
    rows, cols = 512, 4096
    x = (rng.standard_normal((rows, cols)) * 6).astype(np.float32)
    x[9, ::4] = -np.inf
    xd = x.astype(np.float64)
    return (SUM_OF_EXP.format(r=rows, c=cols), [x],
            np.exp(xd - xd.max(axis=1, keepdims=True)).sum(axis=1))


VARIANCE = ("""func.func public @main(%x: tensor<{r}x{c}xf32>) -> tensor<{r}xf32> {{
""" + VARIANCE_LINES + """  return %var : tensor<{r}xf32>
}}
""")


def variance_case(rng):
    # The row variances alone: the means, then the sums of squares over the
    # same block of rows while it is in cache.
    rows, cols = 2048, 1024
    x = (rng.standard_normal((rows, cols)) * 3 + 1).astype(np.float32)
    return VARIANCE.format(r=rows, c=cols), [x], x.astype(np.float64).var(axis=1)


LOGSUMEXP = SUM_OF_EXP.replace(
    "  return %sum : tensor<{r}xf32>",
    "  %log = stablehlo.log %sum : tensor<{r}xf32>\n"
    "  %lse = stablehlo.add %log, %max : tensor<{r}xf32>\n"
    "  return %lse : tensor<{r}xf32>")


def logsumexp_case(rng):
    # The row maxima are read inside the cluster and after it: the block
    # loop returns them too.
    rows, cols = 512, 4096
    x = (rng.standard_normal((rows, cols)) * 6).astype(np.float32)
    x[9, ::4] = -np.inf
    xd = x.astype(np.float64)
    m = xd.max(axis=1)
    return (LOGSUMEXP.format(r=rows, c=cols), [x],
            np.log(np.exp(xd - m[:, None]).sum(axis=1)) + m)


CASES = {"softmax": softmax_case, "layernorm": layernorm_case,
         "sum_of_exp": sum_of_exp_case, "variance": variance_case,
         "logsumexp": logsumexp_case,
         "batched_softmax": batched_softmax_case,
         "scores_softmax": scores_softmax_case}


@pytest.mark.parametrize("name", sorted(CASES))
def test_streamed_row_blocks(run_axle, name):
    program, inputs, want = CASES[name](np.random.default_rng(7))
    reference = run_axle(program, inputs, ["--backend=interpreter"])
    # f32 rounding of values up to about 10 (layer norm) or 1 (softmax).
    np.testing.assert_allclose(reference, want, rtol=2e-5, atol=1e-5)
    for threads in (1, 2):
        got = run_axle(program, inputs,
                       ["--backend=cpu", f"--threads={threads}"])
        assert got.tobytes() == reference.tobytes(), (
            f"{threads} thread(s): "
            f"{np.count_nonzero(got != reference)} elements differ")


def test_softmax_takes_the_scores_buffer(build_dir, tmp_path):
    """The scores die in the softmax that reads them, which writes the
    probabilities over them: the scores are computed in the caller's result
    buffer, and no 8 MiB intermediate remains (before: 8.1 MiB planned)."""
    compiler = build_dir / "tools/axle-compile/axle-compile"
    if not compiler.exists():
        pytest.skip(f"axle-compile not built: {compiler} is missing")
    source = tmp_path / "program.mlir"
    program, _, _ = scores_softmax_case(np.random.default_rng(7))
    source.write_text(program)
    result = subprocess.run(
        [str(compiler), str(source), "--report=json", "-o",
         str(tmp_path / "program.o")], capture_output=True, text=True,
        timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)[0]
    scores = 4 * 256 * 2048 * 4
    assert report["peak_bytes"] < scores / 8, report


"""Row reductions over fewer than 16 rows (a batch of logits), and over one.

Blocks of fewer than 16 rows are reduced as the first rows of a 16 x 16
block (TileAndVectorize.cpp, PadRowBlock): each row keeps its own lane and
its order, so the compiled sums must give the interpreter's bits, as must
maxima (partial results across k) and a softmax over such rows; the rest of
a row count that 16 does not divide (40 = 32 + 8, 17 = 16 + 1) takes the
same path. Checked at one and two threads, and against NumPy in float64.
"""
import numpy as np
import pytest

# The softmax of the streamed row-block tests, at other shapes.
from test_row_blocks import SOFTMAX

ROW_REDUCE = """func.func public @main(%x: tensor<{r}x{c}xf32>) -> (tensor<{r}xf32>, tensor<{r}xf32>) {{
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<{r}x{c}xf32>, tensor<f32>) -> tensor<{r}xf32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1]
      : (tensor<{r}x{c}xf32>, tensor<f32>) -> tensor<{r}xf32>
  return %sum, %max : tensor<{r}xf32>, tensor<{r}xf32>
}}
"""


# 2, 3, 8 and 15 rows: one block of that many; 17 and 40: whole blocks of
# 16, then 1 or 8 rows; 100 columns: 96 vectorized, 4 scalar. A single row
# (1, and 17's last) sums as a scalar loop and takes its maximum in
# registers of partial maxima.
@pytest.mark.parametrize("rows", [1, 2, 3, 8, 15, 17, 40])
@pytest.mark.parametrize("cols", [4096, 100])
def test_row_sums_and_maxima(run_axle_results, assert_compiled_bits, rows,
                             cols):
    rng = np.random.default_rng(rows * 1000 + cols)
    x = (rng.standard_normal((rows, cols)) * 100).astype(np.float32)
    x[rows - 1, cols // 3] = np.nan
    x[0, cols - 1] = np.inf
    program = ROW_REDUCE.format(r=rows, c=cols)
    reference = run_axle_results(program, [x], ["--backend=interpreter"])
    xd = x.astype(np.float64)
    np.testing.assert_array_equal(reference[1], x.max(axis=1))
    finite = np.isfinite(xd).all(axis=1)
    bound = cols * 2.0**-24 * np.abs(xd[finite]).sum(axis=1)
    assert np.all(np.abs(reference[0][finite] - xd[finite].sum(axis=1))
                  <= bound)
    assert_compiled_bits(program, [x], reference, ("sums", "maxima"))


# A batch of 8 rows of 32000 logits, with masked entries (the sums of 32000
# terms in order: a relative error of some 1e-5 against float64).
def test_softmax_of_a_few_rows(run_axle):
    rows, cols = 8, 32000
    rng = np.random.default_rng(11)
    x = (rng.standard_normal((rows, cols)) * 6).astype(np.float32)
    x[2, ::7] = -np.inf
    program = SOFTMAX.format(r=rows, c=cols)
    reference = run_axle(program, [x], ["--backend=interpreter"])
    xd = x.astype(np.float64)
    e = np.exp(xd - xd.max(axis=1, keepdims=True))
    np.testing.assert_allclose(reference, e / e.sum(axis=1, keepdims=True),
                               rtol=2e-4, atol=1e-9)
    for threads in (1, 2):
        got = run_axle(program, [x], ["--backend=cpu", f"--threads={threads}"])
        assert got.tobytes() == reference.tobytes(), (
            f"{threads} thread(s): {np.count_nonzero(got != reference)} "
            "elements differ")

"""Row reductions whose bodies compare and select (argmax, argmin).

The compiled code folds 16 rows at a time, one row per vector lane, each
row's elements in order (compiler/codegen/cpu/FoldRowsInLanes.cpp), where
it used to run one scalar chain per row. The results must be the
interpreter's bits at every shape the tiling produces (whole blocks of 16
rows, a short block, a rest of k that stays scalar) and at one and two
threads, and the indices must be NumPy's: the first maximum (minimum) of
each row, or its first NaN.
"""
import numpy as np
import pytest

# jnp.argmax / jnp.argmin along rows as JAX exports them: the value and the
# index of the first extremum, NaN winning. `cmp` is GT or LT, `init` the
# identity of the value.
ARG_EXTREMUM = """func.func public @main(%x: tensor<{r}x{c}x{t}>) -> (tensor<{r}x{t}>, tensor<{r}xi32>) {{
  %iota = stablehlo.iota dim = 1 : tensor<{r}x{c}xi32>
  %init = stablehlo.constant dense<{init}> : tensor<{t}>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %v, %i = stablehlo.reduce(%x init: %init), (%iota init: %zero) across dimensions = [1]
      : (tensor<{r}x{c}x{t}>, tensor<{r}x{c}xi32>, tensor<{t}>, tensor<i32>) -> (tensor<{r}x{t}>, tensor<{r}xi32>)
   reducer(%a: tensor<{t}>, %b: tensor<{t}>) (%ai: tensor<i32>, %bi: tensor<i32>) {{
    %better = stablehlo.compare {cmp}, %a, %b, {ct} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    %nan = stablehlo.compare NE, %a, %a, {ct} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    %pick = stablehlo.or %better, %nan : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, {ct} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    %lower = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lower : tensor<i1>
    %first = stablehlo.or %pick, %tie : tensor<i1>
    %value = stablehlo.select %pick, %a, %b : tensor<i1>, tensor<{t}>
    %index = stablehlo.select %first, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %value, %index : tensor<{t}>, tensor<i32>
  }}
  return %v, %i : tensor<{r}x{t}>, tensor<{r}xi32>
}}
"""

ARGMAX = {"cmp": "GT", "init": "0xFF800000", "t": "f32", "ct": "FLOAT"}
ARGMIN = {"cmp": "LT", "init": "0x7F800000", "t": "f32", "ct": "FLOAT"}


def awkward_rows(rows, cols, seed):
    """Random rows with the cases the body decides: ties (the first wins),
    NaN (the first wins), infinities, zeros of both signs, and rows that
    are constant."""
    rng = np.random.default_rng(seed)
    x = rng.integers(-20, 20, (rows, cols)).astype(np.float32)
    x[0, :] = 3.0
    if rows > 1:
        x[1, cols // 2] = np.nan
        x[1, cols - 1] = np.nan
    if rows > 2:
        x[2, :] = -0.0
        x[2, cols // 3] = 0.0
    if rows > 3:
        x[3, cols // 4] = np.inf
        x[3, 0] = -np.inf
    if rows > 5:
        x[5, :] = -np.inf
    if rows > 7:
        x[7, cols - 1] = np.nan
    return x


def numpy_reference(x, largest):
    """The index of each row's first extremum (first NaN where the row has
    one), from NumPy, and its value."""
    index = np.argmax(x, axis=1) if largest else np.argmin(x, axis=1)
    return x[np.arange(x.shape[0]), index], index.astype(np.int32)


# 16 and 64 rows: whole blocks; 2, 8: one short block; 40: two blocks and
# 8 rows. 16 and 4096 columns: whole steps of 16; 100: 96 vectorized and a
# scalar rest of 4 that continues each row.
@pytest.mark.parametrize("kind", ["argmax", "argmin"])
@pytest.mark.parametrize("rows,cols", [(16, 16), (64, 4096), (2, 4096),
                                       (8, 100), (40, 100), (40, 4096)])
def test_arg_extremum_matches_interpreter_and_numpy(
        run_axle_results, assert_compiled_bits, kind, rows, cols):
    params = ARGMAX if kind == "argmax" else ARGMIN
    program = ARG_EXTREMUM.format(r=rows, c=cols, **params)
    x = awkward_rows(rows, cols, seed=rows * 7919 + cols)
    reference = run_axle_results(program, [x], ["--backend=interpreter"])
    value, index = numpy_reference(x, largest=kind == "argmax")
    np.testing.assert_array_equal(reference[1], index)
    assert reference[0].tobytes() == value.tobytes()
    assert_compiled_bits(program, [x], reference,
                         (f"{kind} values", f"{kind} indices"))


# 16-bit logits (bf16, f16): their blocks travel as the low halves of
# 32-bit lanes through the transpose and are narrowed back at each step.
@pytest.mark.parametrize("dtype", ["bf16", "f16"])
@pytest.mark.parametrize("rows,cols", [(16, 4096), (40, 100)])
def test_argmax_of_16_bit_floats(run_axle_results, assert_compiled_bits,
                                 dtype, rows, cols):
    import ml_dtypes
    numpy_type = {"bf16": ml_dtypes.bfloat16, "f16": np.float16}[dtype]
    minus_infinity = {"bf16": "0xFF80", "f16": "0xFC00"}[dtype]
    program = ARG_EXTREMUM.format(r=rows, c=cols, cmp="GT",
                                  init=minus_infinity, t=dtype, ct="FLOAT")
    wide = awkward_rows(rows, cols, seed=rows + cols)
    x = wide.astype(numpy_type)
    reference = run_axle_results(program, [x], ["--backend=interpreter"])
    # Every value of `wide` is exact in both types, so NumPy's float32
    # argmax is the reference.
    value, index = numpy_reference(wide, largest=True)
    np.testing.assert_array_equal(reference[1], index)
    assert reference[0].tobytes() == value.astype(numpy_type).tobytes()
    assert_compiled_bits(program, [x], reference, ("values", "indices"))


# int8 scores (a quantized classifier's): 8-bit blocks take the same
# widened path; ties keep the first index (the NaN test is never true).
def test_argmax_of_int8(run_axle_results, assert_compiled_bits):
    program = ARG_EXTREMUM.format(r=48, c=160, cmp="GT", init=-128, t="i8",
                                  ct="SIGNED")
    rng = np.random.default_rng(8)
    x = rng.integers(-128, 128, (48, 160)).astype(np.int8)
    x[3, :] = -128
    x[4, 100:] = 127
    reference = run_axle_results(program, [x], ["--backend=interpreter"])
    value, index = numpy_reference(x, largest=True)
    np.testing.assert_array_equal(reference[1], index)
    np.testing.assert_array_equal(reference[0], value)
    assert_compiled_bits(program, [x], reference, ("values", "indices"))


# A scalar the body reads besides the rows (fused into the reduction: the
# scale of x), and a start other than the identity.
SCALED_ARGMAX = """func.func public @main(%x: tensor<32x256xf32>, %s: tensor<f32>, %start: tensor<f32>) -> tensor<32xi32> {
  %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
  %y = stablehlo.multiply %x, %sb : tensor<32x256xf32>
  %iota = stablehlo.iota dim = 1 : tensor<32x256xi32>
  %minus = stablehlo.constant dense<-1> : tensor<i32>
  %v, %i = stablehlo.reduce(%y init: %start), (%iota init: %minus) across dimensions = [1]
      : (tensor<32x256xf32>, tensor<32x256xi32>, tensor<f32>, tensor<i32>) -> (tensor<32xf32>, tensor<32xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %value = stablehlo.select %ge, %a, %b : tensor<i1>, tensor<f32>
    %index = stablehlo.select %ge, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %value, %index : tensor<f32>, tensor<i32>
  }
  return %i : tensor<32xi32>
}
"""


def test_scaled_argmax_with_a_start(run_axle, assert_compiled_bits):
    # Few distinct values: every row has ties, and the fold keeps the
    # first of them, so a step out of order would show.
    rng = np.random.default_rng(5)
    x = rng.integers(-3, 4, (32, 256)).astype(np.float32)
    scale = np.float32(-2.5)
    start = np.float32(1.5)
    reference = run_axle(SCALED_ARGMAX, [x, scale, start],
                         ["--backend=interpreter"])
    # The fold keeps the start (index -1) until an element reaches it; a
    # tie keeps the earlier element. Checked against a plain Python fold.
    y = x * scale
    expected = np.full(32, -1, np.int32)
    for r in range(32):
        best = start
        for c in range(256):
            if not best >= y[r, c]:
                best, expected[r] = y[r, c], c
    np.testing.assert_array_equal(reference, expected)
    assert_compiled_bits(SCALED_ARGMAX, [x, scale, start], [reference],
                         ("indices",))

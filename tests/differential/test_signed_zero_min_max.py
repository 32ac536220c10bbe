"""maximum and minimum order -0 below +0 and propagate NaN (IEEE 754).

StableHLO's maximum and minimum are IEEE 754's: maximum(+0, -0) = +0,
minimum(+0, -0) = -0, a NaN operand gives NaN. Compiled code once
returned the second operand for operands that compare equal (an
expansion into compare-and-select); these programs cover elementwise ops
and row reductions at the vector widths the compiler uses (16 x f32 and
8 x f64 with AVX-512, f16 computed in f32, other widths and scalar tails
elsewhere), against a reference written from the standard's definition.
"""
import platform

import numpy as np
import pytest

SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.5e-45, -3.0e-42,
            3.0e38, -3.0e38, 0.5]


def ieee_max(a, b):
    both_zero = (a == 0) & (b == 0)
    larger = np.where(a > b, a, b)
    zero = np.where(np.signbit(a) & np.signbit(b), -0.0, 0.0).astype(a.dtype)
    result = np.where(both_zero, zero, larger)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, result).astype(a.dtype)


def ieee_min(a, b):
    both_zero = (a == 0) & (b == 0)
    smaller = np.where(a < b, a, b)
    zero = np.where(np.signbit(a) | np.signbit(b), -0.0, 0.0).astype(a.dtype)
    result = np.where(both_zero, zero, smaller)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, result).astype(a.dtype)


def assert_same_values(actual, expected):
    """Equal values, zeros of the same sign, NaN where NaN is expected."""
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    nan = np.isnan(expected)
    assert np.array_equal(np.isnan(actual), nan)
    assert np.array_equal(actual[~nan], expected[~nan])
    assert np.array_equal(np.signbit(actual[~nan]), np.signbit(expected[~nan]))


def special_pairs(dtype, size, rng):
    """Every pair of special values, in both orders, then random values
    with zeros of both signs mixed in; `size` elements."""
    with np.errstate(over="ignore"):  # +-3e38 are +-inf in f16
        grid = np.array(SPECIALS, dtype)
    a = np.repeat(grid, len(grid))
    b = np.tile(grid, len(grid))
    extra = size - len(a)
    ra = rng.standard_normal(extra).astype(dtype)
    rb = rng.standard_normal(extra).astype(dtype)
    ra[rng.random(extra) < 0.3] = 0.0
    rb[rng.random(extra) < 0.3] = -0.0
    return np.concatenate([a, ra]), np.concatenate([b, rb])


ELEMENTWISE = """func.func public @main(%a: tensor<{n}x{t}>, %b: tensor<{n}x{t}>)
    -> (tensor<{n}x{t}>, tensor<{n}x{t}>, tensor<{n}x{t}>, tensor<{n}x{t}>) {{
  %max = stablehlo.maximum %a, %b : tensor<{n}x{t}>
  %min = stablehlo.minimum %a, %b : tensor<{n}x{t}>
  %maxr = stablehlo.maximum %b, %a : tensor<{n}x{t}>
  %minr = stablehlo.minimum %b, %a : tensor<{n}x{t}>
  return %max, %min, %maxr, %minr : tensor<{n}x{t}>, tensor<{n}x{t}>, tensor<{n}x{t}>, tensor<{n}x{t}>
}}
"""

TYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64}
# The interpreter, this CPU's code at one and two threads (vrange on
# AVX-512DQ) and AVX2 code (LLVM's own lowering of llvm.maximum).
X86 = platform.machine().lower() in ("x86_64", "amd64")
BACKENDS = [
    ["--backend=interpreter"], ["--threads=1"], ["--threads=2"],
    pytest.param(["--target-cpu=x86-64-v3"], marks=pytest.mark.skipif(
        not X86, reason="x86-64-v3 code runs on x86-64 CPUs only")),
]
BACKEND_IDS = ["interp", "1t", "2t", "avx2"]


@pytest.mark.parametrize("size", [160, 4099])
@pytest.mark.parametrize("type_name", sorted(TYPES))
@pytest.mark.parametrize("extra", BACKENDS, ids=BACKEND_IDS)
def test_elementwise(run_axle_results, type_name, size, extra):
    dtype = TYPES[type_name]
    a, b = special_pairs(dtype, size, np.random.default_rng(size))
    results = run_axle_results(ELEMENTWISE.format(n=size, t=type_name),
                               [a, b], extra)
    for actual, expected in zip(results, [
            ieee_max(a, b), ieee_min(a, b),
            ieee_max(b, a), ieee_min(b, a)]):
        assert_same_values(actual, expected)


def extrema_program(shape, dims, result, t):
    """@main(x) -> (maximum, minimum) of x (`shape`) over `dims` (into
    `result`), from -inf and +inf, for element type `t`."""
    x_type = "tensor<" + "x".join(map(str, shape)) + f"x{t}>"
    r_type = "tensor<" + "".join(f"{d}x" for d in result) + f"{t}>"
    lines = [f"func.func public @main(%x: {x_type}) -> ({r_type}, {r_type}) {{",
             "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>",
             f"  %ninft = stablehlo.convert %ninf : (tensor<f32>) -> tensor<{t}>",
             f"  %inft = stablehlo.negate %ninft : tensor<{t}>"]
    for name, op, init in [("max", "maximum", "%ninft"),
                           ("min", "minimum", "%inft")]:
        lines.append(f"  %{name} = stablehlo.reduce(%x init: {init}) applies "
                     f"stablehlo.{op} across dimensions = {list(dims)} : "
                     f"({x_type}, tensor<{t}>) -> {r_type}")
    lines += [f"  return %max, %min : {r_type}, {r_type}", "}"]
    return "\n".join(lines) + "\n"


def row_extrema(x):
    """IEEE maximum and minimum of each row of x, folded in order."""
    maxima = np.full(x.shape[0], -np.inf, x.dtype)
    minima = np.full(x.shape[0], np.inf, x.dtype)
    for c in range(x.shape[1]):
        maxima = ieee_max(maxima, x[:, c])
        minima = ieee_min(minima, x[:, c])
    return maxima, minima


def zero_rows(dtype, rows, cols):
    """Rows whose maximum or minimum is a zero of one sign among zeros of
    the other, or a NaN among values; the row index picks the case."""
    x = np.full((rows, cols), -1.0, dtype)
    for r in range(rows):
        case, where = r % 6, (r * 37) % cols
        if case == 0:  # -0 everywhere, one +0: max +0, min -0
            x[r] = -0.0
            x[r, where] = 0.0
        elif case == 1:  # +0 everywhere, one -0: max +0, min -0
            x[r] = 0.0
            x[r, where] = -0.0
        elif case == 2:  # negatives and -0 then +0 late in the row
            x[r, where // 2] = -0.0
            x[r, cols - 1] = 0.0
        elif case == 3:  # one NaN among values
            x[r, where] = np.nan
        elif case == 4:  # positives with one -0 and one +0: min -0
            x[r] = 1.0
            x[r, where] = 0.0
            x[r, (where + 5) % cols] = -0.0
        # case 5: all -1
    return x


@pytest.mark.parametrize("cols", [4096, 100])
@pytest.mark.parametrize("type_name", sorted(TYPES))
@pytest.mark.parametrize("extra", BACKENDS, ids=BACKEND_IDS)
def test_row_reductions(run_axle_results, type_name, cols, extra):
    dtype = TYPES[type_name]
    rows = 48
    x = zero_rows(dtype, rows, cols)
    results = run_axle_results(
        extrema_program((rows, cols), [1], [rows], type_name), [x], extra)
    for actual, expected in zip(results, row_extrema(x)):
        assert_same_values(actual, expected)


@pytest.mark.parametrize("type_name", sorted(TYPES))
@pytest.mark.parametrize("extra", BACKENDS, ids=BACKEND_IDS)
def test_column_reductions(run_axle_results, type_name, extra):
    """The same rows as columns: results across vector lanes."""
    dtype = TYPES[type_name]
    rows, cols = 48, 1000
    x = zero_rows(dtype, rows, cols)
    results = run_axle_results(
        extrema_program((cols, rows), [0], [rows], type_name),
        [np.ascontiguousarray(x.T)], extra)
    for actual, expected in zip(results, row_extrema(x)):
        assert_same_values(actual, expected)


@pytest.mark.parametrize("case", range(5))
@pytest.mark.parametrize("type_name", ["f32", "f64"])
@pytest.mark.parametrize("extra", BACKENDS, ids=BACKEND_IDS)
def test_full_reductions(run_axle_results, type_name, case, extra):
    """64 Ki elements: the chunked schedule of ReduceSchedule.h (32 chunks
    side by side, then their partial results)."""
    dtype = TYPES[type_name]
    # One of zero_rows' cases, as a whole array.
    x = zero_rows(dtype, 6, 256 * 256)[case].reshape(256, 256)
    results = run_axle_results(
        extrema_program((256, 256), [0, 1], [], type_name), [x], extra)
    # IEEE maximum and minimum do not depend on the order: fold the
    # distinct bit patterns, as one row.
    bits = x.ravel().view(np.uint64 if dtype == np.float64 else np.uint32)
    distinct = np.unique(bits).view(dtype)[None, :]
    for actual, expected in zip(results, row_extrema(distinct)):
        assert_same_values(np.asarray(actual).reshape(1), expected)


MATMUL_EPILOGUE = """func.func public @main(%a: tensor<256x64x{t}>, %b: tensor<64x512x{t}>,
                       %y: tensor<256x512x{t}>) -> tensor<256x512x{t}> {{
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<256x64x{t}>, tensor<64x512x{t}>) -> tensor<256x512x{t}>
  %r = stablehlo.{op} %d, %y : tensor<256x512x{t}>
  return %r : tensor<256x512x{t}>
}}
"""


@pytest.mark.parametrize("op", ["maximum", "minimum"])
@pytest.mark.parametrize("type_name", ["f32", "f64"])
@pytest.mark.parametrize("extra", BACKENDS, ids=BACKEND_IDS)
def test_matmul_epilogue(run_axle, type_name, op, extra):
    """maximum and minimum fused into a matmul's register tiles (large
    enough for FuseEpilogues.cpp), which apply them to rows of 64 columns
    (several registers): the products of a zero A are +0, compared with
    zeros of both signs, NaN and values."""
    dtype = TYPES[type_name]
    rng = np.random.default_rng(7)
    a = np.zeros((256, 64), dtype)
    b = rng.standard_normal((64, 512)).astype(dtype)
    y = rng.standard_normal((256, 512)).astype(dtype)
    y[rng.random(y.shape) < 0.3] = -0.0
    y[rng.random(y.shape) < 0.2] = 0.0
    y[rng.random(y.shape) < 0.05] = np.nan
    result = run_axle(MATMUL_EPILOGUE.format(t=type_name, op=op), [a, b, y],
                      extra)
    reference = ieee_max if op == "maximum" else ieee_min
    assert_same_values(result, reference(np.zeros_like(y), y))

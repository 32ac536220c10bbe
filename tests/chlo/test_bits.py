"""next_after, is_inf / is_pos_inf / is_neg_inf, mulhi, conj, square,
constant and constant_like: exact results.

References: next_after against the sorted list of every finite value of the
format (an independent definition of "the neighbour"), mulhi against Python
integers, the rest against numpy. Subnormal x are not used for next_after:
XLA's CPU backend reads them as zero.
"""
import math

import numpy as np
import pytest

from conftest import BF16, FLOAT_TYPES, exact_bits_equal, tensor_type

# ---------------------------------------------------------------------------
# next_after


def all_values(dtype):
    """Every non-NaN value of a 16-bit format, or a dense sample of a wider
    one, sorted, with -0 and +0 kept apart by their bits."""
    bits = np.arange(2 ** 16, dtype=np.uint16).view(dtype)
    with np.errstate(invalid="ignore"):
        return bits[~np.isnan(bits.astype(np.float64))]


def neighbour_reference(x, y, dtype):
    """nextafter by search in the sorted value list (16-bit formats)."""
    values = np.unique(all_values(dtype).astype(np.float64))  # one zero
    xf, yf = float(x), float(y)
    if math.isnan(xf) or math.isnan(yf):
        return math.nan
    if xf == yf:
        return yf
    i = int(np.searchsorted(values, xf))
    return float(values[i + 1] if yf > xf else values[i - 1])


def nextafter_inputs(dtype, rng):
    tiny = float(np.finfo(np.float32).tiny) if dtype in (BF16, np.float32) else \
        float(np.finfo(dtype).tiny)
    big = 3.3e38 if dtype == BF16 else float(np.finfo(dtype).max)
    x = np.concatenate([rng.uniform(-10, 10, 100),
                        np.exp(rng.uniform(math.log(tiny), math.log(big), 100)),
                        [0.0, -0.0, 1.0, -1.0, big, -big, math.inf, -math.inf,
                         math.nan, 2.0, tiny, -tiny]]).astype(dtype)
    y = np.concatenate([rng.uniform(-10, 10, 100),
                        np.exp(rng.uniform(math.log(tiny), math.log(big), 100))
                        * rng.choice([-1, 1], 100),
                        [1.0, -1.0, 0.0, 0.0, math.inf, -math.inf, 0.0, 0.0,
                         1.0, math.nan, 0.0, 0.0]]).astype(dtype)
    return x, y


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
def test_next_after(harness, dtype):
    rng = np.random.default_rng(3)
    x, y = nextafter_inputs(dtype, rng)
    got = harness.binary("next_after", dtype, len(x))(x, y)[0]
    for i in range(len(x)):
        if dtype.itemsize == 2:
            expected = neighbour_reference(x[i], y[i], dtype)
        else:
            with np.errstate(over="ignore"):  # max -> inf is the answer
                expected = float(np.nextafter(x[i], y[i]))
        g = float(got[i])
        if math.isnan(expected):
            assert math.isnan(g), f"next_after({x[i]}, {y[i]}) = {g}, expected NaN"
        else:
            assert g == expected, f"next_after({x[i]!r}, {y[i]!r}) = {g!r}, expected {expected!r}"


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
def test_next_after_signs(harness, dtype):
    """From zero the step goes to the smallest subnormal with y's sign; x == y
    returns y (so next_after(-0, +0) = +0)."""
    x = np.array([0.0, 0.0, -0.0, 0.0], dtype=dtype)
    y = np.array([1.0, -1.0, 0.0, -0.0], dtype=dtype)
    got = harness.binary("next_after", dtype, 4)(x, y)[0]
    smallest = np.array([1], dtype=np.uint16 if dtype.itemsize == 2 else
                        np.uint32 if dtype.itemsize == 4 else np.uint64).view(dtype)[0]
    expected = np.array([smallest, -smallest, 0.0, -0.0], dtype=dtype)
    assert exact_bits_equal(got, expected), f"{got!r} != {expected!r}"


# ---------------------------------------------------------------------------
# is_inf, is_pos_inf, is_neg_inf


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
@pytest.mark.parametrize("op,reference", [
    ("is_inf", np.isinf), ("is_pos_inf", np.isposinf),
    ("is_neg_inf", np.isneginf)])
def test_infinity_tests(harness, op, reference, dtype):
    x = np.array([0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan,
                  -math.nan, 65504.0, -65504.0], dtype=dtype)
    got = harness.unary(op, dtype, len(x), result_dtype=np.bool_)(x)[0]
    np.testing.assert_array_equal(got, reference(x.astype(np.float64)))


# ---------------------------------------------------------------------------
# mulhi

INT_TYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
             np.uint32, np.uint64]


def mulhi_reference(a, b, dtype):
    info = np.iinfo(dtype)
    bits = info.bits
    product = int(a) * int(b)
    high = product >> bits  # floor: the arithmetic shift of the 2N-bit value
    if info.min < 0:
        high = (high + 2 ** (bits - 1)) % 2 ** bits - 2 ** (bits - 1)
    return high


@pytest.mark.parametrize("dtype", INT_TYPES, ids=lambda t: np.dtype(t).name)
def test_mulhi(harness, dtype):
    dtype = np.dtype(dtype)
    info = np.iinfo(dtype)
    rng = np.random.default_rng(5)
    edges = [info.min, info.max, 0, 1, -1 if info.min < 0 else 2,
             info.min + 1, info.max - 1, 2 ** (info.bits // 2)]
    a = np.concatenate([rng.integers(info.min, info.max, 200, dtype=dtype,
                                     endpoint=True),
                        np.repeat(np.array(edges, dtype=dtype), len(edges))])
    b = np.concatenate([rng.integers(info.min, info.max, 200, dtype=dtype,
                                     endpoint=True),
                        np.tile(np.array(edges, dtype=dtype), len(edges))])
    got = harness.binary("mulhi", dtype, len(a))(a, b)[0]
    expected = np.array([mulhi_reference(x, y, dtype) for x, y in zip(a, b)],
                        dtype=dtype)
    np.testing.assert_array_equal(got, expected)


# ---------------------------------------------------------------------------
# conj and square


@pytest.mark.parametrize("dtype", [np.float32, np.complex64, np.complex128],
                         ids=lambda t: np.dtype(t).name)
def test_conj(harness, dtype):
    rng = np.random.default_rng(6)
    x = (rng.normal(size=16) + (1j * rng.normal(size=16)
                                if np.dtype(dtype).kind == "c" else 0)).astype(dtype)
    got = harness.unary("conj", np.dtype(dtype), 16)(x)[0]
    assert exact_bits_equal(got, np.conj(x))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.uint16, np.float16,
                                   np.float32, np.float64, np.complex64,
                                   np.complex128],
                         ids=lambda t: np.dtype(t).name)
def test_square(harness, dtype):
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(8)
    n = 64
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        with np.errstate(over="ignore"):
            expected = x * x  # wraps, as XLA's integer multiply does
        got = harness.unary("square", dtype, n)(x)[0]
        np.testing.assert_array_equal(got, expected)
        return
    if dtype.kind == "c":
        x = (rng.normal(size=n) * 10 + 1j * rng.normal(size=n) * 10).astype(dtype)
        # Nearly equal parts, where a^2 - b^2 cancels.
        x[:8] = (np.arange(1, 9) * (1 + 1e-4) + 1j * np.arange(1, 9)).astype(dtype)
        got = harness.unary("square", dtype, n)(x)[0]
        expected = np.square(x.astype(np.complex256 if hasattr(np, "complex256")
                                      else np.complex128))
        re_tol = 2 * np.finfo(dtype).eps * (np.abs(x.real) + np.abs(x.imag)) ** 2
        assert np.all(np.abs(got.real - expected.real) <= re_tol)
        assert np.all(np.abs(got.imag - expected.imag) <= re_tol)
        return
    x = np.concatenate([rng.normal(size=n - 4) * 10,
                        [0.0, -0.0, math.inf, math.nan]]).astype(dtype)
    got = harness.unary("square", dtype, n)(x)[0]
    np.testing.assert_array_equal(got, x * x)


# ---------------------------------------------------------------------------
# constant and constant_like


def test_constant(harness):
    body = ("  %0 = chlo.constant dense<[1.5, -2.0, 3.25]> : tensor<3xf32>\n"
            "  %1 = chlo.constant dense<7> : tensor<2x2xi16>\n"
            "  return %0, %1 : tensor<3xf32>, tensor<2x2xi16>")
    program = harness.compile(harness.function(
        [], ["tensor<3xf32>", "tensor<2x2xi16>"], body))
    a, b = program()
    np.testing.assert_array_equal(a, np.array([1.5, -2.0, 3.25], np.float32))
    np.testing.assert_array_equal(b, np.full((2, 2), 7, np.int16))


@pytest.mark.parametrize("value,element,dtype", [
    ("2.5 : f32", "f32", np.float32), ("-3 : i64", "i64", np.int64),
    ("true", "i1", np.bool_), ("0x7FC00000 : f32", "f32", np.float32)])
def test_constant_like(harness, value, element, dtype):
    operand = tensor_type((2, 3), np.int32)
    result = f"tensor<2x3x{element}>"
    body = (f"  %0 = \"chlo.constant_like\"(%arg0) {{value = {value}}}"
            f" : ({operand}) -> {result}\n"
            f"  return %0 : {result}")
    program = harness.compile(harness.function([operand], [result], body))
    got = program(np.zeros((2, 3), np.int32))[0]
    assert got.shape == (2, 3) and got.dtype == np.dtype(dtype)
    expected = {"2.5 : f32": 2.5, "-3 : i64": -3, "true": True}.get(value)
    if expected is None:
        assert np.all(np.isnan(got))
    else:
        np.testing.assert_array_equal(got, np.full((2, 3), expected, dtype))

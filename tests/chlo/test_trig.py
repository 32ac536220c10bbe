"""acos, acosh, asin, asinh, atan, atanh, cosh, sinh, tan: real and complex.

Real inputs: each float type, values spread over the domain (including near
the ends where the naive formulas cancel, tiny and huge magnitudes), checked
in ulps of the result type against mpmath. f16 and bf16 are computed in f32
and rounded, so they must be within 1 ulp; f32 and f64 within the limits of
ULPS below. Complex inputs: normwise relative error |got - ref| / |ref| in
units of epsilon, limits in COMPLEX_EPS. Special values (zeros with their
sign, infinities, NaN, the ends of the domain) are checked exactly.
"""
import math

import zlib

import numpy as np
import pytest

from conftest import (COMPLEX_TYPES, FLOAT_TYPES, BF16, assert_within,
                      check_real, complex_errors, exact_bits_equal, mp,
                      reference, sample, subnormals)

N = 256

# Largest error in ulps for f32 / f64 results (f16, bf16: 1 ulp).
ULPS = {"acos": 3, "asin": 3, "atan": 3, "acosh": 3, "asinh": 3,
        "atanh": 3, "cosh": 4, "sinh": 4, "tan": 3}
COMPLEX_EPS = {"acos": 6, "asin": 6, "atan": 8, "acosh": 6, "asinh": 6,
               "atanh": 8, "cosh": 6, "sinh": 6, "tan": 8}

MP = {"acos": mp.acos, "asin": mp.asin, "atan": mp.atan, "acosh": mp.acosh,
      "asinh": mp.asinh, "atanh": mp.atanh, "cosh": mp.cosh, "sinh": mp.sinh,
      "tan": mp.tan}


def largest(dtype):
    return float(np.finfo(dtype).max) if dtype != BF16 else 3.3895e38


def limit(op, dtype):
    return 1 if dtype.itemsize == 2 else ULPS[op]


def inputs(op, dtype, rng):
    """Sample points of op's domain for dtype."""
    big = largest(dtype)
    log_max = math.log(big)
    k = N // 4
    if op in ("acos", "asin", "atanh"):
        near_one = 1 - sample(rng, 1e-7 if dtype.itemsize > 2 else 1e-3, 0.5,
                              k, np.float64, log=True)
        parts = [sample(rng, -1, 1, 2 * k, dtype),
                 near_one.astype(dtype), (-near_one).astype(dtype),
                 sample(rng, 1e-30, 1e-3, k // 2, dtype, log=True)]
    elif op == "acosh":
        parts = [sample(rng, 1, 10, k, dtype),
                 (1 + sample(rng, 1e-6, 1, k, np.float64, log=True)).astype(dtype),
                 sample(rng, 10, big / 2, 2 * k, dtype, log=True)]
    elif op in ("cosh", "sinh"):
        edge = log_max + 0.6  # exp overflows before cosh does
        parts = [sample(rng, -edge, edge, 2 * k, dtype),
                 sample(rng, -1, 1, k, dtype),
                 sample(rng, 1e-20, 1e-2, k, dtype, log=True)]
    elif op == "tan":
        parts = [sample(rng, -10, 10, 3 * k, dtype),
                 sample(rng, 1e-20, 1e-2, k, dtype, log=True)]
    else:  # atan, asinh: the whole line
        wide = sample(rng, 1e-30, min(big, 1e30), 2 * k, dtype, log=True)
        parts = [sample(rng, -10, 10, 2 * k, dtype), wide, -wide]
    if op != "acosh":
        parts.append(subnormals(dtype))
    values = np.concatenate([np.asarray(p, dtype) for p in parts])
    return values[np.isfinite(values.astype(np.float64))]


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
@pytest.mark.parametrize("op", sorted(ULPS))
def test_real_accuracy(harness, op, dtype):
    rng = np.random.default_rng(zlib.crc32(f"{op}-{dtype}".encode()))
    x = inputs(op, dtype, rng)
    program = harness.unary(op, dtype, len(x))
    worst = check_real(program, MP[op], [x], dtype, limit(op, dtype),
                       what=f"{op} {dtype}")
    print(f"{op} {dtype}: max {worst:.2f} ulp")


INF, NAN = math.inf, math.nan
# (input, expected); None means "the mpmath value".
EDGES = {
    "acos": [(1.0, 0.0), (-1.0, None), (0.0, None), (-0.0, None),
             (1.5, NAN), (-1.5, NAN), (INF, NAN), (NAN, NAN)],
    "asin": [(0.0, 0.0), (-0.0, -0.0), (1.0, None), (-1.0, None),
             (1.5, NAN), (INF, NAN), (NAN, NAN)],
    "atan": [(0.0, 0.0), (-0.0, -0.0), (INF, None), (-INF, None),
             (NAN, NAN)],
    "acosh": [(1.0, 0.0), (0.5, NAN), (-1.0, NAN), (INF, INF), (-INF, NAN),
              (NAN, NAN), ("max", None)],
    "asinh": [(0.0, 0.0), (-0.0, -0.0), (INF, INF), (-INF, -INF),
              (NAN, NAN), ("max", None), ("-max", None)],
    "atanh": [(0.0, 0.0), (-0.0, -0.0), (1.0, INF), (-1.0, -INF),
              (2.0, NAN), (-2.0, NAN), (NAN, NAN)],
    "cosh": [(0.0, 1.0), (-0.0, 1.0), (INF, INF), (-INF, INF), (NAN, NAN),
             ("max", INF)],
    "sinh": [(0.0, 0.0), (-0.0, -0.0), (INF, INF), (-INF, -INF),
             (NAN, NAN), ("max", INF), ("-max", -INF)],
    "tan": [(0.0, 0.0), (-0.0, -0.0), (INF, NAN), (-INF, NAN), (NAN, NAN)],
}


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
@pytest.mark.parametrize("op", sorted(EDGES))
def test_real_special_values(harness, op, dtype):
    big = largest(dtype)
    xs = [big if x == "max" else -big if x == "-max" else x
          for x, _ in EDGES[op]]
    x = np.array(xs, dtype=np.float64).astype(dtype)
    got = harness.unary(op, dtype, len(x))(x)[0]
    for i, (_, expected) in enumerate(EDGES[op]):
        if expected is None:
            ref = MP[op](mp.mpf(float(x[i])))
            check_real(harness.unary(op, dtype, 1), MP[op], [x[i:i + 1]],
                       dtype, limit(op, dtype), what=f"{op}({x[i]})")
            continue
        value = got[i]
        if math.isnan(expected):
            assert np.isnan(value), f"{op}({x[i]}) = {value}, expected NaN"
        else:
            assert exact_bits_equal(np.array([value]),
                                    np.array([expected], dtype=dtype)), (
                f"{op}({x[i]}) = {value!r}, expected {expected!r}")


# ---------------------------------------------------------------------------
# Complex arguments


def complex_inputs(op, dtype, rng):
    part = np.float32 if dtype == np.complex64 else np.float64
    k = N // 4
    re = [sample(rng, -4, 4, 2 * k, part),
          sample(rng, 1e-6, 1e6, k, part, log=True) * rng.choice([-1, 1], k),
          1 + sample(rng, -1e-3, 1e-3, k, part)]
    im = [sample(rng, -4, 4, 2 * k, part),
          sample(rng, 1e-6, 1e6, k, part, log=True) * rng.choice([-1, 1], k),
          sample(rng, 1e-5, 1e-2, k, part, log=True) * rng.choice([-1, 1], k)]
    z = np.concatenate(re) + 1j * np.concatenate(im)
    if op in ("cosh", "sinh"):
        # |Re z| beyond ~88 (f32) overflows the result itself.
        z = np.where(np.abs(z.real) < 40, z, z / 1e5)
    if op == "tan":
        z = np.where(np.abs(z.real) < 1e3, z, z / 1e6)
    return z.astype(dtype)


@pytest.mark.parametrize("dtype", COMPLEX_TYPES, ids=str)
@pytest.mark.parametrize("op", sorted(COMPLEX_EPS))
def test_complex_accuracy(harness, op, dtype):
    rng = np.random.default_rng(zlib.crc32(f"{op}-{dtype}-c".encode()))
    z = complex_inputs(op, dtype, rng)
    got = harness.unary(op, dtype, len(z))(z)[0]
    refs = reference(MP[op], [z])
    worst = assert_within(complex_errors(got, refs, dtype), COMPLEX_EPS[op],
                          [z], got, refs, f"{op} {dtype}")
    print(f"{op} {dtype}: max {worst:.2f} eps")


# Values on the real axis and at infinity, where the sign of zero picks the
# side of a branch cut; expected values follow C99 Annex G (as numpy does).
COMPLEX_EDGES = [
    ("asin", 2 + 0j), ("asin", 2 - 0j), ("acos", 2 + 0j), ("acos", 2 - 0j),
    ("acosh", 0.5 + 0j), ("acosh", 0.5 - 0j), ("asinh", 2j), ("atanh", 2 + 0j),
    ("atanh", 2 - 0j), ("atan", 2j + 0.0), ("acos", complex(1, 0)),
    ("asin", complex(0.0, 0.0)), ("sinh", complex(0.0, 0.0)),
    ("cosh", complex(0.0, 0.0)), ("tan", complex(0.0, 0.0)),
    ("asin", complex(math.inf, 1.0)), ("acos", complex(-math.inf, 1.0)),
    ("tan", complex(1.0, 1e4)),
]


@pytest.mark.parametrize("dtype", COMPLEX_TYPES, ids=str)
@pytest.mark.parametrize("op,z", COMPLEX_EDGES)
def test_complex_branch_cuts(harness, op, z, dtype):
    x = np.array([z], dtype=dtype)
    got = complex(harness.unary(op, dtype, 1)(x)[0][0])
    with np.errstate(all="ignore"):
        numpy_op = {"acos": np.arccos, "asin": np.arcsin, "atan": np.arctan,
                    "acosh": np.arccosh, "asinh": np.arcsinh,
                    "atanh": np.arctanh, "sinh": np.sinh, "cosh": np.cosh,
                    "tan": np.tan}[op]
        expected = complex(numpy_op(np.complex128(x[0])))
    for part_got, part_expected in ((got.real, expected.real),
                                    (got.imag, expected.imag)):
        if math.isnan(part_expected):
            assert math.isnan(part_got), f"{op}({z}) = {got}, expected {expected}"
        elif math.isinf(part_expected):
            assert part_got == part_expected, (
                f"{op}({z}) = {got}, expected {expected}")
        elif part_expected == 0:
            assert part_got == 0 and (math.copysign(1, part_got) ==
                                      math.copysign(1, part_expected)), (
                f"{op}({z}) = {got}, expected {expected}")
        else:
            tol = 8 * np.finfo(dtype).eps * abs(part_expected)
            assert abs(part_got - part_expected) <= tol, (
                f"{op}({z}) = {got}, expected {expected}")

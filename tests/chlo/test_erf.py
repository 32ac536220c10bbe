"""erf, erfc, erf_inv and bessel_i1e against mpmath.

f16/bf16 (computed in f32, then rounded): at most 1 ulp. f32 erf and erfc
are axle's recipes, run by axle-run (the legalization keeps them): erf 1 ulp
(0.82 at worst over every f32 input), erfc 2.1 ulp (2.07). f32/f64
otherwise: the limits in ULPS. erfc is checked in relative terms far into its tail (down to
the underflow threshold), where 1 - erf would lose every digit; erf_inv is
checked at inputs within a few ulps of +-1, where it is steep.
"""
import math

import zlib

import numpy as np
import pytest

from conftest import (FLOAT_TYPES, check_real, exact_bits_equal, mp, sample,
                      subnormals, tiny)

ULPS = {"erf": 3, "erfc": 4, "erf_inv": 4, "bessel_i1e": 4}


def i1e(x):
    return mp.besseli(1, x) * mp.exp(-abs(x))


MP = {"erf": mp.erf, "erfc": mp.erfc, "erf_inv": mp.erfinv,
      "bessel_i1e": i1e}


def limit(op, dtype):
    if dtype.itemsize == 2 or (op, dtype) == ("erf", np.dtype(np.float32)):
        return 1
    if (op, dtype) == ("erfc", np.dtype(np.float32)):
        return 2.1
    return ULPS[op]


def inputs(op, dtype, rng):
    small = max(tiny(dtype), 1e-30)
    tiny_values = sample(rng, small, 1e-2, 40, np.float64, log=True)
    if op == "erf":
        parts = [sample(rng, -6, 6, 200, np.float64), tiny_values, -tiny_values]
    elif op == "erfc":
        # Up to where erfc underflows in the format.
        top = {2: 4.5, 4: 10.0, 8: 27.2}[dtype.itemsize]
        parts = [sample(rng, -6, top, 200, np.float64),
                 sample(rng, 0.5, top, 100, np.float64), tiny_values]
    elif op == "erf_inv":
        gap = {2: 1e-3, 4: 1e-7, 8: 1e-15}[dtype.itemsize]
        near = 1 - sample(rng, gap, 0.5, 60, np.float64, log=True)
        parts = [sample(rng, -1, 1, 160, np.float64), near, -near,
                 tiny_values, -tiny_values]
    else:  # bessel_i1e
        wide = sample(rng, small, 1e30, 80, np.float64, log=True)
        parts = [sample(rng, -30, 30, 200, np.float64), wide, -wide]
    with np.errstate(over="ignore"):  # past the range: inf, dropped below
        x = np.concatenate([np.concatenate(parts).astype(dtype),
                            subnormals(dtype)])
    x = x[np.isfinite(x.astype(np.float64))]
    if op == "erf_inv":
        x = x[np.abs(x.astype(np.float64)) < 1]
    return x


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
@pytest.mark.parametrize("op", sorted(ULPS))
def test_accuracy(harness, op, dtype):
    rng = np.random.default_rng(zlib.crc32(f"{op}-{dtype}".encode()))
    x = inputs(op, dtype, rng)
    program = harness.unary(op, dtype, len(x))
    worst = check_real(program, MP[op], [x], dtype, limit(op, dtype),
                       what=f"{op} {dtype}")
    print(f"{op} {dtype}: max {worst:.2f} ulp")


INF, NAN = math.inf, math.nan
EDGES = {
    "erf": [(0.0, 0.0), (-0.0, -0.0), (INF, 1.0), (-INF, -1.0), (NAN, NAN),
            (7.0, 1.0), (-7.0, -1.0)],
    "erfc": [(0.0, 1.0), (-0.0, 1.0), (INF, 0.0), (-INF, 2.0), (NAN, NAN),
             (30.0, 0.0), (-30.0, 2.0)],
    "erf_inv": [(0.0, 0.0), (-0.0, -0.0), (1.0, INF), (-1.0, -INF),
                (1.5, NAN), (-2.0, NAN), (INF, NAN), (NAN, NAN)],
    "bessel_i1e": [(0.0, 0.0), (-0.0, -0.0), (INF, 0.0), (-INF, -0.0),
                   (NAN, NAN)],
}


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
@pytest.mark.parametrize("op", sorted(EDGES))
def test_special_values(harness, op, dtype):
    x = np.array([v for v, _ in EDGES[op]], dtype=np.float64).astype(dtype)
    got = harness.unary(op, dtype, len(x))(x)[0]
    for i, (_, expected) in enumerate(EDGES[op]):
        if math.isnan(expected):
            assert np.isnan(got[i]), f"{op}({x[i]}) = {got[i]}, expected NaN"
        else:
            assert exact_bits_equal(got[i:i + 1],
                                    np.array([expected], dtype=dtype)), (
                f"{op}({x[i]}) = {got[i]!r}, expected {expected!r}")

"""lgamma, digamma, polygamma and zeta against mpmath.

Tolerances: f16/bf16 at most 1 ulp of the result; f32/f64 the limits in
ULPS. Left of 0 lgamma and digamma come from the reflection formula, and
polygamma (n >= 1) from a sum of (x + k)^-(n+1) terms: differences of terms
that cancel near the roots; there the error is measured after an absolute
allowance of ABS_EPS epsilons times the size of those terms.

Conventions (XLA's where mathematics leaves a choice): digamma is NaN at its
poles 0, -1, -2, ... and at -inf; lgamma is +inf at the poles and at -inf;
zeta(s, q) is +inf at s = 1 and at q = 0, -1, ..., NaN for s < 1 and
(a limitation: XLA's values there are wrong too) for q < -16;
polygamma(n, x) is NaN unless n is a non-negative integer.
"""
import math

import zlib

import numpy as np
import pytest

from conftest import (FLOAT_TYPES, check_real, eps, mp, sample, subnormals,
                      tiny)

ULPS = {"lgamma": 4, "digamma": 4, "polygamma": 8, "zeta": 8}
ABS_EPS = 8


def limit(op, dtype):
    return 1 if dtype.itemsize == 2 else ULPS[op]


def largest(dtype):
    return {2: 6e4 if dtype == np.float16 else 3e38, 4: 3e38, 8: 1e308}[
        dtype.itemsize]


def non_integers(rng, lo, hi, n, dtype):
    x = sample(rng, lo, hi, n, dtype)
    return x[x.astype(np.float64) != np.round(x.astype(np.float64))]


def clear_of_underflow(value, dtype):
    """XLA flushes subnormals to zero: where zeta is within 2^(2p) of the
    smallest normal number its smaller terms are subnormal and vanish, so
    such points say nothing about the decomposition and are left out."""
    bits = {2: 11 if dtype == np.float16 else 8, 4: 24, 8: 53}[dtype.itemsize]
    return abs(value) > tiny(dtype) * 2.0 ** (2 * bits)


def zeta_ref(s, q):
    # mpmath's Hurwitz zeta loses digits for large s and q: zeta(30, 446.22)
    # is off by 5e-10 at 50 digits, zeta(30, 14650.37) by 2e-14 even at 120;
    # at 300 digits both agree with direct summation.
    with mp.workdps(300):
        return +mp.zeta(s, q)


def polygamma_ref(n, x):
    with mp.workdps(300):
        return +mp.polygamma(int(n), x)


def shifted_sum_scale(n, x, dtype):
    """Allowance for polygamma at x < 0, computed as n! times a sum of
    (x + k)^-(n+1) terms that cancel: ABS_EPS * eps * n! * sum of |terms|."""
    x = float(x)
    if x >= 0 or n == 0:
        return 0.0
    y = mp.mpf(x)
    m = int(math.ceil(-x))
    terms = mp.fsum(abs(y + k) ** -(n + 1) for k in range(m))
    terms += mp.zeta(n + 1, y + m)
    return ABS_EPS * eps(dtype) * float(mp.factorial(n) * terms)


def lgamma_ref(x):
    return mp.re(mp.loggamma(x)) if x != 0 else mp.inf


def reflection_scale(x, dtype, function):
    """Allowance for x <= 0: ABS_EPS * eps * (size of the reflection terms)."""
    x = float(x)
    if x > 0:
        return 0.0
    y = mp.mpf(x)
    if function == "lgamma":
        terms = abs(mp.re(mp.loggamma(1 - y))) + abs(mp.log(abs(mp.sinpi(y))))
    else:
        terms = abs(mp.digamma(1 - y)) + abs(mp.pi * mp.cospi(y) / mp.sinpi(y))
    return ABS_EPS * eps(dtype) * float(terms)


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
@pytest.mark.parametrize("op", ["lgamma", "digamma"])
def test_gamma_accuracy(harness, op, dtype):
    # A seed that is the same in every run (Python's str hash is not).
    rng = np.random.default_rng(zlib.crc32(f"{op}-{dtype}".encode()))
    top = 30 if dtype.itemsize == 2 and op == "lgamma" else 60
    x = np.concatenate([
        sample(rng, 0.5, 3, 100, dtype),
        sample(rng, 3, top, 100, dtype),
        sample(rng, max(1e-30, tiny(dtype)), 0.5, 40, dtype, log=True),
        sample(rng, top, largest(dtype) / 4, 40, dtype, log=True),
        non_integers(rng, -30, 0, 100, dtype),
        # Near the positive roots: 1 and 2 (lgamma), 1.4616 (digamma).
        sample(rng, 0.97, 1.03, 20, dtype), sample(rng, 1.97, 2.03, 20, dtype),
        sample(rng, 1.45, 1.47, 20, dtype),
        subnormals(dtype)[:3],
    ])
    x = x[np.isfinite(x.astype(np.float64))]
    if dtype.itemsize == 2 and op == "lgamma":
        # lgamma overflows f16 past ~7000; bf16 has the range of f32.
        x = x[np.abs(x.astype(np.float64)) < (7e3 if dtype == np.float16 else 1e36)]
    function = lgamma_ref if op == "lgamma" else mp.digamma
    atol = [reflection_scale(v, dtype, op) for v in x]
    worst = check_real(harness.unary(op, dtype, len(x)), function, [x], dtype,
                       limit(op, dtype), atol=atol, what=f"{op} {dtype}")
    print(f"{op} {dtype}: max {worst:.2f} ulp")


INF, NAN = math.inf, math.nan
EDGES = {
    "lgamma": [(1.0, 0.0), (2.0, 0.0), (0.0, INF), (-0.0, INF), (-1.0, INF),
               (-2.0, INF), (INF, INF), (-INF, INF), (NAN, NAN)],
    "digamma": [(0.0, NAN), (-0.0, NAN), (-1.0, NAN), (-5.0, NAN),
                (-INF, NAN), (INF, INF), (NAN, NAN)],
}


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
@pytest.mark.parametrize("op", sorted(EDGES))
def test_gamma_special_values(harness, op, dtype):
    x = np.array([v for v, _ in EDGES[op]], dtype=np.float64).astype(dtype)
    got = harness.unary(op, dtype, len(x))(x)[0].astype(np.float64)
    for i, (_, expected) in enumerate(EDGES[op]):
        if math.isnan(expected):
            assert math.isnan(got[i]), f"{op}({x[i]}) = {got[i]}, expected NaN"
        else:
            assert got[i] == expected, f"{op}({x[i]}) = {got[i]}, expected {expected}"


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
def test_zeta_accuracy(harness, dtype):
    rng = np.random.default_rng(7 + dtype.itemsize)
    s_values = [1.5, 2.0, 3.0, 4.5, 10.0, 30.0]
    q = np.concatenate([sample(rng, 0.05, 30, 60, dtype),
                        sample(rng, 1e-2, 1e8, 30, dtype, log=True),
                        non_integers(rng, -15.9, 0, 20, dtype)])
    s = np.repeat(np.array(s_values, dtype=dtype), len(q))
    qs = np.tile(q, len(s_values))
    # q < 0 needs an integer s (real powers of negative bases).
    f64 = qs.astype(np.float64)
    keep = np.isfinite(f64) & ((f64 > 0) | (s.astype(np.float64) ==
                                           np.round(s.astype(np.float64))))
    s, qs = s[keep], qs[keep]
    large = np.array([clear_of_underflow(zeta_ref(mp.mpf(float(a)),
                                                  mp.mpf(float(b))), dtype)
                      for a, b in zip(s, qs)])
    s, qs = s[large], qs[large]
    # q < 0 adds (q + k)^-s terms of both signs; they cancel.
    atol = [shifted_sum_scale(int(a) - 1, b, dtype) / float(mp.factorial(int(a) - 1))
            if b < 0 else 0.0 for a, b in zip(s, qs)]
    program = harness.binary("zeta", dtype, len(s))
    worst = check_real(program, zeta_ref, [s, qs], dtype, limit("zeta", dtype),
                       atol=atol, what=f"zeta {dtype}")
    print(f"zeta {dtype}: max {worst:.2f} ulp")


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
def test_zeta_special_values(harness, dtype):
    cases = [((1.0, 2.0), INF), ((0.5, 2.0), NAN), ((-1.0, 2.0), NAN),
             ((2.0, 0.0), INF), ((2.0, -1.0), INF), ((3.0, -3.0), INF),
             ((2.0, -20.5), NAN),
             ((INF, 1.0), 1.0), ((INF, 2.0), 0.0), ((INF, 0.5), INF),
             ((2.0, INF), 0.0), ((NAN, 2.0), NAN), ((2.0, NAN), NAN)]
    s = np.array([c[0][0] for c in cases]).astype(dtype)
    q = np.array([c[0][1] for c in cases]).astype(dtype)
    got = harness.binary("zeta", dtype, len(s))(s, q)[0].astype(np.float64)
    for i, (args, expected) in enumerate(cases):
        if math.isnan(expected):
            assert math.isnan(got[i]), f"zeta{args} = {got[i]}, expected NaN"
        else:
            assert got[i] == expected, f"zeta{args} = {got[i]}, expected {expected}"


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
def test_polygamma_accuracy(harness, dtype):
    rng = np.random.default_rng(11 + dtype.itemsize)
    orders = [0, 1, 2, 3, 4, 7] if dtype.itemsize == 2 else [0, 1, 2, 3, 4, 7, 12]
    x = np.concatenate([sample(rng, 0.1, 20, 40, dtype),
                        sample(rng, 1e-3, 1e3, 20, dtype, log=True),
                        non_integers(rng, -15.5, 0, 20, dtype)])
    n = np.repeat(np.array(orders, dtype=dtype), len(x))
    xs = np.tile(x, len(orders))
    def usable(a, b):
        ref = polygamma_ref(a, mp.mpf(float(b)))
        return abs(ref) < 1e300 and (a == 0 or clear_of_underflow(
            ref / mp.factorial(int(a)), dtype))
    refs_ok = np.array([usable(a, b) for a, b in zip(n, xs)])
    n, xs = n[refs_ok], xs[refs_ok]
    # Left of 0 the terms of both formulas cancel: digamma's reflection for
    # n = 0, the shifted zeta sum for n >= 1.
    atol = [reflection_scale(b, dtype, "digamma") if a == 0 else
            shifted_sum_scale(int(a), b, dtype) for a, b in zip(n, xs)]
    program = harness.binary("polygamma", dtype, len(n))
    worst = check_real(program, polygamma_ref, [n, xs], dtype,
                       limit("polygamma", dtype), atol=atol,
                       what=f"polygamma {dtype}")
    print(f"polygamma {dtype}: max {worst:.2f} ulp")


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=str)
def test_polygamma_special_values(harness, dtype):
    cases = [((1.5, 2.0), NAN), ((-1.0, 2.0), NAN), ((INF, 2.0), NAN),
             ((NAN, 2.0), NAN), ((1.0, 0.0), INF), ((1.0, -2.0), INF),
             ((0.0, 0.0), NAN), ((1.0, NAN), NAN)]
    n = np.array([c[0][0] for c in cases]).astype(dtype)
    x = np.array([c[0][1] for c in cases]).astype(dtype)
    got = harness.binary("polygamma", dtype, len(n))(n, x)[0].astype(np.float64)
    for i, (args, expected) in enumerate(cases):
        if math.isnan(expected):
            assert math.isnan(got[i]), f"polygamma{args} = {got[i]}, expected NaN"
        else:
            assert got[i] == expected, f"polygamma{args} = {got[i]}, expected {expected}"

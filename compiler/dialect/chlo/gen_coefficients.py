#!/usr/bin/env python3
"""Computes the approximation coefficients of the chlo decompositions.

Writes ChloCoefficients.h next to this script. Every table is derived here
from the defining functions with mpmath at 60 digits, so the numbers can be
re-derived and checked:

* Chebyshev interpolants (coefficients of T_k on s in [-1, 1], the first one
  halved so that the series is sum c_k T_k(s) evaluated by Clenshaw's
  recurrence), truncated where the remaining coefficients fall below the
  target precision;
* Lanczos's approximation of gamma, A(x) = c0 + sum_j c_{j+1} / (x + j),
  interpolated at the integers and stored as the ratio P(x) / Q(x) of two
  polynomials with non-negative coefficients (no cancellation for x > 0);
* Bernoulli-number series of digamma's asymptotic expansion and of the
  Euler-Maclaurin tail of the Hurwitz zeta function;
* f32 erf's pieces: polynomials in ascending powers whose coefficients are
  f32 values, fitted one coefficient at a time (each rounded to f32 before
  the rest are refitted to what remains) by least squares with Lawson's
  reweighting towards the minimax error.

Usage: .venv/bin/python compiler/dialect/chlo/gen_coefficients.py
"""

import os

import mpmath as mp
import numpy as np

mp.mp.dps = 60

# Truncation thresholds relative to the largest coefficient: a little under
# half an ulp of each format.
TOL = {"F32": mp.mpf(2) ** -26, "F64": mp.mpf(2) ** -55}


def chebyshev(f, a, b, n=120):
    """Chebyshev interpolant of f on [a, b] at n nodes (variable s in [-1,1])."""
    a, b = mp.mpf(a), mp.mpf(b)
    nodes = [mp.cos(mp.pi * (j + mp.mpf(1) / 2) / n) for j in range(n)]
    values = [f(a + (b - a) * (s + 1) / 2) for s in nodes]
    coeffs = []
    for k in range(n):
        c = mp.fsum(values[j] * mp.cos(mp.pi * k * (j + mp.mpf(1) / 2) / n)
                    for j in range(n)) * 2 / n
        coeffs.append(c)
    coeffs[0] /= 2
    return coeffs


def truncate(coeffs, tol):
    scale = max(abs(c) for c in coeffs)
    last = max(i for i, c in enumerate(coeffs) if abs(c) > tol * scale)
    return coeffs[: last + 1]


def clenshaw(coeffs, s):
    b1 = b2 = mp.mpf(0)
    for c in reversed(coeffs[1:]):
        b1, b2 = c + 2 * s * b1 - b2, b1
    return coeffs[0] + s * b1 - b2


# ---------------------------------------------------------------------------
# The approximated functions. Each takes the mapped variable's preimage.


def erf_over_x_of_t(t):
    """erf(x) / x as a function of t = x^2."""
    if t == 0:
        return 2 / mp.sqrt(mp.pi)
    x = mp.sqrt(t)
    return mp.erf(x) / x


def scaled_erfc_of_u(u):
    """x * erfc(x) * exp(x^2) as a function of u = 1 / x."""
    x = 1 / u
    return x * mp.erfc(x) * mp.exp(x * x)


def erfinv_over_x_of_w(w):
    """erfinv(x) / x as a function of w = -log(1 - x^2)."""
    if w == 0:
        return mp.sqrt(mp.pi) / 2
    x = mp.sqrt(-mp.expm1(-w))
    return mp.erfinv(x) / x


def erfinv_over_x_of_r(r):
    """erfinv(x) / x as a function of r = sqrt(w)."""
    return erfinv_over_x_of_w(r * r)


def i1e_over_y(y):
    if y == 0:
        return mp.mpf(1) / 2
    return mp.besseli(1, y) * mp.exp(-y) / y


def i1e_times_sqrt_of_v(v):
    """sqrt(y) * i1e(y) as a function of v = 1 / y."""
    if v == 0:
        return 1 / mp.sqrt(2 * mp.pi)
    y = 1 / v
    return mp.besseli(1, y) * mp.exp(-y) * mp.sqrt(y)


def lgamma_over_roots(x):
    """lgamma(x) / ((x - 1) (x - 2)), continuous at the roots 1 and 2."""
    if x == 1:
        return mp.euler  # lgamma'(1) / (1 - 2) = -euler / -1
    if x == 2:
        return 1 - mp.euler  # lgamma'(2) / (2 - 1)
    return mp.loggamma(x) / ((x - 1) * (x - 2))


DIGAMMA_ROOT = mp.findroot(mp.digamma, mp.mpf("1.4616321449683623"))


def digamma_over_root(x):
    if x == DIGAMMA_ROOT:
        return mp.psi(1, x)
    return mp.digamma(x) / (x - DIGAMMA_ROOT)


# ---------------------------------------------------------------------------


def pieces(f, bounds, tol, to_var=lambda x: x):
    """Chebyshev fits of f(var) on consecutive [to_var(lo), to_var(hi)],
    padded with zeros to one length."""
    fits = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        a, b = sorted([to_var(mp.mpf(lo)), to_var(mp.mpf(hi))])
        fits.append(truncate(chebyshev(f, a, b), tol))
    width = max(len(c) for c in fits)
    return [c + [mp.mpf(0)] * (width - len(c)) for c in fits]


def lanczos(g, n):
    """Lanczos coefficients c_0..c_{n-1} interpolating gamma at x = 1..n."""
    g = mp.mpf(g)

    def exact_sum(x):
        t = x + g - mp.mpf(1) / 2
        return mp.gamma(x) / (mp.sqrt(2 * mp.pi) * t ** (x - mp.mpf(1) / 2) *
                              mp.exp(-t))

    matrix = mp.matrix(n, n)
    rhs = mp.matrix(n, 1)
    for i in range(n):
        x = mp.mpf(i + 1)
        matrix[i, 0] = 1
        for j in range(1, n):
            matrix[i, j] = 1 / (x + j - 1)
        rhs[i] = exact_sum(x)
    c = mp.lu_solve(matrix, rhs)
    return [c[i] for i in range(n)]


def poly_mul_linear(poly, root_shift):
    """poly(x) * (x + root_shift), ascending coefficients."""
    out = [mp.mpf(0)] * (len(poly) + 1)
    for i, p in enumerate(poly):
        out[i] += p * root_shift
        out[i + 1] += p
    return out


def lanczos_rational(g, n):
    """A(x) = P(x) / Q(x), Q(x) = x (x + 1) ... (x + n - 2)."""
    c = lanczos(g, n)
    q = [mp.mpf(1)]
    for j in range(n - 1):
        q = poly_mul_linear(q, j)
    p = [c[0] * v for v in q]
    for k in range(1, n):
        r = [mp.mpf(1)]
        for j in range(n - 1):
            if j != k - 1:
                r = poly_mul_linear(r, j)
        for i, v in enumerate(r):
            p[i] += c[k] * v
    assert all(v >= 0 for v in p), "Lanczos numerator has a negative term"
    return p, q


def check_lanczos(g, p, q):
    """Largest |lgamma error| of the Lanczos formula on sample points."""
    worst = mp.mpf(0)
    samples = [mp.mpf(k) / 8 for k in range(4, 800)] + \
        [mp.mpf(10) ** k for k in range(3, 30)]
    for x in samples:
        t = x + g - mp.mpf(1) / 2
        a = mp.polyval(p[::-1], x) / mp.polyval(q[::-1], x)
        approx = mp.log(mp.sqrt(2 * mp.pi)) + (x - mp.mpf(1) / 2) * mp.log(t) \
            - t + mp.log(a)
        worst = max(worst, abs(approx - mp.loggamma(x)))
    return worst


# ---------------------------------------------------------------------------
# Output


# f32 erf: |x| in [0, 0.75) as x + x r(x^2), r(t) = erf(sqrt t) / sqrt t - 1;
# [0.75, 1.375) as erf(|x|) itself; [1.375, 2.375) and [2.375, 3.92) as
# 1 - erfc(|x|); from 3.92 on erf rounds to 1. The variable of the last
# three is |x| - center, exact in f32 within the piece (Sterbenz). Each
# bound (up to the last) is the start of the next piece.
ERF_F32_PIECES = [  # (upper bound, center, function of the variable, degree)
    (0.75, None, "erf_over_x_minus_one", 6),
    (1.375, 1.0625, "erf", 8),
    (2.375, 1.875, "erfc", 8),
    (3.92, 3.125, "erfc", 8),
]


def erf_f32_target(kind, v, center):
    if kind == "erf_over_x_minus_one":
        if v == 0:
            return 2 / mp.sqrt(mp.pi) - 1
        t = mp.sqrt(mp.mpf(v))
        return mp.erf(t) / t - 1
    x = mp.mpf(v) + center
    return mp.erf(x) if kind == "erf" else mp.erfc(x)


def fit_f32_polynomial(f, lo, hi, degree, nodes=600, sweeps=30,
                       in_ulps=False):
    """Coefficients (ascending, each an f32 value) of a polynomial in v on
    [lo, hi] close to f in absolute error, or with `in_ulps` in units of
    f32 ULPs of f (where f crosses a power of two within [lo, hi])."""
    k = np.arange(nodes)
    v = (np.cos(np.pi * (k + 0.5) / nodes) + 1) / 2 * (hi - lo) + lo
    remaining = np.array([float(f(x)) for x in v])
    scale = np.ones(nodes)
    if in_ulps:
        _, exponent = np.frexp(np.abs(remaining))
        scale = np.ldexp(1.0, 24 - exponent)
    coeffs = []
    for first in range(degree + 1):
        basis = np.stack([v ** j for j in range(first, degree + 1)], axis=1)
        weights = scale.copy()
        for sweep in range(sweeps):
            solution = np.linalg.lstsq(basis * weights[:, None],
                                       remaining * weights, rcond=None)[0]
            error = np.abs(basis @ solution - remaining) * scale
            # Lawson: weight the nodes by their error, towards equal ripple.
            weights = weights * np.sqrt(error / error.max() + 1e-3)
            weights /= weights.max()
        c = float(np.float32(solution[0]))
        coeffs.append(c)
        remaining = remaining - c * v ** first
    return coeffs


def erf_f32_pieces():
    fits, lower = [], 0.0
    width = max(piece[3] for piece in ERF_F32_PIECES) + 1
    for upper, center, kind, degree in ERF_F32_PIECES:
        if center is None:  # the variable is x^2
            lo, hi, center = lower * lower, upper * upper, 0.0
        else:
            lo, hi = lower - center, upper - center
        f = lambda v, kind=kind, center=center: erf_f32_target(kind, v, center)
        coeffs = fit_f32_polynomial(f, lo, hi, degree)
        fits.append([mp.mpf(c) for c in coeffs] +
                    [mp.mpf(0)] * (width - len(coeffs)))
        lower = upper
    return fits


# f32 erf_inv: erf_inv(x) = x p(w), w = -log(1 - x^2); p as a polynomial in w
# for w below the split, and in sqrt(w) - center above it (up to 4: w stays
# below 16 for every f32 x below 1).
ERF_INV_F32_SPLIT = 6.25
ERF_INV_F32_TAIL_CENTER = 2.5
ERF_INV_F32_DEGREE = 10


def erfinv_over_x_of_w_direct(w):
    w = mp.mpf(w)
    if w == 0:
        return mp.sqrt(mp.pi) / 2
    x = mp.sqrt(-mp.expm1(-w))
    return mp.erfinv(x) / x


def erf_inv_f32_pieces():
    center = ERF_INV_F32_TAIL_CENTER
    central = fit_f32_polynomial(erfinv_over_x_of_w_direct, 0,
                                 ERF_INV_F32_SPLIT, ERF_INV_F32_DEGREE)
    tail = fit_f32_polynomial(
        lambda v: erfinv_over_x_of_w_direct((v + center) ** 2),
        float(mp.sqrt(ERF_INV_F32_SPLIT)) - center, 4 - center,
        ERF_INV_F32_DEGREE)
    return [[mp.mpf(c) for c in central], [mp.mpf(c) for c in tail]]


def fmt(v):
    return mp.nstr(v, 20, min_fixed=-3, max_fixed=3, strip_zeros=False) \
        .replace("e-0", "e-").replace("e+0", "e+")


def emit_array(out, name, values, comment):
    out.append(f"// {comment}")
    out.append(f"inline constexpr double {name}[] = {{")
    for v in values:
        out.append(f"    {fmt(v)},")
    out.append("};")


def emit_table(out, name, rows):
    out.append(f"inline constexpr double {name}[{len(rows)}][{len(rows[0])}] = {{")
    for row in rows:
        out.append("    {")
        for v in row:
            out.append(f"        {fmt(v)},")
        out.append("    },")
    out.append("};")


def emit_pieces(out, name, fits, bounds, comment):
    out.append(f"// {comment}")
    out.append(f"inline constexpr double {name}Bounds[] = {{")
    for b in bounds:
        out.append(f"    {fmt(mp.mpf(b))},")
    out.append("};")
    emit_table(out, name, fits)


def main():
    out = []
    out.append("//===- ChloCoefficients.h - approximation tables "
               "-------------*- C++ -*-===//")
    out.append("//")
    out.append("// GENERATED by gen_coefficients.py from mpmath evaluations "
               "of the defining")
    out.append("// functions; do not edit. Chebyshev tables hold c_k of "
               "sum c_k T_k(s) on")
    out.append("// s in [-1, 1] (c_0 already halved) for each interval "
               "between consecutive")
    out.append("// bounds, zero-padded to one length.")
    out.append("//")
    out.append("//===-------------------------------------------------------"
               "---------------===//")
    out.append("")
    out.append("#ifndef AXLE_COMPILER_DIALECT_CHLO_CHLOCOEFFICIENTS_H")
    out.append("#define AXLE_COMPILER_DIALECT_CHLO_CHLOCOEFFICIENTS_H")
    out.append("")
    out.append("namespace axle::chlo::coeff {")
    out.append("")

    inv = lambda x: 1 / x
    sq = lambda x: x * x
    for prec in ("F32", "F64"):
        tol = TOL[prec]
        fits = pieces(erf_over_x_of_t, [0, 1], tol)
        emit_pieces(out, f"kErfSmall{prec}", fits, [0, 1],
                    "erf(x) / x in t = x^2 on [0, 1]")
        out.append("")
        bounds = [0.5, 1, 2, 4, 10.1] if prec == "F32" else \
            [0.5, 1, 2, 4, 8, 27.3]
        fits = pieces(scaled_erfc_of_u, bounds, tol, inv)
        emit_pieces(out, f"kErfcScaled{prec}", fits, bounds,
                    "x erfc(x) exp(x^2) in u = 1/x, intervals of x")
        out.append("")
        fits = pieces(erfinv_over_x_of_w, [0, 5], tol)
        emit_pieces(out, f"kErfInvCentral{prec}", fits, [0, 5],
                    "erfinv(x) / x in w = -log(1 - x^2) on [0, 5]")
        out.append("")
        bounds = [5, 16.5] if prec == "F32" else [5, 12, 38]
        fits = pieces(erfinv_over_x_of_r, bounds, tol, mp.sqrt)
        emit_pieces(out, f"kErfInvTail{prec}", fits, bounds,
                    "erfinv(x) / x in r = sqrt(w), intervals of w")
        out.append("")
        fits = pieces(i1e_over_y, [0, 4, 8], tol)
        emit_pieces(out, f"kI1eSmall{prec}", fits, [0, 4, 8],
                    "i1e(y) / y on y in [0, 8]")
        out.append("")
        fits = pieces(i1e_times_sqrt_of_v, [0, mp.mpf(1) / 8], tol)
        emit_pieces(out, f"kI1eLarge{prec}", fits, [0, 0.125],
                    "sqrt(y) i1e(y) in v = 1/y on v in [0, 1/8]")
        out.append("")
        fits = pieces(lgamma_over_roots, [0.5, 1.5, 2.5], tol)
        emit_pieces(out, f"kLgammaRoots{prec}", fits, [0.5, 1.5, 2.5],
                    "lgamma(x) / ((x - 1) (x - 2)) on [0.5, 2.5]")
        out.append("")
        fits = pieces(digamma_over_root, [1, 2], tol)
        emit_pieces(out, f"kDigammaRoot{prec}", fits, [1, 2],
                    "digamma(x) / (x - x0) on [1, 2], x0 its positive root")
        out.append("")

    fits = erf_f32_pieces()
    out.append("// f32 erf: upper bounds of |x| for each piece (the last: where "
               "erf rounds")
    out.append("// to 1), the centers c of the last three (variable |x| - c), "
               "and each piece's")
    out.append("// coefficients in ascending powers, f32 values: x + x r(x^2) "
               "on [0, 0.75),")
    out.append("// erf(|x|) on [0.75, 1.375), 1 - erfc(|x|) on [1.375, 2.375) "
               "and [2.375, 3.92).")
    emit_array(out, "kErfF32PieceBounds",
               [mp.mpf(float(np.float32(p[0]))) for p in ERF_F32_PIECES],
               "upper bounds, as f32 values")
    emit_array(out, "kErfF32PieceCenters",
               [mp.mpf(p[1]) for p in ERF_F32_PIECES[1:]], "centers")
    emit_table(out, "kErfF32Pieces", fits)
    out.append("")

    fits = erf_inv_f32_pieces()
    out.append("// f32 erf_inv = x p(w), w = -log(1 - x^2): p's coefficients "
               "(ascending, f32")
    out.append("// values) in w below the split, and in sqrt(w) - center "
               "above it.")
    out.append(f"inline constexpr double kErfInvF32Split = "
               f"{fmt(mp.mpf(ERF_INV_F32_SPLIT))};")
    out.append(f"inline constexpr double kErfInvF32TailCenter = "
               f"{fmt(mp.mpf(ERF_INV_F32_TAIL_CENTER))};")
    emit_table(out, "kErfInvF32Pieces", fits)
    out.append("")

    # Lanczos: (g, n) chosen by scanning g for the smallest error at each n.
    for prec, g, n in (("F32", mp.mpf("4.8"), 7), ("F64", mp.mpf("10.9"), 11)):
        p, q = lanczos_rational(g, n)
        err = check_lanczos(g, p, q)
        assert err < (mp.mpf(2) ** -30 if prec == "F32" else mp.mpf(2) ** -58), err
        out.append(f"// Lanczos gamma, g = {fmt(g)}, n = {n}: A(x) = P(x) / Q(x), "
                   f"ascending powers;")
        out.append(f"// largest lgamma error of the formula: {mp.nstr(err, 3)}.")
        out.append(f"inline constexpr double kLanczosG{prec} = {fmt(g)};")
        emit_array(out, f"kLanczosP{prec}", p, "numerator P(x)")
        emit_array(out, f"kLanczosQ{prec}", q, "denominator Q(x)")
        out.append("")

    out.append("// The positive root of digamma as hi + lo.")
    hi = mp.mpf(float(DIGAMMA_ROOT))
    out.append(f"inline constexpr double kDigammaRootHi = {fmt(hi)};")
    out.append(f"inline constexpr double kDigammaRootLo = "
               f"{fmt(DIGAMMA_ROOT - hi)};")
    out.append("")

    # digamma(y) ~ log y - 1/(2y) - sum_k B_2k / (2k) y^-2k
    emit_array(out, "kDigammaAsymptotic",
               [mp.bernoulli(2 * k) / (2 * k) for k in range(1, 11)],
               "B_2k / (2k), k = 1..10: digamma's asymptotic series")
    out.append("")
    # zeta tail: sum_j B_2j / (2j)! * s (s+1) ... (s+2j-2) a^(-s-2j+1)
    emit_array(out, "kZetaEulerMaclaurin",
               [mp.bernoulli(2 * j) / mp.factorial(2 * j) for j in range(1, 13)],
               "B_2j / (2j)!, j = 1..12: Euler-Maclaurin tail of zeta")
    out.append("")
    out.append("} // namespace axle::chlo::coeff")
    out.append("")
    out.append("#endif // AXLE_COMPILER_DIALECT_CHLO_CHLOCOEFFICIENTS_H")

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "ChloCoefficients.h")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main()

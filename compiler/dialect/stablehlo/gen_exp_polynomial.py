#!/usr/bin/env python3
"""Computes kExpQuotient of F32Exponentials.h: the f32 coefficients of q, of
degree 4, with exp(r) = 1 + r + r^2 q(r) for |r| <= ln2 / 2 (the remainder
of exp's Cody-Waite reduction), fitted to (e^r - 1 - r) / r^2 in absolute
error one coefficient at a time, each rounded to f32 before the rest are
refitted (gen_coefficients.py's fit_f32_polynomial). Prints the C++
initializer and the largest error of 1 + r + r^2 q(r) relative to e^r.

Usage: .venv/bin/python compiler/dialect/stablehlo/gen_exp_polynomial.py
"""

import os
import sys

import mpmath as mp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "chlo"))
from gen_coefficients import fit_f32_polynomial  # noqa: E402
from gen_tanh_table import hex_float  # noqa: E402

mp.mp.dps = 40
DEGREE = 4
# A little past ln2 / 2: the rounding of x log2(e) widens the range of r.
BOUND = float(mp.log(2) / 2) * 1.0001


def quotient(r):
    r = mp.mpf(r)
    if abs(r) < mp.mpf(10) ** -20:
        return mp.mpf(1) / 2
    return (mp.exp(r) - 1 - r) / (r * r)


def main():
    coefficients = fit_f32_polynomial(quotient, -BOUND, BOUND, DEGREE)
    worst = 0
    for r in np.linspace(-BOUND, BOUND, 4001):
        q = sum(mp.mpf(c) * mp.mpf(r) ** k for k, c in enumerate(coefficients))
        approx = 1 + mp.mpf(r) + mp.mpf(r) ** 2 * q
        worst = max(worst, abs(approx / mp.exp(r) - 1))
    print("inline constexpr float kExpQuotient[] = {" +
          ", ".join(hex_float(c) for c in coefficients) + "};")
    print(f"largest relative error: {float(worst):.3g}")


if __name__ == "__main__":
    main()

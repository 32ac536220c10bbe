#!/usr/bin/env python3
"""Measures f32 erf's worst error over every f32 input.

Emulates, in numpy float32 arithmetic (each multiply and add rounded once,
as the decomposition's stablehlo ops are), the evaluation ChloErf.cpp
builds from the pieces in ChloCoefficients.h, for every non-negative f32
value below 4.5 (erf is odd, and 1 from 3.92 on), and compares with the
float64 erf. Prints the worst error in ULP of the exact value and how many
inputs fall in each error band. About three minutes on one core.

Usage: .venv/bin/python compiler/dialect/chlo/check_erf_f32.py
"""

import os
import re

import numpy as np
import scipy.special

F32 = np.float32
HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "ChloCoefficients.h")


def numbers(text):
    return [float(t) for t in re.findall(r"-?[0-9][0-9.e+-]*", text)]


def load_pieces():
    text = open(HEADER).read()

    def array(name):
        body = re.search(name + r"\[\] = \{([^}]*)\}", text).group(1)
        return numbers(body)

    table = re.search(r"kErfF32Pieces\[\d+\]\[\d+\] = \{(.*?)\n\};", text,
                      re.S).group(1)
    coeffs = np.array([numbers(row) for row in
                       re.findall(r"\{([^{}]*)\}", table)])
    assert np.array_equal(coeffs.astype(F32).astype(np.float64), coeffs)
    return (array("kErfF32PieceBounds"), array("kErfF32PieceCenters"),
            coeffs.astype(F32))


def erf_f32(x, bounds, centers, coeffs):
    a = np.abs(x)
    below = [a < F32(b) for b in bounds[:3]]

    def pick(values):
        return np.where(below[0], values[0],
                        np.where(below[1], values[1],
                                 np.where(below[2], values[2], values[3])))

    center = pick([F32(0)] + [F32(c) for c in centers])
    v = np.where(below[0], a * a, a - center)
    p = pick(coeffs[:, -1]).astype(F32)
    for k in range(coeffs.shape[1] - 2, -1, -1):
        p = p * v + pick(coeffs[:, k])
    offset = np.where(below[0], a, np.where(below[1], F32(0), F32(1)))
    scale = np.where(below[0], a, np.where(below[1], F32(1), F32(-1)))
    y = offset + scale * p
    y = np.where(a >= F32(bounds[3]), F32(1), y)
    return np.copysign(y, x)


def main():
    pieces = load_pieces()
    bands = [0, 0.5, 0.51, 0.6, 0.75, 1, 2, np.inf]
    counts = np.zeros(len(bands) - 1, np.int64)
    worst, worst_x = 0.0, None
    end = int(np.array([4.5], F32).view(np.uint32)[0])
    step = 1 << 24
    for start in range(0, end, step):
        x = np.arange(start, min(start + step, end),
                      dtype=np.uint32).view(F32)
        with np.errstate(over="ignore", invalid="ignore"):
            got = erf_f32(x, *pieces).astype(np.float64)
        exact = scipy.special.erf(x.astype(np.float64))
        _, exponent = np.frexp(np.abs(exact))
        ulp = np.maximum(np.ldexp(1.0, exponent - 24), 2.0**-149)
        errors = np.abs(got - exact) / ulp
        i = int(np.argmax(errors))
        if errors[i] > worst:
            worst, worst_x = errors[i], x[i]
        counts += np.histogram(errors, bins=bands)[0]
    print(f"worst {worst:.4f} ULP at x = {worst_x!r}")
    for lo, hi, n in zip(bands, bands[1:], counts):
        print(f"  [{lo}, {hi}) ULP: {n}")


if __name__ == "__main__":
    main()

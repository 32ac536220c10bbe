#!/usr/bin/env python3
"""Computes the piecewise polynomials of axle's f32 erf and erfc.

Writes F32ErfTables.h next to this script. Both pick pieces of a = |x| by
its bits, as tanh does: piece max(0, (bits(a) >> 22) - kErfFirstHalf), the
exponent and the leading significand bit, i.e. halves of a binade from 0.5
up (pieces 1, 2, ...) and everything below 0.5 (piece 0). Tables of 16
entries make each coefficient one register permute per vector on AVX-512
(the entries past the last piece are never read). Piece 0 is shared:
erf(a) = a + a r(a^2), r of degree 5 in v = a^2 on [0, 0.25], fitted in
absolute error (a r is small next to a).

* erf, pieces 1 to 6 (up to kErfOneFrom, the first f32 whose erf rounds
  to 1): erf(c + t) = c0 + t s(t), s of degree 6 in t = a - c (c the
  piece's center, an f32 value; a - c is exact). c0 = erf(c) is kept as
  two f32 values (hi + lo), so that the sum is rounded once at the end;
  s is fitted in absolute error, which is error in ULPs of erf here (erf
  lies in [0.52, 1)).
* erfc, pieces 1 to 9 (up to kErfcZeroFrom, the first f32 whose erfc
  rounds to 0): erfc(a) = exp(-a^2) g(a) with g(a) = erfc(a) exp(a^2),
  smooth and slowly varying (0.62 at 0.5, 0.056 at 10) where erfc spans
  45 binades; g(c + t) of degree 7 in t, fitted in units of f32 ULPs of g.

Every fit takes one coefficient at a time, each rounded to f32 before the
rest are refitted (gen_coefficients.py's fit_f32_polynomial).
compiler/dialect/chlo/check_f32_sweep.py erf / erfc measures the compiled
code over every f32 input.

Usage: .venv/bin/python compiler/dialect/stablehlo/gen_erf_tables.py
"""

import os
import sys

import mpmath as mp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "chlo"))
from gen_coefficients import fit_f32_polynomial  # noqa: E402
from gen_tanh_table import (coefficient_table, f32_from_bits,  # noqa: E402
                            hex_float, table)

mp.mp.dps = 40

ENTRIES = 16
ERF_DEGREE = 7
ERFC_DEGREE = 7
SMALL_DEGREE = 5
SMALL_BELOW = 0.5
SHIFT = 22
# bits(0.5) >> 22 is piece 1's.
FIRST_HALF = (int(np.array([SMALL_BELOW], np.float32).view(np.uint32)[0])
              >> SHIFT) - 1


def first_bits(start, past):
    """The least f32 from `start` on for which `past` holds."""
    bits = int(np.array([start], np.float32).view(np.uint32)[0])
    while not past(f32_from_bits(bits)):
        bits += 1
    return f32_from_bits(bits)


def erfc_zero_from():
    """The least f32 a whose erfc is at most 2^-150 (rounds to +0)."""
    return first_bits(10.0, lambda a: mp.erfc(a) <= mp.mpf(2) ** -150)


def erf_one_from():
    """The least f32 a whose erf is at least 1 - 2^-25 (rounds to 1)."""
    return first_bits(3.8, lambda a: mp.erf(a) >= 1 - mp.mpf(2) ** -25)


def scaled_erfc(a):
    a = mp.mpf(a)
    return mp.erfc(a) * mp.exp(a * a)


def erf_ratio(v):
    """r(v) with erf(a) = a + a r(a^2)."""
    v = mp.mpf(v)
    if v == 0:
        return 2 / mp.sqrt(mp.pi) - 1
    return mp.erf(mp.sqrt(v)) / mp.sqrt(v) - 1


def padded(values):
    """Per-piece values as a table of ENTRIES: the unused pieces are 0."""
    assert len(values) <= ENTRIES
    return values + [0.0] * (ENTRIES - len(values))


def padded_rows(rows, width):
    """Per-piece coefficient rows, each `width` long, as ENTRIES rows."""
    assert len(rows) <= ENTRIES
    rows = [r + [0.0] * (width - len(r)) for r in rows]
    return rows + [[0.0] * width] * (ENTRIES - len(rows))


def piece_bounds(high):
    """(lo, hi, center) of pieces 1, 2, ... up to `high`."""
    j = 1
    while f32_from_bits((FIRST_HALF + j) << SHIFT) < high:
        lo = f32_from_bits((FIRST_HALF + j) << SHIFT)
        hi = min(f32_from_bits((FIRST_HALF + j + 1) << SHIFT), high)
        yield lo, hi, float(np.float32((lo + hi) / 2))
        j += 1


def small_piece():
    return fit_f32_polynomial(erf_ratio, 0.0, SMALL_BELOW * SMALL_BELOW,
                              SMALL_DEGREE)


def erf_pieces(high, small):
    """How many pieces there are, and as tables: centers, rows of
    coefficients 1.. of each piece, c0's high and low parts (piece 0: r's
    coefficients, its constant in the high part)."""
    centers, his, los, rows = [0.0], [small[0]], [0.0], [small[1:]]
    for lo, hi, center in piece_bounds(high):
        exact = mp.erf(center)
        c0 = float(np.float32(exact))
        slope = lambda t, center=center, exact=exact: (
            mp.erf(mp.mpf(t) + center) - exact) / t if t != 0 else \
            2 / mp.sqrt(mp.pi) * mp.exp(-mp.mpf(center) ** 2)
        rows.append(fit_f32_polynomial(slope, lo - center, hi - center,
                                       ERF_DEGREE - 1))
        centers.append(center)
        his.append(c0)
        los.append(float(np.float32(exact - c0)))
    return (len(rows), padded(centers), padded_rows(rows, ERF_DEGREE),
            padded(his), padded(los))


def erfc_pieces(high, small):
    """How many pieces there are, and as tables: centers and rows of
    coefficients (piece 0: r's)."""
    centers, rows = [0.0], [small]
    for lo, hi, center in piece_bounds(high):
        rows.append(fit_f32_polynomial(
            lambda t, center=center: scaled_erfc(mp.mpf(t) + center),
            lo - center, hi - center, ERFC_DEGREE, in_ulps=True))
        centers.append(center)
    return len(rows), padded(centers), padded_rows(rows, ERFC_DEGREE + 1)


def main():
    one_from, zero_from = erf_one_from(), erfc_zero_from()
    small = small_piece()
    erf_used, erf_centers, erf_rows, erf_his, erf_los = erf_pieces(one_from,
                                                                   small)
    erfc_used, erfc_centers, erfc_rows = erfc_pieces(zero_from, small)
    out = [
        "//===- F32ErfTables.h - the pieces of f32 erf and erfc ----------*- "
        "C++ -*-===//",
        "//",
        "// GENERATED by gen_erf_tables.py; do not edit. Piece j of a = |x| "
        "is",
        "// max(0, (bits(a) >> 22) - kErfFirstHalf). Its polynomials are in "
        "v = a^2",
        "// (piece 0) or v = a - c (c the piece's center); coefficient k is "
        "at",
        "// [k][j]. erf's constant terms are split in a high and a low "
        "part.",
        "//",
        "//===-----------------------------------------------------------"
        "-----------===//",
        "",
        "#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_F32ERFTABLES_H",
        "#define AXLE_COMPILER_DIALECT_STABLEHLO_F32ERFTABLES_H",
        "",
        "namespace axle::f32math {",
        "",
        "// clang-format off",
        f"inline constexpr int kErfEntries = {ENTRIES};",
        f"inline constexpr int kErfShift = {SHIFT};",
        f"inline constexpr int kErfFirstHalf = {FIRST_HALF};",
        f"inline constexpr float kErfSmallBelow = {hex_float(SMALL_BELOW)};",
        "",
        "// erf: c0 + v s(v), s of degree kErfDegree - 1 (coefficients 1..)",
        f"inline constexpr int kErfPieces = {erf_used};",
        f"inline constexpr int kErfDegree = {ERF_DEGREE};",
        f"inline constexpr float kErfOneFrom = {hex_float(one_from)};",
    ]
    out += table("kErfCenters", erf_centers)
    out += table("kErfConstantHigh", erf_his)
    out += table("kErfConstantLow", erf_los)
    out += coefficient_table("kErfSlope", erf_rows)
    out += [
        "",
        "// erfc: polynomials of degree kErfcDegree (piece 0: erf's r)",
        f"inline constexpr int kErfcPieces = {erfc_used};",
        f"inline constexpr int kErfcDegree = {ERFC_DEGREE};",
        f"inline constexpr float kErfcZeroFrom = {hex_float(zero_from)};",
    ]
    out += table("kErfcCenters", erfc_centers)
    out += coefficient_table("kErfcCoefficients", erfc_rows)
    out += ["// clang-format on", "", "} // namespace axle::f32math", "",
            "#endif // AXLE_COMPILER_DIALECT_STABLEHLO_F32ERFTABLES_H", ""]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "F32ErfTables.h")
    with open(path, "w") as f:
        f.write("\n".join(out))
    print("wrote", path)


if __name__ == "__main__":
    main()

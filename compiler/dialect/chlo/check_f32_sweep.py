#!/usr/bin/env python3
"""Measures a compiled f32 chlo function's error over every f32 input of a
range.

Compiles `chlo.<op>` on 2^24 elements into a shared library with
axle-compile, runs it (through ctypes, one thread) on every f32 value from
0 to the range's end, both ends included, and compares with scipy's float64
function. Prints the worst error in ULP of the exact value and how many
inputs fall in each error band. Odd functions need only the non-negative
half; --negative sweeps from -0 to minus the end instead (erfc). About a
minute per 2^30 inputs on one core.

Usage: .venv/bin/python compiler/dialect/chlo/check_f32_sweep.py erf_inv 1
       (op: erf, erfc, erf_inv or tanh; end of the range; --negative;
       --build-dir=build)
"""

import argparse
import ctypes
import pathlib
import subprocess
import tempfile

import numpy as np
import scipy.special

CHUNK = 1 << 24
# op: (the MLIR operation, the float64 reference)
REFERENCES = {"erf": ("chlo.erf", scipy.special.erf),
              "erfc": ("chlo.erfc", scipy.special.erfc),
              "erf_inv": ("chlo.erf_inv", scipy.special.erfinv),
              "tanh": ("stablehlo.tanh", np.tanh)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("op", choices=sorted(REFERENCES))
    parser.add_argument("end", type=float)
    parser.add_argument("--negative", action="store_true")
    parser.add_argument("--build-dir", default="build")
    args = parser.parse_args()
    compiler = pathlib.Path(args.build_dir) / "tools/axle-compile/axle-compile"
    with tempfile.TemporaryDirectory() as folder:
        t = f"tensor<{CHUNK}xf32>"
        source = pathlib.Path(folder) / "f.mlir"
        operation = REFERENCES[args.op][0]
        # chlo's unary ops print their result type too, stablehlo's not.
        signature = f"{t} -> {t}" if operation.startswith("chlo.") else t
        source.write_text(f"func.func @main(%x: {t}) -> {t} {{\n"
                          f"  %0 = {operation} %x : {signature}\n"
                          f"  return %0 : {t}\n}}\n")
        library = pathlib.Path(folder) / "f.so"
        subprocess.run([str(compiler), str(source), "--emit=shared-lib",
                        "-o", str(library)], check=True)
        entry = ctypes.CDLL(str(library)).axle_entry_main
    result = np.empty(CHUNK, np.float32)
    bands = [0, 0.5, 0.75, 1, 1.5, 2, 3, np.inf]
    counts = np.zeros(len(bands) - 1, np.int64)
    worst, worst_x = 0.0, None
    last = int(np.array([args.end], np.float32).view(np.uint32)[0])
    for start in range(0, last + 1, CHUNK):
        bits = np.minimum(np.arange(start, start + CHUNK, dtype=np.uint32),
                          last)
        if args.negative:
            bits |= np.uint32(0x80000000)
        x = np.ascontiguousarray(bits.view(np.float32))
        entry((ctypes.c_void_p * 2)(x.ctypes.data, result.ctypes.data))
        got = result.astype(np.float64)
        exact = REFERENCES[args.op][1](x.astype(np.float64))
        finite = np.isfinite(exact)
        if not np.array_equal(got[~finite], exact[~finite], equal_nan=True):
            print("non-finite results differ, e.g. at x =",
                  x[~finite][got[~finite] != exact[~finite]][:5])
        _, exponent = np.frexp(np.abs(exact[finite]))
        ulp = np.maximum(np.ldexp(1.0, exponent - 24), 2.0**-149)
        errors = np.abs(got[finite] - exact[finite]) / ulp
        i = int(np.argmax(errors))
        if errors[i] > worst:
            worst, worst_x = errors[i], x[finite][i]
        counts += np.histogram(errors, bins=bands)[0]
    print(f"{args.op}: worst {worst:.4f} ULP at x = {worst_x!r}")
    for lo, hi, n in zip(bands, bands[1:], counts):
        print(f"  [{lo}, {hi}) ULP: {n}")


if __name__ == "__main__":
    main()

"""The reversed cumulative folds of reverse_cumulative_scan.mlir in f32,
computed by NumPy in the order the specification allows and axle uses
(compiler/dialect/stablehlo/CumulativeWindow.h): output i of a line is
x[i] + (x[i + 1] + (... + (x[n - 1] + init))), each step rounded to f32,
all lines at once; compared bit for bit with axle's outputs (NaN positions
compared as NaN). With the window's own order, the sums would differ in
their last bits (the check prints how many)."""
import sys

import numpy as np


def same(got, want):
    nan = np.isnan(want)
    return bool(np.array_equal(np.isnan(got), nan) and
                np.array_equal(got[~nan].view(np.int32),
                               want[~nan].view(np.int32)))


def folds_from_end(x, axis, start, combine):
    lines = np.moveaxis(x, axis, -1)
    out = np.empty_like(lines)
    acc = np.full(lines.shape[:-1], start, np.float32)
    for i in reversed(range(lines.shape[-1])):
        acc = combine(lines[..., i], acc)
        out[..., i] = acc
    return np.moveaxis(out, -1, axis)


def window_order_sums(x):
    """Output i folded as the window reads: ((0 + x[i]) + x[i + 1]) + ..."""
    out = np.empty_like(x)
    for i in range(x.shape[1]):
        acc = np.zeros(x.shape[0], np.float32)
        for j in range(i, x.shape[1]):
            acc = (acc + x[:, j]).astype(np.float32)
        out[:, i] = acc
    return out


add = lambda a, b: (a + b).astype(np.float32)
x, sums, y, maxima, z, middle = (np.load(path) for path in sys.argv[1:7])
want = folds_from_end(x, 1, 0.0, add)
print("rcumsum", same(sums, want))
print("rcummax", same(maxima, folds_from_end(y, 0, -np.inf, np.maximum)))
print("rcumsum_middle", same(middle, folds_from_end(z, 1, 0.0, add)))
window = window_order_sums(x)
differ = int(np.count_nonzero(window.view(np.int32) != want.view(np.int32)))
print("window order differs in", "some" if differ else "no", "elements")

"""The window folds of cumulative_scan.mlir in f32, computed one element at
a time by NumPy (all rows at once), compared bit for bit with axle's
outputs (NaN positions compared as NaN)."""
import sys

import numpy as np


def same(got, want):
    nan = np.isnan(want)
    return bool(np.array_equal(np.isnan(got), nan) and
                np.array_equal(got[~nan].view(np.int32),
                               want[~nan].view(np.int32)))


def window_folds(x, start, combine):
    """Output i of each row: the init value, n - 1 - i padding elements
    (init values), then x[0..i], folded in that order."""
    rows = x.reshape(-1, x.shape[-1])
    n = rows.shape[1]
    out = np.empty_like(rows)
    for i in range(n):
        acc = np.full(rows.shape[0], start, np.float32)
        for _ in range(n - 1 - i):
            acc = combine(acc, np.float32(start))
        for j in range(i + 1):
            acc = combine(acc, rows[:, j])
        out[:, i] = acc
    return out.reshape(x.shape)


x_path, s_path, y_path, m_path, o_path = sys.argv[1:]
x, y = np.load(x_path), np.load(y_path)
with np.errstate(all="ignore"):
    add = lambda a, b: (a + b).astype(np.float32)
    print("cumsum", same(np.load(s_path), window_folds(x, 0.0, add)))
    print("cummax", same(np.load(m_path), window_folds(y, -np.inf, np.maximum)))
    print("cumsum_from_one", same(np.load(o_path), window_folds(x, 1.0, add)))

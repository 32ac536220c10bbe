"""top_k of top_k.mlir's inputs by NumPy's stable sort, descending in
total order (float bits mapped to an order-preserving integer key), checked
bit for bit against axle's values and indices."""
import sys

import numpy as np

x_path, v_path, i_path, y_path, w_path, j_path = sys.argv[1:]
x = np.load(x_path)
bits = x.view(np.int32).astype(np.int64)
# Total order: -NaN < -inf < ... < -0 < +0 < ... < inf < NaN.
key = np.where(bits < 0, -(bits & 0x7FFFFFFF) - 1, bits)
order = np.argsort(-key, axis=-1, kind="stable")[..., :7]
values = np.take_along_axis(x, order, -1)
print("float", np.array_equal(order, np.load(i_path)),
      np.array_equal(values.view(np.int32), np.load(v_path).view(np.int32)))
y = np.load(y_path)
order = np.argsort(-y.astype(np.int64), axis=-1, kind="stable")[..., :5]
print("int", np.array_equal(order, np.load(j_path)),
      np.array_equal(np.take_along_axis(y, order, -1), np.load(w_path)))

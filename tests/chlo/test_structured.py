"""top_k, ragged_dot and scan against numpy (and, for ragged_dot, jax's own
lax.ragged_dot_general as a check of the reference).

top_k must match exactly: values sorted descending in total order (NaN above
+inf, -NaN below -inf, -0 below +0), equal values with the lower index
first. ragged_dot: f32 within 1e-5 relative, f64 within 1e-12, integers
exact. scan: exact for integers, 1e-6 relative for f32.
"""
import math

import numpy as np
import pytest

from conftest import tensor_type

# ---------------------------------------------------------------------------
# top_k


def total_order_key(values):
    """An int64 key whose order is IEEE total order (for floats), the value
    itself for integers and booleans."""
    values = np.asarray(values)
    if values.dtype.kind in "iub":
        return values.astype(np.int64) if values.dtype != np.uint64 else \
            values.astype(np.float64)
    width = values.dtype.itemsize * 8
    bits = values.view(f"u{values.dtype.itemsize}")
    sign = (bits >> np.array(width - 1, bits.dtype)).astype(np.int64)
    magnitude = (bits & np.array((1 << (width - 1)) - 1, bits.dtype)).astype(np.int64)
    return np.where(sign == 1, -magnitude - 1, magnitude)


def top_k_reference(x, k):
    key = total_order_key(x)
    order = np.argsort(-key, axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(x, order, axis=-1), order.astype(np.int32)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64,
                                   np.int8, np.int32, np.uint16, np.uint64,
                                   np.bool_],
                         ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("shape,k", [((7,), 3), ((4, 9), 4), ((2, 3, 5), 5),
                                     ((3, 6), 0)])
def test_top_k(harness, dtype, shape, k):
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(13)
    if dtype == np.bool_:
        x = rng.integers(0, 2, shape).astype(bool)
    elif dtype.kind in "iu":
        info = np.iinfo(dtype)
        # Few distinct values, so that ties occur.
        x = rng.choice(np.array([info.min, 0, 1, 5, info.max], dtype=dtype), shape)
    else:
        pool = np.array([1.0, -1.0, 0.0, -0.0, 2.5, math.inf, -math.inf,
                         math.nan, -math.nan, 1.0], dtype=dtype)
        x = rng.choice(pool, shape)
        x.flat[: min(3, x.size)] = rng.normal(size=min(3, x.size))
    out_shape = shape[:-1] + (k,)
    t = tensor_type(shape, dtype)
    vt = tensor_type(out_shape, dtype)
    it = tensor_type(out_shape, np.int32)
    body = (f"  %values, %indices = chlo.top_k(%arg0, k = {k}) : {t} -> ({vt}, {it})\n"
            f"  return %values, %indices : {vt}, {it}")
    program = harness.compile(harness.function([t], [vt, it], body))
    values, indices = program(x)
    ref_values, ref_indices = top_k_reference(x, k)
    np.testing.assert_array_equal(indices, ref_indices)
    assert values.tobytes() == ref_values.tobytes(), f"{values} != {ref_values}"


# ---------------------------------------------------------------------------
# ragged_dot


def ragged_attr(lb, rb, lc, rc, lr, rg):
    lists = {"lhs_batching_dimensions": lb, "rhs_batching_dimensions": rb,
             "lhs_contracting_dimensions": lc, "rhs_contracting_dimensions": rc,
             "lhs_ragged_dimensions": lr, "rhs_group_dimensions": rg}
    return "#chlo.ragged_dot<" + ", ".join(
        f"{k} = [{', '.join(map(str, v))}]" for k, v in lists.items()) + ">"


def groups_of(sizes, length):
    """[(start, end)] of each group, clipped to the dimension."""
    out, start = [], 0
    for size in sizes:
        end = start + int(size)
        out.append((min(start, length), min(end, length)))
        start = end
    return out


def ragged_program(harness, lhs, rhs, sizes, out_shape, out_dtype, dims):
    lt = tensor_type(lhs.shape, lhs.dtype)
    rt = tensor_type(rhs.shape, rhs.dtype)
    gt = tensor_type(sizes.shape, sizes.dtype)
    ot = tensor_type(out_shape, out_dtype)
    body = (f"  %0 = \"chlo.ragged_dot\"(%arg0, %arg1, %arg2) "
            f"{{ragged_dot_dimension_numbers = {ragged_attr(*dims)}, "
            f"precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]}}"
            f" : ({lt}, {rt}, {gt}) -> {ot}\n  return %0 : {ot}")
    return harness.compile(harness.function([lt, rt, gt], [ot], body))


def close(got, expected):
    if got.dtype.kind in "iu":
        np.testing.assert_array_equal(got, expected)
    else:
        tol = 1e-5 if got.dtype == np.float32 else 1e-12
        np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32],
                         ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("sizes", [[2, 3, 2], [0, 7, 0], [1, 2, 1], [4, 4, 4]],
                         ids=str)
def test_ragged_dot_non_contracting(harness, dtype, sizes):
    """[b,m,k] x [g,b,k,n] -> [b,m,n]; m = 7 rows split by group sizes."""
    rng = np.random.default_rng(14)
    b, m, k, n, g = 2, 7, 5, 3, len(sizes)
    lhs = rng.integers(-5, 5, (b, m, k)).astype(dtype)
    rhs = rng.integers(-5, 5, (g, b, k, n)).astype(dtype)
    gs = np.array(sizes, np.int64)
    expected = np.zeros((b, m, n), dtype)
    for gi, (start, end) in enumerate(groups_of(sizes, m)):
        for bi in range(b):
            expected[bi, start:end] = lhs[bi, start:end] @ rhs[gi, bi]
    got = ragged_program(harness, lhs, rhs, gs, (b, m, n), dtype,
                         ([0], [1], [2], [2], [1], [0]))(lhs, rhs, gs)[0]
    close(got, expected)


def test_ragged_dot_per_batch_sizes(harness):
    """group_sizes [b, g]: each batch entry has its own split."""
    rng = np.random.default_rng(15)
    b, m, k, n, g = 2, 6, 4, 3, 2
    lhs = rng.normal(size=(b, m, k)).astype(np.float32)
    rhs = rng.normal(size=(g, b, k, n)).astype(np.float32)
    gs = np.array([[1, 5], [4, 1]], np.int32)
    expected = np.zeros((b, m, n), np.float32)
    for bi in range(b):
        for gi, (start, end) in enumerate(groups_of(gs[bi], m)):
            expected[bi, start:end] = lhs[bi, start:end] @ rhs[gi, bi]
    got = ragged_program(harness, lhs, rhs, gs, (b, m, n), np.float32,
                         ([0], [1], [2], [2], [1], [0]))(lhs, rhs, gs)[0]
    close(got, expected)


def test_ragged_dot_matches_jax(harness):
    """The numpy reference above agrees with jax's ragged_dot on [m,k] x
    [g,k,n] (a check of the reference semantics)."""
    import jax
    rng = np.random.default_rng(16)
    lhs = rng.normal(size=(9, 4)).astype(np.float32)
    rhs = rng.normal(size=(3, 4, 5)).astype(np.float32)
    gs = np.array([3, 0, 4], np.int32)
    expected = np.asarray(jax.lax.ragged_dot(lhs, rhs, gs))
    got = ragged_program(harness, lhs, rhs, gs, (9, 5), np.float32,
                         ([], [], [1], [1], [0], [0]))(lhs, rhs, gs)[0]
    close(got, expected)


@pytest.mark.parametrize("sizes", [[2, 3], [1, 1, 4], [6, 0]], ids=str)
def test_ragged_dot_contracting(harness, sizes):
    """[b,m,k] x [b,k,n] -> [g,b,m,n]: group i contracts its slice of k."""
    rng = np.random.default_rng(17)
    b, m, k, n, g = 2, 3, 6, 4, len(sizes)
    lhs = rng.normal(size=(b, m, k))
    rhs = rng.normal(size=(b, k, n))
    rhs[:, -1, :] = np.inf  # the last k is in no group when sizes sum to 5
    gs = np.array(sizes, np.int32)
    expected = np.zeros((g, b, m, n))
    for gi, (start, end) in enumerate(groups_of(sizes, k)):
        for bi in range(b):
            expected[gi, bi] = lhs[bi, :, start:end] @ rhs[bi, start:end]
    got = ragged_program(harness, lhs, rhs, gs, (g, b, m, n), np.float64,
                         ([0], [0], [2], [1], [2], []))(lhs, rhs, gs)[0]
    close(got, expected)


def test_ragged_dot_batch(harness):
    """A ragged batch dimension: a plain batched product."""
    rng = np.random.default_rng(18)
    lhs = rng.normal(size=(5, 2, 3)).astype(np.float32)
    rhs = rng.normal(size=(5, 3, 4)).astype(np.float32)
    gs = np.array([1, 2], np.int32)
    got = ragged_program(harness, lhs, rhs, gs, (5, 2, 4), np.float32,
                         ([0], [0], [2], [1], [0], []))(lhs, rhs, gs)[0]
    close(got, np.einsum("bmk,bkn->bmn", lhs, rhs))


# ---------------------------------------------------------------------------
# scan


def scan_program(harness, inputs, inits, out_types, body, dimension,
                 attributes="", scan_attrs=""):
    in_types = [tensor_type(a.shape, a.dtype) for a in inputs + inits]
    result_types = out_types
    n = len(inputs + inits)
    args = ", ".join(f"%arg{i}" for i in range(len(inputs)))
    init_args = ", ".join(f"%arg{len(inputs) + i}" for i in range(len(inits)))
    results = len(result_types)
    text = (f"  %0:{results} = chlo.scan({args}) inits({init_args}) "
            f"dimension={dimension}{scan_attrs} {{\n{body}\n  }} : "
            f"({', '.join(in_types)}) -> ({', '.join(result_types)})\n"
            f"  return {', '.join(f'%0#{i}' for i in range(results))} : "
            f"{', '.join(result_types)}")
    assert n == len(in_types)
    return harness.compile(harness.function(in_types, result_types, text))


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("dimension", [0, 1])
def test_scan_cumulative_sum(harness, reverse, dimension):
    x = np.arange(1, 13, dtype=np.int32).reshape(3, 4)
    carry_shape = (4,) if dimension == 0 else (3,)
    init = np.full(carry_shape, 10, np.int32)
    ct = tensor_type(carry_shape, np.int32)
    body = (f"  ^bb0(%x: {ct}, %c: {ct}):\n"
            f"    %s = stablehlo.add %x, %c : {ct}\n"
            f"    stablehlo.return %s, %s : {ct}, {ct}")
    attrs = " attributes {is_reverse = true}" if reverse else ""
    program = scan_program(harness, [x], [init],
                           [tensor_type((3, 4), np.int32), ct], body,
                           dimension, scan_attrs=attrs)
    outputs, final = program(x, init)
    moved = np.moveaxis(x, dimension, 0)
    if reverse:
        expected = np.flip(np.cumsum(np.flip(moved, 0), 0), 0) + 10
    else:
        expected = np.cumsum(moved, 0) + 10
    np.testing.assert_array_equal(outputs, np.moveaxis(expected, 0, dimension))
    np.testing.assert_array_equal(final, moved.sum(0) + 10)


def test_scan_running_max_with_index(harness):
    """Two inputs and two carries: running maximum and where it was seen
    (ties keep the later index), like cummax."""
    x = np.array([3.0, 1.0, 4.0, 4.0, 5.0, -math.inf, 2.0], np.float32)
    idx = np.arange(7, dtype=np.int32)
    v0 = np.array(-math.inf, np.float32)
    i0 = np.array(0, np.int32)
    body = """  ^bb0(%v: tensor<f32>, %i: tensor<i32>, %rv: tensor<f32>, %ri: tensor<i32>):
    %ge = stablehlo.compare GE, %v, %rv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nv = stablehlo.select %ge, %v, %rv : tensor<i1>, tensor<f32>
    %ni = stablehlo.select %ge, %i, %ri : tensor<i1>, tensor<i32>
    stablehlo.return %nv, %ni, %nv, %ni : tensor<f32>, tensor<i32>, tensor<f32>, tensor<i32>"""
    program = scan_program(harness, [x, idx], [v0, i0],
                           ["tensor<7xf32>", "tensor<7xi32>", "tensor<f32>",
                            "tensor<i32>"], body, 0)
    values, indices, last_value, last_index = program(x, idx, v0, i0)
    expected_values, expected_indices, best, where = [], [], -math.inf, 0
    for i, v in enumerate(x):
        if v >= best:
            best, where = v, i
        expected_values.append(best)
        expected_indices.append(where)
    np.testing.assert_array_equal(values, np.array(expected_values, np.float32))
    np.testing.assert_array_equal(indices, np.array(expected_indices, np.int32))
    assert last_value == 5.0 and last_index == 4


def test_scan_without_inputs(harness):
    """No inputs: scan_dim_size gives the length; the carry counts up and
    the output records it (a recurrence, here Fibonacci)."""
    body = """  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %a, %b, %s : tensor<i64>, tensor<i64>, tensor<i64>"""
    program = scan_program(harness, [], [np.array(0, np.int64),
                                         np.array(1, np.int64)],
                           ["tensor<10xi64>", "tensor<i64>", "tensor<i64>"],
                           body, 0, scan_attrs=" attributes {scan_dim_size = 10 : i64}")
    outputs, a, b = program(np.array(0, np.int64), np.array(1, np.int64))
    fib = [0, 1]
    while len(fib) < 12:
        fib.append(fib[-1] + fib[-2])
    np.testing.assert_array_equal(outputs, np.array(fib[:10]))
    assert (int(a), int(b)) == (fib[10], fib[11])


def test_scan_body_with_chlo(harness):
    """chlo ops inside the body are decomposed too."""
    x = np.linspace(0.5, 3.0, 6).astype(np.float32)
    init = np.array(0.0, np.float32)
    body = """  ^bb0(%x: tensor<f32>, %c: tensor<f32>):
    %l = chlo.lgamma %x : tensor<f32> -> tensor<f32>
    %s = stablehlo.add %c, %l : tensor<f32>
    stablehlo.return %s, %s : tensor<f32>, tensor<f32>"""
    program = scan_program(harness, [x], [init], ["tensor<6xf32>", "tensor<f32>"],
                           body, 0)
    outputs, total = program(x, init)
    expected = np.cumsum([math.lgamma(float(v)) for v in x])
    np.testing.assert_allclose(outputs, expected, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(total, expected[-1], rtol=1e-6)

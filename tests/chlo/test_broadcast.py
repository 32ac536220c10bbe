"""Broadcasting binary ops, broadcast_compare, broadcast_select and
broadcast_complex against numpy broadcasting, with and without
`broadcast_dimensions`.

Integer semantics follow XLA (the project's convention): division rounds
toward zero, x / 0 = -1 and x % 0 = x; shifts by the bit width or more give 0
(sign fill for the arithmetic right shift). Float results must be exact
except float division (1 ulp: XLA's CPU backend may divide through a
reciprocal) and the transcendental ones (atan2, power, next_after, polygamma,
zeta), which must match (within 4e-7) numpy or the same-shape op applied to
operands that were broadcast first.
"""
import math

import numpy as np
import pytest

from conftest import tensor_type

# (lhs shape, rhs shape, broadcast_dimensions or None, result shape)
SHAPES = [
    ((3, 4), (4,), None, (3, 4)),
    ((3, 1, 5), (4, 1), None, (3, 4, 5)),
    ((1,), (2, 3), None, (2, 3)),
    ((2, 3, 4), (3,), [1], (2, 3, 4)),
    ((5,), (5, 2), [0], (5, 2)),
    ((2, 1, 4), (3, 1), [1, 2], (2, 3, 4)),
    ((), (2, 2), [], (2, 2)),
]


def attr(dims):
    if dims is None:
        return ""
    return " {broadcast_dimensions = array<i64" + \
        "".join(f"{': ' if i == 0 else ', '}{d}" for i, d in enumerate(dims)) + ">}"


def numpy_broadcast(x, dims, rank):
    """Expands x to `rank` dimensions as the op's broadcast rule says."""
    if dims is None or x.ndim == rank:
        return x.reshape((1,) * (rank - x.ndim) + x.shape)
    shape = [1] * rank
    for i, d in enumerate(dims):
        shape[d] = x.shape[i]
    return x.reshape(shape)


def program(harness, op, lhs_shape, rhs_shape, dims, result_shape, dtype,
            result_dtype=None, extra=""):
    lt, rt = tensor_type(lhs_shape, dtype), tensor_type(rhs_shape, dtype)
    out = tensor_type(result_shape, result_dtype or dtype)
    attrs = attr(dims)
    if extra:
        attrs = " {" + extra + (", " + attrs[2:-1] if attrs else "") + "}"
    body = (f"  %0 = chlo.{op} %arg0, %arg1{attrs} : ({lt}, {rt}) -> {out}\n"
            f"  return %0 : {out}")
    return harness.compile(harness.function([lt, rt], [out], body))


def operands(rng, lhs_shape, rhs_shape, dtype, positive=False):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return (rng.integers(0, 2, lhs_shape).astype(bool),
                rng.integers(0, 2, rhs_shape).astype(bool))
    if dtype.kind in "iu":
        lo = 1 if positive else -50
        return (rng.integers(lo, 50, lhs_shape).astype(dtype),
                rng.integers(lo, 50, rhs_shape).astype(dtype))
    lo = 0.1 if positive else -4
    return (rng.uniform(lo, 4, lhs_shape).astype(dtype),
            rng.uniform(lo, 4, rhs_shape).astype(dtype))


def xla_int_div(a, b):
    q = np.trunc(a.astype(np.float64) / np.where(b == 0, 1, b)).astype(a.dtype)
    return np.where(b == 0, np.array(-1).astype(a.dtype), q)


def xla_int_rem(a, b):
    r = np.fmod(a, np.where(b == 0, 1, b))
    return np.where(b == 0, a, r)


REFERENCES = {
    "broadcast_add": np.add, "broadcast_subtract": np.subtract,
    "broadcast_multiply": np.multiply, "broadcast_maximum": np.maximum,
    "broadcast_minimum": np.minimum, "broadcast_and": np.bitwise_and,
    "broadcast_or": np.bitwise_or, "broadcast_xor": np.bitwise_xor,
}


BITWISE = ("broadcast_and", "broadcast_or", "broadcast_xor")
# Each op with the element types it accepts (no subtract on booleans, no
# bitwise ops on floats).
OP_TYPES = [(op, dtype) for op in sorted(REFERENCES)
            for dtype in (np.float32, np.int32, np.bool_)
            if not (dtype == np.bool_ and op == "broadcast_subtract")
            and not (dtype == np.float32 and op in BITWISE)]


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("op,dtype", OP_TYPES,
                         ids=lambda v: v if isinstance(v, str) else np.dtype(v).name)
def test_elementwise(harness, op, dtype, shapes):
    lhs_shape, rhs_shape, dims, result_shape = shapes
    rng = np.random.default_rng(1)
    a, b = operands(rng, lhs_shape, rhs_shape, dtype)
    got = program(harness, op, lhs_shape, rhs_shape, dims, result_shape,
                  dtype)(a, b)[0]
    rank = len(result_shape)
    expected = REFERENCES[op](numpy_broadcast(a, dims, rank),
                              numpy_broadcast(b, dims, rank))
    np.testing.assert_array_equal(got, np.broadcast_to(expected, result_shape))


@pytest.mark.parametrize("shapes", SHAPES[:4], ids=str)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8],
                         ids=lambda t: np.dtype(t).name)
def test_divide_and_remainder(harness, dtype, shapes):
    lhs_shape, rhs_shape, dims, result_shape = shapes
    rng = np.random.default_rng(2)
    a, b = operands(rng, lhs_shape, rhs_shape, dtype)
    if np.dtype(dtype).kind in "iu":
        b.flat[0] = 0  # XLA: x / 0 = -1, x % 0 = x
    rank = len(result_shape)
    ab = numpy_broadcast(a, dims, rank)
    bb = numpy_broadcast(b, dims, rank)
    for op in ("broadcast_divide", "broadcast_remainder"):
        got = program(harness, op, lhs_shape, rhs_shape, dims, result_shape,
                      dtype)(a, b)[0]
        if np.dtype(dtype).kind in "iu":
            ab2, bb2 = np.broadcast_arrays(ab, bb)
            expected = (xla_int_div if op == "broadcast_divide"
                        else xla_int_rem)(ab2, bb2)
        else:
            expected = np.divide(ab, bb) if op == "broadcast_divide" else np.fmod(ab, bb)
            # XLA's CPU backend may divide through a reciprocal: 1 ulp.
            np.testing.assert_allclose(got, np.broadcast_to(expected, result_shape),
                                       rtol=2 * np.finfo(dtype).eps, atol=0)
            continue
        np.testing.assert_array_equal(got, np.broadcast_to(expected, result_shape))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.uint16],
                         ids=lambda t: np.dtype(t).name)
def test_shifts(harness, dtype):
    dtype = np.dtype(dtype)
    bits = dtype.itemsize * 8
    rng = np.random.default_rng(4)
    info = np.iinfo(dtype)
    a = rng.integers(info.min, info.max, (3, 5), dtype=dtype, endpoint=True)
    b = np.array([0, 1, bits - 1, bits, bits + 3], dtype=dtype)
    for op in ("broadcast_shift_left", "broadcast_shift_right_arithmetic",
               "broadcast_shift_right_logical"):
        got = program(harness, op, (3, 5), (5,), None, (3, 5), dtype)(a, b)[0]
        expected = np.zeros((3, 5), dtype)
        for i in range(3):
            for j in range(5):
                x, s = int(a[i, j]), int(b[j])
                unsigned = x % 2 ** bits
                if op == "broadcast_shift_left":
                    r = (unsigned << s) % 2 ** bits if s < bits else 0
                elif op == "broadcast_shift_right_logical":
                    r = unsigned >> s if s < bits else 0
                else:
                    signed = x if info.min < 0 else (
                        unsigned - 2 ** bits if unsigned >= 2 ** (bits - 1) else unsigned)
                    r = signed >> min(s, bits - 1)
                expected[i, j] = np.array(r % 2 ** bits, np.uint64).astype(dtype)
        np.testing.assert_array_equal(got, expected, err_msg=op)


DIRECTIONS = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less,
              "LE": np.less_equal, "GT": np.greater, "GE": np.greater_equal}


@pytest.mark.parametrize("direction", sorted(DIRECTIONS))
@pytest.mark.parametrize("dtype,compare_type", [
    (np.float32, "FLOAT"), (np.int32, "SIGNED"), (np.uint8, "UNSIGNED"),
    (np.float64, None)], ids=str)
def test_compare(harness, direction, dtype, compare_type):
    lhs_shape, rhs_shape, dims, result_shape = SHAPES[3]
    rng = np.random.default_rng(9)
    a, b = operands(rng, lhs_shape, rhs_shape, dtype)
    a.flat[:3] = b.flat[:3]  # some equal pairs
    extra = f"comparison_direction = #chlo<comparison_direction {direction}>"
    if compare_type:
        extra += f", compare_type = #chlo<comparison_type {compare_type}>"
    got = program(harness, "broadcast_compare", lhs_shape, rhs_shape, dims,
                  result_shape, dtype, result_dtype=np.bool_, extra=extra)(a, b)[0]
    expected = DIRECTIONS[direction](numpy_broadcast(a, dims, 3),
                                     numpy_broadcast(b, dims, 3))
    np.testing.assert_array_equal(got, expected)


def test_select(harness):
    pred_t = tensor_type((4, 1), np.bool_)
    on_true_t = tensor_type((3,), np.float32)
    on_false_t = tensor_type((), np.float32)
    out_t = tensor_type((4, 3), np.float32)
    body = (f"  %0 = chlo.broadcast_select %arg0, %arg1, %arg2 : "
            f"({pred_t}, {on_true_t}, {on_false_t}) -> {out_t}\n"
            f"  return %0 : {out_t}")
    compiled = harness.compile(harness.function(
        [pred_t, on_true_t, on_false_t], [out_t], body))
    pred = np.array([[True], [False], [True], [False]])
    on_true = np.array([1.0, 2.0, 3.0], np.float32)
    on_false = np.array(-7.0, np.float32)
    got = compiled(pred, on_true, on_false)[0]
    np.testing.assert_array_equal(got, np.where(pred, on_true, on_false))


@pytest.mark.parametrize("dtype", [np.float32, np.float64],
                         ids=lambda t: np.dtype(t).name)
def test_complex(harness, dtype):
    lhs_shape, rhs_shape, dims, result_shape = SHAPES[0]
    rng = np.random.default_rng(10)
    a, b = operands(rng, lhs_shape, rhs_shape, dtype)
    result_dtype = np.complex64 if dtype == np.float32 else np.complex128
    got = program(harness, "broadcast_complex", lhs_shape, rhs_shape, dims,
                  result_shape, dtype, result_dtype=result_dtype)(a, b)[0]
    np.testing.assert_array_equal(got, a + 1j * b)


@pytest.mark.parametrize("op,chlo_op", [
    ("broadcast_atan2", "atan2"), ("broadcast_power", "power"),
    ("broadcast_next_after", "next_after"),
    ("broadcast_polygamma", "polygamma"), ("broadcast_zeta", "zeta")])
@pytest.mark.parametrize("shapes", SHAPES[:4], ids=str)
def test_functions_match_unbroadcast_form(harness, op, chlo_op, shapes):
    """The broadcasting form equals the same-shape form on operands that
    were broadcast first (numpy.broadcast_to)."""
    lhs_shape, rhs_shape, dims, result_shape = shapes
    rng = np.random.default_rng(12)
    a, b = operands(rng, lhs_shape, rhs_shape, np.float32, positive=True)
    if op == "broadcast_polygamma":
        a = np.round(a)  # integer orders
    if op == "broadcast_zeta":
        a = a + 1.5  # s > 1
    got = program(harness, op, lhs_shape, rhs_shape, dims, result_shape,
                  np.float32)(a, b)[0]
    rank = len(result_shape)
    ab = np.ascontiguousarray(np.broadcast_to(numpy_broadcast(a, dims, rank), result_shape))
    bb = np.ascontiguousarray(np.broadcast_to(numpy_broadcast(b, dims, rank), result_shape))
    if chlo_op in ("atan2", "power"):
        expected = np.arctan2(ab, bb) if chlo_op == "atan2" else np.power(ab, bb)
        np.testing.assert_allclose(got, expected, rtol=4e-7)
        return
    flat = harness.binary(chlo_op, np.dtype(np.float32), ab.size)(
        ab.reshape(-1), bb.reshape(-1))[0]
    # Two XLA compilations may vectorize pow/exp differently: a few ulps.
    np.testing.assert_allclose(got, flat.reshape(result_shape), rtol=4e-7,
                               atol=0)

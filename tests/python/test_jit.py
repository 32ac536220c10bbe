"""axle.jit against jax.jit: the same functions, the same inputs, the same
results (integers and booleans exactly, floats within a tolerance fitting
the op), plus the jit wrapper's own behaviour: caching, static arguments,
pytrees, JAX arrays in and out, weak types and x64 narrowing.

The package comes from scripts/setup.sh (pip install into .venv).
"""
import collections

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from jax import lax

import axle

rng = np.random.default_rng(7)


@pytest.fixture(autouse=True)
def default_x64_mode():
    """Each test runs in JAX's default 32-bit mode: tests/chlo turns on
    jax_enable_x64 for the whole process when pytest collects it, and these
    tests check what a user gets by default (float64 narrowed to float32).
    Tests of x64 mode turn it on themselves with jax.enable_x64(True)."""
    previous = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", False)
    try:
        yield
    finally:
        jax.config.update("jax_enable_x64", previous)


def f32(*shape, low=-2.0, high=2.0):
    return rng.uniform(low, high, shape).astype(np.float32)


def i32(*shape, low=-100, high=100):
    return rng.integers(low, high, shape, dtype=np.int32)


def u32(*shape):
    return rng.integers(0, 2**32, shape, dtype=np.uint32)


def c64(*shape):
    return (f32(*shape) + 1j * f32(*shape)).astype(np.complex64)


# Float tolerances (rtol, atol): exact rounding for arithmetic, a few ULP
# for transcendental functions, summation-order slack for reductions and
# products.
EXACT = (0, 0)
ELEMENTWISE = (1e-6, 1e-6)
TRANSCENDENTAL = (2e-6, 1e-6)
REDUCTION = (1e-5, 1e-5)
MATMUL = (2e-5, 2e-5)

Point = collections.namedtuple("Point", "x y")


def _conv2d(x, w):
    return lax.conv_general_dilated(
        x, w, window_strides=(1, 1), padding="SAME",
        dimension_numbers=("NHWC", "HWIO", "NHWC"))


def _conv1d_strided(x, w):
    return lax.conv_general_dilated(
        x, w, window_strides=(2,), padding=((1, 1),),
        dimension_numbers=("NWC", "WIO", "NWC"))


def _fori(x):
    return lax.fori_loop(0, 5, lambda i, acc: acc * 0.5 + jnp.sin(acc) + i, x)


def _while(n):
    def cond(state):
        i, _ = state
        return i < n

    def body(state):
        i, acc = state
        return i + 1, acc + i * i

    return lax.while_loop(cond, body, (jnp.int32(0), jnp.int32(0)))[1]


def _cond(p, x):
    return lax.cond(p > 0, lambda v: jnp.exp(v), lambda v: -v * 2.0, x)


def _switch(i, x):
    return lax.switch(i, [jnp.sin, jnp.cos, lambda v: v * v], x)


def _scan(xs):
    def step(carry, x):
        carry = carry * 0.9 + x
        return carry, carry * 2.0

    return lax.scan(step, jnp.zeros(xs.shape[1:], xs.dtype), xs)


def _layernorm(x, g, b):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-5) * g + b


def _attention(q, k, v):
    s = jnp.einsum("qd,kd->qk", q, k) / np.sqrt(q.shape[-1]).astype(np.float32)
    return jax.nn.softmax(s, axis=-1) @ v


def _mlp(params, x):
    for w, b in params:
        x = jax.nn.relu(x @ w + b)
    return x


# name -> (function, arguments, (rtol, atol))
CASES = {
    # Elementwise.
    "add": (lambda x, y: x + y, (f32(4, 5), f32(4, 5)), EXACT),
    "sin_exp": (lambda x: jnp.sin(x) * jnp.exp(-x), (f32(64),), TRANSCENDENTAL),
    "tanh_log1p": (lambda x: jnp.tanh(x) + jnp.log1p(jnp.abs(x)), (f32(3, 7),),
                   TRANSCENDENTAL),
    "int_arith": (lambda a, b: (a * 3 + b) // 7 - a % 5,
                  (i32(50), i32(50, low=1)), EXACT),
    "bitwise": (lambda a, b: (a & b) ^ (a >> 3) | (b << 2), (u32(32), u32(32)),
                EXACT),
    "where_leaky": (lambda x: jnp.where(x > 0, x, 0.1 * x), (f32(100),),
                    ELEMENTWISE),
    "clip_minmax": (lambda x, y: jnp.clip(jnp.maximum(x, y), -0.5, 0.7),
                    (f32(10, 3), f32(10, 3)), EXACT),
    "rsqrt_pow": (lambda x: lax.rsqrt(jnp.abs(x) + 1) + x ** 2, (f32(33),),
                  TRANSCENDENTAL),
    "logic_bool": (lambda x, y: jnp.logical_and(x > 0, y < 0) | (x == y),
                   (f32(20), f32(20)), EXACT),
    "convert": (lambda x, a: x.astype(jnp.int32) + a, (f32(16) * 50, i32(16)),
                EXACT),
    "gelu_sigmoid": (lambda x: jax.nn.gelu(x) + jax.nn.sigmoid(x), (f32(128),),
                     (1e-5, 1e-6)),
    "complex_mul": (lambda z, w: z * w + jnp.conj(z), (c64(12), c64(12)),
                    ELEMENTWISE),
    "broadcast_outer": (lambda x, y: x[:, None] * y[None, :], (f32(6), f32(9)),
                        EXACT),
    "bf16": (lambda x, y: (x * y + x).astype(jnp.float32),
             (f32(8).astype(ml_dtypes.bfloat16),
              f32(8).astype(ml_dtypes.bfloat16)), (1e-2, 1e-2)),
    "python_scalar": (lambda x, s: x * s + 1, (f32(5), 2.5), ELEMENTWISE),
    # Reductions.
    "sum_axis": (lambda x: x.sum(axis=1), (f32(8, 100),), REDUCTION),
    "int_sum": (lambda a: a.sum() + a.prod(axis=0, dtype=jnp.int32).sum(),
                (i32(4, 6, low=-3, high=4),), EXACT),
    "layernorm": (_layernorm, (f32(4, 32), f32(32), f32(32)), REDUCTION),
    "max_argmax": (lambda x: (x.max(axis=0), jnp.argmax(x, axis=1)),
                   (f32(7, 11),), EXACT),
    "softmax_logsumexp": (
        lambda x: (jax.nn.softmax(x, axis=-1),
                   jax.scipy.special.logsumexp(x, axis=-1)),
        (f32(5, 40),), REDUCTION),
    "cumsum": (lambda x: jnp.cumsum(x, axis=0), (f32(20, 3),), REDUCTION),
    "any_all": (lambda x: (jnp.any(x > 1.5, axis=0), jnp.all(x > -1.9)),
                (f32(10, 4),), EXACT),
    # Matmul and convolution.
    "matmul": (lambda x, w: x @ w, (f32(16, 32), f32(32, 8)), MATMUL),
    "batched_einsum": (lambda a, b: jnp.einsum("bij,bjk->bik", a, b),
                       (f32(3, 5, 7), f32(3, 7, 4)), MATMUL),
    "int_dot": (lambda a, b: a @ b, (i32(4, 6, low=-9, high=9),
                                     i32(6, 3, low=-9, high=9)), EXACT),
    "conv2d": (_conv2d, (f32(2, 8, 8, 3), f32(3, 3, 3, 4)), MATMUL),
    "conv1d_strided": (_conv1d_strided, (f32(1, 15, 2), f32(4, 2, 3)), MATMUL),
    "attention": (_attention, (f32(6, 8), f32(10, 8), f32(10, 8)), REDUCTION),
    # Control flow.
    "fori_loop": (_fori, (f32(10),), TRANSCENDENTAL),
    "while_loop": (_while, (np.int32(17),), EXACT),
    "cond_true": (_cond, (np.float32(1.0), f32(6)), TRANSCENDENTAL),
    "cond_false": (_cond, (np.float32(-1.0), f32(6)), TRANSCENDENTAL),
    "switch": (_switch, (np.int32(2), f32(6)), TRANSCENDENTAL),
    "scan": (_scan, (f32(12, 3),), REDUCTION),
    # Gather and scatter through indexing.
    "gather_index": (lambda x, i: x[i], (f32(10, 4), np.array([3, 0, 9, 3],
                                                            np.int32)), EXACT),
    "gather_2d": (lambda x, i, j: x[i, j],
                  (f32(6, 7), np.array([0, 5, 2], np.int32),
                   np.array([6, 1, 1], np.int32)), EXACT),
    "take_along_axis": (lambda x, i: jnp.take_along_axis(x, i, axis=1),
                        (f32(4, 5), rng.integers(0, 5, (4, 2)).astype(np.int32)),
                        EXACT),
    "scatter_add": (lambda x, i, v: x.at[i].add(v),
                    (f32(8), np.array([1, 1, 6], np.int32), f32(3)),
                    ELEMENTWISE),
    "scatter_set": (lambda x, i: x.at[i, 1].set(-1.0),
                    (f32(5, 3), np.array([4, 0], np.int32)), EXACT),
    "dynamic_slice": (lambda x, s: lax.dynamic_slice(x, (s, 0), (3, 4)),
                      (f32(9, 4), np.int32(4)), EXACT),
    # Sort.
    "sort": (lambda x: jnp.sort(x, axis=-1), (f32(5, 17),), EXACT),
    "argsort": (lambda x: jnp.argsort(x), (rng.permutation(31).astype(
        np.float32),), EXACT),
    "sort_int_desc": (lambda a: -jnp.sort(-a), (i32(40),), EXACT),
    # Data movement.
    "reshape_transpose_concat": (
        lambda x, y: jnp.concatenate([x.reshape(4, 6).T, y], axis=1)[::-1],
        (f32(24), f32(6, 2)), EXACT),
    "pad_iota": (lambda x: jnp.pad(x, ((1, 2),)) + jnp.arange(x.shape[0] + 3),
                 (f32(5),), EXACT),
    # Pytrees in and out.
    "pytree_dict": (lambda d: {"sum": d["a"] + d["b"], "diff": d["a"] - d["b"]},
                    ({"a": f32(3), "b": f32(3)},), EXACT),
    "pytree_nested": (lambda t: (t[0] * 2, [t[1][0] + t[1][1], t[1][0]]),
                      ((f32(2), [f32(2, 2), f32(2, 2)]),), EXACT),
    "pytree_namedtuple": (lambda p: Point(p.y, p.x * p.y),
                          (Point(f32(4), f32(4)),), ELEMENTWISE),
    "mlp_params": (_mlp, ([(f32(8, 16), f32(16)), (f32(16, 4), f32(4))],
                          f32(3, 8)), MATMUL),
}


def _compare(got, want, tol):
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert got_tree == want_tree
    for g, w in zip(got_leaves, want_leaves):
        w = np.asarray(w)
        assert isinstance(g, np.ndarray), type(g)
        assert g.shape == w.shape
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        if tol == EXACT or w.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w)
        else:
            rtol, atol = tol
            np.testing.assert_allclose(
                g.astype(np.complex128 if w.dtype.kind == "c" else np.float64),
                w.astype(np.complex128 if w.dtype.kind == "c" else np.float64),
                rtol=rtol, atol=atol)


def test_enough_cases():
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_jax(name):
    fn, args, tol = CASES[name]
    want = jax.jit(fn)(*args)
    got = axle.jit(fn)(*args)
    _compare(got, want, tol)


def test_numpy_in_numpy_out_and_jax_in_jax_out():
    f = axle.jit(lambda x, y: (x * y, x + 1))
    x, y = f32(3), f32(3)
    out = f(x, y)
    assert all(type(o) is np.ndarray for o in out)
    jout = f(jnp.asarray(x), jnp.asarray(y))
    assert all(isinstance(o, jax.Array) for o in jout)
    np.testing.assert_array_equal(np.asarray(jout[0]), out[0])
    # One JAX argument is enough to get JAX arrays back.
    mixed = f(x, jnp.asarray(y))
    assert isinstance(mixed[1], jax.Array)


def test_cache_per_shape_and_dtype():
    f = axle.jit(lambda x: x * 2)
    f(f32(3))
    f(f32(3))
    assert sum(len(v) for v in f._cache.values()) == 1
    np.testing.assert_array_equal(f(f32(4) * 0 + 1), np.full(4, 2, np.float32))
    np.testing.assert_array_equal(f(np.arange(3, dtype=np.int32)),
                                  np.arange(3, dtype=np.int32) * 2)
    assert sum(len(v) for v in f._cache.values()) == 3
    # A new pytree structure is a new variant too.
    g = axle.jit(lambda t: t[0] + t[1])
    g((f32(2), f32(2)))
    g([f32(2), f32(2)])
    assert len(g._cache) == 2


def test_static_args():
    def f(x, n, *, mode):
        return x * n if mode == "mul" else x + n

    g = axle.jit(f, static_argnums=1, static_argnames="mode")
    x = f32(4)
    np.testing.assert_allclose(g(x, 3, mode="mul"), x * 3)
    np.testing.assert_allclose(g(x, 3, mode="add"), x + 3)
    np.testing.assert_allclose(g(x, 5, mode="add"), x + 5)
    assert len(g._cache) == 3
    # A static argument named by its name is static when passed by position.
    h = axle.jit(lambda x, k: x[:k], static_argnames="k")
    np.testing.assert_array_equal(h(x, 2), x[:2])


def test_keyword_arguments():
    f = axle.jit(lambda x, y=None: x - y)
    x, y = f32(3), f32(3)
    np.testing.assert_array_equal(f(x, y=y), x - y)
    np.testing.assert_array_equal(f(y=y, x=x), x - y)


def test_unused_arguments_line_up():
    f = axle.jit(lambda a, unused, b: a - b)
    a, u, b = f32(2), f32(7), f32(2)
    np.testing.assert_array_equal(f(a, u, b), a - b)


def test_weak_python_scalars_follow_jax_promotion():
    f = axle.jit(lambda x, s: x + s)
    x = f32(4).astype(np.float16)
    want = jax.jit(lambda x, s: x + s)(x, 1.5)
    got = f(x, 1.5)
    assert got.dtype == want.dtype == np.float16
    # The same call with an array instead of a Python scalar is another
    # program (no weak type: float32 wins).
    got_strong = f(x, np.float32(1.5))
    assert got_strong.dtype == np.float32


def test_weak_jax_arrays():
    f = axle.jit(lambda x, s: x * s)
    x = f32(3).astype(np.float16)
    weak = jnp.asarray(2.0)  # a weakly typed JAX array
    assert weak.weak_type
    for _ in range(2):  # the second call finds the variant of the first
        got = f(x, weak)
        assert isinstance(got, jax.Array) and got.dtype == np.float16
    assert sum(len(v) for v in f._cache.values()) == 1
    np.testing.assert_array_equal(np.asarray(got),
                                  np.asarray(jax.jit(lambda x, s: x * s)(x, weak)))


def test_reentrant_array_conversion():
    inner = axle.jit(lambda x: x + 1)

    class Sneaky:
        """An array-like whose conversion runs axle on the same thread."""

        def __array__(self, dtype=None, copy=None):
            return np.asarray(inner(np.zeros(4, np.float32)))

    exe = axle.compile(inner.lower(np.zeros(4, np.float32)))
    np.testing.assert_array_equal(exe(Sneaky()), np.full(4, 2, np.float32))


def test_float64_narrows_without_x64():
    f = axle.jit(lambda x: x * 2)
    x = rng.uniform(size=5)  # float64
    got = f(x)
    want = jax.jit(lambda x: x * 2)(x)
    assert got.dtype == want.dtype == np.float32
    np.testing.assert_allclose(got, np.asarray(want))


@pytest.mark.skipif(not hasattr(jax, "enable_x64"),
                    reason="this JAX has no jax.enable_x64 context")
def test_x64_mode_is_part_of_the_key():
    f = axle.jit(lambda x: x * 2)
    x = rng.uniform(size=3)
    assert f(x).dtype == np.float32
    with jax.enable_x64(True):
        got = f(x)
        assert got.dtype == np.float64
        np.testing.assert_array_equal(got, x * 2)
    assert f(x).dtype == np.float32


def test_non_contiguous_inputs():
    f = axle.jit(lambda x: x + 1)
    x = f32(6, 4)
    np.testing.assert_array_equal(f(x.T), x.T + 1)
    np.testing.assert_array_equal(f(x[:, ::2]), x[:, ::2] + 1)


def test_decorator_with_options():
    @axle.jit(static_argnums=(1,), opt_level=1)
    def f(x, n):
        return x ** n

    x = f32(3)
    np.testing.assert_allclose(f(x, 3), x ** 3, rtol=1e-6)
    assert f.__name__ == "f"


def test_tracing_errors_surface():
    f = axle.jit(lambda x: x @ x)
    with pytest.raises(TypeError):
        f(f32(2, 3))


# The native path for JAX arrays: inputs read in place through the buffer
# protocol, results handed to JAX's batched device put (see
# axle/_jit.py:_jax_outputs and JitDispatch in python/src/Module.cpp).

def _jax_results_check(got, want):
    assert isinstance(got, jax.Array)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert got.weak_type == want.weak_type
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32,
                                   np.uint8, np.bool_, np.complex64,
                                   ml_dtypes.bfloat16])
def test_jax_in_jax_out_native_path(dtype):
    fn = lambda x, y: (x + y if dtype != np.bool_ else x ^ y, x)  # noqa: E731
    f, g = axle.jit(fn), jax.jit(fn)
    for shape in [(), (1,), (3, 5)]:
        x = jnp.asarray(rng.integers(0, 2, shape).astype(dtype))
        y = jnp.asarray(rng.integers(0, 2, shape).astype(dtype))
        for _ in range(2):  # compile, then the cached variant
            for got, want in zip(f(x, y), g(x, y)):
                _jax_results_check(got, want)


def test_jax_results_are_independent():
    f = axle.jit(lambda x, y: (x + y, x * y))
    a, b = jnp.asarray(f32(64)), jnp.asarray(f32(64))
    first = f(a, b)
    kept = [np.array(r) for r in first]  # copies
    second = f(b, a + 1)
    for r, k in zip(first, kept):  # later calls leave earlier results alone
        np.testing.assert_array_equal(np.asarray(r), k)
    pointers = {r.unsafe_buffer_pointer() for r in first + second}
    pointers |= {a.unsafe_buffer_pointer(), b.unsafe_buffer_pointer()}
    assert len(pointers) == 6  # no result shares memory with another array
    assert not np.asarray(first[0]).flags.writeable  # JAX's: immutable
    # Results chain into the next call (their memory read in place).
    chained = f(first[0], second[1])
    np.testing.assert_allclose(np.asarray(chained[0]),
                               kept[0] + np.asarray(second[1]), rtol=1e-6)


def test_jax_inputs_are_not_held():
    # The buffer views are released after the call: JAX may then donate
    # the input (it does not when something still holds a view of it).
    f = axle.jit(lambda x: x * 3)
    a = jnp.asarray(f32(16))
    want = np.asarray(a) * 3
    np.testing.assert_array_equal(np.asarray(f(a)), want)
    jax.jit(lambda x: x + 1, donate_argnums=0)(a)
    assert a.is_deleted()
    with pytest.raises(Exception):  # an error, not a crash
        f(a)


def test_jax_inputs_still_computing():
    # A JAX array whose computation may not have finished yet: reading it
    # waits for its value.
    m = jnp.asarray(f32(256, 256))
    slow = jax.jit(lambda m: jnp.tanh(m @ m @ m))
    f = axle.jit(lambda x: x[:2, :2] + 1)
    for _ in range(3):
        pending = slow(m)
        np.testing.assert_allclose(np.asarray(f(pending)),
                                   np.asarray(pending)[:2, :2] + 1, rtol=1e-6)


def test_jax_inputs_other_layouts_and_types():
    f = axle.jit(lambda x: x - 1)
    x = f32(4, 3)
    want = f(x.T)
    _jax_results_check(f(jnp.asarray(x).T), jnp.asarray(want))
    # NumPy scalars and numpy arrays alone give NumPy results.
    assert type(f(np.float32(2))) is np.ndarray


def test_jax_outputs_fall_back_to_device_put(monkeypatch):
    from jax._src.lib import _jax as jaxlib_ext

    x, y = jnp.asarray(f32(5)), jnp.asarray(f32(5))
    want = jax.jit(lambda x, y: x / y)(x, y)
    # jaxlib without the private batched_device_put: the public path.
    monkeypatch.delattr(jaxlib_ext, "batched_device_put")
    f = axle.jit(lambda x, y: x / y)
    for _ in range(2):
        _jax_results_check(f(x, y), want)
    monkeypatch.undo()
    # A put that fails at call time: the public path too.
    g = axle.jit(lambda x, y: x / y)
    g(x, y)
    (entry,), = g._cache.values()

    def broken(*args):
        raise RuntimeError("jaxlib changed")

    entry[0].set_jax_outputs(broken, [object()], None, [], False, None,
                             False)
    _jax_results_check(g(x, y), want)


def test_jax_arrays_from_threads():
    import concurrent.futures

    f = axle.jit(lambda x, y: jnp.sin(x) * y)
    inputs = [(jnp.asarray(f32(100)), jnp.asarray(f32(100)))
              for _ in range(16)]
    wants = [np.sin(np.asarray(x)) * np.asarray(y) for x, y in inputs]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for _ in range(5):
            gots = list(pool.map(lambda xy: f(*xy), inputs))
            for got, want in zip(gots, wants):
                assert isinstance(got, jax.Array)
                np.testing.assert_allclose(np.asarray(got), want, rtol=2e-6,
                                           atol=1e-6)


def test_jit_function_is_collected():
    import gc
    import weakref

    f = axle.jit(lambda x: x + 1)
    f(jnp.asarray(f32(2)))
    ref = weakref.ref(f)
    del f
    gc.collect()
    assert ref() is None

"""Float sums and products under --reassociate-reductions.

The flag lets compiled code combine a reduction's elements in another order
than the interpreter's (row sums keep vector partial results, full sums go
down 256 columns, large ones in 32 chunks whose row sums keep partials). Any order of n additions is within (n - 1) u sum|x| of
the exact sum (u = 2^-24 for f32), so the results are checked against a
float64 sum with that bound, and NaN and infinities, whose results do not
depend on the order, exactly. That the flag takes effect is checked by the
bits: on random rows some sums must differ from the in-order ones.
"""
import numpy as np
import pytest

ROW_SUM = """func.func public @main(%x: tensor<{m}x{n}xf32>) -> tensor<{m}xf32> {{
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<{m}x{n}xf32>, tensor<f32>) -> tensor<{m}xf32>
  return %r : tensor<{m}xf32>
}}
"""

FULL = """func.func public @main(%x: tensor<{m}x{n}xf32>) -> tensor<f32> {{
  %init = stablehlo.constant dense<{init}> : tensor<f32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = [0, 1]
      : (tensor<{m}x{n}xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}}
"""

U = 2.0 ** -24
FLAG = "--reassociate-reductions"


def assert_within_any_order_bound(got, x, axis):
    exact = x.astype(np.float64).sum(axis=axis)
    n = x.shape[axis] if axis is not None else x.size
    bound = (n - 1) * U * np.abs(x.astype(np.float64)).sum(axis=axis)
    # One more rounding: the f32 result of the exact sum.
    bound = bound + U * np.abs(exact)
    error = np.abs(got.astype(np.float64) - exact)
    assert np.all(error <= bound), (error - bound).max()


# 64 x 4096: whole 16 x 16 blocks; 40 x 1000: tails of rows and of k;
# 1 x 4096: a single row, in registers of partial sums.
@pytest.mark.parametrize("shape", [(64, 4096), (40, 1000), (1, 4096)])
@pytest.mark.parametrize("threads", [1, 2])
def test_row_sums(run_axle, shape, threads):
    m, n = shape
    x = np.random.default_rng(5).standard_normal(shape).astype(np.float32)
    program = ROW_SUM.format(m=m, n=n)
    got = run_axle(program, [x], [FLAG, f"--threads={threads}"])
    in_order = run_axle(program, [x], [f"--threads={threads}"])
    assert got.shape == (m,) and got.dtype == np.float32
    assert_within_any_order_bound(got, x, axis=1)
    assert_within_any_order_bound(in_order, x, axis=1)
    assert np.any(got != in_order), "the flag left every row sum in order"


def test_row_sums_of_nan_and_infinities(run_axle):
    x = np.random.default_rng(6).standard_normal((32, 512)).astype(np.float32)
    x[0, 7] = np.nan
    x[1, 300] = np.inf
    x[2, 0] = -np.inf
    x[3, 17], x[3, 400] = np.inf, -np.inf
    x[4, :] = 3.0e38  # overflows to +inf in any order
    got = run_axle(ROW_SUM.format(m=32, n=512), [x], [FLAG])
    assert np.isnan(got[0]) and np.isnan(got[3])
    assert got[1] == np.inf and got[2] == -np.inf and got[4] == np.inf
    assert_within_any_order_bound(got[5:], x[5:], axis=1)


# 131072 elements; 4096, the smallest input folded down columns; 1 Mi, the
# smallest in chunks.
@pytest.mark.parametrize("shape", [(512, 256), (64, 64), (1024, 1024)])
@pytest.mark.parametrize("threads", [1, 2])
def test_full_sum(run_axle, shape, threads):
    x = np.random.default_rng(7).standard_normal(shape).astype(np.float32)
    program = FULL.format(m=shape[0], n=shape[1], op="add", init="0.0")
    got = run_axle(program, [x], [FLAG, f"--threads={threads}"])
    in_order = run_axle(program, [x], [f"--threads={threads}"])
    assert_within_any_order_bound(got, x, axis=None)
    assert got != in_order, "the flag left the full sum in order"


def test_chunked_full_sum_does_not_depend_on_threads(run_axle):
    # The chunks are fixed by the shape, not by the threads that take them.
    x = np.random.default_rng(10).standard_normal((2048, 1024)).astype(
        np.float32)
    program = FULL.format(m=2048, n=1024, op="add", init="0.0")
    one = run_axle(program, [x], [FLAG, "--threads=1"])
    two = run_axle(program, [x], [FLAG, "--threads=2"])
    assert one.tobytes() == two.tobytes()
    assert_within_any_order_bound(one, x, axis=None)


def test_full_sum_of_nan_and_infinity(run_axle):
    program = FULL.format(m=512, n=256, op="add", init="0.0")
    x = np.ones((512, 256), np.float32)
    x[100, 3] = np.inf
    assert run_axle(program, [x], [FLAG]) == np.inf
    x[511, 255] = np.nan
    assert np.isnan(run_axle(program, [x], [FLAG]))


def test_full_product(run_axle):
    rng = np.random.default_rng(8)
    x = rng.uniform(0.999, 1.001, (256, 512)).astype(np.float32)
    program = FULL.format(m=256, n=512, op="multiply", init="1.0")
    got = run_axle(program, [x], [FLAG])
    exact = np.prod(x.astype(np.float64))
    # Each of the n - 1 products rounds once: relative error below n u.
    assert abs(got - exact) <= x.size * U * abs(exact)


def test_fast_math_implies_it(run_axle):
    # --fast-math lets sums reassociate too (LLVM may reorder them further
    # than the flag does, so the bits need not match the flag's): the sums
    # leave the in-order ones and stay within the bound of any order.
    rng = np.random.default_rng(9)
    x = rng.standard_normal((64, 4096)).astype(np.float32)
    program = ROW_SUM.format(m=64, n=4096)
    fast = run_axle(program, [x], ["--fast-math"])
    assert_within_any_order_bound(fast, x, axis=1)
    assert np.any(fast != run_axle(program, [x])), "row sums in order"
    x = rng.standard_normal((512, 256)).astype(np.float32)
    program = FULL.format(m=512, n=256, op="add", init="0.0")
    fast = run_axle(program, [x], ["--fast-math"])
    assert_within_any_order_bound(fast, x, axis=None)
    assert fast != run_axle(program, [x]), "the full sum in order"


ARGMAX = """func.func public @main(%x: tensor<64x1024xf32>, %i: tensor<64x1024xi32>)
    -> (tensor<64xf32>, tensor<64xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1]
      : (tensor<64x1024xf32>, tensor<64x1024xi32>, tensor<f32>, tensor<i32>)
      -> (tensor<64xf32>, tensor<64xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %j = stablehlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<64xf32>, tensor<64xi32>
}
"""

SCALED_SUM = """func.func public @main(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [1]
      : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
   reducer(%acc: tensor<f32>, %e: tensor<f32>) {
    %h = stablehlo.constant dense<0.5> : tensor<f32>
    %s = stablehlo.add %acc, %e : tensor<f32>
    %m = stablehlo.multiply %s, %h : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  return %r : tensor<64xf32>
}
"""


def test_other_reductions_keep_their_order(run_axle_results):
    # Only float sums and products are reordered: a body that is not one
    # add or multiply (an argmax of two inputs, a sum scaled at each step)
    # keeps the interpreter's bits under the flag.
    rng = np.random.default_rng(10)
    x = rng.standard_normal((64, 1024)).astype(np.float32)
    x[:, 700] = x.max(axis=1)  # ties: the order picks the index
    index = np.broadcast_to(np.arange(1024, dtype=np.int32), (64, 1024))
    for program, inputs in ((ARGMAX, [x, np.ascontiguousarray(index)]),
                            (SCALED_SUM, [x])):
        got = run_axle_results(program, inputs, [FLAG])
        want = run_axle_results(program, inputs, ["--backend=interpreter"])
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)

"""bf16 matmuls on AMX tiles (--fast-math on CPUs with AMX-BF16).

tdpbf16ps adds the products of a 16 x 32 tile of A and a 32 x 16 tile of
B in its own order, so the results are held to the bound of any order of
f32 additions: |error| <= k * 2^-24 * sum |a b| per element, against a
float64 matmul of the same bf16 inputs (products of bf16 values are exact
in f32). The shapes cover one and several panels of C's columns (256, 128
and 64 wide), batches, B transposed, sizes padded to multiples of 32, the
consumers that run on each block of sums, and a shape the tiles do not
take, which keeps the f32 path and its in-order bits. The flag's errors are checked here too.
"""
import subprocess

import ml_dtypes
import numpy as np
import pytest

from bf16_matmul import PROGRAM, host_cpuinfo


def host_has_amx_bf16():
    text = host_cpuinfo()
    return "amx_bf16" in text and "amx_tile" in text


def inputs(m, n, k, seed):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((k, n)).astype(ml_dtypes.bfloat16)
    return a, b


def assert_within_any_order(got, a, b):
    """Every element within the bound of any order of f32 additions of its
    k exact products (and, for bf16 results, one more rounding)."""
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    exact = a64 @ b64
    k = a.shape[1]
    bound = k * 2.0**-24 * (np.abs(a64) @ np.abs(b64))
    if got.dtype == ml_dtypes.bfloat16:
        bound = bound + 2.0**-8 * np.abs(exact)
    error = np.abs(got.astype(np.float64) - exact)
    worst = np.max(error - bound)
    assert worst <= 0, f"{np.count_nonzero(error > bound)} elements off"


# 256 x 320 x 384: panels of 64 columns (5 of them); 128 x 1024 x 512:
# 4 panels of 256; 64 x 128 x 256: one panel of 128; 32 x 32 x 32: the
# smallest size that takes tiles (2^15 multiply-adds), one block.
@pytest.mark.parametrize("shape", [(256, 320, 384), (128, 1024, 512),
                                   (64, 128, 256), (32, 32, 32)])
@pytest.mark.parametrize("out", ["f32", "bf16"])
@pytest.mark.parametrize("threads", [1, 2])
def test_amx_tiles_within_the_bound(run_axle, shape, out, threads):
    m, n, k = shape
    a, b = inputs(m, n, k, seed=7)
    program = PROGRAM.format(m=m, n=n, k=k, out=out)
    got = run_axle(program, [a, b], ["--fast-math", f"--threads={threads}"])
    assert_within_any_order(got, a, b)
    if not host_has_amx_bf16():
        pytest.skip("this CPU has no AMX-BF16: --fast-math keeps the f32 "
                    "path; only the bound was checked")
    # The tiles ran: their order of additions gives other bits than the
    # in-order f32 path (forced with --amx-tiles=false).
    in_order = run_axle(program, [a, b],
                        ["--fast-math", "--amx-tiles=false",
                         f"--threads={threads}"])
    assert_within_any_order(in_order, a, b)
    if out == "f32":
        assert got.tobytes() != in_order.tobytes()


# A bf16 layer: the matmul's truncation to bf16, a bias per column, a
# scale per row and a ReLU, fused into one lane-wise consumer that runs on
# each block of sums as the tiles finish it.
EPILOGUE_PROGRAM = """func.func public @main(%a: tensor<{m}x{k}xbf16>,
    %b: tensor<{k}x{n}xbf16>, %bias: tensor<{n}xbf16>,
    %scale: tensor<{m}xbf16>) -> tensor<{m}x{n}xbf16> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<{m}x{k}xbf16>, tensor<{k}x{n}xbf16>) -> tensor<{m}x{n}xbf16>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [1]
      : (tensor<{n}xbf16>) -> tensor<{m}x{n}xbf16>
  %2 = stablehlo.add %0, %1 : tensor<{m}x{n}xbf16>
  %3 = stablehlo.broadcast_in_dim %scale, dims = [0]
      : (tensor<{m}xbf16>) -> tensor<{m}x{n}xbf16>
  %4 = stablehlo.multiply %2, %3 : tensor<{m}x{n}xbf16>
  %zero = stablehlo.constant dense<0.0> : tensor<{m}x{n}xbf16>
  %5 = stablehlo.maximum %4, %zero : tensor<{m}x{n}xbf16>
  return %5 : tensor<{m}x{n}xbf16>
}}
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_fused_epilogue_within_the_bound(run_axle, threads):
    """Each step's error bounded on its own: the sums' (any order), their
    rounding to bf16, the bf16 add's and multiply's roundings (relative
    2^-8 each, the scale carrying the earlier errors along); ReLU adds
    none. (--fast-math may skip the roundings between the steps.)"""
    m, n, k = 128, 256, 512
    a, b = inputs(m, n, k, seed=11)
    rng = np.random.default_rng(12)
    bias = rng.standard_normal(n).astype(ml_dtypes.bfloat16)
    scale = rng.uniform(0.5, 2.0, m).astype(ml_dtypes.bfloat16)
    program = EPILOGUE_PROGRAM.format(m=m, n=n, k=k)
    flags = ["--fast-math", f"--threads={threads}"]
    got = run_axle(program, [a, b, bias, scale], flags)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    bias64 = bias.astype(np.float64)[None, :]
    scale64 = scale.astype(np.float64)[:, None]
    exact = a64 @ b64
    unit = 2.0**-8
    sums_error = k * 2.0**-24 * (np.abs(a64) @ np.abs(b64))
    rounded_error = sums_error + unit * (np.abs(exact) + sums_error)
    added = exact + bias64
    added_error = rounded_error + unit * (np.abs(added) + rounded_error)
    scaled = added * scale64
    scaled_error = (added_error * scale64 +
                    unit * (np.abs(scaled) + added_error * scale64))
    expected = np.maximum(scaled, 0)
    error = np.abs(got.astype(np.float64) - expected)
    assert np.all(error <= scaled_error), (
        f"{np.count_nonzero(error > scaled_error)} elements off")
    assert np.count_nonzero(got) > 0 and np.all(got.astype(np.float32) >= 0)


# An f32 result whose consumer (x * exp(tanh(x))) reads the sums twice and
# writes in their place.
IN_PLACE_PROGRAM = """func.func public @main(%a: tensor<{m}x{k}xbf16>,
    %b: tensor<{k}x{n}xbf16>) -> tensor<{m}x{n}xf32> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<{m}x{k}xbf16>, tensor<{k}x{n}xbf16>) -> tensor<{m}x{n}xf32>
  %1 = stablehlo.tanh %0 : tensor<{m}x{n}xf32>
  %2 = stablehlo.exponential %1 : tensor<{m}x{n}xf32>
  %3 = stablehlo.multiply %0, %2 : tensor<{m}x{n}xf32>
  return %3 : tensor<{m}x{n}xf32>
}}
"""


def test_fused_math_epilogue_within_the_bound(run_axle):
    """f(x) = x exp(tanh(x)) has |f'(x)| <= e (1 + |x| sech(x)^2) < 1.5 e,
    so each element is within 1.5 e times the sums' bound of f of the
    exact product, plus the math's few ulps (2^-20 relative here)."""
    m, n, k = 128, 256, 256
    a, b = inputs(m, n, k, seed=17)
    b = (b.astype(np.float32) * 0.1).astype(ml_dtypes.bfloat16)
    got = run_axle(IN_PLACE_PROGRAM.format(m=m, n=n, k=k), [a, b],
                   ["--fast-math"])
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    exact = a64 @ b64
    expected = exact * np.exp(np.tanh(exact))
    bound = (1.5 * np.e * k * 2.0**-24 * (np.abs(a64) @ np.abs(b64)) +
             2.0**-20 * np.abs(expected) + 2.0**-126)
    error = np.abs(got.astype(np.float64) - expected)
    assert np.all(error <= bound), f"{np.count_nonzero(error > bound)} off"


@pytest.mark.parametrize("threads", [1, 2])
def test_fused_truncation_rounds_the_sums_once(run_axle, threads):
    """The bf16 result, truncated block by block as the tiles finish, is
    the f32 result (the same tiles' sums, stored whole) rounded to nearest
    even, bit for bit."""
    m, n, k = 96, 512, 256
    a, b = inputs(m, n, k, seed=13)
    flags = ["--fast-math", f"--threads={threads}"]
    sums = run_axle(PROGRAM.format(m=m, n=n, k=k, out="f32"), [a, b], flags)
    rounded = run_axle(PROGRAM.format(m=m, n=n, k=k, out="bf16"), [a, b],
                       flags)
    assert rounded.tobytes() == sums.astype(ml_dtypes.bfloat16).tobytes()


# Batched sums; B is `rhs` (k x n, or n x k: transposed), contracted over
# its dimension `rhs_k`.
BATCHED_SUMS = """func.func public @main(%a: tensor<{batch}x{m}x{k}xbf16>,
    %b: tensor<{batch}x{rhs}xbf16>) -> tensor<{batch}x{m}x{n}xf32> {{
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
      contracting_dims = [2] x [{rhs_k}]
      : (tensor<{batch}x{m}x{k}xbf16>, tensor<{batch}x{rhs}xbf16>)
      -> tensor<{batch}x{m}x{n}xf32>
  return %0 : tensor<{batch}x{m}x{n}xf32>
}}
"""


def batched_sums(batch, m, n, k, transposed_b=False):
    rhs, rhs_k = (f"{n}x{k}", 2) if transposed_b else (f"{k}x{n}", 1)
    return BATCHED_SUMS.format(batch=batch, m=m, n=n, k=k, rhs=rhs,
                               rhs_k=rhs_k)


BATCHED_LAYER = """func.func public @main(%a: tensor<{batch}x{m}x{k}xbf16>,
    %b: tensor<{batch}x{k}x{n}xbf16>, %bias: tensor<{n}xf32>)
    -> tensor<{batch}x{m}x{n}xbf16> {{
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
      contracting_dims = [2] x [1]
      : (tensor<{batch}x{m}x{k}xbf16>, tensor<{batch}x{k}x{n}xbf16>)
      -> tensor<{batch}x{m}x{n}xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [2]
      : (tensor<{n}xf32>) -> tensor<{batch}x{m}x{n}xf32>
  %2 = stablehlo.add %0, %1 : tensor<{batch}x{m}x{n}xf32>
  %3 = stablehlo.convert %2
      : (tensor<{batch}x{m}x{n}xf32>) -> tensor<{batch}x{m}x{n}xbf16>
  return %3 : tensor<{batch}x{m}x{n}xbf16>
}}
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_batched_matmuls_on_tiles(run_axle, threads):
    """Batched bf16 matmuls (3 batches of 64 x 96 x 128, one panel of 128
    columns each) run on tiles too: within the bound of any order per
    batch; and a layer whose bias add and truncation to bf16 run on each
    block of the sums gives exactly those sums (the same tiles) plus the
    bias, rounded to f32 and then to bf16."""
    batch, m, n, k = 3, 64, 128, 96
    rng = np.random.default_rng(19)
    a = rng.standard_normal((batch, m, k)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((batch, k, n)).astype(ml_dtypes.bfloat16)
    bias = rng.standard_normal(n).astype(np.float32)
    flags = ["--fast-math", f"--threads={threads}"]
    shape = dict(batch=batch, m=m, n=n, k=k)
    sums = run_axle(batched_sums(**shape), [a, b], flags)
    for index in range(batch):
        assert_within_any_order(sums[index], a[index], b[index])
    layer = run_axle(BATCHED_LAYER.format(**shape), [a, b, bias], flags)
    expected = (sums + bias).astype(ml_dtypes.bfloat16)
    assert layer.tobytes() == expected.tobytes()
    if not host_has_amx_bf16():
        pytest.skip("this CPU has no AMX-BF16: --fast-math keeps the f32 "
                    "path; only the bound was checked")
    in_order = run_axle(batched_sums(**shape), [a, b],
                        ["--fast-math", "--amx-tiles=false",
                         f"--threads={threads}"])
    assert sums.tobytes() != in_order.tobytes()


@pytest.mark.parametrize("shape", [(1, 128, 512, 256), (4, 128, 96, 64)])
def test_transposed_b_on_tiles(run_axle, shape):
    """q k^T, B given as n x k (attention scores; PyTorch's linear layers
    hold their weights so too): packed from B^T by transposing 16 x 16
    blocks of k pairs, within the bound of any order, per batch."""
    batch, m, n, k = shape
    rng = np.random.default_rng(23)
    q = rng.standard_normal((batch, m, k)).astype(ml_dtypes.bfloat16)
    keys = rng.standard_normal((batch, n, k)).astype(ml_dtypes.bfloat16)
    program = batched_sums(batch, m, n, k, transposed_b=True)
    got = run_axle(program, [q, keys], ["--fast-math", "--threads=2"])
    for index in range(batch):
        assert_within_any_order(got[index], q[index], keys[index].T)
    if not host_has_amx_bf16():
        pytest.skip("this CPU has no AMX-BF16: --fast-math keeps the f32 "
                    "path; only the bound was checked")
    in_order = run_axle(program, [q, keys],
                        ["--fast-math", "--amx-tiles=false", "--threads=2"])
    assert got.tobytes() != in_order.tobytes()


# Sizes that are no multiples of 32, padded with zeros: 100 x 200 x 300
# (every size cut), 256 x 1024 x 784 (MNIST's 784 inputs: only k), 128 x 40
# x 512 (only n, one panel of 64 for 40 columns).
@pytest.mark.parametrize("shape", [(100, 200, 300), (256, 1024, 784),
                                   (128, 40, 512)])
@pytest.mark.parametrize("out", ["f32", "bf16"])
def test_padded_shapes_on_tiles(run_axle, shape, out):
    m, n, k = shape
    a, b = inputs(m, n, k, seed=29)
    program = PROGRAM.format(m=m, n=n, k=k, out=out)
    got = run_axle(program, [a, b], ["--fast-math", "--threads=2"])
    assert got.shape == (m, n)
    assert_within_any_order(got, a, b)
    if not host_has_amx_bf16():
        pytest.skip("this CPU has no AMX-BF16: --fast-math keeps the f32 "
                    "path; only the bound was checked")
    if out == "f32":
        in_order = run_axle(program, [a, b],
                            ["--fast-math", "--amx-tiles=false"])
        assert got.tobytes() != in_order.tobytes()


def test_shapes_the_tiles_do_not_fit_keep_the_f32_path(run_axle):
    """n = 8 padded to 32 would be 4 times the work: --fast-math computes
    the in-order f32 sums, the IEEE path's bits."""
    m, n, k = 256, 8, 1024
    a, b = inputs(m, n, k, seed=9)
    program = PROGRAM.format(m=m, n=n, k=k, out="f32")
    fast = run_axle(program, [a, b], ["--fast-math"])
    ieee = run_axle(program, [a, b], [])
    assert fast.tobytes() == ieee.tobytes()


def test_flag_errors(axle_run, tmp_path):
    source = tmp_path / "program.mlir"
    source.write_text(PROGRAM.format(m=64, n=128, k=256, out="f32"))
    without_fast_math = subprocess.run(
        [str(axle_run), str(source), "--amx-tiles",
         "--input=64x256xbf16=1", "--input=256x128xbf16=1"],
        capture_output=True, text=True, timeout=300)
    assert without_fast_math.returncode == 1
    assert "--amx-tiles changes the order" in without_fast_math.stderr
    assert "needs --fast-math" in without_fast_math.stderr
    no_amx_cpu = subprocess.run(
        [str(axle_run), str(source), "--fast-math", "--amx-tiles",
         "--target-cpu=znver4", "--input=64x256xbf16=1",
         "--input=256x128xbf16=1"],
        capture_output=True, text=True, timeout=300)
    assert no_amx_cpu.returncode == 1
    assert "needs AMX-TILE and AMX-BF16" in no_amx_cpu.stderr
    assert "'znver4'" in no_amx_cpu.stderr

"""bf16 matmuls on AMX tiles (--fast-math on CPUs with AMX-BF16).

tdpbf16ps adds the products of a 16 x 32 tile of A and a 32 x 16 tile of
B in its own order, so the results are held to the bound of any order of
f32 additions: |error| <= k * 2^-24 * sum |a b| per element, against a
float64 matmul of the same bf16 inputs (products of bf16 values are exact
in f32). The shapes cover one and several panels of C's columns (256, 128
and 64 wide), and a shape the tiles do not fit, which keeps the f32 path
and its in-order bits. The flag's errors are checked here too.
"""
import pathlib
import subprocess

import ml_dtypes
import numpy as np
import pytest

PROGRAM = """func.func public @main(%a: tensor<{m}x{k}xbf16>, %b: tensor<{k}x{n}xbf16>)
    -> tensor<{m}x{n}x{out}> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<{m}x{k}xbf16>, tensor<{k}x{n}xbf16>) -> tensor<{m}x{n}x{out}>
  return %0 : tensor<{m}x{n}x{out}>
}}
"""


def host_has_amx_bf16():
    cpuinfo = pathlib.Path("/proc/cpuinfo")
    text = cpuinfo.read_text() if cpuinfo.exists() else ""
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
# 4 panels of 256; 64 x 128 x 256: the smallest size that takes tiles
# (2^21 multiply-adds), one panel of 128.
@pytest.mark.parametrize("shape", [(256, 320, 384), (128, 1024, 512),
                                   (64, 128, 256)])
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


def test_shapes_the_tiles_do_not_fit_keep_the_f32_path(run_axle):
    """n = 48 is no multiple of 32: --fast-math computes the in-order f32
    sums, the IEEE path's bits."""
    m, n, k = 256, 48, 512
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

"""bf16 matmuls with --fast-math --bf16-pair-dot on CPUs with AVX512-BF16.

There each vdpbf16ps adds two products per f32 lane, k + 1 first and then
k, each addition rounded (a bf16 x bf16 product is exact in f32). The
model below computes that order with NumPy float32 from the instruction's
definition, so the compiled f32 results must match it bit for bit (the
inputs have no subnormals, which the instruction flushes); bf16 results
are that sum rounded to bf16. On other CPUs only the closeness to a
float64 matmul is checked. --fast-math alone takes pairs only where
vdpbf16ps outpaces f32 FMAs (AMD Zen 4 and 5); elsewhere it keeps the
in-order f32 path, which the last test checks. The flag's errors are
checked with the other bad compile flags in tests/hostile.
"""
import re
import subprocess

import ml_dtypes
import numpy as np
import pytest

from bf16_matmul import PROGRAM, host_cpuinfo


def host_has_avx512_bf16():
    return "avx512_bf16" in host_cpuinfo()


def host_pairs_by_default():
    """Zen 4 and 5 (AMD families 25 and 26 with AVX512-BF16), the CPUs
    LLVM names znver4 and znver5, where --fast-math alone picks
    vdpbf16ps."""
    info = host_cpuinfo()
    families = set(re.findall(r"^cpu family\s*:\s*(\d+)", info, re.M))
    return ("avx512_bf16" in info and "AuthenticAMD" in info
            and bool(families & {"25", "26"}))


def pair_model(a, b):
    """f32 sums in vdpbf16ps order: per pair, k + 1 then k."""
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for p in range(a.shape[1] // 2):
        for k in (2 * p + 1, 2 * p):
            acc = acc + np.outer(a32[:, k], b32[k, :])  # exact products
    return acc


# 256 x 320 x 384: two k blocks of 128 and a third, two column blocks (the
# second 64 wide), four row blocks; 64 x 64 x 64: one block of each.
@pytest.mark.parametrize("shape", [(256, 320, 384), (64, 64, 64)])
@pytest.mark.parametrize("out", ["f32", "bf16"])
@pytest.mark.parametrize("threads", [1, 2])
def test_bf16_pair_dot(run_axle, shape, out, threads):
    m, n, k = shape
    rng = np.random.default_rng(11)
    a = rng.standard_normal((m, k)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((k, n)).astype(ml_dtypes.bfloat16)
    program = PROGRAM.format(m=m, n=n, k=k, out=out)
    pairs = ["--bf16-pair-dot"] if host_has_avx512_bf16() else []
    got = run_axle(program, [a, b],
                   ["--fast-math", *pairs, f"--threads={threads}"])
    exact = a.astype(np.float64) @ b.astype(np.float64)
    tolerance = 1e-5 if out == "f32" else 1e-2
    np.testing.assert_allclose(got.astype(np.float64), exact,
                               rtol=tolerance, atol=tolerance * np.sqrt(k))
    if not host_has_avx512_bf16():
        pytest.skip("this CPU has no AVX512-BF16: --fast-math keeps the f32 "
                    "path; only the closeness to float64 was checked")
    want = pair_model(a, b)
    if out == "bf16":
        want = want.astype(ml_dtypes.bfloat16)
    assert got.dtype == want.dtype
    assert got.tobytes() == want.tobytes(), (
        f"{np.count_nonzero(got != want)} of {got.size} elements differ "
        "from the vdpbf16ps order")
    # The f32 path (no --fast-math) sums in k order: other bits.
    in_order = run_axle(program, [a, b], [f"--threads={threads}"])
    assert in_order.tobytes() != got.tobytes() or out == "bf16"


def test_verify_explains_fast_math(axle_run, tmp_path):
    """--verify exits 1 on the pair sums' other bits and says why; without
    --fast-math the same program verifies."""
    if not host_has_avx512_bf16():
        pytest.skip("this CPU has no AVX512-BF16: --fast-math keeps the f32 "
                    "path, which verifies")
    rng = np.random.default_rng(3)
    args = [str(axle_run), str(tmp_path / "program.mlir"), "--verify"]
    (tmp_path / "program.mlir").write_text(
        PROGRAM.format(m=64, n=64, k=256, out="f32"))
    for i, shape in enumerate([(64, 256), (256, 64)]):
        np.save(tmp_path / f"in{i}.npy",
                rng.standard_normal(shape).astype(ml_dtypes.bfloat16))
        args.append(f"--input=@{tmp_path / f'in{i}.npy'}")
    fast = subprocess.run(args + ["--fast-math", "--bf16-pair-dot"],
                          capture_output=True,
                          text=True, timeout=300)
    assert fast.returncode == 1, fast.stderr[-2000:]
    assert "--fast-math lets the compiled code" in fast.stderr
    exact = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert exact.returncode == 0, exact.stderr[-2000:]
    assert "results agree" in exact.stderr


@pytest.mark.parametrize("out", ["f32", "bf16"])
def test_fast_math_pairs_only_where_faster(run_axle, out):
    """--fast-math alone adds products in pairs on Zen 4 and 5, and keeps the
    in-order f32 sums (the bits of the IEEE path) on other CPUs, such as
    Intel Xeons, whose vdpbf16ps runs at half the f32 FMA rate. (AMX tiles,
    which --fast-math also takes where the CPU has them, are turned off
    here: test_amx_tiles.py checks them.)"""
    m, n, k = 64, 48, 96
    rng = np.random.default_rng(5)
    a = rng.standard_normal((m, k)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((k, n)).astype(ml_dtypes.bfloat16)
    program = PROGRAM.format(m=m, n=n, k=k, out=out)
    ieee = run_axle(program, [a, b], [])
    fast = run_axle(program, [a, b], ["--fast-math", "--amx-tiles=false"])
    if host_pairs_by_default():
        want = pair_model(a, b)
        if out == "bf16":
            want = want.astype(ml_dtypes.bfloat16)
    else:
        want = ieee
    assert fast.tobytes() == want.tobytes()
    forced_off = run_axle(program, [a, b],
                          ["--fast-math", "--amx-tiles=false",
                           "--bf16-pair-dot=false"])
    assert forced_off.tobytes() == ieee.tobytes()

"""The chlo files of the StableHLO conformance data (exported from JAX):
every one must parse and verify, decompose without leaving a chlo op, and
(run with XLA) reproduce the file's expected values.

The expected values were computed by XLA's own chlo lowering, so they carry
its errors too: a float result passes when
|got - expected| <= RTOL_ULPS * eps * (|expected| + max |expected|),
the second term covering elements near a root of the function, where a
relative comparison with XLA's value is meaningless. f16/bf16: 2 ulps of the
format. Integer and boolean results (top_k) must be equal.

The folder is $AXLE_CONFORMANCE_DIR, else the shared checkout's
conformance/stablehlo-testdata; the tests skip when it is missing.
"""
import os
import pathlib
import subprocess

import numpy as np
import pytest

DATA = pathlib.Path(os.environ.get(
    "AXLE_CONFORMANCE_DIR", "/work/shared/conformance/stablehlo-testdata"))
FILES = sorted(DATA.glob("*_chlo.mlir")) if DATA.is_dir() else []
RTOL_ULPS = 16


def without_checks(text):
    """The program without its check.expect_* calls (not ops XLA knows)."""
    return "\n".join(line for line in text.splitlines()
                     if "custom_call @check." not in line)


def expected_module(text):
    """A module whose @main is the file's @expected function."""
    lines, out, inside = text.splitlines(), [], False
    for line in lines:
        if line.startswith("  func.func private @expected"):
            inside = True
            line = line.replace("func.func private @expected",
                                "func.func public @main")
        if inside:
            out.append(line)
            if line == "  }":
                break
    assert out, "no @expected function"
    return "module {\n" + "\n".join(out) + "\n}\n"


@pytest.mark.skipif(not FILES, reason=f"no *_chlo.mlir files in {DATA}")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_conformance_file(harness, path):
    text = path.read_text()
    parsed = subprocess.run([str(harness.axle_opt), str(path)],
                            capture_output=True, text=True, timeout=300)
    assert parsed.returncode == 0, f"parse/verify failed:\n{parsed.stderr[-3000:]}"

    got = harness.compile(without_checks(text))()
    # The expected values are plain stablehlo constants in XLA's own syntax.
    from jaxlib import xla_client
    backend = harness._backend
    executable = backend.compile_and_load(
        expected_module(text), xla_client.DeviceList((harness.device,)),
        xla_client.CompileOptions())
    expected = [np.asarray(o) for o in executable.execute([])]

    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape and g.dtype == e.dtype
        if g.dtype.kind in "iub":
            np.testing.assert_array_equal(g, e)
            continue
        g64 = g.astype(np.complex128 if g.dtype.kind == "c" else np.float64)
        e64 = e.astype(g64.dtype)
        nan_g, nan_e = np.isnan(g64), np.isnan(e64)
        np.testing.assert_array_equal(nan_g, nan_e)
        finite = np.isfinite(e64) & ~nan_e
        np.testing.assert_array_equal(g64[~finite & ~nan_e], e64[~finite & ~nan_e])
        real = g.real.dtype if g.dtype.kind == "c" else g.dtype
        ulps = 2 if real.itemsize == 2 else RTOL_ULPS
        eps = 2.0 ** -7 if str(real) == "bfloat16" else float(np.finfo(real).eps)
        scale = np.abs(e64[finite]).max() if finite.any() else 0.0
        bound = ulps * eps * (np.abs(e64[finite]) + scale)
        excess = np.abs(g64[finite] - e64[finite]) - bound
        worst = int(np.argmax(excess)) if excess.size else 0
        assert not excess.size or excess[worst] <= 0, (
            f"{path.name}: got {g64[finite][worst]!r}, expected "
            f"{e64[finite][worst]!r} (bound {bound[worst]:.3g})")

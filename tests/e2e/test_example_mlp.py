"""The bundled example model, run by axle-run on the interpreter, gives what
JAX computes for the same function and input."""
import importlib.util
import pathlib
import subprocess

import numpy as np
import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "examples" / "mlp.mlir"


def load_exporter():
    spec = importlib.util.spec_from_file_location(
        "export_mlp", REPO_ROOT / "examples" / "export_mlp.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module



def test_mlp_matches_jax(axle_run, tmp_path):
    exporter = load_exporter()
    x = np.random.default_rng(7).standard_normal((8, 64), dtype=np.float32)
    expected = np.asarray(exporter.mlp(x))
    np.save(tmp_path / "x.npy", x)
    result = subprocess.run(
        [str(axle_run), str(EXAMPLE), f"--input=@{tmp_path / 'x.npy'}",
         f"--output=@{tmp_path / 'y.npy'}"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    got = np.load(tmp_path / "y.npy")
    assert got.shape == expected.shape and got.dtype == np.float32
    # Softmax probabilities: rows sum to one and match JAX closely.
    np.testing.assert_allclose(got.sum(axis=-1), 1.0, rtol=1e-5)
    np.testing.assert_allclose(got, expected, rtol=2e-5, atol=1e-6)

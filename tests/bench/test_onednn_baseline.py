"""bench/onednn_baseline.cpp, the benchmark's oneDNN baseline, computes the
suite's functions: its outputs against NumPy references written here from
the definitions (row-major matmul; NHWC x HWIO convolution with SAME
padding, as jax.lax.conv_general_dilated defines it), and bad input is a
one-line error with exit code 2."""
import json
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE = REPO_ROOT / "bench" / "onednn_baseline.cpp"


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    if not pathlib.Path("/usr/include/dnnl.hpp").exists():
        pytest.skip("libdnnl-dev is not installed (scripts/setup.sh "
                    "installs it)")
    compiler = shutil.which("clang++-22") or shutil.which("clang++")
    if not compiler:
        pytest.skip("no clang++ to build the oneDNN baseline")
    binary = tmp_path_factory.mktemp("onednn") / "onednn_baseline"
    subprocess.run([compiler, "-O2", "-std=c++17", str(SOURCE), "-ldnnl",
                    "-o", str(binary)], check=True)
    return binary


def run(binary, tmp_path, model, inputs, runs=2):
    paths = []
    for i, value in enumerate(inputs):
        path = tmp_path / f"in{i}.npy"
        np.save(path, value)
        paths.append(str(path))
    output = tmp_path / "out.npy"
    result = subprocess.run(
        [str(binary), model, str(runs), str(output), *paths],
        capture_output=True, text=True, timeout=120,
        env={"OMP_NUM_THREADS": "1"})
    return result, output


def run_ok(binary, tmp_path, model, inputs):
    result, output = run(binary, tmp_path, model, inputs)
    if result.returncode == 3:
        # oneDNN has no such primitive for this CPU (bf16 without
        # AVX512-BF16 or AMX): the baseline says so, and the harness reports
        # it as the model's oneDNN error.
        assert "no implementation of this model's primitives for this CPU" \
            in result.stderr, result.stderr
        pytest.skip(result.stderr.strip())
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert len(report["runs_us"]) == 2 and report["median_us"] > 0
    return np.load(output)


def relative_error(got, want):
    want = np.asarray(want, np.float64)
    return np.max(np.abs(np.asarray(got, np.float64) - want)) / np.max(
        np.abs(want))


def conv_same(x, w):
    """NHWC x HWIO, stride 1, zero padding (k - 1) / 2 on each side."""
    kh, kw = w.shape[:2]
    padded = np.pad(x.astype(np.float64),
                    ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
    n, h, width, _ = x.shape
    out = np.zeros((n, h, width, w.shape[3]))
    for i in range(kh):
        for j in range(kw):
            out += np.einsum("nhwc,co->nhwo",
                             padded[:, i:i + h, j:j + width, :], w[i, j])
    return out


def test_matmul_f32(baseline, tmp_path):
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 48), np.float32)
    b = rng.standard_normal((48, 80), np.float32)
    got = run_ok(baseline, tmp_path, "matmul_f32_test", [a, b])
    assert got.dtype == np.float32 and got.shape == (64, 80)
    assert relative_error(got, a.astype(np.float64) @ b) < 1e-5


def test_matmul_bf16(baseline, tmp_path):
    import ml_dtypes
    rng = np.random.default_rng(2)
    a = rng.standard_normal((32, 64)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((64, 16)).astype(ml_dtypes.bfloat16)
    got = run_ok(baseline, tmp_path, "matmul_bf16_test", [a, b])
    assert got.shape == (32, 16)
    got = got.view(ml_dtypes.bfloat16).astype(np.float32)
    want = a.astype(np.float64) @ b.astype(np.float64)
    assert relative_error(got, want) < 2e-2


def test_conv1x1(baseline, tmp_path):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 10, 12, 8), np.float32)
    w = rng.standard_normal((1, 1, 8, 16), np.float32)
    got = run_ok(baseline, tmp_path, "conv1x1", [x, w])
    assert got.shape == (2, 10, 12, 16)
    assert relative_error(got, conv_same(x, w)) < 1e-5


def test_resnet_stack(baseline, tmp_path):
    rng = np.random.default_rng(4)
    x = rng.standard_normal((2, 9, 7, 8), np.float32)
    params = []
    for _ in range(4):
        params += [rng.standard_normal((3, 3, 8, 8), np.float32) / 8,
                   rng.standard_normal(8, np.float32) / 10]
    got = run_ok(baseline, tmp_path, "resnet_stack", [x, *params])
    want = x.astype(np.float64)
    for block in range(2):
        wa, ba, wb, bb = params[4 * block:4 * block + 4]
        y = np.maximum(conv_same(want, wa) + ba, 0)
        want = np.maximum(conv_same(y, wb) + bb + want, 0)
    assert got.shape == x.shape
    assert relative_error(got, want) < 1e-5


def test_bad_input_is_a_clear_error(baseline, tmp_path):
    a = np.ones((4, 4), np.float32)
    cases = [
        ("matmul_f32_test", [a]),                          # one input short
        ("matmul_f32_test", [a, np.ones((5, 4), np.float32)]),  # 4 vs 5
        ("matmul_f32_test", [a, np.ones((4, 4), np.int32)]),   # dtype
        ("softmax", [a]),                                  # not a library op
    ]
    for model, inputs in cases:
        result, _ = run(baseline, tmp_path, model, inputs)
        assert result.returncode == 2, (model, result.stderr)
        assert result.stderr.strip() and "\n" not in result.stderr.strip()
    truncated = tmp_path / "in0.npy"
    np.save(truncated, np.ones((64, 64), np.float32))
    truncated.write_bytes(truncated.read_bytes()[:200])
    np.save(tmp_path / "in1.npy", np.ones((64, 64), np.float32))
    result = subprocess.run(
        [str(baseline), "matmul_f32_test", "1", str(tmp_path / "o.npy"),
         str(truncated), str(tmp_path / "in1.npy")],
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stderr.strip(), result.stderr

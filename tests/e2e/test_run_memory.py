"""axle-run's cpu backend keeps tensors as bytes.

Softmax over 4096 x 4096 floats (64 MiB in, 64 MiB out): when axle-run
held inputs and results in the interpreter's per-element form, the run
took 2.0 GB of resident memory; as bytes it takes about 0.26 GB. The test
bounds the peak resident memory of `axle-run` (cpu backend, .npy in and
out) at 0.6 GB, measured by a wrapper process, and checks the result
against NumPy in float64.
"""
import subprocess
import sys

import numpy as np

ROWS = COLUMNS = 4096
MEASURE = ("import resource, subprocess, sys\n"
           "code = subprocess.run(sys.argv[1:]).returncode\n"
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
           "sys.exit(code)\n")


def softmax_program():
    t = f"tensor<{ROWS}x{COLUMNS}xf32>"
    r = f"tensor<{ROWS}xf32>"
    return f"""
func.func @main(%x: {t}) -> {t} {{
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : ({t}, tensor<f32>) -> {r}
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : ({r}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %e = stablehlo.exponential %d : {t}
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : ({t}, tensor<f32>) -> {r}
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : ({r}) -> {t}
  %y = stablehlo.divide %e, %sb : {t}
  return %y : {t}
}}
"""


def test_cpu_backend_holds_bytes(axle_run, tmp_path):
    program = tmp_path / "softmax.mlir"
    program.write_text(softmax_program())
    x = np.random.default_rng(0).standard_normal(
        (ROWS, COLUMNS)).astype(np.float32)
    np.save(tmp_path / "x.npy", x)
    out = tmp_path / "y.npy"
    result = subprocess.run(
        [sys.executable, "-c", MEASURE, str(axle_run), str(program),
         f"--input=@{tmp_path / 'x.npy'}", f"--output=@{out}"],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    peak_kib = int(result.stdout.strip().splitlines()[-1])
    print(f"peak resident memory {peak_kib / 2**20:.2f} GiB")
    assert peak_kib < 0.6 * 2**20, f"peak {peak_kib / 2**20:.2f} GiB (bound 0.6)"
    wide = x.astype(np.float64)
    e = np.exp(wide - wide.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(np.load(out), want, rtol=1e-5, atol=1e-7)

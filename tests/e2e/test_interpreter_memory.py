"""The interpreter drops each value after its last use.

A chain of 48 elementwise ops over 2^20 floats: holding every intermediate
(as the interpreter did before it released values) took 2.9 GB; released
after their last use, the chain holds a few tensors at a time (0.26 GB).
The test bounds the peak resident memory of `axle-run --backend=interpreter`
at 1 GB, measured by a wrapper process around it, and checks the result
against NumPy evaluating the same chain in float32.
"""
import subprocess
import sys

import numpy as np

COUNT = 1 << 20
LENGTH = 48
MEASURE = ("import resource, subprocess, sys\n"
           "code = subprocess.run(sys.argv[1:]).returncode\n"
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
           "sys.exit(code)\n")


def chain_program():
    t = f"tensor<{COUNT}xf32>"
    lines = [f"func.func @main(%x: {t}) -> {t} {{",
             f"  %v0 = stablehlo.negate %x : {t}"]
    for i in range(1, LENGTH):
        op = "add" if i % 2 else "multiply"
        lines.append(f"  %v{i} = stablehlo.{op} %v{i - 1}, %x : {t}")
    lines.append(f"  return %v{LENGTH - 1} : {t}\n}}\n")
    return "\n".join(lines)


def chain_numpy(x):
    v = -x
    for i in range(1, LENGTH):
        v = v + x if i % 2 else v * x
    return v


def test_chain_holds_few_tensors(axle_run, tmp_path):
    program = tmp_path / "chain.mlir"
    program.write_text(chain_program())
    x = np.linspace(-1.5, 1.5, COUNT, dtype=np.float32)
    np.save(tmp_path / "x.npy", x)
    out = tmp_path / "y.npy"
    result = subprocess.run(
        [sys.executable, "-c", MEASURE, str(axle_run), str(program),
         "--backend=interpreter", f"--input=@{tmp_path / 'x.npy'}",
         f"--output=@{out}"], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    peak_kib = int(result.stdout.strip().splitlines()[-1])
    print(f"peak resident memory {peak_kib / 2**20:.2f} GiB")
    assert peak_kib < 2**20, f"peak {peak_kib / 2**20:.2f} GiB (bound 1)"
    with np.errstate(all="ignore"):
        want = chain_numpy(x)
    assert np.array_equal(np.load(out), want, equal_nan=True)

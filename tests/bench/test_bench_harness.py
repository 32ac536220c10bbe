"""bench/run.py, the benchmark harness, still runs end to end: a small
matmul and one memory-bound model, one thread, --quick, and the report it
writes has the table."""
import importlib.util
import json
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]


def require(module, why):
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed ({why}; scripts/setup.sh "
                    "installs it)")


def test_quick_run_writes_the_table(build_dir, tmp_path):
    require("jax", "the suite's models and the XLA:CPU baseline")
    require("iree.runtime", "the IREE baseline")
    require("iree.compiler", "the IREE baseline")
    for tool in ("axle-compile/axle-compile", "axle-run/axle-run"):
        if not (build_dir / "tools" / tool).exists():
            pytest.skip(f"{tool} is not built (run scripts/build.sh)")
    report = tmp_path / "latest.md"
    result = subprocess.run(
        [sys.executable, str(REPO_ROOT / "bench" / "run.py"), "--quick",
         "--models", "matmul_f32_256,exp", "--threads", "1", "--out",
         str(report),
         "--build", str(build_dir), "--allow-stale-build"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    text = report.read_text()
    assert "| model | axle | XLA:CPU | IREE | numpy | oneDNN |" in text
    row = next(line for line in text.splitlines()
               if line.startswith("| matmul_f32_256 |"))
    # Every backend produced a latency and agreed with XLA's output; a
    # failure would put "FAIL: ..." or "MISMATCH" in the row instead.
    assert "FAIL" not in row, row
    assert "axle ok" in row and "IREE ok" in row, row
    if pathlib.Path("/usr/include/dnnl.hpp").exists():
        # The kernel-library baseline ran too (scripts/setup.sh installs
        # libdnnl-dev) and agreed.
        assert "oneDNN ok" in row, row
    assert "**geomean**" in text
    # The header names the build it measured.
    assert re.search(r"axle built from [0-9a-f]{12}", text), text[:2000]
    # The peak table has a column for every bf16 peak the matmuls are
    # measured against, AMX tiles included (a rate, or "(none)").
    assert "| bf16 tiles GFLOP/s (AMX) |" in text
    # And the tiles fed by their loads, a matmul kernel's bound; and the f32
    # multiply-adds in the register tile's shape, fed from L1.
    assert "| AMX with tile loads GFLOP/s |" in text
    assert "| f32 FMA GFLOP/s | f32 tile loop GFLOP/s |" in text
    peak_row = next(line for line in text.splitlines()
                    if line.startswith("| 1 | "))
    assert re.match(r"\| 1 \| \d+\.\d \| \d+\.\d \|", peak_row), peak_row
    # The targets section restates the row against the better baseline.
    targets = text.split("## Against the targets", 1)[1]
    assert re.search(r"- 1 thread: f32 matmul 1024\^3 \(target 85% of FMA; "
                     r"the register tile's loop fed from L1 reaches \d+%\)",
                     targets), targets
    assert "slower than the better of XLA:CPU and IREE:" in targets
    # The tile loop is described as the probe ran it: axle's register tile
    # for this CPU (4 x 64 sums with AVX-512, 4 x 16 with AVX2 only).
    probe = json.loads(report.with_suffix(".json").read_text())["peaks"]["1"]
    assert probe["tile_columns"] in (16, 64), probe
    assert (f"axle's register tile for this CPU: 4 x {probe['tile_columns']} "
            "sums") in text
    assert re.search(r"multiply-adds\): at best \d+\.\d GFLOP/s, \d+% of the "
                     r"FMA peak", text), text[:3000]
    # A memory-bound model's share of the best probe, then in brackets its
    # share of the probe run just before it.
    assert re.search(r"exp \d+%( \(under\))? \[\d+%\]", targets), targets
    exp_row = next(line for line in text.splitlines()
                   if line.startswith("| exp |"))
    assert "axle ok" in exp_row, exp_row
    # Each model was measured right after a short probe: the matmul's of
    # the FMA peaks (the tile loop's included), exp's of the bandwidth.
    record = json.loads(report.with_suffix(".json").read_text())
    befores = {name: record["models"][name]["threads"]["1"]["probe_before"]
               for name in ("matmul_f32_256", "exp")}
    assert befores["matmul_f32_256"]["f32_loaded_gflops"] > 0, befores
    assert befores["matmul_f32_256"]["f32_gflops"] > 0, befores
    assert befores["exp"]["copy_64mib_gbs"] > 0, befores


def test_every_model_runs_an_exported_program():
    # A variant (another model's program with other axle flags) names an
    # existing model and program; every other model has its own file.
    require("jax", "the suite's models")
    sys.path.insert(0, str(REPO_ROOT / "bench" / "models"))
    import export_suite

    suite = export_suite.suite()
    for name, model in suite.items():
        assert (export_suite.SUITE_DIR / f"{model.program}.mlir").exists(), name
        if model.source:
            base = suite[model.source]
            assert base.fn is model.fn and base.args == model.args, name
            assert model.axle_flags != base.axle_flags, name
    variants = [m for m in suite.values() if m.source]
    assert {m.source for m in variants} >= {"sum_rows", "sum_full"}
    assert all("--reassociate-reductions" in m.axle_flags for m in variants)
    bf16 = [m for m in suite.values() if m.name.startswith("matmul_bf16")]
    assert bf16 and all(m.axle_flags == ["--fast-math"] for m in bf16)


def test_refuses_a_build_behind_its_sources(tmp_path):
    # A build folder with a step left to run: the suite must not start
    # (it would measure older code under the sources' commit) unless told
    # to, and then the report says so.
    require("jax", "the suite's models")
    if shutil.which("ninja") is None:
        pytest.skip("ninja is not installed (scripts/setup.sh installs it)")
    build = tmp_path / "build"
    for tool in ("axle-compile/axle-compile", "axle-run/axle-run"):
        (build / "tools" / tool).parent.mkdir(parents=True)
        (build / "tools" / tool).write_text("#!/bin/sh\nexit 1\n")
    (build / "build.ninja").write_text(
        "rule stamp\n  command = touch $out\nbuild stamp: stamp\n")
    report = tmp_path / "latest.md"
    result = subprocess.run(
        [sys.executable, str(REPO_ROOT / "bench" / "run.py"), "--models",
         "exp", "--threads", "1", "--out", str(report), "--build",
         str(build)], capture_output=True, text=True, timeout=300)
    assert result.returncode != 0
    assert "is 1 build steps behind the sources" in result.stderr, \
        result.stderr
    assert "--allow-stale-build" in result.stderr
    assert not report.exists()
    # With the step done, the same folder passes the check.
    subprocess.run(["ninja", "-C", str(build)], check=True,
                   capture_output=True)
    sys.path.insert(0, str(REPO_ROOT / "bench"))
    import run
    state = run.build_state(build)
    assert state["pending_steps"] == 0, state
    assert "STALE" not in run.describe_build(state)
    assert "STALE" in run.describe_build(dict(state, pending_steps=3))

#!/usr/bin/env python3
"""The benchmark suite: axle against XLA:CPU and IREE, side by side.

    .venv/bin/python bench/run.py                        # everything, ~10 min
    .venv/bin/python bench/run.py --models matmul_f32_1024,softmax --threads 1
    .venv/bin/python bench/run.py --quick                # fewer runs, a smoke test

For each model of bench/models/export_suite.py (StableHLO in
bench/models/suite/) and each thread count, on the same pinned cores
(`taskset -c 0` for 1 thread, `-c 0,1` for 2):
  - axle: `axle-compile model.mlir -o model.axle` (the model's
    `axle_flags`: --fast-math for the bf16 matmuls, --reassociate-reductions
    for the `_reassoc` variants of the reductions), then `axle-run model.axle
    --threads=T --benchmark=N --benchmark-json=...` (its first run is the
    warm-up; every timed run's latency comes back in the JSON file);
  - XLA:CPU: `jax.jit` of the same JAX function, inputs as device arrays,
    `block_until_ready`, in a worker process (bench/bench_worker.py) pinned
    to the same cores, so XLA's thread pool has T threads;
  - IREE: the same StableHLO text through `iree-compile` for llvm-cpu (flags
    in IREE_FLAG_LADDER), run by iree.runtime in a pinned worker: local-task
    with one worker per core (`--task_topology_cpu_ids`), or local-sync
    where that is faster for the model;
  - numpy's matmul, as an extra baseline for the f32 matmuls;
  - oneDNN, the kernel library axle could have called instead of
    generating code, for the matmuls and convolutions
    (bench/onednn_baseline.cpp, built here against Debian's libdnnl-dev;
    OMP_NUM_THREADS=T).
Runs are interleaved in rounds (a quarter of XLA's and IREE's runs, a
third of axle's, and so on: three axle invocations between the baselines'
four parts, each batch after SETTLE_S of idle cores), warm-up excluded,
and counted by a time budget (`plan_runs`): at least 10 timed runs unless
a model is so slow that 10 would not fit the per-model cap, then fewer
(never under 2; the table shows the count).
All three outputs are compared (XLA's is the reference). A peak probe
(bench/peak_probe.c) measures the FMA peak, the same multiply-adds in a
matmul register tile's shape fed from L1, and copy bandwidth on the same
cores in the same run; a short one runs right before each model, for
context on the phase of a shared machine the model met.

It refuses to start when the build folder is behind the sources (`ninja -n`
has steps to run), and the report names the commit it measured.

Writes bench/results/latest.md (tables per thread count, compile times and
peak RSS, the probe, the method), latest.json (every run) and latest.png.
A model that fails on a backend shows the error's first line in its cell
and the suite goes on.
"""
import argparse
import datetime
import json
import math
import os
import pathlib
import platform
import re
import selectors
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

REPO = pathlib.Path(__file__).resolve().parent.parent
BENCH = REPO / "bench"
sys.path.insert(0, str(BENCH / "models"))
import export_suite  # noqa: E402

PYTHON = sys.executable
IREE_BASE_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
    "--iree-opt-level=O3",
]
# Tried in order until one compiles. Data tiling with the mmt4d microkernels
# is what makes IREE's matmuls fast on x86 (about 2x over O3 alone on the
# 1024^3 f32 matmul here); multi-use fusion off works around an IREE
# failure ("operations with large vector sizes") on the fused
# residual+layernorm of the GPT-2 block.
IREE_FLAG_LADDER = [
    ("O3+data-tiling+ukernels",
     ["--iree-opt-data-tiling", "--iree-llvmcpu-enable-ukernels=all"]),
    ("O3+data-tiling+ukernels, no multi-use fusion",
     ["--iree-opt-data-tiling", "--iree-llvmcpu-enable-ukernels=all",
      "--iree-dispatch-creation-fuse-multi-use=false"]),
    ("O3", []),
]
# dtypes axle-run reads and writes as .npy (bfloat16 as NumPy saves
# ml_dtypes' arrays: raw 2-byte values); inputs of other dtypes would be
# given to every backend as one constant per argument, passed to axle-run
# as a literal, and such results read from axle-run's printed output.
NPY_DTYPES = {"float32", "float16", "float64", "bfloat16", "int8", "int16",
              "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "bool"}
BACKENDS = ("axle", "xla", "iree")
# axle-run invocations per model and thread count, alternating with the
# baselines' runs (see measure_slot).
ROUNDS = 3
# Seconds of idle cores before each batch of timed runs: the backends'
# thread pools spin for a while after their work (numpy's OpenBLAS about
# 0.1 s), and the next backend's batch, pinned to the same cores, would
# otherwise share a core with them (axle's 256^3 matmul on two threads ran
# at its one-thread time, 0.31 ms instead of 0.20, right after numpy).
SETTLE_S = 0.2
NAMES = {"axle": "axle", "xla": "XLA:CPU", "iree": "IREE", "numpy": "numpy",
         "onednn": "oneDNN"}
# Baselines whose outputs are checked against XLA's besides axle's.
CHECKED = ("axle", "iree", "numpy", "onednn")


class Settings:
    """Run-count policy: budget per slot, the 10-run floor, a hard cap."""

    def __init__(self, quick):
        self.quick = quick
        self.budget_s = 0.3 if quick else 2.0    # timed runs, fast models
        self.cap_s = 3.0 if quick else 30.0      # timed runs, slow models
        self.min_runs = 3 if quick else 10
        self.floor_runs = 1 if quick else 2
        self.max_runs = 20 if quick else 200
        # An unknown axle latency is planned as this many times the faster
        # baseline's, so that a slow model cannot blow the budget; if axle
        # turns out faster, a second invocation adds the missing runs.
        self.pessimism = 300


def plan_runs(latency_us, settings):
    """How many timed runs fit: >= min_runs, more up to the budget for fast
    models, fewer (>= floor_runs) where min_runs would pass the cap."""
    seconds = max(latency_us, 1.0) / 1e6
    n = min(settings.max_runs, max(settings.min_runs,
                                   int(settings.budget_s / seconds)))
    if n * seconds > settings.cap_s:
        n = max(settings.floor_runs, int(settings.cap_s / seconds))
    return n


def cpu_snapshot(worker_pids):
    """(all CPUs' busy seconds, this harness's and its processes' CPU
    seconds), to tell how much other work shared the cores in between."""
    tick = os.sysconf("SC_CLK_TCK")
    with open("/proc/stat") as stat:
        fields = [int(v) for v in stat.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal: busy = all but idle,
    # iowait, and steal (steal is another VM's, shown apart).
    busy = (sum(fields[:8]) - fields[3] - fields[4] - fields[7]) / tick
    times = os.times()
    ours = times.user + times.system + times.children_user + \
        times.children_system
    for pid in worker_pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                parts = stat.read().rsplit(")", 1)[1].split()
            ours += (int(parts[11]) + int(parts[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return busy, ours, fields[7] / tick, time.perf_counter()


def other_load(before, after):
    """Cores' worth of other processes' work between two snapshots."""
    wall = after[3] - before[3]
    if wall <= 0:
        return None
    other = (after[0] - before[0]) - (after[1] - before[1])
    return max(0.0, other / wall)


def load_average():
    """The 1-minute load average (other work on these cores is noise)."""
    return open("/proc/loadavg").read().split()[0]


def first_line(text):
    """The first non-empty line of an error, for a table cell."""
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()[:200]
    return "(no message)"


GNU_TIME = shutil.which("time") if os.path.exists("/usr/bin/time") else None


def run_measured(command, timeout, env=None):
    """Runs a command; returns its exit code, output, wall time and peak RSS.

    The peak RSS comes from GNU time (`time -f %M`), not from this process's
    wait4: Linux carries the RSS high-water mark of the forked parent (this
    harness, inputs and all) into a child's ru_maxrss across exec, so only
    a small intermediate process gives the child's own peak."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as rss:
        prefix = [GNU_TIME, "-f", "%M", "-o", rss.name] if GNU_TIME else []
        start = time.perf_counter()
        # A session of its own, so that a timeout can kill the whole chain
        # (time, and the command it started) by its process group.
        process = subprocess.Popen(prefix + command, stdout=out, stderr=err,
                                   env=env, start_new_session=True)
        try:
            process.wait(timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
            timed_out = True
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        text = rss.read().strip().splitlines()
        maxrss = (int(text[-1]) / 1024 if text and text[-1].isdigit()
                  else None)
        stderr = err.read().decode(errors="replace")
        if GNU_TIME and process.returncode != 0:
            # GNU time appends "Command exited with non-zero status N".
            stderr = "\n".join(l for l in stderr.splitlines()
                               if not l.startswith("Command exited with"))
        return {"rc": process.returncode, "timed_out": timed_out,
                "stdout": out.read().decode(errors="replace"),
                "stderr": stderr, "wall_s": wall, "maxrss_mib": maxrss}


def run_tool(command, timeout):
    """run_measured, retried a few times when the tool cannot be executed
    at all (a concurrent rebuild relinking it), so that a shared build
    folder does not turn into a failed model."""
    for attempt in range(4):
        result = run_measured(command, timeout)
        busy = result["rc"] in (126, 127) and re.search(
            r"Permission denied|Text file busy|No such file",
            result["stderr"])
        if not busy or attempt == 3:
            return result
        time.sleep(10)


def taskset(threads):
    """The cores a thread count runs on, and the taskset prefix."""
    cpus = ",".join(str(i) for i in range(threads))
    return cpus, ["taskset", "-c", cpus]


class WorkerError(Exception):
    pass


class Worker:
    """A bench_worker.py process (XLA or IREE) for one thread count."""

    def __init__(self, kind, threads, log_dir):
        self.kind, self.threads, self.log_dir = kind, threads, log_dir
        self.process = None
        self.error = None       # why the backend cannot start at all
        self.baseline_mib = None

    def start(self):
        cpus, prefix = taskset(self.threads)
        env = dict(os.environ)
        # numpy's BLAS (the matmul baseline) gets the same thread count.
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS",
                    "MKL_NUM_THREADS"):
            env[var] = str(self.threads)
        self.log = open(self.log_dir / f"{self.kind}-{self.threads}.log", "a")
        self.process = subprocess.Popen(
            prefix + [PYTHON, str(BENCH / "bench_worker.py"), self.kind,
                      "--threads", str(self.threads), "--cpus", cpus],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
            env=env, text=True, bufsize=1)
        reply = self._read(180)
        if not reply.get("ok"):
            self.error = reply.get("error", "failed to start")
            self.stop()
            raise WorkerError(self.error)
        self.baseline_mib = reply.get("rss_mib")

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def _read(self, timeout):
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        ready = selector.select(timeout)
        selector.close()
        if not ready:
            self.stop()
            raise WorkerError(f"timed out after {timeout:.0f} s")
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            self.process = None
            raise WorkerError(f"worker died (exit code {code}): "
                              + self._last_log_line())
        return json.loads(line)

    def _last_log_line(self):
        self.log.flush()
        path = self.log_dir / f"{self.kind}-{self.threads}.log"
        lines = [l for l in path.read_text(errors="replace").splitlines()
                 if l.strip()]
        return lines[-1][:200] if lines else ""

    def request(self, timeout, **fields):
        if self.error:
            raise WorkerError(self.error)
        if not self.alive():
            self.start()
        self.process.stdin.write(json.dumps(fields) + "\n")
        self.process.stdin.flush()
        reply = self._read(timeout)
        if not reply.get("ok"):
            raise WorkerError(reply.get("error", "failed"))
        return reply

    def stop(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def build_state(build_dir):
    """Which axle the suite measures: the commit the sources are at, whether
    they have uncommitted changes, and whether the build folder is behind
    them (`ninja -n` has steps to run). A record measured with a build left
    over from other sources says nothing about the sources it names."""
    def output(command):
        try:
            result = subprocess.run(command, capture_output=True, text=True,
                                    timeout=120)
        except (OSError, subprocess.TimeoutExpired) as error:
            return None, str(error)
        return result, None

    state = {"commit": None, "uncommitted": None, "pending_steps": None}
    git, _ = output(["git", "-C", str(REPO), "rev-parse", "--short=12",
                     "HEAD"])
    if git and git.returncode == 0:
        state["commit"] = git.stdout.strip()
        changes, _ = output(["git", "-C", str(REPO), "status",
                             "--porcelain", "--untracked-files=no"])
        if changes and changes.returncode == 0:
            state["uncommitted"] = bool(changes.stdout.strip())
    ninja, error = output(["ninja", "-C", str(build_dir), "-n"])
    if ninja is None or ninja.returncode != 0:
        state["ninja_error"] = first_line(
            error or ninja.stderr or ninja.stdout or "ninja -n failed")
    else:
        # `ninja -n` prints "[i/N] ..." for each step it would run.
        state["pending_steps"] = sum(
            1 for line in ninja.stdout.splitlines() if line.startswith("["))
    return state


def describe_build(state):
    """One sentence for the report's header."""
    commit = state.get("commit") or "an unknown commit (not a git checkout)"
    text = f"axle built from {commit}"
    if state.get("uncommitted"):
        text += " with uncommitted changes"
    if state.get("pending_steps"):
        text += (f"; STALE: the build folder was {state['pending_steps']} "
                 "build steps behind these sources (--allow-stale-build), so "
                 "the times are of older code")
    elif "ninja_error" in state:
        text += f"; build folder not checked ({state['ninja_error']})"
    return text


def peak_probe(threads, tmp, mode=None):
    """FMA peak and copy bandwidth on the cores of `threads` threads (mode
    "quick": shorter, "fma": the FMA peaks alone, "fma-short": those with
    shorter loops)."""
    binary = tmp / "peak_probe"
    if not binary.exists():
        compiler = shutil.which("clang-22") or shutil.which("clang")
        if not compiler:
            return {"error": "no clang-22 to build the peak probe"}
        result = subprocess.run(
            [compiler, "-O3", "-march=native", "-pthread",
             str(BENCH / "peak_probe.c"), "-o", str(binary)],
            capture_output=True, text=True)
        if result.returncode != 0:
            return {"error": first_line(result.stderr)}
    _, prefix = taskset(threads)
    command = prefix + [str(binary), str(threads)] + ([mode] if mode
                                                      else [])
    result = subprocess.run(command, capture_output=True, text=True,
                            timeout=300)
    if result.returncode != 0:
        return {"error": first_line(result.stderr)}
    return json.loads(result.stdout)


def onednn_supports(name):
    """Models bench/onednn_baseline.cpp implements: the matmuls and the
    convolutions, where a kernel library is the natural alternative to
    generated code."""
    return name.startswith("matmul_") or name in ("conv1x1", "resnet_stack")


def build_onednn(tmp):
    """bench/onednn_baseline.cpp built against libdnnl: {"binary": PATH},
    or {"error": why} (no C++ compiler, or libdnnl-dev not installed)."""
    compiler = shutil.which("clang++-22") or shutil.which("clang++")
    if not compiler:
        return {"error": "no clang++-22 to build the oneDNN baseline"}
    binary = tmp / "onednn_baseline"
    result = subprocess.run(
        [compiler, "-O2", "-std=c++17", str(BENCH / "onednn_baseline.cpp"),
         "-ldnnl", "-o", str(binary)], capture_output=True, text=True)
    if result.returncode != 0:
        why = next((l for l in result.stderr.splitlines() if "error" in l),
                   result.stderr)
        return {"error": "oneDNN baseline did not build (libdnnl-dev "
                "installed? scripts/setup.sh installs it): " + first_line(why)}
    return {"binary": str(binary)}


def onednn_invoke(run, binary, threads, n, tag, timeout):
    """One run of the oneDNN baseline: two warm-up calls + n timed ones."""
    _, prefix = taskset(threads)
    output = str(run.dir / f"{tag}.out0.npy")
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    result = run_measured(prefix + [binary, run.model.name, str(n), output,
                                    *run.inputs], timeout, env=env)
    if result["timed_out"]:
        return {"error": f"oneDNN baseline timed out after {timeout:.0f} s"}
    if result["rc"] != 0:
        return {"error": first_line(result["stderr"] or result["stdout"])}
    report = json.loads(result["stdout"])
    return {"runs_us": report["runs_us"], "outputs": [output],
            "rss_mib": result["maxrss_mib"], "isa": report.get("isa"),
            "weights": report.get("weights"),
            "estimate_us": report["median_us"]}


def loaded_cell(peak):
    """The f32 tile loop column of the peak table (runs from before the
    probe had it show none)."""
    loaded = peak.get("f32_loaded_gflops")
    return f"{loaded:.1f}" if loaded else "(none)"


def amx_cell(peak, key="amx_bf16_gflops"):
    """An AMX column of the peak table (`key`: the tiles alone, or with
    their loads): its rate, or why there is none (probes before that probe
    existed, CPUs or kernels without AMX)."""
    amx = peak.get(key)
    return f"{amx:.1f}" if amx else "(none)"


# What a model's slot keeps of the probe run just before it.
PROBE_BEFORE_KEYS = ("copy_64mib_gbs", "read_64mib_gbs", "f32_gflops",
                     "f32_loaded_gflops", "bf16_gflops", "amx_bf16_gflops")


def probe_peaks(data, threads_list, tmp, mode, log):
    """Runs the peak probe for each thread count and keeps, field by field,
    the best of this and any earlier probe of the run (the full suite
    probes at its start and its end, and the FMA peaks after every model:
    a peak is what the cores can do when nothing else runs on them)."""
    for threads in threads_list:
        peak = peak_probe(threads, tmp, mode)
        if mode not in ("fma", "fma-short"):
            log(f"peak probe, {threads} thread(s): {peak}")
        old = data["peaks"].get(str(threads))
        if old and "error" not in old and "error" not in peak:
            peak = {**old, **{k: max(v, old.get(k, 0))
                              for k, v in peak.items()}}
        elif old and "error" in peak:
            peak = old
        data["peaks"][str(threads)] = peak


def constant_inputs(model):
    """One value per argument (for dtypes axle-run reads no .npy of):
    powers of two, so that the sums of products stay exact."""
    import ml_dtypes
    values = []
    for i, arg in enumerate(model.args):
        dtype = (ml_dtypes.bfloat16 if arg.dtype == "bfloat16"
                 else np.dtype(arg.dtype))
        values.append(np.full(arg.shape, 0.5 ** (i + 1), dtype))
    return values


def result_types(model):
    """(shape, dtype name) of each flattened result."""
    import jax
    out = jax.eval_shape(model.fn, *export_suite.shape_structs(model))
    return [(tuple(leaf.shape), str(leaf.dtype))
            for leaf in jax.tree_util.tree_leaves(out)]


def literal(shape, dtype, value):
    """An axle-run input literal SHAPExTYPE=VALUE (one value fills it)."""
    short = {"bfloat16": "bf16", "float32": "f32", "float16": "f16"}[dtype]
    dims = "x".join(str(d) for d in shape)
    return f"{dims}x{short}={float(value)!r}" if dims else f"{short}={value!r}"


def parse_printed(text, count):
    """The results axle-run printed (SHAPExTYPE=[[...]] lines), as arrays."""
    values = []
    for line in text.splitlines():
        if "=" not in line:
            continue
        head, body = line.split("=", 1)
        dims = head.split("x")[:-1]
        flat = body.replace("[", "").replace("]", "").split(",")
        array = np.array([float(v) for v in flat if v.strip()], np.float32)
        values.append(array.reshape([int(d) for d in dims]))
    return values[:count]


class ModelRun:
    """Everything about one model: files, compiled artifacts, results."""

    def __init__(self, model, tmp):
        self.model = model
        self.dir = tmp / model.name
        self.dir.mkdir(exist_ok=True)
        self.source = export_suite.SUITE_DIR / f"{model.program}.mlir"
        self.results = result_types(model)
        self.constant = any(a.dtype not in NPY_DTYPES for a in model.args)
        values = (constant_inputs(model) if self.constant
                  else export_suite.make_inputs(model))
        self.dtypes = [a.dtype for a in model.args]
        self.inputs = []
        for i, value in enumerate(values):
            path = self.dir / f"in{i}.npy"
            np.save(path, value)
            self.inputs.append(str(path))
        if self.constant:
            self.axle_inputs = [literal(a.shape, a.dtype, v.flat[0])
                                for a, v in zip(model.args, values)]
        else:
            self.axle_inputs = [f"@{p}" for p in self.inputs]

    def outputs(self, tag):
        return [str(self.dir / f"{tag}.out{i}.npy")
                for i in range(len(self.results))]

    def cleanup(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def compile_axle(run, tools, timeout, flags):
    artifact = run.dir / "model.axle"
    result = run_tool([str(tools / "axle-compile" / "axle-compile"),
                       str(run.source), *flags, "-o", str(artifact)], timeout)
    info = {"compile_s": result["wall_s"], "compile_rss_mib":
            result["maxrss_mib"], "flags": " ".join(flags) or "-"}
    if result["timed_out"]:
        info["error"] = f"axle-compile timed out after {timeout} s"
    elif result["rc"] != 0:
        info["error"] = first_line(result["stderr"] or result["stdout"])
    else:
        info["artifact"] = str(artifact)
    return info


def compile_iree(run, timeout):
    compiler = pathlib.Path(PYTHON).parent / "iree-compile"
    if not compiler.exists():
        return {"error": "iree-compile not installed"}
    vmfb = run.dir / "model.vmfb"
    errors = []
    total = 0.0
    for label, flags in IREE_FLAG_LADDER:
        result = run_measured([str(compiler), str(run.source), *IREE_BASE_FLAGS,
                               *flags, "-o", str(vmfb)], timeout)
        total += result["wall_s"]
        if result["rc"] == 0 and not result["timed_out"]:
            return {"vmfb": str(vmfb), "flags": label,
                    "compile_s": result["wall_s"],
                    "compile_rss_mib": result["maxrss_mib"],
                    "failed_flags": errors}
        why = (f"timed out after {timeout} s" if result["timed_out"] else
               first_line(re.sub(r"^.*?error: ", "",
                                 next((l for l in result["stderr"].splitlines()
                                       if "error" in l), result["stderr"]))))
        errors.append(f"{label}: {why.rstrip(':')}")
    return {"error": "; ".join(errors), "compile_s": total}


def axle_invoke(run, artifact, tools, threads, n, tag, timeout):
    """One axle-run of the artifact: warm-up run + n timed runs."""
    time.sleep(SETTLE_S)
    _, prefix = taskset(threads)
    json_path = run.dir / f"{tag}.json"
    outputs = run.outputs(tag)
    command = prefix + [str(tools / "axle-run" / "axle-run"), artifact,
                        f"--threads={threads}", f"--benchmark={n}",
                        f"--benchmark-json={json_path}"]
    command += [f"--input={spec}" for spec in run.axle_inputs]
    printed = []
    for i, (_, dtype) in enumerate(run.results):
        if dtype in NPY_DTYPES:
            command.append(f"--output=@{outputs[i]}")
        else:
            command.append("--output=-")
            printed.append(i)
    result = run_tool(command, timeout)
    if result["timed_out"]:
        return {"error": f"axle-run timed out after {timeout:.0f} s"}
    if result["rc"] != 0:
        return {"error": first_line(result["stderr"] or result["stdout"]),
                "rss_mib": result["maxrss_mib"]}
    report = json.loads(json_path.read_text())
    for index, value in zip(printed, parse_printed(result["stdout"],
                                                   len(printed))):
        np.save(outputs[index], value)
    return {"runs_us": report["runs_us"], "rss_mib": result["maxrss_mib"],
            "outputs": outputs, "wall_s": result["wall_s"]}


def compare(outputs, reference, result_dtypes):
    """Largest error relative to the reference's largest magnitude, and
    whether it is within the dtype's tolerance."""
    worst, ok = 0.0, True
    import ml_dtypes
    for got_path, ref_path, dtype in zip(outputs, reference, result_dtypes):
        got, ref = np.load(got_path), np.load(ref_path)
        if got.dtype.kind == "V" and dtype == "bfloat16":
            got = got.view(ml_dtypes.bfloat16).astype(np.float32)
        if got.shape != ref.shape:
            return {"ok": False, "why": f"shape {got.shape} vs {ref.shape}"}
        tolerance = 2e-2 if dtype == "bfloat16" else 1e-3
        finite = np.isfinite(ref)
        if not np.array_equal(got[~finite], ref[~finite], equal_nan=True):
            error = float("inf")  # NaN or infinity where the other has not
        elif finite.any():
            scale = max(float(np.max(np.abs(ref[finite]))), 1e-30)
            diff = np.abs(got[finite].astype(np.float64) - ref[finite])
            error = float(np.max(diff)) / scale
            if not np.isfinite(error):
                error = float("inf")
        else:
            error = 0.0
        worst = max(worst, error)
        ok = ok and error <= tolerance
    return {"ok": ok, "max_rel_err": worst}


def summarize(runs_us):
    runs = sorted(runs_us)
    median = statistics.median(runs)
    q1, q3 = np.percentile(runs, [25, 75])
    return {"median_us": median, "min_us": runs[0], "n": len(runs),
            "iqr_pct": 100.0 * (q3 - q1) / median if median else 0.0,
            "runs_us": [round(r, 1) for r in runs_us]}


def measure_slot(run, threads, workers, axle_info, iree_info, tools,
                 settings, estimate_axle_us, log, onednn=None):
    """One model at one thread count, interleaving the backends."""
    pids = [w.process.pid for w in workers.values() if w.alive()]
    before = cpu_snapshot(pids)
    slot = {}
    tag = f"t{threads}"
    loaded = {}
    is_matmul = (run.model.category == "matmul" and
                 all(d == "float32" for d in run.dtypes))
    for kind in ("xla", "iree"):
        if kind == "iree" and "error" in iree_info:
            slot[kind] = {"error": "compile: " + iree_info["error"]}
            continue
        request = {"op": "load", "model": run.model.name,
                   "inputs": run.inputs, "dtypes": run.dtypes,
                   "outputs": run.outputs(f"{kind}.{tag}"),
                   "vmfb": iree_info.get("vmfb"),
                   "numpy": kind == "xla" and is_matmul,
                   "numpy_output": str(run.dir / f"numpy.{tag}.out0.npy")}
        try:
            reply = workers[kind].request(600, **request)
        except WorkerError as error:
            slot[kind] = {"error": str(error)}
            continue
        loaded[kind] = reply
        slot[kind] = {"compile_s": reply.get("compile_s",
                                             reply.get("load_s")),
                      "outputs": request["outputs"]}
        if "driver" in reply:
            slot[kind]["driver"] = reply["driver"]
        if kind == "xla" and is_matmul:
            loaded["numpy"] = {"estimate_us": reply["numpy_estimate_us"]}
            slot["numpy"] = {"outputs": [request["numpy_output"]]}
    if onednn and onednn_supports(run.model.name):
        if "error" in onednn:
            slot["onednn"] = {"error": onednn["error"]}
        else:
            # Two timed calls give the latency the run count is planned on
            # (and the output); the timed runs come in batches below.
            time.sleep(SETTLE_S)
            first = onednn_invoke(run, onednn["binary"], threads, 2,
                                  f"onednn.{tag}", 600)
            if "error" in first:
                slot["onednn"] = {"error": first["error"]}
            else:
                loaded["onednn"] = first
                slot["onednn"] = {k: first[k] for k in
                                  ("outputs", "isa", "weights", "rss_mib")}
    plans = {k: plan_runs(v["estimate_us"], settings)
             for k, v in loaded.items()}
    done = {k: [] for k in plans}

    def baseline_runs(fraction):
        """Brings each baseline to `fraction` of its planned runs."""
        for kind in list(plans):
            want = min(plans[kind], max(len(done[kind]) + 1,
                                        math.ceil(plans[kind] * fraction)))
            count = want - len(done[kind])
            if count <= 0:
                continue
            timeout = 60 + 5 * count * loaded[kind]["estimate_us"] / 1e6
            time.sleep(SETTLE_S)
            try:
                if kind == "onednn":
                    reply = onednn_invoke(run, onednn["binary"], threads,
                                          count, f"onednn.{tag}", timeout)
                    if "error" in reply:
                        raise WorkerError(reply["error"])
                else:
                    worker = workers["xla" if kind == "numpy" else kind]
                    reply = worker.request(timeout, op="run", n=count,
                                           which="numpy" if kind == "numpy"
                                           else "main")
                done[kind] += reply["runs_us"]
            except WorkerError as error:
                slot[kind]["error"] = str(error)
                del plans[kind]

    # Axle in ROUNDS invocations alternating with the baselines' runs, so
    # that a slow spell of the machine (on this VM they last minutes) falls
    # on all three: the first planned on the known (or a pessimistic)
    # latency, the others sharing what its median leaves to do.
    baseline_runs(1 / (ROUNDS + 1))
    if "error" in axle_info:
        slot["axle"] = {"error": axle_info["error"]}
    else:
        known = [loaded[k]["estimate_us"] for k in ("xla", "iree")
                 if k in loaded]
        guess = estimate_axle_us or (settings.pessimism * min(known)
                                     if known else None)
        first_n = (max(2, math.ceil(plan_runs(guess, settings) / ROUNDS))
                   if guess else 2)
        timeout = 120 + 4 * (first_n + 1) * (guess or 60e6) / 1e6
        first = axle_invoke(run, axle_info["artifact"], tools, threads,
                            first_n, f"axle.{tag}", timeout)
        if "error" in first:
            slot["axle"] = {"error": first["error"],
                            "rss_mib": first.get("rss_mib")}
        else:
            slot["axle"] = {"outputs": first["outputs"],
                            "rss_mib": first["rss_mib"]}
            runs = list(first["runs_us"])
            wanted = plan_runs(statistics.median(runs), settings)
            for round_index in range(1, ROUNDS):
                baseline_runs((round_index + 1) / (ROUNDS + 1))
                left = ROUNDS - round_index
                count = math.ceil((wanted - len(runs)) / left)
                if count <= 0:
                    continue
                more = axle_invoke(run, axle_info["artifact"], tools, threads,
                                   count, f"axle{round_index + 1}.{tag}",
                                   120 + 4 * (count + 1) *
                                   statistics.median(runs) / 1e6)
                if "error" not in more:
                    runs += more["runs_us"]
                    slot["axle"]["rss_mib"] = max(slot["axle"]["rss_mib"],
                                                  more["rss_mib"])
            slot["axle"].update(summarize(runs))
    baseline_runs(1)
    for kind in plans:
        if done[kind] and "error" not in slot[kind]:
            slot[kind].update(summarize(done[kind]))
    after = cpu_snapshot(pids)
    other = other_load(before, after)
    for kind in ("xla", "iree"):
        if kind in loaded:
            try:
                reply = workers[kind].request(120, op="unload")
                slot[kind]["rss_mib"] = reply["peak_rss_mib"]
            except WorkerError as error:
                slot[kind].setdefault("error", str(error))
    # Outputs: XLA's are the reference.
    reference = next((slot[k]["outputs"] for k in ("xla", "iree")
                      if "median_us" in slot.get(k, {})), None)
    dtypes = [d for _, d in run.results]
    for kind in CHECKED:
        entry = slot.get(kind, {})
        if reference and "outputs" in entry and entry["outputs"] != reference:
            entry["check"] = compare(entry["outputs"], reference, dtypes)
    for entry in slot.values():
        entry.pop("outputs", None)
    slot["other_load"] = other
    parts = [f"{NAMES[k]} {v['median_us'] / 1e3:.3f} ms (n={v['n']})"
             if "median_us" in v else f"{NAMES[k]} FAILED"
             for k, v in slot.items() if k in NAMES]
    log(f"  {threads} thread(s): " + ", ".join(parts)
        + (f"; other load {other:.2f} cores" if other is not None else ""))
    return slot


def fmt_ms(entry):
    if "median_us" not in entry:
        return "FAIL: " + entry.get("error", "?").replace("|", "/")
    ms = entry["median_us"] / 1e3
    digits = 3 if ms < 10 else (2 if ms < 100 else 1)
    return f"{ms:.{digits}f} ±{entry['iqr_pct'] / 2:.1f}% ({entry['n']})"


def throughput(model, entry, peak):
    """(value, unit, share of the peak or None, what the peak is) of a
    backend's median: GFLOP/s against the FMA peak of the dtype, or GB/s
    against the copy (read, for reductions) bandwidth; None when the model
    has neither count or the backend has no median."""
    if "median_us" not in entry:
        return None
    seconds = entry["median_us"] / 1e6
    if model.flops:
        value = model.flops / seconds / 1e9
        top, what = peak.get("f32_gflops") or 0, "FMA"
        if any(a.dtype == "bfloat16" for a in model.args):
            # A bf16 matmul may run on AMX tiles, on vdpbf16ps or convert
            # and use f32 FMAs: its peak is the fastest this CPU has.
            for key, name in (("bf16_gflops", "bf16 dot"),
                              ("amx_bf16_gflops", "AMX")):
                if (peak.get(key) or 0) > top:
                    top, what = peak[key], name
        unit = "GFLOP/s"
    elif model.bytes:
        value = model.bytes / seconds / 1e9
        top = peak.get(f"{model.traffic}_64mib_gbs")
        unit, what = "GB/s", model.traffic
    else:
        return None
    return value, unit, (value / top if top else None), what


def rate(model, entry, peak):
    """A rate cell: throughput and its share of the probe's peak."""
    found = throughput(model, entry, peak) if "error" not in peak else None
    if not found:
        return "–"
    value, unit, share, what = found
    return f"{value:.1f} {unit}" + (f" = {100 * share:.0f}% {what}"
                                    if share is not None else "")


# The suite's targets: matmul_f32_1024 at this share of the f32 FMA peak,
# the bf16 matmuls of the bf16 peak, memory-bound models of the copy (sums:
# read) bandwidth, and every model at or under the better of XLA:CPU and
# IREE.
TARGET_F32_MATMUL = 0.85
TARGET_BF16_MATMUL = 0.75
TARGET_MEMORY_BOUND = 0.75
TARGET_RUN_MINUTES = 20


def target_lines(data, models, threads):
    """The targets section's lines for one thread count: each measured
    share against its target, and the models slower than the better of
    XLA:CPU and IREE."""
    peak = data["peaks"][str(threads)]
    suite = export_suite.suite()

    def slot_of(name):
        return data["models"][name]["threads"][str(threads)]

    def share_of(name):
        found = throughput(suite[name], slot_of(name).get("axle", {}), peak)
        return found[2] if found else None

    def share_before(name):
        """The share of the probe run just before the model, if any."""
        slot = slot_of(name)
        before = slot.get("probe_before")
        found = (throughput(suite[name], slot.get("axle", {}), before)
                 if before else None)
        return found[2] if found else None

    def tile_loop_before(name):
        """What the register tile's loop fed from L1 reached in the probe
        just before the model, as a share of that probe's FMA peak."""
        before = slot_of(name).get("probe_before") or {}
        if before.get("f32_loaded_gflops") and before.get("f32_gflops"):
            return before["f32_loaded_gflops"] / before["f32_gflops"]
        return None

    def listed(names, target):
        parts = []
        for name in names:
            share = share_of(name)
            mark = ("–" if share is None else
                    f"{100 * share:.0f}%{'' if share >= target else ' (under)'}")
            nearby = share_before(name)
            loop = tile_loop_before(name) if name in f32 else None
            if nearby is not None:
                mark += (f" [{100 * nearby:.0f}%"
                         + (f"; tile loop {100 * loop:.0f}%]" if loop
                            else "]"))
            parts.append(f"{name} {mark}")
        return ", ".join(parts) or "–"

    present = [n for n in models if str(threads) in
               data["models"][n]["threads"]]
    f32 = [n for n in present if n == "matmul_f32_1024"]
    bf16 = [n for n in present if n.startswith("matmul_bf16")]
    memory = [n for n in present if suite[n].bytes]
    slower = []
    for name in present:
        slot = slot_of(name)
        # axle over the better baseline: the larger of its two ratios.
        ratios = [(ratio(slot.get("axle", {}), slot.get(k, {})), k)
                  for k in ("xla", "iree")]
        ratios = [(r, k) for r, k in ratios if r]
        if ratios and max(ratios)[0] > 1:
            worst, kind = max(ratios)
            slower.append(f"{name} {worst:.2f} ({NAMES[kind]})")
    # Where the AMX probe also ran with its tile loads: the share of the
    # AMX peak it reached, what a matmul on tiles can reach where the loads
    # cost.
    f32_bound = ""
    if peak.get("f32_loaded_gflops") and peak.get("f32_gflops"):
        f32_bound = (f"; the register tile's loop fed from L1 reaches "
                     f"{peak['f32_loaded_gflops'] / peak['f32_gflops']:.0%}")
    bound = ""
    if peak.get("amx_loaded_bf16_gflops") and peak.get("amx_bf16_gflops"):
        bound = (f"; tiles fed by their loads reach "
                 f"{peak['amx_loaded_bf16_gflops'] / peak['amx_bf16_gflops']:.0%}")
    return [f"- {threads} thread{'s' if threads > 1 else ''}: "
            f"f32 matmul 1024^3 (target {TARGET_F32_MATMUL:.0%} of FMA"
            f"{f32_bound}): "
            f"{listed(f32, TARGET_F32_MATMUL)}; bf16 matmuls (target "
            f"{TARGET_BF16_MATMUL:.0%}{bound}): "
            f"{listed(bf16, TARGET_BF16_MATMUL)}; "
            f"memory-bound (target {TARGET_MEMORY_BOUND:.0%} of copy, sums "
            f"of read): {listed(memory, TARGET_MEMORY_BOUND)}; slower than "
            f"the better of XLA:CPU and IREE: "
            f"{', '.join(slower) or 'none'}."]


def ratio(a, b):
    if "median_us" in a and "median_us" in b:
        return a["median_us"] / b["median_us"]
    return None


def geomean(values):
    values = [v for v in values if v]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def check_cell(slot):
    parts = []
    for kind in CHECKED:
        check = slot.get(kind, {}).get("check")
        if check:
            mark = "ok" if check["ok"] else "MISMATCH"
            error = check.get("max_rel_err")
            detail = f" {error:.0e}" if error is not None else \
                f" ({check.get('why')})"
            parts.append(f"{NAMES[kind]} {mark}{detail}")
    return "; ".join(parts) or "–"


def onednn_summary(data, models):
    """The oneDNN build's state, ISA and weight layouts, for the report."""
    info = data.get("onednn", {})
    if "error" in info:
        return "not run: " + info["error"]
    isas, layouts = set(), set()
    for name in models:
        for slot in data["models"][name]["threads"].values():
            entry = slot.get("onednn", {})
            if entry.get("isa"):
                isas.add(entry["isa"])
            if entry.get("weights"):
                layouts.add(f"{name}: {entry['weights']}")
    return ("ISA " + (", ".join(sorted(isas)) or "–") + "; weights "
            + (", ".join(sorted(layouts)) or "–"))


def write_report(path, data, models):
    """bench/results/latest.md."""
    lines = ["# axle benchmark suite: axle vs XLA:CPU vs IREE", ""]
    env = data["environment"]
    lines += [f"Run {env['date']} on {env['cpu']} ({env['cores']} cores), "
              f"{env['versions']}; whole run {data['wall_s'] / 60:.1f} min"
              f"{' (--quick)' if data['quick'] else ''}. Load average (other "
              f"work on the same cores adds noise): {env['load_start']} at "
              f"the start, {env['load_end']} at the end. "
              f"{describe_build(env['build']) if 'build' in env else 'The build measured was not recorded'}.",
              ""]
    lines += ["Each cell: median latency in ms ±half the interquartile range "
              "(as % of the median) (number of timed runs). Ratios are axle's "
              "median over the other's: below 1 means axle is faster. Rates "
              "are useful work (flops of the model, or least bytes moved: "
              "inputs read once, outputs written once) per median time, and "
              "their share of the probe's peak on the same cores (f32 FMA "
              "peak, for bf16 the best of FMA, vdpbf16ps and AMX tiles, as "
              "each cell names it; copy bandwidth of a 64 MiB buffer). "
              "Outputs: "
              "largest difference from XLA's output relative to its largest "
              "magnitude (tolerance 1e-3 for f32, 2e-2 for bf16). Other load: "
              "CPU time other processes on this machine used while the row "
              "was measured, in cores (the machine has "
              f"{env['cores']}); a row measured with other work running is "
              "slower than the cores can do, most of all at 2 threads.", ""]
    when = ("one short probe (--quick)" if data["quick"] else
            "best of a probe at the start and one at the end, and for the "
            "FMA peaks of one after every model too")
    lines += ["## Peak probe (bench/peak_probe.c, clang -O3 -march=native; "
              f"{when})",
              "", "| threads | f32 FMA GFLOP/s | f32 tile loop GFLOP/s "
              "| bf16 dot GFLOP/s (vdpbf16ps) "
              "| bf16 tiles GFLOP/s (AMX) "
              "| AMX with tile loads GFLOP/s "
              "| copy 64 MiB GB/s | read 64 MiB GB/s | copy 512 MiB GB/s |",
              "|---|---|---|---|---|---|---|---|---|"]
    for threads, peak in data["peaks"].items():
        if "error" in peak:
            lines.append(f"| {threads} | probe failed: {peak['error']} "
                         "| | | | | | | |")
        else:
            big = (f"{peak['copy_big_gbs']:.1f}" if peak["copy_big_gbs"]
                   else "(not run)")
            lines.append(f"| {threads} | {peak['f32_gflops']:.1f} | "
                         f"{loaded_cell(peak)} | "
                         f"{peak['bf16_gflops']:.1f} | "
                         f"{amx_cell(peak)} | "
                         f"{amx_cell(peak, 'amx_loaded_bf16_gflops')} | "
                         f"{peak['copy_64mib_gbs']:.1f} | "
                         f"{peak['read_64mib_gbs']:.1f} | {big} |")
    one = data["peaks"].get(str(data["threads"][0]), {})
    dot_rate = (f"vdpbf16ps runs at {one['bf16_gflops'] / one['f32_gflops']:.1f}"
                " times the f32 FMA rate on this CPU"
                if one.get("bf16_gflops") and one.get("f32_gflops")
                else "the vdpbf16ps probe did not run on this CPU")
    amx_rate = (f"; AMX tiles run at {one['amx_bf16_gflops'] / one['f32_gflops']:.1f}"
                " times the f32 FMA rate"
                if one.get("amx_bf16_gflops") and one.get("f32_gflops")
                else "; this CPU (or its kernel) offers no AMX tiles")
    if one.get("amx_loaded_bf16_gflops") and one.get("amx_bf16_gflops"):
        amx_rate += (
            "; with their four input tiles loaded from L1 before every four "
            "multiplies, as each k step of a matmul on the 8 tile registers "
            "must (2 x 2 blocks of tiles, the most reuse they allow), they "
            f"reach {one['amx_loaded_bf16_gflops']:.0f} GFLOP/s, "
            f"{one['amx_loaded_bf16_gflops'] / one['amx_bf16_gflops']:.0%} "
            "of the AMX peak (each the best of its probes, which may come "
            "from different phases of a shared machine)")
    if one.get("f32_loaded_gflops") and one.get("f32_gflops"):
        # The probe's tile is axle's for this CPU: 4 rows of 4 zmm
        # registers with AVX-512, of 2 ymm registers with AVX2 only.
        columns = one.get("tile_columns", 64)
        vectors = one.get("tile_row_vectors", 4)
        lines += ["", "The f32 tile loop is the FMA probe's multiply-adds "
                  f"in a matmul's shape (axle's register tile for this CPU: "
                  f"4 x {columns} sums, each k step {vectors} vector loads of "
                  f"a {128 * columns * 4 // 1024} KiB panel of B that stays "
                  f"in L1 and 4 broadcasts of A for {4 * vectors} "
                  "multiply-adds): at best "
                  f"{one['f32_loaded_gflops']:.1f} GFLOP/s, "
                  f"{one['f32_loaded_gflops'] / one['f32_gflops']:.0%} of the "
                  "FMA peak, at one thread. A matmul runs at best at this "
                  "loop's rate; on a shared machine the loads cost more in "
                  "some phases than in others, so the targets section also "
                  "gives, in brackets, each compute-bound model's share of "
                  "the FMA probe run just before it and what the tile loop "
                  "reached in that probe."]
    lines += ["", "The bf16 share of peak is taken against the best of the "
              "three (a bf16 matmul may convert to f32 and use FMAs; "
              f"{dot_rate}{amx_rate}). Copy counts bytes read plus "
              "bytes written and is the better of a plain copy loop and a "
              "streaming one (software prefetch, non-temporal stores); "
              "reductions (sums) are measured against read bandwidth.", ""]
    for threads in data["threads"]:
        peak = data["peaks"][str(threads)]
        lines += [f"## {threads} thread{'s' if threads > 1 else ''} "
                  f"(taskset -c {taskset(threads)[0]})", "",
                  "| model | axle | XLA:CPU | IREE | numpy | oneDNN | axle/XLA | "
                  "axle/IREE | axle/oneDNN | axle rate | XLA rate | IREE rate "
                  "| oneDNN rate | outputs | other load |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
                  "---|"]
        to_xla, to_iree, to_onednn = [], [], []
        for name in models:
            record = data["models"][name]
            slot = record["threads"].get(str(threads))
            if slot is None:
                continue
            model = export_suite.suite()[name]
            rx = ratio(slot.get("axle", {}), slot.get("xla", {}))
            ri = ratio(slot.get("axle", {}), slot.get("iree", {}))
            ro = ratio(slot.get("axle", {}), slot.get("onednn", {}))
            to_xla.append(rx)
            to_iree.append(ri)
            to_onednn.append(ro)
            numpy_cell = fmt_ms(slot["numpy"]) if "numpy" in slot else "–"
            onednn_cell = (fmt_ms(slot["onednn"]) if "onednn" in slot
                           else "–")
            iree_cell = fmt_ms(slot.get("iree", {}))
            driver = slot.get("iree", {}).get("driver")
            if driver and "median_us" in slot["iree"]:
                iree_cell += " " + driver.split("-")[1]
            lines.append(
                f"| {name} | {fmt_ms(slot.get('axle', {}))} | "
                f"{fmt_ms(slot.get('xla', {}))} | "
                f"{iree_cell} | {numpy_cell} | {onednn_cell} | "
                f"{f'{rx:.2f}' if rx else '–'} | "
                f"{f'{ri:.2f}' if ri else '–'} | "
                f"{f'{ro:.2f}' if ro else '–'} | "
                + " | ".join(rate(model, slot.get(k, {}), peak)
                             for k in (*BACKENDS, "onednn"))
                + f" | {check_cell(slot)} | "
                + (f"{slot['other_load']:.2f}"
                   if slot.get("other_load") is not None else "–") + " |")
        gx, gi, go = geomean(to_xla), geomean(to_iree), geomean(to_onednn)
        lines += [f"| **geomean** | | | | | | "
                  f"**{f'{gx:.2f}' if gx else '–'}** | "
                  f"**{f'{gi:.2f}' if gi else '–'}** | "
                  f"**{f'{go:.2f}' if go else '–'}** (its models) "
                  "| | | | | | |", ""]
    lines += ["## Against the targets", "",
              "Shares of the probe's peak above, axle's medians; \"(under)\" "
              "marks a share below its target. In brackets, for context, "
              "the model's share of a short probe run just before it (a "
              "memory-bound model's of copy, or read for sums; a matmul's of "
              "the FMA peak, then what the f32 tile loop reached in that "
              "probe as a share of its FMA peak): this machine's bandwidth, "
              "and what a core's loads cost, move during a run, and the "
              "target is held against the best probe. "
              "The ratio after a slower model is axle's median over the "
              "faster baseline's.", ""]
    for threads in data["threads"]:
        lines += target_lines(data, models, threads)
    lines += [f"- The whole run: {data['wall_s'] / 60:.1f} min (target: the "
              f"full suite under {TARGET_RUN_MINUTES} min).", ""]
    lines += ["## Compile time and peak memory", "",
              "Compile: axle-compile and iree-compile wall time; XLA: "
              "`jit(f).lower().compile()` in the worker. Peak RSS (MiB) at 1 "
              "thread: of the compiler process, and of the process running "
              "the model (axle-run holds the inputs and outputs in several "
              "forms; the XLA and IREE workers' peak includes Python and the "
              "framework, whose baseline is given below).", "",
              "| model | axle compile s | XLA compile s | IREE compile s | "
              "axle flags | IREE flags | axle-compile RSS | iree-compile RSS "
              "| axle-run RSS | XLA worker RSS | IREE worker RSS |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]

    def num(value, digits=2):
        return f"{value:.{digits}f}" if isinstance(value, (int, float)) \
            else "–"
    for name in models:
        record = data["models"][name]
        first = record["threads"].get(str(data["threads"][0]), {})
        axle, iree = record["axle_compile"], record["iree_compile"]
        lines.append(
            f"| {name} | {num(axle.get('compile_s'))} | "
            f"{num(first.get('xla', {}).get('compile_s'))} | "
            f"{num(iree.get('compile_s'))} | "
            f"{axle.get('flags', '-')} | "
            f"{iree.get('flags', 'failed: ' + iree.get('error', '?')).replace('|', '/')} | "
            f"{num(axle.get('compile_rss_mib'), 0)} | "
            f"{num(iree.get('compile_rss_mib'), 0)} | "
            f"{num(first.get('axle', {}).get('rss_mib'), 0)} | "
            f"{num(first.get('xla', {}).get('rss_mib'), 0)} | "
            f"{num(first.get('iree', {}).get('rss_mib'), 0)} |")
    lines += ["", "## Method", ""]
    lines += [f"- Models: bench/models/export_suite.py (JAX), exported to "
              f"bench/models/suite/*.mlir; weights are arguments; inputs "
              f"seeded N(0,1) scaled per argument, bf16 ones rounded to "
              f"bf16.",
              "- Pinning: every process of a thread count runs under "
              "`taskset` on the same cores. axle: `--threads=T`. XLA:CPU: "
              "its intra-op pool is sized from the affinity mask (T "
              "threads). IREE: the faster for each model (marked sync/task in "
              "the IREE cell) of the local-task driver with one worker per "
              "core (`--task_topology_cpu_ids=0` or `0,1`) and local-sync "
              "(runs in the calling thread): local-task pays a scheduler "
              "hand-off per call that rounds short calls up to a 4 ms tick "
              "on this VM, but ran exp and layernorm twice as fast as "
              "local-sync. "
              "numpy: OPENBLAS_NUM_THREADS=T. oneDNN: OMP_NUM_THREADS=T "
              "(Debian's libdnnl runs on OpenMP).",
              "- axle: `axle-compile` with the defaults (IEEE), except the "
              "bf16 matmuls: `--fast-math`, under which they use vdpbf16ps "
              "where it outpaces f32 FMAs (AMD Zen 4 and 5: two products "
              "per instruction, subnormals flushed, as IREE's bf16 "
              "ukernels; on Intel Xeons, where it runs at half the f32 "
              "rate, they widen to f32 as without the flag), and the "
              "`_reassoc` rows: the same program as the row of that name "
              "without the suffix, run again (all three backends, in the same "
              "way), compiled with `--reassociate-reductions`, under which "
              "axle adds the elements of float sums in any order, as XLA:CPU "
              "and IREE do by default (the plain rows keep axle's default, "
              "in-order sums, whose bits the interpreter shares); the axle "
              "flags column lists them.",
              "- oneDNN (the kernel library axle could call instead of "
              "generating code; matmuls and convolutions only): "
              "bench/onednn_baseline.cpp, built with clang++ -O2 against "
              f"Debian's libdnnl-dev ({onednn_summary(data, models)}). "
              "Matmul primitive with A and C row-major and B either "
              "row-major or reordered into the primitive's preferred "
              "layout inside each call, whichever is faster; convolutions "
              "forward-inference in NHWC with the weights reordered into "
              "the primitive's layout inside each call (every argument is a "
              "fresh input of each call, for every backend), bias, ReLU and "
              "the residual add as post-ops of the convolution. Timed in "
              "its process around each call (steady_clock), after two "
              "warm-up calls.",
              f"- IREE: `iree-compile {' '.join(IREE_BASE_FLAGS)}` plus, in "
              f"order until one compiles: "
              + "; ".join(f"{label} (`{' '.join(flags) or '-'}`)"
                          for label, flags in IREE_FLAG_LADDER) + ".",
              "- Timing: axle from `axle-run --benchmark=N "
              "--benchmark-json` (native code only, first run excluded); "
              "XLA and IREE from Python around each call (call + "
              "block_until_ready; includes their dispatch overhead), after "
              "two warm-up calls. Runs of the three are interleaved in rounds: "
              "a quarter of XLA's and IREE's, a third of axle's, and so on "
              "(so that a slow spell of the machine falls on all three), "
              f"each batch after {SETTLE_S} s of idle cores (thread pools "
              "spin for a while after their work: numpy's OpenBLAS about "
              "0.1 s, during which the next batch would share a core).",
              f"- Run counts: at least {data['settings']['min_runs']} where "
              f"that fits {data['settings']['cap_s']:.0f} s of timed runs, "
              f"more up to {data['settings']['budget_s']} s for fast "
              f"models; slower models get fewer (at least "
              f"{data['settings']['floor_runs']}).",
              "- IREE flag fallbacks (what failed first): "
              + ("; ".join(
                  f"{name}: " + ", ".join(
                      data["models"][name]["iree_compile"]["failed_flags"])
                  for name in models
                  if data["models"][name]["iree_compile"].get("failed_flags"))
                 or "none") + ".",
              f"- Worker baseline RSS (Python + framework, before any "
              f"model): XLA {num(data.get('baseline_mib', {}).get('xla'), 0)}"
              f" MiB, IREE {num(data.get('baseline_mib', {}).get('iree'), 0)}"
              f" MiB.", ""]
    path.write_text("\n".join(lines))


def write_chart(path, data, models):
    """bench/results/latest.png: latency relative to XLA:CPU, log scale."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    counts = data["threads"]
    fig, axes = plt.subplots(1, len(counts), figsize=(7 * len(counts), 8),
                             sharey=True, squeeze=False)
    colors = {"axle": "tab:red", "iree": "tab:blue", "numpy": "tab:gray",
              "onednn": "tab:green"}
    for ax, threads in zip(axes[0], counts):
        names = [n for n in models
                 if str(threads) in data["models"][n]["threads"]]
        y = np.arange(len(names))
        for offset, kind in zip((-0.3, -0.1, 0.1, 0.3),
                                ("axle", "iree", "numpy", "onednn")):
            values = []
            for name in names:
                slot = data["models"][name]["threads"][str(threads)]
                values.append(ratio(slot.get(kind, {}), slot.get("xla", {}))
                              or np.nan)
            ax.barh(y + offset, values, height=0.2, color=colors[kind],
                    label=f"{NAMES[kind]} / XLA:CPU")
            if kind == "axle":
                for row, (name, value) in enumerate(zip(names, values)):
                    slot = data["models"][name]["threads"][str(threads)]
                    if np.isnan(value) and "error" in slot.get("axle", {}):
                        ax.text(1.0, row + offset, " axle failed",
                                va="center", fontsize=8, color=colors[kind])
        ax.axvline(1.0, color="black", linewidth=1)
        ax.set_xscale("log")
        ax.set_yticks(y, names)
        ax.invert_yaxis()
        ax.set_xlabel("median latency relative to XLA:CPU (log; < 1 is "
                      "faster than XLA)")
        ax.set_title(f"{threads} thread{'s' if threads > 1 else ''}")
        ax.grid(axis="x", which="both", alpha=0.3)
        # Below the axes: inside, it would cover the matmuls' bars.
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.07), ncol=2)
    fig.suptitle("axle vs XLA:CPU, IREE and the libraries (bench/run.py)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", help="comma-separated model names "
                        "(default: all; see bench/models/export_suite.py)")
    parser.add_argument("--threads", default="1,2",
                        help="comma-separated thread counts (default 1,2)")
    parser.add_argument("--quick", action="store_true",
                        help="few runs per model (a smoke test, not a result)")
    parser.add_argument("--out", type=pathlib.Path,
                        default=BENCH / "results" / "latest.md",
                        help="report path; .json and .png go beside it")
    parser.add_argument("--build", type=pathlib.Path,
                        default=pathlib.Path(os.environ.get(
                            "AXLE_BUILD_DIR", REPO / "build")),
                        help="build folder whose tools/axle-compile and "
                        "tools/axle-run are measured (default: "
                        "$AXLE_BUILD_DIR, else build/)")
    parser.add_argument("--compile-timeout", type=float, default=300,
                        help="seconds each compiler (axle, IREE) may take "
                        "per model before the model is marked failed "
                        "(default 300)")
    parser.add_argument("--allow-stale-build", action="store_true",
                        help="measure even when the build folder is behind "
                        "the sources (`ninja -n` has steps to run); the "
                        "report then says so. Without it the suite refuses "
                        "to start: rebuild first (scripts/build.sh)")
    args = parser.parse_args()
    started = time.perf_counter()
    settings = Settings(args.quick)
    suite = export_suite.suite()
    models = args.models.split(",") if args.models else list(suite)
    unknown = [m for m in models if m not in suite]
    if unknown:
        parser.error(f"unknown models {unknown}; known: {', '.join(suite)}")
    threads_list = [int(t) for t in args.threads.split(",")]
    if max(threads_list) > os.cpu_count():
        parser.error(f"this machine has {os.cpu_count()} cores")
    tools = args.build / "tools"
    for tool in ("axle-compile/axle-compile", "axle-run/axle-run"):
        if not (tools / tool).exists():
            parser.error(f"{tools / tool} is missing (scripts/build.sh)")
    build = build_state(args.build)
    if build["pending_steps"] and not args.allow_stale_build:
        parser.error(f"{args.build} is {build['pending_steps']} build steps "
                     "behind the sources, so the suite would measure older "
                     "code: rebuild (scripts/build.sh), or pass "
                     "--allow-stale-build to measure it anyway")

    def log(message):
        print(f"[{time.perf_counter() - started:6.0f}s] {message}",
              flush=True)

    versions = []
    for package in ("jax", "iree-base-runtime"):
        try:
            from importlib.metadata import version
            versions.append(f"{package} {version(package)}")
        except Exception:
            versions.append(f"{package} not installed")
    cpu = next((l.split(":", 1)[1].strip()
                for l in open("/proc/cpuinfo") if l.startswith("model name")),
               platform.processor())
    data = {"environment": {"date": datetime.datetime.now().strftime(
                "%Y-%m-%d %H:%M"), "cpu": cpu, "cores": os.cpu_count(),
                "versions": ", ".join(versions),
                "load_start": load_average(), "build": build},
            "quick": args.quick, "threads": threads_list,
            "settings": vars(settings), "peaks": {}, "models": {}}
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="axle-bench-"))
    workers = {}
    try:
        probe_peaks(data, threads_list, tmp, "quick" if args.quick else None,
                    log)
        onednn = None
        if any(onednn_supports(name) for name in models):
            onednn = data["onednn"] = build_onednn(tmp)
            if "error" in onednn:
                log(onednn["error"])
        for threads in threads_list:
            for kind in ("xla", "iree"):
                worker = Worker(kind, threads, tmp)
                try:
                    worker.start()
                except WorkerError as error:
                    log(f"{NAMES[kind]} worker unavailable: {error}")
                workers[(kind, threads)] = worker
        data["baseline_mib"] = {k: workers[(k, threads_list[0])].baseline_mib
                                for k in ("xla", "iree")}
        for name in models:
            model = suite[name]
            log(f"{name}: {model.note}")
            run = ModelRun(model, tmp)
            record = {"note": model.note, "category": model.category,
                      "flops": model.flops, "bytes": model.bytes,
                      "constant_inputs": run.constant, "threads": {}}
            record["axle_compile"] = compile_axle(run, tools,
                                                  args.compile_timeout,
                                                  model.axle_flags)
            record["iree_compile"] = compile_iree(run, args.compile_timeout)
            log(f"  compile: axle {record['axle_compile'].get('compile_s', 0):.1f} s"
                f"{' FAILED: ' + record['axle_compile']['error'] if 'error' in record['axle_compile'] else ''}"
                f", IREE {record['iree_compile'].get('compile_s', 0):.1f} s "
                f"({record['iree_compile'].get('flags') or 'FAILED: ' + record['iree_compile'].get('error', '')})")
            estimate = None
            for threads in threads_list:
                # A model's rate is also put against a probe run just
                # before it (a memory-bound model's against the copy and
                # read bandwidth, another's against the FMA peaks): on a
                # shared machine the bandwidth, and what a core's loads
                # cost, move during a run, and the best probe of the run
                # can be far from what the model met.
                before = (peak_probe(threads, tmp, "quick")
                          if model.bytes and not model.flops else
                          peak_probe(threads, tmp, "fma-short")
                          if model.flops else None)
                slot = measure_slot(
                    run, threads,
                    {k: workers[(k, threads)] for k in ("xla", "iree")},
                    record["axle_compile"], record["iree_compile"], tools,
                    settings, estimate, log, onednn)
                if before and "error" not in before:
                    slot["probe_before"] = {
                        k: before[k] for k in PROBE_BEFORE_KEYS
                        if k in before}
                record["threads"][str(threads)] = slot
                if "median_us" in slot.get("axle", {}):
                    estimate = slot["axle"]["median_us"]
            data["models"][name] = record
            run.cleanup()
            if not args.quick:
                probe_peaks(data, threads_list, tmp, "fma", log)
        if not args.quick:
            probe_peaks(data, threads_list, tmp, None, log)
    finally:
        for worker in workers.values():
            worker.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    data["wall_s"] = time.perf_counter() - started
    data["environment"]["load_end"] = load_average()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_report(args.out, data, models)
    args.out.with_suffix(".json").write_text(json.dumps(data, indent=1))
    try:
        write_chart(args.out.with_suffix(".png"), data, models)
    except ImportError:
        log("matplotlib is not installed: no chart")
    log(f"wrote {args.out} (+ .json, .png) in {data['wall_s'] / 60:.1f} min")


if __name__ == "__main__":
    main()

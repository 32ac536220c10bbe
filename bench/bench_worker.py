#!/usr/bin/env python3
"""A long-lived benchmark worker for bench/run.py: XLA:CPU or IREE.

    taskset -c 0,1 .venv/bin/python bench/bench_worker.py xla|iree --threads 2

The harness starts one worker per backend and thread count, pinned with
taskset to the cores it measures on, and talks to it in JSON lines (one
request on stdin, one reply on the protocol pipe, which is the original
stdout; everything the libraries print goes to stderr). Keeping the worker
alive across models means each model pays for compilation and loading, not
for importing JAX or IREE again.

Requests:
  {"op": "load", "model": NAME, "inputs": [npy...], "dtypes": [...],
   "outputs": [npy...], "vmfb": PATH (iree), "numpy": BOOL}
      compile (XLA) or load (IREE, on the faster of its two CPU drivers)
      the model, run it twice (warm-up; the second run's latency is the
      estimate the harness plans with), write the results as float32 .npy
      files. With "numpy": also numpy's matmul of the two inputs (the extra
      baseline for matmuls).
  {"op": "run", "n": N, "which": "main"|"numpy"}
      N timed runs; replies with every run's microseconds.
  {"op": "unload"}
      drops the model; replies with the peak RSS since its load.
Every reply has "ok"; a failure has "error" (the exception's text).
"""
import argparse
import json
import os
import pathlib
import sys
import time
import traceback

import numpy as np

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench" / "models"))


def rss_mib(field):
    """VmHWM (peak) or VmRSS (current) of this process, in MiB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return None


def reset_peak_rss():
    """Resets VmHWM to the current RSS (Linux: clear_refs 5), so that the
    next reading is the peak of one model, not of the worker's life."""
    try:
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")
    except OSError:
        pass


def load_inputs(paths, dtypes):
    """The .npy inputs, bfloat16 ones typed again (NumPy saves them as raw
    2-byte values)."""
    import ml_dtypes
    values = []
    for path, dtype in zip(paths, dtypes):
        value = np.load(path)
        if dtype == "bfloat16":
            value = value.view(ml_dtypes.bfloat16)
        values.append(value)
    return values


def save_outputs(values, paths):
    """Writes each result as float32 (bf16 has no .npy dtype)."""
    for value, path in zip(values, paths):
        np.save(path, np.asarray(value).astype(np.float32))


def timed(call, n):
    """Microseconds of each of n calls of `call` (which must block)."""
    runs = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        runs.append((time.perf_counter() - start) * 1e6)
    return runs


class XlaBackend:
    """jax.jit of the suite's function; device arrays; block_until_ready."""

    def __init__(self, threads):
        import jax
        self.jax = jax
        self.threads = threads
        self.call = None

    def load(self, request):
        from export_suite import suite
        jax = self.jax
        model = suite()[request["model"]]
        args = [jax.device_put(v)
                for v in load_inputs(request["inputs"], request["dtypes"])]
        jax.block_until_ready(args)
        start = time.perf_counter()
        compiled = jax.jit(model.fn).lower(*args).compile()
        compile_s = time.perf_counter() - start

        def call():
            return jax.block_until_ready(compiled(*args))
        results = call()
        flat = jax.tree_util.tree_leaves(results)
        save_outputs(flat, request["outputs"])
        del results, flat
        self.call = call
        return {"compile_s": compile_s}


class IreeBackend:
    """An IREE .vmfb in iree.runtime, on the faster for each model of two
    drivers: local-task with one worker per core, and local-sync (runs in
    the calling thread). The first pays a scheduler hand-off per call (on
    this VM it rounds short calls up to a 4 ms tick, on 1 and 2 cores), the
    second ran memory-bound kernels (exp, layernorm) at half local-task's
    speed; both are IREE configurations a user of these cores can pick."""

    def __init__(self, threads, cpus):
        import iree.runtime as rt
        self.rt = rt
        rt.flags.parse_flags(f"--task_topology_cpu_ids={cpus}")
        self.devices = [("local-sync", rt.get_device("local-sync")),
                        ("local-task", rt.get_device("local-task"))]
        self.call = None
        self.context = None

    def prepare(self, request, device):
        """Loads the module on `device`; returns (context, call)."""
        rt = self.rt
        context = rt.SystemContext(config=rt.Config(device=device))
        with open(request["vmfb"], "rb") as file:
            module = rt.VmModule.copy_buffer(context.instance, file.read())
        context.add_vm_module(module)
        function = context.modules[module.name]["main"]
        args = [rt.asdevicearray(device, v)
                for v in load_inputs(request["inputs"], request["dtypes"])]

        def call():
            # Invocation is synchronous: it returns once the results are
            # ready (the runtime waits on the device's fences).
            return function(*args)
        return context, call

    def load(self, request):
        start = time.perf_counter()
        best = None
        for name, device in self.devices:
            context, call = self.prepare(request, device)
            first = timed(call, 1)[0]
            if len(self.devices) > 1:
                # Warm-up, then the median of 3 to 21 runs (about 0.2 s)
                # to choose the driver by.
                runs = 1 if first > 1e6 else min(21, max(3, int(2e5 / first)))
                latency = sorted(timed(call, 1 + runs)[1:])[runs // 2]
            else:
                latency = first
            if best is None or latency < best[0]:
                best = (latency, name, context, call)
        _, name, context, call = best
        load_s = time.perf_counter() - start
        results = call()
        if not isinstance(results, (tuple, list)):
            results = [results]
        save_outputs([r.to_host() for r in results], request["outputs"])
        del results
        self.call, self.context = call, context
        return {"load_s": load_s, "driver": name}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("backend", choices=["xla", "iree"])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--cpus", default="0")
    args = parser.parse_args()
    # The protocol gets the real stdout; anything else printed (by us or
    # by C++ libraries writing to fd 1) lands on stderr.
    protocol = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def reply(**fields):
        protocol.write(json.dumps(fields) + "\n")

    try:
        if args.backend == "xla":
            backend = XlaBackend(args.threads)
        else:
            backend = IreeBackend(args.threads, args.cpus)
    except Exception as error:  # e.g. the package is not installed
        reply(ok=False, error=f"{type(error).__name__}: {error}")
        return
    reply(ok=True, rss_mib=rss_mib("VmRSS"))
    numpy_call = None
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        try:
            if op == "load":
                reset_peak_rss()
                info = backend.load(request)
                info["estimate_us"] = timed(backend.call, 1)[0]
                if request.get("numpy"):
                    a, b = load_inputs(request["inputs"], request["dtypes"])
                    numpy_call = lambda: np.matmul(a, b)  # noqa: E731
                    np.save(request["numpy_output"], numpy_call())
                    info["numpy_estimate_us"] = timed(numpy_call, 1)[0]
                reply(ok=True, **info)
            elif op == "run":
                call = numpy_call if request["which"] == "numpy" else backend.call
                reply(ok=True, runs_us=timed(call, request["n"]))
            elif op == "unload":
                backend.call, numpy_call = None, None
                if hasattr(backend, "context"):
                    backend.context = None
                reply(ok=True, peak_rss_mib=rss_mib("VmHWM"))
            elif op == "exit":
                reply(ok=True)
                return
        except Exception as error:
            traceback.print_exc()
            first = (str(error).strip().splitlines() or [""])[0]
            reply(ok=False, error=f"{type(error).__name__}: {first}")


if __name__ == "__main__":
    main()

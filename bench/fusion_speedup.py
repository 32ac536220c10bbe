#!/usr/bin/env python3
"""What fusion gains: each benchmark model with fusion on and off.

    .venv/bin/python bench/fusion_speedup.py [--runs N] [--rounds R]
                                             [--threads 1,2] [--models a,b]

Compiles every model in bench/models/ twice (`axle-compile` with and
without `--fusion=false`), then runs the two artifacts in alternation
(`axle-run --benchmark=N`, R rounds each, so that both see the same
machine state) on the same random input, and prints the median of the
per-round medians and the speedup, for each thread count (default: one
and two; axle's own default is every core). N is at most --runs, fewer for slow
models: as many as fit about a second per batch (at least 3). Both
artifacts must also give the same results (fusion keeps every operation's
rounding, so bit for bit).
"""
import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

import numpy as np

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench" / "models"))
TOOLS = REPO / "build" / "tools"


def run(artifact, inputs, output, runs, threads):
    command = [str(TOOLS / "axle-run" / "axle-run"), str(artifact),
               f"--benchmark={runs}", f"--threads={threads}",
               f"--output=@{output}"]
    command += [f"--input=@{path}" for path in inputs]
    result = subprocess.run(command, capture_output=True, text=True,
                            check=True, timeout=600)
    median = re.search(r"median ([0-9.]+) us", result.stdout + result.stderr)
    return float(median.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", default="1,2",
                        help="comma-separated thread counts (default 1,2)")
    parser.add_argument("--models", default="",
                        help="comma-separated names (default: all)")
    args = parser.parse_args()
    from export_models import models
    rng = np.random.default_rng(0)
    print("| model | threads | fusion on (us) | fusion off (us) | speedup |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for name, (_, shapes) in models().items():
            if args.models and name not in args.models.split(","):
                continue
            source = REPO / "bench" / "models" / f"{name}.mlir"
            inputs = []
            for i, shape in enumerate(shapes):
                path = tmp / f"{name}_in{i}.npy"
                np.save(path, rng.standard_normal(shape.shape).astype(
                    shape.dtype))
                inputs.append(path)
            for mode, flags in (("on", []), ("off", ["--fusion=false"])):
                subprocess.run([str(TOOLS / "axle-compile" / "axle-compile"),
                                str(source), "-o", str(tmp / f"{mode}.axle")]
                               + flags, check=True, timeout=600)
            for threads in [int(t) for t in args.threads.split(",")]:
                # A first short batch of fusion off (the slower) sizes the
                # rest.
                slowest_us = run(tmp / "off.axle", inputs, tmp / "off.npy", 2,
                                 threads)
                runs = max(3, min(args.runs, int(1e6 / slowest_us)))
                times = {"on": [], "off": []}
                for _ in range(args.rounds):
                    for mode in ("on", "off"):
                        times[mode].append(run(tmp / f"{mode}.axle", inputs,
                                               tmp / f"{mode}.npy", runs,
                                               threads))
                same = np.array_equal(np.load(tmp / "on.npy"),
                                      np.load(tmp / "off.npy"), equal_nan=True)
                if not same:
                    raise SystemExit(f"{name}: fusion changed the results")
                on = statistics.median(times["on"])
                off = statistics.median(times["off"])
                print(f"| {name} | {threads} | {on:.1f} | {off:.1f} | "
                      f"{off / on:.2f}x |", flush=True)

if __name__ == "__main__":
    main()

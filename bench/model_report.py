#!/usr/bin/env python3
"""Kernel counts and peak memory of the benchmark models, beside XLA's.

    .venv/bin/python bench/model_report.py

For each model in bench/models/ (exported by export_models.py): the number
of kernels (loop nests) before and after fusion and the fusions made
(`axle-compile --report=fusion`), axle's planned peak of intermediate
buffers (its arena and what lives outside it) against the largest live set
(what no plan can beat) and their naive total (`--report=json`), and
XLA's memory analysis of the same function on this machine's CPU
(`jax.jit(f).lower(...).compile().memory_analysis()`: its temporaries).
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench" / "models"))


def axle_reports(tool, path):
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run(
            [str(tool), str(path), "-o", f"{out}/m.axle", "--report=fusion",
             "--report=json"], capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    fusion = re.search(r"(\d+) kernels before fusion, (\d+) after", result.stdout)
    fused = result.stdout.count("  fuse ")
    start = re.search(r"^\[", result.stdout, re.MULTILINE).start()
    memory = json.loads(result.stdout[start:])[0]
    return int(fusion.group(1)), int(fusion.group(2)), fused, memory


def xla_memory(fn, args):
    import jax
    analysis = jax.jit(fn).lower(*args).compile().memory_analysis()
    return analysis.temp_size_in_bytes


def kib(n):
    return f"{n / 1024:.1f} KiB"


def main():
    from export_models import models
    tool = REPO / "build" / "tools" / "axle-compile" / "axle-compile"
    rows = []
    for name, (fn, args) in models().items():
        before, after, fused, memory = axle_reports(
            tool, REPO / "bench" / "models" / f"{name}.mlir")
        rows.append((name, before, after, fused, memory, xla_memory(fn, args)))
    print("| model | kernels before fusion | after | fusions |")
    print("|---|---|---|---|")
    for name, before, after, fused, _, _ in rows:
        print(f"| {name} | {before} | {after} | {fused} |")
    print()
    print("| model | axle planned peak | largest live set | axle naive total "
          "| XLA temporaries | inputs+outputs |")
    print("|---|---|---|---|---|---|")
    for name, _, _, _, memory, xla in rows:
        print(f"| {name} | {kib(memory['peak_bytes'])} "
              f"| {kib(memory['live_peak_bytes'])} "
              f"| {kib(memory['naive_total_bytes'])} | {kib(xla)} "
              f"| {kib(memory['input_output_bytes'])} |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compile time of axle-compile over a corpus of StableHLO files.

Runs `axle-compile FILE -o /tmp/...axle` on every .mlir file under the given
folders (files with several `// -----` chunks are skipped: axle-compile
reads one module) and prints the distribution of wall-clock times: how long
a user waits for a program of the corpus's size. Test-suite check calls
(`check.*`), which only the interpreter runs, are removed first; files that
still do not compile are counted and listed, not timed.

    bench/compile_time.py ../shared/conformance/stablehlo-testdata [--jobs 2]
"""
import argparse
import concurrent.futures
import pathlib
import re
import statistics
import subprocess
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parent.parent


CHECK_CALL = re.compile(r"^\s*(stablehlo\.custom_call @check\.|check\.expect)")
# `%r = stablehlo.custom_call @check.eq(...) : (...) -> tensor<i1>`
CHECK_RESULT = re.compile(
    r"^(\s*%[\w#]+ = )stablehlo\.custom_call @check\.\w+\(.*-> (tensor<i1>)$")


def without_checks(path, out_dir):
    """The file with its check calls removed (a check returning a boolean
    becomes the constant true, its value when it passes)."""
    lines = [CHECK_RESULT.sub(r"\1stablehlo.constant dense<true> : \2", line)
             for line in path.read_text().splitlines()
             if not CHECK_CALL.match(line)]
    stripped = pathlib.Path(out_dir) / path.name
    stripped.write_text("\n".join(lines) + "\n")
    return stripped


def compile_one(tool, path, out_dir):
    out = pathlib.Path(out_dir) / (path.stem + ".axle")
    source = without_checks(path, out_dir)
    start = time.perf_counter()
    result = subprocess.run([str(tool), str(source), "-o", str(out)],
                            capture_output=True, text=True, timeout=600)
    elapsed = time.perf_counter() - start
    out.unlink(missing_ok=True)
    source.unlink(missing_ok=True)
    return path, elapsed, result.returncode, result.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=pathlib.Path)
    parser.add_argument("--jobs", type=int, default=1,
                        help="files compiled at once (default 1: no "
                             "contention between measurements)")
    parser.add_argument("--build", type=pathlib.Path, default=REPO / "build")
    args = parser.parse_args()
    tool = args.build / "tools" / "axle-compile" / "axle-compile"
    files = sorted(p for folder in args.folders
                   for p in ([folder] if folder.is_file()
                             else folder.glob("*.mlir"))
                   if "\n// -----" not in p.read_text())
    times, named, failures = [], [], []
    with tempfile.TemporaryDirectory() as out_dir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for path, elapsed, code, stderr in pool.map(
                lambda p: compile_one(tool, p, out_dir), files):
            if code == 0:
                times.append(elapsed)
                named.append((elapsed, path.name))
            else:
                failures.append((path.name, stderr.strip().splitlines()[:1]))
    times.sort()

    def pct(q):
        return times[min(len(times) - 1, int(q * len(times)))]

    print(f"compiled {len(times)} of {len(files)} files "
          f"({len(failures)} failed to compile), jobs={args.jobs}")
    if times:
        print(f"seconds per file: min {times[0]:.3f}  p10 {pct(0.1):.3f}  "
              f"median {statistics.median(times):.3f}  p90 {pct(0.9):.3f}  "
              f"p99 {pct(0.99):.3f}  max {times[-1]:.3f}")
        edges = [0.1, 0.2, 0.3, 0.5, 1.0, 2.0, float("inf")]
        low = 0.0
        for high in edges:
            count = sum(low <= t < high for t in times)
            label = f"[{low:.1f}, {high:.1f})" if high != float("inf") \
                else f">= {low:.1f}"
            print(f"  {label:>12} s: {count}")
            low = high
    for elapsed, name in sorted(named, reverse=True)[:5]:
        print(f"  slowest: {elapsed:.3f} s {name}")
    for name, message in failures[:20]:
        print(f"  failed: {name}: {message[0] if message else ''}")


if __name__ == "__main__":
    main()

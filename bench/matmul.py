#!/usr/bin/env python3
"""GFLOP/s of compiled f32 matmuls (stablehlo.dot_general) on the CPU.

For each size M,N,K writes a program C = A x B, compiles it with
axle-compile, times it with `axle-run --benchmark` and prints
2*M*N*K / median time.

    bench/matmul.py                 # 512x512x512
    bench/matmul.py 256,256,256 1024,1024,1024 8,128,64
"""
import argparse
import pathlib
import re
import subprocess
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent

PROGRAM = """func.func public @main(%a: tensor<{m}x{k}x{t}>, %b: tensor<{k}x{n}x{t}>)
    -> tensor<{m}x{n}x{t}> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<{m}x{k}x{t}>, tensor<{k}x{n}x{t}>) -> tensor<{m}x{n}x{t}>
  return %0 : tensor<{m}x{n}x{t}>
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", default=["512,512,512"],
                        help="M,N,K triples")
    parser.add_argument("--type", default="f32")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--threads", type=int, default=0,
                        help="kernel threads (default: axle-run's default)")
    parser.add_argument("--build", type=pathlib.Path, default=REPO / "build")
    args = parser.parse_args()
    compiler = args.build / "tools" / "axle-compile" / "axle-compile"
    runner = args.build / "tools" / "axle-run" / "axle-run"
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            m, n, k = (int(x) for x in size.split(","))
            source = pathlib.Path(tmp) / "matmul.mlir"
            source.write_text(PROGRAM.format(m=m, n=n, k=k, t=args.type))
            artifact = pathlib.Path(tmp) / "matmul.axle"
            subprocess.run([str(compiler), str(source), "-o", str(artifact)],
                           check=True)
            out = subprocess.run(
                [str(runner), str(artifact),
                 f"--input={m}x{k}x{args.type}=0.5",
                 f"--input={k}x{n}x{args.type}=0.25",
                 f"--benchmark={args.runs}"]
                + ([f"--threads={args.threads}"] if args.threads else []),
                check=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True).stdout
            median_us = float(re.search(r"median ([0-9.]+) us", out).group(1))
            min_us = float(re.search(r"min(?:imum)? ([0-9.]+) us", out).group(1))
            flops = 2.0 * m * n * k
            print(f"{m}x{n}x{k} {args.type}: median {median_us:.1f} us "
                  f"({flops / (median_us * 1e3):.2f} GFLOP/s), "
                  f"min {min_us:.1f} us ({flops / (min_us * 1e3):.2f} GFLOP/s)")


if __name__ == "__main__":
    main()

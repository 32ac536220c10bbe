#!/usr/bin/env python3
"""Per-call cost of axle.jit against jax.jit on a 1-element add.

A function this small measures nothing but the calling path: argument
flattening, cache lookup, checks, the transfer into the runtime and the
results back. Both are warmed up (compiled, caches filled), then each is
called N times (10,000 by default) on the same inputs and every call is
timed on its own; the medians and their ratio are printed, once with NumPy
inputs and once with JAX arrays as inputs (axle returns NumPy arrays for the
first and JAX arrays for the second, as jax.jit returns JAX arrays). jax.jit
dispatches asynchronously, so each of its calls ends with
block_until_ready(): a call is only done when its result exists.

    .venv/bin/python bench/call_overhead.py
    .venv/bin/python bench/call_overhead.py --calls 100000 --profile
"""
import argparse
import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

import axle


def add(x, y):
    return x + y


def per_call_ns(fn, args, calls, block):
    timer = time.perf_counter_ns
    samples = []
    if block:
        for _ in range(calls):
            start = timer()
            fn(*args).block_until_ready()
            samples.append(timer() - start)
    else:
        for _ in range(calls):
            start = timer()
            fn(*args)
            samples.append(timer() - start)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--profile", action="store_true",
                        help="also print a cProfile of the axle calls")
    args = parser.parse_args()

    x = np.ones((1,), np.float32)
    y = np.full((1,), 2.0, np.float32)
    jx, jy = jnp.asarray(x), jnp.asarray(y)
    axle_add = axle.jit(add)
    jax_add = jax.jit(add)
    for _ in range(100):  # compile and warm both paths
        axle_add(x, y)
        axle_add(jx, jy)
        jax_add(x, y).block_until_ready()
        jax_add(jx, jy).block_until_ready()
    assert type(axle_add(x, y)) is np.ndarray
    assert isinstance(axle_add(jx, jy), jax.Array)
    np.testing.assert_array_equal(axle_add(x, y), np.asarray(jax_add(x, y)))

    print(f"1-element f32 add, median of {args.calls} calls "
          f"(jax {jax.__version__}, {jax.devices()[0].platform})")
    print(f"{'inputs':<7} {'axle.jit':>10} {'jax.jit':>10} {'axle/jax':>9}")
    for name, inputs in (("numpy", (x, y)), ("jax", (jx, jy))):
        ours = per_call_ns(axle_add, inputs, args.calls, block=False)
        theirs = per_call_ns(jax_add, inputs, args.calls, block=True)
        ratio = ours / theirs
        print(f"{name:<7} {ours / 1000:>8.2f}us {theirs / 1000:>8.2f}us "
              f"{ratio:>9.2f}")

    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.calls):
            axle_add(x, y)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(8)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Exports the bundled example model, a small MLP classifier, to StableHLO.

Run with the project's venv: `.venv/bin/python examples/export_mlp.py`.
Writes examples/mlp.mlir (committed, so the demo needs no JAX run). The
weights are fixed by a seed and baked in as constants, as in a deployed model.
"""
import pathlib

import jax
import jax.numpy as jnp
import numpy as np


def make_params(seed=0, sizes=(64, 128, 128, 10)):
    rng = np.random.default_rng(seed)
    params = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        w = rng.standard_normal((fan_in, fan_out), dtype=np.float32)
        w *= np.float32(np.sqrt(2.0 / fan_in))
        b = np.zeros((fan_out,), np.float32) + np.float32(0.01)
        params.append((w, b))
    return params


PARAMS = make_params()


def mlp(x):
    h = x
    for i, (w, b) in enumerate(PARAMS):
        h = h @ w + b
        if i < len(PARAMS) - 1:
            h = jax.nn.gelu(h)
    return jax.nn.softmax(h, axis=-1)


def main():
    x = jax.ShapeDtypeStruct((8, 64), jnp.float32)
    text = jax.jit(mlp).lower(x).as_text()
    out = pathlib.Path(__file__).with_name("mlp.mlir")
    out.write_text(text)
    print(f"wrote {out} ({len(text)} bytes)")


if __name__ == "__main__":
    main()

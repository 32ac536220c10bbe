#!/usr/bin/env python3
"""Exports the benchmark models to StableHLO with JAX.

    .venv/bin/python bench/models/export_models.py

Writes bench/models/{mlp,transformer,transformer_long,cnn}.mlir (committed,
so reports need no JAX run) with weights baked in as constants, as a
deployed model has them. `transformer` and `transformer_long` are the same
2-layer model (same weights) over 64 and 2048 tokens: at 64 tokens every
activation stays in the caches and the matmuls take nearly all the time; at
2048 the attention scores (4 heads x 2048 x 2048 floats per layer, 64 MiB)
go through memory, as in long-context inference, which is where fusing the
softmax into fewer passes over them pays. `models()` is also imported by bench/model_report.py, which asks XLA
for its memory analysis of the same functions.
"""
import pathlib

import jax
import jax.numpy as jnp
import numpy as np

HERE = pathlib.Path(__file__).resolve().parent


def dense(rng, fan_in, fan_out):
    w = rng.standard_normal((fan_in, fan_out), dtype=np.float32)
    return w * np.float32(np.sqrt(1.0 / fan_in)), np.full(fan_out, 0.01,
                                                          np.float32)


def make_mlp():
    rng = np.random.default_rng(0)
    layers = [dense(rng, a, b) for a, b in [(256, 512), (512, 512), (512, 10)]]

    def mlp(x):
        for i, (w, b) in enumerate(layers):
            x = x @ w + b
            if i < len(layers) - 1:
                x = jax.nn.gelu(x)
        return jax.nn.softmax(x, axis=-1)

    return mlp, (jax.ShapeDtypeStruct((32, 256), jnp.float32),)


def make_transformer(layers=2, seq=64, width=128, heads=4, hidden=512):
    rng = np.random.default_rng(1)
    blocks = []
    for _ in range(layers):
        blocks.append({
            "qkv": dense(rng, width, 3 * width),
            "out": dense(rng, width, width),
            "up": dense(rng, width, hidden),
            "down": dense(rng, hidden, width),
        })

    def layer_norm(x):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5)

    def block(x, p):
        h = layer_norm(x)
        qkv = h @ p["qkv"][0] + p["qkv"][1]
        q, k, v = jnp.split(qkv, 3, axis=-1)
        split = lambda t: t.reshape(seq, heads, width // heads).transpose(1, 0, 2)
        q, k, v = split(q), split(k), split(v)
        att = jax.nn.softmax(q @ k.transpose(0, 2, 1) / np.sqrt(width // heads),
                             axis=-1)
        o = (att @ v).transpose(1, 0, 2).reshape(seq, width)
        x = x + o @ p["out"][0] + p["out"][1]
        h = layer_norm(x)
        h = jax.nn.gelu(h @ p["up"][0] + p["up"][1])
        return x + h @ p["down"][0] + p["down"][1]

    def transformer(x):
        for p in blocks:
            x = block(x, p)
        return x

    return transformer, (jax.ShapeDtypeStruct((seq, width), jnp.float32),)


def make_cnn():
    rng = np.random.default_rng(2)
    k1 = rng.standard_normal((3, 3, 3, 16), np.float32) * np.float32(0.2)
    k2 = rng.standard_normal((3, 3, 16, 32), np.float32) * np.float32(0.1)
    head = dense(rng, 8 * 8 * 32, 10)

    def conv(x, k):
        return jax.lax.conv_general_dilated(
            x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

    def pool(x):
        return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 2, 2, 1),
                                     (1, 2, 2, 1), "VALID")

    def cnn(x):
        x = pool(jax.nn.relu(conv(x, k1)))
        x = pool(jax.nn.relu(conv(x, k2)))
        x = x.reshape(x.shape[0], -1)
        return jax.nn.softmax(x @ head[0] + head[1], axis=-1)

    return cnn, (jax.ShapeDtypeStruct((4, 32, 32, 3), jnp.float32),)


def models():
    return {"mlp": make_mlp(), "transformer": make_transformer(),
            "transformer_long": make_transformer(seq=2048), "cnn": make_cnn()}


def main():
    for name, (fn, args) in models().items():
        text = jax.jit(fn).lower(*args).as_text()
        path = HERE / f"{name}.mlir"
        path.write_text(text)
        print(f"wrote {path} ({len(text)} bytes)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The benchmark suite of issue 6, defined in JAX and exported to StableHLO.

    .venv/bin/python bench/models/export_suite.py            # every model
    .venv/bin/python bench/models/export_suite.py matmul_f32_256 softmax

Writes bench/models/suite/<name>.mlir (committed, so the harness needs no
export step). Unlike export_models.py, weights are function ARGUMENTS, not
baked constants: the files stay small and every backend gets the same
inputs, which bench/run.py generates from the signature with a fixed seed
(`make_inputs`). `suite()` is also what bench/run.py hands to `jax.jit` for
the XLA:CPU baseline, so both run the very same function.

Every model records the work it does, for the report: `flops` (useful
floating-point operations, a multiply-add counting two) for compute-bound
models and `bytes` (the least memory traffic: each input read once and each
output written once) for memory-bound ones.
"""
import dataclasses
import math
import pathlib
import sys
from typing import Callable, Optional

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
SUITE_DIR = HERE / "suite"


@dataclasses.dataclass
class Arg:
    """One argument: its shape, dtype name and the scale of its values.

    Values are scale * N(0, 1) unless `kind` says otherwise: "onehot" (rows
    of a one-hot matrix, e.g. training labels) or "ones" (plus the noise,
    e.g. a layernorm gain near one).
    """
    shape: tuple
    dtype: str = "float32"
    scale: float = 1.0
    kind: str = "normal"


@dataclasses.dataclass
class Model:
    """A benchmark model: the JAX function and what the report needs."""
    name: str
    fn: Callable
    args: list
    category: str  # matmul, elementwise, reduction, conv, mlp, transformer
    flops: Optional[float] = None  # compute-bound: useful flops per call
    bytes: Optional[float] = None  # memory-bound: least traffic per call
    note: str = ""
    # What memory-bound work is measured against: "copy" (reads and writes
    # alike) or "read" (a reduction: the output is negligible).
    traffic: str = "copy"
    # axle-compile flags beyond the defaults (IEEE, in-order reductions).
    axle_flags: list = dataclasses.field(default_factory=list)
    # The exported program (bench/models/suite/<source>.mlir) when it is
    # another model's: a variant that runs the same function, with other
    # axle flags.
    source: Optional[str] = None

    @property
    def program(self):
        return self.source or self.name


def nbytes(args, dtype_size=4):
    """Bytes of a list of shapes of 4-byte floats."""
    return sum(math.prod(shape) * dtype_size for shape in args)


def dense_args(fan_in, fan_out):
    """The weight and bias of a dense layer, weights scaled by 1/sqrt(fan_in)."""
    return [Arg((fan_in, fan_out), scale=fan_in ** -0.5),
            Arg((fan_out,), scale=0.01)]


def matmul(name, m, k, n, dtype="float32"):
    def fn(a, b):
        return a @ b
    # bf16 matmuls with --fast-math, under which they use vdpbf16ps where
    # the CPU has it (two products per instruction, subnormals flushed:
    # what IREE's bf16 ukernels do by default).
    flags = ["--fast-math"] if dtype == "bfloat16" else []
    return Model(name, fn, [Arg((m, k), dtype), Arg((k, n), dtype)],
                 "matmul", flops=2.0 * m * n * k, axle_flags=flags,
                 note=f"{m}x{k} @ {k}x{n} {dtype}")


def gelu_chain():
    import jax

    def fn(x, a, b):
        return jax.nn.gelu(x * a + b)
    # a and b broadcast along rows (a scale and a bias): the traffic is x in
    # and the result out.
    return Model("gelu_chain", fn,
                 [Arg((4096, 4096)), Arg((4096,)), Arg((4096,))],
                 "elementwise", bytes=2 * nbytes([(4096, 4096)]),
                 note="gelu(x*a+b), 16 Mi f32, tanh form")


def exp_16m():
    import jax.numpy as jnp

    def fn(x):
        return jnp.exp(x)
    return Model("exp", fn, [Arg((4096, 4096))], "elementwise",
                 bytes=2 * nbytes([(4096, 4096)]), note="exp, 16 Mi f32")


def softmax():
    import jax

    def fn(x):
        return jax.nn.softmax(x, axis=-1)
    return Model("softmax", fn, [Arg((4096, 4096))], "reduction",
                 bytes=2 * nbytes([(4096, 4096)]), note="row softmax 4096x4096")


def layernorm():
    import jax
    import jax.numpy as jnp

    def fn(x, gain, bias):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gain + bias
    return Model("layernorm", fn,
                 [Arg((8192, 1024)), Arg((1024,), scale=0.1, kind="ones"),
                  Arg((1024,), scale=0.1)],
                 "reduction", bytes=2 * nbytes([(8192, 1024)]),
                 note="8192x1024, eps 1e-5, gain and bias")


def sum_full():
    import jax.numpy as jnp

    def fn(x):
        return jnp.sum(x)
    return Model("sum_full", fn, [Arg((4096, 4096))], "reduction",
                 bytes=nbytes([(4096, 4096)]), note="sum of 4096x4096 f32",
                 traffic="read")


def sum_rows():
    import jax.numpy as jnp

    def fn(x):
        return jnp.sum(x, axis=1)
    return Model("sum_rows", fn, [Arg((4096, 4096))], "reduction",
                 bytes=nbytes([(4096, 4096), (4096,)]),
                 note="row sums of 4096x4096 f32", traffic="read")


def conv2d(x, w):
    """NHWC x HWIO -> NHWC, stride 1, SAME padding."""
    import jax
    return jax.lax.conv_general_dilated(
        x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def resnet_stack():
    import jax

    def fn(x, w1, b1, w2, b2, w3, b3, w4, b4):
        # Two ResNet-18 basic blocks of stage 1 (conv-bn-relu-conv-bn + x,
        # relu) with batchnorm folded into each conv's weights and bias.
        for wa, ba, wb, bb in ((w1, b1, w2, b2), (w3, b3, w4, b4)):
            y = jax.nn.relu(conv2d(x, wa) + ba)
            x = jax.nn.relu(conv2d(y, wb) + bb + x)
        return x
    conv = [Arg((3, 3, 64, 64), scale=(9 * 64) ** -0.5),
            Arg((64,), scale=0.01)]
    flops = 4 * 2.0 * 8 * 56 * 56 * 64 * 64 * 9
    return Model("resnet_stack", fn, [Arg((8, 56, 56, 64))] + conv * 4,
                 "conv", flops=flops,
                 note="2 basic blocks, 8x56x56x64, 4 3x3 convs, folded BN")


def conv1x1():
    def fn(x, w):
        return conv2d(x, w)
    return Model("conv1x1", fn,
                 [Arg((8, 56, 56, 64)), Arg((1, 1, 64, 256), scale=0.125)],
                 "conv", flops=2.0 * 8 * 56 * 56 * 64 * 256,
                 note="1x1 conv 8x56x56x64 -> 256 channels")


MLP_LAYERS = [(784, 1024), (1024, 1024), (1024, 10)]
MLP_BATCH = 256


def mlp_forward(params, x):
    """Logits of the 784-1024-1024-10 relu MLP; params = [w1, b1, ...]."""
    import jax
    for i in range(0, len(params), 2):
        x = x @ params[i] + params[i + 1]
        if i + 2 < len(params):
            x = jax.nn.relu(x)
    return x


def mlp_args():
    args = []
    for fan_in, fan_out in MLP_LAYERS:
        args += dense_args(fan_in, fan_out)
    return args


def mlp_flops():
    return sum(2.0 * MLP_BATCH * a * b for a, b in MLP_LAYERS)


def mlp_infer():
    def fn(x, *params):
        return mlp_forward(list(params), x)
    return Model("mlp_infer", fn, [Arg((MLP_BATCH, 784))] + mlp_args(),
                 "mlp", flops=mlp_flops(),
                 note="batch 256, 784-1024-1024-10, relu")


def mlp_train():
    import jax
    import jax.numpy as jnp

    def loss(params, x, labels):
        logits = mlp_forward(params, x)
        return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))

    def fn(x, labels, *params):
        value, grads = jax.value_and_grad(loss)(list(params), x, labels)
        new = [p - 0.01 * g for p, g in zip(params, grads)]
        return (value, *new)
    # Forward, and backward: two matmuls per layer (the first layer's input
    # gradient is not needed, but XLA and the others may or may not skip it).
    return Model("mlp_train", fn,
                 [Arg((MLP_BATCH, 784)), Arg((MLP_BATCH, 10), kind="onehot")]
                 + mlp_args(), "mlp", flops=3 * mlp_flops(),
                 note="grad of softmax cross-entropy + SGD (lr 0.01)")


GPT_SEQ, GPT_D, GPT_HEADS = 256, 768, 12


def gpt_block_args():
    d = GPT_D
    ln = [Arg((d,), scale=0.1, kind="ones"), Arg((d,), scale=0.02)]
    return (ln + dense_args(d, 3 * d) + dense_args(d, d) + ln
            + dense_args(d, 4 * d) + dense_args(4 * d, d))


def causal_attention(q, k, v):
    """softmax(q k^T / sqrt(dh) + causal mask) v over [heads, seq, dh]."""
    import jax
    import jax.numpy as jnp
    seq, dh = q.shape[-2], q.shape[-1]
    scores = jnp.einsum("hqd,hkd->hqk", q, k) / np.float32(math.sqrt(dh))
    mask = jnp.tril(jnp.ones((seq, seq), dtype=bool))
    scores = jnp.where(mask, scores, np.float32(-1e9))
    return jnp.einsum("hqk,hkd->hqd", jax.nn.softmax(scores, axis=-1), v)


def gpt_block(x, p):
    """A GPT-2 block (pre-layernorm, causal attention, GELU MLP)."""
    import jax
    import jax.numpy as jnp
    (g1, c1, wqkv, bqkv, wo, bo, g2, c2, wfc, bfc, wpr, bpr) = p
    seq, d = x.shape
    dh = d // GPT_HEADS

    def ln(t, g, c):
        mean = jnp.mean(t, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(t - mean), axis=-1, keepdims=True)
        return (t - mean) * jax.lax.rsqrt(var + 1e-5) * g + c

    qkv = ln(x, g1, c1) @ wqkv + bqkv
    q, k, v = (t.reshape(seq, GPT_HEADS, dh).transpose(1, 0, 2)
               for t in jnp.split(qkv, 3, axis=-1))
    o = causal_attention(q, k, v).transpose(1, 0, 2).reshape(seq, d)
    x = x + o @ wo + bo
    h = jax.nn.gelu(ln(x, g2, c2) @ wfc + bfc)
    return x + h @ wpr + bpr


def gpt_flops(blocks):
    s, d = GPT_SEQ, GPT_D
    dense = 2.0 * s * d * (3 * d + d + 4 * d + 4 * d)
    attention = 2 * 2.0 * s * s * d
    return blocks * (dense + attention)


def gpt(name, blocks):
    def fn(x, *params):
        for i in range(blocks):
            x = gpt_block(x, params[12 * i:12 * (i + 1)])
        return x
    return Model(name, fn, [Arg((GPT_SEQ, GPT_D))] + gpt_block_args() * blocks,
                 "transformer", flops=gpt_flops(blocks),
                 note=f"{blocks} GPT-2-small block(s), seq 256, d 768, 12 heads")


def attention():
    def fn(q, k, v):
        return causal_attention(q, k, v)
    shape = (12, 1024, 64)
    return Model("attention", fn, [Arg(shape), Arg(shape), Arg(shape)],
                 "transformer", flops=2 * 2.0 * 12 * 1024 * 1024 * 64,
                 note="causal, seq 1024, 12 heads, head dim 64")


def reassociated(model):
    """`model` with axle's --reassociate-reductions: its sums in any order,
    as XLA:CPU and IREE add them by default (the plain model keeps axle's
    default, in-order sums)."""
    return dataclasses.replace(
        model, name=model.name + "_reassoc", source=model.name,
        axle_flags=model.axle_flags + ["--reassociate-reductions"],
        note=model.note + "; axle --reassociate-reductions")


def suite():
    """Every model of the suite, in report order, by name."""
    models = [
        matmul("matmul_f32_256", 256, 256, 256),
        matmul("matmul_f32_512", 512, 512, 512),
        matmul("matmul_f32_1024", 1024, 1024, 1024),
        matmul("matmul_f32_2048", 2048, 2048, 2048),
        matmul("matmul_f32_1024x4096x1024", 1024, 4096, 1024),
        matmul("matmul_bf16_1024", 1024, 1024, 1024, "bfloat16"),
        matmul("matmul_bf16_2048", 2048, 2048, 2048, "bfloat16"),
        gelu_chain(), exp_16m(), softmax(), layernorm(), sum_full(),
        sum_rows(), resnet_stack(), conv1x1(), mlp_infer(), mlp_train(),
        gpt("gpt2_block", 1), gpt("gpt2_stack4", 4), attention(),
    ]
    # The models with float sums get a _reassoc variant after them.
    with_variants = []
    for model in models:
        with_variants.append(model)
        if model.name in ("softmax", "layernorm", "sum_full", "sum_rows"):
            with_variants.append(reassociated(model))
    return {model.name: model for model in with_variants}


def shape_structs(model):
    """jax.ShapeDtypeStruct of each argument, for lowering."""
    import jax
    import jax.numpy as jnp
    return [jax.ShapeDtypeStruct(arg.shape, jnp.dtype(arg.dtype))
            for arg in model.args]


def make_inputs(model, seed=0):
    """The model's inputs as numpy arrays, the same on every call."""
    import ml_dtypes  # installed with jax; numpy has no bfloat16
    rng = np.random.default_rng(seed)
    values = []
    for arg in model.args:
        if arg.kind == "onehot":
            value = np.eye(arg.shape[-1], dtype=np.float32)[
                rng.integers(0, arg.shape[-1], arg.shape[:-1])]
        else:
            value = rng.standard_normal(arg.shape, dtype=np.float32)
            value *= np.float32(arg.scale)
            if arg.kind == "ones":
                value += np.float32(1)
        dtype = (ml_dtypes.bfloat16 if arg.dtype == "bfloat16"
                 else np.dtype(arg.dtype))
        values.append(value.astype(dtype))
    return values


def export(model):
    """The model's StableHLO text, as jax.jit lowers it."""
    import jax
    return jax.jit(model.fn).lower(*shape_structs(model)).as_text()


def main():
    models = suite()
    # Variants run another model's program.
    names = sys.argv[1:] or [n for n, m in models.items() if not m.source]
    SUITE_DIR.mkdir(exist_ok=True)
    for name in names:
        text = export(models[name])
        path = SUITE_DIR / f"{name}.mlir"
        path.write_text(text)
        print(f"wrote {path} ({len(text)} bytes)")


if __name__ == "__main__":
    main()

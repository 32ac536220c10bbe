"""Matmul epilogues applied in registers.

A matmul that is one block of C and of k (k of at most 128 here, so on
every host) with an elementwise epilogue fused into its tile applies the
epilogue to each register tile as it leaves the k loop (MatmulBlock.cpp):
operands read along the columns (a bias), broadcast per row or as scalars,
compares and selects, tanh, a narrower result type, batch dimensions. The
epilogue's scalar ops become the same ops lane by lane, so the compiled
code must give the interpreter's bits; values are checked against NumPy in
float64 too.
"""
import numpy as np
import pytest

SCALE = """func.func public @main(%q: tensor<4x256x32xf32>, %k: tensor<4x32x512xf32>)
    -> tensor<4x256x512xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0],
      contracting_dims = [2] x [1] : (tensor<4x256x32xf32>, tensor<4x32x512xf32>)
      -> tensor<4x256x512xf32>
  %c = stablehlo.constant dense<5.65685415> : tensor<4x256x512xf32>
  %y = stablehlo.divide %s, %c : tensor<4x256x512xf32>
  return %y : tensor<4x256x512xf32>
}
"""

BIAS_GELU = """func.func public @main(%x: tensor<256x128xf32>, %w: tensor<128x512xf32>,
                       %b: tensor<512xf32>) -> tensor<256x512xf32> {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<256x128xf32>, tensor<128x512xf32>) -> tensor<256x512xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<256x512xf32>
  %z = stablehlo.add %h, %bb : tensor<256x512xf32>
  %c3 = stablehlo.constant dense<0.044715> : tensor<256x512xf32>
  %cs = stablehlo.constant dense<0.797884583> : tensor<256x512xf32>
  %one = stablehlo.constant dense<1.0> : tensor<256x512xf32>
  %half = stablehlo.constant dense<0.5> : tensor<256x512xf32>
  %z2 = stablehlo.multiply %z, %z : tensor<256x512xf32>
  %z3 = stablehlo.multiply %z2, %z : tensor<256x512xf32>
  %t0 = stablehlo.multiply %z3, %c3 : tensor<256x512xf32>
  %t1 = stablehlo.add %z, %t0 : tensor<256x512xf32>
  %t2 = stablehlo.multiply %t1, %cs : tensor<256x512xf32>
  %t3 = stablehlo.tanh %t2 : tensor<256x512xf32>
  %t4 = stablehlo.add %t3, %one : tensor<256x512xf32>
  %t5 = stablehlo.multiply %z, %t4 : tensor<256x512xf32>
  %y = stablehlo.multiply %t5, %half : tensor<256x512xf32>
  return %y : tensor<256x512xf32>
}
"""

ROW_SCALE_LEAKY = """func.func public @main(%x: tensor<256x64xf32>, %w: tensor<64x256xf32>,
                       %r: tensor<256xf32>) -> tensor<256x256xf32> {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<256x64xf32>, tensor<64x256xf32>) -> tensor<256x256xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<256xf32>) -> tensor<256x256xf32>
  %s = stablehlo.multiply %h, %rb : tensor<256x256xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<256x256xf32>
  %slope = stablehlo.constant dense<0.1> : tensor<256x256xf32>
  %positive = stablehlo.compare GT, %s, %zero : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xi1>
  %leak = stablehlo.multiply %s, %slope : tensor<256x256xf32>
  %y = stablehlo.select %positive, %s, %leak : tensor<256x256xi1>, tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}
"""

BIAS_TO_BF16 = """func.func public @main(%x: tensor<256x64xf32>, %w: tensor<64x512xf32>,
                       %b: tensor<512xf32>) -> tensor<256x512xbf16> {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<256x64xf32>, tensor<64x512xf32>) -> tensor<256x512xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<256x512xf32>
  %z = stablehlo.add %h, %bb : tensor<256x512xf32>
  %y = stablehlo.convert %z : (tensor<256x512xf32>) -> tensor<256x512xbf16>
  return %y : tensor<256x512xbf16>
}
"""


def normal(rng, shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def scale_case(rng):
    q, k = normal(rng, (4, 256, 32)), normal(rng, (4, 32, 512))
    expected = np.matmul(q.astype(np.float64), k) / np.float32(5.65685415)
    return SCALE, [q, k], expected


def bias_gelu_case(rng):
    x, w, b = normal(rng, (256, 128)), normal(rng, (128, 512), 0.1), normal(
        rng, 512)
    z = x.astype(np.float64) @ w + b
    expected = 0.5 * z * (1 + np.tanh(0.797884583 * (z + 0.044715 * z**3)))
    return BIAS_GELU, [x, w, b], expected


def row_scale_leaky_case(rng):
    x, w, r = normal(rng, (256, 64)), normal(rng, (64, 256)), normal(rng, 256)
    s = (x.astype(np.float64) @ w) * r[:, None]
    return ROW_SCALE_LEAKY, [x, w, r], np.where(s > 0, s, 0.1 * s)


def bias_to_bf16_case(rng):
    x, w, b = normal(rng, (256, 64)), normal(rng, (64, 512)), normal(rng, 512)
    return BIAS_TO_BF16, [x, w, b], x.astype(np.float64) @ w + b


CASES = {"scale": scale_case, "bias_gelu": bias_gelu_case,
         "row_scale_leaky": row_scale_leaky_case,
         "bias_to_bf16": bias_to_bf16_case}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", sorted(CASES))
def test_register_epilogue(run_axle, case, threads):
    program, inputs, expected = CASES[case](np.random.default_rng(7))
    compiled = run_axle(program, inputs, [f"--threads={threads}"])
    reference = run_axle(program, inputs, ["--backend=interpreter"])
    assert compiled.dtype == reference.dtype
    assert compiled.tobytes() == reference.tobytes(), (
        "compiled bits differ from the interpreter's")
    values = compiled.astype(np.float64)
    # bf16 keeps 8 bits of the sum; f32 sums of up to 128 products.
    tolerance = 1e-2 if compiled.dtype.itemsize == 2 else 1e-4
    scale = np.abs(expected).max()
    assert np.abs(values - expected).max() <= tolerance * scale

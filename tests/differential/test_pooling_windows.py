"""reduce_window with small windows that do not reach along the last
dimension (max and sum pooling of NHWC images).

They are lowered to an elementwise fold of the window's strided slices of
the padded input, in the window's row-major order (LowerReduction.cpp,
foldWindowSlices), which must give the interpreter's bits: maxima with
NaN and infinities among the inputs, and sums, whose bits depend on the
order. Checked at one and two threads, against NumPy (maxima exactly, sums
in float64 within the rounding of nine additions), over strides, padding
on one or both sides, window dilation, and a window too large for the
fold (the generic path, for comparison).
"""
import numpy as np
import pytest

POOL = """func.func public @main(%x: tensor<{shape}xf32>) -> tensor<{out}xf32> {{
  %init = stablehlo.constant dense<{init}> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) <{{window_dimensions = array<i64: {window}>, window_strides = array<i64: {strides}>, window_dilations = array<i64: {dilations}>, padding = dense<{padding}> : tensor<4x2xi64>}}> ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.{op} %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }}) : (tensor<{shape}xf32>, tensor<f32>) -> tensor<{out}xf32>
  return %0 : tensor<{out}xf32>
}}
"""


def windows_of(x, window, strides, dilations, padding, fill):
    """Every window of x (padded with `fill`) as one axis of NumPy values:
    result[..., k] is window element k in row-major order."""
    padded = np.pad(x.astype(np.float64), padding, constant_values=fill)
    out = [(padded.shape[d] - (window[d] - 1) * dilations[d] - 1)
           // strides[d] + 1 for d in range(4)]
    elements = []
    for k in np.ndindex(*window):
        index = tuple(
            slice(k[d] * dilations[d],
                  k[d] * dilations[d] + (out[d] - 1) * strides[d] + 1,
                  strides[d]) for d in range(4))
        elements.append(padded[index])
    return np.stack(elements, axis=-1), out


@pytest.mark.parametrize("op", ["maximum", "add"])
@pytest.mark.parametrize("window,strides,dilations,padding", [
    ((1, 3, 3, 1), (1, 2, 2, 1), (1, 1, 1, 1), ((0, 0), (0, 1), (0, 1), (0, 0))),
    ((1, 3, 3, 1), (1, 1, 1, 1), (1, 1, 1, 1), ((0, 0), (1, 1), (1, 1), (0, 0))),
    ((1, 2, 2, 1), (1, 2, 2, 1), (1, 1, 1, 1), ((0, 0), (0, 0), (0, 0), (0, 0))),
    ((1, 2, 3, 1), (1, 1, 2, 1), (1, 2, 1, 1), ((0, 0), (2, 0), (0, 1), (0, 0))),
    ((1, 5, 5, 1), (1, 1, 1, 1), (1, 1, 1, 1), ((0, 0), (2, 2), (2, 2), (0, 0))),
])
def test_pooling_matches_interpreter_and_numpy(run_axle_results,
                                               assert_compiled_bits, op,
                                               window, strides, dilations,
                                               padding):
    shape = (2, 12, 10, 24)
    rng = np.random.default_rng(sum(window) + sum(strides) + len(op))
    x = (rng.standard_normal(shape) * 10).astype(np.float32)
    x[0, 3, 4, 5] = np.inf
    x[1, 6, 2, 7] = -np.inf
    if op == "maximum":
        x[1, 5, 5, 0] = np.nan
    init = "0xFF800000" if op == "maximum" else "0.0"
    fill = -np.inf if op == "maximum" else 0.0
    elements, out = windows_of(x, window, strides, dilations, padding, fill)
    program = POOL.format(
        shape="x".join(map(str, shape)), out="x".join(map(str, out)),
        init=init, op=op, window=", ".join(map(str, window)),
        strides=", ".join(map(str, strides)),
        dilations=", ".join(map(str, dilations)),
        padding=str([list(p) for p in padding]))
    reference = run_axle_results(program, [x], ["--backend=interpreter"])
    if op == "maximum":
        # A window with a NaN gives NaN; NumPy's max propagates it too.
        np.testing.assert_array_equal(reference[0],
                                      elements.max(axis=-1).astype(np.float32))
    else:
        exact = elements.sum(axis=-1)
        finite = np.isfinite(exact)
        bound = elements.shape[-1] * 2.0**-24 * np.abs(elements).sum(axis=-1)
        assert np.all(np.abs(reference[0][finite] - exact[finite])
                      <= bound[finite])
    assert_compiled_bits(program, [x], reference, ("pooled",))

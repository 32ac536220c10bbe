"""The order in which reduce folds its inputs (ReduceSchedule.h).

A reduction of every dimension of 65536 or more elements (a multiple of
32) folds 32 contiguous chunks from the init value, then the 32 partial
results from the init value; smaller or odd-sized ones fold in one chain.
The expected values are computed here with NumPy, one sequential fold at a
time, and both backends must match them bit for bit (a float sum and a
non-associative integer body, subtraction, show the order). A reduction of
leading dimensions folds each result element down its rows in order from
the init value too, however the compiled code splits the columns among
threads or keeps the partial results in registers.
"""
import subprocess

import numpy as np
import pytest

PROGRAM = """func.func public @main(%x: tensor<{shape}x{t}>) -> tensor<{t}> {{
  %init = stablehlo.constant dense<{init}> : tensor<{t}>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{body} across dimensions = [0, 1]
      : (tensor<{shape}x{t}>, tensor<{t}>) -> tensor<{t}>
  return %r : tensor<{t}>
}}
"""

UFUNCS = {"add": np.add, "subtract": np.subtract}


def fold(ufunc, init, values):
    """init, then body(acc, x) for each x in order, in the values' type."""
    chain = np.concatenate([np.asarray([init], values.dtype), values])
    return ufunc.accumulate(chain, dtype=values.dtype)[-1]


def expected(ufunc, init, x):
    flat = x.reshape(-1)
    if flat.size < 65536 or flat.size % 32:
        return fold(ufunc, init, flat)
    partials = np.array([fold(ufunc, init, chunk)
                         for chunk in flat.reshape(32, -1)], flat.dtype)
    return fold(ufunc, init, partials)


def random_input(shape, dtype, seed):
    """f32 normals scaled by 1000 (sums that round), or any i32."""
    rng = np.random.default_rng(seed)
    if dtype == "f32":
        return (rng.standard_normal(shape) * 1000).astype(np.float32)
    return rng.integers(-2**31, 2**31, shape, dtype=np.int64).astype(np.int32)


def run(axle_run, tmp_path, text, x, flag):
    """The program's result on input x, run by axle-run with `flag`."""
    program = tmp_path / "reduce.mlir"
    program.write_text(text)
    np.save(tmp_path / "x.npy", x)
    result = subprocess.run(
        [str(axle_run), str(program), flag, f"--input=@{tmp_path / 'x.npy'}",
         f"--output=@{tmp_path / 'r.npy'}"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return np.load(tmp_path / "r.npy")


CASES = [
    # (shape, element type, body, init)
    ((256, 256), "f32", "add", 0.0),       # chunked
    ((64, 2048), "f32", "add", 1.5),       # chunked, the init in every chunk
    ((255, 257), "f32", "add", 0.0),       # 65535 elements: one chain
    ((256, 256), "i32", "subtract", 7),    # chunked, order-sensitive ints
    ((100, 100), "i32", "subtract", 7),    # small: one chain
]


@pytest.mark.parametrize("shape,dtype,body,init", CASES)
@pytest.mark.parametrize("backend", ["cpu", "interpreter"])
def test_full_reduction_order(axle_run, tmp_path, shape, dtype, body, init,
                              backend):
    x = random_input(shape, dtype, sum(shape))
    got = run(axle_run, tmp_path,
              PROGRAM.format(shape="x".join(map(str, shape)), t=dtype,
                             body=body, init=init),
              x, f"--backend={backend}")
    want = expected(UFUNCS[body], np.asarray(init, x.dtype), x)
    assert got.dtype == want.dtype
    assert got.tobytes() == np.asarray(want).tobytes(), (got, want)


COLUMNS = """func.func public @main(%x: tensor<{m}x{n}x{t}>) -> tensor<{n}x{t}> {{
  %init = stablehlo.constant dense<{init}> : tensor<{t}>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{body} across dimensions = [0]
      : (tensor<{m}x{n}x{t}>, tensor<{t}>) -> tensor<{n}x{t}>
  return %r : tensor<{n}x{t}>
}}
"""

COLUMN_CASES = [
    # (rows, columns, element type, body, init)
    (512, 128, "f32", "add", 0.0),       # the row of sums in registers
    (64, 4096, "f32", "add", 0.5),       # pieces of 1024 columns, in parallel
    (40, 3000, "f32", "add", 0.0),       # pieces of 1000 columns
    (64, 4096, "i32", "subtract", 7),    # pieces, ints, the init once
]


@pytest.mark.parametrize("rows,columns,dtype,body,init", COLUMN_CASES)
@pytest.mark.parametrize("threads", [1, 2])
def test_column_folds_in_row_order(axle_run, tmp_path, rows, columns, dtype,
                                   body, init, threads):
    x = random_input((rows, columns), dtype, rows + columns)
    got = run(axle_run, tmp_path,
              COLUMNS.format(m=rows, n=columns, t=dtype, body=body,
                             init=init),
              x, f"--threads={threads}")
    start = np.full((1, columns), init, x.dtype)
    want = UFUNCS[body].accumulate(np.concatenate([start, x]), axis=0,
                                   dtype=x.dtype)[-1]
    assert got.tobytes() == want.tobytes()
    if dtype == "f32":
        # Another order gives other bits here: the check sees the order.
        backwards = UFUNCS[body].accumulate(
            np.concatenate([start, x[::-1]]), axis=0, dtype=x.dtype)[-1]
        assert got.tobytes() != backwards.tobytes()

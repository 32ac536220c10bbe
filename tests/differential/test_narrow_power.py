"""power for f32 and f16: both backends compute NarrowPower.h's selection
in f64 and round once.

Constant exponents 2, 3, 4, 1 and -1 become f64 products (a quotient for
-1) in compiled code, one vector instruction per few lanes instead of one
C library pow per element; other exponents, and exponents that are not
constants, keep the library call. This test checks, over random values,
+-0, +-inf, NaN, subnormals and values whose powers overflow or underflow:
that compiled code and the interpreter agree bit for bit (`axle-run
--verify --verify-ulps=0`), and that the results equal NumPy's float64
power rounded once to the element type (the correctly rounded f64 power:
x^2 is exact in f64, and x^3, x^4, 1 / x are rounded once there).
"""
import subprocess

import numpy as np
import pytest

EXPONENTS = [2.0, 3.0, 4.0, 1.0, -1.0, 1.7, 0.5]


def inputs(dtype):
    rng = np.random.default_rng(7)
    info = np.finfo(dtype)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0,
                        info.max, -info.max, info.tiny, -info.tiny,
                        info.smallest_subnormal, -info.smallest_subnormal,
                        2.0, 0.5, -3.0], dtype)
    spread = (np.exp(rng.uniform(np.log(float(info.smallest_subnormal)),
                                 np.log(float(info.max)), 4000)) *
              rng.choice([-1.0, 1.0], 4000)).astype(dtype)
    normal = rng.standard_normal(4000).astype(dtype) * dtype(10)
    return np.concatenate([special, spread, normal])


def program(type_name, count, exponent):
    t = f"tensor<{count}x{type_name}>"
    if exponent is None:  # the exponent is an argument
        return (f"func.func @main(%x: {t}, %y: {t}) -> {t} {{\n"
                f"  %p = stablehlo.power %x, %y : {t}\n"
                f"  return %p : {t}\n}}\n")
    return (f"func.func @main(%x: {t}) -> {t} {{\n"
            f"  %c = stablehlo.constant dense<{exponent!r}> : "
            f"tensor<{type_name}>\n"
            f"  %y = stablehlo.broadcast_in_dim %c, dims = [] : "
            f"(tensor<{type_name}>) -> {t}\n"
            f"  %p = stablehlo.power %x, %y : {t}\n"
            f"  return %p : {t}\n}}\n")


@pytest.mark.parametrize("dtype,type_name", [(np.float32, "f32"),
                                             (np.float16, "f16")])
@pytest.mark.parametrize("exponent", EXPONENTS + [None])
def test_power(axle_run, tmp_path, dtype, type_name, exponent):
    x = inputs(dtype)
    args = [f"--input=@{tmp_path / 'x.npy'}"]
    np.save(tmp_path / "x.npy", x)
    if exponent is None:
        y = np.resize(np.array(EXPONENTS, dtype), x.size)
        np.save(tmp_path / "y.npy", y)
        args.append(f"--input=@{tmp_path / 'y.npy'}")
    else:
        y = np.full(x.size, exponent, dtype)
    source = tmp_path / "p.mlir"
    source.write_text(program(type_name, x.size, exponent))
    result = subprocess.run(
        [str(axle_run), str(source), *args, "--verify", "--verify-ulps=0",
         f"--output=@{tmp_path / 'out.npy'}"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-4000:]
    assert "results agree" in result.stderr
    got = np.load(tmp_path / "out.npy")
    with np.errstate(all="ignore"):
        want = np.power(x.astype(np.float64),
                        y.astype(np.float64)).astype(dtype)
    if exponent is not None and exponent not in (1.7, 0.5):
        # The product forms: exactly the rounded f64 power, NaN, infinities
        # and signed zeros included.
        same = (got.view(np.uint16 if dtype == np.float16 else np.uint32) ==
                want.view(np.uint16 if dtype == np.float16 else np.uint32))
        same |= np.isnan(got) & np.isnan(want)
        assert same.all(), (x[~same][:5], got[~same][:5], want[~same][:5])
    else:
        # The C library's pow: the rounded f64 value up to rare ties.
        assert np.array_equal(np.isnan(got), np.isnan(want))
        close = (got == want) | np.isnan(want)
        assert close.mean() > 0.999, x[~close][:5]

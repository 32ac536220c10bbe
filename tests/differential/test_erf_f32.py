"""f32 erf and erf_inv (chlo) compiled: same bits as the interpreter, and
within their bounds of the exact value.

f32 erf is one polynomial in a piece of |x|, f32 erf_inv x times one
polynomial in w = -log(1 - x^2) or in sqrt(w) (compiler/dialect/chlo/
ChloErf.cpp, coefficients fitted by gen_coefficients.py); both backends run
those decompositions. Sweeps of every f32 input measured 0.87 ULP at worst
for erf (check_erf_f32.py) and 2.38 for erf_inv (check_f32_sweep.py). This
test runs the compiled code on 2^20 inputs per function (a dense sweep,
values near zero down to the subnormals, +-0, +-inf, NaN, and the
neighbours of the points where the evaluation changes: piece bounds, where
erf rounds to 1, erf_inv's switch to sqrt(w) and its poles at +-1) against
float64 references (math.erf; scipy's erfinv), and checks that the
interpreter computes the same bits on 2^18 of them (the interpreter holds
every intermediate of the decomposition).
"""
import math
import subprocess

import numpy as np
import pytest

scipy_special = pytest.importorskip("scipy.special")

COUNT = 1 << 20
VERIFIED = 1 << 18


def erf_reference(x64):
    return np.array([math.erf(v) if not math.isnan(v) else math.nan
                     for v in x64])


# For each op: the float64 reference, its bound in ULP, where its
# evaluation changes (erf: piece bounds of |x| and 3.92, from where it
# rounds to 1; erf_inv: where w = 6.25 (x = 0.99806), 1/2, and +-1), the
# sweep's range, and inputs that must give exactly this result.
OPS = {
    "erf": (erf_reference, 0.9,
            [0.75, 1.375, 2.375, 3.92, 3.9155, 2.0**-12, 1.0, 0.5], 5.0,
            [(np.inf, 1.0), (-np.inf, -1.0), (10.0, 1.0), (3.92, 1.0),
             (-4.0, -1.0)]),
    "erf_inv": (scipy_special.erfinv, 2.5,
                [0.99806, 0.5, 1.0, 2.0**-12, 0.9], 1.0,
                [(1.0, np.inf), (-1.0, -np.inf), (1.5, np.nan),
                 (-np.inf, np.nan), (np.inf, np.nan)]),
}


def neighbours(value, count):
    """`count` consecutive f32 values on each side of +-`value`."""
    bits = np.int64(np.array([value], np.float32).view(np.int32)[0])
    magnitude = bits + np.arange(-count, count + 1, dtype=np.int64)
    magnitude = magnitude[(magnitude >= 0) & (magnitude < 0x7F800000)]
    positive = magnitude.astype(np.int32).view(np.float32)
    return np.concatenate([positive, -positive])


def inputs(op):
    _, _, boundaries, extent, exact = OPS[op]
    rng = np.random.default_rng(20261130)
    special = np.array([0.0, -0.0, np.nan, -np.nan, np.finfo(np.float32).max,
                        -np.finfo(np.float32).max, np.finfo(np.float32).tiny,
                        1e-45, -1e-45] + [x for x, _ in exact], np.float32)
    edges = np.concatenate([neighbours(b, 3000) for b in boundaries])
    subnormal = rng.integers(1, 0x800000, 10000).astype(np.int32)
    subnormal |= rng.choice([0, -0x80000000], 10000).astype(np.int32)
    small = (np.exp(rng.uniform(np.log(1e-38), 0.0, 100000)) *
             rng.choice([-1.0, 1.0], 100000)).astype(np.float32)
    rest = COUNT - len(special) - len(edges) - len(subnormal) - len(small)
    sweep = rng.uniform(-extent, extent, rest).astype(np.float32)
    x = np.concatenate([special, edges, subnormal.view(np.float32), small,
                        sweep])
    assert x.size == COUNT
    return x


def program(folder, op, n):
    t = f"tensor<{n}xf32>"
    path = folder / f"{op}{n}.mlir"
    path.write_text(f"func.func @main(%x: {t}) -> {t} {{\n"
                    f"  %0 = chlo.{op} %x : {t} -> {t}\n"
                    f"  return %0 : {t}\n}}\n")
    return path


@pytest.fixture(scope="module", params=sorted(OPS))
def data(request, tmp_path_factory):
    op = request.param
    folder = tmp_path_factory.mktemp(op)
    x = inputs(op)
    np.save(folder / "x.npy", x)
    # The chosen values lead, so the interpreter runs all of them.
    np.save(folder / "head.npy", x[:VERIFIED])
    return op, x, folder


def test_bit_identical_to_interpreter(axle_run, data):
    op, _, folder = data
    result = subprocess.run(
        [str(axle_run), str(program(folder, op, VERIFIED)),
         f"--input=@{folder / 'head.npy'}", "--verify", "--verify-ulps=0",
         f"--output=@{folder / 'head_out.npy'}"],
        capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-4000:]
    assert "results agree" in result.stderr


def test_within_bound(axle_run, data):
    op, x, folder = data
    reference, bound, _, _, exact = OPS[op]
    out = folder / "y.npy"
    result = subprocess.run(
        [str(axle_run), str(program(folder, op, COUNT)), "--backend=cpu",
         f"--input=@{folder / 'x.npy'}", f"--output=@{out}"],
        capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    got = np.load(out)
    with np.errstate(invalid="ignore"):
        want = reference(x.astype(np.float64))
    for value, expected in exact:
        chosen = x == np.float32(value)
        assert np.array_equal(got[chosen],
                              np.full(chosen.sum(), expected, np.float32),
                              equal_nan=True), (op, value)
    assert np.array_equal(np.isnan(got), np.isnan(want)), op
    finite = np.isfinite(want)
    assert np.array_equal(got[~finite], want[~finite].astype(np.float32),
                          equal_nan=True), op
    if op == "erf":
        # Exactly +-1 from 3.92 on, where erf rounds to 1.
        saturated = np.abs(x) >= np.float32(3.92)
        assert np.array_equal(got[saturated], np.sign(x[saturated]))
    zero = finite & (want == 0)
    assert np.array_equal(np.signbit(got[zero]), np.signbit(x[zero])), op
    # ULP of the exact value: its binade's spacing, subnormal below 2^-126.
    _, exponent = np.frexp(np.abs(want[finite]))
    ulp = np.maximum(np.ldexp(1.0, exponent - 24), 2.0**-149)
    errors = np.abs(got[finite].astype(np.float64) - want[finite]) / ulp
    worst = int(np.argmax(errors))
    print(f"{op} f32: worst {errors[worst]:.4f} ULP, "
          f"{int((got[finite] != want[finite].astype(np.float32)).sum())} of "
          f"{finite.sum()} differ from the float64 value rounded")
    assert errors[worst] <= bound, (
        f"{op}: {errors[worst]:.4f} ULP at x = {x[finite][worst]!r} "
        f"(got {got[finite][worst]!r}, want {want[finite][worst]!r})")

"""Shared helpers of the chlo numeric tests.

Each test writes a small stablehlo/chlo program, decomposes it with
`axle-opt --axle-legalize-chlo --mlir-print-op-generic`, checks that no chlo
op is left, compiles the pure-stablehlo result with XLA through jaxlib and
runs it on the CPU, then compares with reference values computed
independently (mpmath at 50 digits, numpy, or explicit expectations). The
chlo ops the legalization keeps (f32 and bf16 erf and erfc, which axle's
backends compute with their own recipes) are run by `axle-run` on axle's CPU
backend instead.

Where the tools are: the build folder is $AXLE_BUILD_DIR, else the
`--axle-build-dir` pytest option (registered when this folder is given on the
command line), else build/ at the top of the repository. The tests skip with
a message when axle-opt or jax is missing.

Two properties of XLA's CPU backend shape the comparisons:
* subnormal inputs are read as zero (denormals-are-zero), so for a subnormal
  input the value of the function at 0 is accepted as well;
* subnormal results may be flushed to zero, so a result whose reference is
  below the smallest normal number only has to be within that number.
"""
import math
import os
import pathlib
import re
import subprocess
import tempfile

import numpy as np
import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]

jax = pytest.importorskip("jax", reason="jax/jaxlib is needed to run XLA")
mp = pytest.importorskip("mpmath", reason="mpmath computes the references")
ml_dtypes = pytest.importorskip("ml_dtypes")

mp.mp.dps = 50
# Arrays keep their precision on the way to XLA (jax would narrow f64).
jax.config.update("jax_enable_x64", True)

BF16 = np.dtype(ml_dtypes.bfloat16)
FLOAT_TYPES = [np.dtype(np.float16), BF16, np.dtype(np.float32),
               np.dtype(np.float64)]
COMPLEX_TYPES = [np.dtype(np.complex64), np.dtype(np.complex128)]

_MLIR_TYPES = {
    np.dtype(np.float16): "f16", BF16: "bf16",
    np.dtype(np.float32): "f32", np.dtype(np.float64): "f64",
    np.dtype(np.complex64): "complex<f32>",
    np.dtype(np.complex128): "complex<f64>",
    np.dtype(np.bool_): "i1",
    np.dtype(np.int8): "i8", np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32", np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "ui8", np.dtype(np.uint16): "ui16",
    np.dtype(np.uint32): "ui32", np.dtype(np.uint64): "ui64",
}

# Significand bits (with the implicit one) and smallest normal exponent.
_FORMATS = {
    np.dtype(np.float16): (11, -14), BF16: (8, -126),
    np.dtype(np.float32): (24, -126), np.dtype(np.float64): (53, -1022),
}


def pytest_addoption(parser):
    parser.addoption("--axle-build-dir", default=None,
                     help="axle build folder (default: $AXLE_BUILD_DIR or build/)")


def mlir_type(dtype):
    return _MLIR_TYPES[np.dtype(dtype)]


def tensor_type(shape, dtype):
    dims = "".join(f"{d}x" for d in shape)
    return f"tensor<{dims}{mlir_type(dtype)}>"


def real_dtype(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        return np.dtype(np.float32 if dtype == np.complex64 else np.float64)
    return dtype


def eps(dtype):
    bits, _ = _FORMATS[real_dtype(dtype)]
    return 2.0 ** (1 - bits)


def tiny(dtype):
    _, emin = _FORMATS[real_dtype(dtype)]
    return 2.0 ** emin


def ulp(value, dtype):
    """The spacing of `dtype` numbers at |value| (a float or mpf)."""
    bits, emin = _FORMATS[np.dtype(dtype)]
    magnitude = abs(value)
    exponent = emin if magnitude == 0 else max(int(mp.floor(mp.log(magnitude, 2))), emin)
    return mp.mpf(2) ** (exponent - bits + 1)


def overflow_threshold(dtype):
    """Magnitudes from here on round to infinity: max + ulp(max) / 2."""
    bits, emin = _FORMATS[np.dtype(dtype)]
    emax = {11: 15, 8: 127, 24: 127, 53: 1023}[bits]
    return (2 - mp.mpf(2) ** (1 - bits)) * mp.mpf(2) ** emax + \
        mp.mpf(2) ** (emax - bits)


def is_subnormal(x, dtype):
    return x != 0 and math.isfinite(float(x)) and abs(float(x)) < tiny(dtype)


class Program:
    """A compiled XLA executable of a decomposed program."""

    def __init__(self, harness, executable, source):
        self._harness = harness
        self._executable = executable
        self.source = source

    def __call__(self, *arrays):
        device = self._harness.device
        buffers = [jax.device_put(np.asarray(a), device) for a in arrays]
        return [np.asarray(out) for out in self._executable.execute(buffers)]


# The chlo ops --axle-legalize-chlo keeps (for f32 and bf16), as the generic
# form prints them.
KEPT_OPS = ('"chlo.erf"', '"chlo.erfc"')


class AxleProgram:
    """A program with chlo ops the legalization keeps, run by axle-run (cpu
    backend) through .npy files."""

    def __init__(self, harness, source):
        self._harness = harness
        self.source = source
        # The results of @main: one tensor type each after its "->".
        signature = re.search(r"func\.func (?:public )?@main\(.*?\) -> (.*)",
                              source).group(1)
        self._results = signature.count("tensor<")

    def __call__(self, *arrays):
        with tempfile.TemporaryDirectory() as folder:
            folder = pathlib.Path(folder)
            program = folder / "program.mlir"
            program.write_text(self.source)
            command = [str(self._harness.axle_run), str(program),
                       "--backend=cpu"]
            for index, array in enumerate(arrays):
                array = np.asarray(array)
                path = folder / f"input{index}.npy"
                # bf16 as the raw 2-byte values ml_dtypes arrays save as.
                np.save(path, array.view("V2") if array.dtype == BF16
                        else array)
                command.append(f"--input=@{path}")
            outputs = [folder / f"result{i}.npy" for i in range(self._results)]
            command += [f"--output=@{path}" for path in outputs]
            run = subprocess.run(command, capture_output=True, text=True,
                                 timeout=300)
            assert run.returncode == 0, f"axle-run failed:\n{run.stderr[-3000:]}"
            results = [np.load(path) for path in outputs]
        return [r.view(BF16) if r.dtype == np.dtype("V2") else r
                for r in results]


class Harness:
    def __init__(self, axle_opt):
        from jax.extend import backend
        from jaxlib import xla_client

        self.axle_opt = axle_opt
        self.axle_run = axle_opt.parent.parent / "axle-run" / "axle-run"
        self._xla_client = xla_client
        self._backend = backend.get_backend("cpu")
        self.device = self._backend.local_devices()[0]
        self._cache = {}

    def decompose(self, text):
        """Runs the decomposition; returns the generic-form stablehlo text."""
        result = subprocess.run(
            [str(self.axle_opt), "--axle-legalize-chlo",
             "--mlir-print-op-generic", "-"],
            input=text, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, (
            f"axle-opt failed:\n{result.stderr[-4000:]}\n--- input ---\n{text}")
        leftover = [op for op in re.findall(r'"chlo\.[a-z_0-9]+"',
                                            result.stdout)
                    if op not in KEPT_OPS]
        assert not leftover, f"chlo ops left after decomposition: {leftover}"
        return result.stdout

    def compile(self, text):
        """Decomposes and compiles a module whose entry is @main (with XLA;
        with axle where the legalization keeps a chlo op)."""
        if text not in self._cache:
            generic = self.decompose(text)
            if any(op in generic for op in KEPT_OPS):
                self._cache[text] = AxleProgram(self, text)
                return self._cache[text]
            executable = self._backend.compile_and_load(
                generic, self._xla_client.DeviceList((self.device,)),
                self._xla_client.CompileOptions())
            self._cache[text] = Program(self, executable, generic)
        return self._cache[text]

    def function(self, arg_types, result_types, body):
        """A module with `func.func @main(%arg0: A0, ...) -> (R...)`; `body`
        ends with the return."""
        args = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(arg_types))
        results = ", ".join(result_types)
        return (f"func.func @main({args}) -> ({results}) {{\n{body}\n}}\n")

    def unary(self, op, dtype, n, result_dtype=None):
        """Compiles `chlo.<op>` on a 1-D tensor of n elements."""
        t = tensor_type((n,), dtype)
        r = tensor_type((n,), result_dtype or dtype)
        body = (f"  %0 = chlo.{op} %arg0 : {t} -> {r}\n"
                f"  return %0 : {r}")
        return self.compile(self.function([t], [r], body))

    def binary(self, op, dtype, n):
        """Compiles `chlo.<op>` (same-shape binary form) on 1-D tensors."""
        t = tensor_type((n,), dtype)
        body = (f"  %0 = chlo.{op} %arg0, %arg1 : {t}, {t} -> {t}\n"
                f"  return %0 : {t}")
        return self.compile(self.function([t, t], [t], body))


@pytest.fixture(scope="session")
def harness(request):
    option = request.config.getoption("--axle-build-dir", default=None)
    build = pathlib.Path(os.environ.get("AXLE_BUILD_DIR") or option
                         or REPO_ROOT / "build")
    tool = build / "tools" / "axle-opt" / "axle-opt"
    if not tool.exists():
        pytest.skip(f"axle-opt not built: {tool} is missing "
                    "(run scripts/build.sh, or set AXLE_BUILD_DIR)")
    return Harness(tool)


# ---------------------------------------------------------------------------
# Comparing with references


def to_mp(x):
    """The exact value of a float (or complex) as an mpmath number."""
    if isinstance(x, (complex, np.complexfloating)):
        return mp.mpc(float(np.real(x)), float(np.imag(x)))
    return mp.mpf(float(x))


def reference(function, xs):
    """function applied in mpmath to every element of the inputs (a list of
    arrays of equal length); NaN where mpmath reports a pole."""
    def one(i):
        try:
            return function(*[to_mp(a[i]) for a in xs])
        except (ValueError, ZeroDivisionError):
            return mp.nan
    return [one(i) for i in range(len(xs[0]))]


def _same_special(got, ref):
    """NaN/inf agreement of a float result with an mpmath reference."""
    if mp.isnan(ref):
        return math.isnan(got)
    if mp.isinf(ref):
        return math.isinf(got) and (got > 0) == (ref > 0)
    return None


def float_errors(got, refs, dtype, atol=0.0):
    """Per element error of real results in units of ulp(ref) after an
    absolute allowance `atol` (a number or one per element, for values near
    a root). Returns a list of (error, index); inf for a NaN/inf mismatch."""
    errors = []
    atols = np.broadcast_to(np.asarray(atol, dtype=np.float64), (len(refs),))
    for i, (g, r) in enumerate(zip(got, refs)):
        atol = mp.mpf(float(atols[i]))
        g = float(g)
        special = _same_special(g, r) if (mp.isnan(r) or mp.isinf(r)) else None
        if special is not None:
            errors.append((0.0 if special else math.inf, i))
            continue
        if abs(r) >= overflow_threshold(dtype):
            # Rounds to infinity in this format.
            errors.append((0.0 if g == math.copysign(math.inf, r) else math.inf, i))
            continue
        if not math.isfinite(g):
            errors.append((math.inf, i))
            continue
        diff = abs(mp.mpf(g) - r)
        if abs(r) < tiny(dtype):
            # Subnormal results may be flushed to zero.
            diff = max(mp.mpf(0), diff - tiny(dtype))
        diff = max(mp.mpf(0), diff - atol)
        errors.append((float(diff / ulp(r, dtype)), i))
    return errors


def complex_errors(got, refs, dtype):
    """Normwise relative error |got - ref| / |ref| in units of eps."""
    errors = []
    e = eps(dtype)
    for i, (g, r) in enumerate(zip(got, refs)):
        g = complex(g)
        if not (math.isfinite(g.real) and math.isfinite(g.imag)):
            errors.append((math.inf, i))
            continue
        diff = abs(mp.mpc(g.real, g.imag) - r)
        scale = max(abs(r), tiny(dtype))
        errors.append((float(diff / scale / e), i))
    return errors


def assert_within(errors, limit, xs, got, refs, what):
    """Fails with the worst inputs when an error exceeds `limit`."""
    bad = sorted((e for e in errors if not e[0] <= limit), reverse=True)
    if bad:
        lines = []
        for err, i in bad[:8]:
            inputs = ", ".join(repr(a[i]) for a in xs)
            lines.append(f"  in=({inputs}) got={got[i]!r} "
                         f"ref={mp.nstr(refs[i], 20)} err={err:.3g}")
        pytest.fail(f"{what}: {len(bad)} of {len(errors)} values beyond "
                    f"{limit}:\n" + "\n".join(lines))
    return max((e[0] for e in errors), default=0.0)


def flush_inputs(xs, dtype):
    """Copies of the inputs with subnormals replaced by zero (XLA's view)."""
    out = []
    for a in xs:
        a = np.array(a, copy=True)
        if np.dtype(a.dtype).kind == "f" or a.dtype == BF16:
            for i in range(a.size):
                if is_subnormal(a.flat[i], dtype):
                    a.flat[i] = 0
        out.append(a)
    return out


def check_real(harness_program, function, xs, dtype, max_ulps, atol=0.0,
               what="", allow_flushed=True):
    """Runs the program on inputs `xs` (arrays of `dtype`), computes the
    mpmath reference and checks the ulp error. Subnormal inputs may be read
    as zero. Returns the largest error seen."""
    xs = [np.asarray(a, dtype=dtype) for a in xs]
    got = harness_program(*xs)[0]
    refs = reference(function, xs)
    errors = float_errors(got, refs, dtype, atol)
    if allow_flushed and any(is_subnormal(v, dtype) for a in xs for v in a):
        flushed = reference(function, flush_inputs(xs, dtype))
        alt = float_errors(got, flushed, dtype, atol)
        errors = [min(a, b) for a, b in zip(errors, alt)]
    return assert_within(errors, max_ulps, xs, got, refs, what)


def sample(rng, lo, hi, n, dtype, log=False):
    """n values of `dtype` spread over [lo, hi] (log-spaced when `log`);
    values past the format's range become inf (callers drop them)."""
    if log:
        values = np.exp(rng.uniform(np.log(lo), np.log(hi), n))
    else:
        values = rng.uniform(lo, hi, n)
    with np.errstate(over="ignore"):
        return values.astype(np.float64).astype(dtype)


def subnormals(dtype):
    """Subnormal values of a float type, both signs (XLA's CPU backend reads
    them as zero; check_real accepts either reading)."""
    bits = {2: np.uint16, 4: np.uint32, 8: np.uint64}[np.dtype(dtype).itemsize]
    patterns = np.array([1, 3, 2 ** (_FORMATS[np.dtype(dtype)][0] - 2)], bits)
    positive = patterns.view(dtype)
    return np.concatenate([positive, -positive])


def exact_bits_equal(a, b):
    """Equality including NaN and the sign of zero."""
    a = np.ascontiguousarray(a)
    b = np.ascontiguousarray(b, dtype=a.dtype)
    return a.shape == b.shape and a.tobytes() == b.tobytes()

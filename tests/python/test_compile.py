"""axle.compile and axle.load: programs from text, paths and bytes, the
signature, argument checks, save/load round trips, compiler errors with
their locations, and the memory report.

The package comes from scripts/setup.sh (pip install into .venv).
"""
import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

import axle

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "examples" / "mlp.mlir"

TWO_FUNCTIONS = """
func.func public @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.multiply %x, %y : tensor<2x3xf32>
  %1 = stablehlo.add %0, %x : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
func.func public @split(%a: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi1>) {
  %0 = stablehlo.negate %a : tensor<4xi32>
  %c = stablehlo.constant dense<0> : tensor<4xi32>
  %1 = stablehlo.compare GT, %a, %c : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi32>, tensor<4xi1>
}
"""


@pytest.fixture(scope="module")
def exe():
    return axle.compile(TWO_FUNCTIONS)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((2, 3)).astype(np.float32),
            rng.standard_normal((2, 3)).astype(np.float32))


def test_text_runs_main(exe):
    x, y = inputs()
    out = exe(x, y)
    assert type(out) is np.ndarray and out.dtype == np.float32
    np.testing.assert_array_equal(out, x * y + x)


def test_other_function_and_bool_output(exe):
    a = np.array([3, -1, 0, 7], np.int32)
    neg, positive = exe.function("split")(a)
    np.testing.assert_array_equal(neg, -a)
    assert positive.dtype == np.bool_
    np.testing.assert_array_equal(positive, a > 0)
    with pytest.raises(KeyError, match="no function named 'nope'"):
        exe.function("nope")


def test_signature(exe):
    sig = exe.signature
    assert set(sig) == {"main", "split"}
    assert sig["main"].inputs[0].shape == (2, 3)
    assert sig["main"].inputs[0].dtype == np.float32
    assert sig["main"].inputs[0].element_type == "f32"
    assert [o.dtype for o in sig["split"].outputs] == [np.int32, np.bool_]
    assert repr(sig["split"]) == \
        "@split(tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi1>)"


def test_path_str_pathlike_and_bytes(tmp_path):
    x = np.full((8, 64), 0.5, np.float32)
    from_text = axle.compile(EXAMPLE.read_text())(x)
    for program in (str(EXAMPLE), EXAMPLE, EXAMPLE.read_bytes()):
        np.testing.assert_array_equal(axle.compile(program)(x), from_text)
    # A file without the .mlir suffix is read when it exists.
    other = tmp_path / "model.txt"
    other.write_text(TWO_FUNCTIONS)
    assert set(axle.compile(str(other)).signature) == {"main", "split"}
    with pytest.raises(FileNotFoundError):
        axle.compile(str(tmp_path / "missing.mlir"))


def test_jax_lowered_program():
    jax = pytest.importorskip("jax")
    lowered = jax.jit(lambda a: a * 3).lower(np.ones(4, np.float32))
    np.testing.assert_array_equal(axle.compile(lowered)(np.ones(4, np.float32)),
                                  np.full(4, 3, np.float32))


def test_save_load_round_trip(exe, tmp_path):
    path = tmp_path / "two.axle"
    exe.save(path)
    loaded = axle.load(path)
    assert loaded.signature == exe.signature
    x, y = inputs()
    np.testing.assert_array_equal(loaded(x, y), exe(x, y))
    from_bytes = axle.load(path.read_bytes())
    np.testing.assert_array_equal(from_bytes(x, y), exe(x, y))
    assert from_bytes.target == exe.target


def test_load_rejects_truncated_and_corrupted(exe, tmp_path):
    data = exe.to_bytes()
    with pytest.raises(axle.LoadError):
        axle.load(data[: len(data) // 2])
    flipped = bytearray(data)
    flipped[len(flipped) // 3] ^= 0xFF
    with pytest.raises(axle.LoadError):
        axle.load(bytes(flipped))
    with pytest.raises(axle.LoadError, match="cannot open"):
        axle.load(tmp_path / "missing.axle")
    with pytest.raises(axle.LoadError):
        axle.load(b"")


def test_malformed_ir_reports_location():
    text = TWO_FUNCTIONS.replace("stablehlo.negate %a", "stablehlo.negate %b")
    with pytest.raises(axle.CompileError) as info:
        axle.compile(text)
    message = str(info.value)
    assert re.search(r"<program>:\d+:\d+: error: ", message), message
    assert "%b" in message
    assert info.value.diagnostics == message


def test_verifier_error_names_file(tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text(
        "func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {\n"
        "  %0 = stablehlo.add %x, %x : tensor<2xf32>\n"
        "  return %0 : tensor<2xf32>\n"
        "}\n")
    with pytest.raises(axle.CompileError, match=re.escape(str(path)) + r":3:3: error"):
        axle.compile(path)


def test_garbage_bytes_do_not_crash():
    for junk in (b"\x00\xff\x13" * 50, b"ML\xefR\x00garbage", b"", b"{{{{"):
        with pytest.raises(axle.CompileError):
            axle.compile(junk)


def test_uncompilable_program_is_compile_error():
    dynamic = ("func.func public @main(%x: tensor<?xf32>) -> tensor<?xf32> {\n"
               "  return %x : tensor<?xf32>\n}\n")
    with pytest.raises(axle.CompileError, match="statically shaped"):
        axle.compile(dynamic)


def test_wrong_arguments_raise(exe):
    x, y = inputs()
    with pytest.raises(TypeError, match="takes 2 arguments, got 1"):
        exe(x)
    with pytest.raises(ValueError, match=r"argument 1 of @main: .*got shape \(3, 2\)"):
        exe(x, y.T.copy())
    with pytest.raises(TypeError, match="argument 0 of @main: .*got dtype float64"):
        exe(x.astype(np.float64), y)
    with pytest.raises(TypeError, match="argument 0 of @split"):
        exe.function("split")(np.zeros(4, np.float32))
    with pytest.raises(TypeError):
        exe(object(), y)
    # Python floats and ints become float32 (shapes never broadcast); a bool
    # array never becomes a float one.
    np.testing.assert_array_equal(exe(x, [[2.0] * 3] * 2), x * 2 + x)
    np.testing.assert_array_equal(exe(x, [[1, 2, 3]] * 2), x * np.float32([1, 2, 3]) + x)
    with pytest.raises(ValueError, match="got shape \\(\\)"):
        exe(x, 2.0)
    with pytest.raises(TypeError):
        exe(x, np.ones((2, 3), bool))


def test_layouts_are_converted(exe):
    x, y = inputs()
    big = np.ascontiguousarray(y.T).T  # Fortran order
    assert not big.flags.c_contiguous
    np.testing.assert_array_equal(exe(x, big), x * y + x)
    swapped = y.astype(">f4")
    np.testing.assert_array_equal(exe(x, swapped), x * y + x)
    np.testing.assert_array_equal(exe(x.tolist(), y), x * y + x)


def test_outputs_are_fresh_arrays(exe):
    x, y = inputs()
    a, b = exe(x, y), exe(x, y)
    assert a is not b and not np.shares_memory(a, b)
    assert a.flags.c_contiguous and a.flags.writeable and a.flags.owndata


def test_memory_report(exe):
    report = axle.compile(EXAMPLE).memory_report()
    main = report["main"]
    assert main["input_output_bytes"] == (8 * 64 + 8 * 10) * 4
    assert main["peak_bytes"] >= 0 and main["naive_total_bytes"] >= 0
    text = axle.compile(EXAMPLE).memory_report(format="text")
    assert text.startswith("memory report for @main")
    assert "planned peak" in text
    with pytest.raises(ValueError, match="source program"):
        axle.load(exe.to_bytes()).memory_report()


def test_fusion_report():
    text = axle.compile(EXAMPLE).fusion_report()
    assert "fusion report for @main" in text


def test_options():
    x, y = inputs()
    for kwargs in (dict(opt_level=0), dict(fusion=False), dict(fast_math=True),
                   dict(simplify=False), dict(target="x86-64")):
        if kwargs.get("target") and not sys.platform.startswith("linux"):
            continue
        out = axle.compile(TWO_FUNCTIONS, **kwargs)(x, y)
        np.testing.assert_allclose(out, x * y + x, rtol=1e-6)
    with pytest.raises(ValueError):
        axle.compile(TWO_FUNCTIONS, opt_level=7)
    with pytest.raises(axle.CompileError, match="not-a-cpu"):
        axle.compile(TWO_FUNCTIONS, target="not-a-cpu")


ROW_SUMS = """func.func public @main(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<64x4096xf32>, tensor<f32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
"""


def test_reassociate_reductions():
    # Row sums in another order: within the bound of any summation order
    # ((n - 1) u sum|x|, plus the final rounding), and not all the in-order
    # bits.
    x = np.random.default_rng(3).standard_normal((64, 4096)).astype(np.float32)
    got = axle.compile(ROW_SUMS, reassociate_reductions=True)(x)
    in_order = axle.compile(ROW_SUMS)(x)
    exact = x.astype(np.float64).sum(axis=1)
    magnitude = np.abs(x.astype(np.float64)).sum(axis=1)
    bound = 4096 * 2.0 ** -24 * magnitude
    assert np.all(np.abs(got - exact) <= bound)
    assert np.any(got != in_order)
    # axle.jit passes the keyword on.
    jitted = axle.jit(lambda v: v.sum(axis=1), reassociate_reductions=True)
    np.testing.assert_array_equal(jitted(x), got)


def test_runs_released_gil_from_threads(exe):
    from concurrent.futures import ThreadPoolExecutor

    x, y = inputs()
    with ThreadPoolExecutor(4) as pool:
        outs = list(pool.map(lambda _: exe(x, y), range(64)))
    for out in outs:
        np.testing.assert_array_equal(out, x * y + x)


def test_bad_input_in_subprocess_never_kills_interpreter():
    # Everything above raises; this makes sure a fresh interpreter survives
    # a burst of hostile calls and exits normally.
    code = (
        "import axle, numpy as np\n"
        "for p in ['', 'module {', b'\\x00'*9, 'func.func @f() -> () {}']:\n"
        "    try: axle.compile(p)\n"
        "    except axle.CompileError: pass\n"
        "try: axle.load(b'AXLEART\\n' + b'\\x01' * 40)\n"
        "except axle.LoadError: pass\n"
        "print('alive')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "alive"


def test_mlir_bytecode(axle_opt, tmp_path):
    bytecode = tmp_path / "mlp.mlirbc"
    subprocess.run([str(axle_opt), str(EXAMPLE), "--emit-bytecode", "-o",
                    str(bytecode)], check=True, timeout=120)
    x = np.full((8, 64), 0.5, np.float32)
    want = axle.compile(EXAMPLE)(x)
    np.testing.assert_array_equal(axle.compile(bytecode)(x), want)
    np.testing.assert_array_equal(axle.compile(bytecode.read_bytes())(x), want)


LARGE_OUTPUT = """
func.func public @main(%x: tensor<1024x2048xf32>) -> tensor<1024x2048xf32> {
  %0 = stablehlo.add %x, %x : tensor<1024x2048xf32>
  return %0 : tensor<1024x2048xf32>
}
"""


def resident_mib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def test_large_outputs_are_aligned_writable_and_freed():
    # 8 MiB outputs come from a mapping of their own (on huge pages where
    # the kernel offers them); they must behave as any array and be given
    # back when the last reference goes.
    exe = axle.compile(LARGE_OUTPUT)
    x = np.random.default_rng(3).standard_normal((1024, 2048), np.float32)
    out = exe(x)
    np.testing.assert_array_equal(out, x + x)
    assert out.ctypes.data % 64 == 0 and out.flags.writeable
    out[0, 0] = 5.0
    view = out[1:, :]
    del out, exe
    np.testing.assert_array_equal(view, (x + x)[1:, :])
    del view
    exe = axle.compile(LARGE_OUTPUT)
    before = resident_mib()
    for _ in range(40):
        exe(x)
    # 40 outputs of 8 MiB kept would be 320 MiB.
    assert resident_mib() - before < 64

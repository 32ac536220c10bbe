"""Hostile input: every malformed file gets a located diagnostic and exit
status 1 from axle-opt; none crashes (no signal, no sanitizer report), and an
existing output file survives a failed run.

Run against a sanitizer build with AXLE_BUILD_DIR=build-asan.
"""
import os
import pathlib
import random
import resource
import re
import subprocess

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "examples" / "mlp.mlir"
LOCATED_ERROR = re.compile(r":\d+:\d+: error: ")
CRASH_MARKERS = ("Stack dump", "Sanitizer", "runtime error:", "PLEASE submit")


def run_opt(axle_opt, text, tmp_path, extra=()):
    source = tmp_path / "input.mlir"
    if isinstance(text, bytes):
        source.write_bytes(text)
    else:
        source.write_text(text)
    return subprocess.run(
        [str(axle_opt), str(source), *extra],
        capture_output=True,
        timeout=120,
    )


def assert_rejected(result):
    stderr = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 1, (
        f"expected exit status 1, got {result.returncode}\n{stderr[-2000:]}"
    )
    assert not any(m in stderr for m in CRASH_MARKERS), stderr[-4000:]
    assert LOCATED_ERROR.search(stderr), f"no located diagnostic:\n{stderr[-2000:]}"


def truncation_points():
    text = EXAMPLE.read_text()
    # The file ends with "}\n": cutting anywhere before the final brace
    # leaves an unterminated module.
    last = text.rstrip().rfind("}")
    rng = random.Random(1)
    points = sorted({1, 10, 100, 500, 1000, last - 1, last} |
                    {rng.randrange(1, last) for _ in range(40)})
    return points


@pytest.mark.parametrize("cut", truncation_points())
def test_truncated_file(axle_opt, tmp_path, cut):
    text = EXAMPLE.read_text()[:cut]
    assert_rejected(run_opt(axle_opt, text, tmp_path))


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes(axle_opt, tmp_path, seed):
    rng = random.Random(seed)
    blob = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4096)))
    assert_rejected(run_opt(axle_opt, blob, tmp_path))


@pytest.mark.parametrize("seed", range(20))
def test_shuffled_tokens(axle_opt, tmp_path, seed):
    # Real tokens of a valid program in a random order: exercises the
    # parser's error paths deeper than random bytes do.
    tokens = re.findall(r"\S+", EXAMPLE.read_text()[:6000])
    rng = random.Random(seed)
    rng.shuffle(tokens)
    assert_rejected(run_opt(axle_opt, " ".join(tokens), tmp_path))


MALFORMED = {
    "unterminated_module": "module {\n",
    "wrong_operand_type": """
func.func @f(%a: tensor<4xi32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}""",
    "mismatched_result_type": """
func.func @f(%a: tensor<4xf32>) -> tensor<4xi32> {
  %0 = stablehlo.abs %a : tensor<4xf32>
  return %0 : tensor<4xi32>
}""",
    "undefined_value": """
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %nowhere : tensor<4xf32>
  return %0 : tensor<4xf32>
}""",
    "unknown_op": """
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.frobnicate %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}""",
    "string_for_dims": """
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.reverse"(%a) {dimensions = "zero"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}""",
    "integer_for_enum": """
func.func @f(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = 3 : i32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}""",
    "wrong_attribute_field": """
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.dot_general"(%a, %a) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = 1>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}""",
    "unknown_attribute_field": """
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.dot_general"(%a, %a) {dot_dimension_numbers = #stablehlo.dot<frobs = [1]>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}""",
    "dimension_out_of_range": """
func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.reverse %a, dims = [7] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}""",
    "negative_dimension": """
func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [-1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}""",
    "huge_dimension": """
func.func @f(%a: tensor<99999999999999999999999xf32>) -> tensor<1xf32> {
  return %a : tensor<1xf32>
}""",
    "bad_hex_constant": """
func.func @f() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<"0x0000803F0000803F0000803F"> : tensor<4xf32>
  return %0 : tensor<4xf32>
}""",
    "missing_region_terminator": """
func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%x: tensor<f32>):
    %c = stablehlo.constant dense<true> : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}""",
    "reduce_wrong_arity": """
func.func @f(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    stablehlo.return %x : tensor<f32>
  }
  return %0 : tensor<f32>
}""",
    "bad_location_alias": """
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32> loc(#undefined_loc)
}""",
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_program(axle_opt, tmp_path, name):
    assert_rejected(run_opt(axle_opt, MALFORMED[name], tmp_path))


def nested_ifs(depth):
    # `depth` nested stablehlo.if ops, each returning a scalar.
    lines = ["func.func @f(%p: tensor<i1>, %v: tensor<f32>) -> tensor<f32> {"]
    for i in range(depth):
        lines.append(f'%r{i} = "stablehlo.if"(%p) ({{')
    lines.append("stablehlo.return %v : tensor<f32>")
    for i in reversed(range(depth)):
        lines.append("}, {")
        lines.append("stablehlo.return %v : tensor<f32>")
        lines.append("}) : (tensor<i1>) -> tensor<f32>")
        if i:
            lines.append(f"stablehlo.return %r{i} : tensor<f32>")
    lines.append("return %r0 : tensor<f32>")
    lines.append("}")
    return "\n".join(lines)


def test_deeply_nested_regions_valid(axle_opt, tmp_path):
    result = run_opt(axle_opt, nested_ifs(300), tmp_path)
    assert result.returncode == 0, result.stderr.decode()[-2000:]


@pytest.mark.parametrize("depth", [1000, 10000])
def test_deeply_nested_regions_broken(axle_opt, tmp_path, depth):
    # The innermost return has the wrong type: the error must be reported
    # however deep it sits, and nesting must not exhaust the stack.
    text = nested_ifs(depth).replace(
        "stablehlo.return %v : tensor<f32>\n}, {",
        "stablehlo.return %p : tensor<i1>\n}, {", 1)
    assert_rejected(run_opt(axle_opt, text, tmp_path))


def test_existing_output_survives_failure(axle_opt, tmp_path):
    out = tmp_path / "out.mlir"
    out.write_text("precious\n")
    result = run_opt(axle_opt, MALFORMED["undefined_value"], tmp_path,
                     extra=("-o", str(out)))
    assert_rejected(result)
    assert out.read_text() == "precious\n"


def test_output_written_on_success(axle_opt, tmp_path):
    out = tmp_path / "out.mlir"
    out.write_text("old\n")
    result = run_opt(axle_opt, "func.func @f() { return }", tmp_path,
                     extra=("-o", str(out)))
    assert result.returncode == 0, result.stderr.decode()
    assert "func.func @f()" in out.read_text()


# --- axle-run: bad inputs give an error and exit status 1, never a crash.

ADD_PROGRAM = """
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}"""



def run_tool(axle_run, tmp_path, program, *args):
    source = tmp_path / "program.mlir"
    source.write_text(program)
    return subprocess.run([str(axle_run), str(source), *args],
                          capture_output=True, timeout=120)


def assert_run_rejected(result):
    stderr = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 1, f"exit {result.returncode}\n{stderr[-2000:]}"
    assert not any(m in stderr for m in CRASH_MARKERS), stderr[-4000:]
    assert "error" in stderr, stderr


BAD_INPUTS = {
    "malformed_literal": "2x3xf32=1,2,x",
    "missing_type": "1,2,3",
    "unknown_type": "2x3xfloat=1",
    "ragged_nesting": "2x3xf32=[[1,2,3],[4,5]]",
    "too_many_values": "2x3xf32=1,2,3,4,5,6,7",
    "wrong_shape": "3x2xf32=1",
    "wrong_type": "2x3xi32=1",
    "huge_shape": "99999999x99999999xf32=1",
    "dynamic_shape": "?x3xf32=1",
    "unterminated_complex": "2xcomplex<f32>=(1,2",
    "integer_overflow": "2x3xi8=300",
    "missing_file": "@/nonexistent/x.npy",
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_axle_run_bad_input(axle_run, tmp_path, name):
    assert_run_rejected(
        run_tool(axle_run, tmp_path, ADD_PROGRAM, f"--input={BAD_INPUTS[name]}"))


BAD_COMPILE_FLAGS = {
    "unknown_cpu": (["--target-cpu=no-such-cpu"], "unknown CPU 'no-such-cpu'"),
    "pair_dot_without_fast_math": (["--bf16-pair-dot"], "needs --fast-math"),
    "pair_dot_without_avx512_bf16": (
        ["--fast-math", "--bf16-pair-dot", "--target-cpu=x86-64-v3"],
        "needs AVX512-BF16"),
}


@pytest.mark.parametrize("name", sorted(BAD_COMPILE_FLAGS))
def test_axle_run_bad_compile_flags(axle_run, tmp_path, name):
    """Compile options that cannot be honoured give one error that says
    why, at the program's first line, without the whole module printed
    after it."""
    flags, message = BAD_COMPILE_FLAGS[name]
    result = run_tool(axle_run, tmp_path, ADD_PROGRAM, "--input=2x3xf32=1",
                      *flags)
    assert_run_rejected(result)
    stderr = result.stderr.decode("utf-8", "replace")
    assert message in stderr, stderr[-2000:]
    assert stderr.count("error:") == 1, stderr[-2000:]
    assert "see current operation" not in stderr, stderr[-2000:]
    assert "not a recognized processor" not in stderr, stderr[-2000:]


def npy_bytes(header, payload=b""):
    header = header.ljust(118) + "\n"
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + \
        header.encode() + payload


BAD_NPY = {
    "not_npy": b"hello world",
    "truncated_header": b"\x93NUMPY\x01\x00\xff\x00{'descr'",
    "truncated_data": npy_bytes(
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", b"\0" * 8),
    "fortran_order": npy_bytes(
        "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", b"\0" * 24),
    "object_dtype": npy_bytes(
        "{'descr': '|O', 'fortran_order': False, 'shape': (2, 3), }", b"\0" * 48),
    "huge_shape": npy_bytes(
        "{'descr': '<f4', 'fortran_order': False, "
        "'shape': (4294967296, 4294967296), }"),
    "garbage_shape": npy_bytes(
        "{'descr': '<f4', 'fortran_order': False, 'shape': (a, b), }"),
}


@pytest.mark.parametrize("name", sorted(BAD_NPY))
def test_axle_run_bad_npy(axle_run, tmp_path, name):
    path = tmp_path / "x.npy"
    path.write_bytes(BAD_NPY[name])
    assert_run_rejected(
        run_tool(axle_run, tmp_path, ADD_PROGRAM, f"--input=@{path}"))


def test_axle_run_huge_intermediate(axle_run, tmp_path):
    program = """
func.func @main(%a: tensor<f32>) -> tensor<100000x100000x100xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<100000x100000x100xf32>
  return %0 : tensor<100000x100000x100xf32>
}"""
    assert_run_rejected(run_tool(axle_run, tmp_path, program, "--input=f32=1"))


def test_axle_run_failed_output_keeps_existing_file(axle_run, tmp_path):
    out = tmp_path / "out.npy"
    out.write_bytes(b"precious")
    result = run_tool(axle_run, tmp_path, ADD_PROGRAM, "--input=2x3xi32=1",
                      f"--output=@{out}")
    assert_run_rejected(result)
    assert out.read_bytes() == b"precious"


# Compiled code needs a 2 GiB arena (a broadcast, then its transpose);
# compiling it needs a few hundred MiB.
TWO_GIB_ARENA_PROGRAM = """
func.func @main(%a: tensor<16384xf32>) -> tensor<16384xf32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<16384xf32>) -> tensor<16384x16384xf32>
  %e = stablehlo.exponential %b : tensor<16384x16384xf32>
  %t = stablehlo.transpose %e, dims = [1, 0] : (tensor<16384x16384xf32>) -> tensor<16384x16384xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%t init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16384x16384xf32>, tensor<f32>) -> tensor<16384xf32>
  return %s : tensor<16384xf32>
}"""


def limited_address_space(limit_bytes):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    return apply


@pytest.mark.parametrize("limit_mib", [1536, 512])
def test_axle_run_out_of_memory(axle_run, tmp_path, limit_mib):
    """Under ulimit -v, axle-run says it is out of memory and exits 1 (at
    1.5 GiB the compiled code's 2 GiB arena fails; at 512 MiB the tool's
    own 1 GiB stack and more do), and an existing output stays."""
    if "asan" in os.environ.get("AXLE_BUILD_DIR", ""):
        pytest.skip("AddressSanitizer reserves terabytes of shadow address "
                    "space: a sanitized tool cannot start under ulimit -v")
    source = tmp_path / "program.mlir"
    source.write_text(TWO_GIB_ARENA_PROGRAM)
    out = tmp_path / "out.npy"
    out.write_bytes(b"precious")
    result = subprocess.run(
        [str(axle_run), str(source), "--input=16384xf32=0",
         f"--output=@{out}"], capture_output=True, timeout=300,
        preexec_fn=limited_address_space(limit_mib << 20))
    stderr = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 1, f"exit {result.returncode}\n{stderr[-2000:]}"
    assert "out of memory" in stderr, stderr[-2000:]
    assert not any(m in stderr for m in CRASH_MARKERS), stderr[-4000:]
    assert out.read_bytes() == b"precious"

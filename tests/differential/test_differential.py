"""Differential tests: compiled code against the reference interpreter.

Every op family runs on random inputs that include the awkward values
(NaN, +-inf, -0, subnormals, the largest and smallest integers) through
`axle-run --verify`, which runs the program both compiled and interpreted
and compares every element. Integers, booleans and exactly rounded float
ops (arithmetic, sqrt, conversions, data movement, reductions in the
interpreter's order) must agree bit for bit (0 ULP); the transcendental
functions must agree within the bound in ULP_BOUNDS, which
docs/architecture.md documents.
"""
import subprocess
import zlib

import numpy as np
import pytest

SIZE = 64  # elements per input: every special value plus random ones

FLOATS = ["f16", "bf16", "f32", "f64"]
SIGNED = ["i8", "i16", "i32", "i64"]
UNSIGNED = ["ui8", "ui16", "ui32", "ui64"]
INTS = SIGNED + UNSIGNED

NUMPY = {
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
    "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "i1": np.bool_, "complex<f32>": np.complex64, "complex<f64>": np.complex128,
}

# Largest compiled-vs-interpreter difference accepted for float results, in
# units in the last place of the result type. 0 = must be bit-identical.
ULP_BOUNDS = {
    # Compiled f32 functions call the f64 C library function and round
    # once, as the interpreter does; f16 and bf16 go through f32, which can
    # round twice (1 ULP). logistic and rsqrt are formulas of several
    # rounded steps.
    "exponential": 1, "exponential_minus_one": 1, "log": 1,
    "log_plus_one": 1, "tanh": 1, "logistic": 4, "sine": 1, "cosine": 1,
    "tan": 1, "atan2": 1, "power": 1, "cbrt": 1, "rsqrt": 1,
}


def seed(*key):
    """A fixed seed per case (Python's own hash() differs per process)."""
    return zlib.crc32(repr(key).encode())


def special_floats(dtype):
    info = np.finfo(np.float32 if dtype == "bf16" else NUMPY[dtype])
    return [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 0.5, -2.5,
            float(info.tiny), -float(info.tiny), float(info.tiny) / 8,
            float(info.max), -float(info.max), 3.0, 100.0, 1e-3]


def random_values(dtype, rng, positive=False, small=False):
    if dtype == "i1":
        return rng.integers(0, 2, SIZE).astype(bool)
    if dtype in INTS:
        info = np.iinfo(NUMPY[dtype])
        if small:
            values = rng.integers(max(info.min, -40), 41, SIZE)
        else:
            special = [0, 1, info.max, info.min, info.max - 1,
                       info.min + 1 if info.min else 2, 7]
            values = np.concatenate([np.array(special, NUMPY[dtype]), rng.integers(
                info.min, info.max, SIZE - len(special), endpoint=True,
                dtype=NUMPY[dtype])])
        return values.astype(NUMPY[dtype])
    if dtype.startswith("complex"):
        part = "f32" if dtype == "complex<f32>" else "f64"
        return (random_values(part, rng, positive, small) +
                1j * random_values(part, rng, positive, small)).astype(NUMPY[dtype])
    special = special_floats(dtype)
    values = np.concatenate([special, rng.standard_normal(SIZE - len(special)) *
                             np.exp(rng.uniform(-6, 6, SIZE - len(special)))])
    if small:
        values = np.concatenate([special[:10], rng.uniform(-4, 4, SIZE - 10)])
    if positive:
        values = np.abs(values)
    rng.shuffle(values)
    return values


def literal(dtype, values, shape):
    """An axle-run literal; bf16 has no numpy type, so all floats are
    spelled in decimal (repr round-trips exactly)."""
    def spell(v):
        if dtype == "i1":
            return "true" if v else "false"
        if dtype.startswith("complex"):
            return f"({spell_real(v.real)},{spell_real(v.imag)})"
        if dtype in INTS:
            return str(int(v))
        return spell_real(v)

    def spell_real(v):
        v = float(v)
        if np.isnan(v):
            return "nan"
        if np.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)

    dims = "x".join(str(d) for d in shape)
    head = f"{dims}x{dtype}" if dims else dtype
    return f"--input={head}=" + ",".join(spell(v) for v in np.ravel(values))


def round_to(dtype, values):
    """Values exactly representable in dtype (bf16 rounded from f32)."""
    if dtype == "bf16":
        bits = np.asarray(values, np.float32).view(np.uint32)
        rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
        out = rounded.astype(np.uint32).view(np.float32)
        return np.where(np.isnan(values), np.nan, out)
    if dtype in NUMPY:
        with np.errstate(over="ignore", invalid="ignore"):
            return np.asarray(values).astype(NUMPY[dtype])
    return values



def verify(axle_run, tmp_path, program, inputs, ulps=0):
    path = tmp_path / "program.mlir"
    path.write_text(program)
    command = [str(axle_run), str(path), "--verify", f"--verify-ulps={ulps}"]
    command += [literal(dtype, values, shape) for dtype, values, shape in inputs]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (
        f"{program}\n{result.stderr[-3000:]}")
    assert "results agree" in result.stderr


def tensor(dtype, shape):
    dims = "x".join(str(d) for d in shape)
    return f"tensor<{dims}x{dtype}>" if dims else f"tensor<{dtype}>"


# ---------------------------------------------------------------------------
# Elementwise ops, every element type they accept.

UNARY = {
    "abs": FLOATS + SIGNED, "negate": FLOATS + INTS,
    "sqrt": FLOATS, "rsqrt": ["f32", "f64"], "cbrt": ["f32", "f64"],
    "exponential": FLOATS, "exponential_minus_one": ["f32", "f64"],
    "log": FLOATS, "log_plus_one": ["f32", "f64"], "tanh": FLOATS,
    "logistic": ["f32", "f64"], "sine": ["f32", "f64"],
    "cosine": ["f32", "f64"], "tan": ["f32", "f64"], "floor": FLOATS,
    "ceil": FLOATS, "round_nearest_afz": FLOATS,
    "round_nearest_even": FLOATS, "sign": FLOATS + SIGNED,
    "not": INTS + ["i1"], "popcnt": INTS,
    "count_leading_zeros": INTS,
}

BINARY = {
    "add": FLOATS + INTS + ["i1", "complex<f32>"],
    "subtract": FLOATS + INTS + ["complex<f32>"],
    "multiply": FLOATS + INTS + ["i1"],
    "divide": FLOATS + INTS, "remainder": FLOATS + INTS,
    "maximum": FLOATS + INTS + ["i1"], "minimum": FLOATS + INTS + ["i1"],
    "and": INTS + ["i1"], "or": INTS + ["i1"], "xor": INTS + ["i1"],
    "shift_left": INTS, "shift_right_logical": INTS,
    "shift_right_arithmetic": INTS, "atan2": ["f32", "f64"],
    "power": ["f32", "f64"] + SIGNED,
}


def cases(table):
    return [(op, dtype) for op, types in table.items() for dtype in types]


@pytest.mark.parametrize("op,dtype", cases(UNARY))
def test_unary(axle_run, tmp_path, op, dtype):
    rng = np.random.default_rng(seed((op, dtype)))
    t = tensor(dtype, [SIZE])
    program = (f"func.func @main(%x: {t}) -> {t} {{\n"
               f"  %0 = stablehlo.{op} %x : {t}\n  return %0 : {t}\n}}\n")
    x = round_to(dtype, random_values(dtype, rng))
    verify(axle_run, tmp_path, program, [(dtype, x, [SIZE])],
           ULP_BOUNDS.get(op, 0))


@pytest.mark.parametrize("op,dtype", cases(BINARY))
def test_binary(axle_run, tmp_path, op, dtype):
    rng = np.random.default_rng(seed((op, dtype, 2)))
    t = tensor(dtype, [SIZE])
    program = (f"func.func @main(%x: {t}, %y: {t}) -> {t} {{\n"
               f"  %0 = stablehlo.{op} %x, %y : {t}\n  return %0 : {t}\n}}\n")
    small = op in ("shift_left", "shift_right_logical",
                   "shift_right_arithmetic", "power")
    x = round_to(dtype, random_values(dtype, rng))
    y = round_to(dtype, random_values(dtype, rng, small=small))
    verify(axle_run, tmp_path, program,
           [(dtype, x, [SIZE]), (dtype, y, [SIZE])], ULP_BOUNDS.get(op, 0))


FLOAT_BINARY = [(op, dtype) for op, dtype in cases(BINARY)
                if dtype in FLOATS]


@pytest.mark.parametrize("op,dtype", FLOAT_BINARY)
def test_binary_special_pairs(axle_run, tmp_path, op, dtype):
    """Every ordered pair of the awkward values (random pairings meet few
    of them: maximum(+0, -0) once came out -0 compiled), over enough
    elements for whole vectors and a rest."""
    special = special_floats(dtype)
    x = round_to(dtype, np.repeat(special, len(special)))
    y = round_to(dtype, np.tile(special, len(special)))
    count = len(x)
    t = tensor(dtype, [count])
    program = (f"func.func @main(%x: {t}, %y: {t}) -> {t} {{\n"
               f"  %0 = stablehlo.{op} %x, %y : {t}\n  return %0 : {t}\n}}\n")
    verify(axle_run, tmp_path, program,
           [(dtype, x, [count]), (dtype, y, [count])], ULP_BOUNDS.get(op, 0))


@pytest.mark.parametrize("direction", ["EQ", "NE", "LT", "LE", "GT", "GE"])
@pytest.mark.parametrize("dtype", ["f32", "bf16", "i32", "ui32", "i1"])
def test_compare(axle_run, tmp_path, direction, dtype):
    rng = np.random.default_rng(seed((direction, dtype)))
    t = tensor(dtype, [SIZE])
    r = tensor("i1", [SIZE])
    program = (f"func.func @main(%x: {t}, %y: {t}) -> {r} {{\n"
               f"  %0 = stablehlo.compare {direction}, %x, %y : ({t}, {t}) -> {r}\n"
               f"  return %0 : {r}\n}}\n")
    x = round_to(dtype, random_values(dtype, rng))
    y = np.where(rng.integers(0, 2, SIZE) > 0, x,
                 round_to(dtype, random_values(dtype, rng)))
    verify(axle_run, tmp_path, program, [(dtype, x, [SIZE]), (dtype, y, [SIZE])])


CONVERSIONS = [(a, b) for a in ["f32", "f64", "f16", "bf16", "i32", "ui8",
                                "i64", "i1"]
               for b in ["f32", "f16", "bf16", "i8", "i32", "ui32", "i64",
                         "ui64", "i1", "f64"] if a != b]


@pytest.mark.parametrize("source,target", CONVERSIONS)
def test_convert(axle_run, tmp_path, source, target):
    rng = np.random.default_rng(seed((source, target)))
    s, t = tensor(source, [SIZE]), tensor(target, [SIZE])
    program = (f"func.func @main(%x: {s}) -> {t} {{\n"
               f"  %0 = stablehlo.convert %x : ({s}) -> {t}\n"
               f"  return %0 : {t}\n}}\n")
    x = round_to(source, random_values(source, rng))
    verify(axle_run, tmp_path, program, [(source, x, [SIZE])])


@pytest.mark.parametrize("dtype", ["f32", "i32", "ui8"])
def test_select_clamp(axle_run, tmp_path, dtype):
    rng = np.random.default_rng(5)
    t = tensor(dtype, [SIZE])
    p = tensor("i1", [SIZE])
    program = (f"func.func @main(%p: {p}, %x: {t}, %y: {t}, %lo: {tensor(dtype, [])}) -> ({t}, {t}) {{\n"
               f"  %0 = stablehlo.select %p, %x, %y : {p}, {t}\n"
               f"  %1 = stablehlo.clamp %lo, %x, %y : ({tensor(dtype, [])}, {t}, {t}) -> {t}\n"
               f"  return %0, %1 : {t}, {t}\n}}\n")
    verify(axle_run, tmp_path, program, [
        ("i1", random_values("i1", rng), [SIZE]),
        (dtype, round_to(dtype, random_values(dtype, rng)), [SIZE]),
        (dtype, round_to(dtype, random_values(dtype, rng)), [SIZE]),
        (dtype, round_to(dtype, random_values(dtype, rng)[:1]), [])])


# ---------------------------------------------------------------------------
# The other op families: fixed programs, random data (special values
# included), every result compared bit for bit.

FAMILY_PROGRAMS = {
    "shape": ("""
func.func @main(%x: tensor<4x6xf32>, %y: tensor<6xf32>) -> (tensor<2x4x6xf32>, tensor<6x4xf32>, tensor<3x8xf32>, tensor<2x3xf32>, tensor<10x6xf32>, tensor<7x9xf32>, tensor<4x6xf32>) {
  %z = stablehlo.constant dense<0.5> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %y, dims = [2] : (tensor<6xf32>) -> tensor<2x4x6xf32>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %r = stablehlo.reshape %x : (tensor<4x6xf32>) -> tensor<3x8xf32>
  %s = stablehlo.slice %x [1:4:2, 0:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %y2 = stablehlo.reshape %y : (tensor<6xf32>) -> tensor<1x6xf32>
  %c = stablehlo.concatenate %x, %y2, %x, %y2, dim = 0 : (tensor<4x6xf32>, tensor<1x6xf32>, tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<10x6xf32>
  %p = stablehlo.pad %x, %z, low = [1, -1], high = [-1, 2], interior = [1, 0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<7x7xf32>
  %p2 = stablehlo.pad %p, %z, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<7x7xf32>, tensor<f32>) -> tensor<7x9xf32>
  %v = stablehlo.reverse %x, dims = [0, 1] : tensor<4x6xf32>
  return %b, %t, %r, %s, %c, %p2, %v : tensor<2x4x6xf32>, tensor<6x4xf32>, tensor<3x8xf32>, tensor<2x3xf32>, tensor<10x6xf32>, tensor<7x9xf32>, tensor<4x6xf32>
}""", [("f32", [4, 6]), ("f32", [6])]),
    "dynamic_slice": ("""
func.func @main(%x: tensor<5x6xi32>, %u: tensor<2x3xi32>, %i: tensor<i32>, %j: tensor<i32>) -> (tensor<2x3xi32>, tensor<5x6xi32>) {
  %s = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<5x6xi32>, tensor<i32>, tensor<i32>) -> tensor<2x3xi32>
  %d = stablehlo.dynamic_update_slice %x, %u, %j, %i : (tensor<5x6xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> tensor<5x6xi32>
  return %s, %d : tensor<2x3xi32>, tensor<5x6xi32>
}""", [("i32", [5, 6]), ("i32", [2, 3]), ("i32", []), ("i32", [])]),
    "reduce": ("""
func.func @main(%x: tensor<4x6xf32>, %n: tensor<4x6xi32>) -> (tensor<6xf32>, tensor<4xf32>, tensor<f32>, tensor<6xi32>, tensor<4xi32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %imin = stablehlo.constant dense<-2147483648> : tensor<i32>
  %s0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  %m1 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %all = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<f32>
  %is = stablehlo.reduce(%n init: %izero) applies stablehlo.add across dimensions = [0] : (tensor<4x6xi32>, tensor<i32>) -> tensor<6xi32>
  %im = stablehlo.reduce(%n init: %imin) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
  return %s0, %m1, %all, %is, %im : tensor<6xf32>, tensor<4xf32>, tensor<f32>, tensor<6xi32>, tensor<4xi32>
}""", [("f32", [4, 6]), ("i32", [4, 6])]),
    "argmax": ("""
func.func @main(%x: tensor<3x8xf32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<3x8xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<3x8xf32>, tensor<3x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.compare NE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %pick = stablehlo.or %gt, %nan : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lower = stablehlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lower : tensor<i1>
    %first = stablehlo.or %pick, %tie : tensor<i1>
    %v = stablehlo.select %first, %a, %b : tensor<i1>, tensor<f32>
    %vi = stablehlo.select %first, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %vi : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}""", [("f32", [3, 8])]),
    "reduce_window": ("""
func.func @main(%x: tensor<1x6x7x2xf32>) -> (tensor<1x3x4x2xf32>, tensor<1x6x7x2xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = "stablehlo.reduce_window"(%x, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %0 = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x6x7x2xf32>, tensor<f32>) -> tensor<1x3x4x2xf32>
  %s = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %0 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 1, 1>, padding = dense<[[0, 0], [2, 0], [0, 0], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x6x7x2xf32>, tensor<f32>) -> tensor<1x6x7x2xf32>
  return %m, %s : tensor<1x3x4x2xf32>, tensor<1x6x7x2xf32>
}""", [("f32", [1, 6, 7, 2])]),
    "dot_general": ("""
func.func @main(%a: tensor<2x3x5xf32>, %b: tensor<2x5x4xf32>, %c: tensor<3x5xi32>, %d: tensor<4x5xi32>) -> (tensor<2x3x4xf32>, tensor<3x4xi32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [1] : (tensor<3x5xi32>, tensor<4x5xi32>) -> tensor<3x4xi32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<3x4xi32>
}""", [("f32", [2, 3, 5]), ("f32", [2, 5, 4]), ("i32", [3, 5]), ("i32", [4, 5])]),
    "convolution": ("""
func.func @main(%x: tensor<1x5x6x3xf32>, %w: tensor<2x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [1, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x6x3xf32>, tensor<2x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}""", [("f32", [1, 5, 6, 3]), ("f32", [2, 3, 3, 4])]),
    "gather_scatter": ("""
func.func @main(%x: tensor<6x3xf32>, %idx: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<6x3xf32>) {
  %g = "stablehlo.gather"(%x, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (tensor<6x3xf32>, tensor<4x1xi32>) -> tensor<4x3xf32>
  %s = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %0 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %0 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<6x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %g, %s : tensor<4x3xf32>, tensor<6x3xf32>
}""", [("f32", [6, 3]), ("index6", [4, 1]), ("f32", [4, 3])]),
    "sort": ("""
func.func @main(%x: tensor<3x16xf32>, %k: tensor<3x16xi32>) -> (tensor<3x16xf32>, tensor<3x16xi32>) {
  %r:2 = "stablehlo.sort"(%x, %k) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %0 : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x16xf32>, tensor<3x16xi32>) -> (tensor<3x16xf32>, tensor<3x16xi32>)
  return %r#0, %r#1 : tensor<3x16xf32>, tensor<3x16xi32>
}""", [("f32", [3, 16]), ("i32", [3, 16])]),
    "control_flow": ("""
func.func @main(%x: tensor<4xi32>, %n: tensor<i32>, %p: tensor<i1>) -> (tensor<4xi32>, tensor<4xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %lim = stablehlo.remainder %n, %ten : tensor<i32>
  %w:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<4xi32>
   cond {
    %c = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %b = stablehlo.broadcast_in_dim %i1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %a = stablehlo.multiply %acc, %b : tensor<4xi32>
    stablehlo.return %i1, %a : tensor<i32>, tensor<4xi32>
  }
  %r = "stablehlo.if"(%p) ({
    %neg = stablehlo.negate %x : tensor<4xi32>
    stablehlo.return %neg : tensor<4xi32>
  }, {
    stablehlo.return %w#1 : tensor<4xi32>
  }) : (tensor<i1>) -> tensor<4xi32>
  return %w#1, %r : tensor<4xi32>, tensor<4xi32>
}""", [("i32", [4]), ("i32", []), ("i1", [])]),
    "fft": ("""
func.func @main(%x: tensor<3x8xcomplex<f32>>, %r: tensor<4x6xf32>) -> (tensor<3x8xcomplex<f32>>, tensor<3x8xcomplex<f32>>, tensor<4x4xcomplex<f32>>) {
  %f = stablehlo.fft %x, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %i = stablehlo.fft %x, type = IFFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %rf = stablehlo.fft %r, type = RFFT, length = [6] : (tensor<4x6xf32>) -> tensor<4x4xcomplex<f32>>
  return %f, %i, %rf : tensor<3x8xcomplex<f32>>, tensor<3x8xcomplex<f32>>, tensor<4x4xcomplex<f32>>
}""", [("complex<f32>", [3, 8]), ("f32", [4, 6])]),
    "linear_algebra": ("""
func.func @main(%a: tensor<2x4x4xf32>, %b: tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x4x4xf32>) {
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %t = stablehlo.transpose %a, dims = [0, 2, 1] : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %s = stablehlo.dot_general %a, %t, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %l = stablehlo.cholesky %s, lower = true : tensor<2x4x4xf32>
  return %x, %l : tensor<2x4x3xf32>, tensor<2x4x4xf32>
}""", [("f32", [2, 4, 4]), ("f32", [2, 4, 3])]),
    "random_bits": ("""
func.func @main(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<5x3xui32>, tensor<2xui64>, tensor<7xui8>) {
  %s1, %b1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5x3xui32>)
  %s2, %b2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui8>)
  return %s1, %b1, %s2, %b2 : tensor<2xui64>, tensor<5x3xui32>, tensor<2xui64>, tensor<7xui8>
}""", [("ui64", [2])]),
    "select_and_scatter": ("""
func.func @main(%x: tensor<4x6xf32>, %src: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %src, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %0 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %0 : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %0 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}""", [("f32", [4, 6]), ("f32", [2, 3])]),
    "quantize": ("""
func.func @main(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %q = stablehlo.uniform_quantize %x : (tensor<16xf32>) -> tensor<16x!quant.uniform<i8:f32, 0.05:-3>>
  %a = stablehlo.add %q, %q : (tensor<16x!quant.uniform<i8:f32, 0.05:-3>>, tensor<16x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<16x!quant.uniform<i8:f32, 0.1:2>>
  %d = stablehlo.uniform_dequantize %q : (tensor<16x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<16xf32>
  %e = stablehlo.uniform_dequantize %a : (tensor<16x!quant.uniform<i8:f32, 0.1:2>>) -> tensor<16xf32>
  return %d, %e : tensor<16xf32>, tensor<16xf32>
}""", [("f32", [16])]),
}


# Families whose compiled complex arithmetic does not reproduce C's special
# rules for infinite operands (Annex G: inf * (nonzero) stays infinite where
# the plain formula gives NaN): run on finite inputs; docs/dialects.md lists
# the difference.
FINITE_ONLY = {"fft", "linear_algebra"}


@pytest.mark.parametrize("family", sorted(FAMILY_PROGRAMS))
@pytest.mark.parametrize("trial", range(3))
def test_op_family(axle_run, tmp_path, family, trial):
    program, specs = FAMILY_PROGRAMS[family]
    rng = np.random.default_rng(seed(family, trial))
    inputs = []
    for dtype, shape in specs:
        count = int(np.prod(shape)) if shape else 1
        if dtype == "index6":  # gather/scatter indices, some out of bounds
            values = rng.integers(-2, 8, count).astype(np.int32)
            dtype = "i32"
        elif family == "dynamic_slice" and not shape:
            values = rng.integers(-3, 8, 1).astype(np.int32)
        else:
            pool = round_to(dtype, random_values(dtype, rng))
            if family in FINITE_ONLY:
                pool = pool[np.isfinite(pool)]
                pool = pool[np.abs(pool) < 1e6]
            values = rng.choice(pool, count)
        inputs.append((dtype, values, shape))
    verify(axle_run, tmp_path, program, inputs)

"""axle.compile, axle.load and Executable: compiled StableHLO on NumPy arrays."""
import json
import os
from typing import NamedTuple, Optional, Tuple

import numpy as np

from . import _axle
from ._dtypes import to_numpy


class Error(Exception):
    """Base class of the errors axle raises."""


class CompileError(Error):
    """The program did not parse, verify or compile.

    ``diagnostics`` holds the compiler's messages, each with its location
    (``name:line:column``) and the source line it points at.
    """

    def __init__(self, diagnostics):
        super().__init__(diagnostics)
        self.diagnostics = diagnostics


class LoadError(Error, ValueError):
    """An artifact could not be loaded (missing, truncated or corrupted file,
    another format version or architecture, or a CPU lacking features)."""


class TensorSpec(NamedTuple):
    """One input or output of a compiled function."""

    shape: Tuple[int, ...]
    dtype: Optional[np.dtype]  # None: an element type NumPy cannot hold
    element_type: str  # as StableHLO spells it: f32, bf16, ui8, i1, ...

    def __repr__(self):
        dims = "x".join(str(d) for d in self.shape)
        return f"tensor<{dims + 'x' if dims else ''}{self.element_type}>"


class Signature(NamedTuple):
    """The inputs and outputs of a compiled function."""

    name: str
    inputs: Tuple[TensorSpec, ...]
    outputs: Tuple[TensorSpec, ...]

    def __repr__(self):
        ins = ", ".join(map(repr, self.inputs))
        outs = ", ".join(map(repr, self.outputs))
        return f"@{self.name}({ins}) -> ({outs})"


def _signature(description):
    name, inputs, outputs = description

    def specs(tensors):
        return tuple(
            TensorSpec(tuple(shape), to_numpy(element), element)
            for element, shape in tensors
        )

    return Signature(name, specs(inputs), specs(outputs))


def _native_function(native, signature, weak=()):
    """The runtime's callable for one function, with NumPy dtypes."""
    for spec in signature.inputs + signature.outputs:
        if spec.dtype is None:
            raise TypeError(
                f"@{signature.name} uses element type {spec.element_type}, "
                "which has no NumPy dtype here (bf16 and the narrow types "
                "need the ml_dtypes package)"
            )
    return _axle.Function(
        native,
        signature.name,
        [s.dtype for s in signature.inputs],
        [s.dtype for s in signature.outputs],
        list(weak),
    )


class Function:
    """One compiled function: call it with arrays, one per input.

    Arguments are NumPy arrays (used in place when C-contiguous with the
    signature's dtype, copied once otherwise), Python scalars, lists, or
    anything ``numpy.asarray`` takes (JAX arrays). A wrong count, dtype or
    shape raises TypeError or ValueError naming the argument. Returns the
    output array, or a tuple of them when there is not exactly one.
    """

    __slots__ = ("signature", "_native", "_single")

    def __init__(self, native, signature):
        self.signature = signature
        self._native = _native_function(native, signature)
        self._single = len(signature.outputs) == 1

    def __call__(self, *args):
        results = self._native(*args)
        return results[0] if self._single else results

    def __repr__(self):
        return f"<axle.Function {self.signature!r}>"


class Executable:
    """A compiled program: its native code loaded into this process.

    ``exe(*arrays)`` runs ``main`` (or the only function);
    ``exe.function(name)`` any other public function.
    """

    def __init__(self, native, source=None, options=None):
        self._native = native
        self._source = source  # (program bytes, buffer name) for reports
        self._options = options
        self._reports = {}
        self.signature = {
            s.name: s for s in map(_signature, native.functions())
        }
        self._functions = {}
        names = list(self.signature)
        self._main_name = "main" if "main" in self.signature else (
            names[0] if len(names) == 1 else None)
        self._main = None

    @property
    def functions(self):
        """The names of the compiled functions."""
        return list(self.signature)

    @property
    def target(self):
        """(triple, cpu, features) the code was compiled for."""
        n = self._native
        return n.triple, n.cpu, tuple(n.features)

    def function(self, name):
        """The compiled function ``name`` (KeyError when there is none)."""
        fn = self._functions.get(name)
        if fn is None:
            if name not in self.signature:
                raise KeyError(
                    f"no function named '{name}' (the executable has "
                    f"{', '.join(self.signature) or 'none'})"
                )
            fn = Function(self._native, self.signature[name])
            self._functions[name] = fn
        return fn

    def __call__(self, *args):
        main = self._main
        if main is None:
            if self._main_name is None:
                raise TypeError(
                    "the executable has no 'main' function; call "
                    "exe.function(name) with one of: "
                    + ", ".join(self.signature)
                )
            main = self._main = self.function(self._main_name)
        return main(*args)

    def to_bytes(self):
        """The .axle artifact: signatures, target and native code."""
        return self._native.serialize()

    def save(self, path):
        """Writes the .axle artifact to ``path`` (``axle.load`` reads it)."""
        data = self.to_bytes()
        path = os.fspath(path)
        partial = path + ".partial"
        with open(partial, "wb") as f:
            f.write(data)
        os.replace(partial, path)

    def memory_report(self, format="dict"):
        """The planned memory of each compiled function.

        ``format="dict"``: a dict per function name with input_output_bytes,
        constant_bytes, naive_total_bytes, intermediate_buffers, peak_bytes,
        arena_bytes, live_peak_bytes, peak_at and peak_buffers (as
        ``axle-compile --report=json``); ``format="text"``: the text of
        ``axle-compile --report=memory``. The program is compiled again to
        produce it, so it needs the source: executables from ``axle.load``
        have none.
        """
        if format not in ("dict", "text"):
            raise ValueError("format is 'dict' or 'text'")
        text = self._report("json" if format == "dict" else "memory")
        if format == "text":
            return text
        return {entry["function"]: entry for entry in json.loads(text)}

    def fusion_report(self):
        """Which ops were fused into which, with kernel counts (as
        ``axle-compile --report=fusion``)."""
        return self._report("fusion")

    def _report(self, kind):
        if kind not in self._reports:
            if self._source is None:
                raise ValueError(
                    "reports need the source program; this executable was "
                    "loaded from an artifact (use axle.compile)"
                )
            program, name = self._source
            _, _, report = _compile_native(program, name, self._options, kind)
            self._reports[kind] = report
        return self._reports[kind]

    def __repr__(self):
        return "<axle.Executable " + ", ".join(
            repr(s) for s in self.signature.values()) + ">"


def _read_program(program):
    """(bytes, name for diagnostics) of a program given as text, bytes, a
    path or a JAX ``Lowered``."""
    if hasattr(program, "as_text") and not isinstance(program, (str, bytes)):
        return program.as_text().encode(), "<jax>"
    if isinstance(program, (bytes, bytearray, memoryview)):
        return bytes(program), "<bytes>"
    if isinstance(program, os.PathLike):
        path = os.fspath(program)
        with open(path, "rb") as f:
            return f.read(), path
    if isinstance(program, str):
        # Text holds at least one op and so a newline or braces; a path is a
        # single line naming a file.
        looks_like_path = "\n" not in program and "{" not in program
        if looks_like_path and (
                program.endswith((".mlir", ".mlirbc"))
                or os.path.isfile(program)):
            with open(program, "rb") as f:
                return f.read(), program
        return program.encode(), "<program>"
    raise TypeError(
        "program is StableHLO text (str), bytes, a path or a JAX Lowered, "
        f"not {type(program).__name__}"
    )


def _compile_native(program, name, options, report=""):
    ok, artifact, diagnostics, text = _axle.compile(
        program, name, options["triple"], options["target"],
        options["fast_math"], options["reassociate_reductions"],
        options["opt_level"], options["fusion"], options["simplify"], report)
    diagnostics = diagnostics.decode("utf-8", "replace")
    if not ok:
        raise CompileError(diagnostics.rstrip("\n"))
    return artifact, diagnostics, text.decode("utf-8", "replace")


def compile(program, *, target="host", fast_math=False,
            reassociate_reductions=False, opt_level=3, fusion=True,
            simplify=True):
    """Compiles a StableHLO program for this machine.

    ``program``: StableHLO text (str), a path (str ending in .mlir or naming
    a file, or os.PathLike), the program's bytes (text or MLIR bytecode), or
    a JAX ``Lowered`` (``jax.jit(f).lower(...)``). ``target``: the CPU whose
    features the code may use ("host", "x86-64-v3", "znver4", ...).
    ``fast_math`` allows non-IEEE float rewrites (reassociated reductions
    included), ``reassociate_reductions`` lets float sums and products in
    reductions combine their elements in any order (as XLA:CPU and IREE do;
    faster, but the last bits differ from the in-order result),
    ``opt_level`` is LLVM's optimization level (0-3), ``fusion`` fuses
    elementwise chains and ``simplify`` runs the algebraic simplifier
    first.

    Raises CompileError with the diagnostics (and their locations) when the
    program does not parse, verify or compile.
    """
    if opt_level not in (0, 1, 2, 3):
        raise ValueError(f"opt_level is 0, 1, 2 or 3, not {opt_level!r}")
    if not isinstance(target, str) or not target:
        raise TypeError("target is a CPU name such as 'host' or 'x86-64-v3'")
    data, name = _read_program(program)
    options = dict(triple="", target=target, fast_math=bool(fast_math),
                   reassociate_reductions=bool(reassociate_reductions),
                   opt_level=int(opt_level), fusion=bool(fusion),
                   simplify=bool(simplify))
    artifact, _, _ = _compile_native(data, name, options)
    try:
        native = _axle.Executable.load_bytes(artifact)
    except ValueError as e:
        raise LoadError(str(e)) from None
    return Executable(native, (data, name), options)


def load(path_or_bytes):
    """Loads a .axle artifact (a path, or its bytes) written by
    ``Executable.save`` or ``axle-compile``. Raises LoadError when it is
    missing, truncated, corrupted or built for another CPU."""
    try:
        if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
            native = _axle.Executable.load_bytes(bytes(path_or_bytes))
        else:
            native = _axle.Executable.load_file(os.fspath(path_or_bytes))
    except ValueError as e:
        raise LoadError(str(e)) from None
    return Executable(native)

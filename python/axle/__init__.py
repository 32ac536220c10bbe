"""axle: compile StableHLO programs and JAX functions to native code.

    import axle, numpy as np
    exe = axle.compile(open("model.mlir").read())   # or a path, or bytes
    y = exe(np.ones((8, 64), np.float32))           # NumPy in, NumPy out

    @axle.jit
    def f(x, y):
        return jax.numpy.sin(x) @ y

See docs/python.md for the whole API.
"""
from ._executable import (
    CompileError,
    Error,
    Executable,
    Function,
    LoadError,
    Signature,
    TensorSpec,
    compile,
    load,
)
from ._jit import JitFunction, jit

__version__ = "0.1.0"

__all__ = [
    "CompileError",
    "Error",
    "Executable",
    "Function",
    "JitFunction",
    "LoadError",
    "Signature",
    "TensorSpec",
    "compile",
    "jit",
    "load",
]

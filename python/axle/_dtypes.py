"""Element types as the compiler spells them (StableHLO) <-> NumPy dtypes."""
import re

import numpy as np

try:  # bfloat16 and the narrow types; installed with JAX.
    import ml_dtypes
except ImportError:  # pragma: no cover - exercised only without JAX
    ml_dtypes = None

_FIXED = {
    "i1": np.dtype(np.bool_),
    "f16": np.dtype(np.float16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "complex<f32>": np.dtype(np.complex64),
    "complex<f64>": np.dtype(np.complex128),
}

# Types only ml_dtypes provides, by their StableHLO names.
_ML_DTYPES = {
    "bf16": "bfloat16",
    "i2": "int2",
    "si2": "int2",
    "ui2": "uint2",
    "i4": "int4",
    "si4": "int4",
    "ui4": "uint4",
    "f8E4M3FN": "float8_e4m3fn",
    "f8E5M2": "float8_e5m2",
    "f8E4M3FNUZ": "float8_e4m3fnuz",
    "f8E5M2FNUZ": "float8_e5m2fnuz",
    "f8E4M3B11FNUZ": "float8_e4m3b11fnuz",
    "f8E4M3": "float8_e4m3",
    "f8E3M4": "float8_e3m4",
}

_INTEGER = re.compile(r"(s|u)?i(8|16|32|64)")

_cache = {}


def to_numpy(element_type):
    """The NumPy dtype of an element type, or None when NumPy has none."""
    dtype = _cache.get(element_type)
    if dtype is None and element_type not in _cache:
        dtype = _lookup(element_type)
        _cache[element_type] = dtype
    return dtype


def _lookup(element_type):
    if element_type in _FIXED:
        return _FIXED[element_type]
    match = _INTEGER.fullmatch(element_type)
    if match:
        signed = match.group(1) != "u"
        return np.dtype(f"{'int' if signed else 'uint'}{match.group(2)}")
    name = _ML_DTYPES.get(element_type)
    if name is not None and ml_dtypes is not None:
        return np.dtype(getattr(ml_dtypes, name))
    return None

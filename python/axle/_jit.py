"""axle.jit: JAX-style Python functions compiled by axle.

The function is traced and lowered by JAX (``jax.jit(fn).lower(...)``) to
StableHLO, which axle compiles. Each distinct call signature -- the input
pytree structure, static arguments and the x64 mode, then each leaf's shape,
dtype and weak type -- gets its own compiled variant.

The per-call path runs in the extension (``_axle.JitDispatch``, the base
class of JitFunction): flatten the arguments, one dict lookup on
(structure, x64), and one call per cached variant that checks every leaf
against the variant's signature, runs the code with the GIL released and
returns the outputs (or None when the leaves belong to another variant).
Misses and calls with static arguments come back to
``JitFunction._call_slow``, which looks up or compiles the variant. Calls
given JAX arrays read them through the buffer protocol and return JAX
arrays made by jaxlib's batched device put when it is there (see
``_jax_outputs``; docs/python.md).
"""
import functools
import inspect

from . import _axle
from ._executable import _native_function, compile as _compile


def _jax():
    import jax  # deferred: axle.compile works without JAX

    return jax


class _PublicX64:
    """jax_enable_x64 through the public config object (slower)."""

    def __init__(self, jax):
        self._config = jax.config

    @property
    def value(self):
        return bool(self._config.jax_enable_x64)


def _x64_flag(jax):
    """An object whose .value is the current jax_enable_x64 mode: JAX's
    own state object when it has one (the cheapest read, it is part of the
    per-call key), else the public config."""
    try:
        from jax._src import config

        flag = config.enable_x64
        bool(flag.value)
        return flag
    except Exception:  # noqa: BLE001 - private API drift
        return _PublicX64(jax)


class _Variant:
    __slots__ = ("native", "out_tree", "single", "wrap", "executable")


def _resolve_static(fn, static_argnums, static_argnames):
    """Both views of the static arguments, as jax.jit infers them: names of
    positional parameters become numbers and numbers become names."""
    if static_argnums is None:
        static_argnums = ()
    elif isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    if static_argnames is None:
        static_argnames = ()
    elif isinstance(static_argnames, str):
        static_argnames = (static_argnames,)
    nums, names = set(static_argnums), set(static_argnames)
    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    positional = [
        p for p in parameters
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    for index, p in enumerate(positional):
        if p.name in names:
            nums.add(index)
        if index in nums and p.kind != p.POSITIONAL_ONLY:
            names.add(p.name)
    return tuple(sorted(nums)), tuple(sorted(names))


class JitFunction(_axle.JitDispatch):
    """The callable ``axle.jit`` returns (see its docstring).

    Calls go to the extension (``_axle.JitDispatch``, its base class), which
    flattens the arguments, finds the variant in ``self._cache`` and runs it;
    what it cannot serve (a new signature, static arguments) comes back to
    ``_call_slow``, which does the same in Python and compiles.
    """

    def __init__(self, fn, static_argnums, static_argnames, options):
        super().__init__()
        jax = _jax()
        functools.update_wrapper(self, fn)
        self._fn = fn
        nums, names = _resolve_static(fn, static_argnums, static_argnames)
        self._static_argnums = nums
        self._static_argnames = names
        self._has_static = bool(nums or names)
        self._options = options
        # keep_unused: every leaf stays an input of the lowered @main, so
        # leaves and inputs line up one to one.
        self._jitted = jax.jit(fn, static_argnums=nums or None,
                               static_argnames=names or None,
                               keep_unused=True)
        self._flatten = jax.tree_util.tree_flatten
        self._x64 = _x64_flag(jax)
        # {(tree[, static], x64): [(native, wrap, single, out_tree,
        # variant)]}, newest variant first.
        self._cache = {}
        _register_jax_array_type(jax)
        if not self._has_static:
            self._configure(self._flatten, self._x64, self._cache)

    def _call_slow(self, args, kwargs):
        if self._has_static:
            dynamic, static = self._split(args, kwargs)
            leaves, tree = self._flatten(dynamic)
            key = (tree, static, self._x64.value)
        else:
            leaves, tree = self._flatten((args, kwargs))
            key = (tree, self._x64.value)
        variants = self._cache.get(key)
        if variants is not None:
            for native, wrap, single, out_tree, _ in variants:
                results = native.try_call(leaves, wrap)
                if results is not None:
                    if single:
                        return results[0]
                    return out_tree.unflatten(results)
        else:
            variants = self._cache[key] = []
        variant = self._compile(args, kwargs, tree, key[-1])
        # The newest variant first: a loop over one new shape finds it at
        # once.
        variants.insert(0, (variant.native, variant.wrap, variant.single,
                            variant.out_tree, variant))
        results = variant.native.try_call(leaves, variant.wrap)
        if results is None:
            raise RuntimeError(
                "axle.jit: the arguments do not match the function compiled "
                "for them (a bug in axle; please report it)")
        if variant.single:
            return results[0]
        return variant.out_tree.unflatten(results)

    def _split(self, args, kwargs):
        nums, names = self._static_argnums, self._static_argnames
        dynamic_args = tuple(
            a for i, a in enumerate(args) if i not in nums)
        static = [("#", i, args[i]) for i in nums if i < len(args)]
        dynamic_kwargs = {}
        for k, v in kwargs.items():
            if k in names:
                static.append(("=", k, v))
            else:
                dynamic_kwargs[k] = v
        static = tuple(sorted(static, key=lambda s: (s[0], str(s[1]))))
        try:
            hash(static)
        except TypeError as e:
            raise TypeError(
                f"axle.jit: static arguments must be hashable ({e})") from None
        return (dynamic_args, dynamic_kwargs), static

    def lower(self, *args, **kwargs):
        """JAX's ``Lowered`` for these arguments (``.as_text()`` is the
        StableHLO program axle compiles)."""
        return self._jitted.lower(*args, **kwargs)

    def _compile(self, args, kwargs, tree, x64):
        jax = _jax()
        lowered = self._jitted.lower(*args, **kwargs)
        in_tree = lowered.in_tree
        if in_tree != tree:
            raise RuntimeError(
                f"axle.jit: JAX lowered the arguments as {in_tree}, "
                f"but they flatten as {tree}")
        const_args = getattr(getattr(lowered, "_lowering", None),
                             "const_args", None)
        if const_args:
            raise NotImplementedError(
                "axle.jit: JAX passed closed-over constants as extra "
                "arguments (jax_use_simplified_jaxpr_constants); turn that "
                "flag off")
        avals = jax.tree_util.tree_leaves(lowered.in_avals)
        executable = _compile(lowered.as_text(), **self._options)
        signature = executable.signature["main"]
        if len(signature.inputs) != len(avals):
            raise RuntimeError(
                f"axle.jit: the lowered @main takes {len(signature.inputs)} "
                f"inputs for {len(avals)} arguments")
        variant = _Variant()
        variant.executable = executable
        variant.native = _native_function(
            executable._native, signature,
            [bool(getattr(a, "weak_type", False)) for a in avals])
        variant.out_tree = lowered.out_tree
        variant.single = jax.tree_util.treedef_is_leaf(lowered.out_tree)
        out_avals = [info for info in jax.tree_util.tree_leaves(
            lowered.out_info)]
        variant.wrap = _jax_outputs(jax, variant.native, out_avals, x64)
        return variant


def _jax_outputs(jax, native, out_infos, x64):
    """Makes the variant's results JAX arrays (for calls given JAX arrays).

    Returns the public fallback, ``wrap`` (``jax.device_put`` of each NumPy
    result). Where jaxlib has the batched device put that ``jax.device_put``
    itself ends in (``jax._src.lib._jax.batched_device_put``, not public
    API), the extension calls it directly with objects made here once per
    variant (avals, sharding, device list), on 64-byte aligned results that
    JAX then owns without a copy (``HostBufferSemantics.ZERO_COPY``); any
    failure here, or of that call later, leaves the public path in use.
    """
    device = jax.devices()[0]

    def wrap(results):
        return tuple(jax.device_put(r, device) for r in results)

    try:
        import numpy as np
        from jax._src import core
        from jax._src.lib import _jax as jaxlib_ext

        put = jaxlib_ext.batched_device_put
        semantics = jaxlib_ext.HostBufferSemantics.ZERO_COPY
        sharding = jax.sharding.SingleDeviceSharding(device)
        avals = [core.ShapedArray(tuple(i.shape), i.dtype,
                                  weak_type=getattr(i, "weak_type", False))
                 for i in out_infos]
        devices = [device]
        x64 = bool(x64)
        # Uncommitted, as jax.jit's results for uncommitted inputs.
        committed = False
        for aval in avals:  # the call the extension will make, once here
            out = put(aval, sharding, [np.zeros(aval.shape, aval.dtype)],
                      devices, committed, False, semantics, x64)
            if not (isinstance(out, jax.Array) and out.shape == aval.shape
                    and out.dtype == aval.dtype):
                raise TypeError("unexpected batched_device_put result")
        native.set_jax_outputs(put, avals, sharding, devices, committed,
                               semantics, x64)
    except Exception:  # noqa: BLE001 - any private-API drift
        pass
    return wrap


_registered_array_type = False


def _register_jax_array_type(jax):
    """Tells the extension JAX's concrete array type (jaxlib's ArrayImpl),
    whose CPU arrays it then reads in place through the buffer protocol."""
    global _registered_array_type
    if _registered_array_type:
        return
    try:
        from jax._src.array import ArrayImpl  # private: guarded
    except Exception:  # noqa: BLE001
        import numpy as np

        ArrayImpl = type(jax.device_put(np.zeros((), np.float32)))
    if isinstance(ArrayImpl, type) and issubclass(ArrayImpl, jax.Array):
        _axle.set_jax_array_type(ArrayImpl)
    _registered_array_type = True


def jit(fn=None, *, static_argnums=None, static_argnames=None,
        target="host", fast_math=False, reassociate_reductions=False,
        opt_level=3, fusion=True, simplify=True):
    """Compiles a JAX-style function with axle.

    ``axle.jit(fn)`` (or ``@axle.jit``) returns a callable that lowers
    ``fn`` with JAX for the shapes and dtypes it is called with, compiles
    the StableHLO with axle (``target``, ``fast_math``,
    ``reassociate_reductions``, ``opt_level``, ``fusion``, ``simplify`` as
    in ``axle.compile``) and caches it per input
    pytree structure, shapes, dtypes, weak types and static arguments
    (``static_argnums``/``static_argnames`` as in ``jax.jit``; they must be
    hashable). Arguments are pytrees of NumPy arrays, JAX arrays or Python
    scalars; results have the function's pytree structure, as NumPy arrays,
    or JAX arrays when any argument was a JAX array.
    """
    options = dict(target=target, fast_math=fast_math,
                   reassociate_reductions=reassociate_reductions,
                   opt_level=opt_level, fusion=fusion, simplify=simplify)
    if fn is None:
        return functools.partial(jit, static_argnums=static_argnums,
                                 static_argnames=static_argnames, **options)
    return JitFunction(fn, static_argnums, static_argnames, options)

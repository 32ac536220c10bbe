//===- Module.cpp - the axle._axle extension module ----------------------===//
//
// Bindings for the compiler facade (Api.h) and the runtime (Executable.h).
// This file is compiled with RTTI for nanobind and must not include MLIR or
// LLVM headers (see Api.h).
//
// The per-call path (Function::call) is written against the NumPy C API:
// a call checks each argument's dtype, shape and layout against the
// compiled signature, takes the data pointer of every array that already
// fits (no copy), converts the others once, allocates the outputs with
// NumPy and lets the compiled code write into them, with the GIL released.
//
//===----------------------------------------------------------------------===//

#include "python/src/Api.h"
#include "runtime/Executable.h"
#include "runtime/HugePages.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace nb = nanobind;
using axle::runtime::Executable;
using axle::runtime::FunctionSpec;
using axle::runtime::TensorSpec;

namespace {

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += std::to_string(shape[i]) + (shape.size() == 1 ? "," : "") +
            (i + 1 < shape.size() ? ", " : "");
  return text + ")";
}

std::string shapeText(int ndim, const npy_intp *dims) {
  return shapeText(std::vector<int64_t>(dims, dims + ndim));
}

std::string dtypeName(PyArray_Descr *descr) {
  nb::object name =
      nb::borrow(reinterpret_cast<PyObject *>(descr)).attr("name");
  return nb::cast<std::string>(nb::str(name));
}

/// One input or output of a compiled function, as NumPy sees it.
struct Slot {
  nb::object dtype; ///< a numpy.dtype (PyArray_Descr)
  std::vector<npy_intp> dims;
  int64_t bytes = 0;
  /// For functions compiled by axle.jit: whether JAX traced this input as a
  /// weakly typed Python scalar (a different program than for an array).
  bool weak = false;

  PyArray_Descr *descr() const {
    return reinterpret_cast<PyArray_Descr *>(dtype.ptr());
  }
};

/// How Function::call treats arguments that do not match the signature.
enum class Mode {
  /// axle.compile's executables: a mismatch is a TypeError or ValueError
  /// naming the argument; Python scalars and lists are converted when the
  /// conversion keeps their kind.
  Strict,
  /// axle.jit's dispatch: a mismatch returns None (the caller then lowers
  /// and compiles a new variant), and Python scalars must land on inputs
  /// JAX traced as weakly typed.
  Try,
};

bool sameDtype(PyArray_Descr *a, PyArray_Descr *b) {
  return a == b || PyArray_EquivTypes(a, b);
}

/// JAX without x64 computes 64-bit values in 32 bits: a float64 array
/// passed to a function compiled for float32 is what jax.jit accepts too.
bool narrowsTo(PyArray_Descr *from, PyArray_Descr *to) {
  switch (from->type_num) {
  case NPY_FLOAT64:
    return to->type_num == NPY_FLOAT32;
  case NPY_INT64:
    return to->type_num == NPY_INT32;
  case NPY_UINT64:
    return to->type_num == NPY_UINT32;
  case NPY_COMPLEX128:
    return to->type_num == NPY_COMPLEX64;
  default:
    return false;
  }
}

/// Python ints, floats and complex numbers: JAX traces them as weakly typed
/// (bools are not: there is only one bool type).
bool isPythonScalar(PyObject *object) {
  return PyFloat_CheckExact(object) || PyLong_CheckExact(object) ||
         PyComplex_CheckExact(object);
}

/// Whether a Python scalar of this type may become an element of `to`
/// without changing its kind (an int may land in an integer or a float, a
/// float in a float or complex); bools only land in bools.
bool scalarFits(PyObject *object, PyArray_Descr *to) {
  char kind = to->kind;
  if (PyBool_Check(object))
    return kind == 'b';
  if (PyLong_Check(object))
    return kind == 'i' || kind == 'u' || kind == 'f' || kind == 'c';
  if (PyFloat_Check(object))
    return kind == 'f' || kind == 'c';
  if (PyComplex_Check(object))
    return kind == 'c';
  return false;
}

/// The exact type of JAX's arrays (jaxlib's ArrayImpl), registered by
/// axle.jit; null until then. Only objects of this type take the buffer
/// protocol shortcut, so that other buffer exporters (bytes, memoryviews)
/// keep NumPy's conversion rules.
PyObject *jaxArrayType = nullptr;

/// Whether a buffer-protocol format string (struct module syntax, as
/// jaxlib writes it: "=f", "?", "=Zd") describes elements of `descr`, a
/// native-byte-order NumPy dtype.
bool formatMatches(const char *format, PyArray_Descr *descr) {
  if (!format)
    return false;
  if (*format == '=' || *format == '@' ||
      (*format == '<' && NPY_BYTE_ORDER == NPY_LITTLE_ENDIAN))
    ++format;
  char kind;
  int size;
  if (format[0] == 'Z' && format[1] && !format[2]) {
    kind = 'c';
    size = format[1] == 'e'   ? 4
           : format[1] == 'f' ? 8
           : format[1] == 'd' ? 16
                              : 0;
  } else {
    if (!format[0] || format[1])
      return false;
    switch (format[0]) {
    case '?':
      kind = 'b';
      size = 1;
      break;
    case 'b':
      kind = 'i';
      size = 1;
      break;
    case 'B':
      kind = 'u';
      size = 1;
      break;
    case 'h':
      kind = 'i';
      size = 2;
      break;
    case 'H':
      kind = 'u';
      size = 2;
      break;
    case 'i':
      kind = 'i';
      size = 4;
      break;
    case 'I':
      kind = 'u';
      size = 4;
      break;
    case 'l':
      kind = 'i';
      size = sizeof(long);
      break;
    case 'L':
      kind = 'u';
      size = sizeof(long);
      break;
    case 'q':
      kind = 'i';
      size = 8;
      break;
    case 'Q':
      kind = 'u';
      size = 8;
      break;
    case 'e':
      kind = 'f';
      size = 2;
      break;
    case 'f':
      kind = 'f';
      size = 4;
      break;
    case 'd':
      kind = 'f';
      size = 8;
      break;
    default:
      return false;
    }
  }
  // Only NumPy's own types: ml_dtypes' (bfloat16, int4) have other kinds
  // or are not builtin, and jaxlib does not export them anyway.
  return size != 0 && descr->type_num < NPY_NTYPES_LEGACY &&
         descr->kind == kind && PyDataType_ELSIZE(descr) == size &&
         PyArray_ISNBO(descr->byteorder);
}

/// Buffer-protocol views held until the compiled code has run (released,
/// with the GIL held, when the call returns or throws).
struct Views {
  std::vector<Py_buffer> views;
  Views() = default;
  Views(const Views &) = delete;
  Views &operator=(const Views &) = delete;
  ~Views() { release(); }
  void release() {
    for (Py_buffer &view : views)
      PyBuffer_Release(&view);
    views.clear();
  }
};

/// A 64-byte aligned block for an output NumPy array: JAX wraps host
/// memory of that alignment in place (a copy otherwise). A large one is a
/// mapping of its own on huge pages, as NumPy gives its large arrays
/// (runtime/HugePages.h); its capsule's context holds allocateBuffer's
/// mappedBytes.
void releaseAligned(PyObject *capsule) {
  axle::runtime::releaseBuffer(
      PyCapsule_GetPointer(capsule, nullptr),
      reinterpret_cast<size_t>(PyCapsule_GetContext(capsule)));
}

PyObject *newAlignedArray(PyArray_Descr *descr, int ndim, const npy_intp *dims,
                          int64_t bytes) {
  size_t mapped;
  void *data =
      axle::runtime::allocateBuffer(static_cast<size_t>(bytes), mapped);
  if (!data)
    return PyErr_NoMemory();
  // The destructor goes in last, once the context it reads is set.
  PyObject *owner = PyCapsule_New(data, nullptr, nullptr);
  if (!owner || PyCapsule_SetContext(owner, reinterpret_cast<void *>(mapped)) ||
      PyCapsule_SetDestructor(owner, releaseAligned)) {
    Py_XDECREF(owner);
    axle::runtime::releaseBuffer(data, mapped);
    return nullptr;
  }
  Py_INCREF(descr); // stolen by PyArray_NewFromDescr
  PyObject *array = PyArray_NewFromDescr(&PyArray_Type, descr, ndim,
                                         const_cast<npy_intp *>(dims), nullptr,
                                         data, NPY_ARRAY_CARRAY, nullptr);
  if (!array) {
    Py_DECREF(owner);
    return nullptr;
  }
  // Steals `owner` (also on failure).
  if (PyArray_SetBaseObject(reinterpret_cast<PyArrayObject *>(array), owner) <
      0) {
    Py_DECREF(array);
    return nullptr;
  }
  return array;
}

/// Converts `object` to a C-contiguous, aligned array of `descr`; null with
/// a Python error set when it cannot.
PyArrayObject *convert(PyObject *object, PyArray_Descr *descr, bool cast) {
  Py_INCREF(descr); // stolen by PyArray_FromAny
  return reinterpret_cast<PyArrayObject *>(PyArray_FromAny(
      object, descr, 0, 0,
      NPY_ARRAY_CARRAY_RO | (cast ? NPY_ARRAY_FORCECAST : 0), nullptr));
}

/// The per-thread argument vectors, reused from call to call so that a
/// call does not allocate them.
struct CallBuffers {
  std::vector<const void *> inputs;
  std::vector<void *> outputs;
};
thread_local CallBuffers callBuffers;
thread_local int callDepth = 0;

struct DepthGuard {
  DepthGuard() { ++callDepth; }
  ~DepthGuard() { --callDepth; }
  DepthGuard(const DepthGuard &) = delete;
  DepthGuard &operator=(const DepthGuard &) = delete;
};

class Function {
public:
  Function(std::shared_ptr<Executable> executable, const FunctionSpec *spec,
           const std::vector<nb::object> &inputDtypes,
           const std::vector<nb::object> &outputDtypes,
           const std::vector<bool> &weak)
      : executable(std::move(executable)), spec(spec) {
    if (inputDtypes.size() != spec->inputs.size() ||
        outputDtypes.size() != spec->outputs.size())
      throw nb::value_error("dtype lists do not match the signature");
    auto makeSlot = [](const TensorSpec &tensor, const nb::object &dtype) {
      if (!PyArray_DescrCheck(dtype.ptr()))
        throw nb::type_error("expected numpy.dtype objects");
      Slot slot;
      slot.dtype = dtype;
      slot.dims.assign(tensor.shape.begin(), tensor.shape.end());
      slot.bytes = tensor.byteSize();
      if (PyDataType_ELSIZE(slot.descr()) != tensor.elementBytes())
        throw nb::value_error(("dtype " + dtypeName(slot.descr()) +
                               " does not hold " + tensor.elementType +
                               " elements")
                                  .c_str());
      return slot;
    };
    for (size_t i = 0; i < inputDtypes.size(); ++i) {
      inputs.push_back(makeSlot(spec->inputs[i], inputDtypes[i]));
      inputs.back().weak = i < weak.size() && weak[i];
    }
    for (size_t i = 0; i < outputDtypes.size(); ++i)
      outputs.push_back(makeSlot(spec->outputs[i], outputDtypes[i]));
  }

  const std::string &name() const { return spec->name; }

  /// Runs the function on the arguments in `args` (a tuple or list). In
  /// Try mode a signature mismatch returns None; when `wrap` is callable and
  /// some argument was neither a NumPy array nor a Python scalar (a JAX
  /// array), the results are passed through it.
  nb::object call(nb::handle args, Mode mode, nb::handle wrap) const {
    PyObject *sequence = PySequence_Fast(args.ptr(), "arguments");
    if (!sequence)
      throw nb::python_error();
    nb::object owner = nb::steal(sequence);
    Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence);
    PyObject **items = PySequence_Fast_ITEMS(sequence);
    if (count != static_cast<Py_ssize_t>(inputs.size())) {
      if (mode == Mode::Try)
        return nb::none();
      throw nb::type_error(("@" + spec->name + " takes " +
                            std::to_string(inputs.size()) + " arguments, got " +
                            std::to_string(count))
                               .c_str());
    }

    // Converting an argument may run Python code (an __array__ method)
    // that calls back into axle on this thread: only the outermost call
    // uses the shared vectors.
    CallBuffers nested;
    CallBuffers &buffers = callDepth == 0 ? callBuffers : nested;
    DepthGuard depth;
    buffers.inputs.clear();
    buffers.outputs.clear();
    // Converted copies, alive until the run is over; empty (and never
    // allocated) when every argument is used in place.
    std::vector<nb::object> converted;
    // JAX arrays read in place (buffer protocol), released after the run.
    Views views;
    bool foreign = false;
    for (Py_ssize_t i = 0; i < count; ++i) {
      PyObject *object = items[i];
      const Slot &slot = inputs[i];
      PyArrayObject *array = nullptr;
      if (PyArray_Check(object)) {
        if (mode == Mode::Try && slot.weak)
          return nb::none();
        array = reinterpret_cast<PyArrayObject *>(object);
        PyArray_Descr *descr = PyArray_DESCR(array);
        bool cast = false;
        if (!sameDtype(descr, slot.descr())) {
          // The same type in the other byte order is only a layout change.
          bool swapped = descr->type_num == slot.descr()->type_num;
          cast = mode == Mode::Try && narrowsTo(descr, slot.descr());
          if (!swapped && !cast) {
            if (mode == Mode::Try)
              return nb::none();
            throw nb::type_error(dtypeError(i, descr).c_str());
          }
        }
        if (!shapeMatches(array, slot)) {
          if (mode == Mode::Try)
            return nb::none();
          throw nb::value_error(shapeError(i, array).c_str());
        }
        if (!sameDtype(descr, slot.descr()) || !PyArray_ISCARRAY_RO(array)) {
          array = convert(object, slot.descr(), cast);
          if (!array)
            throw nb::python_error();
          converted.push_back(nb::steal(reinterpret_cast<PyObject *>(array)));
        }
      } else {
        bool scalar = isPythonScalar(object);
        if (scalar || PyBool_Check(object) || PyList_Check(object) ||
            PyTuple_Check(object)) {
          if (mode == Mode::Try && scalar != slot.weak)
            return nb::none();
          // Python values take the dtype of the signature when their kind
          // fits it (checked on the elements NumPy infers for lists).
          if (!fitsLoosely(object, slot.descr())) {
            if (mode == Mode::Try)
              return nb::none();
            throw nb::type_error(looseError(i, object).c_str());
          }
          array = convert(object, slot.descr(), /*cast=*/true);
        } else {
          // Array-likes (JAX arrays, NumPy scalars, buffers) keep their own
          // dtype, which must match as for arrays.
          foreign = foreign || !PyArray_IsScalar(object, Generic);
          if (mode == Mode::Try && slot.weak != isWeak(object))
            return nb::none();
          // A JAX array on the CPU with the signature's dtype and shape:
          // its host memory, without a NumPy array in between. jaxlib's
          // buffer export waits until the array is computed and holds it
          // (no deletion or donation) until the view is released. Any
          // other case (another device, several shards, a dtype to
          // narrow) takes the general path below.
          if (jaxArrayType &&
              Py_TYPE(object) ==
                  reinterpret_cast<PyTypeObject *>(jaxArrayType)) {
            Py_buffer view;
            if (PyObject_GetBuffer(object, &view, PyBUF_RECORDS_RO) == 0) {
              if (formatMatches(view.format, slot.descr()) &&
                  viewMatches(view, slot)) {
                if (views.views.empty())
                  views.views.reserve(count);
                views.views.push_back(view);
                buffers.inputs.push_back(view.buf);
                continue;
              }
              PyBuffer_Release(&view);
            } else {
              PyErr_Clear();
            }
          }
          array = reinterpret_cast<PyArrayObject *>(
              PyArray_FromAny(object, nullptr, 0, 0, 0, nullptr));
          if (!array) {
            if (mode == Mode::Try) {
              PyErr_Clear();
              return nb::none();
            }
            throw nb::python_error();
          }
          nb::object natural = nb::steal(reinterpret_cast<PyObject *>(array));
          PyArray_Descr *descr = PyArray_DESCR(array);
          bool cast = mode == Mode::Try && narrowsTo(descr, slot.descr());
          if (!sameDtype(descr, slot.descr()) &&
              descr->type_num != slot.descr()->type_num && !cast) {
            if (mode == Mode::Try)
              return nb::none();
            throw nb::type_error(dtypeError(i, descr).c_str());
          }
          array = convert(natural.ptr(), slot.descr(), cast);
        }
        if (!array)
          throw nb::python_error();
        converted.push_back(nb::steal(reinterpret_cast<PyObject *>(array)));
        if (!shapeMatches(array, slot)) {
          if (mode == Mode::Try)
            return nb::none();
          throw nb::value_error(shapeError(i, array).c_str());
        }
      }
      buffers.inputs.push_back(PyArray_DATA(array));
    }

    // Results for JAX: aligned, so that JAX adopts them without a copy.
    // Large NumPy results too: the compiled code writes aligned rows of
    // large results with streaming stores (NumPy aligns to 16 bytes only).
    constexpr int64_t kAlignedResultBytes = int64_t(1) << 20;
    bool toJax = foreign && jaxPut.is_valid() && !jaxPut.is_none();
    nb::object results = nb::steal(PyTuple_New(outputs.size()));
    if (!results.is_valid())
      throw nb::python_error();
    for (size_t i = 0; i < outputs.size(); ++i) {
      const Slot &slot = outputs[i];
      PyObject *array;
      if (toJax || slot.bytes >= kAlignedResultBytes) {
        array =
            newAlignedArray(slot.descr(), static_cast<int>(slot.dims.size()),
                            slot.dims.data(), slot.bytes);
      } else {
        Py_INCREF(slot.descr()); // stolen by PyArray_NewFromDescr
        array = PyArray_NewFromDescr(&PyArray_Type, slot.descr(),
                                     static_cast<int>(slot.dims.size()),
                                     const_cast<npy_intp *>(slot.dims.data()),
                                     nullptr, nullptr, 0, nullptr);
      }
      if (!array)
        throw nb::python_error();
      PyTuple_SET_ITEM(results.ptr(), i, array);
      buffers.outputs.push_back(
          PyArray_DATA(reinterpret_cast<PyArrayObject *>(array)));
    }

    axle::runtime::Status status;
    {
      nb::gil_scoped_release release;
      status = executable->run(*spec, buffers.inputs, buffers.outputs);
    }
    if (!status.ok())
      throw std::runtime_error(status.message());
    views.release();
    if (toJax)
      return toJaxArrays(results, wrap);
    if (foreign && wrap.is_valid() && !wrap.is_none())
      return wrap(results);
    return results;
  }

  /// For axle.jit: the results of calls given JAX arrays become JAX arrays
  /// through `put(aval, sharding, [array], devices, committed, force_copy,
  /// semantics, enable_x64)` (jaxlib's batched_device_put, with the
  /// sharding, devices and avals made once per variant) instead of the
  /// Python `wrap` callable.
  void setJaxOutputs(nb::object put, std::vector<nb::object> avals,
                     nb::object sharding, nb::object devices,
                     nb::object committed, nb::object semantics,
                     nb::object x64) {
    if (avals.size() != outputs.size())
      throw nb::value_error("one aval per output expected");
    if (!PyCallable_Check(put.ptr()))
      throw nb::type_error("put must be callable");
    jaxPut = std::move(put);
    jaxAvals = std::move(avals);
    jaxSharding = std::move(sharding);
    jaxDevices = std::move(devices);
    jaxCommitted = std::move(committed);
    jaxSemantics = std::move(semantics);
    jaxX64 = std::move(x64);
  }

  std::shared_ptr<Executable> executable;
  const FunctionSpec *spec;
  std::vector<Slot> inputs;
  std::vector<Slot> outputs;

private:
  nb::object jaxPut, jaxSharding, jaxDevices, jaxCommitted, jaxSemantics,
      jaxX64;
  std::vector<nb::object> jaxAvals;

  /// The NumPy results (aligned, written by the compiled code and
  /// referenced nowhere else) as JAX arrays that own them.
  nb::object toJaxArrays(const nb::object &results, nb::handle wrap) const {
    size_t count = outputs.size();
    nb::object wrapped = nb::steal(PyTuple_New(count));
    if (!wrapped.is_valid())
      throw nb::python_error();
    for (size_t i = 0; i < count; ++i) {
      PyObject *array = PyTuple_GET_ITEM(results.ptr(), i);
      nb::object xs = nb::steal(PyList_New(1));
      if (!xs.is_valid())
        throw nb::python_error();
      Py_INCREF(array);
      PyList_SET_ITEM(xs.ptr(), 0, array);
      PyObject *args[] = {jaxAvals[i].ptr(),  jaxSharding.ptr(),  xs.ptr(),
                          jaxDevices.ptr(),   jaxCommitted.ptr(), Py_False,
                          jaxSemantics.ptr(), jaxX64.ptr()};
      PyObject *out = PyObject_Vectorcall(jaxPut.ptr(), args, 8, nullptr);
      if (!out) {
        // jaxlib refused (its private API changed): the public path.
        if (wrap.is_valid() && !wrap.is_none()) {
          PyErr_Clear();
          return wrap(results);
        }
        throw nb::python_error();
      }
      PyTuple_SET_ITEM(wrapped.ptr(), i, out);
    }
    return wrapped;
  }

  /// Whether an exported buffer has the slot's shape, C-contiguous.
  static bool viewMatches(const Py_buffer &view, const Slot &slot) {
    if (view.ndim != static_cast<int>(slot.dims.size()))
      return false;
    if (view.ndim == 0)
      return true;
    if (!view.shape ||
        !std::equal(slot.dims.begin(), slot.dims.end(), view.shape))
      return false;
    return PyBuffer_IsContiguous(&view, 'C');
  }

  static bool shapeMatches(PyArrayObject *array, const Slot &slot) {
    int ndim = PyArray_NDIM(array);
    return ndim == static_cast<int>(slot.dims.size()) &&
           std::equal(slot.dims.begin(), slot.dims.end(), PyArray_DIMS(array));
  }

  /// A JAX array traced with a weak type (the result of arithmetic on
  /// Python scalars) is a different input to jax.jit than a strong one.
  static bool isWeak(PyObject *object) {
    static PyObject *name = PyUnicode_InternFromString("weak_type");
    PyObject *weak = PyObject_GetAttr(object, name);
    if (!weak) {
      PyErr_Clear();
      return false;
    }
    bool result = PyObject_IsTrue(weak) == 1;
    Py_DECREF(weak);
    return result;
  }

  static bool fitsLoosely(PyObject *object, PyArray_Descr *descr) {
    if (PyBool_Check(object) || isPythonScalar(object))
      return scalarFits(object, descr);
    // A list: what NumPy would make of it must cast within its kind.
    PyObject *natural = PyArray_FromAny(object, nullptr, 0, 0, 0, nullptr);
    if (!natural) {
      PyErr_Clear();
      return false;
    }
    bool fits = PyArray_CanCastTypeTo(
        PyArray_DESCR(reinterpret_cast<PyArrayObject *>(natural)), descr,
        NPY_SAME_KIND_CASTING);
    Py_DECREF(natural);
    return fits;
  }

  std::string where(Py_ssize_t i) const {
    return "argument " + std::to_string(i) + " of @" + spec->name +
           ": expected " + spec->inputs[i].toString();
  }
  std::string dtypeError(Py_ssize_t i, PyArray_Descr *got) const {
    return where(i) + " (dtype " + dtypeName(inputs[i].descr()) +
           "), got dtype " + dtypeName(got);
  }
  std::string shapeError(Py_ssize_t i, PyArrayObject *got) const {
    return where(i) + " (shape " + shapeText(spec->inputs[i].shape) +
           "), got shape " + shapeText(PyArray_NDIM(got), PyArray_DIMS(got));
  }
  std::string looseError(Py_ssize_t i, PyObject *got) const {
    return where(i) + " (dtype " + dtypeName(inputs[i].descr()) + "), got " +
           nb::cast<std::string>(nb::repr(nb::handle(got)));
  }
};

/// The calling path of axle.jit (the base class of axle's JitFunction): a
/// call flattens the arguments, looks up the variants compiled for their
/// pytree structure and the x64 mode, and calls the first that accepts the
/// leaves -- what JitFunction._call_slow does in Python, without Python
/// frames. Anything else (no variant yet, static arguments, an unconfigured
/// object) goes to self._call_slow(args, kwargs).
struct JitDispatch {
  nb::object flatten; ///< jax.tree_util.tree_flatten; null: always slow
  nb::object x64;     ///< an object whose .value is jax_enable_x64
  nb::object
      cache; ///< {(tree, x64): [(Function, wrap, single, out_tree, ...)]}
  /// The tree of n positional leaves and no keywords, by n (None until
  /// first needed): such calls skip flattening.
  std::vector<nb::object> leafTrees;

  void configure(nb::object flattenFn, nb::object x64Flag, nb::dict variants) {
    flatten = std::move(flattenFn);
    x64 = std::move(x64Flag);
    cache = std::move(variants);
    leafTrees.assign(9, nb::none());
  }

  /// Whether JAX's tree_flatten takes `object` as a leaf for sure (the
  /// types a call on arrays and scalars passes).
  static bool isLeaf(PyObject *object) {
    PyTypeObject *type = Py_TYPE(object);
    return type == &PyArray_Type ||
           (jaxArrayType &&
            type == reinterpret_cast<PyTypeObject *>(jaxArrayType)) ||
           type == &PyFloat_Type || type == &PyLong_Type ||
           type == &PyBool_Type || type == &PyComplex_Type;
  }

  nb::object call(PyObject *self, PyObject *args, PyObject *kwargs) {
    if (!flatten.is_valid())
      return slow(self, args, kwargs);
    Py_ssize_t count = PyTuple_GET_SIZE(args);
    bool hasKeywords = kwargs && PyDict_GET_SIZE(kwargs) != 0;
    nb::object leaves, tree;
    bool leafOnly =
        !hasKeywords && count < static_cast<Py_ssize_t>(leafTrees.size());
    for (Py_ssize_t i = 0; leafOnly && i < count; ++i)
      leafOnly = isLeaf(PyTuple_GET_ITEM(args, i));
    if (leafOnly) {
      nb::object &cached = leafTrees[count];
      if (cached.is_none())
        cached = flattenPair(args, nullptr)[1];
      leaves = nb::borrow(args);
      tree = cached;
    } else {
      nb::object flat = flattenPair(args, kwargs);
      leaves = flat[0];
      tree = flat[1];
    }
    nb::object mode = x64.attr("value");
    nb::object key = nb::steal(PyTuple_Pack(2, tree.ptr(), mode.ptr()));
    if (!key.is_valid())
      throw nb::python_error();
    PyObject *variants = PyDict_GetItemWithError(cache.ptr(), key.ptr());
    if (!variants) {
      if (PyErr_Occurred())
        throw nb::python_error();
      return slow(self, args, kwargs);
    }
    nb::object list = nb::borrow(variants); // alive if the cache changes
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list.ptr()); ++i) {
      nb::object entry = nb::borrow(PyList_GET_ITEM(list.ptr(), i));
      if (!PyTuple_Check(entry.ptr()) || PyTuple_GET_SIZE(entry.ptr()) < 4)
        throw nb::type_error("malformed axle.jit cache entry");
      const Function &function = nb::cast<const Function &>(
          nb::handle(PyTuple_GET_ITEM(entry.ptr(), 0)));
      nb::object results = function.call(
          leaves, Mode::Try, nb::handle(PyTuple_GET_ITEM(entry.ptr(), 1)));
      if (results.is_none())
        continue;
      if (PyObject_IsTrue(PyTuple_GET_ITEM(entry.ptr(), 2)) == 1)
        return nb::borrow(PyTuple_GET_ITEM(results.ptr(), 0));
      return nb::handle(PyTuple_GET_ITEM(entry.ptr(), 3))
          .attr("unflatten")(results);
    }
    return slow(self, args, kwargs);
  }

private:
  nb::object flattenPair(PyObject *args, PyObject *kwargs) {
    nb::object keywords = kwargs ? nb::borrow(kwargs) : nb::steal(PyDict_New());
    if (!keywords.is_valid())
      throw nb::python_error();
    nb::object pair = nb::steal(PyTuple_Pack(2, args, keywords.ptr()));
    if (!pair.is_valid())
      throw nb::python_error();
    return flatten(pair);
  }

  static nb::object slow(PyObject *self, PyObject *args, PyObject *kwargs) {
    static PyObject *name = PyUnicode_InternFromString("_call_slow");
    nb::object keywords = kwargs ? nb::borrow(kwargs) : nb::steal(PyDict_New());
    if (!keywords.is_valid())
      throw nb::python_error();
    PyObject *callArgs[] = {self, args, keywords.ptr()};
    PyObject *result = PyObject_VectorcallMethod(
        name, callArgs, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (!result)
      throw nb::python_error();
    return nb::steal(result);
  }
};

/// tp_call of JitDispatch (and so of its Python subclass): C++ exceptions
/// become Python ones here, outside nanobind's function wrappers.
PyObject *jitDispatchCall(PyObject *self, PyObject *args, PyObject *kwargs) {
  try {
    if (!nb::inst_ready(self)) {
      PyErr_SetString(PyExc_TypeError, "JitDispatch.__init__ was not called");
      return nullptr;
    }
    JitDispatch *dispatch = nb::inst_ptr<JitDispatch>(self);
    return dispatch->call(self, args, kwargs).release().ptr();
  } catch (nb::python_error &e) {
    e.restore();
  } catch (const nb::builtin_exception &e) {
    PyObject *type = PyExc_RuntimeError;
    switch (e.type()) {
    case nb::exception_type::value_error:
      type = PyExc_ValueError;
      break;
    case nb::exception_type::type_error:
      type = PyExc_TypeError;
      break;
    case nb::exception_type::key_error:
      type = PyExc_KeyError;
      break;
    case nb::exception_type::index_error:
      type = PyExc_IndexError;
      break;
    case nb::exception_type::buffer_error:
      type = PyExc_BufferError;
      break;
    case nb::exception_type::attribute_error:
      type = PyExc_AttributeError;
      break;
    default:
      break;
    }
    PyErr_SetString(type, e.what());
  } catch (const std::bad_alloc &) {
    PyErr_NoMemory();
  } catch (const std::exception &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

PyType_Slot jitDispatchSlots[] = {
    {Py_tp_call, reinterpret_cast<void *>(jitDispatchCall)}, {0, nullptr}};

/// The signature of a function as plain Python values:
/// (name, [(element type, shape)], [(element type, shape)]).
using TensorTuple = std::pair<std::string, std::vector<int64_t>>;
using FunctionTuple =
    std::tuple<std::string, std::vector<TensorTuple>, std::vector<TensorTuple>>;

FunctionTuple describe(const FunctionSpec &spec) {
  auto tensors = [](const std::vector<TensorSpec> &specs) {
    std::vector<TensorTuple> list;
    for (const TensorSpec &tensor : specs)
      list.emplace_back(tensor.elementType, tensor.shape);
    return list;
  };
  return {spec.name, tensors(spec.inputs), tensors(spec.outputs)};
}

std::shared_ptr<Executable>
unwrap(axle::runtime::Result<std::shared_ptr<Executable>> result) {
  if (!result)
    throw nb::value_error(result.status().message().c_str());
  return *result;
}

} // namespace

NB_MODULE(_axle, m) {
  if (_import_array() < 0)
    throw nb::python_error();

  m.doc() = "axle's compiler and runtime (use the axle package, not this)";

  m.def(
      "set_jax_array_type",
      [](nb::handle type) {
        if (!PyType_Check(type.ptr()))
          throw nb::type_error("expected a type");
        Py_XDECREF(jaxArrayType);
        jaxArrayType = type.inc_ref().ptr();
      },
      nb::arg("type"),
      "Registers JAX's array type: its CPU arrays are read in place through "
      "the buffer protocol.");

  m.def(
      "compile",
      [](nb::bytes program, std::string bufferName, std::string targetTriple,
         std::string targetCpu, bool fastMath, bool reassociateReductions,
         unsigned optLevel, bool fusion, bool simplify, std::string report) {
        axle::api::CompileRequest request;
        request.program.assign(program.c_str(), program.size());
        request.bufferName = std::move(bufferName);
        request.targetTriple = std::move(targetTriple);
        request.targetCpu = std::move(targetCpu);
        request.fastMath = fastMath;
        request.reassociateReductions = reassociateReductions;
        request.optLevel = optLevel;
        request.fusion = fusion;
        request.simplify = simplify;
        request.report = std::move(report);
        axle::api::CompileResult result;
        {
          nb::gil_scoped_release release;
          result = axle::api::compile(request);
        }
        // Diagnostics quote the source line, which need not be UTF-8:
        // bytes, decoded leniently on the Python side.
        auto bytes = [](const std::string &text) {
          return nb::bytes(text.data(), text.size());
        };
        return std::make_tuple(result.ok, bytes(result.artifact),
                               bytes(result.diagnostics), bytes(result.report));
      },
      nb::arg("program"), nb::arg("buffer_name"), nb::arg("target_triple"),
      nb::arg("target_cpu"), nb::arg("fast_math"),
      nb::arg("reassociate_reductions"), nb::arg("opt_level"),
      nb::arg("fusion"), nb::arg("simplify"), nb::arg("report"),
      "Compiles StableHLO text; returns (ok, artifact, diagnostics, report).");

  nb::class_<Executable>(m, "Executable")
      .def_static(
          "load_bytes",
          [](nb::bytes bytes) {
            std::string_view view(bytes.c_str(), bytes.size());
            return unwrap(Executable::loadBytes(view));
          },
          nb::arg("artifact"))
      .def_static(
          "load_file",
          [](const std::string &path) {
            return unwrap(Executable::loadFile(path));
          },
          nb::arg("path"))
      .def("functions",
           [](const Executable &self) {
             std::vector<FunctionTuple> list;
             for (const FunctionSpec &spec : self.functions())
               list.push_back(describe(spec));
             return list;
           })
      .def("serialize",
           [](const Executable &self) {
             std::string bytes =
                 axle::runtime::serializeArtifact(self.artifact());
             return nb::bytes(bytes.data(), bytes.size());
           })
      .def_prop_ro(
          "triple",
          [](const Executable &self) { return self.artifact().triple; })
      .def_prop_ro("cpu",
                   [](const Executable &self) { return self.artifact().cpu; })
      .def_prop_ro("features", [](const Executable &self) {
        return self.artifact().features;
      });

  nb::class_<JitDispatch>(m, "JitDispatch", nb::type_slots(jitDispatchSlots))
      .def(nb::init<>())
      .def("_configure", &JitDispatch::configure, nb::arg("flatten"),
           nb::arg("x64"), nb::arg("cache"),
           "Turns on the native calling path over `cache`.");

  nb::class_<Function>(m, "Function")
      .def(
          "__init__",
          [](Function *self, std::shared_ptr<Executable> executable,
             const std::string &name, std::vector<nb::object> inputDtypes,
             std::vector<nb::object> outputDtypes, std::vector<bool> weak) {
            const FunctionSpec *spec = executable->find(name);
            if (!spec)
              throw nb::key_error(("no function named '" + name + "'").c_str());
            new (self) Function(std::move(executable), spec, inputDtypes,
                                outputDtypes, weak);
          },
          nb::arg("executable"), nb::arg("name"), nb::arg("input_dtypes"),
          nb::arg("output_dtypes"), nb::arg("weak") = std::vector<bool>())
      .def_prop_ro("name", &Function::name)
      .def("set_jax_outputs", &Function::setJaxOutputs, nb::arg("put"),
           nb::arg("avals"), nb::arg("sharding").none(),
           nb::arg("devices").none(), nb::arg("committed").none(),
           nb::arg("semantics").none(), nb::arg("x64").none(),
           "Makes calls given JAX arrays return JAX arrays through `put` "
           "(jaxlib's batched_device_put).")
      .def(
          "__call__",
          [](const Function &self, nb::args args) {
            return self.call(args, Mode::Strict, nb::handle());
          },
          "Runs the function on arrays (checked against its signature).")
      .def(
          "call_list",
          [](const Function &self, nb::handle args) {
            return self.call(args, Mode::Strict, nb::handle());
          },
          nb::arg("args"))
      .def(
          "try_call",
          [](const Function &self, nb::handle args, nb::handle wrap) {
            return self.call(args, Mode::Try, wrap);
          },
          nb::arg("args"), nb::arg("wrap").none(),
          "Runs on a list of pytree leaves; None when they do not match.");
}

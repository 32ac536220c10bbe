// oneDNN baseline for bench/run.py: runs a suite model with oneDNN's own
// primitives, so axle can be compared with a vendor library as well as with
// other compilers.
//
//   clang++-22 -O2 -std=c++17 onednn_baseline.cpp -ldnnl -o onednn_baseline
//   OMP_NUM_THREADS=1 taskset -c 0 ./onednn_baseline MODEL RUNS OUT.npy IN...
//
// MODEL is matmul_* (A @ B, f32 or bf16), conv1x1 (one NHWC x HWIO conv) or
// resnet_stack (two basic blocks with bias, relu and the residual add fused
// into the convs as post-ops); every conv has stride 1 and SAME padding.
// Inputs and the output are .npy files (bfloat16 as NumPy saves
// ml_dtypes.bfloat16 arrays: raw 2-byte values, descr '<V2').
//
// A timed call is the whole model from its inputs to its output, as the other
// compilers in the harness are timed. Weights are inputs of the call like any
// other argument, so where oneDNN prefers a blocked weights layout the reorder
// into it is part of every call; primitives and buffers are created once,
// before two untimed warm-up calls. Prints one line of JSON: the time of each
// run, their median and minimum in microseconds, oneDNN's effective ISA and
// whether the weights were used as given ("plain") or reordered. The thread
// count is oneDNN's OpenMP one (OMP_NUM_THREADS). Bad arguments or inputs give
// a one-line error on stderr and exit status 2; a model oneDNN has no
// implementation of for this CPU (bf16 matmuls where the CPU has no
// AVX512-BF16 or AMX, as AVX2-only CPUs) says so and exits with status 3.

#include <dnnl.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using dnnl::memory;
using Dims = memory::dims;
using Tag = memory::format_tag;
using DataType = memory::data_type;

/// Anything wrong with the command line or the input files; main() prints
/// the message and exits with status 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class ElemType { F32, BF16 };

size_t elemSize(ElemType type) { return type == ElemType::F32 ? 4 : 2; }

DataType dnnlType(ElemType type) {
  return type == ElemType::F32 ? DataType::f32 : DataType::bf16;
}

const char *typeName(ElemType type) {
  return type == ElemType::F32 ? "float32" : "bfloat16";
}

struct FreeDeleter {
  void operator()(void *p) const { std::free(p); }
};

/// An input array: its type, shape and data in C order. The data is 64-byte
/// aligned (a cache line, and what oneDNN uses for its own buffers) so that a
/// user buffer is no slower for oneDNN than one it allocated.
struct Array {
  std::string path;
  ElemType type = ElemType::F32;
  std::vector<int64_t> shape;
  size_t bytes = 0;
  std::unique_ptr<void, FreeDeleter> data;

  int rank() const { return static_cast<int>(shape.size()); }
};

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  // A 1-tuple needs its comma, as in Python (the .npy header is Python).
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

//===----------------------------------------------------------------------===//
// .npy reading and writing
//===----------------------------------------------------------------------===//

void skipSpaces(const std::string &text, size_t &pos) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
    ++pos;
}

/// Position just past "'key':" in the header dict, or npos. NumPy writes
/// single quotes; double quotes are accepted since the header is a Python
/// literal and other writers may use them.
size_t findKey(const std::string &header, const char *key) {
  for (char quote : {'\'', '"'}) {
    std::string quoted = std::string(1, quote) + key + quote;
    size_t pos = header.find(quoted);
    if (pos == std::string::npos)
      continue;
    pos += quoted.size();
    skipSpaces(header, pos);
    if (pos < header.size() && header[pos] == ':') {
      ++pos;
      skipSpaces(header, pos);
      return pos;
    }
  }
  return std::string::npos;
}

/// Parses the header dict of a .npy file: dtype, order and shape.
void parseNpyHeader(const std::string &header, Array &array) {
  const std::string &path = array.path;

  size_t pos = findKey(header, "descr");
  if (pos == std::string::npos || pos >= header.size() ||
      (header[pos] != '\'' && header[pos] != '"'))
    throw InputError(path + ": .npy header has no 'descr' string "
                            "(structured dtypes are not supported)");
  size_t end = header.find(header[pos], pos + 1);
  if (end == std::string::npos)
    throw InputError(path + ": malformed 'descr' in .npy header");
  std::string descr = header.substr(pos + 1, end - pos - 1);
  if (descr == "<f4") {
    array.type = ElemType::F32;
  } else if (descr == "<V2" || descr == "|V2" || descr == "bfloat16" ||
             descr == "<bfloat16" || descr == "|bfloat16" || descr == "bf16") {
    // A 2-byte void is what NumPy writes for ml_dtypes.bfloat16; the harness
    // only ever saves bfloat16 that way.
    array.type = ElemType::BF16;
  } else {
    throw InputError(path + ": unsupported dtype '" + descr +
                     "' (expected '<f4' float32 or '<V2' bfloat16)");
  }

  pos = findKey(header, "fortran_order");
  if (pos == std::string::npos)
    throw InputError(path + ": .npy header has no 'fortran_order'");
  if (header.compare(pos, 4, "True") == 0)
    throw InputError(path + ": Fortran-order arrays are not supported "
                            "(save the array in C order)");
  if (header.compare(pos, 5, "False") != 0)
    throw InputError(path + ": malformed 'fortran_order' in .npy header");

  pos = findKey(header, "shape");
  if (pos == std::string::npos || pos >= header.size() || header[pos] != '(')
    throw InputError(path + ": .npy header has no 'shape' tuple");
  ++pos;
  for (;;) {
    skipSpaces(header, pos);
    if (pos < header.size() && header[pos] == ')')
      break;
    if (pos >= header.size() || header[pos] < '0' || header[pos] > '9')
      throw InputError(path + ": malformed 'shape' in .npy header");
    int64_t dim = 0;
    while (pos < header.size() && header[pos] >= '0' && header[pos] <= '9') {
      // Far beyond any real array, and small enough that the element count
      // checks below cannot overflow.
      if (dim > (int64_t(1) << 40))
        throw InputError(path + ": dimension too large in .npy header");
      dim = dim * 10 + (header[pos++] - '0');
    }
    // Python ints may carry an 'L' suffix in files written by Python 2.
    if (pos < header.size() && header[pos] == 'L')
      ++pos;
    array.shape.push_back(dim);
    skipSpaces(header, pos);
    if (pos < header.size() && header[pos] == ',') {
      ++pos;
      continue;
    }
    if (pos < header.size() && header[pos] == ')')
      break;
    throw InputError(path + ": malformed 'shape' in .npy header");
  }
}

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

Array loadNpy(const std::string &path) {
  Array array;
  array.path = path;
  std::unique_ptr<FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file)
    throw InputError(path + ": cannot open: " + std::strerror(errno));
  FILE *f = file.get();

  unsigned char prefix[8];
  if (std::fread(prefix, 1, 8, f) != 8 ||
      std::memcmp(prefix, "\x93NUMPY", 6) != 0)
    throw InputError(path + ": not a .npy file (bad magic)");
  size_t headerLen = 0;
  unsigned major = prefix[6];
  if (major == 1) {
    unsigned char len[2];
    if (std::fread(len, 1, 2, f) != 2)
      throw InputError(path + ": truncated .npy header");
    headerLen = len[0] | size_t(len[1]) << 8;
  } else if (major == 2 || major == 3) {
    // Version 3.0 only changes the header's encoding to UTF-8, which the
    // keys and values read here do not care about.
    unsigned char len[4];
    if (std::fread(len, 1, 4, f) != 4)
      throw InputError(path + ": truncated .npy header");
    headerLen = len[0] | size_t(len[1]) << 8 | size_t(len[2]) << 16 |
                size_t(len[3]) << 24;
  } else {
    throw InputError(path + ": unsupported .npy version " +
                     std::to_string(major) + "." + std::to_string(prefix[7]));
  }
  // Real headers are a few hundred bytes; a huge length means a corrupt file,
  // not an allocation worth attempting.
  if (headerLen > (1u << 20))
    throw InputError(path + ": .npy header length " +
                     std::to_string(headerLen) + " is implausible");
  std::string header(headerLen, '\0');
  if (std::fread(&header[0], 1, headerLen, f) != headerLen)
    throw InputError(path + ": truncated .npy header");
  parseNpyHeader(header, array);

  size_t count = 1;
  for (int64_t dim : array.shape) {
    if (dim == 0)
      throw InputError(path + ": empty array " + shapeString(array.shape) +
                       " is not supported");
    if (count > (size_t(1) << 44) / size_t(dim))
      throw InputError(path + ": array " + shapeString(array.shape) +
                       " is too large");
    count *= size_t(dim);
  }
  array.bytes = count * elemSize(array.type);

  // Check the size before allocating, so that a header promising more data
  // than the file holds is an error message rather than a huge allocation.
  long dataStart = std::ftell(f);
  if (dataStart < 0 || std::fseek(f, 0, SEEK_END) != 0)
    throw InputError(path + ": cannot seek: " + std::strerror(errno));
  long fileEnd = std::ftell(f);
  if (fileEnd < dataStart || std::fseek(f, dataStart, SEEK_SET) != 0)
    throw InputError(path + ": cannot seek: " + std::strerror(errno));
  size_t available = size_t(fileEnd - dataStart);
  if (available < array.bytes)
    throw InputError(path + ": truncated .npy data: shape " +
                     shapeString(array.shape) + " " + typeName(array.type) +
                     " needs " + std::to_string(array.bytes) +
                     " bytes, the file has " + std::to_string(available));

  size_t allocBytes = (array.bytes + 63) / 64 * 64;
  array.data.reset(std::aligned_alloc(64, allocBytes));
  if (!array.data)
    throw InputError(path + ": out of memory for " +
                     std::to_string(array.bytes) + " bytes");
  if (std::fread(array.data.get(), 1, array.bytes, f) != array.bytes)
    throw InputError(path + ": read error: " + std::strerror(errno));
  return array;
}

/// Writes a C-order array as a version 1.0 .npy file.
void saveNpy(const std::string &path, ElemType type,
             const std::vector<int64_t> &shape, const void *data,
             size_t bytes) {
  // bfloat16 as NumPy saves ml_dtypes.bfloat16: 2-byte voids.
  std::string header =
      std::string("{'descr': '") + (type == ElemType::F32 ? "<f4" : "<V2") +
      "', 'fortran_order': False, 'shape': " + shapeString(shape) + ", }";
  // NumPy pads the header with spaces so that the data starts on a 64-byte
  // boundary (10 bytes of magic, version and length come first), and ends it
  // with a newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::unique_ptr<FILE, FileCloser> file(std::fopen(path.c_str(), "wb"));
  if (!file)
    throw InputError(path + ": cannot create: " + std::strerror(errno));
  unsigned char prefix[10] = {0x93,
                              'N',
                              'U',
                              'M',
                              'P',
                              'Y',
                              1,
                              0,
                              static_cast<unsigned char>(header.size() & 0xff),
                              static_cast<unsigned char>(header.size() >> 8)};
  bool ok = std::fwrite(prefix, 1, 10, file.get()) == 10 &&
            std::fwrite(header.data(), 1, header.size(), file.get()) ==
                header.size() &&
            std::fwrite(data, 1, bytes, file.get()) == bytes;
  // fclose flushes the buffered tail, so its failure is a write error too.
  ok = std::fclose(file.release()) == 0 && ok;
  if (!ok)
    throw InputError(path + ": write error: " + std::strerror(errno));
}

//===----------------------------------------------------------------------===//
// Programs: the primitives of one call
//===----------------------------------------------------------------------===//

struct Step {
  dnnl::primitive primitive;
  std::unordered_map<int, memory> args;
};

/// The primitives one call executes, in order, with their arguments.
using Program = std::vector<Step>;

double runOnce(const Program &program, dnnl::stream &stream) {
  auto start = std::chrono::steady_clock::now();
  for (const Step &step : program)
    step.primitive.execute(stream, step.args);
  stream.wait();
  auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(stop - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

/// Attributes for every primitive: the scratchpad is ours, so that it is
/// allocated once with the primitive rather than looked up in oneDNN's
/// library-managed pool on each execution.
dnnl::primitive_attr userScratchpadAttr() {
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

void addScratchpad(Step &step, const memory::desc &scratchpad,
                   const dnnl::engine &engine) {
  if (scratchpad.get_size() > 0)
    step.args[DNNL_ARG_SCRATCHPAD] = memory(scratchpad, engine);
}

/// A oneDNN memory over an input's own buffer (no copy).
memory wrap(const Array &array, const memory::desc &desc,
            const dnnl::engine &engine) {
  // Shapes are checked before this; a mismatch here is a bug, not bad input.
  if (desc.get_size() != array.bytes)
    throw std::logic_error(array.path + ": memory descriptor size mismatch");
  return memory(desc, engine, array.data.get());
}

/// The weights memory a primitive reads: `user` itself where the primitive
/// takes the user's layout, else a buffer in the preferred layout that a
/// reorder appended to `program` fills from `user` on every call. Sets
/// `reordered` in the second case.
memory weightsFor(const memory &user, const memory::desc &preferred,
                  const dnnl::engine &engine, Program &program,
                  bool &reordered) {
  if (preferred == user.get_desc())
    return user;
  reordered = true;
  memory blocked(preferred, engine);
  dnnl::reorder::primitive_desc pd(engine, user.get_desc(), engine, preferred,
                                   userScratchpadAttr());
  Step step{dnnl::reorder(pd), {{DNNL_ARG_FROM, user}, {DNNL_ARG_TO, blocked}}};
  addScratchpad(step, pd.scratchpad_desc(), engine);
  program.push_back(std::move(step));
  return blocked;
}

/// A built model: the program of one call and where its result lands.
struct Model {
  Program program;
  memory output;
  ElemType outputType = ElemType::F32;
  std::vector<int64_t> outputShape;
  bool weightsReordered = false;
};

void expectInputs(const std::string &model, const std::vector<Array> &inputs,
                  size_t count, const char *names) {
  if (inputs.size() != count)
    throw InputError(model + " takes " + std::to_string(count) + " inputs (" +
                     names + "), got " + std::to_string(inputs.size()));
}

void expectRank(const Array &array, const char *name, int rank) {
  if (array.rank() != rank)
    throw InputError(array.path + ": " + name + " must have rank " +
                     std::to_string(rank) + ", got shape " +
                     shapeString(array.shape));
}

void expectF32(const Array &array, const std::string &model) {
  if (array.type != ElemType::F32)
    throw InputError(array.path + ": " + model + " takes float32 inputs, got " +
                     typeName(array.type));
}

//===----------------------------------------------------------------------===//
// matmul_*
//===----------------------------------------------------------------------===//

Model buildMatmul(const std::string &name, const std::vector<Array> &inputs,
                  const dnnl::engine &engine, dnnl::stream &stream) {
  expectInputs(name, inputs, 2, "A, B");
  const Array &a = inputs[0], &b = inputs[1];
  expectRank(a, "A", 2);
  expectRank(b, "B", 2);
  if (a.type != b.type)
    throw InputError(name + ": A is " + typeName(a.type) + " but B is " +
                     typeName(b.type) + " (both must have the same dtype)");
  if (a.shape[1] != b.shape[0])
    throw InputError(name + ": inner dimensions differ: A " +
                     shapeString(a.shape) + " @ B " + shapeString(b.shape));
  int64_t m = a.shape[0], k = a.shape[1], n = b.shape[1];
  DataType type = dnnlType(a.type);

  // A and C stay row-major: they are the caller's input and result. For bf16
  // the destination is bf16 too; oneDNN accumulates in f32 and rounds once.
  memory::desc aDesc({m, k}, type, Tag::ab);
  memory::desc bDesc({k, n}, type, Tag::ab);
  memory::desc cDesc({m, n}, type, Tag::ab);
  memory aMem = wrap(a, aDesc, engine);
  memory bMem = wrap(b, bDesc, engine);
  memory cMem(cDesc, engine);

  auto makeProgram = [&](const memory::desc &bPrimDesc, bool &reordered) {
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(aDesc, bPrimDesc, cDesc),
                                    userScratchpadAttr(), engine);
    Program program;
    memory weights =
        weightsFor(bMem, pd.weights_desc(), engine, program, reordered);
    Step step{dnnl::matmul(pd),
              {{DNNL_ARG_SRC, aMem},
               {DNNL_ARG_WEIGHTS, weights},
               {DNNL_ARG_DST, cMem}}};
    addScratchpad(step, pd.scratchpad_desc(), engine);
    program.push_back(std::move(step));
    return program;
  };

  Model model;
  model.output = cMem;
  model.outputType = a.type;
  model.outputShape = {m, n};

  bool plainReordered = false;
  Program plain = makeProgram(bDesc, plainReordered);
  bool anyReordered = false;
  Program blocked =
      makeProgram(memory::desc({k, n}, type, Tag::any), anyReordered);
  if (!anyReordered) {
    // The primitive's preferred layout is the plain one: nothing to choose.
    model.program = std::move(plain);
    return model;
  }

  // Which is faster depends on the shape and dtype: a blocked B makes the
  // kernel's loads contiguous but the reorder is a full pass over B on every
  // call. Measure both, interleaved so that frequency or neighbour noise hits
  // them alike, after one call each to fault in the buffers.
  runOnce(plain, stream);
  runOnce(blocked, stream);
  std::vector<double> plainTimes, blockedTimes;
  for (int i = 0; i < 5; ++i) {
    plainTimes.push_back(runOnce(plain, stream));
    blockedTimes.push_back(runOnce(blocked, stream));
  }
  if (median(blockedTimes) < median(plainTimes)) {
    model.program = std::move(blocked);
    model.weightsReordered = true;
  } else {
    model.program = std::move(plain);
  }
  return model;
}

//===----------------------------------------------------------------------===//
// conv1x1 and resnet_stack
//===----------------------------------------------------------------------===//

/// NHWC activations as oneDNN describes them: dims in N, C, H, W order, the
/// layout tag saying channels are innermost.
memory::desc nhwcDesc(int64_t n, int64_t h, int64_t w, int64_t c) {
  return memory::desc({n, c, h, w}, DataType::f32, Tag::nhwc);
}

/// Checks a HWIO weights array (and its bias, if any) against the conv's
/// input channels.
void checkConvWeights(const Array &w, const Array *bias, int64_t channels,
                      const std::string &model) {
  expectF32(w, model);
  expectRank(w, "conv weights (KH, KW, IC, OC)", 4);
  if (w.shape[0] % 2 == 0 || w.shape[1] % 2 == 0)
    throw InputError(w.path + ": kernel " + std::to_string(w.shape[0]) + "x" +
                     std::to_string(w.shape[1]) +
                     " has an even side (SAME padding needs odd sizes here)");
  if (w.shape[2] != channels)
    throw InputError(w.path + ": weights " + shapeString(w.shape) + " take " +
                     std::to_string(w.shape[2]) +
                     " input channels, the activation has " +
                     std::to_string(channels));
  if (!bias)
    return;
  expectF32(*bias, model);
  expectRank(*bias, "bias", 1);
  if (bias->shape[0] != w.shape[3])
    throw InputError(bias->path + ": bias " + shapeString(bias->shape) +
                     " does not match the " + std::to_string(w.shape[3]) +
                     " output channels of " + w.path);
}

/// Appends one conv (stride 1, SAME padding) from `src` into `dst` to the
/// model's program, with the weights reorder it needs before it.
/// `residual`, if given, is added after the bias; `relu` applies last.
void addConv(Model &model, const memory &src, const Array &w, const Array *bias,
             const memory &dst, const memory *residual, bool relu,
             const dnnl::engine &engine) {
  int64_t kh = w.shape[0], kw = w.shape[1], ic = w.shape[2], oc = w.shape[3];
  // HWIO in memory; oneDNN's weight dims are always O, I, H, W.
  memory userWeights =
      wrap(w, memory::desc({oc, ic, kh, kw}, DataType::f32, Tag::hwio), engine);
  memory::desc anyWeights({oc, ic, kh, kw}, DataType::f32, Tag::any);
  Dims strides = {1, 1};
  Dims padding = {(kh - 1) / 2, (kw - 1) / 2};

  dnnl::post_ops ops;
  if (residual)
    ops.append_binary(dnnl::algorithm::binary_add, residual->get_desc());
  if (relu)
    ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_relu, 0.0f, 0.0f);
  dnnl::primitive_attr attr = userScratchpadAttr();
  attr.set_post_ops(ops);

  // An empty bias descriptor means no bias to oneDNN.
  memory::desc biasDesc =
      bias ? memory::desc({oc}, DataType::f32, Tag::a) : memory::desc();
  dnnl::convolution_forward::desc desc(
      dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
      src.get_desc(), anyWeights, biasDesc, dst.get_desc(), strides, padding,
      padding);
  dnnl::convolution_forward::primitive_desc pd(desc, attr, engine);

  memory weights = weightsFor(userWeights, pd.weights_desc(), engine,
                              model.program, model.weightsReordered);
  Step step{
      dnnl::convolution_forward(pd),
      {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}}};
  if (bias)
    step.args[DNNL_ARG_BIAS] = wrap(*bias, pd.bias_desc(), engine);
  if (residual)
    step.args[DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1] = *residual;
  addScratchpad(step, pd.scratchpad_desc(), engine);
  model.program.push_back(std::move(step));
}

Model buildConv1x1(const std::string &name, const std::vector<Array> &inputs,
                   const dnnl::engine &engine) {
  expectInputs(name, inputs, 2, "x, w");
  const Array &x = inputs[0], &w = inputs[1];
  expectF32(x, name);
  expectRank(x, "x (N, H, W, C)", 4);
  checkConvWeights(w, nullptr, x.shape[3], name);
  int64_t n = x.shape[0], h = x.shape[1], wd = x.shape[2];
  int64_t oc = w.shape[3];

  Model model;
  memory src = wrap(x, nhwcDesc(n, h, wd, x.shape[3]), engine);
  model.output = memory(nhwcDesc(n, h, wd, oc), engine);
  model.outputShape = {n, h, wd, oc};
  addConv(model, src, w, nullptr, model.output, nullptr, false, engine);
  return model;
}

Model buildResnetStack(const std::string &name,
                       const std::vector<Array> &inputs,
                       const dnnl::engine &engine) {
  expectInputs(name, inputs, 9, "x, w1, b1, w2, b2, w3, b3, w4, b4");
  const Array &x = inputs[0];
  expectF32(x, name);
  expectRank(x, "x (N, H, W, C)", 4);
  int64_t n = x.shape[0], h = x.shape[1], wd = x.shape[2], c = x.shape[3];

  Model model;
  model.outputShape = {n, h, wd, c};
  memory blockInput = wrap(x, nhwcDesc(n, h, wd, c), engine);
  for (int block = 0; block < 2; ++block) {
    const Array &wa = inputs[1 + 4 * block], &ba = inputs[2 + 4 * block];
    const Array &wb = inputs[3 + 4 * block], &bb = inputs[4 + 4 * block];
    checkConvWeights(wa, &ba, c, name);
    int64_t mid = wa.shape[3];
    checkConvWeights(wb, &bb, mid, name);
    if (wb.shape[3] != c)
      throw InputError(wb.path + ": weights " + shapeString(wb.shape) +
                       " give " + std::to_string(wb.shape[3]) +
                       " channels, the residual has " + std::to_string(c));

    // Each activation gets its own buffer: the residual add reads the block
    // input while the second conv writes the block output.
    memory y(nhwcDesc(n, h, wd, mid), engine);
    memory out(nhwcDesc(n, h, wd, c), engine);
    addConv(model, blockInput, wa, &ba, y, nullptr, true, engine);
    addConv(model, y, wb, &bb, out, &blockInput, true, engine);
    blockInput = out;
  }
  model.output = blockInput;
  return model;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

const char *isaName(dnnl::cpu_isa isa) {
  using dnnl::cpu_isa;
  switch (isa) {
  case cpu_isa::all:
    return "all";
  case cpu_isa::sse41:
    return "sse41";
  case cpu_isa::avx:
    return "avx";
  case cpu_isa::avx2:
    return "avx2";
  case cpu_isa::avx512_mic:
    return "avx512_mic";
  case cpu_isa::avx512_mic_4ops:
    return "avx512_mic_4ops";
  case cpu_isa::avx512_core:
    return "avx512_core";
  case cpu_isa::avx512_core_vnni:
    return "avx512_core_vnni";
  case cpu_isa::avx512_core_bf16:
    return "avx512_core_bf16";
  case cpu_isa::avx512_core_amx:
    return "avx512_core_amx";
  case cpu_isa::avx2_vnni:
    return "avx2_vnni";
  }
  // A value this header does not name (a newer library than the header).
  return "unknown";
}

int parseRuns(const char *text) {
  char *end = nullptr;
  errno = 0;
  long runs = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || errno == ERANGE || runs < 1 ||
      runs > 1000000)
    throw InputError(std::string("RUNS must be an integer from 1 to 1000000, "
                                 "got '") +
                     text + "'");
  return static_cast<int>(runs);
}

int run(int argc, char **argv) {
  if (argc < 5)
    throw InputError("usage: onednn_baseline MODEL RUNS OUTPUT.npy "
                     "INPUT0.npy [INPUT1.npy ...]");
  std::string name = argv[1];
  enum class Kind { Matmul, Conv1x1, ResnetStack };
  Kind kind;
  if (name.rfind("matmul_", 0) == 0)
    kind = Kind::Matmul;
  else if (name == "conv1x1")
    kind = Kind::Conv1x1;
  else if (name == "resnet_stack")
    kind = Kind::ResnetStack;
  else
    throw InputError("unsupported model '" + name +
                     "' (supported: matmul_*, conv1x1, resnet_stack)");
  int runs = parseRuns(argv[2]);
  std::string outputPath = argv[3];
  std::vector<Array> inputs;
  for (int i = 4; i < argc; ++i)
    inputs.push_back(loadNpy(argv[i]));

  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  Model model;
  switch (kind) {
  case Kind::Matmul:
    model = buildMatmul(name, inputs, engine, stream);
    break;
  case Kind::Conv1x1:
    model = buildConv1x1(name, inputs, engine);
    break;
  case Kind::ResnetStack:
    model = buildResnetStack(name, inputs, engine);
    break;
  }

  for (int i = 0; i < 2; ++i)
    runOnce(model.program, stream);
  std::vector<double> times;
  times.reserve(runs);
  for (int i = 0; i < runs; ++i)
    times.push_back(runOnce(model.program, stream));

  saveNpy(outputPath, model.outputType, model.outputShape,
          model.output.get_data_handle(), model.output.get_desc().get_size());

  std::string json = "{\"runs_us\": [";
  char number[64];
  for (size_t i = 0; i < times.size(); ++i) {
    std::snprintf(number, sizeof(number), "%s%.3f", i ? ", " : "", times[i]);
    json += number;
  }
  std::snprintf(number, sizeof(number), "], \"median_us\": %.3f",
                median(times));
  json += number;
  std::snprintf(number, sizeof(number), ", \"min_us\": %.3f",
                *std::min_element(times.begin(), times.end()));
  json += number;
  json += std::string(", \"isa\": \"") +
          isaName(dnnl::get_effective_cpu_isa()) + "\", \"weights\": \"" +
          (model.weightsReordered ? "reordered" : "plain") + "\"}";
  std::printf("%s\n", json.c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const InputError &e) {
    std::fprintf(stderr, "onednn_baseline: error: %s\n", e.what());
  } catch (const dnnl::error &e) {
    if (e.status == dnnl_unimplemented) {
      std::fprintf(stderr,
                   "onednn_baseline: oneDNN has no implementation of this "
                   "model's primitives for this CPU (%s)\n",
                   e.what());
      return 3;
    }
    std::fprintf(stderr, "onednn_baseline: oneDNN error: %s (status %d)\n",
                 e.what(), static_cast<int>(e.status));
  } catch (const std::exception &e) {
    std::fprintf(stderr, "onednn_baseline: error: %s\n", e.what());
  }
  return 2;
}

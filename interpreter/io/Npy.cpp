//===- Npy.cpp - read and write NumPy .npy files --------------------------===//

#include "interpreter/io/Npy.h"
#include "interpreter/io/RawBuffer.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;

namespace axle::interp {

static llvm::Error npyError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The element type of a dtype descriptor such as '<f4', or null.
static Type typeOfDescr(StringRef descr, MLIRContext *context) {
  if (descr.size() < 3)
    return {};
  char order = descr[0];
  if (order != '<' && order != '|' && order != '=')
    return {};
  StringRef kind = descr.drop_front();
  Builder b(context);
  auto unsignedInt = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  if (kind == "b1")
    return b.getI1Type();
  if (kind == "i1")
    return b.getIntegerType(8);
  if (kind == "i2")
    return b.getIntegerType(16);
  if (kind == "i4")
    return b.getIntegerType(32);
  if (kind == "i8")
    return b.getIntegerType(64);
  if (kind == "u1")
    return unsignedInt(8);
  if (kind == "u2")
    return unsignedInt(16);
  if (kind == "u4")
    return unsignedInt(32);
  if (kind == "u8")
    return unsignedInt(64);
  if (kind == "f2")
    return b.getF16Type();
  if (kind == "f4")
    return b.getF32Type();
  if (kind == "f8")
    return b.getF64Type();
  if (kind == "c8")
    return ComplexType::get(b.getF32Type());
  if (kind == "c16")
    return ComplexType::get(b.getF64Type());
  return {};
}

/// Whether `type` is a float NumPy itself has no dtype for, saved by
/// ml_dtypes as raw bytes of its width: bf16 as 'V2', 8-bit floats as 'V1'.
static bool isRawVoidFloat(Type type) {
  auto floatType = llvm::dyn_cast_or_null<FloatType>(type);
  return floatType &&
         (floatType.isBF16() || floatType.getIntOrFloatBitWidth() == 8);
}

/// The raw void dtype of such a type: '<V2', '|V1'.
static std::string voidDescrOfType(Type type) {
  unsigned bytes = type.getIntOrFloatBitWidth() / 8;
  return (bytes == 1 ? "|V" : "<V") + std::to_string(bytes);
}

static std::optional<std::string> descrOfType(Type type) {
  if (type.isInteger(1))
    return "|b1";
  if (auto integer = llvm::dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width != 8 && width != 16 && width != 32 && width != 64)
      return std::nullopt;
    std::string descr = width == 8 ? "|" : "<";
    descr += integer.isUnsigned() ? 'u' : 'i';
    return descr + std::to_string(width / 8);
  }
  if (type.isF16())
    return "<f2";
  if (type.isF32())
    return "<f4";
  if (type.isF64())
    return "<f8";
  if (auto complex = llvm::dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return "<c8";
    if (complex.getElementType().isF64())
      return "<c16";
  }
  if (isRawVoidFloat(type))
    return voidDescrOfType(type);
  return std::nullopt;
}

/// Value of `key` in the header dictionary text, e.g. 'descr': '<f4'.
static std::optional<StringRef> headerField(StringRef header, StringRef key) {
  size_t at = header.find("'" + key.str() + "'");
  if (at == StringRef::npos)
    return std::nullopt;
  StringRef rest = header.drop_front(at + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  return rest.ltrim();
}

llvm::Expected<Tensor> readNpy(StringRef path, MLIRContext *context,
                               Type expected) {
  llvm::Expected<RawTensor> raw = readNpyBytes(path, context, expected);
  if (!raw)
    return raw.takeError();
  return fromRawBytes(raw->type, raw->bytes);
}

llvm::Expected<RawTensor> readNpyBytes(StringRef path, MLIRContext *context,
                                       Type expected) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return npyError("cannot read '" + path +
                    "': " + buffer.getError().message());
  StringRef data = (*buffer)->getBuffer();
  if (!data.starts_with("\x93NUMPY") || data.size() < 10)
    return npyError("'" + path + "' is not a .npy file");
  unsigned major = static_cast<unsigned char>(data[6]);
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = static_cast<unsigned char>(data[8]) |
                   (static_cast<unsigned char>(data[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return npyError("'" + path + "' is truncated");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength =
          (headerLength << 8) | static_cast<unsigned char>(data[8 + i]);
    headerStart = 12;
  } else {
    return npyError("'" + path + "' has unsupported .npy version " +
                    std::to_string(major));
  }
  if (headerStart + headerLength > data.size())
    return npyError("'" + path + "' is truncated (header)");
  StringRef header = data.substr(headerStart, headerLength);

  auto descrField = headerField(header, "descr");
  auto orderField = headerField(header, "fortran_order");
  auto shapeField = headerField(header, "shape");
  if (!descrField || !orderField || !shapeField)
    return npyError("'" + path + "' has a malformed header");
  StringRef descr = descrField->drop_front().take_until(
      [](char c) { return c == '\'' || c == '"'; });
  if (orderField->starts_with("True"))
    return npyError("'" + path + "' is in Fortran order; save it in C order");
  Type elementType = typeOfDescr(descr, context);
  if (!elementType &&
      (descr == "<V2" || descr == "|V2" || descr == "|V1" || descr == "<V1")) {
    // Raw values of a float NumPy lacks: their type is the one expected.
    if (!isRawVoidFloat(expected) ||
        voidDescrOfType(expected).substr(1) != descr.substr(1).str())
      return npyError("'" + path + "' has dtype '" + descr +
                      "' (raw values, as NumPy saves ml_dtypes' bfloat16 "
                      "and float8 arrays); it is read only where a bf16 "
                      "('V2') or 8-bit float ('V1') tensor is expected");
    elementType = expected;
  }
  if (!elementType)
    return npyError("'" + path + "' has unsupported dtype '" + descr + "'");
  SmallVector<int64_t> shape;
  StringRef dims =
      shapeField->drop_front().take_until([](char c) { return c == ')'; });
  while (!dims.empty()) {
    auto [dim, rest] = dims.split(',');
    dim = dim.trim();
    if (!dim.empty()) {
      int64_t size;
      if (dim.getAsInteger(10, size) || size < 0)
        return npyError("'" + path + "' has a malformed shape");
      shape.push_back(size);
    }
    dims = rest;
  }
  std::optional<int64_t> bounded = boundedElementCount(shape);
  if (!bounded)
    return npyError("'" + path + "' has a shape too large to load");
  auto type = RankedTensorType::get(shape, elementType);
  StringRef payload = data.drop_front(headerStart + headerLength);
  uint64_t expectedBytes = *bounded * elementBytes(elementType);
  if (payload.size() != expectedBytes)
    return npyError("'" + path + "' holds " + std::to_string(payload.size()) +
                    " bytes of data, expected " +
                    std::to_string(expectedBytes));
  return RawTensor{type, payload.str()};
}

llvm::Error writeNpy(const Tensor &tensor, StringRef path) {
  return writeNpyBytes(tensor.getType(), toRawBytes(tensor), path);
}

llvm::Error writeNpyBytes(RankedTensorType tensorType, StringRef bytes,
                          StringRef path) {
  Type type = tensorType.getElementType();
  std::optional<std::string> descr = descrOfType(type);
  if (!descr) {
    std::string name;
    llvm::raw_string_ostream os(name);
    os << type;
    return npyError("element type " + name +
                    " has no .npy dtype; print the output instead");
  }
  std::string shape = "(";
  for (int64_t size : tensorType.getShape())
    shape += std::to_string(size) + ",";
  if (tensorType.getRank() > 1)
    shape.pop_back();
  shape += ")";
  std::string header = "{'descr': '" + *descr +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad with spaces to a multiple of 64 bytes including the newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  // Written beside the target and renamed into place, so that a failure
  // never leaves a truncated file where a good one was.
  std::string partial = (path + ".partial").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(partial, ec, llvm::sys::fs::OF_None);
    if (ec)
      return npyError("cannot write '" + path + "': " + ec.message());
    out << "\x93NUMPY" << '\x01' << '\x00';
    out << static_cast<char>(header.size() & 0xff)
        << static_cast<char>((header.size() >> 8) & 0xff);
    out << header << bytes;
    out.close();
    if (out.has_error()) {
      llvm::sys::fs::remove(partial);
      return npyError("cannot write '" + path + "': " + out.error().message());
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(partial, path)) {
    llvm::sys::fs::remove(partial);
    return npyError("cannot write '" + path + "': " + ec.message());
  }
  return llvm::Error::success();
}

} // namespace axle::interp

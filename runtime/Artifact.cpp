//===- Artifact.cpp - writing and reading .axle files ---------------------===//

#include "runtime/Artifact.h"

#include <array>
#include <charconv>
#include <cstring>
#include <sstream>

namespace axle::runtime {

namespace {

constexpr char kMagic[8] = {'A', 'X', 'L', 'E', 'A', 'R', 'T', '\n'};
constexpr size_t kHeaderBytes = 8 + 4 + 4 + 8 + 8;

uint32_t crc32(std::string_view bytes) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> entries{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int bit = 0; bit < 8; ++bit)
        c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      entries[i] = c;
    }
    return entries;
  }();
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : bytes)
    crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

void putLE(std::string &out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

uint64_t getLE(std::string_view in, size_t offset, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value |= uint64_t(static_cast<unsigned char>(in[offset + i])) << (8 * i);
  return value;
}

std::string shapeToString(const std::vector<int64_t> &shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

bool parseShape(std::string_view text, std::vector<int64_t> &shape) {
  shape.clear();
  if (text == "scalar")
    return true;
  while (!text.empty()) {
    size_t end = text.find('x');
    std::string_view part = text.substr(0, end);
    int64_t dim = 0;
    auto [ptr, ec] =
        std::from_chars(part.data(), part.data() + part.size(), dim);
    if (ec != std::errc() || ptr != part.data() + part.size() || dim < 0 ||
        dim > (int64_t(1) << 40))
      return false;
    shape.push_back(dim);
    if (end == std::string_view::npos)
      break;
    text.remove_prefix(end + 1);
    if (text.empty())
      return false;
  }
  return true;
}

Status corrupt(const std::string &why) {
  return Status::error("not a valid axle artifact: " + why);
}

} // namespace

int64_t elementTypeBytes(std::string_view type) {
  if (type.rfind("complex<", 0) == 0 && type.back() == '>')
    return 2 * elementTypeBytes(type.substr(8, type.size() - 9));
  if (type == "i1")
    return 1;
  if (type == "bf16" || type == "f16")
    return 2;
  if (type == "f32")
    return 4;
  if (type == "f64")
    return 8;
  std::string_view digits;
  if (type.rfind("ui", 0) == 0)
    digits = type.substr(2);
  else if (type.rfind("si", 0) == 0)
    digits = type.substr(2);
  else if (type.rfind("i", 0) == 0)
    digits = type.substr(1);
  else
    return 0;
  int width = 0;
  auto [ptr, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), width);
  if (ec != std::errc() || ptr != digits.data() + digits.size())
    return 0;
  // Narrow integers (i2, i4) take a byte each, as LLVM stores them.
  if (width >= 1 && width <= 8)
    return 1;
  if (width == 16 || width == 32 || width == 64)
    return width / 8;
  return 0;
}

int64_t TensorSpec::numElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

int64_t TensorSpec::elementBytes() const {
  return elementTypeBytes(elementType);
}

std::string TensorSpec::toString() const {
  std::string text = "tensor<";
  for (int64_t dim : shape)
    text += std::to_string(dim) + "x";
  return text + elementType + ">";
}

const FunctionSpec *Artifact::find(std::string_view name) const {
  for (const FunctionSpec &function : functions)
    if (function.name == name)
      return &function;
  return nullptr;
}

std::string serializeArtifact(const Artifact &artifact) {
  std::string metadata =
      "triple " + artifact.triple + "\ncpu " + artifact.cpu + "\nfeatures";
  for (const std::string &feature : artifact.features)
    metadata += " " + feature;
  metadata += "\n";
  for (const std::string &target : artifact.customCalls)
    metadata += "custom_call " + target + "\n";
  for (const FunctionSpec &function : artifact.functions) {
    metadata += "function " + function.name + " " + function.symbol + "\n";
    for (const TensorSpec &input : function.inputs)
      metadata += "input " + input.elementType + " " +
                  shapeToString(input.shape) + "\n";
    for (const TensorSpec &output : function.outputs)
      metadata += "output " + output.elementType + " " +
                  shapeToString(output.shape) + "\n";
  }
  std::string out(kMagic, sizeof(kMagic));
  putLE(out, kArtifactVersion, 4);
  putLE(out, 0, 4);
  putLE(out, metadata.size(), 8);
  putLE(out, artifact.code.size(), 8);
  out += metadata;
  out += artifact.code;
  putLE(out, crc32(out), 4);
  return out;
}

Result<Artifact> parseArtifact(std::string_view bytes) {
  if (bytes.size() < kHeaderBytes + 4 ||
      std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0)
    return corrupt("the file does not start with an axle header");
  uint32_t version = getLE(bytes, 8, 4);
  if (version != kArtifactVersion)
    return Status::error("axle artifact format version " +
                         std::to_string(version) +
                         " is not supported by this runtime (it reads "
                         "version " +
                         std::to_string(kArtifactVersion) +
                         "); recompile the model with a matching axle");
  uint64_t metadataSize = getLE(bytes, 16, 8);
  uint64_t codeSize = getLE(bytes, 24, 8);
  if (metadataSize > bytes.size() || codeSize > bytes.size() ||
      kHeaderBytes + metadataSize + codeSize + 4 != bytes.size())
    return corrupt("its sizes do not match the file size (truncated?)");
  std::string_view body = bytes.substr(0, bytes.size() - 4);
  if (crc32(body) != getLE(bytes, bytes.size() - 4, 4))
    return corrupt("checksum mismatch (the file is corrupted)");

  Artifact artifact;
  std::string_view metadata = bytes.substr(kHeaderBytes, metadataSize);
  artifact.code =
      std::string(bytes.substr(kHeaderBytes + metadataSize, codeSize));
  std::istringstream lines{std::string(metadata)};
  std::string line;
  int lineNumber = 0;
  while (std::getline(lines, line)) {
    ++lineNumber;
    std::istringstream fields(line);
    std::string kind;
    fields >> kind;
    auto bad = [&](const std::string &why) {
      return corrupt("metadata line " + std::to_string(lineNumber) + ": " +
                     why);
    };
    if (kind == "triple") {
      fields >> artifact.triple;
    } else if (kind == "cpu") {
      fields >> artifact.cpu;
    } else if (kind == "features") {
      std::string feature;
      while (fields >> feature)
        artifact.features.push_back(feature);
    } else if (kind == "custom_call") {
      std::string target;
      if (!(fields >> target))
        return bad("a custom_call record needs a target name");
      artifact.customCalls.push_back(target);
    } else if (kind == "function") {
      FunctionSpec function;
      if (!(fields >> function.name >> function.symbol))
        return bad("a function needs a name and a symbol");
      artifact.functions.push_back(std::move(function));
    } else if (kind == "input" || kind == "output") {
      if (artifact.functions.empty())
        return bad("a tensor before any function");
      TensorSpec spec;
      std::string shape;
      if (!(fields >> spec.elementType >> shape) ||
          !parseShape(shape, spec.shape))
        return bad("malformed tensor '" + line + "'");
      if (spec.elementBytes() == 0)
        return bad("unknown element type '" + spec.elementType + "'");
      auto &function = artifact.functions.back();
      (kind == "input" ? function.inputs : function.outputs)
          .push_back(std::move(spec));
    } else if (!kind.empty()) {
      return bad("unknown record '" + kind + "'");
    }
  }
  if (artifact.triple.empty() || artifact.functions.empty())
    return corrupt("the metadata names no target or no function");
  return artifact;
}

} // namespace axle::runtime

//===- RandomBits.cpp - counter-based random bit generators ---------------===//

#include "interpreter/ops/RandomBits.h"

#include "llvm/ADT/SmallVector.h"

using llvm::ArrayRef;

namespace axle::interp {
namespace {

uint32_t rotateLeft(uint32_t value, unsigned distance) {
  return (value << distance) | (value >> (32 - distance));
}

uint32_t low(uint64_t value) { return static_cast<uint32_t>(value); }
uint32_t high(uint64_t value) { return static_cast<uint32_t>(value >> 32); }
uint64_t join(uint32_t lowWord, uint32_t highWord) {
  return static_cast<uint64_t>(lowWord) |
         (static_cast<uint64_t>(highWord) << 32);
}

uint64_t truncateTo(uint64_t value, unsigned bitWidth) {
  return bitWidth >= 64 ? value : value & ((uint64_t{1} << bitWidth) - 1);
}

int64_t elementCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

/// A 128-bit counter, low word first.
struct Counter128 {
  uint64_t lo;
  uint64_t hi;
  Counter128 plus(uint64_t delta) const {
    uint64_t sum = lo + delta;
    return {sum, sum < lo ? hi + 1 : hi};
  }
};

/// Threefry bits of elements of 32 bits or fewer: each block yields two
/// words, which go to neighbouring positions of one "split" dimension.
GeneratedBits threefryNarrow(uint64_t key, uint64_t counter,
                             ArrayRef<int64_t> shape, unsigned bitWidth) {
  std::array<uint32_t, 2> keyWords = {low(key), high(key)};
  GeneratedBits result;
  int64_t count = elementCount(shape);
  result.bits.assign(count, 0);
  if (shape.empty()) {
    std::array<uint32_t, 2> block =
        threefry2x32(keyWords, {low(counter), high(counter)});
    result.bits[0] = truncateTo(block[0], bitWidth);
    result.state = {key, counter + 1};
    return result;
  }
  // The first even dimension, or else the (first) largest one.
  size_t split = shape.size();
  for (size_t d = 0; d < shape.size() && split == shape.size(); ++d)
    if (shape[d] % 2 == 0)
      split = d;
  if (split == shape.size()) {
    split = 0;
    for (size_t d = 1; d < shape.size(); ++d)
      if (shape[d] > shape[split])
        split = d;
  }
  llvm::SmallVector<int64_t> half(shape.begin(), shape.end());
  half[split] = (shape[split] + 1) / 2;
  int64_t blocks = elementCount(half);

  // Walk the half shape in row-major order; block `b` fills positions
  // 2 * h and 2 * h + 1 of the split dimension.
  llvm::SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t b = 0; b < blocks; ++b) {
    uint64_t input = counter + static_cast<uint64_t>(b);
    std::array<uint32_t, 2> block =
        threefry2x32(keyWords, {low(input), high(input)});
    for (int which = 0; which < 2; ++which) {
      int64_t position = 2 * index[split] + which;
      if (position >= shape[split])
        continue;
      int64_t linear = 0;
      for (size_t d = 0; d < shape.size(); ++d)
        linear = linear * shape[d] + (d == split ? position : index[d]);
      result.bits[linear] = truncateTo(block[which], bitWidth);
    }
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < half[d])
        break;
      index[d] = 0;
    }
  }
  result.state = {key, counter + static_cast<uint64_t>(blocks)};
  return result;
}

} // namespace

std::array<uint32_t, 2> threefry2x32(std::array<uint32_t, 2> key,
                                     std::array<uint32_t, 2> counter) {
  static constexpr unsigned rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  // The third key word makes the key schedule's parity constant.
  std::array<uint32_t, 3> schedule = {key[0], key[1],
                                      0x1BD11BDAu ^ key[0] ^ key[1]};
  uint32_t x0 = counter[0] + schedule[0];
  uint32_t x1 = counter[1] + schedule[1];
  // Five groups of four rounds; after group g the key schedule injects
  // words (g+1) % 3 and (g+2) % 3 plus the injection count g+1.
  for (unsigned group = 0; group < 5; ++group) {
    for (unsigned r = 0; r < 4; ++r) {
      x0 += x1;
      x1 = rotateLeft(x1, rotations[(group % 2) * 4 + r]) ^ x0;
    }
    unsigned injection = group + 1;
    x0 += schedule[injection % 3];
    x1 += schedule[(injection + 1) % 3] + injection;
  }
  return {x0, x1};
}

std::array<uint32_t, 4> philox4x32(std::array<uint32_t, 2> key,
                                   std::array<uint32_t, 4> counter) {
  constexpr uint64_t multiplierA = 0xD2511F53u, multiplierB = 0xCD9E8D57u;
  constexpr uint32_t weylA = 0x9E3779B9u, weylB = 0xBB67AE85u;
  std::array<uint32_t, 4> x = counter;
  for (int round = 0; round < 10; ++round) {
    uint64_t product0 = multiplierA * x[0];
    uint64_t product1 = multiplierB * x[2];
    x = {high(product1) ^ x[1] ^ key[0], low(product1),
         high(product0) ^ x[3] ^ key[1], low(product0)};
    key = {key[0] + weylA, key[1] + weylB};
  }
  return x;
}

GeneratedBits threefryBits(ArrayRef<uint64_t> state, ArrayRef<int64_t> shape,
                           unsigned bitWidth) {
  uint64_t key = state[0], counter = state[1];
  if (bitWidth <= 32)
    return threefryNarrow(key, counter, shape, bitWidth);
  std::array<uint32_t, 2> keyWords = {low(key), high(key)};
  GeneratedBits result;
  int64_t count = elementCount(shape);
  result.bits.resize(count);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t input = counter + static_cast<uint64_t>(i);
    std::array<uint32_t, 2> block =
        threefry2x32(keyWords, {low(input), high(input)});
    result.bits[i] = truncateTo(join(block[0], block[1]), bitWidth);
  }
  result.state = {key, counter + static_cast<uint64_t>(count)};
  return result;
}

GeneratedBits philoxBits(ArrayRef<uint64_t> state, ArrayRef<int64_t> shape,
                         unsigned bitWidth) {
  uint64_t key = state[0];
  bool wide = state.size() >= 3;
  Counter128 counter = {state[1], wide ? state[2] : key};
  std::array<uint32_t, 2> keyWords = {low(key), high(key)};
  int64_t count = elementCount(shape);
  // 32-bit (and narrower) elements use one word each, 64-bit ones two.
  int64_t perBlock = bitWidth <= 32 ? 4 : 2;
  int64_t blocks = (count + perBlock - 1) / perBlock;
  GeneratedBits result;
  result.bits.resize(count);
  for (int64_t b = 0; b < blocks; ++b) {
    Counter128 input = counter.plus(static_cast<uint64_t>(b));
    std::array<uint32_t, 4> block =
        philox4x32(keyWords, {low(input.lo), high(input.lo), low(input.hi),
                              high(input.hi)});
    for (int64_t j = 0; j < perBlock && b * perBlock + j < count; ++j) {
      uint64_t value =
          perBlock == 4 ? block[j] : join(block[2 * j], block[2 * j + 1]);
      result.bits[b * perBlock + j] = truncateTo(value, bitWidth);
    }
  }
  Counter128 next = counter.plus(static_cast<uint64_t>(blocks));
  result.state = wide ? std::vector<uint64_t>{key, next.lo, next.hi}
                      : std::vector<uint64_t>{key, next.lo};
  return result;
}

} // namespace axle::interp

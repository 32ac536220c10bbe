//===- RandomBits.h - counter-based random bit generators -------*- C++ -*-===//
//
// The two counter-based generators of Salmon et al., "Parallel random
// numbers: as easy as 1, 2, 3" (SC 2011), and the way XLA lays their output
// out for `rng_bit_generator`, so that the interpreter reproduces the bits
// JAX programs see on XLA:
//
//   THREE_FRY  Threefry-2x32, 20 rounds. state = [key, counter] (u64 each).
//              The key's low/high 32 bits are the two key words; element
//              counters are `counter + i` split the same way. 64-bit elements
//              take one block each (low word = first output word); 32-bit
//              and narrower elements take one output word each, the two words
//              of a block landing on neighbouring positions along the first
//              even dimension (or the largest one). The new state is
//              [key, counter + blocks used].
//   PHILOX     Philox-4x32, 10 rounds. state = [key, counter_lo, counter_hi]
//              or [key, counter_lo] (then XLA uses `key` as counter_hi and
//              returns only the new low word). Blocks fill 32-bit elements
//              four at a time, 64-bit elements two at a time (word pairs
//              low-first), in row-major order.
//
// Elements narrower than 32 bits keep the low bits of a 32-bit value.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_INTERPRETER_OPS_RANDOMBITS_H
#define AXLE_INTERPRETER_OPS_RANDOMBITS_H

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <cstdint>
#include <vector>

namespace axle::interp {

/// One Threefry-2x32-20 block: `counter` encrypted with `key`.
std::array<uint32_t, 2> threefry2x32(std::array<uint32_t, 2> key,
                                     std::array<uint32_t, 2> counter);

/// One Philox-4x32-10 block: `counter` encrypted with `key`.
std::array<uint32_t, 4> philox4x32(std::array<uint32_t, 2> key,
                                   std::array<uint32_t, 4> counter);

/// Output of a bit generator: one value per element (the low `bitWidth` bits
/// are meaningful) in row-major order, and the new state.
struct GeneratedBits {
  std::vector<uint64_t> bits;
  std::vector<uint64_t> state;
};

/// rng_bit_generator THREE_FRY; `state` has 2 words.
GeneratedBits threefryBits(llvm::ArrayRef<uint64_t> state,
                           llvm::ArrayRef<int64_t> shape, unsigned bitWidth);
/// rng_bit_generator PHILOX; `state` has 2 or 3 words.
GeneratedBits philoxBits(llvm::ArrayRef<uint64_t> state,
                         llvm::ArrayRef<int64_t> shape, unsigned bitWidth);

} // namespace axle::interp

#endif // AXLE_INTERPRETER_OPS_RANDOMBITS_H

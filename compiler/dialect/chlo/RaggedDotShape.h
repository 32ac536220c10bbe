//===- RaggedDotShape.h - the three kinds of ragged_dot ---------*- C++ -*-===//
//
// Shared by the ragged_dot verifier and its decomposition.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_CHLO_RAGGEDDOTSHAPE_H
#define AXLE_COMPILER_DIALECT_CHLO_RAGGEDDOTSHAPE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace axle::chlo {

class RaggedDotDimensionNumbersAttr;

/// Which kind of lhs dimension is ragged.
enum class RaggedDotMode {
  NonContracting, ///< [b,m,k] x [g,b,k,n] -> [b,m,n]
  Contracting,    ///< [b,m,k] x [b,k,n] -> [g,b,m,n]
  Batch,          ///< [b,m,k] x [b,k,n] -> [b,m,n]
};

RaggedDotMode raggedDotMode(RaggedDotDimensionNumbersAttr dims);

/// The dimensions of a rank-`rank` operand that are in none of the lists,
/// in increasing order (dot_general's "free" dimensions).
llvm::SmallVector<int64_t> raggedDotFreeDims(int64_t rank,
                                             llvm::ArrayRef<int64_t> batch,
                                             llvm::ArrayRef<int64_t> contract,
                                             llvm::ArrayRef<int64_t> group);

} // namespace axle::chlo

#endif // AXLE_COMPILER_DIALECT_CHLO_RAGGEDDOTSHAPE_H

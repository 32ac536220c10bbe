//===- CumulativeWindow.h - reduce_windows as running folds -----*- C++ -*-===//
//
// JAX exports cumulative sums, products, maxima and minima (jnp.cumsum,
// lax.cumsum(reverse=True), the gradient of a cumsum) as reduce_window
// whose window along one dimension is as long as the dimension, padded by
// all but one element below (output i folds x[0..i]) or above (x[i..n-1]),
// with windows of one element elsewhere. Folding each window takes n^2 / 2
// steps per line; a running fold takes n. Both backends recognize the form
// here and fold the same way, so they compute the same bits:
//  - padded below: acc_i = body(acc_(i-1), x_i) from acc_(-1) = init, the
//    window's own row-major order (the leading padding folds into init);
//  - padded above: acc_i = body(x_i, acc_(i+1)) from acc_n = init, the tree
//    x_i (x_(i+1) (... (x_(n-1) init))) whose in-order traversal is the
//    window's elements in index order, as the specification requires of a
//    reduction's schedule (the trailing padding folds into init).
// Both need a body of one associative op on the accumulator and the
// element, in one type, and an init value that absorbs itself under it
// (body(init, init) = init bit for bit, as +-0 under add), so that any
// number of padding elements folds into init.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DIALECT_STABLEHLO_CUMULATIVEWINDOW_H
#define AXLE_COMPILER_DIALECT_STABLEHLO_CUMULATIVEWINDOW_H

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "llvm/ADT/APFloat.h"

#include <optional>

namespace axle::stablehlo {

struct CumulativeWindow {
  /// The dimension the window runs along.
  int64_t dimension;
  /// Padded above: output i folds x[i..n-1] (a reverse cumulative fold).
  bool fromEnd;
  /// The body's one op (add, multiply, maximum, minimum, and, or).
  mlir::Operation *combine;
};

/// The cumulative form of `op` (one input of static shape, the window and
/// body described above), ignoring the init value.
std::optional<CumulativeWindow> matchCumulativeWindow(ReduceWindowOp op);

/// Whether `init` combined with itself by `combine` gives `init` back, bit
/// for bit (known cases: max, min, and, or with any value; add with +-0;
/// float multiply with 1; integer multiply with 0 or 1).
bool absorbsItself(mlir::Operation *combine, const llvm::APFloat &init);
bool absorbsItself(mlir::Operation *combine, const llvm::APInt &init);

} // namespace axle::stablehlo

#endif

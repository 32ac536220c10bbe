//===- WindowOps.cpp - evaluators of reduce_window and select_and_scatter -===//
//
// reduce_window follows the specification literally: each window of the
// padded, base-dilated inputs (padding and dilation holes hold the init
// values) is folded in row-major order of the window, starting from the init
// values: acc = body(acc..., x...). For the usual monoids (add with 0, max
// with -inf, ...) that equals XLA, which skips padding. Cumulative folds
// (compiler/dialect/stablehlo/CumulativeWindow.h: jnp.cumsum, reversed
// ones, with an init value that absorbs itself) are running folds along
// each line instead, from the start or from the end, in the order compiled
// code uses.
//
// select_and_scatter visits each window of `operand` in row-major order,
// keeps the current pick while select(pick, x) is true, and folds the source
// value into the result at the pick: result = scatter(result, source).
// Window positions in the padding are skipped, as XLA does (the
// specification leaves padding values of select unspecified); a window
// entirely in the padding scatters nothing.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/stablehlo/CumulativeWindow.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

using namespace mlir;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

Tensor scalar(Type elementType, const Element &element) {
  return Tensor(RankedTensorType::get({}, elementType), element);
}

Type argumentElementType(Region &region, unsigned index) {
  return llvm::cast<RankedTensorType>(
             region.front().getArgument(index).getType())
      .getElementType();
}

/// An optional per-dimension attribute, or `fill` for each dimension.
SmallVector<int64_t> orFill(std::optional<ArrayRef<int64_t>> values,
                            int64_t rank, int64_t fill) {
  if (values)
    return SmallVector<int64_t>(values->begin(), values->end());
  return SmallVector<int64_t>(rank, fill);
}

/// The [rank, 2] padding attribute as (low, high) lists; zeros if absent.
LogicalResult readPadding(Operation *op,
                          std::optional<DenseIntElementsAttr> attr,
                          int64_t rank, SmallVector<int64_t> &low,
                          SmallVector<int64_t> &high) {
  low.assign(rank, 0);
  high.assign(rank, 0);
  if (!attr)
    return success();
  SmallVector<int64_t> values(attr->getValues<int64_t>());
  if (static_cast<int64_t>(values.size()) != 2 * rank)
    return op->emitError() << "padding has " << values.size()
                           << " values, expected " << 2 * rank;
  for (int64_t d = 0; d < rank; ++d) {
    low[d] = values[2 * d];
    high[d] = values[2 * d + 1];
  }
  return success();
}

LogicalResult checkSizes(Operation *op, StringRef name,
                         ArrayRef<int64_t> values, int64_t rank) {
  if (static_cast<int64_t>(values.size()) != rank)
    return op->emitError() << name << " has " << values.size()
                           << " values, expected " << rank;
  for (int64_t value : values)
    if (value <= 0)
      return op->emitError() << name << " must be positive, got " << value;
  return success();
}

/// Whether `init` absorbs itself under the body op `combine`.
bool absorbsItself(Operation *combine, const Element &init) {
  if (init.isFloat())
    return hlo::absorbsItself(combine, init.getFloat());
  if (init.isInt())
    return hlo::absorbsItself(combine, init.getInt());
  return false;
}

/// The running folds of a cumulative reduce_window (CumulativeWindow.h),
/// one per line along `window.dimension`: body(acc, x) from the start, or
/// body(x, acc) from the end.
FailureOr<Values> evalCumulativeWindow(const hlo::CumulativeWindow &window,
                                       Region &body, const Tensor &input,
                                       const Element &init, Type type,
                                       RankedTensorType resultType,
                                       Interpreter &interpreter) {
  Tensor result(resultType);
  SmallVector<int64_t> lineStarts(input.getShape());
  int64_t n = lineStarts[window.dimension];
  lineStarts[window.dimension] = 1;
  SmallVector<int64_t> index;
  LogicalResult status = success();
  Tensor::forEachIndex(lineStarts, [&](ArrayRef<int64_t> start) {
    if (failed(status))
      return;
    index.assign(start.begin(), start.end());
    RuntimeValue acc = scalar(type, init);
    for (int64_t j = 0; j < n; ++j) {
      index[window.dimension] = window.fromEnd ? n - 1 - j : j;
      RuntimeValue x = scalar(type, input.at(index));
      Values args = window.fromEnd ? Values{x, acc} : Values{acc, x};
      FailureOr<Values> folded = interpreter.runRegion(body, args);
      if (failed(folded)) {
        status = failure();
        return;
      }
      acc = (*folded)[0];
      result.set(index, acc.getTensor()[0]);
    }
  });
  if (failed(status))
    return failure();
  return Values{result};
}

FailureOr<Values> evalReduceWindow(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   Interpreter &interpreter) {
  auto windowOp = llvm::cast<hlo::ReduceWindowOp>(op);
  size_t count = windowOp.getInputs().size();
  Region &body = windowOp.getBody();
  int64_t rank = operands[0].getTensor().getRank();
  ArrayRef<int64_t> shape = operands[0].getTensor().getShape();

  SmallVector<int64_t> windowDims(windowOp.getWindowDimensions());
  SmallVector<int64_t> strides = orFill(windowOp.getWindowStrides(), rank, 1);
  SmallVector<int64_t> baseDilations =
      orFill(windowOp.getBaseDilations(), rank, 1);
  SmallVector<int64_t> windowDilations =
      orFill(windowOp.getWindowDilations(), rank, 1);
  SmallVector<int64_t> padLow, padHigh;
  if (failed(checkSizes(op, "window_dimensions", windowDims, rank)) ||
      failed(checkSizes(op, "window_strides", strides, rank)) ||
      failed(checkSizes(op, "base_dilations", baseDilations, rank)) ||
      failed(checkSizes(op, "window_dilations", windowDilations, rank)) ||
      failed(readPadding(op, windowOp.getPadding(), rank, padLow, padHigh)))
    return failure();
  if (body.front().getNumArguments() != 2 * count)
    return op->emitError() << "body takes " << body.front().getNumArguments()
                           << " arguments, expected " << 2 * count;

  // Inputs and init values in the body's element types (is_promotable).
  SmallVector<Tensor> inputs, inits;
  SmallVector<Type> types;
  for (size_t k = 0; k < count; ++k) {
    Type type = argumentElementType(body, k);
    types.push_back(type);
    inputs.push_back(toDestinationType(operands[k].getTensor(), type));
    inits.push_back(toDestinationType(operands[count + k].getTensor(), type));
  }
  SmallVector<Tensor> results;
  for (size_t k = 0; k < count; ++k) {
    RankedTensorType type = resultTensorType(op, k);
    if (!type.hasStaticShape())
      return op->emitError() << "the interpreter needs static result shapes, "
                                "got "
                             << type;
    results.push_back(Tensor(type));
  }
  if (std::optional<hlo::CumulativeWindow> cumulative =
          hlo::matchCumulativeWindow(windowOp);
      cumulative && absorbsItself(cumulative->combine, inits[0][0]))
    return evalCumulativeWindow(*cumulative, body, inputs[0], inits[0][0],
                                types[0], results[0].getType(), interpreter);
  SmallVector<int64_t> dilatedSize(rank);
  for (int64_t d = 0; d < rank; ++d)
    dilatedSize[d] = shape[d] == 0 ? 0 : (shape[d] - 1) * baseDilations[d] + 1;

  Values args(2 * count);
  SmallVector<int64_t> source(rank);
  LogicalResult status = success();
  int64_t linear = 0;
  Tensor::forEachIndex(results[0].getShape(), [&](ArrayRef<int64_t> out) {
    if (failed(status))
      return;
    for (size_t k = 0; k < count; ++k)
      args[k] = scalar(types[k], inits[k][0]);
    Tensor::forEachIndex(windowDims, [&](ArrayRef<int64_t> offset) {
      if (failed(status))
        return;
      // Position in the padded, dilated input; padding and dilation holes
      // hold the init values.
      bool inInput = true;
      for (int64_t d = 0; d < rank; ++d) {
        int64_t position =
            out[d] * strides[d] + offset[d] * windowDilations[d] - padLow[d];
        if (position < 0 || position >= dilatedSize[d] ||
            position % baseDilations[d] != 0) {
          inInput = false;
          break;
        }
        source[d] = position / baseDilations[d];
      }
      for (size_t k = 0; k < count; ++k)
        args[count + k] =
            scalar(types[k], inInput ? inputs[k].at(source) : inits[k][0]);
      FailureOr<Values> value = interpreter.runRegion(body, args);
      if (failed(value)) {
        status = failure();
        return;
      }
      for (size_t k = 0; k < count; ++k)
        args[k] = (*value)[k];
    });
    if (failed(status))
      return;
    for (size_t k = 0; k < count; ++k)
      results[k].set(linear, args[k].getTensor()[0]);
    ++linear;
  });
  if (failed(status))
    return failure();
  return Values(results.begin(), results.end());
}

FailureOr<Values> evalSelectAndScatter(Operation *op,
                                       ArrayRef<RuntimeValue> operands,
                                       Interpreter &interpreter) {
  auto scatterOp = llvm::cast<hlo::SelectAndScatterOp>(op);
  const Tensor &operand = operands[0].getTensor();
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> shape = operand.getShape();
  SmallVector<int64_t> windowDims =
      orFill(scatterOp.getWindowDimensions(), rank, 1);
  SmallVector<int64_t> strides = orFill(scatterOp.getWindowStrides(), rank, 1);
  SmallVector<int64_t> padLow, padHigh;
  if (failed(checkSizes(op, "window_dimensions", windowDims, rank)) ||
      failed(checkSizes(op, "window_strides", strides, rank)) ||
      failed(readPadding(op, scatterOp.getPadding(), rank, padLow, padHigh)))
    return failure();
  Region &select = scatterOp.getSelect();
  Region &scatter = scatterOp.getScatter();
  Type selectType = argumentElementType(select, 0);
  Type scatterType = argumentElementType(scatter, 0);
  Tensor selectInput = toDestinationType(operand, selectType);
  Tensor source = toDestinationType(operands[1].getTensor(), scatterType);
  Tensor init = toDestinationType(operands[2].getTensor(), scatterType);
  Tensor result(resultTensorType(op), init[0]);

  SmallVector<int64_t> position(rank), picked(rank);
  LogicalResult status = success();
  int64_t sourceLinear = 0;
  Tensor::forEachIndex(source.getShape(), [&](ArrayRef<int64_t> window) {
    if (failed(status))
      return;
    bool havePick = false;
    Tensor pickValue;
    Tensor::forEachIndex(windowDims, [&](ArrayRef<int64_t> offset) {
      if (failed(status))
        return;
      for (int64_t d = 0; d < rank; ++d) {
        position[d] = window[d] * strides[d] + offset[d] - padLow[d];
        if (position[d] < 0 || position[d] >= shape[d])
          return; // padding: not a candidate
      }
      Tensor value = scalar(selectType, selectInput.at(position));
      if (havePick) {
        FailureOr<Values> keep =
            interpreter.runRegion(select, {pickValue, value});
        if (failed(keep)) {
          status = failure();
          return;
        }
        if (!(*keep)[0].getTensor()[0].getInt().isZero())
          return;
      }
      havePick = true;
      picked.assign(position.begin(), position.end());
      pickValue = std::move(value);
    });
    if (failed(status) || !havePick) {
      ++sourceLinear;
      return;
    }
    FailureOr<Values> combined = interpreter.runRegion(
        scatter, {scalar(scatterType, result.at(picked)),
                  scalar(scatterType, source[sourceLinear])});
    if (failed(combined)) {
      status = failure();
      return;
    }
    result.set(picked, (*combined)[0].getTensor()[0]);
    ++sourceLinear;
  });
  if (failed(status))
    return failure();
  return Values{std::move(result)};
}

} // namespace

void registerWindowOps(OpRegistry &registry) {
  registry.add(hlo::ReduceWindowOp::getOperationName(), evalReduceWindow);
  registry.add(hlo::SelectAndScatterOp::getOperationName(),
               evalSelectAndScatter);
}

} // namespace axle::interp

//===- LowerReduction.cpp - reduce, reduce_window, select_and_scatter -----===//
//
// reduce becomes one linalg.generic over the input's index space: the kept
// dimensions are parallel, the reduced ones reductions, the outputs start
// filled with the init values and the body is the reduce body evaluated on
// scalars (accumulators first, then the input elements, as the interpreter
// folds acc = body(acc..., x...)). The sequential iteration order is the
// input's row-major order, the interpreter's folding order; a zero-size
// reduction leaves the init values. A large reduction of every dimension
// follows the chunked schedule of ReduceSchedule.h: two generics, 32
// contiguous chunks folded side by side, then their partial results; with
// --reassociate-reductions, a float sum or product of every dimension (4096
// or more elements, a multiple of 256) under 1 Mi elements is two generics
// too: 256 columns folded down, then the 256 partials (larger ones take
// the chunked schedule, whose chunks the code generator folds reassociated).
//
// reduce_window first materializes the padded, base-dilated inputs (holes
// and padding hold the init values, as in the specification), then runs one
// linalg.generic over (output dims..., window dims...) whose input map is
// out * stride + offset * window_dilation and whose window dims are
// reductions, folded in row-major window order like the interpreter. A
// window that covers a whole dimension up to or from each output (a
// cumulative sum, product or maximum, forward or reversed), with an init
// value that absorbs itself, is a running fold instead
// (CumulativeReduceWindowToScan, CumulativeWindow.h): the interpreter's
// bits in n steps per line rather than n^2 / 2.
//
// select_and_scatter is irregular (the pick of each window depends on the
// data) and becomes an scf.for nest over tensors: for each source element,
// scan its window in row-major order keeping the current pick while
// select(pick, x) holds, skipping padding positions as XLA does, then fold
// the source value into the result at the pick with the scatter region.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/CumulativeWindow.h"
#include "compiler/dialect/stablehlo/ReduceSchedule.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Matchers.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// The original (signedness-carrying) element type of block argument
/// `index` of `region`.
Type regionArgType(Region &region, unsigned index) {
  return elementTypeOf(region.front().getArgument(index).getType());
}

/// Checks, without touching the IR being converted, that `region` can be
/// evaluated as scalar code: emits it into a scratch block that is then
/// thrown away. Any problem is reported at the offending op.
LogicalResult checkScalarRegion(Region &region) {
  if (!region.hasOneBlock())
    return failure();
  Block &body = region.front();
  auto scratch = std::make_unique<Block>();
  SmallVector<Value> args;
  for (BlockArgument arg : body.getArguments())
    args.push_back(scratch->addArgument(
        convertElementType(elementTypeOf(arg.getType())), arg.getLoc()));
  OpBuilder b(region.getContext());
  b.setInsertionPointToStart(scratch.get());
  FailureOr<SmallVector<Value>> results = emitScalarRegion(b, region, args);
  // Drop the scratch ops in reverse order so no use outlives its def.
  while (!scratch->empty())
    scratch->back().erase();
  return success(succeeded(results));
}

/// Converts each scalar of `values` from `from[i]` to `to[i]` (original
/// element types).
SmallVector<Value> convertScalars(OpBuilder &b, Location loc, ValueRange values,
                                  TypeRange from, TypeRange to) {
  SmallVector<Value> result;
  for (auto [value, f, t] : llvm::zip(values, from, to))
    result.push_back(emitScalarConvert(b, loc, value, f, t));
  return result;
}

/// Converts the result types of `op`, which must be static tensors.
LogicalResult convertResultTypes(const TypeConverter &converter, Operation *op,
                                 SmallVector<RankedTensorType> &types) {
  for (Type type : op->getResultTypes()) {
    auto converted =
        dyn_cast_or_null<RankedTensorType>(converter.convertType(type));
    if (!converted)
      return unsupported(op, "result type has no lowering (quantized or "
                             "not a tensor)");
    if (!converted.hasStaticShape())
      return unsupported(op, "needs static shapes");
    types.push_back(converted);
  }
  return success();
}

bool allStatic(ValueRange values) {
  return llvm::all_of(values, [](Value v) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    return type && type.hasStaticShape();
  });
}

/// The type checks reduce and reduce_window share: static results (their
/// converted types go to `resultTypes`), inputs and init values.
template <typename OpTy>
LogicalResult
convertReductionTypes(OpTy op, typename OpTy::Adaptor adaptor,
                      const TypeConverter &converter,
                      SmallVector<RankedTensorType> &resultTypes) {
  if (failed(convertResultTypes(converter, op, resultTypes)))
    return failure();
  if (!allStatic(adaptor.getInputs()) || !allStatic(adaptor.getInitValues()))
    return unsupported(op, "needs static shapes");
  return success();
}

/// Checks that the body of a reduction of `count` inputs takes an
/// accumulator and an element per input and is scalar code.
LogicalResult checkReductionBody(Operation *op, Region &body, size_t count) {
  if (body.front().getNumArguments() != 2 * count)
    return unsupported(op, "body does not take 2 * N arguments");
  return checkScalarRegion(body);
}

/// The original element types of the values `body` returns.
SmallVector<Type> returnedElementTypes(Region &body) {
  SmallVector<Type> types;
  auto ret = cast<hlo::ReturnOp>(body.front().getTerminator());
  for (Value v : ret.getOperands())
    types.push_back(elementTypeOf(v.getType()));
  return types;
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

struct ReduceToGeneric : public OpConversionPattern<hlo::ReduceOp> {
  ReduceToGeneric(const TypeConverter &converter, MLIRContext *context,
                  bool reassociate)
      : OpConversionPattern(converter, context), reassociate(reassociate) {}

  LogicalResult
  matchAndRewrite(hlo::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    size_t count = op.getInputs().size();
    SmallVector<RankedTensorType> resultTypes;
    if (failed(convertReductionTypes(op, adaptor, *getTypeConverter(),
                                     resultTypes)))
      return failure();
    Region &body = op.getBody();
    if (failed(checkReductionBody(op, body, count)))
      return failure();

    auto inputType = cast<RankedTensorType>(adaptor.getInputs()[0].getType());
    int64_t rank = inputType.getRank();
    SmallVector<bool> reduced(rank, false);
    for (int64_t d : op.getDimensions())
      reduced[d] = true;

    // Original element types: inputs, inits, results, body arguments.
    SmallVector<Type> inputTypes, initTypes, resultElems, accArgs, inputArgs;
    for (size_t k = 0; k < count; ++k) {
      inputTypes.push_back(elementTypeOf(op.getInputs()[k].getType()));
      initTypes.push_back(elementTypeOf(op.getInitValues()[k].getType()));
      resultElems.push_back(elementTypeOf(op.getResult(k).getType()));
      accArgs.push_back(regionArgType(body, k));
      inputArgs.push_back(regionArgType(body, count + k));
    }
    SmallVector<Type> bodyResults = returnedElementTypes(body);

    // Outputs of `types` start at the init values (in the result element
    // type).
    auto filledOutputs = [&](ArrayRef<RankedTensorType> types) {
      SmallVector<Value> outputs;
      for (size_t k = 0; k < count; ++k) {
        Value init = extractScalar(rewriter, loc, adaptor.getInitValues()[k]);
        init = emitScalarConvert(rewriter, loc, init, initTypes[k],
                                 resultElems[k]);
        outputs.push_back(filledTensor(rewriter, loc, types[k], init));
      }
      return outputs;
    };
    // One generic folding `inputs` (of rank `rank`, the `reduced` dims) into
    // `outputs`, in row-major order.
    auto fold = [&](ValueRange inputs, ArrayRef<bool> reduced,
                    ValueRange outputs) {
      int64_t rank = reduced.size();
      SmallVector<AffineExpr> kept;
      SmallVector<utils::IteratorType> iterators;
      for (int64_t d = 0; d < rank; ++d) {
        if (reduced[d]) {
          iterators.push_back(utils::IteratorType::reduction);
        } else {
          iterators.push_back(utils::IteratorType::parallel);
          kept.push_back(rewriter.getAffineDimExpr(d));
        }
      }
      SmallVector<AffineMap> maps(count, rewriter.getMultiDimIdentityMap(rank));
      maps.append(count, AffineMap::get(rank, 0, kept, rewriter.getContext()));
      return linalg::GenericOp::create(
          rewriter, loc, ValueRange(outputs).getTypes(), inputs, outputs, maps,
          iterators, [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
            ValueRange xs = args.take_front(count);
            ValueRange accs = args.drop_front(count);
            SmallVector<Value> regionArgs =
                convertScalars(b, nestedLoc, accs, resultElems, accArgs);
            llvm::append_range(
                regionArgs,
                convertScalars(b, nestedLoc, xs, inputTypes, inputArgs));
            // Checked by the dry run above.
            SmallVector<Value> results = *emitScalarRegion(b, body, regionArgs);
            linalg::YieldOp::create(b, nestedLoc,
                                    convertScalars(b, nestedLoc, results,
                                                   bodyResults, resultElems));
          });
    };

    // A full reduction in steps: the inputs reshaped to `shape` (two or
    // more dims), then
    // folded step by step, each step reducing the dims of its mask of the
    // previous step's partial results (from the init values); the last
    // step leaves the result.
    auto foldInSteps = [&](ArrayRef<int64_t> shape,
                           ArrayRef<SmallVector<bool>> steps) {
      SmallVector<Value> partials;
      for (size_t k = 0; k < count; ++k) {
        Value input = adaptor.getInputs()[k];
        auto type = cast<RankedTensorType>(input.getType());
        SmallVector<ReassociationIndices> all(1);
        for (int64_t d = 0; d < rank; ++d)
          all.front().push_back(d);
        if (rank != 1)
          input = tensor::CollapseShapeOp::create(rewriter, loc, input, all);
        ReassociationIndices dims;
        for (size_t d = 0; d < shape.size(); ++d)
          dims.push_back(d);
        auto shaped = RankedTensorType::get(shape, type.getElementType());
        partials.push_back(tensor::ExpandShapeOp::create(rewriter, loc, shaped,
                                                         input, {dims}));
      }
      SmallVector<int64_t> current(shape);
      for (size_t step = 0; step < steps.size(); ++step) {
        SmallVector<int64_t> kept;
        for (size_t d = 0; d < current.size(); ++d)
          if (!steps[step][d])
            kept.push_back(current[d]);
        SmallVector<RankedTensorType> types;
        for (size_t k = 0; k < count; ++k)
          types.push_back(step + 1 == steps.size()
                              ? resultTypes[k]
                              : RankedTensorType::get(
                                    kept, resultTypes[k].getElementType()));
        linalg::GenericOp folded =
            fold(partials, steps[step], filledOutputs(types));
        partials.assign(folded->result_begin(), folded->result_end());
        current = kept;
      }
      rewriter.replaceOp(op, partials);
    };

    // Reassociated (ReduceSchedule.h): a float sum or product of every
    // dimension, in cache, goes down the columns of [N / 256, 256], so that
    // the vectorized fold reads one stream into 256 partial results.
    if (reassociate) {
      if (int64_t elements = hlo::reassociatedFullReductionElements(op);
          elements && !hlo::reassociatesChunks(elements)) {
        int64_t columns = hlo::kReassociatedColumns;
        foldInSteps({elements / columns, columns}, {{true, false}, {true}});
        return success();
      }
    }
    // The chunked schedule of a large full reduction (ReduceSchedule.h):
    // the input as [chunks, N / chunks], each row folded from the init
    // values (a row reduction, vectorized across rows; one whose order
    // does not matter, where the code generator may reassociate), then the
    // partial results folded from the init values.
    if (int64_t chunks = hlo::reduceChunks(op); chunks > 1) {
      foldInSteps({chunks, inputType.getNumElements() / chunks},
                  {{false, true}, {true}});
      return success();
    }

    auto generic =
        fold(adaptor.getInputs(), reduced, filledOutputs(resultTypes));
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }

private:
  /// Float sums and products may be reordered (--reassociate-reductions).
  bool reassociate;
};

//===----------------------------------------------------------------------===//
// reduce_window
//===----------------------------------------------------------------------===//

/// `padded` if it is not a tensor.pad, else the same padded tensor made by
/// a generic that fills its shape with the padding value, a generic that
/// copies the input into its slice of it, and the insert of that slice:
/// both generics vectorize along the innermost dimension, where the pad was
/// bufferized into loops of one element at a time (for a max pooling's
/// 8 x 113 x 113 x 64 input, gathers and scatters: 10 of its 14 ms).
Value padWithGenerics(RewriterBase &b, Value padded) {
  auto pad = padded.getDefiningOp<tensor::PadOp>();
  Value value = pad ? pad.getConstantPaddingValue() : Value();
  if (!value)
    return padded;
  Location loc = pad.getLoc();
  RankedTensorType sourceType = pad.getSourceType();
  RankedTensorType type = pad.getResultType();
  unsigned rank = type.getRank();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  Value filled =
      linalg::GenericOp::create(b, loc, TypeRange{type}, ValueRange{},
                                ValueRange{emptyTensor(b, loc, type)},
                                ArrayRef<AffineMap>{identity}, parallel,
                                [&](OpBuilder &nested, Location l, ValueRange) {
                                  linalg::YieldOp::create(nested, l, value);
                                })
          .getResult(0);
  SmallVector<OpFoldResult> offsets = pad.getMixedLowPad();
  SmallVector<OpFoldResult> sizes =
      getAsIndexOpFoldResult(b.getContext(), sourceType.getShape());
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  Value slice =
      tensor::ExtractSliceOp::create(b, loc, filled, offsets, sizes, strides);
  Value copied =
      linalg::GenericOp::create(
          b, loc, TypeRange{sourceType}, ValueRange{pad.getSource()},
          ValueRange{slice}, ArrayRef<AffineMap>{identity, identity}, parallel,
          [&](OpBuilder &nested, Location l, ValueRange args) {
            linalg::YieldOp::create(nested, l, args.front());
          })
          .getResult(0);
  Value result = tensor::InsertSliceOp::create(b, loc, copied, filled, offsets,
                                               sizes, strides);
  b.eraseOp(pad);
  return result;
}

/// Windows of at most this many elements, not reaching along the last
/// dimension, fold their strided slices in one elementwise op.
constexpr int64_t kUnrolledWindowElements = 16;

/// reduce_window (one input) as the elementwise fold of its window's
/// strided slices of `padded`: from `resultInit`, then each window element
/// in row-major order (the order of the generic form, so the bits are the
/// same), converted to the body's types and back at each step as the
/// generic form does.
LogicalResult
foldWindowSlices(hlo::ReduceWindowOp op, ConversionPatternRewriter &rewriter,
                 Value padded, RankedTensorType resultType, Value resultInit,
                 ArrayRef<int64_t> window, ArrayRef<int64_t> strides,
                 ArrayRef<int64_t> windowDilations, Type resultElem,
                 ArrayRef<Type> bodyTypes, ArrayRef<Type> bodyResults) {
  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  int64_t rank = resultType.getRank();
  int64_t windowElements = computeProduct(window);
  SmallVector<int64_t> windowStrides = computeSuffixProduct(window);
  SmallVector<Value> slices;
  for (int64_t linear = 0; linear < windowElements; ++linear) {
    SmallVector<int64_t> offsets = mlir::delinearize(linear, windowStrides);
    for (int64_t d = 0; d < rank; ++d)
      offsets[d] *= windowDilations[d];
    slices.push_back(tensor::ExtractSliceOp::create(
        rewriter, loc, padded, getAsIndexOpFoldResult(ctx, offsets),
        getAsIndexOpFoldResult(ctx, resultType.getShape()),
        getAsIndexOpFoldResult(ctx, strides)));
  }
  Region &body = op.getBody();
  AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{resultType}, slices,
      ValueRange{emptyTensor(rewriter, loc, resultType)},
      SmallVector<AffineMap>(windowElements + 1, identity),
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
        Value acc = resultInit;
        for (Value x : args.drop_back()) {
          SmallVector<Value> regionArgs =
              convertScalars(b, nestedLoc, acc, resultElem, bodyTypes[0]);
          regionArgs.push_back(x);
          SmallVector<Value> results = *emitScalarRegion(b, body, regionArgs);
          acc = convertScalars(b, nestedLoc, results, bodyResults, resultElem)
                    .front();
        }
        linalg::YieldOp::create(b, nestedLoc, acc);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

struct ReduceWindowToGeneric : public OpConversionPattern<hlo::ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    size_t count = op.getInputs().size();
    SmallVector<RankedTensorType> resultTypes;
    if (failed(convertReductionTypes(op, adaptor, *getTypeConverter(),
                                     resultTypes)))
      return failure();
    auto inputType = cast<RankedTensorType>(adaptor.getInputs()[0].getType());
    int64_t rank = inputType.getRank();
    SmallVector<int64_t> window(op.getWindowDimensions());
    SmallVector<int64_t> strides = orFill(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> baseDilations = orFill(op.getBaseDilations(), rank, 1);
    SmallVector<int64_t> windowDilations =
        orFill(op.getWindowDilations(), rank, 1);
    SmallVector<int64_t> low, high;
    if (failed(readPadding(op.getPadding(), rank, low, high)) ||
        static_cast<int64_t>(window.size()) != rank ||
        static_cast<int64_t>(strides.size()) != rank ||
        static_cast<int64_t>(baseDilations.size()) != rank ||
        static_cast<int64_t>(windowDilations.size()) != rank)
      return unsupported(op, "window attributes do not match the rank");
    Region &body = op.getBody();
    if (failed(checkReductionBody(op, body, count)))
      return failure();

    // Everything runs in the body's element types (the interpreter
    // converts inputs and init values to them, as is_promotable allows).
    SmallVector<Type> bodyTypes, resultElems;
    for (size_t k = 0; k < count; ++k) {
      bodyTypes.push_back(regionArgType(body, k));
      resultElems.push_back(elementTypeOf(op.getResult(k).getType()));
    }
    SmallVector<Type> bodyResults = returnedElementTypes(body);

    // A small window that does not reach along the last dimension (max or
    // average pooling over the rows and columns of NHWC) folds its strided
    // slices elementwise (foldWindowSlices): each slice is read along the
    // last dimension contiguously, and the fold vectorizes there. In the
    // generic below, the innermost loop is the window's last dimension, of
    // extent 1, and every output element was a scalar loop (3 x 3 max
    // pooling, stride 2, 8 x 112 x 112 x 64 at one thread: 14.6 -> 4.4 ms
    // with padWithGenerics, XLA:CPU 7.6).
    bool foldSlices = count == 1 && rank >= 2 && window.back() == 1 &&
                      computeProduct(window) <= kUnrolledWindowElements;

    SmallVector<Value> padded, outputs, resultInits;
    for (size_t k = 0; k < count; ++k) {
      Value input = adaptor.getInputs()[k];
      Type inputElem = elementTypeOf(op.getInputs()[k].getType());
      auto type = cast<RankedTensorType>(input.getType());
      if (inputElem != bodyTypes[k]) {
        auto converted = RankedTensorType::get(
            type.getShape(), convertElementType(bodyTypes[k]));
        input = buildMapGeneric(
            rewriter, loc, converted, input,
            [&](OpBuilder &b, Location l, ValueRange args) -> Value {
              return emitScalarConvert(b, l, args[0], inputElem, bodyTypes[k]);
            });
      }
      Value init = extractScalar(rewriter, loc, adaptor.getInitValues()[k]);
      init = emitScalarConvert(rewriter, loc, init,
                               elementTypeOf(op.getInitValues()[k].getType()),
                               bodyTypes[k]);
      Value paddedInput =
          padAndDilate(rewriter, loc, input, init, low, high, baseDilations);
      if (foldSlices)
        paddedInput = padWithGenerics(rewriter, paddedInput);
      padded.push_back(paddedInput);
      Value resultInit =
          emitScalarConvert(rewriter, loc, init, bodyTypes[k], resultElems[k]);
      resultInits.push_back(resultInit);
      if (!foldSlices)
        outputs.push_back(
            filledTensor(rewriter, loc, resultTypes[k], resultInit));
    }

    if (foldSlices)
      return foldWindowSlices(op, rewriter, padded[0], resultTypes[0],
                              resultInits[0], window, strides, windowDilations,
                              resultElems[0], bodyTypes, bodyResults);

    // Iteration space: output dims d0..d(r-1), window dims dr..d(2r-1).
    SmallVector<AffineExpr> inputExprs, outputExprs;
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr out = rewriter.getAffineDimExpr(d);
      AffineExpr offset = rewriter.getAffineDimExpr(rank + d);
      inputExprs.push_back(out * strides[d] + offset * windowDilations[d]);
      outputExprs.push_back(out);
      iterators.push_back(utils::IteratorType::reduction);
    }
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineMap> maps(count,
                                AffineMap::get(2 * rank, 0, inputExprs, ctx));
    maps.append(count, AffineMap::get(2 * rank, 0, outputExprs, ctx));
    // The window shape enters the iteration space through a shape-only
    // operand (its elements are never read).
    Value windowShape = emptyTensor(
        rewriter, loc, RankedTensorType::get(window, rewriter.getI1Type()));
    SmallVector<AffineExpr> windowExprs;
    for (int64_t d = 0; d < rank; ++d)
      windowExprs.push_back(rewriter.getAffineDimExpr(rank + d));
    maps.insert(maps.begin() + count,
                AffineMap::get(2 * rank, 0, windowExprs, ctx));
    SmallVector<Value> inputs(padded);
    inputs.push_back(windowShape);

    SmallVector<Type> generated(resultTypes.begin(), resultTypes.end());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, generated, inputs, outputs, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          ValueRange xs = args.take_front(count);
          ValueRange accs = args.drop_front(count + 1);
          SmallVector<Value> regionArgs =
              convertScalars(b, nestedLoc, accs, resultElems, bodyTypes);
          llvm::append_range(regionArgs, xs);
          SmallVector<Value> results = *emitScalarRegion(b, body, regionArgs);
          linalg::YieldOp::create(
              b, nestedLoc,
              convertScalars(b, nestedLoc, results, bodyResults, resultElems));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// Whether the splat `init` absorbs itself under `combine`
/// (CumulativeWindow.h).
bool absorbsItself(Operation *combine, Attribute init) {
  auto splat = dyn_cast<SplatElementsAttr>(init);
  if (!splat)
    return false;
  if (isa<FloatType>(splat.getElementType()))
    return hlo::absorbsItself(combine, splat.getSplatValue<APFloat>());
  if (isa<IntegerType>(splat.getElementType()))
    return hlo::absorbsItself(combine, splat.getSplatValue<APInt>());
  return false;
}

/// The running folds of a cumulative reduce_window along `scanned`, a
/// dimension other than the last, row by row: the trailing dimensions
/// collapsed to one of `inner` elements, step j folds row x[j] (or x[n - 1
/// - j] from the end) into the row before it, element by element, so each
/// step reads and writes contiguous memory and its elements are
/// independent (they vectorize), where one line at a time would read
/// elements a row apart. Each element still folds its own line in order:
/// the same bits. One scf.forall runs over the leading dimensions and
/// blocks of 256 columns.
Value scanRows(OpBuilder &b, Location loc, Value input,
               RankedTensorType inputType, int64_t scanned, bool fromEnd,
               Region &body, Value initValue) {
  int64_t rank = inputType.getRank();
  int64_t n = inputType.getDimSize(scanned);
  int64_t inner = 1;
  for (int64_t d = scanned + 1; d < rank; ++d)
    inner *= inputType.getDimSize(d);
  // [leading..., n, inner]
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d <= scanned; ++d) {
    groups.push_back({d});
    shape.push_back(inputType.getDimSize(d));
  }
  groups.push_back({});
  for (int64_t d = scanned + 1; d < rank; ++d)
    groups.back().push_back(d);
  shape.push_back(inner);
  auto collapsedType = RankedTensorType::get(shape, inputType.getElementType());
  Value collapsed =
      tensor::CollapseShapeOp::create(b, loc, collapsedType, input, groups);
  constexpr int64_t kColumnBlock = 256;
  int64_t width =
      inner > kColumnBlock && inner % kColumnBlock == 0 ? kColumnBlock : inner;
  auto blockType =
      RankedTensorType::get({n, width}, inputType.getElementType());

  // One row of the block: out[i][c] = body(acc, x[i][c]) (or body(x, acc)
  // from the end), acc from row `previous` of out, or the init value.
  auto foldRow = [&](OpBuilder &rb, Location l, Value block, Value out, Value i,
                     Value previous) -> Value {
    Value zero = arith::ConstantIndexOp::create(rb, l, 0);
    Value one = arith::ConstantIndexOp::create(rb, l, 1);
    Value columns = arith::ConstantIndexOp::create(rb, l, width);
    auto loop = scf::ForOp::create(
        rb, l, zero, columns, one, ValueRange{out},
        [&](OpBuilder &cb, Location cl, Value c, ValueRange carried) {
          Value x = tensor::ExtractOp::create(cb, cl, block, ValueRange{i, c});
          Value acc = previous
                          ? tensor::ExtractOp::create(cb, cl, carried[0],
                                                      ValueRange{previous, c})
                                .getResult()
                          : initValue;
          SmallVector<Value> args = {acc, x};
          if (fromEnd)
            std::swap(args[0], args[1]);
          Value folded = (*emitScalarRegion(cb, body, args))[0];
          scf::YieldOp::create(
              cb, cl,
              ValueRange{tensor::InsertOp::create(cb, cl, folded, carried[0],
                                                  ValueRange{i, c})
                             .getResult()});
        });
    return loop.getResult(0);
  };
  auto scanBlock = [&](OpBuilder &rb, Location l, Value block) -> Value {
    Value first = arith::ConstantIndexOp::create(rb, l, fromEnd ? n - 1 : 0);
    Value out =
        foldRow(rb, l, block, emptyTensor(rb, l, blockType), first, Value());
    Value one = arith::ConstantIndexOp::create(rb, l, 1);
    Value count = arith::ConstantIndexOp::create(rb, l, n);
    Value last = arith::ConstantIndexOp::create(rb, l, n - 1);
    auto rows = scf::ForOp::create(
        rb, l, one, count, one, ValueRange{out},
        [&](OpBuilder &sb, Location sl, Value j, ValueRange carried) {
          Value i = j, previous;
          if (fromEnd) {
            i = arith::SubIOp::create(sb, sl, last, j);
            previous = arith::AddIOp::create(sb, sl, i, one);
          } else {
            previous = arith::SubIOp::create(sb, sl, j, one);
          }
          scf::YieldOp::create(sb, sl,
                               foldRow(sb, sl, block, carried[0], i, previous));
        });
    return rows.getResult(0);
  };

  SmallVector<OpFoldResult> counts;
  for (int64_t d = 0; d < scanned; ++d)
    counts.push_back(b.getIndexAttr(inputType.getDimSize(d)));
  counts.push_back(b.getIndexAttr(inner / width));
  auto forall = scf::ForallOp::create(
      b, loc, counts, ValueRange{emptyTensor(b, loc, collapsedType)},
      std::nullopt);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(forall.getTerminator());
    SmallVector<Value> ivs(forall.getInductionVars());
    SmallVector<OpFoldResult> offsets =
        getAsOpFoldResult(ValueRange(ivs).drop_back());
    offsets.push_back(b.getIndexAttr(0));
    Value column = arith::MulIOp::create(
        b, loc, ivs.back(), arith::ConstantIndexOp::create(b, loc, width));
    offsets.push_back(column);
    SmallVector<OpFoldResult> sizes(scanned, b.getIndexAttr(1));
    sizes.push_back(b.getIndexAttr(n));
    sizes.push_back(b.getIndexAttr(width));
    SmallVector<OpFoldResult> strides(scanned + 2, b.getIndexAttr(1));
    Value block = tensor::ExtractSliceOp::create(b, loc, blockType, collapsed,
                                                 offsets, sizes, strides);
    Value result = scanBlock(b, loc, block);
    b.setInsertionPointToStart(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(
        b, loc, result, forall.getRegionIterArgs()[0], offsets, sizes, strides);
  }
  return tensor::ExpandShapeOp::create(b, loc, inputType, forall.getResult(0),
                                       groups);
}

/// reduce_window in the cumulative form of CumulativeWindow.h (jnp.cumsum,
/// lax.cumsum(reverse=True), cumulative products, maxima and minima) with a
/// constant init value that absorbs itself: a running fold per line, from
/// the start or from the end, N steps per line instead of N^2 / 2 (cumsum
/// over 4096 x 1024: 3 s -> milliseconds), in the order the interpreter
/// uses too. Along the last dimension, the lines (every index of the other
/// dimensions) form one scf.forall and each line is a scalar scf.for;
/// along another dimension, rows of the trailing dimensions are folded one
/// after the other (scanRows).
struct CumulativeReduceWindowToScan
    : public OpConversionPattern<hlo::ReduceWindowOp> {
  CumulativeReduceWindowToScan(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(hlo::ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<hlo::CumulativeWindow> cumulative =
        hlo::matchCumulativeWindow(op);
    if (!cumulative)
      return failure();
    auto inputType =
        dyn_cast<RankedTensorType>(adaptor.getInputs()[0].getType());
    if (!inputType)
      return failure();
    int64_t rank = inputType.getRank();
    int64_t scanned = cumulative->dimension;
    int64_t n = inputType.getDimSize(scanned);
    Region &body = op.getBody();
    Operation *combine = cumulative->combine;
    Type element = elementTypeOf(op.getInputs()[0].getType());
    if (!hasScalarLowering(combine, {element, element}, element, nullptr))
      return failure();
    Attribute init;
    if (!matchPattern(op.getInitValues()[0], m_Constant(&init)) &&
        !matchPattern(adaptor.getInitValues()[0], m_Constant(&init)))
      return failure();
    if (!absorbsItself(combine, init))
      return failure();
    SmallVector<RankedTensorType> resultTypes;
    if (failed(convertReductionTypes(op, adaptor, *getTypeConverter(),
                                     resultTypes)) ||
        resultTypes[0] != inputType)
      return failure();

    Location loc = op.getLoc();
    Value input = adaptor.getInputs()[0];
    Value initValue = extractScalar(rewriter, loc, adaptor.getInitValues()[0]);
    auto lineType = RankedTensorType::get({n}, inputType.getElementType());
    bool fromEnd = cumulative->fromEnd;
    // The running fold of one line (a 1-D tensor of n elements): step j
    // folds x[j], or x[n - 1 - j] from the end (the element first there).
    auto scan = [&](OpBuilder &b, Location l, Value line) -> Value {
      Value zero = arith::ConstantIndexOp::create(b, l, 0);
      Value one = arith::ConstantIndexOp::create(b, l, 1);
      Value count = arith::ConstantIndexOp::create(b, l, n);
      Value last = arith::ConstantIndexOp::create(b, l, n - 1);
      auto loop = scf::ForOp::create(
          b, l, zero, count, one,
          ValueRange{initValue, emptyTensor(b, l, lineType)},
          [&](OpBuilder &lb, Location ll, Value j, ValueRange carried) {
            Value i = fromEnd ? arith::SubIOp::create(lb, ll, last, j) : j;
            Value x = tensor::ExtractOp::create(lb, ll, line, i);
            SmallVector<Value> args = {carried[0], x};
            if (fromEnd)
              std::swap(args[0], args[1]);
            Value folded = (*emitScalarRegion(lb, body, args))[0];
            Value written =
                tensor::InsertOp::create(lb, ll, folded, carried[1], i);
            scf::YieldOp::create(lb, ll, ValueRange{folded, written});
          });
      return loop.getResult(1);
    };
    if (inputType.getNumElements() == 0) {
      // Nothing to fold (and no rows to block).
      rewriter.replaceOp(op, emptyTensor(rewriter, loc, inputType));
      return success();
    }
    if (rank == 1) {
      rewriter.replaceOp(op, scan(rewriter, loc, input));
      return success();
    }
    if (scanned != rank - 1) {
      rewriter.replaceOp(op, scanRows(rewriter, loc, input, inputType, scanned,
                                      fromEnd, body, initValue));
      return success();
    }
    SmallVector<OpFoldResult> lines;
    for (int64_t d = 0; d < rank; ++d)
      if (d != scanned)
        lines.push_back(rewriter.getIndexAttr(inputType.getDimSize(d)));
    auto forall = scf::ForallOp::create(
        rewriter, loc, lines, ValueRange{emptyTensor(rewriter, loc, inputType)},
        std::nullopt);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(forall.getTerminator());
      SmallVector<OpFoldResult> offsets =
          getAsOpFoldResult(ValueRange(forall.getInductionVars()));
      offsets.insert(offsets.begin() + scanned, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes(rank, rewriter.getIndexAttr(1));
      sizes[scanned] = rewriter.getIndexAttr(n);
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      Value line = tensor::ExtractSliceOp::create(
          rewriter, loc, lineType, input, offsets, sizes, strides);
      Value result = scan(rewriter, loc, line);
      rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
      tensor::ParallelInsertSliceOp::create(rewriter, loc, result,
                                            forall.getRegionIterArgs()[0],
                                            offsets, sizes, strides);
    }
    rewriter.replaceOp(op, forall.getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// select_and_scatter
//===----------------------------------------------------------------------===//

struct SelectAndScatterToLoops
    : public OpConversionPattern<hlo::SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<RankedTensorType> resultTypes;
    if (failed(convertResultTypes(*getTypeConverter(), op, resultTypes)))
      return failure();
    if (!allStatic(adaptor.getOperands()))
      return unsupported(op, "needs static shapes");
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto sourceType = cast<RankedTensorType>(adaptor.getSource().getType());
    int64_t rank = operandType.getRank();
    ArrayRef<int64_t> shape = operandType.getShape();
    SmallVector<int64_t> window = orFill(op.getWindowDimensions(), rank, 1);
    SmallVector<int64_t> strides = orFill(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> low, high;
    if (failed(readPadding(op.getPadding(), rank, low, high)) ||
        static_cast<int64_t>(window.size()) != rank ||
        static_cast<int64_t>(strides.size()) != rank)
      return unsupported(op, "window attributes do not match the rank");
    Region &select = op.getSelect();
    Region &scatter = op.getScatter();
    if (select.front().getNumArguments() != 2 ||
        scatter.front().getNumArguments() != 2)
      return unsupported(op, "select and scatter must take two arguments");
    if (failed(checkScalarRegion(select)) || failed(checkScalarRegion(scatter)))
      return failure();

    Type operandElem = elementTypeOf(op.getOperand().getType());
    Type sourceElem = elementTypeOf(op.getSource().getType());
    Type initElem = elementTypeOf(op.getInitValue().getType());
    Type resultElem = elementTypeOf(op.getType());
    Type selectType = regionArgType(select, 0);
    Type scatterType = regionArgType(scatter, 0);
    Type scatterResult =
        elementTypeOf(scatter.front().getTerminator()->getOperand(0).getType());

    Value init = extractScalar(rewriter, loc, adaptor.getInitValue());
    init = emitScalarConvert(rewriter, loc, init, initElem, scatterType);
    init = emitScalarConvert(rewriter, loc, init, scatterType, resultElem);
    Value result = filledTensor(rewriter, loc, resultTypes[0], init);

    int64_t sourceCount = sourceType.getNumElements();
    int64_t windowCount = 1;
    for (int64_t w : window)
      windowCount *= w;
    if (sourceCount == 0 || windowCount == 0) {
      rewriter.replaceOp(op, result);
      return success();
    }

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value sourceEnd =
        arith::ConstantIndexOp::create(rewriter, loc, sourceCount);
    Value windowEnd =
        arith::ConstantIndexOp::create(rewriter, loc, windowCount);
    Value operand = adaptor.getOperand();
    Value source = adaptor.getSource();
    Type loweredSelect = convertElementType(selectType);

    auto outer = scf::ForOp::create(
        rewriter, loc, zero, sourceEnd, one, ValueRange{result},
        [&](OpBuilder &b, Location l, Value i, ValueRange iterArgs) {
          SmallVector<Value> at = delinearize(b, l, i, sourceType.getShape());
          Value falseValue = arith::ConstantIntOp::create(b, l, 0, 1);
          Value trueValue = arith::ConstantIntOp::create(b, l, 1, 1);
          // Carried through the window scan: have-a-pick, the picked value
          // (in the select type) and its position.
          SmallVector<Value> scanInit = {falseValue,
                                         zeroScalar(b, l, loweredSelect)};
          scanInit.append(rank, zero);
          auto scan = scf::ForOp::create(
              b, l, zero, windowEnd, one, scanInit,
              [&](OpBuilder &sb, Location sl, Value j, ValueRange carried) {
                SmallVector<Value> offset = delinearize(sb, sl, j, window);
                SmallVector<Value> position;
                Value inBounds = trueValue;
                for (int64_t d = 0; d < rank; ++d) {
                  Value p = arith::MulIOp::create(
                      sb, sl, at[d],
                      arith::ConstantIndexOp::create(sb, sl, strides[d]));
                  p = arith::AddIOp::create(sb, sl, p, offset[d]);
                  p = arith::SubIOp::create(
                      sb, sl, p,
                      arith::ConstantIndexOp::create(sb, sl, low[d]));
                  position.push_back(p);
                  Value geZero = arith::CmpIOp::create(
                      sb, sl, arith::CmpIPredicate::sge, p, zero);
                  Value ltSize = arith::CmpIOp::create(
                      sb, sl, arith::CmpIPredicate::slt, p,
                      arith::ConstantIndexOp::create(sb, sl, shape[d]));
                  inBounds = arith::AndIOp::create(
                      sb, sl, inBounds,
                      arith::AndIOp::create(sb, sl, geZero, ltSize));
                }
                auto step = scf::IfOp::create(
                    sb, sl, inBounds,
                    [&](OpBuilder &tb, Location tl) {
                      Value x =
                          tensor::ExtractOp::create(tb, tl, operand, position);
                      x = emitScalarConvert(tb, tl, x, operandElem, selectType);
                      Value have = carried[0], pick = carried[1];
                      Value keep =
                          (*emitScalarRegion(tb, select, {pick, x}))[0];
                      // Take x unless there is a pick that select keeps.
                      Value take = arith::XOrIOp::create(
                          tb, tl, arith::AndIOp::create(tb, tl, have, keep),
                          trueValue);
                      SmallVector<Value> next = {
                          trueValue,
                          arith::SelectOp::create(tb, tl, take, x, pick)};
                      for (int64_t d = 0; d < rank; ++d)
                        next.push_back(arith::SelectOp::create(
                            tb, tl, take, position[d], carried[2 + d]));
                      scf::YieldOp::create(tb, tl, next);
                    },
                    [&](OpBuilder &eb, Location el) {
                      scf::YieldOp::create(eb, el, carried);
                    });
                scf::YieldOp::create(sb, sl, step.getResults());
              });
          Value current = iterArgs[0];
          ValueRange picked = scan.getResults().drop_front(2);
          auto update = scf::IfOp::create(
              b, l, scan.getResult(0),
              [&](OpBuilder &tb, Location tl) {
                Value acc = tensor::ExtractOp::create(tb, tl, current, picked);
                acc = emitScalarConvert(tb, tl, acc, resultElem, scatterType);
                Value s = tensor::ExtractOp::create(tb, tl, source, at);
                s = emitScalarConvert(tb, tl, s, sourceElem, scatterType);
                Value combined = (*emitScalarRegion(tb, scatter, {acc, s}))[0];
                combined = emitScalarConvert(tb, tl, combined, scatterResult,
                                             resultElem);
                Value inserted =
                    tensor::InsertOp::create(tb, tl, combined, current, picked);
                scf::YieldOp::create(tb, tl, inserted);
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, current);
              });
          scf::YieldOp::create(b, l, update.getResults());
        });
    rewriter.replaceOp(op, outer.getResults());
    return success();
  }
};

} // namespace

void populateReductionPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns, bool reassociate) {
  patterns.add<ReduceToGeneric>(converter, patterns.getContext(), reassociate);
  patterns.add<ReduceWindowToGeneric, SelectAndScatterToLoops,
               CumulativeReduceWindowToScan>(converter, patterns.getContext());
}

} // namespace axle::lowering

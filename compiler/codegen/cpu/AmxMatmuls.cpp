//===- AmxMatmuls.cpp - bf16 matmuls on AMX tiles -------------------------===//
//
// On CPUs with AMX-BF16 (Intel Xeons from Sapphire Rapids on), one
// tdpbf16ps multiplies a 16 x 32 bf16 tile of A by a 32 x 16 tile of B into
// a 16 x 16 tile of f32 sums: 16384 flops per instruction, about 1024 per
// cycle, 16 times what two 512-bit FMA units do in f32. Under --fast-math
// (the tiles add the products in their own order, with bf16 subnormals read
// as zero), TileAndVectorize.cpp leaves the bf16 matmuls that fit
// (isAmxTileMatmul) as linalg ops marked kAmxTilesAttr, and this pass,
// after bufferization, writes each as
//
//   request tile state from the kernel (arch_prctl; abort with a message if
//   refused: AMX instructions fault in a process that has not asked)
//   scf.parallel over the panels of `panel` columns of C (of each batch):
//     copy B's panel into VNNI layout (rows k and k + 1 interleaved, the
//     layout tdpbf16ps reads B in), k/2 rows of 2 * panel bf16
//     for each 32 rows of C, for each 32 columns of the panel:
//       4 accumulator tiles (2 x 2 of 16 x 16) loaded from C (or zeroed)
//       for k by 32: 2 tiles of A, 2 of the panel, 4 tdpbf16ps
//       4 tile stores to C, or, with an epilogue (kAmxEpilogueAttr), to a
//       32 x 32 buffer whose rows go through the epilogue's body as
//       vectors of 32 into its output
//
// Eight tile registers hold 2 tiles of A, 2 of B and the 4 sums, so each
// tile loaded serves two multiplies. A's 32 rows (64 KiB at k = 1024) stay
// in L2 while the panel's column blocks run over them; the panel (k x 256
// bf16, 512 KiB) stays in L2 while the row blocks run over it. An
// epilogue reads the sums from L1, where the f32 result would have gone to
// memory and back (bf16 1024^3: 4 MiB each way, a tenth of the time).
//
//===----------------------------------------------------------------------===//

#include "compiler/codegen/cpu/ContractionTiles.h"
#include "compiler/codegen/cpu/LibraryAllocator.h"
#include "compiler/codegen/cpu/MatmulBlock.h"
#include "compiler/codegen/cpu/Passes.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace axle::cpu {

#define GEN_PASS_DEF_AMXMATMULSPASS
#include "compiler/codegen/cpu/Passes.h.inc"

using namespace mlir;

namespace {

// arch_prctl's request for a permission to use an extended state component,
// and the component of AMX's tile data (Linux, asm/prctl.h and the kernel's
// xstate numbering).
constexpr int64_t kSysArchPrctl = 158;
constexpr int64_t kArchReqXcompPerm = 0x1023;
constexpr int64_t kXfeatureXtiledata = 18;

/// The widest panel of C's columns (256, 128, 64 or 32) that divides n.
int64_t panelColumns(int64_t n) {
  for (int64_t columns : {256, 128, 64})
    if (n % columns == 0)
      return columns;
  return 32;
}

/// Asks the kernel for AMX tile state for this process (once per call of
/// the function: the request is idempotent and costs about a microsecond,
/// against the milliseconds of the matmuls that get here); where it is
/// refused, prints why and aborts, since the first tile instruction would
/// kill the process with SIGILL and no message.
void requestTileState(RewriterBase &rewriter, Location loc, ModuleOp module) {
  MLIRContext *context = rewriter.getContext();
  Type i64 = rewriter.getI64Type(), i32 = rewriter.getI32Type();
  Type pointer = LLVM::LLVMPointerType::get(context);
  Location moduleLoc = module.getLoc();
  LLVM::LLVMFuncOp syscall = libraryFunction(
      module, rewriter, moduleLoc, "syscall",
      LLVM::LLVMFunctionType::get(i64, {i64}, /*isVarArg=*/true));
  LLVM::LLVMFuncOp puts =
      libraryFunction(module, rewriter, moduleLoc, "puts",
                      LLVM::LLVMFunctionType::get(i32, {pointer}));
  LLVM::LLVMFuncOp abort = libraryFunction(
      module, rewriter, moduleLoc, "abort",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {}));
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, i64, value);
  };
  Value status = LLVM::CallOp::create(rewriter, loc, syscall,
                                      ValueRange{constant(kSysArchPrctl),
                                                 constant(kArchReqXcompPerm),
                                                 constant(kXfeatureXtiledata)})
                     .getResult();
  Value refused = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                        status, constant(0));
  scf::IfOp check = scf::IfOp::create(rewriter, loc, refused,
                                      /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(check.thenBlock());
  std::string text = "axle: this code multiplies bf16 matrices on AMX tiles, "
                     "and the operating system refused this process AMX "
                     "tile state (compile without --fast-math, or with a "
                     "--target-cpu that lacks AMX)";
  text.push_back('\0');
  constexpr llvm::StringLiteral name = "axle_amx_refused_message";
  // One message per module, however many matmuls ask.
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  Value message =
      global ? LLVM::AddressOfOp::create(rewriter, loc, global).getResult()
             : LLVM::createGlobalString(loc, rewriter, name, text,
                                        LLVM::Linkage::Internal);
  LLVM::CallOp::create(rewriter, loc, puts, ValueRange{message});
  LLVM::CallOp::create(rewriter, loc, abort, ValueRange{});
}

/// Whether tiles can be loaded from (or stored to) `buffer` row by row: a
/// static row stride and contiguous rows.
bool hasContiguousRows(Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1 && !ShapedType::isDynamic(strides.front());
}

/// A copy of `buffer` at the start of a new buffer of `shape` (each
/// dimension at least as large; where larger, the rest zeroed): where
/// `copyIn`, filled from `buffer` first; where `copyBack`, its part
/// written back after `op`.
Value copyOf(RewriterBase &rewriter, Location loc, Value buffer,
             ArrayRef<int64_t> shape, bool copyIn, bool copyBack,
             Operation *op) {
  auto type = cast<MemRefType>(buffer.getType());
  Value copy = memref::AllocOp::create(
      rewriter, loc, MemRefType::get(shape, type.getElementType()),
      rewriter.getI64IntegerAttr(64));
  Value window = copy;
  if (type.getShape() != shape) {
    unsigned rank = shape.size();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
        strides(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : type.getShape())
      sizes.push_back(rewriter.getIndexAttr(size));
    window =
        memref::SubViewOp::create(rewriter, loc, copy, offsets, sizes, strides);
    // Only the padding is zeroed, the copy overwrites the rest: for each
    // padded dimension d, the elements past the buffer's size along d and
    // within it along the dimensions before d (disjoint parts that cover
    // the padding). Zeroing the whole copy first was a memset of all of it,
    // 11% of the time of bf16 256 x 784 x 1024 (MNIST's inputs) at one
    // thread; paired runs, medians of the rounds' minima: 756 -> 685 us at
    // one thread, 809 -> 582 us at two.
    if (copyIn) {
      Value zero = arith::ConstantOp::create(
          rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
      for (unsigned d = 0; d < rank; ++d) {
        int64_t size = type.getDimSize(d);
        if (size == shape[d])
          continue;
        SmallVector<OpFoldResult> padOffsets(rank, rewriter.getIndexAttr(0)),
            padSizes;
        for (unsigned j = 0; j < rank; ++j)
          padSizes.push_back(rewriter.getIndexAttr(j < d    ? type.getDimSize(j)
                                                   : j == d ? shape[d] - size
                                                            : shape[j]));
        padOffsets[d] = rewriter.getIndexAttr(size);
        Value padding = memref::SubViewOp::create(
            rewriter, loc, copy, padOffsets, padSizes, strides);
        linalg::FillOp::create(rewriter, loc, zero, padding);
      }
    }
  }
  if (copyIn)
    memref::CopyOp::create(rewriter, loc, buffer, window);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(op);
  if (copyBack)
    memref::CopyOp::create(rewriter, loc, window, buffer);
  memref::DeallocOp::create(rewriter, loc, copy);
  return copy;
}

/// `buffer`, or where its rows are not contiguous a contiguous copy of it
/// (`copyBack`: the copy is written back after `op`).
Value contiguous(RewriterBase &rewriter, Location loc, Value buffer,
                 bool copyBack, Operation *op) {
  if (hasContiguousRows(buffer))
    return buffer;
  return copyOf(rewriter, loc, buffer,
                cast<MemRefType>(buffer.getType()).getShape(),
                /*copyIn=*/true, copyBack, op);
}

/// Writes 32 consecutive elements of a row of `epilogue`'s output, from
/// `at` ((batch,) row, column): its inputs read as vectors of 32 (those
/// reading the buffer `sums->first` given as the vector `sums->second`,
/// where set), broadcast where a map leaves the columns out, and its
/// lane-wise body applied to them (isAmxEpilogue holds).
void emitEpilogueRow(OpBuilder &builder, Location loc,
                     linalg::GenericOp epilogue, ValueRange at,
                     std::optional<std::pair<Value, Value>> sums) {
  constexpr int64_t kLanes = 32;
  auto vectorOf = [&](Type element) {
    return VectorType::get({kLanes}, element);
  };
  auto broadcast = [&](Value scalar) -> Value {
    return vector::BroadcastOp::create(builder, loc, vectorOf(scalar.getType()),
                                       scalar);
  };
  // A buffer's indices at `at` under `map`.
  unsigned columns = at.size() - 1;
  auto indicesOf = [&](AffineMap map) {
    SmallVector<Value> indices;
    for (unsigned i = 0; i < map.getNumResults(); ++i)
      indices.push_back(at[map.getDimPosition(i)]);
    return indices;
  };
  IRMapping lanes;
  Block &body = epilogue.getRegion().front();
  for (OpOperand *input : epilogue.getDpsInputOperands()) {
    unsigned number = input->getOperandNumber();
    Value argument = body.getArgument(number);
    if (sums && input->get() == sums->first) {
      lanes.map(argument, sums->second);
      continue;
    }
    AffineMap map = epilogue.getMatchingIndexingMap(input);
    SmallVector<Value> indices = indicesOf(map);
    Type element = argument.getType();
    // The columns, where among its dimensions, are the last of them
    // (isAmxEpilogue keeps the order).
    bool perColumn = map.getNumResults() != 0 &&
                     map.getDimPosition(map.getNumResults() - 1) == columns;
    if (!perColumn) {
      lanes.map(argument, broadcast(memref::LoadOp::create(
                              builder, loc, input->get(), indices)));
      continue;
    }
    Value padding = ub::PoisonOp::create(builder, loc, element);
    lanes.map(argument,
              vector::TransferReadOp::create(
                  builder, loc, vectorOf(element), input->get(), indices,
                  padding, /*inBounds=*/SmallVector<bool>{true}));
  }
  // The output's elements, where the body reads them: the sums, written in
  // place.
  OpOperand *init = epilogue.getDpsInitOperand(0);
  Value output = init->get();
  Value outputArgument = body.getArgument(init->getOperandNumber());
  if (!outputArgument.use_empty()) {
    if (sums && output == sums->first) {
      lanes.map(outputArgument, sums->second);
    } else {
      Value padding =
          ub::PoisonOp::create(builder, loc, outputArgument.getType());
      lanes.map(outputArgument,
                vector::TransferReadOp::create(
                    builder, loc, vectorOf(outputArgument.getType()), output,
                    at, padding,
                    /*inBounds=*/SmallVector<bool>{true}));
    }
  }
  // Values of the body, as vectors; ones from outside it are broadcast.
  auto laneValue = [&](Value value) -> Value {
    if (Value mapped = lanes.lookupOrNull(value))
      return mapped;
    Value spread = broadcast(value);
    lanes.map(value, spread);
    return spread;
  };
  for (Operation &op : body.without_terminator()) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto splat = SplatElementsAttr::get(vectorOf(constant.getType()),
                                          constant.getValue());
      lanes.map(constant.getResult(),
                arith::ConstantOp::create(builder, loc, splat).getResult());
      continue;
    }
    SmallVector<Value> operands;
    for (Value operand : op.getOperands())
      operands.push_back(laneValue(operand));
    SmallVector<Type> types;
    for (Type type : op.getResultTypes())
      types.push_back(vectorOf(type));
    OperationState state(loc, op.getName(), operands, types, op.getAttrs());
    Operation *vectorOp = builder.create(state);
    lanes.map(op.getResults(), vectorOp->getResults());
  }
  Value result = laneValue(body.getTerminator()->getOperand(0));
  vector::TransferWriteOp::create(builder, loc, result, output, at,
                                  /*inBounds=*/SmallVector<bool>{true});
}

/// The marked epilogue that reads the sums `matmul` writes into `c`, where
/// it can run in the matmul's place: it follows the matmul in its block
/// with nothing in between but allocations and ops without memory effects
/// (so the matmul's inputs and the epilogue's are as they are there), and
/// writes no buffer the matmul reads.
linalg::GenericOp findEpilogue(linalg::GenericOp matmul, Value c) {
  for (Operation *op = matmul->getNextNode(); op; op = op->getNextNode()) {
    auto epilogue = dyn_cast<linalg::GenericOp>(op);
    if (epilogue && epilogue->hasAttr(kAmxEpilogueAttr)) {
      Value output = epilogue.getDpsInitOperand(0)->get();
      if (!isAmxEpilogue(epilogue, c) ||
          llvm::is_contained(matmul.getDpsInputs(), output))
        return nullptr;
      return epilogue;
    }
    if (!isa<memref::AllocOp, memref::AllocaOp>(op) && !isMemoryEffectFree(op))
      return nullptr;
  }
  return nullptr;
}

/// A marked epilogue whose matmul could not take it: vector loops of its
/// own over each row, the rows (and batches) in parallel.
void rewriteEpilogueAlone(RewriterBase &rewriter, linalg::GenericOp epilogue) {
  Location loc = epilogue.getLoc();
  SmallVector<int64_t> bounds = epilogue.getStaticLoopRanges();
  rewriter.setInsertionPoint(epilogue);
  auto index = [&](OpBuilder &builder, int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  SmallVector<Value> zeros, ends, ones;
  for (int64_t bound : ArrayRef(bounds).drop_back()) {
    zeros.push_back(index(rewriter, 0));
    ends.push_back(index(rewriter, bound));
    ones.push_back(index(rewriter, 1));
  }
  scf::ParallelOp::create(
      rewriter, loc, zeros, ends, ones,
      [&](OpBuilder &builder, Location, ValueRange outer) {
        scf::ForOp::create(
            builder, loc, index(builder, 0), index(builder, bounds.back()),
            index(builder, 32), ValueRange{},
            [&](OpBuilder &builder, Location, Value column, ValueRange) {
              SmallVector<Value> at(outer);
              at.push_back(column);
              emitEpilogueRow(builder, loc, epilogue, at, std::nullopt);
              scf::YieldOp::create(builder, loc);
            });
      });
  rewriter.eraseOp(epilogue);
}

/// Indices of a matmul's operands: (batch,) row, column.
using OperandIndices = function_ref<SmallVector<Value>(Value, Value)>;

/// Copies columns [j0, j0 + panel) of B (k x n) into `packed` in VNNI
/// layout: packed row p holds B's rows 2p and 2p + 1 interleaved.
void packPanel(OpBuilder &builder, Location loc, Value b, Value packed,
               OperandIndices at, Value j0, int64_t panel, int64_t k) {
  auto index = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  auto halfRow = VectorType::get({16}, builder.getBF16Type());
  scf::ForOp::create(
      builder, loc, index(0), index(k / 2), index(1), ValueRange{},
      [&](OpBuilder &builder, Location, Value p, ValueRange) {
        Value even = arith::MulIOp::create(builder, loc, p, index(2));
        Value odd = arith::AddIOp::create(builder, loc, even, index(1));
        scf::ForOp::create(
            builder, loc, index(0), index(panel), index(16), ValueRange{},
            [&](OpBuilder &builder, Location, Value column, ValueRange) {
              Value j = arith::AddIOp::create(builder, loc, j0, column);
              Value first =
                  vector::LoadOp::create(builder, loc, halfRow, b, at(even, j));
              Value second =
                  vector::LoadOp::create(builder, loc, halfRow, b, at(odd, j));
              Value pairs =
                  vector::InterleaveOp::create(builder, loc, first, second);
              Value pairColumn =
                  arith::MulIOp::create(builder, loc, column, index(2));
              vector::StoreOp::create(builder, loc, pairs, packed,
                                      ValueRange{p, pairColumn});
              scf::YieldOp::create(builder, loc);
            });
        scf::YieldOp::create(builder, loc);
      });
}

/// The same from B given transposed (n x k): there a pair of B's rows at
/// one column is two adjacent elements of a row, one 32-bit word, so each
/// 16 x 16 block of words (16 rows of B^T, 32 k) is transposed
/// (Shuffle16x16 lowers it to shuffles) into 16 rows of the panel.
void packTransposedPanel(OpBuilder &builder, Location loc, Value bt,
                         Value packed, OperandIndices at, Value j0,
                         int64_t panel, int64_t k) {
  auto index = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  auto row = VectorType::get({32}, builder.getBF16Type());
  auto words = VectorType::get({16}, builder.getI32Type());
  auto block = VectorType::get({16, 16}, builder.getI32Type());
  scf::ForOp::create(
      builder, loc, index(0), index(k), index(32), ValueRange{},
      [&](OpBuilder &builder, Location, Value kk, ValueRange) {
        Value p = arith::DivUIOp::create(builder, loc, kk, index(2));
        scf::ForOp::create(
            builder, loc, index(0), index(panel), index(16), ValueRange{},
            [&](OpBuilder &builder, Location, Value column, ValueRange) {
              Value j = arith::AddIOp::create(builder, loc, j0, column);
              Value rows = ub::PoisonOp::create(builder, loc, block);
              for (int64_t r = 0; r < 16; ++r) {
                Value jr = arith::AddIOp::create(builder, loc, j, index(r));
                Value loaded =
                    vector::LoadOp::create(builder, loc, row, bt, at(jr, kk));
                rows = vector::InsertOp::create(
                    builder, loc,
                    vector::BitCastOp::create(builder, loc, words, loaded),
                    rows, ArrayRef<int64_t>{r});
              }
              Value columns = vector::TransposeOp::create(
                  builder, loc, rows, ArrayRef<int64_t>{1, 0});
              Value pairColumn =
                  arith::MulIOp::create(builder, loc, column, index(2));
              for (int64_t q = 0; q < 16; ++q) {
                Value pairs = vector::BitCastOp::create(
                    builder, loc, row,
                    vector::ExtractOp::create(builder, loc, columns,
                                              ArrayRef<int64_t>{q}));
                Value pq = arith::AddIOp::create(builder, loc, p, index(q));
                vector::StoreOp::create(builder, loc, pairs, packed,
                                        ValueRange{pq, pairColumn});
              }
              scf::YieldOp::create(builder, loc);
            });
        scf::YieldOp::create(builder, loc);
      });
}

/// (batch, row, column), or (row, column) where there are no batches: the
/// sizes or indices of a matmul's operands.
template <typename T>
SmallVector<T> withBatch(bool batched, T batch, T row, T column) {
  SmallVector<T> values;
  if (batched)
    values.push_back(batch);
  values.append({row, column});
  return values;
}

/// C += A B for a matmul marked for AMX tiles (isAmxTileMatmul held on its
/// tensors), as the file's comment describes.
void rewriteMatmul(RewriterBase &rewriter, linalg::GenericOp matmul) {
  Location loc = matmul.getLoc();
  SmallVector<int64_t> bounds = matmul.getStaticLoopRanges();
  bool batched = bounds.size() == 4;
  int64_t batches = batched ? bounds[0] : 1;
  int64_t m = bounds[batched + 0], n = bounds[batched + 1],
          k = bounds[batched + 2];
  bool transposedB = hasTransposedB(matmul);
  // Sizes that are no multiples of 32 are padded with zeros (copies of
  // the operands they cut; zero products add nothing).
  int64_t mPadded = amxPaddedSize(m), nPadded = amxPaddedSize(n),
          kPadded = amxPaddedSize(k);
  bool padA = mPadded != m || kPadded != k, padB = kPadded != k || nPadded != n,
       padC = mPadded != m || nPadded != n;
  m = mPadded, n = nPadded, k = kPadded;
  int64_t panel = panelColumns(n);
  // C filled with zeros just before (the matmul's init): the sums start
  // from zeroed tiles instead, and the fill goes.
  bool fromZero = false;
  if (auto fill = dyn_cast_or_null<linalg::FillOp>(matmul->getPrevNode());
      fill &&
      fill.getDpsInitOperand(0)->get() == matmul.getDpsInitOperand(0)->get() &&
      hasContiguousRows(fill.getDpsInitOperand(0)->get()) &&
      matchPattern(fill.getDpsInputOperand(0)->get(), m_AnyZeroFloat())) {
    rewriter.eraseOp(fill);
    fromZero = true;
  }
  // With an epilogue, the whole runs where the epilogue was (its output
  // buffer may be allocated after the matmul), and C only holds the sums'
  // start where that is not zero.
  Value sumsBuffer = matmul.getDpsInitOperand(0)->get();
  linalg::GenericOp epilogue =
      padC ? nullptr : findEpilogue(matmul, sumsBuffer);
  Operation *place = epilogue ? epilogue.getOperation() : matmul.getOperation();
  rewriter.setInsertionPoint(place);
  requestTileState(rewriter, loc, matmul->getParentOfType<ModuleOp>());
  auto shape = [&](int64_t rows, int64_t columns) {
    return withBatch(batched, batches, rows, columns);
  };
  Value a = matmul.getDpsInputOperand(0)->get();
  a = padA ? copyOf(rewriter, loc, a, shape(m, k), /*copyIn=*/true,
                    /*copyBack=*/false, place)
           : contiguous(rewriter, loc, a, /*copyBack=*/false, place);
  Value b = matmul.getDpsInputOperand(1)->get();
  b = padB ? copyOf(rewriter, loc, b, transposedB ? shape(n, k) : shape(k, n),
                    /*copyIn=*/true,
                    /*copyBack=*/false, place)
           : contiguous(rewriter, loc, b, /*copyBack=*/false, place);
  Value c = padC ? copyOf(rewriter, loc, sumsBuffer, shape(m, n),
                          /*copyIn=*/!fromZero, /*copyBack=*/true, place)
                 : contiguous(rewriter, loc, sumsBuffer,
                              /*copyBack=*/!epilogue, place);

  Type bf16 = rewriter.getBF16Type(), f32 = rewriter.getF32Type();
  auto operandTile = amx::TileType::get({16, 32}, bf16);
  auto sumTile = amx::TileType::get({16, 16}, f32);
  auto index = [&](OpBuilder &builder, int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  auto add = [&](OpBuilder &builder, Value x, int64_t y) -> Value {
    return arith::AddIOp::create(builder, loc, x, index(builder, y));
  };
  auto forLoop = [&](OpBuilder &builder, int64_t upper, int64_t step,
                     ValueRange inits, scf::ForOp::BodyBuilderFn body) {
    return scf::ForOp::create(builder, loc, index(builder, 0),
                              index(builder, upper), index(builder, step),
                              inits, body);
  };
  // One parallel iteration per panel of each batch.
  int64_t panels = n / panel;
  scf::ParallelOp::create(
      rewriter, loc, ValueRange{index(rewriter, 0)},
      ValueRange{index(rewriter, batches * panels)},
      ValueRange{index(rewriter, 1)},
      [&](OpBuilder &builder, Location, ValueRange iteration) {
        Value j0 = arith::MulIOp::create(
            builder, loc,
            arith::RemUIOp::create(builder, loc, iteration[0],
                                   index(builder, panels)),
            index(builder, panel));
        // Indices of A, B and C: the batch's, where there are batches,
        // then a row's and a column's.
        Value batch = batched
                          ? arith::DivUIOp::create(builder, loc, iteration[0],
                                                   index(builder, panels))
                                .getResult()
                          : Value();
        auto at = [&](Value row, Value column) {
          return withBatch(batched, batch, row, column);
        };
        // The panel in VNNI layout: row p holds B's rows 2p and 2p + 1
        // interleaved, column by column.
        auto packedType = MemRefType::get({k / 2, 2 * panel}, bf16);
        Value packed = memref::AllocOp::create(builder, loc, packedType,
                                               builder.getI64IntegerAttr(64));
        // A block's sums on their way to the epilogue (4 KiB, in L1).
        Value block =
            epilogue ? memref::AllocOp::create(builder, loc,
                                               MemRefType::get({32, 32}, f32),
                                               builder.getI64IntegerAttr(64))
                           .getResult()
                     : Value();
        if (transposedB)
          packTransposedPanel(builder, loc, b, packed, at, j0, panel, k);
        else
          packPanel(builder, loc, b, packed, at, j0, panel, k);
        forLoop(
            builder, m, 32, {},
            [&](OpBuilder &builder, Location, Value i, ValueRange) {
              Value i16 = add(builder, i, 16);
              forLoop(
                  builder, panel, 32, {},
                  [&](OpBuilder &builder, Location, Value jb, ValueRange) {
                    Value j = arith::AddIOp::create(builder, loc, j0, jb);
                    Value j16 = add(builder, j, 16);
                    SmallVector<std::pair<Value, Value>> corners = {
                        {i, j}, {i, j16}, {i16, j}, {i16, j16}};
                    // The block's two tiles of the panel start at these
                    // columns of its VNNI rows.
                    Value pairColumn = arith::MulIOp::create(builder, loc, jb,
                                                             index(builder, 2));
                    Value pairColumn16 = add(builder, pairColumn, 32);
                    SmallVector<Value> sums;
                    for (auto [row, column] : corners)
                      sums.push_back(
                          fromZero
                              ? amx::TileZeroOp::create(builder, loc, sumTile)
                                    .getResult()
                              : amx::TileLoadOp::create(builder, loc, sumTile,
                                                        c, at(row, column))
                                    .getResult());
                    auto loop = forLoop(
                        builder, k, 32, sums,
                        [&](OpBuilder &builder, Location, Value kk,
                            ValueRange acc) {
                          Value a0 = amx::TileLoadOp::create(
                              builder, loc, operandTile, a, at(i, kk));
                          Value a1 = amx::TileLoadOp::create(
                              builder, loc, operandTile, a, at(i16, kk));
                          Value p = arith::DivUIOp::create(builder, loc, kk,
                                                           index(builder, 2));
                          Value b0 = amx::TileLoadOp::create(
                              builder, loc, operandTile, packed,
                              ValueRange{p, pairColumn});
                          Value b1 = amx::TileLoadOp::create(
                              builder, loc, operandTile, packed,
                              ValueRange{p, pairColumn16});
                          SmallVector<Value> next;
                          for (auto [index, pair] : llvm::enumerate(
                                   SmallVector<std::pair<Value, Value>>{
                                       {a0, b0}, {a0, b1}, {a1, b0}, {a1, b1}}))
                            next.push_back(amx::TileMulFOp::create(
                                builder, loc, sumTile, pair.first, pair.second,
                                acc[index]));
                          scf::YieldOp::create(builder, loc, next);
                        });
                    if (!epilogue) {
                      for (auto [sum, corner] :
                           llvm::zip(loop.getResults(), corners))
                        amx::TileStoreOp::create(
                            builder, loc, c, at(corner.first, corner.second),
                            sum);
                      scf::YieldOp::create(builder, loc);
                      return;
                    }
                    SmallVector<std::pair<int64_t, int64_t>> offsets = {
                        {0, 0}, {0, 16}, {16, 0}, {16, 16}};
                    for (auto [sum, offset] :
                         llvm::zip(loop.getResults(), offsets))
                      amx::TileStoreOp::create(
                          builder, loc, block,
                          ValueRange{index(builder, offset.first),
                                     index(builder, offset.second)},
                          sum);
                    forLoop(
                        builder, 32, 1, {},
                        [&](OpBuilder &builder, Location, Value r, ValueRange) {
                          Value row = arith::AddIOp::create(builder, loc, i, r);
                          Value sums = vector::LoadOp::create(
                              builder, loc, VectorType::get({32}, f32), block,
                              ValueRange{r, index(builder, 0)});
                          emitEpilogueRow(builder, loc, epilogue, at(row, j),
                                          std::make_pair(sumsBuffer, sums));
                          scf::YieldOp::create(builder, loc);
                        });
                    scf::YieldOp::create(builder, loc);
                  });
              scf::YieldOp::create(builder, loc);
            });
        memref::DeallocOp::create(builder, loc, packed);
        if (block)
          memref::DeallocOp::create(builder, loc, block);
      });
  rewriter.eraseOp(matmul);
  if (!epilogue)
    return;
  rewriter.eraseOp(epilogue);
  // The sums' buffer, where nothing reads it any more, goes.
  auto allocation = sumsBuffer.getDefiningOp<memref::AllocOp>();
  if (allocation && llvm::all_of(sumsBuffer.getUsers(), [](Operation *user) {
        return isa<memref::DeallocOp>(user);
      })) {
    for (Operation *user : llvm::make_early_inc_range(sumsBuffer.getUsers()))
      rewriter.eraseOp(user);
    rewriter.eraseOp(allocation);
  }
}

struct AmxMatmulsPass : impl::AmxMatmulsPassBase<AmxMatmulsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> matmuls;
    getOperation()->walk([&](linalg::GenericOp generic) {
      if (generic->hasAttr(kAmxTilesAttr) && generic.hasPureBufferSemantics())
        matmuls.push_back(generic);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp matmul : matmuls)
      rewriteMatmul(rewriter, matmul);
    // Epilogues their matmuls could not take (rewriteMatmul erased the
    // others).
    SmallVector<linalg::GenericOp> epilogues;
    getOperation()->walk([&](linalg::GenericOp generic) {
      if (generic->hasAttr(kAmxEpilogueAttr) &&
          generic.hasPureBufferSemantics())
        epilogues.push_back(generic);
    });
    for (linalg::GenericOp epilogue : epilogues)
      rewriteEpilogueAlone(rewriter, epilogue);
    // The transposes of packTransposedPanel, as shuffles (the only ones
    // left after axle-tile-and-vectorize); the rest of the module as it is.
    SmallVector<Operation *> transposes;
    getOperation()->walk(
        [&](vector::TransposeOp op) { transposes.push_back(op); });
    if (transposes.empty())
      return;
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::Shuffle16x16);
    if (failed(applyOpPatternsGreedily(transposes, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
} // namespace axle::cpu

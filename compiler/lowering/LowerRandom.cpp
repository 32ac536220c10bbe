//===- LowerRandom.cpp - rng_bit_generator, rng ---------------------------===//
//
// Both ops reproduce the interpreter bit for bit (interpreter/ops/
// RandomBits.cpp and RandomOps.cpp), which follows XLA.
//
// rng_bit_generator runs a counter-based block cipher, Threefry-2x32 (20
// rounds) or Philox-4x32 (10 rounds; also DEFAULT, as on XLA), once per
// block in a linalg.generic over the blocks: the block's counter is the
// state's counter plus the block's row-major position (linalg.index), and
// the key schedule, the same for every block, is computed once outside the
// generic. A block yields several output elements, one per output of the
// generic, which strided tensor.insert_slices interleave into the output:
//  - Threefry, elements of 32 bits or fewer: two words per block, written
//    to neighbouring positions 2h, 2h + 1 of one "split" dimension (the
//    first even dimension, else the first largest one); the generic runs
//    over the output shape with that dimension halved (rounded up).
//  - Threefry, wider elements: one element per block, the two words
//    joined (low word first); the generic runs over the output shape.
//  - Philox: four 32-bit words (or two 64-bit pairs) per block, written to
//    consecutive row-major positions; the generic runs over the blocks and
//    the flat result is reshaped.
// Narrower elements keep the low bits; float outputs are the bits
// reinterpreted. The new state is the counter advanced by the number of
// blocks (128-bit addition for Philox with a 3-word state).
//
// rng is implementation-defined; the interpreter draws from one Threefry
// stream (a fixed key) shared by the whole process, taking 2 * N stream
// positions for an N-element result, so successive evaluations give new
// numbers. The compiled module keeps the stream position in a private
// global counter (memref.global, advanced with memref.atomic_rmw like the
// interpreter's std::atomic), so a fresh process produces the same
// sequence as the interpreter. The distributions use the same double
// arithmetic: UNIFORM floats a + (b - a) * u with u from the top 53 bits,
// kept below b; UNIFORM integers a + bits mod (b - a); NORMAL Box-Muller
// a + b * sqrt(-2 ln(1 - u1)) * cos(2 pi u2). Empty intervals give a.
//
//===----------------------------------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

#include <array>
#include <functional>
#include <numbers>

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

namespace {

/// The key of the interpreter's rng stream (interpreter/ops/RandomOps.cpp).
constexpr uint64_t kRngKey = 0x5EED0A11E0000001ull;
/// The module's rng stream position.
constexpr llvm::StringLiteral kRngCounter = "__axle_rng_counter";

//===----------------------------------------------------------------------===//
// Scalar helpers
//===----------------------------------------------------------------------===//

Value i32Constant(OpBuilder &b, Location loc, uint32_t value) {
  return arith::ConstantOp::create(b, loc, b.getI32Type(),
                                   b.getI32IntegerAttr(value));
}
Value i64Constant(OpBuilder &b, Location loc, uint64_t value) {
  return arith::ConstantOp::create(b, loc, b.getI64Type(),
                                   b.getI64IntegerAttr(value));
}
Value lowWord(OpBuilder &b, Location loc, Value value) {
  return arith::TruncIOp::create(b, loc, b.getI32Type(), value);
}
Value highWord(OpBuilder &b, Location loc, Value value) {
  Value shifted =
      arith::ShRUIOp::create(b, loc, value, i64Constant(b, loc, 32));
  return arith::TruncIOp::create(b, loc, b.getI32Type(), shifted);
}
/// The 64-bit value whose low word is `low` and high word `high`.
Value joinWords(OpBuilder &b, Location loc, Value low, Value high) {
  Value lo = arith::ExtUIOp::create(b, loc, b.getI64Type(), low);
  Value hi = arith::ExtUIOp::create(b, loc, b.getI64Type(), high);
  hi = arith::ShLIOp::create(b, loc, hi, i64Constant(b, loc, 32));
  return arith::OrIOp::create(b, loc, lo, hi);
}
Value rotateLeft(OpBuilder &b, Location loc, Value value, unsigned distance) {
  Value left =
      arith::ShLIOp::create(b, loc, value, i32Constant(b, loc, distance));
  Value right =
      arith::ShRUIOp::create(b, loc, value, i32Constant(b, loc, 32 - distance));
  return arith::OrIOp::create(b, loc, left, right);
}

/// The low `width` bits of the integer `bits` as a value of the lowered
/// element type `element` (float elements reinterpret the bits).
Value bitsAs(OpBuilder &b, Location loc, Value bits, Type element) {
  unsigned width = element.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  if (bits.getType() != intType)
    bits = arith::TruncIOp::create(b, loc, intType, bits);
  if (isa<FloatType>(element))
    bits = arith::BitcastOp::create(b, loc, element, bits);
  return bits;
}

/// The row-major position, as i64, of the current index of a linalg.generic
/// over `shape` (0 for rank 0).
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  if (shape.empty())
    return i64Constant(b, loc, 0);
  Value linear = linalg::IndexOp::create(b, loc, 0);
  for (auto [dim, size] : llvm::enumerate(shape.drop_front())) {
    Value scaled = arith::MulIOp::create(
        b, loc, linear, arith::ConstantIndexOp::create(b, loc, size));
    linear = arith::AddIOp::create(b, loc, scaled,
                                   linalg::IndexOp::create(b, loc, dim + 1));
  }
  return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), linear);
}

//===----------------------------------------------------------------------===//
// Block ciphers
//===----------------------------------------------------------------------===//

/// The parts of Threefry-2x32's key schedule that do not depend on the
/// counter: the three key words and, per injection i = 1..5, the word added
/// to x1 (schedule[(i + 1) % 3] + i).
struct ThreefryKey {
  std::array<Value, 3> words;
  std::array<Value, 5> highInjections;
};

ThreefryKey threefryKey(OpBuilder &b, Location loc, Value key0, Value key1) {
  ThreefryKey key;
  // The third word makes the schedule's parity constant.
  Value parity = b.createOrFold<arith::XOrIOp>(
      loc, i32Constant(b, loc, 0x1BD11BDAu),
      b.createOrFold<arith::XOrIOp>(loc, key0, key1));
  key.words = {key0, key1, parity};
  for (unsigned injection = 1; injection <= 5; ++injection)
    key.highInjections[injection - 1] = b.createOrFold<arith::AddIOp>(
        loc, key.words[(injection + 1) % 3], i32Constant(b, loc, injection));
  return key;
}

/// Threefry-2x32 with 20 rounds of the counter (c0, c1).
std::array<Value, 2> threefry(OpBuilder &b, Location loc,
                              const ThreefryKey &key, Value c0, Value c1) {
  static constexpr unsigned rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  Value x0 = arith::AddIOp::create(b, loc, c0, key.words[0]);
  Value x1 = arith::AddIOp::create(b, loc, c1, key.words[1]);
  // Five groups of four rounds, each followed by a key injection.
  for (unsigned group = 0; group < 5; ++group) {
    for (unsigned r = 0; r < 4; ++r) {
      x0 = arith::AddIOp::create(b, loc, x0, x1);
      x1 = arith::XOrIOp::create(
          b, loc, rotateLeft(b, loc, x1, rotations[(group % 2) * 4 + r]), x0);
    }
    unsigned injection = group + 1;
    x0 = arith::AddIOp::create(b, loc, x0, key.words[injection % 3]);
    x1 = arith::AddIOp::create(b, loc, x1, key.highInjections[group]);
  }
  return {x0, x1};
}

/// Philox-4x32's round keys (the key bumped by the Weyl constants after
/// each round), which do not depend on the counter.
struct PhiloxKey {
  std::array<Value, 10> key0, key1;
};

PhiloxKey philoxKey(OpBuilder &b, Location loc, Value key0, Value key1) {
  PhiloxKey key;
  for (unsigned round = 0; round < 10; ++round) {
    key.key0[round] = key0;
    key.key1[round] = key1;
    key0 = b.createOrFold<arith::AddIOp>(loc, key0,
                                         i32Constant(b, loc, 0x9E3779B9u));
    key1 = b.createOrFold<arith::AddIOp>(loc, key1,
                                         i32Constant(b, loc, 0xBB67AE85u));
  }
  return key;
}

/// Philox-4x32 with 10 rounds of the counter `x` (low word first).
std::array<Value, 4> philox(OpBuilder &b, Location loc, const PhiloxKey &key,
                            std::array<Value, 4> x) {
  Value multiplierA = i32Constant(b, loc, 0xD2511F53u);
  Value multiplierB = i32Constant(b, loc, 0xCD9E8D57u);
  for (unsigned round = 0; round < 10; ++round) {
    // The full 64-bit products of two 32-bit words.
    auto product0 = arith::MulUIExtendedOp::create(b, loc, multiplierA, x[0]);
    auto product1 = arith::MulUIExtendedOp::create(b, loc, multiplierB, x[2]);
    Value y0 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, product1.getHigh(), x[1]),
        key.key0[round]);
    Value y2 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, product0.getHigh(), x[3]),
        key.key1[round]);
    x = {y0, product1.getLow(), y2, product0.getLow()};
  }
  return x;
}

//===----------------------------------------------------------------------===//
// Tensor plumbing
//===----------------------------------------------------------------------===//

/// A linalg.generic over `shape` with `numOutputs` results of element type
/// `element`; `body` gets the row-major position of the current index (i64)
/// and returns one scalar per result.
SmallVector<Value> buildIndexGeneric(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Type element,
    unsigned numOutputs,
    llvm::function_ref<SmallVector<Value>(OpBuilder &, Location, Value)> body) {
  auto type = RankedTensorType::get(shape, element);
  return buildMultiResultGeneric(
      b, loc, SmallVector<Type>(numOutputs, type), ValueRange{}, {},
      [&](OpBuilder &nested, Location nestedLoc, ValueRange) {
        return body(nested, nestedLoc, linearIndex(nested, nestedLoc, shape));
      });
}

/// The tensor of shape `shape` whose dimension `dim` interleaves `parts`
/// (all of one shape, `parts.size()` times smaller along `dim`): position
/// k * i + j of `dim` comes from part j, position i. `shape` may be shorter
/// along `dim` than the parts cover; the extra positions are dropped.
Value interleave(OpBuilder &b, Location loc, ValueRange parts, unsigned dim,
                 ArrayRef<int64_t> shape) {
  auto partType = cast<RankedTensorType>(parts.front().getType());
  int64_t factor = parts.size();
  SmallVector<int64_t> fullShape(partType.getShape());
  fullShape[dim] *= factor;
  Value full = emptyTensor(
      b, loc, RankedTensorType::get(fullShape, partType.getElementType()));
  unsigned rank = partType.getRank();
  for (auto [j, part] : llvm::enumerate(parts)) {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, strides(rank, b.getIndexAttr(1));
    for (int64_t size : partType.getShape())
      sizes.push_back(b.getIndexAttr(size));
    offsets[dim] = b.getIndexAttr(j);
    strides[dim] = b.getIndexAttr(factor);
    full = tensor::InsertSliceOp::create(b, loc, part, full, offsets, sizes,
                                         strides);
  }
  if (ArrayRef<int64_t>(fullShape) == shape)
    return full;
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(rank, b.getIndexAttr(1));
  for (int64_t size : shape)
    sizes.push_back(b.getIndexAttr(size));
  return tensor::ExtractSliceOp::create(
      b, loc, RankedTensorType::get(shape, partType.getElementType()), full,
      offsets, sizes, strides);
}

/// The 1-d tensor `flat` reshaped (same element count) to `type`.
Value reshapeFlat(OpBuilder &b, Location loc, Value flat,
                  RankedTensorType type) {
  if (type.getRank() == 1)
    return flat;
  if (type.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, type, flat,
                                           ArrayRef<ReassociationIndices>{});
  ReassociationIndices all;
  for (int64_t d = 0; d < type.getRank(); ++d)
    all.push_back(d);
  return tensor::ExpandShapeOp::create(b, loc, type, flat,
                                       ArrayRef<ReassociationIndices>{all});
}

bool isSupportedFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// Why an rng/rng_bit_generator result element type is not supported, or
/// "": integers up to 64 bits and f16, bf16, f32, f64.
std::string elementGap(Type element) {
  if (auto intType = dyn_cast<IntegerType>(element))
    return intType.getWidth() <= 64 ? "" : "integers wider than 64 bits";
  if (isSupportedFloat(element))
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "element type '" << element << "' is not supported";
  return text;
}

//===----------------------------------------------------------------------===//
// rng_bit_generator
//===----------------------------------------------------------------------===//

struct RngBitGeneratorToLinalg
    : public OpConversionPattern<hlo::RngBitGeneratorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::RngBitGeneratorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto stateType = dyn_cast<RankedTensorType>(op.getInitialState().getType());
    if (!stateType || stateType.getRank() != 1 || !stateType.hasStaticShape() ||
        !stateType.getElementType().isInteger(64))
      return unsupported(op, "needs a 1-d state of 64-bit integers");
    int64_t words = stateType.getDimSize(0);
    bool isThreefry = op.getRngAlgorithm() == hlo::RngAlgorithm::THREE_FRY;
    if (isThreefry && words != 2)
      return unsupported(op, "THREE_FRY takes a state of 2 words, got " +
                                 Twine(words));
    if (!isThreefry && words != 2 && words != 3)
      return unsupported(op, "PHILOX takes a state of 2 or 3 words, got " +
                                 Twine(words));
    auto outputType = dyn_cast<RankedTensorType>(op.getOutput().getType());
    if (!outputType || !outputType.hasStaticShape())
      return unsupported(op, "needs a static output shape");
    std::string why = elementGap(outputType.getElementType());
    if (!why.empty())
      return unsupported(op, why);
    auto loweredOutput = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(outputType));
    auto loweredState = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutputState().getType()));
    if (!loweredOutput || !loweredState)
      return unsupported(op, "result types have no lowering");

    Location loc = op.getLoc();
    Value state = adaptor.getInitialState();
    auto word = [&](int64_t i) -> Value {
      Value index = arith::ConstantIndexOp::create(rewriter, loc, i);
      return tensor::ExtractOp::create(rewriter, loc, state, index);
    };
    Value key = word(0), counter = word(1);
    Value keyLow = lowWord(rewriter, loc, key);
    Value keyHigh = highWord(rewriter, loc, key);
    Type element = loweredOutput.getElementType();
    unsigned width = element.getIntOrFloatBitWidth();
    ArrayRef<int64_t> shape = loweredOutput.getShape();
    int64_t count = loweredOutput.getNumElements();

    Value output;
    int64_t blocks;
    SmallVector<Value> newState = {key};
    if (isThreefry) {
      ThreefryKey schedule = threefryKey(rewriter, loc, keyLow, keyHigh);
      auto block = [&](OpBuilder &b, Location l, Value position) {
        Value input = arith::AddIOp::create(b, l, counter, position);
        return threefry(b, l, schedule, lowWord(b, l, input),
                        highWord(b, l, input));
      };
      if (count == 0) {
        blocks = 0;
        output = emptyTensor(rewriter, loc, loweredOutput);
      } else if (width > 32 || shape.empty()) {
        // One block per element; narrow 0-d outputs take the first word.
        blocks = count;
        output = buildIndexGeneric(
            rewriter, loc, shape, element, 1,
            [&](OpBuilder &b, Location l, Value position) {
              std::array<Value, 2> x = block(b, l, position);
              Value bits = width > 32 ? joinWords(b, l, x[0], x[1]) : x[0];
              return SmallVector<Value>{bitsAs(b, l, bits, element)};
            })[0];
      } else {
        // The first even dimension, else the first largest one.
        unsigned split = shape.size();
        for (unsigned d = 0; d < shape.size() && split == shape.size(); ++d)
          if (shape[d] % 2 == 0)
            split = d;
        if (split == shape.size()) {
          split = 0;
          for (unsigned d = 1; d < shape.size(); ++d)
            if (shape[d] > shape[split])
              split = d;
        }
        SmallVector<int64_t> half(shape);
        half[split] = (shape[split] + 1) / 2;
        blocks = ShapedType::getNumElements(half);
        SmallVector<Value> parts = buildIndexGeneric(
            rewriter, loc, half, element, 2,
            [&](OpBuilder &b, Location l, Value position) {
              std::array<Value, 2> x = block(b, l, position);
              return SmallVector<Value>{bitsAs(b, l, x[0], element),
                                        bitsAs(b, l, x[1], element)};
            });
        output = interleave(rewriter, loc, parts, split, shape);
      }
      newState.push_back(arith::AddIOp::create(
          rewriter, loc, counter, i64Constant(rewriter, loc, blocks)));
    } else {
      // Philox's 128-bit counter; a 2-word state uses the key as its high
      // half.
      Value counterHigh = words == 3 ? word(2) : key;
      PhiloxKey schedule = philoxKey(rewriter, loc, keyLow, keyHigh);
      // counter + delta as 128 bits (low, high).
      auto advance = [&](OpBuilder &b, Location l,
                         Value delta) -> std::pair<Value, Value> {
        Value low = arith::AddIOp::create(b, l, counter, delta);
        Value carry = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                            low, counter);
        Value high = arith::AddIOp::create(
            b, l, counterHigh,
            arith::ExtUIOp::create(b, l, b.getI64Type(), carry));
        return {low, high};
      };
      // 32-bit (and narrower) elements take one word each, wider ones two.
      int64_t perBlock = width <= 32 ? 4 : 2;
      blocks = (count + perBlock - 1) / perBlock;
      if (count == 0) {
        output = emptyTensor(rewriter, loc, loweredOutput);
      } else {
        SmallVector<Value> parts = buildIndexGeneric(
            rewriter, loc, {blocks}, element, perBlock,
            [&](OpBuilder &b, Location l, Value position) {
              auto [low, high] = advance(b, l, position);
              std::array<Value, 4> x =
                  philox(b, l, schedule,
                         {lowWord(b, l, low), highWord(b, l, low),
                          lowWord(b, l, high), highWord(b, l, high)});
              SmallVector<Value> results;
              for (int64_t j = 0; j < perBlock; ++j) {
                Value bits = perBlock == 4
                                 ? x[j]
                                 : joinWords(b, l, x[2 * j], x[2 * j + 1]);
                results.push_back(bitsAs(b, l, bits, element));
              }
              return results;
            });
        Value flat = interleave(rewriter, loc, parts, 0, {count});
        output = reshapeFlat(rewriter, loc, flat, loweredOutput);
      }
      auto [low, high] =
          advance(rewriter, loc, i64Constant(rewriter, loc, blocks));
      newState.push_back(low);
      if (words == 3)
        newState.push_back(high);
    }
    Value outputState =
        tensor::FromElementsOp::create(rewriter, loc, loweredState, newState);
    rewriter.replaceOp(op, {outputState, output});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// rng
//===----------------------------------------------------------------------===//

/// The module's stream-position counter, created on first use.
memref::GlobalOp getOrCreateCounter(OpBuilder &b, ModuleOp module,
                                    Location loc) {
  if (auto existing = module.lookupSymbol<memref::GlobalOp>(kRngCounter))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto type = MemRefType::get({}, b.getI64Type());
  return memref::GlobalOp::create(
      b, loc, kRngCounter, b.getStringAttr("private"), type,
      DenseElementsAttr::get(RankedTensorType::get({}, b.getI64Type()),
                             b.getI64IntegerAttr(0).getValue()),
      /*constant=*/false, /*alignment=*/nullptr);
}

/// A double in [0, 1) from the top 53 of 64 random bits.
Value unitInterval(OpBuilder &b, Location loc, Value bits) {
  Value top = arith::ShRUIOp::create(b, loc, bits, i64Constant(b, loc, 11));
  Value asDouble = arith::UIToFPOp::create(b, loc, b.getF64Type(), top);
  return arith::MulFOp::create(
      b, loc, asDouble,
      arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0x1.0p-53)));
}

struct RngToLinalg : public OpConversionPattern<hlo::RngOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::RngOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!resultType || !resultType.hasStaticShape())
      return unsupported(op, "needs a static result shape");
    Type element = resultType.getElementType();
    std::string why = elementGap(element);
    if (!why.empty())
      return unsupported(op, why);
    bool normal = op.getRngDistribution() == hlo::RngDistribution::NORMAL;
    bool isFloat = isa<FloatType>(element);
    if (normal && !isFloat)
      return unsupported(op, "NORMAL needs a floating-point type");
    auto loweredType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(resultType));
    if (!loweredType)
      return unsupported(op, "result type has no lowering");
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return unsupported(op, "needs an enclosing module for its counter");
    // A counter made by an earlier rng is reused; anything else by that
    // name is in the way.
    Operation *taken = module.lookupSymbol(kRngCounter);
    auto existing = dyn_cast_or_null<memref::GlobalOp>(taken);
    if (taken &&
        (!existing || existing.getConstant() ||
         existing.getType() != MemRefType::get({}, rewriter.getI64Type())))
      return unsupported(op, "the symbol '" + kRngCounter + "' is taken");

    Location loc = op.getLoc();
    memref::GlobalOp global = getOrCreateCounter(rewriter, module, loc);
    Value counterRef = memref::GetGlobalOp::create(
        rewriter, loc, global.getType(), global.getSymName());
    // Two stream positions per element (Box-Muller needs two); the old
    // value is this evaluation's first position.
    int64_t count = loweredType.getNumElements();
    Value base = memref::AtomicRMWOp::create(
        rewriter, loc, arith::AtomicRMWKind::addi,
        i64Constant(rewriter, loc, 2 * static_cast<uint64_t>(count)),
        counterRef, ValueRange{});
    ThreefryKey schedule = threefryKey(
        rewriter, loc,
        i32Constant(rewriter, loc, static_cast<uint32_t>(kRngKey)),
        i32Constant(rewriter, loc, static_cast<uint32_t>(kRngKey >> 32)));
    auto streamBits = [&](OpBuilder &b, Location l, Value position) {
      std::array<Value, 2> x = threefry(b, l, schedule, lowWord(b, l, position),
                                        highWord(b, l, position));
      return joinWords(b, l, x[0], x[1]);
    };

    Value a = tensor::ExtractOp::create(rewriter, loc, adaptor.getA());
    Value b = tensor::ExtractOp::create(rewriter, loc, adaptor.getB());
    Type lowered = loweredType.getElementType();
    Type f64 = rewriter.getF64Type();
    // Everything that depends only on a and b is computed once, here.
    std::function<Value(OpBuilder &, Location, Value, Value)> fromBits;
    if (!isFloat) {
      // a + bits mod (b - a); b - a fits in the width as an unsigned number
      // when a < b. An empty interval (where b - a may be 0) gives a.
      Value ordered = arith::CmpIOp::create(rewriter, loc,
                                            isUnsignedInt(element)
                                                ? arith::CmpIPredicate::ult
                                                : arith::CmpIPredicate::slt,
                                            a, b);
      Value range = arith::SelectOp::create(
          rewriter, loc, ordered, arith::SubIOp::create(rewriter, loc, b, a),
          arith::ConstantOp::create(rewriter, loc, lowered,
                                    rewriter.getIntegerAttr(lowered, 1)));
      bool narrow = lowered.getIntOrFloatBitWidth() < 64;
      if (narrow)
        range =
            arith::ExtUIOp::create(rewriter, loc, rewriter.getI64Type(), range);
      fromBits = [=](OpBuilder &nb, Location l, Value bits, Value) -> Value {
        Value offset = arith::RemUIOp::create(nb, l, bits, range);
        if (narrow)
          offset = arith::TruncIOp::create(nb, l, lowered, offset);
        Value value = arith::AddIOp::create(nb, l, a, offset);
        return arith::SelectOp::create(nb, l, ordered, value, a);
      };
    } else if (normal) {
      // Box-Muller; u1 in (0, 1] keeps the logarithm finite.
      Value low = emitScalarConvert(rewriter, loc, a, element, f64);
      Value high = emitScalarConvert(rewriter, loc, b, element, f64);
      fromBits = [=, &streamBits](OpBuilder &nb, Location l, Value bits,
                                  Value first) -> Value {
        auto f64Constant = [&](double value) -> Value {
          return arith::ConstantOp::create(nb, l, nb.getF64FloatAttr(value));
        };
        Value u1 = arith::SubFOp::create(nb, l, f64Constant(1.0),
                                         unitInterval(nb, l, bits));
        Value second =
            arith::AddIOp::create(nb, l, first, i64Constant(nb, l, 1));
        Value u2 = unitInterval(nb, l, streamBits(nb, l, second));
        Value radius = math::SqrtOp::create(
            nb, l,
            arith::MulFOp::create(nb, l, f64Constant(-2.0),
                                  math::LogOp::create(nb, l, u1)));
        Value angle = arith::MulFOp::create(
            nb, l, f64Constant(2.0 * std::numbers::pi), u2);
        Value z = arith::MulFOp::create(nb, l, radius,
                                        math::CosOp::create(nb, l, angle));
        Value value = arith::AddFOp::create(
            nb, l, low, arith::MulFOp::create(nb, l, high, z));
        return emitScalarConvert(nb, l, value, f64, element);
      };
    } else {
      Value low = emitScalarConvert(rewriter, loc, a, element, f64);
      Value high = emitScalarConvert(rewriter, loc, b, element, f64);
      Value ordered = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::OLT, low, high);
      Value diff = arith::SubFOp::create(rewriter, loc, high, low);
      // The float just below b, for values that round up to b (or are NaN,
      // from infinite bounds): the interval is open. b is neither NaN nor
      // -inf when the interval is not empty, so stepping its bits towards
      // -inf is enough (from either zero to the smallest negative one).
      unsigned width = element.getIntOrFloatBitWidth();
      Type intType = rewriter.getIntegerType(width);
      auto intConstant = [&](uint64_t value) -> Value {
        return arith::ConstantOp::create(
            rewriter, loc, intType, rewriter.getIntegerAttr(intType, value));
      };
      Value zero = arith::ConstantOp::create(
          rewriter, loc, element, rewriter.getFloatAttr(element, 0.0));
      Value upperBits = arith::BitcastOp::create(rewriter, loc, intType, b);
      Value belowBits = arith::SelectOp::create(
          rewriter, loc,
          arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ, b,
                                zero),
          intConstant((uint64_t{1} << (width - 1)) | 1),
          arith::SelectOp::create(
              rewriter, loc,
              arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT, b,
                                    zero),
              arith::SubIOp::create(rewriter, loc, upperBits, intConstant(1)),
              arith::AddIOp::create(rewriter, loc, upperBits, intConstant(1))));
      Value below = arith::BitcastOp::create(rewriter, loc, element, belowBits);
      fromBits = [=](OpBuilder &nb, Location l, Value bits, Value) -> Value {
        Value scaled =
            arith::MulFOp::create(nb, l, diff, unitInterval(nb, l, bits));
        Value value = emitScalarConvert(
            nb, l, arith::AddFOp::create(nb, l, low, scaled), f64, element);
        Value inside =
            arith::CmpFOp::create(nb, l, arith::CmpFPredicate::OLT, value, b);
        value = arith::SelectOp::create(nb, l, inside, value, below);
        return arith::SelectOp::create(nb, l, ordered, value, a);
      };
    }
    Value result = buildIndexGeneric(
        rewriter, loc, loweredType.getShape(), lowered, 1,
        [&](OpBuilder &nb, Location l, Value linear) {
          // Element i reads stream positions base + 2i (and base + 2i + 1).
          Value first = arith::AddIOp::create(
              nb, l, base,
              arith::MulIOp::create(nb, l, linear, i64Constant(nb, l, 2)));
          Value bits = streamBits(nb, l, first);
          return SmallVector<Value>{fromBits(nb, l, bits, first)};
        })[0];
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateRandomPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns) {
  patterns.add<RngBitGeneratorToLinalg, RngToLinalg>(converter,
                                                     patterns.getContext());
}

} // namespace axle::lowering

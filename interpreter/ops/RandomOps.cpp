//===- RandomOps.cpp - evaluators of rng and rng_bit_generator ------------===//
//
// rng_bit_generator reproduces XLA's bits (see RandomBits.h); DEFAULT is
// PHILOX, the algorithm XLA picks for DEFAULT on CPU and GPU.
//
// rng is implementation-defined. The interpreter draws from one Threefry
// stream (key kRngKey) shared by the whole process: every rng evaluation
// takes the next counters, so successive evaluations (e.g. in a loop) give
// new numbers, and a fresh process repeats the same sequence. UNIFORM maps
// 53 random bits to [0, 1) and scales to [a, b) (rounding never reaches b);
// integer UNIFORM is a + bits mod (b - a); NORMAL uses the Box-Muller
// transform, a + b * sqrt(-2 ln u1) cos(2 pi u2). When a >= b (undefined
// behaviour) UNIFORM returns a.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"
#include "interpreter/ops/RandomBits.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include <atomic>
#include <cmath>
#include <numbers>

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

constexpr uint64_t kRngKey = 0x5EED0A11E0000001ull;
std::atomic<uint64_t> rngCounter{0};

FailureOr<Values> evalRngBitGenerator(Operation *op,
                                      ArrayRef<RuntimeValue> operands,
                                      Interpreter &) {
  auto rngOp = llvm::cast<hlo::RngBitGeneratorOp>(op);
  const Tensor &initial = operands[0].getTensor();
  Type stateElement = initial.getElementType();
  if (!stateElement.isInteger(64) || initial.getRank() != 1)
    return op->emitError() << "the interpreter needs a 1-d ui64 initial "
                              "state, got "
                           << initial.getType();
  SmallVector<uint64_t> state;
  for (int64_t i = 0; i < initial.size(); ++i)
    state.push_back(initial[i].getInt().getZExtValue());

  RankedTensorType outputType = resultTensorType(op, 1);
  Type element = outputType.getElementType();
  if (!outputType.hasStaticShape())
    return op->emitError() << "the interpreter needs a static output shape, "
                              "got "
                           << outputType;
  if (!llvm::isa<IntegerType, FloatType>(element) ||
      element.getIntOrFloatBitWidth() > 64)
    return op->emitError() << "the interpreter does not support "
                              "'stablehlo.rng_bit_generator' with output "
                              "element type "
                           << element;
  unsigned width = element.getIntOrFloatBitWidth();

  GeneratedBits generated;
  switch (rngOp.getRngAlgorithm()) {
  case hlo::RngAlgorithm::THREE_FRY:
    if (state.size() != 2)
      return op->emitError()
             << "THREE_FRY takes a state of 2 words, got " << state.size();
    generated = threefryBits(state, outputType.getShape(), width);
    break;
  case hlo::RngAlgorithm::DEFAULT: // PHILOX, as on XLA
  case hlo::RngAlgorithm::PHILOX:
    if (state.size() != 2 && state.size() != 3)
      return op->emitError()
             << "PHILOX takes a state of 2 or 3 words, got " << state.size();
    generated = philoxBits(state, outputType.getShape(), width);
    break;
  }

  Tensor newState(initial.getType());
  for (auto [i, word] : llvm::enumerate(generated.state))
    newState.set(static_cast<int64_t>(i), Element(APInt(64, word)));
  Tensor output(outputType);
  for (auto [i, bits] : llvm::enumerate(generated.bits)) {
    APInt value(width, bits);
    output.set(static_cast<int64_t>(i),
               llvm::isa<FloatType>(element)
                   ? Element(APFloat(semanticsOf(element), value))
                   : Element(value));
  }
  return Values{std::move(newState), std::move(output)};
}

/// 64 random bits of position `counter` of the interpreter's rng stream.
uint64_t streamBits(uint64_t counter) {
  std::array<uint32_t, 2> block = threefry2x32(
      {static_cast<uint32_t>(kRngKey), static_cast<uint32_t>(kRngKey >> 32)},
      {static_cast<uint32_t>(counter), static_cast<uint32_t>(counter >> 32)});
  return static_cast<uint64_t>(block[0]) |
         (static_cast<uint64_t>(block[1]) << 32);
}

/// A double in [0, 1) from the top 53 of 64 random bits.
double unitInterval(uint64_t bits) {
  return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

FailureOr<Values> evalRng(Operation *op, ArrayRef<RuntimeValue> operands,
                          Interpreter &) {
  auto rngOp = llvm::cast<hlo::RngOp>(op);
  const Tensor &a = operands[0].getTensor();
  const Tensor &b = operands[1].getTensor();
  const Tensor &shapeOperand = operands[2].getTensor();
  Type element = a.getElementType();
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < shapeOperand.size(); ++i) {
    int64_t size = shapeOperand[i].toSigned();
    if (size < 0)
      return op->emitError() << "rng shape has negative size " << size;
    shape.push_back(size);
  }
  auto type = RankedTensorType::get(shape, element);
  Tensor result(type);
  bool normal = rngOp.getRngDistribution() == hlo::RngDistribution::NORMAL;
  // Two stream positions per element (Box-Muller needs two).
  uint64_t base =
      rngCounter.fetch_add(2 * static_cast<uint64_t>(result.size()));

  if (auto floatType = llvm::dyn_cast<FloatType>(element)) {
    double low = a[0].toDouble(), high = b[0].toDouble();
    APFloat upper = b[0].getFloat();
    for (int64_t i = 0; i < result.size(); ++i) {
      uint64_t first = streamBits(base + 2 * i);
      if (normal) {
        // u1 in (0, 1] keeps the logarithm finite.
        double u1 = 1.0 - unitInterval(first);
        double u2 = unitInterval(streamBits(base + 2 * i + 1));
        double z = std::sqrt(-2.0 * std::log(u1)) *
                   std::cos(2.0 * std::numbers::pi * u2);
        result.set(i, Element::fromDouble(element, low + high * z));
        continue;
      }
      if (!(low < high)) {
        result.set(i, a[0]);
        continue;
      }
      Element value = Element::fromDouble(
          element, low + (high - low) * unitInterval(first));
      // Rounding to the element type may reach b; the interval is open.
      if (value.getFloat().compare(upper) != APFloat::cmpLessThan) {
        APFloat below = upper;
        below.next(/*nextDown=*/true);
        value = Element(below);
      }
      result.set(i, value);
    }
    return Values{std::move(result)};
  }

  if (normal)
    return op->emitError() << "NORMAL rng needs a floating-point type, got "
                           << element;
  if (!llvm::isa<IntegerType>(element))
    return op->emitError() << "the interpreter does not support "
                              "'stablehlo.rng' on element type "
                           << element;
  bool isUnsigned = isUnsignedInt(element);
  const APInt &lowBits = a[0].getInt(), &highBits = b[0].getInt();
  bool ordered = isUnsigned ? lowBits.ult(highBits) : lowBits.slt(highBits);
  unsigned width = lowBits.getBitWidth();
  // b - a fits in `width` bits as an unsigned number when a < b.
  APInt range = highBits - lowBits;
  for (int64_t i = 0; i < result.size(); ++i) {
    if (!ordered) {
      result.set(i, a[0]);
      continue;
    }
    APInt bits(64, streamBits(base + 2 * i));
    unsigned wide = std::max(64u, width);
    APInt offset =
        bits.zextOrTrunc(wide).urem(range.zextOrTrunc(wide)).zextOrTrunc(width);
    result.set(i, Element(lowBits + offset));
  }
  return Values{std::move(result)};
}

} // namespace

void registerRandomOps(OpRegistry &registry) {
  registry.add(hlo::RngBitGeneratorOp::getOperationName(), evalRngBitGenerator);
  registry.add(hlo::RngOp::getOperationName(), evalRng);
}

} // namespace axle::interp

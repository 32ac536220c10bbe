//===- CheckOps.cpp - evaluators of test-suite checks ---------------------===//
//
// The `check` dialect ops and the `@check.*` custom-call targets StableHLO
// test suites use, with the tolerances of the conformance corpus:
//   expect_eq            bitwise equal (any NaN equals any NaN)
//   expect_close         floats/complex within max_ulp_difference ULPs
//                        (custom call: 3); infinities must match exactly
//   expect_almost_eq     |a - b| <= tolerance (check op: 1e-4 by default,
//                        custom call: 1e-3); NaN equals NaN
//   check.eq             custom call returning i1: floats within 1e-4
// A failed check is an error at the check's location naming the first
// failing element's index, both values and the tolerance.
//
//===----------------------------------------------------------------------===//

#include "interpreter/ops/EvalHelpers.h"

#include "compiler/dialect/check/Check.h"
#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;
namespace hlo = axle::stablehlo;

namespace axle::interp {
namespace {

/// Position of a float on the line of representable values, so that the
/// difference of two positions is their distance in ULPs. -0 and +0 share
/// position 0.
int64_t ulpPosition(const APFloat &value) {
  APInt bits = value.bitcastToAPInt();
  unsigned width = bits.getBitWidth();
  APInt magnitude = bits;
  magnitude.clearBit(width - 1);
  int64_t m = static_cast<int64_t>(magnitude.getZExtValue());
  return bits.isSignBitSet() ? -m : m;
}

/// Per-element comparison result: empty when the elements agree, otherwise
/// a description of the tolerance that was exceeded.
using ElementCheck =
    std::function<std::optional<std::string>(const Element &, const Element &)>;

std::optional<std::string> floatWithinUlps(const APFloat &a, const APFloat &b,
                                           int64_t minUlps, int64_t maxUlps) {
  if (a.isNaN() || b.isNaN()) {
    if (a.isNaN() && b.isNaN())
      return std::nullopt;
    return std::string("NaN against a number");
  }
  if (a.isInfinity() || b.isInfinity()) {
    if (a.bitwiseIsEqual(b))
      return std::nullopt;
    return std::string("infinities must match exactly");
  }
  int64_t distance = std::llabs(ulpPosition(a) - ulpPosition(b));
  if (distance >= minUlps && distance <= maxUlps)
    return std::nullopt;
  return "differ by " + std::to_string(distance) + " ULP, allowed [" +
         std::to_string(minUlps) + ", " + std::to_string(maxUlps) + "]";
}

std::optional<std::string> floatWithinAbs(const APFloat &a, const APFloat &b,
                                          double tolerance) {
  if (a.isNaN() || b.isNaN()) {
    if (a.isNaN() && b.isNaN())
      return std::nullopt;
    return std::string("NaN against a number");
  }
  if (a.isInfinity() || b.isInfinity()) {
    if (a.bitwiseIsEqual(b))
      return std::nullopt;
    return std::string("infinities must match exactly");
  }
  double difference = std::fabs(Element(a).toDouble() - Element(b).toDouble());
  if (difference <= tolerance)
    return std::nullopt;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "differ by " << difference << ", tolerance " << tolerance;
  return text;
}

/// Applies a float comparison to floats, or to both parts of complexes;
/// integers and booleans must be equal.
ElementCheck floatCheck(
    std::function<std::optional<std::string>(const APFloat &, const APFloat &)>
        compare) {
  return [compare](const Element &a,
                   const Element &b) -> std::optional<std::string> {
    if (a.isFloat())
      return compare(a.getFloat(), b.getFloat());
    if (a.isComplex()) {
      if (auto problem = compare(a.getComplex().first, b.getComplex().first))
        return "real parts " + *problem;
      if (auto problem = compare(a.getComplex().second, b.getComplex().second))
        return "imaginary parts " + *problem;
      return std::nullopt;
    }
    if (a.getInt() == b.getInt())
      return std::nullopt;
    return std::string("integers differ");
  };
}

std::optional<std::string> bitwiseEqual(const Element &a, const Element &b) {
  if (a.isFloat() && a.getFloat().isNaN() && b.getFloat().isNaN())
    return std::nullopt;
  if (a.bitwiseEqual(b))
    return std::nullopt;
  return std::string("not bitwise equal");
}

std::string formatIndex(ArrayRef<int64_t> index) {
  std::string text = "[";
  for (auto [i, v] : llvm::enumerate(index))
    text += (i ? ", " : "") + std::to_string(v);
  return text + "]";
}

/// Compares `actual` with `expected` elementwise; on the first mismatch
/// emits an error at `op` and returns failure.
LogicalResult runCheck(Operation *op, StringRef name, const Tensor &actualIn,
                       const Tensor &expectedIn, const ElementCheck &check) {
  Tensor actual = dequantize(actualIn);
  Tensor expected = dequantize(expectedIn);
  if (actual.getShape() != expected.getShape() ||
      actual.getElementType() != expected.getElementType())
    return op->emitError() << name << ": compares " << actual.getType()
                           << " with " << expected.getType();
  for (int64_t i = 0; i < actual.size(); ++i) {
    std::optional<std::string> problem = check(actual[i], expected[i]);
    if (!problem)
      continue;
    Type type = actual.getElementType();
    return op->emitError() << name << " failed at index "
                           << formatIndex(actual.multiIndex(i)) << ": got "
                           << actual[i].toString(type) << ", expected "
                           << expected[i].toString(type) << " (" << *problem
                           << ")";
  }
  return success();
}

FailureOr<Values> checkResult(LogicalResult result, Values values = {}) {
  if (failed(result))
    return failure();
  return values;
}

Tensor literal(Attribute value, Type type) {
  auto dense = llvm::cast<DenseElementsAttr>(value);
  return Tensor::fromAttr(dense, llvm::cast<RankedTensorType>(type));
}

FailureOr<Values> evalCustomCall(Operation *op, ArrayRef<RuntimeValue> operands,
                                 Interpreter &) {
  auto call = llvm::cast<hlo::CustomCallOp>(op);
  StringRef target = call.getCallTargetName();
  auto twoTensors = [&]() -> bool {
    return operands.size() == 2 && operands[0].isTensor() &&
           operands[1].isTensor();
  };
  if (target.starts_with("check.") && !twoTensors())
    return op->emitError() << "@" << target << " takes two tensors";
  const Tensor *actual = twoTensors() ? &operands[0].getTensor() : nullptr;
  const Tensor *expected = twoTensors() ? &operands[1].getTensor() : nullptr;
  if (target == "check.expect_eq")
    return checkResult(runCheck(op, target, *actual, *expected, bitwiseEqual));
  if (target == "check.expect_close")
    return checkResult(
        runCheck(op, target, *actual, *expected,
                 floatCheck([](const APFloat &a, const APFloat &b) {
                   return floatWithinUlps(a, b, 0, 3);
                 })));
  if (target == "check.expect_almost_eq")
    return checkResult(
        runCheck(op, target, *actual, *expected,
                 floatCheck([](const APFloat &a, const APFloat &b) {
                   return floatWithinAbs(a, b, 1e-3);
                 })));
  if (target == "check.eq") {
    // Returns i1, but a mismatch also fails the run: test programs do not
    // always use the result.
    LogicalResult result =
        runCheck(op, target, *actual, *expected,
                 floatCheck([](const APFloat &a, const APFloat &b) {
                   return floatWithinAbs(a, b, 1e-4);
                 }));
    auto type = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    return checkResult(result, Values{Tensor(type, Element(APInt(1, 1)))});
  }
  return op->emitError() << "the interpreter has no custom_call target '"
                         << target << "'";
}

} // namespace

void registerCheckOps(OpRegistry &registry) {
  registry.add(hlo::CustomCallOp::getOperationName(), evalCustomCall);
  registry.add(
      check::ExpectEqOp::getOperationName(),
      [](Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
        return checkResult(runCheck(op, "check.expect_eq",
                                    operands[0].getTensor(),
                                    operands[1].getTensor(), bitwiseEqual));
      });
  registry.add(
      check::ExpectEqConstOp::getOperationName(),
      [](Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
        auto checkOp = llvm::cast<check::ExpectEqConstOp>(op);
        const Tensor &actual = operands[0].getTensor();
        return checkResult(runCheck(
            op, "check.expect_eq_const", actual,
            literal(checkOp.getValue(), actual.getType()), bitwiseEqual));
      });
  registry.add(
      check::ExpectAlmostEqOp::getOperationName(),
      [](Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
        double tolerance = llvm::cast<check::ExpectAlmostEqOp>(op)
                               .getTolerance()
                               .convertToDouble();
        return checkResult(runCheck(
            op, "check.expect_almost_eq", operands[0].getTensor(),
            operands[1].getTensor(),
            floatCheck([tolerance](const APFloat &a, const APFloat &b) {
              return floatWithinAbs(a, b, tolerance);
            })));
      });
  registry.add(
      check::ExpectAlmostEqConstOp::getOperationName(),
      [](Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
        auto checkOp = llvm::cast<check::ExpectAlmostEqConstOp>(op);
        double tolerance = checkOp.getTolerance().convertToDouble();
        const Tensor &actual = operands[0].getTensor();
        return checkResult(runCheck(
            op, "check.expect_almost_eq_const", actual,
            literal(checkOp.getValue(), actual.getType()),
            floatCheck([tolerance](const APFloat &a, const APFloat &b) {
              return floatWithinAbs(a, b, tolerance);
            })));
      });
  registry.add(
      check::ExpectCloseOp::getOperationName(),
      [](Operation *op, ArrayRef<RuntimeValue> operands, Interpreter &) {
        auto checkOp = llvm::cast<check::ExpectCloseOp>(op);
        int64_t maxUlps = checkOp.getMaxUlpDifference();
        int64_t minUlps = checkOp.getMinUlpDifference();
        return checkResult(
            runCheck(op, "check.expect_close", operands[0].getTensor(),
                     operands[1].getTensor(),
                     floatCheck([=](const APFloat &a, const APFloat &b) {
                       return floatWithinUlps(a, b, minUlps, maxUlps);
                     })));
      });
}

} // namespace axle::interp

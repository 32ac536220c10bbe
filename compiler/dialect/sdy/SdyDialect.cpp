//===- SdyDialect.cpp - sdy dialect and its discardable attributes --------===//
//
// Besides registering the dialect, checks the discardable `sdy.sharding`
// attributes JAX puts on function arguments and results (one
// #sdy.sharding each) and on operations (a #sdy.sharding_per_value with one
// sharding per result), and `sdy.sharding_rule` on operations (a
// #sdy.op_sharding_rule). Other `sdy.*` attributes pass through unchecked.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/sdy/ShardingChecks.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace axle::sdy;

#include "compiler/dialect/sdy/SdyDialect.cpp.inc"

void SdyDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "compiler/dialect/sdy/SdyOps.cpp.inc"
      >();
}

LogicalResult SdyDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == kShardingRuleAttrName) {
    auto rule = llvm::dyn_cast<OpShardingRuleAttr>(attr.getValue());
    auto emitError = [&] {
      return op->emitOpError() << kShardingRuleAttrName << ": ";
    };
    if (!rule)
      return emitError() << "expected a #sdy.op_sharding_rule, got "
                         << attr.getValue();
    return verifyShardingRuleOfOp(rule, op, emitError);
  }
  if (attr.getName() != kShardingAttrName)
    return success();
  auto perValue = llvm::dyn_cast<TensorShardingPerValueAttr>(attr.getValue());
  if (!perValue)
    return op->emitOpError()
           << "expects '" << kShardingAttrName
           << "' to be a #sdy.sharding_per_value with one sharding per "
              "result, got "
           << attr.getValue();
  ArrayRef<TensorShardingAttr> shardings = perValue.getShardings();
  if (shardings.size() != op->getNumResults())
    return op->emitOpError() << "has " << op->getNumResults()
                             << " results but '" << kShardingAttrName
                             << "' lists " << shardings.size() << " shardings";
  for (auto [index, sharding] : llvm::enumerate(shardings)) {
    auto emitError = [&, index = index] {
      return op->emitOpError()
             << "result #" << index << " " << kShardingAttrName << ": ";
    };
    if (!verifyShardingOfValue(sharding, op->getResult(index).getType(), op,
                               /*symbolTables=*/nullptr, emitError))
      return failure();
  }
  return success();
}

/// Checks `sdy.sharding` on argument or result `index` of a function-like op
/// whose value has type `type` (null when unknown).
static LogicalResult verifyValueShardingAttr(Operation *op, StringRef what,
                                             unsigned index, Type type,
                                             NamedAttribute attr) {
  auto sharding = llvm::dyn_cast<TensorShardingAttr>(attr.getValue());
  auto emitError = [&] {
    return op->emitOpError() << what << " #" << index << " "
                             << SdyDialect::kShardingAttrName << ": ";
  };
  if (!sharding)
    return emitError() << "expected a #sdy.sharding, got " << attr.getValue();
  if (!type)
    return success();
  MeshAttr mesh = verifyShardingOfValue(sharding, type, op,
                                        /*symbolTables=*/nullptr, emitError);
  return mesh ? success() : failure();
}

LogicalResult SdyDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  if (attr.getName() != kShardingAttrName)
    return success();
  // Function declarations have argument attributes but no region arguments,
  // so the type comes from the signature where there is one.
  Type type;
  if (auto function = llvm::dyn_cast<FunctionOpInterface>(op)) {
    if (argIndex < function.getNumArguments())
      type = function.getArgumentTypes()[argIndex];
  } else if (regionIndex < op->getNumRegions() &&
             !op->getRegion(regionIndex).empty() &&
             argIndex < op->getRegion(regionIndex).getNumArguments()) {
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  }
  return verifyValueShardingAttr(op, "argument", argIndex, type, attr);
}

LogicalResult SdyDialect::verifyRegionResultAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  if (attr.getName() != kShardingAttrName)
    return success();
  Type type;
  if (auto function = llvm::dyn_cast<FunctionOpInterface>(op))
    if (resultIndex < function.getNumResults())
      type = function.getResultTypes()[resultIndex];
  return verifyValueShardingAttr(op, "result", resultIndex, type, attr);
}

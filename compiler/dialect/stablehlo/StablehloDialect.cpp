//===- StablehloDialect.cpp - stablehlo dialect registration --------------===//

#include "compiler/dialect/stablehlo/Stablehlo.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace axle::stablehlo;

#include "compiler/dialect/stablehlo/StablehloDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "compiler/dialect/stablehlo/StablehloTypes.cpp.inc"

namespace {
/// Every stablehlo op may be inlined anywhere: the ops have no meaning tied
/// to the function or region that holds them. This lets the compiler inline
/// calls, including calls inside reduction bodies, before lowering.
struct StablehloInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void StablehloDialect::initialize() {
  addInterfaces<StablehloInlinerInterface>();
  registerAttributes();
  addTypes<
#define GET_TYPEDEF_LIST
#include "compiler/dialect/stablehlo/StablehloTypes.cpp.inc"
      >();
  registerStablehloDialectOperations(this);
}

namespace axle::stablehlo {

static bool hasAllowedStorage(quant::QuantizedType type) {
  auto storage = llvm::dyn_cast<IntegerType>(type.getStorageType());
  if (!storage)
    return false;
  unsigned width = storage.getWidth();
  return width == 2 || width == 4 || width == 8 || width == 16 || width == 32;
}

bool isQuantizedIntType(Type type) {
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(type))
    return hasAllowedStorage(perTensor);
  if (auto perAxis = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(type))
    return hasAllowedStorage(perAxis);
  return false;
}

bool isPerTensorQuantizedIntType(Type type) {
  auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(type);
  return perTensor && hasAllowedStorage(perTensor);
}

} // namespace axle::stablehlo

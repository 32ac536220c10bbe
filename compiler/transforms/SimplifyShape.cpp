//===- SimplifyShape.cpp - simplifier rules ----------------------------------===//

#include "compiler/transforms/Simplify.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

namespace axle::transforms {

using namespace mlir;
namespace hlo = axle::stablehlo;

void populateShapeSimplifications(RewritePatternSet &patterns,
                                 const SimplifyOptions &options) {}

} // namespace axle::transforms

//===- LowerShape.cpp - Shape ops
//---------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

void populateShapePatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {}

} // namespace axle::lowering

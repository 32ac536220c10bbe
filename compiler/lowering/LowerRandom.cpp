//===- LowerRandom.cpp - rng_bit_generator, rng ---------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

void populateRandomPatterns(const TypeConverter &converter, RewritePatternSet &patterns) {}

} // namespace axle::lowering

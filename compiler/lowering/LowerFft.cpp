//===- LowerFft.cpp - fft ---------------------------------------------===//

#include "compiler/lowering/Lowering.h"

#include "compiler/dialect/stablehlo/Stablehlo.h"

namespace axle::lowering {

using namespace mlir;
namespace hlo = axle::stablehlo;

void populateFftPatterns(const TypeConverter &converter, RewritePatternSet &patterns) {}

} // namespace axle::lowering

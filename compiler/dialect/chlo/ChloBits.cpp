//===- ChloBits.cpp - next_after by integer steps on the bit pattern ------===//
//
// For x != 0 the neighbours of x are the floats whose bit patterns, read as
// signed integers, differ by one: +1 moves away from zero, -1 towards it.
// From zero the step goes to the smallest subnormal with y's sign.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/ChloFunctions.h"

using namespace mlir;

namespace axle::chlo::fn {

Value nextAfter(MathBuilder &m, Value x, Value y) {
  Type floatType = MathBuilder::elementType(x);
  Type bits = m.bitsType(floatType);
  unsigned width = floatType.getIntOrFloatBitWidth();
  Value zero = m.cst(x, 0.0);
  Value xBits = m.bitcast(x, bits);
  Value yBits = m.bitcast(y, bits);

  // Away from zero when y lies beyond x on x's side of zero.
  Value away = m.eq(m.gt(x, zero), m.gt(y, x));
  Value step = m.select(away, m.splatInt(bits, 1), m.splatInt(bits, -1));
  Value stepped = m.add(xBits, step);

  Value signOfY = m.andOp(yBits, m.splatInt(bits, APInt::getSignMask(width)));
  Value fromZero = m.orOp(signOfY, m.splatInt(bits, 1));

  Value result =
      m.bitcast(m.select(m.eq(x, zero), fromZero, stepped), floatType);
  result = m.select(m.eq(x, y), y, result);
  Value unordered = m.orOp(m.ne(x, x), m.ne(y, y));
  return m.select(unordered, m.nan(x), result);
}

} // namespace axle::chlo::fn

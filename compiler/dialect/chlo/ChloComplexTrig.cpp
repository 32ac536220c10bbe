//===- ChloComplexTrig.cpp - complex trig and hyperbolic functions --------===//
//
// Built from the real and imaginary parts. asin/acos follow the algorithm of
// Hull, Fairgrieve and Tang ("Implementing the complex arcsine and arccosine
// functions using exception handling", ACM TOMS 23(3), 1997): with
// r = |z + 1|, s = |z - 1|, A = (r + s)/2 and B = x/A, each part is computed
// by the form that avoids cancellation in its region. asinh, acosh and
// atan, atanh follow from asin, acos and atanh by the identities
// asinh(z) = -i asin(iz), acosh(z) = +-i acos(z), atan(z) = -i atanh(iz).
// atanh uses Re = log1p(4x / ((1-x)^2 + y^2)) / 4 and
// Im = atan2(2y, (1-x)(1+x) - y^2) / 2. tan uses Kahan's form
// tan(z) = (t + i beta cosh(y) sinh(y)) / (1 + beta sinh(y)^2),
// t = tan(x), beta = 1 + t^2.
//
//===----------------------------------------------------------------------===//

#include "compiler/dialect/chlo/ChloFunctions.h"

#include <cmath>
#include <numbers>

using namespace mlir;

namespace axle::chlo::fn {

namespace {

struct Parts {
  Value re, im;
};

Parts split(MathBuilder &m, Value z) { return {m.real(z), m.imag(z)}; }

/// sqrt(a^2 + b^2) without intermediate overflow or underflow.
Value hypot(MathBuilder &m, Value a, Value b) {
  Value absA = m.abs(a), absB = m.abs(b);
  Value big = m.max(absA, absB);
  Value small = m.min(absA, absB);
  Value ratio = m.div(small, big);
  Value result = m.mul(big, m.sqrt(m.add(m.cst(a, 1.0), m.mul(ratio, ratio))));
  // 0/0 and inf/inf make the ratio NaN; the answer is then `big`.
  Value degenerate = m.orOp(m.eq(big, m.cst(a, 0.0)), m.eq(big, m.inf(a)));
  return m.select(degenerate, big, result);
}

/// |z| beyond which z^2 + 1 rounds to z^2.
double largeArgument(Value x) {
  Type type = MathBuilder::elementType(x);
  return std::ldexp(1.0, MathBuilder::mantissaBits(type) / 2 + 1);
}

/// The Hull-Fairgrieve-Tang kernel on x = |Re z|, y = |Im z|: the real
/// parts of asin(z) and acos(z) for z in the first quadrant and the common
/// magnitude of their imaginary parts.
struct AsinAcosParts {
  Value asinRe, acosRe, im;
};

AsinAcosParts asinAcosKernel(MathBuilder &m, Value x, Value y) {
  Value one = m.cst(x, 1.0);
  Value half = m.cst(x, 0.5);
  Value xp1 = m.add(x, one);
  Value xm1 = m.sub(x, one);
  Value onemx = m.sub(one, x);
  Value r = hypot(m, xp1, y);
  Value s = hypot(m, xm1, y);
  Value a = m.add(m.mul(half, r), m.mul(half, s));
  Value b = m.div(x, a);
  Value ySq = m.mul(y, y);
  Value rxp1 = m.add(r, xp1);

  // Real parts where B is close to 1 (B > 0.6417 in the paper).
  Value apx = m.add(a, x);
  Value belowOne =
      m.sqrt(m.mul(m.mul(half, apx), m.add(m.div(ySq, rxp1), m.add(s, onemx))));
  Value aboveOne = m.mul(
      y,
      m.sqrt(m.mul(half, m.add(m.div(apx, rxp1), m.div(apx, m.add(s, xm1))))));
  Value den = m.select(m.le(x, one), belowOne, aboveOne);
  Value bSmall = m.le(b, m.cst(x, 0.6417));
  Value asinRe = m.select(bSmall, fn::asin(m, b), m.atan2(x, den));
  Value acosRe = m.select(bSmall, fn::acos(m, b), m.atan2(den, x));

  // Imaginary part: log1p form while A <= 1.5 (A - 1 computed without
  // cancellation), log(A + sqrt(A^2 - 1)) above, log(2A) for huge A.
  Value am1 = m.select(
      m.lt(x, one),
      m.mul(half, m.add(m.div(ySq, rxp1), m.div(ySq, m.add(s, onemx)))),
      m.mul(half, m.add(m.div(ySq, rxp1), m.add(s, xm1))));
  Value imNear = m.log1p(m.add(am1, m.sqrt(m.mul(am1, m.add(a, one)))));
  Value imFar = m.log(m.add(a, m.sqrt(m.mul(m.sub(a, one), m.add(a, one)))));
  Value imHuge = m.add(m.log(a), m.cst(x, std::numbers::ln2));
  Value im = m.select(m.le(a, m.cst(x, 1.5)), imNear, imFar);
  im = m.select(m.gt(a, m.cst(x, largeArgument(x))), imHuge, im);
  // y so small that y^2 underflows while x < 1: Im = y / sqrt(1 - x^2).
  Value tinyY = m.andOp(
      m.lt(x, one),
      m.lt(y, m.mul(m.cst(x, MathBuilder::epsilon(MathBuilder::elementType(x))),
                    onemx)));
  Value imTiny = m.div(y, m.sqrt(m.mul(onemx, xp1)));
  im = m.select(tinyY, imTiny, im);

  // Infinite parts: asin -> atan2(x, y) + i inf, acos -> atan2(y, x) + i inf.
  Value infinite = m.orOp(m.eq(x, m.inf(x)), m.eq(y, m.inf(x)));
  asinRe = m.select(infinite, m.atan2(x, y), asinRe);
  acosRe = m.select(infinite, m.atan2(y, x), acosRe);
  im = m.select(infinite, m.inf(x), im);
  return {asinRe, acosRe, im};
}

/// asin(z) as parts.
Parts asinParts(MathBuilder &m, Value re, Value im) {
  AsinAcosParts k = asinAcosKernel(m, m.abs(re), m.abs(im));
  return {m.copySign(k.asinRe, re), m.copySign(k.im, im)};
}

/// acos(z) as parts.
Parts acosParts(MathBuilder &m, Value re, Value im) {
  AsinAcosParts k = asinAcosKernel(m, m.abs(re), m.abs(im));
  Value negative = m.lt(re, m.cst(re, 0.0));
  Value real = m.select(negative, m.sub(m.cst(re, std::numbers::pi), k.acosRe),
                        k.acosRe);
  return {real, m.neg(m.copySign(k.im, im))};
}

/// atanh(z) as parts.
Parts atanhParts(MathBuilder &m, Value x, Value y) {
  Value one = m.cst(x, 1.0);
  // Re is odd in x: computed for |x| the log1p argument is >= 0, with no
  // cancellation near x = -1.
  Value a = m.abs(x);
  Value onema = m.sub(one, a);
  Value ySq = m.mul(y, y);
  Value den = m.add(m.mul(onema, onema), ySq);
  Value re =
      m.mul(m.cst(x, 0.25), m.log1p(m.div(m.mul(m.cst(x, 4.0), a), den)));
  Value im =
      m.mul(m.cst(x, 0.5),
            m.atan2(m.add(y, y), m.sub(m.mul(onema, m.add(one, a)), ySq)));
  // Where (1 - x)^2 + y^2 could overflow: atanh(z) ~ 1/z +- i pi/2 with
  // Re(1/z) = (x/h)/h; y/h^2 is far below pi/2's ulp there.
  Value h = hypot(m, x, y);
  double big = std::sqrt(MathBuilder::largest(MathBuilder::elementType(x))) / 4;
  Value large = m.gt(h, m.cst(x, big));
  re = m.select(large, m.div(m.div(a, h), h), re);
  im = m.select(large, m.copySign(m.cst(x, std::numbers::pi / 2), y), im);
  return {m.copySign(re, x), im};
}

} // namespace

Value asinComplex(MathBuilder &m, Value z) {
  Parts p = split(m, z);
  Parts r = asinParts(m, p.re, p.im);
  return m.complex(r.re, r.im);
}

Value acosComplex(MathBuilder &m, Value z) {
  Parts p = split(m, z);
  Parts r = acosParts(m, p.re, p.im);
  return m.complex(r.re, r.im);
}

Value asinhComplex(MathBuilder &m, Value z) {
  // asinh(x + iy) = -i asin(-y + ix).
  Parts p = split(m, z);
  Parts r = asinParts(m, m.neg(p.im), p.re);
  return m.complex(r.im, m.neg(r.re));
}

Value acoshComplex(MathBuilder &m, Value z) {
  // acosh(z) = |Im acos(z)| + i copysign(Re acos(z), Im z).
  Parts p = split(m, z);
  Parts r = acosParts(m, p.re, p.im);
  return m.complex(m.abs(r.im), m.copySign(r.re, p.im));
}

Value atanhComplex(MathBuilder &m, Value z) {
  Parts p = split(m, z);
  Parts r = atanhParts(m, p.re, p.im);
  return m.complex(r.re, r.im);
}

Value atanComplex(MathBuilder &m, Value z) {
  // atan(x + iy) = -i atanh(-y + ix).
  Parts p = split(m, z);
  Parts r = atanhParts(m, m.neg(p.im), p.re);
  return m.complex(r.im, m.neg(r.re));
}

Value sinhComplex(MathBuilder &m, Value z) {
  // sinh(x + iy) = sinh(x) cos(y) + i cosh(x) sin(y).
  Parts p = split(m, z);
  Value re = m.mul(fn::sinh(m, p.re), m.cos(p.im));
  Value im = m.mul(fn::cosh(m, p.re), m.sin(p.im));
  // A real argument stays real, also where cosh(x) is infinite.
  im = m.select(m.eq(p.im, m.cst(p.im, 0.0)), p.im, im);
  return m.complex(re, im);
}

Value coshComplex(MathBuilder &m, Value z) {
  // cosh(x + iy) = cosh(x) cos(y) + i sinh(x) sin(y).
  Parts p = split(m, z);
  Value re = m.mul(fn::cosh(m, p.re), m.cos(p.im));
  Value im = m.mul(fn::sinh(m, p.re), m.sin(p.im));
  im = m.select(m.eq(p.im, m.cst(p.im, 0.0)),
                m.mul(m.copySign(m.cst(p.re, 0.0), p.re), p.im), im);
  return m.complex(re, im);
}

Value tanComplex(MathBuilder &m, Value z) {
  Parts p = split(m, z);
  Value x = p.re, y = p.im;
  Value one = m.cst(x, 1.0);
  Value t = m.tan(x);
  Value beta = m.add(one, m.mul(t, t));
  Value s = fn::sinh(m, y);
  Value rho = fn::cosh(m, y);
  Value den = m.add(one, m.mul(beta, m.mul(s, s)));
  Value re = m.div(t, den);
  Value im = m.div(m.mul(m.mul(beta, rho), s), den);
  // Large |y|: tan(z) -> 4 (t / beta) exp(-2|y|) + i sign(y).
  double limit =
      std::log(MathBuilder::largest(MathBuilder::elementType(x))) / 4;
  Value large = m.gt(m.abs(y), m.cst(x, limit));
  Value reLarge = m.mul(m.mul(m.cst(x, 4.0), m.div(t, beta)),
                        m.exp(m.mul(m.cst(x, -2.0), m.abs(y))));
  re = m.select(large, reLarge, re);
  im = m.select(large, m.copySign(one, y), im);
  return m.complex(re, im);
}

} // namespace axle::chlo::fn

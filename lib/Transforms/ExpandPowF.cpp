//===- ExpandPowF.cpp - C's pow from a core for positive operands ---------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// math.powf on f32 (f16 and bf16 through f32) as C's pow, for the targets
// whose own pow is not: SPIR-V's GLSL.std.450 Pow (undefined for a negative
// base, and imprecise) and ROCDL, whose pow is a function of ROCm's device
// library. tolk::expandPowF is shared by --convert-tolk-kernels-to-spirv and
// --tolk-expand-powf.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/LaneBuilder.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace tolk {
#define GEN_PASS_DEF_TOLKEXPANDPOWF
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using tolk::LaneBuilder;

/// 2^n for integer lanes n in [-250, 250], in f64, without 64-bit integers:
/// the product of two f32 powers of two (each exponent in [-125, 125], a
/// normal f32), widened exactly.
static Value exp2Integer(LaneBuilder &lb, Value n) {
  Type f32 = lb.b.getF32Type(), f64 = lb.b.getF64Type();
  Value half = arith::ShRSIOp::create(lb.b, lb.loc, n, lb.i32(1));
  Value rest = lb.subi(n, half);
  auto power = [&](Value k) -> Value {
    Value bits = lb.shli(lb.addi(k, lb.i32(127)), lb.i32(23));
    return arith::ExtFOp::create(lb.b, lb.loc, lb.of(f64),
                                 lb.bitcast(bits, f32));
  };
  return lb.mulf(power(half), power(rest));
}

/// x^y for lanes of f32 with x positive and finite (subnormals included) and
/// y finite, as exp2(y * log2(x)) in f64 arithmetic, rounded once to f32.
/// Only +, -, *, / and conversions, which every target computes correctly rounded
/// in f64 (and GLSL.std.450's Exp2 and Log2 take no f64): log2(x) = e + log2(m)
/// with m in [sqrt(1/2), sqrt(2)] from x's bits and log(m) = 2 atanh(s),
/// s = (m - 1) / (m + 1), |s| <= 0.172, by its series to s^21; then t = y *
/// log2(x) = n + r with n an integer and |r| <= 1/2, and 2^r = exp(r ln 2)
/// by its Taylor series to degree 13. Each series' remainder is below
/// 2^-54, so the f64 result is within a few 2^-50 of x^y (|t| <= 150 where
/// the f32 result is neither 0 nor infinite) and the f32 result is the
/// correctly rounded one but within 2^-26 ULP of a tie: at most 1 ULP from
/// the folder's, which rounds binary64 libm's pow to f32.
static Value positivePowF64(LaneBuilder &lb, Value x, Value y) {
  Type f32 = lb.b.getF32Type(), f64 = lb.b.getF64Type(), i32 = lb.b.getI32Type();
  // x = m * 2^e. A subnormal x is its fraction (an integer below 2^23,
  // which converts exactly to a normal f32) times 2^-149; integer and
  // conversion ops only, as a Vulkan driver may flush subnormal operands
  // of float arithmetic.
  Value bits = lb.bitcast(x, i32);
  Value fracMask = lb.i32(0x7fffff);
  Value biased = lb.shrui(bits, lb.i32(23));
  Value subnormal = lb.cmpi(arith::CmpIPredicate::eq, biased, lb.i32(0));
  Value fraction = lb.andi(bits, fracMask);
  Value scaled = lb.bitcast(
      arith::UIToFPOp::create(lb.b, lb.loc, lb.of(f32), fraction), i32);
  Value normal = lb.select(subnormal, scaled, bits);
  Value e = lb.subi(lb.shrui(normal, lb.i32(23)),
                    lb.select(subnormal, lb.i32(127 + 149), lb.i32(127)));
  Value mantissa = lb.andi(normal, fracMask);
  // m in [1, 2) above sqrt(2) (0x3fb504f3) becomes m / 2, e + 1.
  Value high = lb.cmpi(arith::CmpIPredicate::ugt, mantissa, lb.i32(0x3504f3));
  Value m32 = lb.bitcast(
      lb.ori(mantissa, lb.select(high, lb.i32(0x3f000000),
                                 lb.i32(0x3f800000))),
      f32);
  e = lb.addi(e, arith::ExtUIOp::create(lb.b, lb.loc, lb.of(i32), high));
  Value m = arith::ExtFOp::create(lb.b, lb.loc, lb.of(f64), m32);
  Value one = lb.f64(1.0);
  Value s = lb.divf(lb.subf(m, one), lb.addf(m, one));
  Value z = lb.mulf(s, s);
  // log2(m) = (2 / ln 2) * s * (1 + z/3 + z^2/5 + ... + z^10/21).
  Value series = lb.f64(1.0 / 21);
  for (int k = 9; k >= 0; --k)
    series = lb.addf(lb.mulf(series, z), lb.f64(1.0 / (2 * k + 1)));
  Value log2m = lb.mulf(lb.mulf(s, series), lb.f64(2.0 / llvm::numbers::ln2));
  Value log2x = lb.addf(
      arith::SIToFPOp::create(lb.b, lb.loc, lb.of(f64), e), log2m);
  Value t = lb.mulf(
      arith::ExtFOp::create(lb.b, lb.loc, lb.of(f64), y), log2x);
  // Beyond +-250 the f32 result is 0 or infinite anyway; the clamp keeps
  // 2^n in exp2Integer's range. t is not NaN (x and y are finite).
  Value limit = lb.f64(250), lowLimit = lb.f64(-250);
  t = lb.select(lb.cmpf(arith::CmpFPredicate::OGT, t, limit), limit, t);
  t = lb.select(lb.cmpf(arith::CmpFPredicate::OLT, t, lowLimit), lowLimit, t);
  Value n = math::FloorOp::create(lb.b, lb.loc, lb.addf(t, lb.f64(0.5)));
  Value u = lb.mulf(lb.subf(t, n), lb.f64(llvm::numbers::ln2));
  // exp(u) for |u| <= ln(2) / 2, Taylor to degree 13.
  double inverseFactorial[14];
  inverseFactorial[0] = 1;
  for (int k = 1; k < 14; ++k)
    inverseFactorial[k] = inverseFactorial[k - 1] / k;
  Value p = lb.f64(inverseFactorial[13]);
  for (int k = 12; k >= 0; --k)
    p = lb.addf(lb.mulf(p, u), lb.f64(inverseFactorial[k]));
  Value ni = arith::FPToSIOp::create(lb.b, lb.loc, lb.of(i32), n);
  Value r = lb.mulf(p, exp2Integer(lb, ni));
  return arith::TruncFOp::create(lb.b, lb.loc, lb.of(f32), r);
}

/// C99's pow (Annex F), which the folder computes (lib/Dtype's floatPow),
/// as selects around a core for a positive finite base and a finite
/// exponent: in f64 arithmetic with `f64Core` (positivePowF64), else
/// math.powf on those operands (on SPIR-V, GLSL.std.450's Pow, which is
/// undefined for x < 0 and for x = 0 with y <= 0, and only as precise as
/// exp2(y * log2(x)) with GLSL's Exp2 and Log2).
///  - pow(x, +-0) = 1 and pow(+1, y) = 1, a NaN x or y included;
///  - otherwise a NaN x or y gives a NaN;
///  - a finite x < 0 with a finite non-integer y gives a NaN;
///  - the result's sign is x's for an odd integer y (-0 and -inf included);
///  - x = +-0: +inf for y < 0, +0 for y > 0 (before that sign);
///  - x = +-inf: +0 for y < 0, +inf for y > 0;
///  - y = +-inf: 1 for |x| = 1, +inf when |x| < 1 and y < 0 or |x| > 1 and
///    y > 0, else +0.
void tolk::expandPowF(Operation *root, bool f64Core) {
  SmallVector<math::PowFOp> pows;
  root->walk([&](math::PowFOp op) {
    Type element = getElementTypeOrSelf(op.getType());
    if (element.isF32() || element.isF16() || element.isBF16())
      pows.push_back(op);
  });
  for (math::PowFOp op : pows) {
    OpBuilder builder(op);
    LaneBuilder lb{builder, op.getLoc(), dyn_cast<VectorType>(op.getType())};
    using P = arith::CmpFPredicate;
    Value x = op.getLhs(), y = op.getRhs();
    // f16 and bf16 widen exactly, and the f32 result rounds once more:
    // within one step of the folder's.
    bool half = !getElementTypeOrSelf(op.getType()).isF32();
    if (half) {
      x = arith::ExtFOp::create(builder, lb.loc, lb.of(builder.getF32Type()),
                                x);
      y = arith::ExtFOp::create(builder, lb.loc, lb.of(builder.getF32Type()),
                                y);
    }
    Value ax = math::AbsFOp::create(builder, lb.loc, x);
    Value ay = math::AbsFOp::create(builder, lb.loc, y);
    Value zero = lb.f32(0.0), one = lb.f32(1.0);
    Value inf = lb.f32(std::numeric_limits<float>::infinity());

    Value xFinite = lb.cmpf(P::OLT, ax, inf); // False for NaN.
    Value yFinite = lb.cmpf(P::OLT, ay, inf);
    Value xZero = lb.cmpf(P::OEQ, x, zero);
    Value xInf = lb.cmpf(P::OEQ, ax, inf);
    Value yInf = lb.cmpf(P::OEQ, ay, inf);
    Value yNegative = lb.cmpf(P::OLT, y, zero);
    Value yInteger = lb.andi(
        yFinite, lb.cmpf(P::OEQ, math::FloorOp::create(builder, lb.loc, y), y));
    // An f32 of magnitude 2^24 or more is even; below, its lowest bit.
    Value small = lb.cmpf(P::OLT, ay, lb.f32(16777216.0));
    Value yLow = arith::FPToSIOp::create(builder, lb.loc,
                                         lb.of(builder.getI32Type()),
                                         lb.select(small, y, zero));
    Value yOdd = lb.andi(
        lb.andi(yInteger, small),
        lb.cmpi(arith::CmpIPredicate::ne, lb.andi(yLow, lb.i32(1)),
                lb.i32(0)));

    // The magnitude.
    Value regular = lb.andi(xFinite, lb.notOf(xZero));
    Value core;
    Value safeX = lb.select(regular, ax, one);
    Value safeY = lb.select(yFinite, y, zero);
    if (f64Core)
      core = positivePowF64(lb, safeX, safeY);
    else
      core = math::PowFOp::create(builder, lb.loc, safeX, safeY);
    Value toInf = lb.cmpi(arith::CmpIPredicate::eq,
                          lb.cmpf(P::OLT, ax, one), yNegative);
    Value infiniteY = lb.select(lb.cmpf(P::OEQ, ax, one), one,
                                lb.select(toInf, inf, zero));
    Value mag = core;
    mag = lb.select(xZero, lb.select(yNegative, inf, zero), mag);
    mag = lb.select(xInf, lb.select(yNegative, zero, inf), mag);
    mag = lb.select(yInf, infiniteY, mag);

    // The sign, from x's sign bit (-0 and -inf included) and an odd y.
    Value xSign = lb.cmpi(arith::CmpIPredicate::slt,
                          lb.bitcast(x, builder.getI32Type()), lb.i32(0));
    Value r = lb.select(lb.andi(xSign, yOdd),
                        arith::NegFOp::create(builder, lb.loc, mag), mag);

    Value nan = lb.f32(std::numeric_limits<float>::quiet_NaN());
    Value negativeX = lb.andi(lb.cmpf(P::OLT, x, zero), xFinite);
    r = lb.select(lb.andi(negativeX, lb.andi(yFinite, lb.notOf(yInteger))),
                  nan, r);
    // A NaN operand: a NaN (compared by class, as arithmetic's).
    Value anyNaN = lb.cmpf(P::UNO, x, y);
    r = lb.select(anyNaN, lb.addf(x, y), r);
    Value unit = lb.ori(lb.cmpf(P::OEQ, y, zero), lb.cmpf(P::OEQ, x, one));
    r = lb.select(unit, one, r);
    if (half)
      r = arith::TruncFOp::create(builder, lb.loc, op.getType(), r);
    op.replaceAllUsesWith(r);
    op.erase();
  }
}


namespace {
struct TolkExpandPowFPass
    : public tolk::impl::TolkExpandPowFBase<TolkExpandPowFPass> {
  using TolkExpandPowFBase::TolkExpandPowFBase;
  void runOnOperation() override { tolk::expandPowF(getOperation(), f64Core); }
};
} // namespace

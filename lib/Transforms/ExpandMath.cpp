//===- ExpandMath.cpp - Math ops in arith and simpler math ops ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Expansions of math ops for targets whose own instructions lack them or
// differ from the folder, beside upstream's (populateExpand*Pattern in
// mlir/Dialect/Math/Transforms): math.trunc as floor or ceil, math.powf as
// C99's pow (also the pass --tolk-expand-powf), math.log2 of subnormal
// operands and math.exp2 with subnormal results. Each pattern builds ops
// (math.floor, math.powf, math.log2, math.exp2) that it would match again,
// so they are meant for a driver that visits each op once
// (walkAndApplyPatterns).
//
//===----------------------------------------------------------------------===//

#include "ExpandMath.h"

#include "tolk/Transforms/Passes.h"

#include "tolk/Lowering/LaneArith.h"
#include "tolk/Transforms/ChangeListener.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

namespace tolk {
#define GEN_PASS_DEF_TOLKEXPANDPOWF
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using tolk::LaneArith;

namespace {

/// math.trunc as floor or ceil by the sign (GLSL.std.450's Trunc has no op
/// in MLIR's SPIR-V dialect). `x >= 0` is false for NaN, whose ceil is NaN,
/// and -0.0 takes floor, which keeps it.
struct TruncAsFloorOrCeil : public OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op,
                                PatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value x = op.getOperand();
    Value zero =
        arith::ConstantOp::create(b, x.getType(), b.getZeroAttr(x.getType()));
    Value positive =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OGE, x, zero);
    Value down = math::FloorOp::create(b, x);
    Value up = math::CeilOp::create(b, x);
    rewriter.replaceOp(op, arith::SelectOp::create(b, positive, down, up));
    return success();
  }
};

/// 2^n for integer lanes n in [-250, 250], in f64, without 64-bit integers:
/// the product of two f32 powers of two (each exponent in [-125, 125], a
/// normal f32), widened exactly.
Value exp2Integer(LaneArith &la, Value n) {
  ImplicitLocOpBuilder &b = la.builder();
  Type f32 = b.getF32Type(), f64 = b.getF64Type();
  Value half = la.shrsi(n, la.i32(1));
  Value rest = la.subi(n, half);
  auto power = [&](Value k) -> Value {
    Value bits = la.shli(la.addi(k, la.i32(127)), la.i32(23));
    return la.convert<arith::ExtFOp>(la.bitcast(bits, f32), f64);
  };
  return la.mulf(power(half), power(rest));
}

/// x^y for lanes of f32 with x positive and finite (subnormals included) and
/// y finite, as exp2(y * log2(x)) in f64 arithmetic, rounded once to f32.
/// Only +, -, *, / and conversions, which Vulkan computes correctly rounded
/// in f64 (GLSL.std.450's Exp2 and Log2 take no f64): log2(x) = e + log2(m)
/// with m in [sqrt(1/2), sqrt(2)] from x's bits and log(m) = 2 atanh(s),
/// s = (m - 1) / (m + 1), |s| <= 0.172, by its series to s^21; then t = y *
/// log2(x) = n + r with n an integer and |r| <= 1/2, and 2^r = exp(r ln 2)
/// by its Taylor series to degree 13. Each series' remainder is below
/// 2^-54, so the f64 result is within a few 2^-50 of x^y (|t| <= 150 where
/// the f32 result is neither 0 nor infinite) and the f32 result is the
/// correctly rounded one but within 2^-26 ULP of a tie: at most 1 ULP from
/// the folder's, which rounds binary64 libm's pow to f32.
Value positivePowF64(LaneArith &la, Value x, Value y) {
  ImplicitLocOpBuilder &b = la.builder();
  Type f32 = b.getF32Type(), f64 = b.getF64Type(), i32 = b.getI32Type();
  // x = m * 2^e. A subnormal x is its fraction (an integer below 2^23,
  // which converts exactly to a normal f32) times 2^-149; integer and
  // conversion ops only, as Vulkan may flush subnormal operands of float
  // arithmetic.
  Value bits = la.bitcast(x, i32);
  Value fracMask = la.i32(0x7fffff);
  Value biased = la.shrui(bits, la.i32(23));
  Value subnormal = la.cmpi(arith::CmpIPredicate::eq, biased, la.i32(0));
  Value fraction = la.andi(bits, fracMask);
  Value scaled = la.bitcast(la.convert<arith::UIToFPOp>(fraction, f32), i32);
  Value normal = la.select(subnormal, scaled, bits);
  Value e = la.subi(la.shrui(normal, la.i32(23)),
                    la.select(subnormal, la.i32(127 + 149), la.i32(127)));
  Value mantissa = la.andi(normal, fracMask);
  // m in [1, 2) above sqrt(2) (0x3fb504f3) becomes m / 2, e + 1.
  Value high = la.cmpi(arith::CmpIPredicate::ugt, mantissa, la.i32(0x3504f3));
  Value m32 = la.bitcast(
      la.ori(mantissa, la.select(high, la.i32(0x3f000000), la.i32(0x3f800000))),
      f32);
  e = la.addi(e, la.convert<arith::ExtUIOp>(high, i32));
  Value m = la.convert<arith::ExtFOp>(m32, f64);
  Value one = la.f64(1.0);
  Value s = la.divf(la.subf(m, one), la.addf(m, one));
  Value z = la.mulf(s, s);
  // log2(m) = (2 / ln 2) * s * (1 + z/3 + z^2/5 + ... + z^10/21).
  Value series = la.f64(1.0 / 21);
  for (int k = 9; k >= 0; --k)
    series = la.addf(la.mulf(series, z), la.f64(1.0 / (2 * k + 1)));
  Value log2m = la.mulf(la.mulf(s, series), la.f64(2.0 / llvm::numbers::ln2));
  Value log2x = la.addf(la.convert<arith::SIToFPOp>(e, f64), log2m);
  Value t = la.mulf(la.convert<arith::ExtFOp>(y, f64), log2x);
  // Beyond +-250 the f32 result is 0 or infinite anyway; the clamp keeps
  // 2^n in exp2Integer's range. t is not NaN (x and y are finite).
  Value limit = la.f64(250), lowLimit = la.f64(-250);
  t = la.select(la.cmpf(arith::CmpFPredicate::OGT, t, limit), limit, t);
  t = la.select(la.cmpf(arith::CmpFPredicate::OLT, t, lowLimit), lowLimit, t);
  Value n = math::FloorOp::create(b, la.addf(t, la.f64(0.5)));
  Value u = la.mulf(la.subf(t, n), la.f64(llvm::numbers::ln2));
  // exp(u) for |u| <= ln(2) / 2, Taylor to degree 13.
  double inverseFactorial[14];
  inverseFactorial[0] = 1;
  for (int k = 1; k < 14; ++k)
    inverseFactorial[k] = inverseFactorial[k - 1] / k;
  Value p = la.f64(inverseFactorial[13]);
  for (int k = 12; k >= 0; --k)
    p = la.addf(la.mulf(p, u), la.f64(inverseFactorial[k]));
  Value ni = la.convert<arith::FPToSIOp>(n, i32);
  Value r = la.mulf(p, exp2Integer(la, ni));
  return la.convert<arith::TruncFOp>(r, f32);
}

/// math.powf on f32 (and f16 and bf16, in f32) as C99's pow (Annex F),
/// which the folder computes (lib/Dtype's floatPow): GLSL.std.450's Pow is
/// undefined for x < 0, and for x = 0 with y <= 0, and is only as precise as
/// exp2(y * log2(x)) with GLSL's Exp2 and Log2. The core for a positive
/// finite base and a finite exponent is in f64 arithmetic with `f64Core`
/// (positivePowF64), else math.powf (the target's precision of exp2(y *
/// log2(x))).
struct PowFAsC99 : public OpRewritePattern<math::PowFOp> {
  PowFAsC99(MLIRContext *ctx, bool f64Core)
      : OpRewritePattern(ctx), f64Core(f64Core) {}

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (!element.isF32() && !element.isF16() && !element.isBF16())
      return rewriter.notifyMatchFailure(op, "f32, f16 and bf16 only");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    LaneArith la(b, op.getType());
    Value x = op.getLhs(), y = op.getRhs();
    // f16 (which math-extend-to-supported-types leaves to the target's f16
    // pow) and bf16 widen exactly, and the f32 result rounds once more:
    // within one step of the folder's.
    bool half = !element.isF32();
    if (half) {
      x = la.convert<arith::ExtFOp>(x, b.getF32Type());
      y = la.convert<arith::ExtFOp>(y, b.getF32Type());
    }
    Value r = tolk::buildC99Pow(la, x, y, [&](Value x, Value y) -> Value {
      if (f64Core)
        return positivePowF64(la, x, y);
      return math::PowFOp::create(b, x, y);
    });
    if (half)
      r = arith::TruncFOp::create(b, op.getType(), r);
    rewriter.replaceOp(op, r);
    return success();
  }

  bool f64Core;
};

/// math.log2 of f32 where the operand is a positive subnormal: log2(m) - 149
/// for its integer significand m = bits (exact in f32, a normal value). A
/// target may flush a subnormal operand (Vulkan without
/// shaderDenormPreserve), and lavapipe's Log2 reads its exponent field as if
/// it were normal (log2 of 2^-149 is -127 there). One log2 a lane still: the
/// operand is selected.
struct Log2OfSubnormals : public OpRewritePattern<math::Log2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Log2Op op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return rewriter.notifyMatchFailure(op, "f32 only");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value x = op.getOperand();
    LaneArith la(b, x.getType());
    Value bits = la.bitcast(x, b.getI32Type());
    // 1 <= bits <= 0x7FFFFF: a positive subnormal (unsigned bits - 1).
    Value subnormal = la.cmpi(arith::CmpIPredicate::ult,
                              la.subi(bits, la.i32(1)), la.i32(0x7FFFFF));
    Value significand = arith::UIToFPOp::create(b, x.getType(), bits);
    Value log = math::Log2Op::create(b, la.select(subnormal, significand, x));
    Value scaled = la.subf(log, la.f32(149.0));
    rewriter.replaceOp(op, la.select(subnormal, scaled, log));
    return success();
  }
};

/// math.exp2 of f32 where the result is subnormal (x below -126): exp2(x + 64)
/// times 2^-64, a normal value scaled by a power of two, which rounds once.
/// Without shaderDenormPreserve a driver may flush a subnormal result of
/// Exp2 (lavapipe's exp2(-128) is 0, not 2^-128), and not one of an FMul
/// (the differential tests compare both). x + 64 is exact there. One exp2 a
/// lane still: the operand is selected.
struct Exp2OfSubnormalResults : public OpRewritePattern<math::Exp2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Exp2Op op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return rewriter.notifyMatchFailure(op, "f32 only");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value x = op.getOperand();
    LaneArith la(b, x.getType());
    Value small = la.cmpf(arith::CmpFPredicate::OLT, x, la.f32(-126.0));
    Value shifted = la.select(small, la.addf(x, la.f32(64.0)), x);
    Value e = math::Exp2Op::create(b, shifted);
    Value scaled = la.mulf(e, la.f32(std::ldexp(1.0, -64)));
    rewriter.replaceOp(op, la.select(small, scaled, e));
    return success();
  }
};

struct TolkExpandPowFPass
    : public tolk::impl::TolkExpandPowFBase<TolkExpandPowFPass> {
  using TolkExpandPowFBase::TolkExpandPowFBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tolk::populateExpandPowFAsC99Pattern(patterns, f64Core);
    tolk::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

void tolk::populateExpandTruncPattern(RewritePatternSet &patterns) {
  patterns.add<TruncAsFloorOrCeil>(patterns.getContext());
}

void tolk::populateExpandPowFAsC99Pattern(RewritePatternSet &patterns,
                                          bool f64Core) {
  patterns.add<PowFAsC99>(patterns.getContext(), f64Core);
}

void tolk::populateExpandLog2OfSubnormalsPattern(RewritePatternSet &patterns) {
  patterns.add<Log2OfSubnormals>(patterns.getContext());
}

void tolk::populateExpandExp2OfSubnormalResultsPattern(
    RewritePatternSet &patterns) {
  patterns.add<Exp2OfSubnormalResults>(patterns.getContext());
}

/// The special cases of C99's pow (Annex F) as selects around `core`:
///  - pow(x, +-0) = 1 and pow(+1, y) = 1, a NaN x or y included;
///  - otherwise a NaN x or y gives a NaN;
///  - a finite x < 0 with a finite non-integer y gives a NaN;
///  - the result's sign is x's for an odd integer y (-0 and -inf included);
///  - x = +-0: +inf for y < 0, +0 for y > 0 (before that sign);
///  - x = +-inf: +0 for y < 0, +inf for y > 0;
///  - y = +-inf: 1 for |x| = 1, +inf when |x| < 1 and y < 0 or |x| > 1 and
///    y > 0, else +0.
Value tolk::buildC99Pow(LaneArith &la, Value x, Value y,
                        function_ref<Value(Value, Value)> core) {
  ImplicitLocOpBuilder &b = la.builder();
  using P = arith::CmpFPredicate;
  Type floatType = getElementTypeOrSelf(x.getType());
  unsigned width = floatType.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  auto c = [&](double v) { return la.floatConst(floatType, v); };
  Value ax = math::AbsFOp::create(b, x);
  Value ay = math::AbsFOp::create(b, y);
  Value zero = c(0.0), one = c(1.0);
  Value inf = c(std::numeric_limits<double>::infinity());

  Value xFinite = la.cmpf(P::OLT, ax, inf); // False for NaN.
  Value yFinite = la.cmpf(P::OLT, ay, inf);
  Value xZero = la.cmpf(P::OEQ, x, zero);
  Value xInf = la.cmpf(P::OEQ, ax, inf);
  Value yInf = la.cmpf(P::OEQ, ay, inf);
  Value yNegative = la.cmpf(P::OLT, y, zero);
  Value yInteger =
      la.andi(yFinite, la.cmpf(P::OEQ, math::FloorOp::create(b, y), y));
  // A float of magnitude 2^p or more (p its precision) is even; below, its
  // lowest bit.
  int precision = width == 64 ? 53 : 24;
  Value small = la.cmpf(P::OLT, ay, c(std::ldexp(1.0, precision)));
  Value yLow = la.convert<arith::FPToSIOp>(la.select(small, y, zero), intType);
  Value yOdd = la.andi(la.andi(yInteger, small),
                       la.cmpi(arith::CmpIPredicate::ne,
                               la.andi(yLow, la.intConst(intType, 1)),
                               la.intConst(intType, 0)));

  // The magnitude.
  Value regular = la.andi(xFinite, la.notOf(xZero));
  Value safeX = la.select(regular, ax, one);
  Value safeY = la.select(yFinite, y, zero);
  Value mag = core(safeX, safeY);
  Value toInf =
      la.cmpi(arith::CmpIPredicate::eq, la.cmpf(P::OLT, ax, one), yNegative);
  Value infiniteY =
      la.select(la.cmpf(P::OEQ, ax, one), one, la.select(toInf, inf, zero));
  mag = la.select(xZero, la.select(yNegative, inf, zero), mag);
  mag = la.select(xInf, la.select(yNegative, zero, inf), mag);
  mag = la.select(yInf, infiniteY, mag);

  // The sign, from x's sign bit (-0 and -inf included) and an odd y.
  Value xSign = la.signBit(x);
  Value r = la.select(la.andi(xSign, yOdd), arith::NegFOp::create(b, mag), mag);

  Value nan = c(std::numeric_limits<double>::quiet_NaN());
  Value negativeX = la.andi(la.cmpf(P::OLT, x, zero), xFinite);
  r = la.select(la.andi(negativeX, la.andi(yFinite, la.notOf(yInteger))), nan,
                r);
  // A NaN operand: a NaN (compared by class, as arithmetic's).
  Value anyNaN = la.cmpf(P::UNO, x, y);
  r = la.select(anyNaN, la.addf(x, y), r);
  Value unit = la.ori(la.cmpf(P::OEQ, y, zero), la.cmpf(P::OEQ, x, one));
  return la.select(unit, one, r);
}

//===- ExpandMathF64.cpp - f64 exp2, log2 and pow in f64 arithmetic -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// math.exp2, math.log2 and math.powf on f64 for targets with no instruction
// for them (AMD GPUs, GLSL.std.450), in f64 +, -, *, / and 64-bit integer
// ops only, which those targets round correctly (docs/Lowering.md, "f64
// exp2, log2 and pow"). The extra precision is double-double arithmetic: a
// value is an unevaluated sum hi + lo, and the exact error of a sum or a
// product is recovered from the rounded one (Knuth's TwoSum; Dekker's
// product, with each factor split by masking its low 27 significand bits,
// so that no float op does the split and the partial products are exact).
//
//===----------------------------------------------------------------------===//

#include "ExpandMath.h"

#include "tolk/Transforms/ChangeListener.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include <cmath>
#include <limits>

namespace tolk {
#define GEN_PASS_DEF_TOLKEXPANDF64MATH
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using tolk::LaneArith;
using P = arith::CmpFPredicate;
using I = arith::CmpIPredicate;

namespace {

/// hi + lo with |lo| <= ulp(hi) / 2 (or lo a small correction).
struct DD {
  Value hi, lo;
};

/// Double-double arithmetic on lanes of f64.
class DoubleDouble {
public:
  explicit DoubleDouble(LaneArith &la)
      : la(la), f64(la.builder().getF64Type()), i64(la.builder().getI64Type()) {
  }

  Value c(double v) { return la.f64(v); }
  Value i(int64_t v) { return la.intConst(i64, v); }
  /// 1 / d as hi + lo (the remainder of the division is exact in f64).
  DD reciprocal(double d) {
    double hi = 1.0 / d;
    return {c(hi), c(std::fma(-hi, d, 1.0) / d)};
  }
  DD constant(double hi, double lo) { return {c(hi), c(lo)}; }

  /// a + b exactly (Knuth).
  DD twoSum(Value a, Value b) {
    Value s = la.addf(a, b);
    Value bb = la.subf(s, a);
    Value e = la.addf(la.subf(a, la.subf(s, bb)), la.subf(b, bb));
    return {s, e};
  }
  /// a + b exactly where a's exponent is at least b's (or a is 0).
  DD fastTwoSum(Value a, Value b) {
    Value s = la.addf(a, b);
    return {s, la.subf(b, la.subf(s, a))};
  }
  /// The top 26 significand bits of a (integer ops: no float op rounds).
  Value highHalf(Value a) {
    Value bits = la.bitcast(a, i64);
    return la.bitcast(la.andi(bits, i(~int64_t((1 << 27) - 1))), f64);
  }
  /// a * b exactly (Dekker): the partial products of the halves are exact,
  /// all but the low ones', which only affects the last bits of the error.
  DD twoProd(Value a, Value b) {
    Value p = la.mulf(a, b);
    Value ah = highHalf(a), al = la.subf(a, ah);
    Value bh = highHalf(b), bl = la.subf(b, bh);
    Value e = la.subf(la.mulf(ah, bh), p);
    e = la.addf(e, la.mulf(ah, bl));
    e = la.addf(e, la.mulf(al, bh));
    e = la.addf(e, la.mulf(al, bl));
    return {p, e};
  }
  DD mul(DD a, DD b) {
    DD p = twoProd(a.hi, b.hi);
    Value cross = la.addf(la.mulf(a.hi, b.lo), la.mulf(a.lo, b.hi));
    return fastTwoSum(p.hi, la.addf(p.lo, cross));
  }
  DD mul(DD a, Value b) {
    DD p = twoProd(a.hi, b);
    return fastTwoSum(p.hi, la.addf(p.lo, la.mulf(a.lo, b)));
  }
  DD add(DD a, DD b) {
    DD s = twoSum(a.hi, b.hi);
    return fastTwoSum(s.hi, la.addf(s.lo, la.addf(a.lo, b.lo)));
  }

  LaneArith &la;
  Type f64, i64;
};

// ln 2 and 2 / ln 2 to 106 bits.
constexpr double kLn2Hi = 0x1.62e42fefa39efp-1, kLn2Lo = 0x1.abc9e3b39803fp-56;
constexpr double kTwoOverLn2Hi = 0x1.71547652b82fep1,
                 kTwoOverLn2Lo = 0x1.777d0ffda0d24p-55;

/// log2(x) as a double-double, for lanes of positive finite f64 (subnormals
/// included), with a relative error near 2^-100. x = m 2^e with m in
/// [sqrt(1/2), sqrt(2)) from x's bits (a subnormal through its fraction,
/// an integer that converts exactly to a normal f64: no float op sees a
/// subnormal that a target may flush), then log2(m) = (2 / ln 2) atanh(s)
/// = (2 / ln 2) s (1 + z/3 + z^2/5 + ...), s = (m - 1) / (m + 1), z = s^2 <=
/// 0.0295: the terms to z^14/29 (the rest is below 2^-75 of the sum), the
/// first four in double-double, so that y log2(x) for pow is exact to
/// 2^-62 wherever 2^(y log2(x)) is finite and nonzero.
DD log2OfPositive(DoubleDouble &dd, Value x) {
  LaneArith &la = dd.la;
  Type f64 = dd.f64, i64 = dd.i64;
  Value bits = la.bitcast(x, i64);
  Value fracMask = dd.i((int64_t(1) << 52) - 1);
  Value subnormal = la.cmpi(I::eq, la.shrui(bits, dd.i(52)), dd.i(0));
  Value scaled = la.bitcast(
      la.convert<arith::UIToFPOp>(la.andi(bits, fracMask), f64), i64);
  Value normal = la.select(subnormal, scaled, bits);
  Value e = la.subi(la.shrui(normal, dd.i(52)),
                    la.select(subnormal, dd.i(1023 + 1074), dd.i(1023)));
  Value mantissa = la.andi(normal, fracMask);
  // m in [1, 2) above sqrt(2) becomes m / 2, e + 1.
  Value high = la.cmpi(I::ugt, mantissa, dd.i(0x6a09e667f3bcd));
  Value m =
      la.bitcast(la.ori(mantissa, la.select(high, dd.i(0x3fe0000000000000),
                                            dd.i(0x3ff0000000000000))),
                 f64);
  e = la.addi(e, la.convert<arith::ExtUIOp>(high, i64));
  // s = (m - 1) / (m + 1): m - 1 is exact (Sterbenz), m + 1 = den.hi +
  // den.lo, and the quotient's low part from the exact remainder.
  Value num = la.subf(m, dd.c(1.0));
  DD den = dd.fastTwoSum(dd.c(1.0), m);
  Value sh = la.divf(num, den.hi);
  DD p = dd.twoProd(sh, den.hi);
  Value rem = la.subf(la.subf(la.subf(num, p.hi), p.lo), la.mulf(sh, den.lo));
  DD s = dd.fastTwoSum(sh, la.divf(rem, den.hi));
  DD z = dd.mul(s, s);
  Value tail = dd.c(1.0 / 29);
  for (int k = 13; k >= 4; --k)
    tail = la.addf(la.mulf(tail, z.hi), dd.c(1.0 / (2 * k + 1)));
  DD series = dd.mul(z, tail);
  for (int k = 3; k >= 0; --k) {
    series = dd.add(series, dd.reciprocal(2 * k + 1));
    if (k > 0)
      series = dd.mul(series, z);
  }
  DD log2m =
      dd.mul(dd.mul(series, s), dd.constant(kTwoOverLn2Hi, kTwoOverLn2Lo));
  DD sum = dd.twoSum(la.convert<arith::SIToFPOp>(e, f64), log2m.hi);
  return dd.fastTwoSum(sum.hi, la.addf(sum.lo, log2m.lo));
}

/// 2^n for lanes of i64 n in [-1022, 1023].
Value powerOfTwo(DoubleDouble &dd, Value n) {
  LaneArith &la = dd.la;
  return la.bitcast(la.shli(la.addi(n, dd.i(1023)), dd.i(52)), dd.f64);
}

/// 2^(r.hi + r.lo) * 2^n rounded once to f64, for |r| <= 1/2 + 2^-40 and an
/// integer n in [-1100, 1100] (an f64). 2^r = exp(u), u = r ln 2 in
/// double-double, by Taylor's series to degree 15 (the rest is below
/// 2^-67): 1 + u + u^2/2 + u^3/6 in double-double, the rest in f64. The
/// scaling multiplies by two powers of two, exact unless the result
/// overflows or is subnormal. A subnormal result is rounded once on the
/// subnormal grid instead: v = E 2^(n + 1022) < 1, 1 + v rounded to f64
/// rounds v to a multiple of 2^-52, and (1 + v - 1) 2^-1022 is exact.
Value exp2Scaled(DoubleDouble &dd, DD r, Value n) {
  LaneArith &la = dd.la;
  Type i64 = dd.i64;
  DD u = dd.mul(r, dd.constant(kLn2Hi, kLn2Lo));
  double inverseFactorial[16];
  inverseFactorial[0] = 1;
  for (int k = 1; k < 16; ++k)
    inverseFactorial[k] = inverseFactorial[k - 1] / k;
  Value rest = dd.c(inverseFactorial[15]);
  for (int k = 14; k >= 4; --k)
    rest = la.addf(la.mulf(rest, u.hi), dd.c(inverseFactorial[k]));
  DD square = dd.twoProd(u.hi, u.hi);
  Value quartic = la.mulf(la.mulf(square.hi, square.hi), rest);
  DD cubic = dd.mul(dd.mul(square, u.hi), dd.reciprocal(6));
  DD e = dd.twoSum(dd.c(1.0), u.hi);
  e = dd.add(e, {la.mulf(square.hi, dd.c(0.5)), la.mulf(square.lo, dd.c(0.5))});
  e = dd.add(e, cubic);
  Value low = la.addf(quartic, la.mulf(u.lo, la.addf(dd.c(1.0), u.hi)));
  e = dd.fastTwoSum(e.hi, la.addf(e.lo, low));

  Value ni = la.convert<arith::FPToSIOp>(n, i64);
  Value half = la.shrsi(ni, dd.i(1));
  Value normal = la.mulf(la.mulf(e.hi, powerOfTwo(dd, half)),
                         powerOfTwo(dd, la.subi(ni, half)));
  Value k = la.minsi(la.maxsi(la.addi(ni, dd.i(1022)), dd.i(-60)), dd.i(0));
  Value scale = powerOfTwo(dd, k);
  Value vh = la.mulf(e.hi, scale), vl = la.mulf(e.lo, scale);
  Value one = dd.c(1.0);
  Value hi = la.addf(one, vh);
  Value lo = la.addf(la.addf(la.subf(one, hi), vh), vl);
  Value subnormal =
      la.mulf(la.subf(la.addf(hi, lo), one), dd.c(std::ldexp(1.0, -1022)));
  // A target that flushes the subnormal product gives 0 there: the same
  // select.
  Value tiny = la.cmpf(P::OLT, normal, dd.c(std::ldexp(1.0, -1022)));
  return la.select(tiny, subnormal, normal);
}

/// round(t) as an f64 integer, for finite t.
Value nearestInteger(LaneArith &la, Value t) {
  return math::FloorOp::create(la.builder(), la.addf(t, la.f64(0.5)));
}

/// math.exp2 on f64: NaN gives a NaN, x >= 1024 +inf, x <= -1075 +0 (2^-1075
/// is the tie between 0 and the least subnormal); else exp2Scaled of x -
/// round(x), which is exact.
Value expandExp2(LaneArith &la, DoubleDouble &dd, math::Exp2Op op) {
  Value x = op.getOperand();
  Value overflow = la.cmpf(P::OGE, x, dd.c(1024.0));
  Value underflow = la.cmpf(P::OLE, x, dd.c(-1075.0));
  Value inRange = la.andi(la.cmpf(P::OLT, x, dd.c(1024.0)),
                          la.cmpf(P::OGT, x, dd.c(-1075.0)));
  Value safe = la.select(inRange, x, dd.c(0.0));
  Value n = nearestInteger(la, safe);
  Value r = exp2Scaled(dd, {la.subf(safe, n), dd.c(0.0)}, n);
  r = la.select(underflow, dd.c(0.0), r);
  r = la.select(overflow, dd.c(std::numeric_limits<double>::infinity()), r);
  return la.select(la.cmpf(P::UNO, x, x), la.addf(x, x), r);
}

/// math.log2 on f64: log2OfPositive rounded once; -inf for +-0, a NaN for a
/// negative x or a NaN, +inf for +inf.
Value expandLog2(LaneArith &la, DoubleDouble &dd, math::Log2Op op) {
  Value x = op.getOperand();
  double inf = std::numeric_limits<double>::infinity();
  Value zero = dd.c(0.0);
  Value regular =
      la.andi(la.cmpf(P::OGT, x, zero), la.cmpf(P::OLT, x, dd.c(inf)));
  Value r = log2OfPositive(dd, la.select(regular, x, dd.c(1.0))).hi;
  r = la.select(la.cmpf(P::OEQ, x, dd.c(inf)), x, r);
  r = la.select(la.cmpf(P::OEQ, x, zero), dd.c(-inf), r);
  Value invalid = la.cmpf(P::ULT, x, zero); // A NaN or below zero.
  return la.select(invalid, dd.c(std::numeric_limits<double>::quiet_NaN()), r);
}

/// math.powf on f64: C99's special cases (tolk::buildC99Pow) around
/// 2^(y log2(x)) for a positive finite x and a finite y, with log2(x) in
/// double-double and y log2(x) = n + r, n an integer and |r| <= 1/2 in
/// double-double. |y| above 2^64 is clamped to 2^64: y log2(x) is then
/// beyond +-2^12 (|log2(x)| >= 2^-52 for x != 1), where the result is 0 or
/// infinite as for y itself.
Value expandPow(LaneArith &la, DoubleDouble &dd, math::PowFOp op) {
  auto core = [&](Value x, Value y) -> Value {
    double limit = std::ldexp(1.0, 64);
    Value big =
        la.cmpf(P::OGT, math::AbsFOp::create(la.builder(), y), dd.c(limit));
    Value negative = la.cmpf(P::OLT, y, dd.c(0.0));
    Value clamped =
        la.select(big, la.select(negative, dd.c(-limit), dd.c(limit)), y);
    DD t = dd.mul(log2OfPositive(dd, x), clamped);
    // Beyond +-1100 the result is 0 or infinite; the clamp keeps n in
    // exp2Scaled's range (and drops t.lo, which may be large there).
    Value above = la.cmpf(P::OGT, t.hi, dd.c(1100.0));
    Value below = la.cmpf(P::OLT, t.hi, dd.c(-1100.0));
    Value th =
        la.select(above, dd.c(1100.0), la.select(below, dd.c(-1100.0), t.hi));
    Value tl = la.select(la.ori(above, below), dd.c(0.0), t.lo);
    Value n = nearestInteger(la, th);
    return exp2Scaled(dd, dd.fastTwoSum(la.subf(th, n), tl), n);
  };
  return tolk::buildC99Pow(la, op.getLhs(), op.getRhs(), core);
}

/// `OpTy` on f64 (scalars and vectors) as `expand` builds it; other types
/// are left alone.
template <typename OpTy, Value (*expand)(LaneArith &, DoubleDouble &, OpTy)>
struct ExpandF64 : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF64())
      return rewriter.notifyMatchFailure(op, "f64 only");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    LaneArith la(b, op.getType());
    DoubleDouble dd(la);
    rewriter.replaceOp(op, expand(la, dd, op));
    return success();
  }
};

struct TolkExpandF64MathPass
    : public tolk::impl::TolkExpandF64MathBase<TolkExpandF64MathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tolk::populateExpandF64MathPatterns(patterns);
    tolk::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

void tolk::populateExpandF64MathPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandF64<math::Exp2Op, expandExp2>,
               ExpandF64<math::Log2Op, expandLog2>,
               ExpandF64<math::PowFOp, expandPow>>(patterns.getContext());
}

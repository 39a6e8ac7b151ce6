//===- ExpandFloatConversions.cpp - Narrow float conversions on bits ------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-expand-float-conversions: arith.extf and arith.truncf with an 8-bit
// float (and bf16, on request), and tolk.saturating_truncf, become integer
// operations on the storage bits, with the folder's rounding, saturation and
// NaN rules. Upstream has
// expansions for bf16, f4E2M1 and f8E8M0 (arith-expand), none for the four
// 8-bit formats, which its NVVM and SPIR-V lowerings reject; its bf16
// truncation makes every NaN 0x7FC0, where Tolk keeps a NaN's sign and
// payload (docs/Semantics.md#nans).
//
// Every step is an arith op on a signless integer of the source's width (or
// on i32 for an extension; an f32 below an 8-bit format's least normal is
// scaled and rounded as a float), so the rewrite works on scalars, vectors
// and tensors alike, and the arith and math folders evaluate it on
// constants: the tests fold every code through it.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Lowering/LaneArith.h"
#include "tolk/Lowering/NarrowFloatFormats.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <type_traits>

namespace tolk {
#define GEN_PASS_DEF_TOLKEXPANDFLOATCONVERSIONS
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using tolk::getNarrowFloatFormat;
using tolk::LaneArith;
using tolk::NarrowFloatFormat;

namespace {

/// `type` with its element type replaced by `elt`.
Type withElement(Type type, Type elt) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(elt);
  return elt;
}

/// `x >> d` of f32 bits `x`, rounded to nearest, ties to even, plus `offset`
/// (wrapping) to the kept field: half an ulp less one plus the lowest kept
/// bit (of `kept`, which is x >> d) is added before the shift, a carry being
/// the next binade. The bf16 and the 8-bit fast paths below share it.
static Value shiftRoundingToNearestEven(LaneArith &ib, Value x, Value kept,
                                        unsigned d, uint32_t offset = 0) {
  Type i32 = IntegerType::get(x.getContext(), 32);
  auto c = [&](uint32_t v) { return ib.intConst(i32, APInt(32, v)); };
  Value lowest = ib.andi(kept, c(1));
  Value bias = c((1u << (d - 1)) - 1 + (offset << d));
  return ib.shrui(ib.addi(x, ib.addi(lowest, bias)), c(d));
}

/// The rounded code of an f32 magnitude `abs` (its bits, sign cleared) in
/// an 8-bit float `fmt` of d = 23 - mbits fewer fraction bits, as the
/// general path in TruncFToNarrow computes it, in about half the operations,
/// which is what a one-thread host run of a conversion over a large buffer
/// is bound by (bench/README.md, "Execution speed"). A magnitude at or past
/// the least normal keeps its binade: rebiasing the exponent field is
/// subtracting a constant from the kept field, rounded as above. Below it, the
/// code is the magnitude in units of the least subnormal, an integer from 0 to
/// 2^mbits (the least normal's code, where it rounds up): the scaling by a
/// power of two is exact, and math.roundeven rounds it without depending on a
/// rounding mode, which Vulkan leaves to the implementation for an add. The
/// magnitude is clamped to the least normal first, so that the unselected lanes
/// (infinities, NaNs) convert no value out of range.
static Value roundFp8FromF32(LaneArith &ib, ImplicitLocOpBuilder &b, Value abs,
                             const NarrowFloatFormat &fmt, unsigned d) {
  using P = arith::CmpIPredicate;
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto c = [&](uint64_t v) { return ib.intConst(i32, APInt(32, v)); };
  uint32_t rebias = uint32_t(127 - fmt.bias) << fmt.mbits;   // in the code
  uint32_t leastNormal = uint32_t(127 - fmt.bias + 1) << 23; // in f32 bits

  Value normal =
      shiftRoundingToNearestEven(ib, abs, ib.shrui(abs, c(d)), d, -rebias);

  Value clamped = ib.bitcast(ib.minui(abs, c(leastNormal)), f32);
  Value scaled = ib.mulf(
      clamped,
      ib.floatConst(f32, std::ldexp(1.0, fmt.bias - 1 + int(fmt.mbits))));
  Value subnormal =
      ib.convert<arith::FPToSIOp>(math::RoundEvenOp::create(b, scaled), i32);
  return ib.select(ib.cmpi(P::ult, abs, c(leastNormal)), subnormal, normal);
}

/// One truncation's integer lanes: the source's bits (w of them, ms of
/// explicit mantissa, exponent bias biasS) and the narrow target, of which d
/// source mantissa bits fall off.
struct NarrowTruncation {
  PatternRewriter &rewriter;
  Location loc;
  ImplicitLocOpBuilder &b;
  LaneArith &ib;
  const NarrowFloatFormat &fmt;
  unsigned w, ms, d;
  int biasS;

  /// The constant v in every lane, an integer of w bits.
  Value c(uint64_t v) const {
    return ib.intConst(rewriter.getIntegerType(w), APInt(w, v));
  }
};

/// From f32 to a format of its exponent width (bf16), every value but a NaN
/// keeps its exponent field and d bits of fraction fall off, rounded by
/// shiftRoundingToNearestEven (past the largest value, the carry is the
/// infinity). The general path computes the same in about three times the
/// operations, which is what a one-thread host run of a conversion over a
/// large buffer is bound by (bench/README.md, "Execution speed"). Returns
/// the target's code in the low bits.
static Value truncF32KeepingExponent(NarrowTruncation &t, Value bits) {
  LaneArith &ib = t.ib;
  auto c = [&](uint64_t v) { return t.c(v); };
  using P = arith::CmpIPredicate;
  Value isNaN = ib.cmpi(P::ugt, ib.andi(bits, c(0x7fffffff)), c(0x7f800000));
  Value kept = ib.shrui(bits, c(t.d));
  Value rounded = shiftRoundingToNearestEven(ib, bits, kept, t.d);
  // A NaN keeps its sign and the top of its payload, the lowest fraction bit
  // set where all of it falls off (as truncNaNOrInf).
  Value payload = ib.andi(kept, c((1u << t.fmt.mbits) - 1));
  Value nan =
      ib.select(ib.cmpi(P::eq, payload, c(0)), ib.ori(kept, c(1)), kept);
  return ib.select(isNaN, nan, rounded);
}

/// The code of the magnitude `abs` (mantissa field `man`), rounded to
/// nearest even; past the largest finite code, the caller saturates it or
/// makes it an infinity. `one` is the constant 1.
static Value roundMagnitude(NarrowTruncation &t, Value abs, Value man,
                            Value one) {
  LaneArith &ib = t.ib;
  PatternRewriter &rewriter = t.rewriter;
  Location loc = t.loc;
  const NarrowFloatFormat &fmt = t.fmt;
  unsigned w = t.w, ms = t.ms, d = t.d;
  auto c = [&](uint64_t v) { return t.c(v); };
  using P = arith::CmpIPredicate;
  Value exp = ib.shrui(abs, c(ms));
  // A subnormal source (exponent field 0) has the exponent of the least
  // normal and no leading one.
  Value subnormalSource = ib.cmpi(P::eq, exp, c(0));
  Value expEff = ib.select(subnormalSource, c(1), exp);
  Value leadingOne = ib.select(subnormalSource, c(0), c(uint64_t(1) << ms));
  // The target's biased exponent, as a signed number: e >= 1 is normal
  // (for a source with a leading one).
  Value e = ib.subi(expEff, c(uint64_t(int64_t(t.biasS - fmt.bias))));
  Value normal = arith::AndIOp::create(rewriter, loc, ib.cmpi(P::sgt, e, c(0)),
                                       ib.cmpi(P::ne, exp, c(0)));
  // Normal: the exponent field and the top of the mantissa; d bits fall
  // off.
  Value baseN = ib.ori(ib.shli(e, c(fmt.mbits)), ib.shrui(man, c(d)));
  Value remN = ib.andi(man, c((uint64_t(1) << d) - 1));
  Value halfN = c(uint64_t(1) << (d - 1));
  // Subnormal: the mantissa with its leading one (if any), shifted
  // s = d + 1 - e places. Past w - 1 places nothing is left and the
  // remainder is below half, so s is clamped there (a shift by w or more
  // is poison), and at 1 from below for the normal lanes, whose s is
  // unused but must not make a poison shift either. (From f32 to bf16,
  // whose exponents agree, a subnormal source has s = d: it keeps its
  // top bits.)
  Value s = ib.minsi(ib.maxsi(ib.subi(c(d + 1), e), c(1)), c(w - 1));
  Value full = ib.ori(man, leadingOne);
  Value baseS = ib.shrui(full, s);
  Value remS = ib.andi(full, ib.subi(ib.shli(one, s), one));
  Value halfS = ib.shli(one, ib.subi(s, one));

  Value base = ib.select(normal, baseN, baseS);
  Value rem = ib.select(normal, remN, remS);
  Value half = ib.select(normal, halfN, halfS);
  // Round to nearest, ties to even; a carry moves to the next binade.
  Value above = ib.cmpi(P::ugt, rem, half);
  Value tie = ib.cmpi(P::eq, rem, half);
  Value odd = ib.cmpi(P::ne, ib.andi(base, one), c(0));
  Value up = arith::OrIOp::create(
      rewriter, loc, above, arith::AndIOp::create(rewriter, loc, tie, odd));
  return ib.addi(base, ib.convert<arith::ExtUIOp>(up, t.b.getIntegerType(w)));
}

/// The codes of an infinity and of a NaN of the target, with the source's
/// sign (`sign`, its bit at `signBit`) and, for a NaN, the top of the
/// payload of the mantissa field `man`. `one` is the constant 1.
static std::pair<Value, Value> truncNaNOrInf(NarrowTruncation &t, Value sign,
                                             Value signBit, Value man,
                                             Value one) {
  LaneArith &ib = t.ib;
  const NarrowFloatFormat &fmt = t.fmt;
  auto c = [&](uint64_t v) { return t.c(v); };
  using P = arith::CmpIPredicate;
  Value nan, inf;
  if (fmt.width == 8) {
    Value negative = ib.cmpi(P::ne, sign, c(0));
    nan = ib.select(negative, c(fmt.nanCode8(true)), c(fmt.nanCode8(false)));
    if (!fmt.finiteOnly && !fmt.unsignedZero)
      inf = ib.ori(c(fmt.expAllOnes()), signBit);
    else
      inf = c(fmt.nanCode8(false));
  } else {
    // A NaN keeps its sign and the top of its payload, as Dtype.const
    // does; a signalling NaN stays signalling, and one whose payload all
    // falls off gets the lowest fraction bit (docs/Semantics.md), so that
    // it is not an infinity.
    Value payload = ib.shrui(man, c(t.d));
    payload = ib.select(ib.cmpi(P::eq, payload, c(0)), one, payload);
    nan = ib.ori(ib.ori(c(fmt.expAllOnes()), payload), signBit);
    inf = ib.ori(c(fmt.expAllOnes()), signBit);
  }
  return {inf, nan};
}

/// arith.truncf to a narrow float: the source's bits rounded once. The
/// expansion is truncate's (docs/Semantics.md#truncate), which saturates a
/// finite overflow and gives the non-finite values the codes of
/// tolk.saturating_truncf, so that op expands by the same pattern: its
/// generic expansion (--tolk-expand-saturating-truncf), a clamp and selects
/// around an arith.truncf, would add nothing here.
template <typename OpTy> struct TruncFToNarrow : public OpRewritePattern<OpTy> {
  TruncFToNarrow(MLIRContext *ctx, bool includeBf16)
      : OpRewritePattern<OpTy>(ctx), includeBf16(includeBf16) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type outElt = getElementTypeOrSelf(op.getType());
    std::optional<NarrowFloatFormat> fmt =
        getNarrowFloatFormat(outElt, includeBf16);
    if (!fmt)
      return failure();
    Location loc = op.getLoc();
    Value x = op.getIn();
    auto inElt = cast<FloatType>(getElementTypeOrSelf(x.getType()));
    // f16 (and any narrower float) extends to f32 exactly.
    if (inElt.getWidth() < 32) {
      x = arith::ExtFOp::create(
          rewriter, loc, withElement(x.getType(), rewriter.getF32Type()), x);
      inElt = rewriter.getF32Type();
    }
    if (inElt.getWidth() != 32 && inElt.getWidth() != 64)
      return rewriter.notifyMatchFailure(op, "a source of 32 or 64 bits");
    unsigned w = inElt.getWidth();
    unsigned ms = inElt.getFPMantissaWidth() - 1; // explicit mantissa bits
    int biasS = w == 32 ? 127 : 1023;
    unsigned d = ms - fmt->mbits; // source mantissa bits that fall off

    Type intType = withElement(x.getType(), rewriter.getIntegerType(w));
    ImplicitLocOpBuilder b(loc, rewriter);
    LaneArith ib(b, intType);
    NarrowTruncation t{rewriter, loc, b, ib, *fmt, w, ms, d, biasS};
    auto c = [&](uint64_t v) { return t.c(v); };
    using P = arith::CmpIPredicate;
    Value bits = arith::BitcastOp::create(rewriter, loc, intType, x);
    Type storage =
        withElement(x.getType(), rewriter.getIntegerType(fmt->width));
    auto replaceWithCode = [&](Value code) {
      Value narrow = arith::TruncIOp::create(rewriter, loc, storage, code);
      rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(), narrow);
      return success();
    };

    if (w == 32 && fmt->ebits == 8 && !fmt->saturates())
      return replaceWithCode(truncF32KeepingExponent(t, bits));
    Value sign = ib.shrui(bits, c(w - 1));
    Value abs = ib.andi(bits, c(APInt::getSignedMaxValue(w).getZExtValue()));
    uint64_t infBits = ((uint64_t(1) << (w - 1 - ms)) - 1) << ms;
    Value isNaN = ib.cmpi(P::ugt, abs, c(infBits));
    Value isInf = ib.cmpi(P::eq, abs, c(infBits));
    // The 8-bit formats from f32 take the short path, which needs no
    // mantissa field.
    bool fp8FromF32 = w == 32 && fmt->isFp8();
    Value man;
    if (!fp8FromF32)
      man = ib.andi(abs, c((uint64_t(1) << ms) - 1));

    Value one = c(1);
    Value code = fp8FromF32 ? roundFp8FromF32(ib, b, abs, *fmt, d)
                            : roundMagnitude(t, abs, man, one);
    Value overflow = ib.cmpi(P::ugt, code, c(fmt->maxCode()));
    if (fmt->saturates()) {
      // A finite value past the largest saturates to it (the folder's rule for
      // 8 bits).
      code = ib.select(overflow, c(fmt->maxCode()), code);
    } else {
      // An infinity, however far past (an f64 exponent gives any code).
      code = ib.select(overflow, c(fmt->expAllOnes()), code);
    }
    if (fmt->unsignedZero)
      sign = ib.select(ib.cmpi(P::eq, code, c(0)), c(0), sign);
    Value signBit = ib.shli(sign, c(fmt->width - 1));
    code = ib.ori(code, signBit);

    auto [inf, nan] = truncNaNOrInf(t, sign, signBit, man, one);
    return replaceWithCode(ib.select(isInf, inf, ib.select(isNaN, nan, code)));
  }

  bool includeBf16;
};

/// arith.extf from a narrow float: exact, built as f32 bits.
struct ExtFFromNarrow : public OpRewritePattern<arith::ExtFOp> {
  ExtFFromNarrow(MLIRContext *ctx, bool includeBf16)
      : OpRewritePattern(ctx), includeBf16(includeBf16) {}

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getIn();
    std::optional<NarrowFloatFormat> fmt =
        getNarrowFloatFormat(getElementTypeOrSelf(x.getType()), includeBf16);
    if (!fmt)
      return failure();
    Location loc = op.getLoc();
    Type storage =
        withElement(x.getType(), rewriter.getIntegerType(fmt->width));
    Type i32Type = withElement(x.getType(), rewriter.getI32Type());
    Type f32Type = withElement(x.getType(), rewriter.getF32Type());
    ImplicitLocOpBuilder b(loc, rewriter);
    LaneArith ib(b, i32Type);
    auto c = [&, elt = rewriter.getI32Type()](uint64_t v) {
      return ib.intConst(elt, APInt(32, v));
    };
    using P = arith::CmpIPredicate;

    Value narrow = arith::BitcastOp::create(rewriter, loc, storage, x);
    Value bits = arith::ExtUIOp::create(rewriter, loc, i32Type, narrow);
    Value result;
    if (fmt->width == 16) {
      // bf16 is the top half of an f32: every value, NaN payloads included.
      result = ib.shli(bits, c(16));
    } else {
      Value sign = ib.shrui(bits, c(7));
      Value exp =
          ib.andi(ib.shrui(bits, c(fmt->mbits)), c((1u << fmt->ebits) - 1));
      Value man = ib.andi(bits, c((1u << fmt->mbits) - 1));
      Value signBit = ib.shli(sign, c(31));

      // Normal: rebias the exponent, widen the mantissa.
      Value normal = ib.ori(ib.shli(ib.addi(exp, c(127 - fmt->bias)), c(23)),
                            ib.shli(man, c(23 - fmt->mbits)));
      // Subnormal (and zero): man * 2^(1 - bias - mbits), exact in f32 (an
      // integer below 8 times a power of two well inside f32's range).
      Value manF = arith::UIToFPOp::create(rewriter, loc, f32Type, man);
      Value scale = createScalarOrSplatConstant(
          rewriter, loc, f32Type,
          APFloat(std::ldexp(1.0f, 1 - fmt->bias - int(fmt->mbits))));
      Value sub = arith::BitcastOp::create(
          rewriter, loc, i32Type,
          arith::MulFOp::create(rewriter, loc, manF, scale));
      Value magnitude = ib.select(ib.cmpi(P::eq, exp, c(0)), sub, normal);
      result = ib.ori(magnitude, signBit);

      // The special codes: a NaN is the quiet NaN of its sign.
      Value qnan = c(0x7FC00000);
      if (fmt->unsignedZero) {
        result = ib.select(ib.cmpi(P::eq, bits, c(0x80)), qnan, result);
      } else if (fmt->finiteOnly) {
        Value isNaN = ib.cmpi(P::eq, ib.andi(bits, c(0x7F)), c(0x7F));
        result = ib.select(isNaN, qnan, result);
      } else {
        Value special = ib.cmpi(P::eq, exp, c((1u << fmt->ebits) - 1));
        Value isInf = ib.cmpi(P::eq, man, c(0));
        Value inf = ib.ori(c(0x7F800000), signBit);
        Value nan = ib.ori(qnan, signBit);
        result = ib.select(special, ib.select(isInf, inf, nan), result);
      }
    }
    Value f = arith::BitcastOp::create(rewriter, loc, f32Type, result);
    auto outElt = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    if (outElt.getWidth() == 32)
      rewriter.replaceOp(op, f);
    else if (outElt.getWidth() > 32)
      rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, op.getType(), f);
    else // f16, bf16: every 8-bit float value is exact in both.
      rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), f);
    return success();
  }

  bool includeBf16;
};

/// An integer of `width` bits (more than f64 holds exactly) rounded to odd
/// so that f64 holds it exactly: the bits below position k cleared and, if
/// any was set, bit k set. In two's complement this picks the odd one of the
/// two multiples of 2^k around the value, for either sign. Rounded to odd
/// with p >= q + 2 significant bits, the value rounds to nearest-even at q
/// bits as the integer itself does (Boldo and Melquiond, "Emulation of FMA
/// and correctly rounded sums: proved algorithms using rounding to odd"),
/// and q is at most 8 here (bf16), 11 for any 16-bit float.
///
/// k depends on the magnitude: for |x| in [2^m, 2^(m+1)), k <= m - 16 keeps
/// at least 17 bits and k >= m - 52 keeps at most 53. One k serves 36
/// binades, so k runs down from width - 53 in steps of 36; the largest k
/// whose binades |x| reaches wins, and below 2^(k + 16) for the smallest k
/// (at most 36) the integer is exact in f64 as it is. `keep` bits instead of
/// 17 serve a wider q (26 for f32's 24), in steps of 53 - keep.
static Value roundToOddForF64(PatternRewriter &rewriter, Location loc, Value x,
                              unsigned width, bool isSigned,
                              unsigned keep = 17) {
  ImplicitLocOpBuilder b(loc, rewriter);
  LaneArith ib(b, x.getType());
  Type elt = getElementTypeOrSelf(x.getType());
  auto c = [&](auto v) {
    if constexpr (std::is_same_v<decltype(v), APInt>)
      return ib.intConst(elt, v);
    else
      return ib.intConst(elt, APInt(width, uint64_t(v)));
  };
  using P = arith::CmpIPredicate;
  llvm::SmallVector<unsigned> ks;
  for (int k = int(width) - 53; k > 0; k -= int(53 - keep))
    ks.push_back(k);
  Value result = x;
  for (unsigned k : llvm::reverse(ks)) {
    APInt low = APInt::getLowBitsSet(width, k);
    Value inexact = ib.cmpi(P::ne, ib.andi(x, c(low)), c(0));
    Value odd = ib.ori(ib.andi(x, c(~low)),
                       ib.shli(ib.convert<arith::ExtUIOp>(inexact, elt), c(k)));
    // |x| >= 2^(k + keep - 1): x >> (k + keep - 1) is neither 0 nor, for a
    // negative x, -1.
    Value top =
        isSigned ? ib.shrsi(x, c(k + keep - 1)) : ib.shrui(x, c(k + keep - 1));
    Value big = ib.cmpi(P::ne, top, c(0));
    if (isSigned)
      big = ib.andi(big, ib.cmpi(P::ne, top, c(APInt::getAllOnes(width))));
    result = ib.select(big, odd, result);
  }
  return result;
}

/// arith.sitofp/uitofp to a narrow float: through the narrowest of f32 and
/// f64 that holds every integer of the source's width exactly, then the
/// truncation above, so that the value rounds once. The canonicalizer folds
/// truncf(sitofp(x)) into sitofp(x) when the first conversion is exact, so
/// these appear after TolkToArith's integer-to-narrow-float casts. An
/// integer wider than f64 holds (64 bits and more) is rounded to odd first,
/// so that its two roundings give the one rounding of the integer.
template <typename OpTy> struct IntToNarrow : public OpRewritePattern<OpTy> {
  IntToNarrow(MLIRContext *ctx, bool includeBf16)
      : OpRewritePattern<OpTy>(ctx), includeBf16(includeBf16) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type outElt = getElementTypeOrSelf(op.getType());
    if (!getNarrowFloatFormat(outElt, includeBf16))
      return failure();
    Value in = op.getIn();
    unsigned width = getElementTypeOrSelf(in.getType()).getIntOrFloatBitWidth();
    // Unsigned integers of 24 bits and signed ones of 25 are exact in f32,
    // of 53 and 54 in f64.
    constexpr bool isSigned = std::is_same_v<OpTy, arith::SIToFPOp>;
    unsigned exactInF32 = isSigned ? 25 : 24;
    unsigned exactInF64 = isSigned ? 54 : 53;
    Type wideElt = width <= exactInF32 ? Type(rewriter.getF32Type())
                                       : Type(rewriter.getF64Type());
    if (width > exactInF64)
      in = roundToOddForF64(rewriter, op.getLoc(), in, width, isSigned);
    Value wide = OpTy::create(rewriter, op.getLoc(),
                              withElement(op.getType(), wideElt), in);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), wide);
    return success();
  }

  bool includeBf16;
};

/// arith.sitofp/uitofp from an integer of more than 128 bits to f16 or f32:
/// through f64, rounded to odd first so that the value rounds once. LLVM 22
/// expands such a conversion itself (ExpandLargeFpConvert) and gets a value
/// past the float's range wrong (`uitofp i256 2^254 to float` is -0.25 on
/// x86) where its conversion to f64 is right.
template <typename OpTy> struct WideIntToFloat : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type outElt = getElementTypeOrSelf(op.getType());
    Value in = op.getIn();
    unsigned width = getElementTypeOrSelf(in.getType()).getIntOrFloatBitWidth();
    if (width <= 128 || !isa<Float16Type, Float32Type>(outElt))
      return failure();
    constexpr bool isSigned = std::is_same_v<OpTy, arith::SIToFPOp>;
    // f32's 24 bits need 26 kept.
    in = roundToOddForF64(rewriter, op.getLoc(), in, width, isSigned,
                          /*keep=*/26);
    Value wide =
        OpTy::create(rewriter, op.getLoc(),
                     withElement(op.getType(), rewriter.getF64Type()), in);
    // With its rounding mode stated, upstream's canonicalizer does not fold
    // the truncation into the conversion (which it does whether or not the
    // conversion to f64 is exact, giving back the op LLVM gets wrong).
    // f16 goes through f32: LLVM's AMDGPU back end cannot select a
    // truncation with a rounding mode to f16, and rounding twice is exact
    // here (an integer below 2^24 is exact in f32, and one above is past
    // f16's range either way).
    Type f32Type = withElement(op.getType(), rewriter.getF32Type());
    Value narrow = arith::TruncFOp::create(
        rewriter, op.getLoc(), f32Type, wide,
        arith::RoundingModeAttr::get(rewriter.getContext(),
                                     arith::RoundingMode::to_nearest_even),
        arith::FastMathFlagsAttr());
    if (outElt.isF16())
      narrow =
          arith::TruncFOp::create(rewriter, op.getLoc(), op.getType(), narrow);
    rewriter.replaceOp(op, narrow);
    return success();
  }
};

/// arith.fptosi/fptoui from a narrow float: the exact extension to f32
/// first (expanded above), then the conversion.
template <typename OpTy> struct NarrowToInt : public OpRewritePattern<OpTy> {
  NarrowToInt(MLIRContext *ctx, bool includeBf16)
      : OpRewritePattern<OpTy>(ctx), includeBf16(includeBf16) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getIn();
    if (!getNarrowFloatFormat(getElementTypeOrSelf(x.getType()), includeBf16))
      return failure();
    Value wide = arith::ExtFOp::create(
        rewriter, op.getLoc(), withElement(x.getType(), rewriter.getF32Type()),
        x);
    rewriter.replaceOpWithNewOp<OpTy>(op, op.getType(), wide);
    return success();
  }

  bool includeBf16;
};

struct ExpandFloatConversions
    : public tolk::impl::TolkExpandFloatConversionsBase<
          ExpandFloatConversions> {
  using TolkExpandFloatConversionsBase::TolkExpandFloatConversionsBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tolk::populateExpandFloatConversionPatterns(patterns, includeBf16);
    bool changed = false;
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     GreedyRewriteConfig(), &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

void tolk::populateExpandFloatConversionPatterns(RewritePatternSet &patterns,
                                                 bool includeBf16) {
  patterns.add<TruncFToNarrow<arith::TruncFOp>,
               TruncFToNarrow<tolk::SaturatingTruncFOp>, ExtFFromNarrow,
               IntToNarrow<arith::SIToFPOp>, IntToNarrow<arith::UIToFPOp>,
               NarrowToInt<arith::FPToSIOp>, NarrowToInt<arith::FPToUIOp>>(
      patterns.getContext(), includeBf16);
  patterns
      .add<WideIntToFloat<arith::SIToFPOp>, WideIntToFloat<arith::UIToFPOp>>(
          patterns.getContext());
}

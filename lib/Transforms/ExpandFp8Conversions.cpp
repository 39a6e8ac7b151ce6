//===- ExpandFp8Conversions.cpp - 8-bit float conversions on bits ---------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-expand-fp8-conversions: arith.extf and arith.truncf with an 8-bit
// float become integer operations on the storage bits, with seed 000's
// rounding, saturation and NaN rules. Upstream has expansions for bf16,
// f4E2M1 and f8E8M0 (arith-expand), none for these four formats, and its
// NVVM and SPIR-V lowerings reject them.
//
// Every step is an arith op on a signless integer of the source's width (or
// on i32 for an extension), so the rewrite works on scalars, vectors and
// tensors alike, and the arith folder evaluates it on constants: the tests
// fold every code through it.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKEXPANDFP8CONVERSIONS
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {

/// The layout and the special codes of an 8-bit float format.
struct Fp8Format {
  unsigned ebits, mbits;
  int bias;
  /// No infinities; only S.1111.111 is a NaN (f8E4M3FN).
  bool finiteOnly;
  /// No infinities, no -0.0: 0x80 is the one NaN (the fnuz formats).
  bool unsignedZero;

  /// The largest finite code.
  uint64_t maxCode() const {
    uint64_t top = (1u << ebits) - 1;
    if (unsignedZero)
      return 0x7F;
    if (finiteOnly)
      return (top << mbits) | ((1u << mbits) - 2);
    return ((top - 1) << mbits) | ((1u << mbits) - 1);
  }
  /// The code of a NaN of sign `negative` (DESIGN's reading 4 of seed 000:
  /// only f8E5M2 has a negative NaN).
  uint64_t nanCode(bool negative) const {
    if (unsignedZero)
      return 0x80;
    if (finiteOnly)
      return 0x7F;
    return negative ? 0xFF : 0x7F;
  }
};

std::optional<Fp8Format> getFp8Format(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return Fp8Format{4, 3, 7, true, false};
  if (isa<Float8E5M2Type>(t))
    return Fp8Format{5, 2, 15, false, false};
  if (isa<Float8E4M3FNUZType>(t))
    return Fp8Format{4, 3, 8, false, true};
  if (isa<Float8E5M2FNUZType>(t))
    return Fp8Format{5, 2, 16, false, true};
  return std::nullopt;
}

/// Builds integer arith ops of one type (`type`: iN, or a shape of iN).
class IntBuilder {
public:
  IntBuilder(PatternRewriter &rewriter, Location loc, Type type)
      : b(rewriter), loc(loc), type(type),
        width(getElementTypeOrSelf(type).getIntOrFloatBitWidth()) {}

  Value c(uint64_t v) {
    APInt bits(width, v);
    Type elt = getElementTypeOrSelf(type);
    TypedAttr attr = b.getIntegerAttr(elt, bits);
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = SplatElementsAttr::get(shaped, attr);
    return arith::ConstantOp::create(b, loc, attr);
  }
  Value andi(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value ori(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value addi(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value subi(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value shli(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value shrui(Value x, Value y) {
    return arith::ShRUIOp::create(b, loc, x, y);
  }
  Value maxsi(Value x, Value y) {
    return arith::MaxSIOp::create(b, loc, x, y);
  }
  Value minsi(Value x, Value y) {
    return arith::MinSIOp::create(b, loc, x, y);
  }
  Value minui(Value x, Value y) {
    return arith::MinUIOp::create(b, loc, x, y);
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value zext(Value boolean) {
    return arith::ExtUIOp::create(b, loc, type, boolean);
  }

private:
  PatternRewriter &b;
  Location loc;
  Type type;
  unsigned width;
};

/// `type` with its element type replaced by `elt`.
Type withElement(Type type, Type elt) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(elt);
  return elt;
}

/// arith.truncf to an 8-bit float: the source's bits rounded once.
struct TruncFToFp8 : public OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type outElt = getElementTypeOrSelf(op.getType());
    std::optional<Fp8Format> fmt = getFp8Format(outElt);
    if (!fmt)
      return failure();
    Location loc = op.getLoc();
    Value x = op.getIn();
    auto inElt = cast<FloatType>(getElementTypeOrSelf(x.getType()));
    // f16 and bf16 (and the 8-bit floats) extend to f32 exactly.
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
    IntBuilder ib(rewriter, loc, intType);
    using P = arith::CmpIPredicate;
    Value bits = arith::BitcastOp::create(rewriter, loc, intType, x);
    Value sign = ib.shrui(bits, ib.c(w - 1));
    Value abs = ib.andi(bits, ib.c(APInt::getSignedMaxValue(w).getZExtValue()));
    uint64_t infBits = ((uint64_t(1) << (w - 1 - ms)) - 1) << ms;
    Value isNaN = ib.cmp(P::ugt, abs, ib.c(infBits));
    Value isInf = ib.cmp(P::eq, abs, ib.c(infBits));
    Value exp = ib.shrui(abs, ib.c(ms));
    Value man = ib.andi(abs, ib.c((uint64_t(1) << ms) - 1));

    // The target's biased exponent, as a signed number: e >= 1 is normal.
    Value e = ib.subi(exp, ib.c(uint64_t(int64_t(biasS - fmt->bias))));
    Value normal = ib.cmp(P::sgt, e, ib.c(0));
    // Normal: the exponent field and the top of the mantissa; d bits fall
    // off.
    Value baseN = ib.ori(ib.shli(e, ib.c(fmt->mbits)), ib.shrui(man, ib.c(d)));
    Value remN = ib.andi(man, ib.c((uint64_t(1) << d) - 1));
    Value halfN = ib.c(uint64_t(1) << (d - 1));
    // Subnormal: the mantissa with its leading one, shifted s = d + 1 - e
    // places. Past w - 1 places nothing is left and the remainder is below
    // half, so s is clamped there (a shift by w or more is poison), and at 1
    // from below for the normal lanes, whose s is unused but must not make
    // a poison shift either. A source exponent of 0 (zero or subnormal)
    // adds a leading one that is not there, but lands far past the clamp
    // and rounds to 0 all the same.
    Value s = ib.minsi(ib.maxsi(ib.subi(ib.c(d + 1), e), ib.c(1)),
                       ib.c(w - 1));
    Value full = ib.ori(man, ib.c(uint64_t(1) << ms));
    Value baseS = ib.shrui(full, s);
    Value one = ib.c(1);
    Value remS = ib.andi(full, ib.subi(ib.shli(one, s), one));
    Value halfS = ib.shli(one, ib.subi(s, one));

    Value base = ib.select(normal, baseN, baseS);
    Value rem = ib.select(normal, remN, remS);
    Value half = ib.select(normal, halfN, halfS);
    // Round to nearest, ties to even; a carry moves to the next binade.
    Value above = ib.cmp(P::ugt, rem, half);
    Value tie = ib.cmp(P::eq, rem, half);
    Value odd = ib.cmp(P::ne, ib.andi(base, one), ib.c(0));
    Value up = arith::OrIOp::create(rewriter, loc, above,
                                    arith::AndIOp::create(rewriter, loc, tie,
                                                          odd));
    Value code = ib.addi(base, ib.zext(up));
    // A finite value past the largest saturates to it (seed 000, 8 bits).
    code = ib.minui(code, ib.c(fmt->maxCode()));
    if (fmt->unsignedZero)
      sign = ib.select(ib.cmp(P::eq, code, ib.c(0)), ib.c(0), sign);
    code = ib.ori(code, ib.shli(sign, ib.c(7)));

    // Infinities and NaNs.
    Value negative = ib.cmp(P::ne, sign, ib.c(0));
    Value nan = ib.select(negative, ib.c(fmt->nanCode(true)),
                          ib.c(fmt->nanCode(false)));
    Value inf = nan;
    if (!fmt->finiteOnly && !fmt->unsignedZero) {
      uint64_t infCode = ((uint64_t(1) << fmt->ebits) - 1) << fmt->mbits;
      inf = ib.select(negative, ib.c(0x80 | infCode), ib.c(infCode));
    } else {
      inf = ib.c(fmt->nanCode(false));
    }
    code = ib.select(isInf, inf, ib.select(isNaN, nan, code));

    Type i8Type = withElement(x.getType(), rewriter.getI8Type());
    Value byte = arith::TruncIOp::create(rewriter, loc, i8Type, code);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(), byte);
    return success();
  }
};

/// arith.extf from an 8-bit float: exact, built as f32 bits.
struct ExtFFromFp8 : public OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getIn();
    std::optional<Fp8Format> fmt =
        getFp8Format(getElementTypeOrSelf(x.getType()));
    if (!fmt)
      return failure();
    Location loc = op.getLoc();
    Type i8Type = withElement(x.getType(), rewriter.getI8Type());
    Type i32Type = withElement(x.getType(), rewriter.getI32Type());
    Type f32Type = withElement(x.getType(), rewriter.getF32Type());
    IntBuilder ib(rewriter, loc, i32Type);
    using P = arith::CmpIPredicate;

    Value byte = arith::BitcastOp::create(rewriter, loc, i8Type, x);
    Value bits = arith::ExtUIOp::create(rewriter, loc, i32Type, byte);
    Value sign = ib.shrui(bits, ib.c(7));
    Value exp = ib.andi(ib.shrui(bits, ib.c(fmt->mbits)),
                        ib.c((1u << fmt->ebits) - 1));
    Value man = ib.andi(bits, ib.c((1u << fmt->mbits) - 1));
    Value signBit = ib.shli(sign, ib.c(31));

    // Normal: rebias the exponent, widen the mantissa.
    Value normal = ib.ori(
        ib.shli(ib.addi(exp, ib.c(127 - fmt->bias)), ib.c(23)),
        ib.shli(man, ib.c(23 - fmt->mbits)));
    // Subnormal (and zero): man * 2^(1 - bias - mbits), exact in f32 (an
    // integer below 8 times a power of two well inside f32's range).
    Value manF = arith::UIToFPOp::create(rewriter, loc, f32Type, man);
    Value scale = arith::ConstantOp::create(
        rewriter, loc,
        [&]() -> TypedAttr {
          FloatAttr f = rewriter.getF32FloatAttr(
              std::ldexp(1.0f, 1 - fmt->bias - int(fmt->mbits)));
          if (auto shaped = dyn_cast<ShapedType>(f32Type))
            return SplatElementsAttr::get(shaped, f);
          return f;
        }());
    Value sub = arith::BitcastOp::create(
        rewriter, loc, i32Type,
        arith::MulFOp::create(rewriter, loc, manF, scale));
    Value magnitude =
        ib.select(ib.cmp(P::eq, exp, ib.c(0)), sub, normal);
    Value result = ib.ori(magnitude, signBit);

    // The special codes.
    Value qnan = ib.c(0x7FC00000);
    uint64_t top = (1u << fmt->ebits) - 1;
    if (fmt->unsignedZero) {
      result = ib.select(ib.cmp(P::eq, bits, ib.c(0x80)), qnan, result);
    } else if (fmt->finiteOnly) {
      Value isNaN = ib.cmp(P::eq, ib.andi(bits, ib.c(0x7F)), ib.c(0x7F));
      result = ib.select(isNaN, qnan, result);
    } else {
      Value special = ib.cmp(P::eq, exp, ib.c(top));
      Value isInf = ib.cmp(P::eq, man, ib.c(0));
      Value inf = ib.ori(ib.c(0x7F800000), signBit);
      Value nan = ib.ori(qnan, signBit);
      result = ib.select(special, ib.select(isInf, inf, nan), result);
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
};

struct ExpandFp8Conversions
    : public tolk::impl::TolkExpandFp8ConversionsBase<ExpandFp8Conversions> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tolk::populateExpandFp8ConversionPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void tolk::populateExpandFp8ConversionPatterns(RewritePatternSet &patterns) {
  patterns.add<TruncFToFp8, ExtFFromFp8>(patterns.getContext());
}

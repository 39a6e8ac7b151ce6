//===- Conversions.cpp - tolk.const, tolk.cast, tolk.bitcast to arith -----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The conversions between data types, computing the folder's bits
// (lib/Dtype/Cast.cpp): tolk.const (the storage bits), tolk.cast (const's
// conversion, docs/Semantics.md#const) and tolk.bitcast; and the 8-bit float
// rounding and NaN codes that the elementwise ops share.
//
//===----------------------------------------------------------------------===//

#include "ArithLowering.h"

#include "tolk/Conversion/TolkToArith/TolkToArith.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

using namespace mlir;
using namespace tolk::detail;
using llvm::APFloat;
using llvm::APInt;
using tolk::LaneArith;
using tolk::dtype::DType;

//===----------------------------------------------------------------------===//
// Shared with the elementwise ops
//===----------------------------------------------------------------------===//

bool tolk::detail::readsUnsigned(DType dt) {
  return tolk::dtype::isBool(dt) || tolk::dtype::isUnsigned(dt) ||
         dt == DType::Uint128 || dt == DType::Uint256;
}

bool tolk::detail::isFp8Type(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType>(t);
}

bool ArithLowering::computesInF32(Type elt) const {
  return isFp8Type(elt) || (bf16InF32 && elt.isBF16());
}

std::optional<DType> tolk::detail::computeDType(Operation *op) {
  unsigned i = isa<tolk::WhereOp>(op) ? 1 : 0;
  std::optional<tolk::ElementwiseType> t =
      tolk::classify(op->getOperand(i).getType());
  if (!t)
    return std::nullopt;
  return t->dtype;
}

/// tolk.saturating_truncf, which saturates a finite overflow and maps
/// infinities and NaNs as the folder does, where arith.truncf does neither.
/// A later pass maps it to a chip's instruction or expands it in arith.
Value tolk::detail::truncToFp8(ImplicitLocOpBuilder &b, Value v,
                               FloatType dst) {
  return tolk::SaturatingTruncFOp::create(b, LaneArith(b, v.getType()).of(dst),
                                          v);
}

/// S.11111.11 of its sign in Fp8e5m2 (0x7D, 0x7E and their negatives are
/// NaNs too), 0x7F in Fp8e4m3 (0xFF is its other NaN); the fnuz formats have
/// one NaN code, 0x80. On the storage bits, so that no conversion instruction
/// sees them.
Value tolk::detail::canonicalFp8NaN(ImplicitLocOpBuilder &b, Value v) {
  auto ft = cast<FloatType>(mlir::getElementTypeOrSelf(v.getType()));
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(ft))
    return v;
  LaneArith lanes(b, v);
  Type i8 = b.getI8Type();
  Value bits = lanes.bitcast(v, i8);
  Value r;
  if (isa<Float8E4M3FNType>(ft)) {
    Value negNaN =
        lanes.cmpi(arith::CmpIPredicate::eq, bits, lanes.intConst(i8, 0xFF));
    r = lanes.select(negNaN, lanes.intConst(i8, 0x7F), bits);
  } else {
    // |bits| past the infinity 0x7C is a NaN; its mantissa becomes 11.
    Value magnitude = lanes.andi(bits, lanes.intConst(i8, 0x7F));
    Value isNaN = lanes.cmpi(arith::CmpIPredicate::ugt, magnitude,
                             lanes.intConst(i8, 0x7C));
    r = lanes.select(isNaN, lanes.ori(bits, lanes.intConst(i8, 0x03)), bits);
  }
  return lanes.bitcast(r, ft);
}

Value tolk::detail::complexConst(ImplicitLocOpBuilder &b, ComplexType type,
                                 const APFloat &re, const APFloat &im) {
  Type part = type.getElementType();
  auto attr =
      b.getArrayAttr({FloatAttr::get(part, re), FloatAttr::get(part, im)});
  return complex::ConstantOp::create(b, type, attr);
}

//===----------------------------------------------------------------------===//
// Float to integer
//===----------------------------------------------------------------------===//

namespace {

/// The largest binary exponent of a finite value of `sem`: every finite
/// value is below 2^(e + 1).
int largestExponent(const llvm::fltSemantics &sem) {
  return ilogb(APFloat::getLargest(sem));
}

/// The float constant 2^e of `sem`, or nullopt where it is not a finite
/// value of the format.
std::optional<APFloat> powerOfTwo(const llvm::fltSemantics &sem, int e) {
  APFloat r = scalbn(APFloat::getOne(sem), e, APFloat::rmNearestTiesToEven);
  APFloat back = scalbn(r, -e, APFloat::rmNearestTiesToEven);
  if (!r.isFiniteNonZero() || !back.isExactlyValue(1.0))
    return std::nullopt;
  return r;
}

/// tolk::truncFloatModulo; `negative`, if given, is x < 0 (computed once
/// with the caller's).
Value truncModulo(ImplicitLocOpBuilder &b, Value x, unsigned bits,
                  Value negative = {}) {
  LaneArith lanes(b, x);
  auto ft = cast<FloatType>(mlir::getElementTypeOrSelf(x.getType()));
  const llvm::fltSemantics &sem = ft.getFloatSemantics();
  // d = x - trunc(x / 2^bits) * 2^bits, |d| < 2^bits, is exact: below
  // 2^bits, d is x; from 2^bits on, x and the product are multiples of
  // x's ulp, which is at least 2^bits's, so d has at most the format's
  // precision (and is 0 once the ulp is 2^bits or more). The scaling and
  // the product are exact, so an fma and a multiply-add give the same d.
  // Where 2^bits exceeds the format, every finite x is below it already.
  Value d = x;
  std::optional<APFloat> mod = powerOfTwo(sem, int(bits));
  if (mod) {
    Value inverse = lanes.floatConst(ft, *powerOfTwo(sem, -int(bits)));
    Value scaled = lanes.mulf(x, inverse);
    Value q = math::TruncOp::create(b, scaled);
    mod->changeSign();
    d = math::FmaOp::create(b, q, lanes.floatConst(ft, *mod), x);
  }
  // The magnitude converts exactly; the sign is applied modulo 2^bits.
  Value magnitude = math::AbsFOp::create(b, d);
  Type it = b.getIntegerType(bits);
  Value u = lanes.convert<arith::FPToUIOp>(magnitude, it);
  if (!negative)
    negative = lanes.cmpf(arith::CmpFPredicate::OLT, x,
                          lanes.floatConst(ft, APFloat::getZero(sem)));
  Value negated = lanes.subi(LaneArith(b, u).intConst(it, 0), u);
  return lanes.select(negative, negated, u);
}

/// A float `v` (f16, f32 or f64; the narrower formats are widened first) of
/// data type `from` converted to the integer type `dst` as const does
/// (docs/Semantics.md#float-to-integer): rounded towards zero and wrapped
/// modulo 2^w; NaN gives 0 and an infinity the least or greatest value.
/// fptosi/fptoui are poison out of range, so they only see values that convert
/// exactly.
///
/// Direct: when every finite value of `from` is below 2^(K-1) (K = 32 or
/// 64, at least w), or every value from 2^(K-1) on is a multiple of 2^w (its
/// wrap is 0: f32 from 2^31 is a multiple of 2^8, from 2^63 of 2^40), one
/// fptosi to iK of the values below 2^(K-1) in magnitude (the others become
/// 0 first), then a truncation to w bits, is the wrap. Otherwise the value
/// is reduced modulo 2^M in float arithmetic (truncFloatModulo). Either way
/// an infinity then selects the saturated value.
Value floatToInt(ImplicitLocOpBuilder &b, Value v, DType from, IntegerType dst,
                 bool isSigned) {
  LaneArith lanes(b, v);
  auto src = cast<FloatType>(mlir::getElementTypeOrSelf(v.getType()));
  const llvm::fltSemantics &sem = src.getFloatSemantics();
  const llvm::fltSemantics &fromSem = *tolk::dtype::semantics(from);
  unsigned w = dst.getWidth();
  int rangeExp = largestExponent(fromSem);
  // The fraction bits of `from`: a value of 2^e or more is a multiple of
  // 2^(e - fractionBits).
  int fractionBits = int(APFloat::semanticsPrecision(fromSem)) - 1;
  Value abs = math::AbsFOp::create(b, v);
  Value inf = lanes.floatConst(src, APFloat::getInf(sem));
  Value zero = lanes.floatConst(src, APFloat::getZero(sem));
  Value negative; // v < 0, built where it is needed, once.
  auto isNegative = [&] {
    if (!negative)
      negative = lanes.cmpf(arith::CmpFPredicate::OLT, v, zero);
    return negative;
  };

  unsigned direct = 0;
  bool allBelow = false;
  for (unsigned k : {32u, 64u}) {
    if (k < w && w <= 64)
      continue;
    allBelow = rangeExp < int(k) - 1;
    if (allBelow || (w <= 64 && int(k) - 1 - fractionBits >= int(w))) {
      direct = k;
      break;
    }
  }
  Value r;
  if (direct) {
    // Below 2^(K-1) in magnitude (or finite, when all are), else 0.
    Value bound =
        allBelow ? inf
                 : lanes.floatConst(src, *powerOfTwo(sem, int(direct) - 1));
    Value inRange = lanes.cmpf(arith::CmpFPredicate::OLT, abs, bound);
    Value safe = lanes.select(inRange, v, zero);
    r = lanes.convert<arith::FPToSIOp>(safe, b.getIntegerType(direct));
    if (direct > w)
      r = lanes.convert<arith::TruncIOp>(r, dst);
    else if (direct < w)
      r = lanes.convert<arith::ExtSIOp>(r, dst);
  } else {
    unsigned m = std::max(w, 32u);
    // A NaN or an infinity becomes 0 first (then the infinity saturates).
    Value finite = lanes.cmpf(arith::CmpFPredicate::OLT, abs, inf);
    Value safe = lanes.select(finite, v, zero);
    r = truncModulo(b, safe, m, isNegative());
    if (m > w)
      r = lanes.convert<arith::TruncIOp>(r, dst);
  }
  if (!APFloat::semanticsHasInf(fromSem))
    return r;
  Value isInf = lanes.cmpf(arith::CmpFPredicate::OEQ, abs, inf);
  APInt maxI = isSigned ? APInt::getSignedMaxValue(w) : APInt::getMaxValue(w);
  APInt minI = isSigned ? APInt::getSignedMinValue(w) : APInt::getZero(w);
  Value sat = lanes.select(isNegative(), lanes.intConst(dst, minI),
                           lanes.intConst(dst, maxI));
  return lanes.select(isInf, sat, r);
}

} // namespace

Value tolk::truncFloatModulo(OpBuilder &b, Location loc, Value x,
                             unsigned bits) {
  ImplicitLocOpBuilder ib(loc, b);
  return truncModulo(ib, x, bits);
}

//===----------------------------------------------------------------------===//
// Between data types
//===----------------------------------------------------------------------===//

namespace {

/// The f128 value x rounded to an f64 to odd: x itself when an f64 holds it,
/// else the one of the two f64 around x whose last bit is 1 (the largest
/// finite one past the range). Rounding that once more to a format of at
/// most 51 fraction bits rounds as x itself would (Boldo and Melquiond,
/// "When double rounding is odd"): the way to bf16 and the 8-bit floats,
/// which LLVM cannot convert f128 to (libgcc has no __trunctfbf2), without
/// rounding twice.
Value roundToOddF64(ImplicitLocOpBuilder &b, Value x) {
  LaneArith lanes(b, x);
  auto f128 = cast<FloatType>(mlir::getElementTypeOrSelf(x.getType()));
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  Value y = lanes.convert<arith::TruncFOp>(x, f64);
  Value back = lanes.convert<arith::ExtFOp>(y, f128);
  // Ordered: a NaN stays the nearest f64 NaN.
  Value inexact = lanes.cmpf(arith::CmpFPredicate::ONE, x, back);
  Value bits = lanes.bitcast(y, i64);
  LaneArith intLanes(b, bits);
  Value one = intLanes.intConst(i64, 1);
  Value lowBit = lanes.andi(bits, one);
  Value even =
      lanes.cmpi(arith::CmpIPredicate::eq, lowBit, intLanes.intConst(i64, 0));
  // The odd neighbour is one step of the magnitude up where x is farther
  // from zero than y, down where it is nearer.
  Value above = lanes.cmpf(arith::CmpFPredicate::OGT, x, back);
  Value up = lanes.xori(above, LaneArith(b, y).signBit(y));
  Value plus = lanes.addi(bits, one);
  Value minus = lanes.subi(bits, one);
  Value stepped = lanes.select(up, plus, minus);
  Value adjust = lanes.andi(inexact, even);
  Value r = lanes.select(adjust, stepped, bits);
  return lanes.bitcast(r, f64);
}

/// A float `v` converted to the float type `dst`: one rounding, straight
/// from the source (never through an intermediate format, which would round
/// twice), saturating into the 8-bit floats.
Value floatToFloat(const ArithLowering &lo, Value v, FloatType dst) {
  auto src = cast<FloatType>(mlir::getElementTypeOrSelf(v.getType()));
  if (src == dst)
    return v;
  if (src.isF128() && (isFp8Type(dst) || dst.isBF16()))
    return floatToFloat(lo, roundToOddF64(lo.b, v), dst);
  LaneArith lanes = lo.lanes(v);
  if (isFp8Type(dst)) {
    // An 8-bit source (or bf16, computed in f32) widens exactly to f32
    // first: the saturation compares in the source's type.
    if (lo.computesInF32(src))
      v = lanes.convert<arith::ExtFOp>(v, lo.b.getF32Type());
    return truncToFp8(lo.b, v, dst);
  }
  if (src.getWidth() < dst.getWidth())
    return lanes.convert<arith::ExtFOp>(v, dst);
  if (src.getWidth() > dst.getWidth())
    return lanes.convert<arith::TruncFOp>(v, dst);
  // f16 <-> bf16: widening to f32 is exact, so this rounds once.
  Value wide = lanes.convert<arith::ExtFOp>(v, lo.b.getF32Type());
  return lanes.convert<arith::TruncFOp>(wide, dst);
}

/// `v` of data type `from` (already converted to arith's types) as a value
/// of `to`, whose arith element type is `dst`; shapes are kept. The
/// conversion is const's (docs/Semantics.md#const).
Value convertValue(const ArithLowering &lo, Value v, DType from, DType to,
                   Type dst) {
  ImplicitLocOpBuilder &b = lo.b;
  Type src = mlir::getElementTypeOrSelf(v.getType());
  if (src == dst) {
    // Same type, or integers of one width: the bits are the value, but for
    // an 8-bit float's NaN, which is its format's one NaN code (of its sign).
    if (isFp8Type(src))
      return canonicalFp8NaN(b, v);
    return v;
  }
  LaneArith lanes = lo.lanes(v);
  if (tolk::dtype::isBool(to)) {
    // Nonzero-ness; a NaN is nonzero.
    if (auto ft = dyn_cast<FloatType>(src)) {
      if (lo.computesInF32(ft))
        v = lanes.convert<arith::ExtFOp>(v, b.getF32Type());
      auto et = cast<FloatType>(mlir::getElementTypeOrSelf(v.getType()));
      Value zero =
          lo.lanes(v).floatConst(et, APFloat::getZero(et.getFloatSemantics()));
      return lanes.cmpf(arith::CmpFPredicate::UNE, v, zero);
    }
    Value zero = lanes.intConst(src, 0);
    return lanes.cmpi(arith::CmpIPredicate::ne, v, zero);
  }
  if (auto dstInt = dyn_cast<IntegerType>(dst)) {
    if (auto ft = dyn_cast<FloatType>(src)) {
      // bf16 widens exactly too: the conversion is f32's.
      if (lo.computesInF32(ft) || ft.isBF16())
        v = lanes.convert<arith::ExtFOp>(v, b.getF32Type());
      return floatToInt(b, v, from, dstInt, !readsUnsigned(to));
    }
    unsigned sw = src.getIntOrFloatBitWidth(), dw = dstInt.getWidth();
    if (sw > dw)
      return lanes.convert<arith::TruncIOp>(v, dst);
    // Bool and unsigned integers zero-extend, signed ones sign-extend.
    if (readsUnsigned(from))
      return lanes.convert<arith::ExtUIOp>(v, dst);
    return lanes.convert<arith::ExtSIOp>(v, dst);
  }
  auto dstF = cast<FloatType>(dst);
  if (isa<FloatType>(src))
    return floatToFloat(lo, v, dstF);
  // Integers: an 8-bit float goes through f32, which is exact for every
  // integer below 2^24; any larger one saturates either way, as long as it
  // stays finite there: ui128 and ui256 reach 2^128, f32's infinity (which
  // an 8-bit float without one makes a NaN), so they go through f64. bf16
  // computed in f32 goes through the narrowest float that holds the integer
  // exactly (f32 up to 16 bits, f64 up to 32), then rounds once; a 64-bit
  // integer past 2^53 rounds twice (docs/Lowering.md, "Lowering to arith").
  Type via = dstF;
  if (isFp8Type(dstF))
    via = src.getIntOrFloatBitWidth() > 64 ? Type(b.getF64Type())
                                           : Type(b.getF32Type());
  else if (lo.computesInF32(dstF))
    via = src.getIntOrFloatBitWidth() <= 16 ? Type(b.getF32Type())
                                            : Type(b.getF64Type());
  Value f = readsUnsigned(from) ? lanes.convert<arith::UIToFPOp>(v, via)
                                : lanes.convert<arith::SIToFPOp>(v, via);
  return floatToFloat(lo, f, dstF);
}

/// A conversion from or to a complex scalar type (docs/Semantics.md#const):
/// a real value becomes (x, +0), each part converts as its component type
/// does, and a complex value gives a real type its real part (an integer
/// through it) and Bool the nonzero-ness of either part.
Value convertComplex(const ArithLowering &lo, Value v, DType from, DType to,
                     Type dst) {
  using tolk::dtype::componentType;
  using tolk::dtype::isComplex;
  ImplicitLocOpBuilder &b = lo.b;
  if (!isComplex(from)) {
    auto type = cast<ComplexType>(dst);
    auto part = cast<FloatType>(type.getElementType());
    Value re = convertValue(lo, v, from, *componentType(to), part);
    Value im = lo.lanes(re).floatConst(
        part, APFloat::getZero(part.getFloatSemantics()));
    return complex::CreateOp::create(b, type, re, im);
  }
  DType fromPart = *componentType(from);
  Value re = complex::ReOp::create(b, v);
  Value im = complex::ImOp::create(b, v);
  if (isComplex(to)) {
    auto type = cast<ComplexType>(dst);
    Type part = type.getElementType();
    DType toPart = *componentType(to);
    Value r = convertValue(lo, re, fromPart, toPart, part);
    Value i = convertValue(lo, im, fromPart, toPart, part);
    return complex::CreateOp::create(b, type, r, i);
  }
  if (tolk::dtype::isBool(to)) {
    Value reNonZero = convertValue(lo, re, fromPart, to, dst);
    Value imNonZero = convertValue(lo, im, fromPart, to, dst);
    return lo.lanes(reNonZero).ori(reNonZero, imNonZero);
  }
  return convertValue(lo, re, fromPart, to, dst);
}

/// The storage bits of a complex scalar (its real part in the low half) as
/// an integer, and back: complex values have no arith.bitcast.
Value complexToBits(ImplicitLocOpBuilder &b, Value v) {
  LaneArith lanes(b, v.getType()); // A scalar.
  auto part = cast<FloatType>(cast<ComplexType>(v.getType()).getElementType());
  unsigned w = part.getWidth();
  Type partInt = b.getIntegerType(w), whole = b.getIntegerType(2 * w);
  auto bits = [&](Value x) {
    Value i = lanes.bitcast(x, partInt);
    return lanes.convert<arith::ExtUIOp>(i, whole);
  };
  Value re = bits(complex::ReOp::create(b, v));
  Value im = bits(complex::ImOp::create(b, v));
  Value high = lanes.shli(im, lanes.intConst(whole, w));
  return lanes.ori(high, re);
}
Value complexFromBits(ImplicitLocOpBuilder &b, Value bits, ComplexType type) {
  LaneArith lanes(b, bits.getType()); // A scalar.
  auto part = cast<FloatType>(type.getElementType());
  unsigned w = part.getWidth();
  Type partInt = b.getIntegerType(w);
  Value low = lanes.convert<arith::TruncIOp>(bits, partInt);
  Value shifted = lanes.shrui(bits, lanes.intConst(bits.getType(), w));
  Value high = lanes.convert<arith::TruncIOp>(shifted, partInt);
  Value re = lanes.bitcast(low, part);
  Value im = lanes.bitcast(high, part);
  return complex::CreateOp::create(b, type, re, im);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// tolk.const: arith.constant with the exact bits of the folder's storage
/// (docs/Semantics.md#storage; every NaN payload); `invalid` (a masked-out
/// lane, any value will do) becomes 0.
struct ConstLowering : public OpConversionPattern<tolk::ConstOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::ConstOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    std::optional<tolk::ElementwiseType> et = tolk::classify(op.getType());
    if (!type || !et)
      return rewriter.notifyMatchFailure(op, "no arith type");
    auto shaped = dyn_cast<ShapedType>(type);
    if (shaped && !shaped.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shape");
    Type elt = mlir::getElementTypeOrSelf(type);
    const tolk::dtype::Const &c = op.getValue().getValue();
    if (auto ct = dyn_cast<ComplexType>(type)) {
      ImplicitLocOpBuilder b(op.getLoc(), rewriter);
      const llvm::fltSemantics &sem =
          cast<FloatType>(ct.getElementType()).getFloatSemantics();
      APFloat re = APFloat::getZero(sem), im = re;
      if (!c.isInvalid()) {
        re = c.value().getComplex().re;
        im = c.value().getComplex().im;
      }
      rewriter.replaceOp(op, complexConst(b, ct, re, im));
      return success();
    }
    TypedAttr attr;
    if (c.isInvalid()) {
      attr = cast<TypedAttr>(rewriter.getZeroAttr(elt));
    } else if (tolk::dtype::isBool(et->dtype)) {
      attr = rewriter.getBoolAttr(c.value().isNonZero());
    } else if (isa<IntegerType>(elt)) {
      // The integer wrapped to the width (the storage helpers have no
      // storage bits to ask toBits for).
      attr = IntegerAttr::get(
          elt, tolk::dtype::toAPInt(c.value().toInteger(),
                                    elt.getIntOrFloatBitWidth()));
    } else {
      llvm::Expected<APInt> bits = tolk::dtype::toBits(et->dtype, c.value());
      if (!bits) {
        std::string msg = llvm::toString(bits.takeError());
        return rewriter.notifyMatchFailure(op, msg);
      }
      if (auto ft = dyn_cast<FloatType>(elt))
        attr = FloatAttr::get(ft, APFloat(ft.getFloatSemantics(), *bits));
      else
        attr = IntegerAttr::get(elt, *bits);
    }
    if (shaped)
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, shaped, DenseElementsAttr::get(shaped, attr));
    else
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, attr);
    return success();
  }
};

/// tolk.cast: convertValue, after the lane rules of
/// docs/Semantics.md#lanes-and-shapes (lanes into a scalar keep lane 0; a
/// scalar into lanes broadcasts after the conversion).
struct CastLowering : public OpConversionPattern<tolk::CastOp> {
  CastLowering(const TypeConverter &converter, MLIRContext *ctx, bool bf16InF32)
      : OpConversionPattern(converter, ctx), bf16InF32(bf16InF32) {}
  bool bf16InF32;
  LogicalResult
  matchAndRewrite(tolk::CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    std::optional<tolk::ElementwiseType> in =
        tolk::classify(op.getInput().getType());
    std::optional<tolk::ElementwiseType> out = tolk::classify(op.getType());
    if (!type || !in || !out)
      return rewriter.notifyMatchFailure(op, "no arith type");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    ArithLowering lo{b, bf16InF32};
    Value v = adaptor.getInput();
    if (isa<VectorType>(v.getType()) && !isa<ShapedType>(type))
      v = vector::ExtractOp::create(b, v, ArrayRef<int64_t>{0});
    if (tolk::dtype::isComplex(in->dtype) || tolk::dtype::isComplex(out->dtype))
      v = convertComplex(lo, v, in->dtype, out->dtype, type);
    else
      v = convertValue(lo, v, in->dtype, out->dtype,
                       mlir::getElementTypeOrSelf(type));
    if (auto vec = dyn_cast<VectorType>(type); vec && v.getType() != type)
      v = vector::BroadcastOp::create(b, vec, v);
    rewriter.replaceOp(op, v);
    return success();
  }
};

/// tolk.bitcast: arith.bitcast between types of one width; Bool's storage is a
/// byte (0 or 1), so i1 widens with extui, and a byte read as Bool is its
/// nonzero-ness (the folder rejects bytes other than 0 and 1). An 8-bit float's
/// NaN has one code in the folder (docs/Semantics.md#storage), so a NaN code,
/// read or written, becomes that one: an 8-bit float from memory may
/// hold another.
struct BitcastLowering : public OpConversionPattern<tolk::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "no arith type");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value v = adaptor.getInput();
    LaneArith lanes(b, v.getType());
    Type src = mlir::getElementTypeOrSelf(v.getType());
    Type dst = mlir::getElementTypeOrSelf(type);
    Type i8 = rewriter.getI8Type();
    if (isa<ComplexType>(src) || isa<ComplexType>(dst)) {
      if (src == dst) {
        rewriter.replaceOp(op, v);
        return success();
      }
      // Through the integer of the storage's width.
      if (isa<ComplexType>(src))
        v = complexToBits(b, v);
      else
        v = lanes.bitcast(v,
                          rewriter.getIntegerType(src.getIntOrFloatBitWidth()));
      if (auto c = dyn_cast<ComplexType>(dst))
        v = complexFromBits(b, v, c);
      else if (v.getType() != dst)
        v = lanes.bitcast(v, dst);
      rewriter.replaceOp(op, v);
      return success();
    }
    if (isFp8Type(src))
      v = canonicalFp8NaN(b, v);
    if (src == dst) {
      rewriter.replaceOp(op, v);
      return success();
    }
    if (src.isInteger(1)) {
      v = lanes.convert<arith::ExtUIOp>(v, i8);
      if (dst != i8)
        v = lanes.bitcast(v, dst);
    } else if (dst.isInteger(1)) {
      if (src != i8)
        v = lanes.bitcast(v, i8);
      v = lanes.cmpi(arith::CmpIPredicate::ne, v,
                     LaneArith(b, v).intConst(i8, 0));
    } else {
      v = lanes.bitcast(v, dst);
    }
    if (isFp8Type(dst) && !src.isInteger(1)) // 0 and 1 are no NaN codes.
      v = canonicalFp8NaN(b, v);
    rewriter.replaceOp(op, v);
    return success();
  }
};

} // namespace

void tolk::detail::populateConversionOpPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                bool bf16InF32) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ConstLowering, BitcastLowering>(converter, ctx);
  patterns.add<CastLowering>(converter, ctx, bf16InF32);
}

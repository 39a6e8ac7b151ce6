//===- TolkToArith.cpp - Tolk values to arith and math --------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers the homogeneous primitive ops (docs/Semantics.md#primitive-operations;
// and tolk.const, tolk.cast, tolk.bitcast) to arith and math, computing the
// folder's bits (lib/Dtype/Alu.cpp, Cast.cpp). arith leaves several corners
// poison or unordered where Tolk defines them; each is built here from compares
// and selects, and docs/Lowering.md ("Lowering to arith") lists them:
//
// - max on floats: the non-NaN operand, -0.0 < +0.0 (arith.maxnumf leaves the
//   signed zeros unordered);
// - shifts: a count at or past the width gives 0 or the sign fill (arith's
//   shifts are poison there);
// - truncdiv: INT_MIN / -1 wraps and division by zero divides by 1 (LLVM's
//   sdiv is UB there);
// - pow on integers: the exponent is read unsigned and reduced, so that
//   math.ipowi never sees a negative exponent;
// - float to integer casts wrap modulo 2^w, NaN gives 0 and infinities
//   saturate (fptosi is poison out of range): a wider fptosi and a
//   truncation where it holds every value, float arithmetic beyond;
// - an 8-bit float NaN that a bitcast, an identity cast or a where reads
//   or makes is the format's NaN code, as in the folder's storage;
// - conversions to an 8-bit float saturate a finite overflow and map infinities
//   and NaNs as the folder does (docs/Semantics.md#8-bit-floats; arith.truncf
//   does neither), and arithmetic on 8-bit floats runs in f32, rounded back
//   once.
//
// Complex values (scalars) lower to the complex dialect, whose ops
// complex-to-standard then expands as the folder computes them
// (docs/Semantics.md#complex-numbers-and-float128); f128 is one more float
// (LLVM computes it with soft-float calls on the host).
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToArith/TolkToArith.h"

#include "tolk/Dialect/Tolk/IR/KnownLocation.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/Dtype/DType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

namespace tolk {
#define GEN_PASS_DEF_CONVERTTOLKTOARITH
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using llvm::APFloat;
using llvm::APInt;
using tolk::dtype::DType;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The arith element type of a Tolk scalar type: signless integers of the
/// same width; null for the weak types.
static Type convertScalar(Type t) {
  if (isa<tolk::WeakIntType, tolk::WeakFloatType>(t))
    return {};
  if (auto it = dyn_cast<IntegerType>(t))
    return IntegerType::get(t.getContext(), it.getWidth());
  return t;
}

tolk::TolkToArithTypeConverter::TolkToArithTypeConverter() {
  // Tried last: every other type (index, pointers, ...) is kept.
  addConversion([](Type t) { return t; });
  addConversion([](Type t) -> std::optional<Type> {
    if (auto shaped = dyn_cast<ShapedType>(t)) {
      if (!isa<VectorType, TensorType>(t))
        return std::nullopt;
      Type elt = convertScalar(shaped.getElementType());
      if (!elt)
        return Type();
      return shaped.clone(elt);
    }
    if (!isa<IntegerType, tolk::WeakIntType, tolk::WeakFloatType>(t))
      return std::nullopt;
    Type r = convertScalar(t);
    return r ? std::optional<Type>(r) : std::optional<Type>(Type());
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

namespace {

/// Builds arith and math ops whose operands all have one shape (a scalar,
/// lanes or a tensor): constants take the shape of a given value.
struct Builder {
  OpBuilder &b;
  Location loc;
  /// Whether bf16 arithmetic is computed in f32 (rounded back once), as the
  /// 8-bit floats always are: for targets without bf16 arithmetic.
  bool bf16InF32 = false;

  /// `type` with the element type `elt` (`elt` itself for a scalar).
  static Type withElt(Type type, Type elt) {
    if (auto shaped = dyn_cast<ShapedType>(type))
      return shaped.clone(elt);
    return elt;
  }
  static Type eltOf(Value v) { return getElementTypeOrSelf(v.getType()); }

  /// A constant of `attr`'s value with the shape of `like`.
  Value constant(Value like, TypedAttr attr) {
    Type type = withElt(like.getType(), attr.getType());
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (tensor && !tensor.hasStaticShape()) {
      Value scalar = arith::ConstantOp::create(b, loc, attr);
      return splatLike(scalar, like);
    }
    if (auto shaped = dyn_cast<ShapedType>(type))
      return arith::ConstantOp::create(b, loc, shaped,
                                       DenseElementsAttr::get(shaped, attr));
    return arith::ConstantOp::create(b, loc, attr);
  }
  Value intConst(Value like, Type elt, const APInt &v) {
    return constant(like, IntegerAttr::get(elt, v));
  }
  Value intConst(Value like, Type elt, int64_t v) {
    unsigned w = elt.getIntOrFloatBitWidth();
    return intConst(like, elt,
                    APInt(w, v, /*isSigned=*/true,
                          /*implicitTrunc=*/true));
  }
  Value floatConst(Value like, Type elt, const APFloat &v) {
    return constant(like, FloatAttr::get(elt, v));
  }
  Value boolConst(Value like, bool v) {
    return intConst(like, b.getI1Type(), APInt(1, v));
  }

  /// The scalar `v` splat to the shape of `like` (a vector or a tensor).
  Value splatLike(Value v, Value like) {
    Type type = withElt(like.getType(), v.getType());
    if (auto vec = dyn_cast<VectorType>(type))
      return vector::BroadcastOp::create(b, loc, vec, v);
    auto tensor = cast<RankedTensorType>(type);
    SmallVector<Value> dyn;
    for (int64_t i = 0, e = tensor.getRank(); i < e; ++i)
      if (tensor.isDynamicDim(i))
        dyn.push_back(tensor::DimOp::create(b, loc, like, i));
    return tensor::SplatOp::create(b, loc, v, tensor, dyn);
  }

  Value cmpi(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value cmpf(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value andi(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value ori(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }

  /// Converts `v` to the element type `elt`, keeping its shape.
  template <typename OpTy> Value convert(Value v, Type elt) {
    return OpTy::create(b, loc, withElt(v.getType(), elt), v);
  }

  /// The sign bit of each float lane, as i1 (true for -0.0 and negative
  /// NaNs, which the ordered compares cannot tell).
  Value signBit(Value x) {
    auto ft = cast<FloatType>(eltOf(x));
    Type it = b.getIntegerType(ft.getWidth());
    Value bits = convert<arith::BitcastOp>(x, it);
    return cmpi(arith::CmpIPredicate::slt, bits, intConst(x, it, 0));
  }

  /// True for the lanes of `x` that are neither NaN nor infinite.
  Value isFinite(Value x) {
    auto ft = cast<FloatType>(eltOf(x));
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    Value inf = floatConst(x, ft, APFloat::getInf(sem));
    Value ninf = floatConst(x, ft, APFloat::getInf(sem, /*Negative=*/true));
    Value notInf = cmpf(arith::CmpFPredicate::ONE, x, inf);
    Value notNInf = cmpf(arith::CmpFPredicate::ONE, x, ninf);
    return andi(notInf, notNInf);
  }
};

/// True for the data types whose integers are read unsigned: Bool, the
/// unsigned integers and the storage helpers ui128/ui256, which `const`
/// wraps as unsigned integers (docs/Semantics.md#storage-helpers).
bool readsUnsigned(DType dt) {
  return tolk::dtype::isBool(dt) || tolk::dtype::isUnsigned(dt) ||
         dt == DType::Uint128 || dt == DType::Uint256;
}

bool isFp8Type(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType>(t);
}

/// Whether arithmetic on `elt` is computed in f32: the 8-bit floats, and
/// bf16 when the target has no bf16 arithmetic.
bool computesInF32(const Builder &bld, Type elt) {
  return isFp8Type(elt) || (bld.bf16InF32 && elt.isBF16());
}

/// `v` (a float of 16 bits or more) rounded once to the 8-bit float `dst`, as
/// truncate does (docs/Semantics.md#truncate): tolk.saturating_truncf, which
/// saturates a finite overflow and maps infinities and NaNs as the folder
/// does, where arith.truncf does neither. A later pass maps it to a chip's
/// instruction or expands it in arith.
Value truncToFp8(Builder &bld, Value v, FloatType dst) {
  return tolk::SaturatingTruncFOp::create(
      bld.b, bld.loc, Builder::withElt(v.getType(), dst), v);
}

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

/// The 8-bit float `v` with every NaN code made the one that the folder stores
/// (to_storage_scalar, docs/Semantics.md#storage): S.11111.11 of its sign in
/// Fp8e5m2 (0x7D, 0x7E and their negatives are NaNs too), 0x7F in Fp8e4m3 (0xFF
/// is its other NaN); the fnuz formats have one NaN code, 0x80. On the storage
/// bits, so that no conversion instruction sees them.
Value canonicalFp8NaN(Builder &bld, Value v) {
  auto ft = cast<FloatType>(Builder::eltOf(v));
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(ft))
    return v;
  Type i8 = bld.b.getI8Type();
  Value bits = bld.convert<arith::BitcastOp>(v, i8);
  Value r;
  if (isa<Float8E4M3FNType>(ft)) {
    Value negNaN = bld.cmpi(arith::CmpIPredicate::eq, bits,
                            bld.intConst(v, i8, 0xFF));
    r = bld.select(negNaN, bld.intConst(v, i8, 0x7F), bits);
  } else {
    // |bits| past the infinity 0x7C is a NaN; its mantissa becomes 11.
    Value magnitude = bld.andi(bits, bld.intConst(v, i8, 0x7F));
    Value isNaN = bld.cmpi(arith::CmpIPredicate::ugt, magnitude,
                           bld.intConst(v, i8, 0x7C));
    r = bld.select(isNaN, bld.ori(bits, bld.intConst(v, i8, 0x03)), bits);
  }
  return bld.convert<arith::BitcastOp>(r, ft);
}

/// tolk::truncFloatModulo; `negative`, if given, is x < 0 (computed once
/// with the caller's).
Value truncModulo(OpBuilder &b, Location loc, Value x, unsigned bits,
                  Value negative = {}) {
  Builder bld{b, loc};
  auto ft = cast<FloatType>(Builder::eltOf(x));
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
    Value inverse = bld.floatConst(x, ft, *powerOfTwo(sem, -int(bits)));
    Value scaled = arith::MulFOp::create(b, loc, x, inverse);
    Value q = math::TruncOp::create(b, loc, scaled);
    mod->changeSign();
    d = math::FmaOp::create(b, loc, q, bld.floatConst(x, ft, *mod), x);
  }
  // The magnitude converts exactly; the sign is applied modulo 2^bits.
  Value magnitude = math::AbsFOp::create(b, loc, d);
  Type it = b.getIntegerType(bits);
  Value u = bld.convert<arith::FPToUIOp>(magnitude, it);
  if (!negative)
    negative = bld.cmpf(arith::CmpFPredicate::OLT, x,
                        bld.floatConst(x, ft, APFloat::getZero(sem)));
  Value negated = arith::SubIOp::create(b, loc, bld.intConst(u, it, 0), u);
  return bld.select(negative, negated, u);
}

} // namespace

Value tolk::truncFloatModulo(OpBuilder &b, Location loc, Value x,
                             unsigned bits) {
  return truncModulo(b, loc, x, bits);
}

//===----------------------------------------------------------------------===//
// Conversions between data types (tolk.cast, and 8-bit float arithmetic)
//===----------------------------------------------------------------------===//

namespace {

/// A float `v` converted to the float type `dst`: one rounding, straight
/// from the source (never through an intermediate format, which would round
/// twice), saturating into the 8-bit floats.
/// The f128 value x rounded to an f64 to odd: x itself when an f64 holds it,
/// else the one of the two f64 around x whose last bit is 1 (the largest
/// finite one past the range). Rounding that once more to a format of at
/// most 51 fraction bits rounds as x itself would (Boldo and Melquiond,
/// "When double rounding is odd"): the way to bf16 and the 8-bit floats,
/// which LLVM cannot convert f128 to (libgcc has no __trunctfbf2), without
/// rounding twice.
Value roundToOddF64(Builder &bld, Value x) {
  auto f128 = cast<FloatType>(Builder::eltOf(x));
  Type f64 = bld.b.getF64Type(), i64 = bld.b.getI64Type();
  Value y = bld.convert<arith::TruncFOp>(x, f64);
  Value back = bld.convert<arith::ExtFOp>(y, f128);
  // Ordered: a NaN stays the nearest f64 NaN.
  Value inexact = bld.cmpf(arith::CmpFPredicate::ONE, x, back);
  Value bits = bld.convert<arith::BitcastOp>(y, i64);
  Value one = bld.intConst(bits, i64, 1);
  Value lowBit = bld.andi(bits, one);
  Value even = bld.cmpi(arith::CmpIPredicate::eq, lowBit,
                        bld.intConst(bits, i64, 0));
  // The odd neighbour is one step of the magnitude up where x is farther
  // from zero than y, down where it is nearer.
  Value above = bld.cmpf(arith::CmpFPredicate::OGT, x, back);
  Value up = arith::XOrIOp::create(bld.b, bld.loc, above, bld.signBit(y));
  Value plus = arith::AddIOp::create(bld.b, bld.loc, bits, one);
  Value minus = arith::SubIOp::create(bld.b, bld.loc, bits, one);
  Value stepped = bld.select(up, plus, minus);
  Value adjust = bld.andi(inexact, even);
  Value r = bld.select(adjust, stepped, bits);
  return bld.convert<arith::BitcastOp>(r, f64);
}

Value floatToFloat(Builder &bld, Value v, FloatType dst) {
  auto src = cast<FloatType>(Builder::eltOf(v));
  if (src == dst)
    return v;
  if (src.isF128() && (isFp8Type(dst) || dst.isBF16()))
    return floatToFloat(bld, roundToOddF64(bld, v), dst);
  if (isFp8Type(dst)) {
    // An 8-bit source (or bf16, computed in f32) widens exactly to f32
    // first: the saturation compares in the source's type.
    if (computesInF32(bld, src))
      v = bld.convert<arith::ExtFOp>(v, bld.b.getF32Type());
    return truncToFp8(bld, v, dst);
  }
  if (src.getWidth() < dst.getWidth())
    return bld.convert<arith::ExtFOp>(v, dst);
  if (src.getWidth() > dst.getWidth())
    return bld.convert<arith::TruncFOp>(v, dst);
  // f16 <-> bf16: widening to f32 is exact, so this rounds once.
  Value wide = bld.convert<arith::ExtFOp>(v, bld.b.getF32Type());
  return bld.convert<arith::TruncFOp>(wide, dst);
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
Value floatToInt(Builder &bld, Value v, DType from, IntegerType dst,
                 bool isSigned) {
  auto src = cast<FloatType>(Builder::eltOf(v));
  const llvm::fltSemantics &sem = src.getFloatSemantics();
  const llvm::fltSemantics &fromSem = *tolk::dtype::semantics(from);
  unsigned w = dst.getWidth();
  int rangeExp = largestExponent(fromSem);
  // The fraction bits of `from`: a value of 2^e or more is a multiple of
  // 2^(e - fractionBits).
  int fractionBits = int(APFloat::semanticsPrecision(fromSem)) - 1;
  Value abs = math::AbsFOp::create(bld.b, bld.loc, v);
  Value inf = bld.floatConst(v, src, APFloat::getInf(sem));
  Value zero = bld.floatConst(v, src, APFloat::getZero(sem));
  Value negative; // v < 0, built where it is needed, once.
  auto isNegative = [&] {
    if (!negative)
      negative = bld.cmpf(arith::CmpFPredicate::OLT, v, zero);
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
                 : bld.floatConst(v, src, *powerOfTwo(sem, int(direct) - 1));
    Value inRange = bld.cmpf(arith::CmpFPredicate::OLT, abs, bound);
    Value safe = bld.select(inRange, v, zero);
    r = bld.convert<arith::FPToSIOp>(safe, bld.b.getIntegerType(direct));
    if (direct > w)
      r = bld.convert<arith::TruncIOp>(r, dst);
    else if (direct < w)
      r = bld.convert<arith::ExtSIOp>(r, dst);
  } else {
    unsigned m = std::max(w, 32u);
    // A NaN or an infinity becomes 0 first (then the infinity saturates).
    Value finite = bld.cmpf(arith::CmpFPredicate::OLT, abs, inf);
    Value safe = bld.select(finite, v, zero);
    r = truncModulo(bld.b, bld.loc, safe, m, isNegative());
    if (m > w)
      r = bld.convert<arith::TruncIOp>(r, dst);
  }
  if (!APFloat::semanticsHasInf(fromSem))
    return r;
  Value isInf = bld.cmpf(arith::CmpFPredicate::OEQ, abs, inf);
  APInt maxI = isSigned ? APInt::getSignedMaxValue(w) : APInt::getMaxValue(w);
  APInt minI = isSigned ? APInt::getSignedMinValue(w) : APInt::getZero(w);
  Value sat = bld.select(isNegative(), bld.intConst(v, dst, minI),
                         bld.intConst(v, dst, maxI));
  return bld.select(isInf, sat, r);
}

/// `v` of data type `from` (already converted to arith's types) as a value
/// of `to`, whose arith element type is `dst`; shapes are kept. The
/// conversion is const's (docs/Semantics.md#const).
Value convertValue(Builder &bld, Value v, DType from, DType to, Type dst) {
  Type src = Builder::eltOf(v);
  if (src == dst) {
    // Same type, or integers of one width: the bits are the value, but for
    // an 8-bit float's NaN, which is its format's one NaN code (of its sign).
    if (isFp8Type(src))
      return canonicalFp8NaN(bld, v);
    return v;
  }
  if (tolk::dtype::isBool(to)) {
    // Nonzero-ness; a NaN is nonzero.
    if (auto ft = dyn_cast<FloatType>(src)) {
      if (computesInF32(bld, ft))
        v = bld.convert<arith::ExtFOp>(v, bld.b.getF32Type());
      auto et = cast<FloatType>(Builder::eltOf(v));
      Value zero =
          bld.floatConst(v, et, APFloat::getZero(et.getFloatSemantics()));
      return bld.cmpf(arith::CmpFPredicate::UNE, v, zero);
    }
    Value zero = bld.intConst(v, src, 0);
    return bld.cmpi(arith::CmpIPredicate::ne, v, zero);
  }
  if (auto dstInt = dyn_cast<IntegerType>(dst)) {
    if (auto ft = dyn_cast<FloatType>(src)) {
      // bf16 widens exactly too: the conversion is f32's.
      if (computesInF32(bld, ft) || ft.isBF16())
        v = bld.convert<arith::ExtFOp>(v, bld.b.getF32Type());
      return floatToInt(bld, v, from, dstInt, !readsUnsigned(to));
    }
    unsigned sw = src.getIntOrFloatBitWidth(), dw = dstInt.getWidth();
    if (sw > dw)
      return bld.convert<arith::TruncIOp>(v, dst);
    // Bool and unsigned integers zero-extend, signed ones sign-extend.
    if (readsUnsigned(from))
      return bld.convert<arith::ExtUIOp>(v, dst);
    return bld.convert<arith::ExtSIOp>(v, dst);
  }
  auto dstF = cast<FloatType>(dst);
  if (auto ft = dyn_cast<FloatType>(src))
    return floatToFloat(bld, v, dstF);
  // Integers: an 8-bit float goes through f32, which is exact for every
  // integer below 2^24; any larger one saturates either way. bf16 computed
  // in f32 goes through the narrowest float that holds the integer exactly
  // (f32 up to 16 bits, f64 up to 32), then rounds once; a 64-bit integer
  // past 2^53 rounds twice (docs/Lowering.md, "Lowering to arith").
  Type via = dstF;
  if (isFp8Type(dstF))
    via = bld.b.getF32Type();
  else if (computesInF32(bld, dstF))
    via = src.getIntOrFloatBitWidth() <= 16 ? Type(bld.b.getF32Type())
                                            : Type(bld.b.getF64Type());
  Value f = readsUnsigned(from) ? bld.convert<arith::UIToFPOp>(v, via)
                                : bld.convert<arith::SIToFPOp>(v, via);
  return floatToFloat(bld, f, dstF);
}

} // namespace

//===----------------------------------------------------------------------===//
// The elementwise ops
//===----------------------------------------------------------------------===//

namespace {

/// `fn` on float operands; 8-bit floats (and bf16, on request) are computed in
/// f32 (every 8-bit value widens exactly) and rounded back once, saturating
/// (docs/Semantics.md#8-bit-floats). With `saturateOverflow`, an infinite f32
/// result of finite operands (f32 overflowed where the folder's binary64 did
/// not, e.g. exp2(200)) is a finite overflow and saturates the 8-bit float too;
/// `poleAtZero` excludes a zero first operand (pow(0, -1) is an exact
/// infinity).
Value floatCompute(Builder &bld, ArrayRef<Value> xs,
                   llvm::function_ref<Value(ArrayRef<Value>)> fn,
                   bool saturateOverflow = false, bool poleAtZero = false) {
  auto elt = cast<FloatType>(Builder::eltOf(xs[0]));
  if (!computesInF32(bld, elt))
    return fn(xs);
  Type f32 = bld.b.getF32Type();
  SmallVector<Value, 2> wide;
  for (Value x : xs)
    wide.push_back(bld.convert<arith::ExtFOp>(x, f32));
  Value r = fn(wide);
  // f32 has more than twice bf16's precision plus two bits, so rounding
  // the f32 result of +, -, *, / or sqrt once more to bf16 is the correctly
  // rounded bf16 result (no double-rounding error); bf16 overflows to an
  // infinity, as f32 does.
  if (!isFp8Type(elt))
    return bld.convert<arith::TruncFOp>(r, elt);
  if (saturateOverflow) {
    Value ordered = bld.cmpf(arith::CmpFPredicate::ORD, r, r);
    Value finite = bld.isFinite(r);
    Value yes = bld.boolConst(r, true);
    Value notFinite = arith::XOrIOp::create(bld.b, bld.loc, finite, yes);
    Value overflow = bld.andi(ordered, notFinite); // An infinity...
    for (Value x : wide) {
      Value xFinite = bld.isFinite(x);
      overflow = bld.andi(overflow, xFinite); // ... of finite operands.
    }
    if (poleAtZero) {
      Value zero =
          bld.floatConst(r, f32, APFloat::getZero(APFloat::IEEEsingle()));
      Value nonZero = bld.cmpf(arith::CmpFPredicate::UNE, wide[0], zero);
      overflow = bld.andi(overflow, nonZero);
    }
    APFloat big = APFloat::getLargest(APFloat::IEEEsingle());
    APFloat negBig = APFloat::getLargest(APFloat::IEEEsingle(), true);
    Value negative = bld.signBit(r);
    Value negBigV = bld.floatConst(r, f32, negBig);
    Value bigV = bld.floatConst(r, f32, big);
    Value sat = bld.select(negative, negBigV, bigV);
    r = bld.select(overflow, sat, r);
  }
  return truncToFp8(bld, r, elt);
}

/// Operands of an 8-bit float (or bf16, on request) widened to f32 (exact),
/// for comparisons.
SmallVector<Value, 2> widenFp8(Builder &bld, ArrayRef<Value> xs) {
  SmallVector<Value, 2> r(xs);
  for (Value &x : r)
    if (computesInF32(bld, Builder::eltOf(x)))
      x = bld.convert<arith::ExtFOp>(x, bld.b.getF32Type());
  return r;
}

/// Tolk's float max: the greater operand, the non-NaN one when one is NaN,
/// the first when both are, and -0.0 < +0.0. The first operand is kept when
/// it is greater, when the second is a NaN, or when they compare equal and
/// the second is negative (the only equal pair that differs is -0.0/+0.0).
Value floatMax(Builder &bld, Value x, Value y) {
  Value greater = bld.cmpf(arith::CmpFPredicate::OGT, x, y);
  Value yNaN = bld.cmpf(arith::CmpFPredicate::UNO, y, y);
  Value equal = bld.cmpf(arith::CmpFPredicate::OEQ, x, y);
  Value yNegative = bld.signBit(y);
  Value zeros = bld.andi(equal, yNegative);
  Value keepX = bld.ori(greater, yNaN);
  keepX = bld.ori(keepX, zeros);
  return bld.select(keepX, x, y);
}

/// Tolk's shifts: the count is unsigned, and a count at or past the width
/// gives 0 (shl, unsigned shr) or the sign fill (signed shr). The count is
/// clamped to width - 1 first, so arith's shift is never poison.
Value shift(Builder &bld, bool left, bool isSigned, Value x, Value n) {
  Type t = Builder::eltOf(x);
  unsigned w = t.getIntOrFloatBitWidth();
  Value last = bld.intConst(x, t, w - 1);
  Value clamped = arith::MinUIOp::create(bld.b, bld.loc, n, last);
  if (!left && isSigned)
    return arith::ShRSIOp::create(bld.b, bld.loc, x, clamped);
  Value r = left ? Value(arith::ShLIOp::create(bld.b, bld.loc, x, clamped))
                 : Value(arith::ShRUIOp::create(bld.b, bld.loc, x, clamped));
  Value width = bld.intConst(x, t, w);
  Value inRange = bld.cmpi(arith::CmpIPredicate::ult, n, width);
  Value zero = bld.intConst(x, t, 0);
  return bld.select(inRange, r, zero);
}

/// Division rounding towards zero. LLVM's division is UB for a zero divisor
/// and for INT_MIN / -1; both divide by 1 instead, which gives INT_MIN for
/// the latter (the wrapped quotient) and the dividend for a zero divisor
/// (undefined in Tolk: any value will do, and this one is cheap).
Value truncDiv(Builder &bld, bool isSigned, Value x, Value y) {
  Type t = Builder::eltOf(x);
  unsigned w = t.getIntOrFloatBitWidth();
  Value one = bld.intConst(x, t, 1);
  Value zero = bld.intConst(x, t, 0);
  Value bad = bld.cmpi(arith::CmpIPredicate::eq, y, zero);
  if (isSigned) {
    Value intMin = bld.intConst(x, t, APInt::getSignedMinValue(w));
    Value minX = bld.cmpi(arith::CmpIPredicate::eq, x, intMin);
    Value allOnes = bld.intConst(x, t, -1);
    Value minusOne = bld.cmpi(arith::CmpIPredicate::eq, y, allOnes);
    Value overflow = bld.andi(minX, minusOne);
    bad = bld.ori(bad, overflow);
  }
  Value d = bld.select(bad, one, y);
  if (isSigned)
    return arith::DivSIOp::create(bld.b, bld.loc, x, d);
  return arith::DivUIOp::create(bld.b, bld.loc, x, d);
}

/// x^n modulo 2^w with n read as unsigned (as a shift count is): math.ipowi is
/// signed, so n is first reduced below 2^(w-1). For n >= w, an even x gives 0
/// and an odd x has an order dividing 2^(w-2), so n may be replaced by
/// w + ((n - w) mod 2^(w-2)) (docs/Rationale.md, "Decomposition and the C++
/// builder").
/// A negative exponent of a signed type, which the folder leaves undefined
/// (docs/Semantics.md#pow), thereby computes x^(n + 2^w).
Value intPow(Builder &bld, Value x, Value n) {
  Type t = Builder::eltOf(x);
  unsigned w = t.getIntOrFloatBitWidth();
  Value wc = bld.intConst(x, t, w);
  Value mask = bld.intConst(x, t, APInt::getLowBitsSet(w, w - 2));
  Value past = arith::SubIOp::create(bld.b, bld.loc, n, wc);
  Value rem = bld.andi(past, mask);
  Value reduced = arith::AddIOp::create(bld.b, bld.loc, wc, rem);
  Value small = bld.cmpi(arith::CmpIPredicate::ult, n, wc);
  Value e = bld.select(small, n, reduced);
  return math::IPowIOp::create(bld.b, bld.loc, x, e);
}

/// The complex constant (re, im) of complex type `type`.
Value complexConst(Builder &bld, ComplexType type, const APFloat &re,
                   const APFloat &im) {
  Type part = type.getElementType();
  auto attr = bld.b.getArrayAttr(
      {FloatAttr::get(part, re), FloatAttr::get(part, im)});
  return complex::ConstantOp::create(bld.b, bld.loc, type, attr);
}

/// A primitive op on complex scalars: the complex dialect's op, which
/// complex-to-standard expands as the folder computes it (lib/Dtype/Alu.cpp).
Value lowerComplex(Operation *op, Builder &bld, ArrayRef<Value> x) {
  using namespace tolk;
  OpBuilder &b = bld.b;
  Location loc = bld.loc;
  if (isa<AddOp>(op))
    return complex::AddOp::create(b, loc, x[0], x[1]);
  if (isa<MulOp>(op))
    return complex::MulOp::create(b, loc, x[0], x[1]);
  if (isa<DivOp>(op))
    return complex::DivOp::create(b, loc, x[0], x[1]);
  if (isa<NegOp>(op))
    return complex::NegOp::create(b, loc, x[0]);
  if (isa<CmpEqOp>(op))
    return complex::EqualOp::create(b, loc, x[0], x[1]);
  if (isa<ReciprocalOp>(op)) {
    // (1, +0) / x, as the folder's reciprocal of a complex number.
    auto type = cast<ComplexType>(x[0].getType());
    const llvm::fltSemantics &sem =
        cast<FloatType>(type.getElementType()).getFloatSemantics();
    Value one =
        complexConst(bld, type, APFloat::getOne(sem), APFloat::getZero(sem));
    return complex::DivOp::create(b, loc, one, x[0]);
  }
  if (isa<WhereOp>(op))
    return bld.select(x[0], x[1], x[2]);
  llvm_unreachable("the verifier rejects this op on complex numbers");
}

/// The lowering of one primitive elementwise op whose operands (converted,
/// and splat to the result's shape) compute in data type `dt`.
Value lowerElementwise(Operation *op, Builder &bld, DType dt,
                       ArrayRef<Value> x) {
  using namespace tolk;
  if (dtype::isComplex(dt))
    return lowerComplex(op, bld, x);
  using P = arith::CmpIPredicate;
  using FP = arith::CmpFPredicate;
  OpBuilder &b = bld.b;
  Location loc = bld.loc;
  bool isBool = dtype::isBool(dt);
  bool isFloat = dtype::isFloat(dt);
  bool isSigned = !isBool && !isFloat && !dtype::isUnsigned(dt);

  auto binary = [&](auto tag, ArrayRef<Value> xs) -> Value {
    using OpTy = decltype(tag);
    return OpTy::create(b, loc, xs[0], xs[1]);
  };
  auto floatBinary = [&](auto tag) {
    return floatCompute(bld, x,
                        [&](ArrayRef<Value> xs) { return binary(tag, xs); });
  };

  if (isa<AddOp>(op)) {
    // On Bool, add is or (arith.addi on i1 would be xor).
    if (isBool)
      return bld.ori(x[0], x[1]);
    if (isFloat)
      return floatBinary(arith::AddFOp());
    return binary(arith::AddIOp(), x);
  }
  if (isa<MulOp>(op)) {
    if (isBool)
      return bld.andi(x[0], x[1]);
    if (isFloat)
      return floatBinary(arith::MulFOp());
    return binary(arith::MulIOp(), x);
  }
  if (isa<CmpLtOp, CmpEqOp>(op)) {
    bool lt = isa<CmpLtOp>(op);
    if (isFloat) {
      SmallVector<Value, 2> w = widenFp8(bld, x);
      return bld.cmpf(lt ? FP::OLT : FP::OEQ, w[0], w[1]);
    }
    // Bool orders false < true: unsigned.
    return bld.cmpi(lt ? (isSigned ? P::slt : P::ult) : P::eq, x[0], x[1]);
  }
  if (isa<MaxOp>(op)) {
    if (isBool)
      return bld.ori(x[0], x[1]);
    if (isFloat)
      return floatCompute(bld, x, [&](ArrayRef<Value> xs) {
        return floatMax(bld, xs[0], xs[1]);
      });
    if (isSigned)
      return binary(arith::MaxSIOp(), x);
    return binary(arith::MaxUIOp(), x);
  }
  if (isa<AndOp>(op))
    return bld.andi(x[0], x[1]);
  if (isa<OrOp>(op))
    return bld.ori(x[0], x[1]);
  if (isa<XorOp>(op))
    return binary(arith::XOrIOp(), x);
  if (isa<ShlOp, ShrOp>(op))
    return shift(bld, isa<ShlOp>(op), isSigned, x[0], x[1]);
  if (isa<TruncDivOp>(op))
    return truncDiv(bld, isSigned, x[0], x[1]);
  if (isa<PowOp>(op)) {
    if (isBool) { // x^n on {0, 1}: x or n == 0.
      Value yes = bld.boolConst(x[1], true);
      Value zeroExp = arith::XOrIOp::create(b, loc, x[1], yes);
      return bld.ori(x[0], zeroExp);
    }
    if (!isFloat)
      return intPow(bld, x[0], x[1]);
    return floatCompute(
        bld, x, [&](ArrayRef<Value> xs) { return binary(math::PowFOp(), xs); },
        /*saturateOverflow=*/true, /*poleAtZero=*/true);
  }
  if (isa<ReciprocalOp>(op))
    return floatCompute(bld, x, [&](ArrayRef<Value> xs) -> Value {
      auto ft = cast<FloatType>(Builder::eltOf(xs[0]));
      Value one =
          bld.floatConst(xs[0], ft, APFloat::getOne(ft.getFloatSemantics()));
      return arith::DivFOp::create(b, loc, one, xs[0]);
    });
  auto unary = [&](auto tag, bool saturateOverflow = false) {
    using OpTy = decltype(tag);
    return floatCompute(
        bld, x,
        [&](ArrayRef<Value> xs) -> Value {
          return OpTy::create(b, loc, xs[0]);
        },
        saturateOverflow);
  };
  if (isa<TruncOp>(op))
    return isFloat ? unary(math::TruncOp()) : x[0];
  if (isa<SqrtOp>(op))
    return unary(math::SqrtOp());
  if (isa<Exp2Op>(op))
    return unary(math::Exp2Op(), /*saturateOverflow=*/true);
  if (isa<Log2Op>(op))
    return unary(math::Log2Op());
  if (isa<WhereOp>(op)) {
    // An 8-bit float from memory may hold a NaN code the folder has not.
    Value r = bld.select(x[0], x[1], x[2]);
    return isFp8Type(Builder::eltOf(r)) ? canonicalFp8NaN(bld, r) : r;
  }
  llvm_unreachable("not a primitive elementwise op");
}

/// True for the primitive elementwise ops this conversion lowers.
bool isPrimitive(Operation *op) { return tolk::isPrimitiveOp(op); }

/// True for the derived ops, which --tolk-decompose removes.
bool isDerived(Operation *op) { return tolk::isDerivedOp(op); }

/// True for the value ops this conversion lowers: the primitives, constants
/// and conversions (the dialect's kernel ops are TolkToGPU's).
bool isValueOp(Operation *op) {
  return isPrimitive(op) ||
         isa<tolk::ConstOp, tolk::CastOp, tolk::BitcastOp>(op);
}

} // namespace

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// The data type an op computes in: its first operand's (a where's arms').
std::optional<DType> computeDType(Operation *op) {
  unsigned i = isa<tolk::WhereOp>(op) ? 1 : 0;
  std::optional<tolk::ElementwiseType> t =
      tolk::classify(op->getOperand(i).getType());
  if (!t)
    return std::nullopt;
  return t->dtype;
}

/// A primitive elementwise op (tolk::OpTrait::Primitive): its operands
/// converted and splat to the result's shape (but a where's condition, which
/// arith.select takes as a scalar too), then lowerElementwise.
struct ElementwiseLowering : public ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx,
                      bool bf16InF32)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          ctx),
        bf16InF32(bf16InF32) {}
  bool bf16InF32;

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> in,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isPrimitive(op))
      return failure();
    Type resultType =
        getTypeConverter()->convertType(op->getResult(0).getType());
    std::optional<DType> dt = computeDType(op);
    if (!resultType || !dt)
      return rewriter.notifyMatchFailure(op, "no arith type");
    Builder bld{rewriter, op->getLoc(), bf16InF32};
    // A value of the result's shape, to splat scalars like.
    Value like;
    for (Value v : in)
      if (v.getType() == Builder::withElt(resultType, Builder::eltOf(v)) &&
          isa<ShapedType>(v.getType()))
        like = v;
    SmallVector<Value, 3> operands;
    for (auto [i, operand] : llvm::enumerate(in)) {
      Value v = operand;
      bool cond = isa<tolk::WhereOp>(op) && i == 0;
      if (like && !isa<ShapedType>(v.getType()) && !cond)
        v = bld.splatLike(v, like);
      operands.push_back(v);
    }
    Value r = lowerElementwise(op, bld, *dt, operands);
    if (r.getType() != resultType)
      return rewriter.notifyMatchFailure(op, "unexpected result type");
    rewriter.replaceOp(op, r);
    return success();
  }
};

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
    Type elt = getElementTypeOrSelf(type);
    const tolk::dtype::Const &c = op.getValue().getValue();
    if (auto ct = dyn_cast<ComplexType>(type)) {
      Builder bld{rewriter, op.getLoc()};
      const llvm::fltSemantics &sem =
          cast<FloatType>(ct.getElementType()).getFloatSemantics();
      APFloat re = APFloat::getZero(sem), im = re;
      if (!c.isInvalid()) {
        re = c.value().getComplex().re;
        im = c.value().getComplex().im;
      }
      rewriter.replaceOp(op, complexConst(bld, ct, re, im));
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

/// A conversion from or to a complex scalar type (docs/Semantics.md#const):
/// a real value becomes (x, +0), each part converts as its component type
/// does, and a complex value gives a real type its real part (an integer
/// through it) and Bool the nonzero-ness of either part.
Value convertComplex(Builder &bld, Value v, DType from, DType to, Type dst) {
  using tolk::dtype::componentType;
  using tolk::dtype::isComplex;
  OpBuilder &b = bld.b;
  Location loc = bld.loc;
  if (!isComplex(from)) {
    auto type = cast<ComplexType>(dst);
    auto part = cast<FloatType>(type.getElementType());
    Value re = convertValue(bld, v, from, *componentType(to), part);
    Value im = bld.floatConst(re, part,
                              APFloat::getZero(part.getFloatSemantics()));
    return complex::CreateOp::create(b, loc, type, re, im);
  }
  DType fromPart = *componentType(from);
  Value re = complex::ReOp::create(b, loc, v);
  Value im = complex::ImOp::create(b, loc, v);
  if (isComplex(to)) {
    auto type = cast<ComplexType>(dst);
    Type part = type.getElementType();
    DType toPart = *componentType(to);
    Value r = convertValue(bld, re, fromPart, toPart, part);
    Value i = convertValue(bld, im, fromPart, toPart, part);
    return complex::CreateOp::create(b, loc, type, r, i);
  }
  if (tolk::dtype::isBool(to)) {
    Value reNonZero = convertValue(bld, re, fromPart, to, dst);
    Value imNonZero = convertValue(bld, im, fromPart, to, dst);
    return bld.ori(reNonZero, imNonZero);
  }
  return convertValue(bld, re, fromPart, to, dst);
}

/// The storage bits of a complex scalar (its real part in the low half) as
/// an integer, and back: complex values have no arith.bitcast.
Value complexToBits(Builder &bld, Value v) {
  auto part = cast<FloatType>(cast<ComplexType>(v.getType()).getElementType());
  unsigned w = part.getWidth();
  Type partInt = bld.b.getIntegerType(w), whole = bld.b.getIntegerType(2 * w);
  auto bits = [&](Value x) {
    Value i = bld.convert<arith::BitcastOp>(x, partInt);
    return bld.convert<arith::ExtUIOp>(i, whole);
  };
  Value re = bits(complex::ReOp::create(bld.b, bld.loc, v));
  Value im = bits(complex::ImOp::create(bld.b, bld.loc, v));
  Value high = arith::ShLIOp::create(bld.b, bld.loc, im,
                                     bld.intConst(im, whole, w));
  return bld.ori(high, re);
}
Value complexFromBits(Builder &bld, Value bits, ComplexType type) {
  auto part = cast<FloatType>(type.getElementType());
  unsigned w = part.getWidth();
  Type partInt = bld.b.getIntegerType(w);
  Value low = bld.convert<arith::TruncIOp>(bits, partInt);
  Value shifted = arith::ShRUIOp::create(
      bld.b, bld.loc, bits, bld.intConst(bits, bits.getType(), w));
  Value high = bld.convert<arith::TruncIOp>(shifted, partInt);
  Value re = bld.convert<arith::BitcastOp>(low, part);
  Value im = bld.convert<arith::BitcastOp>(high, part);
  return complex::CreateOp::create(bld.b, bld.loc, type, re, im);
}

/// tolk.cast: convertValue, after the lane rules of
/// docs/Semantics.md#lanes-and-shapes (lanes into a scalar keep lane 0; a
/// scalar into lanes broadcasts after the conversion).
struct CastLowering : public OpConversionPattern<tolk::CastOp> {
  CastLowering(const TypeConverter &converter, MLIRContext *ctx,
               bool bf16InF32)
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
    Builder bld{rewriter, op.getLoc(), bf16InF32};
    Value v = adaptor.getInput();
    if (isa<VectorType>(v.getType()) && !isa<ShapedType>(type))
      v = vector::ExtractOp::create(rewriter, op.getLoc(), v,
                                    ArrayRef<int64_t>{0});
    if (tolk::dtype::isComplex(in->dtype) || tolk::dtype::isComplex(out->dtype))
      v = convertComplex(bld, v, in->dtype, out->dtype, type);
    else
      v = convertValue(bld, v, in->dtype, out->dtype,
                       getElementTypeOrSelf(type));
    if (auto vec = dyn_cast<VectorType>(type); vec && v.getType() != type)
      v = vector::BroadcastOp::create(rewriter, op.getLoc(), vec, v);
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
    Builder bld{rewriter, op.getLoc()};
    Value v = adaptor.getInput();
    Type src = Builder::eltOf(v), dst = getElementTypeOrSelf(type);
    Type i8 = rewriter.getI8Type();
    if (isa<ComplexType>(src) || isa<ComplexType>(dst)) {
      if (src == dst) {
        rewriter.replaceOp(op, v);
        return success();
      }
      // Through the integer of the storage's width.
      if (auto c = dyn_cast<ComplexType>(src))
        v = complexToBits(bld, v);
      else
        v = bld.convert<arith::BitcastOp>(
            v, rewriter.getIntegerType(src.getIntOrFloatBitWidth()));
      if (auto c = dyn_cast<ComplexType>(dst))
        v = complexFromBits(bld, v, c);
      else if (v.getType() != dst)
        v = bld.convert<arith::BitcastOp>(v, dst);
      rewriter.replaceOp(op, v);
      return success();
    }
    if (isFp8Type(src))
      v = canonicalFp8NaN(bld, v);
    if (src == dst) {
      rewriter.replaceOp(op, v);
      return success();
    }
    if (src.isInteger(1)) {
      v = bld.convert<arith::ExtUIOp>(v, i8);
      if (dst != i8)
        v = bld.convert<arith::BitcastOp>(v, dst);
    } else if (dst.isInteger(1)) {
      if (src != i8)
        v = bld.convert<arith::BitcastOp>(v, i8);
      v = bld.cmpi(arith::CmpIPredicate::ne, v, bld.intConst(v, i8, 0));
    } else {
      v = bld.convert<arith::BitcastOp>(v, dst);
    }
    if (isFp8Type(dst) && !src.isInteger(1)) // 0 and 1 are no NaN codes.
      v = canonicalFp8NaN(bld, v);
    rewriter.replaceOp(op, v);
    return success();
  }
};

/// An op of arith, vector or tensor that carries Tolk's signed or unsigned
/// integer types: the same op on signless integers. Upstream folders make
/// them from Tolk values (vector.from_elements of two tolk.const folds to an
/// arith.constant of vector<2xsi8>); none of these ops depends on
/// signedness (arith's other ops verify signless operands), so only
/// arith.constant's attribute needs a new type, and its bits stay.
struct SignlessUpstreamOp : public ConversionPattern {
  SignlessUpstreamOp(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, vector::VectorDialect,
             tensor::TensorDialect>(op->getDialect()))
      return failure();
    // An op with regions would need its blocks' types converted too; none
    // of the ops the folders build has one.
    if (op->getNumRegions() != 0 || getTypeConverter()->isLegal(op))
      return rewriter.notifyMatchFailure(op, "nothing to convert");
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "no signless type");
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      TypedAttr value = constant.getValue();
      Type elt = getElementTypeOrSelf(types[0]);
      if (auto i = dyn_cast<IntegerAttr>(value))
        value = IntegerAttr::get(types[0], i.getValue());
      else if (auto dense = dyn_cast<DenseIntElementsAttr>(value))
        value = dense.bitcast(elt);
      else
        return rewriter.notifyMatchFailure(op, "unknown constant attribute");
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
      return success();
    }
    OperationState state(op->getLoc(), op->getName(), operands, types,
                         op->getAttrs(), op->getSuccessors());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

} // namespace

void tolk::populateTolkToArithConversionPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns,
                                                 bool bf16InF32) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ConstLowering, BitcastLowering, SignlessUpstreamOp>(converter,
                                                                  ctx);
  patterns.add<CastLowering, ElementwiseLowering>(converter, ctx, bf16InF32);
}

void tolk::addSignlessUpstreamLegality(ConversionTarget &target,
                                       const TypeConverter &converter) {
  target.addDynamicallyLegalDialect<arith::ArithDialect, vector::VectorDialect,
                                    tensor::TensorDialect>(
      [&converter](Operation *op) { return converter.isLegal(op); });
}

//===----------------------------------------------------------------------===//
// Input checks
//===----------------------------------------------------------------------===//

/// The weak type in `t` (a scalar, lanes or a tensor of it), if any.
static bool isWeakType(Type t) {
  return isa<tolk::WeakIntType, tolk::WeakFloatType>(getElementTypeOrSelf(t));
}

/// Checks one tolk op; emits the diagnostic and fails if it cannot be
/// lowered.
static LogicalResult checkTolkOp(Operation *op) {
  auto types =
      llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes());
  for (Type t : types)
    if (isWeakType(t))
      return tolk::emitOpErrorAtKnownLocation(op, "has the weak type ")
             << t
             << ", which has no arith lowering: run --tolk-commit-weak "
                "first";
  if (isDerived(op))
    return tolk::emitOpErrorAtKnownLocation(
        op, "is a derived op, which has no arith lowering: "
            "run --tolk-decompose first");
  if (!isValueOp(op))
    return success(); // Not a value op (kernel ops): not ours.
  bool conversion = isa<tolk::CastOp, tolk::BitcastOp>(op);
  for (Type t : types) {
    // The storage helpers convert (as unsigned integers) but take no
    // arithmetic, which the verifier already rejects.
    std::optional<tolk::ElementwiseType> et = tolk::classify(t);
    bool storage =
        et && (et->dtype == DType::Uint128 || et->dtype == DType::Uint256);
    if (!et ||
        !(tolk::dtype::isBool(et->dtype) || tolk::dtype::isInt(et->dtype) ||
          tolk::dtype::isFloat(et->dtype) ||
          tolk::dtype::isComplex(et->dtype) || (storage && !isPrimitive(op))))
      return tolk::emitOpErrorAtKnownLocation(
                 op, "has no arith lowering for the type ")
             << t;
    // The complex dialect computes on scalars: tensors of complex numbers
    // are kernelized into loops over them first.
    if (tolk::dtype::isComplex(et->dtype) && isa<ShapedType>(t))
      return tolk::emitOpErrorAtKnownLocation(
                 op, "has no arith lowering for ")
             << t << ", a tensor of complex numbers: run --tolk-kernelize "
                     "first";
  }
  if (auto c = dyn_cast<tolk::ConstOp>(op)) {
    auto shaped = dyn_cast<ShapedType>(c.getType());
    if (shaped && !shaped.hasStaticShape())
      return tolk::emitOpErrorAtKnownLocation(
          op, "of a dynamic shape has no arith lowering");
    return success();
  }
  if (conversion)
    return success();

  // Homogeneous data types: every value operand has the result's (the
  // operands' for a comparison, the arms' for a where).
  unsigned first = isa<tolk::WhereOp>(op) ? 1 : 0;
  DType dt = *computeDType(op);
  auto mixed = [&]() {
    InFlightDiagnostic d = tolk::emitOpErrorAtKnownLocation(
        op, "has operands of mixed data types (");
    llvm::interleaveComma(op->getOperandTypes(), d);
    d << "): run --canonicalize first";
    return d;
  };
  for (Value v : op->getOperands().drop_front(first))
    if (tolk::classify(v.getType())->dtype != dt)
      return mixed();
  bool compare = isa<tolk::CmpLtOp, tolk::CmpEqOp>(op);
  if (!compare && tolk::classify(op->getResult(0).getType())->dtype != dt)
    return mixed();

  // Shapes: a tensor result takes operands of its own shape or scalars.
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (result)
    for (Type t : op->getOperandTypes()) {
      auto tensor = dyn_cast<ShapedType>(t);
      if (tensor && tensor.getShape() != result.getShape())
        return tolk::emitOpErrorAtKnownLocation(op, "broadcasts ")
               << t << " to " << result
               << ": broadcast tensors are lowered by kernelization";
    }
  return success();
}

LogicalResult tolk::checkTolkToArithInput(Operation *root) {
  bool ok = true;
  root->walk([&](Operation *op) {
    if (isa_and_present<TolkDialect>(op->getDialect())) {
      ok &= succeeded(checkTolkOp(op));
      return;
    }
    // Other ops (functions, calls, returns) carry values whose types the
    // conversion rewrites: a weak one has no arith type.
    auto weak = [&](Type t) {
      if (!isWeakType(t))
        return false;
      tolk::emitOpErrorAtKnownLocation(op, "has the weak type ")
          << t
          << ", which has no arith lowering: run --tolk-commit-weak "
             "first";
      ok = false;
      return true;
    };
    for (Type t : op->getResultTypes())
      if (weak(t))
        return;
    for (Region &r : op->getRegions())
      for (Block &block : r)
        for (BlockArgument a : block.getArguments())
          if (weak(a.getType()))
            return;
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertTolkToArithPass
    : public tolk::impl::ConvertTolkToArithBase<ConvertTolkToArithPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(tolk::checkTolkToArithInput(root)))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    tolk::TolkToArithTypeConverter converter;
    RewritePatternSet patterns(ctx);
    tolk::populateTolkToArithConversionPatterns(converter, patterns,
                                                bf16InF32);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*ctx);
    target.addLegalDialect<complex::ComplexDialect, math::MathDialect>();
    tolk::addSignlessUpstreamLegality(target, converter);
    // Every value op of the dialect; its other ops (kernels) stay.
    target.addDynamicallyLegalDialect<tolk::TolkDialect>(
        [](Operation *op) { return !isValueOp(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

//===- Cast.cpp - Constants of a data type, storage, bitcast --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `const`, `truncate`, `storage_fmt`, `to_storage_scalar`,
// `from_storage_scalar` and `bitcast` (docs/Semantics.md#const,
// docs/Semantics.md#truncate, docs/Semantics.md#storage,
// docs/Semantics.md#bitcast). The float formats' rounding and encoding live
// in FloatFormats.cpp; this file applies those rules per data type on top of
// them.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Cast.h"

#include "BigInt.h"

#include "FloatFormats.h"

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <cmath>

using namespace tolk::dtype;
using namespace tolk::dtype::detail;
using llvm::APInt;

static llvm::Error invalidArgument(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// The value as lib/Dtype prints it (docs/Semantics.md#printing), for error
/// messages.
static std::string describe(const Value &v) { return ppConst(Const(v)); }

//===----------------------------------------------------------------------===//
// Integers of known width
//===----------------------------------------------------------------------===//

namespace {
struct IntFormat {
  unsigned bits;
  bool isSigned;
};
} // namespace

/// The width and signedness of an integer of known width: the ints
/// (docs/Semantics.md#groups), and the storage helpers Uint128/Uint256 as
/// unsigned integers of their width. None for anything else (WeakInt included).
static std::optional<IntFormat> intFormat(DType dt) {
  if (dt == DType::Uint128 || dt == DType::Uint256)
    return IntFormat{bitsize(dt), false};
  if (mem(dt, ints()))
    return IntFormat{bitsize(dt), !isUnsigned(dt)};
  return std::nullopt;
}

/// i wrapped to the width in two's complement (modulo 2^bits).
static llvm::DynamicAPInt wrap(const llvm::DynamicAPInt &i, IntFormat f) {
  // The common case, an i that fits 64 bits and a width of at most 64 bits,
  // in machine integers: the same residue without the APInt round trip
  // (every integer fold and Dtype.const of an integer goes through here).
  if (f.bits <= 64 && fitsInt64(i)) {
    uint64_t u = static_cast<uint64_t>(static_cast<int64_t>(i));
    if (f.bits < 64)
      u &= (uint64_t(1) << f.bits) - 1;
    if (!f.isSigned)
      return fromAPInt(APInt(64, u), /*isSigned=*/false);
    if (f.bits < 64 && (u >> (f.bits - 1)) != 0)
      u |= ~uint64_t(0) << f.bits; // Sign-extend a negative residue.
    return llvm::DynamicAPInt(static_cast<int64_t>(u));
  }
  return fromAPInt(toAPInt(i, f.bits), f.isSigned);
}

static mpz_class intMin(IntFormat f) {
  if (!f.isSigned)
    return 0;
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 2, f.bits - 1);
  return -r;
}

static mpz_class intMax(IntFormat f) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 2, f.isSigned ? f.bits - 1 : f.bits);
  return r - 1;
}

/// A finite double rounded towards zero, exactly (a double's integer part is
/// an integer GMP holds exactly, however large).
static mpz_class truncToInteger(Float x) {
  assert(x.isFinite());
  mpz_class r;
  mpz_set_d(r.get_mpz_t(), x.toDouble());
  return r;
}

/// A finite binary128 number rounded towards zero, exactly. Its magnitude is
/// below 2^16384, so 16386 bits hold the integer and its sign.
static mpz_class truncToInteger(const llvm::APFloat &q) {
  assert(q.isFinite());
  llvm::APSInt r(16386, /*isUnsigned=*/false);
  bool isExact = false;
  q.convertToInteger(r, llvm::APFloat::rmTowardZero, &isExact);
  return mpzFromAPInt(r, /*isSigned=*/true);
}

/// The value v as a complex value of the complex type dt: each part (a real
/// v's imaginary part is +0.0) converted by `convert` to the component type.
template <typename Convert>
static llvm::Expected<Value> toComplex(DType dt, const Value &v,
                                       Convert convert) {
  DType part = *componentType(dt);
  const llvm::fltSemantics &sem = *semantics(part);
  auto [re, im] = complexParts(v);
  llvm::Expected<Value> r = convert(part, re);
  if (!r)
    return r.takeError();
  llvm::Expected<Value> i = convert(part, im);
  if (!i)
    return i.takeError();
  return Value::ofComplex(toComponent(sem, *r), toComponent(sem, *i));
}

//===----------------------------------------------------------------------===//
// const and truncate
//===----------------------------------------------------------------------===//

llvm::Expected<Const> tolk::dtype::makeConst(DType dt, const Const &c) {
  if (c.isInvalid())
    return c;
  const Value &v = c.value();
  // Project decision: Void has no value, so no constant of it exists.
  if (dt == DType::Void)
    return invalidArgument("const: " + toString(dt) + " has no value (got " +
                           describe(v) + ")");
  if (const FloatFormat *f = floatFormat(dt)) {
    // NaNs keep sign and payload (signalling ones too) in 16 bits or more;
    // the 8-bit formats follow truncate, which roundValue does for them.
    return Const(Value::ofFloat(roundValue(*f, v, NaNMode::Keep).value));
  }
  if (dt == DType::WeakFloat) {
    // WeakFloat's values are doubles: a Float is itself, payload and all.
    if (v.isFloat())
      return Const(v);
    return Const(
        Value::ofFloat(roundValue(doubleFormat(), v, NaNMode::Keep).value));
  }
  if (dt == DType::Bool)
    return Const(Value::ofBool(v.isNonZero()));
  if (dt == DType::Float128)
    return Const(Value::ofFloat128(roundToQuad(v, NaNMode::Keep).value));
  if (isComplex(dt)) {
    llvm::Expected<Value> r = toComplex(
        dt, v, [](DType part, const Value &x) -> llvm::Expected<Value> {
          llvm::Expected<Const> c = makeConst(part, Const(x));
          if (!c)
            return c.takeError();
          return c->value();
        });
    if (!r)
      return r.takeError();
    return Const(std::move(*r));
  }

  // An integer: WeakInt or one of known width. A complex value goes through
  // its real part.
  std::optional<IntFormat> f = intFormat(dt);
  assert((f || dt == DType::WeakInt) && "every data type is covered");
  std::optional<Value> realOfComplex;
  if (v.isComplex())
    realOfComplex = realPart(v);
  const Value &real = realOfComplex ? *realOfComplex : v;
  // A NaN is 0 and an infinity the bound of its sign; WeakInt has neither.
  auto nonFinite = [&](bool nan, bool negative) -> llvm::Expected<Const> {
    if (!f)
      return invalidArgument("const: " + describe(v) + " has no value as " +
                             toString(dt));
    if (nan)
      return Const(Value::ofInt(0));
    return Const(intValue(negative ? intMin(*f) : intMax(*f)));
  };
  llvm::DynamicAPInt i;
  if (real.isFloat()) {
    Float x = real.getFloat();
    if (!x.isFinite())
      return nonFinite(x.isNaN(), x.isNegative());
    i = fromMpz(truncToInteger(x));
  } else if (real.isFloat128()) {
    const llvm::APFloat &x = real.getFloat128();
    if (!x.isFinite())
      return nonFinite(x.isNaN(), x.isNegative());
    i = fromMpz(truncToInteger(x));
  } else {
    i = real.toInteger();
  }
  if (f)
    i = wrap(i, *f);
  return Const(Value::ofInt(std::move(i)));
}

llvm::Expected<Value> tolk::dtype::truncate(DType dt, const Value &v) {
  if (dt == DType::Void)
    return invalidArgument("truncate: " + toString(dt) + " has no value (got " +
                           describe(v) + ")");
  if (isWeak(dt))
    return v;
  if (const FloatFormat *f = floatFormat(dt))
    return Value::ofFloat(roundValue(*f, v, NaNMode::Quiet).value);
  if (dt == DType::Bool)
    return Value::ofBool(v.isNonZero());
  if (dt == DType::Float128)
    return Value::ofFloat128(roundToQuad(v, NaNMode::Quiet).value);
  if (isComplex(dt))
    return toComplex(
        dt, v, [](DType part, const Value &x) { return truncate(part, x); });
  std::optional<IntFormat> f = intFormat(dt);
  assert(f && "every data type is covered");
  if (v.isFloat() || v.isFloat128() || v.isComplex())
    return invalidArgument(
        llvm::Twine("truncate: the ") +
        (v.isComplex() ? "complex " : "float ") + describe(v) +
        " cannot be truncated to the integer type " + toString(dt));
  return Value::ofInt(wrap(v.toInteger(), *f));
}

//===----------------------------------------------------------------------===//
// Storage
//===----------------------------------------------------------------------===//

std::optional<char> tolk::dtype::storageFmt(DType dt) {
  if (dt == DType::Bfloat16)
    return 'H';
  if (isFp8(dt))
    return 'B';
  return fmt(dt);
}

bool tolk::dtype::hasStorage(DType dt) {
  return storageFmt(dt) || dt == DType::Float128 || dt == DType::Complex256;
}

/// An infinity or a NaN as the double that holds it (a binary128 NaN's
/// payload top-aligned, unquieted), for a value that is not finite: a Float,
/// a Float128, or a Complex whose real part is one. None for anything else.
static std::optional<Float> nonFiniteAsDouble(const Value &v) {
  if (v.isFloat())
    return v.getFloat().isFinite() ? std::nullopt
                                   : std::optional<Float>(v.getFloat());
  if (v.isComplex())
    return nonFiniteAsDouble(realPart(v));
  if (!v.isFloat128() || v.getFloat128().isFinite())
    return std::nullopt;
  const llvm::APFloat &q = v.getFloat128();
  if (q.isInfinity())
    return Float::ofDouble(q.isNegative() ? -HUGE_VAL : HUGE_VAL);
  llvm::APFloat d = moveNaN(q, llvm::APFloat::IEEEdouble(), NaNMode::Keep);
  return Float::ofBits(d.bitcastToAPInt().getZExtValue());
}

/// The bits that store v as a value of the float format f, and whether a
/// finite v overflowed f. An infinity or a NaN goes to encode directly, which
/// keeps the sign that rounding would drop where f has no infinity (an
/// infinity stored as Fp8e4m3 is the NaN code of its sign).
static APInt storageBits(const FloatFormat &f, const Value &v, bool &overflow) {
  overflow = false;
  if (v.isFloat() && !v.getFloat().isFinite())
    return encode(f, v.getFloat());
  if (!v.isFloat())
    if (std::optional<Float> x = nonFiniteAsDouble(v))
      return encode(f, *x);
  Rounded r = roundValue(f, v, NaNMode::Keep);
  overflow = r.overflow;
  return encode(f, r.value);
}

llvm::Expected<Value> tolk::dtype::toStorageScalar(DType dt, const Value &v) {
  const FloatFormat *f = floatFormat(dt);
  if (dt == DType::Float16) {
    // Stored as 'e', a float: the value rounded to f16, NaN bits unquieted.
    return Value::ofFloat(roundValue(*f, v, NaNMode::Keep).value);
  }
  if (dt == DType::Bfloat16 || isFp8(dt)) {
    bool overflow;
    APInt bits = storageBits(*f, v, overflow);
    return Value::ofInt(fromAPInt(bits, /*isSigned=*/false));
  }
  return v;
}

llvm::Expected<Value> tolk::dtype::fromStorageScalar(DType dt, const Value &s) {
  if (dt != DType::Bfloat16 && !isFp8(dt))
    return s;
  if (!s.isInt())
    return invalidArgument("from_storage_scalar: " + toString(dt) +
                           " is stored as an integer, not " + describe(s));
  const FloatFormat &f = *floatFormat(dt);
  // The low bits of s: toAPInt reduces modulo 2^bits.
  return Value::ofFloat(decode(f, toAPInt(s.getInt(), f.layout.width)));
}

//===----------------------------------------------------------------------===//
// Bits and bitcast
//===----------------------------------------------------------------------===//

llvm::Expected<APInt> tolk::dtype::toBits(DType dt, const Value &v) {
  if (!hasStorage(dt))
    return invalidArgument("bitcast: " + toString(dt) + " has no storage");
  unsigned width = itemsize(dt) * 8;

  if (dt == DType::Float128) {
    // As f32 and f64 (docs/Semantics.md#storage): an integer past the range
    // is an error.
    RoundedQuad r = roundToQuad(v, NaNMode::Keep);
    if (r.overflow)
      return invalidArgument("bitcast: " + describe(v) +
                             " is out of the range of " + toString(dt));
    return r.value.bitcastToAPInt();
  }
  if (std::optional<DType> part = componentType(dt)) {
    // Each part stored as its component type stores it, real part first
    // (the low half of the little-endian integer).
    auto [re, im] = complexParts(v);
    llvm::Expected<APInt> lo = toBits(*part, re);
    if (!lo)
      return lo.takeError();
    llvm::Expected<APInt> hi = toBits(*part, im);
    if (!hi)
      return hi.takeError();
    return hi->zext(width).shl(width / 2) | lo->zext(width);
  }

  if (dt == DType::Bool) {
    // Bool storage holds only 0 and 1 (docs/Semantics.md#bitcast).
    if (v.isBool())
      return APInt(width, v.getBool() ? 1 : 0);
    if (v.isInt() && (v.getInt() == 0 || v.getInt() == 1))
      return APInt(width, v.getInt() == 1 ? 1 : 0);
    return invalidArgument("bitcast: " + describe(v) + " is not stored by " +
                           toString(dt) + " (only False, True, 0 and 1 are)");
  }

  if (std::optional<IntFormat> f = intFormat(dt)) {
    if (v.isFloat())
      return invalidArgument("bitcast: the float " + describe(v) +
                             " is not stored by the integer type " +
                             toString(dt));
    // A value that fits a long and the width: its bits directly, without
    // building the bounds as big integers.
    if (v.isInt() && f->bits <= 64 && fitsInt64(v.getInt())) {
      int64_t s = static_cast<int64_t>(v.getInt());
      bool inRange;
      if (f->isSigned)
        inRange = f->bits == 64 || (s >= -(int64_t(1) << (f->bits - 1)) &&
                                    s < (int64_t(1) << (f->bits - 1)));
      else
        inRange = s >= 0 && (f->bits == 64 || s < (int64_t(1) << f->bits));
      if (inRange)
        return APInt(width, static_cast<uint64_t>(s), f->isSigned);
    }
    mpz_class i = mpzInteger(v);
    if (i < intMin(*f) || i > intMax(*f))
      return invalidArgument("bitcast: " + describe(v) +
                             " is out of the range of " + toString(dt));
    return toAPInt(i, width);
  }

  const FloatFormat *f = floatFormat(dt);
  assert(f && "every data type with a storage format is covered");
  bool overflow;
  APInt bits = storageBits(*f, v, overflow);
  // Python's struct.pack('f'/'d') raises OverflowError for a finite value that
  // does not fit (docs/Semantics.md#storage: an error); 'e' goes through
  // to_storage_scalar, which overflows to an infinity, and the 8-bit formats
  // saturate.
  if (overflow && (dt == DType::Float32 || dt == DType::Float64))
    return invalidArgument("bitcast: " + describe(v) +
                           " is out of the range of " + toString(dt));
  return bits;
}

llvm::Expected<Value> tolk::dtype::fromBits(DType dt, const APInt &bits) {
  if (!hasStorage(dt))
    return invalidArgument("bitcast: " + toString(dt) + " has no storage");
  unsigned width = itemsize(dt) * 8;
  if (bits.getBitWidth() != width)
    return invalidArgument("bitcast: " + toString(dt) + " is stored in " +
                           std::to_string(width) + " bits, not " +
                           std::to_string(bits.getBitWidth()));

  if (dt == DType::Float128)
    return Value::ofFloat128(llvm::APFloat(llvm::APFloat::IEEEquad(), bits));
  if (std::optional<DType> part = componentType(dt)) {
    const llvm::fltSemantics &sem = *semantics(*part);
    return Value::ofComplex(
        llvm::APFloat(sem, bits.extractBits(width / 2, 0)),
        llvm::APFloat(sem, bits.extractBits(width / 2, width / 2)));
  }

  if (dt == DType::Bool) {
    // Tolk chooses: bits other than 0 and 1 store no Bool. Reading them as
    // nonzero-ness would break bitcast's round-trip law (2 would come back as
    // 1), so they are an error, as Bool storage of 2 is
    // (docs/Semantics.md#bitcast).
    if (bits.ugt(1))
      return invalidArgument(
          "bitcast: the bits 0x" + llvm::toString(bits, 16, /*Signed=*/false) +
          " store no " + toString(dt) + " (only 0 and 1 do)");
    return Value::ofBool(bits == 1);
  }
  if (std::optional<IntFormat> f = intFormat(dt))
    return Value::ofInt(fromAPInt(bits, f->isSigned));
  const FloatFormat *f = floatFormat(dt);
  assert(f && "every data type with a storage format is covered");
  return Value::ofFloat(decode(*f, bits));
}

llvm::Expected<Value> tolk::dtype::bitcast(DType from, DType to,
                                           const Value &v) {
  for (DType dt : {from, to})
    if (!hasStorage(dt))
      return invalidArgument("bitcast: " + toString(dt) + " has no storage");
  if (itemsize(from) != itemsize(to))
    return invalidArgument("bitcast: " + toString(from) + " (" +
                           std::to_string(itemsize(from)) + " bytes) and " +
                           toString(to) + " (" + std::to_string(itemsize(to)) +
                           " bytes) have different itemsizes");
  llvm::Expected<APInt> bits = toBits(from, v);
  if (!bits)
    return bits.takeError();
  return fromBits(to, *bits);
}

const llvm::fltSemantics *tolk::dtype::semantics(DType dt) {
  if (dt == DType::Float128)
    return &llvm::APFloat::IEEEquad();
  const FloatFormat *f = floatFormat(dt);
  return f ? f->sem : nullptr;
}

//===- FloatFormats.cpp - Rounding and encoding of the float formats ------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Finite values round through llvm::APFloat, directly from the exact source
// (the double, or the exact integer through convertFromAPInt), never through
// an intermediate format. Tolk's rules sit on top of APFloat's status
// (docs/Semantics.md#8-bit-floats): 8-bit overflow saturates, fnuz zeros are
// positive. NaNs are moved by hand, because APFloat::convert always quiets a
// signalling NaN and Tolk keeps them signalling in constants, storage and
// bitcasts (docs/Semantics.md#nans).
//
//===----------------------------------------------------------------------===//

#include "FloatFormats.h"

#include "llvm/Support/ErrorHandling.h"

#include <cmath>

using namespace tolk::dtype;
using namespace tolk::dtype::detail;
using llvm::APFloat;
using llvm::APInt;

static constexpr uint64_t kSignBit = 0x8000000000000000ULL;
static constexpr uint64_t kExpMask = 0x7ff0000000000000ULL;
static constexpr uint64_t kFracMask = 0x000fffffffffffffULL;
static constexpr unsigned kDoubleFracBits = 52;

//===----------------------------------------------------------------------===//
// The formats
//===----------------------------------------------------------------------===//

static const FloatFormat kFormats[] = {
    {DType::Fp8e4m3, APFloat::Float8E4M3FN()},
    {DType::Fp8e5m2, APFloat::Float8E5M2()},
    {DType::Fp8e4m3fnuz, APFloat::Float8E4M3FNUZ()},
    {DType::Fp8e5m2fnuz, APFloat::Float8E5M2FNUZ()},
    {DType::Float16, APFloat::IEEEhalf()},
    {DType::Bfloat16, APFloat::BFloat()},
    {DType::Float32, APFloat::IEEEsingle()},
    {DType::Float64, APFloat::IEEEdouble()},
};

const FloatFormat *detail::floatFormat(DType dt) {
  for (const FloatFormat &f : kFormats)
    if (f.dt == dt)
      return &f;
  return nullptr;
}

const FloatFormat &detail::doubleFormat() { return kFormats[7]; }

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

/// The double that holds a value of an APFloat format exactly.
static Float toFloat(APFloat a) {
  bool losesInfo = false;
  a.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  assert(!losesInfo && "every format here widens exactly to f64");
  return Float::ofBits(a.bitcastToAPInt().getZExtValue());
}

/// The positive quiet NaN of the 8-bit formats other than Fp8e5m2, and
/// Fp8e5m2's NaN of the given sign: how an 8-bit NaN reads as a double
/// (docs/Semantics.md#nans).
static Float fp8NaN(const FloatFormat &f, bool negative) {
  Float q = nan();
  if (f.layout.hasInfinities() && negative)
    q.bits |= kSignBit;
  return q;
}

/// The result of an APFloat rounding of a finite value, with the rules for
/// overflow and fnuz zeros (docs/Semantics.md#8-bit-floats) added on top of
/// the status.
static Rounded finishRounding(const FloatFormat &f, const APFloat &a,
                              APFloat::opStatus status, bool negative) {
  // A format without infinities reports overflow as a NaN; check the value
  // as well as the flag so that neither spelling slips through.
  if ((status & APFloat::opOverflow) || a.isInfinity() || a.isNaN()) {
    // 8-bit formats saturate (Fp8e5m2 included); wider ones overflow to an
    // infinity (docs/Semantics.md#8-bit-floats).
    APFloat sat = f.isFp8() ? APFloat::getLargest(*f.sem, negative)
                            : APFloat::getInf(*f.sem, negative);
    return {toFloat(sat), true};
  }
  Float r = toFloat(a);
  // fnuz formats have no -0.0 (their 0x80 is the NaN):
  // docs/Semantics.md#8-bit-floats.
  if (f.layout.unsignedZero && r.isZero())
    r = Float::ofDouble(0.0);
  return {r, false};
}

Float detail::narrowNaN(Float x, unsigned fracBits, NaNMode mode) {
  assert(x.isNaN() && fracBits <= kDoubleFracBits);
  // Done by hand: APFloat::convert quiets signalling NaNs, which only the
  // Quiet mode wants, and keeping the payload's top bits is the same shift
  // in both modes.
  unsigned drop = kDoubleFracBits - fracBits;
  uint64_t frac = ((x.bits & kFracMask) >> drop) << drop;
  uint64_t lowest = uint64_t(1) << drop;
  uint64_t quiet = uint64_t(1) << (kDoubleFracBits - 1);
  if (mode == NaNMode::Quiet)
    frac |= quiet;
  else if (frac == 0)
    frac = lowest; // Reading 3: the payload fell off; stay a signalling NaN.
  return Float::ofBits((x.bits & kSignBit) | kExpMask | frac);
}

Rounded detail::roundDouble(const FloatFormat &f, Float x, NaNMode mode) {
  if (x.isNaN()) {
    if (f.isFp8())
      return {fp8NaN(f, x.isNegative())};
    return {narrowNaN(x, f.layout.mbits, mode)};
  }
  if (x.isInf()) {
    if (f.layout.hasInfinities())
      return {x};
    return {nan()}; // The format's NaN: positive for Fp8e4m3 and fnuz.
  }
  APFloat a(x.toDouble());
  bool losesInfo = false;
  APFloat::opStatus status =
      a.convert(*f.sem, APFloat::rmNearestTiesToEven, &losesInfo);
  return finishRounding(f, a, status, x.isNegative());
}

Rounded detail::roundInteger(const FloatFormat &f, const mpz_class &i) {
  // Two bits over the magnitude: one for the sign, one so that the APInt read
  // as signed never wraps. convertFromAPInt rounds once from this exact
  // value, however wide it is (10^400 included).
  unsigned width = static_cast<unsigned>(mpz_sizeinbase(i.get_mpz_t(), 2)) + 2;
  APInt exact = toAPInt(i, width);
  APFloat a(*f.sem);
  APFloat::opStatus status = a.convertFromAPInt(exact, /*IsSigned=*/true,
                                                APFloat::rmNearestTiesToEven);
  return finishRounding(f, a, status, sgn(i) < 0);
}

/// A binary128 number rounded once to f. A NaN or an infinity goes through
/// the double that holds it (a NaN's payload top-aligned, which keeps the
/// same top bits a direct move would), a finite value directly.
static Rounded roundQuad(const FloatFormat &f, const APFloat &q, NaNMode mode) {
  if (q.isNaN())
    return roundDouble(f, toFloat(moveNaN(q, APFloat::IEEEdouble(), mode)),
                       mode);
  if (q.isInfinity())
    return roundDouble(
        f, Float::ofDouble(q.isNegative() ? -HUGE_VAL : HUGE_VAL), mode);
  APFloat a = q;
  bool losesInfo = false;
  APFloat::opStatus status =
      a.convert(*f.sem, APFloat::rmNearestTiesToEven, &losesInfo);
  return finishRounding(f, a, status, q.isNegative());
}

Rounded detail::roundValue(const FloatFormat &f, const Value &v, NaNMode mode) {
  switch (v.kind()) {
  case Value::Kind::Bool:
    // 0.0 and 1.0 are exact in every format.
    return {Float::ofDouble(v.getBool() ? 1.0 : 0.0)};
  case Value::Kind::Int:
    return roundInteger(f, mpzInt(v));
  case Value::Kind::Float:
    return roundDouble(f, v.getFloat(), mode);
  case Value::Kind::Float128:
    return roundQuad(f, v.getFloat128(), mode);
  case Value::Kind::Complex:
    return roundValue(f, realPart(v), mode);
  }
  llvm_unreachable("covered switch");
}

//===----------------------------------------------------------------------===//
// Encoding and decoding
//===----------------------------------------------------------------------===//

/// The 8-bit NaN code of a sign: S.1111.111 for Fp8e4m3, S.11111.11 for
/// Fp8e5m2, 0x80 for fnuz (docs/Semantics.md#nans).
static APInt fp8NaNCode(const FloatFormat &f, bool negative) {
  if (f.layout.unsignedZero)
    return APInt(8, f.layout.signBit());
  uint64_t code = f.layout.signBit() - 1; // The largest positive code.
  return APInt(8, negative ? code | f.layout.signBit() : code);
}

APInt detail::encode(const FloatFormat &f, Float x) {
  if (x.isNaN()) {
    if (f.isFp8())
      return fp8NaNCode(f, x.isNegative());
    // By hand, as in narrowNaN: APFloat would quiet a signalling NaN.
    Float n = narrowNaN(x, f.layout.mbits, NaNMode::Keep);
    uint64_t frac = (n.bits & kFracMask) >> (kDoubleFracBits - f.layout.mbits);
    uint64_t sign = x.isNegative() ? f.layout.signBit() : 0;
    return APInt(f.layout.width, sign | f.layout.expAllOnes() | frac);
  }
  if (x.isInf()) {
    if (f.layout.hasInfinities())
      return APFloat::getInf(*f.sem, x.isNegative()).bitcastToAPInt();
    return fp8NaNCode(f, x.isNegative());
  }
  if (f.layout.unsignedZero && x.isZero())
    return APInt(8, 0); // No -0.0 in fnuz (docs/Semantics.md#8-bit-floats).
  APFloat a(x.toDouble());
  bool losesInfo = false;
  a.convert(*f.sem, APFloat::rmNearestTiesToEven, &losesInfo);
  assert(!losesInfo && "encode takes a value of the format");
  return a.bitcastToAPInt();
}

Float detail::decode(const FloatFormat &f, const APInt &bits) {
  assert(bits.getBitWidth() == f.layout.width);
  if (f.layout.width == 64)
    return Float::ofBits(bits.getZExtValue());
  APFloat a(*f.sem, bits);
  if (!a.isNaN())
    return toFloat(a);
  if (f.isFp8())
    return fp8NaN(f, a.isNegative());
  // By hand: widening through APFloat would quiet a signalling NaN. The
  // payload goes to the top of the double's fraction.
  uint64_t raw = bits.getZExtValue();
  uint64_t frac = raw & ((uint64_t(1) << f.layout.mbits) - 1);
  uint64_t sign = (raw >> (f.layout.width - 1)) & 1;
  return Float::ofBits((sign << 63) | kExpMask |
                       (frac << (kDoubleFracBits - f.layout.mbits)));
}

//===----------------------------------------------------------------------===//
// Binary128 and complex components
//===----------------------------------------------------------------------===//

/// Explicit fraction bits of an IEEE interchange format.
static unsigned fractionBits(const llvm::fltSemantics &sem) {
  return FloatLayout(sem).mbits;
}

APFloat detail::moveNaN(const APFloat &x, const llvm::fltSemantics &to,
                        NaNMode mode) {
  assert(x.isNaN());
  // By hand, for the reason narrowNaN gives: APFloat::convert quiets.
  const llvm::fltSemantics &from = x.getSemantics();
  unsigned fromFrac = fractionBits(from), toFrac = fractionBits(to);
  unsigned toWidth = APFloat::semanticsSizeInBits(to);
  APInt bits = x.bitcastToAPInt();
  bool negative = bits[bits.getBitWidth() - 1];
  APInt payload = bits.trunc(fromFrac);
  if (toFrac >= fromFrac)
    payload = payload.zext(toFrac).shl(toFrac - fromFrac);
  else
    payload = payload.lshr(fromFrac - toFrac).trunc(toFrac);
  if (mode == NaNMode::Quiet)
    payload.setBit(toFrac - 1);
  else if (payload.isZero())
    payload.setBit(0); // Reading 3: stay a signalling NaN.
  APInt r = APInt::getBitsSet(toWidth, toFrac, toWidth - 1); // Exponent ones.
  r |= payload.zext(toWidth);
  if (negative)
    r.setBit(toWidth - 1);
  return APFloat(to, r);
}

RoundedQuad detail::roundToQuad(const Value &v, NaNMode mode) {
  const llvm::fltSemantics &quad = APFloat::IEEEquad();
  switch (v.kind()) {
  case Value::Kind::Bool:
    return {APFloat(quad, v.getBool() ? 1 : 0)};
  case Value::Kind::Int: {
    // As roundInteger: one rounding from the exact value.
    mpz_class i = mpzInt(v);
    unsigned width =
        static_cast<unsigned>(mpz_sizeinbase(i.get_mpz_t(), 2)) + 2;
    APFloat a(quad);
    APFloat::opStatus status = a.convertFromAPInt(
        toAPInt(i, width), /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
    return {a, (status & APFloat::opOverflow) != 0};
  }
  case Value::Kind::Float: {
    APFloat a(v.getFloat().toDouble());
    if (a.isNaN())
      return {moveNaN(a, quad, mode)};
    bool losesInfo = false;
    a.convert(quad, APFloat::rmNearestTiesToEven, &losesInfo);
    assert(!losesInfo && "binary128 holds every double");
    return {a};
  }
  case Value::Kind::Float128: {
    const APFloat &q = v.getFloat128();
    if (q.isNaN() && mode == NaNMode::Quiet)
      return {moveNaN(q, quad, mode)};
    return {q};
  }
  case Value::Kind::Complex:
    return roundToQuad(realPart(v), mode);
  }
  llvm_unreachable("covered switch");
}

Value detail::componentValue(const APFloat &c) {
  if (&c.getSemantics() == &APFloat::IEEEquad())
    return Value::ofFloat128(c);
  const FloatFormat &f = &c.getSemantics() == &APFloat::IEEEsingle()
                             ? *floatFormat(DType::Float32)
                             : doubleFormat();
  return Value::ofFloat(decode(f, c.bitcastToAPInt()));
}

Value detail::realPart(const Value &v) {
  return v.isComplex() ? componentValue(v.getComplex().re) : v;
}

std::pair<Value, Value> detail::complexParts(const Value &v) {
  if (!v.isComplex())
    return {v, Value::ofDouble(0.0)};
  return {componentValue(v.getComplex().re), componentValue(v.getComplex().im)};
}

APFloat detail::toComponent(const llvm::fltSemantics &sem, const Value &v) {
  if (&sem == &APFloat::IEEEquad()) {
    assert(v.isFloat128() && "a binary128 component is a Float128");
    return v.getFloat128();
  }
  assert(v.isFloat() && "an f32 or f64 component is a Float");
  const FloatFormat &f = &sem == &APFloat::IEEEsingle()
                             ? *floatFormat(DType::Float32)
                             : doubleFormat();
  return APFloat(sem, encode(f, v.getFloat()));
}

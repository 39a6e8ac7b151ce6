//===- Const.cpp - Values and constants -----------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Const.h"

#include "BigInt.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <limits>

using namespace tolk::dtype;

//===----------------------------------------------------------------------===//
// Float
//===----------------------------------------------------------------------===//

static constexpr uint64_t kExpMask = 0x7ff0000000000000ULL;
static constexpr uint64_t kFracMask = 0x000fffffffffffffULL;
static constexpr uint64_t kQuietBit = 0x0008000000000000ULL;

Float Float::ofDouble(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return Float{bits};
}

double Float::toDouble() const {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

bool Float::isNaN() const {
  return (bits & kExpMask) == kExpMask && (bits & kFracMask) != 0;
}

bool Float::isInf() const {
  return (bits & kExpMask) == kExpMask && (bits & kFracMask) == 0;
}

bool Float::isSignalingNaN() const { return isNaN() && !(bits & kQuietBit); }

Float tolk::dtype::nan() { return Float{kExpMask | kQuietBit}; }

//===----------------------------------------------------------------------===//
// Value
//===----------------------------------------------------------------------===//

Value Value::ofBool(bool b) { return Value(b); }
Value Value::ofInt(llvm::DynamicAPInt i) { return Value(std::move(i)); }
Value Value::ofInt(int64_t i) { return Value(llvm::DynamicAPInt(i)); }
Value Value::ofFloat(Float f) { return Value(f); }

Value Value::ofFloat128(llvm::APFloat q) {
  assert(&q.getSemantics() == &llvm::APFloat::IEEEquad() &&
         "a Float128 is binary128");
  return Value(std::make_shared<const llvm::APFloat>(std::move(q)));
}

Value Value::ofComplex(llvm::APFloat re, llvm::APFloat im) {
  assert(&re.getSemantics() == &im.getSemantics() &&
         "both components have one format");
  assert((&re.getSemantics() == &llvm::APFloat::IEEEsingle() ||
          &re.getSemantics() == &llvm::APFloat::IEEEdouble() ||
          &re.getSemantics() == &llvm::APFloat::IEEEquad()) &&
         "components are f32, f64 or f128");
  return Value(
      std::make_shared<const Complex>(Complex{std::move(re), std::move(im)}));
}

Value::Kind Value::kind() const {
  switch (v.index()) {
  case 0:
    return Kind::Bool;
  case 1:
    return Kind::Int;
  case 2:
    return Kind::Float;
  case 3:
    return Kind::Float128;
  default:
    return Kind::Complex;
  }
}

bool Value::getBool() const { return std::get<bool>(v); }
const llvm::DynamicAPInt &Value::getInt() const {
  return std::get<llvm::DynamicAPInt>(v);
}
Float Value::getFloat() const { return std::get<Float>(v); }
const llvm::APFloat &Value::getFloat128() const {
  return *std::get<std::shared_ptr<const llvm::APFloat>>(v);
}
const Complex &Value::getComplex() const {
  return *std::get<std::shared_ptr<const Complex>>(v);
}

llvm::DynamicAPInt Value::toInteger() const {
  if (isBool())
    return llvm::DynamicAPInt(getBool() ? 1 : 0);
  return getInt();
}

bool Value::isNonZero() const {
  switch (kind()) {
  case Kind::Bool:
    return getBool();
  case Kind::Int:
    return getInt() != 0;
  case Kind::Float:
    return !getFloat().isZero();
  case Kind::Float128:
    return !getFloat128().isZero();
  case Kind::Complex:
    return !getComplex().re.isZero() || !getComplex().im.isZero();
  }
  llvm_unreachable("covered switch");
}

//===----------------------------------------------------------------------===//
// Equality and hashing
//===----------------------------------------------------------------------===//

/// The same format and the same bits (so -0.0 and 0.0 differ, and so do NaNs
/// of different payloads).
static bool sameBits(const llvm::APFloat &a, const llvm::APFloat &b) {
  return &a.getSemantics() == &b.getSemantics() &&
         a.bitcastToAPInt() == b.bitcastToAPInt();
}

bool tolk::dtype::equalConst(const Const &a, const Const &b) {
  if (a.isInvalid() || b.isInvalid())
    return a.isInvalid() == b.isInvalid();
  const Value &x = a.value(), &y = b.value();
  if (x.kind() != y.kind())
    return false;
  switch (x.kind()) {
  case Value::Kind::Bool:
    return x.getBool() == y.getBool();
  case Value::Kind::Int:
    return x.getInt() == y.getInt();
  case Value::Kind::Float:
    return x.getFloat().bits == y.getFloat().bits;
  case Value::Kind::Float128:
    return sameBits(x.getFloat128(), y.getFloat128());
  case Value::Kind::Complex:
    return sameBits(x.getComplex().re, y.getComplex().re) &&
           sameBits(x.getComplex().im, y.getComplex().im);
  }
  llvm_unreachable("covered switch");
}

size_t tolk::dtype::hashConst(const Const &c) {
  if (c.isInvalid())
    return llvm::hash_value(3);
  const Value &v = c.value();
  switch (v.kind()) {
  case Value::Kind::Bool:
    return llvm::hash_combine(0, v.getBool());
  case Value::Kind::Int: {
    // Hash the magnitude's limbs and the sign: equal integers have equal
    // limbs because GMP keeps them normalized.
    mpz_class i = toMpz(v.getInt());
    const __mpz_struct *z = i.get_mpz_t();
    size_t n = mpz_size(z);
    llvm::ArrayRef<mp_limb_t> limbs(mpz_limbs_read(z), n);
    return llvm::hash_combine(
        1, mpz_sgn(z), llvm::hash_combine_range(limbs.begin(), limbs.end()));
  }
  case Value::Kind::Float:
    return llvm::hash_combine(2, v.getFloat().bits);
  case Value::Kind::Float128:
    return llvm::hash_combine(
        4, llvm::hash_value(v.getFloat128().bitcastToAPInt()));
  case Value::Kind::Complex:
    return llvm::hash_combine(
        5, llvm::hash_value(v.getComplex().re.bitcastToAPInt()),
        llvm::hash_value(v.getComplex().im.bitcastToAPInt()));
  }
  llvm_unreachable("covered switch");
}

Const tolk::dtype::isFinite(const Const &c) {
  const Value *v = c.getValue();
  if (!v)
    return c;
  switch (v->kind()) {
  case Value::Kind::Bool:
  case Value::Kind::Int:
    return Const::ofBool(true);
  case Value::Kind::Float:
    return Const::ofBool(v->getFloat().isFinite());
  case Value::Kind::Float128:
    return Const::ofBool(v->getFloat128().isFinite());
  case Value::Kind::Complex:
    return Const::ofBool(v->getComplex().re.isFinite() &&
                         v->getComplex().im.isFinite());
  }
  llvm_unreachable("covered switch");
}

//===----------------------------------------------------------------------===//
// Big-integer bridges
//===----------------------------------------------------------------------===//

llvm::APInt tolk::dtype::toAPInt(const mpz_class &i, unsigned width) {
  // Reduce modulo 2^width first (mpz_fdiv_r_2exp gives the non-negative
  // residue), then export the limbs into the APInt's words.
  mpz_class r;
  mpz_fdiv_r_2exp(r.get_mpz_t(), i.get_mpz_t(), width);
  size_t numWords = (width + 63) / 64;
  llvm::SmallVector<uint64_t, 4> words(numWords, 0);
  size_t count = 0;
  mpz_export(words.data(), &count, -1, sizeof(uint64_t), 0, 0, r.get_mpz_t());
  return llvm::APInt(width, words);
}

mpz_class tolk::dtype::mpzFromAPInt(const llvm::APInt &i, bool isSigned) {
  // One machine word: GMP's own constructors, with no limb import.
  if (sizeof(long) == sizeof(int64_t) && i.getBitWidth() <= 64) {
    if (isSigned)
      return mpz_class(static_cast<long>(i.getSExtValue()));
    return mpz_class(static_cast<unsigned long>(i.getZExtValue()));
  }
  bool negative = isSigned && i.isNegative();
  llvm::APInt mag = negative ? -i : i;
  mpz_class r;
  mpz_import(r.get_mpz_t(), mag.getNumWords(), -1, sizeof(uint64_t), 0, 0,
             mag.getRawData());
  if (negative)
    r = -r;
  return r;
}

llvm::APInt tolk::dtype::toAPInt(const llvm::DynamicAPInt &i, unsigned width) {
  return toAPInt(toMpz(i), width);
}

llvm::DynamicAPInt tolk::dtype::fromAPInt(const llvm::APInt &i, bool isSigned) {
  // A value of one machine word stays in DynamicAPInt's small form.
  if (isSigned ? i.getSignificantBits() <= 64 : i.getActiveBits() <= 63)
    return llvm::DynamicAPInt(
        isSigned ? i.getSExtValue() : static_cast<int64_t>(i.getZExtValue()));
  // One bit wider, so that DynamicAPInt, which reads an APInt as signed,
  // reads the same value.
  return llvm::DynamicAPInt(isSigned ? i.sext(i.getBitWidth() + 1)
                                     : i.zext(i.getBitWidth() + 1));
}

static mpz_class mpzOfInt64(int64_t i) {
  if (sizeof(long) == sizeof(int64_t))
    return mpz_class(static_cast<long>(i));
  // mpz_class has no int64_t constructor where long is 32 bits; go through
  // the magnitude so that INT64_MIN is exact too.
  mpz_class m;
  uint64_t mag =
      i < 0 ? 0 - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
  mpz_import(m.get_mpz_t(), 1, 1, sizeof mag, 0, 0, &mag);
  if (i < 0)
    m = -m;
  return m;
}

mpz_class tolk::dtype::toMpz(const llvm::DynamicAPInt &i) {
  if (fitsInt64(i))
    return mpzOfInt64(static_cast<int64_t>(i));
  // DynamicAPInt shows no words of a wide value, only its decimal text.
  std::string text;
  llvm::raw_string_ostream os(text);
  os << i;
  return mpz_class(text, 10);
}

llvm::DynamicAPInt tolk::dtype::fromMpz(const mpz_class &i) {
  if (sizeof(long) == sizeof(int64_t) && mpz_fits_slong_p(i.get_mpz_t()))
    return llvm::DynamicAPInt(static_cast<int64_t>(mpz_get_si(i.get_mpz_t())));
  // The magnitude's words, one bit wider, so that the APInt reads as signed.
  size_t bits = mpz_sizeinbase(i.get_mpz_t(), 2) + 1;
  llvm::APInt mag = toAPInt(mpz_class(abs(i)), static_cast<unsigned>(bits));
  return llvm::DynamicAPInt(sgn(i) < 0 ? -mag : mag);
}

std::optional<llvm::DynamicAPInt>
tolk::dtype::parseInteger(llvm::StringRef text, unsigned radix) {
  mpz_class i;
  if (i.set_str(text.str(), static_cast<int>(radix)) != 0)
    return std::nullopt;
  return fromMpz(i);
}

std::string tolk::dtype::toDecimal(const llvm::DynamicAPInt &i) {
  return toMpz(i).get_str(10);
}

//===- Const.h - Tolk constants and values ----------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Values (Bool, Int, Float) and constants (a value or Invalid), their
// equality, hashing and printing, arithmetic and comparison on values, and the
// data types of literals (docs/Semantics.md#values,
// docs/Semantics.md#arithmetic-on-values, docs/Semantics.md#literals).
//
// An Int is a mathematical integer (llvm::DynamicAPInt): a data type bounds
// it only when it is truncated. lib/Dtype computes on big integers with GMP,
// an implementation detail that no public header shows. A Float is exact
// binary64 bits, so 0.0 and -0.0 differ and a NaN keeps its payload, signalling
// bit included.
//
// Two kinds of value hold the extensions, which a double cannot: a Float128
// is an IEEE binary128 number, and a Complex a pair of components of one of
// the formats f32, f64 and f128, each held exactly (its bits are a constant
// of the component type). See docs/ComplexAndFloat128.md.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DTYPE_CONST_H
#define TOLK_DTYPE_CONST_H

#include "tolk/Dtype/DType.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DynamicAPInt.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace tolk::dtype {

/// A binary64 float held by its bits.
struct Float {
  uint64_t bits = 0;

  static Float ofDouble(double d);
  static Float ofBits(uint64_t bits) { return Float{bits}; }
  double toDouble() const;

  bool isNaN() const;
  bool isInf() const;
  bool isFinite() const { return !isNaN() && !isInf(); }
  bool isNegative() const { return bits >> 63; } ///< The sign bit.
  /// A NaN whose quiet bit (the top fraction bit) is clear.
  bool isSignalingNaN() const;
  bool isZero() const { return (bits << 1) == 0; }
};

/// The positive quiet NaN with zero payload: the NaN an operation makes from
/// operands that are not NaNs.
Float nan();

/// A complex number: its real and imaginary components, of the same
/// semantics (IEEEsingle, IEEEdouble or IEEEquad), each held by its bits.
struct Complex {
  llvm::APFloat re, im;
  const llvm::fltSemantics &semantics() const { return re.getSemantics(); }
};

/// A value (docs/Semantics.md#values), with the two kinds the extensions need.
class Value {
public:
  enum class Kind : uint8_t { Bool, Int, Float, Float128, Complex };

  static Value ofBool(bool b);
  static Value ofInt(llvm::DynamicAPInt i);
  static Value ofInt(int64_t i);
  static Value ofFloat(Float f);
  static Value ofDouble(double d) { return ofFloat(Float::ofDouble(d)); }
  /// Precondition: q is of IEEEquad semantics.
  static Value ofFloat128(llvm::APFloat q);
  /// Precondition: re and im have the same semantics, IEEEsingle, IEEEdouble
  /// or IEEEquad.
  static Value ofComplex(llvm::APFloat re, llvm::APFloat im);

  Kind kind() const;
  bool isBool() const { return kind() == Kind::Bool; }
  bool isInt() const { return kind() == Kind::Int; }
  bool isFloat() const { return kind() == Kind::Float; }
  bool isFloat128() const { return kind() == Kind::Float128; }
  bool isComplex() const { return kind() == Kind::Complex; }

  bool getBool() const;                     ///< Precondition: isBool().
  const llvm::DynamicAPInt &getInt() const; ///< Precondition: isInt().
  Float getFloat() const;                   ///< Precondition: isFloat().
  /// Precondition: isFloat128().
  const llvm::APFloat &getFloat128() const;
  const Complex &getComplex() const; ///< Precondition: isComplex().

  /// Bool as 0 or 1, Int itself; precondition: isBool() or isInt().
  llvm::DynamicAPInt toInteger() const;
  /// Nonzero (a NaN is nonzero, -0.0 is zero); a complex value is nonzero
  /// iff either component is, as C converts a complex number to _Bool.
  bool isNonZero() const;

private:
  // The extensions' values are rare and wide (an APFloat is 24 bytes): they
  // are held by an immutable shared pointer, so that a Value of the other
  // kinds stays as small as it was.
  using Storage = std::variant<bool, llvm::DynamicAPInt, Float,
                               std::shared_ptr<const llvm::APFloat>,
                               std::shared_ptr<const Complex>>;
  Storage v;
  explicit Value(Storage v) : v(std::move(v)) {}
  friend class Const;
};

/// A constant: a value, or Invalid, the value of a masked-out element
/// (docs/Semantics.md#values).
class Const {
public:
  Const(Value v) : v(std::move(v)) {} // NOLINT: every value is a constant.
  static Const invalid() { return Const(); }
  static Const ofBool(bool b) { return Value::ofBool(b); }
  static Const ofInt(llvm::DynamicAPInt i) {
    return Value::ofInt(std::move(i));
  }
  static Const ofInt(int64_t i) { return Value::ofInt(i); }
  static Const ofFloat(Float f) { return Value::ofFloat(f); }
  static Const ofDouble(double d) { return Value::ofDouble(d); }

  bool isInvalid() const { return !v.has_value(); }
  /// Precondition: !isInvalid().
  const Value &value() const { return *v; }
  const Value *getValue() const { return v ? &*v : nullptr; }

private:
  Const() = default;
  std::optional<Value> v;
};

/// The same constructor with the same payload; floats by their bits.
bool equalConst(const Const &a, const Const &b);
inline bool operator==(const Const &a, const Const &b) {
  return equalConst(a, b);
}
inline bool operator!=(const Const &a, const Const &b) {
  return !equalConst(a, b);
}
/// Compatible with equalConst.
size_t hashConst(const Const &c);
/// For llvm::DenseMap and MLIR attribute storage (found by ADL).
inline llvm::hash_code hash_value(const Const &c) { return hashConst(c); }

/// Formats a constant as a literal: True, False, Invalid, an integer in
/// decimal, a float in the fewest significant digits that read back as the
/// same float (Python's repr: "1.0", "1e-05", "1.5e+16", "inf", "nan"). A
/// Float128 is laid out the same, with the digits binary128 needs; a complex
/// value is its two components so, in parentheses: "(1.5, -2.0)".
void printConst(llvm::raw_ostream &os, const Const &c);
std::string ppConst(const Const &c);
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Const &c);
/// The shortest round-trip text of a double, as printConst writes it.
std::string formatFloat(double d);
/// The text of a binary128 number, as printConst writes it: the fewest
/// significant digits that read back as q in binary128, laid out as
/// formatFloat lays out a double's.
std::string formatFloat128(const llvm::APFloat &q);

/// The constant of dt that `text`, as printConst writes it, denotes: Invalid;
/// True or False; a decimal integer; a float ("1.5", "-2e-05", "inf", "-inf",
/// "nan"); for a complex type also "(re, im)". The literal's value (a Float
/// read as the nearest double, or for Float128 and Complex256 the nearest
/// binary128) becomes a constant as makeConst makes it. So for every
/// constant c of dt whose floats are not NaNs, parseConst(ppConst(c), dt) is
/// c. Errors: text that is no such literal, and makeConst's errors.
llvm::Expected<Const> parseConst(llvm::StringRef text, DType dt);

//===----------------------------------------------------------------------===//
// Arithmetic and comparison on values (docs/Semantics.md#arithmetic-on-values)
//===----------------------------------------------------------------------===//
//
// As on numbers: a Bool counts as 0 or 1, an operation on two integers gives an
// exact integer, one that involves a float gives a float (an integer that
// rounds past the greatest double is the infinity of its sign). Comparisons
// are exact between an integer and a float; a comparison with NaN is false,
// except `ne`, which is true. Their operands are Bools, Ints and Floats: the
// arithmetic of Float128 and Complex values is evalAlu's (Alu.h).

namespace value {
Value add(const Value &a, const Value &b);
Value sub(const Value &a, const Value &b);
Value mul(const Value &a, const Value &b);
Value neg(const Value &a);
/// Float division: the quotient as a float, whatever the operands.
Value div(const Value &a, const Value &b);
/// Integers: the quotient rounded towards zero; an error for a zero divisor.
/// Floats: the float quotient truncated towards zero.
llvm::Expected<Value> truncDiv(const Value &a, const Value &b);
/// The remainder of truncDiv: it has the sign of `a`.
llvm::Expected<Value> rem(const Value &a, const Value &b);

bool lt(const Value &a, const Value &b);
bool le(const Value &a, const Value &b);
bool gt(const Value &a, const Value &b);
bool ge(const Value &a, const Value &b);
bool eq(const Value &a, const Value &b);
bool ne(const Value &a, const Value &b);

/// The integer converted to a double, rounded once to nearest even; an
/// integer that rounds past the greatest double is the infinity of its sign.
double intToDouble(const llvm::DynamicAPInt &i);
/// A value as a double: Bool 0/1, Int rounded (intToDouble), Float itself,
/// Float128 rounded once to nearest even. Precondition: not a Complex.
double toDouble(const Value &v);
} // namespace value

// Operators on values, for readable tests and callers.
inline Value operator+(const Value &a, const Value &b) {
  return value::add(a, b);
}
inline Value operator-(const Value &a, const Value &b) {
  return value::sub(a, b);
}
inline Value operator*(const Value &a, const Value &b) {
  return value::mul(a, b);
}
inline Value operator-(const Value &a) { return value::neg(a); }
inline bool operator<(const Value &a, const Value &b) {
  return value::lt(a, b);
}
inline bool operator<=(const Value &a, const Value &b) {
  return value::le(a, b);
}
inline bool operator>(const Value &a, const Value &b) {
  return value::gt(a, b);
}
inline bool operator>=(const Value &a, const Value &b) {
  return value::ge(a, b);
}

//===----------------------------------------------------------------------===//
// Bounds and literals
//===----------------------------------------------------------------------===//

/// The least value of dt: -inf for the floats with infinities (WeakFloat and
/// Float128 included), -max for the others, the least integer of dt's bitsize
/// for the integers (weak included), false for Bool and Void. Precondition:
/// dt is not complex (lowest says so as an error).
Value min(DType dt);
/// The greatest value of dt. Precondition: dt is not complex.
Value max(DType dt);
/// min, or an error for a complex type, which has no order.
llvm::Expected<Value> lowest(DType dt);
/// max, or an error for a complex type, which has no order.
llvm::Expected<Value> greatest(DType dt);

/// True iff the value is finite: a Float or Float128 that is neither an
/// infinity nor a NaN, a complex value whose components both are, and every
/// Bool and Int. Invalid is itself.
Const isFinite(const Const &c);

/// Bool for Bool and Invalid, WeakInt for Int, WeakFloat for Float; a
/// Float128 or Complex value, which only a constant of its type holds, gives
/// that type (Float128; Complex64, Complex128 or Complex256 by its
/// components).
DType ofConst(const Const &c);
/// The committed data type of the literals cs (default_float if empty).
llvm::Expected<DType> ofConsts(llvm::ArrayRef<Const> cs);
/// The first of defaultInt, Int32, Int64, Uint64 that holds [lo, hi]; Int64
/// if none does; defaultInt for an empty range (lo > hi). Errors if
/// defaultInt is not in ints, or lo = hi and no 64-bit integer holds it.
llvm::Expected<DType> commitInt(const llvm::DynamicAPInt &lo,
                                const llvm::DynamicAPInt &hi,
                                std::optional<DType> defaultInt = std::nullopt);

//===----------------------------------------------------------------------===//
// Big-integer bridges
//===----------------------------------------------------------------------===//

/// An integer as an APInt of `width` bits, wrapped modulo 2^width.
llvm::APInt toAPInt(const llvm::DynamicAPInt &i, unsigned width);
/// The APInt read as signed or unsigned.
llvm::DynamicAPInt fromAPInt(const llvm::APInt &i, bool isSigned);
/// The integer that `text` spells in `radix` (2 to 36): an optional `-` and
/// digits; nothing for anything else.
std::optional<llvm::DynamicAPInt> parseInteger(llvm::StringRef text,
                                               unsigned radix = 10);
/// The integer in decimal.
std::string toDecimal(const llvm::DynamicAPInt &i);

} // namespace tolk::dtype

#endif // TOLK_DTYPE_CONST_H

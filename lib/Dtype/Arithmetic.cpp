//===- Arithmetic.cpp - Arithmetic and comparison on values ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// docs/Semantics.md#arithmetic-on-values: arithmetic and comparison as on
// numbers. A Bool counts as 0 or 1; two integers give an exact integer; a float
// operand makes the operation a binary64 one, an integer operand being rounded
// once from its exact value first. Comparisons never round: an integer and a
// float compare as the exact numbers they denote.
//
// NaN results are made deterministic here rather than left to the host FPU:
//  - an operation on non-NaN operands that makes a NaN (inf - inf, 0 * inf,
//    0 / 0, fmod(inf, x), ...) gives nan(), the positive quiet zero-payload
//    NaN of docs/Semantics.md (x86 would give a negative "default NaN");
//  - an operation with a NaN operand gives the first NaN operand, quieted
//    (quiet bit set, sign and payload kept). That is what x86 SSE does for
//    every binary operation, written out so that it does not depend on the
//    order in which the compiler puts commutative operands;
//  - neg flips the sign bit of any float, a NaN included, as IEEE 754's
//    negate does.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Const.h"

#include "BigInt.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

using namespace tolk::dtype;

static constexpr uint64_t kSignBit = 0x8000000000000000ULL;
static constexpr uint64_t kQuietBit = 0x0008000000000000ULL;

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

double value::intToDouble(const llvm::DynamicAPInt &d) {
  // One rounding, from the exact value: APFloat converts an APInt of any
  // width with round-to-nearest-even, and overflows to the infinity of the
  // integer's sign. One extra bit holds the sign of the two's complement.
  mpz_class i = toMpz(d);
  unsigned width = static_cast<unsigned>(mpz_sizeinbase(i.get_mpz_t(), 2)) + 1;
  llvm::APInt bits = toAPInt(i, width);
  llvm::APFloat f(llvm::APFloat::IEEEdouble());
  f.convertFromAPInt(bits, /*IsSigned=*/true,
                     llvm::APFloat::rmNearestTiesToEven);
  return f.convertToDouble();
}

double value::toDouble(const Value &v) {
  switch (v.kind()) {
  case Value::Kind::Bool:
    return v.getBool() ? 1.0 : 0.0;
  case Value::Kind::Int:
    return intToDouble(v.getInt());
  case Value::Kind::Float:
    return v.getFloat().toDouble();
  case Value::Kind::Float128: {
    llvm::APFloat d = v.getFloat128();
    bool losesInfo = false;
    d.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &losesInfo);
    return d.convertToDouble();
  }
  case Value::Kind::Complex:
    break;
  }
  llvm_unreachable("a complex value has no double (Const.h: value:: takes "
                   "real values)");
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isNaNValue(const Value &v) {
  return v.isFloat() && v.getFloat().isNaN();
}

static Value quieted(const Value &nanOperand) {
  return Value::ofFloat(Float::ofBits(nanOperand.getFloat().bits | kQuietBit));
}

/// The Float result of a float operation on `a` (and `b`, if binary) that
/// the FPU computed as `r`, with the NaN rules of the file comment.
static Value floatResult(double r, const Value &a, const Value *b = nullptr) {
  if (!std::isnan(r))
    return Value::ofDouble(r);
  if (isNaNValue(a))
    return quieted(a);
  if (b && isNaNValue(*b))
    return quieted(*b);
  return Value::ofFloat(nan());
}

/// a / b, both integers and b nonzero, rounded once to the nearest double
/// (ties to even) from the exact rational, as Python's int / int is. Going
/// through intToDouble would round twice and turn 10^400 / 10^399 into NaN.
static double exactQuotient(const mpz_class &a, const mpz_class &b) {
  bool negative = (sgn(a) < 0) != (sgn(b) < 0);
  if (sgn(a) == 0)
    return negative ? -0.0 : 0.0;
  mpz_class n = abs(a), d = abs(b);
  // The quotient lies in (2^(e-1), 2^(e+1)) for e the difference of the bit
  // lengths; one comparison fixes its binary exponent floor(log2(n/d)).
  long e = static_cast<long>(mpz_sizeinbase(n.get_mpz_t(), 2)) -
           static_cast<long>(mpz_sizeinbase(d.get_mpz_t(), 2));
  mpz_class ns = n, ds = d;
  if (e >= 0)
    ds <<= static_cast<mp_bitcnt_t>(e);
  else
    ns <<= static_cast<mp_bitcnt_t>(-e);
  if (ns < ds)
    --e;
  double inf = std::numeric_limits<double>::infinity();
  if (e > 1023)
    return negative ? -inf : inf;
  // The unit in the last place of the result: 53 significant bits for a
  // normal double, the fixed 2^-1074 grid for a subnormal one.
  long ulpExp = std::max(e - 52, -1074L);
  mpz_class num = n, den = d;
  if (ulpExp >= 0)
    den <<= static_cast<mp_bitcnt_t>(ulpExp);
  else
    num <<= static_cast<mp_bitcnt_t>(-ulpExp);
  mpz_class q, r;
  mpz_tdiv_qr(q.get_mpz_t(), r.get_mpz_t(), num.get_mpz_t(), den.get_mpz_t());
  int half = cmp(mpz_class(r * 2), den);
  if (half > 0 || (half == 0 && mpz_odd_p(q.get_mpz_t())))
    ++q;
  // q <= 2^53 is exact as a double, and q * 2^ulpExp lies on the double grid,
  // so ldexp is exact but for overflow to infinity, which is the rounding.
  double m = std::ldexp(q.get_d(), static_cast<int>(ulpExp));
  return negative ? -m : m;
}

/// The three-way comparison of a and b as exact numbers; nullopt when they
/// are unordered (a NaN is involved).
static std::optional<int> compareValues(const Value &a, const Value &b) {
  if (!a.isFloat() && !b.isFloat()) {
    llvm::DynamicAPInt x = a.toInteger(), y = b.toInteger();
    return (x > y) - (x < y);
  }
  if (a.isFloat() && b.isFloat()) {
    double x = a.getFloat().toDouble(), y = b.getFloat().toDouble();
    if (x < y)
      return -1;
    if (x > y)
      return 1;
    if (x == y)
      return 0;
    return std::nullopt;
  }
  // An integer and a float: the float's exact value, never the integer
  // rounded (2^53 + 1 > 2^53.0 although they are the same double).
  bool intFirst = !a.isFloat();
  const Value &f = intFirst ? b : a;
  mpz_class i = mpzInteger(intFirst ? a : b);
  Float fl = f.getFloat();
  if (fl.isNaN())
    return std::nullopt;
  int intVsFloat;
  if (fl.isInf()) {
    intVsFloat = fl.isNegative() ? 1 : -1;
  } else {
    mpq_class exact(fl.toDouble()); // mpq_set_d is exact.
    int c = cmp(mpq_class(i), exact);
    intVsFloat = (c > 0) - (c < 0);
  }
  return intFirst ? intVsFloat : -intVsFloat;
}

static llvm::Error divisionByZero(llvm::StringRef op, const Value &a,
                                  const Value &b) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(), "%s: integer division of %s by zero (%s)",
      op.str().c_str(), ppConst(a).c_str(), ppConst(b).c_str());
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

Value value::add(const Value &a, const Value &b) {
  if (!a.isFloat() && !b.isFloat())
    return Value::ofInt(a.toInteger() + b.toInteger());
  return floatResult(toDouble(a) + toDouble(b), a, &b);
}

Value value::sub(const Value &a, const Value &b) {
  if (!a.isFloat() && !b.isFloat())
    return Value::ofInt(a.toInteger() - b.toInteger());
  return floatResult(toDouble(a) - toDouble(b), a, &b);
}

Value value::mul(const Value &a, const Value &b) {
  if (!a.isFloat() && !b.isFloat())
    return Value::ofInt(a.toInteger() * b.toInteger());
  return floatResult(toDouble(a) * toDouble(b), a, &b);
}

Value value::neg(const Value &a) {
  if (!a.isFloat())
    return Value::ofInt(-a.toInteger());
  return Value::ofFloat(Float::ofBits(a.getFloat().bits ^ kSignBit));
}

Value value::div(const Value &a, const Value &b) {
  if (!a.isFloat() && !b.isFloat()) {
    llvm::DynamicAPInt x = a.toInteger(), y = b.toInteger();
    // A zero divisor has no exact quotient; it divides as the double +0.0
    // does (±inf, or nan() for 0 / 0) rather than failing, since the
    // signature promises a value.
    if (y != 0)
      return Value::ofDouble(exactQuotient(toMpz(x), toMpz(y)));
    return floatResult(intToDouble(x) / 0.0, a, &b);
  }
  return floatResult(toDouble(a) / toDouble(b), a, &b);
}

llvm::Expected<Value> value::truncDiv(const Value &a, const Value &b) {
  if (!a.isFloat() && !b.isFloat()) {
    llvm::DynamicAPInt y = b.toInteger();
    if (y == 0)
      return divisionByZero("truncDiv", a, b);
    // DynamicAPInt's quotient rounds towards zero, as C's does.
    return Value::ofInt(a.toInteger() / y);
  }
  return floatResult(std::trunc(toDouble(a) / toDouble(b)), a, &b);
}

llvm::Expected<Value> value::rem(const Value &a, const Value &b) {
  if (!a.isFloat() && !b.isFloat()) {
    llvm::DynamicAPInt y = b.toInteger();
    if (y == 0)
      return divisionByZero("rem", a, b);
    // The remainder of the quotient rounded towards zero: the dividend's sign.
    // DynamicAPInt's % on two machine words is C's, which traps for
    // INT64_MIN % -1 (LLVM 22); every remainder by -1 is 0.
    if (y == -1)
      return Value::ofInt(0);
    return Value::ofInt(a.toInteger() % y);
  }
  // fmod is exact and has the sign of the dividend, matching truncDiv.
  return floatResult(std::fmod(toDouble(a), toDouble(b)), a, &b);
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

bool value::lt(const Value &a, const Value &b) {
  std::optional<int> c = compareValues(a, b);
  return c && *c < 0;
}

bool value::le(const Value &a, const Value &b) {
  std::optional<int> c = compareValues(a, b);
  return c && *c <= 0;
}

bool value::gt(const Value &a, const Value &b) {
  std::optional<int> c = compareValues(a, b);
  return c && *c > 0;
}

bool value::ge(const Value &a, const Value &b) {
  std::optional<int> c = compareValues(a, b);
  return c && *c >= 0;
}

bool value::eq(const Value &a, const Value &b) {
  std::optional<int> c = compareValues(a, b);
  return c && *c == 0;
}

bool value::ne(const Value &a, const Value &b) { return !eq(a, b); }

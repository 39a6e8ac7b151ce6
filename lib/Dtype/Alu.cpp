//===- Alu.cpp - One lane of a primitive elementwise op -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tinygrad's exec_alu, bit-exact: the op computes an exact result (integers,
// Bool as 0/1) or a binary64 one (floats, through value::* of Const.h, whose
// NaN rules apply: a NaN operand gives the first NaN operand quieted, a NaN
// made from non-NaNs is nan()), and `truncate` to the result type then gives
// the constant: integers of known width wrap, weak integers stay exact, floats
// round once to nearest even (8-bit floats saturate, NaNs are quieted, fnuz
// formats have no -0.0), WeakFloat stays a double.
//
// Rounding twice, once to binary64 and once to dt, is innocuous for + * /
// sqrt: the exact result rounded to binary64 and then to a format of p bits
// is the exact result rounded to p bits whenever 53 >= 2p + 2 (Figueroa), and
// p <= 24 for every float narrower than f64. exp2, log2 and pow use the host
// libm, which is not correctly rounded: they fold to what the host computes,
// and the differential tests compare them with the target within a ULP bound
// rather than bit for bit.
//
// "Tolk chooses" marks each decision the seeds leave open (DESIGN rule 3);
// docs/Rationale.md lists them.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Alu.h"

#include "tolk/Dtype/Cast.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <cfloat>
#include <cmath>

using namespace tolk::dtype;
using llvm::APInt;

/// Tolk chooses: the largest WeakInt result the folder builds (shl, pow, mul),
/// in bits. WeakInt is exact, so a larger one is not wrong, but the folded
/// constant must read back: MLIR's parser builds an integer literal digit by
/// digit with full-width APInt products, quadratic in its length (a 65536-bit
/// literal takes seconds). A larger result is reported as not folded.
static constexpr unsigned long kMaxWeakIntBits = 1UL << 13;

//===----------------------------------------------------------------------===//
// The op table
//===----------------------------------------------------------------------===//

namespace {
/// The kinds of data type an op takes.
enum Kinds : uint8_t { B = 1, I = 2, F = 4 };

struct OpInfo {
  const char *name;
  uint8_t arity;
  uint8_t kinds;
};
} // namespace

// Indexed by AluOp.
static constexpr OpInfo kOps[] = {
    {"add", 2, B | I | F},   {"mul", 2, B | I | F},  {"cmplt", 2, B | I | F},
    {"cmpeq", 2, B | I | F}, {"max", 2, B | I | F},  {"and", 2, B | I},
    {"or", 2, B | I},        {"xor", 2, B | I},      {"shl", 2, I},
    {"shr", 2, I},           {"reciprocal", 1, F},   {"trunc", 1, B | I | F},
    {"sqrt", 1, F},          {"exp2", 1, F},         {"log2", 1, F},
    {"truncdiv", 2, I},      {"mod", 2, I},          {"pow", 2, B | I | F},
    {"where", 3, B | I | F},
};
static_assert(sizeof(kOps) / sizeof(kOps[0]) == kNumAluOps,
              "one row per AluOp");

static const OpInfo &info(AluOp op) { return kOps[static_cast<unsigned>(op)]; }

llvm::StringRef tolk::dtype::aluOpName(AluOp op) { return info(op).name; }
unsigned tolk::dtype::aluOpArity(AluOp op) { return info(op).arity; }

/// The kind of dt; 0 for Void and the storage helpers, which no op takes.
static uint8_t kindOf(DType dt) {
  if (isBool(dt))
    return B;
  if (isInt(dt))
    return I;
  if (isFloat(dt))
    return F;
  return 0;
}

static Value::Kind valueKind(uint8_t kind) {
  return kind == B ? Value::Kind::Bool
                   : kind == I ? Value::Kind::Int : Value::Kind::Float;
}

static const char *kindName(Value::Kind k) {
  switch (k) {
  case Value::Kind::Bool:
    return "a Bool";
  case Value::Kind::Int:
    return "an Int";
  case Value::Kind::Float:
    return "a Float";
  }
  llvm_unreachable("covered switch");
}

static llvm::Error fail(AluOp op, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (llvm::Twine(info(op).name) + ": " + msg).str());
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

static constexpr uint64_t kQuietBit = 0x0008000000000000ULL;

static Value quieted(Float nanOperand) {
  return Value::ofFloat(Float::ofBits(nanOperand.bits | kQuietBit));
}

/// A libm function of one binary64 operand, with value::*'s NaN rules rather
/// than the host's: a NaN operand gives itself quieted, and a NaN made from a
/// non-NaN (sqrt(-1), log2(-1)) is nan(), not x86's negative default NaN.
template <typename Fn> static Value floatUnary(Fn fn, const Value &x) {
  Float a = x.getFloat();
  if (a.isNaN())
    return quieted(a);
  double r = fn(a.toDouble());
  return std::isnan(r) ? Value::ofFloat(nan()) : Value::ofDouble(r);
}

/// Tolk chooses DESIGN rule 3's max, as PTX max.f32, SPIR-V NMax and
/// arith.maxnumf compute it: the non-NaN operand when exactly one is NaN, the
/// first NaN (quieted) when both are, and -0.0 counts as less than +0.0, so
/// max(-0.0, +0.0) and max(+0.0, -0.0) are both +0.0.
static Value floatMax(const Value &x, const Value &y) {
  Float a = x.getFloat(), b = y.getFloat();
  if (a.isNaN())
    return b.isNaN() ? quieted(a) : y;
  if (b.isNaN())
    return x;
  if (a.isZero() && b.isZero())
    return a.isNegative() ? y : x;
  return value::lt(x, y) ? y : x;
}

/// x^y in binary64 with C's pow (C99 Annex F: pow(x, ±0) = 1 even for a NaN
/// x, pow(1, y) = 1 even for a NaN y, pow(-0, -1) = -inf). Tolk chooses C's
/// pow over tinygrad's Python one, which raises for 0.0 ** -1 and overflow
/// and makes both +inf whatever the sign.
static Value floatPow(const Value &x, const Value &y) {
  double base = x.getFloat().toDouble();
  double r;
  if (y.isFloat()) {
    r = std::pow(base, y.getFloat().toDouble());
  } else {
    // A weak-integer exponent keeps its value. Beyond 2^53 the double that
    // holds it is even, so the sign comes from the integer's own parity.
    const mpz_class &n = y.getInt();
    double d = value::intToDouble(n);
    if (std::isfinite(d) && cmp(mpz_class(d), n) == 0) {
      r = std::pow(base, d);
    } else {
      r = std::pow(std::fabs(base), d);
      if (std::signbit(base) && mpz_odd_p(n.get_mpz_t()))
        r = -r;
    }
  }
  if (!std::isnan(r))
    return Value::ofDouble(r);
  if (x.getFloat().isNaN())
    return quieted(x.getFloat());
  if (y.isFloat() && y.getFloat().isNaN())
    return quieted(y.getFloat());
  return Value::ofFloat(nan());
}

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

static mpz_class pow2(unsigned long e) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 2, e);
  return r;
}

/// Tolk chooses, as PTX's clamped shl/shr do: a shift count is read as an
/// unsigned integer of dt's width (so -1 as i8 is 255), and a count at or
/// past the width shifts every bit out: 0 for shl and for unsigned shr, the
/// sign fill (0 or -1) for signed shr, which is arithmetic.
static Value shiftKnownWidth(AluOp op, DType dt, const mpz_class &x,
                             const mpz_class &count) {
  unsigned w = bitsize(dt);
  bool isSigned = !isUnsigned(dt);
  APInt a = toAPInt(x, w);
  APInt c = toAPInt(count, w);
  unsigned n = c.uge(w) ? w : static_cast<unsigned>(c.getZExtValue());
  APInt r(w, 0);
  if (op == AluOp::Shl)
    r = n >= w ? APInt(w, 0) : a.shl(n);
  else if (isSigned)
    r = a.ashr(n >= w ? w - 1 : n);
  else
    r = n >= w ? APInt(w, 0) : a.lshr(n);
  return Value::ofInt(fromAPInt(r, isSigned));
}

/// WeakInt shifts are exact: shl is x * 2^n, shr is floor(x / 2^n). Tolk
/// chooses: a negative count is an error (Python raises for one), and so is a
/// shl result past kMaxWeakIntBits.
static llvm::Expected<Value> shiftWeak(AluOp op, const mpz_class &x,
                                       const mpz_class &count) {
  if (sgn(count) < 0)
    return fail(op, "negative shift count " + count.get_str() +
                        " of " + toString(DType::WeakInt) + " is not folded");
  unsigned long xBits = mpz_sizeinbase(x.get_mpz_t(), 2);
  mpz_class r;
  if (op == AluOp::Shl) {
    if (sgn(x) == 0)
      return Value::ofInt(0);
    // Compared without adding: count + xBits wraps for a count near
    // ULONG_MAX.
    if (!count.fits_ulong_p() || xBits > kMaxWeakIntBits ||
        count.get_ui() > kMaxWeakIntBits - xBits)
      return fail(op, "the " + toString(DType::WeakInt) + " result of " +
                          x.get_str() + " << " + count.get_str() +
                          " is too large to fold");
    mpz_mul_2exp(r.get_mpz_t(), x.get_mpz_t(), count.get_ui());
    return Value::ofInt(std::move(r));
  }
  // Every bit of x is gone past its bit length: 0, or -1 for a negative x.
  unsigned long n = count.fits_ulong_p() && count.get_ui() <= xBits + 1
                        ? count.get_ui()
                        : xBits + 1;
  mpz_fdiv_q_2exp(r.get_mpz_t(), x.get_mpz_t(), n);
  return Value::ofInt(std::move(r));
}

/// x^n for a non-negative integer n: modulo 2^width for an integer of known
/// width (the wrapped exact power, whatever n's size), exact for WeakInt and
/// Bool (truncate then makes Bool's result x || n == 0). 0^0 is 1.
static llvm::Expected<Value> intPow(DType dt, const mpz_class &x,
                                    const mpz_class &n) {
  mpz_class r;
  if (dt != DType::WeakInt && dt != DType::Bool) {
    mpz_class m = pow2(bitsize(dt));
    mpz_powm(r.get_mpz_t(), x.get_mpz_t(), n.get_mpz_t(), m.get_mpz_t());
    return Value::ofInt(std::move(r));
  }
  if (sgn(n) == 0)
    return Value::ofInt(1);
  if (sgn(x) == 0 || x == 1)
    return Value::ofInt(x);
  if (x == -1) // A power of n's parity.
    return Value::ofInt(mpz_odd_p(n.get_mpz_t()) ? -1 : 1);
  unsigned long xBits = mpz_sizeinbase(x.get_mpz_t(), 2);
  if (!n.fits_ulong_p() || n.get_ui() > kMaxWeakIntBits / xBits)
    return fail(AluOp::Pow, "the " + toString(dt) + " result of " +
                                x.get_str() + " ** " + n.get_str() +
                                " is too large to fold");
  mpz_pow_ui(r.get_mpz_t(), x.get_mpz_t(), n.get_ui());
  return Value::ofInt(std::move(r));
}

/// True iff the binary64 result r of a float op on finite operands is an
/// infinity although the exact result is a finite number (exp2(1024),
/// pow(2, 1024); + and * of operands of a narrower format cannot overflow
/// binary64), in a format narrower than f64, where the difference matters.
/// Poles (1/0, log2(0), pow(0, negative)) are exact infinities.
static bool overflowedBinary64(AluOp op, DType dt,
                               llvm::ArrayRef<const Value *> v,
                               const Value &r) {
  if (dt == DType::Float64 || dt == DType::WeakFloat || !isFloat(dt) ||
      !r.isFloat() || !r.getFloat().isInf())
    return false;
  for (const Value *x : v)
    if (x->isFloat() && !x->getFloat().isFinite())
      return false;
  bool zeroOperand = v[0]->isFloat() && v[0]->getFloat().isZero();
  switch (op) {
  case AluOp::Recip:
  case AluOp::Log2:
    return !zeroOperand;
  case AluOp::Pow:
    return !(zeroOperand && value::lt(*v[1], Value::ofInt(0)));
  default:
    return true;
  }
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

/// The value of `op` on valid operands of the checked kinds, before it is
/// truncated to the result type.
static llvm::Expected<Value> compute(AluOp op, DType dt,
                                     llvm::ArrayRef<const Value *> v) {
  uint8_t kind = kindOf(dt);
  const Value &a = *v[0];
  switch (op) {
  case AluOp::Add:
    // On Bool, as Python's True + True = 2 truncated to Bool: or. The same
    // holds for mul, which is and. Tolk follows tinygrad.
    return value::add(a, *v[1]);
  case AluOp::Mul:
    // A chain of WeakInt products doubles its size at each step.
    if (dt == DType::WeakInt && a.isInt() && v[1]->isInt() &&
        mpz_sizeinbase(a.getInt().get_mpz_t(), 2) +
                mpz_sizeinbase(v[1]->getInt().get_mpz_t(), 2) >
            kMaxWeakIntBits + 1)
      return fail(op, "the " + toString(dt) + " product is too large to fold");
    return value::mul(a, *v[1]);
  case AluOp::CmpLt:
    // Ordered (seed 000's Value): false when either is NaN.
    return Value::ofBool(value::lt(a, *v[1]));
  case AluOp::CmpEq:
    // Ordered: NaN == NaN is false, -0.0 == +0.0 is true.
    return Value::ofBool(value::eq(a, *v[1]));
  case AluOp::Max:
    if (kind == F)
      return floatMax(a, *v[1]);
    return value::lt(a, *v[1]) ? *v[1] : a; // The greater; or on Bool.
  case AluOp::And:
  case AluOp::Or:
  case AluOp::Xor: {
    if (kind == B) {
      bool x = a.getBool(), y = v[1]->getBool();
      return Value::ofBool(op == AluOp::And  ? x && y
                           : op == AluOp::Or ? x || y
                                             : x != y);
    }
    // GMP's bitwise ops act on the infinite two's complement, which is what
    // a weak integer is and agrees with every width after wrapping.
    const mpz_class &x = a.getInt(), &y = v[1]->getInt();
    return Value::ofInt(op == AluOp::And  ? mpz_class(x & y)
                        : op == AluOp::Or ? mpz_class(x | y)
                                          : mpz_class(x ^ y));
  }
  case AluOp::Shl:
  case AluOp::Shr:
    if (dt == DType::WeakInt)
      return shiftWeak(op, a.getInt(), v[1]->getInt());
    return shiftKnownWidth(op, dt, a.getInt(), v[1]->getInt());
  case AluOp::Recip:
    // 1/±0 = ±inf, which an 8-bit format without infinities makes its NaN
    // (an infinity, not a finite overflow, so no saturation).
    return value::div(Value::ofDouble(1.0), a);
  case AluOp::Trunc:
    if (kind != F)
      return a; // Integers and Bool are already whole.
    return floatUnary([](double x) { return std::trunc(x); }, a);
  case AluOp::Sqrt:
    // sqrt(-0.0) = -0.0 (IEEE 754); sqrt of a negative number is nan().
    return floatUnary([](double x) { return std::sqrt(x); }, a);
  case AluOp::Exp2:
    return floatUnary([](double x) { return std::exp2(x); }, a);
  case AluOp::Log2:
    // log2(±0) = -inf, log2 of a negative number is nan().
    return floatUnary([](double x) { return std::log2(x); }, a);
  case AluOp::TruncDiv:
  case AluOp::Mod:
    // Tolk chooses: integer division by zero is undefined at run time
    // (targets differ: PTX gives all ones, x86 traps), so it is never folded.
    // INT_MIN / -1 wraps to INT_MIN, and INT_MIN % -1 is 0, as the seed's
    // integers wrap. Mod is tinygrad's cmod, x - truncdiv(x, y) * y: the sign
    // of the dividend, C's %.
    if (sgn(v[1]->getInt()) == 0)
      return fail(op, "division by zero is not folded (undefined at run "
                      "time)");
    return op == AluOp::TruncDiv ? value::truncDiv(a, *v[1])
                                 : value::rem(a, *v[1]);
  case AluOp::Pow:
    if (kind == F)
      return floatPow(a, *v[1]);
    // Seed 003: Invalid_argument for a negative integer exponent when the
    // promoted type is not a float.
    if (sgn(v[1]->toInteger()) < 0)
      return fail(op, "the negative exponent " + v[1]->toInteger().get_str() +
                          " needs a float type, not " + toString(dt));
    return intPow(dt, a.toInteger(), v[1]->toInteger());
  case AluOp::Where:
    break;
  }
  llvm_unreachable("where is evaluated by evalAlu");
}

llvm::Expected<Const> tolk::dtype::evalAlu(AluOp op, DType dt,
                                           llvm::ArrayRef<Const> operands) {
  const OpInfo &oi = info(op);
  if (operands.size() != oi.arity)
    return fail(op, "takes " + llvm::Twine(unsigned(oi.arity)) +
                        " operands, not " + llvm::Twine(operands.size()));
  uint8_t kind = kindOf(dt);
  if (!(kind & oi.kinds))
    return fail(op, "does not take " + toString(dt));

  // Every operand must be a constant of dt's kind, but for Where's condition
  // (a Bool) and Pow's exponent (which may also be a weak integer).
  Value::Kind want = valueKind(kind);
  for (unsigned i = 0; i < operands.size(); ++i) {
    const Value *val = operands[i].getValue();
    if (!val)
      continue;
    Value::Kind k = val->kind();
    if (op == AluOp::Where && i == 0) {
      if (k != Value::Kind::Bool)
        return fail(op, llvm::Twine("the condition must be a Bool, not ") +
                            kindName(k));
      continue;
    }
    if (op == AluOp::Pow && i == 1 && k == Value::Kind::Int)
      continue;
    if (k != want)
      return fail(op, llvm::Twine("operand ") + llvm::Twine(i) + " is " +
                          kindName(k) + ", not a constant of " +
                          toString(dt));
  }

  if (op == AluOp::Where) {
    if (operands[0].isInvalid())
      return Const::invalid();
    return operands[0].value().getBool() ? operands[1] : operands[2];
  }
  llvm::SmallVector<const Value *, 2> vals;
  for (const Const &c : operands) {
    if (c.isInvalid())
      return Const::invalid();
    vals.push_back(&c.value());
  }

  llvm::Expected<Value> r = compute(op, dt, vals);
  if (!r)
    return r.takeError();
  if (op == AluOp::CmpLt || op == AluOp::CmpEq)
    return Const(std::move(*r));
  if (overflowedBinary64(op, dt, vals, *r))
    // The exact result is finite: round it as the finite overflow it is, so
    // that an 8-bit float saturates (seed 000) instead of taking the infinity
    // (or NaN) of an infinite operand. Any value past f64's range rounds the
    // same way in a narrower format, and the greatest double is one.
    *r = Value::ofDouble(std::copysign(DBL_MAX, r->getFloat().toDouble()));
  llvm::Expected<Value> t = truncate(dt, *r);
  if (!t)
    return t.takeError();
  return Const(std::move(*t));
}

bool tolk::dtype::canFoldAlu(AluOp op, DType dt,
                             llvm::ArrayRef<Const> operands) {
  llvm::Expected<Const> r = evalAlu(op, dt, operands);
  if (r)
    return true;
  llvm::consumeError(r.takeError());
  return false;
}

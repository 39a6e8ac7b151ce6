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
// Float128 and the complex types are computed in llvm::APFloat, in binary128
// or the component format, with the same NaN rules; every operation is
// correctly rounded, so the fold is what an IEEE 754 target computes, one
// operation at a time (see "Binary128 and complex" below).
//
// "Tolk chooses" marks each decision tinygrad leaves open
// (docs/Semantics.md#the-three-rules, rule 3); docs/Semantics.md states each
// at its op, and docs/Rationale.md says why.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Alu.h"

#include "BigInt.h"

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
/// The kinds of data type an op takes: Bool, integers, floats (Float128
/// included), complex types.
enum Kinds : uint8_t { B = 1, I = 2, F = 4, C = 8 };

struct OpInfo {
  const char *name;
  uint8_t arity;
  uint8_t kinds;
};
} // namespace

// Indexed by AluOp.
static constexpr OpInfo kOps[] = {
    {"add", 2, B | I | F | C},
    {"mul", 2, B | I | F | C},
    {"cmplt", 2, B | I | F},
    {"cmpeq", 2, B | I | F | C},
    {"max", 2, B | I | F},
    {"and", 2, B | I},
    {"or", 2, B | I},
    {"xor", 2, B | I},
    {"shl", 2, I},
    {"shr", 2, I},
    {"reciprocal", 1, F | C},
    {"trunc", 1, B | I | F},
    {"sqrt", 1, F},
    {"exp2", 1, F},
    {"log2", 1, F},
    {"truncdiv", 2, I},
    {"pow", 2, B | I | F},
    {"where", 3, B | I | F | C},
    {"neg", 1, C},
    {"div", 2, C},
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
  if (isComplex(dt))
    return C;
  return 0;
}

/// The kind of value a constant of dt, of the kind `kind`, is.
static Value::Kind valueKind(uint8_t kind, DType dt) {
  switch (kind) {
  case B:
    return Value::Kind::Bool;
  case I:
    return Value::Kind::Int;
  case C:
    return Value::Kind::Complex;
  default:
    return dt == DType::Float128 ? Value::Kind::Float128 : Value::Kind::Float;
  }
}

static const char *kindName(Value::Kind k) {
  switch (k) {
  case Value::Kind::Bool:
    return "a Bool";
  case Value::Kind::Int:
    return "an Int";
  case Value::Kind::Float:
    return "a Float";
  case Value::Kind::Float128:
    return "a Float128";
  case Value::Kind::Complex:
    return "a Complex";
  }
  llvm_unreachable("covered switch");
}

static llvm::Error fail(AluOp op, const llvm::Twine &msg) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      (llvm::Twine(info(op).name) + ": " + msg).str());
}

/// The error for an op that does not take dt although the op table's kinds
/// would say it does, or that takes dt but is not folded on it; none when
/// the op table decides.
static std::optional<llvm::Error> refusal(AluOp op, DType dt) {
  if (isComplex(dt)) {
    switch (op) {
    case AluOp::CmpLt:
    case AluOp::Max:
    case AluOp::And:
    case AluOp::Or:
    case AluOp::Xor:
    case AluOp::Shl:
    case AluOp::Shr:
    case AluOp::Trunc:
    case AluOp::TruncDiv:
      return fail(op, "does not take " + toString(dt) +
                          ": it needs an order, and complex numbers have none");
    case AluOp::Sqrt:
    case AluOp::Exp2:
    case AluOp::Log2:
    case AluOp::Pow:
      // complex-to-standard computes them with atan2, cos, sin, exp, log
      // and pow of the math library, whose bits the folder cannot know.
      return fail(op, toString(dt) +
                          " is not folded: its lowering calls the math "
                          "library's transcendental functions, whose results "
                          "the folder does not reproduce");
    default:
      return std::nullopt;
    }
  }
  if (dt == DType::Float128 &&
      (op == AluOp::Exp2 || op == AluOp::Log2 || op == AluOp::Pow))
    // Tolk chooses: APFloat has no exp2, log2 or pow, no correctly rounded
    // binary128 one is at hand, and the target's soft-float library decides
    // the bits; sqrt, which IEEE 754 rounds correctly, is folded.
    return fail(op, toString(dt) +
                        " is not folded in binary128: no correctly rounded "
                        "binary128 implementation is at hand, and the "
                        "target's library decides the bits");
  return std::nullopt;
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

/// Tolk chooses max (docs/Semantics.md#max) as PTX max.f32, SPIR-V NMax and
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
    mpz_class n = mpzInt(y);
    double d = value::intToDouble(y.getInt());
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
    return fail(op, "negative shift count " + count.get_str() + " of " +
                        toString(DType::WeakInt) + " is not folded");
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
    return intValue(r);
  }
  // Every bit of x is gone past its bit length: 0, or -1 for a negative x.
  unsigned long n = count.fits_ulong_p() && count.get_ui() <= xBits + 1
                        ? count.get_ui()
                        : xBits + 1;
  mpz_fdiv_q_2exp(r.get_mpz_t(), x.get_mpz_t(), n);
  return intValue(r);
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
    return intValue(r);
  }
  if (sgn(n) == 0)
    return Value::ofInt(1);
  if (sgn(x) == 0 || x == 1)
    return intValue(x);
  if (x == -1) // A power of n's parity.
    return Value::ofInt(mpz_odd_p(n.get_mpz_t()) ? -1 : 1);
  unsigned long xBits = mpz_sizeinbase(x.get_mpz_t(), 2);
  if (!n.fits_ulong_p() || n.get_ui() > kMaxWeakIntBits / xBits)
    return fail(AluOp::Pow, "the " + toString(dt) + " result of " +
                                x.get_str() + " ** " + n.get_str() +
                                " is too large to fold");
  mpz_pow_ui(r.get_mpz_t(), x.get_mpz_t(), n.get_ui());
  return intValue(r);
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
// Binary128 and complex
//===----------------------------------------------------------------------===//
//
// One IEEE 754 operation at a time, in llvm::APFloat of the operands'
// format, rounded to nearest even, which is what an f32, f64 or f128
// operation of the target computes (no flush of subnormals, no contraction
// into fused multiply-adds). The NaN rules are value::*'s: a NaN operand
// gives the first NaN operand quieted, a NaN made from non-NaNs is the
// positive quiet zero-payload NaN, and neg flips any sign.

using llvm::APFloat;
static constexpr APFloat::roundingMode kRNE = APFloat::rmNearestTiesToEven;

namespace {
enum class Arith : uint8_t { Add, Sub, Mul, Div };
} // namespace

static APFloat arith(Arith op, const APFloat &x, const APFloat &y) {
  if (x.isNaN())
    return x.makeQuiet();
  if (y.isNaN())
    return y.makeQuiet();
  APFloat r = x;
  switch (op) {
  case Arith::Add:
    r.add(y, kRNE);
    break;
  case Arith::Sub:
    r.subtract(y, kRNE);
    break;
  case Arith::Mul:
    r.multiply(y, kRNE);
    break;
  case Arith::Div:
    r.divide(y, kRNE);
    break;
  }
  return r.isNaN() ? APFloat::getQNaN(r.getSemantics()) : r;
}

static APFloat add(const APFloat &x, const APFloat &y) {
  return arith(Arith::Add, x, y);
}
static APFloat sub(const APFloat &x, const APFloat &y) {
  return arith(Arith::Sub, x, y);
}
static APFloat mul(const APFloat &x, const APFloat &y) {
  return arith(Arith::Mul, x, y);
}
static APFloat div(const APFloat &x, const APFloat &y) {
  return arith(Arith::Div, x, y);
}
/// IEEE 754's copySign (llvm::neg and llvm::abs are its negate and abs):
/// the sign bit only, NaNs too.
static APFloat copySign(APFloat x, const APFloat &sign) {
  x.copySign(sign);
  return x;
}
/// arith.cmpf's predicates: ordered ones are false with a NaN.
static bool oeq(const APFloat &x, const APFloat &y) {
  return x.compare(y) == APFloat::cmpEqual;
}
static bool olt(const APFloat &x, const APFloat &y) {
  return x.compare(y) == APFloat::cmpLessThan;
}
static bool one(const APFloat &x, const APFloat &y) {
  APFloat::cmpResult c = x.compare(y);
  return c == APFloat::cmpLessThan || c == APFloat::cmpGreaterThan;
}

/// floatMax's rule in binary128.
static APFloat quadMax(const APFloat &a, const APFloat &b) {
  if (a.isNaN())
    return b.isNaN() ? a.makeQuiet() : b;
  if (b.isNaN())
    return a;
  if (a.isZero() && b.isZero())
    return a.isNegative() ? b : a;
  return olt(a, b) ? b : a;
}

/// The square root of a binary128 number, correctly rounded (IEEE 754
/// requires it, and the soft-float sqrt of the targets computes it). APFloat
/// has no sqrt, so: x = m * 2^e with m an integer and e even; isqrt of m
/// scaled by an even power of two to at least 230 bits gives s of at least
/// 115 bits, and 2s + (whether a remainder is left) rounds to 113 bits as the
/// exact root does, since the rounding point is a multiple of 4 and the root
/// lies strictly between 2s and 2s + 2 when it is not exact. The root of a
/// positive binary128 number is normal, so scaling it back is exact.
static APFloat quadSqrt(const APFloat &x) {
  if (x.isNaN())
    return x.makeQuiet();
  if (x.isZero() || (x.isInfinity() && !x.isNegative()))
    return x; // sqrt(-0) = -0.
  if (x.isNegative())
    return APFloat::getQNaN(x.getSemantics());
  APInt bits = x.bitcastToAPInt();
  unsigned biased = static_cast<unsigned>(bits.extractBitsAsZExtValue(15, 112));
  APInt m = bits.trunc(112).zext(113);
  if (biased != 0)
    m.setBit(112);
  long e = (biased == 0 ? 1L : static_cast<long>(biased)) - 16383 - 112;
  mpz_class mz = mpzFromAPInt(m, /*isSigned=*/false);
  if (e % 2 != 0) {
    mz <<= 1;
    --e;
  }
  long size = static_cast<long>(mpz_sizeinbase(mz.get_mpz_t(), 2));
  long shift = size < 230 ? (230 - size + 1) / 2 * 2 : 0;
  mz <<= static_cast<mp_bitcnt_t>(shift);
  e -= shift;
  mpz_class root, rem;
  mpz_sqrtrem(root.get_mpz_t(), rem.get_mpz_t(), mz.get_mpz_t());
  mpz_class n = root * 2 + (sgn(rem) != 0 ? 1 : 0);
  unsigned width = static_cast<unsigned>(mpz_sizeinbase(n.get_mpz_t(), 2)) + 1;
  APFloat r(x.getSemantics());
  r.convertFromAPInt(toAPInt(n, width), /*IsSigned=*/false, kRNE);
  // sqrt(x) = n / 2 * 2^(e / 2).
  return scalbn(r, static_cast<int>(e / 2 - 1), kRNE);
}

/// One lane of op on binary128 operands.
static Value quadCompute(AluOp op, llvm::ArrayRef<const Value *> v) {
  const APFloat &a = v[0]->getFloat128();
  auto q = [](APFloat x) { return Value::ofFloat128(std::move(x)); };
  switch (op) {
  case AluOp::Add:
    return q(add(a, v[1]->getFloat128()));
  case AluOp::Mul:
    return q(mul(a, v[1]->getFloat128()));
  case AluOp::CmpLt:
    return Value::ofBool(olt(a, v[1]->getFloat128()));
  case AluOp::CmpEq:
    return Value::ofBool(oeq(a, v[1]->getFloat128()));
  case AluOp::Max:
    return q(quadMax(a, v[1]->getFloat128()));
  case AluOp::Recip:
    return q(div(APFloat(a.getSemantics(), 1), a));
  case AluOp::Trunc: {
    if (a.isNaN())
      return q(a.makeQuiet());
    APFloat r = a;
    r.roundToIntegral(APFloat::rmTowardZero);
    return q(r);
  }
  case AluOp::Sqrt:
    return q(quadSqrt(a));
  default:
    llvm_unreachable("refusal and the op table leave no other op");
  }
}

/// complex.div as MLIR 22's complex-to-standard lowers it with its default
/// complex-range=improved (convertDivToStandardUsingRangeReduction in
/// mlir/lib/Conversion/ComplexCommon/DivisionConverter.cpp): Smith's
/// algorithm, both of whose branches are computed and the one for the
/// larger of |c| and |d| selected, and when both parts of that are NaN, the
/// C99 Annex G recoveries of a zero divisor, an infinite dividend and an
/// infinite divisor. Every operation, select and comparison below is one of
/// the lowering's, in its order, so the fold is the executed code's result.
static Complex complexDiv(const Complex &x, const Complex &y) {
  const llvm::fltSemantics &s = x.semantics();
  const APFloat &a = x.re, &b = x.im, &c = y.re, &d = y.im;
  APFloat zero = APFloat::getZero(s), oneF(s, 1), inf = APFloat::getInf(s);

  // |c| < |d|: divide through by d.
  APFloat r1 = div(c, d);
  APFloat den1 = add(d, mul(r1, c));
  APFloat re1 = div(add(mul(a, r1), b), den1);
  APFloat im1 = div(sub(mul(b, r1), a), den1);
  // Otherwise by c.
  APFloat r2 = div(d, c);
  APFloat den2 = add(c, mul(r2, d));
  APFloat re2 = div(add(a, mul(b, r2)), den2);
  APFloat im2 = div(sub(b, mul(a, r2)), den2);

  // A zero divisor and a dividend not entirely NaN: (inf * a, inf * b), the
  // infinity of c's sign.
  APFloat absC = llvm::abs(c), absD = llvm::abs(d);
  bool zeroDivisor = oeq(absC, zero) && oeq(absD, zero);
  bool dividendOrdered = !a.isNaN() || !b.isNaN();
  bool case0 = dividendOrdered && zeroDivisor;
  APFloat infC = copySign(inf, c);
  APFloat z0re = mul(infC, a), z0im = mul(infC, b);

  // An infinite dividend and a finite divisor.
  bool finiteDivisor = one(absC, inf) && one(absD, inf);
  APFloat absA = llvm::abs(a), absB = llvm::abs(b);
  bool aInf = oeq(absA, inf), bInf = oeq(absB, inf);
  bool case1 = (aInf || bInf) && finiteDivisor;
  APFloat aa = copySign(aInf ? oneF : zero, a);
  APFloat bb = copySign(bInf ? oneF : zero, b);
  APFloat z1re = mul(inf, add(mul(aa, c), mul(bb, d)));
  APFloat z1im = mul(inf, sub(mul(bb, c), mul(aa, d)));

  // A finite dividend and an infinite divisor.
  bool finiteDividend = one(absA, inf) && one(absB, inf);
  bool cInf = oeq(absC, inf), dInf = oeq(absD, inf);
  bool case2 = finiteDividend && (cInf || dInf);
  APFloat cc = copySign(cInf ? oneF : zero, c);
  APFloat dd = copySign(dInf ? oneF : zero, d);
  APFloat z2re = mul(zero, add(mul(a, cc), mul(b, dd)));
  APFloat z2im = mul(zero, sub(mul(b, cc), mul(a, dd)));

  bool byD = olt(absC, absD);
  const APFloat &re = byD ? re1 : re2, &im = byD ? im1 : im2;
  const APFloat *sre = case2 ? &z2re : &re, *sim = case2 ? &z2im : &im;
  if (case1) {
    sre = &z1re;
    sim = &z1im;
  }
  if (case0) {
    sre = &z0re;
    sim = &z0im;
  }
  if (re.isNaN() && im.isNaN())
    return Complex{*sre, *sim};
  return Complex{re, im};
}

/// One lane of op on complex operands of one component format, as
/// complex-to-standard lowers each op: add and neg per component; mul as
/// (ac - bd, bc + ad); eq as both components oeq; reciprocal as (1, +0) / z,
/// with div's algorithm.
static Value complexCompute(AluOp op, llvm::ArrayRef<const Value *> v) {
  const Complex &x = v[0]->getComplex();
  auto z = [](Complex r) {
    return Value::ofComplex(std::move(r.re), std::move(r.im));
  };
  switch (op) {
  case AluOp::Add: {
    const Complex &y = v[1]->getComplex();
    return z({add(x.re, y.re), add(x.im, y.im)});
  }
  case AluOp::Neg:
    return z({llvm::neg(x.re), llvm::neg(x.im)});
  case AluOp::Mul: {
    const Complex &y = v[1]->getComplex();
    return z({sub(mul(x.re, y.re), mul(x.im, y.im)),
              add(mul(x.im, y.re), mul(x.re, y.im))});
  }
  case AluOp::Div:
    return z(complexDiv(x, v[1]->getComplex()));
  case AluOp::Recip: {
    const llvm::fltSemantics &s = x.semantics();
    return z(complexDiv({APFloat(s, 1), APFloat::getZero(s)}, x));
  }
  case AluOp::CmpEq: {
    const Complex &y = v[1]->getComplex();
    return Value::ofBool(oeq(x.re, y.re) && oeq(x.im, y.im));
  }
  default:
    llvm_unreachable("refusal and the op table leave no other op");
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
        mpz_sizeinbase(mpzInt(a).get_mpz_t(), 2) +
                mpz_sizeinbase(mpzInt(*v[1]).get_mpz_t(), 2) >
            kMaxWeakIntBits + 1)
      return fail(op, "the " + toString(dt) + " product is too large to fold");
    return value::mul(a, *v[1]);
  case AluOp::CmpLt:
    // Ordered (docs/Semantics.md#cmplt): false when either is NaN.
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
    mpz_class x = mpzInt(a), y = mpzInt(*v[1]);
    return intValue(op == AluOp::And  ? mpz_class(x & y)
                    : op == AluOp::Or ? mpz_class(x | y)
                                      : mpz_class(x ^ y));
  }
  case AluOp::Shl:
  case AluOp::Shr:
    if (dt == DType::WeakInt)
      return shiftWeak(op, mpzInt(a), mpzInt(*v[1]));
    return shiftKnownWidth(op, dt, mpzInt(a), mpzInt(*v[1]));
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
    // Tolk chooses: integer division by zero is undefined at run time
    // (targets differ: PTX gives all ones, x86 traps), so it is never folded.
    // INT_MIN / -1 wraps to INT_MIN, as fixed-width integers wrap.
    if (v[1]->getInt() == 0)
      return fail(op, "division by zero is not folded (undefined at run "
                      "time)");
    return value::truncDiv(a, *v[1]);
  case AluOp::Pow:
    if (kind == F)
      return floatPow(a, *v[1]);
    // A negative integer exponent has no result when the promoted type is
    // not a float (docs/Semantics.md#pow): not folded.
    if (v[1]->toInteger() < 0)
      return fail(op, "the negative exponent " + toDecimal(v[1]->toInteger()) +
                          " needs a float type, not " + toString(dt));
    return intPow(dt, mpzInteger(a), mpzInteger(*v[1]));
  case AluOp::Where:
    break;
  case AluOp::Neg:
  case AluOp::Div:
    llvm_unreachable("only the complex types take it");
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
  if (kind == C || dt == DType::Float128)
    if (std::optional<llvm::Error> e = refusal(op, dt))
      return std::move(*e);
  if (!(kind & oi.kinds))
    return fail(op, "does not take " + toString(dt));

  // Every operand must be a constant of dt's kind, but for Where's condition
  // (a Bool) and Pow's exponent (which may also be a weak integer).
  Value::Kind want = valueKind(kind, dt);
  const llvm::fltSemantics *componentSem =
      kind == C ? semantics(*componentType(dt)) : nullptr;
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
                          kindName(k) + ", not a constant of " + toString(dt));
    if (componentSem && &val->getComplex().semantics() != componentSem)
      return fail(op, llvm::Twine("operand ") + llvm::Twine(i) +
                          " is a Complex of " +
                          llvm::Twine(llvm::APFloat::semanticsSizeInBits(
                              val->getComplex().semantics())) +
                          "-bit components, not a constant of " + toString(dt));
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

  // Exact in their own format already, one operation at a time.
  if (kind == C)
    return Const(complexCompute(op, vals));
  if (dt == DType::Float128)
    return Const(quadCompute(op, vals));

  llvm::Expected<Value> r = compute(op, dt, vals);
  if (!r)
    return r.takeError();
  if (op == AluOp::CmpLt || op == AluOp::CmpEq)
    return Const(std::move(*r));
  if (overflowedBinary64(op, dt, vals, *r))
    // The exact result is finite: round it as the finite overflow it is, so
    // that an 8-bit float saturates (docs/Semantics.md#8-bit-floats) instead of
    // taking the infinity (or NaN) of an infinite operand. Any value past f64's
    // range rounds the same way in a narrower format, and the greatest double
    // is one.
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

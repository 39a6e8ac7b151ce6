//===- Format.cpp - Printing constants as literals ------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// pp_const (docs/Semantics.md#printing): True, False, Invalid, integers in
// decimal, and floats as Python's repr(float) writes them. The shortest
// round-trip digits come from std::to_chars (libstdc++ implements it with Ryu);
// this file only lays them out as Python does.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Const.h"

#include "BigInt.h"
#include "FloatFormats.h"
#include "tolk/Dtype/Cast.h"

#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

using namespace tolk::dtype;

/// A finite float laid out as Python's repr lays out a double: `digits`, the
/// shortest significant digits (no leading or trailing zeros but a lone "0"),
/// with the first one's decimal exponent exp10.
static std::string layOut(bool negative, const std::string &digits, int exp10) {
  // Python (float_repr_style 'short', format code 'r') uses the position of
  // the decimal point, decpt, where d = 0.DIGITS * 10^decpt: exponent
  // notation iff decpt <= -4 or decpt > 16, i.e. below 1e-4 or from 1e16.
  int decpt = exp10 + 1;
  int ndigits = static_cast<int>(digits.size());
  std::string out = negative ? "-" : "";
  if (decpt <= -4 || decpt > 16) {
    out += digits[0];
    if (ndigits > 1) {
      out += '.';
      out.append(digits, 1, std::string::npos);
    }
    // At least two exponent digits, always signed: 1e-05, 1e+16, 5e-324.
    int e = decpt - 1;
    out += e < 0 ? "e-" : "e+";
    unsigned mag = static_cast<unsigned>(e < 0 ? -e : e);
    if (mag < 10)
      out += '0';
    out += std::to_string(mag);
    return out;
  }
  if (decpt <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-decpt), '0');
    out += digits;
  } else if (decpt < ndigits) {
    out.append(digits, 0, static_cast<size_t>(decpt));
    out += '.';
    out.append(digits, static_cast<size_t>(decpt), std::string::npos);
  } else {
    // No fractional digit: pad the integer part and add ".0", as repr does.
    out += digits;
    out.append(static_cast<size_t>(decpt - ndigits), '0');
    out += ".0";
  }
  return out;
}

std::string tolk::dtype::formatFloat(double d) {
  // Every NaN prints "nan": Python's repr drops the sign and payload, and the
  // pp_const prints "nan" for any float that is a NaN.
  if (std::isnan(d))
    return "nan";
  if (std::isinf(d))
    return d < 0 ? "-inf" : "inf";

  // Scientific form with no precision asks for the shortest digits that read
  // back as d: "d[.ddd]e[+-]XX". Splitting it gives the digit string and the
  // decimal exponent, from which Python's layout follows.
  char buf[64];
  std::to_chars_result res =
      std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string text(buf, res.ptr);

  bool negative = false;
  size_t pos = 0;
  if (text[pos] == '-') {
    negative = true;
    ++pos;
  }
  size_t ePos = text.find('e', pos);
  std::string digits;
  for (size_t i = pos; i < ePos; ++i)
    if (text[i] != '.')
      digits += text[i];
  int exp10 = std::atoi(text.c_str() + ePos + 1);

  return layOut(negative, digits, exp10);
}

static mpz_class powerOfTen(long k) {
  mpz_class p;
  mpz_ui_pow_ui(p.get_mpz_t(), 10, static_cast<unsigned long>(k));
  return p;
}

/// A finite nonzero binary128 magnitude m * 2^e (m an integer, its
/// significand `frac`): its first 37 significant decimal digits, the decimal
/// exponent k of the first, and whether any digit follows.
struct ExactDigits {
  std::string digits;
  long k;
  bool inexact;
};
static ExactDigits exactDigits37(const llvm::APInt &frac, long e) {
  // |q| = num / den.
  mpz_class num = mpzFromAPInt(frac, /*isSigned=*/false), den = 1;
  if (e >= 0)
    num <<= static_cast<mp_bitcnt_t>(e);
  else
    den <<= static_cast<mp_bitcnt_t>(-e);
  // The integer part of |q| / 10^s, and whether a remainder is left.
  auto digitsAt = [&](long s, bool &inexact) {
    mpz_class n = num, d = den, quo, rem;
    if (s >= 0)
      d *= powerOfTen(s);
    else
      n *= powerOfTen(-s);
    mpz_tdiv_qr(quo.get_mpz_t(), rem.get_mpz_t(), n.get_mpz_t(), d.get_mpz_t());
    inexact = sgn(rem) != 0;
    return quo;
  };
  // k = floor(log10 |q|), from the binary exponent, corrected so that the
  // digit string has exactly 37 digits.
  ExactDigits r;
  r.k = static_cast<long>(
      std::floor((static_cast<double>(frac.getActiveBits()) - 1 + e) *
                 0.30102999566398120));
  r.inexact = false;
  for (;;) {
    r.digits = digitsAt(r.k - 36, r.inexact).get_str();
    if (r.digits.size() == 37)
      return r;
    r.k += r.digits.size() > 37 ? 1 : -1;
  }
}

std::string tolk::dtype::formatFloat128(const llvm::APFloat &q) {
  if (q.isNaN())
    return "nan";
  if (q.isInfinity())
    return q.isNegative() ? "-inf" : "inf";
  if (q.isZero())
    return layOut(q.isNegative(), "0", 0);

  // No shortest-digits printer for binary128 exists in the libraries here
  // (std::to_chars has no overload before C++23; APFloat::toString does not
  // round a carry past a 9), so: the exact value's first 37 significant
  // digits and whether any digit follows, then for n = 1, 2, ... those
  // rounded to n digits (to nearest, ties to even), until one reads back as
  // q, that is, lies between the midpoints to q's neighbours (on one only if
  // q's significand is even, as reading rounds ties to even). 36 digits
  // always do.
  // |q| = m * 2^e exactly, m an integer.
  llvm::APInt bits = llvm::abs(q).bitcastToAPInt();
  unsigned biased = static_cast<unsigned>(bits.extractBitsAsZExtValue(15, 112));
  llvm::APInt frac = bits.trunc(112).zext(113);
  if (biased != 0)
    frac.setBit(112);
  long e = (biased == 0 ? 1L : static_cast<long>(biased)) - 16383 - 112;
  ExactDigits exact = exactDigits37(frac, e);
  const std::string &all = exact.digits;
  long k = exact.k;
  bool inexact = exact.inexact;
  // The midpoints to the neighbours, as odd multiples of 2^(e - 2): below,
  // the neighbour is half as far at the bottom of a binade.
  mpz_class m = mpzFromAPInt(frac, /*isSigned=*/false);
  bool binadeBottom = biased > 1 && m == (mpz_class(1) << 112);
  mpz_class hiMid = (4 * m + 2),
            loMid = binadeBottom ? mpz_class(4 * m - 1) : mpz_class(4 * m - 2);
  bool evenSignificand = mpz_even_p(m.get_mpz_t());
  // The three-way comparison of d * 10^s with a * 2^(e - 2).
  auto compareScaled = [&](const mpz_class &d, long s, const mpz_class &a) {
    mpz_class l = d, r = a;
    if (s >= 0)
      l *= powerOfTen(s);
    else
      r *= powerOfTen(-s);
    long f = e - 2;
    if (f >= 0)
      r <<= static_cast<mp_bitcnt_t>(f);
    else
      l <<= static_cast<mp_bitcnt_t>(-f);
    return cmp(l, r);
  };
  for (size_t n = 1;; ++n) {
    // Rounded to n digits: up when the rest is above half, or exactly half
    // and the last kept digit is odd.
    std::string head = all.substr(0, n);
    char next = all[n];
    bool restBeyondHalf =
        inexact || all.find_first_not_of('0', n + 1) != std::string::npos;
    bool up = next > '5' ||
              (next == '5' && (restBeyondHalf || (head.back() - '0') % 2 == 1));
    long exp10 = k;
    if (up) {
      mpz_class h(head);
      ++h;
      head = h.get_str();
      if (head.size() > n) { // 99..9 became 100..0.
        head.resize(n);
        ++exp10;
      }
    }
    while (head.size() > 1 && head.back() == '0')
      head.pop_back();
    mpz_class d(head);
    long scale = exp10 - static_cast<long>(head.size()) + 1;
    int lo = compareScaled(d, scale, loMid),
        hi = compareScaled(d, scale, hiMid);
    bool readsBack =
        (lo > 0 && hi < 0) || ((lo == 0 || hi == 0) && evenSignificand);
    if (n >= 36 || readsBack)
      return layOut(q.isNegative(), head, static_cast<int>(exp10));
  }
}

/// A complex component as printConst writes it.
static std::string formatComponent(const llvm::APFloat &c) {
  if (&c.getSemantics() == &llvm::APFloat::IEEEquad())
    return formatFloat128(c);
  return formatFloat(detail::componentValue(c).getFloat().toDouble());
}

void tolk::dtype::printConst(llvm::raw_ostream &os, const Const &c) {
  if (c.isInvalid()) {
    os << "Invalid";
    return;
  }
  const Value &v = c.value();
  switch (v.kind()) {
  case Value::Kind::Bool:
    os << (v.getBool() ? "True" : "False");
    return;
  case Value::Kind::Int:
    // Any integer prints, so printing an Int never fails.
    os << toDecimal(v.getInt());
    return;
  case Value::Kind::Float:
    os << formatFloat(v.getFloat().toDouble());
    return;
  case Value::Kind::Float128:
    os << formatFloat128(v.getFloat128());
    return;
  case Value::Kind::Complex:
    // A pair, not Python's "(1.5-2j)": each part in the float form above,
    // so that "nan" and "inf" parts need no sign rules of their own.
    os << '(' << formatComponent(v.getComplex().re) << ", "
       << formatComponent(v.getComplex().im) << ')';
    return;
  }
  llvm_unreachable("covered switch");
}

std::string tolk::dtype::ppConst(const Const &c) {
  std::string s;
  llvm::raw_string_ostream os(s);
  printConst(os, c);
  os.flush();
  return s;
}

llvm::raw_ostream &tolk::dtype::operator<<(llvm::raw_ostream &os,
                                           const Const &c) {
  printConst(os, c);
  return os;
}

//===----------------------------------------------------------------------===//
// Reading constants back
//===----------------------------------------------------------------------===//

/// text read as a number of sem, rounded once to nearest even (APFloat reads
/// decimal text exactly); nullopt for text that is no float literal.
static std::optional<llvm::APFloat> readFloat(llvm::StringRef text,
                                              const llvm::fltSemantics &sem) {
  llvm::APFloat x(sem);
  llvm::Expected<llvm::APFloat::opStatus> st =
      x.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
  if (!st) {
    llvm::consumeError(st.takeError());
    return std::nullopt;
  }
  return x;
}

static llvm::Error badLiteral(llvm::StringRef text, DType dt) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "'" + text + "' is no literal of " +
                                     toString(dt));
}

/// The value of a real literal: a Bool, an Int, or a Float read as the
/// nearest double (the nearest binary128 when `quad`, a Float128).
static std::optional<Value> readReal(llvm::StringRef t, bool quad) {
  if (t == "True")
    return Value::ofBool(true);
  if (t == "False")
    return Value::ofBool(false);
  llvm::StringRef digits = t;
  digits.consume_front("-");
  if (!digits.empty() && llvm::all_of(digits, llvm::isDigit)) {
    mpz_class i;
    if (i.set_str(t.str(), 10) != 0)
      return std::nullopt;
    return intValue(i);
  }
  // A float: digits with a point or an exponent, or inf and nan (APFloat
  // would also read hexadecimal floats and other spellings; printConst
  // writes none of them, and neither is refused).
  if (t.empty() ||
      !llvm::any_of(t, [](char ch) { return llvm::isDigit(ch) || ch == 'n'; }))
    return std::nullopt;
  // Rounded once from the text, to binary128 or to a double.
  std::optional<llvm::APFloat> x = readFloat(
      t, quad ? llvm::APFloat::IEEEquad() : llvm::APFloat::IEEEdouble());
  if (!x)
    return std::nullopt;
  if (quad)
    return Value::ofFloat128(*x);
  return Value::ofFloat(Float::ofBits(x->bitcastToAPInt().getZExtValue()));
}

llvm::Expected<Const> tolk::dtype::parseConst(llvm::StringRef text, DType dt) {
  llvm::StringRef t = text.trim();
  if (t == "Invalid")
    return Const::invalid();
  std::optional<DType> part = componentType(dt);
  if (part && t.consume_front("(")) {
    if (!t.consume_back(")"))
      return badLiteral(text, dt);
    auto [reText, imText] = t.split(',');
    if (imText.data() == nullptr || imText.contains(','))
      return badLiteral(text, dt);
    std::optional<Value> re = readReal(reText.trim(), *part == DType::Float128);
    std::optional<Value> im = readReal(imText.trim(), *part == DType::Float128);
    if (!re || !im)
      return badLiteral(text, dt);
    llvm::Expected<Const> r = makeConst(*part, Const(*re));
    if (!r)
      return r.takeError();
    llvm::Expected<Const> i = makeConst(*part, Const(*im));
    if (!i)
      return i.takeError();
    const llvm::fltSemantics &sem = *semantics(*part);
    return Const(Value::ofComplex(detail::toComponent(sem, r->value()),
                                  detail::toComponent(sem, i->value())));
  }
  std::optional<Value> v =
      readReal(t, dt == DType::Float128 || part == DType::Float128);
  if (!v)
    return badLiteral(text, dt);
  return makeConst(dt, Const(*v));
}

//===- Format.cpp - Printing constants as literals ------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Seed 000's pp_const: True, False, Invalid, integers in decimal, and floats
// as Python's repr(float) writes them. The shortest round-trip digits come
// from std::to_chars (libstdc++ implements it with Ryu); this file only lays
// them out as Python does.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Const.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

using namespace tolk::dtype;

std::string tolk::dtype::formatFloat(double d) {
  // Every NaN prints "nan": Python's repr drops the sign and payload, and the
  // seed's pp_const prints "nan" for any float that is a NaN.
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
    // GMP prints any integer; the seed's Invalid_argument for an integer
    // Bigint.to_string refuses never arises.
    os << v.getInt().get_str(10);
    return;
  case Value::Kind::Float:
    os << formatFloat(v.getFloat().toDouble());
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

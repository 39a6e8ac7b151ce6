//===- FormatTest.cpp - Printing: pp_const --------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every expected float text is CPython's repr of the double with those bits.
//
//===----------------------------------------------------------------------===//

#include "BigInt.h"
#include "tolk/Dtype/Const.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace tolk::dtype;

namespace {

struct FloatRow {
  uint64_t bits;
  const char *text;
};

// pp_const: "a float in the fewest significant digits that read back as the
// same float. A float has a .0 if it has no fractional digit, is in exponent
// notation below 1e-4 and from 1e16 in magnitude (1e-05, 1.5e+16), and is
// inf, -inf or nan if it is not finite."
const FloatRow kFloatRows[] = {
    {0x0000000000000000ULL, "0.0"},
    {0x8000000000000000ULL, "-0.0"},
    {0x3ff0000000000000ULL, "1.0"},
    {0xbff0000000000000ULL, "-1.0"},
    {0x3fb999999999999aULL, "0.1"},
    {0x3fd5555555555555ULL, "0.3333333333333333"},
    {0x3fe5555555555555ULL, "0.6666666666666666"},
    {0x3fd3333333333334ULL, "0.30000000000000004"},
    {0x3ff8000000000000ULL, "1.5"},
    {0xc004000000000000ULL, "-2.5"},
    {0x3fe0000000000000ULL, "0.5"},
    {0x3fd0000000000000ULL, "0.25"},
    {0x3f90000000000000ULL, "0.015625"},
    {0x3f50624dd2f1a9fcULL, "0.001"},
    // The lower edge of fixed notation: 1e-4 is fixed, below it exponent.
    {0x3f1a36e2eb1c432dULL, "0.0001"},
    {0x3f202e4b6ce5dc68ULL, "0.00012345"},
    {0x3f1a36371ea531a8ULL, "9.999e-05"},
    {0x3f1a36d1bd105b06ULL, "9.9999e-05"},
    {0x3ee4f8b588e368f1ULL, "1e-05"},
    {0xbee4f8b588e368f1ULL, "-1e-05"},
    {0x3e7ad7f29abcaf48ULL, "1e-07"},
    {0x2b2bff2ee48e0530ULL, "1e-100"},
    // Subnormals and the least normal.
    {0x0000000000000001ULL, "5e-324"},
    {0x0000000000000003ULL, "1.5e-323"},
    {0x0010000000000000ULL, "2.2250738585072014e-308"},
    // Integers below 1e16 print in full with ".0".
    {0x4059000000000000ULL, "100.0"},
    {0x430c6bf526340000ULL, "1000000000000000.0"},
    {0x4340000000000000ULL, "9007199254740992.0"},
    {0x4341c37937e07fffULL, "9999999999999998.0"},
    {0x40effc0000000000ULL, "65504.0"},
    {0x407c000000000000ULL, "448.0"},
    {0x40ec000000000000ULL, "57344.0"},
    {0x40fe240c9fbe76c9ULL, "123456.789"},
    {0x405edd2f1a9fbe77ULL, "123.456"},
    {0xc05edd2f1a9fbe77ULL, "-123.456"},
    {0x4011666666666666ULL, "4.35"},
    {0x400921fb54442d18ULL, "3.141592653589793"},
    {0x4005bf0a8b145769ULL, "2.718281828459045"},
    {0x42d6bcc41e8fffffULL, "99999999999999.98"},
    {0x43118b54f22aeb03ULL, "1234567890123456.8"},
    // The upper edge: from 1e16, exponent notation.
    {0x4341c37937e08000ULL, "1e+16"},
    {0xc341c37937e08000ULL, "-1e+16"},
    {0x434aa535d3d0c000ULL, "1.5e+16"},
    {0x437b69b4ba630f35ULL, "1.2345678901234568e+17"},
    {0x43e56a95319d63e1ULL, "1.2345678901234567e+19"},
    {0x444b1ae4d6e2ef50ULL, "1e+21"},
    {0x4480f0cf064dd592ULL, "1e+22"},
    {0x44b52d02c7e14af6ULL, "1e+23"},
    {0x54b249ad2594c37dULL, "1e+100"},
    {0x7fe0000000000000ULL, "8.98846567431158e+307"},
    {0x7fefffffffffffffULL, "1.7976931348623157e+308"},
    // Not finite: every NaN is "nan", whatever its sign, payload or quiet bit.
    {0x7ff0000000000000ULL, "inf"},
    {0xfff0000000000000ULL, "-inf"},
    {0x7ff8000000000000ULL, "nan"},
    {0xfff8000000000000ULL, "nan"},
    {0x7ff8000000000001ULL, "nan"},
    {0xfff800000000abcdULL, "nan"},
    {0x7ff0000000000001ULL, "nan"},
    {0xffffffffffffffffULL, "nan"},
};

TEST(FormatTest, PpConstFloatsAsPythonRepr) {
  for (const FloatRow &row : kFloatRows) {
    Const c = Const::ofFloat(Float::ofBits(row.bits));
    EXPECT_EQ(ppConst(c), row.text) << "bits 0x" << std::hex << row.bits;
    EXPECT_EQ(formatFloat(Float::ofBits(row.bits).toDouble()), row.text)
        << "bits 0x" << std::hex << row.bits;
  }
}

// "the fewest significant digits that read back as the same float": every
// finite row's text parses back to its exact bits.
TEST(FormatTest, PpConstFloatsReadBackExactly) {
  for (const FloatRow &row : kFloatRows) {
    Float fl = Float::ofBits(row.bits);
    if (!fl.isFinite())
      continue;
    double back = std::strtod(formatFloat(fl.toDouble()).c_str(), nullptr);
    EXPECT_EQ(Float::ofDouble(back).bits, row.bits) << row.text;
  }
}

// Powers of ten across the two notation switches, as repr lays them out.
TEST(FormatTest, PpConstNotationSwitchesAt1em4And1e16) {
  EXPECT_EQ(formatFloat(1e-4), "0.0001");
  EXPECT_EQ(formatFloat(1e-5), "1e-05");
  EXPECT_EQ(formatFloat(1e15), "1000000000000000.0");
  EXPECT_EQ(formatFloat(1e16), "1e+16");
  EXPECT_EQ(formatFloat(-1e-4), "-0.0001");
  EXPECT_EQ(formatFloat(1.5e-5), "1.5e-05");
  EXPECT_EQ(formatFloat(1e300), "1e+300");
  EXPECT_EQ(formatFloat(1e-300), "1e-300");
}

// "True, False, Invalid".
TEST(FormatTest, PpConstBoolAndInvalid) {
  EXPECT_EQ(ppConst(Const::ofBool(true)), "True");
  EXPECT_EQ(ppConst(Const::ofBool(false)), "False");
  EXPECT_EQ(ppConst(Const::invalid()), "Invalid");
}

// "an integer in decimal", of any size and sign.
TEST(FormatTest, PpConstIntegersInDecimal) {
  EXPECT_EQ(ppConst(intConst(0)), "0");
  EXPECT_EQ(ppConst(intConst(1)), "1");
  EXPECT_EQ(ppConst(intConst(-1)), "-1");
  EXPECT_EQ(ppConst(intConst(300)), "300");
  EXPECT_EQ(ppConst(intConst(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(ppConst(intConst(INT64_MAX)), "9223372036854775807");
  EXPECT_EQ(ppConst(intConst(mpz_class("123456789012345678901234567890"))),
            "123456789012345678901234567890");
  mpz_class twoTo800 = mpz_class(1) << 800;
  EXPECT_EQ(ppConst(intConst(twoTo800)), twoTo800.get_str(10));
  EXPECT_EQ(ppConst(intConst(mpz_class(-twoTo800))),
            "-" + twoTo800.get_str(10));
  EXPECT_EQ(ppConst(intConst(mpz_class(-twoTo800))).size(), 242u);
}

// An integer that equals a float still prints as an integer: no ".0".
TEST(FormatTest, PpConstIntAndFloatOfSameValueDiffer) {
  EXPECT_EQ(ppConst(intConst(1)), "1");
  EXPECT_EQ(ppConst(Const::ofDouble(1.0)), "1.0");
}

TEST(FormatTest, StreamOperatorAndPrintConstAgreeWithPpConst) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << Const::ofDouble(0.1) << ' ' << intConst(-5) << ' ' << Const::invalid()
     << ' ';
  printConst(os, Const::ofBool(true));
  os.flush();
  EXPECT_EQ(s, "0.1 -5 Invalid True");
}

} // namespace

//===- ArithmeticTest.cpp - Arithmetic on values --------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// "Arithmetic and comparison on values, as on numbers: a `Bool counts as 0
// or 1, an operation on two integers gives an exact integer, and one that
// involves a float gives a float, in which an integer that rounds past the
// greatest double is the infinity of its sign. The operators compare an
// integer and a float exactly, without rounding the integer, and a comparison
// with NaN is false, except <>, which is true."
//
//===----------------------------------------------------------------------===//

#include "BigInt.h"
#include "tolk/Dtype/Const.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <limits>
#include <string>

using namespace tolk::dtype;
namespace v = tolk::dtype::value;

namespace {

constexpr uint64_t kNaN = 0x7ff8000000000000ULL;
constexpr uint64_t kInf = 0x7ff0000000000000ULL;
constexpr uint64_t kNegInf = 0xfff0000000000000ULL;
constexpr uint64_t kTwo53 = 0x4340000000000000ULL;
constexpr uint64_t kMaxDouble = 0x7fefffffffffffffULL;

Value I(int64_t i) { return intValue(i); }
Value I(const mpz_class &i) { return intValue(i); }
Value B(bool b) { return Value::ofBool(b); }
Value D(double d) { return Value::ofDouble(d); }
Value F(uint64_t bits) { return Value::ofFloat(Float::ofBits(bits)); }
mpz_class pow2(unsigned n) { return mpz_class(1) << n; }
mpz_class pow10(unsigned n) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 10, n);
  return r;
}

// The result is an Int equal to `expected`.
::testing::AssertionResult isInt(const Value &r, const mpz_class &expected) {
  if (!r.isInt())
    return ::testing::AssertionFailure() << "not an Int: " << ppConst(r);
  if (mpzInt(r) != expected)
    return ::testing::AssertionFailure()
           << ppConst(r) << " != " << expected.get_str(10);
  return ::testing::AssertionSuccess();
}

// The result is a Float with exactly these bits.
::testing::AssertionResult isFloat(const Value &r, uint64_t bits) {
  if (!r.isFloat())
    return ::testing::AssertionFailure() << "not a Float: " << ppConst(r);
  if (r.getFloat().bits != bits)
    return ::testing::AssertionFailure()
           << ppConst(r) << " has bits 0x" << std::hex << r.getFloat().bits
           << ", expected 0x" << bits;
  return ::testing::AssertionSuccess();
}

uint64_t bitsOf(double d) { return Float::ofDouble(d).bits; }

// "a `Bool counts as 0 or 1"
TEST(ArithmeticTest, BoolCountsAsZeroOrOne) {
  EXPECT_TRUE(isInt(B(true) + B(true), 2));
  EXPECT_TRUE(isInt(B(true) * B(false), 0));
  EXPECT_TRUE(isInt(B(false) - B(true), -1));
  EXPECT_TRUE(isInt(-B(true), -1));
  EXPECT_TRUE(isInt(-B(false), 0));
  EXPECT_TRUE(isInt(B(true) + I(41), 42));
  EXPECT_TRUE(isFloat(B(true) + D(1.5), bitsOf(2.5)));
  EXPECT_TRUE(isFloat(v::div(B(true), I(2)), bitsOf(0.5)));
  EXPECT_TRUE(v::eq(B(true), I(1)));
  EXPECT_TRUE(v::eq(B(false), D(-0.0)));
  EXPECT_TRUE(v::eq(B(true), D(1.0)));
  EXPECT_TRUE(B(true) < I(2));
  EXPECT_TRUE(B(false) < B(true));
  EXPECT_TRUE(B(true) > D(0.5));
  EXPECT_EQ(v::toDouble(B(true)), 1.0);
  EXPECT_EQ(v::toDouble(B(false)), 0.0);
}

// "an operation on two integers gives an exact integer"
TEST(ArithmeticTest, TwoIntegersGiveAnExactInteger) {
  EXPECT_TRUE(isInt(I(pow2(100)) + I(1), pow2(100) + 1));
  EXPECT_TRUE(isInt(I(pow10(30)) * I(pow10(30)), pow10(60)));
  EXPECT_TRUE(isInt(I(1) - I(pow2(200)), 1 - pow2(200)));
  EXPECT_TRUE(isInt(I(INT64_MAX) + I(1), pow2(63)));
  EXPECT_TRUE(isInt(I(INT64_MIN) - I(1), -pow2(63) - 1));
  EXPECT_TRUE(isInt(-I(INT64_MIN), pow2(63)));
  EXPECT_TRUE(isInt(I(pow2(53)) + I(1), pow2(53) + 1));
}

// "one that involves a float gives a float": the integer is rounded once.
TEST(ArithmeticTest, MixedIntegerAndFloatGiveAFloat) {
  EXPECT_TRUE(isFloat(I(1) + D(0.5), bitsOf(1.5)));
  EXPECT_TRUE(isFloat(D(0.5) - I(1), bitsOf(-0.5)));
  EXPECT_TRUE(isFloat(I(3) * D(0.5), bitsOf(1.5)));
  // 2^53 + 1 is a tie between 2^53 and 2^53 + 2: it rounds to even.
  EXPECT_TRUE(isFloat(I(pow2(53) + 1) + D(0.0), kTwo53));
  EXPECT_TRUE(isFloat(I(pow2(53) + 3) + D(0.0), 0x4340000000000002ULL));
  EXPECT_TRUE(isFloat(D(1.0) + D(2.0), bitsOf(3.0)));
  EXPECT_TRUE(isFloat(I(0) * D(-1.0), 0x8000000000000000ULL));
}

// "an integer that rounds past the greatest double is the infinity of its
// sign"
TEST(ArithmeticTest, IntegerPastTheGreatestDoubleIsInfinity) {
  EXPECT_EQ(bitsOf(v::intToDouble(pow10(400))), kInf);
  EXPECT_EQ(bitsOf(v::intToDouble(-pow10(400))), kNegInf);
  // The greatest double is (2^53 - 1) * 2^971; the midpoint to 2^1024 ties
  // to even, which is 2^1024, past the greatest double.
  mpz_class greatest = (pow2(53) - 1) * pow2(971);
  mpz_class midpoint = pow2(1024) - pow2(970);
  EXPECT_EQ(bitsOf(v::intToDouble(greatest)), kMaxDouble);
  EXPECT_EQ(bitsOf(v::intToDouble(midpoint - 1)), kMaxDouble);
  EXPECT_EQ(bitsOf(v::intToDouble(midpoint)), kInf);
  EXPECT_EQ(bitsOf(v::intToDouble(-midpoint)), kNegInf);
  EXPECT_TRUE(isFloat(I(pow10(400)) + D(1.0), kInf));
  EXPECT_TRUE(isFloat(I(-pow10(400)) * D(2.0), kNegInf));
  EXPECT_TRUE(isFloat(I(pow10(400)) * D(-1.0), kNegInf));
  EXPECT_EQ(bitsOf(v::toDouble(I(pow10(400)))), kInf);
}

TEST(ArithmeticTest, IntToDoubleRoundsOnceToNearestEven) {
  EXPECT_EQ(v::intToDouble(mpz_class(0)), 0.0);
  EXPECT_EQ(bitsOf(v::intToDouble(mpz_class(0))), 0u);
  EXPECT_EQ(v::intToDouble(mpz_class(-1)), -1.0);
  EXPECT_EQ(v::intToDouble(pow2(53) + 1), 9007199254740992.0);
  EXPECT_EQ(v::intToDouble(pow2(53) + 3), 9007199254740996.0);
  EXPECT_EQ(v::intToDouble(-(pow2(53) + 3)), -9007199254740996.0);
  // Just above the tie rounds up: 2^54 + 2 + 1 (a sticky bit below the tie).
  EXPECT_EQ(v::intToDouble(pow2(54) + 3), 18014398509481988.0);
  EXPECT_EQ(v::intToDouble(pow2(64) - 1), 18446744073709551616.0);
  EXPECT_EQ(v::intToDouble(mpz_class(INT64_MIN)), -9223372036854775808.0);
}

// A NaN made from operands that are not NaNs is `nan`, positive and quiet
// with a zero payload, although x86 would make a negative one.
TEST(ArithmeticTest, NaNFromNonNaNOperandsIsNan) {
  EXPECT_TRUE(isFloat(F(kInf) - F(kInf), kNaN));
  EXPECT_TRUE(isFloat(F(kInf) + F(kNegInf), kNaN));
  EXPECT_TRUE(isFloat(D(0.0) * F(kInf), kNaN));
  EXPECT_TRUE(isFloat(v::div(D(0.0), D(0.0)), kNaN));
  EXPECT_TRUE(isFloat(v::div(F(kInf), F(kNegInf)), kNaN));
  EXPECT_TRUE(isFloat(I(pow10(400)) - F(kInf), kNaN));
  EXPECT_TRUE(isFloat(I(-pow10(400)) * D(0.0), kNaN));
}

// Tolk's choice: the first NaN operand, quieted, sign and payload kept.
TEST(ArithmeticTest, NaNOperandPropagatesQuieted) {
  const uint64_t negPayload = 0xfff8000000000123ULL;
  const uint64_t posPayload = 0x7ff8000000000456ULL;
  EXPECT_TRUE(isFloat(F(negPayload) + D(1.0), negPayload));
  EXPECT_TRUE(isFloat(D(1.0) + F(negPayload), negPayload));
  EXPECT_TRUE(isFloat(I(3) - F(negPayload), negPayload));
  EXPECT_TRUE(isFloat(F(negPayload) * F(posPayload), negPayload));
  EXPECT_TRUE(isFloat(F(posPayload) * F(negPayload), posPayload));
  EXPECT_TRUE(isFloat(v::div(F(posPayload), D(0.0)), posPayload));
  // A signalling NaN comes out quiet with the same payload.
  EXPECT_TRUE(
      isFloat(F(0x7ff0000000000001ULL) + D(1.0), 0x7ff8000000000001ULL));
  EXPECT_TRUE(
      isFloat(D(1.0) * F(0xfff0000000000001ULL), 0xfff8000000000001ULL));
}

// neg flips the sign: of a zero, an infinity and a NaN too.
TEST(ArithmeticTest, NegFlipsTheSignBit) {
  EXPECT_TRUE(isFloat(-D(0.0), 0x8000000000000000ULL));
  EXPECT_TRUE(isFloat(-D(-0.0), 0u));
  EXPECT_TRUE(isFloat(-F(kInf), kNegInf));
  EXPECT_TRUE(isFloat(-F(kNaN), 0xfff8000000000000ULL));
  EXPECT_TRUE(isFloat(-D(1.5), bitsOf(-1.5)));
  EXPECT_TRUE(isInt(-I(pow10(50)), -pow10(50)));
}

// "The operators compare an integer and a float exactly, without rounding
// the integer."
TEST(ArithmeticTest, IntegerFloatComparisonIsExactAt2To53) {
  Value two53p1 = I(pow2(53) + 1), f2to53 = F(kTwo53);
  EXPECT_TRUE(two53p1 > f2to53);
  EXPECT_TRUE(two53p1 >= f2to53);
  EXPECT_FALSE(two53p1 < f2to53);
  EXPECT_FALSE(two53p1 <= f2to53);
  EXPECT_FALSE(v::eq(two53p1, f2to53));
  EXPECT_TRUE(v::ne(two53p1, f2to53));
  EXPECT_TRUE(f2to53 < two53p1);
  EXPECT_TRUE(f2to53 <= two53p1);
  EXPECT_FALSE(f2to53 > two53p1);
  EXPECT_TRUE(v::eq(I(pow2(53)), f2to53));
  EXPECT_TRUE(v::eq(f2to53, I(pow2(53))));
  EXPECT_TRUE(I(pow2(53) - 1) < f2to53);
  // Rounded, 2^53 + 1 would equal 2^53; exactly, it stays apart.
  EXPECT_TRUE(v::eq(F(kTwo53), D(v::intToDouble(pow2(53) + 1))));
}

TEST(ArithmeticTest, IntegerFloatComparisonIsExactAtHugeValues) {
  mpz_class greatest = (pow2(53) - 1) * pow2(971);
  EXPECT_TRUE(v::eq(I(greatest), F(kMaxDouble)));
  EXPECT_TRUE(I(greatest + 1) > F(kMaxDouble));
  EXPECT_TRUE(I(greatest - 1) < F(kMaxDouble));
  EXPECT_TRUE(I(pow10(400)) > F(kMaxDouble));
  EXPECT_TRUE(I(pow10(400)) < F(kInf));
  EXPECT_TRUE(I(-pow10(400)) > F(kNegInf));
  EXPECT_TRUE(I(-pow10(400)) < D(-1.7976931348623157e308));
  EXPECT_FALSE(v::eq(I(pow10(400)), F(kInf)));
  EXPECT_TRUE(v::ne(I(pow10(400)), F(kInf)));
  EXPECT_TRUE(F(kInf) > I(pow10(400)));
  // 1e22 is exactly 10^22 as a double; 1e23 is not exactly 10^23.
  EXPECT_TRUE(v::eq(I(pow10(22)), D(1e22)));
  EXPECT_FALSE(v::eq(I(pow10(23)), D(1e23)));
  EXPECT_TRUE(I(pow10(23)) > D(1e23));
  EXPECT_TRUE(I(-pow10(23)) < D(-1e23));
}

TEST(ArithmeticTest, IntegerFloatComparisonWithFractionsAndZeros) {
  EXPECT_TRUE(I(1) < D(1.5));
  EXPECT_TRUE(I(2) > D(1.5));
  EXPECT_TRUE(I(-2) < D(-1.5));
  EXPECT_TRUE(I(-1) > D(-1.5));
  EXPECT_TRUE(v::eq(I(0), D(-0.0)));
  EXPECT_TRUE(v::eq(I(0), D(0.0)));
  EXPECT_TRUE(I(0) > D(-5e-324));
  EXPECT_TRUE(I(0) < D(5e-324));
  EXPECT_TRUE(v::eq(D(-0.0), D(0.0)));
  EXPECT_TRUE(D(-0.0) <= D(0.0));
  EXPECT_FALSE(D(-0.0) < D(0.0));
}

// "a comparison with NaN is false, except <>, which is true"
TEST(ArithmeticTest, ComparisonWithNaNIsFalseExceptNe) {
  const Value others[] = {I(0),
                          I(pow10(400)),
                          B(true),
                          D(1.0),
                          F(kInf),
                          F(kNegInf),
                          F(kNaN),
                          F(0xfff8000000000001ULL),
                          F(0x7ff0000000000001ULL)};
  const Value nans[] = {F(kNaN), F(0xfff8000000000000ULL),
                        F(0x7ff0000000000001ULL)};
  for (const Value &n : nans) {
    for (const Value &o : others) {
      for (int order = 0; order < 2; ++order) {
        const Value &a = order ? o : n, &b = order ? n : o;
        EXPECT_FALSE(v::lt(a, b)) << ppConst(a) << " < " << ppConst(b);
        EXPECT_FALSE(v::le(a, b)) << ppConst(a) << " <= " << ppConst(b);
        EXPECT_FALSE(v::gt(a, b)) << ppConst(a) << " > " << ppConst(b);
        EXPECT_FALSE(v::ge(a, b)) << ppConst(a) << " >= " << ppConst(b);
        EXPECT_FALSE(v::eq(a, b)) << ppConst(a) << " = " << ppConst(b);
        EXPECT_TRUE(v::ne(a, b)) << ppConst(a) << " <> " << ppConst(b);
      }
    }
  }
}

TEST(ArithmeticTest, IntegerComparisons) {
  EXPECT_TRUE(I(pow2(100)) > I(pow2(99)));
  EXPECT_TRUE(I(-pow2(100)) < I(-pow2(99)));
  EXPECT_TRUE(v::eq(I(pow2(100)), I(pow2(100))));
  EXPECT_TRUE(v::ne(I(1), I(2)));
  EXPECT_FALSE(v::ne(I(2), I(2)));
  EXPECT_TRUE(v::le(I(2), I(2)));
  EXPECT_TRUE(v::ge(I(2), I(2)));
}

// div gives a float whatever the operands. Two integers: the exact quotient
// rounded once (as Python's int / int), so huge operands do not overflow.
TEST(ArithmeticTest, DivOfIntegersIsTheExactQuotientRoundedOnce) {
  struct Row {
    mpz_class a, b;
    uint64_t bits;
  };
  const Row rows[] = {
      {1, 3, 0x3fd5555555555555ULL},
      {2, 3, 0x3fe5555555555555ULL},
      {7, 2, bitsOf(3.5)},
      {-7, 2, bitsOf(-3.5)},
      {7, -2, bitsOf(-3.5)},
      {-7, -2, bitsOf(3.5)},
      {pow10(400), pow10(399), bitsOf(10.0)},
      {pow2(53) + 1, 1, kTwo53},
      {pow2(53) + 3, 1, 0x4340000000000002ULL},
      {pow10(30) + 7, pow10(13) + 3, 0x4376345785d898adULL},
      {-pow10(20) - 1, 3, 0xc3fce97ca0f21055ULL},
      {pow2(1100), pow2(80) + 1, 0x7fb0000000000000ULL},
      {pow2(1024) - pow2(970) - 1, 1, kMaxDouble},
      {pow2(1024) - pow2(970), 1, kInf},
      {-pow10(400), 1, kNegInf},
      // Subnormal results round on the 2^-1074 grid.
      {1, pow2(1074), 0x1ULL},
      {1, pow2(1075), 0x0ULL},
      {3, pow2(1075), 0x2ULL},
      {1, pow10(400), 0x0ULL},
      {-1, pow10(400), 0x8000000000000000ULL},
      {0, -5, 0x8000000000000000ULL},
      {0, 5, 0x0ULL},
  };
  for (const Row &r : rows)
    EXPECT_TRUE(isFloat(v::div(I(r.a), I(r.b)), r.bits))
        << r.a.get_str() << " / " << r.b.get_str();
}

// A zero integer divisor divides as the double +0.0 does.
TEST(ArithmeticTest, DivByZeroIsInfinityOrNan) {
  EXPECT_TRUE(isFloat(v::div(I(5), I(0)), kInf));
  EXPECT_TRUE(isFloat(v::div(I(-5), B(false)), kNegInf));
  EXPECT_TRUE(isFloat(v::div(I(0), I(0)), kNaN));
  EXPECT_TRUE(isFloat(v::div(D(1.0), D(0.0)), kInf));
  EXPECT_TRUE(isFloat(v::div(I(1), D(-0.0)), kNegInf));
  EXPECT_TRUE(isFloat(v::div(D(-1.0), I(0)), kNegInf));
}

TEST(ArithmeticTest, DivWithAFloatIsDoubleDivision) {
  EXPECT_TRUE(isFloat(v::div(I(1), D(3.0)), 0x3fd5555555555555ULL));
  EXPECT_TRUE(isFloat(v::div(D(1.0), I(10)), bitsOf(0.1)));
  EXPECT_TRUE(isFloat(v::div(I(pow10(400)), D(1e300)), kInf));
}

// truncDiv and rem on integers: quotient towards zero, remainder with the
// dividend's sign.
TEST(ArithmeticTest, TruncDivAndRemOnIntegers) {
  struct Row {
    int64_t a, b, q, r;
  };
  const Row rows[] = {{7, 2, 3, 1},         {-7, 2, -3, -1}, {7, -2, -3, 1},
                      {-7, -2, 3, -1},      {6, 3, 2, 0},    {-6, 3, -2, 0},
                      {0, 5, 0, 0},         {1, 7, 0, 1},    {-1, 7, 0, -1},
                      {INT64_MIN, -1, 0, 0}};
  for (const Row &row : rows) {
    llvm::Expected<Value> q = v::truncDiv(I(row.a), I(row.b));
    llvm::Expected<Value> r = v::rem(I(row.a), I(row.b));
    ASSERT_TRUE(bool(q));
    ASSERT_TRUE(bool(r));
    mpz_class expectedQ = row.a == INT64_MIN ? pow2(63) : mpz_class(row.q);
    EXPECT_TRUE(isInt(*q, expectedQ)) << row.a << " / " << row.b;
    EXPECT_TRUE(isInt(*r, row.r)) << row.a << " % " << row.b;
  }
  llvm::Expected<Value> q = v::truncDiv(I(pow10(40)), I(7));
  ASSERT_TRUE(bool(q));
  EXPECT_TRUE(isInt(*q, pow10(40) / 7));
  llvm::Expected<Value> r = v::rem(I(-pow10(40)), I(7));
  ASSERT_TRUE(bool(r));
  EXPECT_TRUE(isInt(*r, -(pow10(40) % 7)));
  llvm::Expected<Value> bq = v::truncDiv(B(true), B(true));
  ASSERT_TRUE(bool(bq));
  EXPECT_TRUE(isInt(*bq, 1));
}

std::string errorOf(llvm::Expected<Value> e) {
  if (e)
    return "<no error>";
  return llvm::toString(e.takeError());
}

// An integer division by zero is an error that names the operands.
TEST(ArithmeticTest, IntegerDivisionByZeroIsAnError) {
  std::string m = errorOf(v::truncDiv(I(7), I(0)));
  EXPECT_NE(m.find("7"), std::string::npos) << m;
  EXPECT_NE(m.find("zero"), std::string::npos) << m;
  EXPECT_NE(m.find("truncDiv"), std::string::npos) << m;
  m = errorOf(v::rem(I(-12345), I(0)));
  EXPECT_NE(m.find("-12345"), std::string::npos) << m;
  EXPECT_NE(m.find("rem"), std::string::npos) << m;
  m = errorOf(v::truncDiv(B(true), B(false)));
  EXPECT_NE(m.find("False"), std::string::npos) << m;
  m = errorOf(v::rem(I(pow10(30)), B(false)));
  EXPECT_NE(m.find(pow10(30).get_str()), std::string::npos) << m;
}

// On floats: trunc(a / b) and fmod.
TEST(ArithmeticTest, TruncDivAndRemOnFloats) {
  auto ok = [](llvm::Expected<Value> e) {
    if (!e) {
      ADD_FAILURE() << llvm::toString(e.takeError());
      return Value::ofFloat(nan());
    }
    return *e;
  };
  EXPECT_TRUE(isFloat(ok(v::truncDiv(D(7.5), D(2.0))), bitsOf(3.0)));
  EXPECT_TRUE(isFloat(ok(v::truncDiv(D(-7.5), D(2.0))), bitsOf(-3.0)));
  EXPECT_TRUE(isFloat(ok(v::truncDiv(D(-1.0), D(2.0))), 0x8000000000000000ULL));
  EXPECT_TRUE(isFloat(ok(v::truncDiv(I(7), D(2.0))), bitsOf(3.0)));
  EXPECT_TRUE(isFloat(ok(v::truncDiv(D(1.0), D(0.0))), kInf));
  EXPECT_TRUE(isFloat(ok(v::truncDiv(D(0.0), D(0.0))), kNaN));
  EXPECT_TRUE(isFloat(ok(v::rem(D(7.5), D(2.0))), bitsOf(1.5)));
  EXPECT_TRUE(isFloat(ok(v::rem(D(-7.5), D(2.0))), bitsOf(-1.5)));
  EXPECT_TRUE(isFloat(ok(v::rem(D(7.5), D(-2.0))), bitsOf(1.5)));
  EXPECT_TRUE(isFloat(ok(v::rem(D(-0.0), D(1.0))), 0x8000000000000000ULL));
  EXPECT_TRUE(isFloat(ok(v::rem(D(5.0), F(kInf))), bitsOf(5.0)));
  EXPECT_TRUE(isFloat(ok(v::rem(D(1.0), D(0.0))), kNaN));
  EXPECT_TRUE(isFloat(ok(v::rem(F(kInf), D(1.0))), kNaN));
  EXPECT_TRUE(isFloat(ok(v::rem(I(7), D(0.0))), kNaN));
  EXPECT_TRUE(isFloat(ok(v::rem(F(0xfff8000000000007ULL), D(1.0))),
                      0xfff8000000000007ULL));
}

TEST(ArithmeticTest, ToDoubleOfEachKind) {
  EXPECT_EQ(v::toDouble(I(-3)), -3.0);
  EXPECT_EQ(bitsOf(v::toDouble(D(-0.0))), 0x8000000000000000ULL);
  EXPECT_EQ(bitsOf(v::toDouble(F(0x7ff0000000000001ULL))),
            0x7ff0000000000001ULL);
}

} // namespace

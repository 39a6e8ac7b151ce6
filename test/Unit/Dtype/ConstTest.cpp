//===- ConstTest.cpp - Constants: nan, equal_const, hash_const ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Const.h"
#include "BigInt.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <vector>

using namespace tolk::dtype;

namespace {

Const f(uint64_t bits) { return Const::ofFloat(Float::ofBits(bits)); }
Const big(const char *decimal) { return intConst(mpz_class(decimal)); }

// "nan is the positive quiet NaN whose payload is zero."
TEST(ConstTest, NanIsPositiveQuietZeroPayload) {
  Float n = nan();
  EXPECT_EQ(n.bits, 0x7ff8000000000000ULL);
  EXPECT_TRUE(n.isNaN());
  EXPECT_FALSE(n.isSignalingNaN());
  EXPECT_FALSE(n.isNegative());
  EXPECT_FALSE(n.isInf());
}

TEST(ConstTest, FloatPredicatesReadTheBits) {
  EXPECT_TRUE(Float::ofBits(0x7ff0000000000001ULL).isSignalingNaN());
  EXPECT_TRUE(Float::ofBits(0xfff0000000000000ULL).isInf());
  EXPECT_TRUE(Float::ofBits(0xfff0000000000000ULL).isNegative());
  EXPECT_TRUE(Float::ofBits(0x8000000000000000ULL).isZero());
  EXPECT_TRUE(Float::ofDouble(1.5).isFinite());
  EXPECT_EQ(Float::ofDouble(-0.0).bits, 0x8000000000000000ULL);
}

// "An `Int is a mathematical integer": INT64_MIN and beyond are exact.
TEST(ConstTest, IntIsAMathematicalInteger) {
  EXPECT_EQ(mpzInt(Value::ofInt(INT64_MIN)), mpz_class("-9223372036854775808"));
  EXPECT_EQ(mpzInt(Value::ofInt(INT64_MAX)), mpz_class("9223372036854775807"));
  EXPECT_EQ(Value::ofBool(true).toInteger(), 1);
  EXPECT_EQ(Value::ofBool(false).toInteger(), 0);
}

// equal_const: "the same constructor with the same payload".
TEST(ConstTest, EqualConstSameConstructorSamePayload) {
  EXPECT_TRUE(equalConst(intConst(5), intConst(5)));
  EXPECT_TRUE(equalConst(big("123456789012345678901234567890"),
                         big("123456789012345678901234567890")));
  EXPECT_TRUE(equalConst(intConst(-7), big("-7")));
  EXPECT_TRUE(equalConst(Const::ofBool(true), Const::ofBool(true)));
  EXPECT_TRUE(equalConst(Const::ofBool(false), Const::ofBool(false)));
  EXPECT_TRUE(equalConst(Const::ofDouble(1.5), Const::ofDouble(1.5)));
  EXPECT_FALSE(equalConst(intConst(5), intConst(6)));
  EXPECT_FALSE(equalConst(intConst(5), intConst(-5)));
  EXPECT_FALSE(equalConst(Const::ofBool(true), Const::ofBool(false)));
  EXPECT_FALSE(equalConst(Const::ofDouble(1.5), Const::ofDouble(2.5)));
}

// "the same constructor": 1, 1.0 and True are different constants.
TEST(ConstTest, EqualConstDifferentConstructorsDiffer) {
  EXPECT_FALSE(equalConst(intConst(1), Const::ofDouble(1.0)));
  EXPECT_FALSE(equalConst(intConst(1), Const::ofBool(true)));
  EXPECT_FALSE(equalConst(Const::ofDouble(1.0), Const::ofBool(true)));
  EXPECT_FALSE(equalConst(intConst(0), Const::ofBool(false)));
  EXPECT_FALSE(equalConst(intConst(0), Const::ofDouble(0.0)));
}

// "Floats are the same when their bits are, so 0.0 and -0.0 differ".
TEST(ConstTest, EqualConstZeroAndNegativeZeroDiffer) {
  EXPECT_FALSE(equalConst(Const::ofDouble(0.0), Const::ofDouble(-0.0)));
  EXPECT_TRUE(equalConst(Const::ofDouble(-0.0), Const::ofDouble(-0.0)));
}

// "... and so do NaNs of different bits"; a NaN is the same as itself.
TEST(ConstTest, EqualConstNaNsByBits) {
  EXPECT_TRUE(equalConst(f(0x7ff8000000000000ULL), Const::ofFloat(nan())));
  EXPECT_FALSE(equalConst(f(0x7ff8000000000000ULL), f(0xfff8000000000000ULL)));
  EXPECT_FALSE(equalConst(f(0x7ff8000000000000ULL), f(0x7ff8000000000001ULL)));
  EXPECT_FALSE(equalConst(f(0x7ff8000000000001ULL), f(0x7ff0000000000001ULL)));
  EXPECT_TRUE(equalConst(f(0x7ff0000000000001ULL), f(0x7ff0000000000001ULL)));
}

// `Invalid is its own constructor.
TEST(ConstTest, EqualConstInvalid) {
  EXPECT_TRUE(equalConst(Const::invalid(), Const::invalid()));
  EXPECT_FALSE(equalConst(Const::invalid(), Const::ofBool(false)));
  EXPECT_FALSE(equalConst(intConst(0), Const::invalid()));
  EXPECT_FALSE(equalConst(Const::invalid(), Const::ofFloat(nan())));
  EXPECT_TRUE(Const::invalid() == Const::invalid());
  EXPECT_TRUE(Const::invalid() != intConst(0));
  EXPECT_EQ(Const::invalid().getValue(), nullptr);
}

std::vector<Const> table() {
  return {Const::invalid(),
          Const::ofBool(false),
          Const::ofBool(true),
          intConst(0),
          intConst(1),
          intConst(-1),
          intConst(INT64_MIN),
          big("-9223372036854775808"),
          big("340282366920938463463374607431768211456"),
          big("-340282366920938463463374607431768211456"),
          big("340282366920938463463374607431768211457"),
          Const::ofDouble(0.0),
          Const::ofDouble(-0.0),
          Const::ofDouble(1.0),
          Const::ofDouble(1.0),
          f(0x7ff8000000000000ULL),
          f(0xfff8000000000000ULL),
          f(0x7ff0000000000001ULL),
          f(0x7ff0000000000000ULL),
          f(0xfff0000000000000ULL),
          Const::invalid()};
}

// "hash_const c is a hash of c, compatible with equal_const."
TEST(ConstTest, HashConstCompatibleWithEqualConst) {
  std::vector<Const> t = table();
  for (const Const &a : t)
    for (const Const &b : t)
      if (equalConst(a, b)) {
        EXPECT_EQ(hashConst(a), hashConst(b))
            << ppConst(a) << " and " << ppConst(b);
      }
}

// Not a rule of docs/Semantics.md, but a hash worth having: the table's
// distinct constants (1 and 1.0 and True, 0.0 and -0.0) do not all collide.
TEST(ConstTest, HashConstSeparatesCommonConstants) {
  EXPECT_NE(hashConst(intConst(1)), hashConst(Const::ofDouble(1.0)));
  EXPECT_NE(hashConst(intConst(1)), hashConst(Const::ofBool(true)));
  EXPECT_NE(hashConst(Const::ofDouble(0.0)), hashConst(Const::ofDouble(-0.0)));
  EXPECT_NE(hashConst(intConst(1)), hashConst(intConst(-1)));
  EXPECT_NE(hashConst(Const::invalid()), hashConst(Const::ofBool(false)));
}

TEST(ConstTest, APIntBridgeWrapsAndReadsBack) {
  EXPECT_EQ(toAPInt(mpz_class(-1), 8).getZExtValue(), 255u);
  EXPECT_EQ(toAPInt(mpz_class(300), 8).getZExtValue(), 44u);
  EXPECT_EQ(fromAPInt(llvm::APInt(8, 255), /*isSigned=*/true), -1);
  EXPECT_EQ(fromAPInt(llvm::APInt(8, 255), /*isSigned=*/false), 255);
  mpz_class v("-123456789012345678901234567890");
  EXPECT_EQ(toMpz(fromAPInt(toAPInt(v, 200), /*isSigned=*/true)), v);
  EXPECT_EQ(toDecimal(fromAPInt(llvm::APInt::getMaxValue(64), false)),
            "18446744073709551615");
}

// An Int is an llvm::DynamicAPInt; lib/Dtype computes with GMP through
// BigInt.h. Both ways are exact, across int64_t's edges and far past them.
TEST(ConstTest, DynamicAPIntBridgeIsExact) {
  for (const char *text :
       {"0", "-1", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "340282366920938463463374607431768211457",
        "-123456789012345678901234567890"}) {
    mpz_class m(text);
    EXPECT_EQ(toMpz(fromMpz(m)), m) << text;
    std::optional<llvm::DynamicAPInt> parsed = parseInteger(text);
    ASSERT_TRUE(parsed) << text;
    EXPECT_EQ(toDecimal(*parsed), text);
    EXPECT_EQ(Const::ofInt(*parsed), intConst(m)) << text;
    EXPECT_EQ(hashConst(Const::ofInt(*parsed)), hashConst(intConst(m))) << text;
  }
  EXPECT_EQ(toDecimal(*parseInteger("ff", 16)), "255");
  EXPECT_FALSE(parseInteger("12a"));
  EXPECT_FALSE(parseInteger(""));
  // DynamicAPInt may hold a small value in its wide form (the result of wide
  // operands): it is the same constant, with the same hash.
  llvm::DynamicAPInt wide = *parseInteger("18446744073709551616");
  llvm::DynamicAPInt five = (wide + 5) - wide;
  EXPECT_EQ(Const::ofInt(five), Const::ofInt(5));
  EXPECT_EQ(hashConst(Const::ofInt(five)), hashConst(Const::ofInt(5)));
  EXPECT_EQ(ppConst(Const::ofInt(five)), "5");
}

} // namespace

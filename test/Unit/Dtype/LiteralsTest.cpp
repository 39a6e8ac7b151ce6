//===- LiteralsTest.cpp - min, max, of_const(s), commit_int ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "BigInt.h"
#include "tolk/Dtype/Const.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace tolk::dtype;

namespace {

constexpr uint64_t kInf = 0x7ff0000000000000ULL;
constexpr uint64_t kNegInf = 0xfff0000000000000ULL;

mpz_class pow2(unsigned n) { return mpz_class(1) << n; }

// One row of the bounds table: a Bool, Int or Float bound for each side.
struct Bound {
  enum Kind { B, I, F, None } kind;
  bool b = false;
  mpz_class i;
  uint64_t bits = 0;
};
Bound boolB(bool b) { return {Bound::B, b, 0, 0}; }
Bound intB(const mpz_class &i) { return {Bound::I, false, i, 0}; }
Bound floatB(uint64_t bits) { return {Bound::F, false, 0, bits}; }
Bound noneB() { return {Bound::None, false, 0, 0}; }

::testing::AssertionResult matches(const Value &v, const Bound &e) {
  switch (e.kind) {
  case Bound::B:
    if (v.isBool() && v.getBool() == e.b)
      return ::testing::AssertionSuccess();
    break;
  case Bound::I:
    if (v.isInt() && mpzInt(v) == e.i)
      return ::testing::AssertionSuccess();
    break;
  case Bound::F:
    if (v.isFloat() && v.getFloat().bits == e.bits)
      return ::testing::AssertionSuccess();
    break;
  case Bound::None:
    break;
  }
  return ::testing::AssertionFailure() << "got " << ppConst(v);
}

struct BoundsRow {
  DType dt;
  Bound lo, hi;
};

// min: "-infinity for the floats that have infinities, the negated max for
// the other floats, the least integer of dt's bitsize for the integers, weak
// included, and false for Bool and Void"; max symmetrically. Weak_float's
// bounds are the infinities (docs/Semantics.md#bounds); the storage helpers
// are unsigned (docs/Semantics.md#storage-helpers).
std::vector<BoundsRow> boundsTable() {
  return {
      {DType::Void, boolB(false), boolB(true)},
      {DType::WeakInt, intB(-pow2(799)), intB(pow2(799) - 1)},
      {DType::Bool, boolB(false), boolB(true)},
      {DType::Int8, intB(-128), intB(127)},
      {DType::Uint8, intB(0), intB(255)},
      {DType::Int16, intB(-32768), intB(32767)},
      {DType::Uint16, intB(0), intB(65535)},
      {DType::Int32, intB(-pow2(31)), intB(pow2(31) - 1)},
      {DType::Uint32, intB(0), intB(pow2(32) - 1)},
      {DType::Int64, intB(-pow2(63)), intB(pow2(63) - 1)},
      {DType::Uint64, intB(0), intB(pow2(64) - 1)},
      {DType::WeakFloat, floatB(kNegInf), floatB(kInf)},
      // 448, 240 and 57344: the greatest finite values.
      {DType::Fp8e4m3, floatB(0xc07c000000000000ULL),
       floatB(0x407c000000000000ULL)},
      {DType::Fp8e5m2, floatB(kNegInf), floatB(kInf)},
      {DType::Fp8e4m3fnuz, floatB(0xc06e000000000000ULL),
       floatB(0x406e000000000000ULL)},
      {DType::Fp8e5m2fnuz, floatB(0xc0ec000000000000ULL),
       floatB(0x40ec000000000000ULL)},
      {DType::Float16, floatB(kNegInf), floatB(kInf)},
      {DType::Bfloat16, floatB(kNegInf), floatB(kInf)},
      {DType::Float32, floatB(kNegInf), floatB(kInf)},
      {DType::Float64, floatB(kNegInf), floatB(kInf)},
      {DType::Uint128, intB(0), intB(pow2(128) - 1)},
      {DType::Uint256, intB(0), intB(pow2(256) - 1)},
      {DType::Float128, floatB(kNegInf), floatB(kInf)},
      // A complex type has no order, so no bounds.
      {DType::Complex64, noneB(), noneB()},
      {DType::Complex128, noneB(), noneB()},
      {DType::Complex256, noneB(), noneB()},
  };
}

TEST(LiteralsTest, MinAndMaxOfEveryDataType) {
  std::vector<BoundsRow> rows = boundsTable();
  ASSERT_EQ(rows.size(), kNumDTypes);
  for (unsigned k = 0; k < kNumDTypes; ++k) {
    const BoundsRow &row = rows[k];
    ASSERT_EQ(static_cast<unsigned>(row.dt), k) << "table out of order";
    if (row.lo.kind == Bound::None) {
      llvm::Expected<Value> lo = lowest(row.dt), hi = greatest(row.dt);
      ASSERT_FALSE(lo);
      ASSERT_FALSE(hi);
      EXPECT_EQ(llvm::toString(lo.takeError()),
                "lowest: " + toString(row.dt) +
                    " is a complex type, which has no order and so no least "
                    "value");
      EXPECT_EQ(llvm::toString(hi.takeError()),
                "greatest: " + toString(row.dt) +
                    " is a complex type, which has no order and so no "
                    "greatest value");
      continue;
    }
    EXPECT_TRUE(matches(min(row.dt), row.lo)) << "min of row " << k;
    EXPECT_TRUE(matches(max(row.dt), row.hi)) << "max of row " << k;
    EXPECT_TRUE(matches(llvm::cantFail(lowest(row.dt)), row.lo));
    EXPECT_TRUE(matches(llvm::cantFail(greatest(row.dt)), row.hi));
  }
}

// "the negated max for the other floats": exactly -max, bit for bit.
TEST(LiteralsTest, MinOfAFloatWithoutInfinitiesIsTheNegatedMax) {
  for (DType dt : {DType::Fp8e4m3, DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz}) {
    Value lo = min(dt), hi = max(dt);
    ASSERT_TRUE(lo.isFloat() && hi.isFloat());
    EXPECT_EQ(lo.getFloat().bits, hi.getFloat().bits ^ 0x8000000000000000ULL);
    EXPECT_TRUE(hi.getFloat().isFinite());
  }
}

// "the least integer of dt's bitsize for the integers, weak included": the
// weak integer spans 800 bits.
TEST(LiteralsTest, WeakIntBoundsSpan800Bits) {
  Value lo = min(DType::WeakInt), hi = max(DType::WeakInt);
  ASSERT_TRUE(lo.isInt() && hi.isInt());
  EXPECT_EQ(mpz_sizeinbase(mpzInt(hi).get_mpz_t(), 2), 799u);
  EXPECT_EQ(mpz_class(mpzInt(hi) - mpzInt(lo) + 1), pow2(800));
}

// of_const: "Bool for `Bool and `Invalid, Weak_int for `Int, and Weak_float
// for `Float."
TEST(LiteralsTest, OfConst) {
  EXPECT_EQ(ofConst(Const::ofBool(true)), DType::Bool);
  EXPECT_EQ(ofConst(Const::ofBool(false)), DType::Bool);
  EXPECT_EQ(ofConst(Const::invalid()), DType::Bool);
  EXPECT_EQ(ofConst(intConst(0)), DType::WeakInt);
  EXPECT_EQ(ofConst(intConst(pow2(900))), DType::WeakInt);
  EXPECT_EQ(ofConst(Const::ofDouble(0.0)), DType::WeakFloat);
  EXPECT_EQ(ofConst(Const::ofFloat(nan())), DType::WeakFloat);
}

DType expectType(llvm::Expected<DType> e) {
  if (!e) {
    ADD_FAILURE() << llvm::toString(e.takeError());
    return DType::Void;
  }
  return *e;
}

std::string expectError(llvm::Expected<DType> e) {
  if (e) {
    ADD_FAILURE() << "expected an error, got " << toString(*e);
    return "";
  }
  return llvm::toString(e.takeError());
}

// The settings are process-wide: pin them for each test and restore them.
class LiteralsSettingsTest : public ::testing::Test {
protected:
  void SetUp() override {
    setDefaultIntSetting("int32");
    setDefaultFloatSetting("float32");
  }
  void TearDown() override { resetDefaultSettings(); }
};

// "It is default_float () if cs is empty."
TEST_F(LiteralsSettingsTest, OfConstsEmptyIsDefaultFloat) {
  EXPECT_EQ(expectType(ofConsts({})), DType::Float32);
  setDefaultFloatSetting("half");
  EXPECT_EQ(expectType(ofConsts({})), DType::Float16);
}

// "If the greatest of_const of cs by compare is Weak_int, it is commit_int lo
// hi, where lo and hi bound the integers and booleans of cs".
TEST_F(LiteralsSettingsTest, OfConstsIntegersCommitTheirRange) {
  EXPECT_EQ(expectType(ofConsts({intConst(1)})), DType::Int32);
  EXPECT_EQ(expectType(ofConsts({intConst(-5), intConst(7)})), DType::Int32);
  EXPECT_EQ(expectType(ofConsts({intConst(pow2(31))})), DType::Int64);
  EXPECT_EQ(expectType(ofConsts({intConst(pow2(63))})), DType::Uint64);
  EXPECT_EQ(expectType(ofConsts({intConst(-1), intConst(pow2(63))})),
            DType::Int64);
  EXPECT_EQ(expectType(ofConsts({Const::invalid(), intConst(3)})),
            DType::Int32);
  setDefaultIntSetting("int64");
  EXPECT_EQ(expectType(ofConsts({intConst(1)})), DType::Int64);
  setDefaultIntSetting("uint8");
  EXPECT_EQ(expectType(ofConsts({intConst(200)})), DType::Uint8);
  EXPECT_EQ(expectType(ofConsts({intConst(-1)})), DType::Int32);
}

// "... the integers and booleans of cs": a boolean counts as 0 or 1 in the
// bounds.
TEST_F(LiteralsSettingsTest, OfConstsBooleansCountInTheRange) {
  setDefaultIntSetting("uint8");
  EXPECT_EQ(expectType(ofConsts({Const::ofBool(true), intConst(255)})),
            DType::Uint8);
  setDefaultIntSetting("int32");
  // Alone, 2^64 is a single integer no 64-bit integer holds (an error);
  // with False the range is [0, 2^64], which falls back to Int64.
  std::string m = expectError(ofConsts({intConst(pow2(64))}));
  EXPECT_NE(m.find("18446744073709551616"), std::string::npos) << m;
  EXPECT_EQ(expectType(ofConsts({intConst(pow2(64)), Const::ofBool(false)})),
            DType::Int64);
  // True stretches [2^63, 2^63] down to 1: Uint64 still holds it.
  EXPECT_EQ(expectType(ofConsts({Const::ofBool(true), intConst(pow2(63))})),
            DType::Uint64);
  // Mixed booleans, an integer and Invalid: [0, 1].
  EXPECT_EQ(expectType(ofConsts({Const::ofBool(true), Const::invalid(),
                                 Const::ofBool(false), intConst(1)})),
            DType::Int32);
}

// "otherwise it is strong of that greatest".
TEST_F(LiteralsSettingsTest, OfConstsOtherwiseStrongOfTheGreatest) {
  EXPECT_EQ(expectType(ofConsts({Const::ofBool(true)})), DType::Bool);
  EXPECT_EQ(expectType(ofConsts({Const::invalid()})), DType::Bool);
  EXPECT_EQ(expectType(ofConsts({Const::ofBool(false), Const::invalid()})),
            DType::Bool);
  EXPECT_EQ(expectType(ofConsts({Const::ofDouble(1.5)})), DType::Float32);
  EXPECT_EQ(expectType(ofConsts({intConst(pow2(900)), Const::ofDouble(1.5),
                                 Const::ofBool(true)})),
            DType::Float32);
  setDefaultFloatSetting("float64");
  EXPECT_EQ(expectType(ofConsts({intConst(1), Const::ofDouble(0.5)})),
            DType::Float64);
}

TEST_F(LiteralsSettingsTest, OfConstsReportsABadSetting) {
  setDefaultIntSetting("float32");
  EXPECT_FALSE(expectError(ofConsts({intConst(1)})).empty());
  setDefaultFloatSetting("int8");
  EXPECT_FALSE(expectError(ofConsts({})).empty());
}

// commit_int: "the first of default_int, Int32, Int64 and Uint64 that holds
// every integer from lo to hi, and Int64 if none does".
TEST(LiteralsTest, CommitIntTable) {
  struct Row {
    mpz_class lo, hi;
    DType def, expected;
  };
  const Row rows[] = {
      {0, 255, DType::Uint8, DType::Uint8},
      {0, 256, DType::Uint8, DType::Int32},
      {-1, 1, DType::Uint8, DType::Int32},
      {-128, 127, DType::Int8, DType::Int8},
      {-129, 0, DType::Int8, DType::Int32},
      {0, 0, DType::Int8, DType::Int8},
      {5, 5, DType::Uint16, DType::Uint16},
      {0, pow2(31) - 1, DType::Int32, DType::Int32},
      {0, pow2(31), DType::Int32, DType::Int64},
      {-pow2(31), 0, DType::Int32, DType::Int32},
      {pow2(32) - 1, pow2(32) - 1, DType::Uint32, DType::Uint32},
      {pow2(32), pow2(32), DType::Uint32, DType::Int64},
      {0, pow2(63) - 1, DType::Int32, DType::Int64},
      {0, pow2(63), DType::Int32, DType::Uint64},
      {0, pow2(64) - 1, DType::Int16, DType::Uint64},
      {pow2(63), pow2(63), DType::Int64, DType::Uint64},
      {0, pow2(63), DType::Uint64, DType::Uint64},
      {-1, 1, DType::Uint64, DType::Int32},
      {-pow2(63), pow2(63) - 1, DType::Int32, DType::Int64},
      // None holds the range: Int64.
      {-1, pow2(63), DType::Int32, DType::Int64},
      {0, pow2(64), DType::Uint64, DType::Int64},
      {-pow2(63) - 1, 0, DType::Int32, DType::Int64},
      {-pow2(800), pow2(800), DType::Int8, DType::Int64},
  };
  for (const Row &r : rows)
    EXPECT_EQ(expectType(commitInt(r.lo, r.hi, r.def)), r.expected)
        << "[" << r.lo.get_str() << ", " << r.hi.get_str() << "] default "
        << toString(r.def);
}

// Tolk chooses: an empty range (lo > hi) gives default_int
// (docs/Semantics.md#literals).
TEST(LiteralsTest, CommitIntEmptyRangeIsDefaultInt) {
  EXPECT_EQ(expectType(commitInt(5, 3, DType::Int16)), DType::Int16);
  EXPECT_EQ(expectType(commitInt(1, 0, DType::Uint64)), DType::Uint64);
  EXPECT_EQ(expectType(commitInt(pow2(100), -pow2(100), DType::Uint8)),
            DType::Uint8);
}

// An error if default_int is not in ints.
TEST(LiteralsTest, CommitIntErrorsOnADefaultOutsideInts) {
  for (DType bad : {DType::Float32, DType::WeakInt, DType::Bool, DType::Void,
                    DType::WeakFloat, DType::Uint128}) {
    std::string m = expectError(commitInt(0, 1, bad));
    EXPECT_NE(m.find(name(bad).str()), std::string::npos) << m;
  }
  // Checked even for an empty range or a single value.
  EXPECT_FALSE(expectError(commitInt(5, 3, DType::Float16)).empty());
  EXPECT_FALSE(expectError(commitInt(7, 7, DType::Bfloat16)).empty());
}

// "... or if lo = hi and no 64-bit integer holds it".
TEST(LiteralsTest, CommitIntErrorsOnASingleValueNo64BitIntegerHolds) {
  std::string m = expectError(commitInt(pow2(64), pow2(64), DType::Int32));
  EXPECT_NE(m.find("18446744073709551616"), std::string::npos) << m;
  m = expectError(commitInt(-pow2(63) - 1, -pow2(63) - 1, DType::Uint8));
  EXPECT_NE(m.find("-9223372036854775809"), std::string::npos) << m;
  // The greatest Uint64 and the least Int64 are held.
  EXPECT_EQ(expectType(commitInt(pow2(64) - 1, pow2(64) - 1, DType::Int32)),
            DType::Uint64);
  EXPECT_EQ(expectType(commitInt(-pow2(63), -pow2(63), DType::Int32)),
            DType::Int64);
}

// "default_int defaults to default_int ()".
TEST_F(LiteralsSettingsTest, CommitIntDefaultsToTheSetting) {
  EXPECT_EQ(expectType(commitInt(0, 1)), DType::Int32);
  setDefaultIntSetting("uint8");
  EXPECT_EQ(expectType(commitInt(0, 255)), DType::Uint8);
  EXPECT_EQ(expectType(commitInt(0, 256)), DType::Int32);
  EXPECT_EQ(expectType(commitInt(3, 2)), DType::Uint8);
  setDefaultIntSetting("int64");
  EXPECT_EQ(expectType(commitInt(0, 1)), DType::Int64);
  setDefaultIntSetting("float32");
  EXPECT_FALSE(expectError(commitInt(0, 1)).empty());
}

} // namespace

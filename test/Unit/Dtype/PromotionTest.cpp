//===- PromotionTest.cpp - Promotion --------------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Full tables over every pair of the lattice's nineteen types. The tables were
// written from the prose of docs/Semantics.md#the-lattice ("Bool is at the
// bottom, then Weak_int, then the integers by width, ...") with a separate
// model of the lattice, not with the library, and reviewed row by row. The
// extensions (Float128 and the complex types) add the rows and columns of their
// four types, and the lattice law is checked over all 23: the common upper
// bounds of every pair have one least element, but for two different 8-bit
// floats.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"
#include "tolk/Dtype/DType.h"

#include "llvm/ADT/StringMap.h"
#include "gtest/gtest.h"

using namespace tolk::dtype;

namespace {

DType abbr(llvm::StringRef s) {
  static const llvm::StringMap<DType> map = {
      {"b", DType::Bool},           {"wi", DType::WeakInt},
      {"i8", DType::Int8},          {"u8", DType::Uint8},
      {"i16", DType::Int16},        {"u16", DType::Uint16},
      {"i32", DType::Int32},        {"u32", DType::Uint32},
      {"i64", DType::Int64},        {"u64", DType::Uint64},
      {"wf", DType::WeakFloat},     {"e43", DType::Fp8e4m3},
      {"e52", DType::Fp8e5m2},      {"e43z", DType::Fp8e4m3fnuz},
      {"e52z", DType::Fp8e5m2fnuz}, {"f16", DType::Float16},
      {"bf16", DType::Bfloat16},    {"f32", DType::Float32},
      {"f64", DType::Float64},      {"f128", DType::Float128},
      {"c64", DType::Complex64},    {"c128", DType::Complex128},
      {"c256", DType::Complex256}};
  auto it = map.find(s);
  EXPECT_NE(it, map.end()) << s.str();
  return it->second;
}

// Columns in this order (the promotion order).
constexpr const char *kColumns[] = {
    "b",  "wi",  "i8",  "u8",   "i16",  "u16", "i32",  "u32", "i64", "u64",
    "wf", "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"};

struct LubRow {
  const char *row;
  const char *cols[19];
};

// least_upper [row; column].
constexpr LubRow kLeastUpper[] = {
    {"b",
     {"b", "wi", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"wi",
     {"wi", "wi", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"i8",
     {"i8", "i8", "i8", "i16", "i16", "i32", "i32", "i64", "i64", "wf", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"u8",
     {"u8", "u8", "i16", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"i16",
     {"i16", "i16", "i16", "i16", "i16", "i32", "i32", "i64", "i64", "wf", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"u16",
     {"u16", "u16", "i32", "u16", "i32", "u16", "i32", "u32", "i64", "u64",
      "wf", "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"i32",
     {"i32", "i32", "i32", "i32", "i32", "i32", "i32", "i64", "i64", "wf", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"u32",
     {"u32", "u32", "i64", "u32", "i64", "u32", "i64", "u32", "i64", "u64",
      "wf", "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"i64",
     {"i64", "i64", "i64", "i64", "i64", "i64", "i64", "i64", "i64", "wf", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"u64",
     {"u64", "u64", "wf", "u64", "wf", "u64", "wf", "u64", "wf", "u64", "wf",
      "e43", "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"wf",
     {"wf", "wf", "wf", "wf", "wf", "wf", "wf", "wf", "wf", "wf", "wf", "e43",
      "e52", "e43z", "e52z", "f16", "bf16", "f32", "f64"}},
    {"e43",
     {"e43", "e43", "e43", "e43", "e43", "e43", "e43", "e43", "e43", "e43",
      "e43", "e43", "f16", "f16", "f16", "f16", "bf16", "f32", "f64"}},
    {"e52",
     {"e52", "e52", "e52", "e52", "e52", "e52", "e52", "e52", "e52", "e52",
      "e52", "f16", "e52", "f16", "f16", "f16", "bf16", "f32", "f64"}},
    {"e43z",
     {"e43z", "e43z", "e43z", "e43z", "e43z", "e43z", "e43z", "e43z", "e43z",
      "e43z", "e43z", "f16", "f16", "e43z", "f16", "f16", "bf16", "f32",
      "f64"}},
    {"e52z",
     {"e52z", "e52z", "e52z", "e52z", "e52z", "e52z", "e52z", "e52z", "e52z",
      "e52z", "e52z", "f16", "f16", "f16", "e52z", "f16", "bf16", "f32",
      "f64"}},
    {"f16",
     {"f16", "f16", "f16", "f16", "f16", "f16", "f16", "f16", "f16", "f16",
      "f16", "f16", "f16", "f16", "f16", "f16", "f32", "f32", "f64"}},
    {"bf16",
     {"bf16", "bf16", "bf16", "bf16", "bf16", "bf16", "bf16", "bf16", "bf16",
      "bf16", "bf16", "bf16", "bf16", "bf16", "bf16", "f32", "bf16", "f32",
      "f64"}},
    {"f32",
     {"f32", "f32", "f32", "f32", "f32", "f32", "f32", "f32", "f32", "f32",
      "f32", "f32", "f32", "f32", "f32", "f32", "f32", "f32", "f64"}},
    {"f64",
     {"f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64",
      "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64"}},
};

struct LosslessRow {
  const char *row;
  const char *cols; ///< '1' where can_lossless_cast row column.
};

// can_lossless_cast row column.
constexpr LosslessRow kLossless[] = {
    {"b", "1111111111111111111"},    {"wi", ".1................."},
    {"i8", ".11.1.1.1......1111"},   {"u8", ".1.1111111.....1111"},
    {"i16", ".1..1.1.1........11"},  {"u16", ".1...11111.......11"},
    {"i32", ".1....1.1.........1"},  {"u32", ".1.....111........1"},
    {"i64", ".1......1.........."},  {"u64", ".1.......1........."},
    {"wf", "..........1........"},   {"e43", "...........1...1111"},
    {"e52", "............1..1111"},  {"e43z", ".............1.1111"},
    {"e52z", "..............11111"}, {"f16", "...............1.11"},
    {"bf16", "................111"}, {"f32", ".................11"},
    {"f64", "..................1"},

};

DType lub(std::initializer_list<DType> dts) {
  return llvm::cantFail(leastUpper(dts));
}

// The 23 columns, in the promotion order.
constexpr const char *kAllColumns[] = {
    "b",    "wi",  "i8",  "u8",   "i16", "u16",  "i32",  "u32",
    "i64",  "u64", "wf",  "e43",  "e52", "e43z", "e52z", "f16",
    "bf16", "f32", "f64", "f128", "c64", "c128", "c256"};
constexpr unsigned kN = std::size(kAllColumns);

// least_upper [row; column] for the rows of the new types. Written from the
// lattice's prose: every old type is below f64, hence below f128, c128 and
// c256, and every one but f64 below f32, hence below c64.
struct WideLubRow {
  const char *row;
  const char *cols[kN];
};
constexpr WideLubRow kExtensionLeastUpper[] = {
    {"f128", {"f128", "f128", "f128", "f128", "f128", "f128", "f128", "f128",
              "f128", "f128", "f128", "f128", "f128", "f128", "f128", "f128",
              "f128", "f128", "f128", "f128", "c256", "c256", "c256"}},
    {"c64", {"c64", "c64", "c64",  "c64",  "c64", "c64",  "c64", "c64",
             "c64", "c64", "c64",  "c64",  "c64", "c64",  "c64", "c64",
             "c64", "c64", "c128", "c256", "c64", "c128", "c256"}},
    {"c128", {"c128", "c128", "c128", "c128", "c128", "c128", "c128", "c128",
              "c128", "c128", "c128", "c128", "c128", "c128", "c128", "c128",
              "c128", "c128", "c128", "c256", "c128", "c128", "c256"}},
    {"c256", {"c256", "c256", "c256", "c256", "c256", "c256", "c256", "c256",
              "c256", "c256", "c256", "c256", "c256", "c256", "c256", "c256",
              "c256", "c256", "c256", "c256", "c256", "c256", "c256"}},
};

// can_lossless_cast row column: the new types' rows over every column, and
// every old type's row over the new columns (f128 c64 c128 c256).
constexpr LosslessRow kExtensionRows[] = {
    {"f128", "...................1..1"},
    {"c64", "...................."
            "111"},
    {"c128", "....................."
             "11"},
    {"c256", "......................"
             "1"},
};
constexpr LosslessRow kExtensionColumns[] = {
    {"b", "1111"},    {"wi", "...."},   {"i8", "1111"},   {"u8", "1111"},
    {"i16", "1111"},  {"u16", "1111"},  {"i32", "1.11"},  {"u32", "1.11"},
    {"i64", "1..1"},  {"u64", "1..1"},  {"wf", "...."},   {"e43", "1111"},
    {"e52", "1111"},  {"e43z", "1111"}, {"e52z", "1111"}, {"f16", "1111"},
    {"bf16", "1111"}, {"f32", "1111"},  {"f64", "1.11"},
};

} // namespace

// "least_upper dts is the least data type by compare that every data type of
// dts promotes to": every pair.
TEST(PromotionLeastUpper, EveryPairMatchesTheLattice) {
  for (const LubRow &r : kLeastUpper)
    for (unsigned c = 0; c < 19; ++c)
      EXPECT_EQ(lub({abbr(r.row), abbr(kColumns[c])}), abbr(r.cols[c]))
          << "least_upper [" << r.row << "; " << kColumns[c] << "]";
}

// A data type promotes to itself; least_upper is commutative on pairs.
TEST(PromotionLeastUpper, ReflexiveAndCommutative) {
  for (DType a : every()) {
    if (a == DType::Void)
      continue;
    EXPECT_EQ(lub({a}), a);
    EXPECT_EQ(lub({a, a}), a);
    for (DType b : every()) {
      if (b != DType::Void) {
        EXPECT_EQ(lub({a, b}), lub({b, a}));
      }
    }
  }
}

// "Two different 8-bit floats promote to Float16, the lesser of their two
// least common bounds, so least_upper is not associative".
TEST(PromotionLeastUpper, NotAssociative) {
  DType a = DType::Fp8e4m3, b = DType::Fp8e5m2, c = DType::Bfloat16;
  EXPECT_EQ(lub({a, b}), DType::Float16);
  EXPECT_EQ(lub({a, b, c}), DType::Bfloat16);
  EXPECT_EQ(lub({lub({a, b}), c}), DType::Float32);
  // Every triple of two different 8-bit floats and Bfloat16 shows it.
  for (DType x : fp8s())
    for (DType y : fp8s()) {
      if (x == y)
        continue;
      EXPECT_EQ(lub({x, y, DType::Bfloat16}), DType::Bfloat16);
      EXPECT_EQ(lub({lub({x, y}), DType::Bfloat16}), DType::Float32);
    }
}

// n-ary least_upper is the least common bound of all, for every triple.
TEST(PromotionLeastUpper, EveryTripleIsTheLeastCommonBound) {
  llvm::SmallVector<DType> lattice;
  for (DType d : every())
    if (d != DType::Void)
      lattice.push_back(d);
  for (DType a : lattice)
    for (DType b : lattice)
      for (DType c : lattice) {
        DType l = lub({a, b, c});
        EXPECT_TRUE(promotesTo(a, l) && promotesTo(b, l) && promotesTo(c, l));
        for (DType other : lattice) {
          if (promotesTo(a, other) && promotesTo(b, other) &&
              promotesTo(c, other)) {
            EXPECT_LE(compare(l, other), 0);
          }
        }
      }
}

// An error if dts is empty or holds Void (docs/Semantics.md#least_upper).
TEST(PromotionLeastUpper, ErrorsOnEmptyAndVoid) {
  llvm::Expected<DType> empty = leastUpper({});
  ASSERT_FALSE(empty);
  EXPECT_EQ(llvm::toString(empty.takeError()), "least_upper: no data types");
  llvm::Expected<DType> v = leastUpper({DType::Int8, DType::Void});
  ASSERT_FALSE(v);
  EXPECT_EQ(llvm::toString(v.takeError()),
            "least_upper: dtypes.void takes no part in promotion");
  llvm::Expected<DType> u = leastUpper({DType::Uint128});
  ASSERT_FALSE(u);
  llvm::consumeError(u.takeError());
}

// docs/Semantics.md#weak-types: an integer with a weak float, and si64 with
// ui64, give Weak_float.
TEST(PromotionLeastUpper, WeakResultsFromStrongOperands) {
  EXPECT_EQ(lub({DType::Int64, DType::Uint64}), DType::WeakFloat);
  EXPECT_EQ(lub({DType::Int8, DType::WeakFloat}), DType::WeakFloat);
  EXPECT_EQ(lub({DType::WeakInt, DType::Int8}), DType::Int8);
  EXPECT_EQ(lub({DType::WeakFloat, DType::Float16}), DType::Float16);
}

// "least_upper_float dt is the float that dt promotes to: Weak_float for
// Weak_int, dt itself for a float, and least_upper [dt; default_float ()]
// otherwise" (docs/Semantics.md#least_upper_float); an error if dt is Void.
TEST(PromotionLeastUpperFloat, Rules) {
  resetDefaultSettings();
  EXPECT_EQ(llvm::cantFail(leastUpperFloat(DType::WeakInt)), DType::WeakFloat);
  for (DType f : floats())
    EXPECT_EQ(llvm::cantFail(leastUpperFloat(f)), f);
  EXPECT_EQ(llvm::cantFail(leastUpperFloat(DType::WeakFloat)),
            DType::WeakFloat);
  EXPECT_EQ(llvm::cantFail(leastUpperFloat(DType::Int8)), DType::Float32);
  EXPECT_EQ(llvm::cantFail(leastUpperFloat(DType::Bool)), DType::Float32);
  EXPECT_EQ(llvm::cantFail(leastUpperFloat(DType::Uint64)), DType::Float32);
  setDefaultFloatSetting("half");
  EXPECT_EQ(llvm::cantFail(leastUpperFloat(DType::Int32)), DType::Float16);
  setDefaultFloatSetting("bfloat16");
  EXPECT_EQ(llvm::cantFail(leastUpperFloat(DType::Int32)), DType::Bfloat16);
  resetDefaultSettings();
  llvm::Expected<DType> v = leastUpperFloat(DType::Void);
  ASSERT_FALSE(v);
  llvm::consumeError(v.takeError());
}

// "can_lossless_cast d0 d1": the three rules, every pair.
TEST(PromotionCanLosslessCast, EveryPairMatchesTheThreeRules) {
  for (const LosslessRow &r : kLossless)
    for (unsigned c = 0; c < 19; ++c)
      EXPECT_EQ(canLosslessCast(abbr(r.row), abbr(kColumns[c])),
                r.cols[c] == '1')
          << "can_lossless_cast " << r.row << " " << kColumns[c];
}

// "It is false between two floats of the same widths, such as Fp8e4m3 and
// Fp8e4m3fnuz."
TEST(PromotionCanLosslessCast, SameWidthFloatsAreNotLossless) {
  EXPECT_FALSE(canLosslessCast(DType::Fp8e4m3, DType::Fp8e4m3fnuz));
  EXPECT_FALSE(canLosslessCast(DType::Fp8e4m3fnuz, DType::Fp8e4m3));
  EXPECT_FALSE(canLosslessCast(DType::Fp8e5m2, DType::Fp8e5m2fnuz));
  EXPECT_FALSE(canLosslessCast(DType::Float16, DType::Bfloat16));
  EXPECT_FALSE(canLosslessCast(DType::Bfloat16, DType::Float16));
}

// "d0 is d1 or Bool": Bool casts losslessly to everything.
TEST(PromotionCanLosslessCast, BoolAndIdentity) {
  for (DType d : every()) {
    EXPECT_TRUE(canLosslessCast(DType::Bool, d));
    EXPECT_TRUE(canLosslessCast(d, d));
  }
}

// docs/Semantics.md#accumulation-type (tinygrad's sum_acc_dtype).
TEST(PromotionSumAcc, AccumulatesWide) {
  resetDefaultSettings();
  auto acc = [](DType d) { return llvm::cantFail(sumAccDType(d)); };
  EXPECT_EQ(acc(DType::Uint8), DType::Uint32);
  EXPECT_EQ(acc(DType::Uint16), DType::Uint32);
  EXPECT_EQ(acc(DType::Uint32), DType::Uint32);
  EXPECT_EQ(acc(DType::Uint64), DType::Uint64);
  EXPECT_EQ(acc(DType::Int8), DType::Int32);
  EXPECT_EQ(acc(DType::Bool), DType::Int32);
  EXPECT_EQ(acc(DType::Int64), DType::Int64);
  EXPECT_EQ(acc(DType::Float16), DType::Float32);
  EXPECT_EQ(acc(DType::Bfloat16), DType::Float32);
  EXPECT_EQ(acc(DType::Fp8e4m3), DType::Float32);
  EXPECT_EQ(acc(DType::Float64), DType::Float64);
}

// The extensions: Float128 and the complex types.

TEST(ExtensionPromotion, LeastUpperOfTheNewRowsAndColumns) {
  for (const WideLubRow &r : kExtensionLeastUpper)
    for (unsigned c = 0; c < kN; ++c) {
      DType a = abbr(r.row), b = abbr(kAllColumns[c]), want = abbr(r.cols[c]);
      EXPECT_EQ(lub({a, b}), want)
          << "least_upper [" << r.row << "; " << kAllColumns[c] << "]";
      EXPECT_EQ(lub({b, a}), want)
          << "least_upper [" << kAllColumns[c] << "; " << r.row << "]";
    }
}

// JEP 9407's statements, one by one.
TEST(ExtensionPromotion, JaxLatticeStatements) {
  EXPECT_TRUE(promotesTo(DType::Float32, DType::Complex64));
  EXPECT_TRUE(promotesTo(DType::Float64, DType::Complex128));
  EXPECT_TRUE(promotesTo(DType::Complex64, DType::Complex128));
  EXPECT_TRUE(promotesTo(DType::Float64, DType::Float128));
  EXPECT_TRUE(promotesTo(DType::Float128, DType::Complex256));
  EXPECT_TRUE(promotesTo(DType::Complex128, DType::Complex256));
  EXPECT_FALSE(promotesTo(DType::Complex64, DType::Float64));
  EXPECT_FALSE(promotesTo(DType::Float64, DType::Complex64));
  EXPECT_FALSE(promotesTo(DType::Complex128, DType::Float128));
  EXPECT_FALSE(promotesTo(DType::Float128, DType::Complex128));
  // Everything below f32 reaches complex64 through it.
  for (DType dt : promotable()) {
    if (promotesTo(dt, DType::Float32)) {
      EXPECT_EQ(lub({dt, DType::Complex64}), DType::Complex64) << toString(dt);
    }
  }
  // A weak float takes the complex type.
  for (DType c : complexes())
    EXPECT_EQ(lub({DType::WeakFloat, c}), c);
  EXPECT_EQ(lub({DType::WeakInt, DType::Complex64}), DType::Complex64);
  EXPECT_EQ(lub({DType::Int64, DType::Complex64}), DType::Complex64);
  EXPECT_EQ(lub({DType::Float16, DType::Float128}), DType::Float128);
}

// Every pair of the lattice has a unique least common upper bound, and
// leastUpper is it, but for two different 8-bit floats, which have Float16
// and Bfloat16 (leastUpper takes Float16, the lesser by compare).
TEST(ExtensionPromotion, EveryPairHasAUniqueLeastUpperBound) {
  llvm::ArrayRef<DType> ts = promotable();
  for (DType a : ts)
    for (DType b : ts) {
      std::vector<DType> minimal;
      for (DType u : ts) {
        if (!promotesTo(a, u) || !promotesTo(b, u))
          continue;
        bool isMinimal = true;
        for (DType w : ts)
          if (w != u && promotesTo(a, w) && promotesTo(b, w) &&
              promotesTo(w, u))
            isMinimal = false;
        if (isMinimal)
          minimal.push_back(u);
      }
      SCOPED_TRACE(toString(a) + ", " + toString(b));
      if (isFp8(a) && isFp8(b) && a != b) {
        EXPECT_EQ(minimal,
                  (std::vector<DType>{DType::Float16, DType::Bfloat16}));
        EXPECT_EQ(lub({a, b}), DType::Float16);
        continue;
      }
      ASSERT_EQ(minimal.size(), 1u);
      EXPECT_EQ(lub({a, b}), minimal[0]);
      // The least bound is below every other common bound.
      for (DType u : ts) {
        if (promotesTo(a, u) && promotesTo(b, u)) {
          EXPECT_TRUE(promotesTo(minimal[0], u)) << toString(u);
        }
      }
    }
  // Complex256 is the top.
  for (DType a : ts)
    EXPECT_TRUE(promotesTo(a, DType::Complex256)) << toString(a);
}

// compare is a linear extension of the order: a type promotes only to
// types after it.
TEST(ExtensionPromotion, CompareExtendsTheOrder) {
  for (DType a : promotable()) {
    for (DType b : promotable()) {
      if (a != b && promotesTo(a, b)) {
        EXPECT_LT(compare(a, b), 0) << toString(a) << " " << toString(b);
      }
    }
  }
}

TEST(ExtensionPromotion, LeastUpperFloatAndSumAcc) {
  for (DType e : extensions()) {
    EXPECT_EQ(llvm::cantFail(leastUpperFloat(e)), e);
    EXPECT_EQ(llvm::cantFail(sumAccDType(e)), e);
  }
}

TEST(ExtensionPromotion, CanLosslessCast) {
  for (const LosslessRow &r : kExtensionRows)
    for (unsigned c = 0; c < kN; ++c)
      EXPECT_EQ(canLosslessCast(abbr(r.row), abbr(kAllColumns[c])),
                r.cols[c] == '1')
          << "can_lossless_cast " << r.row << " " << kAllColumns[c];
  for (const LosslessRow &r : kExtensionColumns)
    for (unsigned c = 0; c < 4; ++c)
      EXPECT_EQ(canLosslessCast(abbr(r.row), abbr(kAllColumns[kN - 4 + c])),
                r.cols[c] == '1')
          << "can_lossless_cast " << r.row << " " << kAllColumns[kN - 4 + c];
}

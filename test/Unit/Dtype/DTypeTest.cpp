//===- DTypeTest.cpp - Data types, groups, names --------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/DType.h"
#include "TestUtil.h"
#include "tolk/Dtype/Cast.h"

#include "llvm/ADT/STLExtras.h"
#include "gtest/gtest.h"

#include <unordered_set>

using namespace tolk::dtype;

namespace {
struct Row {
  DType dt;
  int priority;
  unsigned bitsize, itemsize;
  const char *name;
  char fmt; ///< 0 for None
};

// One row per data type: priority, bitsize, itemsize, name, fmt, as
// docs/Semantics.md#data-types gives them.
constexpr Row kTable[] = {
    {DType::Void, -1, 0, 0, "void", 0},
    {DType::WeakInt, 0, 800, 100, "weakint", 0},
    {DType::Bool, 0, 1, 1, "bool", '?'},
    {DType::Int8, 1, 8, 1, "i8", 'b'},
    {DType::Uint8, 2, 8, 1, "u8", 'B'},
    {DType::Int16, 3, 16, 2, "i16", 'h'},
    {DType::Uint16, 4, 16, 2, "u16", 'H'},
    {DType::Int32, 5, 32, 4, "i32", 'i'},
    {DType::Uint32, 6, 32, 4, "u32", 'I'},
    {DType::Int64, 7, 64, 8, "i64", 'q'},
    {DType::Uint64, 8, 64, 8, "u64", 'Q'},
    {DType::WeakFloat, 9, 800, 100, "weakfloat", 0},
    {DType::Fp8e4m3, 10, 8, 1, "fp8e4m3", 0},
    {DType::Fp8e5m2, 11, 8, 1, "fp8e5m2", 0},
    {DType::Fp8e4m3fnuz, 10, 8, 1, "fp8e4m3fnuz", 0},
    {DType::Fp8e5m2fnuz, 11, 8, 1, "fp8e5m2fnuz", 0},
    {DType::Float16, 12, 16, 2, "f16", 'e'},
    {DType::Bfloat16, 13, 16, 2, "bf16", 0},
    {DType::Float32, 14, 32, 4, "f32", 'f'},
    {DType::Float64, 15, 64, 8, "f64", 'd'},
    {DType::Uint128, -1, 128, 16, "_uint128", 0},
    {DType::Uint256, -1, 256, 32, "_uint256", 0},
    {DType::Float128, 16, 128, 16, "f128", 0},
    {DType::Complex64, 17, 64, 8, "c64", 'F'},
    {DType::Complex128, 18, 128, 16, "c128", 'D'},
    {DType::Complex256, 19, 256, 32, "c256", 0},
};
} // namespace

// priority, bitsize, itemsize, name, fmt: the table's values for every type.
TEST(DTypeProperties, Table) {
  ASSERT_EQ(std::size(kTable), kNumDTypes);
  for (const Row &r : kTable) {
    SCOPED_TRACE(r.name);
    EXPECT_EQ(priority(r.dt), r.priority);
    EXPECT_EQ(bitsize(r.dt), r.bitsize);
    EXPECT_EQ(itemsize(r.dt), r.itemsize);
    EXPECT_EQ(name(r.dt), r.name);
    std::optional<char> f = fmt(r.dt);
    if (r.fmt)
      EXPECT_EQ(f, r.fmt);
    else
      EXPECT_FALSE(f.has_value());
  }
}

// "priority dt is dt's rank in the promotion order, from -1 for Void to 15 for
// Float64."
TEST(DTypeProperties, PriorityRange) {
  int lo = 100, hi = -100;
  for (DType d : every()) {
    lo = std::min(lo, priority(d));
    hi = std::max(hi, priority(d));
  }
  EXPECT_EQ(lo, -1);
  EXPECT_EQ(hi, 15);
  EXPECT_EQ(priority(DType::Void), -1);
  EXPECT_EQ(priority(DType::Float64), 15);
}

// finfo dt is (exponent bits, mantissa bits) (docs/Semantics.md#float-formats),
// and an error if dt is not in floats.
TEST(DTypeProperties, Finfo) {
  using P = std::pair<unsigned, unsigned>;
  EXPECT_EQ(llvm::cantFail(finfo(DType::Fp8e4m3)), P(4, 3));
  EXPECT_EQ(llvm::cantFail(finfo(DType::Fp8e4m3fnuz)), P(4, 3));
  EXPECT_EQ(llvm::cantFail(finfo(DType::Fp8e5m2)), P(5, 2));
  EXPECT_EQ(llvm::cantFail(finfo(DType::Fp8e5m2fnuz)), P(5, 2));
  EXPECT_EQ(llvm::cantFail(finfo(DType::Float16)), P(5, 10));
  EXPECT_EQ(llvm::cantFail(finfo(DType::Bfloat16)), P(8, 7));
  EXPECT_EQ(llvm::cantFail(finfo(DType::Float32)), P(8, 23));
  EXPECT_EQ(llvm::cantFail(finfo(DType::Float64)), P(11, 52));
  for (DType d : every()) {
    if (mem(d, floats()))
      continue;
    llvm::Expected<P> e = finfo(d);
    ASSERT_FALSE(e) << toString(d);
    EXPECT_EQ(llvm::toString(e.takeError()),
              "finfo: " + toString(d) + " is not a float of known width");
  }
}

// The groups, in the order of docs/Semantics.md#groups.
TEST(DTypeGroups, Contents) {
  using V = std::vector<DType>;
  auto v = [](llvm::ArrayRef<DType> a) { return V(a.begin(), a.end()); };
  EXPECT_EQ(v(fp8Ocp()), V({DType::Fp8e4m3, DType::Fp8e5m2}));
  EXPECT_EQ(v(fp8Fnuz()), V({DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz}));
  EXPECT_EQ(v(fp8s()), V({DType::Fp8e4m3, DType::Fp8e5m2, DType::Fp8e4m3fnuz,
                          DType::Fp8e5m2fnuz}));
  EXPECT_EQ(v(floats()), V({DType::Fp8e4m3, DType::Fp8e5m2, DType::Fp8e4m3fnuz,
                            DType::Fp8e5m2fnuz, DType::Float16, DType::Bfloat16,
                            DType::Float32, DType::Float64}));
  EXPECT_EQ(v(uints()),
            V({DType::Uint8, DType::Uint16, DType::Uint32, DType::Uint64}));
  EXPECT_EQ(v(sints()),
            V({DType::Int8, DType::Int16, DType::Int32, DType::Int64}));
  V ints_ = v(uints());
  ints_.insert(ints_.end(), sints().begin(), sints().end());
  EXPECT_EQ(v(ints()), ints_);
  EXPECT_EQ(v(weaks()), V({DType::WeakInt, DType::WeakFloat}));
  V all_ = v(floats());
  all_.insert(all_.end(), ints().begin(), ints().end());
  all_.push_back(DType::Bool);
  EXPECT_EQ(v(all()), all_);
  EXPECT_EQ(every().size(), 20u);
}

// is_float, is_int, is_unsigned, is_bool; the storage helpers are none of
// these (docs/Semantics.md#storage-helpers).
TEST(DTypePredicates, Table) {
  for (DType d : llvm::ArrayRef(kTable).size() ? every() : every()) {
    SCOPED_TRACE(toString(d));
    EXPECT_EQ(isFloat(d), mem(d, floats()) || d == DType::WeakFloat);
    EXPECT_EQ(isInt(d), mem(d, ints()) || d == DType::WeakInt);
    EXPECT_EQ(isUnsigned(d), mem(d, uints()));
    EXPECT_EQ(isBool(d), d == DType::Bool);
  }
  for (DType d : {DType::Uint128, DType::Uint256}) {
    EXPECT_FALSE(isInt(d));
    EXPECT_FALSE(isUnsigned(d));
    EXPECT_FALSE(isFloat(d));
  }
  EXPECT_TRUE(isFloat(DType::WeakFloat));
  EXPECT_TRUE(isInt(DType::WeakInt));
  EXPECT_FALSE(isUnsigned(DType::WeakInt));
}

// "compare is the promotion order: by priority, then bitsize, then name. It
// orders Weak_int after Bool, and each 8-bit float just before its fnuz
// variant."
TEST(DTypeCompare, PromotionOrder) {
  std::vector<DType> sorted(every().begin(), every().end());
  llvm::sort(sorted, [](DType a, DType b) { return compare(a, b) < 0; });
  std::vector<DType> expected = {
      DType::Void,    DType::Bool,        DType::WeakInt, DType::Int8,
      DType::Uint8,   DType::Int16,       DType::Uint16,  DType::Int32,
      DType::Uint32,  DType::Int64,       DType::Uint64,  DType::WeakFloat,
      DType::Fp8e4m3, DType::Fp8e4m3fnuz, DType::Fp8e5m2, DType::Fp8e5m2fnuz,
      DType::Float16, DType::Bfloat16,    DType::Float32, DType::Float64};
  EXPECT_EQ(sorted, expected);
  for (DType a : every())
    for (DType b : every()) {
      EXPECT_EQ(compare(a, b) == 0, equal(a, b));
      EXPECT_EQ(compare(a, b) < 0, compare(b, a) > 0);
    }
}

// "hash dt is a hash of dt, compatible with equal": distinct here too.
TEST(DTypeCompare, Hash) {
  std::unordered_set<size_t> seen;
  for (const Row &r : kTable) {
    EXPECT_EQ(hash(r.dt), hash(r.dt));
    seen.insert(hash(r.dt));
  }
  EXPECT_EQ(seen.size(), kNumDTypes);
}

// "pp formats a data type as dtypes. followed by its name ..., a name
// of_string reads."
TEST(DTypeNames, PrintAndReadBack) {
  EXPECT_EQ(toString(DType::Int8), "dtypes.i8");
  EXPECT_EQ(toString(DType::Float32), "dtypes.f32");
  EXPECT_EQ(toString(DType::WeakInt), "dtypes.weakint");
  for (const Row &r : kTable) {
    EXPECT_EQ(llvm::cantFail(ofString(r.name)), r.dt) << r.name;
    EXPECT_EQ(llvm::cantFail(ofString(toString(r.dt))), r.dt) << r.name;
  }
}

// "of_string s is the data type named s, in any case: its name, its
// constructor's name without underscores, a C-flavoured alias".
TEST(DTypeNames, OfStringAliases) {
  struct {
    const char *s;
    DType dt;
  } rows[] = {
      {"float32", DType::Float32},
      {"FLOAT32", DType::Float32},
      {"Float16", DType::Float16},
      {"bfloat16", DType::Bfloat16},
      {"BF16", DType::Bfloat16},
      {"float64", DType::Float64},
      {"int8", DType::Int8},
      {"Int16", DType::Int16},
      {"int32", DType::Int32},
      {"int64", DType::Int64},
      {"uint8", DType::Uint8},
      {"uint16", DType::Uint16},
      {"uint32", DType::Uint32},
      {"uint64", DType::Uint64},
      {"weakint", DType::WeakInt},
      {"WeakFloat", DType::WeakFloat},
      {"fp8e4m3", DType::Fp8e4m3},
      {"FP8E5M2", DType::Fp8e5m2},
      {"fp8e4m3fnuz", DType::Fp8e4m3fnuz},
      {"fp8e5m2fnuz", DType::Fp8e5m2fnuz},
      {"bool", DType::Bool},
      {"void", DType::Void},
      {"half", DType::Float16},
      {"float", DType::Float32},
      {"double", DType::Float64},
      {"char", DType::Int8},
      {"uchar", DType::Uint8},
      {"short", DType::Int16},
      {"ushort", DType::Uint16},
      {"int", DType::Int32},
      {"uint", DType::Uint32},
      {"long", DType::Int64},
      {"ulong", DType::Uint64},
      {"HALF", DType::Float16},
      {"_uint128", DType::Uint128},
      {"_uint256", DType::Uint256},
  };
  for (const auto &r : rows)
    EXPECT_EQ(llvm::cantFail(ofString(r.s)), r.dt) << r.s;
}

// "The error names s."; the storage helpers only by their exact spelling.
TEST(DTypeNames, OfStringErrors) {
  for (const char *s : {"f80", "", "int4", "_UINT128", "uint128", "fp8",
                        "dtypes.", "float 32", "longdouble", "complex"}) {
    llvm::Expected<DType> e = ofString(s);
    ASSERT_FALSE(e) << s;
    EXPECT_EQ(llvm::toString(e.takeError()),
              std::string("unknown data type name '") + s + "'");
  }
}

// "weak dt is the weak data type of dt's kind: Weak_float for a float,
// Weak_int for an integer, and dt itself for Bool and Void."
TEST(DTypeDefaults, Weak) {
  for (DType d : floats())
    EXPECT_EQ(weak(d), DType::WeakFloat);
  for (DType d : ints())
    EXPECT_EQ(weak(d), DType::WeakInt);
  EXPECT_EQ(weak(DType::WeakInt), DType::WeakInt);
  EXPECT_EQ(weak(DType::WeakFloat), DType::WeakFloat);
  EXPECT_EQ(weak(DType::Bool), DType::Bool);
  EXPECT_EQ(weak(DType::Void), DType::Void);
}

// The extensions: Float128 and the complex types.

TEST(ExtensionTypes, Properties) {
  struct {
    DType dt;
    int priority;
    unsigned bits;
    const char *name;
    std::optional<char> fmt;
    std::optional<DType> part;
  } rows[] = {
      {DType::Float128, 16, 128, "f128", std::nullopt, std::nullopt},
      {DType::Complex64, 17, 64, "c64", 'F', DType::Float32},
      {DType::Complex128, 18, 128, "c128", 'D', DType::Float64},
      {DType::Complex256, 19, 256, "c256", std::nullopt, DType::Float128},
  };
  for (const auto &r : rows) {
    SCOPED_TRACE(r.name);
    EXPECT_EQ(priority(r.dt), r.priority);
    EXPECT_EQ(bitsize(r.dt), r.bits);
    EXPECT_EQ(itemsize(r.dt), r.bits / 8);
    EXPECT_EQ(name(r.dt), r.name);
    EXPECT_EQ(fmt(r.dt), r.fmt);
    EXPECT_EQ(storageFmt(r.dt), r.fmt);
    EXPECT_TRUE(hasStorage(r.dt));
    EXPECT_EQ(componentType(r.dt), r.part);
    if (r.part) {
      EXPECT_EQ(complexOf(*r.part), r.dt);
      EXPECT_EQ(bitsize(r.dt), 2 * bitsize(*r.part));
    }
  }
  EXPECT_EQ(llvm::cantFail(finfo(DType::Float128)), std::make_pair(15u, 112u));
  EXPECT_EQ(semantics(DType::Float128), &llvm::APFloat::IEEEquad());
  for (DType c : complexes()) {
    EXPECT_FALSE(finfo(c)) << toString(c);
    llvm::consumeError(finfo(c).takeError());
    EXPECT_EQ(semantics(c), nullptr);
  }
  for (DType dt : every()) {
    if (dt != DType::Float32 && dt != DType::Float64) {
      EXPECT_EQ(complexOf(dt), std::nullopt) << toString(dt);
    }
  }
}

TEST(ExtensionTypes, GroupsAndPredicates) {
  using V = std::vector<DType>;
  auto v = [](llvm::ArrayRef<DType> a) { return V(a.begin(), a.end()); };
  EXPECT_EQ(v(complexes()),
            V({DType::Complex64, DType::Complex128, DType::Complex256}));
  EXPECT_EQ(v(extensions()), V({DType::Float128, DType::Complex64,
                                DType::Complex128, DType::Complex256}));
  // tinygrad's groups keep their members.
  for (DType e : extensions()) {
    EXPECT_FALSE(mem(e, floats()));
    EXPECT_FALSE(mem(e, all()));
    EXPECT_FALSE(mem(e, every()));
  }
  // promotable: every type but Void, then the extensions.
  V want(every().begin() + 1, every().end());
  want.insert(want.end(), extensions().begin(), extensions().end());
  EXPECT_EQ(v(promotable()), want);
  EXPECT_TRUE(isFloat(DType::Float128));
  EXPECT_FALSE(isComplex(DType::Float128));
  for (DType c : complexes()) {
    EXPECT_TRUE(isComplex(c));
    EXPECT_FALSE(isFloat(c));
    EXPECT_FALSE(isInt(c));
    EXPECT_FALSE(isWeak(c));
    EXPECT_EQ(weak(c), c); // There is no weak complex type.
  }
  for (DType dt : every())
    EXPECT_FALSE(isComplex(dt));
  EXPECT_EQ(weak(DType::Float128), DType::WeakFloat);
  EXPECT_EQ(llvm::cantFail(strong(DType::Complex64)), DType::Complex64);
}

TEST(ExtensionTypes, Names) {
  struct {
    const char *s;
    DType dt;
  } rows[] = {
      {"f128", DType::Float128},     {"float128", DType::Float128},
      {"FLOAT128", DType::Float128}, {"dtypes.f128", DType::Float128},
      {"c64", DType::Complex64},     {"complex64", DType::Complex64},
      {"c128", DType::Complex128},   {"Complex128", DType::Complex128},
      {"c256", DType::Complex256},   {"complex256", DType::Complex256},
  };
  for (const auto &r : rows)
    EXPECT_EQ(llvm::cantFail(ofString(r.s)), r.dt) << r.s;
  for (DType e : extensions())
    EXPECT_EQ(llvm::cantFail(ofString(toString(e))), e);
  // "long double" names x87's 80-bit format on x86 and binary128 on
  // AArch64: no name of Tolk's.
  for (const char *s : {"longdouble", "long double", "f80", "clongdouble"}) {
    llvm::Expected<DType> e = ofString(s);
    EXPECT_FALSE(e) << s;
    llvm::consumeError(e.takeError());
  }
}

// The extensions cannot be the default float: the weak float commits to one
// of tinygrad's floats.
TEST(ExtensionTypes, NoDefaultFloat) {
  for (const char *s : {"f128", "complex64"}) {
    setDefaultFloatSetting(s);
    llvm::Expected<DType> d = defaultFloat();
    EXPECT_TRUE(tolk::dtype::test::fails(std::move(d), {s}));
  }
  resetDefaultSettings();
}

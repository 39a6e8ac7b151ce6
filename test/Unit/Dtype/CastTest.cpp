//===- CastTest.cpp - const, truncate, storage, bitcast -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One test per rule of `const`, `truncate`, `storage_fmt`,
// `to_storage_scalar`, `from_storage_scalar` and `bitcast`, as
// docs/Semantics.md states them in "const", "truncate", "NaNs", "8-bit
// floats", "Storage" and "Bitcast"; a quoted phrase is the rule under test.
// Floats are compared by their bits. The per-format rounding tables are in
// FloatFormatTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Cast.h"
#include "TestUtil.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tolk::dtype;
using namespace tolk::dtype::test;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

mpz_class u64(uint64_t x) { return mpz_class(std::to_string(x)); }

constexpr uint64_t kQNaN = 0x7ff8000000000000ULL;
constexpr uint64_t kNegQNaN = 0xfff8000000000000ULL;
constexpr uint64_t kInf = 0x7ff0000000000000ULL;
constexpr uint64_t kNegInf = 0xfff0000000000000ULL;
constexpr uint64_t kNegZero = 0x8000000000000000ULL;

/// Integers of known width, with their width and signedness, the storage
/// helpers included (unsigned integers of 128 and 256 bits).
struct IntType {
  DType dt;
  unsigned bits;
  bool isSigned;
  mpz_class min() const { return isSigned ? mpz_class(-pow2(bits - 1)) : 0; }
  mpz_class max() const {
    return isSigned ? mpz_class(pow2(bits - 1) - 1) : mpz_class(pow2(bits) - 1);
  }
};

const IntType kIntTypes[] = {
    {DType::Int8, 8, true},       {DType::Uint8, 8, false},
    {DType::Int16, 16, true},     {DType::Uint16, 16, false},
    {DType::Int32, 32, true},     {DType::Uint32, 32, false},
    {DType::Int64, 64, true},     {DType::Uint64, 64, false},
    {DType::Uint128, 128, false}, {DType::Uint256, 256, false},
};

const DType kFloats[] = {DType::Fp8e4m3,     DType::Fp8e5m2, DType::Fp8e4m3fnuz,
                         DType::Fp8e5m2fnuz, DType::Float16, DType::Bfloat16,
                         DType::Float32,     DType::Float64};

bool hasInf(DType dt) {
  return dt != DType::Fp8e4m3 && dt != DType::Fp8e4m3fnuz &&
         dt != DType::Fp8e5m2fnuz;
}

/// Every data type: the twenty and the two storage helpers.
std::vector<DType> everyDType() {
  std::vector<DType> r;
  for (unsigned k = 0; k < kNumDTypes; ++k)
    r.push_back(static_cast<DType>(k));
  return r;
}

//===----------------------------------------------------------------------===//
// const
//===----------------------------------------------------------------------===//

// "`Invalid is itself."
TEST(CastConst, InvalidIsItself) {
  for (DType dt : everyDType()) {
    llvm::Expected<Const> c = makeConst(dt, Const::invalid());
    ASSERT_TRUE(bool(c)) << toString(dt) << ": "
                         << llvm::toString(c.takeError());
    EXPECT_TRUE(c->isInvalid()) << toString(dt);
  }
}

// Project decision: Void has no value, so const Void of a value is an error.
TEST(CastConst, VoidIsAnError) {
  EXPECT_TRUE(fails(makeConst(DType::Void, intConst(1)), {"void", "1"}));
  EXPECT_TRUE(fails(makeConst(DType::Void, Const::ofDouble(1.5)), {"void"}));
  EXPECT_TRUE(fails(makeConst(DType::Void, Const::ofBool(true)), {"void"}));
}

// The examples of docs/Semantics.md: "`const ui8 -1` is 255 and `const si8
// 300` is 44" (#const); "`const fp8e4m3 (10^400)` is 448" (#8-bit-floats).
TEST(CastConst, SeedExamples) {
  EXPECT_TRUE(isConst(makeConst(DType::Uint8, intConst(-1)), ival(255)));
  EXPECT_TRUE(isConst(makeConst(DType::Int8, intConst(300)), ival(44)));
  EXPECT_TRUE(
      isConst(makeConst(DType::Fp8e4m3, intConst(tenTo(400))), fval(448.0)));
  EXPECT_TRUE(
      isConst(makeConst(DType::Fp8e4m3, intConst(-tenTo(400))), fval(-448.0)));
}

// "For a float dt it is a `Float": from a Bool (0.0/1.0), an Int, a Float.
TEST(CastConst, FloatDtGivesAFloat) {
  std::vector<DType> dts(std::begin(kFloats), std::end(kFloats));
  dts.push_back(DType::WeakFloat);
  for (DType dt : dts) {
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(isConst(makeConst(dt, Const::ofBool(true)), fval(1.0)));
    EXPECT_TRUE(isConst(makeConst(dt, Const::ofBool(false)), fval(0.0)));
    EXPECT_TRUE(isConst(makeConst(dt, intConst(3)), fval(3.0)));
    EXPECT_TRUE(isConst(makeConst(dt, intConst(-2)), fval(-2.0)));
    EXPECT_TRUE(isConst(makeConst(dt, intConst(0)), fval(0.0)));
    EXPECT_TRUE(isConst(makeConst(dt, Const::ofDouble(0.5)), fval(0.5)));
  }
}

// "c truncated to dt": a double rounds once to nearest even.
TEST(CastConst, FloatDtRoundsLikeTruncate) {
  // 1 + 2^-11 is the f16 midpoint between 1 and 1 + 2^-10: even is 1.
  EXPECT_TRUE(isConst(makeConst(DType::Float16, Const::ofDouble(1 + 0x1p-11)),
                      fval(1.0)));
  EXPECT_TRUE(
      isConst(makeConst(DType::Float16, Const::ofDouble(1 + 0x1p-11 + 0x1p-40)),
              fval(1 + 0x1p-10)));
  EXPECT_TRUE(
      isConst(makeConst(DType::Float32, Const::ofDouble(0.1)), fval(0.1f)));
  EXPECT_TRUE(isConst(makeConst(DType::Bfloat16, Const::ofDouble(3.14159)),
                      fval(3.140625)));
  EXPECT_TRUE(
      isConst(makeConst(DType::Float16, Const::ofDouble(1e10)), fbits(kInf)));
  EXPECT_TRUE(isConst(makeConst(DType::Fp8e5m2, Const::ofDouble(-1e10)),
                      fval(-57344.0)));
}

// "a NaN keeps its sign and the payload dt holds, a signalling NaN staying
// one, in a float of 16 bits or more"; a signalling payload that lies below
// dt's fraction gets the lowest fraction bit (docs/Semantics.md#nans).
TEST(CastConst, NaNKeepsSignAndPayloadInSixteenBitsOrMore) {
  struct Case {
    uint64_t in;
    uint64_t f16, bf16, f32, f64;
  };
  const Case cases[] = {
      // A signalling NaN whose payload is at the top: kept, still signalling.
      {0x7ff4000000000000, 0x7ff4000000000000, 0x7ff4000000000000,
       0x7ff4000000000000, 0x7ff4000000000000},
      // Payload in the lowest bit only: dt's lowest bit is set.
      {0x7ff0000000000001, 0x7ff0040000000000, 0x7ff0200000000000,
       0x7ff0000020000000, 0x7ff0000000000001},
      // The same, negative.
      {0xfff0000000000001, 0xfff0040000000000, 0xfff0200000000000,
       0xfff0000020000000, 0xfff0000000000001},
      // A long signalling payload: each keeps the top of it.
      {0x7ff5555555555555, 0x7ff5540000000000, 0x7ff5400000000000,
       0x7ff5555540000000, 0x7ff5555555555555},
      // A negative quiet NaN with low payload: the sign stays, the low
      // bits go.
      {0xfff8000000000123, 0xfff8000000000000, 0xfff8000000000000,
       0xfff8000000000000, 0xfff8000000000123},
      // The plain NaN.
      {kQNaN, kQNaN, kQNaN, kQNaN, kQNaN},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE("NaN 0x" + llvm::utohexstr(c.in));
    Const in = Const::ofFloat(Float::ofBits(c.in));
    EXPECT_TRUE(isConst(makeConst(DType::Float16, in), fbits(c.f16)));
    EXPECT_TRUE(isConst(makeConst(DType::Bfloat16, in), fbits(c.bf16)));
    EXPECT_TRUE(isConst(makeConst(DType::Float32, in), fbits(c.f32)));
    EXPECT_TRUE(isConst(makeConst(DType::Float64, in), fbits(c.f64)));
    // Weak_float's values are doubles: the NaN is kept as it is.
    EXPECT_TRUE(isConst(makeConst(DType::WeakFloat, in), fbits(c.in)));
  }
}

// In 8 bits const is truncate: "Fp8e5m2 has one NaN of each sign, and the
// other 8-bit floats one positive NaN", whatever the payload.
TEST(CastConst, EightBitNaNsAreTheFormatsNaN) {
  for (uint64_t in : std::initializer_list<uint64_t>{
           kQNaN, kNegQNaN, 0x7ff0000000000001ULL, 0xfff4000000000000ULL,
           0xffffffffffffffffULL}) {
    SCOPED_TRACE("NaN 0x" + llvm::utohexstr(in));
    Const c = Const::ofFloat(Float::ofBits(in));
    bool neg = in >> 63;
    EXPECT_TRUE(
        isConst(makeConst(DType::Fp8e5m2, c), fbits(neg ? kNegQNaN : kQNaN)));
    for (DType dt : {DType::Fp8e4m3, DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz})
      EXPECT_TRUE(isConst(makeConst(dt, c), fbits(kQNaN))) << toString(dt);
  }
}

// "An infinity is itself where the format has infinities, and its NaN where
// it has none" (the positive NaN of those 8-bit formats).
TEST(CastConst, InfinitiesAreThemselvesOrTheFormatsNaN) {
  for (DType dt : kFloats) {
    SCOPED_TRACE(toString(dt));
    for (uint64_t inf : {kInf, kNegInf}) {
      Value want = hasInf(dt) ? fbits(inf) : fbits(kQNaN);
      EXPECT_TRUE(
          isConst(makeConst(dt, Const::ofFloat(Float::ofBits(inf))), want));
      EXPECT_TRUE(is(truncate(dt, fbits(inf)), want));
    }
  }
}

// "an integer is rounded once, from its exact value, as a finite value":
// 10^400 overflows to an infinity in 16 bits or more (Float64 included: it
// "rounds past the greatest double"), and saturates in 8 bits.
TEST(CastConst, IntegerIsRoundedOnceAsAFiniteValue) {
  const double sat[] = {448.0, 57344.0, 240.0, 57344.0};
  for (size_t k = 0; k < std::size(kFloats); ++k) {
    DType dt = kFloats[k];
    SCOPED_TRACE(toString(dt));
    for (int s : {1, -1}) {
      Value want = k < 4 ? fval(s * sat[k]) : fbits(s > 0 ? kInf : kNegInf);
      EXPECT_TRUE(isConst(makeConst(dt, intConst(s * tenTo(400))), want));
      EXPECT_TRUE(is(truncate(dt, ival(s * tenTo(400))), want));
    }
  }
  // Weak_float holds doubles: past the greatest double is ±inf.
  EXPECT_TRUE(
      isConst(makeConst(DType::WeakFloat, intConst(tenTo(400))), fbits(kInf)));
  EXPECT_TRUE(isConst(makeConst(DType::WeakFloat, intConst(-tenTo(400))),
                      fbits(kNegInf)));
  // Once, not through a double: 2^60 + 2^36 + 1 is above the f32 midpoint
  // 2^60 + 2^36, but as a double it would be the midpoint and tie to 2^60.
  EXPECT_TRUE(
      isConst(makeConst(DType::Float32, intConst(pow2(60) + pow2(36) + 1)),
              fval(0x1p60 + 0x1p37)));
  EXPECT_TRUE(isConst(makeConst(DType::WeakFloat, intConst(pow2(53) + 1)),
                      fval(0x1p53)));
}

// "For Bool it is `Bool, true iff c is nonzero": a NaN is nonzero, -0.0 is
// zero.
TEST(CastConst, BoolIsNonzeroness) {
  struct Case {
    Value in;
    bool want;
  };
  const Case cases[] = {
      {ival(0), false},         {ival(-5), true},
      {ival(tenTo(400)), true}, {fval(0.0), false},
      {fbits(kNegZero), false}, {fval(1e-320), true},
      {fbits(kQNaN), true},     {fbits(0x7ff0000000000001), true},
      {fbits(kNegInf), true},   {bval(true), true},
      {bval(false), false},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(show(c.in));
    EXPECT_TRUE(isConst(makeConst(DType::Bool, Const(c.in)), bval(c.want)));
    EXPECT_TRUE(is(truncate(DType::Bool, c.in), bval(c.want)));
  }
}

// "for an integer dt of known width, wrapped to it modulo 2^bitsize", at the
// limits of every integer type (the storage helpers as unsigned integers of
// 128 and 256 bits); truncate wraps the same way.
TEST(CastConst, IntegersWrapAtTheLimitsOfEveryType) {
  for (const IntType &t : kIntTypes) {
    SCOPED_TRACE(toString(t.dt));
    mpz_class m = pow2(t.bits);
    struct Case {
      mpz_class in, want;
    };
    const Case cases[] = {
        {t.min(), t.min()},
        {t.max(), t.max()},
        {t.max() + 1, t.min()},
        {t.min() - 1, t.max()},
        {m, 0},
        {-1, t.isSigned ? mpz_class(-1) : mpz_class(m - 1)},
        {3 * m + 5, 5},
        {-3 * m + 5, 5},
        {tenTo(400) * m + 7, 7},
    };
    for (const Case &c : cases) {
      SCOPED_TRACE("of " + c.in.get_str());
      EXPECT_TRUE(isConst(makeConst(t.dt, intConst(c.in)), ival(c.want)));
      EXPECT_TRUE(is(truncate(t.dt, ival(c.in)), ival(c.want)));
    }
    EXPECT_TRUE(isConst(makeConst(t.dt, Const::ofBool(true)), ival(1)));
    EXPECT_TRUE(is(truncate(t.dt, bval(false)), ival(0)));
  }
}

// "a float rounded towards zero, then ... wrapped".
TEST(CastConst, FloatRoundsTowardsZeroThenWraps) {
  struct Case {
    DType dt;
    double in;
    mpz_class want;
  };
  const Case cases[] = {
      {DType::Int8, 2.9, 2},
      {DType::Int8, -2.9, -2},
      {DType::Int8, 0.5, 0},
      {DType::Int8, -0.5, 0},
      {DType::Int8, -0.0, 0},
      {DType::Int8, -5e-324, 0},
      {DType::Int8, 127.9, 127},
      {DType::Int8, 128.5, -128},
      {DType::Int8, -129.5, 127},
      {DType::Int8, 300.7, 44},
      {DType::Uint8, -1.5, 255},
      {DType::Uint8, 255.99, 255},
      {DType::Uint8, 256.0, 0},
      {DType::Int64, 0x1p63, mpz_class(-pow2(63))},
      {DType::Uint64, 0x1p64, 0},
      // 1e20 = 5 * 2^64 + 7766279631452241920.
      {DType::Uint64, 1e20, mpz_class("7766279631452241920")},
      // 1e300 is a multiple of 2^64 as a double.
      {DType::Int64, 1e300, 0},
      {DType::Uint32, 4294967296.0 + 17.75, 17},
      {DType::Uint128, -1.0, pow2(128) - 1},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(toString(c.dt) + " of " + std::to_string(c.in));
    EXPECT_TRUE(isConst(makeConst(c.dt, Const::ofDouble(c.in)), ival(c.want)));
  }
}

// "NaN is 0 of such a dt, and an infinity its least or greatest value".
TEST(CastConst, NaNIsZeroAndInfinitiesAreTheBounds) {
  for (const IntType &t : kIntTypes) {
    SCOPED_TRACE(toString(t.dt));
    for (uint64_t n : std::initializer_list<uint64_t>{kQNaN, kNegQNaN,
                                                      0x7ff0000000000001ULL})
      EXPECT_TRUE(
          isConst(makeConst(t.dt, Const::ofFloat(Float::ofBits(n))), ival(0)));
    EXPECT_TRUE(isConst(makeConst(t.dt, Const::ofFloat(Float::ofBits(kInf))),
                        ival(t.max())));
    EXPECT_TRUE(isConst(makeConst(t.dt, Const::ofFloat(Float::ofBits(kNegInf))),
                        ival(t.min())));
  }
}

// "A weak integer keeps the value": no wrap, a float truncated towards zero
// exactly.
TEST(CastConst, WeakIntKeepsTheValue) {
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, intConst(tenTo(400))),
                      ival(tenTo(400))));
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, intConst(-1)), ival(-1)));
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, Const::ofBool(true)), ival(1)));
  EXPECT_TRUE(
      isConst(makeConst(DType::WeakInt, Const::ofDouble(-2.5)), ival(-2)));
  // 2^1023 * (2 - 2^-52), every digit of it; and 1e300 as Python's
  // int(1e300) writes it.
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, Const::ofDouble(DBL_MAX)),
                      ival(pow2(1024) - pow2(971))));
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, Const::ofDouble(1e300)),
                      ival(mpz_class("1000000000000000052504760255204420248704"
                                     "4685811081591549158541155118024579889081"
                                     "9578637137508044786404370444383288387817"
                                     "6942523235360430575644792184786706982848"
                                     "3872009265758037378302337947880900593689"
                                     "5323497079994508111903896764088007465274"
                                     "2780142494579258788820056842838115669472"
                                     "196386865459400540160"))));
}

// A NaN or an infinity into Weak_int is an error: there is no such integer
// (docs/Semantics.md#const).
TEST(CastConst, NaNOrInfinityIntoWeakIntIsAnError) {
  EXPECT_TRUE(fails(makeConst(DType::WeakInt, Const::ofFloat(nan())),
                    {"nan", "weakint"}));
  EXPECT_TRUE(
      fails(makeConst(DType::WeakInt, Const::ofFloat(Float::ofBits(kInf))),
            {"inf", "weakint"}));
  EXPECT_TRUE(
      fails(makeConst(DType::WeakInt, Const::ofFloat(Float::ofBits(kNegInf))),
            {"-inf", "weakint"}));
}

//===----------------------------------------------------------------------===//
// truncate
//===----------------------------------------------------------------------===//

// "A NaN is quiet, as a conversion makes it: a signalling NaN becomes quiet
// with the same payload. A 16-bit or wider float keeps its sign and the top
// of its payload."
TEST(CastTruncate, NaNsBecomeQuietKeepingSignAndTopOfPayload) {
  struct Case {
    uint64_t in;
    uint64_t f16, bf16, f32, f64;
  };
  const Case cases[] = {
      {0x7ff4000000000000, 0x7ffc000000000000, 0x7ffc000000000000,
       0x7ffc000000000000, 0x7ffc000000000000},
      // Payload below every narrow fraction: the quiet bit alone remains.
      {0x7ff0000000000001, kQNaN, kQNaN, kQNaN, 0x7ff8000000000001},
      {0xfff0000020000000, kNegQNaN, kNegQNaN, 0xfff8000020000000,
       0xfff8000020000000},
      {0xfff9000000000000, 0xfff9000000000000, 0xfff9000000000000,
       0xfff9000000000000, 0xfff9000000000000},
      {0x7ff5555555555555, 0x7ffd540000000000, 0x7ffd400000000000,
       0x7ffd555540000000, 0x7ffd555555555555},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE("NaN 0x" + llvm::utohexstr(c.in));
    EXPECT_TRUE(is(truncate(DType::Float16, fbits(c.in)), fbits(c.f16)));
    EXPECT_TRUE(is(truncate(DType::Bfloat16, fbits(c.in)), fbits(c.bf16)));
    EXPECT_TRUE(is(truncate(DType::Float32, fbits(c.in)), fbits(c.f32)));
    EXPECT_TRUE(is(truncate(DType::Float64, fbits(c.in)), fbits(c.f64)));
  }
}

// "Fp8e5m2 has one NaN of each sign, and the other 8-bit floats one
// positive NaN."
TEST(CastTruncate, EightBitNaNs) {
  for (uint64_t in : std::initializer_list<uint64_t>{
           kQNaN, kNegQNaN, 0x7ff0000000000001ULL, 0xfff0000000000001ULL}) {
    bool neg = in >> 63;
    EXPECT_TRUE(
        is(truncate(DType::Fp8e5m2, fbits(in)), fbits(neg ? kNegQNaN : kQNaN)));
    for (DType dt : {DType::Fp8e4m3, DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz})
      EXPECT_TRUE(is(truncate(dt, fbits(in)), fbits(kQNaN))) << toString(dt);
  }
}

// The fnuz formats have no -0.0 (docs/Semantics.md#8-bit-floats).
TEST(CastTruncate, FnuzHasNoNegativeZero) {
  for (DType dt : {DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz}) {
    SCOPED_TRACE(toString(dt));
    for (double x : {-0.0, -1e-30, -0x1p-20})
      EXPECT_TRUE(is(truncate(dt, fval(x)), fval(0.0))) << x;
    EXPECT_TRUE(isConst(makeConst(dt, Const::ofDouble(-0.0)), fval(0.0)));
    EXPECT_TRUE(is(toStorageScalar(dt, fval(-0.0)), ival(0)));
  }
  // The other formats keep the sign of zero.
  for (DType dt : {DType::Fp8e4m3, DType::Fp8e5m2, DType::Float16,
                   DType::Bfloat16, DType::Float32, DType::Float64})
    EXPECT_TRUE(is(truncate(dt, fval(-1e-320)),
                   dt == DType::Float64 ? fval(-1e-320) : fbits(kNegZero)))
        << toString(dt);
}

// An error if dt is Void, or if v is a float and dt an integer of known
// width (docs/Semantics.md#truncate).
TEST(CastTruncate, Errors) {
  EXPECT_TRUE(fails(truncate(DType::Void, ival(1)), {"void"}));
  EXPECT_TRUE(fails(truncate(DType::Void, fval(1.5)), {"void"}));
  for (const IntType &t : kIntTypes) {
    std::string name(::tolk::dtype::name(t.dt));
    EXPECT_TRUE(fails(truncate(t.dt, fval(1.5)), {"1.5", name}));
    EXPECT_TRUE(fails(truncate(t.dt, fbits(kQNaN)), {"nan", name}));
  }
}

// "for a weak data type, v itself", whatever v is.
TEST(CastTruncate, WeakTypesKeepV) {
  for (DType dt : {DType::WeakInt, DType::WeakFloat}) {
    SCOPED_TRACE(toString(dt));
    for (const Value &v : {fval(1.5), fbits(0x7ff0000000000001),
                           ival(tenTo(400)), bval(true), fbits(kNegInf)})
      EXPECT_TRUE(is(truncate(dt, v), v));
  }
}

// "for an integer of known width, v wrapped to dt's width in two's
// complement": the examples of docs/Semantics.md#const through truncate.
TEST(CastTruncate, IntegersWrapInTwosComplement) {
  EXPECT_TRUE(is(truncate(DType::Uint8, ival(-1)), ival(255)));
  EXPECT_TRUE(is(truncate(DType::Int8, ival(300)), ival(44)));
  EXPECT_TRUE(is(truncate(DType::Int8, ival(128)), ival(-128)));
  EXPECT_TRUE(is(truncate(DType::Int64, ival(u64(UINT64_MAX))), ival(-1)));
}

// Floats of known width from every kind of value; an integer is "rounded
// once, from its exact value, as a finite value".
TEST(CastTruncate, FloatsFromEveryKindOfValue) {
  EXPECT_TRUE(is(truncate(DType::Float32, bval(true)), fval(1.0)));
  EXPECT_TRUE(is(truncate(DType::Float16, ival(2049)), fval(2048.0)));
  EXPECT_TRUE(is(truncate(DType::Float16, ival(2051)), fval(2052.0)));
  EXPECT_TRUE(is(truncate(DType::Float16, ival(65520)), fbits(kInf)));
  EXPECT_TRUE(is(truncate(DType::Float16, ival(65519)), fval(65504.0)));
  EXPECT_TRUE(is(truncate(DType::Fp8e5m2, ival(-1000000)), fval(-57344.0)));
  EXPECT_TRUE(is(truncate(DType::Float64, ival(pow2(1024))), fbits(kInf)));
  EXPECT_TRUE(is(truncate(DType::Float64, fval(0.1)), fval(0.1)));
  EXPECT_TRUE(is(truncate(DType::Float32, fval(0.1)), fval(0.1f)));
}

//===----------------------------------------------------------------------===//
// storage_fmt, to_storage_scalar, from_storage_scalar
//===----------------------------------------------------------------------===//

// "storage_fmt dt is ... fmt for most, 'H' ... for Bfloat16, and 'B' ... for
// the 8-bit floats"; fmt's None types (Void, the weak ones, the storage
// helpers) have none.
TEST(CastStorage, StorageFmtTable) {
  struct Case {
    DType dt;
    std::optional<char> want;
  };
  const Case cases[] = {
      {DType::Void, std::nullopt},
      {DType::WeakInt, std::nullopt},
      {DType::Bool, '?'},
      {DType::Int8, 'b'},
      {DType::Uint8, 'B'},
      {DType::Int16, 'h'},
      {DType::Uint16, 'H'},
      {DType::Int32, 'i'},
      {DType::Uint32, 'I'},
      {DType::Int64, 'q'},
      {DType::Uint64, 'Q'},
      {DType::WeakFloat, std::nullopt},
      {DType::Fp8e4m3, 'B'},
      {DType::Fp8e5m2, 'B'},
      {DType::Fp8e4m3fnuz, 'B'},
      {DType::Fp8e5m2fnuz, 'B'},
      {DType::Float16, 'e'},
      {DType::Bfloat16, 'H'},
      {DType::Float32, 'f'},
      {DType::Float64, 'd'},
      {DType::Uint128, std::nullopt},
      {DType::Uint256, std::nullopt},
      {DType::Float128, std::nullopt},
      {DType::Complex64, 'F'},
      {DType::Complex128, 'D'},
      {DType::Complex256, std::nullopt},
  };
  ASSERT_EQ(std::size(cases), kNumDTypes);
  for (const Case &c : cases) {
    EXPECT_EQ(storageFmt(c.dt), c.want) << toString(c.dt);
    // "fmt for most".
    if (c.dt != DType::Bfloat16 && !isFp8(c.dt)) {
      EXPECT_EQ(storageFmt(c.dt), fmt(c.dt)) << toString(c.dt);
    }
  }
}

// "v rounded to Float16": a Float, NaN bits unquieted ("Storage moves a
// 16-bit NaN's bits and does not quiet it"), the lowest fraction bit set for
// a payload below f16's fraction (docs/Semantics.md#nans); overflow is an
// infinity.
TEST(CastStorage, Float16StoresTheRoundedFloat) {
  struct Case {
    Value in;
    uint64_t want;
  };
  const Case cases[] = {
      {fval(1.0), Float::ofDouble(1.0).bits},
      {fval(1 + 0x1p-11), Float::ofDouble(1.0).bits},
      {fval(65520.0), kInf},
      {ival(-65520), kNegInf},
      {ival(tenTo(400)), kInf},
      {bval(true), Float::ofDouble(1.0).bits},
      {fbits(0x7ff4000000000000), 0x7ff4000000000000},
      {fbits(0x7ff0000000000001), 0x7ff0040000000000},
      {fbits(0xfff8000000000000), 0xfff8000000000000},
      {fbits(kNegInf), kNegInf},
  };
  for (const Case &c : cases)
    EXPECT_TRUE(is(toStorageScalar(DType::Float16, c.in), fbits(c.want)))
        << show(c.in);
}

// "the `Int of the bits that encode v for Bfloat16 and the 8-bit floats";
// "An 8-bit NaN is its format's NaN of its sign, the one NaN of an fnuz
// format"; an infinity stored as e4m3 is the NaN code of its sign
// (docs/Semantics.md#storage).
TEST(CastStorage, BitsForBfloat16AndEightBitFloats) {
  struct Case {
    DType dt;
    Value in;
    int64_t want;
  };
  Value nanV = fbits(kQNaN), negNaN = fbits(kNegQNaN);
  Value sNaN = fbits(0x7ff0000000000001), negSNaN = fbits(0xfff4000000000000);
  Value inf = fbits(kInf), negInf = fbits(kNegInf);
  const Case cases[] = {
      {DType::Bfloat16, fval(1.0), 0x3f80},
      {DType::Bfloat16, fval(-2.0), 0xc000},
      {DType::Bfloat16, bval(true), 0x3f80},
      {DType::Bfloat16, ival(257), 0x4380}, // Tie to even: 256.
      {DType::Bfloat16, inf, 0x7f80},
      {DType::Bfloat16, negInf, 0xff80},
      {DType::Bfloat16, nanV, 0x7fc0},
      {DType::Bfloat16, negNaN, 0xffc0},
      // Signalling NaNs stay signalling: top payload kept, or the lowest bit.
      {DType::Bfloat16, fbits(0x7ff4000000000000), 0x7fa0},
      {DType::Bfloat16, sNaN, 0x7f81},
      {DType::Bfloat16, negSNaN, 0xffa0},
      {DType::Fp8e4m3, fval(1.0), 0x38},
      {DType::Fp8e4m3, fval(-0.0), 0x80},
      {DType::Fp8e4m3, fval(1000.0), 0x7e},
      {DType::Fp8e4m3, fval(-1000.0), 0xfe},
      {DType::Fp8e4m3, ival(tenTo(400)), 0x7e},
      {DType::Fp8e4m3, nanV, 0x7f},
      {DType::Fp8e4m3, negNaN, 0xff},
      {DType::Fp8e4m3, sNaN, 0x7f},
      {DType::Fp8e4m3, inf, 0x7f},
      {DType::Fp8e4m3, negInf, 0xff},
      {DType::Fp8e5m2, fval(1.0), 0x3c},
      {DType::Fp8e5m2, fval(1e6), 0x7b},
      {DType::Fp8e5m2, fval(-1e6), 0xfb},
      {DType::Fp8e5m2, inf, 0x7c},
      {DType::Fp8e5m2, negInf, 0xfc},
      {DType::Fp8e5m2, nanV, 0x7f},
      {DType::Fp8e5m2, negNaN, 0xff},
      {DType::Fp8e5m2, negSNaN, 0xff},
      {DType::Fp8e4m3fnuz, fval(1.0), 0x40},
      {DType::Fp8e4m3fnuz, fval(-0.0), 0x00},
      {DType::Fp8e4m3fnuz, fval(1000.0), 0x7f},
      {DType::Fp8e4m3fnuz, nanV, 0x80},
      {DType::Fp8e4m3fnuz, negNaN, 0x80},
      {DType::Fp8e4m3fnuz, inf, 0x80},
      {DType::Fp8e4m3fnuz, negInf, 0x80},
      {DType::Fp8e5m2fnuz, fval(1.0), 0x40},
      {DType::Fp8e5m2fnuz, fval(-1e-30), 0x00},
      {DType::Fp8e5m2fnuz, negNaN, 0x80},
      {DType::Fp8e5m2fnuz, negInf, 0x80},
  };
  for (const Case &c : cases)
    EXPECT_TRUE(is(toStorageScalar(c.dt, c.in), ival(c.want)))
        << toString(c.dt) << " " << show(c.in);
}

// "and v itself otherwise": no wrap, no rounding.
TEST(CastStorage, OtherTypesStoreVItself) {
  struct Case {
    DType dt;
    Value v;
  };
  const Case cases[] = {
      {DType::Int8, ival(300)},
      {DType::Uint8, ival(-1)},
      {DType::Bool, bval(true)},
      {DType::Float32, fval(1e300)},
      {DType::Float32, fbits(0x7ff0000000000001)},
      {DType::Float64, fbits(0x7ff0000000000001)},
      {DType::WeakInt, ival(tenTo(400))},
      {DType::WeakFloat, fval(0.1)},
      {DType::Uint128, ival(5)},
  };
  for (const Case &c : cases) {
    EXPECT_TRUE(is(toStorageScalar(c.dt, c.v), c.v)) << toString(c.dt);
    EXPECT_TRUE(is(fromStorageScalar(c.dt, c.v), c.v)) << toString(c.dt);
  }
  // Float16's stored value is a Float, read back as itself.
  EXPECT_TRUE(is(fromStorageScalar(DType::Float16, fval(1.5)), fval(1.5)));
}

// "the `Float that the low bits of s encode for Bfloat16 and the 8-bit
// floats ... A Bfloat16 NaN has the sign and payload of its bits, an Fp8e5m2
// NaN the sign of its bits, and the other 8-bit floats' NaN is positive."
TEST(CastStorage, FromStorageScalarReadsTheLowBits) {
  struct Case {
    DType dt;
    mpz_class s;
    uint64_t want;
  };
  const Case cases[] = {
      {DType::Bfloat16, 0x3f80, Float::ofDouble(1.0).bits},
      {DType::Bfloat16, 0x7fa0, 0x7ff4000000000000},
      {DType::Bfloat16, 0x7f81, 0x7ff0200000000000},
      {DType::Bfloat16, 0xffc1, 0xfff8200000000000},
      {DType::Bfloat16, 0x13f80, Float::ofDouble(1.0).bits},
      {DType::Bfloat16, -1, 0xffffe00000000000},
      {DType::Fp8e4m3, 0x138, Float::ofDouble(1.0).bits},
      {DType::Fp8e4m3, 0x7f, kQNaN},
      {DType::Fp8e4m3, 0xff, kQNaN},
      {DType::Fp8e4m3, -1, kQNaN},
      {DType::Fp8e4m3, 0x80, kNegZero},
      {DType::Fp8e5m2, 0x7d, kQNaN},
      {DType::Fp8e5m2, 0xfe, kNegQNaN},
      {DType::Fp8e5m2, 0xfc, kNegInf},
      {DType::Fp8e4m3fnuz, 0x80, kQNaN},
      {DType::Fp8e5m2fnuz, 0x80, kQNaN},
      {DType::Fp8e5m2fnuz, pow2(300) + 0x40, Float::ofDouble(1.0).bits},
  };
  for (const Case &c : cases)
    EXPECT_TRUE(is(fromStorageScalar(c.dt, ival(c.s)), fbits(c.want)))
        << toString(c.dt) << " " << c.s.get_str();
}

// An error if dt is Bfloat16 or an 8-bit float and s is not an integer: the
// stored value of those is the integer of their bits
// (docs/Semantics.md#storage).
TEST(CastStorage, FromStorageScalarNeedsAnInt) {
  for (DType dt : {DType::Bfloat16, DType::Fp8e4m3, DType::Fp8e5m2,
                   DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz}) {
    std::string name(::tolk::dtype::name(dt));
    EXPECT_TRUE(fails(fromStorageScalar(dt, fval(1.0)), {name, "1.0"}));
    EXPECT_TRUE(fails(fromStorageScalar(dt, bval(true)), {name, "True"}));
  }
}

//===----------------------------------------------------------------------===//
// bitcast
//===----------------------------------------------------------------------===//

// "the d1 value stored by the bits that store v as a d0 value".
TEST(CastBitcast, Examples) {
  struct Case {
    DType from, to;
    Value in, want;
  };
  const Case cases[] = {
      {DType::Float32, DType::Int32, fval(1.0), ival(0x3f800000)},
      {DType::Float32, DType::Uint32, fval(-0.0), ival(0x80000000LL)},
      {DType::Float32, DType::Int32, fval(-2.0), ival(int32_t(0xc0000000))},
      {DType::Int32, DType::Uint32, ival(-1), ival(0xffffffffLL)},
      {DType::Uint64, DType::Int64, ival(u64(UINT64_MAX)), ival(-1)},
      {DType::Float64, DType::Uint64, fval(1.0), ival(0x3ff0000000000000LL)},
      {DType::Uint16, DType::Float16, ival(0x3c00), fval(1.0)},
      {DType::Int16, DType::Float16, ival(-1), fbits(0xfffffc0000000000)},
      {DType::Bfloat16, DType::Int16, fval(1.0), ival(0x3f80)},
      {DType::Bfloat16, DType::Float16, fval(1.0), fval(1.875)},
      {DType::Fp8e4m3, DType::Fp8e5m2, fval(1.0), fval(0.5)},
      {DType::Fp8e4m3, DType::Uint8, fval(448.0), ival(0x7e)},
      // -0.0's bits are fnuz's NaN code.
      {DType::Fp8e4m3, DType::Fp8e4m3fnuz, fval(-0.0), fbits(kQNaN)},
      {DType::Bool, DType::Uint8, bval(true), ival(1)},
      {DType::Bool, DType::Int8, ival(0), ival(0)},
      {DType::Bool, DType::Fp8e5m2, ival(1), fval(0x1p-16)},
      {DType::Uint8, DType::Bool, ival(1), bval(true)},
      {DType::Fp8e4m3, DType::Bool, fval(0.0), bval(false)},
      // Reading 6: an integer stored as f32 or f64 is rounded once.
      {DType::Float32, DType::Int32, ival(3), ival(0x40400000)},
      {DType::Float32, DType::Int32, ival(16777217), ival(0x4b800000)},
      {DType::Float32, DType::Int32, bval(true), ival(0x3f800000)},
      {DType::Float64, DType::Int64, ival(pow2(53) + 1),
       ival(0x4340000000000000LL)},
      {DType::Float64, DType::Uint64, ival(pow2(1024) - pow2(970) - 1),
       ival(u64(0x7fefffffffffffffULL))},
      {DType::Float32, DType::Uint32, fval(0x1.fffffefffffffp127),
       ival(0x7f7fffffLL)},
      {DType::Float32, DType::Uint32, fbits(kNegInf), ival(0xff800000LL)},
      // f16 storage goes through to_storage_scalar: overflow is inf.
      {DType::Float16, DType::Uint16, ival(100000), ival(0x7c00)},
      {DType::Float16, DType::Uint16, fval(-1e10), ival(0xfc00)},
      {DType::Bfloat16, DType::Uint16, ival(tenTo(400)), ival(0x7f80)},
      {DType::Fp8e5m2, DType::Uint8, ival(tenTo(400)), ival(0x7b)},
  };
  for (const Case &c : cases)
    EXPECT_TRUE(is(bitcast(c.from, c.to, c.in), c.want))
        << toString(c.from) << " -> " << toString(c.to) << " of " << show(c.in);
}

// "Its bits are kept exactly, a signalling NaN's included".
TEST(CastBitcast, SignallingNaNsKeepTheirBits) {
  struct Case {
    DType fdt, idt;
    uint64_t bits, asDouble;
  };
  const Case cases[] = {
      {DType::Float32, DType::Uint32, 0x7f800001, 0x7ff0000020000000},
      {DType::Float32, DType::Uint32, 0xffa00000, 0xfff4000000000000},
      {DType::Float64, DType::Uint64, 0x7ff0000000000001, 0x7ff0000000000001},
      {DType::Float16, DType::Uint16, 0x7c01, 0x7ff0040000000000},
      {DType::Float16, DType::Uint16, 0xfd55, 0xfff5540000000000},
      {DType::Bfloat16, DType::Uint16, 0x7f81, 0x7ff0200000000000},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(toString(c.fdt) + " 0x" + llvm::utohexstr(c.bits));
    Value stored = ival(u64(c.bits));
    EXPECT_TRUE(is(bitcast(c.idt, c.fdt, stored), fbits(c.asDouble)));
    EXPECT_TRUE(is(bitcast(c.fdt, c.idt, fbits(c.asDouble)), stored));
  }
}

// "bitcast d1 d0 (bitcast d0 d1 c) = c for every c that d0 stores, but where
// d1 is an 8-bit float and c's bits are one of its NaN codes, which read as
// from_storage_scalar reads them"; and, by the project's decision, bits
// other than 0 and 1 are no Bool (an error, which keeps the law). Every
// pair of types of one itemsize, every pattern for 1 and 2 bytes, a sample
// of patterns for 4 and 8.
TEST(CastBitcast, RoundTripLawForEveryPairOfTypes) {
  const std::vector<std::vector<DType>> groups = {
      {DType::Bool, DType::Int8, DType::Uint8, DType::Fp8e4m3, DType::Fp8e5m2,
       DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz},
      {DType::Int16, DType::Uint16, DType::Float16, DType::Bfloat16},
      {DType::Int32, DType::Uint32, DType::Float32},
      {DType::Int64, DType::Uint64, DType::Float64},
  };
  std::mt19937_64 rng(7);
  for (const std::vector<DType> &g : groups) {
    unsigned width = itemsize(g[0]) * 8;
    std::vector<uint64_t> patterns;
    if (width <= 16) {
      for (uint64_t b = 0; b < (1ULL << width); ++b)
        patterns.push_back(b);
    } else {
      uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
      for (int k = 0; k < 20000; ++k)
        patterns.push_back(rng() & mask);
      for (uint64_t b :
           {uint64_t(0), uint64_t(1), mask, mask >> 1, (mask >> 1) + 1})
        patterns.push_back(b);
    }
    for (DType d0 : g)
      for (DType d1 : g) {
        SCOPED_TRACE(toString(d0) + " -> " + toString(d1));
        int failures = 0;
        for (uint64_t b : patterns) {
          if (failures >= 5)
            break;
          llvm::Expected<Value> c = fromBits(d0, llvm::APInt(width, b));
          if (!c) { // Only Bool refuses patterns.
            EXPECT_EQ(d0, DType::Bool);
            llvm::consumeError(c.takeError());
            continue;
          }
          llvm::Expected<llvm::APInt> bits = toBits(d0, *c);
          if (!bits) {
            ADD_FAILURE() << llvm::toString(bits.takeError());
            ++failures;
            continue;
          }
          uint64_t cb = bits->getZExtValue();
          llvm::Expected<Value> there = bitcast(d0, d1, *c);
          bool ok;
          if (d1 == DType::Bool && cb > 1) {
            ok = fails(std::move(there), {"bool"});
          } else if (!there) {
            ok = false;
            ADD_FAILURE() << llvm::toString(there.takeError());
          } else if (isFp8(d1) && there->isFloat() &&
                     there->getFloat().isNaN()) {
            // The exception: the code reads as from_storage_scalar reads it.
            llvm::Expected<Value> read = fromStorageScalar(d1, ival(u64(cb)));
            ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
            ok = is(*there, *read);
          } else {
            ok = is(bitcast(d1, d0, *there), *c);
          }
          if (!ok) {
            ++failures;
            ADD_FAILURE() << "pattern 0x" << std::hex << b;
          }
        }
      }
  }
}

// An error if d0 and d1 have different item sizes, or if either has no
// storage format (docs/Semantics.md#bitcast).
TEST(CastBitcast, ItemsizeAndStorageErrors) {
  EXPECT_TRUE(fails(bitcast(DType::Int8, DType::Int16, ival(1)),
                    {"i8", "i16", "itemsize"}));
  EXPECT_TRUE(fails(bitcast(DType::Float32, DType::Float64, fval(1.0)),
                    {"f32", "f64"}));
  EXPECT_TRUE(
      fails(bitcast(DType::Bool, DType::Float16, bval(true)), {"bool", "f16"}));
  for (DType none : {DType::Void, DType::WeakInt, DType::WeakFloat,
                     DType::Uint128, DType::Uint256}) {
    std::string name(::tolk::dtype::name(none));
    EXPECT_TRUE(fails(bitcast(none, none, ival(0)), {name}));
    EXPECT_TRUE(fails(bitcast(none, DType::Int64, ival(0)), {name}));
    EXPECT_TRUE(fails(bitcast(DType::Int64, none, ival(0)), {name}));
    EXPECT_TRUE(fails(toBits(none, ival(0)), {name}));
  }
  EXPECT_TRUE(
      fails(fromBits(DType::Float32, llvm::APInt(16, 0)), {"f32", "32", "16"}));
}

// An error if v is a float and d0 an integer; Bool storage takes no float
// either (only 0 and 1: docs/Semantics.md#bitcast).
TEST(CastBitcast, FloatAsIntegerIsAnError) {
  for (const IntType &t : kIntTypes) {
    if (t.bits > 64)
      continue;
    std::string name(::tolk::dtype::name(t.dt));
    EXPECT_TRUE(fails(bitcast(t.dt, t.dt, fval(1.0)), {"1.0", name}));
    EXPECT_TRUE(fails(bitcast(t.dt, t.dt, fbits(kQNaN)), {"nan", name}));
  }
  EXPECT_TRUE(
      fails(bitcast(DType::Bool, DType::Uint8, fval(1.0)), {"1.0", "bool"}));
}

// "or if v is an integer out of the range of d0's storage".
TEST(CastBitcast, IntegerOutOfRangeIsAnError) {
  EXPECT_TRUE(
      fails(bitcast(DType::Int8, DType::Uint8, ival(200)), {"200", "i8"}));
  EXPECT_TRUE(
      fails(bitcast(DType::Uint8, DType::Int8, ival(-1)), {"-1", "u8"}));
  for (const IntType &t : kIntTypes) {
    if (t.bits > 64)
      continue;
    std::string name(::tolk::dtype::name(t.dt));
    EXPECT_TRUE(fails(bitcast(t.dt, t.dt, ival(t.max() + 1)), {name}));
    EXPECT_TRUE(fails(bitcast(t.dt, t.dt, ival(t.min() - 1)), {name}));
    EXPECT_TRUE(is(bitcast(t.dt, t.dt, ival(t.max())), ival(t.max())));
    EXPECT_TRUE(is(bitcast(t.dt, t.dt, ival(t.min())), ival(t.min())));
  }
  // Reading 6: Bool storage accepts only 0 and 1.
  EXPECT_TRUE(
      fails(bitcast(DType::Bool, DType::Uint8, ival(2)), {"2", "bool"}));
  EXPECT_TRUE(
      fails(bitcast(DType::Bool, DType::Int8, ival(-1)), {"-1", "bool"}));
  // Reading 6: an integer out of the range of f32 or f64 storage, or a
  // double that rounds past f32's range (struct.pack raises OverflowError).
  EXPECT_TRUE(
      fails(bitcast(DType::Float32, DType::Int32, ival(pow2(128))), {"f32"}));
  EXPECT_TRUE(
      fails(bitcast(DType::Float32, DType::Int32, ival(pow2(128) - pow2(103))),
            {"f32"}));
  EXPECT_TRUE(fails(bitcast(DType::Float32, DType::Int32, fval(1e300)),
                    {"1e+300", "f32"}));
  EXPECT_TRUE(
      fails(bitcast(DType::Float32, DType::Int32, fval(-0x1p128)), {"f32"}));
  EXPECT_TRUE(
      fails(bitcast(DType::Float64, DType::Int64, ival(tenTo(400))), {"f64"}));
  EXPECT_TRUE(
      fails(bitcast(DType::Float64, DType::Int64, ival(pow2(1024) - pow2(970))),
            {"f64"}));
}

// Project decision: bits other than 0 and 1 store no Bool, so bitcast into
// Bool of them is an error (it keeps the round-trip law).
TEST(CastBitcast, IntoBoolOnlyZeroAndOne) {
  EXPECT_TRUE(fails(bitcast(DType::Uint8, DType::Bool, ival(2)), {"bool"}));
  EXPECT_TRUE(fails(bitcast(DType::Int8, DType::Bool, ival(-1)), {"bool"}));
  EXPECT_TRUE(fails(bitcast(DType::Fp8e4m3, DType::Bool, fval(1.0)), {"bool"}));
  EXPECT_TRUE(fails(fromBits(DType::Bool, llvm::APInt(8, 0x80)), {"bool"}));
  EXPECT_TRUE(is(bitcast(DType::Int8, DType::Bool, ival(1)), bval(true)));
}

// toBits/fromBits are the encoding bitcast uses: itemsize * 8 bits.
TEST(CastBitcast, ToBitsAndFromBitsAreTheEncoding) {
  llvm::Expected<llvm::APInt> b = toBits(DType::Float16, fval(1.0));
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->getBitWidth(), 16u);
  EXPECT_EQ(b->getZExtValue(), 0x3c00u);
  b = toBits(DType::Bool, bval(true));
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->getBitWidth(), 8u);
  EXPECT_EQ(b->getZExtValue(), 1u);
  b = toBits(DType::Int64, ival(-1));
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_TRUE(b->isAllOnes());
  EXPECT_TRUE(is(fromBits(DType::Int8, llvm::APInt(8, 0xff)), ival(-1)));
  EXPECT_TRUE(is(fromBits(DType::Uint8, llvm::APInt(8, 0xff)), ival(255)));
  EXPECT_TRUE(
      is(fromBits(DType::Float32, llvm::APInt(32, 0x3f800000)), fval(1.0)));
}

} // namespace

namespace {

/// Every value of an 8-bit type, and a sample of a 16-bit one (every 31st
/// bit pattern, which reaches every exponent, and the special patterns).
std::vector<Const> valuesOf(DType dt) {
  std::vector<Const> out;
  unsigned bits = bitsize(dt);
  if (dt == DType::Bool) {
    out.push_back(Const::ofBool(false));
    out.push_back(Const::ofBool(true));
    return out;
  }
  uint64_t n = uint64_t(1) << bits;
  uint64_t step = bits <= 8 ? 1 : 31;
  std::vector<uint64_t> patterns;
  for (uint64_t p = 0; p < n; p += step)
    patterns.push_back(p);
  for (uint64_t p : {n - 1, n / 2, n / 2 - 1, uint64_t(1), n / 2 + 1})
    patterns.push_back(p);
  for (uint64_t p : patterns) {
    llvm::Expected<Value> v = fromBits(dt, llvm::APInt(bits, p));
    if (!v) {
      llvm::consumeError(v.takeError());
      continue;
    }
    out.push_back(Const(*v));
  }
  return out;
}

} // namespace

// The property behind the canonicalizer's cast-of-a-lossless-cast identity
// (docs/Rationale.md, "Algebraic identities"): when every value of A is a
// value of B, converting through B changes nothing, so
// const C (const B x) = const C x for every x of A and every C.
TEST(CastConst, ThroughALosslessTypeIsDirect) {
  const DType concrete[] = {
      DType::Bool,        DType::Int8,    DType::Uint8,    DType::Int16,
      DType::Uint16,      DType::Int32,   DType::Uint32,   DType::Int64,
      DType::Uint64,      DType::Fp8e4m3, DType::Fp8e5m2,  DType::Fp8e4m3fnuz,
      DType::Fp8e5m2fnuz, DType::Float16, DType::Bfloat16, DType::Float32,
      DType::Float64};
  unsigned checked = 0;
  for (DType a : concrete) {
    if (bitsize(a) > 16)
      continue; // Values are enumerated: the 8- and 16-bit types.
    std::vector<Const> xs = valuesOf(a);
    for (DType b : concrete) {
      if (b == a || !canLosslessCast(a, b))
        continue;
      for (DType c : concrete) {
        for (const Const &x : xs) {
          llvm::Expected<Const> viaB = makeConst(b, x);
          ASSERT_TRUE(bool(viaB)) << llvm::toString(viaB.takeError());
          llvm::Expected<Const> twice = makeConst(c, *viaB);
          llvm::Expected<Const> once = makeConst(c, x);
          ASSERT_EQ(bool(twice), bool(once))
              << show(x) << " : " << toString(a) << " -> " << toString(b)
              << " -> " << toString(c);
          if (!twice) {
            llvm::consumeError(twice.takeError());
            llvm::consumeError(once.takeError());
            continue;
          }
          ASSERT_EQ(show(*twice), show(*once))
              << show(x) << " : " << toString(a) << " -> " << toString(b)
              << " -> " << toString(c);
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 200000u);
}

//===- FloatFormatTest.cpp - The eight float formats, bit for bit ---------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Tables over every float format of known width, checked against a reference
// model written here from the formats' definitions (sign, biased exponent,
// fraction), independent of APFloat:
//  - every bit pattern of the 8- and 16-bit formats decodes to the value the
//    model gives and round-trips through fromBits/toBits, to/fromStorageScalar
//    and bitcast to and from the integers of the same size (the 8-bit NaN
//    codes that are not their sign's canonical one are the exception of
//    docs/Semantics.md#bitcast);
//  - rounding to nearest even at every midpoint between consecutive values,
//    at the overflow threshold, and at the subnormal end, from doubles and
//    from exact integers (beyond 2^64 and beyond the double range).
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"
#include "tolk/Dtype/Cast.h"

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

::testing::AssertionResult isBits(llvm::Expected<llvm::APInt> got,
                                  uint64_t want) {
  if (!got)
    return ::testing::AssertionFailure()
           << "error: " << llvm::toString(got.takeError());
  if (got->getZExtValue() != want)
    return ::testing::AssertionFailure()
           << "got 0x" << std::hex << got->getZExtValue() << ", want 0x"
           << want;
  return ::testing::AssertionSuccess();
}

mpz_class exactInteger(double d) {
  mpz_class r;
  mpz_set_d(r.get_mpz_t(), d);
  return r;
}

/// Collects the results of several checks of one case: each failure is
/// reported with its message, and `ok` says whether all passed, so that a
/// loop over thousands of cases can stop after a few failing ones.
struct Checker {
  bool ok = true;
  void operator()(::testing::AssertionResult r, const char *what) {
    if (!r) {
      ok = false;
      ADD_FAILURE() << what << ": " << r.message();
    }
  }
};

constexpr uint64_t kQNaN = 0x7ff8000000000000ULL;
constexpr uint64_t kNegQNaN = 0xfff8000000000000ULL;

//===----------------------------------------------------------------------===//
// The reference model
//===----------------------------------------------------------------------===//

enum class Style { IEEE, FN, FNUZ };

struct Fmt {
  DType dt;
  const char *name;
  DType uintDT; ///< The unsigned integer of the same size.
  DType sintDT; ///< The signed integer of the same size.
  unsigned bits, expBits, fracBits;
  Style style;

  bool isFp8() const { return bits == 8; }
  uint64_t mask() const { return bits == 64 ? ~0ULL : (1ULL << bits) - 1; }
  uint64_t fracMask() const { return (1ULL << fracBits) - 1; }
  uint64_t expAllOnes() const { return (1ULL << expBits) - 1; }
  uint64_t signBit() const { return 1ULL << (bits - 1); }
  int bias() const {
    // fnuz formats move the bias up by one: their top exponent is finite.
    return (1 << (expBits - 1)) - (style == Style::FNUZ ? 0 : 1);
  }
  bool hasInf() const { return style == Style::IEEE; }

  uint64_t expOf(uint64_t code) const {
    return (code >> fracBits) & expAllOnes();
  }

  bool isNaN(uint64_t code) const {
    switch (style) {
    case Style::IEEE:
      return expOf(code) == expAllOnes() && (code & fracMask()) != 0;
    case Style::FN:
      return (code & ~signBit()) == (signBit() - 1); // S.1111.111
    case Style::FNUZ:
      return code == signBit(); // 0x80
    }
    return false;
  }
  bool isInf(uint64_t code) const {
    return hasInf() && expOf(code) == expAllOnes() && (code & fracMask()) == 0;
  }
  /// The canonical NaN code that storing a NaN of this sign gives.
  uint64_t nanCode(bool negative) const {
    if (style == Style::FNUZ)
      return signBit();
    return (negative ? signBit() : 0) | (signBit() - 1);
  }
  /// Largest finite code (positive).
  uint64_t largestCode() const {
    switch (style) {
    case Style::IEEE:
      return ((expAllOnes() - 1) << fracBits) | fracMask();
    case Style::FN:
      return (expAllOnes() << fracBits) | (fracMask() - 1);
    case Style::FNUZ:
      return (expAllOnes() << fracBits) | fracMask();
    }
    return 0;
  }

  /// The double bits a code decodes to, from the definition of the format.
  uint64_t decode(uint64_t code) const {
    bool neg = (code & signBit()) != 0;
    uint64_t frac = code & fracMask();
    uint64_t e = expOf(code);
    if (isNaN(code)) {
      if (isFp8()) // docs/Semantics.md#nans.
        return style == Style::IEEE && neg ? kNegQNaN : kQNaN;
      return (neg ? 1ULL << 63 : 0) | 0x7ff0000000000000ULL |
             (frac << (52 - fracBits));
    }
    if (isInf(code))
      return bitsOf(neg ? -INFINITY : INFINITY);
    double mag = e == 0 ? std::ldexp(double(frac), 1 - bias() - int(fracBits))
                        : std::ldexp(double(frac | (1ULL << fracBits)),
                                     int(e) - bias() - int(fracBits));
    return bitsOf(neg ? -mag : mag);
  }
  double value(uint64_t code) const {
    return Float::ofBits(decode(code)).toDouble();
  }
  double largest() const { return value(largestCode()); }
  /// The spacing of the values at the top binade.
  double topUlp() const { return largest() - value(largestCode() - 1); }
  double smallestSubnormal() const { return value(1); }
  /// Where a finite overflow goes: ±inf, or ± the largest finite for 8 bits.
  double overflowed(bool negative) const {
    double m = isFp8() ? largest() : INFINITY;
    return negative ? -m : m;
  }
  /// A zero of the sign rounding gives; fnuz has only +0.0.
  double zero(bool negative) const {
    return negative && style != Style::FNUZ ? -0.0 : 0.0;
  }
};

const Fmt kFmts[] = {
    {DType::Fp8e4m3, "fp8e4m3", DType::Uint8, DType::Int8, 8, 4, 3, Style::FN},
    {DType::Fp8e5m2, "fp8e5m2", DType::Uint8, DType::Int8, 8, 5, 2,
     Style::IEEE},
    {DType::Fp8e4m3fnuz, "fp8e4m3fnuz", DType::Uint8, DType::Int8, 8, 4, 3,
     Style::FNUZ},
    {DType::Fp8e5m2fnuz, "fp8e5m2fnuz", DType::Uint8, DType::Int8, 8, 5, 2,
     Style::FNUZ},
    {DType::Float16, "f16", DType::Uint16, DType::Int16, 16, 5, 10,
     Style::IEEE},
    {DType::Bfloat16, "bf16", DType::Uint16, DType::Int16, 16, 8, 7,
     Style::IEEE},
    {DType::Float32, "f32", DType::Uint32, DType::Int32, 32, 8, 23,
     Style::IEEE},
    {DType::Float64, "f64", DType::Uint64, DType::Int64, 64, 11, 52,
     Style::IEEE},
};

/// The value that stores a value of f: a Float for f16/f32/f64, the Int of
/// its bits for bf16 and the 8-bit formats.
bool storedAsBits(const Fmt &f) { return f.dt == DType::Bfloat16 || f.isFp8(); }

/// Rounds v to f through every entry point that rounds a non-NaN value the
/// same way (const, truncate, storage), and checks each gives `want`.
void expectRounds(const Fmt &f, const Value &v, double want) {
  SCOPED_TRACE(std::string(f.name) + " of " + show(v));
  Value w = fval(want);
  EXPECT_TRUE(isConst(makeConst(f.dt, Const(v)), w)) << "const";
  EXPECT_TRUE(is(truncate(f.dt, v), w)) << "truncate";
  if (f.dt == DType::Float16) {
    EXPECT_TRUE(is(toStorageScalar(f.dt, v), w)) << "to_storage_scalar";
  }
  if (storedAsBits(f)) {
    llvm::Expected<llvm::APInt> wantBits = toBits(f.dt, w);
    ASSERT_TRUE(bool(wantBits)) << llvm::toString(wantBits.takeError());
    EXPECT_TRUE(is(toStorageScalar(f.dt, v),
                   ival(mpz_class(std::to_string(wantBits->getZExtValue())))))
        << "to_storage_scalar";
  }
}

//===----------------------------------------------------------------------===//
// The formats themselves
//===----------------------------------------------------------------------===//

// finfo's shape of each format, as the model assumes it; and semantics().
TEST(FloatFormat, SemanticsMatchTheFormats) {
  for (const Fmt &f : kFmts) {
    SCOPED_TRACE(f.name);
    const llvm::fltSemantics *sem = semantics(f.dt);
    ASSERT_NE(sem, nullptr);
    EXPECT_EQ(llvm::APFloat::semanticsSizeInBits(*sem), f.bits);
    EXPECT_EQ(llvm::APFloat::semanticsPrecision(*sem), f.fracBits + 1);
    EXPECT_EQ(llvm::APFloat::semanticsHasInf(*sem), f.hasInf());
    EXPECT_EQ(itemsize(f.dt) * 8, f.bits);
  }
  EXPECT_EQ(semantics(DType::WeakFloat), nullptr);
  EXPECT_EQ(semantics(DType::Int32), nullptr);
  EXPECT_EQ(semantics(DType::Void), nullptr);
}

// The model's anchors, from the formats' definitions: largest finite values
// and smallest subnormals.
TEST(FloatFormat, ModelAnchors) {
  const double largest[] = {448.0,   57344.0,    240.0,          57344.0,
                            65504.0, 0x1.fep127, 0x1.fffffep127, DBL_MAX};
  const double tiny[] = {0x1p-9,  0x1p-16,  0x1p-10,  0x1p-17,
                         0x1p-24, 0x1p-133, 0x1p-149, 0x1p-1074};
  for (size_t k = 0; k < std::size(kFmts); ++k) {
    SCOPED_TRACE(kFmts[k].name);
    EXPECT_EQ(kFmts[k].largest(), largest[k]);
    EXPECT_EQ(kFmts[k].smallestSubnormal(), tiny[k]);
    // min/max are not this file's, but const of the model's largest must be
    // exact, and APFloat agrees on it.
    EXPECT_EQ(
        llvm::APFloat::getLargest(*semantics(kFmts[k].dt)).convertToDouble(),
        largest[k]);
  }
}

//===----------------------------------------------------------------------===//
// Every bit pattern of the 8- and 16-bit formats
//===----------------------------------------------------------------------===//

// from_storage_scalar/fromBits decode every pattern as the model does;
// toBits, to_storage_scalar and bitcast to the same-size integers give the
// pattern back, "but where d1 is an 8-bit float and c's bits are one of its
// NaN codes, which read as from_storage_scalar reads them" (tested below).
TEST(FloatFormatExhaustive, EveryPatternRoundTrips) {
  for (const Fmt &f : kFmts) {
    if (f.bits > 16)
      continue;
    SCOPED_TRACE(f.name);
    int failures = 0;
    for (uint64_t code = 0; code <= f.mask() && failures < 10; ++code) {
      SCOPED_TRACE("code 0x" + llvm::utohexstr(code));
      bool canonical = !f.isFp8() || !f.isNaN(code) ||
                       code == f.nanCode((code & f.signBit()) != 0);
      if (f.style == Style::FN && code == f.nanCode(true))
        canonical = false; // Reads as the positive NaN.
      Value v = fbits(f.decode(code));
      Value stored = ival(mpz_class(std::to_string(code)));
      int64_t signedCode = (code & f.signBit())
                               ? int64_t(code) - int64_t(f.mask()) - 1
                               : int64_t(code);
      Checker c;
      // Decoding.
      c(is(fromBits(f.dt, llvm::APInt(f.bits, code)), v), "fromBits");
      c(is(bitcast(f.uintDT, f.dt, stored), v), "bitcast from uint");
      c(is(bitcast(f.sintDT, f.dt, ival(signedCode)), v), "bitcast from int");
      if (storedAsBits(f))
        c(is(fromStorageScalar(f.dt, stored), v), "from_storage_scalar");
      else
        c(is(fromStorageScalar(f.dt, v), v), "from_storage_scalar");
      // A value of the format is a constant of it: const is the identity,
      // NaN payloads and signalling NaNs included; truncate too, but for
      // NaNs, which it quiets.
      c(isConst(makeConst(f.dt, Const(v)), v), "const");
      if (!f.isNaN(code))
        c(is(truncate(f.dt, v), v), "truncate");
      // Encoding.
      uint64_t back = canonical ? code : f.nanCode(v.getFloat().isNegative());
      Value backInt = ival(mpz_class(std::to_string(back)));
      c(isBits(toBits(f.dt, v), back), "toBits");
      c(is(bitcast(f.dt, f.uintDT, v), backInt), "bitcast to uint");
      if (storedAsBits(f))
        c(is(toStorageScalar(f.dt, v), backInt), "to_storage_scalar");
      else
        c(is(toStorageScalar(f.dt, v), v), "to_storage_scalar");
      if (!c.ok)
        ++failures;
    }
  }
}

// The exception to the round-trip law (docs/Semantics.md#bitcast), for every
// 8-bit NaN code: the code reads as the format's NaN of its sign
// (docs/Semantics.md#nans), which stores as that sign's canonical code.
TEST(FloatFormatExhaustive, Fp8NaNCodesReadAsTheFormatsNaN) {
  struct Case {
    DType dt;
    std::vector<uint64_t> codes;
    std::vector<uint64_t> readAs;
    std::vector<uint64_t> storedAs;
  };
  const Case cases[] = {
      {DType::Fp8e4m3, {0x7f, 0xff}, {kQNaN, kQNaN}, {0x7f, 0x7f}},
      {DType::Fp8e5m2,
       {0x7d, 0x7e, 0x7f, 0xfd, 0xfe, 0xff},
       {kQNaN, kQNaN, kQNaN, kNegQNaN, kNegQNaN, kNegQNaN},
       {0x7f, 0x7f, 0x7f, 0xff, 0xff, 0xff}},
      {DType::Fp8e4m3fnuz, {0x80}, {kQNaN}, {0x80}},
      {DType::Fp8e5m2fnuz, {0x80}, {kQNaN}, {0x80}},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(toString(c.dt));
    for (size_t k = 0; k < c.codes.size(); ++k) {
      Value stored = ival(int64_t(c.codes[k]));
      EXPECT_TRUE(is(fromStorageScalar(c.dt, stored), fbits(c.readAs[k])));
      EXPECT_TRUE(is(bitcast(DType::Uint8, c.dt, stored), fbits(c.readAs[k])));
      llvm::Expected<Value> v = bitcast(DType::Uint8, c.dt, stored);
      ASSERT_TRUE(bool(v)) << llvm::toString(v.takeError());
      EXPECT_TRUE(
          is(bitcast(c.dt, DType::Uint8, *v), ival(int64_t(c.storedAs[k]))));
    }
  }
}

//===----------------------------------------------------------------------===//
// Rounding: to nearest, ties to even, at every midpoint
//===----------------------------------------------------------------------===//

// "rounded once to dt's precision, to nearest with ties to even": between
// every two consecutive finite values of the 8- and 16-bit formats, the
// midpoint goes to the one whose last fraction bit is 0, and the doubles
// just either side of it to the nearer one; for both signs.
TEST(FloatFormatRounding, EveryMidpointTiesToEven) {
  for (const Fmt &f : kFmts) {
    if (f.bits > 16)
      continue;
    SCOPED_TRACE(f.name);
    int failures = 0;
    for (uint64_t lo = 0; lo < f.largestCode() && failures < 10; ++lo) {
      uint64_t hi = lo + 1;
      for (bool neg : {false, true}) {
        double s = neg ? -1.0 : 1.0;
        double a = s * f.value(lo), b = s * f.value(hi);
        double mid = (a + b) / 2; // Exact: these formats are far narrower.
        double even = (lo & 1) == 0 ? a : b;
        auto expect = [&](double x, double want) {
          if (want == 0.0)
            want = f.zero(neg);
          SCOPED_TRACE("rounding " + std::to_string(x));
          Checker c;
          c(isConst(makeConst(f.dt, Const::ofDouble(x)), fval(want)), "const");
          c(is(truncate(f.dt, fval(x)), fval(want)), "truncate");
          if (!c.ok)
            ++failures;
        };
        expect(mid, even);
        expect(std::nextafter(mid, 0.0), a);
        expect(std::nextafter(mid, s * INFINITY), b);
      }
    }
  }
}

// The same rule at 1.0 for every format, and "rounded once": a double just
// above a midpoint of an 8-bit or 16-bit format rounds up, where going
// through f32 first would make it a tie and round it to even
// (docs/Semantics.md#truncate: never through an intermediate format).
TEST(FloatFormatRounding, TiesToEvenAtOneAndNoDoubleRounding) {
  for (const Fmt &f : kFmts) {
    if (f.bits == 64)
      continue;
    double ulp = std::ldexp(1.0, -int(f.fracBits));
    for (double s : {1.0, -1.0}) {
      expectRounds(f, fval(s * (1 + ulp / 2)), s * 1.0);
      expectRounds(f, fval(s * (1 + 3 * ulp / 2)), s * (1 + 2 * ulp));
      expectRounds(f, fval(s * std::nextafter(1 + ulp / 2, 2.0)),
                   s * (1 + ulp));
      expectRounds(f, fval(s * (1 + ulp / 2 + 0x1p-50)), s * (1 + ulp));
    }
  }
}

// "A finite value that overflows a 16-bit or wider float is an infinity, and
// one that overflows an 8-bit float is its greatest finite value of the same
// sign" (Fp8e5m2 included: docs/Semantics.md#8-bit-floats). The threshold is
// halfway between the largest finite and the next value the exponent range
// would have; a tie there goes to even.
TEST(FloatFormatRounding, OverflowThreshold) {
  for (const Fmt &f : kFmts) {
    if (f.bits == 64)
      continue;
    double L = f.largest(), T = L + f.topUlp() / 2;
    for (double s : {1.0, -1.0}) {
      bool neg = s < 0;
      expectRounds(f, fval(s * L), s * L);
      expectRounds(f, fval(s * std::nextafter(T, 0.0)), s * L);
      // At the threshold, L's last fraction bit is 1 in the IEEE formats, so
      // the tie goes past it; Fp8e4m3's largest, 1.110b x 2^8, is even.
      expectRounds(f, fval(s * T),
                   f.style == Style::FN ? s * L : f.overflowed(neg));
      expectRounds(f, fval(s * std::nextafter(T, INFINITY)), f.overflowed(neg));
      expectRounds(f, fval(s * 2 * L), f.overflowed(neg));
      expectRounds(f, fval(s * DBL_MAX), f.overflowed(neg));
    }
  }
}

// The subnormal end: the smallest subnormal is kept, half of it is a tie
// that goes to (even) zero, anything above half goes up; 1.5 and 2.5 times
// it tie to 2 times it. A negative value that rounds to zero is -0.0, but
// +0.0 in the fnuz formats (docs/Semantics.md#8-bit-floats).
TEST(FloatFormatRounding, SubnormalsAndZero) {
  for (const Fmt &f : kFmts) {
    if (f.bits == 64)
      continue;
    double S = f.smallestSubnormal();
    for (double s : {1.0, -1.0}) {
      bool neg = s < 0;
      expectRounds(f, fval(s * S), s * S);
      expectRounds(f, fval(s * S / 2), f.zero(neg));
      expectRounds(f, fval(s * std::nextafter(S / 2, 0.0)), f.zero(neg));
      expectRounds(f, fval(s * std::nextafter(S / 2, 1.0)), s * S);
      expectRounds(f, fval(s * 1.5 * S), s * 2 * S);
      expectRounds(f, fval(s * 2.5 * S), s * 2 * S);
      expectRounds(f, fval(s * 3.5 * S), s * 4 * S);
      expectRounds(f, fval(s * 0x1p-1074), f.zero(neg));
      expectRounds(f, fval(s * 0.0), f.zero(neg));
    }
  }
}

//===----------------------------------------------------------------------===//
// Rounding integers from their exact value
//===----------------------------------------------------------------------===//

// "An integer is rounded once, from its exact value, as a finite value": ties
// to even where the integers first outgrow the precision.
TEST(FloatFormatIntegers, TiesToEvenWhereIntegersOutgrowThePrecision) {
  for (const Fmt &f : kFmts) {
    mpz_class p = pow2(f.fracBits + 1); // The first integer spacing of 2.
    for (int s : {1, -1}) {
      expectRounds(f, ival(s * (p + 1)), s * std::ldexp(1.0, f.fracBits + 1));
      expectRounds(f, ival(s * (p + 3)),
                   s * (std::ldexp(1.0, f.fracBits + 1) + 4));
      expectRounds(f, ival(s * (p - 1)),
                   s * (std::ldexp(1.0, f.fracBits + 1) - 1));
    }
  }
}

// Integers beyond 2^64 round once: 2^60 + 2^(59-m) + 1 lies just above a
// midpoint and rounds up, where a detour through f64 would drop the 1 and
// tie to even (down). Formats too narrow for 2^61 overflow instead.
TEST(FloatFormatIntegers, BeyondTwoToTheSixtyFourRoundOnce) {
  for (const Fmt &f : kFmts) {
    for (unsigned e : {60u, 70u, 100u}) {
      if (e - 1 - f.fracBits < 8 && f.bits == 64)
        continue; // Not above a midpoint for f64 at this size; see below.
      mpz_class n = pow2(e) + pow2(e - 1 - f.fracBits) + 1;
      double up = std::ldexp(1.0, e) + std::ldexp(1.0, e - f.fracBits);
      for (int s : {1, -1}) {
        double want = up < f.largest() ? s * up : f.overflowed(s < 0);
        expectRounds(f, ival(s * n), want);
      }
    }
  }
  // f64: 2^100 + 2^47 + 1 is just above the midpoint 2^100 + 2^47.
  const Fmt &f64 = kFmts[7];
  expectRounds(f64, ival(pow2(100) + pow2(47) + 1), 0x1p100 + 0x1p48);
  expectRounds(f64, ival(pow2(100) + pow2(47)), 0x1p100);
  expectRounds(f64, ival(pow2(100) + pow2(48) + pow2(47)), 0x1p100 + 0x1p49);
  expectRounds(f64, ival(pow2(64) + 1), 0x1p64);
}

// The overflow threshold as an exact integer: one below it is the largest
// finite value, at and above it overflows ("one that rounds past the greatest
// double is the infinity of its sign in Float64, and overflows a narrower
// float"; an 8-bit float saturates, docs/Semantics.md#8-bit-floats). For f64
// the threshold 2^1024 - 2^970 is itself beyond the double range.
TEST(FloatFormatIntegers, OverflowThresholdAsAnInteger) {
  for (const Fmt &f : kFmts) {
    mpz_class L = exactInteger(f.largest());
    mpz_class T = L + exactInteger(f.topUlp() / 2);
    for (int s : {1, -1}) {
      bool neg = s < 0;
      double sL = s * f.largest();
      expectRounds(f, ival(s * L), sL);
      expectRounds(f, ival(s * (T - 1)), sL);
      expectRounds(f, ival(s * T),
                   f.style == Style::FN ? sL : f.overflowed(neg));
      expectRounds(f, ival(s * (T + 1)), f.overflowed(neg));
    }
  }
}

// Integers beyond the double range are still finite: they overflow to an
// infinity in 16 bits or more and saturate in 8 bits
// (docs/Semantics.md#8-bit-floats: `const fp8e4m3 (10^400)` is 448).
TEST(FloatFormatIntegers, BeyondTheDoubleRange) {
  mpz_class big;
  mpz_ui_pow_ui(big.get_mpz_t(), 10, 400);
  for (const Fmt &f : kFmts) {
    expectRounds(f, ival(big), f.overflowed(false));
    expectRounds(f, ival(-big), f.overflowed(true));
    expectRounds(f, ival(pow2(1024)), f.overflowed(false));
  }
}

//===----------------------------------------------------------------------===//
// f32 and f64: sampled patterns
//===----------------------------------------------------------------------===//

// f32 and f64 are too wide to enumerate: a fixed sample of random patterns
// plus every special neighbourhood decodes as the model says and round-trips
// through bitcast with the same-size integers (signalling NaNs included).
TEST(FloatFormatSampled, WidePatternsRoundTrip) {
  std::mt19937_64 rng(20240601);
  for (const Fmt &f : kFmts) {
    if (f.bits < 32)
      continue;
    SCOPED_TRACE(f.name);
    std::vector<uint64_t> codes;
    uint64_t specials[] = {0,
                           1,
                           f.fracMask(),
                           f.fracMask() + 1,
                           f.largestCode(),
                           f.largestCode() + 1,
                           f.largestCode() + 2,
                           f.largestCode() + (1ULL << (f.fracBits - 1)),
                           f.mask() >> 1};
    for (uint64_t c : specials) {
      codes.push_back(c);
      codes.push_back(c | f.signBit());
    }
    for (int k = 0; k < 100000; ++k)
      codes.push_back(rng() & f.mask());
    int failures = 0;
    for (uint64_t code : codes) {
      if (failures >= 10)
        break;
      Value v = fbits(f.decode(code));
      mpz_class u(std::to_string(code));
      SCOPED_TRACE("code 0x" + llvm::utohexstr(code));
      Checker c;
      c(is(bitcast(f.uintDT, f.dt, ival(u)), v), "bitcast from uint");
      c(is(bitcast(f.dt, f.uintDT, v), ival(u)), "bitcast to uint");
      c(isConst(makeConst(f.dt, Const(v)), v), "const");
      c(is(toStorageScalar(f.dt, v), v), "to_storage_scalar");
      c(is(fromStorageScalar(f.dt, v), v), "from_storage_scalar");
      if (!f.isNaN(code))
        c(is(truncate(f.dt, v), v), "truncate");
      if (!c.ok)
        ++failures;
    }
  }
}

} // namespace

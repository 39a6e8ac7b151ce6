//===- ExtensionCastTest.cpp - Constants of Float128 and complex types ----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// const, truncate, storage and bitcast of the extensions, by their bits: one
// rounding from the exact value, NaN payloads moved top-aligned (kept
// signalling by const, quieted by truncate), a real value into a complex
// type as (x, +0.0), a complex value into a real type by its real part, and
// into Bool by either part. Storage is little-endian, a complex value's
// real component first. And isfinite, the bounds, equality and hashing.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "tolk/Dtype/Cast.h"

#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"

#include <cmath>
#include <random>

using namespace tolk::dtype;
using namespace tolk::dtype::test;
using llvm::APFloat;
using llvm::APInt;

namespace {

/// A binary128 number from its 128 bits, given as two 64-bit halves.
APFloat quadBits(uint64_t hi, uint64_t lo) {
  return APFloat(APFloat::IEEEquad(), APInt(128, {lo, hi}));
}
/// The binary128 number a double holds exactly.
APFloat quad(double d) {
  APFloat q(d);
  bool loses;
  q.convert(APFloat::IEEEquad(), APFloat::rmNearestTiesToEven, &loses);
  return q;
}
Value q128(APFloat q) { return Value::ofFloat128(std::move(q)); }
APFloat f32(uint32_t bits) {
  return APFloat(APFloat::IEEEsingle(), APInt(32, bits));
}
APFloat f64(double d) { return APFloat(d); }
Value c64(uint32_t re, uint32_t im) {
  return Value::ofComplex(f32(re), f32(im));
}
Value c128(double re, double im) { return Value::ofComplex(f64(re), f64(im)); }

} // namespace

//===----------------------------------------------------------------------===//
// Into Float128
//===----------------------------------------------------------------------===//

TEST(ExtensionCast, IntoFloat128) {
  // A double widens exactly: 0.1's 52 fraction bits at the top of 112.
  EXPECT_TRUE(isConst(
      makeConst(DType::Float128, Const::ofDouble(0.1)),
      Const(q128(quadBits(0x3ffb999999999999ULL, 0xa000000000000000ULL)))));
  EXPECT_TRUE(isConst(makeConst(DType::Float128, Const::ofBool(true)),
                      Const(q128(quad(1)))));
  // An integer rounds once from its exact value: 2^113 + 1 is a tie, to
  // even; 2^113 + 3 rounds up; 10^5000 overflows to an infinity.
  EXPECT_TRUE(isConst(makeConst(DType::Float128, intConst(pow2(113) + 1)),
                      Const(q128(quadBits(0x4070000000000000ULL, 0)))));
  EXPECT_TRUE(isConst(makeConst(DType::Float128, intConst(pow2(113) + 3)),
                      Const(q128(quadBits(0x4070000000000000ULL, 2)))));
  EXPECT_TRUE(isConst(makeConst(DType::Float128, intConst(-tenTo(5000))),
                      Const(q128(APFloat::getInf(APFloat::IEEEquad(), true)))));
  // NaNs: the payload moves to the top of the fraction; const keeps a
  // signalling NaN signalling, truncate quiets it.
  Value sNaN = fbits(0x7ff0000000000001ULL);
  EXPECT_TRUE(isConst(
      makeConst(DType::Float128, Const(sNaN)),
      Const(q128(quadBits(0x7fff000000000000ULL, 0x1000000000000000ULL)))));
  EXPECT_TRUE(is(truncate(DType::Float128, sNaN),
                 q128(quadBits(0x7fff800000000000ULL, 0x1000000000000000ULL))));
  EXPECT_TRUE(is(truncate(DType::Float128, fbits(0xfff8000000000000ULL)),
                 q128(quadBits(0xffff800000000000ULL, 0))));
  // A complex value gives its real part.
  EXPECT_TRUE(isConst(makeConst(DType::Float128, Const(c128(-2.5, 7))),
                      Const(q128(quad(-2.5)))));
  // A Float128 is itself, a signalling NaN too; truncate quiets that.
  APFloat qs = quadBits(0x7fff000000000000ULL, 5);
  EXPECT_TRUE(
      isConst(makeConst(DType::Float128, Const(q128(qs))), Const(q128(qs))));
  EXPECT_TRUE(is(truncate(DType::Float128, q128(qs)),
                 q128(quadBits(0x7fff800000000000ULL, 5))));
}

//===----------------------------------------------------------------------===//
// From Float128 into the other types
//===----------------------------------------------------------------------===//

// Into a narrower float the binary128 value rounds once: 1 + 2^-24 + 2^-60
// is above the f32 tie and rounds up, where going through the double
// (1 + 2^-24, a tie) would round to 1.
TEST(ExtensionCast, FromFloat128RoundsOnce) {
  APFloat x = quad(1);
  x.add(quad(0x1p-24), APFloat::rmNearestTiesToEven);
  x.add(quad(0x1p-60), APFloat::rmNearestTiesToEven);
  EXPECT_TRUE(isConst(makeConst(DType::Float32, Const(q128(x))),
                      Const::ofDouble(1.0 + 0x1p-23)));
  EXPECT_TRUE(isConst(makeConst(DType::Float64, Const(q128(x))),
                      Const::ofDouble(1.0 + 0x1p-24)));
  EXPECT_TRUE(isConst(makeConst(DType::WeakFloat, Const(q128(x))),
                      Const::ofDouble(1.0 + 0x1p-24)));
  // Overflow: an infinity in 16 bits or more, the largest finite value in
  // 8 bits; an infinity is the NaN of a format without one.
  APFloat big = quad(0x1p1000);
  EXPECT_TRUE(isConst(
      makeConst(DType::Float64,
                Const(q128(scalbn(big, 100, APFloat::rmNearestTiesToEven)))),
      Const::ofDouble(HUGE_VAL)));
  EXPECT_TRUE(isConst(makeConst(DType::Fp8e4m3, Const(q128(big))),
                      Const::ofDouble(448)));
  EXPECT_TRUE(isConst(
      makeConst(DType::Fp8e4m3,
                Const(q128(APFloat::getInf(APFloat::IEEEquad(), true)))),
      Const::ofFloat(nan())));
  EXPECT_TRUE(isConst(makeConst(DType::Fp8e4m3fnuz, Const(q128(quad(-0.0)))),
                      Const::ofDouble(0.0)));
  // A NaN keeps its sign and the top of its payload.
  APFloat n = quadBits(0xffff123456789abcULL, 0xdef0000000000001ULL);
  EXPECT_TRUE(isConst(makeConst(DType::Float64, Const(q128(n))),
                      Const::ofFloat(Float::ofBits(0xfff123456789abcdULL))));
  EXPECT_TRUE(
      is(truncate(DType::Float32, q128(n)), fbits(0xfff9234560000000ULL)));
  // Payload only below f64's fraction: const keeps it a signalling NaN.
  EXPECT_TRUE(
      isConst(makeConst(DType::Float64,
                        Const(q128(quadBits(0x7fff000000000000ULL, 1)))),
              Const::ofFloat(Float::ofBits(0x7ff0000000000001ULL))));
}

TEST(ExtensionCast, Float128IntoIntegersAndBool) {
  EXPECT_TRUE(
      isConst(makeConst(DType::Int32, Const(q128(quad(-2.75)))), intConst(-2)));
  // Rounded towards zero exactly, then wrapped: 2^40 + 0.5 is 2^40, 0 in
  // 32 bits; 2^113 - 1 keeps every bit.
  APFloat x = quad(0x1p40);
  x.add(quad(0.5), APFloat::rmNearestTiesToEven);
  EXPECT_TRUE(isConst(makeConst(DType::Int32, Const(q128(x))), intConst(0)));
  APFloat m = quadBits(0x406fffffffffffffULL, 0xffffffffffffffffULL);
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, Const(q128(m))),
                      intConst(pow2(113) - 1)));
  EXPECT_TRUE(isConst(makeConst(DType::Uint64, Const(q128(m))),
                      intConst(pow2(64) - 1)));
  // The largest binary128 number is an integer of 16384 bits.
  APFloat largest = APFloat::getLargest(APFloat::IEEEquad());
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, Const(q128(largest))),
                      intConst((pow2(113) - 1) * pow2(16383 - 112))));
  // NaN is 0 and the infinities the bounds; WeakInt takes neither.
  EXPECT_TRUE(isConst(
      makeConst(DType::Int8, Const(q128(APFloat::getNaN(APFloat::IEEEquad())))),
      intConst(0)));
  EXPECT_TRUE(isConst(makeConst(DType::Int8, Const(q128(APFloat::getInf(
                                                 APFloat::IEEEquad(), true)))),
                      intConst(-128)));
  EXPECT_TRUE(
      fails(makeConst(DType::WeakInt,
                      Const(q128(APFloat::getInf(APFloat::IEEEquad())))),
            {"const", "inf", "weakint"}));
  EXPECT_TRUE(isConst(makeConst(DType::Bool, Const(q128(quad(-0.0)))),
                      Const::ofBool(false)));
  EXPECT_TRUE(isConst(makeConst(DType::Bool, Const(q128(quad(0x1p-1000)))),
                      Const::ofBool(true)));
  EXPECT_TRUE(fails(truncate(DType::Int16, q128(quad(1))),
                    {"truncate", "the float", "1.0", "i16"}));
}

//===----------------------------------------------------------------------===//
// Complex types
//===----------------------------------------------------------------------===//

TEST(ExtensionCast, RealIntoComplexIsXPlusZero) {
  EXPECT_TRUE(isConst(makeConst(DType::Complex64, Const::ofDouble(-2)),
                      Const(c64(0xc0000000, 0))));
  EXPECT_TRUE(isConst(makeConst(DType::Complex128, Const::ofDouble(-0.0)),
                      Const(c128(-0.0, 0.0))));
  EXPECT_TRUE(isConst(makeConst(DType::Complex64, Const::ofBool(true)),
                      Const(c64(0x3f800000, 0))));
  // Each part rounds as its component type rounds it.
  EXPECT_TRUE(isConst(makeConst(DType::Complex64, intConst(16777217)),
                      Const(c64(0x4b800000, 0))));
  EXPECT_TRUE(isConst(makeConst(DType::Complex64, Const::ofDouble(1e300)),
                      Const(c64(0x7f800000, 0))));
  EXPECT_TRUE(isConst(makeConst(DType::Complex256, Const(q128(quad(3)))),
                      Const(Value::ofComplex(quad(3), quad(0)))));
  EXPECT_TRUE(is(truncate(DType::Complex128, ival(-7)), c128(-7, 0)));
  // A weak float's NaN, signalling: kept by const, quieted by truncate.
  EXPECT_TRUE(
      isConst(makeConst(DType::Complex64, Const(fbits(0x7ff4000000000000ULL))),
              Const(c64(0x7fa00000, 0))));
  EXPECT_TRUE(is(truncate(DType::Complex64, fbits(0x7ff4000000000000ULL)),
                 c64(0x7fe00000, 0)));
}

TEST(ExtensionCast, ComplexIntoComplexPerComponent) {
  EXPECT_TRUE(isConst(makeConst(DType::Complex64, Const(c128(0.1, -0.1))),
                      Const(c64(0x3dcccccd, 0xbdcccccd))));
  EXPECT_TRUE(isConst(makeConst(DType::Complex128, Const(c64(0x3dcccccd, 0))),
                      Const(c128(static_cast<double>(0.1f), 0))));
  EXPECT_TRUE(isConst(makeConst(DType::Complex256, Const(c128(0.1, -0.0))),
                      Const(Value::ofComplex(quad(0.1), quad(-0.0)))));
  // A signalling NaN component stays one under const.
  Value withSNaN = Value::ofComplex(
      f64(1), APFloat(APFloat::IEEEdouble(), APInt(64, 0x7ff0000000000001ULL)));
  EXPECT_TRUE(isConst(makeConst(DType::Complex64, Const(withSNaN)),
                      Const(c64(0x3f800000, 0x7f800001))));
  EXPECT_TRUE(
      is(truncate(DType::Complex64, withSNaN), c64(0x3f800000, 0x7fc00000)));
}

TEST(ExtensionCast, ComplexIntoRealKeepsTheRealPart) {
  Value z = c128(300.75, -5);
  EXPECT_TRUE(
      isConst(makeConst(DType::Float64, Const(z)), Const::ofDouble(300.75)));
  EXPECT_TRUE(
      isConst(makeConst(DType::Float16, Const(z)), Const::ofDouble(300.75)));
  EXPECT_TRUE(is(truncate(DType::Float32, z), fval(300.75)));
  // An integer through the real part: towards zero, then wrapped.
  EXPECT_TRUE(isConst(makeConst(DType::Int8, Const(z)), intConst(44)));
  EXPECT_TRUE(isConst(makeConst(DType::WeakInt, Const(z)), intConst(300)));
  EXPECT_TRUE(
      isConst(makeConst(DType::Uint8, Const(c64(0x7fc00000, 0))), intConst(0)));
  EXPECT_TRUE(fails(makeConst(DType::WeakInt, Const(c64(0x7fc00000, 0))),
                    {"const", "(nan, 0.0)", "weakint"}));
  EXPECT_TRUE(fails(truncate(DType::Int32, z),
                    {"truncate", "the complex", "(300.75, -5.0)", "i32"}));
  // Bool: either part nonzero, as C converts a complex number to _Bool.
  EXPECT_TRUE(isConst(makeConst(DType::Bool, Const(c128(0, -0.0))),
                      Const::ofBool(false)));
  EXPECT_TRUE(isConst(makeConst(DType::Bool, Const(c128(0, 1e-300))),
                      Const::ofBool(true)));
  EXPECT_TRUE(isConst(makeConst(DType::Bool, Const(c64(0x7fc00000, 0))),
                      Const::ofBool(true)));
  EXPECT_TRUE(is(truncate(DType::Bool, c128(-0.0, 0)), bval(false)));
  // A complex256's real part into f32 rounds once from binary128.
  APFloat x = quad(1);
  x.add(quad(0x1p-24), APFloat::rmNearestTiesToEven);
  x.add(quad(0x1p-60), APFloat::rmNearestTiesToEven);
  EXPECT_TRUE(
      isConst(makeConst(DType::Float32, Const(Value::ofComplex(x, quad(2)))),
              Const::ofDouble(1.0 + 0x1p-23)));
}

//===----------------------------------------------------------------------===//
// Storage and bitcast
//===----------------------------------------------------------------------===//

TEST(ExtensionStorage, LittleEndianRealFirst) {
  EXPECT_EQ(
      llvm::cantFail(toBits(DType::Complex64, c64(0x3fc00000, 0xc0000000))),
      APInt(64, 0xc00000003fc00000ULL));
  EXPECT_EQ(llvm::cantFail(toBits(DType::Complex128, c128(1.0, -0.0))),
            APInt(128, {0x3ff0000000000000ULL, 0x8000000000000000ULL}));
  // A real value is stored as (x, +0.0), as struct.pack('F', x) stores it.
  EXPECT_EQ(llvm::cantFail(toBits(DType::Complex64, fval(1.5))),
            APInt(64, 0x3fc00000ULL));
  EXPECT_EQ(llvm::cantFail(toBits(DType::Float128, q128(quad(-1)))),
            APInt(128, {0, 0xbfff000000000000ULL}));
  EXPECT_EQ(llvm::cantFail(toBits(DType::Float128, fval(0.1))),
            APInt(128, {0xa000000000000000ULL, 0x3ffb999999999999ULL}));
  APInt c256 = llvm::cantFail(
      toBits(DType::Complex256, Value::ofComplex(quad(1), quad(-1))));
  EXPECT_EQ(c256.extractBits(128, 0), APInt(128, {0, 0x3fff000000000000ULL}));
  EXPECT_EQ(c256.extractBits(128, 128), APInt(128, {0, 0xbfff000000000000ULL}));
  // Storage scalars: the value itself.
  EXPECT_TRUE(is(toStorageScalar(DType::Complex64, c64(1, 2)), c64(1, 2)));
  EXPECT_TRUE(
      is(fromStorageScalar(DType::Float128, q128(quad(2))), q128(quad(2))));
}

TEST(ExtensionStorage, OutOfRangeIsAnError) {
  // As struct.pack('f') and 'd' raise for a finite value that does not fit.
  EXPECT_TRUE(fails(toBits(DType::Complex64, fval(1e300)),
                    {"bitcast", "1e+300", "f32"}));
  EXPECT_TRUE(
      fails(toBits(DType::Complex64, c128(1, -1e300)), {"bitcast", "f32"}));
  EXPECT_TRUE(fails(toBits(DType::Float128, ival(tenTo(5000))),
                    {"bitcast", "out of the range", "f128"}));
  EXPECT_TRUE(
      fails(fromBits(DType::Complex64, APInt(32, 0)), {"c64", "64", "32"}));
  // Infinities and NaNs are stored as they are.
  EXPECT_EQ(llvm::cantFail(toBits(DType::Complex64, fval(-HUGE_VAL))),
            APInt(64, 0xff800000ULL));
}

// "bitcast d1 d0 (bitcast d0 d1 c) = c": every pair of types of one
// itemsize, the new ones among them, over random bit patterns (NaNs of every
// payload, signalling ones, subnormals) and the corners.
TEST(ExtensionStorage, BitcastRoundTripsEveryPattern) {
  const std::vector<std::vector<DType>> groups = {
      {DType::Complex64, DType::Int64, DType::Uint64, DType::Float64},
      {DType::Float128, DType::Complex128},
      {DType::Complex256},
  };
  std::mt19937_64 rng(21);
  for (const std::vector<DType> &g : groups) {
    unsigned width = itemsize(g[0]) * 8;
    std::vector<APInt> patterns;
    for (int i = 0; i < 4000; ++i) {
      llvm::SmallVector<uint64_t, 4> words;
      for (unsigned w = 0; w < width / 64; ++w)
        words.push_back(rng());
      patterns.emplace_back(width, words);
    }
    patterns.push_back(APInt::getZero(width));
    patterns.push_back(APInt::getAllOnes(width));
    patterns.push_back(APInt::getSignedMaxValue(width));
    patterns.push_back(APInt::getSignedMinValue(width));
    for (DType d0 : g)
      for (DType d1 : g) {
        SCOPED_TRACE(toString(d0) + " -> " + toString(d1));
        int failures = 0;
        for (const APInt &p : patterns) {
          Value v = llvm::cantFail(fromBits(d0, p));
          ASSERT_EQ(llvm::cantFail(toBits(d0, v)), p);
          llvm::Expected<Value> there = bitcast(d0, d1, v);
          ASSERT_TRUE(static_cast<bool>(there));
          if (!is(bitcast(d1, d0, *there), v)) {
            ADD_FAILURE() << "pattern 0x" << llvm::toString(p, 16, false);
            if (++failures > 3)
              break;
          }
        }
      }
  }
  EXPECT_TRUE(fails(bitcast(DType::Complex64, DType::Complex128, c64(0, 0)),
                    {"c64", "c128", "itemsize"}));
  // The storage helpers have no storage to bitcast, as before.
  EXPECT_TRUE(fails(
      bitcast(DType::Float128, DType::Uint128, Value::ofFloat128(quad(1))),
      {"_uint128", "no storage"}));
}

//===----------------------------------------------------------------------===//
// isfinite, bounds, equality, literals
//===----------------------------------------------------------------------===//

TEST(ExtensionValues, IsFinite) {
  const APFloat qInf = APFloat::getInf(APFloat::IEEEquad());
  const APFloat qNaN = APFloat::getNaN(APFloat::IEEEquad());
  struct {
    Const c;
    bool finite;
  } rows[] = {
      {Const::ofBool(true), true},
      {intConst(tenTo(400)), true},
      {Const::ofDouble(1e308), true},
      {Const::ofDouble(-HUGE_VAL), false},
      {Const::ofFloat(nan()), false},
      {Const(q128(APFloat::getLargest(APFloat::IEEEquad()))), true},
      {Const(q128(qInf)), false},
      {Const(q128(qNaN)), false},
      {Const(c64(0x7f7fffff, 0x00000001)), true},
      {Const(c64(0, 0x7f800000)), false},
      {Const(c64(0x7fc00000, 0)), false},
      {Const(Value::ofComplex(quad(1), qInf)), false},
      {Const(Value::ofComplex(quad(1), quad(-0.0))), true},
  };
  for (const auto &r : rows)
    EXPECT_TRUE(isConst(isFinite(r.c), Const::ofBool(r.finite))) << show(r.c);
  EXPECT_TRUE(isConst(isFinite(Const::invalid()), Const::invalid()));
}

TEST(ExtensionValues, EqualityAndHashByBits) {
  // The same numbers in different formats, or signed zeros, differ.
  EXPECT_NE(Const(c64(0x3f800000, 0)), Const(c128(1, 0)));
  EXPECT_NE(Const(c128(0, 0)), Const(c128(0, -0.0)));
  EXPECT_NE(Const(q128(quad(1))), Const::ofDouble(1));
  EXPECT_EQ(Const(c128(1, 2)), Const(c128(1, 2)));
  EXPECT_EQ(hashConst(Const(c128(1, 2))), hashConst(Const(c128(1, 2))));
  EXPECT_EQ(Const(q128(quad(0.1))), Const(q128(quad(0.1))));
  EXPECT_EQ(hashConst(Const(q128(quad(0.1)))),
            hashConst(Const(q128(quad(0.1)))));
  EXPECT_NE(hashConst(Const(c128(1, 2))), hashConst(Const(c128(2, 1))));
}

TEST(ExtensionValues, LiteralTypes) {
  EXPECT_EQ(ofConst(Const(q128(quad(1)))), DType::Float128);
  EXPECT_EQ(ofConst(Const(c64(0, 0))), DType::Complex64);
  EXPECT_EQ(ofConst(Const(c128(0, 0))), DType::Complex128);
  EXPECT_EQ(ofConst(Const(Value::ofComplex(quad(0), quad(0)))),
            DType::Complex256);
  std::vector<Const> cs = {intConst(1), Const::ofDouble(2), Const(c64(0, 0))};
  EXPECT_EQ(llvm::cantFail(ofConsts(cs)), DType::Complex64);
  EXPECT_EQ(min(DType::Float128).getFloat().bits, bitsOf(-HUGE_VAL));
  EXPECT_EQ(max(DType::Float128).getFloat().bits, bitsOf(HUGE_VAL));
}

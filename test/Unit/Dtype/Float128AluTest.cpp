//===- Float128AluTest.cpp - The folder on binary128 ----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// evalAlu on Float128: add, mul, reciprocal, the comparisons, max, trunc and
// sqrt by their bits. sqrt is checked to be correctly rounded with exact
// rational arithmetic; where the compiler has __float128 (whose arithmetic
// is the soft-float library that compiled binary128 code calls) the
// arithmetic is compared with it, and on glibc sqrt with its sqrtf128. exp2,
// log2 and pow are refused.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Alu.h"

#include "TestUtil.h"

#include "tolk/Dtype/Cast.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <random>

using namespace tolk::dtype;
using namespace tolk::dtype::test;
using llvm::APFloat;
using llvm::APInt;

namespace {

const llvm::fltSemantics &kQuad = APFloat::IEEEquad();

APFloat quad(double d) {
  APFloat q(d);
  bool loses;
  q.convert(kQuad, APFloat::rmNearestTiesToEven, &loses);
  return q;
}
APFloat quadBits(uint64_t hi, uint64_t lo) {
  return APFloat(kQuad, APInt(128, {lo, hi}));
}
Const Q(APFloat q) { return Const(Value::ofFloat128(std::move(q))); }
Const Q(double d) { return Q(quad(d)); }

llvm::Expected<Const> ev(AluOp op, std::vector<Const> operands) {
  return evalAlu(op, DType::Float128, operands);
}
APFloat get(llvm::Expected<Const> c) {
  EXPECT_TRUE(static_cast<bool>(c));
  if (!c) {
    llvm::consumeError(c.takeError());
    return APFloat::getZero(kQuad);
  }
  return c->value().getFloat128();
}

/// The exact value of a finite binary128 number.
mpq_class exact(const APFloat &x) {
  APInt bits = x.bitcastToAPInt();
  unsigned biased = static_cast<unsigned>(bits.extractBitsAsZExtValue(15, 112));
  APInt m = bits.trunc(112).zext(113);
  if (biased != 0)
    m.setBit(112);
  long e = (biased == 0 ? 1L : long(biased)) - 16383 - 112;
  mpq_class r(mpzFromAPInt(m, false));
  if (e >= 0)
    mpq_mul_2exp(r.get_mpq_t(), r.get_mpq_t(), e);
  else
    mpq_div_2exp(r.get_mpq_t(), r.get_mpq_t(), -e);
  return x.isNegative() ? mpq_class(-r) : r;
}

/// Random finite positive binary128 numbers of every exponent, subnormals
/// included.
std::vector<APFloat> positives(unsigned n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<APFloat> r;
  for (unsigned i = 0; i < n; ++i) {
    uint64_t hi = rng(), lo = rng();
    uint64_t exp = i % 7 == 0 ? 0 : rng() % 0x7fff; // Some subnormals.
    hi = (hi & 0x0000ffffffffffffULL) | (exp << 48);
    r.push_back(quadBits(hi, lo));
  }
  return r;
}

#if defined(__SIZEOF_FLOAT128__)
__float128 toF128(const APFloat &x) {
  APInt bits = x.bitcastToAPInt();
  uint64_t words[2] = {bits.extractBitsAsZExtValue(64, 0),
                       bits.extractBitsAsZExtValue(64, 64)};
  __float128 f;
  std::memcpy(&f, words, 16);
  return f;
}
APFloat fromF128(__float128 f) {
  uint64_t words[2];
  std::memcpy(words, &f, 16);
  return quadBits(words[1], words[0]);
}
#endif

::testing::AssertionResult sameBits(const APFloat &got, const APFloat &want) {
  if (got.isNaN() && want.isNaN())
    return ::testing::AssertionSuccess();
  if (got.bitcastToAPInt() == want.bitcastToAPInt())
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got " << formatFloat128(got) << ", want " << formatFloat128(want);
}

} // namespace

TEST(Float128AluTest, ArithmeticCorners) {
  // 0.1 + 0.2 in binary128 is not 0.3, nor the double's sum.
  APFloat a =
      llvm::cantFail(parseConst("0.1", DType::Float128)).value().getFloat128();
  APFloat b =
      llvm::cantFail(parseConst("0.2", DType::Float128)).value().getFloat128();
  EXPECT_EQ(formatFloat128(get(ev(AluOp::Add, {Q(a), Q(b)}))),
            "0.30000000000000000000000000000000004");
  EXPECT_TRUE(sameBits(get(ev(AluOp::Add, {Q(-0.0), Q(-0.0)})), quad(-0.0)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Add, {Q(0.0), Q(-0.0)})), quad(0.0)));
  // inf - inf and 0 * inf make the positive quiet NaN with no payload.
  EXPECT_TRUE(
      get(ev(AluOp::Add, {Q(HUGE_VAL), Q(-HUGE_VAL)})).bitcastToAPInt() ==
      APFloat::getQNaN(kQuad).bitcastToAPInt());
  EXPECT_TRUE(get(ev(AluOp::Mul, {Q(0.0), Q(-HUGE_VAL)})).bitcastToAPInt() ==
              APFloat::getQNaN(kQuad).bitcastToAPInt());
  // A NaN operand gives the first NaN quieted, its payload and sign kept.
  APFloat sNaN = quadBits(0xffff000000000000ULL, 9);
  EXPECT_TRUE(get(ev(AluOp::Mul, {Q(1.0), Q(sNaN)})).bitcastToAPInt() ==
              quadBits(0xffff800000000000ULL, 9).bitcastToAPInt());
  // Overflow is an infinity, underflow keeps subnormals.
  APFloat big = APFloat::getLargest(kQuad);
  EXPECT_TRUE(
      sameBits(get(ev(AluOp::Add, {Q(big), Q(big)})), APFloat::getInf(kQuad)));
  APFloat tiny = APFloat::getSmallest(kQuad);
  EXPECT_TRUE(sameBits(get(ev(AluOp::Mul, {Q(tiny), Q(0.5)})), quad(0.0)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Mul, {Q(tiny), Q(3.0)})), quadBits(0, 3)));
  EXPECT_TRUE(
      sameBits(get(ev(AluOp::Recip, {Q(-0.0)})), APFloat::getInf(kQuad, true)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Recip, {Q(4.0)})), quad(0.25)));
}

TEST(Float128AluTest, ComparisonsMaxTrunc) {
  APFloat nan = APFloat::getNaN(kQuad);
  EXPECT_TRUE(
      isConst(ev(AluOp::CmpLt, {Q(-0.0), Q(0.0)}), Const::ofBool(false)));
  EXPECT_TRUE(
      isConst(ev(AluOp::CmpEq, {Q(-0.0), Q(0.0)}), Const::ofBool(true)));
  EXPECT_TRUE(
      isConst(ev(AluOp::CmpEq, {Q(nan), Q(nan)}), Const::ofBool(false)));
  EXPECT_TRUE(
      isConst(ev(AluOp::CmpLt, {Q(nan), Q(1.0)}), Const::ofBool(false)));
  // 1 and 1 + 2^-112 differ only in binary128.
  APFloat next = quad(1);
  next.next(/*nextDown=*/false);
  EXPECT_TRUE(
      isConst(ev(AluOp::CmpLt, {Q(1.0), Q(next)}), Const::ofBool(true)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Max, {Q(next), Q(1.0)})), next));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Max, {Q(nan), Q(-3.0)})), quad(-3.0)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Max, {Q(-0.0), Q(0.0)})), quad(0.0)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Max, {Q(0.0), Q(-0.0)})), quad(0.0)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Trunc, {Q(-2.75)})), quad(-2.0)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Trunc, {Q(-0.5)})), quad(-0.0)));
  APFloat half = quad(0x1p100);
  half.add(quad(0.5), APFloat::rmNearestTiesToEven); // Not exact: 2^100.
  EXPECT_TRUE(sameBits(get(ev(AluOp::Trunc, {Q(half)})), quad(0x1p100)));
  APFloat frac = quad(0x1p60);
  frac.add(quad(0.75), APFloat::rmNearestTiesToEven); // Exact in binary128.
  EXPECT_TRUE(sameBits(get(ev(AluOp::Trunc, {Q(frac)})), quad(0x1p60)));
  EXPECT_TRUE(
      isConst(ev(AluOp::Where, {Const::ofBool(true), Q(1.0), Q(2.0)}), Q(1.0)));
  EXPECT_TRUE(
      isConst(ev(AluOp::Add, {Q(1.0), Const::invalid()}), Const::invalid()));
}

TEST(Float128AluTest, SqrtCorners) {
  EXPECT_TRUE(sameBits(get(ev(AluOp::Sqrt, {Q(-0.0)})), quad(-0.0)));
  EXPECT_TRUE(
      sameBits(get(ev(AluOp::Sqrt, {Q(HUGE_VAL)})), APFloat::getInf(kQuad)));
  EXPECT_TRUE(get(ev(AluOp::Sqrt, {Q(-1.0)})).bitcastToAPInt() ==
              APFloat::getQNaN(kQuad).bitcastToAPInt());
  EXPECT_TRUE(get(ev(AluOp::Sqrt, {Q(-HUGE_VAL)})).isNaN());
  EXPECT_TRUE(sameBits(get(ev(AluOp::Sqrt, {Q(2.25)})), quad(1.5)));
  EXPECT_TRUE(sameBits(get(ev(AluOp::Sqrt, {Q(APFloat::getSmallest(kQuad))})),
                       scalbn(quad(1), -8247, APFloat::rmNearestTiesToEven)));
  EXPECT_EQ(formatFloat128(get(ev(AluOp::Sqrt, {Q(2.0)}))),
            "1.414213562373095048801688724209698");
}

// sqrt is correctly rounded: its result r has the exact root between the
// midpoints to its neighbours (never on one: a midpoint's square has too
// many bits to be a binary128 number).
TEST(Float128AluTest, SqrtIsCorrectlyRounded) {
  for (const APFloat &x : positives(3000, 11)) {
    APFloat r = get(ev(AluOp::Sqrt, {Q(x)}));
    APFloat below = r, above = r;
    below.next(/*nextDown=*/true);
    above.next(/*nextDown=*/false);
    mpq_class lo = (exact(below) + exact(r)) / 2;
    mpq_class hi = (exact(r) + exact(above)) / 2;
    mpq_class ex = exact(x);
    ASSERT_TRUE(lo * lo < ex && ex < hi * hi) << formatFloat128(x);
  }
}

#if defined(__SIZEOF_FLOAT128__)
// The soft-float arithmetic compiled binary128 code calls gives the same
// bits, for random operands of every exponent and sign.
TEST(Float128AluTest, ArithmeticIsTheSoftFloatLibrarys) {
  std::vector<APFloat> xs = positives(2000, 5), ys = positives(2000, 6);
  for (size_t i = 0; i < xs.size(); ++i) {
    APFloat x = xs[i], y = ys[i];
    if (i % 2)
      x.changeSign();
    if (i % 3 == 0) // Nearby exponents too, where cancellation happens.
      y = scalbn(x, static_cast<int>(i % 5) - 2, APFloat::rmNearestTiesToEven);
    __float128 fx = toF128(x), fy = toF128(y);
    EXPECT_TRUE(sameBits(get(ev(AluOp::Add, {Q(x), Q(y)})), fromF128(fx + fy)));
    EXPECT_TRUE(sameBits(get(ev(AluOp::Mul, {Q(x), Q(y)})), fromF128(fx * fy)));
    EXPECT_TRUE(sameBits(get(ev(AluOp::Recip, {Q(y)})), fromF128(1 / fy)));
    EXPECT_TRUE(
        isConst(ev(AluOp::CmpLt, {Q(x), Q(y)}), Const::ofBool(fx < fy)));
  }
}
#endif

#if defined(__SIZEOF_FLOAT128__) && defined(__GLIBC__) && defined(__x86_64__)
extern "C" __float128 sqrtf128(__float128);
// glibc's sqrtf128, the function LLVM calls for a binary128 sqrt on x86-64
// Linux.
TEST(Float128AluTest, SqrtIsGlibcs) {
  for (const APFloat &x : positives(2000, 12))
    EXPECT_TRUE(
        sameBits(get(ev(AluOp::Sqrt, {Q(x)})), fromF128(sqrtf128(toF128(x)))));
}
#endif

TEST(Float128AluTest, Exp2Log2PowAreNotFolded) {
  for (AluOp op : {AluOp::Exp2, AluOp::Log2, AluOp::Pow}) {
    std::vector<Const> args(aluOpArity(op), Q(2.0));
    EXPECT_TRUE(fails(ev(op, args), {std::string(aluOpName(op)), "dtypes.f128",
                                     "not folded in binary128"}));
    EXPECT_FALSE(canFoldAlu(op, DType::Float128, args));
  }
  EXPECT_TRUE(fails(ev(AluOp::Add, {Q(1.0), Const::ofDouble(1)}),
                    {"add", "operand 1", "a Float", "dtypes.f128"}));
  for (AluOp op : {AluOp::And, AluOp::Shl, AluOp::Neg})
    EXPECT_TRUE(
        fails(ev(op, std::vector<Const>(aluOpArity(op), Q(1.0))),
              {std::string(aluOpName(op)), "does not take", "dtypes.f128"}));
}

//===- ExtensionFormatTest.cpp - Printing and reading constants -----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// pp_const of Float128 (the fewest digits that read back in binary128, laid
// out as Python lays out a double) and of complex values ("(re, im)"), and
// parseConst, which reads every printed constant back: exactly, for random
// bit patterns of every type that has storage, but NaNs, which print "nan".
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "tolk/Dtype/Cast.h"

#include "llvm/ADT/SmallVector.h"
#include "gtest/gtest.h"

#include <cmath>
#include <random>

using namespace tolk::dtype;
using namespace tolk::dtype::test;
using llvm::APFloat;
using llvm::APInt;

namespace {

APFloat quad(double d) {
  APFloat q(d);
  bool loses;
  q.convert(APFloat::IEEEquad(), APFloat::rmNearestTiesToEven, &loses);
  return q;
}
APFloat quadOf(const char *s) {
  APFloat q(APFloat::IEEEquad());
  llvm::cantFail(q.convertFromString(s, APFloat::rmNearestTiesToEven));
  return q;
}
std::string pp(const Value &v) { return ppConst(Const(v)); }

} // namespace

TEST(ExtensionFormat, Float128AsPythonLaysOutADouble) {
  struct {
    APFloat q;
    const char *text;
  } rows[] = {
      {quad(1.5), "1.5"},
      {quad(-0.0), "-0.0"},
      {quad(0.0), "0.0"},
      {quad(12345), "12345.0"},
      {quad(1e16), "1e+16"},
      {quadOf("0.1"), "0.1"},
      {quadOf("1e-5"), "1e-05"},
      {quadOf("0.0001"), "0.0001"},
      // The double 0.1 is no short binary128 number.
      {quad(0.1), "0.1000000000000000055511151231257827"},
      {APFloat::getSmallest(APFloat::IEEEquad()), "6e-4966"},
      {APFloat::getInf(APFloat::IEEEquad(), true), "-inf"},
      {APFloat::getNaN(APFloat::IEEEquad(), true), "nan"},
  };
  for (const auto &r : rows)
    EXPECT_EQ(formatFloat128(r.q), r.text);
  EXPECT_EQ(pp(Value::ofFloat128(quad(2))), "2.0");
}

TEST(ExtensionFormat, ComplexAsAPair) {
  auto f32 = [](float x) { return APFloat(x); };
  EXPECT_EQ(pp(Value::ofComplex(f32(1.5f), f32(-2.0f))), "(1.5, -2.0)");
  // An f32 component prints as the double that holds it, as an f32
  // constant does.
  EXPECT_EQ(pp(Value::ofComplex(f32(0.1f), f32(0))),
            "(0.10000000149011612, 0.0)");
  EXPECT_EQ(pp(Value::ofComplex(APFloat(std::nan("")), APFloat(-HUGE_VAL))),
            "(nan, -inf)");
  EXPECT_EQ(pp(Value::ofComplex(quadOf("0.1"), quad(-0.0))), "(0.1, -0.0)");
}

// Every constant reads back as itself: random patterns of every type, and
// the corners (signed zeros, infinities, subnormals, the largest values).
TEST(ExtensionFormat, EveryConstantReadsBack) {
  std::mt19937_64 rng(4);
  std::vector<DType> types = {
      DType::Float128, DType::Complex64, DType::Complex128, DType::Complex256,
      DType::Float16,  DType::Bfloat16,  DType::Float32,    DType::Float64,
      DType::Fp8e4m3,  DType::Int64,     DType::Uint8,      DType::Bool};
  for (DType dt : types) {
    unsigned width = itemsize(dt) * 8;
    int failures = 0;
    for (int i = 0; i < 600 && failures < 5; ++i) {
      llvm::SmallVector<uint64_t, 4> words;
      for (unsigned w = 0; w < (width + 63) / 64; ++w)
        words.push_back(rng());
      APInt bits(width, words);
      if (i < 8) // Corners: zeros, ones, the top and the sign bits.
        bits = i == 0   ? APInt::getZero(width)
               : i == 1 ? APInt::getSignedMinValue(width)
               : i == 2 ? APInt::getAllOnes(width).lshr(1)
                        : APInt::getOneBitSet(width, i - 3);
      if (dt == DType::Bool)
        bits = APInt(1, i % 2).zext(width);
      llvm::Expected<Value> v = fromBits(dt, bits);
      ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
      if (!isFinite(Const(*v)).value().getBool()) {
        // Infinities read back; NaNs print "nan" without their payload.
        bool nan = v->isFloat() ? v->getFloat().isNaN()
                   : v->isFloat128()
                       ? v->getFloat128().isNaN()
                       : v->isComplex() && (v->getComplex().re.isNaN() ||
                                            v->getComplex().im.isNaN());
        if (nan)
          continue;
      }
      std::string text = pp(*v);
      llvm::Expected<Const> back = parseConst(text, dt);
      if (!isConst(std::move(back), Const(*v))) {
        ADD_FAILURE() << toString(dt) << " " << text << " " << show(*v);
        ++failures;
      }
    }
  }
}

TEST(ExtensionFormat, ParseConstForms) {
  EXPECT_TRUE(
      isConst(parseConst("Invalid", DType::Complex64), Const::invalid()));
  EXPECT_TRUE(isConst(parseConst(" (1.5,-2.0) ", DType::Complex64),
                      Const(Value::ofComplex(APFloat(1.5f), APFloat(-2.0f)))));
  // A real literal is (x, +0.0) in a complex type.
  EXPECT_TRUE(isConst(parseConst("3", DType::Complex128),
                      Const(Value::ofComplex(APFloat(3.0), APFloat(0.0)))));
  EXPECT_TRUE(isConst(
      parseConst("(nan, -inf)", DType::Complex128),
      Const(Value::ofComplex(APFloat(std::nan("")), APFloat(-HUGE_VAL)))));
  // Float128 text is read in binary128, not through a double.
  EXPECT_TRUE(isConst(parseConst("0.1", DType::Float128),
                      Const(Value::ofFloat128(quadOf("0.1")))));
  EXPECT_TRUE(
      isConst(parseConst("(0.1, 1e-4000)", DType::Complex256),
              Const(Value::ofComplex(quadOf("0.1"), quadOf("1e-4000")))));
  // The twenty data types as makeConst makes the literal's value.
  EXPECT_TRUE(isConst(parseConst("300", DType::Int8), intConst(44)));
  EXPECT_TRUE(isConst(parseConst("True", DType::Bool), Const::ofBool(true)));
  EXPECT_TRUE(
      isConst(parseConst("-1e-05", DType::Float64), Const::ofDouble(-1e-05)));
  EXPECT_TRUE(
      isConst(parseConst("nan", DType::Float32), Const::ofFloat(nan())));
  for (auto [text, dt] : std::initializer_list<std::pair<const char *, DType>>{
           {"", DType::Float32},
           {"abc", DType::Float32},
           {"(1.5 -2.0)", DType::Complex64},
           {"(1, 2, 3)", DType::Complex64},
           {"(1, 2", DType::Complex64},
           {"(1, 2)", DType::Float64},
           {"1.5.2", DType::Float64},
       }) {
    llvm::Expected<Const> c = parseConst(text, dt);
    EXPECT_TRUE(fails(std::move(c), {"is no literal of", toString(dt)}))
        << text;
  }
  // makeConst's errors come through.
  EXPECT_TRUE(fails(parseConst("inf", DType::WeakInt), {"weakint"}));
}

//===- AluTest.cpp - One lane of a primitive elementwise op ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// evalAlu, the constant folder's core: tables over the data types for each op,
// at the corners docs/Semantics.md defines (integer wrap, 8-bit saturation, NaN
// payloads, fnuz zeros) and the ones Tolk chooses (max with NaN and ±0, shift
// counts past the width, division by zero). Floats are compared by their bits;
// only exp2 and log2 are compared with the same libm call.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Alu.h"

#include "TestUtil.h"

#include "tolk/Dtype/Cast.h"

#include "gtest/gtest.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace tolk::dtype;
using namespace tolk::dtype::test;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr uint64_t kNaN = 0x7ff8000000000000ULL; // nan()
constexpr uint64_t kNegZero = 0x8000000000000000ULL;

::testing::AssertionResult isBits(llvm::Expected<Const> got, uint64_t bits) {
  return isConst(std::move(got), Const::ofFloat(Float::ofBits(bits)));
}
::testing::AssertionResult isF(llvm::Expected<Const> got, double d) {
  return isBits(std::move(got), bitsOf(d));
}
::testing::AssertionResult isI(llvm::Expected<Const> got, const mpz_class &i) {
  return isConst(std::move(got), intConst(i));
}
::testing::AssertionResult isB(llvm::Expected<Const> got, bool b) {
  return isConst(std::move(got), Const::ofBool(b));
}
::testing::AssertionResult isInvalid(llvm::Expected<Const> got) {
  return isConst(std::move(got), Const::invalid());
}

/// The constant of dt that the literal c gives (docs/Semantics.md#const).
Const k(DType dt, const Const &c) { return llvm::cantFail(makeConst(dt, c)); }
Const kd(DType dt, double d) { return k(dt, Const::ofDouble(d)); }
Const ki(DType dt, const mpz_class &i) { return k(dt, intConst(i)); }
Const kbits(DType dt, uint64_t bits) {
  return k(dt, Const::ofFloat(Float::ofBits(bits)));
}
Const B(bool b) { return Const::ofBool(b); }
Const I(const mpz_class &i) { return intConst(i); }
Const F(double d) { return Const::ofDouble(d); }
Const FB(uint64_t bits) { return Const::ofFloat(Float::ofBits(bits)); }

llvm::Expected<Const> ev(AluOp op, DType dt, std::vector<Const> operands) {
  return evalAlu(op, dt, operands);
}

mpz_class intMin(DType dt) {
  return isUnsigned(dt) ? mpz_class(0) : mpz_class(-pow2(bitsize(dt) - 1));
}
mpz_class intMax(DType dt) {
  return (isUnsigned(dt) ? pow2(bitsize(dt)) : pow2(bitsize(dt) - 1)) - 1;
}

/// The greatest finite value of each float of known width.
double finiteMax(DType dt) {
  switch (dt) {
  case DType::Fp8e4m3:
    return 448;
  case DType::Fp8e5m2:
  case DType::Fp8e5m2fnuz:
    return 57344;
  case DType::Fp8e4m3fnuz:
    return 240;
  case DType::Float16:
    return 65504;
  case DType::Bfloat16:
    return 0x1.fep127;
  case DType::Float32:
    return FLT_MAX;
  default:
    return DBL_MAX;
  }
}

bool hasInf(DType dt) { return !isFp8(dt) || dt == DType::Fp8e5m2; }

/// The NaN a float of known width holds for `nanBits` (a double's bits),
/// quieted as a conversion quiets it: the NaN a NaN operand gives.
uint64_t quietIn(DType dt, uint64_t nanBits) {
  return llvm::cantFail(truncate(dt, Value::ofFloat(Float::ofBits(nanBits))))
      .getFloat()
      .bits;
}

const std::vector<AluOp> &allOps() {
  static const std::vector<AluOp> ops = [] {
    std::vector<AluOp> r;
    for (unsigned i = 0; i < kNumAluOps; ++i)
      r.push_back(static_cast<AluOp>(i));
    return r;
  }();
  return ops;
}

// The float types of the tables: every float of known width, and WeakFloat.
std::vector<DType> floatTypes() {
  std::vector<DType> r(floats().begin(), floats().end());
  r.push_back(DType::WeakFloat);
  return r;
}
std::vector<DType> intTypes() {
  std::vector<DType> r(ints().begin(), ints().end());
  r.push_back(DType::WeakInt);
  return r;
}

//===----------------------------------------------------------------------===//
// Names, arity, the types each op takes
//===----------------------------------------------------------------------===//

TEST(AluOpTest, NamesAreTheDialectSpellings) {
  const char *names[] = {"add",        "mul",   "cmplt", "cmpeq", "max",
                         "and",        "or",    "xor",   "shl",   "shr",
                         "reciprocal", "trunc", "sqrt",  "exp2",  "log2",
                         "truncdiv",   "pow",   "where", "neg",   "div"};
  ASSERT_EQ(sizeof(names) / sizeof(names[0]), kNumAluOps);
  for (AluOp op : allOps())
    EXPECT_EQ(aluOpName(op), names[static_cast<unsigned>(op)]);
  EXPECT_EQ(aluOpArity(AluOp::Sqrt), 1u);
  EXPECT_EQ(aluOpArity(AluOp::Pow), 2u);
  EXPECT_EQ(aluOpArity(AluOp::Where), 3u);
}

TEST(AluOpTest, EveryOpTakesExactlyItsKindsOfEveryDtype) {
  // Which kinds each op folds: B(ool), I(nteger), F(loat).
  auto takes = [](AluOp op, DType dt) {
    bool b = isBool(dt), i = isInt(dt), f = isFloat(dt);
    switch (op) {
    case AluOp::And:
    case AluOp::Or:
    case AluOp::Xor:
      return b || i;
    case AluOp::Shl:
    case AluOp::Shr:
    case AluOp::TruncDiv:
      return i;
    case AluOp::Recip:
    case AluOp::Sqrt:
    case AluOp::Exp2:
    case AluOp::Log2:
      return f;
    case AluOp::Neg: // Primitives of the complex types only.
    case AluOp::Div:
      return false;
    default:
      return b || i || f;
    }
  };
  std::vector<DType> dts(every().begin(), every().end());
  dts.push_back(DType::Uint128);
  dts.push_back(DType::Uint256);
  for (DType dt : dts)
    for (AluOp op : allOps()) {
      SCOPED_TRACE(std::string(aluOpName(op)) + " " + toString(dt));
      // 1 of dt (True for Bool): every op folds it where it takes dt.
      Const one = isBool(dt)    ? B(true)
                  : isInt(dt)   ? I(1)
                  : isFloat(dt) ? kd(dt, 1.0)
                                : I(1);
      std::vector<Const> args(aluOpArity(op), one);
      if (op == AluOp::Where)
        args[0] = B(true);
      llvm::Expected<Const> r = ev(op, dt, args);
      if (takes(op, dt)) {
        EXPECT_TRUE(static_cast<bool>(r));
        EXPECT_TRUE(canFoldAlu(op, dt, args));
      } else {
        EXPECT_TRUE(fails(std::move(r), {std::string(aluOpName(op)),
                                         "does not take", toString(dt)}));
        EXPECT_FALSE(canFoldAlu(op, dt, args));
      }
      if (r)
        llvm::consumeError(r.takeError());
    }
}

TEST(AluOpTest, WrongArityIsAnError) {
  EXPECT_TRUE(fails(ev(AluOp::Add, DType::Int32, {I(1)}), {"add", "2", "1"}));
  EXPECT_TRUE(
      fails(ev(AluOp::Sqrt, DType::Float32, {F(1), F(1)}), {"sqrt", "1", "2"}));
  EXPECT_TRUE(fails(ev(AluOp::Where, DType::Float32, {B(true), F(1)}),
                    {"where", "3", "2"}));
}

TEST(AluOpTest, OperandNotOfTheDtypesKindIsAnError) {
  EXPECT_TRUE(fails(ev(AluOp::Add, DType::Float32, {F(1), I(1)}),
                    {"add", "operand 1", "an Int", "dtypes.f32"}));
  EXPECT_TRUE(fails(ev(AluOp::Add, DType::Int32, {F(1), I(1)}),
                    {"operand 0", "a Float", "dtypes.i32"}));
  EXPECT_TRUE(fails(ev(AluOp::And, DType::Bool, {B(true), I(1)}),
                    {"and", "an Int", "dtypes.bool"}));
  EXPECT_TRUE(fails(ev(AluOp::Where, DType::Int8, {I(1), I(1), I(2)}),
                    {"where", "condition", "Bool"}));
}

TEST(AluOpTest, BitwiseOpsOnAFloatNameTheOpAndType) {
  for (AluOp op : {AluOp::And, AluOp::Or, AluOp::Xor, AluOp::Shl, AluOp::Shr,
                   AluOp::TruncDiv})
    for (DType dt : floatTypes())
      EXPECT_TRUE(fails(ev(op, dt, {kd(dt, 1), kd(dt, 1)}),
                        {std::string(aluOpName(op)), toString(dt)}));
}

//===----------------------------------------------------------------------===//
// Invalid
//===----------------------------------------------------------------------===//

TEST(AluInvalidTest, AnInvalidOperandGivesInvalidForEveryOp) {
  for (AluOp op : allOps()) {
    if (op == AluOp::Where)
      continue;
    for (DType dt : {DType::Bool, DType::Int8, DType::Uint32, DType::WeakInt,
                     DType::Fp8e4m3, DType::Float32, DType::WeakFloat}) {
      Const one = isBool(dt) ? B(true) : isInt(dt) ? I(1) : kd(dt, 1.0);
      std::vector<Const> args(aluOpArity(op), one);
      if (!canFoldAlu(op, dt, args))
        continue; // The op does not take dt.
      for (unsigned i = 0; i < args.size(); ++i) {
        SCOPED_TRACE(std::string(aluOpName(op)) + " " + toString(dt) +
                     " operand " + std::to_string(i));
        std::vector<Const> withInvalid = args;
        withInvalid[i] = Const::invalid();
        EXPECT_TRUE(isInvalid(ev(op, dt, withInvalid)));
        EXPECT_TRUE(canFoldAlu(op, dt, withInvalid));
      }
    }
  }
}

TEST(AluInvalidTest, InvalidWinsOverDivisionByZero) {
  EXPECT_TRUE(
      isInvalid(ev(AluOp::TruncDiv, DType::Int32, {Const::invalid(), I(0)})));
}

TEST(AluInvalidTest, WhereOfAnInvalidConditionIsInvalidElseTheChosenArm) {
  DType dt = DType::Float16;
  EXPECT_TRUE(isInvalid(
      ev(AluOp::Where, dt, {Const::invalid(), kd(dt, 1), kd(dt, 2)})));
  EXPECT_TRUE(
      isInvalid(ev(AluOp::Where, dt, {B(true), Const::invalid(), kd(dt, 2)})));
  EXPECT_TRUE(
      isF(ev(AluOp::Where, dt, {B(false), Const::invalid(), kd(dt, 2)}), 2.0));
  EXPECT_TRUE(
      isF(ev(AluOp::Where, dt, {B(true), kd(dt, 1), Const::invalid()}), 1.0));
}

//===----------------------------------------------------------------------===//
// Integers: wrap, division, shifts, bitwise
//===----------------------------------------------------------------------===//

TEST(AluIntTest, AddAndMulWrapAtEveryWidthsLimits) {
  for (DType dt : ints()) {
    SCOPED_TRACE(toString(dt));
    mpz_class lo = intMin(dt), hi = intMax(dt);
    // INT_MAX + 1 is INT_MIN; UINT_MAX + 1 is 0.
    EXPECT_TRUE(isI(ev(AluOp::Add, dt, {I(hi), I(1)}), lo));
    EXPECT_TRUE(isI(ev(AluOp::Add, dt, {I(hi), I(hi)}),
                    isUnsigned(dt) ? hi - 1 : mpz_class(-2)));
    EXPECT_TRUE(isI(ev(AluOp::Mul, dt, {I(hi), I(2)}),
                    isUnsigned(dt) ? hi - 1 : mpz_class(-2)));
    if (isUnsigned(dt)) {
      // 0 - 1 as tinygrad decomposes it: 0 + 1 * (-1 as dt) = UINT_MAX, and
      // 1 + UINT_MAX = 0; UINT_MAX * UINT_MAX = 1.
      Const minusOne = ki(dt, -1);
      EXPECT_TRUE(isI(ev(AluOp::Mul, dt, {I(1), minusOne}), hi));
      EXPECT_TRUE(isI(ev(AluOp::Add, dt, {I(1), minusOne}), 0));
      EXPECT_TRUE(isI(ev(AluOp::Mul, dt, {I(hi), I(hi)}), 1));
    } else {
      // INT_MIN - 1 is INT_MAX; INT_MIN * -1 is INT_MIN.
      EXPECT_TRUE(isI(ev(AluOp::Add, dt, {I(lo), I(-1)}), hi));
      EXPECT_TRUE(isI(ev(AluOp::Mul, dt, {I(lo), I(-1)}), lo));
      EXPECT_TRUE(isI(ev(AluOp::Mul, dt, {I(lo), I(lo)}), 0));
    }
  }
}

TEST(AluIntTest, WeakIntIsExactAndNeverWraps) {
  DType dt = DType::WeakInt;
  EXPECT_TRUE(isI(ev(AluOp::Add, dt, {I(pow2(64)), I(pow2(64))}), pow2(65)));
  EXPECT_TRUE(isI(ev(AluOp::Mul, dt, {I(tenTo(30)), I(tenTo(30))}), tenTo(60)));
  EXPECT_TRUE(isI(ev(AluOp::Mul, dt, {I(-pow2(63)), I(-1)}), pow2(63)));
  EXPECT_TRUE(isI(ev(AluOp::TruncDiv, dt, {I(-pow2(63)), I(-1)}), pow2(63)));
}

TEST(AluIntTest, TruncDivRoundsTowardsZero) {
  for (DType dt : intTypes()) {
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(isI(ev(AluOp::TruncDiv, dt, {I(7), I(2)}), 3));
    if (isUnsigned(dt)) {
      EXPECT_TRUE(
          isI(ev(AluOp::TruncDiv, dt, {I(intMax(dt)), I(2)}), intMax(dt) / 2));
      continue;
    }
    EXPECT_TRUE(isI(ev(AluOp::TruncDiv, dt, {I(-7), I(2)}), -3));
    EXPECT_TRUE(isI(ev(AluOp::TruncDiv, dt, {I(7), I(-2)}), -3));
    EXPECT_TRUE(isI(ev(AluOp::TruncDiv, dt, {I(-7), I(-2)}), 3));
  }
}

TEST(AluIntTest, IntMinDividedByMinusOneWraps) {
  for (DType dt : sints()) {
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(
        isI(ev(AluOp::TruncDiv, dt, {I(intMin(dt)), I(-1)}), intMin(dt)));
  }
}

TEST(AluIntTest, DivisionByZeroIsNeverFolded) {
  for (DType dt : intTypes())
    for (AluOp op : {AluOp::TruncDiv})
      for (int x : {0, 1, -1}) {
        if (x < 0 && isUnsigned(dt))
          continue;
        SCOPED_TRACE(std::string(aluOpName(op)) + " " + toString(dt));
        std::vector<Const> args = {I(x), I(0)};
        EXPECT_TRUE(
            fails(ev(op, dt, args), {std::string(aluOpName(op)),
                                     "division by zero is not folded"}));
        EXPECT_FALSE(canFoldAlu(op, dt, args));
      }
}

TEST(AluIntTest, ShlAtCountsZeroWidthMinusOneWidthWidthPlusOneAndNegative) {
  for (DType dt : ints()) {
    SCOPED_TRACE(toString(dt));
    unsigned w = bitsize(dt);
    Const one = I(1);
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {one, I(0)}), 1));
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {I(3), I(1)}), 6));
    // 1 << (w-1) is INT_MIN for a signed type, 2^(w-1) for an unsigned one.
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {one, I(w - 1)}),
                    isUnsigned(dt) ? pow2(w - 1) : intMin(dt)));
    // Bits shifted out are gone: shl wraps, as x * 2^y does.
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {I(intMax(dt)), I(1)}),
                    isUnsigned(dt) ? intMax(dt) - 1 : mpz_class(-2)));
    // A count at or past the width gives 0.
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {one, I(w)}), 0));
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {one, I(w + 1)}), 0));
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {I(intMax(dt)), I(w)}), 0));
    // A negative count (-1 of dt, UINT_MAX for an unsigned dt) is read as an
    // unsigned integer of dt's width, so it is past the width.
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {one, ki(dt, -1)}), 0));
    EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {one, ki(dt, intMin(dt))}),
                    isUnsigned(dt) ? mpz_class(1) : mpz_class(0)));
  }
}

TEST(AluIntTest, SignedShrIsArithmeticAndUnsignedShrIsLogical) {
  for (DType dt : ints()) {
    SCOPED_TRACE(toString(dt));
    unsigned w = bitsize(dt);
    mpz_class lo = intMin(dt), hi = intMax(dt);
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(hi), I(0)}), hi));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(hi), I(1)}), hi / 2));
    EXPECT_TRUE(
        isI(ev(AluOp::Shr, dt, {I(hi), I(w - 1)}), isUnsigned(dt) ? 1 : 0));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(hi), I(w)}), 0));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(hi), I(w + 1)}), 0));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(hi), ki(dt, -1)}), 0));
    if (isUnsigned(dt))
      continue;
    // Arithmetic: floor(x / 2^y), the sign filling in; past the width, -1.
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(-8), I(1)}), -4));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(-7), I(1)}), -4));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(lo), I(w - 1)}), -1));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(lo), I(w)}), -1));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(lo), I(w + 1)}), -1));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(-1), I(-1)}), -1));
    EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(lo), I(lo)}), -1));
  }
  // The same bits read as unsigned shift in zeros.
  EXPECT_TRUE(isI(ev(AluOp::Shr, DType::Uint8, {I(0x80), I(7)}), 1));
  EXPECT_TRUE(isI(ev(AluOp::Shr, DType::Int8, {I(-0x80), I(7)}), -1));
}

TEST(AluIntTest, WeakIntShiftsAreExactAndANegativeCountIsAnError) {
  DType dt = DType::WeakInt;
  EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {I(3), I(100)}), 3 * pow2(100)));
  EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {I(-3), I(64)}), -3 * pow2(64)));
  EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(-7), I(1)}), -4));
  EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(pow2(100)), I(99)}), 2));
  EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(-1), I(tenTo(30))}), -1));
  EXPECT_TRUE(isI(ev(AluOp::Shr, dt, {I(5), I(tenTo(30))}), 0));
  EXPECT_TRUE(isI(ev(AluOp::Shl, dt, {I(0), I(tenTo(30))}), 0));
  for (AluOp op : {AluOp::Shl, AluOp::Shr}) {
    EXPECT_TRUE(
        fails(ev(op, dt, {I(1), I(-1)}),
              {std::string(aluOpName(op)), "negative shift count", "-1"}));
    EXPECT_FALSE(canFoldAlu(op, dt, {I(1), I(-1)}));
  }
  EXPECT_TRUE(
      fails(ev(AluOp::Shl, dt, {I(1), I(tenTo(30))}), {"shl", "too large"}));
}

TEST(AluIntTest, BitwiseOpsActOnTwosComplementBits) {
  for (DType dt : intTypes()) {
    SCOPED_TRACE(toString(dt));
    mpz_class a = 0x5A, b = 0x3C;
    EXPECT_TRUE(isI(ev(AluOp::And, dt, {I(a), I(b)}), 0x18));
    EXPECT_TRUE(isI(ev(AluOp::Or, dt, {I(a), I(b)}), 0x7E));
    EXPECT_TRUE(isI(ev(AluOp::Xor, dt, {I(a), I(b)}), 0x66));
    // x xor all ones is bitwise_not: ~0x5A.
    Const ones = ki(dt, -1);
    EXPECT_TRUE(isI(ev(AluOp::Xor, dt, {I(a), ones}),
                    isUnsigned(dt) ? intMax(dt) - a : mpz_class(-a - 1)));
    EXPECT_TRUE(isI(ev(AluOp::And, dt, {ones, I(intMax(dt))}), intMax(dt)));
    if (!isUnsigned(dt)) {
      EXPECT_TRUE(isI(ev(AluOp::And, dt, {I(-2), I(-3)}), -4));
      EXPECT_TRUE(isI(ev(AluOp::Or, dt, {I(-8), I(3)}), -5));
    }
  }
}

TEST(AluIntTest, MaxIsTheGreaterAndComparisonsAreBySignedness) {
  for (DType dt : intTypes()) {
    SCOPED_TRACE(toString(dt));
    mpz_class lo = dt == DType::WeakInt ? mpz_class(-pow2(100)) : intMin(dt);
    mpz_class hi = dt == DType::WeakInt ? pow2(100) : intMax(dt);
    EXPECT_TRUE(isI(ev(AluOp::Max, dt, {I(lo), I(hi)}), hi));
    EXPECT_TRUE(isI(ev(AluOp::Max, dt, {I(hi), I(lo)}), hi));
    EXPECT_TRUE(isB(ev(AluOp::CmpLt, dt, {I(lo), I(hi)}), true));
    EXPECT_TRUE(isB(ev(AluOp::CmpLt, dt, {I(hi), I(lo)}), false));
    EXPECT_TRUE(isB(ev(AluOp::CmpLt, dt, {I(hi), I(hi)}), false));
    EXPECT_TRUE(isB(ev(AluOp::CmpEq, dt, {I(hi), I(hi)}), true));
    EXPECT_TRUE(isB(ev(AluOp::CmpEq, dt, {I(lo), I(hi)}), false));
  }
}

TEST(AluIntTest, TruncIsTheIdentityOnIntegersAndBool) {
  for (DType dt : intTypes()) {
    mpz_class x = isUnsigned(dt) ? intMax(dt) : mpz_class(-5);
    EXPECT_TRUE(isI(ev(AluOp::Trunc, dt, {I(x)}), x));
  }
  EXPECT_TRUE(isB(ev(AluOp::Trunc, DType::Bool, {B(true)}), true));
}

//===----------------------------------------------------------------------===//
// Bool
//===----------------------------------------------------------------------===//

TEST(AluBoolTest, AddIsOrMulIsAndMaxIsOr) {
  for (bool x : {false, true})
    for (bool y : {false, true}) {
      EXPECT_TRUE(isB(ev(AluOp::Add, DType::Bool, {B(x), B(y)}), x || y));
      EXPECT_TRUE(isB(ev(AluOp::Mul, DType::Bool, {B(x), B(y)}), x && y));
      EXPECT_TRUE(isB(ev(AluOp::Max, DType::Bool, {B(x), B(y)}), x || y));
      EXPECT_TRUE(isB(ev(AluOp::And, DType::Bool, {B(x), B(y)}), x && y));
      EXPECT_TRUE(isB(ev(AluOp::Or, DType::Bool, {B(x), B(y)}), x || y));
      EXPECT_TRUE(isB(ev(AluOp::Xor, DType::Bool, {B(x), B(y)}), x != y));
      EXPECT_TRUE(isB(ev(AluOp::CmpLt, DType::Bool, {B(x), B(y)}), x < y));
      EXPECT_TRUE(isB(ev(AluOp::CmpEq, DType::Bool, {B(x), B(y)}), x == y));
      // Python's x ** y on 0 and 1, then nonzero: x or not y.
      EXPECT_TRUE(isB(ev(AluOp::Pow, DType::Bool, {B(x), B(y)}), x || !y));
    }
  EXPECT_TRUE(fails(ev(AluOp::Pow, DType::Bool, {B(true), I(-1)}),
                    {"pow", "negative exponent", "float"}));
}

//===----------------------------------------------------------------------===//
// Floats: add, mul, rounding, overflow, NaN, zeros
//===----------------------------------------------------------------------===//

TEST(AluFloatTest, OverflowIsInfinityInWideFloatsAndSaturatesEightBitOnes) {
  for (DType dt : floats()) {
    SCOPED_TRACE(toString(dt));
    double m = finiteMax(dt);
    double want = isFp8(dt) ? m : kInf;
    EXPECT_TRUE(isF(ev(AluOp::Add, dt, {kd(dt, m), kd(dt, m)}), want));
    EXPECT_TRUE(isF(ev(AluOp::Mul, dt, {kd(dt, m), kd(dt, 2)}), want));
    EXPECT_TRUE(isF(ev(AluOp::Mul, dt, {kd(dt, -m), kd(dt, 2)}), -want));
  }
  // The brief's cases: fp8e4m3 448 + 64 stays 448, e5m2 57344 * 2 is 57344.
  EXPECT_TRUE(isF(ev(AluOp::Add, DType::Fp8e4m3,
                     {kd(DType::Fp8e4m3, 448), kd(DType::Fp8e4m3, 64)}),
                  448));
  EXPECT_TRUE(isF(ev(AluOp::Mul, DType::Fp8e5m2,
                     {kd(DType::Fp8e5m2, 57344), kd(DType::Fp8e5m2, 2)}),
                  57344));
  // Not an overflow: 448 + 16 = 464 rounds to 448 (ties to even, 480 is not
  // an e4m3 value but 512 is past the largest).
  EXPECT_TRUE(isF(ev(AluOp::Add, DType::Fp8e4m3,
                     {kd(DType::Fp8e4m3, 448), kd(DType::Fp8e4m3, 16)}),
                  448));
  // Just below f16's overflow threshold (65520) it rounds to 65504.
  EXPECT_TRUE(isF(ev(AluOp::Add, DType::Float16,
                     {kd(DType::Float16, 65504), kd(DType::Float16, 8)}),
                  65504));
}

TEST(AluFloatTest, AnInfinityOperandIsAnInfinityNotASaturation) {
  // Fp8e5m2 has infinities: inf + 1 is inf.
  DType e5 = DType::Fp8e5m2;
  EXPECT_TRUE(isF(ev(AluOp::Add, e5, {kd(e5, kInf), kd(e5, 1)}), kInf));
  EXPECT_TRUE(isF(ev(AluOp::Add, e5, {kd(e5, -kInf), kd(e5, 1)}), -kInf));
  for (DType dt : {DType::Float16, DType::Bfloat16, DType::Float32,
                   DType::Float64, DType::WeakFloat})
    EXPECT_TRUE(isF(ev(AluOp::Mul, dt, {kd(dt, kInf), kd(dt, -2)}), -kInf));
}

TEST(AluFloatTest, ResultsAreRoundedOnceFromBinary64) {
  // 1 + (2^-24 + 2^-47) is exact in binary64 and above the f32 tie, so it
  // rounds up; 1 + 2^-24 is the tie, which goes to even (1.0).
  DType dt = DType::Float32;
  EXPECT_TRUE(isF(ev(AluOp::Add, dt, {kd(dt, 1), kd(dt, 0x1p-24 + 0x1p-47)}),
                  1 + 0x1p-23));
  EXPECT_TRUE(isF(ev(AluOp::Add, dt, {kd(dt, 1), kd(dt, 0x1p-24)}), 1));
  EXPECT_TRUE(isF(ev(AluOp::Add, dt, {kd(dt, 1 + 0x1p-23), kd(dt, 0x1p-24)}),
                  1 + 0x1p-22));
  // f16: 2049 is not a value; 2048 + 1 ties to 2048, 2048 + 3 to 2052.
  DType h = DType::Float16;
  EXPECT_TRUE(isF(ev(AluOp::Add, h, {kd(h, 2048), kd(h, 1)}), 2048));
  EXPECT_TRUE(isF(ev(AluOp::Add, h, {kd(h, 2048), kd(h, 3)}), 2052));
  // Every 16/32-bit product agrees with the correctly rounded native f32 one.
  float a = 1.1f, b = 3.3f;
  EXPECT_TRUE(isF(ev(AluOp::Mul, dt, {kd(dt, a), kd(dt, b)}), double(a * b)));
  // WeakFloat stays binary64.
  EXPECT_TRUE(
      isF(ev(AluOp::Add, DType::WeakFloat, {F(0.1), F(0.2)}), 0.1 + 0.2));
}

TEST(AluFloatTest, ANaNOperandGivesTheFirstNaNQuietedWithItsPayloadAndSign) {
  // f64 signalling NaNs with a payload, positive and negative.
  uint64_t sNaN = 0x7ff4000000000001ULL, negSNaN = 0xfff2000000000000ULL;
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    Const a = kbits(dt, sNaN), b = kbits(dt, negSNaN), one = kd(dt, 1);
    uint64_t qa = dt == DType::WeakFloat
                      ? sNaN | 0x0008000000000000ULL
                      : quietIn(dt, a.value().getFloat().bits);
    uint64_t qb = dt == DType::WeakFloat
                      ? negSNaN | 0x0008000000000000ULL
                      : quietIn(dt, b.value().getFloat().bits);
    for (AluOp op : {AluOp::Add, AluOp::Mul}) {
      EXPECT_TRUE(isBits(ev(op, dt, {a, one}), qa));
      EXPECT_TRUE(isBits(ev(op, dt, {one, a}), qa));
      EXPECT_TRUE(isBits(ev(op, dt, {one, b}), qb));
      EXPECT_TRUE(isBits(ev(op, dt, {a, b}), qa));
      EXPECT_TRUE(isBits(ev(op, dt, {b, a}), qb));
    }
  }
  // The payload is kept, quiet bit set: f32 sNaN 0x7fa00001 is quiet
  // 0x7fe00001, held as a double.
  EXPECT_TRUE(
      isBits(ev(AluOp::Add, DType::Float32, {FB(0x7ff4000020000000ULL), F(1)}),
             0x7ffc000020000000ULL));
  EXPECT_TRUE(
      isBits(ev(AluOp::Add, DType::Float16, {FB(0xfff4000000000000ULL), F(1)}),
             0xfffc000000000000ULL));
  // 8-bit NaNs: e5m2 keeps the sign, the others have one positive NaN.
  EXPECT_TRUE(isBits(ev(AluOp::Add, DType::Fp8e5m2,
                        {kbits(DType::Fp8e5m2, 0xfff8000000000000ULL), F(1)}),
                     0xfff8000000000000ULL));
  EXPECT_TRUE(isBits(ev(AluOp::Add, DType::Fp8e4m3,
                        {kbits(DType::Fp8e4m3, 0xfff8000000000000ULL), F(1)}),
                     kNaN));
}

TEST(AluFloatTest, ANaNMadeFromNonNaNsIsThePositiveZeroPayloadNaN) {
  for (DType dt : floatTypes()) {
    if (!hasInf(dt))
      continue;
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(
        isBits(ev(AluOp::Add, dt, {kd(dt, kInf), kd(dt, -kInf)}), kNaN));
    EXPECT_TRUE(isBits(ev(AluOp::Mul, dt, {kd(dt, 0), kd(dt, -kInf)}), kNaN));
  }
}

TEST(AluFloatTest, SignedZerosFollowIEEEAndFnuzHasNoNegativeZero) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    bool fnuz = mem(dt, fp8Fnuz());
    uint64_t negZero = fnuz ? 0 : kNegZero;
    EXPECT_TRUE(isBits(ev(AluOp::Mul, dt, {kd(dt, -1), kd(dt, 0)}), negZero));
    EXPECT_TRUE(
        isBits(ev(AluOp::Add, dt, {kd(dt, -0.0), kd(dt, -0.0)}), negZero));
    EXPECT_TRUE(isBits(ev(AluOp::Add, dt, {kd(dt, -0.0), kd(dt, 0.0)}), 0));
    EXPECT_TRUE(isBits(ev(AluOp::Add, dt, {kd(dt, 1), kd(dt, -1)}), 0));
  }
  // A negative product that underflows to zero: -0.0, but +0.0 in fnuz.
  for (DType dt : fp8s()) {
    SCOPED_TRACE(toString(dt));
    double tiny = dt == DType::Fp8e4m3       ? 0x1p-9
                  : dt == DType::Fp8e4m3fnuz ? 0x1p-10
                  : dt == DType::Fp8e5m2     ? 0x1p-16
                                             : 0x1p-17;
    EXPECT_TRUE(isF(ev(AluOp::Mul, dt, {kd(dt, tiny), kd(dt, 1)}), tiny));
    EXPECT_TRUE(isBits(ev(AluOp::Mul, dt, {kd(dt, -tiny), kd(dt, tiny)}),
                       mem(dt, fp8Fnuz()) ? 0 : kNegZero));
  }
}

//===----------------------------------------------------------------------===//
// Max and comparisons on floats
//===----------------------------------------------------------------------===//

TEST(AluFloatTest, MaxReturnsTheNonNaNOperand) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    Const nan = kbits(dt, 0xfff4000000000001ULL), two = kd(dt, 2);
    EXPECT_TRUE(isF(ev(AluOp::Max, dt, {nan, two}), 2));
    EXPECT_TRUE(isF(ev(AluOp::Max, dt, {two, nan}), 2));
    if (hasInf(dt)) {
      EXPECT_TRUE(isF(ev(AluOp::Max, dt, {nan, kd(dt, -kInf)}), -kInf));
    }
  }
}

TEST(AluFloatTest, MaxOfTwoNaNsIsTheFirstQuieted) {
  uint64_t a = 0x7ff4000000000001ULL, b = 0xfff2000000000000ULL;
  EXPECT_TRUE(isBits(ev(AluOp::Max, DType::Float64, {FB(a), FB(b)}),
                     0x7ffc000000000001ULL));
  EXPECT_TRUE(isBits(ev(AluOp::Max, DType::Float64, {FB(b), FB(a)}),
                     0xfffa000000000000ULL));
  EXPECT_TRUE(isBits(ev(AluOp::Max, DType::WeakFloat, {FB(b), FB(a)}),
                     0xfffa000000000000ULL));
  // A signalling f32 NaN comes back quiet with its payload.
  EXPECT_TRUE(isBits(ev(AluOp::Max, DType::Float32,
                        {FB(0xfff4000020000000ULL), FB(0x7ff8000000000000ULL)}),
                     0xfffc000020000000ULL));
  EXPECT_TRUE(isBits(ev(AluOp::Max, DType::Fp8e5m2,
                        {kbits(DType::Fp8e5m2, 0xfff8000000000000ULL),
                         kbits(DType::Fp8e5m2, kNaN)}),
                     0xfff8000000000000ULL));
}

TEST(AluFloatTest, MaxCountsNegativeZeroAsLessThanPositiveZero) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    uint64_t negZero = mem(dt, fp8Fnuz()) ? 0 : kNegZero;
    EXPECT_TRUE(isBits(ev(AluOp::Max, dt, {kd(dt, -0.0), kd(dt, 0.0)}), 0));
    EXPECT_TRUE(isBits(ev(AluOp::Max, dt, {kd(dt, 0.0), kd(dt, -0.0)}), 0));
    EXPECT_TRUE(
        isBits(ev(AluOp::Max, dt, {kd(dt, -0.0), kd(dt, -0.0)}), negZero));
    EXPECT_TRUE(isF(ev(AluOp::Max, dt, {kd(dt, -1), kd(dt, 0.5)}), 0.5));
    EXPECT_TRUE(isF(ev(AluOp::Max, dt, {kd(dt, -1), kd(dt, -2)}), -1));
    EXPECT_TRUE(
        isBits(ev(AluOp::Max, dt, {kd(dt, -1), kd(dt, -0.0)}), negZero));
  }
}

TEST(AluFloatTest, ComparisonsWithNaNAreFalseAndZerosAreEqual) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    Const nan = kbits(dt, kNaN), one = kd(dt, 1);
    EXPECT_TRUE(isB(ev(AluOp::CmpLt, dt, {nan, one}), false));
    EXPECT_TRUE(isB(ev(AluOp::CmpLt, dt, {one, nan}), false));
    EXPECT_TRUE(isB(ev(AluOp::CmpEq, dt, {nan, nan}), false));
    EXPECT_TRUE(isB(ev(AluOp::CmpEq, dt, {nan, one}), false));
    EXPECT_TRUE(isB(ev(AluOp::CmpEq, dt, {kd(dt, -0.0), kd(dt, 0.0)}), true));
    EXPECT_TRUE(isB(ev(AluOp::CmpLt, dt, {kd(dt, -0.0), kd(dt, 0.0)}), false));
    EXPECT_TRUE(isB(ev(AluOp::CmpLt, dt, {kd(dt, -1), kd(dt, 0.5)}), true));
    EXPECT_TRUE(isB(ev(AluOp::CmpEq, dt, {one, one}), true));
    if (hasInf(dt)) {
      EXPECT_TRUE(
          isB(ev(AluOp::CmpLt, dt, {kd(dt, -kInf), kd(dt, kInf)}), true));
    }
  }
}

//===----------------------------------------------------------------------===//
// Unary float ops
//===----------------------------------------------------------------------===//

TEST(AluFloatTest, RecipOfSignedZeroIsSignedInfinityOrTheFormatsNaN) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    bool fnuz = mem(dt, fp8Fnuz());
    if (hasInf(dt)) {
      EXPECT_TRUE(isF(ev(AluOp::Recip, dt, {kd(dt, 0.0)}), kInf));
      EXPECT_TRUE(isF(ev(AluOp::Recip, dt, {kd(dt, -0.0)}), -kInf));
      EXPECT_TRUE(isF(ev(AluOp::Recip, dt, {kd(dt, kInf)}), 0.0));
      EXPECT_TRUE(isBits(ev(AluOp::Recip, dt, {kd(dt, -kInf)}), kNegZero));
    } else {
      // An infinity, not a finite overflow: the NaN of a format without
      // infinities.
      EXPECT_TRUE(isBits(ev(AluOp::Recip, dt, {kd(dt, 0.0)}), kNaN));
      if (!fnuz) {
        EXPECT_TRUE(isBits(ev(AluOp::Recip, dt, {kd(dt, -0.0)}), kNaN));
      }
    }
    EXPECT_TRUE(isF(ev(AluOp::Recip, dt, {kd(dt, 4)}), 0.25));
    EXPECT_TRUE(isF(ev(AluOp::Recip, dt, {kd(dt, -0.5)}), -2));
    EXPECT_TRUE(isBits(
        ev(AluOp::Recip, dt, {kbits(dt, 0xfff4000000000000ULL)}),
        dt == DType::WeakFloat
            ? 0xfffc000000000000ULL
            : quietIn(
                  dt,
                  kbits(dt, 0xfff4000000000000ULL).value().getFloat().bits)));
  }
  // 1/3 rounded once to f32 is the native f32 quotient.
  EXPECT_TRUE(isF(ev(AluOp::Recip, DType::Float32, {kd(DType::Float32, 3)}),
                  double(1.0f / 3.0f)));
  // A finite reciprocal past the range: f16 1/2^-24 = 2^24 is inf, e4m3
  // 1/2^-9 = 512 saturates to 448.
  EXPECT_TRUE(isF(
      ev(AluOp::Recip, DType::Float16, {kd(DType::Float16, 0x1p-24)}), kInf));
  EXPECT_TRUE(
      isF(ev(AluOp::Recip, DType::Fp8e4m3, {kd(DType::Fp8e4m3, 0x1p-9)}), 448));
}

TEST(AluFloatTest, TruncRoundsTowardsZeroKeepingTheSign) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    bool fnuz = mem(dt, fp8Fnuz());
    EXPECT_TRUE(isF(ev(AluOp::Trunc, dt, {kd(dt, 2.5)}), 2));
    EXPECT_TRUE(isF(ev(AluOp::Trunc, dt, {kd(dt, -2.5)}), -2));
    EXPECT_TRUE(
        isBits(ev(AluOp::Trunc, dt, {kd(dt, -0.5)}), fnuz ? 0 : kNegZero));
    EXPECT_TRUE(isF(ev(AluOp::Trunc, dt, {kd(dt, 0.75)}), 0));
    if (hasInf(dt)) {
      EXPECT_TRUE(isF(ev(AluOp::Trunc, dt, {kd(dt, -kInf)}), -kInf));
    }
    EXPECT_TRUE(isBits(ev(AluOp::Trunc, dt, {kbits(dt, kNaN)}),
                       kbits(dt, kNaN).value().getFloat().bits));
  }
  EXPECT_TRUE(
      isBits(ev(AluOp::Trunc, DType::Float32, {FB(0x7ff4000020000000ULL)}),
             0x7ffc000020000000ULL));
}

TEST(AluFloatTest, SqrtOfANegativeIsNaNAndOfNegativeZeroIsNegativeZero) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(isF(ev(AluOp::Sqrt, dt, {kd(dt, 4)}), 2));
    EXPECT_TRUE(isBits(ev(AluOp::Sqrt, dt, {kd(dt, -1)}), kNaN));
    EXPECT_TRUE(isBits(ev(AluOp::Sqrt, dt, {kd(dt, -0.0)}),
                       mem(dt, fp8Fnuz()) ? 0 : kNegZero));
    if (hasInf(dt)) {
      EXPECT_TRUE(isF(ev(AluOp::Sqrt, dt, {kd(dt, kInf)}), kInf));
      EXPECT_TRUE(isBits(ev(AluOp::Sqrt, dt, {kd(dt, -kInf)}), kNaN));
    }
    // sqrt(2) rounded once to dt: the correctly rounded value of dt.
    EXPECT_TRUE(
        isConst(ev(AluOp::Sqrt, dt, {kd(dt, 2)}), kd(dt, std::sqrt(2.0))));
  }
  EXPECT_TRUE(isF(ev(AluOp::Sqrt, DType::Float32, {kd(DType::Float32, 2)}),
                  double(std::sqrt(2.0f))));
  EXPECT_TRUE(
      isBits(ev(AluOp::Sqrt, DType::Float64, {FB(0xfff4000000000001ULL)}),
             0xfffc000000000001ULL));
}

TEST(AluFloatTest, Log2OfZeroIsMinusInfinityAndOfANegativeIsNaN) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    bool inf = hasInf(dt);
    // Without infinities, -inf is the format's NaN.
    uint64_t minusInf = inf ? bitsOf(-kInf) : kNaN;
    EXPECT_TRUE(isBits(ev(AluOp::Log2, dt, {kd(dt, 0.0)}), minusInf));
    EXPECT_TRUE(isBits(ev(AluOp::Log2, dt, {kd(dt, -0.0)}), minusInf));
    EXPECT_TRUE(isBits(ev(AluOp::Log2, dt, {kd(dt, -1)}), kNaN));
    EXPECT_TRUE(isF(ev(AluOp::Log2, dt, {kd(dt, 8)}), 3));
    EXPECT_TRUE(isF(ev(AluOp::Log2, dt, {kd(dt, 1)}), 0));
    if (inf) {
      EXPECT_TRUE(isF(ev(AluOp::Log2, dt, {kd(dt, kInf)}), kInf));
      EXPECT_TRUE(isBits(ev(AluOp::Log2, dt, {kd(dt, -kInf)}), kNaN));
    }
  }
  // Not bit-exact in general: the host libm, compared with itself.
  EXPECT_TRUE(isF(ev(AluOp::Log2, DType::Float64, {F(10)}), std::log2(10.0)));
  EXPECT_TRUE(isConst(ev(AluOp::Log2, DType::Float16, {kd(DType::Float16, 10)}),
                      kd(DType::Float16, std::log2(10.0))));
  EXPECT_TRUE(
      isBits(ev(AluOp::Log2, DType::Float64, {FB(0x7ff0000000000001ULL)}),
             0x7ff8000000000001ULL));
}

TEST(AluFloatTest, Exp2OfMinusInfinityIsZeroAndLargeExponentsOverflow) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, 3)}), 8));
    EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, 0)}), 1));
    EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, -2)}), 0.25));
    if (hasInf(dt)) {
      EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, -kInf)}), 0));
      EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, kInf)}), kInf));
    }
  }
  // exp2(1000) overflows each narrower float: inf, or the 8-bit maximum.
  for (DType dt : floats()) {
    if (dt == DType::Float64)
      continue;
    double big = std::min(1000.0, finiteMax(dt));
    EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, big)}),
                    isFp8(dt) ? finiteMax(dt) : kInf));
  }
  EXPECT_TRUE(isF(ev(AluOp::Exp2, DType::Float64, {F(2000)}), kInf));
  EXPECT_TRUE(isF(ev(AluOp::Exp2, DType::Float64, {F(0.3)}), std::exp2(0.3)));
  EXPECT_TRUE(isConst(
      ev(AluOp::Exp2, DType::Bfloat16, {kd(DType::Bfloat16, 0.3)}),
      kd(DType::Bfloat16,
         std::exp2(kd(DType::Bfloat16, 0.3).value().getFloat().toDouble()))));
  EXPECT_TRUE(
      isBits(ev(AluOp::Exp2, DType::Float64, {FB(0xfff0000000000002ULL)}),
             0xfff8000000000002ULL));
}

TEST(AluFloatTest, AFiniteResultPastBinary64StillSaturatesEightBitFloats) {
  // 2^1024 is finite: it overflows every 8-bit float to its largest value,
  // though binary64 holds it as inf; the wider floats give inf either way.
  for (DType dt : {DType::Fp8e5m2, DType::Fp8e5m2fnuz}) {
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, 1024)}), 57344));
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 2), kd(dt, 1024)}), 57344));
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -2), I(1025)}), -57344));
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 57344), kd(dt, 57344)}), 57344));
  }
  EXPECT_TRUE(
      isF(ev(AluOp::Pow, DType::Fp8e4m3, {kd(DType::Fp8e4m3, 3), I(tenTo(30))}),
          448));
  for (DType dt : {DType::Float16, DType::Bfloat16, DType::Float32,
                   DType::Float64, DType::WeakFloat})
    EXPECT_TRUE(isF(ev(AluOp::Exp2, dt, {kd(dt, 1024)}), kInf));
  // Poles stay infinities: 1/0 and log2(0) are e5m2's ±inf.
  EXPECT_TRUE(
      isF(ev(AluOp::Recip, DType::Fp8e5m2, {kd(DType::Fp8e5m2, 0)}), kInf));
  EXPECT_TRUE(isF(ev(AluOp::Pow, DType::Fp8e5m2,
                     {kd(DType::Fp8e5m2, 0), kd(DType::Fp8e5m2, -1)}),
                  kInf));
}

//===----------------------------------------------------------------------===//
// Pow
//===----------------------------------------------------------------------===//

TEST(AluPowTest, FloatPowFollowsCsPow) {
  for (DType dt : floatTypes()) {
    SCOPED_TRACE(toString(dt));
    Const nan = kbits(dt, kNaN);
    // pow(x, 0) = 1 even for a NaN x; pow(1, y) = 1 even for a NaN y.
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {nan, kd(dt, 0)}), 1));
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 1), nan}), 1));
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 2), kd(dt, 3)}), 8));
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -2), kd(dt, 3)}), -8));
    EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 4), kd(dt, 0.5)}), 2));
    // A negative base to a non-integer power is nan().
    EXPECT_TRUE(isBits(ev(AluOp::Pow, dt, {kd(dt, -8), kd(dt, 0.5)}), kNaN));
    if (hasInf(dt) && !isFp8(dt)) {
      EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 0.0), kd(dt, -1)}), kInf));
      EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -0.0), kd(dt, -1)}), -kInf));
      EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -0.0), kd(dt, -2)}), kInf));
    }
  }
  // Overflow: f16 2^16 is inf, e4m3 2^9 saturates to 448.
  EXPECT_TRUE(isF(ev(AluOp::Pow, DType::Float16,
                     {kd(DType::Float16, 2), kd(DType::Float16, 16)}),
                  kInf));
  EXPECT_TRUE(isF(ev(AluOp::Pow, DType::Fp8e4m3,
                     {kd(DType::Fp8e4m3, 2), kd(DType::Fp8e4m3, 9)}),
                  448));
  EXPECT_TRUE(
      isBits(ev(AluOp::Pow, DType::Float64, {FB(0x7ff4000000000001ULL), F(2)}),
             0x7ffc000000000001ULL));
}

TEST(AluPowTest, AWeakIntegerExponentKeepsItsValueInAFloatPow) {
  DType dt = DType::Float32;
  EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -2), I(-3)}), -0.125));
  EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 3), I(2)}), 9));
  // Past 2^53 the parity still decides the sign.
  EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -1), I(pow2(60) + 1)}), -1));
  EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -1), I(pow2(60))}), 1));
  EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, -2), I(tenTo(30) + 1)}), -kInf));
  EXPECT_TRUE(isF(ev(AluOp::Pow, dt, {kd(dt, 0.5), I(tenTo(400))}), 0));
  EXPECT_TRUE(
      isBits(ev(AluOp::Pow, dt, {kd(dt, -0.5), I(tenTo(400) + 1)}), kNegZero));
}

TEST(AluPowTest, IntegerPowIsTheExactPowerWrapped) {
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Int8, {I(2), I(6)}), 64));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Int8, {I(2), I(7)}), -128));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Int8, {I(2), I(8)}), 0));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Int8, {I(-3), I(3)}), -27));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Uint8, {I(3), I(5)}), 243));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Uint8, {I(3), I(6)}), 729 % 256));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Uint64, {I(3), I(40)}),
                  mpz_class("12157665459056928801")));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Uint64, {I(3), I(50)}),
                  mpz_class("717897987691852588770249") % pow2(64)));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Int64, {I(10), I(19)}),
                  mpz_class("10000000000000000000") - pow2(64)));
  // A weak exponent keeps its value: (-1)^(10^30 + 1) is -1, 3^(10^30) wraps.
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Int32, {I(-1), I(tenTo(30) + 1)}), -1));
  mpz_class want;
  mpz_class m = pow2(32), e = tenTo(30), three = 3;
  mpz_powm(want.get_mpz_t(), three.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::Uint32, {I(3), I(e)}), want));
  for (DType dt : intTypes()) {
    SCOPED_TRACE(toString(dt));
    EXPECT_TRUE(isI(ev(AluOp::Pow, dt, {I(0), I(0)}), 1));
    EXPECT_TRUE(isI(ev(AluOp::Pow, dt, {I(0), I(5)}), 0));
    EXPECT_TRUE(isI(ev(AluOp::Pow, dt, {I(7), I(1)}), 7));
  }
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::WeakInt, {I(10), I(30)}), tenTo(30)));
  EXPECT_TRUE(isI(ev(AluOp::Pow, DType::WeakInt, {I(-1), I(tenTo(30))}), 1));
  EXPECT_TRUE(fails(ev(AluOp::Pow, DType::WeakInt, {I(2), I(tenTo(30))}),
                    {"pow", "too large"}));
}

TEST(AluPowTest, ANegativeIntegerExponentOfANonFloatIsAnError) {
  for (DType dt : {DType::Int8, DType::Int32, DType::Int64, DType::WeakInt}) {
    SCOPED_TRACE(toString(dt));
    std::vector<Const> args = {I(2), I(-1)};
    EXPECT_TRUE(fails(ev(AluOp::Pow, dt, args), {"pow", "negative exponent",
                                                 "-1", "float", toString(dt)}));
    EXPECT_FALSE(canFoldAlu(AluOp::Pow, dt, args));
  }
  // A weak exponent of an unsigned base too.
  EXPECT_TRUE(fails(ev(AluOp::Pow, DType::Uint8, {I(2), I(-5)}),
                    {"negative exponent", "-5"}));
}

//===----------------------------------------------------------------------===//
// Where
//===----------------------------------------------------------------------===//

TEST(AluWhereTest, WhereChoosesAnArmWithoutRoundingIt) {
  for (DType dt : every()) {
    if (dt == DType::Void)
      continue;
    SCOPED_TRACE(toString(dt));
    Const x = isBool(dt) ? B(true) : isInt(dt) ? I(1) : kbits(dt, kNaN);
    Const y = isBool(dt) ? B(false) : isInt(dt) ? I(2) : kd(dt, -0.0);
    EXPECT_TRUE(isConst(ev(AluOp::Where, dt, {B(true), x, y}), x));
    EXPECT_TRUE(isConst(ev(AluOp::Where, dt, {B(false), x, y}), y));
  }
  // A signalling NaN arm is chosen as it is.
  EXPECT_TRUE(isBits(ev(AluOp::Where, DType::Float64,
                        {B(true), FB(0x7ff0000000000001ULL), F(0)}),
                     0x7ff0000000000001ULL));
}

} // namespace

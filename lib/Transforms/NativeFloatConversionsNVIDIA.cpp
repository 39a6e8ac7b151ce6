//===- NativeFloatConversionsNVIDIA.cpp - NVIDIA's fp8 instructions -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 and cvt.rn.f16x2.{e4m3x2,e5m2x2}
// (PTX ISA 7.8, sm_89 and later) for --tolk-native-float-conversions:
// rounding to nearest even and saturating a finite overflow are the
// instruction's own. For f8E4M3FN every non-finite lane is made a NaN ahead
// of the instruction and the sign of the NaN code is cleared after it
// (f8E4M3FN has no other NaN), so that no select on the source is needed.
//
//===----------------------------------------------------------------------===//

#include "NativeFloatConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tolk::native_fp8;
using tolk::LaneArith;

namespace {

class NVIDIAInstructions : public Fp8Instructions {
public:
  NVIDIAInstructions(unsigned sm, bool emulate) : Fp8Instructions(emulate) {
    // cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 and cvt.rn.f16x2.{e4m3x2,e5m2x2}:
    // PTX ISA 7.8, sm_89 (Ada) and later.
    ocp = sm >= 89;
  }

  /// f8E4M3FN: the instruction makes a NaN of a NaN, and an infinity is made
  /// one ahead of it.
  bool nonFiniteAhead(const tolk::NarrowFloatFormat &fmt) const override {
    return !fmt.hasInfinities() && !fmt.unsignedZero;
  }

  /// f8E4M3FN: an infinity becomes a NaN ahead of the instruction, which
  /// makes a NaN of it, so that no select on the source's bits is needed
  /// after it. x + x * 0 is x for every finite x (x * 0 is the zero of x's
  /// sign, exactly, and x + that zero is x, -0.0 included) and a NaN for an
  /// infinity or a NaN. Marked `contract`, so that LLVM makes one
  /// fma.rn.f32 of it: exact whether it does or not, since x * 0 is.
  Value prepareTruncate(LaneArith &lanes, Value x,
                        const tolk::NarrowFloatFormat &fmt) override {
    if (!nonFiniteAhead(fmt))
      return x;
    Value zero = lanes.floatConst(lanes.builder().getF32Type(), APFloat(0.0f));
    auto contract = arith::FastMathFlags::contract;
    return lanes.addf(x, lanes.mulf(x, zero, contract), contract);
  }

  Value truncate(ImplicitLocOpBuilder &b, Value x, FloatType fp8,
                 Type codesType) override {
    if (emulate)
      return satfiniteModel(b, x, fp8);
    // The pairs' codes are concatenated as they come, so that LLVM packs
    // the two bytes of each instruction into the word without taking them
    // apart.
    SmallVector<Value> in = splitLanes(b, x), pairs;
    for (size_t i = 0; i < in.size(); i += 2)
      pairs.push_back(
          truncatePair(b, in[i], i + 1 < in.size() ? in[i + 1] : in[i], fp8));
    return concatPairs(b, codesType, pairs);
  }

  /// Every non-finite lane gave a NaN, 0x7F or 0xFF (f8E4M3FN's only NaN
  /// codes; the sign is the chip's): 0x7F, Tolk's. A finite lane gave
  /// neither.
  Value finishNonFiniteAhead(ImplicitLocOpBuilder &b, Value codes) override {
    return clearNaNSign(b, codes);
  }

  Type extendedElementType(Builder &b) const override { return b.getF16Type(); }

  Value extend(ImplicitLocOpBuilder &b, Value codes, FloatType fp8,
               Type laneShape) override {
    SmallVector<Value> in = splitLanes(b, codes), values;
    for (size_t i = 0; i < in.size(); i += 2) {
      // A last odd lane is paired with a zero (a zero-extension of its
      // byte).
      Value lo = in[i];
      Value hi = i + 1 < in.size()
                     ? in[i + 1]
                     : Value(arith::ConstantIntOp::create(b, 0, 8));
      auto [v0, v1] = extendPair(b, lo, hi, fp8);
      values.push_back(v0);
      if (i + 1 < in.size())
        values.push_back(v1);
    }
    return fromLanes(b, laneShape, values);
  }

  /// satfinite saturates by itself.
  bool keepsSaturationClamp() const override { return false; }

private:
  /// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 of two f32 lanes: the two codes
  /// as a vector<2xi8>, `lo`'s first. The instruction puts operand a's code
  /// in the upper byte of d and b's in the lower one, which is element 0
  /// of the vector.
  static Value truncatePair(ImplicitLocOpBuilder &b, Value lo, Value hi,
                            FloatType fp8) {
    return NVVM::ConvertF32x2ToF8x2Op::create(
        b, VectorType::get({2}, b.getI8Type()), /*a=*/hi, /*b=*/lo,
        NVVM::FPRoundingMode::RN, NVVM::SaturationMode::SATFINITE,
        /*relu=*/false, fp8);
  }

  /// The codes of `pairs` (vector<2xi8>s, the last one's second element
  /// unused when the lanes are odd) as `type`, a scalar or a vector.
  static Value concatPairs(ImplicitLocOpBuilder &b, Type type,
                           ArrayRef<Value> pairs) {
    auto vec = dyn_cast<VectorType>(type);
    if (!vec)
      return vector::ExtractOp::create(b, pairs.front(), 0);
    int64_t n = vec.getNumElements();
    Value acc = pairs.front();
    int64_t len = 2;
    for (Value pair : pairs.drop_front()) {
      // Elements 0..len-1 are acc's, len and len+1 the pair's.
      SmallVector<int64_t> mask = llvm::to_vector(llvm::seq<int64_t>(0, len));
      int64_t accLen = len;
      for (int64_t j = 0; j < 2 && len < n; ++j, ++len)
        mask.push_back(accLen + j);
      acc = vector::ShuffleOp::create(b, acc, pair, mask);
    }
    if (len > n) // One lane, from the only pair.
      acc = vector::ShuffleOp::create(b, acc, acc, ArrayRef<int64_t>{0});
    return acc;
  }

  /// `codes` (f8E4M3FN, i8 of a lane shape) with 0xFF made 0x7F and every
  /// other code kept: c & ~(((c & 0x7F) + 1) & 0x80), bytewise. The byte
  /// sum cannot carry out of its byte (0x7F + 1 is 0x80), so a vector of 2,
  /// 4 or 8 lanes runs it on the bytes packed in integers: a handful of
  /// instructions for all the lanes, where a select would unpack them.
  /// (`emulate` keeps the bytes, which the folder evaluates.)
  Value clearNaNSign(ImplicitLocOpBuilder &b, Value codes) {
    Type type = codes.getType();
    auto vec = dyn_cast<VectorType>(type);
    Type work = type;
    unsigned bytes = 1;
    if (vec && !emulate) {
      int64_t n = vec.getNumElements();
      for (unsigned w : {8u, 4u, 2u})
        if (n % w == 0) {
          bytes = w;
          break;
        }
      if (bytes > 1)
        work = VectorType::get({n / bytes}, b.getIntegerType(8 * bytes));
    }
    LaneArith lanes(b, work);
    auto repeated = [&](uint8_t byte) {
      APInt v(8 * bytes, 0);
      for (unsigned i = 0; i < bytes; ++i)
        v.insertBits(APInt(8, byte), 8 * i);
      return lanes.intConst(b.getIntegerType(8 * bytes), v);
    };
    Value c = codes;
    if (work != type)
      c = vector::BitCastOp::create(b, cast<VectorType>(work), c);
    Value low = lanes.andi(c, repeated(0x7F));
    Value carry = lanes.addi(low, repeated(0x01));
    Value nanSign = lanes.andi(carry, repeated(0x80));
    Value r = lanes.andi(c, lanes.xori(nanSign, repeated(0xFF)));
    if (work != type)
      r = vector::BitCastOp::create(b, cast<VectorType>(type), r);
    return r;
  }

  /// Two codes extended by cvt.rn.f16x2.{e4m3x2,e5m2x2}: exact; element i
  /// of the vector<2xi8> (byte i of the b16 operand) gives element i of the
  /// f16x2.
  static std::pair<Value, Value> extendPair(ImplicitLocOpBuilder &b, Value lo,
                                            Value hi, FloatType fp8) {
    Type f16 = b.getF16Type();
    Value pair = vector::FromElementsOp::create(
        b, VectorType::get({2}, b.getI8Type()), ValueRange{lo, hi});
    Value halves = NVVM::ConvertF8x2ToF16x2Op::create(
        b, VectorType::get({2}, f16), pair, /*relu=*/false, fp8);
    return {vector::ExtractOp::create(b, halves, 0),
            vector::ExtractOp::create(b, halves, 1)};
  }

  /// The model of cvt.rn.satfinite (PTX ISA, cvt), on every lane: a value is
  /// clamped to the largest finite one of its sign (an infinity too) and
  /// rounded to nearest even; a NaN gives a NaN. PTX does not say which
  /// NaN: the model gives S.1111.111 with the source's sign (0x7F or 0xFF),
  /// so that the fix-ups are tested against NaN codes of both signs.
  static Value satfiniteModel(ImplicitLocOpBuilder &b, Value x, FloatType fp8) {
    tolk::NarrowFloatFormat fmt(fp8.getFloatSemantics());
    LaneArith lanes(b, x.getType());
    Type f32 = b.getF32Type(), i8 = b.getI8Type(), i32 = b.getI32Type();
    Value max = lanes.floatConst(f32, APFloat(fmt.maxValue()));
    Value min = lanes.floatConst(f32, APFloat(-fmt.maxValue()));
    Value clamped = lanes.minimumf(lanes.maximumf(x, min), max);
    Value rounded = roundModel(b, clamped, fp8);
    // On the bits: arith's folder does not fold cmpf on vectors.
    Value bits = lanes.bitcast(x, i32);
    using P = arith::CmpIPredicate;
    Value negative = lanes.cmpi(P::slt, bits, lanes.intConst(i32, 0));
    Value nan = lanes.select(negative, lanes.intConst(i8, 0xFF),
                             lanes.intConst(i8, 0x7F));
    Value isNaN =
        lanes.cmpi(P::ugt, lanes.andi(bits, lanes.intConst(i32, 0x7FFFFFFF)),
                   lanes.intConst(i32, 0x7F800000));
    return lanes.select(isNaN, nan, rounded);
  }
};

} // namespace

FailureOr<std::unique_ptr<Fp8Instructions>>
tolk::native_fp8::getNVIDIAInstructions(StringRef chip, bool emulate) {
  if (!chip.consume_front("sm_"))
    return failure();
  StringRef digits = chip.take_while(llvm::isDigit);
  StringRef suffix = chip.drop_front(digits.size());
  unsigned sm;
  if (digits.empty() || digits.getAsInteger(10, sm) ||
      !(suffix.empty() || suffix == "a" || suffix == "f"))
    return failure();
  return std::unique_ptr<Fp8Instructions>(
      std::make_unique<NVIDIAInstructions>(sm, emulate));
}

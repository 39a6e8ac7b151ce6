//===- NativeFloatConversions.cpp - 8-bit float conversion instructions ---===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-native-float-conversions{chip=...}: arith.truncf to and arith.extf
// from the 8-bit floats that the chip converts in hardware become its
// conversion instructions, with the fix-ups that make the result the folder's
// bit for bit. What the chip has no instruction for is left to
// --tolk-expand-float-conversions.
//
// The hardware is trusted only where its documented semantics and Tolk's
// agree: rounding a finite value to nearest even, saturating a finite
// overflow (after a clamp on AMD, whose instruction gives a NaN there),
// making a NaN of a NaN, and extending a finite code exactly. Every code
// that an infinity or a NaN makes, and every NaN an extension makes, is
// chosen here, so that a chip's choice of NaN (or infinity) never reaches
// the result: by a select on the source's bits, or, for f8E4M3FN on NVIDIA,
// by making every non-finite lane a NaN ahead of the instruction and
// clearing the sign of the NaN code after it (f8E4M3FN has no other NaN).
//
// tolk.saturating_truncf (what --convert-tolk-to-arith emits) states the
// saturation and the non-finite codes that the fix-ups give, so it maps to
// the instruction directly; on AMD the generic clamp of
// --tolk-expand-saturating-truncf goes ahead of the pass's own (LLVM makes
// one v_med3_f32 of both, where the pass's alone is a v_max_f32 and a
// v_min_f32 after the one that quiets a signalling NaN), and f8E5M2 keeps
// the generic NaN select after the fix-ups (redundant: they give a NaN lane
// that code already). A plain arith.truncf converts as the fix-ups have it
// too.
//
// `emulate` replaces each instruction by a model of its documented semantics
// written in arith (a truncf that --tolk-expand-float-conversions expands,
// after the clamp of satfinite), so that tests fold every conversion through
// the fix-ups on the CPU and compare it with the folder (docs/Lowering.md,
// "Native fp8 conversions").
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "tolk/Conversion/Utils/LaneArith.h"
#include "tolk/Conversion/Utils/NarrowFloatFormats.h"
#include "tolk/Conversion/Utils/SaturatingTruncF.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"

#include <optional>

namespace tolk {
#define GEN_PASS_DEF_TOLKNATIVEFLOATCONVERSIONS
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using tolk::LaneArith;

namespace {

/// What a chip converts natively.
struct ChipInfo {
  enum Vendor { NVIDIA, AMD } vendor;
  /// f8E4M3FN and f8E5M2 (NVIDIA sm_89+, AMD gfx950).
  bool ocp = false;
  /// f8E4M3FNUZ and f8E5M2FNUZ (AMD gfx940-gfx942).
  bool fnuz = false;

  bool isNative(Type t) const {
    if (isa<Float8E4M3FNType, Float8E5M2Type>(t))
      return ocp;
    if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(t))
      return fnuz;
    return false;
  }
};

/// Parses `chip`: sm_XX (with an optional letter suffix) or an AMD gfx name.
FailureOr<ChipInfo> parseChip(StringRef chip) {
  if (chip.consume_front("sm_")) {
    StringRef digits = chip.take_while(llvm::isDigit);
    StringRef suffix = chip.drop_front(digits.size());
    unsigned sm;
    if (digits.empty() || digits.getAsInteger(10, sm) ||
        !(suffix.empty() || suffix == "a" || suffix == "f"))
      return failure();
    ChipInfo info{ChipInfo::NVIDIA};
    // cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 and cvt.rn.f16x2.{e4m3x2,e5m2x2}:
    // PTX ISA 7.8, sm_89 (Ada) and later.
    info.ocp = sm >= 89;
    return info;
  }
  if (chip.starts_with("gfx")) {
    FailureOr<amdgpu::Chipset> chipset = amdgpu::Chipset::parse(chip);
    if (failed(chipset))
      return failure();
    ChipInfo info{ChipInfo::AMD};
    // v_cvt_pk_fp8_f32 / v_cvt_f32_fp8 (and the bf8 forms): the fnuz formats
    // on gfx940-gfx942, the OCP ones on gfx950. gfx12's OCP instructions
    // are not used yet (no llvm-mc test here).
    info.fnuz = chipset->majorVersion == 9 && chipset->minorVersion == 4;
    info.ocp = chipset->majorVersion == 9 && chipset->minorVersion == 5;
    return info;
  }
  return failure();
}

/// The 8-bit float facts the fix-ups need.
tolk::NarrowFloatFormat getFormat(Type t) {
  return tolk::NarrowFloatFormat(cast<FloatType>(t).getFloatSemantics());
}

/// `type` with its element type replaced by `elt`.
Type withElement(Type type, Type elt) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(elt);
  return elt;
}

/// A scalar, or a 1-D fixed-size vector: the shapes that are taken apart
/// into lanes (a kernel's values after --convert-tolk-to-gpu).
bool isLaneShape(Type t) {
  if (auto vec = dyn_cast<VectorType>(t))
    return vec.getRank() == 1 && !vec.isScalable();
  return !isa<ShapedType>(t);
}

/// Builds one conversion: the instructions (or their models) on lanes, and
/// the fix-ups on the whole value.
class Builder {
public:
  Builder(ImplicitLocOpBuilder &b, const ChipInfo &chip, bool emulate)
      : b(b), chip(chip), emulate(emulate) {}

  /// arith.truncf of `source` (f32 or narrower, scalar or 1-D vector) to
  /// `fp8`, as the storage bits (i8 of the source's shape).
  Value truncate(Value source, FloatType fp8) {
    tolk::NarrowFloatFormat fmt = getFormat(fp8);
    LaneArith lanes(b, source.getType());
    Type f32 = b.getF32Type(), i8 = b.getI8Type();
    using P = arith::CmpIPredicate;

    // f8E4M3FN on NVIDIA needs no select on the source (below).
    bool nanFirst = chip.vendor == ChipInfo::NVIDIA && !fmt.hasInfinities() &&
                    !fmt.unsignedZero;

    // The fix-ups' conditions, on the source's own bits: a widening to f32
    // may not keep a NaN's sign (PTX's cvt.f32.f16 gives the canonical NaN).
    auto srcElt = cast<FloatType>(getElementTypeOrSelf(source.getType()));
    unsigned w = srcElt.getWidth();
    unsigned mbits = srcElt.getFPMantissaWidth() - 1;
    uint64_t infBits = ((uint64_t(1) << (w - 1 - mbits)) - 1) << mbits;
    Type intTy = b.getIntegerType(w);
    Type i8Shape = lanes.of(i8);
    Value bits, abs, nonFinite;
    if (!nanFirst || (w != 32 && emulate)) {
      bits = lanes.bitcast(source, intTy);
      abs = lanes.andi(bits,
                       lanes.intConst(intTy, (uint64_t(1) << (w - 1)) - 1));
    }
    if (!nanFirst)
      nonFinite = lanes.cmpi(P::uge, abs, lanes.intConst(intTy, infBits));

    // f16 and bf16 extend to f32 exactly: one rounding.
    Value x = source;
    if (w != 32) {
      if (emulate) {
        // A signalling NaN does not fold through arith.extf; the model's
        // NaN lanes are replaced below whatever they are.
        x = lanes.select(
            lanes.cmpi(P::ugt, abs, lanes.intConst(intTy, infBits)),
            lanes.floatConst(srcElt,
                             APFloat::getQNaN(srcElt.getFloatSemantics())),
            x);
      }
      x = lanes.convert<arith::ExtFOp>(x, f32);
    }
    Value hwInput = x;
    if (nanFirst) {
      // f8E4M3FN on NVIDIA: an infinity becomes a NaN ahead of the
      // instruction, which makes a NaN of it, so that no select on the
      // source's bits is needed after it. x + x * 0 is x for every finite x
      // (x * 0 is the zero of x's sign, exactly, and x + that zero is x,
      // -0.0 included) and a NaN for an infinity or a NaN. Marked
      // `contract`, so that LLVM makes one fma.rn.f32 of it: exact whether
      // it does or not, since x * 0 is.
      Value zero = lanes.floatConst(f32, APFloat(0.0f));
      auto contract = arith::FastMathFlags::contract;
      hwInput = lanes.addf(x, lanes.mulf(x, zero, contract), contract);
    }
    if (chip.vendor == ChipInfo::AMD) {
      // v_cvt_pk_fp8_f32 gives the NaN for a finite overflow, where Tolk
      // saturates: clamp first (rounding a clamped value is saturating the
      // rounded one, since the bound is a code). A NaN or an infinity is
      // fixed up below, whatever the clamp made of it.
      Value max = lanes.floatConst(f32, APFloat(fmt.maxValue()));
      Value min = lanes.floatConst(f32, APFloat(-fmt.maxValue()));
      hwInput = lanes.minnumf(lanes.maxnumf(hwInput, min), max);
    }

    // The instruction, two lanes at a time (or its model, on the whole
    // value, which folds as one dense constant per op).
    Value hw;
    if (emulate) {
      hw = chip.vendor == ChipInfo::NVIDIA ? satfiniteModel(hwInput, fp8)
                                           : roundModel(hwInput, fp8);
    } else if (chip.vendor == ChipInfo::NVIDIA) {
      // The pairs' codes are concatenated as they come, so that LLVM packs
      // the two bytes of each instruction into the word without taking them
      // apart.
      SmallVector<Value> in = splitLanes(hwInput), pairs;
      for (size_t i = 0; i < in.size(); i += 2)
        pairs.push_back(truncatePairNVIDIA(
            in[i], i + 1 < in.size() ? in[i + 1] : in[i], fp8));
      hw = concatPairs(i8Shape, pairs);
    } else {
      SmallVector<Value> in = splitLanes(hwInput), codes;
      for (size_t i = 0; i < in.size(); i += 2) {
        Value lo = in[i], hi = i + 1 < in.size() ? in[i + 1] : in[i];
        auto [c0, c1] = truncatePair(lo, hi, fp8);
        codes.push_back(c0);
        if (i + 1 < in.size())
          codes.push_back(c1);
      }
      hw = fromLanes(i8Shape, codes);
    }

    // The fix-ups.
    if (nanFirst) {
      // Every non-finite lane gave a NaN, 0x7F or 0xFF (f8E4M3FN's only
      // NaN codes; the sign is the chip's): 0x7F, Tolk's. A finite lane
      // gave neither.
      return clearNaNSign(hw);
    }
    if (fmt.unsignedZero) {
      // No -0.0: a zero is +0.0 whatever the chip's sign (0x80 is the NaN).
      Value negZero = lanes.cmpi(P::eq, hw, lanes.intConst(i8, 0x80));
      hw = lanes.select(negZero, lanes.intConst(i8, 0), hw);
      // An infinity and a NaN are the one NaN.
      return lanes.select(nonFinite, lanes.intConst(i8, 0x80), hw);
    }
    if (!fmt.hasInfinities()) {
      // f8E4M3FN: an infinity and a NaN of either sign are 0x7F; satfinite
      // would give +-448 for an infinity.
      return lanes.select(nonFinite, lanes.intConst(i8, 0x7F), hw);
    }
    // f8E5M2: an infinity is itself and a NaN the NaN of its sign (0x7F,
    // 0xFF); satfinite would give +-57344 for an infinity.
    Value isNaN = lanes.cmpi(P::ugt, abs, lanes.intConst(intTy, infBits));
    Value sign = lanes.convert<arith::TruncIOp>(
        lanes.andi(lanes.shrui(bits, lanes.intConst(intTy, w - 8)),
                   lanes.intConst(intTy, 0x80)),
        i8);
    Value special = lanes.ori(
        lanes.select(isNaN, lanes.intConst(i8, 0x7F), lanes.intConst(i8, 0x7C)),
        sign);
    return lanes.select(nonFinite, special, hw);
  }

  /// arith.extf of the storage bits `codes` (i8, scalar or 1-D vector) of
  /// `fp8` values to `out` (f16, bf16, f32 or f64 of the same shape).
  Value extend(Value codes, FloatType fp8, Type out) {
    tolk::NarrowFloatFormat fmt = getFormat(fp8);
    LaneArith lanes(b, codes.getType());
    Type i8 = b.getI8Type();
    // The instruction gives f16 lanes on NVIDIA, f32 lanes on AMD.
    Type laneElt = chip.vendor == ChipInfo::NVIDIA ? Type(b.getF16Type())
                                                   : Type(b.getF32Type());
    Type laneShape = lanes.of(laneElt);
    Value hw;
    if (emulate) {
      hw = extendModel(codes, fp8, laneShape);
    } else {
      SmallVector<Value> in = splitLanes(codes), values;
      // v_cvt_f32_fp8 (v_cvt_f32_bf8) converts one byte.
      if (chip.vendor == ChipInfo::AMD)
        for (Value code : in)
          values.push_back(amdgpu::ExtPackedFp8Op::create(b, b.getF32Type(),
              arith::BitcastOp::create(b, fp8, code), 0));
      for (size_t i = 0; chip.vendor == ChipInfo::NVIDIA && i < in.size();
           i += 2) {
        // A last odd lane is paired with a zero (a zero-extension of its
        // byte).
        Value lo = in[i];
        Value hi = i + 1 < in.size()
                       ? in[i + 1]
                       : Value(arith::ConstantIntOp::create(b, 0, 8));
        auto [v0, v1] = extendPair(lo, hi, fp8);
        values.push_back(v0);
        if (i + 1 < in.size())
          values.push_back(v1);
      }
      hw = fromLanes(laneShape, values);
    }
    // Every finite 8-bit float value is exact in f16, bf16, f32 and f64.
    auto outElt = cast<FloatType>(getElementTypeOrSelf(out));
    if (outElt != laneElt) {
      if (outElt.getWidth() > cast<FloatType>(laneElt).getWidth()) {
        hw = arith::ExtFOp::create(b, out, hw);
      } else {
        // To bf16 (or f16 on AMD), through f32 where the lanes are f16.
        if (!laneElt.isF32())
          hw = arith::ExtFOp::create(b, withElement(out, b.getF32Type()),
                                     hw);
        hw = arith::TruncFOp::create(b, out, hw);
      }
    }

    // The NaN codes become Tolk's NaN, the quiet NaN with a zero payload,
    // in the result's format: positive, but of its code's sign in f8E5M2.
    // Chosen here so that the chip's NaN (and what the conversions after it
    // make of it) never reaches the result.
    using P = arith::CmpIPredicate;
    Value isNaN;
    if (fmt.unsignedZero) {
      isNaN = lanes.cmpi(P::eq, codes, lanes.intConst(i8, 0x80));
    } else {
      Value magnitude = lanes.andi(codes, lanes.intConst(i8, 0x7F));
      isNaN = fmt.hasInfinities()
                  ? lanes.cmpi(P::ugt, magnitude, lanes.intConst(i8, 0x7C))
                  : lanes.cmpi(P::eq, magnitude, lanes.intConst(i8, 0x7F));
    }
    const llvm::fltSemantics &sem = outElt.getFloatSemantics();
    Value nan = lanes.floatConst(outElt, APFloat::getQNaN(sem, false));
    if (fmt.hasInfinities()) {
      Value negative = lanes.cmpi(P::slt, codes, lanes.intConst(i8, 0));
      nan = lanes.select(
          negative,
          lanes.floatConst(outElt, APFloat::getQNaN(sem, true)),
          nan);
    }
    return lanes.select(isNaN, nan, hw);
  }

private:
  /// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 of two f32 lanes: the two codes
  /// as a vector<2xi8>, `lo`'s first. The instruction puts operand a's code
  /// in the upper byte of d and b's in the lower one, which is element 0
  /// of the vector.
  Value truncatePairNVIDIA(Value lo, Value hi, FloatType fp8) {
    return NVVM::ConvertF32x2ToF8x2Op::create(
        b, VectorType::get({2}, b.getI8Type()), /*a=*/hi, /*b=*/lo,
        NVVM::FPRoundingMode::RN, NVVM::SaturationMode::SATFINITE,
        /*relu=*/false, fp8);
  }

  /// The codes of `pairs` (vector<2xi8>s, the last one's second element
  /// unused when the lanes are odd) as `type`, a scalar or a vector.
  Value concatPairs(Type type, ArrayRef<Value> pairs) {
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
  Value clearNaNSign(Value codes) {
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

  /// The i8 codes of two f32 lanes converted by AMD's instruction.
  std::pair<Value, Value> truncatePair(Value lo, Value hi, FloatType fp8) {
    Type i8 = b.getI8Type();
    // v_cvt_pk_fp8_f32 (v_cvt_pk_bf8_f32): sourceA into byte 0, sourceB into
    // byte 1 of the low word.
    auto packed = VectorType::get({4}, fp8);
    Value word = amdgpu::PackedTrunc2xFp8Op::create(
        b, packed, lo, hi, b.getI32IntegerAttr(0), Value());
    Value bytes = arith::BitcastOp::create(b, VectorType::get({4}, i8), word);
    return {vector::ExtractOp::create(b, bytes, 0),
            vector::ExtractOp::create(b, bytes, 1)};
  }

  /// Two codes extended by cvt.rn.f16x2.{e4m3x2,e5m2x2}: exact; element i
  /// of the vector<2xi8> (byte i of the b16 operand) gives element i of the
  /// f16x2.
  std::pair<Value, Value> extendPair(Value lo, Value hi, FloatType fp8) {
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
  Value satfiniteModel(Value x, FloatType fp8) {
    tolk::NarrowFloatFormat fmt = getFormat(fp8);
    LaneArith lanes(b, x.getType());
    Type f32 = b.getF32Type(), i8 = b.getI8Type(), i32 = b.getI32Type();
    Value max = lanes.floatConst(f32, APFloat(fmt.maxValue()));
    Value min = lanes.floatConst(f32, APFloat(-fmt.maxValue()));
    Value clamped = lanes.minimumf(lanes.maximumf(x, min), max);
    Value rounded = roundModel(clamped, fp8);
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

  /// Round to nearest even, as an arith.truncf that
  /// --tolk-expand-float-conversions expands (docs/Semantics.md#truncate,
  /// checked against the folder by expand-float-conversions-table.mlir).
  Value roundModel(Value x, FloatType fp8) {
    LaneArith lanes(b, x.getType());
    Value t = lanes.convert<arith::TruncFOp>(x, fp8);
    return lanes.bitcast(t, b.getI8Type());
  }

  /// An exact extension, as an arith.extf that --tolk-expand-float-conversions
  /// expands.
  Value extendModel(Value codes, FloatType fp8, Type out) {
    LaneArith lanes(b, codes.getType());
    Value f = lanes.bitcast(codes, fp8);
    return arith::ExtFOp::create(b, out, f);
  }

  SmallVector<Value> splitLanes(Value v) {
    auto vec = dyn_cast<VectorType>(v.getType());
    if (!vec)
      return {v};
    SmallVector<Value> out;
    for (int64_t i = 0, e = vec.getNumElements(); i < e; ++i)
      out.push_back(vector::ExtractOp::create(b, v, i));
    return out;
  }

  Value fromLanes(Type type, ArrayRef<Value> lanes) {
    if (!isa<VectorType>(type))
      return lanes.front();
    return vector::FromElementsOp::create(b, type, lanes);
  }

  ImplicitLocOpBuilder &b;
  const ChipInfo &chip;
  bool emulate;
};

struct NativeFloatConversions
    : public tolk::impl::TolkNativeFloatConversionsBase<
          NativeFloatConversions> {
  using TolkNativeFloatConversionsBase::TolkNativeFloatConversionsBase;

  void runOnOperation() override {
    FailureOr<ChipInfo> info = parseChip(chip);
    if (failed(info)) {
      getOperation()->emitError()
          << "tolk-native-float-conversions: unknown chip '" << chip
          << "' (expected sm_XX or gfxXXX)";
      return signalPassFailure();
    }
    if (!info->ocp && !info->fnuz)
      return;

    // Collected first: the models that `emulate` builds are conversions
    // themselves, which --tolk-expand-float-conversions expands later.
    auto isNativeTrunc = [&](Value in, Type result) {
      auto src = cast<FloatType>(getElementTypeOrSelf(in));
      // An f64 source would round twice through f32 (no instruction
      // converts it directly); it stays for the software expansion.
      return info->isNative(getElementTypeOrSelf(result)) &&
             src.getWidth() <= 32 && isLaneShape(result);
    };
    SmallVector<Operation *> todo;
    getOperation()->walk([&](Operation *op) {
      if (auto sat = dyn_cast<tolk::SaturatingTruncFOp>(op)) {
        if (isNativeTrunc(sat.getIn(), sat.getType()))
          todo.push_back(op);
      } else if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        if (isNativeTrunc(trunc.getIn(), trunc.getType()) &&
            (!trunc.getRoundingmode() ||
             *trunc.getRoundingmode() == arith::RoundingMode::to_nearest_even))
          todo.push_back(op);
      } else if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
        if (info->isNative(getElementTypeOrSelf(ext.getIn())) &&
            isLaneShape(ext.getType()))
          todo.push_back(op);
      }
    });

    for (Operation *op : todo) {
      ImplicitLocOpBuilder b(op->getLoc(), op);
      Builder builder(b, *info, emulate);
      Value result;
      if (auto sat = dyn_cast<tolk::SaturatingTruncFOp>(op)) {
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(sat.getType()));
        LaneArith lanes(b, sat.getIn());
        Value source = sat.getIn(), finite;
        if (info->vendor == ChipInfo::AMD)
          source = tolk::clampToLargestFinite(lanes, source, fp8, finite);
        result = arith::BitcastOp::create(b, sat.getType(),
                                          builder.truncate(source, fp8));
        if (getFormat(fp8).hasInfinities())
          result = tolk::selectNonFiniteCodes(lanes, sat.getIn(), finite,
                                              result, fp8);
      } else if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(trunc.getType()));
        result = arith::BitcastOp::create(b, trunc.getType(),
                                          builder.truncate(trunc.getIn(), fp8));
      } else {
        auto ext = cast<arith::ExtFOp>(op);
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(ext.getIn()));
        Value codes = arith::BitcastOp::create(
            b, withElement(ext.getIn().getType(), b.getI8Type()),
            ext.getIn());
        result = builder.extend(codes, fp8, ext.getType());
      }
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
  }
};

} // namespace

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
// The conversion to an 8-bit float that --convert-tolk-to-arith emits
// saturates a finite overflow with a compare-and-select clamp and selects
// the NaN code for the non-finite lanes after the truncf. Both are redundant
// around the instructions, which saturate (or are clamped here) and whose
// fix-ups already give those lanes that code, so both are dropped where
// they are recognized exactly; what is not recognized stays, and is only
// slower.
//
// `emulate` replaces each instruction by a model of its documented semantics
// written in arith (a truncf that --tolk-expand-float-conversions expands,
// after the clamp of satfinite), so that tests fold every conversion through
// the fix-ups on the CPU and compare it with the folder (docs/Rationale.md,
// "Native fp8 conversions").
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "tolk/Conversion/Utils/NarrowFloatFormats.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>
#include <optional>

namespace tolk {
#define GEN_PASS_DEF_TOLKNATIVEFLOATCONVERSIONS
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;

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
  Builder(OpBuilder &b, Location loc, const ChipInfo &chip, bool emulate)
      : b(b), loc(loc), chip(chip), emulate(emulate) {}

  /// arith.truncf of `source` (f32 or narrower, scalar or 1-D vector) to
  /// `fp8`, as the storage bits (i8 of the source's shape).
  Value truncate(Value source, FloatType fp8) {
    tolk::NarrowFloatFormat fmt = getFormat(fp8);
    Type shape = withElement(source.getType(), b.getF32Type());
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
    Type intShape = withElement(shape, b.getIntegerType(w));
    Type i8Shape = withElement(shape, b.getI8Type());
    Value bits, abs, nonFinite;
    if (!nanFirst || (w != 32 && emulate)) {
      bits = arith::BitcastOp::create(b, loc, intShape, source);
      abs = andi(bits, c(intShape, (uint64_t(1) << (w - 1)) - 1));
    }
    if (!nanFirst)
      nonFinite = cmpi(P::uge, abs, c(intShape, infBits));

    // f16 and bf16 extend to f32 exactly: one rounding.
    Value x = source;
    if (w != 32) {
      if (emulate) {
        // A signalling NaN does not fold through arith.extf; the model's
        // NaN lanes are replaced below whatever they are.
        x = select(cmpi(P::ugt, abs, c(intShape, infBits)),
                   createScalarOrSplatConstant(
                       b, loc, source.getType(),
                       APFloat::getQNaN(srcElt.getFloatSemantics())),
                   x);
      }
      x = arith::ExtFOp::create(b, loc, shape, x);
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
      Value zero = createScalarOrSplatConstant(b, loc, shape, APFloat(0.0f));
      auto contract = arith::FastMathFlagsAttr::get(
          b.getContext(), arith::FastMathFlags::contract);
      hwInput = arith::AddFOp::create(
          b, loc, x, arith::MulFOp::create(b, loc, x, zero, contract),
          contract);
    }
    if (chip.vendor == ChipInfo::AMD) {
      // v_cvt_pk_fp8_f32 gives the NaN for a finite overflow, where Tolk
      // saturates: clamp first (rounding a clamped value is saturating the
      // rounded one, since the bound is a code). A NaN or an infinity is
      // fixed up below, whatever the clamp made of it.
      Value max =
          createScalarOrSplatConstant(b, loc, shape, APFloat(fmt.maxValue()));
      Value min =
          createScalarOrSplatConstant(b, loc, shape, APFloat(-fmt.maxValue()));
      hwInput = arith::MinNumFOp::create(
          b, loc, arith::MaxNumFOp::create(b, loc, hwInput, min), max);
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
      SmallVector<Value> in = lanes(hwInput), pairs;
      for (size_t i = 0; i < in.size(); i += 2)
        pairs.push_back(truncatePairNVIDIA(
            in[i], i + 1 < in.size() ? in[i + 1] : in[i], fp8));
      hw = concatPairs(i8Shape, pairs);
    } else {
      SmallVector<Value> in = lanes(hwInput), codes;
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
      Value negZero = cmpi(P::eq, hw, c(i8Shape, 0x80));
      hw = select(negZero, c(i8Shape, 0), hw);
      // An infinity and a NaN are the one NaN.
      return select(nonFinite, c(i8Shape, 0x80), hw);
    }
    if (!fmt.hasInfinities()) {
      // f8E4M3FN: an infinity and a NaN of either sign are 0x7F; satfinite
      // would give +-448 for an infinity.
      return select(nonFinite, c(i8Shape, 0x7F), hw);
    }
    // f8E5M2: an infinity is itself and a NaN the NaN of its sign (0x7F,
    // 0xFF); satfinite would give +-57344 for an infinity.
    Value isNaN = cmpi(P::ugt, abs, c(intShape, infBits));
    Value sign = arith::TruncIOp::create(
        b, loc, i8Shape,
        andi(arith::ShRUIOp::create(b, loc, bits, c(intShape, w - 8)),
             c(intShape, 0x80)));
    Value special = arith::OrIOp::create(
        b, loc, select(isNaN, c(i8Shape, 0x7F), c(i8Shape, 0x7C)), sign);
    return select(nonFinite, special, hw);
  }

  /// arith.extf of the storage bits `codes` (i8, scalar or 1-D vector) of
  /// `fp8` values to `out` (f16, bf16, f32 or f64 of the same shape).
  Value extend(Value codes, FloatType fp8, Type out) {
    tolk::NarrowFloatFormat fmt = getFormat(fp8);
    // The instruction gives f16 lanes on NVIDIA, f32 lanes on AMD.
    Type laneElt = chip.vendor == ChipInfo::NVIDIA ? Type(b.getF16Type())
                                                   : Type(b.getF32Type());
    Type laneShape = withElement(codes.getType(), laneElt);
    Value hw;
    if (emulate) {
      hw = extendModel(codes, fp8, laneShape);
    } else {
      SmallVector<Value> in = lanes(codes), values;
      // v_cvt_f32_fp8 (v_cvt_f32_bf8) converts one byte.
      if (chip.vendor == ChipInfo::AMD)
        for (Value code : in)
          values.push_back(amdgpu::ExtPackedFp8Op::create(
              b, loc, b.getF32Type(),
              arith::BitcastOp::create(b, loc, fp8, code), 0));
      for (size_t i = 0; chip.vendor == ChipInfo::NVIDIA && i < in.size();
           i += 2) {
        // A last odd lane is paired with a zero (a zero-extension of its
        // byte).
        Value lo = in[i];
        Value hi = i + 1 < in.size()
                       ? in[i + 1]
                       : Value(arith::ConstantIntOp::create(b, loc, 0, 8));
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
        hw = arith::ExtFOp::create(b, loc, out, hw);
      } else {
        // To bf16 (or f16 on AMD), through f32 where the lanes are f16.
        if (!laneElt.isF32())
          hw = arith::ExtFOp::create(b, loc, withElement(out, b.getF32Type()),
                                     hw);
        hw = arith::TruncFOp::create(b, loc, out, hw);
      }
    }

    // The NaN codes become Tolk's NaN, the quiet NaN with a zero payload,
    // in the result's format: positive, but of its code's sign in f8E5M2.
    // Chosen here so that the chip's NaN (and what the conversions after it
    // make of it) never reaches the result.
    Type i8Shape = codes.getType();
    using P = arith::CmpIPredicate;
    Value isNaN;
    if (fmt.unsignedZero) {
      isNaN = cmpi(P::eq, codes, c(i8Shape, 0x80));
    } else {
      Value magnitude = andi(codes, c(i8Shape, 0x7F));
      isNaN = fmt.hasInfinities() ? cmpi(P::ugt, magnitude, c(i8Shape, 0x7C))
                                  : cmpi(P::eq, magnitude, c(i8Shape, 0x7F));
    }
    const llvm::fltSemantics &sem = outElt.getFloatSemantics();
    Value nan =
        createScalarOrSplatConstant(b, loc, out, APFloat::getQNaN(sem, false));
    if (fmt.hasInfinities()) {
      Value negative = cmpi(P::slt, codes, c(i8Shape, 0));
      nan = select(
          negative,
          createScalarOrSplatConstant(b, loc, out, APFloat::getQNaN(sem, true)),
          nan);
    }
    return select(isNaN, nan, hw);
  }

  /// The one code that truncate() gives every infinity and NaN, in the
  /// formats that have one (all but f8E5M2).
  static std::optional<uint8_t> nonFiniteCode(FloatType fp8) {
    tolk::NarrowFloatFormat fmt = getFormat(fp8);
    if (fmt.hasInfinities())
      return std::nullopt;
    return fmt.unsignedZero ? 0x80 : 0x7F;
  }

private:
  /// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 of two f32 lanes: the two codes
  /// as a vector<2xi8>, `lo`'s first. The instruction puts operand a's code
  /// in the upper byte of d and b's in the lower one, which is element 0
  /// of the vector.
  Value truncatePairNVIDIA(Value lo, Value hi, FloatType fp8) {
    return NVVM::ConvertF32x2ToF8x2Op::create(
        b, loc, VectorType::get({2}, b.getI8Type()), /*a=*/hi, /*b=*/lo,
        NVVM::FPRoundingMode::RN, NVVM::SaturationMode::SATFINITE,
        /*relu=*/false, fp8);
  }

  /// The codes of `pairs` (vector<2xi8>s, the last one's second element
  /// unused when the lanes are odd) as `type`, a scalar or a vector.
  Value concatPairs(Type type, ArrayRef<Value> pairs) {
    auto vec = dyn_cast<VectorType>(type);
    if (!vec)
      return vector::ExtractOp::create(b, loc, pairs.front(), 0);
    int64_t n = vec.getNumElements();
    Value acc = pairs.front();
    int64_t len = 2;
    for (Value pair : pairs.drop_front()) {
      // Elements 0..len-1 are acc's, len and len+1 the pair's.
      SmallVector<int64_t> mask = llvm::to_vector(llvm::seq<int64_t>(0, len));
      int64_t accLen = len;
      for (int64_t j = 0; j < 2 && len < n; ++j, ++len)
        mask.push_back(accLen + j);
      acc = vector::ShuffleOp::create(b, loc, acc, pair, mask);
    }
    if (len > n) // One lane, from the only pair.
      acc = vector::ShuffleOp::create(b, loc, acc, acc, ArrayRef<int64_t>{0});
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
    auto repeated = [&](uint8_t byte) {
      APInt v(8 * bytes, 0);
      for (unsigned i = 0; i < bytes; ++i)
        v.insertBits(APInt(8, byte), 8 * i);
      return createScalarOrSplatConstant(b, loc, work, v);
    };
    Value c = codes;
    if (work != type)
      c = vector::BitCastOp::create(b, loc, cast<VectorType>(work), c);
    Value low = andi(c, repeated(0x7F));
    Value carry = arith::AddIOp::create(b, loc, low, repeated(0x01));
    Value nanSign = andi(carry, repeated(0x80));
    Value r = andi(c, arith::XOrIOp::create(b, loc, nanSign, repeated(0xFF)));
    if (work != type)
      r = vector::BitCastOp::create(b, loc, cast<VectorType>(type), r);
    return r;
  }

  /// The i8 codes of two f32 lanes converted by AMD's instruction.
  std::pair<Value, Value> truncatePair(Value lo, Value hi, FloatType fp8) {
    Type i8 = b.getI8Type();
    // v_cvt_pk_fp8_f32 (v_cvt_pk_bf8_f32): sourceA into byte 0, sourceB into
    // byte 1 of the low word.
    auto packed = VectorType::get({4}, fp8);
    Value word = amdgpu::PackedTrunc2xFp8Op::create(
        b, loc, packed, lo, hi, b.getI32IntegerAttr(0), Value());
    Value bytes =
        arith::BitcastOp::create(b, loc, VectorType::get({4}, i8), word);
    return {vector::ExtractOp::create(b, loc, bytes, 0),
            vector::ExtractOp::create(b, loc, bytes, 1)};
  }

  /// Two codes extended by cvt.rn.f16x2.{e4m3x2,e5m2x2}: exact; element i
  /// of the vector<2xi8> (byte i of the b16 operand) gives element i of the
  /// f16x2.
  std::pair<Value, Value> extendPair(Value lo, Value hi, FloatType fp8) {
    Type f16 = b.getF16Type();
    Value pair = vector::FromElementsOp::create(
        b, loc, VectorType::get({2}, b.getI8Type()), ValueRange{lo, hi});
    Value halves = NVVM::ConvertF8x2ToF16x2Op::create(
        b, loc, VectorType::get({2}, f16), pair, /*relu=*/false, fp8);
    return {vector::ExtractOp::create(b, loc, halves, 0),
            vector::ExtractOp::create(b, loc, halves, 1)};
  }

  /// The model of cvt.rn.satfinite (PTX ISA, cvt), on every lane: a value is
  /// clamped to the largest finite one of its sign (an infinity too) and
  /// rounded to nearest even; a NaN gives a NaN. PTX does not say which
  /// NaN: the model gives S.1111.111 with the source's sign (0x7F or 0xFF),
  /// so that the fix-ups are tested against NaN codes of both signs.
  Value satfiniteModel(Value x, FloatType fp8) {
    tolk::NarrowFloatFormat fmt = getFormat(fp8);
    Value max = createScalarOrSplatConstant(b, loc, x.getType(),
                                            APFloat(fmt.maxValue()));
    Value min = createScalarOrSplatConstant(b, loc, x.getType(),
                                            APFloat(-fmt.maxValue()));
    Value clamped = arith::MinimumFOp::create(
        b, loc, arith::MaximumFOp::create(b, loc, x, min), max);
    Value rounded = roundModel(clamped, fp8);
    Type i8Shape = rounded.getType();
    // On the bits: arith's folder does not fold cmpf on vectors.
    Type i32Shape = withElement(x.getType(), b.getI32Type());
    Value bits = arith::BitcastOp::create(b, loc, i32Shape, x);
    Value negative = cmpi(arith::CmpIPredicate::slt, bits, c(i32Shape, 0));
    Value nan = select(negative, c(i8Shape, 0xFF), c(i8Shape, 0x7F));
    Value isNaN =
        cmpi(arith::CmpIPredicate::ugt, andi(bits, c(i32Shape, 0x7FFFFFFF)),
             c(i32Shape, 0x7F800000));
    return select(isNaN, nan, rounded);
  }

  /// Round to nearest even, as an arith.truncf that
  /// --tolk-expand-float-conversions expands (docs/Semantics.md#truncate,
  /// checked against the folder by expand-float-conversions-table.mlir).
  Value roundModel(Value x, FloatType fp8) {
    Value t = arith::TruncFOp::create(b, loc, withElement(x.getType(), fp8), x);
    return arith::BitcastOp::create(b, loc,
                                    withElement(x.getType(), b.getI8Type()), t);
  }

  /// An exact extension, as an arith.extf that --tolk-expand-float-conversions
  /// expands.
  Value extendModel(Value codes, FloatType fp8, Type out) {
    Value f = arith::BitcastOp::create(
        b, loc, withElement(codes.getType(), fp8), codes);
    return arith::ExtFOp::create(b, loc, out, f);
  }

  SmallVector<Value> lanes(Value v) {
    auto vec = dyn_cast<VectorType>(v.getType());
    if (!vec)
      return {v};
    SmallVector<Value> out;
    for (int64_t i = 0, e = vec.getNumElements(); i < e; ++i)
      out.push_back(vector::ExtractOp::create(b, loc, v, i));
    return out;
  }

  Value fromLanes(Type type, ArrayRef<Value> lanes) {
    if (!isa<VectorType>(type))
      return lanes.front();
    return vector::FromElementsOp::create(b, loc, type, lanes);
  }

  Value c(Type type, int64_t v) {
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    return createScalarOrSplatConstant(b, loc, type,
                                       APInt(width, v, /*isSigned=*/v < 0));
  }
  Value andi(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value cmpi(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }

  OpBuilder &b;
  Location loc;
  const ChipInfo &chip;
  bool emulate;
};

//===----------------------------------------------------------------------===//
// The fix-ups of --convert-tolk-to-arith around the truncf
//===----------------------------------------------------------------------===//

/// The value of a float constant (a scalar or a splat), as a double.
std::optional<double> floatConstant(Value v) {
  APFloat f(0.0);
  if (!matchPattern(v, m_ConstantFloat(&f)))
    return std::nullopt;
  bool losesInfo;
  f.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  return f.convertToDouble();
}

/// The conjuncts of `c`, a tree of arith.andi.
void conjuncts(Value c, SmallVectorImpl<Value> &out) {
  if (auto a = c.getDefiningOp<arith::AndIOp>()) {
    conjuncts(a.getLhs(), out);
    conjuncts(a.getRhs(), out);
    return;
  }
  out.push_back(c);
}

/// Whether `c` is arith.cmpf with one of `preds` of `v` and the constant
/// `k`.
bool isCompare(Value c, Value v, ArrayRef<arith::CmpFPredicate> preds,
               double k) {
  auto cmp = c.getDefiningOp<arith::CmpFOp>();
  if (!cmp || cmp.getLhs() != v ||
      !llvm::is_contained(preds, cmp.getPredicate()))
    return false;
  std::optional<double> rhs = floatConstant(cmp.getRhs());
  return rhs && *rhs == k;
}

/// Whether `sel` is one side of a saturating clamp of `base`:
/// select(c, k, ...) with k = +-max and c implying both that `base` is past
/// k (an ordered compare) and that it is not the infinity of k's sign. A
/// NaN and an infinity therefore pass the clamp unchanged. Returns the side
/// (+1, -1) or 0.
int clampSide(arith::SelectOp sel, Value base, double max) {
  using P = arith::CmpFPredicate;
  std::optional<double> k = floatConstant(sel.getTrueValue());
  if (!k || (*k != max && *k != -max))
    return 0;
  bool upper = *k > 0;
  double inf = upper ? HUGE_VAL : -HUGE_VAL;
  SmallVector<Value> cs;
  conjuncts(sel.getCondition(), cs);
  bool past = llvm::any_of(cs, [&](Value c) {
    return upper ? isCompare(c, base, {P::OGT, P::OGE}, *k)
                 : isCompare(c, base, {P::OLT, P::OLE}, *k);
  });
  bool notInf = llvm::any_of(cs, [&](Value c) {
    return isCompare(c, base, {P::ONE, upper ? P::OLT : P::OGT}, inf);
  });
  return past && notInf ? (upper ? 1 : -1) : 0;
}

/// `in` without a saturating clamp to +-`max` ahead of it (what
/// --convert-tolk-to-arith's conversion to an 8-bit float emits, one select
/// a side), or `in`. Ahead of an instruction that saturates a finite
/// overflow itself (cvt.rn.satfinite; on AMD, the pass's own clamp) the
/// clamp changes no code: it only moves a finite value past the largest one
/// to that one, and leaves the non-finite lanes, which the fix-ups read,
/// unchanged.
Value peelSaturation(Value in, double max) {
  auto outer = in.getDefiningOp<arith::SelectOp>();
  if (!outer)
    return in;
  if (auto inner = outer.getFalseValue().getDefiningOp<arith::SelectOp>()) {
    Value base = inner.getFalseValue();
    int a = clampSide(outer, base, max), b = clampSide(inner, base, max);
    if (a && b && a != b)
      return base;
  }
  if (clampSide(outer, outer.getFalseValue(), max))
    return outer.getFalseValue();
  return in;
}

/// Whether `c` holds only on lanes where `v` is an infinity or a NaN: the
/// negation (arith.xori with true) of conjuncts that each hold for every
/// finite `v`, or arith.cmpf uno of `v` with itself.
bool impliesNonFinite(Value c, Value v) {
  using P = arith::CmpFPredicate;
  if (auto cmp = c.getDefiningOp<arith::CmpFOp>())
    return cmp.getPredicate() == P::UNO && cmp.getLhs() == v &&
           cmp.getRhs() == v;
  auto x = c.getDefiningOp<arith::XOrIOp>();
  if (!x)
    return false;
  Value finite;
  if (matchPattern(x.getRhs(), m_One()))
    finite = x.getLhs();
  else if (matchPattern(x.getLhs(), m_One()))
    finite = x.getRhs();
  else
    return false;
  SmallVector<Value> cs;
  conjuncts(finite, cs);
  return llvm::all_of(cs, [&](Value c) {
    if (auto cmp = c.getDefiningOp<arith::CmpFOp>();
        cmp && cmp.getPredicate() == P::ORD && cmp.getLhs() == v &&
        cmp.getRhs() == v)
      return true;
    return isCompare(c, v, {P::ONE, P::OLT}, HUGE_VAL) ||
           isCompare(c, v, {P::ONE, P::OGT}, -HUGE_VAL);
  });
}

/// Whether `v` is a constant (scalar or splat) 8-bit float of code `code`.
bool isCode(Value v, uint8_t code) {
  APFloat f(0.0);
  return matchPattern(v, m_ConstantFloat(&f)) &&
         f.bitcastToAPInt().getZExtValue() == code;
}

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
    SmallVector<Operation *> todo;
    getOperation()->walk([&](Operation *op) {
      if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        Type out = getElementTypeOrSelf(trunc.getType());
        auto in = cast<FloatType>(getElementTypeOrSelf(trunc.getIn()));
        // An f64 source would round twice through f32 (no instruction
        // converts it directly); it stays for the integer expansion.
        if (info->isNative(out) && in.getWidth() <= 32 &&
            isLaneShape(trunc.getType()) &&
            (!trunc.getRoundingmode() ||
             *trunc.getRoundingmode() == arith::RoundingMode::to_nearest_even))
          todo.push_back(op);
      } else if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
        if (info->isNative(getElementTypeOrSelf(ext.getIn())) &&
            isLaneShape(ext.getType()))
          todo.push_back(op);
      }
    });

    // What the fix-ups of --convert-tolk-to-arith leave dead.
    llvm::SetVector<Operation *> maybeDead;
    for (Operation *op : todo) {
      OpBuilder b(op);
      Builder builder(b, op->getLoc(), *info, emulate);
      Value result;
      if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(trunc.getType()));
        // The clamp goes on NVIDIA. On AMD it stays, which changes no code
        // either (the pass's own clamp follows), but LLVM makes one
        // v_med3_f32 of both, where the pass's alone is a v_max_f32 and a
        // v_min_f32 after the one that quiets a signalling NaN.
        Value base = peelSaturation(trunc.getIn(), getFormat(fp8).maxValue());
        Value source = info->vendor == ChipInfo::NVIDIA ? base : trunc.getIn();
        Value codes = builder.truncate(source, fp8);
        result =
            arith::BitcastOp::create(b, op->getLoc(), trunc.getType(), codes);
        // A select of the one non-finite code over the lanes where the
        // source is not finite changes nothing: those lanes are that code.
        // (`base` is the source on those lanes, where the clamp is the
        // identity.)
        if (std::optional<uint8_t> code = Builder::nonFiniteCode(fp8)) {
          for (OpOperand &use :
               llvm::make_early_inc_range(op->getResult(0).getUses())) {
            auto sel = dyn_cast<arith::SelectOp>(use.getOwner());
            if (sel && use.get() == sel.getFalseValue() &&
                sel.getTrueValue() != sel.getFalseValue() &&
                isCode(sel.getTrueValue(), *code) &&
                impliesNonFinite(sel.getCondition(), base)) {
              sel.replaceAllUsesWith(op->getResult(0));
              // Not the conversion itself (the select's false value),
              // which is erased below while the worklist still holds it.
              for (Value operand : sel->getOperands())
                if (Operation *def = operand.getDefiningOp(); def && def != op)
                  maybeDead.insert(def);
              sel.erase();
            }
          }
        }
        if (Operation *def = trunc.getIn().getDefiningOp())
          maybeDead.insert(def);
      } else {
        auto ext = cast<arith::ExtFOp>(op);
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(ext.getIn()));
        Value codes = arith::BitcastOp::create(
            b, op->getLoc(), withElement(ext.getIn().getType(), b.getI8Type()),
            ext.getIn());
        result = builder.extend(codes, fp8, ext.getType());
      }
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
    while (!maybeDead.empty()) {
      Operation *op = maybeDead.pop_back_val();
      if (!isOpTriviallyDead(op))
        continue;
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          maybeDead.insert(def);
      op->erase();
    }
  }
};

} // namespace

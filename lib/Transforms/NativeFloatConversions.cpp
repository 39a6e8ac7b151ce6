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
// This file holds the pass and the fix-ups, which are the same for every
// vendor; each vendor's instructions (and their models) are in
// NativeFloatConversionsNVIDIA.cpp and NativeFloatConversionsAMD.cpp, behind
// the interface of NativeFloatConversions.h.
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/Passes.h"

#include "NativeFloatConversions.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Lowering/SaturatingTruncF.h"

// The dialects the pass creates ops of (its generated base registers them).
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKNATIVEFLOATCONVERSIONS
#include "tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using namespace tolk::native_fp8;
using tolk::LaneArith;

//===----------------------------------------------------------------------===//
// Shared by the vendors
//===----------------------------------------------------------------------===//

bool Fp8Instructions::isNative(Type t) const {
  if (isa<Float8E4M3FNType, Float8E5M2Type>(t))
    return ocp;
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(t))
    return fnuz;
  return false;
}

Value Fp8Instructions::finishNonFiniteAhead(ImplicitLocOpBuilder &, Value) {
  llvm_unreachable("no fix-up ahead of this chip's instruction");
}

SmallVector<Value> tolk::native_fp8::splitLanes(ImplicitLocOpBuilder &b,
                                                Value v) {
  auto vec = dyn_cast<VectorType>(v.getType());
  if (!vec)
    return {v};
  SmallVector<Value> out;
  for (int64_t i = 0, e = vec.getNumElements(); i < e; ++i)
    out.push_back(vector::ExtractOp::create(b, v, i));
  return out;
}

Value tolk::native_fp8::fromLanes(ImplicitLocOpBuilder &b, Type type,
                                  ArrayRef<Value> lanes) {
  if (!isa<VectorType>(type))
    return lanes.front();
  return vector::FromElementsOp::create(b, type, lanes);
}

Value tolk::native_fp8::roundModel(ImplicitLocOpBuilder &b, Value x,
                                   FloatType fp8) {
  LaneArith lanes(b, x.getType());
  Value t = lanes.convert<arith::TruncFOp>(x, fp8);
  return lanes.bitcast(t, b.getI8Type());
}

//===----------------------------------------------------------------------===//
// The fix-ups
//===----------------------------------------------------------------------===//

namespace {

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

/// arith.truncf of `source` (f32 or narrower, scalar or 1-D vector) to
/// `fp8` by `chip`'s instruction, as the storage bits (i8 of the source's
/// shape).
Value truncate(ImplicitLocOpBuilder &b, Fp8Instructions &chip, bool emulate,
               Value source, FloatType fp8) {
  tolk::NarrowFloatFormat fmt = getFormat(fp8);
  LaneArith lanes(b, source.getType());
  Type f32 = b.getF32Type(), i8 = b.getI8Type();
  using P = arith::CmpIPredicate;

  // Where the chip's input is prepared so, no select on the source.
  bool nanFirst = chip.nonFiniteAhead(fmt);

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
    abs = lanes.andi(bits, lanes.intConst(intTy, (uint64_t(1) << (w - 1)) - 1));
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
  Value hw =
      chip.truncate(b, chip.prepareTruncate(lanes, x, fmt), fp8, i8Shape);

  // The fix-ups.
  if (nanFirst)
    return chip.finishNonFiniteAhead(b, hw);
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
/// `fp8` values to `out` (f16, bf16, f32 or f64 of the same shape) by
/// `chip`'s instruction.
Value extend(ImplicitLocOpBuilder &b, Fp8Instructions &chip, bool emulate,
             Value codes, FloatType fp8, Type out) {
  tolk::NarrowFloatFormat fmt = getFormat(fp8);
  LaneArith lanes(b, codes.getType());
  Type i8 = b.getI8Type();
  Type laneElt = chip.extendedElementType(b);
  Type laneShape = lanes.of(laneElt);
  Value hw;
  if (emulate) {
    // An exact extension, as an arith.extf that
    // --tolk-expand-float-conversions expands.
    hw = arith::ExtFOp::create(b, laneShape, lanes.bitcast(codes, fp8));
  } else {
    hw = chip.extend(b, codes, fp8, laneShape);
  }
  // Every finite 8-bit float value is exact in f16, bf16, f32 and f64.
  auto outElt = cast<FloatType>(getElementTypeOrSelf(out));
  if (outElt != laneElt) {
    if (outElt.getWidth() > cast<FloatType>(laneElt).getWidth()) {
      hw = arith::ExtFOp::create(b, out, hw);
    } else {
      // To bf16 (or f16 on AMD), through f32 where the lanes are f16.
      if (!laneElt.isF32())
        hw = arith::ExtFOp::create(b, withElement(out, b.getF32Type()), hw);
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
        negative, lanes.floatConst(outElt, APFloat::getQNaN(sem, true)), nan);
  }
  return lanes.select(isNaN, nan, hw);
}

/// The instructions of `chip`: sm_XX (with an optional letter suffix) or an
/// AMD gfx name.
FailureOr<std::unique_ptr<Fp8Instructions>> getInstructions(StringRef chip,
                                                            bool emulate) {
  if (chip.starts_with("sm_"))
    return getNVIDIAInstructions(chip, emulate);
  return getAMDInstructions(chip, emulate);
}

struct NativeFloatConversions
    : public tolk::impl::TolkNativeFloatConversionsBase<
          NativeFloatConversions> {
  using TolkNativeFloatConversionsBase::TolkNativeFloatConversionsBase;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<Fp8Instructions>> info =
        getInstructions(chip, emulate);
    if (failed(info)) {
      getOperation()->emitError()
          << "tolk-native-float-conversions: unknown chip '" << chip
          << "' (expected sm_XX or gfxXXX)";
      return signalPassFailure();
    }
    Fp8Instructions &instructions = **info;
    if (!instructions.hasAny())
      return markAllAnalysesPreserved();

    // Collected first: the models that `emulate` builds are conversions
    // themselves, which --tolk-expand-float-conversions expands later.
    auto isNativeTrunc = [&](Value in, Type result) {
      auto src = cast<FloatType>(getElementTypeOrSelf(in));
      // An f64 source would round twice through f32 (no instruction
      // converts it directly); it stays for the software expansion.
      return instructions.isNative(getElementTypeOrSelf(result)) &&
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
        if (instructions.isNative(getElementTypeOrSelf(ext.getIn())) &&
            isLaneShape(ext.getType()))
          todo.push_back(op);
      }
    });
    if (todo.empty())
      return markAllAnalysesPreserved();

    for (Operation *op : todo) {
      ImplicitLocOpBuilder b(op->getLoc(), op);
      Value result;
      if (auto sat = dyn_cast<tolk::SaturatingTruncFOp>(op)) {
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(sat.getType()));
        LaneArith lanes(b, sat.getIn());
        Value source = sat.getIn(), finite;
        if (instructions.keepsSaturationClamp())
          source = tolk::clampToLargestFinite(lanes, source, fp8, finite);
        result = arith::BitcastOp::create(
            b, sat.getType(), truncate(b, instructions, emulate, source, fp8));
        if (getFormat(fp8).hasInfinities())
          result = tolk::selectNonFiniteCodes(lanes, sat.getIn(), finite,
                                              result, fp8);
      } else if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(trunc.getType()));
        result = arith::BitcastOp::create(
            b, trunc.getType(),
            truncate(b, instructions, emulate, trunc.getIn(), fp8));
      } else {
        auto ext = cast<arith::ExtFOp>(op);
        auto fp8 = cast<FloatType>(getElementTypeOrSelf(ext.getIn()));
        Value codes = arith::BitcastOp::create(
            b, withElement(ext.getIn().getType(), b.getI8Type()), ext.getIn());
        result = extend(b, instructions, emulate, codes, fp8, ext.getType());
      }
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
  }
};

} // namespace

//===- NativeFloatConversionsAMD.cpp - AMD's fp8 instructions -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// v_cvt_pk_fp8_f32 / v_cvt_f32_fp8 (and the bf8 forms) for
// --tolk-native-float-conversions: the fnuz formats on gfx940-gfx942, the OCP
// ones on gfx950. The instruction rounds to nearest even but gives the NaN
// for a finite overflow, so its input is clamped to the largest finite value
// first.
//
//===----------------------------------------------------------------------===//

#include "NativeFloatConversions.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tolk::native_fp8;
using tolk::LaneArith;

namespace {

class AMDInstructions : public Fp8Instructions {
public:
  AMDInstructions(const amdgpu::Chipset &chipset, bool emulate)
      : Fp8Instructions(emulate) {
    // gfx12's OCP instructions are not used yet (no llvm-mc test here).
    fnuz = chipset.majorVersion == 9 && chipset.minorVersion == 4;
    ocp = chipset.majorVersion == 9 && chipset.minorVersion == 5;
  }

  /// v_cvt_pk_fp8_f32 gives the NaN for a finite overflow, where Tolk
  /// saturates: clamp first (rounding a clamped value is saturating the
  /// rounded one, since the bound is a code). A NaN or an infinity is fixed
  /// up after it, whatever the clamp made of it.
  Value prepareTruncate(LaneArith &lanes, Value x,
                        const tolk::NarrowFloatFormat &fmt) override {
    Type f32 = lanes.builder().getF32Type();
    Value max = lanes.floatConst(f32, APFloat(fmt.maxValue()));
    Value min = lanes.floatConst(f32, APFloat(-fmt.maxValue()));
    return lanes.minnumf(lanes.maxnumf(x, min), max);
  }

  /// The instruction, two lanes at a time (or its model, on the whole value,
  /// which folds as one dense constant per op).
  Value truncate(ImplicitLocOpBuilder &b, Value x, FloatType fp8,
                 Type codesType) override {
    if (emulate)
      return roundModel(b, x, fp8);
    SmallVector<Value> in = splitLanes(b, x), codes;
    for (size_t i = 0; i < in.size(); i += 2) {
      Value lo = in[i], hi = i + 1 < in.size() ? in[i + 1] : in[i];
      auto [c0, c1] = truncatePair(b, lo, hi, fp8);
      codes.push_back(c0);
      if (i + 1 < in.size())
        codes.push_back(c1);
    }
    return fromLanes(b, codesType, codes);
  }

  Type extendedElementType(Builder &b) const override { return b.getF32Type(); }

  /// v_cvt_f32_fp8 (v_cvt_f32_bf8) converts one byte.
  Value extend(ImplicitLocOpBuilder &b, Value codes, FloatType fp8,
               Type laneShape) override {
    SmallVector<Value> values;
    for (Value code : splitLanes(b, codes))
      values.push_back(amdgpu::ExtPackedFp8Op::create(
          b, b.getF32Type(), arith::BitcastOp::create(b, fp8, code), 0));
    return fromLanes(b, laneShape, values);
  }

  /// The generic clamp goes ahead of the pass's own: LLVM makes one
  /// v_med3_f32 of both, where the pass's alone is a v_max_f32 and a
  /// v_min_f32 after the one that quiets a signalling NaN.
  bool keepsSaturationClamp() const override { return true; }

private:
  /// The i8 codes of two f32 lanes converted by v_cvt_pk_fp8_f32
  /// (v_cvt_pk_bf8_f32): sourceA into byte 0, sourceB into byte 1 of the low
  /// word.
  static std::pair<Value, Value> truncatePair(ImplicitLocOpBuilder &b, Value lo,
                                              Value hi, FloatType fp8) {
    Type i8 = b.getI8Type();
    auto packed = VectorType::get({4}, fp8);
    Value word = amdgpu::PackedTrunc2xFp8Op::create(
        b, packed, lo, hi, b.getI32IntegerAttr(0), Value());
    Value bytes = arith::BitcastOp::create(b, VectorType::get({4}, i8), word);
    return {vector::ExtractOp::create(b, bytes, 0),
            vector::ExtractOp::create(b, bytes, 1)};
  }
};

} // namespace

FailureOr<std::unique_ptr<Fp8Instructions>>
tolk::native_fp8::getAMDInstructions(StringRef chip, bool emulate) {
  if (!chip.starts_with("gfx"))
    return failure();
  FailureOr<amdgpu::Chipset> chipset = amdgpu::Chipset::parse(chip);
  if (failed(chipset))
    return failure();
  return std::unique_ptr<Fp8Instructions>(
      std::make_unique<AMDInstructions>(*chipset, emulate));
}

//===- NativeFloatConversions.h - One vendor's fp8 instructions -*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Private to --tolk-native-float-conversions: what the pass and its
// vendor-independent fix-ups (NativeFloatConversions.cpp) ask of one
// vendor's 8-bit float conversion instructions (NativeFloatConversionsNVIDIA
// .cpp, NativeFloatConversionsAMD.cpp), and the lane helpers they share.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_TRANSFORMS_NATIVEFLOATCONVERSIONS_H
#define LIB_TRANSFORMS_NATIVEFLOATCONVERSIONS_H

#include "tolk/Lowering/LaneArith.h"
#include "tolk/Lowering/NarrowFloatFormats.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Support/LLVM.h"

#include <memory>

namespace tolk::native_fp8 {

/// One chip's conversion instructions between f32 (or f16 on NVIDIA) lanes
/// and 8-bit float codes. With `emulate`, each instruction is replaced by a
/// model of its documented semantics written in arith, which folds on the
/// CPU.
class Fp8Instructions {
public:
  Fp8Instructions(bool emulate) : emulate(emulate) {}
  virtual ~Fp8Instructions() = default;

  /// Whether the chip converts `t` (an 8-bit float) in hardware.
  bool isNative(mlir::Type t) const;
  /// Whether it converts any 8-bit float.
  bool hasAny() const { return ocp || fnuz; }

  /// Whether the fix-ups of a truncation to `fmt` are left to
  /// finishNonFiniteAhead: the input is prepared so that the instruction
  /// makes a NaN of every non-finite lane, and no select on the source's
  /// bits is needed after it.
  virtual bool nonFiniteAhead(const NarrowFloatFormat &fmt) const {
    return false;
  }
  /// The f32 lanes `x` made ready for the instruction (what it gets wrong
  /// that a change of its input mends).
  virtual mlir::Value prepareTruncate(LaneArith &lanes, mlir::Value x,
                                      const NarrowFloatFormat &fmt) = 0;
  /// The instruction (or its model) on the f32 lanes `x`: the codes of
  /// `fp8` as `codesType` (i8 lanes of x's shape).
  virtual mlir::Value truncate(mlir::ImplicitLocOpBuilder &b, mlir::Value x,
                               mlir::FloatType fp8, mlir::Type codesType) = 0;
  /// The fix-up after a truncation that nonFiniteAhead chose.
  virtual mlir::Value finishNonFiniteAhead(mlir::ImplicitLocOpBuilder &b,
                                           mlir::Value codes);
  /// The float type the extending instruction gives.
  virtual mlir::Type extendedElementType(mlir::Builder &b) const = 0;
  /// The extending instruction on the i8 `codes` of `fp8`: lanes of
  /// `laneShape` (extendedElementType in the codes' shape).
  virtual mlir::Value extend(mlir::ImplicitLocOpBuilder &b, mlir::Value codes,
                             mlir::FloatType fp8, mlir::Type laneShape) = 0;
  /// Whether tolk.saturating_truncf keeps its generic clamp ahead of the
  /// instruction (LLVM merges it with the pass's own).
  virtual bool keepsSaturationClamp() const = 0;

protected:
  /// f8E4M3FN and f8E5M2 (NVIDIA sm_89+, AMD gfx950).
  bool ocp = false;
  /// f8E4M3FNUZ and f8E5M2FNUZ (AMD gfx940-gfx942).
  bool fnuz = false;
  bool emulate;
};

/// The instructions of an NVIDIA chip sm_XX (with an optional letter
/// suffix), or failure for a malformed name.
mlir::FailureOr<std::unique_ptr<Fp8Instructions>>
getNVIDIAInstructions(llvm::StringRef chip, bool emulate);
/// The instructions of an AMD chip gfxXXX, or failure.
mlir::FailureOr<std::unique_ptr<Fp8Instructions>>
getAMDInstructions(llvm::StringRef chip, bool emulate);

/// The lanes of `v` (a scalar, or a 1-D vector) one by one.
llvm::SmallVector<mlir::Value> splitLanes(mlir::ImplicitLocOpBuilder &b,
                                          mlir::Value v);
/// `lanes` as a value of `type` (a scalar, or a 1-D vector).
mlir::Value fromLanes(mlir::ImplicitLocOpBuilder &b, mlir::Type type,
                      llvm::ArrayRef<mlir::Value> lanes);
/// Round to nearest even, as an arith.truncf that
/// --tolk-expand-float-conversions expands (docs/Semantics.md#truncate,
/// checked against the folder by expand-float-conversions-table.mlir): the
/// codes as i8.
mlir::Value roundModel(mlir::ImplicitLocOpBuilder &b, mlir::Value x,
                       mlir::FloatType fp8);

} // namespace tolk::native_fp8

#endif // LIB_TRANSFORMS_NATIVEFLOATCONVERSIONS_H

//===- SaturatingTruncF.h - tolk.saturating_truncf in arith -----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The generic expansion of tolk.saturating_truncf: a clamp to the largest
// finite value, an arith.truncf (round to nearest even, which then decides
// only finite values in range and f8E5M2's infinities), and a select of the
// format's NaN codes over the lanes that are not finite. Its two halves are
// also what --tolk-native-float-conversions keeps around an instruction.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LOWERING_SATURATINGTRUNCF_H
#define TOLK_LOWERING_SATURATINGTRUNCF_H

#include "tolk/Lowering/LaneArith.h"

#include "mlir/IR/BuiltinTypes.h"

namespace tolk {

/// `v` (lanes of a float of 16 bits or more) with each finite lane past the
/// largest finite value of the 8-bit float `dst` moved to that value, of its
/// sign; infinities and NaNs unchanged. `finite` is set to the lanes of `v`
/// that are finite.
mlir::Value clampToLargestFinite(LaneArith &lanes, mlir::Value v,
                                 mlir::FloatType dst, mlir::Value &finite);

/// `r` (the 8-bit float `dst` of `v`) with the lanes where `v` is not finite
/// replaced by their code: f8E5M2's NaN of `v`'s sign (its infinities are
/// `r`'s), the one NaN of the other formats. `finite` is what
/// clampToLargestFinite gave (unused for f8E5M2).
mlir::Value selectNonFiniteCodes(LaneArith &lanes, mlir::Value v,
                                 mlir::Value finite, mlir::Value r,
                                 mlir::FloatType dst);

/// tolk.saturating_truncf of `v` to `dst` in arith: the clamp, arith.truncf,
/// and the select.
mlir::Value expandSaturatingTruncF(mlir::ImplicitLocOpBuilder &b, mlir::Value v,
                                   mlir::FloatType dst);

} // namespace tolk

#endif // TOLK_LOWERING_SATURATINGTRUNCF_H

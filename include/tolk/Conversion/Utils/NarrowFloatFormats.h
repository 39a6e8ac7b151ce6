//===- NarrowFloatFormats.h - Layouts of the narrow floats ------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The bit layout and the special codes of the narrow float formats (the four
// 8-bit floats and bf16) that the software and native conversions build
// with, read from llvm::fltSemantics rather than written down again.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_UTILS_NARROWFLOATFORMATS_H
#define TOLK_CONVERSION_UTILS_NARROWFLOATFORMATS_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"

#include <cstdint>
#include <optional>

namespace tolk {

struct NarrowFloatFormat {
  /// The layout of `semantics` (a binary format with a sign bit).
  explicit NarrowFloatFormat(const llvm::fltSemantics &semantics);

  const llvm::fltSemantics *semantics;
  unsigned width, ebits, mbits;
  int bias;
  /// No infinities; only S.1111.111 is a NaN (f8E4M3FN).
  bool finiteOnly;
  /// No infinities, no -0.0: 0x80 is the one NaN (the fnuz formats).
  bool unsignedZero;

  /// Has infinities and a NaN of each sign (f8E5M2, bf16).
  bool hasInfinities() const { return !finiteOnly && !unsignedZero; }
  /// 8-bit floats saturate a finite overflow (docs/Semantics.md); bf16
  /// overflows to an infinity.
  bool saturates() const { return width == 8; }
  uint64_t signBit() const { return uint64_t(1) << (width - 1); }
  uint64_t expAllOnes() const {
    return ((uint64_t(1) << ebits) - 1) << mbits;
  }
  /// The largest finite code.
  uint64_t maxCode() const;
  /// The largest finite value.
  float maxValue() const;
  /// The code of an 8-bit NaN of sign `negative`, as the folder makes it:
  /// only f8E5M2 has a negative NaN.
  uint64_t nanCode8(bool negative) const {
    if (unsignedZero)
      return signBit();
    if (finiteOnly || !negative)
      return signBit() - 1;
    return (signBit() << 1) - 1;
  }
};

/// The format of `type` when it is an 8-bit float, or bf16 with
/// `includeBf16`.
std::optional<NarrowFloatFormat> getNarrowFloatFormat(mlir::Type type,
                                                      bool includeBf16);

} // namespace tolk

#endif // TOLK_CONVERSION_UTILS_NARROWFLOATFORMATS_H

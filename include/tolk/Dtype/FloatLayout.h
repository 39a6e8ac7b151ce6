//===- FloatLayout.h - The bit layout of a binary float format --*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The layout and the special codes of a binary float format (a sign bit, an
// exponent, an explicit fraction), read from llvm::fltSemantics rather than
// written down again: the one description of the formats that the folder
// (lib/Dtype) and the lowerings' software and native conversions build
// with. Header-only, on LLVM Support alone.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DTYPE_FLOATLAYOUT_H
#define TOLK_DTYPE_FLOATLAYOUT_H

#include "llvm/ADT/APFloat.h"

#include <cstdint>

namespace tolk::dtype {

struct FloatLayout {
  /// The layout of `sem` (a binary format with a sign bit).
  explicit FloatLayout(const llvm::fltSemantics &sem)
      : semantics(&sem), width(llvm::APFloat::semanticsSizeInBits(sem)),
        ebits(width - llvm::APFloat::semanticsPrecision(sem)),
        mbits(llvm::APFloat::semanticsPrecision(sem) - 1),
        bias(1 - llvm::APFloat::semanticsMinExponent(sem)),
        // A format whose NaN is the negative zero's code has no -0.0.
        unsignedZero(
            !llvm::APFloat::getZero(sem, /*Negative=*/true).isNegative()),
        finiteOnly(!llvm::APFloat::semanticsHasInf(sem) && !unsignedZero) {}

  const llvm::fltSemantics *semantics;
  /// The width of the encoding, its exponent and explicit fraction bits.
  unsigned width, ebits, mbits;
  int bias;
  /// No infinities, no -0.0: 0x80 is the one NaN (the fnuz formats).
  bool unsignedZero;
  /// No infinities; only S.1111.111 is a NaN (f8E4M3FN).
  bool finiteOnly;

  /// Has infinities and a NaN of each sign (the IEEE formats, f8E5M2).
  bool hasInfinities() const { return !finiteOnly && !unsignedZero; }
  bool isFp8() const { return width == 8; }
  /// 8-bit floats saturate a finite overflow (docs/Semantics.md#8-bit-floats);
  /// the wider formats overflow to an infinity.
  bool saturates() const { return isFp8(); }
  uint64_t signBit() const { return uint64_t(1) << (width - 1); }
  uint64_t expAllOnes() const { return ((uint64_t(1) << ebits) - 1) << mbits; }
  /// The largest finite code (of a format of 64 bits at most).
  uint64_t maxCode() const {
    return llvm::APFloat::getLargest(*semantics)
        .bitcastToAPInt()
        .getZExtValue();
  }
  /// The largest finite value, as an f32 (exact for the 8-bit floats and
  /// bf16).
  float maxValue() const {
    bool losesInfo = false;
    llvm::APFloat largest = llvm::APFloat::getLargest(*semantics);
    largest.convert(llvm::APFloat::IEEEsingle(),
                    llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    return largest.convertToFloat();
  }
  /// The code of an 8-bit NaN of sign `negative`, as the folder makes it
  /// in a conversion: only f8E5M2 has a negative NaN.
  uint64_t nanCode8(bool negative) const {
    if (unsignedZero)
      return signBit();
    if (finiteOnly || !negative)
      return signBit() - 1;
    return (signBit() << 1) - 1;
  }
};

} // namespace tolk::dtype

#endif // TOLK_DTYPE_FLOATLAYOUT_H

//===- NarrowFloatFormats.cpp - Layouts of the narrow floats --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/Utils/NarrowFloatFormats.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using llvm::APFloat;

tolk::NarrowFloatFormat::NarrowFloatFormat(const llvm::fltSemantics &sem)
    : semantics(&sem), width(APFloat::semanticsSizeInBits(sem)),
      ebits(width - APFloat::semanticsPrecision(sem)),
      mbits(APFloat::semanticsPrecision(sem) - 1),
      bias(1 - APFloat::semanticsMinExponent(sem)) {
  // A format whose NaN is the negative zero's code has no -0.0.
  unsignedZero = !APFloat::getZero(sem, /*Negative=*/true).isNegative();
  finiteOnly = !APFloat::semanticsHasInf(sem) && !unsignedZero;
}

uint64_t tolk::NarrowFloatFormat::maxCode() const {
  return APFloat::getLargest(*semantics).bitcastToAPInt().getZExtValue();
}

float tolk::NarrowFloatFormat::maxValue() const {
  bool losesInfo = false;
  APFloat largest = APFloat::getLargest(*semantics);
  largest.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return largest.convertToFloat();
}

std::optional<tolk::NarrowFloatFormat>
tolk::getNarrowFloatFormat(Type type, bool includeBf16) {
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
          Float8E5M2FNUZType>(type) ||
      (includeBf16 && isa<BFloat16Type>(type)))
    return NarrowFloatFormat(cast<FloatType>(type).getFloatSemantics());
  return std::nullopt;
}

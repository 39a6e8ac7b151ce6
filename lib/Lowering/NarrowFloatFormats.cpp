//===- NarrowFloatFormats.cpp - Layouts of the narrow floats --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Lowering/NarrowFloatFormats.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

std::optional<tolk::NarrowFloatFormat>
tolk::getNarrowFloatFormat(Type type, bool includeBf16) {
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
          Float8E5M2FNUZType>(type) ||
      (includeBf16 && isa<BFloat16Type>(type)))
    return NarrowFloatFormat(cast<FloatType>(type).getFloatSemantics());
  return std::nullopt;
}

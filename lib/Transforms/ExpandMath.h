//===- ExpandMath.h - Shared parts of the math expansions -------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_TRANSFORMS_EXPANDMATH_H
#define TOLK_LIB_TRANSFORMS_EXPANDMATH_H

#include "tolk/Lowering/LaneArith.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace tolk {

/// C99's pow (Annex F) of lanes of f32 or f64, which the folder computes
/// (lib/Dtype's floatPow): its special cases as selects around
/// `core(x, y)`, which gets a positive finite x and a finite y.
mlir::Value
buildC99Pow(LaneArith &la, mlir::Value x, mlir::Value y,
            llvm::function_ref<mlir::Value(mlir::Value, mlir::Value)> core);

} // namespace tolk

#endif // TOLK_LIB_TRANSFORMS_EXPANDMATH_H

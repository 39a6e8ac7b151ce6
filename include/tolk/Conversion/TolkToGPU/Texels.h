//===- Texels.h - The bounds rule of texel accesses -------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What every lowering of tolk.image_load and tolk.image_store computes
// itself, whatever the target's image hardware does outside an image
// (docs/Semantics.md#images): whether the texel is inside the image.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_TOLKTOGPU_TEXELS_H
#define TOLK_CONVERSION_TOLKTOGPU_TEXELS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace tolk {

class PtrType;

/// An i1 that is true when the texel at `coordinate` (a `vector<2xi32>`, x
/// then y) is inside `image` (x < w and y < h, compared unsigned, so that a
/// negative coordinate is outside) and `gate`, when given, is true.
mlir::Value buildTexelInside(mlir::OpBuilder &b, mlir::Location loc,
                             PtrType image, mlir::Value coordinate,
                             mlir::Value gate);

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOGPU_TEXELS_H

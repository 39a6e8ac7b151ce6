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
// (docs/Semantics.md#images): whether the texel is inside the image, and
// what a load gives outside it or gated off.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_TOLKTOGPU_TEXELS_H
#define TOLK_CONVERSION_TOLKTOGPU_TEXELS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace tolk {

class PtrType;

/// An i1 that is true when the texel at `coordinate` (a `vector<2xi32>`, x
/// then y) is inside `image` (x < w and y < h, compared unsigned, so that a
/// negative coordinate is outside) and `gate`, when given, is true.
mlir::Value buildTexelInside(mlir::OpBuilder &b, mlir::Location loc,
                             PtrType image, mlir::Value coordinate,
                             mlir::Value gate);

/// A texel load by the bounds rule: an scf.if on `inside` (from
/// buildTexelInside) whose then region yields `readTexel`'s four lanes as
/// `type`, and whose else region yields zeros, or `alternative` where `gate`
/// is given and false. `readTexel` may give the lanes as f16 or f32 (a
/// target reads an imageh's f16 values as either); they are converted to
/// `type`, exactly, since `type` is f16 only for an imageh (the op's
/// verifier). `laneCondition` selects with a condition of four
/// lanes rather than one (SPIR-V before 1.4 takes no scalar condition for
/// vector values).
mlir::Value buildGuardedTexelLoad(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value inside,
    mlir::Value gate, mlir::Value alternative, mlir::VectorType type,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location)>
        readTexel,
    bool laneCondition = false);

/// A texel store by the bounds rule: `writeTexel` inside an scf.if on
/// `inside` (from buildTexelInside); outside the image, or gated off,
/// nothing is written.
void buildGuardedTexelStore(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value inside,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::Location)> writeTexel);

/// The four lanes `texel` as `image` stores them: f32 lanes for an imageh
/// rounded once to f16, to nearest even; anything else unchanged.
mlir::Value roundTexelToStorage(mlir::OpBuilder &b, mlir::Location loc,
                                PtrType image, mlir::Value texel);

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOGPU_TEXELS_H

//===- Images.h - The rules of image pointers ------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the image ops and their lowerings share (docs/Semantics.md#images):
// the texel storage of an image kind and the read-only mark of an image
// parameter.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_IMAGES_H
#define TOLK_DIALECT_TOLK_IMAGES_H

#include "tolk/Dialect/Tolk/IR/TolkTypes.h"

#include "mlir/IR/Operation.h"

namespace tolk {

/// The scalar type an image's texels are stored in: f16 for imageh, f32 for
/// imagef.
mlir::FloatType getTexelStorageType(PtrType image);

/// Verifies `tolk.readonly` (the dialect's `readonly` argument attribute) on
/// an argument of type `type` of `op`: a unit attribute on an image pointer.
llvm::LogicalResult verifyReadOnlyAttribute(mlir::Operation *op,
                                            mlir::Type type,
                                            mlir::Attribute value);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_IMAGES_H

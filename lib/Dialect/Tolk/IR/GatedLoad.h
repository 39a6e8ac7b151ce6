//===- GatedLoad.h - The operands of a gated load ---------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The rule that tolk.load and tolk.image_load share (docs/Kernels.md): a
// gate comes with an alternative value of the load's type, and only with one.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_DIALECT_TOLK_IR_GATEDLOAD_H
#define TOLK_LIB_DIALECT_TOLK_IR_GATEDLOAD_H

#include "mlir/IR/Operation.h"

namespace tolk::detail {

/// Verifies the gate and alternative operands of load `op` of type `type`
/// (either may be null).
mlir::LogicalResult verifyGatedLoad(mlir::Operation *op, mlir::Value gate,
                                    mlir::Value alternative, mlir::Type type);

} // namespace tolk::detail

#endif // TOLK_LIB_DIALECT_TOLK_IR_GATEDLOAD_H

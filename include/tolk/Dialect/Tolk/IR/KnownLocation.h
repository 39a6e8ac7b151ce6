//===- KnownLocation.h - An error at an op that has no location -*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MLIR's folder gives the constants it makes an unknown location (one
// constant serves many ops), so an error at such a constant would read
// `<unknown>:0: error`. A pass that reports an op it cannot lower reports it
// at the first known location of the op, its users or its parents, and
// names the Tolk op it was lowered from where the location records one.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_KNOWNLOCATION_H
#define TOLK_DIALECT_TOLK_KNOWNLOCATION_H

#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace tolk {

/// `op`'s location, or for an op without one, the first of its users' or
/// its parents' that is known.
mlir::Location getKnownLocation(mlir::Operation *op);

/// What `op->emitOpError(message)` emits, at getKnownLocation(op). Where
/// that location records the Tolk op that `op` was lowered from
/// (findOrigin), the diagnostic names that op and its types first:
/// "'tolk.mul' op of type '(f16, f16) -> f16', lowered to 'arith.mulf',
/// MESSAGE".
mlir::InFlightDiagnostic emitOpErrorAtKnownLocation(mlir::Operation *op,
                                                    const llvm::Twine &message);

/// The Tolk op that `loc` says its op was lowered from (the first
/// #tolk.origin in it, --tolk-record-origins), or null.
OriginAttr findOrigin(mlir::Location loc);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_KNOWNLOCATION_H

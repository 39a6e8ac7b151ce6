//===- TolkOps.h - Tolk operations ------------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_TOLKOPS_H
#define TOLK_DIALECT_TOLK_TOLKOPS_H

#include "tolk/Dialect/Tolk/IR/DerivedDefinitions.h"
#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkInterfaces.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "tolk/Dialect/Tolk/IR/Tolk.h.inc"

namespace tolk {
/// True for the elementwise ops the lowerings know: a PrimitiveOpInterface
/// op that is primitive for its result's data type (TolkOps.td names the
/// types: all, or the complex ones for tolk.neg and tolk.div).
bool isPrimitiveOp(mlir::Operation *op);
/// True for the elementwise ops --tolk-decompose rewrites into primitives.
bool isDerivedOp(mlir::Operation *op);
} // namespace tolk

#endif // TOLK_DIALECT_TOLK_TOLKOPS_H

//===- TolkTypes.h - Tolk types ---------------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_TOLKTYPES_H
#define TOLK_DIALECT_TOLK_TOLKTYPES_H

#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "tolk/Dialect/Tolk/IR/TolkTypes.h.inc"

#endif // TOLK_DIALECT_TOLK_TOLKTYPES_H

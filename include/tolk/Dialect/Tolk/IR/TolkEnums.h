//===- TolkEnums.h - Tolk's enums -------------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The enums that ODS declares: those of the attributes (address spaces,
// image kinds, rounding, ...) and the vocabulary of the typing rules
// (OperandKind, ResultKind, PromotionKind; TolkOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_TOLKENUMS_H
#define TOLK_DIALECT_TOLK_TOLKENUMS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "tolk/Dialect/Tolk/IR/TolkEnums.h.inc"

#endif // TOLK_DIALECT_TOLK_TOLKENUMS_H
